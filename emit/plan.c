/* emit/plan.c: one self-contained C file for a DFT that straight-line
 * code does not serve well (n > STANDALONE_LINE, see standalone_plan):
 * kgen's own codelets and a fixed plan, with nothing to link.  The plan
 * is a mixed-radix decimation-in-time FFT run breadth first, as the
 * library's runtime/planexec.c runs it,
 *   n = r_0 r_1 ... r_(k-1) m_0:
 * S = n / m_0 leaf DFTs in groups of r_0 adjacent ones (leaf group g's
 * outputs at the digit reversal of g, a table), then one twiddle pass
 * per radix, deepest first.
 *
 * The file has two sections, chosen by the preprocessor:
 *   - SIMD (compiled where the ISA's macros are defined, e.g. -mavx2
 *     -mfma or -march=native): n1v leaves (outputs transposed in
 *     registers; the leaves split interleaved pairs as they load them)
 *     where a leaf size that is a multiple of the lanes leaves a top
 *     radix that is one too, else leaves vectorized across the batch;
 *     t1v passes with FMA, lane = butterfly, the m mod VL butterflies the
 *     lanes leave by the codelet's masked NAME_t, the top pass storing
 *     interleaved pairs itself (NAME_io), and interleaved data run
 *     block-split in the output where the leaf is a multiple of the
 *     lanes (NAME_b, NAME_bio), as kgen_execute_dft runs them;
 *   - scalar (any C99 compiler and flags): n1 and t1 codelets on any
 *     strides, runtime/factor.h's scalar factorization.
 * The codelets are the emitters' own (emit/vec.c, emit/simd.c,
 * emit/c.c, emit/kinds.c), printed with their entries made static so
 * that the compiler drops those the plan does not call.  The twiddle
 * tables are constants computed here in long double.
 * Reference: Frigo and Johnson, Proc. IEEE 2005 (FFTW's Cooley-Tukey
 * solver with t1 codelets).
 * The code printed around the codelets is C in emit/tpl/plan.c
 * (emit/tpl.c). */
#define _GNU_SOURCE     /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "runtime/factor.h"

/* What the file's header says of its speed: us per transform of a
 * standalone file (gcc -O2 -march=native) and of the library's
 * kgen_execute_dft (flags 0), double, forward, interleaved, measured
 * interleaved in one process by tests/plantime.c when this form was
 * designed (AMD EPYC Zen 5, a shared 2-core machine). */
static const struct {
	int n;
	double sa, lib;
} speed[] = {
	{128, 0.103, 0.053}, {256, 0.236, 0.117}, {512, 0.546, 0.432},
	{1000, 3.617, 1.368}, {1024, 1.569, 1.222}, {4096, 6.573, 5.407},
	{6000, 9.708, 11.195},
};

/* Prints the header line of the measured speed nearest n. */
static void
standalone_speed(FILE *f, int n)
{
	int i, b;

	b = 0;
	for (i = 1; i < (int)(sizeof speed / sizeof *speed); i++)
		if (abs(speed[i].n - n) < abs(speed[b].n - n))
			b = i;
	if (!speed[b].n)
		return;
	fprintf(f, " * Speed measured when this form was designed (n = %d, "
	    "double, interleaved,\n * gcc -O2 -march=native, Zen 5, "
	    "tests/plantime.c): %.2f us a transform,\n * the library's "
	    "kgen_execute_dft %.2f us.\n", speed[b].n, speed[b].sa, speed[b].lib);
}

/* A standalone file's two plans */
typedef struct Lay Lay;
struct Lay {
	int n, vl, simd, isfloat;
	int vec;        /* a SIMD section */
	int vleaf;      /* its leaves are n1v (else across the batch) */
	int block;      /* interleaved data run block-split */
	int m0, k, r[FACTOR_MAXSTEP];   /* the SIMD plan */
	int sm0, sk, sr[FACTOR_MAXSTEP];        /* the scalar plan */
};

/* Is every prime factor of n at most 64, and n within the limit? */
int
standalone_ok(int n)
{
	return n >= 2 && n <= STANDALONE_MAXN
	    && factor_largest_prime(n) <= FACTOR_MAXR;
}

