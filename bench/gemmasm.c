/* gemmasm.c: fixed-size GEMM codelets on vectors of rows, the C that
 * gcc compiles (kgen gemm --vlen V --fma, -O3 -march=native) against
 * kgen's assembly of the same DAG and order (--emit asm, Belady's
 * registers), in one process: C += A*B called again and again on one C
 * (A, B and C one after another in memory, in L1), the two timed in
 * alternation, best of TRIALS.  The list, gemmasmlist.h, holds lines
 * G(m, n, k, cname, asmname); mk/bench.mk's bench-gemmasm makes it and
 * the codelets.
 *   usage: gemmasm [TRIALS=31]
 * Prints CSV: m,n,k,c_ns,asm_ns,c_over_asm,c_gflops,asm_gflops
 * (c_over_asm > 1: the assembly is faster). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "timing.h"

typedef void Fn(const double *, const double *, double *, ptrdiff_t,
    ptrdiff_t, ptrdiff_t);

#define G(m, n, k, c, a) Fn c, a;
#include "gemmasmlist.h"
#undef G

static const struct {
	int m, n, k;
	Fn *c, *a;
} tab[] = {
#define G(m, n, k, c, a) {m, n, k, c, a},
#include "gemmasmlist.h"
#undef G
};

/* ns per call of f, reps calls on the same operands. */
static double
timeit(Fn *f, int m, int n, int k, double *A, double *B, double *C,
    int reps)
{
	double t;
	int r;

	t = now();
	for (r = 0; r < reps; r++)
		f(A, B, C, m, k, m);
	return (now() - t) * 1e9 / reps;
}

int
main(int argc, char **argv)
{
	size_t t, i, len;
	int trials, k, m, n, kk, reps;
	double *buf, *A, *B, *C, tc, ta, bc, ba, fl;

	trials = argc > 1 ? atoi(argv[1]) : 31;
	if (trials < 1) {
		fprintf(stderr, "usage: gemmasm [TRIALS=31]\n");
		return 2;
	}
	printf("m,n,k,c_ns,asm_ns,c_over_asm,c_gflops,asm_gflops\n");
	for (t = 0; t < sizeof tab / sizeof *tab; t++) {
		m = tab[t].m;
		n = tab[t].n;
		kk = tab[t].k;
		len = (size_t)m * kk + (size_t)kk * n + (size_t)m * n;
		buf = aligned_alloc(64, (len + 8) * sizeof *buf);
		if (!buf)
			return 1;
		A = buf;
		B = A + (size_t)m * kk;
		C = B + (size_t)kk * n;
		for (i = 0; i < len; i++)
			buf[i] = (double)(i % 17) / 16 - 0.5;
		reps = 1 + 200000 / (m * n * kk);
		bc = ba = 1e30;
		for (k = 0; k < trials; k++) {
			tc = timeit(tab[t].c, m, n, kk, A, B, C, reps);
			ta = timeit(tab[t].a, m, n, kk, A, B, C, reps);
			bc = tc < bc ? tc : bc;
			ba = ta < ba ? ta : ba;
		}
		fl = 2.0 * m * n * kk;
		printf("%d,%d,%d,%.2f,%.2f,%.3f,%.1f,%.1f\n", m, n, kk, bc, ba,
		    bc / ba, fl / bc, fl / ba);
		free(buf);
	}
	return 0;
}
