/* gemm.c: small GEMM, streamed as users call it, one contender per build.
 * Built three times (mk/bench.mk), one binary per contender so that no
 * two libraries' symbols meet (LIBXSMM and OpenBLAS both define BLAS):
 *   -DCONTENDER=1: kgen's fixed-size codelets of gemmlist.h, S(m, n, k):
 *      kgen gemm (scalar), with --fma, with --simd ISA (the vector form)
 *      and with --simd ISA --fma, named kgen_, kgenf_, kgenv_, kgenvf_
 *      MxNxK; and kgen_dgemm;
 *   -DCONTENDER=2: LIBXSMM's JIT kernel (libxsmm_dmmdispatch, made once
 *      per shape, leading dimensions fixed as it requires);
 *   -DCONTENDER=3: OpenBLAS's cblas_dgemm on one thread.
 * small: per shape, C_t += A_t * B_t for t = 0, 1, .. over independent
 * triples, tightly packed one after another in three arrays of about WS
 * bytes together (the first argument; at least 16 triples), leading
 * dimensions equal to the sizes: many distinct small matrices, as a
 * batch is called, not one C updated again and again.  Each
 * implementation's time is the best of REPS passes of at least MINT
 * seconds, the implementations of the binary interleaved pass by pass;
 * bench/gemm.py interleaves the binaries, run by run.
 * large: n x n x n for the further arguments (kgen_dgemm, cblas_dgemm),
 * best of 5 after one warm-up.
 * info: kgen's build, the core's double-precision peak (a register-only
 * loop of independent 8-wide FMAs); OpenBLAS's, its kernel's name.
 * Times are the calling thread's CPU time: on a shared machine another
 * process's turn is not counted (its traffic in the caches still is).
 * Prints CSV: kind,m,n,k,impl,ns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "timing.h"

#if CONTENDER == 1
#include "kgen.h"
typedef void Codelet(const double *A, const double *B, double *C,
    ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc);
#define S(m, n, k) Codelet kgen_##m##x##n##x##k, kgenf_##m##x##n##x##k, \
	kgenv_##m##x##n##x##k, kgenvf_##m##x##n##x##k;
#include "gemmlist.h"
#undef S
enum { NIMPL = 5 };
static const char *const impls[NIMPL] = {"kgen", "kgen_fma", "kgen_simd",
    "kgen_simd_fma", "kgen_dgemm"};
#elif CONTENDER == 2
#include <libxsmm.h>
enum { NIMPL = 1 };
static const char *const impls[NIMPL] = {"libxsmm"};
#elif CONTENDER == 3
#include <cblas.h>
void openblas_set_num_threads(int);
enum { NIMPL = 1 };
static const char *const impls[NIMPL] = {"openblas"};
#else
#error "build with -DCONTENDER=1 (kgen), 2 (LIBXSMM) or 3 (OpenBLAS)"
#endif

enum { REPS = 9 };
static const double MINT = 0.004;

/* One shape's operands and what each implementation calls. */
typedef struct Shape Shape;
struct Shape {
	int m, n, k;
	long nt;                /* triples */
	double *A, *B, *C;      /* nt packed matrices each */
#if CONTENDER == 1
	Codelet *f[4];
#elif CONTENDER == 2
	libxsmm_dmmfunction x;
#endif
};

static double
cputime(void)
{
	return clock_seconds(CLOCK_THREAD_CPUTIME_ID);
}

/* One pass of implementation i over every triple. */
static void
pass(const Shape *s, int i)
{
	int m = s->m, n = s->n, k = s->k;
	const double *A = s->A, *B = s->B;
	double *C = s->C;
	long t;

	(void)i;
	for (t = 0; t < s->nt; t++, A += m * k, B += k * n, C += m * n) {
#if CONTENDER == 1
		if (i < 4)
			s->f[i](A, B, C, m, k, m);
		else
			kgen_dgemm(m, n, k, A, m, B, k, C, m);
#elif CONTENDER == 2
		s->x(A, B, C);
#else
		cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n,
		    k, 1.0, A, m, B, k, 1.0, C, m);
#endif
	}
}

/* Seconds per call of implementation i over npass passes. */
static double
timed(const Shape *s, int i, long npass)
{
	double t;
	long r;

	t = cputime();
	for (r = 0; r < npass; r++)
		pass(s, i);
	return (cputime() - t) / (npass * s->nt);
}