/* Does kgen fft -n n (no codelet options) write a plan-based file? */
int
standalone_plan(int n)
{
	return n > STANDALONE_LINE && standalone_ok(n);
}

/* The plans of n with vectors of isa simd (SIMD_NONE: scalar only).
 * The SIMD leaf: the first of 32, 16, 64, 48, ... (the library's
 * preference, smaller leaves before larger where they compile much
 * faster) that is a multiple of the lanes and leaves a top radix
 * (runtime/factor.h's factor_top) which is a multiple of them too;
 * failing that, the largest divisor up to 64, at least the lanes,
 * vectorized across the batch; failing that, no SIMD section. */
static void
layout(Lay *l, int n, int simd, int isfloat)
{
	static const int pref[] = {32, 16, 64, 48, 40, 24, 56, 8, 60, 36,
		44, 52, 20, 28, 12, 4};
	int i, m, top;

	memset(l, 0, sizeof *l);
	l->n = n;
	l->simd = simd;
	l->isfloat = isfloat;
	l->sk = factor_plan(n, 1, 0, &l->sm0, l->sr);
	if (!simd)
		return;
	l->vl = isa_lanes(isa_get(simd), isfloat);
	for (i = 0; i < (int)(sizeof pref / sizeof *pref); i++) {
		m = pref[i];
		if (m % l->vl == 0 && n % m == 0 && n > m
		    && (top = factor_top(n / m, l->vl))) {
			l->vec = l->vleaf = l->block = 1;
			l->m0 = m;
			l->k = factor_radices(n / m, top, 27, l->r);
			return;
		}
	}
	for (m = FACTOR_MAXR; m >= l->vl; m--)
		if (n % m == 0 && n > m) {
			l->vec = 1;
			l->m0 = m;
			l->k = factor_radices(n / m, 0, 27, l->r);
			return;
		}
}

/* Appends the codelets of one plan to kind, size, fma: the leaf, then
 * the twiddle codelet of each distinct radix; returns the new count. */
static int
plan_parts(int m0, const int *r, int k, int vec, int np, int *kind,
    int *size, int *fma)
{
	int i, j;

	kind[np] = vec ? CK_N1V : CK_N1;
	size[np] = m0;
	fma[np++] = vec;
	for (i = 0; i < k; i++) {
		for (j = 0; j < i && r[j] != r[i]; j++)
			;
		if (j < i)
			continue;
		kind[np] = vec ? CK_T1V : CK_T1;
		size[np] = r[i];
		fma[np++] = vec;
	}
	return np;
}

/* The codelets of n's file, in the order standalone_c prints them: the
 * SIMD section's (leaf, then twiddle codelets; kind CK_N1V or CK_T1V,
 * built with FMA), then the scalar section's (CK_N1, CK_T1, without):
 * kind[i], size[i] and fma[i] of each; returns how many, at most
 * STANDALONE_MAXPART.  requires: standalone_ok(n). */
int
standalone_parts(int n, int simd, int isfloat, int *kind, int *size,
    int *fma)
{
	Lay l;
	int np;

	layout(&l, n, simd, isfloat);
	np = 0;
	if (l.vec)
		np = plan_parts(l.m0, l.r, l.k, 1, np, kind, size, fma);
	return plan_parts(l.sm0, l.sr, l.sk, 0, np, kind, size, fma);
}

/* One codelet: d, simplified, in id order, named name, its exported
 * functions made static (and marked unused where GNU C is certain) so
 * that the compiler keeps only those the plan calls. */
