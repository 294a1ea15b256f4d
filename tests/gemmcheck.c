/* gemmcheck.c: runs the GEMM codelets and micro-kernels listed in
 * gemmlist.h (F(m, n, k, name) and K(mr, nr, name)) on random operands
 * with leading dimensions beyond the sizes, and prints per run the
 * largest error in units of the bound (K + 2) u (|C| + sum |A B|) against
 * a long-double loop, and whether the guards survived.  NaN guards
 * surround A and B (a stray read poisons C), a sentinel surrounds C (a
 * stray write shows).  The assert lives in tests/test_gemm.py.
 * Usage: gemmcheck SEED */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define F(m, n, k, name) void name(const double *, const double *, \
    double *, ptrdiff_t, ptrdiff_t, ptrdiff_t);
#define K(m, n, name) void name(ptrdiff_t, const double *, const double *, \
    double *, ptrdiff_t, ptrdiff_t, ptrdiff_t);
#include "gemmlist.h"
#undef F
#undef K

enum { GUARD = 16 };
static const double SENT = 1e300;
static unsigned long long state;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

/* An array of n elements with GUARD guards of value g on both sides;
 * every element starts as g too. */
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

/* C(i,j) += sum_p A(i,p) B(p,j) with A(i,p) = A[i*ais + p*aps] and
 * B(p,j) = B[p*bps + j*bjs]: checks the kernel's result in C against the
 * long-double loop on the saved C0; returns error / bound. */
static double
check(int m, int n, int k, const double *A, ptrdiff_t ais, ptrdiff_t aps,
    const double *B, ptrdiff_t bps, ptrdiff_t bjs, const double *C0,
    const double *C, ptrdiff_t ldc, int *ok)
{
	long double ref, mag, err;
	double worst;
	ptrdiff_t x;
	int i, j, p, inside;

	worst = 0;
	for (j = 0; j < n; j++)
		for (i = 0; i < m; i++) {
			ref = C0[i + j * ldc];
			mag = fabsl(ref);
			for (p = 0; p < k; p++) {
				ref += (long double)A[i * ais + p * aps]
				    * B[p * bps + j * bjs];
				mag += fabsl((long double)A[i * ais + p * aps]
				    * B[p * bps + j * bjs]);
			}
			err = fabsl(C[i + j * ldc] - ref);
			if (mag > 0 && !(err <= 0))
				err /= (k + 2) * 0x1p-53L * mag;
			if (!(err <= worst))
				worst = isnan((double)err) ? INFINITY
				    : (double)err;
		}
	for (x = -GUARD; x < ldc * n + GUARD; x++) {
		inside = x >= 0 && x % ldc < m && x / ldc < n;
		if (!inside && C[x] != SENT)
			*ok = 0;
	}
	return worst;
}

/* packed: lda = m, ldb = k, ldc = m, the codelet's constant-stride path;
 * otherwise leading dimensions beyond the sizes. */
static void
fixed(int m, int n, int k, const char *name,
    void (*f)(const double *, const double *, double *, ptrdiff_t,
    ptrdiff_t, ptrdiff_t), int packed)
{
	ptrdiff_t lda, ldb, ldc;
	double *A, *B, *C, *C0, e;
	int i, p, j, ok;

	lda = m + 2 * !packed;
	ldb = k + !packed;
	ldc = m + 3 * !packed;
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
	f(A, B, C, lda, ldb, ldc);
	ok = 1;
	e = check(m, n, k, A, 1, lda, B, 1, ldb, C0, C, ldc, &ok);
	printf("%s %s %d %d %d %.3g %s\n", packed ? "packed" : "fixed", name,
	    m, n, k, e, ok ? "ok" : "guard");
	free(A - GUARD);
	free(B - GUARD);
	free(C - GUARD);
	free(C0 - GUARD);
}

/* A micro-kernel reads A(i,p) = A[i + p*lda] and B(p,j) = B[j + p*ldb]. */
static void
kloop(int m, int n, int k, const char *name,
    void (*f)(ptrdiff_t, const double *, const double *, double *,
    ptrdiff_t, ptrdiff_t, ptrdiff_t))
{
	ptrdiff_t lda, ldb, ldc;
	double *A, *B, *C, *C0, e;
	int i, p, j, ok;

	lda = m + 1;
	ldb = n + 2;
	ldc = m + 3;
	A = arr(lda * k + 1, NAN);
	B = arr(ldb * k + 1, NAN);
	C = arr(ldc * n, SENT);
	C0 = arr(ldc * n, SENT);
	for (p = 0; p < k; p++)
		for (i = 0; i < m; i++)
			A[i + p * lda] = rnd();
	for (p = 0; p < k; p++)
		for (j = 0; j < n; j++)
			B[j + p * ldb] = rnd();
	for (j = 0; j < n; j++)
		for (i = 0; i < m; i++)
			C[i + j * ldc] = C0[i + j * ldc] = rnd();
	f(k, A, B, C, lda, ldb, ldc);
	ok = 1;
	e = check(m, n, k, A, 1, lda, B, ldb, 1, C0, C, ldc, &ok);
	printf("kloop %s %d %d %d %.3g %s\n", name, m, n, k, e,
	    ok ? "ok" : "guard");
	free(A - GUARD);
	free(B - GUARD);
	free(C - GUARD);
	free(C0 - GUARD);
}

/* The values of k each micro-kernel runs with. */
static const int ks[] = {0, 1, 7, 64};

int
main(int argc, char **argv)
{
	state = argc > 1 ? strtoull(argv[1], 0, 10) : 1;
	printf("kind name m n k err/bound guards\n");
#define F(m, n, k, name) fixed(m, n, k, #name, name, 0); \
	fixed(m, n, k, #name, name, 1);
#define K(m, n, name) for (int i = 0; i < 4; i++) \
	kloop(m, n, ks[i], #name, name);
#include "gemmlist.h"
	(void)fixed;    /* a list may hold only one kind */
	(void)kloop;
	(void)ks;
	return 0;
}
