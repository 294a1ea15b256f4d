/* emit/fftwsimd.c: the SIMD families of kgen fft --emit fftw (FFTW
 * 3.3.10's dft/simd/common files), printed through FFTW's simd-support
 * macros so that one file serves every ISA FFTW builds (each ISA's
 * folder holds one-line wrappers that define SIMD_HEADER and include
 * the common file); the frame (both forms, constants) is emit/fftw.c's.
 * Two kinds of DAG, as genfft has them:
 *   complex-lane (fft_n1c, twiddlec_build; Dag.cxl): one node a complex
 *     number, one vector VL complex numbers of VL transforms: n1fv, n1bv,
 *     n2fv, n2bv and the twiddle families t1fv, t1bv, t2fv, t2bv, t1fuv,
 *     t1buv (the same body; their headers pick the twiddle layout);
 *   split (fft_n1, twiddle_build): the scalar codelet with each real a
 *     vector of 2 VL transforms: n2sv, t1sv.
 * A statement a node: LD and ST (STM2/STN2 and STM4/STN4 where the
 * outputs are interleaved at unit stride), VADD, VSUB, VMUL with LDK
 * constants, VFMA, VFMS, VFNMS, and i times a value (BYI) folded into
 * the sum that uses it as VFMAI(b, c) = c + i b or VFNMSI(b, c) = c - i b,
 * else VBYI(b) where it is used.  A twiddled input of the complex-lane
 * twiddle DAG is BYTWJ (forward) or BYTW (backward) of its load.  FFTW
 * has no vector negation; the simplifier leaves none but in a stored
 * value, which is rewritten here (never printed as one).
 * The counts are genfft's: VFMAI and VFNMSI are fused multiply-adds in
 * the FMA form (additions in the plain one), a twiddle product one
 * addition and two multiplications, the twiddle loads no memory
 * accesses.  The text around the statements is emit/tpl/fftwsimd.c. */
#include <stdlib.h>
#include <string.h>
#include "all.h"

static void vprint(FILE *f, const Fftwfam *m, int n, const Fftwform *fm,
    const Emit *e);

/* Layouts: how a family loads, stores and loops. */
enum { LAY_N1, LAY_N2, LAY_T1, LAY_N2S, LAY_T1S };

#define N1SIZES "2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 20 25 32 64 128"
#define T1SIZES "2 3 4 5 6 7 8 9 10 12 15 16 20 25 32 64"
#define T2SIZES "2 4 5 8 10 16 20 25 32 64"
#define TUSIZES "2 3 4 5 6 7 8 9 10"
#define N2SIZES "2 4 6 8 10 12 14 16 20 32 64"
#define DIR "dft/simd/common"
#define TOP "dft/codelet-dft.h"

static const Fftwfam fams[] = {
	{"n1fv", DIR, FB_N1C, -1, N1SIZES, 1, FFT_MAXN, TOP,
		"dft/simd/n1f.h", vprint},
	{"n1bv", DIR, FB_N1C, 1, N1SIZES, 1, FFT_MAXN, TOP,
		"dft/simd/n1b.h", vprint},
	{"t1fv", DIR, FB_T1C, -1, T1SIZES, 2, FFT_MAXN, TOP,
		"dft/simd/t1f.h", vprint},
	{"t1bv", DIR, FB_T1C, 1, T1SIZES, 2, FFT_MAXN, TOP,
		"dft/simd/t1b.h", vprint},
	{"t2fv", DIR, FB_T1C, -1, T2SIZES, 2, FFT_MAXN, TOP,
		"dft/simd/t2f.h", vprint},
	{"t2bv", DIR, FB_T1C, 1, T2SIZES, 2, FFT_MAXN, TOP,
		"dft/simd/t2b.h", vprint},
	{"t1fuv", DIR, FB_T1C, -1, TUSIZES, 2, FFT_MAXN, TOP,
		"dft/simd/t1fu.h", vprint},
	{"t1buv", DIR, FB_T1C, 1, TUSIZES, 2, FFT_MAXN, TOP,
		"dft/simd/t1bu.h", vprint},
	{"n2fv", DIR, FB_N1C, -1, N2SIZES, 2, FFT_MAXN, TOP,
		"dft/simd/n2f.h", vprint},
	{"n2bv", DIR, FB_N1C, 1, N2SIZES, 2, FFT_MAXN, TOP,
		"dft/simd/n2b.h", vprint},
	{"n2sv", DIR, FB_N1, -1, "4 8 16 32 64", 4, FFT_MAXN, TOP,
		"dft/simd/n2s.h", vprint},
	{"t1sv", DIR, FB_T1, -1, "2 4 8 16 32", 2, FFT_MAXN, TOP,
		"dft/simd/ts.h", vprint},
};
enum { NFAM = sizeof fams / sizeof fams[0] };

