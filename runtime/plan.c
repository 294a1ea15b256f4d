/* plan.c: whole complex transforms of any size, composed from the
 * library's codelets the way FFTW composes its own.
 *
 * A size n <= KGEN_N1_MAX is one n1 codelet (for one transform the one
 * vectorized within it where the library has it).  A larger n made of small
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
 * and the only shuffles are the leaf's transposes.  Radices without a twiddle
 * codelet (primes 11..61) take a plain twiddle loop and a batched n1.
 * Sizes with a prime factor above KGEN_N1_MAX use Bluestein's algorithm
 * (a chirp convolution of size M >= 2n - 1 done by two size-M plans).
 * The backward transform is the forward one with real and imaginary
 * parts swapped (FFTW's trick), so only forward codelets are needed.
 * Compiled twice, for double and (-DKGEN_SINGLE) float: see plan.h.
 * References: Cooley and Tukey 1965; Frigo and Johnson, "The design and
 * implementation of FFTW3", Proc. IEEE 93(2), 2005; Bluestein 1970. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "factor.h"
#include "plan.h"

enum { P_DIRECT, P_CT, P_BLUESTEIN };

_Static_assert(FACTOR_MAXR == KGEN_N1_MAX,
    "factor.h plans with the library's codelets");

/* A twiddle step: radix r over blocks of r*m elements. */
typedef struct Step Step;
struct Step {
	int r, m;
	t1_fn *t1;          /* scalar t1 codelet, or NULL */
	t1v_fn *t1v;        /* vector t1 codelet, or NULL */
	n1_fn *n1;          /* generic radix: n1 codelet of size r */
	R *w;               /* twiddle table (layout of the codelet used) */
};

struct F(kgen_plan) {
	int n, sign, kind;
	int howmany;
	ptrdiff_t stride, dist;
	int vl;             /* lanes of the vector codelets, 1 scalar */
	/* P_DIRECT */
	n1_fn *n1;
	/* P_CT */
	int nstep;
	Step step[FACTOR_MAXSTEP];  /* step[0] is the top radix r_0 */
	int m0;             /* leaf size */
	n1v_fn *leafv;      /* vector leaf, or NULL: leaf n1 */
	int *rev;           /* S / r_0 entries: leaf group -> output offset */
	R *x, *y;           /* scratch: unit-stride input, output (2n each) */
	/* P_BLUESTEIN */
	PLAN *fwd;          /* size M, forward, unit stride */
	R *chirp;           /* 2n: exp(-i pi j^2 / n) */
	R *kern;            /* 2M: FFT of the conjugate chirp, / M */
	R *bx;              /* 2M scratch */
	int M;
	Real *real;         /* r2c and c2r plans (real.c), else NULL */
};

static void *
zalloc(size_t n)
{
	return calloc(1, n ? n : 1);
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
static R *
roots(long long N)
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
		/* reflect 8t into [0, N] in eighths, as gen/num.c does */
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
 * near INT_MAX).  Static in each precision's object, so that the float
 * planner does not link the double one (and its codelets) for it. */
static int
next_fast(int n)
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
	return next_fast(n);
}
#endif

/* The twiddle table of step (r, m) in FFTW's t1 layout, or blocked in
 * vl butterflies for t1v: entry (k, j, c) at k*2(r-1) + 2(j-1) + c, or at
 * (k/vl)*2(r-1)vl + (2(j-1) + c)vl + k%vl. */
