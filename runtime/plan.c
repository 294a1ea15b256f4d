/* plan.c: whole complex transforms of any size, composed from the
 * library's codelets the way FFTW composes its own.
 *
 * A size n <= KGEN_N1_MAX is one n1 codelet (for one transform the one
 * vectorized within it where the library has it); so is a larger n that
 * has an n1x codelet (codelets.def's N1XL) where KGEN_MEASURE finds it
 * faster than the Cooley-Tukey plans (ALG_N1X).  A larger n made of small
 * primes is a mixed-radix decimation-in-time Cooley-Tukey FFT,
 *   n = r_0 r_1 ... r_(k-1) m_0,
 * done breadth-first in split arrays: a leaf pass of S = n / m_0 DFTs of
 * size m_0 (batched n1 codelets; leaf j reads x[j + S q] and writes its
 * m_0 outputs contiguously at the digit reversal of j), then one twiddle
 * pass per radix, deepest first, each a t1 codelet over blocks of r_i m
 * elements (rs = m, butterflies adjacent); m_0 and the r_i are
 * factor.h's choice, shared with kgen's standalone files.  With a vector
 * ISA the leaf pass is one n1v codelet per group of r_0 leaves (adjacent
 * inputs, the outputs transposed in registers) and the twiddle passes
 * are t1v codelets, lane = butterfly, so every access is a full vector
 * and the only shuffles are the leaf's transposes; where the lanes do not
 * divide m the last m mod lanes butterflies run as one more vector, that
 * of butterflies m - lanes .. m - 1, its stores masked to them (the C
 * codelet's NAME_t and NAME_iot).  Radices
 * without a twiddle codelet (17..61, or odd parts grouped) take a
 * twiddle loop (plansimd.c) and a batched n1.  For large n the deepest
 * steps run block by block right after their leaves (cfg.nin), in cache.
 * Interleaved input is split by the vector leaves as they load it (in
 * one pass first for the other leaves), strided input is gathered per
 * leaf group; interleaved output is stored by the top step's t1v
 * codelet itself (its NAME_io entry), other output not unit-stride in y
 * (or in place) is scattered per chunk of the top step while in cache
 * (plansimd.c's shuffles for stride 2).
 * Primes above KGEN_N1_MAX use Rader's algorithm (a cyclic convolution
 * of size n - 1 through a plan of that size), other sizes with a prime
 * factor above KGEN_N1_MAX Bluestein's (a chirp convolution of size
 * M >= 2n - 1 done by two size-M plans).
 * The shape (Cfg: algorithm, ISA, leaf, radices, blocking) comes from
 * wisdom (wisdom.c) when it holds n, else from a rule (planest.c) or,
 * with KGEN_MEASURE, from timing candidates (planmeas.c), which goes to
 * wisdom.  The backward transform is the forward one with real and
 * imaginary parts swapped (FFTW's trick), so only forward codelets are
 * needed.
 * This file holds the API (kgen_plan_many_dft, kgen_execute,
 * kgen_destroy, ...) and the plan objects: a plan built from its shape
 * (plan_cfg; the Cooley-Tukey one here, plan_ct, Rader's and
 * Bluestein's in planconv.c), its twiddle tables and memory.  The
 * passes of a Cooley-Tukey plan run in planexec.c.
 * Compiled twice, for double and (-DKGEN_SINGLE) float: see prec.h.
 * References: Cooley and Tukey 1965; Frigo and Johnson, "The design and
 * implementation of FFTW3", Proc. IEEE 93(2), 2005; Bluestein 1970;
 * Rader 1968. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "factor.h"
#include "plan.h"
#include "threads.h"

/* Interleaved input up to this size is made split in one pass before
 * the leaves (input, its split copy, the scratch and the output then
 * fit in L2); above it each leaf group gathers its own rows. */
enum { DEINT_MAX = 1 << 15 };

_Static_assert(FACTOR_MAXR == KGEN_N1_MAX,
    "factor.h plans with the library's codelets");
