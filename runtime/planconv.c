/* planconv.c: sizes with a prime factor above KGEN_N1_MAX, as cyclic
 * convolutions done by plans of smooth sizes (runtime/plan.c gives the
 * whole).  A prime n takes Rader's algorithm: with a generator g of the
 * integers mod n, the outputs but X_0 are a cyclic convolution of size
 * n - 1 of the permuted inputs with the permuted roots.  Any n takes
 * Bluestein's: with c_j = exp(-i pi j^2 / n), X_k = c_k sum_j (x_j c_j)
 * conj(c_(k-j)), a convolution of size M >= 2n - 1.  Each convolution is
 * a forward plan of its size, the kernel's transform (scaled by 1 / M)
 * computed once, a pointwise product, and the same forward plan on the
 * conjugate for the inverse.  Compiled twice, for double and
 * (-DKGEN_SINGLE) float: see prec.h.
 * References: Rader, "Discrete Fourier transforms when the number of
 * data samples is prime", Proc. IEEE 56(6), 1968; Bluestein, "A linear
 * filtering approach to the computation of discrete Fourier transform",
 * IEEE Trans. Audio Electroacoust. 18(4), 1970. */
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "factor.h"
#include "plan.h"

/* The least power of two >= m (m <= KGEN_PLAN_MAX), or 0. */
static int
pow2(int m)
{
	int p;

	for (p = 1; p < m && p <= KGEN_PLAN_MAX / 2; p *= 2)
		;
	return p >= m ? p : 0;
}

/* Bluestein's convolution size for n: the least M >= 2n - 1 of the form
 * 2^a times 1, 3, 5, 9, 15 or 45, whose plans are fast (float, split:
 * 9216 6.6 us where next_fast's 8232 = 2^3 3 7^3 took 11.5, for
 * n = 4099); 0 past KGEN_PLAN_MAX. */
static int
bluestein_m(int n)
{
	static const int odd[] = {1, 3, 5, 9, 15, 45};
	long long best, m;
	int i;

	best = (long long)KGEN_PLAN_MAX + 1;
	for (i = 0; i < (int)(sizeof odd / sizeof *odd); i++) {
		for (m = odd[i]; m < 2LL * n - 1; m *= 2)
			;
		if (m < best)
			best = m;
	}
	return best > KGEN_PLAN_MAX ? 0 : (int)best;
}

/* The measuring planner's candidates for n with a prime factor above
 * KGEN_N1_MAX (planmeas.c): Bluestein on the rule's M, next_fast's and
 * a power of two (each once); Rader for a prime.  Returns how many went
 * to cs (at most 4). */
int
PRIV(planconv_candidates)(int n, Cfg *cs)
{
	int nc, i, k;

	nc = 0;
	for (i = 0; i < 3 && n <= KGEN_PLAN_MAX / 2; i++) {
		memset(&cs[nc], 0, sizeof *cs);
		cs[nc].alg = ALG_BLUESTEIN;
		cs[nc].m0 = i == 0 ? bluestein_m(n) : i == 1
		    ? PRIV(plan_next_fast)(2 * n - 1) : pow2(2 * n - 1);
		for (k = 0; k < nc && cs[k].m0 != cs[nc].m0; k++)
			;
		if (cs[nc].m0 >= 2 * n - 1 && k == nc)
			nc++;
	}
	if (factor_smallest(n) == n) {
		memset(&cs[nc], 0, sizeof *cs);
		cs[nc++].alg = ALG_RADER;
	}
	return nc;
}

/* Bluestein: X_k = c_k sum_j (x_j c_j) conj(c_(k-j)), c_j = exp(-i pi
 * j^2 / n), a cyclic convolution of size M >= 2n - 1. */
