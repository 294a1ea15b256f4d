/* emit/simd/sse2.h: the SSE2 helpers of SIMD n1 codelets (emit/simd.c),
 * in double (the piece between the kgen markers named ISA_d) and in float
 * (ISA_f).  text.awk copies each piece into build/emit/simdtext.h, which
 * the emitter prints into every codelet of the ISA and precision, so that
 * codelets stay self-contained; tests/simdhelpers.c compiles this file
 * on its own and checks the helpers against scalar code.  Lines
 * "#define TPL_" and "#undef TPL_" set the parameters of the templates
 * included (lanesN.h, pack.h, fma.h, nofma.h, pairsf.h, ldn.h), which
 * hold what several ISAs or precisions share, and are not copied.
 *   kgen_splat, kgen_ld, kgen_st (lanesN.h): a scalar in every lane;
 *     lane l from or to p[l * s].
 *   kgen_ldi, kgen_sti: the interleaved loads and stores, written with
 *     intrinsics to choose the instructions: kgen_ldi turns the pairs
 *     p + l * s, l < VL, into vectors of real and imaginary parts, lane l
 *     for pair l up to a fixed permutation, and kgen_sti is its inverse.
 *     Lanes are independent transforms, so no caller sees the
 *     permutation.  Port costs are Intel's, where shuffles have one port.
 *   kgen_pack, kgen_unpack (pack.h): the buffered body's copies.
 *   kgen_fma, kgen_fms, kgen_fnms (fma.h or nofma.h).
 */
#include "types.h"

/* kgen: begin sse2_d */
#ifndef KGEN_SSE2_D
#define KGEN_SSE2_D
#define TPL_F(f) kgen_##f##_sse2_d
#define TPL_VEC kgen_d2
#define TPL_REAL double
#define TPL_VL 2
#define TPL_INTR(f) _mm_##f##_pd
#include "lanes2.h"
KGEN_INLINE void
kgen_ldi_sse2_d(const double *p, ptrdiff_t s, kgen_d2 *re, kgen_d2 *im)
{
	const __m128d a = _mm_loadu_pd(p), b = _mm_loadu_pd(p + s);

	*re = _mm_unpacklo_pd(a, b);
	*im = _mm_unpackhi_pd(a, b);
}

KGEN_INLINE void
kgen_sti_sse2_d(double *p, ptrdiff_t s, kgen_d2 re, kgen_d2 im)
{
	_mm_storeu_pd(p, _mm_unpacklo_pd(re, im));
	_mm_storeu_pd(p + s, _mm_unpackhi_pd(re, im));
}

#include "pack.h"
#if defined(__FMA__)
#include "fma.h"
#else
#include "nofma.h"
#endif
#undef TPL_F
#undef TPL_VEC
#undef TPL_REAL
#undef TPL_VL
#undef TPL_INTR
#endif /* KGEN_SSE2_D */

/* kgen: end */

/* kgen: begin sse2_f */
#ifndef KGEN_SSE2_F
#define KGEN_SSE2_F
#define TPL_F(f) kgen_##f##_sse2_f
#define TPL_VEC kgen_f4
#define TPL_REAL float
#define TPL_VL 4
#define TPL_INTR(f) _mm_##f##_ps
#include "lanes4.h"
/* A (re, im) pair of floats is 8 bytes: a holds the pairs of transforms
 * 0 and 2, b those of 1 and 3, and shufps leaves the lanes in the order
 * 0 2 1 3, which kgen_sti undoes. */
KGEN_INLINE void
kgen_ldi_sse2_f(const float *p, ptrdiff_t s, kgen_f4 *re, kgen_f4 *im)
{
	const __m128 z = _mm_setzero_ps();
	const __m128 a = _mm_loadh_pi(_mm_loadl_pi(z, (const __m64 *)p),
	    (const __m64 *)(p + 2 * s));
	const __m128 b = _mm_loadh_pi(_mm_loadl_pi(z,
	    (const __m64 *)(p + s)), (const __m64 *)(p + 3 * s));

	*re = _mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
	*im = _mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
}

KGEN_INLINE void
kgen_sti_sse2_f(float *p, ptrdiff_t s, kgen_f4 re, kgen_f4 im)
{
	const __m128 a = _mm_unpacklo_ps(re, im);
	const __m128 b = _mm_unpackhi_ps(re, im);

	_mm_storel_pi((__m64 *)p, a);
	_mm_storel_pi((__m64 *)(p + s), b);
	_mm_storeh_pi((__m64 *)(p + 2 * s), a);
	_mm_storeh_pi((__m64 *)(p + 3 * s), b);
}

#include "pack.h"
#if defined(__FMA__)
#include "fma.h"
#else
#include "nofma.h"
#endif
#undef TPL_F
#undef TPL_VEC
#undef TPL_REAL
#undef TPL_VL
#undef TPL_INTR
#endif /* KGEN_SSE2_F */

/* kgen: end */
