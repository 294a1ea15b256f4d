/* timing.h: the benchmarks' clock and medians (bench/asm.c, fft.c and the
 * others include it).  now() is monotonic wall time in seconds; median()
 * sorts x. */
#ifndef KGEN_BENCH_TIMING_H
#define KGEN_BENCH_TIMING_H
#include <stdlib.h>
#include <time.h>

static inline double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

static inline int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of x[0..n-1], sorting x. */
static inline double
median(double *x, int n)
{
	qsort(x, n, sizeof *x, cmp);
	return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}
#endif
