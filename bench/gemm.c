/* gemm.c: kgen's GEMM against OpenBLAS and LIBXSMM, in one process.
 * small: for each shape of gemmlist.h (S(m, n, k, gcc, clang, vec, gcc_ld,
 * vec_ld): the same fixed-size codelet built by each compiler, in vector
 * form (kgen gemm --vlen) by gcc, and the gcc and vector ones inlined with
 * constant leading dimensions, as LIBXSMM's are made; D(m, n, k): a shape
 * without codelets), C += A*B with A, B, C in L1 (one after another)
 * and leading dimensions equal to the sizes, timed for the fixed-size
 * codelets, kgen_dgemm, cblas_dgemm and LIBXSMM's kernel
 * from libxsmm_dmmdispatch (JIT code for this CPU), interleaved so that
 * all see the same machine state; per implementation the best of REPS
 * runs of at least MINT seconds each.
 * large: n x n x n for the sizes given as arguments, kgen_dgemm and
 * cblas_dgemm (run with OPENBLAS_NUM_THREADS=1), best of 3.
 * peak: a register-only loop of independent vector FMAs, the machine's
 * attainable double-precision peak for one core (run first and last; the
 * report takes the better).
 * Times are the calling thread's CPU time (every implementation runs in
 * that thread): on a shared machine another process's turn is not
 * counted, though its traffic in the caches still is; best of REPS.
 * Prints one CSV table: kind,m,n,k,impl,ns,gflops.  bench/gemm.py runs
 * it, writes bench/out/ and plots. */
#include <cblas.h>
#include <libxsmm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "timing.h"

typedef void Codelet(const double *A, const double *B, double *C,
    ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc);
#define S(m, n, k, gcc, clang, vec, gccld, vecld) \
	Codelet gcc, clang, vec, gccld, vecld;
#define D(m, n, k)
#include "gemmlist.h"
#undef S
#undef D

void openblas_set_num_threads(int);

enum { REPS = 15, NCODELET = 5, DGEMM = 5, OPENBLAS, XSMM, IMPLS };
static const double MINT = 0.01;
static const char *const impls[IMPLS] = {"codelet_gcc", "codelet_clang",
    "codelet_vec", "codelet_gcc_ld", "codelet_vec_ld", "kgen_dgemm",
    "openblas", "libxsmm"};

/* This thread's CPU time in seconds (clock.h's clock_seconds). */
static double
cputime(void)
{
	return clock_seconds(CLOCK_THREAD_CPUTIME_ID);
}

/* Seconds per call of implementation i (f: its codelet, if one), over
 * calls calls. */
static double
once(int i, int m, int n, int k, Codelet *f, libxsmm_dmmfunction x,
    const double *A, const double *B, double *C, long calls)
{
	double t;
	long r;

	t = cputime();
	switch (i) {
	default:
		for (r = 0; r < calls; r++)
			f(A, B, C, m, k, m);
		break;
	case DGEMM:
		for (r = 0; r < calls; r++)
			kgen_dgemm(m, n, k, A, m, B, k, C, m);
		break;
	case OPENBLAS:
		for (r = 0; r < calls; r++)
			cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans,
			    m, n, k, 1.0, A, m, B, k, 1.0, C, m);
		break;
	case XSMM:
		for (r = 0; r < calls; r++)
			x(A, B, C);
		break;
	}
	return (cputime() - t) / calls;
}

