/* dgemmcheck.c: kgen_dgemm (lib/libkgen) on the shapes given as
 * arguments, M N K triples, with leading dimensions beyond the sizes, NaN
 * guards around A and B and a sentinel around C.  Prints per shape the
 * largest error in units of (K + 2) u (|C| + sum |A B|) against a
 * long-double loop and whether the guards survived; then the status of
 * calls with bad arguments and whether they left C alone.  The assert
 * lives in tests/test_gemm.py.
 * Usage: dgemmcheck SEED M N K [M N K ...] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "kgen.h"

enum { GUARD = 16 };
static const double SENT = 1e300;
static unsigned long long state;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

static double *
arr(size_t n, double g)
{
	double *p;
	size_t i;

	p = malloc((n + 2 * GUARD) * sizeof *p);
	for (i = 0; i < n + 2 * GUARD; i++)
		p[i] = g;
	return p + GUARD;
}

static void
shape(int m, int n, int k)
{
	ptrdiff_t lda, ldb, ldc, x;
	double *A, *B, *C, *C0, worst;
	long double ref, mag, err, ab;
	int i, j, p, st, ok;

	lda = m + 1 + (int)(state >> 60);
	ldb = k + 3;
	ldc = m + 2;
	A = arr(lda * k, NAN);
	B = arr(ldb * n, NAN);
	C = arr(ldc * n, SENT);
	C0 = arr(ldc * n, SENT);
	for (p = 0; p < k; p++)
		for (i = 0; i < m; i++)
			A[i + p * lda] = rnd();
	for (j = 0; j < n; j++)
		for (p = 0; p < k; p++)
			B[p + j * ldb] = rnd();
	for (j = 0; j < n; j++)
		for (i = 0; i < m; i++)
			C[i + j * ldc] = C0[i + j * ldc] = rnd();
	st = kgen_dgemm(m, n, k, A, lda, B, ldb, C, ldc);
	worst = 0;
	for (j = 0; j < n; j++)
		for (i = 0; i < m; i++) {
			ref = C0[i + j * ldc];
			mag = fabsl(ref);
			for (p = 0; p < k; p++) {
				ab = (long double)A[i + p * lda]
				    * B[p + j * ldb];
				ref += ab;
				mag += fabsl(ab);
			}
			err = fabsl(C[i + j * ldc] - ref)
			    / ((k + 2) * 0x1p-53L * mag);
			if (!(err <= worst))
				worst = isnan((double)err) ? INFINITY
				    : (double)err;
		}
	ok = 1;
	for (x = -GUARD; x < ldc * n + GUARD; x++)
		if (!(x >= 0 && x % ldc < m && x / ldc < n) && C[x] != SENT)
			ok = 0;
	printf("%d %d %d %d %.3g %s\n", m, n, k, st, worst,
	    ok ? "ok" : "guard");
	free(A - GUARD);
	free(B - GUARD);
	free(C - GUARD);
	free(C0 - GUARD);
}

/* A call that must fail: prints its status and whether C was left. */
static void
bad(const char *what, int m, int n, int k, int nula, ptrdiff_t lda,
    ptrdiff_t ldb, ptrdiff_t ldc)
{
	double A[16] = {1}, B[16] = {1}, C[16] = {1};
	int st;

	st = kgen_dgemm(m, n, k, nula ? 0 : A, lda, B, ldb, C, ldc);
	printf("bad %s %d %s\n", what, st, C[0] == 1 ? "untouched" : "written");
}

int
main(int argc, char **argv)
{
	int i;

	state = argc > 1 ? strtoull(argv[1], 0, 10) : 1;
	printf("isa %s\n", kgen_dgemm_kernel(0, 0));
	for (i = 2; i + 2 < argc; i += 3)
		shape(atoi(argv[i]), atoi(argv[i + 1]), atoi(argv[i + 2]));
	bad("m<0", -1, 1, 1, 0, 1, 1, 1);
	bad("k<0", 1, 1, -1, 0, 1, 1, 1);
	bad("lda<m", 2, 1, 1, 0, 1, 1, 2);
	bad("ldb<k", 1, 1, 2, 0, 1, 1, 1);
	bad("ldc<m", 2, 1, 1, 0, 2, 1, 1);
	bad("A=NULL", 1, 1, 1, 1, 1, 1, 1);
	return 0;
}
