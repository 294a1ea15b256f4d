/* convnaive.c: the FIR loop a DSP programmer writes, the baseline of
 * bench/conv.c: taps in an array, their number a run-time argument,
 * y[i] = sum_k h[k] x[i-k] for 0 <= i < n (x[-ntaps+1 .. -1] the
 * history).  Compiled on its own, gcc -O3 -march=native, so that the
 * compiler sees nothing of the taps; -DSINGLE: float. */
#include <stddef.h>

#ifdef SINGLE
typedef float R;
#else
typedef double R;
#endif

void naive_conv(const R *h, int ntaps, const R *x, R *y, ptrdiff_t n);

void
naive_conv(const R *h, int ntaps, const R *x, R *y, ptrdiff_t n)
{
	ptrdiff_t i;
	int k;
	R s;

	for (i = 0; i < n; i++) {
		s = 0;
		for (k = 0; k < ntaps; k++)
			s += h[k] * x[i - k];
		y[i] = s;
	}
}
