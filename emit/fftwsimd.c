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
 *     vector of 2 VL transforms: n2sv, t1sv, and t2sv (hc2c.c's t2).
 * Around a complex-lane DAG, the printer also writes what the DAG cannot
 * hold, products of two variables: t3fv, t3bv's log3 twiddles (VZMULJ
 * of loaded ones, before the statements), hc2cfdftv, hc2cbdftv's maps
 * (twiddlec_hc2cdft) and q1fv, q1bv's twiddles at the store (twidsq.c).
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
enum { LAY_N1, LAY_N2, LAY_T1, LAY_N2S, LAY_T1S, LAY_T3, LAY_T2S,
    LAY_HF, LAY_HB, LAY_Q1 };

#define N1SIZES "2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 20 25 32 64 128"
#define T1SIZES "2 3 4 5 6 7 8 9 10 12 15 16 20 25 32 64"
#define T2SIZES "2 4 5 8 10 16 20 25 32 64"
#define TUSIZES "2 3 4 5 6 7 8 9 10"
#define N2SIZES "2 4 6 8 10 12 14 16 20 32 64"
#define T3SIZES "4 5 8 10 16 20 25 32"
#define DIR "dft/simd/common"
#define TOP "dft/codelet-dft.h"
#define HC2CSIZES "2 4 6 8 10 12 16 20 32"
#define RDIR "rdft/simd/common"
#define RTOP "rdft/codelet-rdft.h"

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
	{"t3fv", DIR, FB_T1C, -1, T3SIZES, 2, FFT_MAXN, TOP,
		"dft/simd/t3f.h", vprint},
	{"t3bv", DIR, FB_T1C, 1, T3SIZES, 2, FFT_MAXN, TOP,
		"dft/simd/t3b.h", vprint},
	{"t2sv", DIR, FB_T2, -1, "4 8 16 32", 2, FFT_MAXN, TOP,
		"dft/simd/ts.h", vprint},
	{"hc2cfdftv", RDIR, FB_HC2CFDFTC, -1, HC2CSIZES, 2, FFT_MAXN, RTOP,
		"rdft/simd/hc2cfv.h", vprint},
	{"hc2cbdftv", RDIR, FB_HC2CBDFTC, 1, HC2CSIZES, 2, FFT_MAXN, RTOP,
		"rdft/simd/hc2cbv.h", vprint},
	{"q1fv", DIR, FB_Q1C, -1, "2 4 5 8", 2, FFT_MAXN, TOP,
		"dft/simd/q1f.h", vprint},
	{"q1bv", DIR, FB_Q1C, 1, "2 4 5 8", 2, FFT_MAXN, TOP,
		"dft/simd/q1b.h", vprint},
};
enum { NFAM = sizeof fams / sizeof fams[0] };

/* Each family's layout, by its index in fams. */
static const unsigned char lay[NFAM] = {
	LAY_N1, LAY_N1, LAY_T1, LAY_T1, LAY_T1, LAY_T1, LAY_T1, LAY_T1,
	LAY_N2, LAY_N2, LAY_N2S, LAY_T1S, LAY_T3, LAY_T3, LAY_T2S,
	LAY_HF, LAY_HB, LAY_Q1, LAY_Q1,
};

/* The table (emit/fftw.c searches it), n entries. */
const Fftwfam *
fftwsimd_fams(int *n)
{
	*n = NFAM;
	return fams;
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
	int *tw;            /* LAY_T3, LAY_H*: temporary of w_j, -1 none */
	int *a;             /* LAY_HF: temporary of load A_j, -1 none */
	int add, mul, nfma, other, mem;    /* genfft's counts */
};

static void val(Vp *o, int id);
static void hstore(Vp *o, int id);

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

/* LAY_Q1: &(x[WS(vs, i) + WS(rs, j)]), element (i, j) of the block. */
static void
qelem(Vp *o, int i, int j)
{
	if (i == 0)
		elem(o, "x", "rs", j);
	else if (j == 0)
		fprintf(o->f, "&(x[WS(vs, %d)])", i);
	else
		fprintf(o->f, "&(x[WS(vs, %d) + WS(rs, %d)])", i, j);
}

/* LD's or ST's arguments of element (i, j): the hint keeps i and the
 * parity of j (genfft's). */
static void
qaddr(Vp *o, const Slot *s, int id, int tw)
{
	qelem(o, s->i, s->j);
	fputs(", ", o->f);
	if (tw) {
		o->add++;
		o->mul += 2;
		fprintf(o->f, "%s(&(W[", o->back ? "BYTW" : "BYTWJ");
		if (s->i > 1)
			fprintf(o->f, "TWVL * %d", 2 * (s->i - 1));
		else
			fputc('0', o->f);
		fputs("]), ", o->f);
	}
	if (id >= 0) {
		val(o, id);
		fputs(tw ? "), " : ", ", o->f);
	}
	fputs("ms, ", o->f);
	qelem(o, s->i, s->j % 2);
}

