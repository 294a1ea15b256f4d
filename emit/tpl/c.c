/* emit/tpl/c.c: the code emit/c.c prints around the statements of its
 * scalar codelets (fft n1, gemm, conv), as pieces between "kgen: begin
 * NAME" and "kgen: end" comments; the build turns them into text
 * (emit/text.awk) and emit/tpl.c prints them.  A placeholder @name@
 * stands for a value the emitter passes: @t@ the element type (double or
 * float), @name@ the codelet's name; the others are described at their
 * piece.  The lines outside the pieces are not printed. */

/* A fixed-size GEMM codelet: the opening of NAME_body, always inlined. */
/* kgen: begin gemm_open */
#if defined(__GNUC__)
#define KGEN_INLINE inline __attribute__((always_inline))
#define KGEN_NOINLINE __attribute__((noinline))
#else
#define KGEN_INLINE inline
#define KGEN_NOINLINE
#endif

static KGEN_INLINE void
@name@_body(const @t@ *A, const @t@ *B, @t@ *C,
    ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc)
{
/* kgen: end */

/* After NAME_body: NAME_ld, the body with the leading dimensions as
 * arguments, and NAME, which calls the body with the constants @m@ and
 * @k@ when the operands are packed (lda = M, ldb = K, ldc = M). */
/* kgen: begin gemm_close */
static KGEN_NOINLINE void
@name@_ld(const @t@ *A, const @t@ *B, @t@ *C,
    ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc)
{
	@name@_body(A, B, C, lda, ldb, ldc);
}

void
@name@(const @t@ *A, const @t@ *B, @t@ *C,
    ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc)
{
	/* packed operands: constant strides */
	if (lda == @m@ && ldb == @k@ && ldc == @m@)
		@name@_body(A, B, C, @m@, @k@, @m@);
	else
		@name@_ld(A, B, C, lda, ldb, ldc);
}
/* kgen: end */

/* An FIR filter's function, up to its loop over the batch. */
/* kgen: begin conv_head */
void
@name@(const @t@ *x, @t@ *y, ptrdiff_t is, ptrdiff_t os,
    ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	ptrdiff_t j;

/* kgen: end */

/* An n1 codelet's function, up to its loop over the batch. */
/* kgen: begin n1_head */
void
@name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io,
    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	ptrdiff_t j;

/* kgen: end */

/* n = 1 uses neither stride. */
/* kgen: begin n1_unit */
	(void)is;
	(void)os;
/* kgen: end */

/* First in the loop for n > 1: the opaque zero (kgen_zero) that keeps
 * the compiler from hoisting the n products k*is out of the loop. */
/* kgen: begin n1_zero */
		is ^= kgen_zero;
		os ^= kgen_zero;
/* kgen: end */