_Static_assert((int)FACTOR_MAXSTEP == (int)CFG_MAXSTEP,
    "plan.h's Cfg holds a plan");

static void *
zalloc(size_t n)
{
	return calloc(1, n ? n : 1);
}

/* n elements of R on a 64-byte boundary (a cache line, one AVX-512
 * vector: malloc's 16 bytes made every vector access of the scratch and
 * the twiddles straddle two lines), freed by free; NULL when out of
 * memory or n too large. */
R *
PRIV(plan_ralloc)(size_t n)
{
	void *v;

	if (n > (SIZE_MAX - 64) / sizeof(R))
		return 0;
	n = (n * sizeof(R) + 63) / 64 * 64;
	return posix_memalign(&v, 64, n ? n : 64) ? 0 : v;
}

/* The line of zeros before (and after) a plan's scratch y. */
#define YPAD (64 / sizeof(R))

/* n rounded up to whole cache lines of R */
static size_t
lines(size_t n)
{
	return (n + 64 / sizeof(R) - 1) / (64 / sizeof(R)) * (64 / sizeof(R));
}

/* exp(-2 pi i num / den) as (c, s) with s the sine of the positive angle,
 * reduced exactly so that equal angles give equal bits. */
static void
cexpi(long long num, long long den, R *c, R *s)
{
	static const long double PI = 3.141592653589793238462643383279503L;
	long double a;

	num %= den;
	if (num < 0)
		num += den;
	a = 2 * PI * (long double)num / (long double)den;
	*c = (R)cosl(a);
	*s = (R)sinl(a);
}

/* w[2t], w[2t+1] = cos, sin of 2 pi t / N for 0 <= t < N.  For 4 | N
 * only the first octant calls cosl and sinl, the rest follows by exact
 * symmetry (an eighth of the calls: planning 2^20 takes milliseconds, not
 * a second).  Returns NULL when out of memory. */
R *
PRIV(plan_roots)(long long N)
{
	R *w, *o;
	long long t, u, q;
	int swap, cneg, sneg;

	w = malloc((size_t)N * 2 * sizeof *w);
	if (!w || N % 4) {
		for (t = 0; w && t < N; t++)
			cexpi(t, N, &w[2 * t], &w[2 * t + 1]);
		return w;
	}
	/* the first octant, angles 2 pi u / N for 8u <= N */
	q = N / 8;
	o = malloc((size_t)(q + 1) * 2 * sizeof *o);
	if (!o) {
		free(w);
		return 0;
	}
	for (u = 0; u <= q; u++)
		cexpi(u, N, &o[2 * u], &o[2 * u + 1]);
	for (t = 0; t < N; t++) {
		/* reflect 8t into [0, N] in eighths, as dag/num.c does */
		u = 8 * t;
		sneg = cneg = swap = 0;
		if (2 * u > 8 * N) {
			u = 8 * N - u;
			sneg = 1;
		}
		if (4 * u > 8 * N) {
			u = 4 * N - u;
			cneg = 1;
		}
		if (8 * u > 8 * N) {
			u = 2 * N - u;
			swap = 1;
		}
		u /= 8;
		w[2 * t] = o[2 * u + swap];
		w[2 * t + 1] = o[2 * u + !swap];
		if (cneg)
			w[2 * t] = -w[2 * t];
		if (sneg)
			w[2 * t + 1] = -w[2 * t + 1];
	}
	free(o);
	return w;
}

/* kgen_next_fast_size.  Every 2^a 3^b 5^c 7^d >= n is the least
 * power-of-two multiple of some 3^b 5^c 7^d; there are a few hundred of
 * those below 2^31, so trying them all is fast for any n and, in long
 * long, cannot overflow (stepping m = n, n + 1, ... did, and took seconds
 * near INT_MAX).  In each precision's object, so that the float planner
 * does not link the double one (and its codelets) for it. */