/* Each family's layout, by its index in fams. */
static const unsigned char lay[NFAM] = {
	LAY_N1, LAY_N1, LAY_T1, LAY_T1, LAY_T1, LAY_T1, LAY_T1, LAY_T1,
	LAY_N2, LAY_N2, LAY_N2S, LAY_T1S,
};

const Fftwfam *
fftwsimd_find(const char *name)
{
	int i;

	for (i = 0; i < NFAM; i++)
		if (!strcmp(fams[i].name, name))
			return &fams[i];
	return NULL;
}

void
fftwsimd_names(FILE *f)
{
	int i;

	for (i = 0; i < NFAM; i++)
		fprintf(f, " %s", fams[i].name);
}

void
fftwsimd_list(FILE *f)
{
	int i;

	for (i = 0; i < NFAM; i++)
		fftw_listfam(f, &fams[i]);
}

/* The printer's state: one form of one file. */
typedef struct Vp Vp;
struct Vp {
	FILE *f;
	Dag *d;
	int lay, back, fma;
	int *name;          /* temporary of each node, -1 none */
	int next;           /* temporaries so far */
	int *outv;          /* n2 layouts: the value of each stored output */
	int add, mul, nfma, other, mem;    /* genfft's counts */
};

static void val(Vp *o, int id);

/* Constant k's name as an operand. */
static void
konst(Vp *o, int id)
{
	char name[48];

	fftw_kname(name, sizeof name, o->d, o->d->node[id].k);
	fprintf(o->f, "LDK(%s)", name);
}

/* Value id where an operand goes: a constant as LDK(KP...), BYI as
 * VBYI of its operand, anything else by its temporary. */
static void
val(Vp *o, int id)
{
	Node *n;

	n = &o->d->node[id];
	if (n->op == OP_CONST) {
		konst(o, id);
	} else if (n->op == OP_BYI) {
		fputs("VBYI(", o->f);
		val(o, n->a[0]);
		fputc(')', o->f);
	} else {
		if (o->name[id] < 0)
			die("--emit fftw: %s node %d used before its statement",
			    optab[n->op].name, id);
		fprintf(o->f, "T%d", o->name[id]);
	}
}

static int
isop(Vp *o, int id, int op)
{
	return o->d->node[id].op == op;
}

/* &(a[WS(s, j)]), element j at stride s of array a. */
static void
elem(Vp *o, const char *a, const char *s, int j)
{
	if (j == 0)
		fprintf(o->f, "&(%s[0])", a);
	else
		fprintf(o->f, "&(%s[WS(%s, %d)])", a, s, j);
}

/* The address of element j, vector stride vs, and LD's and ST's
 * alignment hint: the element 0 or 1 of the same parity (genfft's). */
static void
addr(Vp *o, const char *a, const char *s, int j, const char *vs, int id)
{
	elem(o, a, s, j);
	if (id >= 0) {
		fputs(", ", o->f);
		val(o, id);
	}
	fprintf(o->f, ", %s, ", vs);
	elem(o, a, s, j % 2);
}

/* The memory of the layout: arrays by Slot.arr, the strides. */
static const char *
arrname(Vp *o, int arr, int out)
{
	static const char *const split[] = {"ri", "ii", "ro", "io"};

	switch (o->lay) {
	case LAY_N1: case LAY_N2: return out ? "xo" : "xi";
	case LAY_T1: return "x";
	case LAY_T1S: return split[arr & 1];
	default: return split[arr];
	}
}

static void
load(Vp *o, int id)
{
	const Slot *s;
	int t1;

	s = &o->d->in[o->d->node[id].k];
	t1 = o->lay == LAY_T1 || o->lay == LAY_T1S;
	if (o->lay == LAY_T1S && s->arr == 2) {
		if (s->i)
			fprintf(o->f, "LDW(&(W[TWVL * %d]))", s->i);
		else
			fputs("LDW(&(W[0]))", o->f);
		return;
	}
	o->mem++;
	if (o->lay == LAY_T1 && s->arr == 1) {
		o->add++;
		o->mul += 2;
		fprintf(o->f, "%s(", o->back ? "BYTW" : "BYTWJ");
		if (s->j > 1)
			fprintf(o->f, "&(W[TWVL * %d]), ", 2 * (s->j - 1));
		else
			fputs("&(W[0]), ", o->f);
	}
	fputs("LD(", o->f);
	addr(o, arrname(o, s->arr, 0), t1 ? "rs" : "is", s->j,
	    t1 ? "ms" : "ivs", -1);
	fputc(')', o->f);
	if (o->lay == LAY_T1 && s->arr == 1)
		fputc(')', o->f);
}