int
PRIV(planconv_bluestein)(PLAN *p, unsigned flags)
{
	int n, M, j;
	long long t;
	R *b, *bi, *w;

	/* M <= KGEN_PLAN_MAX, and 2n - 1 cannot overflow */
	n = p->n;
	p->kind = P_BLUESTEIN;
	p->cfg.alg = ALG_BLUESTEIN;
	if (n > KGEN_PLAN_MAX / 2)
		return -1;
	/* cfg.m0: M as measured or read from wisdom, else the rule's */
	M = p->cfg.m0 ? p->cfg.m0 : bluestein_m(n);
	if (M < 2 * n - 1 || M > KGEN_PLAN_MAX)
		return -1;
	p->cfg.m0 = M;
	p->M = M;
	p->fwd = calloc(1, sizeof *p->fwd);
	p->chirp = malloc((size_t)2 * n * sizeof *p->chirp);
	p->kern = PRIV(plan_ralloc)((size_t)2 * M);
	p->bx = PRIV(plan_ralloc)((size_t)4 * M);
	if (!p->fwd || !p->chirp || !p->kern || !p->bx
	    || PRIV(plan_init)(p->fwd, M, flags, LAY_SPLIT) < 0)
		return -1;
	if (!(w = PRIV(plan_roots)(2LL * n)))
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

static long long
powmod(long long b, long long e, long long n)
{
	long long r;

	for (r = 1; e; e >>= 1, b = b * b % n)
		if (e & 1)
			r = r * b % n;
	return r;
}

/* The smallest primitive root of the prime n > 2. */
static int
primitive_root(int n)
{
	int g, q, rest, ok;

	for (g = 2;; g++) {
		ok = 1;
		for (rest = n - 1; rest > 1 && ok; ) {
			q = factor_smallest(rest);
			while (rest % q == 0)
				rest /= q;
			ok = powmod(g, (n - 1) / q, n) != 1;
		}
		if (ok)
			return g;
	}
}

/* Rader, for a prime n: with a generator g of the integers mod n, X_0 =
 * sum x and X_(g^-q) = x_0 + sum_(q') x_(g^q') w^(g^(q'-q)), a cyclic
 * convolution of size n - 1 done by a plan of size n - 1. */
int
PRIV(planconv_rader)(PLAN *p, unsigned flags, const R *base)
{
	int n, N, q, g;
	long long e;
	R *b, *bi;

	n = p->n;
	N = n - 1;
	p->kind = P_RADER;
	p->cfg.alg = ALG_RADER;
	if (n < 3 || factor_smallest(n) != n)
		return -1;
	p->M = N;
	p->fwd = calloc(1, sizeof *p->fwd);
	p->perm = malloc((size_t)2 * N * sizeof *p->perm);
	p->kern = PRIV(plan_ralloc)((size_t)2 * N);
	p->bx = PRIV(plan_ralloc)((size_t)4 * N);
	if (!p->fwd || !p->perm || !p->kern || !p->bx
	    || PRIV(plan_init)(p->fwd, N, flags, LAY_SPLIT) < 0)
		return -1;
	g = primitive_root(n);
	for (q = 0, e = 1; q < N; q++, e = e * g % n)
		p->perm[q] = (int)e;
	for (q = 0; q < N; q++)
		p->perm[N + q] = p->perm[(N - q) % N];
	/* kernel b_q = w^(g^-q) = (cos, -sin) of 2 pi g^-q / n */
	b = p->bx;
	bi = b + N;
	for (q = 0; q < N; q++) {
		b[q] = base[2 * p->perm[N + q]];
		bi[q] = -base[2 * p->perm[N + q] + 1];
	}
	PRIV(plan_execute_one)(p->fwd, b, bi, 1, p->kern, p->kern + N, 1);
	for (q = 0; q < N; q++) {
		p->kern[q] /= N;
		p->kern[N + q] /= N;
	}
	return 0;
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

static void
rader_forward(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os)
{
	R *ar, *ai, *fr, *fi, a, b, kr, ki, x0r, x0i, sr, si;
	const int *perm;
	int N, q;

	N = p->M;
	perm = p->perm;
	ar = p->bx;
	ai = ar + N;
	fr = ai + N;
	fi = fr + N;
	for (q = 0; q < N; q++) {
		ar[q] = xr[perm[q] * is];
		ai[q] = xi[perm[q] * is];
	}
	x0r = xr[0];
	x0i = xi[0];
	PRIV(plan_execute_one)(p->fwd, ar, ai, 1, fr, fi, 1);
	sr = fr[0];
	si = fi[0];
	for (q = 0; q < N; q++) {
		kr = p->kern[q];
		ki = p->kern[N + q];
		a = fr[q] * kr - fi[q] * ki;
		b = fr[q] * ki + fi[q] * kr;
		/* conjugate, so the forward plan computes the inverse */
		fr[q] = a;
		fi[q] = -b;
	}
	PRIV(plan_execute_one)(p->fwd, fr, fi, 1, ar, ai, 1);
	yr[0] = x0r + sr;
	yi[0] = x0i + si;
	for (q = 0; q < N; q++) {
		yr[perm[N + q] * os] = x0r + ar[q];
		yi[perm[N + q] * os] = x0i - ai[q];
	}
}

/* One forward transform of Bluestein or Rader plan p: x at stride is to
 * y at stride os (x == y allowed). */
void
PRIV(planconv_forward)(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os)
{
	if (p->kind == P_RADER)
		rader_forward(p, xr, xi, is, yr, yi, os);
	else
		bluestein_forward(p, xr, xi, is, yr, yi, os);
}
