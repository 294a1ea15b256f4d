/* plantime.c: us per transform of standalone files (kgen fft -n N) and
 * of the library's kgen_execute_dft (flags 0) on the same interleaved
 * data, in one process, the two timed in turn, best of the rounds:
 *   cc -O2 -march=native -DLIST='"list.h"' -Iruntime plantime.c f_*.c \
 *       lib/libkgen.a -lm -lpthread
 * where list.h holds B(n, sign, name) (n > 1024: NAME_c) or
 * N(n, sign, name) (the n1 ABI).  Prints "n standalone_us library_us"
 * per file.  Double precision, forward or backward as listed. */
#define _POSIX_C_SOURCE 199309L
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "kgen.h"

typedef void inter_fn(const double *, double *);
typedef void n1_fn(const double *, const double *, double *, double *,
    ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t);

#define B(n, sign, name) inter_fn name##_c;
#define N(n, sign, name) n1_fn name;
#include LIST
#undef B
#undef N

static const struct {
	int n, sign;
	inter_fn *inter;
	n1_fn *n1;
} tab[] = {
#define B(n, sign, name) {n, sign, name##_c, 0},
#define N(n, sign, name) {n, sign, 0, name},
#include LIST
#undef B
#undef N
};

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

int
main(void)
{
	size_t t;
	int n, k, round, it, reps;
	double *x, *y, t0, best[2], d;
	kgen_plan *p;

	for (t = 0; t < sizeof tab / sizeof *tab; t++) {
		n = tab[t].n;
		x = kgen_malloc(2 * n * sizeof *x);
		y = kgen_malloc(2 * n * sizeof *y);
		for (k = 0; k < 2 * n; k++)
			x[k] = (double)rand() / RAND_MAX - 0.5;
		p = kgen_plan_dft_1d(n, tab[t].sign, 0);
		if (!p || !x || !y)
			return 1;
		reps = 2000000 / n + 10;
		best[0] = best[1] = 1e30;
		for (round = 0; round < 15; round++) {
			t0 = now();
			for (it = 0; it < reps; it++)
				if (tab[t].inter)
					tab[t].inter(x, y);
				else
					tab[t].n1(x, x + 1, y, y + 1, 2, 2, 1,
					    0, 0);
			d = (now() - t0) / reps;
			best[0] = d < best[0] ? d : best[0];
			t0 = now();
			for (it = 0; it < reps; it++)
				kgen_execute_dft(p, (const kgen_complex *)x,
				    (kgen_complex *)y);
			d = (now() - t0) / reps;
			best[1] = d < best[1] ? d : best[1];
		}
		printf("%d %.3f %.3f\n", n, best[0] * 1e6, best[1] * 1e6);
		kgen_destroy(p);
		kgen_free(x);
		kgen_free(y);
	}
	return 0;
}
