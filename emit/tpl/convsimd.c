/* emit/tpl/convsimd.c: the code emit/convsimd.c prints around the
 * unrolled kernels of a SIMD FIR codelet (kgen conv --simd), as pieces
 * between "kgen: begin NAME" and "kgen: end" comments (emit/tpl.c).
 * Placeholders: @t@ the element type, @name@ the codelet's name, @v@ the
 * vector type (__m256d), @sfx@ the helpers' suffix (avx2_d), @pre@ the
 * intrinsic prefix (_mm256), @s@ its type suffix (pd, ps), @w@ lanes,
 * @u@ vectors a step of the main kernel, @h@ = taps - 1, @n@ outputs a
 * block; the others are described at their piece.  The lines outside
 * the pieces are not printed. */

/* The header's ABI lines of a SIMD convolution (@first@ = -@h@, @n1@ =
 * @n@ - 1). */
/* kgen: begin convsimd_abi */
 * void @name@(const @t@ *x, @t@ *y, ptrdiff_t is, ptrdiff_t os,
 *     ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);
 * One block of @n@ outputs of v signals: signal s has x[m] = x[s*ivs + m*is]
 * and y[i] = y[s*ovs + i*os].  A call reads @h@ + @n@ inputs, x[@first@] .. x[@n1@]:
 * the @h@ samples before x[0] are the history (zeros, or the end of the
 * previous block), so over a long signal the block at offset b is
 * @name@(sig + b, out + b, 1, 1, 1, 0, 0) for b >= @h@.  Matches
 * numpy.convolve(x, h)[i] and scipy.signal.lfilter(h, 1, x) with the
 * history zero.  y must not overlap x.  Unit strides (is = os = 1) run
 * the vector kernels; other strides a loop over the taps.
 *
 * void @name@_stream(@t@ *state, const @t@ *x, @t@ *y, ptrdiff_t len);
 * Filters the next len samples x[0..len-1] (len >= 0, unit stride) of a
 * signal cut into blocks of any length, writing y[0..len-1], all of it
 * through the vector kernels: the first min(len, @h@) outputs, whose
 * history lies in state, from a copy of state and x on the stack, the
 * rest from x itself.  y must not overlap x or state.
/* kgen: end */

/* The header's ABI lines of a SIMD correlation: @last@ the last input
 * read. */
/* kgen: begin corrsimd_abi */
 * void @name@(const @t@ *x, @t@ *y, ptrdiff_t is, ptrdiff_t os,
 *     ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);
 * v signals; signal s reads x[s*ivs + m*is] for 0 <= m <= @last@ and writes
 * y[s*ovs + i*os] for 0 <= i < @n@: numpy.correlate(x, h, 'valid') (taps
 * not reversed).  y must not overlap x.  Unit strides (is = os = 1) run
 * the vector kernels; other strides a loop over the taps.
/* kgen: end */

/* How the kernels work, and how to build the file: @isa@ the ISA's name
 * in capitals, @flags@ the compiler flags (emit/convsimd.c prints how
 * the products are added before the Build line). */
/* kgen: begin convsimd_how */
 * @isa@, across outputs: a vector holds @w@ consecutive outputs, each tap is
 * a broadcast constant and each input an unaligned load of x at an
 * offset; the main kernel makes @u@ vectors a step, a second one vector,
 * and the last outputs (fewer than @w@) come from a zero-padded copy.
/* kgen: end */

/* The Build line: @flags@ as above, @hdr@ the intrinsics' header. */
/* kgen: begin convsimd_build */
 * Build: C99 with <@hdr@> and @flags@ (or -march=native
 * on a CPU that has them).
/* kgen: end */

/* The start of the code: the ISA check and the helpers of one ISA and
 * precision, guarded so that several codelets can share a file: @macro@
 * the compiler's feature macro, @flags@ its flags, @sfxu@ the suffix in
 * capitals, @fmaon@ the condition under which FMA instructions exist. */
/* kgen: begin convsimd_helpers */
#include <stddef.h>
#include <immintrin.h>

#if !defined(@macro@)
#error "this @isa@ codelet needs @flags@"
#endif
#ifndef KGEN_CV_@sfxu@
#define KGEN_CV_@sfxu@
#define KGEN_CV_INLINE static inline __attribute__((always_inline, unused))
KGEN_CV_INLINE @v@
kgen_cv_ld_@sfx@(const @t@ *p)
{
	return @pre@_loadu_@s@(p);
}

KGEN_CV_INLINE void
kgen_cv_st_@sfx@(@t@ *p, @v@ a)
{
	@pre@_storeu_@s@(p, a);
}

KGEN_CV_INLINE @v@
kgen_cv_set1_@sfx@(@t@ c)
{
	return @pre@_set1_@s@(c);
}

KGEN_CV_INLINE @v@
kgen_cv_zero_@sfx@(void)
{
	return @pre@_setzero_@s@();
}

KGEN_CV_INLINE @v@
kgen_cv_add_@sfx@(@v@ a, @v@ b)
{
	return @pre@_add_@s@(a, b);
}

KGEN_CV_INLINE @v@
kgen_cv_sub_@sfx@(@v@ a, @v@ b)
{
	return @pre@_sub_@s@(a, b);
}

KGEN_CV_INLINE @v@
kgen_cv_mul_@sfx@(@v@ a, @v@ b)
{
	return @pre@_mul_@s@(a, b);
}

