/* emit/simd/avx2.h: the AVX2 helpers of SIMD n1 codelets (emit/simd.c),
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
 *   kgen_ldgG, kgen_stgG, and kgen_ldn, kgen_stn (ldn.h) (float): groups
 *     of G adjacent elements transposed in registers, and pairs in the
 *     lane order the groups give.
 */
#include "types.h"

/* kgen: begin avx2_d */
#ifndef KGEN_AVX2_D
#define KGEN_AVX2_D
#define TPL_F(f) kgen_##f##_avx2_d
#define TPL_VEC kgen_d4
#define TPL_REAL double
#define TPL_VL 4
#define TPL_INTR(f) _mm256_##f##_pd
#include "lanes4.h"
/* a holds the pairs of transforms 0 and 2 (vinsertf128 from memory), b
 * those of 1 and 3; unpcklpd and unpckhpd then give lanes 0, 1, 2, 3. */
KGEN_INLINE void
kgen_ldi_avx2_d(const double *p, ptrdiff_t s, kgen_d4 *re, kgen_d4 *im)
{
	const __m256d a = _mm256_insertf128_pd(_mm256_castpd128_pd256(
	    _mm_loadu_pd(p)), _mm_loadu_pd(p + 2 * s), 1);
	const __m256d b = _mm256_insertf128_pd(_mm256_castpd128_pd256(
	    _mm_loadu_pd(p + s)), _mm_loadu_pd(p + 3 * s), 1);

	*re = _mm256_unpacklo_pd(a, b);
	*im = _mm256_unpackhi_pd(a, b);
}

