/* ndct.c: M_CT passes of P_ND plans (plannd.c): a dim of size n = n1 n2
 * (both at most KGEN_N1_MAX) transformed for a block of B adjacent
 * transforms of the vector dim at once, as one Cooley-Tukey step on
 * vectors of transforms (columns): n2 batched kgen_dft calls of size n1
 * (one transform per lane, the block's columns side by side) from the
 * source at stride n2 into a per-thread buffer (row n2' n1 + k1, each
 * row the block's B columns interleaved), each call's rows multiplied
 * at once by their twiddle exp(-2 pi i n2' k1 / n) (one twiddle a row,
 * broadcast across the row: a vector loop), then n1 batched calls of
 * size n2 from the buffer to the destination's rows k1 + n1 k2.  Every
 * access is a row of the block, so no gathers; the buffer (2 n B R)
 * stays in L2.  Reference: Cooley and Tukey, Math. Comp. 19 (1965);
 * Bailey's four-step FFT, J. Supercomputing 4 (1990), on columns. */
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "plan.h"
#include "plannd.h"

/* The twiddles of n = n1 n2: w[2 r], w[2 r + 1] = exp(-2 pi i n2' k1 /
 * n) for r = n2' n1 + k1; back: those of slot n2' of the backward pass
 * (below), exp(-2 pi i s k1 / n) with s = n2' or n2 for n2' = 0.  NULL
 * when out of memory. */
R *
PRIV(ndct_twiddles)(int n1, int n2, int back)
{
	R *roots, *w;
	long long n;
	int a, k, t;

	n = (long long)n1 * n2;
	if (!(roots = PRIV(plan_roots)(n)))
		return 0;
	if (!(w = PRIV(plan_ralloc)((size_t)n * 2))) {
		free(roots);
		return 0;
	}
	for (a = 0; a < n2; a++)
		for (k = 0; k < n1; k++) {
			t = (int)((long long)(back && !a ? n2 : a) * k % n);
			w[2 * (a * n1 + k)] = roots[2 * t];
			w[2 * (a * n1 + k) + 1] = -roots[2 * t + 1];
		}
	free(roots);
	return w;
}

/* rows r of b interleaved values at x + r pitch, times w[2 r], w[2 r +
 * 1], for r0 <= r < r1 */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(KGEN_NO_SIMD)
#include <immintrin.h>
#ifdef KGEN_SINGLE
#define V __m256
#define V_N 4
#define V_LD _mm256_loadu_ps
#define V_ST _mm256_storeu_ps
#define V_SET1 _mm256_set1_ps
#define V_MUL _mm256_mul_ps
#define V_FMAS _mm256_fmaddsub_ps
#define V_SWAP(x) _mm256_permute_ps(x, 0xb1)
#else
#define V __m256d
#define V_N 2
#define V_LD _mm256_loadu_pd
#define V_ST _mm256_storeu_pd
#define V_SET1 _mm256_set1_pd
#define V_MUL _mm256_mul_pd
#define V_FMAS _mm256_fmaddsub_pd
#define V_SWAP(x) _mm256_permute_pd(x, 5)
#endif
__attribute__((target("avx2,fma"))) static void
rows_avx2(R *x, ptrdiff_t pitch, int b, const R *w, int r0, int r1)
{
	V c, s, a;
	R *y, u, v;
	int r, j;

	for (r = r0; r < r1; r++) {
		y = x + r * pitch;
		c = V_SET1(w[2 * r]);
		s = V_SET1(w[2 * r + 1]);
		for (j = 0; j + V_N <= b; j += V_N) {
			a = V_LD(y + 2 * j);
			/* (re c - im s, im c + re s) */
			V_ST(y + 2 * j, V_FMAS(a, c, V_MUL(V_SWAP(a), s)));
		}
		for (; j < b; j++) {
			u = y[2 * j];
			v = y[2 * j + 1];
			y[2 * j] = u * w[2 * r] - v * w[2 * r + 1];
			y[2 * j + 1] = v * w[2 * r] + u * w[2 * r + 1];
		}
	}
}
#define HAVE_AVX2_ROWS 1
#endif

#ifdef HAVE_AVX2_ROWS
/* 1 when the AVX2 loops may run (kgen_isa, read once) */
static int
avx2(void)
{
	static _Atomic int isa = -1;
	int i;

	if ((i = isa) < 0)
		isa = i = kgen_isa();
	return i >= KGEN_ISA_AVX2;
}

static int
avx512(void)
{
	return avx2() && kgen_isa() >= KGEN_ISA_AVX512;
}
#endif