static R *
twiddles(int r, int m, int vl, const R *base, int n)
{
	R *w, c, s;
	int k, j, step;
	size_t at;

	/* w_(rm)^(jk) = w_n^(jk n/(rm)); base holds w_n^t */
	step = n / (r * m);
	w = malloc((size_t)m * 2 * (r - 1) * sizeof *w);
	if (!w)
		return 0;
	for (k = 0; k < m; k++)
		for (j = 1; j < r; j++) {
			at = (size_t)((long long)j * k * step % n);
			c = base[2 * at];
			s = base[2 * at + 1];
			if (vl == 1) {
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

/* Splits n (n > KGEN_N1_MAX, all prime factors at most KGEN_N1_MAX)
 * into the leaf *m0 and the radices r[], top first, for isa's codelets
 * (factor.h: the same rule as the standalone files, with vector leaves
 * where isa has them); returns the number of radices. */
static int
factor(int n, const Isa *isa, int *m0, int *r)
{
	unsigned long long vleaves;
	int m;

	vleaves = 0;
	for (m = 1; isa->vl > 1 && m <= KGEN_N1_MAX; m++)
		if (PRIV(plantab_n1v)(isa, m))
			vleaves |= FACTOR_LEAF(m);
	return factor_plan(n, isa->vl, vleaves, m0, r);
}

static void free_parts(PLAN *p);

static int
plan_ct(PLAN *p, const Isa *isa)
{
	int r[FACTOR_MAXSTEP], k, i, j, m, S, g, t, pos, dig, mul;
	Step *st;
	R *base;

	k = factor(p->n, isa, &p->m0, r);
	p->nstep = k;
	p->vl = isa->vl;
	p->leafv = 0;
	if (isa->vl > 1 && r[0] % isa->vl == 0)
		p->leafv = PRIV(plantab_n1v)(isa, p->m0);
	if (!p->leafv)
		p->n1 = N1_SCALAR(p->m0);
	if (!(base = roots(p->n)))
		return -1;
	m = p->m0;
	for (i = k - 1; i >= 0; i--) {
		st = &p->step[i];
		st->r = r[i];
		st->m = m;
		st->t1v = isa->vl > 1 && m % isa->vl == 0
		    ? PRIV(plantab_t1v)(isa, r[i]) : 0;
		st->t1 = st->t1v ? 0 : PRIV(plantab_t1)(r[i]);
		st->n1 = st->t1 || st->t1v ? 0 : N1_SCALAR(r[i]);
		st->w = twiddles(r[i], m, st->t1v ? isa->vl : 1, base, p->n);
		if (!st->w)
			break;
		m *= r[i];
	}
	free(base);
	if (i >= 0)
		return -1;
	/* rev[g]: output offset of leaf group g (leaves g*r_0 + d0), the
	 * digit reversal of its digits d1, d2, ... */
	S = p->n / p->m0;
	p->rev = malloc((size_t)(S / r[0]) * sizeof *p->rev);
	p->x = malloc((size_t)4 * p->n * sizeof *p->x);
	if (!p->rev || !p->x)
		return -1;
	p->y = p->x + (size_t)2 * p->n;
	for (g = 0; g < S / r[0]; g++) {
		t = g;
		pos = 0;
		mul = p->n / r[0];
		for (j = 1; j < k; j++) {
			mul /= r[j];
			dig = t % r[j];
			t /= r[j];
			pos += dig * mul;
		}
		p->rev[g] = pos;
	}
	return 0;
}

static int plan_init(PLAN *p, int n, const Isa *isa);

/* Bluestein: X_k = c_k sum_j (x_j c_j) conj(c_(k-j)), c_j = exp(-i pi
 * j^2 / n), a cyclic convolution of size M >= 2n - 1. */
static int
plan_bluestein(PLAN *p, const Isa *isa)
{
	int n, M, j;
	long long t;
	R *b, *bi, *w;

	/* M <= KGEN_PLAN_MAX, and 2n - 1 cannot overflow */
	n = p->n;
	if (n > KGEN_PLAN_MAX / 2)
		return -1;
	M = next_fast(2 * n - 1);
	p->M = M;
	p->fwd = zalloc(sizeof *p->fwd);
	p->chirp = malloc((size_t)2 * n * sizeof *p->chirp);
	p->kern = malloc((size_t)2 * M * sizeof *p->kern);
	p->bx = malloc((size_t)4 * M * sizeof *p->bx);
	if (!p->fwd || !p->chirp || !p->kern || !p->bx
	    || plan_init(p->fwd, M, isa) < 0)
		return -1;
	if (!(w = roots(2LL * n)))
		return -1;
	for (j = 0; j < n; j++) {
		/* j^2 mod 2n keeps the angle exact for large n */
		t = (long long)j * j % (2LL * n);
		p->chirp[2 * j] = w[2 * t];
		p->chirp[2 * j + 1] = w[2 * t + 1];
	}
	free(w);
	/* kernel b_j = conj(c_j) = exp(+i pi j^2/n) at j and M - j */
	b = p->bx;
	bi = b + M;
	memset(b, 0, (size_t)2 * M * sizeof *b);
	for (j = 0; j < n; j++) {
		b[j] = p->chirp[2 * j];
		bi[j] = p->chirp[2 * j + 1];
		if (j > 0) {
			b[M - j] = b[j];
			bi[M - j] = bi[j];
		}
	}
	PRIV(plan_execute_one)(p->fwd, b, bi, 1, p->kern, p->kern + M, 1);
	for (j = 0; j < M; j++) {
		p->kern[j] /= M;
		p->kern[M + j] /= M;
	}
	return 0;
}

/* Fills p for a single forward transform of size n, unit strides. */
static int
plan_init(PLAN *p, int n, const Isa *isa)
{
	p->n = n;
	p->sign = -1;
	p->howmany = 1;
	p->stride = 1;
	p->dist = n;
	if (n <= KGEN_N1_MAX) {
		p->kind = P_DIRECT;
		p->n1 = N1_SCALAR(n);
		return p->n1 ? 0 : -1;
	}
	if (factor_largest_prime(n) > KGEN_N1_MAX) {
		p->kind = P_BLUESTEIN;
		return plan_bluestein(p, isa);
	}
	p->kind = P_CT;
	return plan_ct(p, isa);
}

/* How well isa's codelets fit size n: 2 when the whole plan runs on
 * vectors (a vector leaf and a top radix that is a multiple of the
 * lanes), 1 when at least the twiddle passes do (the lanes divide n),
 * else 0. */
static int
fit(int n, const Isa *isa)
{
	int r[FACTOR_MAXSTEP], m0;

	if (isa->vl == 1 || n % isa->vl)
		return 0;
	if (n <= KGEN_N1_MAX || factor_largest_prime(n) > KGEN_N1_MAX)
		return 1;
	factor(n, isa, &m0, r);
	return r[0] % isa->vl == 0 && PRIV(plantab_n1v)(isa, m0) ? 2 : 1;
}

/* The ISA for a plan of size n: the widest that fits it best.  For float
 * n = 128 AVX-512's 16 lanes leave no vector leaf while AVX2's 8 give one
 * (1.2 us against 0.2 us); for n = 1000 only the narrower lanes divide
 * n. */
static const Isa *
choose(int n)
{
	const Isa *isa[CPU_N];
	int k, i, best, f, fb;

	k = PRIV(plantab_isas)(isa);
	best = 0;
	fb = fit(n, isa[0]);
	for (i = 1; i < k; i++)
		if ((f = fit(n, isa[i])) > fb) {
			fb = f;
			best = i;
		}
	return isa[best];
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

PLAN *
PLAN_MANY(int n, int howmany, ptrdiff_t stride, ptrdiff_t dist,
    int sign, unsigned flags)
{
	PLAN *p;

	(void)flags;
	if (n < 1 || n > KGEN_PLAN_MAX || howmany < 1
	    || (sign != -1 && sign != 1)
	    || !extent_fits(n, howmany, stride, dist))
		return 0;
	p = zalloc(sizeof *p);
	if (!p)
		return 0;
	if (plan_init(p, n, choose(n)) < 0) {
		DESTROY(p);
		return 0;
	}
	p->sign = sign;
	p->howmany = howmany;
	p->stride = stride;
	p->dist = dist;
	/* one codelet call does the batch: the one kgen_dft would pick */
	if (p->kind == P_DIRECT)
		p->n1 = N1_FOR(n, howmany);
	return p;
}

PLAN *
PLAN_1D(int n, int sign, unsigned flags)
{
	return PLAN_MANY(n, 1, 1, n, sign, flags);
}

static void
free_parts(PLAN *p)
{
	int i;

	for (i = 0; i < p->nstep; i++)
		free(p->step[i].w);
	free(p->rev);
	free(p->x);
	if (p->fwd) {
		free_parts(p->fwd);
		free(p->fwd);
	}
	free(p->chirp);
	free(p->kern);
	free(p->bx);
}

void
DESTROY(PLAN *p)
{
	if (!p)
		return;
	free_parts(p);
	PRIV(real_free)(p->real);
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

/* The twiddle passes of p over y (unit stride, in place). */
static void
twiddle_passes(const PLAN *p, R *yr, R *yi)
{
	const Step *st;
	int i, b, nb, j, k, blk;
	R *br, *bi, c, s, xr, xi;

	for (i = p->nstep - 1; i >= 0; i--) {
		st = &p->step[i];
		blk = st->r * st->m;
		nb = p->n / blk;
		for (b = 0; b < nb; b++) {
			br = yr + (size_t)b * blk;
			bi = yi + (size_t)b * blk;
			if (st->t1v) {
				st->t1v(br, bi, st->w, st->m, 0, st->m);
				continue;
			}
			if (st->t1) {
				st->t1(br, bi, st->w, st->m, 0, st->m, 1);
				continue;
			}
			/* generic radix: twiddle, then r-point DFTs in place */
			for (k = 0; k < st->m; k++)
				for (j = 1; j < st->r; j++) {
					c = st->w[(size_t)k * 2 * (st->r - 1)
					    + 2 * (j - 1)];
					s = st->w[(size_t)k * 2 * (st->r - 1)
					    + 2 * (j - 1) + 1];
					xr = br[k + (size_t)j * st->m];
					xi = bi[k + (size_t)j * st->m];
					br[k + (size_t)j * st->m] = c * xr + s * xi;
					bi[k + (size_t)j * st->m] = c * xi - s * xr;
				}
			st->n1(br, bi, br, bi, st->m, st->m, st->m, 1, 1);
		}
	}
}

/* One forward transform: x (stride is; 1 with a vector leaf) to y (unit
 * stride); y must not overlap x. */
static void
ct_forward(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi)
{
	int r0, S, g, ng;

	r0 = p->step[0].r;
	S = p->n / p->m0;
	ng = S / r0;
	for (g = 0; g < ng; g++) {
		if (p->leafv)
			p->leafv(xr + (size_t)g * r0, xi + (size_t)g * r0,
			    yr + p->rev[g], yi + p->rev[g], S, p->n / r0, r0);
		else
			p->n1(xr + (ptrdiff_t)g * r0 * is,
			    xi + (ptrdiff_t)g * r0 * is, yr + p->rev[g],
			    yi + p->rev[g], S * is, 1, r0, is, p->n / r0);
	}
	twiddle_passes(p, yr, yi);
}

static void
bluestein_forward(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os)
{
	R *ar, *ai, *fr, *fi, c, s, a, b, kr, ki;
	int n, M, j;

	n = p->n;
	M = p->M;
	ar = p->bx;
	ai = ar + M;
	fr = ai + M;
	fi = fr + M;
	for (j = 0; j < n; j++) {
		c = p->chirp[2 * j];
		s = p->chirp[2 * j + 1];
		a = xr[j * is];
		b = xi[j * is];
		/* (a + ib)(c - is) */
		ar[j] = a * c + b * s;
		ai[j] = b * c - a * s;
	}
	memset(ar + n, 0, (size_t)(M - n) * sizeof *ar);
	memset(ai + n, 0, (size_t)(M - n) * sizeof *ai);
	PRIV(plan_execute_one)(p->fwd, ar, ai, 1, fr, fi, 1);
	for (j = 0; j < M; j++) {
		kr = p->kern[j];
		ki = p->kern[M + j];
		a = fr[j] * kr - fi[j] * ki;
		b = fr[j] * ki + fi[j] * kr;
		/* conjugate, so the forward plan computes the inverse */
		fr[j] = a;
		fi[j] = -b;
	}
	PRIV(plan_execute_one)(p->fwd, fr, fi, 1, ar, ai, 1);
	for (j = 0; j < n; j++) {
		c = p->chirp[2 * j];
		s = p->chirp[2 * j + 1];
		a = ar[j];
		b = -ai[j];
		yr[j * os] = a * c + b * s;
		yi[j * os] = b * c - a * s;
	}
}

/* One forward transform of p (ignoring p's sign, howmany and strides):
 * x at stride is to y at stride os; x and y may be the same arrays. */
void
PRIV(plan_execute_one)(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os)
{
	R *sx, *sy;
	int n, j;

	n = p->n;
	if (p->kind == P_DIRECT) {
		p->n1(xr, xi, yr, yi, is, os, 1, 0, 0);
		return;
	}
	if (p->kind == P_BLUESTEIN) {
		bluestein_forward(p, xr, xi, is, yr, yi, os);
		return;
	}
	sx = p->x;
	sy = p->y;
	/* in place, or a strided input the vector leaf cannot read:
	 * gather the input first */
	if (xr == yr || xi == yi || (is != 1 && p->leafv)) {
		for (j = 0; j < n; j++) {
			sx[j] = xr[j * is];
			sx[n + j] = xi[j * is];
		}
		xr = sx;
		xi = sx + n;
		is = 1;
	}
	if (os == 1) {
		ct_forward(p, xr, xi, is, yr, yi);
		return;
	}
	ct_forward(p, xr, xi, is, sy, sy + n);
	for (j = 0; j < n; j++) {
		yr[j * os] = sy[j];
		yi[j * os] = sy[n + j];
	}
}

int
EXECUTE(const PLAN *p, const R *ri, const R *ii,
    R *ro, R *io)
{
	int h;

	if (!p || !ri || !ii || !ro || !io || p->real)
		return KGEN_EINVAL;
	if (p->kind == P_DIRECT) {
		/* one call for the whole batch */
		if (p->sign < 0)
			p->n1(ri, ii, ro, io, p->stride, p->stride, p->howmany,
			    p->dist, p->dist);
		else
			p->n1(ii, ri, io, ro, p->stride, p->stride, p->howmany,
			    p->dist, p->dist);
		return KGEN_OK;
	}
	for (h = 0; h < p->howmany; h++) {
		/* backward = forward with re and im swapped on both sides */
		if (p->sign < 0)
			PRIV(plan_execute_one)(p, ri + h * p->dist,
			    ii + h * p->dist, p->stride, ro + h * p->dist,
			    io + h * p->dist, p->stride);
		else
			PRIV(plan_execute_one)(p, ii + h * p->dist,
			    ri + h * p->dist, p->stride, io + h * p->dist,
			    ro + h * p->dist, p->stride);
	}
	return KGEN_OK;
}