static void
small(Shape *s, long ws)
{
	double *buf, best[NIMPL], t;
	long npass[NIMPL], sa, sb, sc, x;
	int i, rep, has[NIMPL];

	sa = (long)s->m * s->k;
	sb = (long)s->k * s->n;
	sc = (long)s->m * s->n;
	s->nt = ws / (8 * (sa + sb + sc));
	if (s->nt < 16)
		s->nt = 16;
	/* the arrays a few cache lines apart, not at the same address
	 * modulo 4 KiB (false dependences of loads on stores) */
	buf = aligned_alloc(64, 8 * ((sa + sb + sc) * s->nt + 64));
	if (!buf)
		exit(1);
	s->A = buf;
	s->B = s->A + sa * s->nt + 24;
	s->C = s->B + sb * s->nt + 40;
	for (x = 0; x < sa * s->nt; x++)
		s->A[x] = (double)(x % 7) / 7 - 0.5;
	for (x = 0; x < sb * s->nt; x++)
		s->B[x] = (double)(x % 5) / 5 - 0.4;
	memset(s->C, 0, 8 * sc * s->nt);
#if CONTENDER == 2
	s->x = libxsmm_dmmdispatch(s->m, s->n, s->k, &s->m, &s->k, &s->m,
	    &(double){1}, &(double){1}, &(int){LIBXSMM_GEMM_FLAG_NONE}, 0);
#endif
	for (i = 0; i < NIMPL; i++) {
#if CONTENDER == 1
		has[i] = i == 4 || s->f[i];
#elif CONTENDER == 2
		has[i] = s->x != 0;
#else
		has[i] = 1;
#endif
		best[i] = 1e30;
		for (npass[i] = 1; has[i]; npass[i] *= 2)
			if (timed(s, i, npass[i]) * npass[i] * s->nt > MINT)
				break;
	}
	for (rep = 0; rep < REPS; rep++)
		for (i = 0; i < NIMPL; i++) {
			if (!has[i])
				continue;
			t = timed(s, i, npass[i]);
			if (t < best[i])
				best[i] = t;
		}
	for (i = 0; i < NIMPL; i++)
		if (has[i])
			printf("small,%d,%d,%d,%s,%.3f\n", s->m, s->n, s->k,
			    impls[i], best[i] * 1e9);
	free(buf);
}

#if CONTENDER != 2
static void
large(int n)
{
	double *A, *B, *C, t, best;
	int i, rep;

	A = malloc(sizeof(double) * n * n);
	B = malloc(sizeof(double) * n * n);
	C = malloc(sizeof(double) * n * n);
	if (!A || !B || !C)
		exit(1);
	for (i = 0; i < n * n; i++) {
		A[i] = (double)(i % 7) / 7 - 0.5;
		B[i] = (double)(i % 5) / 5 - 0.4;
		C[i] = 0;
	}
	best = 1e30;
	for (rep = 0; rep < 6; rep++) {
		t = cputime();
#if CONTENDER == 1
		kgen_dgemm(n, n, n, A, n, B, n, C, n);
#else
		cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n,
		    n, 1.0, A, n, B, n, 1.0, C, n);
#endif
		t = cputime() - t;
		/* the first round warms caches and page tables */
		if (rep > 0 && t < best)
			best = t;
	}
	printf("large,%d,%d,%d,%s,%.0f\n", n, n, n,
	    CONTENDER == 1 ? "kgen_dgemm" : "openblas", best * 1e9);
	free(A);
	free(B);
	free(C);
}
#endif

#if CONTENDER == 1
typedef double V8 __attribute__((vector_size(64)));
volatile double sink;   /* keeps the peak loop's result alive */

/* Twelve independent chains of 8-wide FMAs: ns for 2*8*12*n flops. */
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
		for (it = 0; it < n; it++)
			for (i = 0; i < 12; i++)
				a[i] = a[i] * x + y;
		t = cputime() - t;
		if (t < best)
			best = t;
	}
	for (i = 1; i < 12; i++)
		a[0] += a[i];
	sink = a[0][0];
	printf("info,0,0,0,one-core FMA peak %.1f GFLOP/s,0\n",
	    2.0 * 8 * 12 * n / best * 1e-9);
}
#endif

int
main(int argc, char **argv)
{
	Shape s;
	long ws;
	int i;

	ws = argc > 1 ? atol(argv[1]) : 512 * 1024;
	printf("kind,m,n,k,impl,ns\n");
#if CONTENDER == 1
	peak();
#elif CONTENDER == 2
	libxsmm_init();
#else
	openblas_set_num_threads(1);
	printf("info,0,0,0,openblas %s,0\n", openblas_get_corename());
#endif
#if CONTENDER == 1
#define S(M, N, K) s = (Shape){.m = M, .n = N, .k = K, .f = { \
	kgen_##M##x##N##x##K, kgenf_##M##x##N##x##K, kgenv_##M##x##N##x##K, \
	kgenvf_##M##x##N##x##K}}; small(&s, ws);
#else
#define S(M, N, K) s = (Shape){.m = M, .n = N, .k = K}; small(&s, ws);
#endif
#include "gemmlist.h"
#undef S
#if CONTENDER != 2
	for (i = 2; i < argc; i++)
		large(atoi(argv[i]));
#else
	(void)i;
	libxsmm_finalize();
#endif
	return 0;
}