static void
small(int m, int n, int k, Codelet *gcc, Codelet *clang, Codelet *vec,
    Codelet *gccld, Codelet *vecld)
{
	Codelet *f[IMPLS] = {gcc, clang, vec, gccld, vecld};
	static double buf[3 * (64 * 64 + 8)] __attribute__((aligned(64)));
	double *A, *B, *C, alpha = 1, beta = 1, best[IMPLS], t;
	int flags = LIBXSMM_GEMM_FLAG_NONE, i, rep;
	libxsmm_dmmfunction x;
	long calls[IMPLS];
	int has[IMPLS];

	/* A, B and C one after another, each on a cache line of its own
	 * and one line past the end of the one before: three separate
	 * arrays of 32 KiB put all three at the same address modulo 4 KiB,
	 * and then every load of A or B issued after a store to C waits
	 * on a false dependence (4K aliasing), whatever the kernel */
	A = buf;
	B = A + (m * k + 7) / 8 * 8 + 8;
	C = B + (k * n + 7) / 8 * 8 + 8;
	for (i = 0; i < m * k; i++)
		A[i] = (double)(i % 7) / 7 - 0.5;
	for (i = 0; i < k * n; i++)
		B[i] = (double)(i % 5) / 5 - 0.4;
	memset(C, 0, sizeof *C * m * n);
	x = libxsmm_dmmdispatch(m, n, k, &m, &k, &m, &alpha, &beta, &flags,
	    0);
	for (i = 0; i < IMPLS; i++) {
		has[i] = i == XSMM ? x != 0 : i >= NCODELET || f[i];
		best[i] = 1e30;
		/* calibrate: enough calls for MINT seconds */
		for (calls[i] = 1; has[i]; calls[i] *= 2)
			if (once(i, m, n, k, f[i], x, A, B, C, calls[i]) *
			    calls[i] > MINT)
				break;
	}
	for (rep = 0; rep < REPS; rep++)
		for (i = 0; i < IMPLS; i++) {
			if (!has[i])
				continue;
			t = once(i, m, n, k, f[i], x, A, B, C, calls[i]);
			if (t < best[i])
				best[i] = t;
		}
	for (i = 0; i < IMPLS; i++)
		if (has[i])
			printf("small,%d,%d,%d,%s,%.2f,%.3f\n", m, n, k,
			    impls[i], best[i] * 1e9,
			    2.0 * m * n * k / best[i] * 1e-9);
}

static void
large(int n)
{
	double *A, *B, *C, t, best[2];
	int i, rep, impl;

	A = malloc(sizeof(double) * n * n);
	B = malloc(sizeof(double) * n * n);
	C = malloc(sizeof(double) * n * n);
	for (i = 0; i < n * n; i++) {
		A[i] = (double)(i % 7) / 7 - 0.5;
		B[i] = (double)(i % 5) / 5 - 0.4;
		C[i] = 0;
	}
	best[0] = best[1] = 1e30;
	for (rep = 0; rep < 6; rep++)
		for (impl = 0; impl < 2; impl++) {
			t = cputime();
			if (impl == 0)
				kgen_dgemm(n, n, n, A, n, B, n, C, n);
			else
				cblas_dgemm(CblasColMajor, CblasNoTrans,
				    CblasNoTrans, n, n, n, 1.0, A, n, B, n,
				    1.0, C, n);
			t = cputime() - t;
			/* the first round warms caches and page tables */
			if (rep > 0 && t < best[impl])
				best[impl] = t;
		}
	for (impl = 0; impl < 2; impl++)
		printf("large,%d,%d,%d,%s,%.0f,%.3f\n", n, n, n,
		    impls[impl + DGEMM], best[impl] * 1e9,
		    2.0 * n * n * n / best[impl] * 1e-9);
	free(A);
	free(B);
	free(C);
}

typedef double V8 __attribute__((vector_size(64)));
volatile double sink;   /* keeps the peak loop's result alive */

/* Twelve independent chains of 8-wide FMAs: the FMA units' throughput,
 * whatever vector width -march gives. */
static void
peak(void)
{
	V8 a[12], x, y;
	double t, best;
	long it, n;
	int i, rep;

	x = (V8){0} + 0.999999;
	y = (V8){0} + 1e-9;
	for (i = 0; i < 12; i++)
		a[i] = (V8){0} + i;
	n = 20000000;
	best = 1e30;
	for (rep = 0; rep < 3; rep++) {
		t = cputime();
		for (it = 0; it < n; it++) {
			for (i = 0; i < 12; i++)
				a[i] = a[i] * x + y;
		}
		t = cputime() - t;
		if (t < best)
			best = t;
	}
	for (i = 1; i < 12; i++)
		a[0] += a[i];
	sink = a[0][0];
	printf("peak,0,0,0,fma,%.0f,%.3f\n", best * 1e9,
	    2.0 * 8 * 12 * n / best * 1e-9);
}

int
main(int argc, char **argv)
{
	const char *name;
	int i, mr, nr;

	openblas_set_num_threads(1);
	libxsmm_init();
	printf("kind,m,n,k,impl,ns,gflops\n");
	name = kgen_dgemm_kernel(&mr, &nr);
	printf("info,0,0,0,kgen_dgemm=%s %dx%d;openblas=%s,0,0\n", name, mr,
	    nr, openblas_get_corename());
	peak();
#define S(m, n, k, gcc, clang, vec, gccld, vecld) \
	small(m, n, k, gcc, clang, vec, gccld, vecld);
#define D(m, n, k) small(m, n, k, 0, 0, 0, 0, 0);
#include "gemmlist.h"
#undef S
#undef D
	for (i = 1; i < argc; i++)
		large(atoi(argv[i]));
	peak();
	libxsmm_finalize();
	return 0;
}