static void
codelet(FILE *f, Dag *d, int kind, int vleaf, int n, int sign,
    const Emit *base, int simd, const char *name)
{
	Prob p;
	Emit e;
	char *buf, *s, *at;
	size_t len;
	FILE *m;

	memset(&p, 0, sizeof p);
	p.kind = PROB_FFT;
	p.n = n;
	p.sign = sign;
	e = *base;
	e.name = name;
	e.simd = simd;
	if (!(m = open_memstream(&buf, &len)))
		fail("out of memory");
	if (kind == CK_N1V && vleaf)
		emitvec_c(m, d, NULL, &p, CK_N1V, 0, 0, &e);
	else if (kind == CK_N1V)
		emitsimd_c(m, d, &p, 0, 0, &e);
	else if (kind == CK_T1V)
		emitvec_c(m, d, NULL, &p, CK_T1V, 0, 0, &e);
	else if (kind == CK_N1)
		emit_c(m, d, &p, 0, 0, &e);
	else
		emitkind_c(m, d, &p, kind, 0, 0, &e);
	fclose(m);
	for (s = buf; (at = strstr(s, "\nvoid\n")); s = at + 6) {
		fwrite(s, 1, at + 1 - s, f);
		fputs(simd ? "static __attribute__((unused)) void\n"
		    : "static void\n", f);
	}
	fputs(s, f);
	fputc('\n', f);
	free(buf);
}

/* The twiddle table of a pass of radix r over m butterflies: FFTW's t1
 * rows (cos, sin of 2 pi j q / (r m), j = 1 .. r-1) for butterflies
 * q0 .. q0 + cnt - 1; vl > 1: transposed in blocks of vl butterflies
 * (per block, per j, the vl cosines then the vl sines), as t1v reads
 * it (cnt a multiple of vl). */
static void
table(FILE *f, int isfloat, const char *name, int r, int m, int q0,
    int cnt, int vl)
{
	long double c[64], s[64];
	int b, j, l;

	fprintf(f, "static const %s %s[%d] = {\n", isfloat ? "float"
	    : "double", name, 2 * (r - 1) * cnt);
	for (b = 0; b < cnt; b += vl)
		for (j = 1; j < r; j++) {
			for (l = 0; l < vl; l++)
				num_cexp((long)j * (q0 + b + l), (long)r * m,
				    &c[l], &s[l]);
			fputc('\t', f);
			for (l = 0; l < 2 * vl; l++) {
				num_print(f, l < vl ? c[l] : s[l - vl],
				    isfloat);
				fputs(l + 1 < 2 * vl ? ", " : ",\n", f);
			}
		}
	fputs("};\n\n", f);
}

/* The digit reversal of n's leaf groups: group g (leaves g r_0 + d,
 * d < r_0) has its outputs at the reversal of g's digits in radices
 * r_1, r_2, ... */
static void
revtable(FILE *f, const char *name, int n, const int *r, int k)
{
	int g, t, pos, mul, i, S;

	S = n;
	for (i = 0; i < k; i++)
		S /= r[i];
	S = n / S;
	fprintf(f, "static const ptrdiff_t %s[%d] = {\n", name, S / r[0]);
	for (g = 0; g < S / r[0]; g++) {
		t = g;
		pos = 0;
		mul = n / r[0];
		for (i = 1; i < k; i++) {
			mul /= r[i];
			pos += t % r[i] * mul;
			t /= r[i];
		}
		fprintf(f, "\t%d,\n", pos);
	}
	fputs("};\n\n", f);
}