static void
rows(R *x, ptrdiff_t pitch, int b, const R *w, int r0, int r1)
{
	R *y, u, v;
	int r, j;

#ifdef HAVE_AVX2_ROWS
	if (avx2()) {
		rows_avx2(x, pitch, b, w, r0, r1);
		return;
	}
#endif
	for (r = r0; r < r1; r++) {
		y = x + r * pitch;
		for (j = 0; j < b; j++) {
			u = y[2 * j];
			v = y[2 * j + 1];
			y[2 * j] = u * w[2 * r] - v * w[2 * r + 1];
			y[2 * j + 1] = v * w[2 * r] + u * w[2 * r + 1];
		}
	}
}

/* y[k] = conj(x[k]) for k < n, interleaved (y == x allowed) */
#ifdef HAVE_AVX2_ROWS
__attribute__((target("avx2,fma"))) static void
conj_avx2(R *y, const R *x, int n)
{
#ifdef KGEN_SINGLE
	const V m = _mm256_castsi256_ps(_mm256_set1_epi64x(
	    (long long)0x8000000000000000ULL));
#define V_XOR _mm256_xor_ps
#else
	const V m = _mm256_set_pd(-0.0, 0.0, -0.0, 0.0);
#define V_XOR _mm256_xor_pd
#endif
	int k;

	for (k = 0; k + V_N <= n; k += V_N)
		V_ST(y + 2 * k, V_XOR(V_LD(x + 2 * k), m));
	for (; k < n; k++) {
		y[2 * k] = x[2 * k];
		y[2 * k + 1] = -x[2 * k + 1];
	}
}
#endif

#ifdef HAVE_AVX2_ROWS
__attribute__((target("avx512f"))) static void
conj_avx512(R *y, const R *x, int n)
{
	const __m512i m = _mm512_set1_epi64(
#ifdef KGEN_SINGLE
	    (long long)0x8000000000000000ULL
#else
	    0
#endif
	    );
#ifndef KGEN_SINGLE
	const __m512i md = _mm512_set_epi64((long long)0x8000000000000000ULL,
	    0, (long long)0x8000000000000000ULL, 0,
	    (long long)0x8000000000000000ULL, 0,
	    (long long)0x8000000000000000ULL, 0);
#endif
	enum { N = 64 / 2 / (int)sizeof(R) };
	int k;

	for (k = 0; k + N <= n; k += N)
		_mm512_storeu_si512((void *)(y + 2 * k), _mm512_xor_si512(
		    _mm512_loadu_si512((const void *)(x + 2 * k)),
#ifdef KGEN_SINGLE
		    m
#else
		    md
#endif
		    ));
	(void)m;
	for (; k < n; k++) {
		y[2 * k] = x[2 * k];
		y[2 * k + 1] = -x[2 * k + 1];
	}
}
#endif

static void
conjz(R *y, const R *x, int n)
{
	int k;

#ifdef HAVE_AVX2_ROWS
	if (avx512()) {
		conj_avx512(y, x, n);
		return;
	}
	if (avx2()) {
		conj_avx2(y, x, n);
		return;
	}
#endif
	for (k = 0; k < n; k++) {
		y[2 * k] = x[2 * k];
		y[2 * k + 1] = -x[2 * k + 1];
	}
}

void
PRIV(nd_conj)(R *y, const R *x, int n, ptrdiff_t is, ptrdiff_t os, int h,
    ptrdiff_t vis, ptrdiff_t vos)
{
	int k, j;

	if (is == 2 && os == 2 && vis == 2 * n && vos == 2 * n)
		conjz(y, x, n * h);
	else if (vis == 2 && vos == 2 && is == 2 * h && os == 2 * h)
		conjz(y, x, n * h);
	else if (vis == 2 && vos == 2)
		for (k = 0; k < n; k++)
			conjz(y + k * os, x + k * is, h);
	else if (is == 2 && os == 2)
		for (j = 0; j < h; j++)
			conjz(y + j * vos, x + j * vis, n);
	else
		for (j = 0; j < h; j++)
			for (k = 0; k < n; k++) {
				y[k * os + j * vos] = x[k * is + j * vis];
				y[k * os + j * vos + 1] = -x[k * is
				    + j * vis + 1];
			}
}

