/* firfft.c: the FFT method of kgen_fir (fir.c): overlap-save on kgen's
 * real plans, and the cost model that picks it and its transform size.
 * Overlap-save (Oppenheim and Schafer, Discrete-Time Signal Processing,
 * 8.7.3): with H the DFT of size m of the taps (zero-padded), a block
 * of m samples u_0 .. u_(m-1) = x[b - L + 1 .. b + s - 1] gives
 *   c = c2r(r2c(u) H) / m,   y[b + i] = c[L - 1 + i],  0 <= i < s,
 * s = m - L + 1 outputs, since those outputs of the circular convolution
 * wrap around no sample.  The blocks read the buffer of fir.c in place
 * (history then input: no copy).  A call that ends inside a block (its
 * last r < s samples) either runs the direct form on those r outputs or
 * one block on a copy of its window zero-padded, whichever the model
 * says is cheaper, so that no output waits for a later call.
 * The cost model counts in units of one multiply-add of the direct form
 * (per tap and output):
 *   direct, per output:        L
 *   one block of size m:       FFT_A m log2 m + FFT_B m
 * (r2c and c2r, the product of spectra, the copy out), FFT_A and FFT_B
 * measured on the machine of docs/design.md's "FIR filters" (AVX-512,
 * both precisions alike within the noise).  For calls of `block`
 * samples, q = block / s whole blocks and r = block mod s left cost
 *   q F(m) + min(F(m), r L),
 * over the candidate sizes m: the powers of two above L (up to 64 L and
 * 4 (L + block)), and the
 * smallest even size of factors 2, 3, 5, 7 (kgen_next_fast_size) of at
 * least block + L - 1 (one block per call).  The cheapest m is taken,
 * and the FFT method when it costs less than the direct form's block L
 * (or when the caller forced it). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "fir.h"

#define FFT_A 0.5
#define FFT_B 2.0

static double
block_cost(int m)
{
	return FFT_A * m * log2(m) + FFT_B * m;
}

static double
call_cost(int L, int block, int m)
{
	int s = m - L + 1, q = block / s, r = block % s;
	double f = block_cost(m), d = (double)r * L;

	return q * f + (r ? (d < f ? d : f) : 0);
}

/* the smallest even size >= n of factors 2, 3, 5, 7, or 0 */
static int
even_fast(int n)
{
	int m = kgen_next_fast_size(n);

	while (m > 0 && m % 2)
		m = kgen_next_fast_size(m + 1);
	return m;
}

int
PRIV(firfft_size)(int L, int block, int force)
{
	int m, best = 0;
	double c, bc = 0;

	for (m = 2; m <= KGEN_PLAN_MAX / 2 && m <= 4.0 * ((double)L + block)
	    && m <= 64.0 * L + 1024; m *= 2) {
		if (m <= L)
			continue;
		c = call_cost(L, block, m);
		if (!best || c < bc) {
			best = m;
			bc = c;
		}
	}
	m = L + block - 1 < KGEN_PLAN_MAX ? even_fast(L + block - 1) : 0;
	if (m > L && m <= KGEN_PLAN_MAX && (c = call_cost(L, block, m),
	    !best || c < bc)) {
		best = m;
		bc = c;
	}
	if (!force && !(bc < (double)block * L))
		return 0;
	return best;
}

int
PRIV(firfft_init)(FIR *f, unsigned flags)
{
	size_t nk = (size_t)f->m / 2 + 1;
	int j;

	f->fcost = block_cost(f->m);
	f->fr = PLAN_R2C(f->m, flags);
	f->fc = PLAN_C2R(f->m, flags);
	f->hre = malloc(nk * sizeof *f->hre);
	f->him = malloc(nk * sizeof *f->him);
	f->re = malloc(nk * sizeof *f->re);
	f->im = malloc(nk * sizeof *f->im);
	f->t = calloc((size_t)f->m, sizeof *f->t);
	if (!f->fr || !f->fc || !f->hre || !f->him || !f->re || !f->im
	    || !f->t)
		return KGEN_ENOMEM;
	for (j = 0; j < f->L; j++)
		f->t[j] = f->hr[f->L - 1 - j];
	EXECUTE_R2C(f->fr, f->t, f->hre, f->him);
	for (j = 0; j < (int)nk; j++) {
		f->hre[j] /= f->m;
		f->him[j] /= f->m;
	}
	return 0;
}

/* one block: the m samples at u, outputs L - 1 .. L - 2 + k of the
 * circular convolution to y */
static void
block(FIR *f, const R *u, R *y, ptrdiff_t k)
{
	ptrdiff_t j, nk = f->m / 2 + 1;
	R a, b;

	EXECUTE_R2C(f->fr, u, f->re, f->im);
	for (j = 0; j < nk; j++) {
		a = f->re[j] * f->hre[j] - f->im[j] * f->him[j];
		b = f->re[j] * f->him[j] + f->im[j] * f->hre[j];
		f->re[j] = a;
		f->im[j] = b;
	}
	EXECUTE_C2R(f->fc, f->re, f->im, f->t);
	memcpy(y, f->t + f->L - 1, k * sizeof *y);
}

void
PRIV(firfft_run)(FIR *f, R *y, ptrdiff_t k)
{
	const R *u = f->w + f->pos - (f->L - 1);
	ptrdiff_t d, r, h = f->L - 1;

	for (d = 0; d + f->s <= k; d += f->s)
		block(f, u + d, y + d, f->s);
	r = k - d;
	if (!r)
		return;
	if ((double)r * f->L < f->fcost) {
		f->kern(f->hr, f->L, u + d, y + d, r);
		return;
	}
	memcpy(f->t, u + d, (h + r) * sizeof *f->t);
	memset(f->t + h + r, 0, (f->m - h - r) * sizeof *f->t);
	block(f, f->t, y + d, r);
}

void
PRIV(firfft_free)(FIR *f)
{
	if (f->fr)
		DESTROY(f->fr);
	if (f->fc)
		DESTROY(f->fc);
	free(f->hre);
	free(f->him);
	free(f->re);
	free(f->im);
	free(f->t);
}
