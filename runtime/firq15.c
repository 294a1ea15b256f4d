/* firq15.c: the Q15 FIR filter (kgen_fir_q15_plan and the rest of
 * kgen.h's FIR section), CMSIS-DSP's arm_fir_q15 convention: taps and
 * samples are int16_t (value / 2^15), each output the exact sum of the
 * products h[k] x[i-k] (Q30) in a 64-bit accumulator, then truncated
 * (floor, an arithmetic shift right by 15) and saturated to int16_t:
 *   y[i] = sat16(floor(acc / 2^15)),
 * or with KGEN_FIR_ROUND rounded to nearest, halves up (acc + 2^14 first:
 * ARM's rounding shift, the default of kgen conv --type q15).
 * Integer sums are exact in any order, so the compiler is free to
 * vectorize the sum over taps.  The history is carried as in fir.c (a
 * buffer of the last L - 1 samples then the current piece, moved back
 * to the front when full); direct form only. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

struct kgen_fir_q15 {
	int L;
	int64_t bias;       /* 2^14 to round, 0 to truncate */
	int16_t *hr;        /* the taps reversed */
	int16_t *w;         /* history then piece: cap samples */
	ptrdiff_t cap, piece, pos;
};

/* floor(acc / 2^15) clamped to int16_t, whatever >> does on negative
 * numbers */
static int16_t
q15_out(int64_t acc)
{
	int64_t q = acc >= 0 ? acc / 32768 : -((-acc + 32767) / 32768);

	if (q > INT16_MAX)
		return INT16_MAX;
	if (q < INT16_MIN)
		return INT16_MIN;
	return (int16_t)q;
}

static void
kern(const int16_t *hr, int L, int64_t bias, const int16_t *w, int16_t *y,
    ptrdiff_t k)
{
	ptrdiff_t i;
	int64_t acc;
	int j;

	for (i = 0; i < k; i++) {
		acc = 0;
		for (j = 0; j < L; j++)
			acc += (int32_t)hr[j] * w[i + j];
		y[i] = q15_out(acc + bias);
	}
}

kgen_fir_q15 *
kgen_fir_q15_plan(int ntaps, const int16_t *h, int maxblock, unsigned flags)
{
	kgen_fir_q15 *f;
	int j;

	if (ntaps < 1 || ntaps > KGEN_FIR_MAX || maxblock < 1
	    || maxblock > KGEN_FIR_MAX || !h
	    || (flags & ~(KGEN_FIR_DIRECT | KGEN_FIR_ROUND)))
		return NULL;
	f = calloc(1, sizeof *f);
	if (!f)
		return NULL;
	f->L = ntaps;
	f->bias = flags & KGEN_FIR_ROUND ? 16384 : 0;
	f->piece = maxblock > ntaps ? maxblock : ntaps;
	f->cap = ntaps - 1 + f->piece;
	f->hr = malloc((size_t)ntaps * sizeof *f->hr);
	f->w = calloc((size_t)f->cap, sizeof *f->w);
	if (!f->hr || !f->w) {
		kgen_fir_q15_destroy(f);
		return NULL;
	}
	for (j = 0; j < ntaps; j++)
		f->hr[j] = h[ntaps - 1 - j];
	f->pos = ntaps - 1;
	return f;
}

int
kgen_fir_q15_run(kgen_fir_q15 *f, const int16_t *x, int16_t *y, size_t n)
{
	ptrdiff_t k, h;

	if (!f || (n && (!x || !y)))
		return KGEN_EINVAL;
	h = f->L - 1;
	while (n) {
		k = n < (size_t)f->piece ? (ptrdiff_t)n : f->piece;
		if (f->pos + k > f->cap) {
			memmove(f->w, f->w + f->pos - h, h * sizeof *f->w);
			f->pos = h;
		}
		memcpy(f->w + f->pos, x, k * sizeof *x);
		kern(f->hr, f->L, f->bias, f->w + f->pos - h, y, k);
		f->pos += k;
		x += k;
		y += k;
		n -= k;
	}
	return KGEN_OK;
}

int
kgen_fir_q15_reset(kgen_fir_q15 *f)
{
	if (!f)
		return KGEN_EINVAL;
	memset(f->w, 0, (size_t)f->cap * sizeof *f->w);
	f->pos = f->L - 1;
	return KGEN_OK;
}

void
kgen_fir_q15_destroy(kgen_fir_q15 *f)
{
	if (!f)
		return;
	free(f->hr);
	free(f->w);
	free(f);
}