/* The outputs interleaved at unit stride (n2fv, n2bv: STM2 of output k
 * at xo[2k], then STN2 of the pair once both are stored; n2sv: STM4 at
 * ro[k] or io[k], then STN4 of each four). */
static void
storem(Vp *o, int id, const Slot *s)
{
	const char *a;
	int g, k, i, j;

	g = o->lay == LAY_N2 ? 2 : 4;
	a = arrname(o, s->arr, 1);
	k = s->j;
	j = g == 2 ? 2 * k : k;
	fprintf(o->f, "\t       STM%d(&(%s[%d]), ", g, a, j);
	val(o, id);
	fprintf(o->f, ", ovs, &(%s[%d]));\n", a, g == 2 ? 2 * (k % 2) : k % 2);
	o->mem++;
	i = g == 2 ? k : k + (s->arr & 1) * (o->d->nout / 2);
	o->outv[i] = id;
	k -= k % g;
	i -= i % g;
	for (j = 0; j < g; j++)
		if (i + j >= o->d->nout || o->outv[i + j] < 0)
			return;
	fprintf(o->f, "\t       STN%d(&(%s[%d]), ", g, a, g == 2 ? 2 * k : k);
	for (j = 0; j < g; j++) {
		val(o, o->outv[i + j]);
		fputs(", ", o->f);
	}
	fputs("ovs);\n", o->f);
	o->mem++;
}

static void
store(Vp *o, int id)
{
	const Slot *s;
	Node *n;
	int t1;

	n = &o->d->node[id];
	s = &o->d->out[n->k];
	if (isop(o, n->a[0], OP_NEG))
		die("--emit fftw: a negation reaches output %d", n->k);
	if (o->lay == LAY_N2 || o->lay == LAY_N2S) {
		storem(o, n->a[0], s);
		return;
	}
	t1 = o->lay == LAY_T1 || o->lay == LAY_T1S;
	fputs("\t       ST(", o->f);
	addr(o, arrname(o, s->arr, 1), t1 ? "rs" : "os", s->j,
	    t1 ? "ms" : "ovs", n->a[0]);
	fputs(");\n", o->f);
	o->mem++;
}

/* A sum's operand b that is i times a value, folded into the sum. */
static int
byi(Vp *o, int b)
{
	return o->d->cxl && isop(o, b, OP_BYI);
}

/* Node id's statement, a temporary of type V (none for constants and
 * BYI, printed where used), and its counts. */
static void
statement(Vp *o, int id)
{
	static const char *const fn[NOP] = {
		[OP_ADD] = "VADD", [OP_SUB] = "VSUB", [OP_MUL] = "VMUL",
		[OP_FMA] = "VFMA", [OP_FMS] = "VFMS", [OP_FNMS] = "VFNMS",
	};
	Node *n;
	int a, b, i, fused;

	n = &o->d->node[id];
	switch (n->op) {
	case OP_CONST: case OP_BYI:
		return;
	case OP_STORE:
		store(o, id);
		return;
	case OP_NEG:
		if (isop(o, n->a[0], OP_CONST))
			return;
		die("--emit fftw: a vector negation (node %d)", id);
	}
	o->name[id] = o->next++;
	fprintf(o->f, "\t       const V T%d = ", o->name[id]);
	if (n->op == OP_LOAD) {
		load(o, id);
		fputs(";\n", o->f);
		return;
	}
	a = n->a[0];
	b = n->a[1];
	fused = 0;
	if (n->op == OP_ADD && byi(o, a) && !byi(o, b)) {
		a = n->a[1];
		b = n->a[0];
	}
	if ((n->op == OP_ADD || n->op == OP_SUB) && byi(o, b)) {
		fprintf(o->f, "%s(", n->op == OP_ADD ? "VFMAI" : "VFNMSI");
		val(o, o->d->node[b].a[0]);
		fputs(", ", o->f);
		val(o, a);
		fputs(");\n", o->f);
		fused = 1;
	} else {
		/* the constant of a product first, as genfft prints it */
		if (n->op != OP_ADD && n->op != OP_SUB
		    && isop(o, b, OP_CONST) && !isop(o, a, OP_CONST)) {
			a = n->a[1];
			b = n->a[0];
		}
		fprintf(o->f, "%s(", fn[n->op]);
		val(o, a);
		fputs(", ", o->f);
		val(o, b);
		for (i = 2; i < optab[n->op].arity; i++) {
			fputs(", ", o->f);
			val(o, n->a[i]);
		}
		fputs(");\n", o->f);
	}
	switch (optab[n->op].kind) {
	case FLOP_ADD:
		if (fused && o->fma)
			o->nfma++;
		else
			o->add++;
		break;
	case FLOP_MUL: o->mul++; break;
	case FLOP_FMA: o->nfma++; break;
	}
}

