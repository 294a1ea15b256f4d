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
 *   direct, per output:        L + DIRECT_C
 *   one block of size m:       F(m) = FFT_A m log2 m + FFT_C
 * (r2c and c2r, the product of spectra, the copy out; FFT_C the cost of
 * a call whatever m), the constants fitted to times on the machine of
 * docs/design.md's "FIR filters" (AVX-512; the direct form's vectors
 * hold twice the floats, kgen's FFTs gain less, hence float's larger
 * FFT_A).  For calls of `block` samples, q = block / s whole blocks and
 * r = block mod s left cost
 *   q F(m) + min(F(m), r (L + DIRECT_C)),
 * over the sizes m = 2^p and 3 2^p above L, up to 4 (L + block) and
 * 64 L + 1024 (but at least 2 L): the cheapest m is taken, and the FFT
 * method when it costs less than the direct form, block (L + DIRECT_C),
 * or when the caller forced it (then a call's last partial block is
 * always a block, never the direct form). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "fir.h"

#if ISFLOAT
#define FFT_A 15.5
#define FFT_C 7200.0
#else
#define FFT_A 11.5
#define FFT_C 3100.0
#endif
#define DIRECT_C 4.0

static double
block_cost(int m)
{
	return FFT_A * m * log2(m) + FFT_C;
}

/* the model's cost of a call of `block` samples with blocks of size m;
 * forced, the last partial block is always a block */
static double
call_cost(int L, int block, int m, int force)
{
	int s = m - L + 1, q = block / s, r = block % s;
	double f = block_cost(m), d = (double)r * (L + DIRECT_C);

	return q * f + (r ? (d < f && !force ? d : f) : 0);
}

int
PRIV(firfft_size)(int L, int block, int force)
{
	double c, bc = 0, top;
	long long pw, m;
	int best = 0;

	top = 4.0 * ((double)L + block);
	if (top > 64.0 * L + 1024)
		top = 64.0 * L + 1024;
	if (top < 2.0 * L)
		top = 2.0 * L;
	/* m = 2^p, then 3 2^(p-1) */
	for (pw = 2; pw <= top && pw <= KGEN_PLAN_MAX; pw *= 2)
		for (m = pw; m <= pw + pw / 2; m += pw / 2 > 1 ? pw / 2 : pw) {
			if (m <= L || m > top || m > KGEN_PLAN_MAX)
				continue;
			c = call_cost(L, block, (int)m, force);
			if (!best || c < bc) {
				best = (int)m;
				bc = c;
			}
		}
	if (!force && !(bc < (double)block * (L + DIRECT_C)))
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
	if (!f->force && (double)r * (f->L + DIRECT_C) < f->fcost) {
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
