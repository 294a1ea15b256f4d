/* q1diff.c: kgen's q1 codelet against genfft's of the same size, for
 * tests/test_fftwrdft.py.  FFTW's planner picks its square codelets
 * (dft/dftw-directsq.c) only for a vector length equal to the radix, so
 * make check-fftw's problems never run them; this runs both on the same
 * data and twiddles instead.  Built twice per codelet file with
 * -DCODELET="file" -DWRAP=name -DFN=q1_N (each file's static function
 * behind an exported wrapper), and once with -DMAIN -DN=N, against
 * FFTW's config.h and kernel headers. */
#ifndef MAIN
#include CODELET
void X(kdft_difsq_register)(planner *p, kdftwsq k, const ct_desc *d)
{
	(void)p;
	(void)k;
	(void)d;
}

void
WRAP(R *rio, R *iio, const R *W, stride rs, stride vs, INT mb, INT me,
    INT ms)
{
	FN(rio, iio, W, rs, vs, mb, me, ms);
}
#else
#include <math.h>
#include <stdio.h>
#include "kernel/ifftw.h"

void run_kgen(R *, R *, const R *, stride, stride, INT, INT, INT);
void run_fftw(R *, R *, const R *, stride, stride, INT, INT, INT);
const INT X(an_INT_guaranteed_to_be_zero) = 0;

/* 3 butterflies of N x N complex values, interleaved: both codelets on
 * the same data and table; every value must change and agree. */
int
main(void)
{
	enum { M = 3, BIG = 2 * N * N * M + 8 };
	static R a[BIG], b[BIG], w[2 * N * M + 8];
	static INT rs[N], vs[N];
	double e = 0, mx = 0;
	int j, ch = 0;

	for (j = 0; j < N; j++) {
		rs[j] = 2 * j;
		vs[j] = 2 * N * j;
	}
	for (j = 0; j < BIG; j++)
		a[j] = b[j] = sin(1.7 * j + 0.3) + 0.01 * j;
	for (j = 0; j < 2 * N * M + 8; j++)
		w[j] = cos(0.37 * j + 1.1);
	run_kgen(a, a + 1, w, rs, vs, 0, M, 2 * N * N);
	run_fftw(b, b + 1, w, rs, vs, 0, M, 2 * N * N);
	for (j = 0; j < BIG; j++) {
		e = fmax(e, fabs(a[j] - b[j]));
		mx = fmax(mx, fabs(b[j]));
		ch += b[j] != sin(1.7 * j + 0.3) + 0.01 * j;
	}
	printf("q1_%d: largest difference %g (largest value %g), %d of %d "
	    "values changed\n", N, e, mx, ch, 2 * N * N * M);
	return e > 1e-12 * mx || ch < 2 * N * N * M;
}
#endif
