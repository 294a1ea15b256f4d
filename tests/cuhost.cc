/* cuhost.cc: runs a kgen CUDA codelet on the CPU, so that its arithmetic
 * can be checked (with fftcheck.c against FFTW) on machines without a
 * GPU.  The .cu file is compiled as plain C++: __device__, __global__ and
 * __forceinline__ expand to nothing (or inline), and the CUDA thread
 * coordinates are host variables that the loop below sets, one "thread"
 * per transform exactly as a launch of v threads in blocks of 32 would.
 * Build: c++ -DKERNEL='"k.cu"' -DKNAME=cu_n1_16 -DFUNC=n1_16 -DREAL=double
 *        -c cuhost.cc   and link with fftcheck.c;  for a gemm codelet,
 *        c++ -DGEMM -DKERNEL='"k.cu"' -DKNAME=gemm_4x4x4 cuhost.cc
 *        gives a program of its own (usage below). */
#include <stddef.h>

#ifndef REAL
#define REAL double
#endif

struct Coord {
	unsigned x, y, z;
};
static Coord threadIdx, blockIdx, blockDim;

#define __device__
#define __global__
#define __forceinline__ inline
#include KERNEL

#ifndef GEMM
extern "C" void
FUNC(const REAL *ri, const REAL *ii, REAL *ro, REAL *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	ptrdiff_t j;

	blockDim.x = 32;
	for (j = 0; j < v + 31; j++) {	/* the tail threads do nothing */
		blockIdx.x = (unsigned)(j / 32);
		threadIdx.x = (unsigned)(j % 32);
		KNAME(ri, ii, ro, io, is, os, v, ivs, ovs);
	}
}
#else
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void
batch(const REAL *A, const REAL *B, REAL *C, ptrdiff_t lda, ptrdiff_t ldb,
    ptrdiff_t ldc, ptrdiff_t v, ptrdiff_t as, ptrdiff_t bs, ptrdiff_t cs)
{
	ptrdiff_t j;

	blockDim.x = 32;
	for (j = 0; j < v + 31; j++) {
		blockIdx.x = (unsigned)(j / 32);
		threadIdx.x = (unsigned)(j % 32);
		KNAME(A, B, C, lda, ldb, ldc, v, as, bs, cs);
	}
}

/* usage: cuhost M N K: v = 37 tiles with padded leading dimensions and
 * gaps between tiles, against a long double loop; prints "maxrelerr
 * guardhits".  The bound lives in test_cuda.py. */
int
main(int argc, char **argv)
{
	const REAL guard = (REAL)-7.25e3;
	ptrdiff_t m, n, k, lda, ldb, ldc, as, bs, cs, v, t, i, j, p;
	REAL *A, *B, *C, *C0;
	const REAL *a, *b;
	long double s, e, err, mag;
	long hits;
	unsigned long long st;

	if (argc < 4)
		return 2;
	m = atoi(argv[1]), n = atoi(argv[2]), k = atoi(argv[3]);
	v = 37;
	lda = m + 1, ldb = k + 2, ldc = m + 3;
	as = lda * k + 5, bs = ldb * n + 1, cs = ldc * n + 2;
	A = (REAL *)malloc(v * as * sizeof *A);
	B = (REAL *)malloc(v * bs * sizeof *B);
	C = (REAL *)malloc(v * cs * sizeof *C);
	C0 = (REAL *)malloc(v * cs * sizeof *C0);
	st = 12345;
	for (i = 0; i < v * as; i++) {
		st = st * 6364136223846793005ULL + 1442695040888963407ULL;
		A[i] = (REAL)((double)(st >> 11) / 9007199254740992.0 - 0.5);
	}
	for (i = 0; i < v * bs; i++) {
		st = st * 6364136223846793005ULL + 1442695040888963407ULL;
		B[i] = (REAL)((double)(st >> 11) / 9007199254740992.0 - 0.5);
	}
	for (i = 0; i < v * cs; i++) {
		st = st * 6364136223846793005ULL + 1442695040888963407ULL;
		C[i] = C0[i] = (REAL)((double)(st >> 11) / 9007199254740992.0);
		if (i % cs >= ldc * n || i % cs % ldc >= m)
			C[i] = C0[i] = guard;
	}
	batch(A, B, C, lda, ldb, ldc, v, as, bs, cs);
	err = mag = 0;
	hits = 0;
	for (t = 0; t < v; t++)
		for (j = 0; j < n; j++)
			for (i = 0; i < m; i++) {
				s = C0[t * cs + i + j * ldc];
				a = A + t * as + i;
				b = B + t * bs + j * ldb;
				for (p = 0; p < k; p++)
					s += (long double)a[p * lda] * b[p];
				e = fabsl(s - C[t * cs + i + j * ldc]);
				if (e > err)
					err = e;
				if (fabsl(s) > mag)
					mag = fabsl(s);
			}
	for (i = 0; i < v * cs; i++)
		if (C0[i] == guard && C[i] != guard)
			hits++;
	printf("%.3e %ld\n", (double)(err / mag), hits);
	return 0;
}
#endif
