/* Streams 10^6 samples through a 2000-tap low-pass filter in chunks of
 * 4096 (README, "FIR filters"): a tone at 0.01 cycles a sample passes,
 * one at 0.3 is stopped, and the output is the low tone delayed by the
 * filter's (L - 1) / 2 samples.  cc -O2 firexample.c -lkgen -lm */
#include <math.h>
#include <stdio.h>
#include "kgen.h"

enum { L = 2000, N = 1000000, CHUNK = 4096 };

int
main(void)
{
	static double h[L], x[CHUNK], y[CHUNK];
	const double pi = 3.14159265358979324, fc = 0.1, d = (L - 1) / 2.0;
	double sum = 0, err = 0, t, e;
	long i, j;

	for (j = 0; j < L; j++) {        /* windowed sinc, Blackman window */
		t = j - d;
		h[j] = (t ? sin(2 * pi * fc * t) / (pi * t) : 2 * fc)
		    * (0.42 - 0.5 * cos(2 * pi * j / (L - 1))
		    + 0.08 * cos(4 * pi * j / (L - 1)));
		sum += h[j];
	}
	for (j = 0; j < L; j++)
		h[j] /= sum;                 /* gain 1 at DC */
	kgen_fir *f = kgen_fir_plan(L, h, CHUNK, 0);
	if (!f)
		return 1;
	for (i = 0; i < N; i += CHUNK) {
		long n = N - i < CHUNK ? N - i : CHUNK;
		for (j = 0; j < n; j++)
			x[j] = sin(2 * pi * 0.01 * (i + j))
			    + sin(2 * pi * 0.3 * (i + j));
		kgen_fir_run(f, x, y, n);
		for (j = 0; j < n; j++) {
			if (i + j < L)       /* the filter fills up */
				continue;
			e = fabs(y[j] - sin(2 * pi * 0.01 * (i + j - d)));
			err = e > err ? e : err;
		}
	}
	printf("%s, %d taps: largest error %.2g against the low tone\n",
	    kgen_fir_method(f) == KGEN_FIR_FFT ? "FFT" : "direct", L, err);
	kgen_fir_destroy(f);
	return !(err < 1e-3);
}