/* The SIMD section: codelets (parts from *pi on), tables, plan. */
static void
vsection(FILE *f, const Lay *l, int sign, Dag *const *part, int *pi,
    const Emit *e, int n1abi)
{
	char buf[256], cond[128];
	const char *t, *nm;
	const Isa *isa;
	int i, j, m, mv, S;

	t = l->isfloat ? "float" : "double";
	nm = e->name;
	isa = isa_get(l->simd);
	snprintf(cond, sizeof cond, "defined(%s)%s", isa->macro,
	    strstr(isa->flags, "-mfma") ? " && defined(__FMA__)" : "");
	tpl_print(f, "plan_open", (const Tplarg[]){TPL_S("name", nm),
		TPL_S("cond", cond), TPL_END});
	snprintf(buf, sizeof buf, "%s_n1%s", nm, l->vleaf ? "v" : "");
	codelet(f, part[(*pi)++], CK_N1V, l->vleaf, l->m0, sign, e, l->simd,
	    buf);
	for (i = 0; i < l->k; i++) {
		for (j = 0; j < i && l->r[j] != l->r[i]; j++)
			;
		if (j < i)
			continue;
		snprintf(buf, sizeof buf, "%s_t1v_%d", nm, l->r[i]);
		codelet(f, part[(*pi)++], CK_T1V, 0, l->r[i], sign, e,
		    l->simd, buf);
	}
	m = l->m0;
	for (i = l->k - 1; i >= 0; i--) {
		mv = m / l->vl * l->vl;
		snprintf(buf, sizeof buf, "%s_w%d", nm, i);
		table(f, l->isfloat, buf, l->r[i], m, 0, mv, l->vl);
		if (mv < m || i == 0) {
			snprintf(buf, sizeof buf, "%s_t%d", nm, i);
			table(f, l->isfloat, buf, l->r[i], m, m - l->vl,
			    l->vl, l->vl);
		}
		m *= l->r[i];
	}
	snprintf(buf, sizeof buf, "%s_rev", nm);
	revtable(f, buf, l->n, l->r, l->k);
	S = l->n / l->m0;
	tpl_print(f, "vplan_lp", (const Tplarg[]){TPL_S("name", nm),
		TPL_S("t", t), TPL_N("ngroup", S / l->r[0]), TPL_END});
	tpl_print(f, l->vleaf ? "vplan_vleaf" : "vplan_bleaf",
	    (const Tplarg[]){TPL_S("name", nm), TPL_N("r0", l->r[0]),
		TPL_N("stride", S), TPL_N("dist", l->n / l->r[0]), TPL_END});
	m = l->m0;
	for (i = l->k - 1; i >= 1; i--) {
		mv = m / l->vl * l->vl;
		tpl_print(f, "vplan_pass", (const Tplarg[]){
			TPL_S("name", nm), TPL_N("nb", l->n / (l->r[i] * m)),
			TPL_N("r", l->r[i]), TPL_N("mstep", l->r[i] * m),
			TPL_N("i", i), TPL_N("m", m), TPL_N("mv", mv),
			TPL_END});
		if (mv < m)
			tpl_print(f, "vplan_tail", (const Tplarg[]){
				TPL_S("name", nm),
				TPL_N("nb", l->n / (l->r[i] * m)),
				TPL_N("r", l->r[i]), TPL_N("mstep", l->r[i] * m),
				TPL_N("i", i), TPL_N("m", m), TPL_END});
		m *= l->r[i];
	}
	tpl_print(f, "vplan_top", (const Tplarg[]){TPL_S("name", nm),
		TPL_S("t", t), TPL_N("r", l->r[0]), TPL_N("m", m),
		TPL_N("mv", m / l->vl * l->vl), TPL_END});
	if (l->block) {
		tpl_print(f, "vplan_blk", (const Tplarg[]){TPL_S("name", nm),
			TPL_S("t", t), TPL_N("ngroup", S / l->r[0]),
			TPL_N("r0", l->r[0]), TPL_N("stride", S),
			TPL_N("dist", l->n / l->r[0]), TPL_END});
		m = l->m0;
		for (i = l->k - 1; i >= 1; i--) {
			tpl_print(f, "vplan_bpass", (const Tplarg[]){
				TPL_S("name", nm),
				TPL_N("nb", l->n / (l->r[i] * m)),
				TPL_N("r", l->r[i]), TPL_N("mstep", l->r[i] * m),
				TPL_N("i", i), TPL_N("m", m), TPL_END});
			m *= l->r[i];
		}
		tpl_print(f, "vplan_btop", (const Tplarg[]){TPL_S("name", nm),
			TPL_N("r", l->r[0]), TPL_N("m", m), TPL_END});
	}
	tpl_print(f, "vplan_split", (const Tplarg[]){TPL_S("name", nm),
		TPL_S("t", t), TPL_END});
	tpl_print(f, n1abi ? "vplan_one" : "vplan_inter", (const Tplarg[]){
		TPL_S("name", nm), TPL_S("t", t), TPL_N("n", l->n), TPL_END});
}

