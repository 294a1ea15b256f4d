/* plantab.c: the twiddle and vector codelets of runtime/plan.c, by radix,
 * size and ISA, as codelets.def lists them (T1, T1V, T1A, N1V and N1XL
 * lines; a line without its codelet is a link error, not a silent gap).
 * Where a t1v step has both a C codelet (T1V) and kgen's assembly (T1A),
 * the first request for it times the two on a scratch step and keeps the
 * faster (KGEN_T1V=c or asm in the environment forces one), for split
 * arrays and block-split data (NAME_b) alike.  The ISAs are
 * those the CPU runs up to cpu.c's choice (so the environment variable
 * KGEN_ISA caps them as it caps dispatch, and one variable runs every
 * path of the planner on one machine) that have planner codelets.
 * Compiled twice, for double and (-DKGEN_SINGLE) float, as prec.h
 * describes; a float vector holds twice the lanes. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "clock.h"
#include "plan.h"
#include "cpu.h"

/* This file's precision's lines of codelets.def (prec.h's KEEP_*). */
#define T1(isa, prec, r, name, opts) KEEP_##prec(t1_fn name;)
#define T1V(isa, prec, r, name, opts) \
	KEEP_##prec(t1v_fn name; t1vio_fn name##_io; t1vb_fn name##_b; \
	t1vbio_fn name##_bio; t1vios_fn name##_ios; t1vt_fn name##_t; \
	t1viot_fn name##_iot;)
#define T1A(isa, prec, r, name, opts) KEEP_##prec(t1v_fn name; \
	t1vb_fn name##_b;)
#define N1V(isa, prec, n, name, opts) KEEP_##prec(n1v_fn name; \
	n1vb_fn name##_b;)
#define N1XL(isa, prec, n, name, opts) \
	KEEP_##prec(n1_fn name; v1_fn name##_v1;)
#include "codelets.h"

static const struct {
	int isa, r;
	t1v_fn *f;
	t1vio_fn *io;
	t1vb_fn *b;
	t1vbio_fn *bio;
	t1vios_fn *ios;
	t1vt_fn *t;
	t1viot_fn *iot;
} t1vs[] = {
#define ENTRYIO(isa, n, name) {CPU_##isa, n, name, name##_io, name##_b, \
	name##_bio, name##_ios, name##_t, name##_iot},
#define T1V(isa, prec, r, name, opts) KEEP_##prec(ENTRYIO(isa, r, name))
#include "codelets.h"
	{0, 0, 0, 0, 0, 0, 0, 0, 0}
};

static const struct {
	int isa, r;
	t1v_fn *f;
	t1vb_fn *b;
} t1as[] = {
#define ENTRYA(isa, n, name) {CPU_##isa, n, name, name##_b},
#define T1A(isa, prec, r, name, opts) KEEP_##prec(ENTRYA(isa, r, name))
#include "codelets.h"
	{0, 0, 0, 0}
};
/* per t1vs entry: 0 not yet chosen, 1 its C codelet, 2 the T1A one */
static atomic_int t1pick[sizeof t1vs / sizeof *t1vs];

static const struct {
	int isa, n;
	n1v_fn *f;
	n1vb_fn *b;
} n1vs[] = {
#define ENTRYB(isa, n, name) {CPU_##isa, n, name, name##_b},
#define N1V(isa, prec, n, name, opts) KEEP_##prec(ENTRYB(isa, n, name))
#include "codelets.h"
	{0, 0, 0, 0}
};
static const struct {
	int isa, n;
	n1_fn *f;
	v1_fn *v1;
} n1xls[] = {
#define ENTRYV1(isa, n, name) {CPU_##isa, n, name, name##_v1},
#define N1XL(isa, prec, n, name, opts) KEEP_##prec(ENTRYV1(isa, n, name))
#include "codelets.h"
	{0, 0, 0, 0}
};
#undef ENTRYV1
#undef ENTRY
#undef ENTRYIO
#undef ENTRYB