/* a * b + c: one FMA instruction where the target has them */
KGEN_CV_INLINE @v@
kgen_cv_fma_@sfx@(@v@ a, @v@ b, @v@ c)
{
#if @fmaon@
	return @pre@_fmadd_@s@(a, b, c);
#else
	return @pre@_add_@s@(@pre@_mul_@s@(a, b), c);
#endif
}
#endif /* KGEN_CV_@sfxu@ */
/* kgen: end */

/* The same for NEON (AArch64), whose FMA is in every CPU: @v@ is
 * float64x2_t or float32x4_t, @s@ the intrinsics' suffix, f64 or f32. */
/* kgen: begin convsimd_helpers_neon */
#include <stddef.h>
#include <arm_neon.h>

#if !defined(@macro@)
#error "this @isa@ codelet needs @flags@"
#endif
#ifndef KGEN_CV_@sfxu@
#define KGEN_CV_@sfxu@
#define KGEN_CV_INLINE static inline __attribute__((always_inline, unused))
KGEN_CV_INLINE @v@
kgen_cv_ld_@sfx@(const @t@ *p)
{
	return vld1q_@s@(p);
}

KGEN_CV_INLINE void
kgen_cv_st_@sfx@(@t@ *p, @v@ a)
{
	vst1q_@s@(p, a);
}

KGEN_CV_INLINE @v@
kgen_cv_set1_@sfx@(@t@ c)
{
	return vdupq_n_@s@(c);
}

KGEN_CV_INLINE @v@
kgen_cv_zero_@sfx@(void)
{
	return vdupq_n_@s@(0);
}

KGEN_CV_INLINE @v@
kgen_cv_add_@sfx@(@v@ a, @v@ b)
{
	return vaddq_@s@(a, b);
}

KGEN_CV_INLINE @v@
kgen_cv_sub_@sfx@(@v@ a, @v@ b)
{
	return vsubq_@s@(a, b);
}

KGEN_CV_INLINE @v@
kgen_cv_mul_@sfx@(@v@ a, @v@ b)
{
	return vmulq_@s@(a, b);
}

/* a * b + c: one FMLA */
KGEN_CV_INLINE @v@
kgen_cv_fma_@sfx@(@v@ a, @v@ b, @v@ c)
{
	return vfmaq_@s@(c, a, b);
}
#endif /* KGEN_CV_@sfxu@ */
/* kgen: end */

/* After the kernels NAME_u (@u@ vectors) and NAME_1 (one vector):
 * NAME_run, any number m of outputs at unit stride, and NAME_strided,
 * one block at any strides through the taps NAME_h[] (@taps@ of them,
 * reversed for a correlation, so that y[i] = sum_k NAME_h[k] x[i-k]
 * either way). */
/* kgen: begin convsimd_run */
static void
@name@_run(const @t@ *x, @t@ *y, ptrdiff_t m)
{
	const ptrdiff_t h = @h@, w = @w@, uw = @u@ * @w@;
	@t@ b[@h@ + @w@], o[@w@];
	ptrdiff_t i, k, r;

	for (i = 0; i + uw <= m; i += uw)
		@name@_u(x + i, y + i);
	for (; i + w <= m; i += w)
		@name@_1(x + i, y + i);
	if (i == m)
		return;
	/* r < w outputs: their inputs, then zeros, in b */
	r = m - i;
	for (k = 0; k < h + r; k++)
		b[k] = x[i - h + k];
	for (; k < h + w; k++)
		b[k] = 0;
	@name@_1(b + h, o);
	for (k = 0; k < r; k++)
		y[i + k] = o[k];
}

static void
@name@_strided(const @t@ *x, @t@ *y, ptrdiff_t is, ptrdiff_t os)
{
	ptrdiff_t i, k;
	@t@ s;

	for (i = 0; i < @n@; i++) {
		s = 0;
		for (k = 0; k < @taps@; k++)
			s += @name@_h[k] * x[(i - k) * is];
		y[i * os] = s;
	}
}

/* kgen: end */

/* The block entry: @off@ moves x to the kernels' x[0] (@h@ for a
 * correlation, else 0). */
/* kgen: begin convsimd_block */
void
@name@(const @t@ *x, @t@ *y, ptrdiff_t is, ptrdiff_t os,
    ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	ptrdiff_t j;

	for (j = 0; j < v; j++, x += ivs, y += ovs) {
		if (is == 1 && os == 1)
			@name@_run(x + @off@, y, @n@);
		else
			@name@_strided(x + @off@ * is, y, is, os);
	}
}
/* kgen: end */

/* The streaming form: the first min(len, @h@) outputs from a copy of the
 * history and the first samples, in chunks of @ch@ outputs (at least
 * @h@ up to 1024, so that one copy serves many kernel steps), the rest
 * from x. */
/* kgen: begin convsimd_stream */

void
@name@_stream(@t@ *state, const @t@ *x, @t@ *y, ptrdiff_t len)
{
	const ptrdiff_t h = @h@, ch = @ch@;
	@t@ b[@h@ + @ch@];
	ptrdiff_t i, k, m, head;

	head = len < h ? len : h;
	for (i = 0; i < head; i += m) {
		m = head - i < ch ? head - i : ch;
		/* b: samples i - h .. i + m - 1 of the signal */
		for (k = 0; k < h - i; k++)
			b[k] = state[i + k];
		for (k = 0; k < i + m; k++)
			b[h - i + k] = x[k];
		@name@_run(b + h, y + i, m);
	}
	if (len > h)
		@name@_run(x + h, y + h, len - h);
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
