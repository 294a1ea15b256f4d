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

/* The header's ABI lines of an n1 codelet: @n@ its size, @sign@ the
 * sign of the exponent. */
/* kgen: begin n1_abi */
 * void @name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io,
 *     ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);
 * FFTW's n1 codelet ABI: v transforms; transform j (0 <= j < v) reads
 * x_m = ri[j*ivs + m*is] + i ii[j*ivs + m*is] (0 <= m < @n@) and writes
 * X_k = sum_m x_m exp(@sign@2 pi i mk/@n@) to ro[j*ovs + k*os] + i io[j*ovs + k*os],
 * unnormalised.  Real and imaginary parts in split arrays; interleaved
 * complex data is ii = ri + 1, io = ro + 1 with every stride doubled
 * (strides count elements, not bytes).  In place (ri == ro, ii == io,
 * is == os, ivs == ovs) works; other overlaps of input and output do not.
/* kgen: end */

/* The header's ABI lines of a fixed-size GEMM codelet. */
/* kgen: begin gemm_abi */
 * void @name@(const @t@ *A, const @t@ *B, @t@ *C,
 *     ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc);
 * C += A*B, column-major: A(i,p) = A[i + p*lda], B(p,j) = B[p + j*ldb],
 * C(i,j) = C[i + j*ldc] for i < @m@, j < @n@, p < @k@ (leading dimensions
 * in elements).  C must not overlap A or B.  Packed operands (lda = @m@,
 * ldb = @k@, ldc = @m@) take a copy of the body with constant offsets.
/* kgen: end */

/* The header's ABI lines of a correlation: @last@ the last input read. */
/* kgen: begin corr_abi */
 * void @name@(const @t@ *x, @t@ *y, ptrdiff_t is, ptrdiff_t os,
 *     ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);
 * v signals; signal s reads x[s*ivs + m*is] for 0 <= m <= @last@ and writes
 * y[s*ovs + i*os] for 0 <= i < @n@: numpy.correlate(x, h, 'valid') (taps
 * not reversed).  y must not overlap x.
/* kgen: end */

/* The header's ABI lines of a convolution: @h@ = taps - 1 samples of
 * history before each block. */
/* kgen: begin conv_abi */
 * void @name@(const @t@ *x, @t@ *y, ptrdiff_t is, ptrdiff_t os,
 *     ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);
 * One block of @n@ outputs of v signals: signal s has x[m] = x[s*ivs + m*is]
 * and y[i] = y[s*ovs + i*os].  A call reads @h@ + @n@ inputs, x[@first@] .. x[@n1@]:
 * the @h@ samples before x[0] are the history (zeros, or the end of the
 * previous block), so over a long signal the block at offset b is
 * @name@(sig + b, out + b, 1, 1, 1, 0, 0) for b >= @h@.  Matches
 * numpy.convolve(x, h)[i] and scipy.signal.lfilter(h, 1, x) with the
 * history zero.  y must not overlap x.
 *
 * void @name@_stream(@t@ *state, const @t@ *x, @t@ *y, ptrdiff_t len);
 * Filters the next len samples x[0..len-1] (len >= 0, unit stride) of a
 * signal cut into blocks of any length, writing y[0..len-1].  Whole blocks
 * of @n@ outputs whose inputs lie in x run through @name@, the rest through
 * a loop over the taps.  y must not overlap x or state.
/* kgen: end */

/* The streaming form's state, @h@ >= 1 samples (@h1@ = @h@ - 1). */
/* kgen: begin conv_state */
 * state holds the @h@ samples before x, oldest first (state[@h1@] is x[-1]):
 * zero it before the first block (the signal starts at rest); each call
 * leaves the last @h@ samples there for the next.
/* kgen: end */

/* The streaming form's state with one tap. */
/* kgen: begin conv_nostate */
 * With one tap there is no history: state is neither read nor written
 * (NULL will do).
/* kgen: end */

/* A convolution's streaming form, after NAME and its taps NAME_h[]: @h@
 * samples of history, blocks of @n@ outputs. */
/* kgen: begin conv_stream */
void
@name@_stream(@t@ *state, const @t@ *x, @t@ *y, ptrdiff_t len)
{
	const ptrdiff_t h = @h@, n = @n@;
	ptrdiff_t i, k;
	@t@ s;

	for (i = 0; i < len; ) {
		if (i >= h && len - i >= n) {
			@name@(x + i, y + i, 1, 1, 1, 0, 0);
			i += n;
			continue;
		}
		s = 0;
		for (k = 0; k <= h; k++)
			s += @name@_h[k] * (i - k >= 0 ? x[i - k]
			    : state[h + i - k]);
		y[i++] = s;
	}
	/* the history: the last h samples of state and x */
	if (len >= h) {
		for (k = 0; k < h; k++)
			state[k] = x[len - h + k];
	} else {
		for (k = 0; k < h - len; k++)
			state[k] = state[k + len];
		for (k = 0; k < len; k++)
			state[h - len + k] = x[k];
	}
}
/* kgen: end */
