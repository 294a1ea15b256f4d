/* planexec.c: a Cooley-Tukey plan's passes (runtime/plan.c gives the
 * whole; plan.c builds the plan): the leaf pass, each group of r_0
 * leaves one n1v codelet (or batched n1 codelets), with the deepest
 * steps run block by block right after their leaves while in cache; the
 * twiddle passes, deepest first, each a t1v codelet over blocks of r m
 * elements (the scalar t1 or NAME_t for the butterflies the lanes leave,
 * a twiddle loop and batched n1 for radices without a codelet); and the
 * layouts around them.  Interleaved input is split by the vector leaves
 * as they load it (in one pass first for the other leaves), strided
 * input is gathered per leaf group; interleaved output is stored by the
 * top step's t1v codelet itself (NAME_io, or NAME_ios for output off a
 * vector boundary; for large radices in L1, the step in place and then
 * one pairing pass), other output not unit-stride in y (or in place) is
 * scattered per chunk of the top step while in cache (plansimd.c's
 * shuffles for stride 2); with vector leaves that have NAME_b,
 * interleaved data run block-split (ct_block).  Compiled twice, for
 * double and (-DKGEN_SINGLE) float: see prec.h.
 * Reference: Frigo and Johnson, "The design and implementation of
 * FFTW3", Proc. IEEE 93(2), 2005. */
#include <stdint.h>
#include <stdlib.h>
#include "kgen.h"
#include "plan.h"

/* The table of step st's tail vector (NAME_t, NAME_iot): the block
 * after its m rows (twiddles) */
static const R *
wtail(const Step *st)
{
	return st->w + (size_t)st->m * 2 * (st->r - 1);
}

/* Butterflies k0..k1-1 of step st on the block at br, bi (k0 and,
 * unless it is m, k1 multiples of the lanes). */
static void
step_range(const Step *st, R *br, R *bi, int k0, int k1)
{
	int j, k, e;
	R c, s, xr, xi;
	const R *w;

	if (st->t1v) {
		e = k1 < st->mv ? k1 : st->mv;
		if (k0 < e)
			st->t1v(br + k0, bi + k0, st->w, st->m, k0, e);
		k0 = k0 > st->mv ? k0 : st->mv;
		if (k0 < k1 && k1 == st->m && st->t1vt)
			st->t1vt(br, bi, wtail(st), st->m, st->m);
		else if (k0 < k1)
			st->t1(br + k0, bi + k0,
			    st->w + (size_t)st->mv * 2 * (st->r - 1), st->m,
			    k0 - st->mv, k1 - st->mv, 1);
		return;
	}
	if (st->t1) {
		st->t1(br + k0, bi + k0, st->w, st->m, k0, k1, 1);
		return;
	}
	/* generic radix: twiddle, then batched r-point DFTs in place */
	for (j = 1; j < st->r; j++) {
		w = st->w + (size_t)(j - 1) * st->m;
		k = (size_t)j * st->m;
		if (st->avx) {
			PRIV(simd_twiddle)(br + k, bi + k, w,
			    w + (size_t)(st->r - 1) * st->m, k0, k1);
			continue;
		}
		for (e = k0; e < k1; e++) {
			c = w[e];
			s = w[(size_t)(st->r - 1) * st->m + e];
			xr = br[k + e];
			xi = bi[k + e];
			br[k + e] = c * xr + s * xi;
			bi[k + e] = c * xi - s * xr;
		}
	}
	st->n1(br + k0, bi + k0, br + k0, bi + k0, st->m, st->m, k1 - k0, 1,
	    1);
}

/* Step st over the len elements at y (len a multiple of its blocks). */
static void
step_sweep(const Step *st, R *yr, R *yi, size_t len)
{
	size_t b, blk;

	blk = (size_t)st->r * st->m;
	for (b = 0; b < len; b += blk)
		step_range(st, yr + b, yi + b, 0, st->m);
}

/* n elements of x at stride s to split re, im; stride-2 data with im = re + 1
 * (interleaved) on AVX2 where the plan may use it. */
static void
gather(const PLAN *p, const R *xr, const R *xi, ptrdiff_t s, R *re,
    R *im, int n)
{
	R *t;
	int j;

	/* backward plans swap re and im: then xi == xr - 1 */
	if (p->fastcopy && s == 2 && (xi == xr + 1 || xi == xr - 1)) {
		if (xi == xr - 1) {
			t = re;
			re = im;
			im = t;
			xr = xi;
		}
		if (p->fastcopy == 2)
			PRIV(simd_deinterleave512)(xr, re, im, n);
		else
			PRIV(simd_deinterleave)(xr, re, im, n);
		return;
	}
	for (j = 0; j < n; j++) {
		re[j] = xr[j * s];
		im[j] = xi[j * s];
	}
}