KGEN_INLINE void
kgen_sti_avx2_d(double *p, ptrdiff_t s, kgen_d4 re, kgen_d4 im)
{
	const __m256d a = _mm256_unpacklo_pd(re, im);
	const __m256d b = _mm256_unpackhi_pd(re, im);

	_mm_storeu_pd(p, _mm256_castpd256_pd128(a));
	_mm_storeu_pd(p + s, _mm256_castpd256_pd128(b));
	_mm_storeu_pd(p + 2 * s, _mm256_extractf128_pd(a, 1));
	_mm_storeu_pd(p + 3 * s, _mm256_extractf128_pd(b, 1));
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
#endif /* KGEN_AVX2_D */

/* kgen: end */

/* kgen: begin avx2_f */
#ifndef KGEN_AVX2_F
#define KGEN_AVX2_F
#define TPL_F(f) kgen_##f##_avx2_f
#define TPL_VEC kgen_f8
#define TPL_REAL float
#define TPL_VL 8
#define TPL_INTR(f) _mm256_##f##_ps
#include "lanes8.h"
/* Pairs of floats are 8 bytes, loaded by vbroadcastsd (a load port
 * only) and merged by vblendpd (any vector port), so the shuffle port
 * does only the two shufps.  a holds the pairs of transforms 0 2 4 6, b
 * those of 1 3 5 7; the lanes come out in the order 0 2 1 3 4 6 5 7,
 * which kgen_sti undoes. */
#include "pairsf.h"
KGEN_INLINE void
kgen_ldi_avx2_f(const float *p, ptrdiff_t s, kgen_f8 *re, kgen_f8 *im)
{
	const __m256 a = _mm256_castpd_ps(kgen_pairs_avx2_f(p, s));
	const __m256 b = _mm256_castpd_ps(kgen_pairs_avx2_f(p + s, s));

	*re = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
	*im = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
}

KGEN_INLINE void
kgen_sti_avx2_f(float *p, ptrdiff_t s, kgen_f8 re, kgen_f8 im)
{
	const __m256 a = _mm256_unpacklo_ps(re, im);
	const __m256 b = _mm256_unpackhi_ps(re, im);
	const __m128 a1 = _mm256_extractf128_ps(a, 1);
	const __m128 b1 = _mm256_extractf128_ps(b, 1);

	_mm_storel_pi((__m64 *)p, _mm256_castps256_ps128(a));
	_mm_storel_pi((__m64 *)(p + s), _mm256_castps256_ps128(b));
	_mm_storeh_pi((__m64 *)(p + 2 * s), _mm256_castps256_ps128(a));
	_mm_storeh_pi((__m64 *)(p + 3 * s), _mm256_castps256_ps128(b));
	_mm_storel_pi((__m64 *)(p + 4 * s), a1);
	_mm_storel_pi((__m64 *)(p + 5 * s), b1);
	_mm_storeh_pi((__m64 *)(p + 6 * s), a1);
	_mm_storeh_pi((__m64 *)(p + 7 * s), b1);
}

/* Transforms with adjacent elements (is == 2) are loaded and stored four
 * elements at a time: 8 rows of 8 floats, one 32-byte access each, and
 * an 8 x 8 transpose in 24 shuffles; x[2k] and x[2k + 1] are then the
 * real and imaginary parts of element k. */
KGEN_INLINE void
kgen_tr_avx2_f(const __m256 *r, __m256 *o)
{
	const __m256 a0 = _mm256_unpacklo_ps(r[0], r[1]);
	const __m256 a1 = _mm256_unpackhi_ps(r[0], r[1]);
	const __m256 a2 = _mm256_unpacklo_ps(r[2], r[3]);
	const __m256 a3 = _mm256_unpackhi_ps(r[2], r[3]);
	const __m256 a4 = _mm256_unpacklo_ps(r[4], r[5]);
	const __m256 a5 = _mm256_unpackhi_ps(r[4], r[5]);
	const __m256 a6 = _mm256_unpacklo_ps(r[6], r[7]);
	const __m256 a7 = _mm256_unpackhi_ps(r[6], r[7]);
	const __m256 b0 = _mm256_castpd_ps(_mm256_unpacklo_pd(
	    _mm256_castps_pd(a0), _mm256_castps_pd(a2)));
	const __m256 b1 = _mm256_castpd_ps(_mm256_unpackhi_pd(
	    _mm256_castps_pd(a0), _mm256_castps_pd(a2)));
	const __m256 b2 = _mm256_castpd_ps(_mm256_unpacklo_pd(
	    _mm256_castps_pd(a1), _mm256_castps_pd(a3)));
	const __m256 b3 = _mm256_castpd_ps(_mm256_unpackhi_pd(
	    _mm256_castps_pd(a1), _mm256_castps_pd(a3)));
	const __m256 b4 = _mm256_castpd_ps(_mm256_unpacklo_pd(
	    _mm256_castps_pd(a4), _mm256_castps_pd(a6)));
	const __m256 b5 = _mm256_castpd_ps(_mm256_unpackhi_pd(
	    _mm256_castps_pd(a4), _mm256_castps_pd(a6)));
	const __m256 b6 = _mm256_castpd_ps(_mm256_unpacklo_pd(
	    _mm256_castps_pd(a5), _mm256_castps_pd(a7)));
	const __m256 b7 = _mm256_castpd_ps(_mm256_unpackhi_pd(
	    _mm256_castps_pd(a5), _mm256_castps_pd(a7)));

	/* b<4j + q>: in 16-byte lane L, column 4L + q of rows 4j..4j+3 */
	o[0] = _mm256_permute2f128_ps(b0, b4, 0x20);
	o[4] = _mm256_permute2f128_ps(b0, b4, 0x31);
	o[1] = _mm256_permute2f128_ps(b1, b5, 0x20);
	o[5] = _mm256_permute2f128_ps(b1, b5, 0x31);
	o[2] = _mm256_permute2f128_ps(b2, b6, 0x20);
	o[6] = _mm256_permute2f128_ps(b2, b6, 0x31);
	o[3] = _mm256_permute2f128_ps(b3, b7, 0x20);
	o[7] = _mm256_permute2f128_ps(b3, b7, 0x31);
}

KGEN_INLINE void
kgen_ldg4_avx2_f(const float *p, ptrdiff_t s, kgen_f8 *x)
{
	__m256 v[8], o[8];

	v[0] = _mm256_loadu_ps(p);
	v[1] = _mm256_loadu_ps(p + s);
	v[2] = _mm256_loadu_ps(p + 2 * s);
	v[3] = _mm256_loadu_ps(p + 3 * s);
	v[4] = _mm256_loadu_ps(p + 4 * s);
	v[5] = _mm256_loadu_ps(p + 5 * s);
	v[6] = _mm256_loadu_ps(p + 6 * s);
	v[7] = _mm256_loadu_ps(p + 7 * s);
	kgen_tr_avx2_f(v, o);
	x[0] = o[0];
	x[1] = o[1];
	x[2] = o[2];
	x[3] = o[3];
	x[4] = o[4];
	x[5] = o[5];
	x[6] = o[6];
	x[7] = o[7];
}

KGEN_INLINE void
kgen_stg4_avx2_f(float *p, ptrdiff_t s, const kgen_f8 *x)
{
	__m256 v[8], o[8];

	v[0] = x[0];
	v[1] = x[1];
	v[2] = x[2];
	v[3] = x[3];
	v[4] = x[4];
	v[5] = x[5];
	v[6] = x[6];
	v[7] = x[7];
	kgen_tr_avx2_f(v, o);
	_mm256_storeu_ps(p, o[0]);
	_mm256_storeu_ps(p + s, o[1]);
	_mm256_storeu_ps(p + 2 * s, o[2]);
	_mm256_storeu_ps(p + 3 * s, o[3]);
	_mm256_storeu_ps(p + 4 * s, o[4]);
	_mm256_storeu_ps(p + 5 * s, o[5]);
	_mm256_storeu_ps(p + 6 * s, o[6]);
	_mm256_storeu_ps(p + 7 * s, o[7]);
}

#include "ldn.h"
/* Two adjacent elements of 8 transforms: rows of 4 floats, row t + 4
 * beside row t (vinsertf128 from memory), then a 4 x 4 transpose in each
 * 16-byte lane, which is its own inverse. */
KGEN_INLINE void
kgen_tr2_avx2_f(const __m256 *z, __m256 *o)
{
	const __m256 a = _mm256_unpacklo_ps(z[0], z[1]);
	const __m256 b = _mm256_unpackhi_ps(z[0], z[1]);
	const __m256 c = _mm256_unpacklo_ps(z[2], z[3]);
	const __m256 d = _mm256_unpackhi_ps(z[2], z[3]);

	o[0] = _mm256_castpd_ps(_mm256_unpacklo_pd(
	    _mm256_castps_pd(a), _mm256_castps_pd(c)));
	o[1] = _mm256_castpd_ps(_mm256_unpackhi_pd(
	    _mm256_castps_pd(a), _mm256_castps_pd(c)));
	o[2] = _mm256_castpd_ps(_mm256_unpacklo_pd(
	    _mm256_castps_pd(b), _mm256_castps_pd(d)));
	o[3] = _mm256_castpd_ps(_mm256_unpackhi_pd(
	    _mm256_castps_pd(b), _mm256_castps_pd(d)));
}

KGEN_INLINE void
kgen_ldg2_avx2_f(const float *p, ptrdiff_t s, kgen_f8 *x)
{
	__m256 z[4], o[4];

	z[0] = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p)),
	    _mm_loadu_ps(p + 4 * s), 1);
	z[1] = _mm256_insertf128_ps(_mm256_castps128_ps256(
	    _mm_loadu_ps(p + s)), _mm_loadu_ps(p + 5 * s), 1);
	z[2] = _mm256_insertf128_ps(_mm256_castps128_ps256(
	    _mm_loadu_ps(p + 2 * s)), _mm_loadu_ps(p + 6 * s), 1);
	z[3] = _mm256_insertf128_ps(_mm256_castps128_ps256(
	    _mm_loadu_ps(p + 3 * s)), _mm_loadu_ps(p + 7 * s), 1);
	kgen_tr2_avx2_f(z, o);
	x[0] = o[0];
	x[1] = o[1];
	x[2] = o[2];
	x[3] = o[3];
}

KGEN_INLINE void
kgen_stg2_avx2_f(float *p, ptrdiff_t s, const kgen_f8 *x)
{
	__m256 z[4], o[4];

	z[0] = x[0];
	z[1] = x[1];
	z[2] = x[2];
	z[3] = x[3];
	kgen_tr2_avx2_f(z, o);
	_mm_storeu_ps(p, _mm256_castps256_ps128(o[0]));
	_mm_storeu_ps(p + s, _mm256_castps256_ps128(o[1]));
	_mm_storeu_ps(p + 2 * s, _mm256_castps256_ps128(o[2]));
	_mm_storeu_ps(p + 3 * s, _mm256_castps256_ps128(o[3]));
	_mm_storeu_ps(p + 4 * s, _mm256_extractf128_ps(o[0], 1));
	_mm_storeu_ps(p + 5 * s, _mm256_extractf128_ps(o[1], 1));
	_mm_storeu_ps(p + 6 * s, _mm256_extractf128_ps(o[2], 1));
	_mm_storeu_ps(p + 7 * s, _mm256_extractf128_ps(o[3], 1));
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
#endif /* KGEN_AVX2_F */

/* kgen: end */