/* The memory of the layout: arrays by Slot.arr, the strides. */
static const char *
arrname(Vp *o, int arr, int out)
{
	static const char *const split[] = {"ri", "ii", "ro", "io"};

	switch (o->lay) {
	case LAY_N1: case LAY_N2: return out ? "xo" : "xi";
	case LAY_T1: case LAY_T3: case LAY_Q1: return "x";
	case LAY_HF: case LAY_HB: return arr ? "Rm" : "Rp";
	case LAY_T1S: case LAY_T2S: return split[arr & 1];
	default: return split[arr];
	}
}

static void
load(Vp *o, int id)
{
	const Slot *s;
	int t1;

	s = &o->d->in[o->d->node[id].k];
	t1 = o->lay != LAY_N1 && o->lay != LAY_N2 && o->lay != LAY_N2S;
	if ((o->lay == LAY_T1S || o->lay == LAY_T2S) && s->arr == 2) {
		if (s->i)
			fprintf(o->f, "LDW(&(W[TWVL * %d]))", s->i);
		else
			fputs("LDW(&(W[0]))", o->f);
		return;
	}
	o->mem++;
	if (o->lay == LAY_Q1) {
		fputs("LD(", o->f);
		qaddr(o, s, -1, 0);
		fputc(')', o->f);
		return;
	}
	if (o->lay == LAY_T1 && s->arr == 1) {
		o->add++;
		o->mul += 2;
		fprintf(o->f, "%s(", o->back ? "BYTW" : "BYTWJ");
		if (s->j > 1)
			fprintf(o->f, "&(W[TWVL * %d]), ", 2 * (s->j - 1));
		else
			fputs("&(W[0]), ", o->f);
	}
	if (o->lay == LAY_T3 && s->arr == 1) {
		o->add++;
		o->mul += 2;
		fprintf(o->f, "%s(T%d, ", o->back ? "VZMUL" : "VZMULJ",
		    o->tw[s->j]);
	}
	fputs("LD(", o->f);
	addr(o, arrname(o, s->arr, 0), t1 ? "rs" : "is", s->j,
	    t1 ? "ms" : "ivs", -1);
	fputc(')', o->f);
	if ((o->lay == LAY_T1 || o->lay == LAY_T3) && s->arr == 1)
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
	if (o->lay == LAY_HF || o->lay == LAY_HB) {
		hstore(o, id);
		return;
	}
	if (o->lay == LAY_Q1) {
		fputs("\t       ST(", o->f);
		qaddr(o, s, n->a[0], s->i > 0);
		fputs(");\n", o->f);
		o->mem++;
		return;
	}
	t1 = o->lay != LAY_N1;
	fputs("\t       ST(", o->f);
	addr(o, arrname(o, s->arr, 1), t1 ? "rs" : "os", s->j,
	    t1 ? "ms" : "ovs", n->a[0]);
	fputs(");\n", o->f);
	o->mem++;
}

/* ---- hc2cfdftv, hc2cbdftv: the maps around the DFT
 * (gen/twiddlec.c's twiddlec_hc2cdft).  Complex j of the positive half
 * is Rp[j] (Rp and Ip interleaved), of the negative half Rm[j] at
 * stride -ms. */

/* LD or ST's address and hint of complex j of half neg. */
static void
haddr(Vp *o, int neg, int j, int id)
{
	addr(o, neg ? "Rm" : "Rp", "rs", j, neg ? "-ms" : "ms", id);
}

/* Twiddle w_j (1 <= j < n): TW_FULL's table, one entry a complex. */
static int
hw(Vp *o, int j)
{
	if (o->tw[j] < 0) {
		o->tw[j] = o->next++;
		if (j > 1)
			fprintf(o->f, "\t       const V T%d = LDW(&(W[TWVL * "
			    "%d]));\n", o->tw[j], 2 * (j - 1));
		else
			fprintf(o->f, "\t       const V T%d = LDW(&(W[0]));\n",
			    o->tw[j]);
	}
	return o->tw[j];
}

/* A sum folded with a conjugate or with i: an FMA in the FMA form. */
static void
fused(Vp *o)
{
	if (o->fma)
		o->nfma++;
	else
		o->add++;
}

/* hc2cfdftv's input X_j: A_j + c(A_(j+1)) (j even), i (c(A_j) -
 * A_(j-1)) (j odd), times conj(w_j), A_2p = Rp[p], A_(2p+1) = Rm[p].
 * hc2cbdftv's: Rp[j] or c(Rm[n-1-j]). */