/* The inverse of gather. */
static void
scatter(const PLAN *p, const R *re, const R *im, R *yr, R *yi,
    ptrdiff_t s, int n)
{
	const R *u;
	int j;

	if (p->fastcopy && s == 2 && (yi == yr + 1 || yi == yr - 1)) {
		if (yi == yr - 1) {
			u = re;
			re = im;
			im = u;
			yr = yi;
		}
		if (p->fastcopy == 2)
			PRIV(simd_interleave512)(re, im, yr, n);
		else
			PRIV(simd_interleave)(re, im, yr, n);
		return;
	}
	for (j = 0; j < n; j++) {
		yr[j * s] = re[j];
		yi[j * s] = im[j];
	}
}

/* How many transforms an n1c leaf of p runs a vector (its W): a vector
 * of the leaf's ISA (the plan's, or the widest for LEAF_CXW) holds W
 * complex numbers. */
static int
cx_width(const PLAN *p)
{
	int isa;

	isa = p->cfg.leaf == LEAF_CXW ? PRIV(plan_widest)() : p->cfg.isa;
	return (isa == CPU_avx512 ? 64 : isa == CPU_avx2 ? 32 : 16)
	    / (2 * (int)sizeof(R));
}

/* v leaves of p's n1 codelet from x (elements is apart, leaves ivs
 * apart) to y (unit stride, leaves ovs apart).  An n1c codelet runs W
 * leaves a vector and the v mod W left one at a time, each as slow as
 * a vector of W (n = 1000 = 25 x 40: the one leaf left of 25 took a
 * fifth of the leaf pass); with w = W > 1 and v > W, the last W leaves
 * run as one vector instead, again for those the first call did (the
 * same values to the same places: the leaves are out of place). */
static void
leaf_group(const PLAN *p, const R *xr, const R *xi, R *yr, R *yi,
    ptrdiff_t is, ptrdiff_t ivs, ptrdiff_t ovs, int v, int w)
{
	int u;

	u = w > 1 && v > w ? v % w : 0;
	p->n1(xr, xi, yr, yi, is, 1, v - u, ivs, ovs);
	if (u)
		p->n1(xr + (ptrdiff_t)(v - w) * ivs,
		    xi + (ptrdiff_t)(v - w) * ivs, yr + (ptrdiff_t)(v - w) * ovs,
		    yi + (ptrdiff_t)(v - w) * ovs, is, 1, w, ivs, ovs);
}

/* The leaf pass (and the blocked deepest steps) from x at stride is
 * to y (unit stride).  The leaves go in output order, block by block:
 * right after the leaves of a block (r_0 pieces of blk elements, n / r_0
 * apart), the deepest cfg.nin steps run on it while it is in cache.  A
 * vector leaf reads unit-stride vectors, split or interleaved (it splits
 * the pairs as it loads them); with another stride its group's
 * input (m_0 rows of r_0) is first gathered into lb; so does a batched
 * leaf (adjacent lanes load faster, and the float AVX-512 batched
 * codelets give wrong results for interleaved input with split output). */
static void
leaves(const PLAN *p, const R *xr, const R *xi, ptrdiff_t is, R *yr,
    R *yi)
{
	int r0, S, g, q, nq, per, i, d, j, inter, w;
	size_t pos, top, b, lm;
	R *lr, *li;

	w = p->cfg.leaf == LEAF_CX || p->cfg.leaf == LEAF_CXW
	    ? cx_width(p) : 0;
	/* interleaved pairs: a vector leaf splits them as it loads */
	inter = is == 2 && (xi == xr + 1 || xr == xi + 1);
	r0 = p->step[0].r;
	S = p->n / p->m0;
	nq = S / r0;
	top = (size_t)(p->n / r0);
	per = p->blk / p->m0;
	lm = (size_t)p->m0 * r0;
	lr = p->lb;
	li = p->lb + lm;
	for (q = 0; q < nq; q++) {
		g = p->grp[q];
		pos = (size_t)q * p->m0;
		if (p->leafv && (is == 1 || inter))
			p->leafv(xr + (ptrdiff_t)g * r0 * is,
			    xi + (ptrdiff_t)g * r0 * is, yr + pos, yi + pos, S,
			    (ptrdiff_t)top, r0);
		else if (p->leafv || (is != 1 && p->cfg.leaf == LEAF_BATCH)) {
			for (j = 0; j < p->m0; j++)
				gather(p,
				    xr + ((ptrdiff_t)j * S + g * r0) * is,
				    xi + ((ptrdiff_t)j * S + g * r0) * is, is,
				    lr + (size_t)j * r0, li + (size_t)j * r0,
				    r0);
			if (p->leafv)
				p->leafv(lr, li, yr + pos, yi + pos, r0,
				    (ptrdiff_t)top, r0);
			else
				p->n1(lr, li, yr + pos, yi + pos, r0, 1, r0,
				    1, (ptrdiff_t)top);
		} else
			leaf_group(p, xr + (ptrdiff_t)g * r0 * is,
			    xi + (ptrdiff_t)g * r0 * is, yr + pos, yi + pos,
			    S * is, is, (ptrdiff_t)top, r0, w);
		if (p->cfg.nin == 0 || (q + 1) % per)
			continue;
		b = (size_t)(q + 1 - per) * p->m0;
		for (i = p->nstep - 1; i >= p->nstep - p->cfg.nin; i--)
			for (d = 0; d < r0; d++)
				step_sweep(&p->step[i], yr + d * top + b,
				    yi + d * top + b, (size_t)p->blk);
	}
}

