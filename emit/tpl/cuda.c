/* emit/tpl/cuda.c: the CUDA code emit/cuda.c prints around the
 * statements of a device function (fft n1 or gemm), as pieces between
 * "kgen: begin NAME" and "kgen: end" comments; the build turns them into
 * text (emit/text.awk) and emit/tpl.c prints them.  A placeholder
 * @name@ stands for a value the emitter passes: @t@ the element type
 * (double or float), @name@ the codelet's name.  The lines outside the
 * pieces are not printed. */

/* fft: the device function NAME_one, one transform, up to its
 * statements. */
/* kgen: begin cu_fft_one */
static __device__ __forceinline__ void
@name@_one(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io,
    ptrdiff_t is, ptrdiff_t os)
{
/* kgen: end */

/* n = 1 uses neither stride. */
/* kgen: begin cu_fft_unit */
	(void)is;
	(void)os;
/* kgen: end */

/* fft: the batch kernel, one thread per transform. */
/* kgen: begin cu_fft_kernel */
extern "C" __global__ void
@name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io,
    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	ptrdiff_t j = (ptrdiff_t)blockIdx.x * blockDim.x + threadIdx.x;

	if (j < v)
		@name@_one(ri + j * ivs, ii + j * ivs, ro + j * ovs, io + j * ovs,
		    is, os);
}
/* kgen: end */

/* gemm: the device function NAME_one, one tile, up to its statements
 * (the leading dimensions are constants in them). */
/* kgen: begin cu_gemm_one */
static __device__ __forceinline__ void
@name@_one(const @t@ *A, const @t@ *B, @t@ *C,
    ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc)
{
	(void)lda;
	(void)ldb;
	(void)ldc;
/* kgen: end */

/* gemm: the batch kernel, one thread per tile j, which reads A + j*as,
 * B + j*bs and updates C + j*cs. */
/* kgen: begin cu_gemm_kernel */
extern "C" __global__ void
@name@(const @t@ *A, const @t@ *B, @t@ *C,
    ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc, ptrdiff_t v,
    ptrdiff_t as, ptrdiff_t bs, ptrdiff_t cs)
{
	ptrdiff_t j = (ptrdiff_t)blockIdx.x * blockDim.x + threadIdx.x;

	if (j < v)
		@name@_one(A + j * as, B + j * bs, C + j * cs, lda, ldb, ldc);
}
/* kgen: end */