/* The scalar section: codelets (parts from *pi on), tables, plan. */
static void
ssection(FILE *f, const Lay *l, int sign, Dag *const *part, int *pi,
    const Emit *e, int n1abi)
{
	char buf[256];
	const char *t, *nm;
	int i, j, m, S;

	t = l->isfloat ? "float" : "double";
	nm = e->name;
	snprintf(buf, sizeof buf, "%s_n1s", nm);
	codelet(f, part[(*pi)++], CK_N1, 0, l->sm0, sign, e, 0, buf);
	for (i = 0; i < l->sk; i++) {
		for (j = 0; j < i && l->sr[j] != l->sr[i]; j++)
			;
		if (j < i)
			continue;
		snprintf(buf, sizeof buf, "%s_t1s_%d", nm, l->sr[i]);
		codelet(f, part[(*pi)++], CK_T1, 0, l->sr[i], sign, e, 0, buf);
	}
	m = l->sm0;
	for (i = l->sk - 1; i >= 0; i--) {
		snprintf(buf, sizeof buf, "%s_s%d", nm, i);
		table(f, l->isfloat, buf, l->sr[i], m, 0, m, 1);
		m *= l->sr[i];
	}
	snprintf(buf, sizeof buf, "%s_srev", nm);
	revtable(f, buf, l->n, l->sr, l->sk);
	S = l->n / l->sm0;
	tpl_print(f, "splan_lp", (const Tplarg[]){TPL_S("name", nm),
		TPL_S("t", t), TPL_N("ngroup", S / l->sr[0]),
		TPL_N("r0", l->sr[0]), TPL_N("stride", S),
		TPL_N("dist", l->n / l->sr[0]), TPL_END});
	m = l->sm0;
	for (i = l->sk - 1; i >= 1; i--) {
		tpl_print(f, "splan_pass", (const Tplarg[]){
			TPL_S("name", nm), TPL_N("nb", l->n / (l->sr[i] * m)),
			TPL_N("r", l->sr[i]), TPL_N("mstep", l->sr[i] * m),
			TPL_N("i", i), TPL_N("m", m), TPL_END});
		m *= l->sr[i];
	}
	tpl_print(f, "splan_top", (const Tplarg[]){TPL_S("name", nm),
		TPL_S("t", t), TPL_N("r", l->sr[0]), TPL_N("m", m), TPL_END});
	if (n1abi) {
		tpl_print(f, "splan_one", (const Tplarg[]){TPL_S("name", nm),
			TPL_S("t", t), TPL_N("n", l->n), TPL_END});
		return;
	}
	tpl_print(f, "splan_split", (const Tplarg[]){TPL_S("name", nm),
		TPL_S("t", t), TPL_END});
	tpl_print(f, "splan_inter", (const Tplarg[]){TPL_S("name", nm),
		TPL_S("t", t), TPL_END});
}

/* Prints the standalone file for a size-n DFT of the given sign, with
 * part[i] the simplified DAG of codelet i of standalone_parts (the same
 * simd and type); n <= FFT_MAXN keeps the n1 ABI of the straight-line
 * codelet it replaces, larger n the split entry NAME and the
 * interleaved NAME_c.  requires: standalone_ok(n). */
