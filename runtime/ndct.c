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
#include "kgen.h"
#include "plan.h"
#include "plannd.h"

/* The twiddles of n = n1 n2: w[2 r], w[2 r + 1] = exp(-2 pi i n2' k1 /
 * n) for r = n2' n1 + k1; NULL when out of memory. */
R *
PRIV(ndct_twiddles)(int n1, int n2)
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
			t = (int)((long long)a * k % n);
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

static void
rows(R *x, ptrdiff_t pitch, int b, const R *w, int r0, int r1)
{
	R *y, u, v;
	int r, j;

#ifdef HAVE_AVX2_ROWS
	if (kgen_isa() >= KGEN_ISA_AVX2) {
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

void
PRIV(ndct_task)(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	const NdRun *r = ctx;
	const Pass *ps = r->ps;
	const R *xr, *xi;
	R *br, *yr, *yi;
	ptrdiff_t u, xo, yo, c, m, j0, is, os, vis, vos, B2;
	int b, n1, n2, a, k;

	m = r->mul;
	br = r->nd->buf[t];
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
		for (a = 0; a < n2; a++) {
			DFT(n1, -1, xr + a * is, xi + a * is,
			    br + a * n1 * B2, br + a * n1 * B2 + 1, is * n2,
			    B2, b, vis, 2);
			if (a)
				rows(br, B2, b, ps->tw, a * n1 + 1,
				    (a + 1) * n1);
		}
		for (k = 0; k < n1; k++)
			DFT(n2, -1, br + k * B2, br + k * B2 + 1,
			    yr + k * os, yi + k * os, n1 * B2, n1 * os, b, 2,
			    vos);
	}
}