int
PRIV(plan_next_fast)(int n)
{
	long long best, p7, p5, p3, m;

	if (n <= 1)
		return 1;
	best = (long long)INT_MAX + 1;
	for (p7 = 1; p7 < best; p7 *= 7)
		for (p5 = p7; p5 < best; p5 *= 5)
			for (p3 = p5; p3 < best; p3 *= 3) {
				for (m = p3; m < n; m *= 2)
					;
				if (m < best)
					best = m;
			}
	return best > INT_MAX ? 0 : (int)best;
}

#ifndef KGEN_SINGLE
int
kgen_next_fast_size(int n)
{
	return PRIV(plan_next_fast)(n);
}
#endif

/* The twiddle table of step (r, m): rows k < mv blocked in vl
 * butterflies for t1v, entry (k, j, c) at (k/vl)*2(r-1)vl + (2(j-1) +
 * c)vl + k%vl; rows k >= mv in FFTW's t1 layout, at k*2(r-1) + 2(j-1) +
 * c (the blocked rows take exactly mv*2(r-1) entries); where 0 < mv <
 * m, one block more after those m rows, for NAME_t and NAME_iot: the
 * rows m - vl .. m - 1 blocked as one vector (lane k - m + vl).  For a
 * generic radix (gen), cosines then sines by j, unit stride in k:
 * c(r-1)m + (j-1)m + k. */
static R *
twiddles(int r, int m, int mv, int vl, int gen, const R *base, int n)
{
	R *w, c, s;
	int k, j, step, tail;
	size_t at;

	/* w_(rm)^(jk) = w_n^(jk n/(rm)); base holds w_n^t */
	step = n / (r * m);
	tail = !gen && mv > 0 && mv < m;
	w = PRIV(plan_ralloc)((size_t)(m + (tail ? vl : 0)) * 2 * (r - 1));
	if (!w)
		return 0;
	for (k = 0; k < m; k++)
		for (j = 1; j < r; j++) {
			at = (size_t)((long long)j * k * step % n);
			c = base[2 * at];
			s = base[2 * at + 1];
			if (tail && k >= m - vl) {
				at = (size_t)m * 2 * (r - 1)
				    + (size_t)2 * (j - 1) * vl + k - (m - vl);
				w[at] = c;
				w[at + vl] = s;
			}
			if (gen) {
				at = (size_t)(j - 1) * m + k;
				w[at] = c;
				w[(size_t)(r - 1) * m + at] = s;
			} else if (k >= mv) {
				at = (size_t)k * 2 * (r - 1) + 2 * (j - 1);
				w[at] = c;
				w[at + 1] = s;
			} else {
				at = (size_t)(k / vl) * 2 * (r - 1) * vl
				    + (size_t)2 * (j - 1) * vl + k % vl;
				w[at] = c;
				w[at + vl] = s;
			}
		}
	return w;
}

/* isa's lanes as Isa, or NULL when the CPU (or KGEN_ISA) rules it out */
static const Isa *
isa_of(int id)
{
	const Isa *isa[CPU_N];
	int k, i;

	k = PRIV(plantab_isas)(isa);
	for (i = 0; i < k; i++)
		if (isa[i]->id == id)
			return isa[i];
	return 0;
}

/* The widest vector ISA the CPU (or KGEN_ISA) offers the plans */
int
PRIV(plan_widest)(void)
{
	const Isa *isa[CPU_N];

	PRIV(plantab_isas)(isa);
	return isa[0]->id;
}

/* Builds the Cooley-Tukey plan c (c->alg == ALG_CT) for p->n; base holds
 * the n-th roots of unity.  -1 when c does not fit the codelets or
 * memory runs out (the caller frees the parts). */