/* Step st over the len elements of block-split data at x (plan.h; len
 * a multiple of its blocks, every butterfly on vectors). */
static void
step_sweep_b(const Step *st, R *x, size_t len)
{
	size_t b, blk;

	blk = (size_t)st->r * st->m;
	for (b = 0; b < len; b += blk)
		st->t1vb(x + 2 * b, st->w, 2 * (ptrdiff_t)st->m, 0, st->m);
}

/* The table of step st shifted for NAME_ios with y c pairs past a
 * vector boundary: lane l of block b holds the twiddles of butterfly
 * vl b + l - c (zeros outside 0 .. m-1), mv / vl + 1 blocks.  Made once,
 * by the first transform that needs it (threads that race there both
 * make one and all but the first to publish it free theirs), kept with
 * the plan; NULL when out of memory (the caller then stores unaligned). */
static const R *
wshift(const Step *st, int vl, int c)
{
	R **slot, *w, *old;
	size_t nw, b, l, t, nb;
	ptrdiff_t k;

	/* the plan is const to its callers; wsh is a cache beside it */
	slot = (R **)&st->wsh[c];
	if ((w = __atomic_load_n(slot, __ATOMIC_ACQUIRE)))
		return w;
	nw = 2 * (size_t)(st->r - 1);
	nb = (size_t)st->mv / vl + 1;
	if (!(w = PRIV(plan_ralloc)(nb * nw * vl)))
		return 0;
	for (b = 0; b < nb; b++)
		for (l = 0; l < (size_t)vl; l++) {
			k = (ptrdiff_t)(b * vl + l) - c;
			for (t = 0; t < nw; t++)
				w[(b * nw + t) * vl + l] = k < 0 || k >= st->mv
				    ? 0 : st->w[((size_t)k / vl * nw + t) * vl
				    + (size_t)k % vl];
		}
	old = 0;
	if (!__atomic_compare_exchange_n(slot, &old, w, 0, __ATOMIC_ACQ_REL,
	    __ATOMIC_ACQUIRE)) {
		free(w);
		return old;
	}
	return w;
}

/* Interleaved x (ii = ri + 1, or ri = ii + 1) to interleaved y at z (the
 * lower of its two pointers; sw 1 where im comes first) through w: the
 * vector leaves split the pairs as they load them and store block-split
 * data (plan.h) to w, the steps run on it in place, and the top step
 * stores each block of its outputs as pairs at the same offset from z.
 * w is z itself where y is on a vector boundary and apart from x (two
 * arrays in cache where a scratch makes three), else the scratch. */
static void
ct_block(const PLAN *p, const R *xr, const R *xi, R *w, R *z, int sw)
{
	int r0, S, q, nq, per, i, d, g;
	size_t pos, top, b;
	const Step *st;

	r0 = p->step[0].r;
	S = p->n / p->m0;
	nq = S / r0;
	top = (size_t)(p->n / r0);
	per = p->blk / p->m0;
	for (q = 0; q < nq; q++) {
		g = p->grp[q];
		pos = (size_t)q * p->m0;
		p->leafvb(xr + (ptrdiff_t)g * r0 * 2,
		    xi + (ptrdiff_t)g * r0 * 2, w + 2 * pos, S,
		    2 * (ptrdiff_t)top, r0);
		if (p->cfg.nin == 0 || (q + 1) % per)
			continue;
		b = (size_t)(q + 1 - per) * p->m0;
		for (i = p->nstep - 1; i >= p->nstep - p->cfg.nin; i--)
			for (d = 0; d < r0; d++)
				step_sweep_b(&p->step[i],
				    w + 2 * (d * top + b), (size_t)p->blk);
	}
	for (i = p->nstep - 1 - p->cfg.nin; i >= 1; i--)
		step_sweep_b(&p->step[i], w, (size_t)p->n);
	st = &p->step[0];
	st->t1vbio(w, st->w, 2 * (ptrdiff_t)st->m, 0, st->m, z, sw);
}

