/* emit/tpl/fixed.c: the code emit/fixed.c (kgen conv --type q15|q31)
 * and emit/fixfft.c (kgen fft --type q15|q31) print around their
 * statements, as pieces between "kgen: begin NAME" and "kgen: end"
 * comments (emit/text.awk, emit/tpl.c).  @name@ is the codelet's name,
 * @t@ its element type (int16_t or int32_t); the others are described at
 * their piece.  docs/design.md, "Fixed point", states the conventions;
 * the lines outside the pieces are not printed.  C's / and % truncate
 * toward zero (C99 6.5.5), so floor(v / d) is the quotient less one for
 * a negative remainder: no >> on a negative value, whose result C leaves
 * to the implementation. */

/* The header's ABI lines of a fixed-point convolution: @h@ = taps - 1
 * samples of history before each block, @first@ = -@h@, @n1@ = n - 1. */
/* kgen: begin fixconv_abi */
 * void @name@(const @t@ *x, @t@ *y, ptrdiff_t is, ptrdiff_t os,
 *     ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);
 * One block of @n@ outputs of v signals: signal s has x[m] = x[s*ivs + m*is]
 * and y[i] = y[s*ovs + i*os].  A call reads @h@ + @n@ inputs, x[@first@] .. x[@n1@]:
 * the @h@ samples before x[0] are the history (zeros, or the end of the
 * previous block).  y must not overlap x.
 *
 * void @name@_stream(@t@ *state, const @t@ *x, @t@ *y,
 *     ptrdiff_t len);
 * Filters the next len samples x[0..len-1] (len >= 0, unit stride) of a
 * signal cut into blocks of any length, writing y[0..len-1], bit-identical
 * to the block entry.  y must not overlap x or state.
/* kgen: end */

/* Q15: the accumulator is the exact sum of the Q30 products in an
 * int64_t (a product is at most 2^30 in magnitude, so 2^33 of them
 * fit); @r@ is 2^14 to round to nearest, 0 to truncate. */
/* kgen: begin fixconv_q15 */
typedef int64_t @name@_acc;

static inline void
@name@_clear(@name@_acc *a)
{
	*a = 0;
}

/* a += p, p = c x a Q15 x Q15 product */
static inline void
@name@_mac(@name@_acc *a, int64_t p)
{
	*a += p;
}

/* sat16(floor((a + @r@) / 2^15)) */
static inline int16_t
@name@_out(const @name@_acc *a)
{
	int64_t v, q;

	v = *a + @r@;
	q = v / 32768 - (v % 32768 < 0);
	return (int16_t)(q < -32768 ? -32768 : q > 32767 ? 32767 : q);
}
/* kgen: end */

/* Q31: a product c x is at most 2^62 in magnitude and a sum of them may
 * not fit in 64 bits, so the accumulator keeps the exact sum as
 * hi 2^31 + lo: hi the sum of floor(p / 2^31), lo the sum of
 * p - 2^31 floor(p / 2^31), each in [0, 2^31).  Biasing p by 2^62 makes
 * it non-negative, so the split is an unsigned shift and mask (defined
 * everywhere); @r@ is 2^30 to round to nearest, 0 to truncate. */
/* kgen: begin fixconv_q31 */
typedef struct {
	int64_t hi;
	uint64_t lo;
} @name@_acc;

static inline void
@name@_clear(@name@_acc *a)
{
	a->hi = 0;
	a->lo = 0;
}

/* a += p, p = c x a Q31 x Q31 product, |p| <= 2^62 */
static inline void
@name@_mac(@name@_acc *a, int64_t p)
{
	uint64_t u;

	u = (uint64_t)p + ((uint64_t)1 << 62);      /* in [2^31, 2^63] */
	a->hi += (int64_t)(u >> 31) - ((int64_t)1 << 31);
	a->lo += u & 0x7fffffff;
}

/* sat32(floor((hi 2^31 + lo + @r@) / 2^31)) */
static inline int32_t
@name@_out(const @name@_acc *a)
{
	int64_t q;

	q = a->hi + (int64_t)((a->lo + @r@) >> 31);
	return (int32_t)(q < -2147483647 - 1 ? -2147483647 - 1
	    : q > 2147483647 ? 2147483647 : q);
}
/* kgen: end */