static void
hload(Vp *o, int id)
{
	int j, p, k, w;

	j = o->d->in[o->d->node[id].k].j;
	if (o->lay == LAY_HB) {
		o->name[id] = o->next++;
		o->mem++;
		fprintf(o->f, "\t       const V T%d = ", o->name[id]);
		if (j < o->d->nin - j) {
			fputs("LD(", o->f);
			haddr(o, 0, j, -1);
			fputs(");\n", o->f);
		} else {
			fputs("VCONJ(LD(", o->f);
			haddr(o, 1, o->d->nin - 1 - j, -1);
			fputs("));\n", o->f);
		}
		return;
	}
	p = j / 2;
	for (k = 2 * p; k < 2 * p + 2; k++) {
		if (o->a[k] >= 0)
			continue;
		o->a[k] = o->next++;
		o->mem++;
		fprintf(o->f, "\t       const V T%d = LD(", o->a[k]);
		haddr(o, k & 1, p, -1);
		fputs(");\n", o->f);
	}
	w = j ? hw(o, j) : -1;
	o->name[id] = o->next++;
	fused(o);
	fprintf(o->f, "\t       const V T%d = ", o->name[id]);
	if (j) {
		fprintf(o->f, "%s(T%d, ", j & 1 ? "VZMULIJ" : "VZMULJ", w);
		o->add++;
		o->mul += 2;
	}
	fprintf(o->f, "%s(T%d, T%d)", j & 1 ? "VFMSCONJ" : "VFMACONJ",
	    o->a[2 * p + 1], o->a[2 * p]);
	fputs(j ? ");\n" : ";\n", o->f);
}

/* hc2cfdftv's output Y_k to Rp[k] (k < n-k), else c(Y_k) to
 * Rm[n-1-k].  hc2cbdftv's: Z_j = w_j Y_j, and once Z_2p and Z_(2p+1)
 * are both made, Z_2p + i Z_(2p+1) to Rp[p], c(Z_2p - i Z_(2p+1)) to
 * Rm[p]. */