/* How many pairs z lies past a vector boundary where p's top step can
 * store its pairs on vector boundaries from there on (NAME_ios: its
 * butterflies all on vectors, z on a pair boundary), else 0.  Only
 * where the data fill 16 KiB or more and the step runs 8 vectors of
 * butterflies or more: below, the output stays in L1, where the
 * straddling stores cost little, and NAME_ios's extra vector of
 * butterflies (and, for vecb, the split scratch in place of the
 * block-split one) cost more (in a throwaway harness double 512 =
 * 32 x 16 with the output 32 bytes off ran slower with it, 1024 faster;
 * docs/design.md, "Output off a vector boundary"); and never where p's shape
 * says straddle (ios_race). */
int
PRIV(planexec_ios_shift)(const PLAN *p, const R *z)
{
	const Step *st;
	uintptr_t u;

	st = &p->step[0];
	u = (uintptr_t)z;
	if (p->kind != P_CT || p->cfg.straddle || !st->t1vios
	    || st->mv != st->m
	    || u % (2 * sizeof(R)) || (size_t)p->n * 2 * sizeof(R) < 16384
	    || st->m < 8 * p->vl)
		return 0;
	return (int)(u % (p->vl * sizeof(R)) / (2 * sizeof(R)));
}

/* Whether p's top step, for interleaved output, runs in place in the
 * scratch followed by one pass pairing the outputs (plansimd.c's
 * shuffles) rather than as NAME_io: where the whole transform stays in
 * L1 (under 16 KiB of data; from there NAME_ios's rule takes over), the
 * step has every butterfly on vectors, its radix is 16 or more and the
 * ISA's assembly twin won the step's race (plantab.c).  NAME_io of those
 * radices spills heavily (double radix 25, 40 butterflies: NAME_io
 * 462 ns, the assembly in place 286 and the pairing pass 102; radix 5,
 * 10 and 4 lose: 133 + 102 against 167 at radix 5).  Decided by the
 * plan's first interleaved transform and kept in the step (threads that
 * race there store the same answer). */
static int
pair_after(const PLAN *p)
{
	const Step *st;
	int pick, i, isa, r, pk, twin;

	st = &p->step[0];
	if ((pick = __atomic_load_n(&st->pair, __ATOMIC_RELAXED)))
		return pick == 2;
	pick = 1;
	if (p->fastcopy && st->mv == st->m && st->r >= 16
	    && (size_t)p->n * 2 * sizeof(R) < 16384)
		for (i = 0; (twin = PRIV(t1v_picked)(i, &isa, &r, &pk)) >= 0;
		    i++)
			if (isa == p->cfg.isa && r == st->r) {
				pick = twin && pk == 2 ? 2 : 1;
				break;
			}
	__atomic_store_n((int *)&st->pair, pick, __ATOMIC_RELAXED);
	return pick == 2;
}

/* Whether the 2n elements from a and those from b do not overlap. */
static int
apart(const R *a, const R *b, int n)
{
	uintptr_t u, v;

	u = (uintptr_t)a;
	v = (uintptr_t)b;
	return u < v ? v - u >= 2 * (size_t)n * sizeof(R)
	    : u - v >= 2 * (size_t)n * sizeof(R);
}

/* One forward transform: x at stride is to y at stride os (x == y
 * allowed).  Interleaved data run block-split where the plan says so
 * (LEAF_VECB): in y where y is apart from x and on a vector boundary,
 * else in the scratch (with y 32 bytes off, every AVX-512 access in y
 * straddled two cache lines: float 4096 1.1x slower; ct_block).  Out of
 * place into unit stride, the passes run in y; otherwise in the scratch
 * array, and the top step, done in chunks of butterflies, writes each
 * chunk to y while it is in cache. */