/* Family m's form fm at size n: the statements into memory first, for
 * the counts the head prints. */
static void
vprint(FILE *f, const Fftwfam *m, int n, const Fftwform *fm, const Emit *e)
{
	Arena *ar;
	Count c;
	Vp o;
	FILE *b;
	char *body, ops[64], *x, *xo;
	size_t len;
	int i, g, nw;

	memset(&o, 0, sizeof o);
	o.lay = lay[m - fams];
	g = o.lay == LAY_N2 ? 2 : o.lay == LAY_N2S ? 4 : 1;
	if (n % g)
		fail("-n %d: %s codelets store %d outputs at once; n must be "
		    "a multiple of %d", n, m->name, g, g);
	ar = arena_new();
	o.d = fm->d;
	o.back = m->sign > 0;
	o.fma = fm->fma;
	o.name = arena_alloc(ar, (o.d->nnode + 1) * sizeof *o.name);
	memset(o.name, -1, (o.d->nnode + 1) * sizeof *o.name);
	o.outv = arena_alloc(ar, (o.d->nout + 1) * sizeof *o.outv);
	memset(o.outv, -1, (o.d->nout + 1) * sizeof *o.outv);
	b = fftw_memopen(&body, &len);
	o.f = b;
	for (i = 0; i < fm->n; i++)
		statement(&o, fm->o[i]);
	fftw_memclose(b);
	c = dag_count(fm->d);
	tpl_print(f, "form_head", (const Tplarg[]){
		TPL_S("form", fm->fma ? "FMA (built with FMA contraction)"
		    : "plain (built without FMA contraction)"),
		TPL_N("adds", o.add + o.nfma + o.other),
		TPL_N("muls", o.mul + o.nfma),
		TPL_N("add", o.add + o.other), TPL_N("mul", o.mul),
		TPL_N("fma", o.nfma), TPL_N("vars", o.next),
		TPL_N("cons", c.con), TPL_N("mem", o.mem),
		TPL_S("inc", m->inc), TPL_END});
	snprintf(ops, sizeof ops, "%d, %d, %d, %d", o.add, o.mul, o.nfma,
	    o.other);
	x = o.back ? "ii" : "ri";
	xo = o.back ? "io" : "ro";
	nw = 2 * (n - 1);
	if (o.lay == LAY_T1 || o.lay == LAY_T1S)
		tpl_print(f, "tv_open", (const Tplarg[]){
			TPL_S("name", e->name), TPL_END});
	else
		tpl_print(f, "nv_open", (const Tplarg[]){
			TPL_S("name", e->name), TPL_END});
	fftw_consts(f, fm, 1);
	switch (o.lay) {
	case LAY_N1: case LAY_N2:
		tpl_print(f, "nv_loop", (const Tplarg[]){TPL_S("xi", x),
			TPL_S("xo", xo), TPL_N("mv", 2 * n), TPL_END});
		break;
	case LAY_N2S:
		tpl_print(f, "ns_loop", (const Tplarg[]){TPL_N("mv", 4 * n),
			TPL_END});
		break;
	case LAY_T1:
		tpl_print(f, "tv_loop", (const Tplarg[]){TPL_S("x", x),
			TPL_N("nw", nw), TPL_N("mv", n), TPL_END});
		break;
	case LAY_T1S:
		tpl_print(f, "ts_loop", (const Tplarg[]){TPL_N("nw", nw),
			TPL_N("mv", 2 * n), TPL_END});
		break;
	}
	fputs(body, f);
	free(body);
	if (o.lay == LAY_T1 || o.lay == LAY_T1S) {
		tpl_print(f, "tv_end", NULL);
		for (i = 1; i < n; i++)
			fprintf(f, "     VTW(0, %d),\n", i);
		tpl_print(f, "tv_desc", (const Tplarg[]){TPL_N("n", n),
			TPL_S("name", e->name), TPL_S("ops", ops),
			TPL_S("next", o.lay == LAY_T1 ? "VL" : "(2 * VL)"),
			TPL_END});
	} else {
		tpl_print(f, "nv_desc", (const Tplarg[]){TPL_N("n", n),
			TPL_S("name", e->name), TPL_S("ops", ops),
			TPL_N("os", g == 1 ? 0 : g == 2 ? 2 : 1), TPL_END});
	}
	arena_free(ar);
}