static void
hstore(Vp *o, int id)
{
	Node *x;
	int j, n, v, p, k, z0, z1;

	x = &o->d->node[id];
	j = o->d->out[x->k].j;
	n = o->d->nout;
	v = x->a[0];
	if (isop(o, v, OP_NEG))
		die("--emit fftw: a negation reaches output %d", x->k);
	if (o->lay == LAY_HF) {
		o->mem++;
		fputs("\t       ST(", o->f);
		if (j < n - j) {
			haddr(o, 0, j, v);
		} else {
			elem(o, "Rm", "rs", n - 1 - j);
			fputs(", VCONJ(", o->f);
			val(o, v);
			fputs("), -ms, ", o->f);
			elem(o, "Rm", "rs", (n - 1 - j) % 2);
		}
		fputs(");\n", o->f);
		return;
	}
	if (j) {
		o->outv[j] = o->next++;
		o->add++;
		o->mul += 2;
		fprintf(o->f, "\t       const V T%d = VZMUL(T%d, ", o->outv[j],
		    hw(o, j));
		val(o, v);
		fputs(");\n", o->f);
	} else {
		o->outv[0] = -2 - v;    /* Z_0 = Y_0, a node */
	}
	p = j / 2;
	z0 = o->outv[2 * p];
	z1 = o->outv[2 * p + 1];
	if (z0 == -1 || z1 == -1)
		return;
	o->mem += 2;
	fused(o);
	fused(o);
	for (k = 0; k < 2; k++) {
		fputs("\t       ST(", o->f);
		elem(o, k ? "Rm" : "Rp", "rs", p);
		fprintf(o->f, ", %s(T%d, ", k ? "VCONJ(VFNMSI" : "VFMAI", z1);
		if (z0 < -1)
			val(o, -2 - z0);
		else
			fprintf(o->f, "T%d", z0);
		fprintf(o->f, ")%s, %s, ", k ? ")" : "", k ? "-ms" : "ms");
		elem(o, k ? "Rm" : "Rp", "rs", p % 2);
		fputs(");\n", o->f);
	}
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
	if (n->op == OP_LOAD && (o->lay == LAY_HF || o->lay == LAY_HB)) {
		hload(o, id);
		return;
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

/* LAY_T3: the twiddle w_j of the log3 table (gen/hc2c.c's rule), a
 * load of an entry or one complex product of two others, VZMULJ(a, b)
 * = conj(a) b or VZMUL, printed once, before the statements. */
static void
twiddle(Vp *o, int n, int j)
{
	int a, b, cj, k;

	if (o->tw[j] >= 0)
		return;
	k = hc2c_log3rule(n, j, &a, &b, &cj);
	if (k < 0) {
		twiddle(o, n, a);
		twiddle(o, n, b);
	}
	o->tw[j] = o->next++;
	fprintf(o->f, "\t       const V T%d = ", o->tw[j]);
	if (k == 0) {
		fputs("LDW(&(W[0]));\n", o->f);
	} else if (k > 0) {
		fprintf(o->f, "LDW(&(W[TWVL * %d]));\n", 2 * k);
	} else {
		fprintf(o->f, "%s(T%d, T%d);\n", cj ? "VZMULJ" : "VZMUL",
		    o->tw[a], o->tw[b]);
		o->add++;
		o->mul += 2;
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
	int i, g, nw, tw, ncexp, hc;

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
	o.tw = arena_alloc(ar, (n + 1) * sizeof *o.tw);
	memset(o.tw, -1, (n + 1) * sizeof *o.tw);
	o.a = arena_alloc(ar, (n + 1) * sizeof *o.a);
	memset(o.a, -1, (n + 1) * sizeof *o.a);
	hc = o.lay == LAY_HF || o.lay == LAY_HB;
	if (hc && n % 2)
		fail("-n %d: %s codelets take n even", n, m->name);
	b = fftw_memopen(&body, &len);
	o.f = b;
	if (o.lay == LAY_T3)
		for (i = 1; i < n; i++)
			twiddle(&o, n, i);
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
	tw = o.lay == LAY_T3 || o.lay == LAY_T2S;
	if (tw)
		nw = hc2c_twiddles(FB_T2, n, &ncexp);
	if (hc)
		tpl_print(f, "hv_open", (const Tplarg[]){
			TPL_S("name", e->name), TPL_END});
	else if (o.lay == LAY_Q1)
		tpl_print(f, "qv_open", (const Tplarg[]){
			TPL_S("name", e->name), TPL_END});
	else if (o.lay != LAY_N1 && o.lay != LAY_N2 && o.lay != LAY_N2S)
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
	case LAY_T1: case LAY_T3:
		tpl_print(f, "tv_loop", (const Tplarg[]){TPL_S("x", x),
			TPL_N("nw", nw), TPL_N("mv", n), TPL_END});
		break;
	case LAY_T1S: case LAY_T2S:
		tpl_print(f, "ts_loop", (const Tplarg[]){TPL_N("nw", nw),
			TPL_N("mv", 2 * n), TPL_END});
		break;
	case LAY_Q1:
		tpl_print(f, "qv_loop", (const Tplarg[]){TPL_S("x", x),
			TPL_N("nw", nw), TPL_N("mv", 2 * n), TPL_END});
		break;
	case LAY_HF: case LAY_HB:
		tpl_print(f, "hv_loop", (const Tplarg[]){TPL_N("nw", nw),
			TPL_N("mv", 4 * n), TPL_END});
		break;
	}
	fputs(body, f);
	free(body);
	if (hc) {
		tpl_print(f, "tv_end", NULL);
		for (i = 1; i < n; i++)
			fprintf(f, "     VTW(1, %d),\n", i);
		tpl_print(f, "hv_desc", (const Tplarg[]){TPL_N("n", n),
			TPL_S("name", e->name), TPL_S("ops", ops), TPL_END});
	} else if (o.lay == LAY_Q1) {
		tpl_print(f, "tv_end", NULL);
		for (i = 1; i < n; i++)
			fprintf(f, "     VTW(0, %d),\n", i);
		tpl_print(f, "qv_desc", (const Tplarg[]){TPL_N("n", n),
			TPL_S("name", e->name), TPL_S("ops", ops), TPL_END});
	} else if (o.lay != LAY_N1 && o.lay != LAY_N2 && o.lay != LAY_N2S) {
		tpl_print(f, "tv_end", NULL);
		for (i = 0; i < (tw ? ncexp : n - 1); i++)
			fprintf(f, "     VTW(0, %d),\n",
			    tw ? hc2c_log3x(n, i) : i + 1);
		tpl_print(f, "tv_desc", (const Tplarg[]){TPL_N("n", n),
			TPL_S("name", e->name), TPL_S("ops", ops),
			TPL_S("next", o.lay == LAY_T1 || o.lay == LAY_T3 ? "VL"
			    : "(2 * VL)"),
			TPL_END});
	} else {
		tpl_print(f, "nv_desc", (const Tplarg[]){TPL_N("n", n),
			TPL_S("name", e->name), TPL_S("ops", ops),
			TPL_N("os", g == 1 ? 0 : g == 2 ? 2 : 1), TPL_END});
	}
	arena_free(ar);
}