t1_fn *
PRIV(plantab_t1)(int r)
{
	switch (r) {
#define T1(isa, prec, r, name, opts) KEEP_##prec(case r: return name;)
#include "codelets.h"
	}
	return 0;
}

/* One call of race's f, a step of m butterflies of radix r on y
 * (clock_best's f). */
typedef struct Race Race;
struct Race {
	t1v_fn *f;
	R *y;
	const R *w;
	ptrdiff_t r, m;
};

static void
step(void *arg)
{
	const Race *a = arg;

	a->f(a->y, a->y + a->r * a->m, a->w, a->m, 0, a->m);
}

/* The faster of two t1v codelets of radix r (vl lanes): each runs a step
 * of m = 8 vl butterflies (rs = m, the table a real one's magnitudes) a
 * few times a round, from the same data every round, rounds alternating,
 * least time wins; 1 for f, 2 for g, and 1 where scratch memory is
 * short.  About 0.1 ms. */
static int
race(t1v_fn *f, t1v_fn *g, int r, int vl)
{
	enum { ROUNDS = 9 };
	R *x, *y, *w;
	double best[2];
	ptrdiff_t m, n, i;
	int k, calls;
	Race a[2];

	m = 8 * (ptrdiff_t)vl;
	n = 2 * r * m;
	x = malloc((2 * n + 2 * (r - 1) * m) * sizeof *x);
	if (!x)
		return 1;
	y = x + n;
	w = y + n;
	for (i = 0; i < n; i++)
		x[i] = (R)((i * 37 % 101) - 50) / 64;
	for (i = 0; i < 2 * (r - 1) * m; i++)
		w[i] = (R)((i * 29 % 97) - 48) / 68;
	/* the step grows its data by about sqrt(r) a call: a few calls */
	calls = (int)(4096 / (r * m));
	calls = calls < 2 ? 2 : calls > 16 ? 16 : calls;
	for (k = 0; k < 2; k++) {
		a[k].f = k ? g : f;
		a[k].y = y;
		a[k].w = w;
		a[k].r = r;
		a[k].m = m;
	}
	best[0] = best[1] = 1e30;
	for (k = 0; k < 2 * ROUNDS; k++) {
		memcpy(y, x, n * sizeof *x);
		clock_best(step, &a[k & 1], calls, 1, &best[k & 1]);
	}
	free(x);
	return best[1] < best[0] ? 2 : 1;
}

/* The index in t1vs of isa's codelet of radix r, or that of the last
 * entry (all NULL) where there is none */
static int
t1v_at(const Isa *isa, int r)
{
	int i;

	for (i = 0; t1vs[i].f; i++)
		if (t1vs[i].isa == isa->id && t1vs[i].r == r)
			break;
	return i;
}

/* The index in t1as of isa's (a CPU_* number) assembly codelet of radix
 * r, or that of its last entry (all NULL). */
static int
t1a_at(int isa, int r)
{
	int j;

	for (j = 0; t1as[j].f && (t1as[j].isa != isa || t1as[j].r != r); j++)
		;
	return j;
}

/* The index in t1as of isa's assembly codelet of radix r where the
 * choice for t1vs entry i (timed once, or KGEN_T1V) is that one, else
 * -1. */
static int
asm_at(const Isa *isa, int r, int i)
{
	const char *env;
	int j, pick;

	j = t1a_at(isa->id, r);
	if (!t1vs[i].f || !t1as[j].f)
		return -1;
	/* threads that race here may both time it; either answer works */
	pick = atomic_load_explicit(&t1pick[i], memory_order_relaxed);
	if (!pick) {
		env = getenv("KGEN_T1V");
		pick = env && !strcmp(env, "asm") ? 2
		    : env && !strcmp(env, "c") ? 1
		    : race(t1vs[i].f, t1as[j].f, r, isa->vl);
		atomic_store_explicit(&t1pick[i], pick, memory_order_relaxed);
	}
	return pick == 2 ? j : -1;
}

