/* plantab.c: the twiddle and vector codelets of runtime/plan.c, by radix,
 * size and ISA, as codelets.def lists them (T1, T1V, N1V and N1XL lines; a line
 * without its codelet is a link error, not a silent gap).  The ISAs are
 * those the CPU runs up to cpu.c's choice (so the environment variable
 * KGEN_ISA caps them as it caps dispatch, and one variable runs every
 * path of the planner on one machine) that have planner codelets.
 * Compiled twice, for double and (-DKGEN_SINGLE) float, as plan.h
 * describes; a float vector holds twice the lanes. */
#include "plan.h"
#include "cpu.h"

/* This file's precision's lines of codelets.def. */
#ifdef KGEN_SINGLE
#define KEEP_double(x)
#define KEEP_float(x) x
#else
#define KEEP_double(x) x
#define KEEP_float(x)
#endif

#define T1(isa, prec, r, name, opts) KEEP_##prec(t1_fn name;)
#define T1V(isa, prec, r, name, opts) \
	KEEP_##prec(t1v_fn name; t1vio_fn name##_io;)
#define N1V(isa, prec, n, name, opts) KEEP_##prec(n1v_fn name;)
#define N1XL(isa, prec, n, name, opts) \
	KEEP_##prec(n1_fn name; v1_fn name##_v1;)
#include "codelets.h"

#define ENTRY(isa, n, name) {CPU_##isa, n, name},
static const struct {
	int isa, r;
	t1v_fn *f;
	t1vio_fn *io;
} t1vs[] = {
#define ENTRYIO(isa, n, name) {CPU_##isa, n, name, name##_io},
#define T1V(isa, prec, r, name, opts) KEEP_##prec(ENTRYIO(isa, r, name))
#include "codelets.h"
	{0, 0, 0, 0}
};

static const struct {
	int isa, n;
	n1v_fn *f;
} n1vs[] = {
#define N1V(isa, prec, n, name, opts) KEEP_##prec(ENTRY(isa, n, name))
#include "codelets.h"
	{0, 0, 0}
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

t1_fn *
PRIV(plantab_t1)(int r)
{
	switch (r) {
#define T1(isa, prec, r, name, opts) KEEP_##prec(case r: return name;)
#include "codelets.h"
	}
	return 0;
}

t1v_fn *
PRIV(plantab_t1v)(const Isa *isa, int r, t1vio_fn **io)
{
	int i;

	for (i = 0; t1vs[i].f; i++)
		if (t1vs[i].isa == isa->id && t1vs[i].r == r) {
			if (io)
				*io = t1vs[i].io;
			return t1vs[i].f;
		}
	return 0;
}

n1v_fn *
PRIV(plantab_n1v)(const Isa *isa, int n)
{
	int i;

	for (i = 0; n1vs[i].f; i++)
		if (n1vs[i].isa == isa->id && n1vs[i].n == n)
			return n1vs[i].f;
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