static int
plan_ct(PLAN *p, const Cfg *c, const R *base)
{
	const Isa *isa;
	int k, i, j, m, S, g, t, pos, dig, mul, r0, vl;
	size_t part, lm, all;
	Step *st;

	if (!(isa = isa_of(c->isa)))
		return -1;
	k = c->k;
	vl = isa->vl;
	r0 = c->r[0];
	p->cfg = *c;
	p->kind = P_CT;
	p->nstep = k;
	p->vl = vl;
	p->m0 = c->m0;
	p->leafv = 0;
	p->leafvb = 0;
	p->n1 = 0;
	if (c->leaf == LEAF_VEC || c->leaf == LEAF_VECB) {
		if (vl == 1 || r0 % vl || !(p->leafv = PRIV(plantab_n1v)(isa,
		    c->m0, &p->leafvb)))
			return -1;
		if (c->leaf == LEAF_VEC)
			p->leafvb = 0;
	} else if (c->leaf == LEAF_CX || c->leaf == LEAF_CXW) {
		if (!(p->n1 = N1C_ISA(c->m0, c->leaf == LEAF_CX ? isa->id
		    : PRIV(plan_widest)())))
			return -1;
	} else {
		p->n1 = c->leaf == LEAF_BATCH ? N1_FOR(c->m0, r0)
		    : N1_SCALAR(c->m0);
	}
	m = c->m0;
	for (i = k - 1; i >= 0; i--) {
		st = &p->step[i];
		st->r = c->r[i];
		st->m = m;
		st->t1 = PRIV(plantab_t1)(st->r);
		st->t1vios = 0;
		st->t1v = st->t1 && vl > 1 && m >= vl
		    ? PRIV(plantab_t1v)(isa, st->r, &st->t1vio, &st->t1vios)
		    : 0;
		st->mv = st->t1v ? m - m % vl : 0;
		st->t1vt = st->t1v && st->mv < m ? PRIV(plantab_t1vt)(isa,
		    st->r, &st->t1viot) : 0;
		st->t1vb = st->t1v ? PRIV(plantab_t1vb)(isa, st->r,
		    &st->t1vbio) : 0;
		if (!st->t1vb || st->mv < m)
			p->leafvb = 0;
		st->n1 = st->t1 ? 0 : N1_FOR(st->r, m);
		if (!st->t1 && !st->n1)
			return -1;
		st->w = twiddles(st->r, m, st->mv, vl, !st->t1, base, p->n);
		st->avx = PRIV(simd_level)() > 0;
		if (!st->w)
			return -1;
		m *= st->r;
	}
	if (m != p->n || c->nin >= k || (c->leaf == LEAF_VECB && !p->leafvb))
		return -1;
	p->blk = c->m0;
	for (i = k - 1; i >= k - c->nin; i--)
		p->blk *= c->r[i];
	/* grp[rev(g) / m0] = g, rev(g) the output offset of leaf group g
	 * (leaves g*r_0 + d0): the digit reversal of its digits d1, d2, ... */
	S = p->n / p->m0;
	p->grp = malloc((size_t)(S / r0) * sizeof *p->grp);
	/* y, then lb, then xs (as y), each on whole cache lines */
	p->yim = lines((size_t)p->n);
	p->yim += (2048 - p->yim * sizeof(R) % 4096 + 4096) % 4096 / sizeof(R);
	part = lines(p->yim + (size_t)p->n);
	lm = lines((size_t)2 * c->m0 * r0);
	/* a line before y and after the rest, zeros: NAME_ios reads up to
	 * half the lanes before each part and the lanes after its rows */
	all = YPAD + part + lm + (p->n <= DEINT_MAX ? part : 0) + YPAD;
	if (!p->grp || !(p->y = PRIV(plan_ralloc)(all)))
		return -1;
	memset(p->y, 0, all * sizeof(R));
	p->y += YPAD;
	p->lb = p->y + part;
	p->xs = p->n <= DEINT_MAX ? p->lb + lm : 0;
	for (g = 0; g < S / r0; g++) {
		t = g;
		pos = 0;
		mul = p->n / r0;
		for (j = 1; j < k; j++) {
			mul /= c->r[j];
			dig = t % c->r[j];
			t /= c->r[j];
			pos += dig * mul;
		}
		p->grp[pos / p->m0] = g;
	}
	return 0;
}

/* Plans p (n, zeroed) as c says.  base: the n-th roots, or NULL to
 * compute them where needed. */