/* The block entry, up to its loop over the batch. */
/* kgen: begin fixconv_head */
void
@name@(const @t@ *x, @t@ *y, ptrdiff_t is, ptrdiff_t os,
    ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	ptrdiff_t j;

/* kgen: end */

/* The streaming entry, after the block entry and the quantized taps
 * @name@_h[]: @h@ samples of history, blocks of @n@ outputs.  The
 * outputs that read the history, and the last ones short of a block,
 * come from a loop over the taps with the block's arithmetic. */
/* kgen: begin fixconv_stream */
void
@name@_stream(@t@ *state, const @t@ *x, @t@ *y,
    ptrdiff_t len)
{
	const ptrdiff_t h = @h@, n = @n@;
	@name@_acc a;
	ptrdiff_t i, k;

	for (i = 0; i < len; ) {
		if (i >= h && len - i >= n) {
			@name@(x + i, y + i, 1, 1, 1, 0, 0);
			i += n;
			continue;
		}
		@name@_clear(&a);
		for (k = 0; k <= h; k++)
			if (@name@_h[k] != 0)
				@name@_mac(&a, (int64_t)@name@_h[k]
				    * (i - k >= 0 ? x[i - k] : state[h + i - k]));
		y[i++] = @name@_out(&a);
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

/* The FFT's helpers: @one@ is 2^Q (Q = 15 or 31), @min@ and @max@ the
 * range of @t@.  A butterfly of a radix-2 stage, in place on x[a] and
 * x[b] with w = (wr + i wi) / 2^Q:
 *   x[a] <- (x[a] + w x[b]) / 2,   x[b] <- (x[a] - w x[b]) / 2,
 * each real part rounded to nearest (halves up), then saturated.  The
 * product t = 2^Q w x[b] is exact in int64_t (|t| < 2^62.6), and
 * floor((2^Q a + t + 2^Q) / 2^(Q+1)) = floor((a + floor(t / 2^Q) + 1) / 2)
 * keeps every step within 64 bits. */
/* kgen: begin fixfft_helpers */
/* floor(v / d), d > 0 */
static inline int64_t
@name@_fl(int64_t v, int64_t d)
{
	return v / d - (v % d < 0);
}

/* sat(floor((a + s + 1) / 2)): (a + s) / 2 rounded, halves up */
static inline @t@
@name@_avg(int64_t a, int64_t s)
{
	int64_t q;

	q = @name@_fl(a + s + 1, 2);
	if (q < @min@)
		q = @min@;
	if (q > @max@)
		q = @max@;
	return (@t@)q;
}

/* the butterfly with the twiddle (wr + i wi) / 2^Q */
static inline void
@name@_bf(@t@ *xr, @t@ *xi, int a, int b, int64_t wr, int64_t wi)
{
	int64_t ar, ai, tr, ti;

	ar = xr[a];
	ai = xi[a];
	tr = wr * xr[b] - wi * xi[b];
	ti = wr * xi[b] + wi * xr[b];
	xr[a] = @name@_avg(ar, @name@_fl(tr, @one@));
	xi[a] = @name@_avg(ai, @name@_fl(ti, @one@));
	xr[b] = @name@_avg(ar, @name@_fl(-tr, @one@));
	xi[b] = @name@_avg(ai, @name@_fl(-ti, @one@));
}

/* the butterfly with w = 1: exact but for the rounding of the halves */
static inline void
@name@_bf1(@t@ *xr, @t@ *xi, int a, int b)
{
	int64_t ar, ai, br, bi;

	ar = xr[a];
	ai = xi[a];
	br = xr[b];
	bi = xi[b];
	xr[a] = @name@_avg(ar, br);
	xi[a] = @name@_avg(ai, bi);
	xr[b] = @name@_avg(ar, -br);
	xi[b] = @name@_avg(ai, -bi);
}

/* the butterfly with w = s i (s = +-1): w x[b] = -s bi + i s br */
static inline void
@name@_bfj(@t@ *xr, @t@ *xi, int a, int b, int s)
{
	int64_t ar, ai, tr, ti;

	ar = xr[a];
	ai = xi[a];
	tr = -s * (int64_t)xi[b];
	ti = s * (int64_t)xr[b];
	xr[a] = @name@_avg(ar, tr);
	xi[a] = @name@_avg(ai, ti);
	xr[b] = @name@_avg(ar, -tr);
	xi[b] = @name@_avg(ai, -ti);
}

/* kgen: end */

/* The FFT's ABI lines: @n@ its size, @sign@ the exponent's sign. */
/* kgen: begin fixfft_abi */
 * void @name@(const @t@ *ri, const @t@ *ii,
 *     @t@ *ro, @t@ *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v,
 *     ptrdiff_t ivs, ptrdiff_t ovs);
 * FFTW's n1 codelet ABI: v transforms; transform j (0 <= j < v) reads
 * x_m = ri[j*ivs + m*is] + i ii[j*ivs + m*is] (0 <= m < @n@) and writes
 * X_k = (1/@n@) sum_m x_m exp(@sign@2 pi i mk/@n@)
 * to ro[j*ovs + k*os] + i io[j*ovs + k*os].
 * Split or interleaved (ii = ri + 1, io = ro + 1, strides doubled, in
 * elements); in place works, other overlaps do not.
/* kgen: end */

/* The FFT's function, up to its loop over the batch: @n@ the size. */
/* kgen: begin fixfft_head */
void
@name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io,
    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	@t@ xr[@n@], xi[@n@];
	ptrdiff_t j;

/* kgen: end */