void
PRIV(ndct_task)(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	const NdRun *r = ctx;
	const Pass *ps = r->ps;
	const R *xr, *xi;
	R *br, *yr, *yi;
	ptrdiff_t u, xo, yo, c, m, j0, is, os, vis, vos, B2;
	int b, n, n1, n2, a, k, s;

	m = r->mul;
	br = r->nd->buf[t];
	n = ps->n;
	B2 = 2 * (ptrdiff_t)ps->B;
	n1 = ps->n1;
	n2 = ps->n / n1;
	is = ps->is * m;
	os = ps->os * m;
	vis = ps->vis * m;
	vos = ps->vos * m;
	for (u = lo; u < hi; u++) {
		PRIV(nd_offsets)(ps, u, &xo, &yo, &c);
		j0 = c * ps->B;
		b = ps->nv - j0 < ps->B ? (int)(ps->nv - j0) : ps->B;
		xr = r->xr + (xo + j0 * ps->vis) * m;
		xi = r->xi + (xo + j0 * ps->vis) * m;
		yr = r->yr + (yo + j0 * ps->vos) * m;
		yi = r->yi + (yo + j0 * ps->vos) * m;
		if (r->cj & ND_CJIN) {
			/* x'_j = x_(n-1-j) forward, times w^K: w^k1 in the
			 * twiddles, w^(n1 k2) a shift: a's result in slot
			 * a + 1 (mod n2) */
			for (a = 0; a < n2; a++) {
				s = a + 1 < n2 ? a + 1 : 0;
				DFT(n1, -1, xr + (n - 1 - a) * is,
				    xi + (n - 1 - a) * is, br + s * n1 * B2,
				    br + s * n1 * B2 + 1, -is * n2, B2, b, vis,
				    2);
				rows(br, B2, b, ps->twb, s * n1 + 1,
				    (s + 1) * n1);
			}
		} else
			for (a = 0; a < n2; a++) {
				DFT(n1, -1, xr + a * is, xi + a * is,
				    br + a * n1 * B2, br + a * n1 * B2 + 1,
				    is * n2, B2, b, vis, 2);
				if (a)
					rows(br, B2, b, ps->tw, a * n1 + 1,
					    (a + 1) * n1);
			}
		for (k = 0; k < n1; k++) {
			DFT(n2, -1, br + k * B2, br + k * B2 + 1,
			    yr + k * os, yi + k * os, n1 * B2, n1 * os, b, 2,
			    vos);
			/* F(conj x) = conj(B(x)), conj(F(x)) */
			if (r->cj == ND_CJIN || r->cj == ND_CJOUT)
				PRIV(nd_conj)(yr + k * os, yr + k * os, n2,
				    n1 * os, n1 * os, b, vos, vos);
		}
	}
}

#if defined(HAVE_AVX2_ROWS) && !defined(KGEN_SINGLE)
/* take and put below for interleaved double rows, b and B even: 2 x 2
 * blocks of complex numbers, one 128-bit lane each */
__attribute__((target("avx2,fma"))) static void
take_avx2(const R *x, ptrdiff_t vs, int n, int b, R *t, ptrdiff_t B,
    int cj)
{
	const __m256d m = cj ? _mm256_set_pd(-0.0, 0.0, -0.0, 0.0)
	    : _mm256_setzero_pd();
	__m256d a, c;
	const R *p, *q;
	int k, r;

	for (r = 0; r < b; r += 2) {
		p = x + r * vs;
		q = p + vs;
		for (k = 0; k + 2 <= n; k += 2) {
			a = _mm256_xor_pd(_mm256_loadu_pd(p + 2 * k), m);
			c = _mm256_xor_pd(_mm256_loadu_pd(q + 2 * k), m);
			_mm256_storeu_pd(t + 2 * (k * B + r),
			    _mm256_permute2f128_pd(a, c, 0x20));
			_mm256_storeu_pd(t + 2 * ((k + 1) * B + r),
			    _mm256_permute2f128_pd(a, c, 0x31));
		}
		for (; k < n; k++) {
			t[2 * (k * B + r)] = p[2 * k];
			t[2 * (k * B + r) + 1] = cj ? -p[2 * k + 1]
			    : p[2 * k + 1];
			t[2 * (k * B + r + 1)] = q[2 * k];
			t[2 * (k * B + r + 1) + 1] = cj ? -q[2 * k + 1]
			    : q[2 * k + 1];
		}
	}
}

__attribute__((target("avx2,fma"))) static void
put_avx2(const R *t, ptrdiff_t B, int n, int b, R *y, ptrdiff_t vs, int cj)
{
	const __m256d m = cj ? _mm256_set_pd(-0.0, 0.0, -0.0, 0.0)
	    : _mm256_setzero_pd();
	__m256d a, c;
	R *p, *q;
	int k, r;

	for (r = 0; r < b; r += 2) {
		p = y + r * vs;
		q = p + vs;
		for (k = 0; k + 2 <= n; k += 2) {
			a = _mm256_loadu_pd(t + 2 * (k * B + r));
			c = _mm256_loadu_pd(t + 2 * ((k + 1) * B + r));
			_mm256_storeu_pd(p + 2 * k, _mm256_xor_pd(
			    _mm256_permute2f128_pd(a, c, 0x20), m));
			_mm256_storeu_pd(q + 2 * k, _mm256_xor_pd(
			    _mm256_permute2f128_pd(a, c, 0x31), m));
		}
		for (; k < n; k++) {
			p[2 * k] = t[2 * (k * B + r)];
			p[2 * k + 1] = cj ? -t[2 * (k * B + r) + 1]
			    : t[2 * (k * B + r) + 1];
			q[2 * k] = t[2 * (k * B + r + 1)];
			q[2 * k + 1] = cj ? -t[2 * (k * B + r + 1) + 1]
			    : t[2 * (k * B + r + 1) + 1];
		}
	}
}
#endif