void
PRIV(planexec_ct)(const PLAN *p, const R *xr, const R *xi, ptrdiff_t is,
    R *yr, R *yi, ptrdiff_t os)
{
	const Step *st;
	const R *ws;
	R *sr, *si, *z;
	int i, n, k0, k1, j, chunk, stop, c;
	size_t at, im;

	n = p->n;
	if (p->leafvb && is == 2 && os == 2 && (xi == xr + 1 || xi == xr - 1)
	    && (yi == yr + 1 || yi == yr - 1)
	    && !PRIV(planexec_ios_shift)(p, yi < yr ? yi : yr)) {
		sr = yi < yr ? yi : yr;
		ct_block(p, xr, xi, (uintptr_t)sr % (p->vl * sizeof(R)) == 0
		    && apart(xi < xr ? xi : xr, sr, n) ? sr : p->y, sr,
		    yi < yr);
		return;
	}
	/* interleaved input: one deinterleaving pass, then unit-stride
	 * leaves; the split copy goes to y's own memory when y is another
	 * interleaved array and small (the leaves have read it all before
	 * the top step writes y; one array less in cache), else to the
	 * scratch xs, parts half a page apart like y's (measured: y's memory
	 * 5-15% faster to n = 1024 in double, xs 5-15% faster from 4096).
	 * n1c leaves read interleaved data as they are (5% faster at
	 * n = 1000 and 2187), and vector leaves split the pairs as they
	 * load them (no pass; README, "Whole transforms") */
	if (p->xs && is == 2 && p->fastcopy && p->cfg.leaf != LEAF_CX
	    && p->cfg.leaf != LEAF_CXW && !p->leafv
	    && (xi == xr + 1 || xi == xr - 1)) {
		sr = p->xs;
		im = p->yim;
		if (n * sizeof(R) <= 16384 && os == 2 && xr != yr && xi != yi
		    && (yi == yr + 1 || yi == yr - 1)) {
			sr = yi < yr ? yi : yr;
			im = n;
		}
		gather(p, xr, xi, 2, sr, sr + im, n);
		xr = sr;
		xi = sr + im;
		is = 1;
	}
	if (os == 1 && xr != yr && xi != yi) {
		leaves(p, xr, xi, is, yr, yi);
		stop = 0;
		sr = yr;
		si = yi;
	} else {
		sr = p->y;
		si = p->y + p->yim;
		leaves(p, xr, xi, is, sr, si);
		stop = 1;
	}
	for (i = p->nstep - 1 - p->cfg.nin; i >= stop; i--)
		step_sweep(&p->step[i], sr, si, (size_t)n);
	if (!stop)
		return;
	st = &p->step[0];
	/* interleaved output: the top step's vector codelet stores its
	 * pairs itself (NAME_io), the last m mod lanes butterflies of each
	 * block through NAME_iot's masks (without it, on t1 in the scratch,
	 * then copied) */
	if (st->t1v && os == 2 && (yi == yr + 1 || yi == yr - 1)
	    && pair_after(p)) {
		step_range(st, sr, si, 0, st->m);
		scatter(p, sr, si, yr, yi, os, n);
		return;
	}
	if (st->t1v && os == 2 && (yi == yr + 1 || yi == yr - 1)) {
		z = yi < yr ? yi : yr;
		if ((c = PRIV(planexec_ios_shift)(p, z))
		    && (ws = wshift(st, p->vl, c))) {
			st->t1vios(sr, si, ws, st->m, st->m, z, yi < yr);
			return;
		}
		st->t1vio(sr, si, st->w, st->m, 0, st->mv, z, yi < yr);
		if (st->mv == st->m)
			return;
		if (st->t1viot) {
			st->t1viot(sr, si, wtail(st), st->m, st->m, z,
			    yi < yr);
			return;
		}
		step_range(st, sr, si, st->mv, st->m);
		for (j = 0; j < st->r; j++) {
			at = (size_t)j * st->m + st->mv;
			scatter(p, sr + at, si + at, yr + (ptrdiff_t)at * os,
			    yi + (ptrdiff_t)at * os, os, st->m - st->mv);
		}
		return;
	}
	/* about 1024 elements per chunk, a multiple of the lanes */
	chunk = (1024 / st->r + p->vl - 1) / p->vl * p->vl;
	for (k0 = 0; k0 < st->m; k0 = k1) {
		k1 = k0 + chunk < st->m ? k0 + chunk : st->m;
		step_range(st, sr, si, k0, k1);
		if (k1 - k0 == st->m) {
			/* one chunk: the whole output in one pass */
			scatter(p, sr, si, yr, yi, os, n);
			break;
		}
		for (j = 0; j < st->r; j++) {
			at = (size_t)j * st->m + k0;
			scatter(p, sr + at, si + at, yr + (ptrdiff_t)at * os,
			    yi + (ptrdiff_t)at * os, os, k1 - k0);
		}
	}
}