int
PRIV(plan_cfg)(PLAN *p, int n, const Cfg *c, unsigned flags, const R *base)
{
	R *own;
	int st;

	p->n = n;
	p->sign = -1;
	p->howmany = 1;
	p->stride = 1;
	p->dist = n;
	p->fastcopy = PRIV(simd_level)();
	p->cfg = *c;
	if (c->alg == ALG_BLUESTEIN)
		return PRIV(planconv_bluestein)(p, flags);
	if (c->alg == ALG_N1X) {
		/* one codelet does it all, every layout and batch */
		p->kind = P_DIRECT;
		p->n1 = isa_of(c->isa) ? PRIV(plantab_n1xl)(isa_of(c->isa), n,
		    &p->v1) : 0;
		return p->n1 ? 0 : -1;
	}
	own = 0;
	if (!base && !(base = own = PRIV(plan_roots)(n)))
		return -1;
	st = c->alg == ALG_RADER ? PRIV(planconv_rader)(p, flags, base)
	    : plan_ct(p, c, base);
	free(own);
	return st;
}

/* Fills p (zeroed) for a single forward transform of size n, to run in
 * layout lay: from wisdom when it has n for lay, else measured in lay
 * (KGEN_MEASURE, and the winner goes to wisdom) or estimated. */
int
PRIV(plan_init)(PLAN *p, int n, unsigned flags, int lay)
{
	Cfg c;

	p->n = n;
	if (n <= KGEN_N1_MAX) {
		p->kind = P_DIRECT;
		p->sign = -1;
		p->howmany = 1;
		p->stride = 1;
		p->dist = n;
		p->n1 = N1_FOR(n, 1);
		return p->n1 ? 0 : -1;
	}
	if (kgen_priv_wisdom_get(PREC, lay, n, &c)) {
		if (PRIV(plan_cfg)(p, n, &c, flags, 0) == 0)
			return 0;
		PRIV(plan_free)(p);
		memset(p, 0, sizeof *p);
	}
	if (flags & KGEN_MEASURE) {
		if (PRIV(planmeas_measure)(p, n, flags, lay) < 0)
			return -1;
		if (lay == LAY_INTER)
			PRIV(planmeas_ios_race)(p, n);
		kgen_priv_wisdom_put(PREC, lay, n, &p->cfg);
		return 0;
	}
	if (lay != LAY_INTER || !PRIV(planest_n1x)(n, &c))
		PRIV(planest_estimate)(n, lay, &c);
	if (PRIV(plan_cfg)(p, n, &c, flags, 0) == 0)
		return 0;
	if (c.leaf != LEAF_VECB)
		return -1;
	PRIV(plan_free)(p);
	memset(p, 0, sizeof *p);
	p->n = n;
	c.leaf = LEAF_VEC;
	return PRIV(plan_cfg)(p, n, &c, flags, 0);
}

/* |s| as a size_t, PTRDIFF_MIN included */
static size_t
mag(ptrdiff_t s)
{
	return s < 0 ? (size_t)0 - (size_t)s : (size_t)s;
}

/* 1 when the largest offset from the first element, (n - 1) |stride| +
 * (howmany - 1) |dist|, fits in a ptrdiff_t counted in bytes: arrays that
 * large cannot exist, and the offsets of any smaller layout do not
 * overflow. */
static int
extent_fits(int n, int howmany, ptrdiff_t stride, ptrdiff_t dist)
{
	size_t lim, a, b;

	lim = PTRDIFF_MAX / sizeof(R);
	a = (size_t)(n - 1);
	b = (size_t)(howmany - 1);
	if (a && mag(stride) > lim / a)
		return 0;
	if (b && mag(dist) > lim / b)
		return 0;
	return a * mag(stride) <= lim - b * mag(dist);
}