int
PRIV(t1v_picked)(int i, int *isa, int *r, int *pick)
{
	if (i < 0 || !t1vs[i].f)
		return -1;
	*isa = t1vs[i].isa;
	*r = t1vs[i].r;
	*pick = atomic_load_explicit(&t1pick[i], memory_order_relaxed);
	return *pick && t1as[t1a_at(*isa, *r)].f;
}

int
PRIV(t1v_pick)(int isa, int r, int pick, int put)
{
	int i;

	for (i = 0; t1vs[i].f && (t1vs[i].isa != isa || t1vs[i].r != r); i++)
		;
	if (!t1vs[i].f || !t1as[t1a_at(isa, r)].f || pick < 1 || pick > 2)
		return -1;
	if (!kgen_isa_supported(isa) || isa > kgen_isa()
	    || getenv("KGEN_T1V"))
		return 1;
	if (put)
		atomic_store_explicit(&t1pick[i], pick, memory_order_relaxed);
	return 0;
}

void
PRIV(t1v_forget)(void)
{
	size_t i;

	for (i = 0; i < sizeof t1pick / sizeof *t1pick; i++)
		atomic_store_explicit(&t1pick[i], 0, memory_order_relaxed);
}

t1v_fn *
PRIV(plantab_t1v)(const Isa *isa, int r, t1vio_fn **io, t1vios_fn **ios)
{
	int i, j;

	i = t1v_at(isa, r);
	if (!t1vs[i].f)
		return 0;
	if (io)
		*io = t1vs[i].io;
	if (ios)
		*ios = t1vs[i].ios;
	j = asm_at(isa, r, i);
	return j >= 0 ? t1as[j].f : t1vs[i].f;
}

t1vb_fn *
PRIV(plantab_t1vb)(const Isa *isa, int r, t1vbio_fn **bio)
{
	int i, j;

	i = t1v_at(isa, r);
	*bio = t1vs[i].bio;
	j = asm_at(isa, r, i);
	return j >= 0 ? t1as[j].b : t1vs[i].b;
}

t1vt_fn *
PRIV(plantab_t1vt)(const Isa *isa, int r, t1viot_fn **iot)
{
	int i;

	i = t1v_at(isa, r);
	*iot = t1vs[i].iot;
	return t1vs[i].t;
}

n1v_fn *
PRIV(plantab_n1v)(const Isa *isa, int n, n1vb_fn **b)
{
	int i;

	for (i = 0; n1vs[i].f; i++)
		if (n1vs[i].isa == isa->id && n1vs[i].n == n) {
			if (b)
				*b = n1vs[i].b;
			return n1vs[i].f;
		}
	return 0;
}

n1_fn *
PRIV(plantab_n1xl)(const Isa *isa, int n, v1_fn **v1)
{
	int i;

	for (i = 0; n1xls[i].f; i++)
		if (n1xls[i].isa == isa->id && n1xls[i].n == n) {
			if (v1)
				*v1 = n1xls[i].v1;
			return n1xls[i].f;
		}
	return 0;
}

/* Whether isa has any planner codelets in this precision. */
static int
has(int isa)
{
	int i;

	for (i = 0; t1vs[i].f; i++)
		if (t1vs[i].isa == isa)
			return 1;
	for (i = 0; n1vs[i].f; i++)
		if (n1vs[i].isa == isa)
			return 1;
	return 0;
}

/* Every ISA's lanes: its vector bytes / sizeof(R); 1 for scalar. */
static const Isa isas[CPU_N] = {
	{CPU_scalar, 1},
#define ISA(name, NAME, vbytes, ...) {CPU_##name, vbytes / sizeof(R)},
#include "isa.def"
#undef ISA
};

/* The vector ISAs the CPU runs up to kgen_isa() with planner codelets,
 * widest first, then the scalar set; returns how many (at most CPU_N). */
int
PRIV(plantab_isas)(const Isa **isa)
{
	int i, k;

	k = 0;
	for (i = kgen_isa(); i > CPU_scalar; i--)
		if (kgen_isa_supported(i) && has(i))
			isa[k++] = &isas[i];
	isa[k++] = &isas[CPU_scalar];
	return k;
}
