/* dgemmthreads.c: kgen_dgemm (lib/libkgen) on kgen_plan_with_nthreads's
 * threads, for tests/test_dgemm.py.  For each M N K shape, with leading
 * dimensions beyond the sizes: C += A*B on one thread and on THREADS,
 * from the same C; prints per shape whether the two agree to the bit
 * and the threaded result's largest error in units of (K + 2) u (|C| +
 * sum |A B|) against a long-double loop (tests/dgemmcheck.c's bound).
 * With --time, times n x n x n products instead (the best of 7 rounds
 * of each, 1 thread and THREADS alternating) and prints the speed-up.
 * Usage: dgemmthreads SEED THREADS M N K [M N K ...]
 *        dgemmthreads --time THREADS N [N ...] */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kgen.h"

static unsigned long long state;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

static double *
arr(size_t n)
{
	double *p;
	size_t i;

	if (!(p = malloc((n ? n : 1) * sizeof *p))) {
		fprintf(stderr, "dgemmthreads: out of memory\n");
		exit(2);
	}
	for (i = 0; i < n; i++)
		p[i] = rnd();
	return p;
}

static void
shape(int nt, int m, int n, int k)
{
	ptrdiff_t lda = m + 3, ldb = k + 1, ldc = m + 2, i, j, p;
	double *A, *B, *C0, *C1, *Ct, worst = 0, u = DBL_EPSILON / 2;
	long double s, mag;
	int r1, rt, same;

	A = arr((size_t)lda * k);
	B = arr((size_t)ldb * n);
	C0 = arr((size_t)ldc * n);
	C1 = arr((size_t)ldc * n);
	Ct = arr((size_t)ldc * n);
	memcpy(C1, C0, (size_t)ldc * n * sizeof *C0);
	memcpy(Ct, C0, (size_t)ldc * n * sizeof *C0);
	kgen_plan_with_nthreads(1);
	r1 = kgen_dgemm(m, n, k, A, lda, B, ldb, C1, ldc);
	kgen_plan_with_nthreads(nt);
	rt = kgen_dgemm(m, n, k, A, lda, B, ldb, Ct, ldc);
	same = !memcmp(C1, Ct, (size_t)ldc * n * sizeof *C0);
	for (j = 0; j < n; j++)
		for (i = 0; i < m; i++) {
			s = C0[i + j * ldc];
			mag = fabsl(s);
			for (p = 0; p < k; p++) {
				s += (long double)A[i + p * lda]
				    * B[p + j * ldb];
				mag += fabsl((long double)A[i + p * lda]
				    * B[p + j * ldb]);
			}
			s = fabsl(Ct[i + j * ldc] - s)
			    / ((k + 2) * u * (mag > 0 ? mag : 1));
			if (!(s <= worst))
				worst = (double)s;
		}
	printf("%d %d %d %d %d %g %s\n", m, n, k, r1, rt, worst,
	    same ? "same" : "DIFFERENT");
	free(A);
	free(B);
	free(C0);
	free(C1);
	free(Ct);
}

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void
timing(int nt, int n)
{
	double *A, *B, *C, best[2] = { 1e30, 1e30 }, t;
	int r, i, j, reps;

	A = arr((size_t)n * n);
	B = arr((size_t)n * n);
	C = arr((size_t)n * n);
	reps = (int)(2e8 / ((double)n * n * n)) + 1;
	for (r = 0; r < 7; r++)
		for (i = 0; i < 2; i++) {
			kgen_plan_with_nthreads(i ? nt : 1);
			t = now();
			for (j = 0; j < reps; j++)
				kgen_dgemm(n, n, n, A, n, B, n, C, n);
			t = (now() - t) / reps;
			best[i] = t < best[i] ? t : best[i];
		}
	printf("n %d: 1 thread %.1f us (%.1f Gflop/s), %d threads %.1f us "
	    "(%.1f Gflop/s): %.2fx\n", n, best[0] * 1e6,
	    2e-9 * n * n * n / best[0], nt, best[1] * 1e6,
	    2e-9 * n * n * n / best[1], best[0] / best[1]);
	free(A);
	free(B);
	free(C);
}

int
main(int argc, char **argv)
{
	int i, nt;

	if (argc > 3 && !strcmp(argv[1], "--time")
	    && (nt = atoi(argv[2])) >= 1) {
		state = 1;
		for (i = 3; i < argc; i++)
			timing(nt, atoi(argv[i]));
		return 0;
	}

	if (argc < 3 || (argc - 3) % 3 || (nt = atoi(argv[2])) < 1) {
		fprintf(stderr, "usage: dgemmthreads SEED THREADS M N K "
		    "[M N K ...]\n       dgemmthreads --time THREADS N "
		    "[N ...]\n");
		return 2;
	}
	state = strtoull(argv[1], 0, 10);
	for (i = 3; i + 2 < argc; i += 3)
		shape(nt, atoi(argv[i]), atoi(argv[i + 1]),
		    atoi(argv[i + 2]));
	return 0;
}