/* kgen_plan_many_dft's plan, tuned for layout lay (LAY_*) */
PLAN *
PRIV(plan_many_lay)(int n, int howmany, ptrdiff_t stride, ptrdiff_t dist,
    int sign, unsigned flags, int lay)
{
	PLAN *p;

	if (n < 1 || n > KGEN_PLAN_MAX || howmany < 1
	    || (sign != -1 && sign != 1) || (flags & ~KGEN_MEASURE)
	    || !extent_fits(n, howmany, stride, dist))
		return 0;
	p = zalloc(sizeof *p);
	if (!p)
		return 0;
	if (PRIV(plan_init)(p, n, flags, lay) < 0) {
		DESTROY(p);
		return 0;
	}
	p->sign = sign;
	p->howmany = howmany;
	p->stride = stride;
	p->dist = dist;
	/* one codelet call does the batch: the one kgen_dft would pick */
	if (p->kind == P_DIRECT && n <= KGEN_N1_MAX)
		p->n1 = N1_FOR(n, howmany);
	return p;
}

/* stride 2 is (almost always) interleaved data: plans for it are
 * timed, and kept in wisdom, on that layout */
PLAN *
PLAN_MANY(int n, int howmany, ptrdiff_t stride, ptrdiff_t dist,
    int sign, unsigned flags)
{
	int lay = stride == 2 ? LAY_INTER : LAY_SPLIT;

	if (kgen_priv_nthreads() > 1)
		return PRIV(big_many)(n, howmany, stride, dist, sign, flags,
		    lay, kgen_priv_nthreads());
	return PRIV(plan_many_lay)(n, howmany, stride, dist, sign, flags,
	    lay);
}

/* FFTW users run it on interleaved data (kgen_execute_dft): tuned so */
PLAN *
PLAN_1D(int n, int sign, unsigned flags)
{
	if (kgen_priv_nthreads() > 1)
		return PRIV(big_many)(n, 1, 1, n, sign, flags, LAY_INTER,
		    kgen_priv_nthreads());
	return PRIV(plan_many_lay)(n, 1, 1, n, sign, flags, LAY_INTER);
}

/* Frees what p holds (its sub-plan too), not p itself. */
void
PRIV(plan_free)(PLAN *p)
{
	int i, j;

	for (i = 0; i < p->nstep; i++) {
		free(p->step[i].w);
		for (j = 0; j < (int)(sizeof p->step[i].wsh
		    / sizeof *p->step[i].wsh); j++)
			free(p->step[i].wsh[j]);
	}
	free(p->grp);
	if (p->y)
		free(p->y - YPAD);
	if (p->fwd) {
		PRIV(plan_free)(p->fwd);
		free(p->fwd);
	}
	free(p->chirp);
	free(p->kern);
	free(p->bx);
	free(p->perm);
}

void
DESTROY(PLAN *p)
{
	if (!p)
		return;
	PRIV(plan_free)(p);
	PRIV(real_free)(p->real);
	PRIV(nd_free)(p->nd);
	PRIV(big_free)(p->big);
	free(p);
}

void
PRIV(plan_set_real)(PLAN *p, Real *r)
{
	p->real = r;
}

Real *
PRIV(plan_real)(const PLAN *p)
{
	return p->real;
}

/* One forward transform of p (ignoring p's sign, howmany and strides):
 * x at stride is to y at stride os; x and y may be the same arrays. */
void
PRIV(plan_execute_one)(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os)
{
	switch (p->kind) {
	case P_DIRECT:
		if (p->v1 && xi == xr + 1 && yi == yr + 1)
			p->v1(xr, yr, is, os);
		else
			p->n1(xr, xi, yr, yi, is, os, 1, 0, 0);
		return;
	case P_BLUESTEIN:
	case P_RADER:
		PRIV(planconv_forward)(p, xr, xi, is, yr, yi, os);
		return;
	case P_BIG:
		PRIV(big_execute)(p, xr, xi, is, yr, yi, os);
		return;
	}
	PRIV(planexec_ct)(p, xr, xi, is, yr, yi, os);
}

int
EXECUTE(const PLAN *p, const R *ri, const R *ii,
    R *ro, R *io)
{
	if (!p || !ri || !ii || !ro || !io || p->real)
		return KGEN_EINVAL;
	if (PRIV(nd_check_split)(p, ri, ii, ro, io) != KGEN_OK)
		return KGEN_EINVAL;
	PRIV(nd_execute)(p, ri, ii, ro, io, 1);
	return KGEN_OK;
}