/* b transforms of n (element k of transform r at x[k is + r vs], split
 * or interleaved) to t (element k of r at t[2(k B + r)], side by side),
 * conjugated when cj; and back (put) */
static void
take(const R *xr, const R *xi, ptrdiff_t is, ptrdiff_t vs, int n, int b,
    R *t, ptrdiff_t B, int cj)
{
	const R *p;
	R s;
	int k, r;

	s = cj ? -1 : 1;
#if defined(HAVE_AVX2_ROWS) && !defined(KGEN_SINGLE)
	if (xi == xr + 1 && is == 2 && avx2() && !(b & 1) && !(B & 1)) {
		take_avx2(xr, vs, n, b, t, B, cj);
		return;
	}
#endif
	if (xi == xr + 1 && is == 2) {
		for (r = 0; r < b; r++) {
			p = xr + r * vs;
			for (k = 0; k < n; k++) {
				t[2 * (k * B + r)] = p[2 * k];
				t[2 * (k * B + r) + 1] = s * p[2 * k + 1];
			}
		}
		return;
	}
	for (r = 0; r < b; r++)
		for (k = 0; k < n; k++) {
			t[2 * (k * B + r)] = xr[k * is + r * vs];
			t[2 * (k * B + r) + 1] = s * xi[k * is + r * vs];
		}
}

static void
put(const R *t, ptrdiff_t B, int n, int b, R *yr, R *yi, ptrdiff_t os,
    ptrdiff_t vs, int cj)
{
	R *p;
	R s;
	int k, r;

	s = cj ? -1 : 1;
#if defined(HAVE_AVX2_ROWS) && !defined(KGEN_SINGLE)
	if (yi == yr + 1 && os == 2 && avx2() && !(b & 1) && !(B & 1)) {
		put_avx2(t, B, n, b, yr, vs, cj);
		return;
	}
#endif
	if (yi == yr + 1 && os == 2) {
		for (r = 0; r < b; r++) {
			p = yr + r * vs;
			for (k = 0; k < n; k++) {
				p[2 * k] = t[2 * (k * B + r)];
				p[2 * k + 1] = s * t[2 * (k * B + r) + 1];
			}
		}
		return;
	}
	for (r = 0; r < b; r++)
		for (k = 0; k < n; k++) {
			yr[k * os + r * vs] = t[2 * (k * B + r)];
			yi[k * os + r * vs] = s * t[2 * (k * B + r) + 1];
		}
}

/* M_CTT: M_CT on a block of B rows (transforms whose elements are
 * closer than the transforms) transposed into the buffer first (n x B,
 * side by side) and back after: conjugations (nd_pass's cj) ride on the
 * copies */
void
PRIV(ndct_rows_task)(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	const NdRun *r = ctx;
	const Pass *ps = r->ps;
	R *tb, *ub;
	ptrdiff_t u, xo, yo, c, m, j0, B, B2;
	int b, n, n1, n2, a, k;

	m = r->mul;
	n = ps->n;
	B = ps->B;
	B2 = 2 * B;
	tb = r->nd->buf[t];
	ub = tb + (size_t)n * B2;
	n1 = ps->n1;
	n2 = n / n1;
	for (u = lo; u < hi; u++) {
		PRIV(nd_offsets)(ps, u, &xo, &yo, &c);
		j0 = c * B;
		b = ps->nv - j0 < B ? (int)(ps->nv - j0) : (int)B;
		xo = (xo + j0 * ps->vis) * m;
		yo = (yo + j0 * ps->vos) * m;
		take(r->xr + xo, r->xi + xo, ps->is * m, ps->vis * m, n, b, tb,
		    B, r->cj & ND_CJIN);
		for (a = 0; a < n2; a++) {
			DFT(n1, -1, tb + a * B2, tb + a * B2 + 1,
			    ub + a * n1 * B2, ub + a * n1 * B2 + 1, n2 * B2,
			    B2, b, 2, 2);
			if (a)
				rows(ub, B2, b, ps->tw, a * n1 + 1,
				    (a + 1) * n1);
		}
		for (k = 0; k < n1; k++)
			DFT(n2, -1, ub + k * B2, ub + k * B2 + 1, tb + k * B2,
			    tb + k * B2 + 1, n1 * B2, n1 * B2, b, 2, 2);
		put(tb, B, n, b, r->yr + yo, r->yi + yo, ps->os * m,
		    ps->vos * m, r->cj & ND_CJOUT);
	}
}