void
standalone_c(FILE *f, int n, int sign, Dag *const *part, const Emit *e,
    int simd)
{
	Lay l;
	FILE *m;
	char *body;
	size_t len;
	const char *t, *nm;
	int pi, i, n1abi;

	layout(&l, n, simd, e->isfloat);
	t = e->isfloat ? "float" : "double";
	nm = e->name;
	n1abi = n <= FFT_MAXN;
	if (!(m = open_memstream(&body, &len)))
		fail("out of memory");
	pi = 0;
	if (l.vec) {
		vsection(m, &l, sign, part, &pi, e, n1abi);
		tpl_print(m, "plan_else", (const Tplarg[]){TPL_END});
	}
	ssection(m, &l, sign, part, &pi, e, n1abi);
	if (l.vec)
		tpl_print(m, "plan_endif", (const Tplarg[]){TPL_END});
	if (n1abi)
		tpl_print(m, "plan_n1", (const Tplarg[]){TPL_S("name", nm),
			TPL_S("t", t), TPL_N("n", n), TPL_END});
	else
		tpl_print(m, "plan_big", (const Tplarg[]){TPL_S("name", nm),
			TPL_S("t", t), TPL_END});
	fclose(m);

	fprintf(f, "/* Generated by kgen %s.  DO NOT EDIT.\n", KGEN_VERSION);
	fprintf(f, " * Command: %s\n", e->cmd);
	fprintf(f, " * A self-contained DFT of size %d, sign %d (%s), %s:\n"
	    " * kgen's codelets and a fixed plan, %zu bytes of C below this "
	    "comment.\n", n, sign, sign < 0 ? "forward" : "backward", t,
	    len);
	if (n1abi)
		fprintf(f, " *   void %s(const %s *ri, const %s *ii, %s *ro, "
		    "%s *io,\n *       ptrdiff_t is, ptrdiff_t os, ptrdiff_t v,\n"
		    " *       ptrdiff_t ivs, ptrdiff_t ovs);\n * FFTW's n1 codelet ABI "
		    "(docs/design.md), as the straight-line codelet\n * has "
		    "it: v transforms, transform j reading x_m = ri[j*ivs + "
		    "m*is] +\n * i ii[j*ivs + m*is], writing X_k to ro[j*ovs "
		    "+ k*os] + i io[j*ovs + k*os];\n * interleaved data is "
		    "ii = ri + 1, io = ro + 1, is = os = 2 (run\n * directly); "
		    "in place (ri == ro) works, other overlaps do not.  Uses\n"
		    " * %zu bytes of stack.\n", nm, t, t, t, t,
		    4 * (size_t)n * (e->isfloat ? 4 : 8));
	else
		fprintf(f, " *   void %s(const %s *ri, const %s *ii, %s *ro, "
		    "%s *io);\n *   void %s_c(const %s *x, %s *y);\n"
		    " * NAME: split arrays, ro[k] + i io[k] = sum_j (ri[j] + i "
		    "ii[j]) w^jk;\n * NAME_c: interleaved pairs (re, im), "
		    "y[2k] + i y[2k+1] likewise from x\n * (C99 complex, "
		    "fftw_complex); w = exp(%c2 pi i/%d).  The outputs must\n"
		    " * not overlap the inputs.\n", nm, t, t, t, t, nm, t, t,
		    sign < 0 ? '-' : '+', n);
	if (l.vec) {
		fprintf(f, " * With %s (SIMD, FMA):\n *   %d = ",
		    isa_get(simd)->flags, n);
		for (i = 0; i < l.k; i++)
			fprintf(f, "%d x ", l.r[i]);
		fprintf(f, "%d, %s leaves,\n *   t1v passes (radix", l.m0,
		    l.vleaf ? "n1v" : "batch-vectorized n1");
		for (i = l.k - 1; i >= 0; i--)
			fprintf(f, " %d", l.r[i]);
		fprintf(f, ")%s.\n", l.block ? "; interleaved data run "
		    "block-split in the output" : "");
	}
	fprintf(f, " * %s: %d = ", l.vec ? "Otherwise (scalar)"
	    : "Plan (scalar)", n);
	for (i = 0; i < l.sk; i++)
		fprintf(f, "%d x ", l.sr[i]);
	fprintf(f, "%d, n1 leaves, t1 passes.\n", l.sm0);
	standalone_speed(f, n);
	fprintf(f, " * Build: any C99 compiler; %s.\n * The codelets below "
	    "carry their own headers; only %s%s is meant\n * to be "
	    "called.\n",
	    l.vec ? "GNU C (gcc, clang) with the flags above for\n * the "
	    "SIMD section, e.g. gcc -O2 -march=native" : "any flags",
	    nm, n1abi ? "" : " (and NAME_c)");
	fprintf(f, " */\n#include <stddef.h>\n\n");
	fwrite(body, 1, len, f);
	free(body);
}
