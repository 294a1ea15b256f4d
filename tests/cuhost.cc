/* cuhost.cc: runs a kgen CUDA codelet on the CPU, so that its arithmetic
 * can be checked (with fftcheck.c against FFTW) on machines without a
 * GPU.  The .cu file is compiled as plain C++: __device__, __global__ and
 * __forceinline__ expand to nothing (or inline), and the CUDA thread
 * coordinates are host variables that the loop below sets, one "thread"
 * per transform exactly as a launch of v threads in blocks of 32 would.
 * Build: c++ -DKERNEL='"k.cu"' -DKNAME=cu_n1_16 -DFUNC=n1_16 -DREAL=double
 *        -c cuhost.cc      (gemm: add -DGEMM; see test_cuda.py) */
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
extern "C" void
FUNC(const REAL *A, const REAL *B, REAL *C, ptrdiff_t lda, ptrdiff_t ldb,
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
#endif
