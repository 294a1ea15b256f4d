/* emit/simd/avx512.h: the AVX-512 helpers of SIMD n1 codelets
 * (emit/simd.c), in double (the piece between the kgen markers named
 * ISA_d) and in float (ISA_f).  text.awk copies each piece into build/emit/simdtext.h, which
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
 *   kgen_ldgG, kgen_stgG (both precisions), kgen_ldn, kgen_stn (ldn.h,
 *     float): groups of G adjacent elements transposed in registers, and
 *     pairs in the lane order the groups give.
 */
#include "types.h"

/* kgen: begin avx512_d */
#ifndef KGEN_AVX512_D
#define KGEN_AVX512_D
#define TPL_F(f) kgen_##f##_avx512_d
#define TPL_VEC kgen_d8
#define TPL_REAL double
#define TPL_VL 8
#define TPL_INTR(f) _mm512_##f##_pd
#include "lanes8.h"
/* As for AVX2, with transforms 0 2 4 6 in a and 1 3 5 7 in b; each half
 * is put together by vinsertf128 from memory, which needs no shuffle
 * port, and only the halves by vinsertf64x4. */
KGEN_INLINE void
kgen_ldi_avx512_d(const double *p, ptrdiff_t s, kgen_d8 *re, kgen_d8 *im)
{
	const __m256d a0 = _mm256_insertf128_pd(_mm256_castpd128_pd256(
	    _mm_loadu_pd(p)), _mm_loadu_pd(p + 2 * s), 1);
	const __m256d a1 = _mm256_insertf128_pd(_mm256_castpd128_pd256(
	    _mm_loadu_pd(p + 4 * s)), _mm_loadu_pd(p + 6 * s), 1);
	const __m256d b0 = _mm256_insertf128_pd(_mm256_castpd128_pd256(
	    _mm_loadu_pd(p + s)), _mm_loadu_pd(p + 3 * s), 1);
	const __m256d b1 = _mm256_insertf128_pd(_mm256_castpd128_pd256(
	    _mm_loadu_pd(p + 5 * s)), _mm_loadu_pd(p + 7 * s), 1);
	const __m512d a = _mm512_insertf64x4(_mm512_castpd256_pd512(a0),
	    a1, 1);
	const __m512d b = _mm512_insertf64x4(_mm512_castpd256_pd512(b0),
	    b1, 1);

	*re = _mm512_unpacklo_pd(a, b);
	*im = _mm512_unpackhi_pd(a, b);
}

KGEN_INLINE void
kgen_sti_avx512_d(double *p, ptrdiff_t s, kgen_d8 re, kgen_d8 im)
{
	const __m512 a = _mm512_castpd_ps(_mm512_unpacklo_pd(re, im));
	const __m512 b = _mm512_castpd_ps(_mm512_unpackhi_pd(re, im));

	_mm_storeu_ps((float *)p, _mm512_castps512_ps128(a));
	_mm_storeu_ps((float *)(p + s), _mm512_castps512_ps128(b));
	_mm_storeu_ps((float *)(p + 2 * s), _mm512_extractf32x4_ps(a, 1));
	_mm_storeu_ps((float *)(p + 3 * s), _mm512_extractf32x4_ps(b, 1));
	_mm_storeu_ps((float *)(p + 4 * s), _mm512_extractf32x4_ps(a, 2));
	_mm_storeu_ps((float *)(p + 5 * s), _mm512_extractf32x4_ps(b, 2));
	_mm_storeu_ps((float *)(p + 6 * s), _mm512_extractf32x4_ps(a, 3));
	_mm_storeu_ps((float *)(p + 7 * s), _mm512_extractf32x4_ps(b, 3));
}

/* Transforms with adjacent elements (is == 2) are loaded and stored four
 * elements at a time: 8 rows of 8 doubles, one 64-byte access each, and
 * an 8 x 8 transpose in 24 shuffles; x[2k] and x[2k + 1] are then the
 * real and imaginary parts of element k. */
KGEN_INLINE void
kgen_tr_avx512_d(const __m512d *v, __m512d *o)
{
	const __m512d t0 = _mm512_unpacklo_pd(v[0], v[1]);
	const __m512d t1 = _mm512_unpackhi_pd(v[0], v[1]);
	const __m512d t2 = _mm512_unpacklo_pd(v[2], v[3]);
	const __m512d t3 = _mm512_unpackhi_pd(v[2], v[3]);
	const __m512d t4 = _mm512_unpacklo_pd(v[4], v[5]);
	const __m512d t5 = _mm512_unpackhi_pd(v[4], v[5]);
	const __m512d t6 = _mm512_unpacklo_pd(v[6], v[7]);
	const __m512d t7 = _mm512_unpackhi_pd(v[6], v[7]);
	const __m512d w0 = _mm512_shuffle_f64x2(t0, t2, 0x88);
	const __m512d w1 = _mm512_shuffle_f64x2(t0, t2, 0xdd);
	const __m512d w2 = _mm512_shuffle_f64x2(t4, t6, 0x88);
	const __m512d w3 = _mm512_shuffle_f64x2(t4, t6, 0xdd);
	const __m512d y0 = _mm512_shuffle_f64x2(t1, t3, 0x88);
	const __m512d y1 = _mm512_shuffle_f64x2(t1, t3, 0xdd);
	const __m512d y2 = _mm512_shuffle_f64x2(t5, t7, 0x88);
	const __m512d y3 = _mm512_shuffle_f64x2(t5, t7, 0xdd);

	o[0] = _mm512_shuffle_f64x2(w0, w2, 0x88);
	o[4] = _mm512_shuffle_f64x2(w0, w2, 0xdd);
	o[2] = _mm512_shuffle_f64x2(w1, w3, 0x88);
	o[6] = _mm512_shuffle_f64x2(w1, w3, 0xdd);
	o[1] = _mm512_shuffle_f64x2(y0, y2, 0x88);
	o[5] = _mm512_shuffle_f64x2(y0, y2, 0xdd);
	o[3] = _mm512_shuffle_f64x2(y1, y3, 0x88);
	o[7] = _mm512_shuffle_f64x2(y1, y3, 0xdd);
}

KGEN_INLINE void
kgen_ldg4_avx512_d(const double *p, ptrdiff_t s, kgen_d8 *x)
{
	__m512d v[8], o[8];

	v[0] = _mm512_loadu_pd(p);
	v[1] = _mm512_loadu_pd(p + s);
	v[2] = _mm512_loadu_pd(p + 2 * s);
	v[3] = _mm512_loadu_pd(p + 3 * s);
	v[4] = _mm512_loadu_pd(p + 4 * s);
	v[5] = _mm512_loadu_pd(p + 5 * s);
	v[6] = _mm512_loadu_pd(p + 6 * s);
	v[7] = _mm512_loadu_pd(p + 7 * s);
	kgen_tr_avx512_d(v, o);
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
kgen_stg4_avx512_d(double *p, ptrdiff_t s, const kgen_d8 *x)
{
	__m512d v[8], o[8];

	v[0] = x[0];
	v[1] = x[1];
	v[2] = x[2];
	v[3] = x[3];
	v[4] = x[4];
	v[5] = x[5];
	v[6] = x[6];
	v[7] = x[7];
	kgen_tr_avx512_d(v, o);
	_mm512_storeu_pd(p, o[0]);
	_mm512_storeu_pd(p + s, o[1]);
	_mm512_storeu_pd(p + 2 * s, o[2]);
	_mm512_storeu_pd(p + 3 * s, o[3]);
	_mm512_storeu_pd(p + 4 * s, o[4]);
	_mm512_storeu_pd(p + 5 * s, o[5]);
	_mm512_storeu_pd(p + 6 * s, o[6]);
	_mm512_storeu_pd(p + 7 * s, o[7]);
}

/* Two adjacent elements of 8 transforms: rows of 4 doubles, row t + 4
 * beside row t (vinsertf64x4 from memory), then a 4 x 4 transpose in each
 * half.  The same shuffles take the columns back to rows. */
KGEN_INLINE void
kgen_tr2_avx512_d(const __m512d *z, __m512d *o)
{
	const __m512i lo = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
	const __m512i hi = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
	const __m512d a = _mm512_unpacklo_pd(z[0], z[1]);
	const __m512d b = _mm512_unpackhi_pd(z[0], z[1]);
	const __m512d c = _mm512_unpacklo_pd(z[2], z[3]);
	const __m512d d = _mm512_unpackhi_pd(z[2], z[3]);

	o[0] = _mm512_permutex2var_pd(a, lo, c);
	o[2] = _mm512_permutex2var_pd(a, hi, c);
	o[1] = _mm512_permutex2var_pd(b, lo, d);
	o[3] = _mm512_permutex2var_pd(b, hi, d);
}

KGEN_INLINE void
kgen_ldg2_avx512_d(const double *p, ptrdiff_t s, kgen_d8 *x)
{
	__m512d z[4], o[4];

	z[0] = _mm512_insertf64x4(_mm512_castpd256_pd512(
	    _mm256_loadu_pd(p)), _mm256_loadu_pd(p + 4 * s), 1);
	z[1] = _mm512_insertf64x4(_mm512_castpd256_pd512(
	    _mm256_loadu_pd(p + s)), _mm256_loadu_pd(p + 5 * s), 1);
	z[2] = _mm512_insertf64x4(_mm512_castpd256_pd512(
	    _mm256_loadu_pd(p + 2 * s)), _mm256_loadu_pd(p + 6 * s), 1);
	z[3] = _mm512_insertf64x4(_mm512_castpd256_pd512(
	    _mm256_loadu_pd(p + 3 * s)), _mm256_loadu_pd(p + 7 * s), 1);
	kgen_tr2_avx512_d(z, o);
	x[0] = o[0];
	x[1] = o[1];
	x[2] = o[2];
	x[3] = o[3];
}

KGEN_INLINE void
kgen_stg2_avx512_d(double *p, ptrdiff_t s, const kgen_d8 *x)
{
	__m512d z[4], o[4];

	z[0] = x[0];
	z[1] = x[1];
	z[2] = x[2];
	z[3] = x[3];
	kgen_tr2_avx512_d(z, o);
	_mm256_storeu_pd(p, _mm512_castpd512_pd256(o[0]));
	_mm256_storeu_pd(p + s, _mm512_castpd512_pd256(o[1]));
	_mm256_storeu_pd(p + 2 * s, _mm512_castpd512_pd256(o[2]));
	_mm256_storeu_pd(p + 3 * s, _mm512_castpd512_pd256(o[3]));
	_mm256_storeu_pd(p + 4 * s, _mm512_extractf64x4_pd(o[0], 1));
	_mm256_storeu_pd(p + 5 * s, _mm512_extractf64x4_pd(o[1], 1));
	_mm256_storeu_pd(p + 6 * s, _mm512_extractf64x4_pd(o[2], 1));
	_mm256_storeu_pd(p + 7 * s, _mm512_extractf64x4_pd(o[3], 1));
}

#include "pack.h"
#if defined(__AVX512F__)
#include "fma.h"
#else
#include "nofma.h"
#endif
#undef TPL_F
#undef TPL_VEC
#undef TPL_REAL
#undef TPL_VL
#undef TPL_INTR
#endif /* KGEN_AVX512_D */

/* kgen: end */

/* kgen: begin avx512_f */
#ifndef KGEN_AVX512_F
#define KGEN_AVX512_F
#define TPL_F(f) kgen_##f##_avx512_f
#define TPL_VEC kgen_f16
#define TPL_REAL float
#define TPL_VL 16
#define TPL_INTR(f) _mm512_##f##_ps
#include "lanes16.h"
/* As for AVX2: a holds the pairs of transforms 0 2 .. 14, b those of
 * 1 3 .. 15, each half put together by broadcasts and blends; lanes
 * come out in the order 0 2 1 3, 4 6 5 7, .., which kgen_sti undoes. */
#include "pairsf.h"
KGEN_INLINE void
kgen_ldi_avx512_f(const float *p, ptrdiff_t s, kgen_f16 *re,
    kgen_f16 *im)
{
	const __m512 a = _mm512_castpd_ps(_mm512_insertf64x4(
	    _mm512_castpd256_pd512(kgen_pairs_avx512_f(p, s)),
	    kgen_pairs_avx512_f(p + 8 * s, s), 1));
	const __m512 b = _mm512_castpd_ps(_mm512_insertf64x4(
	    _mm512_castpd256_pd512(kgen_pairs_avx512_f(p + s, s)),
	    kgen_pairs_avx512_f(p + 9 * s, s), 1));

	*re = _mm512_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
	*im = _mm512_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
}

KGEN_INLINE void
kgen_sti_avx512_f(float *p, ptrdiff_t s, kgen_f16 re, kgen_f16 im)
{
	const __m512 a = _mm512_unpacklo_ps(re, im);
	const __m512 b = _mm512_unpackhi_ps(re, im);
	__m128 x, y;

	x = _mm512_castps512_ps128(a);
	y = _mm512_castps512_ps128(b);
	_mm_storel_pi((__m64 *)p, x);
	_mm_storel_pi((__m64 *)(p + s), y);
	_mm_storeh_pi((__m64 *)(p + 2 * s), x);
	_mm_storeh_pi((__m64 *)(p + 3 * s), y);
	x = _mm512_extractf32x4_ps(a, 1);
	y = _mm512_extractf32x4_ps(b, 1);
	_mm_storel_pi((__m64 *)(p + 4 * s), x);
	_mm_storel_pi((__m64 *)(p + 5 * s), y);
	_mm_storeh_pi((__m64 *)(p + 6 * s), x);
	_mm_storeh_pi((__m64 *)(p + 7 * s), y);
	x = _mm512_extractf32x4_ps(a, 2);
	y = _mm512_extractf32x4_ps(b, 2);
	_mm_storel_pi((__m64 *)(p + 8 * s), x);
	_mm_storel_pi((__m64 *)(p + 9 * s), y);
	_mm_storeh_pi((__m64 *)(p + 10 * s), x);
	_mm_storeh_pi((__m64 *)(p + 11 * s), y);
	x = _mm512_extractf32x4_ps(a, 3);
	y = _mm512_extractf32x4_ps(b, 3);
	_mm_storel_pi((__m64 *)(p + 12 * s), x);
	_mm_storel_pi((__m64 *)(p + 13 * s), y);
	_mm_storeh_pi((__m64 *)(p + 14 * s), x);
	_mm_storeh_pi((__m64 *)(p + 15 * s), y);
}

/* Transforms with adjacent elements (is == 2) are loaded and stored eight
 * elements at a time: 16 rows of 16 floats, one 64-byte access each, and
 * a 16 x 16 transpose in 64 shuffles; x[2k] and x[2k + 1] are then the
 * real and imaginary parts of element k. */
KGEN_INLINE void
kgen_tr_avx512_f(const __m512 *r, __m512 *o)
{
	const __m512 a0 = _mm512_unpacklo_ps(r[0], r[1]);
	const __m512 a1 = _mm512_unpackhi_ps(r[0], r[1]);
	const __m512 a2 = _mm512_unpacklo_ps(r[2], r[3]);
	const __m512 a3 = _mm512_unpackhi_ps(r[2], r[3]);
	const __m512 a4 = _mm512_unpacklo_ps(r[4], r[5]);
	const __m512 a5 = _mm512_unpackhi_ps(r[4], r[5]);
	const __m512 a6 = _mm512_unpacklo_ps(r[6], r[7]);
	const __m512 a7 = _mm512_unpackhi_ps(r[6], r[7]);
	const __m512 a8 = _mm512_unpacklo_ps(r[8], r[9]);
	const __m512 a9 = _mm512_unpackhi_ps(r[8], r[9]);
	const __m512 a10 = _mm512_unpacklo_ps(r[10], r[11]);
	const __m512 a11 = _mm512_unpackhi_ps(r[10], r[11]);
	const __m512 a12 = _mm512_unpacklo_ps(r[12], r[13]);
	const __m512 a13 = _mm512_unpackhi_ps(r[12], r[13]);
	const __m512 a14 = _mm512_unpacklo_ps(r[14], r[15]);
	const __m512 a15 = _mm512_unpackhi_ps(r[14], r[15]);
	const __m512 b0 = _mm512_castpd_ps(_mm512_unpacklo_pd(
	    _mm512_castps_pd(a0), _mm512_castps_pd(a2)));
	const __m512 b1 = _mm512_castpd_ps(_mm512_unpackhi_pd(
	    _mm512_castps_pd(a0), _mm512_castps_pd(a2)));
	const __m512 b2 = _mm512_castpd_ps(_mm512_unpacklo_pd(
	    _mm512_castps_pd(a1), _mm512_castps_pd(a3)));
	const __m512 b3 = _mm512_castpd_ps(_mm512_unpackhi_pd(
	    _mm512_castps_pd(a1), _mm512_castps_pd(a3)));
	const __m512 b4 = _mm512_castpd_ps(_mm512_unpacklo_pd(
	    _mm512_castps_pd(a4), _mm512_castps_pd(a6)));
	const __m512 b5 = _mm512_castpd_ps(_mm512_unpackhi_pd(
	    _mm512_castps_pd(a4), _mm512_castps_pd(a6)));
	const __m512 b6 = _mm512_castpd_ps(_mm512_unpacklo_pd(
	    _mm512_castps_pd(a5), _mm512_castps_pd(a7)));
	const __m512 b7 = _mm512_castpd_ps(_mm512_unpackhi_pd(
	    _mm512_castps_pd(a5), _mm512_castps_pd(a7)));
	const __m512 b8 = _mm512_castpd_ps(_mm512_unpacklo_pd(
	    _mm512_castps_pd(a8), _mm512_castps_pd(a10)));
	const __m512 b9 = _mm512_castpd_ps(_mm512_unpackhi_pd(
	    _mm512_castps_pd(a8), _mm512_castps_pd(a10)));
	const __m512 b10 = _mm512_castpd_ps(_mm512_unpacklo_pd(
	    _mm512_castps_pd(a9), _mm512_castps_pd(a11)));
	const __m512 b11 = _mm512_castpd_ps(_mm512_unpackhi_pd(
	    _mm512_castps_pd(a9), _mm512_castps_pd(a11)));
	const __m512 b12 = _mm512_castpd_ps(_mm512_unpacklo_pd(
	    _mm512_castps_pd(a12), _mm512_castps_pd(a14)));
	const __m512 b13 = _mm512_castpd_ps(_mm512_unpackhi_pd(
	    _mm512_castps_pd(a12), _mm512_castps_pd(a14)));
	const __m512 b14 = _mm512_castpd_ps(_mm512_unpacklo_pd(
	    _mm512_castps_pd(a13), _mm512_castps_pd(a15)));
	const __m512 b15 = _mm512_castpd_ps(_mm512_unpackhi_pd(
	    _mm512_castps_pd(a13), _mm512_castps_pd(a15)));

	/* b<4j + q>: in 16-byte lane L, column 4L + q of rows 4j..4j+3 */
	o[0] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b0, b4, 0x88),
	    _mm512_shuffle_f32x4(b8, b12, 0x88), 0x88);
	o[8] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b0, b4, 0x88),
	    _mm512_shuffle_f32x4(b8, b12, 0x88), 0xdd);
	o[4] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b0, b4, 0xdd),
	    _mm512_shuffle_f32x4(b8, b12, 0xdd), 0x88);
	o[12] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b0, b4, 0xdd),
	    _mm512_shuffle_f32x4(b8, b12, 0xdd), 0xdd);
	o[1] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b1, b5, 0x88),
	    _mm512_shuffle_f32x4(b9, b13, 0x88), 0x88);
	o[9] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b1, b5, 0x88),
	    _mm512_shuffle_f32x4(b9, b13, 0x88), 0xdd);
	o[5] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b1, b5, 0xdd),
	    _mm512_shuffle_f32x4(b9, b13, 0xdd), 0x88);
	o[13] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b1, b5, 0xdd),
	    _mm512_shuffle_f32x4(b9, b13, 0xdd), 0xdd);
	o[2] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b2, b6, 0x88),
	    _mm512_shuffle_f32x4(b10, b14, 0x88), 0x88);
	o[10] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b2, b6, 0x88),
	    _mm512_shuffle_f32x4(b10, b14, 0x88), 0xdd);
	o[6] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b2, b6, 0xdd),
	    _mm512_shuffle_f32x4(b10, b14, 0xdd), 0x88);
	o[14] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b2, b6, 0xdd),
	    _mm512_shuffle_f32x4(b10, b14, 0xdd), 0xdd);
	o[3] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b3, b7, 0x88),
	    _mm512_shuffle_f32x4(b11, b15, 0x88), 0x88);
	o[11] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b3, b7, 0x88),
	    _mm512_shuffle_f32x4(b11, b15, 0x88), 0xdd);
	o[7] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b3, b7, 0xdd),
	    _mm512_shuffle_f32x4(b11, b15, 0xdd), 0x88);
	o[15] = _mm512_shuffle_f32x4(
	    _mm512_shuffle_f32x4(b3, b7, 0xdd),
	    _mm512_shuffle_f32x4(b11, b15, 0xdd), 0xdd);
}

KGEN_INLINE void
kgen_ldg8_avx512_f(const float *p, ptrdiff_t s, kgen_f16 *x)
{
	__m512 v[16], o[16];

	v[0] = _mm512_loadu_ps(p);
	v[1] = _mm512_loadu_ps(p + s);
	v[2] = _mm512_loadu_ps(p + 2 * s);
	v[3] = _mm512_loadu_ps(p + 3 * s);
	v[4] = _mm512_loadu_ps(p + 4 * s);
	v[5] = _mm512_loadu_ps(p + 5 * s);
	v[6] = _mm512_loadu_ps(p + 6 * s);
	v[7] = _mm512_loadu_ps(p + 7 * s);
	v[8] = _mm512_loadu_ps(p + 8 * s);
	v[9] = _mm512_loadu_ps(p + 9 * s);
	v[10] = _mm512_loadu_ps(p + 10 * s);
	v[11] = _mm512_loadu_ps(p + 11 * s);
	v[12] = _mm512_loadu_ps(p + 12 * s);
	v[13] = _mm512_loadu_ps(p + 13 * s);
	v[14] = _mm512_loadu_ps(p + 14 * s);
	v[15] = _mm512_loadu_ps(p + 15 * s);
	kgen_tr_avx512_f(v, o);
	x[0] = o[0];
	x[1] = o[1];
	x[2] = o[2];
	x[3] = o[3];
	x[4] = o[4];
	x[5] = o[5];
	x[6] = o[6];
	x[7] = o[7];
	x[8] = o[8];
	x[9] = o[9];
	x[10] = o[10];
	x[11] = o[11];
	x[12] = o[12];
	x[13] = o[13];
	x[14] = o[14];
	x[15] = o[15];
}

KGEN_INLINE void
kgen_stg8_avx512_f(float *p, ptrdiff_t s, const kgen_f16 *x)
{
	__m512 v[16], o[16];

	v[0] = x[0];
	v[1] = x[1];
	v[2] = x[2];
	v[3] = x[3];
	v[4] = x[4];
	v[5] = x[5];
	v[6] = x[6];
	v[7] = x[7];
	v[8] = x[8];
	v[9] = x[9];
	v[10] = x[10];
	v[11] = x[11];
	v[12] = x[12];
	v[13] = x[13];
	v[14] = x[14];
	v[15] = x[15];
	kgen_tr_avx512_f(v, o);
	_mm512_storeu_ps(p, o[0]);
	_mm512_storeu_ps(p + s, o[1]);
	_mm512_storeu_ps(p + 2 * s, o[2]);
	_mm512_storeu_ps(p + 3 * s, o[3]);
	_mm512_storeu_ps(p + 4 * s, o[4]);
	_mm512_storeu_ps(p + 5 * s, o[5]);
	_mm512_storeu_ps(p + 6 * s, o[6]);
	_mm512_storeu_ps(p + 7 * s, o[7]);
	_mm512_storeu_ps(p + 8 * s, o[8]);
	_mm512_storeu_ps(p + 9 * s, o[9]);
	_mm512_storeu_ps(p + 10 * s, o[10]);
	_mm512_storeu_ps(p + 11 * s, o[11]);
	_mm512_storeu_ps(p + 12 * s, o[12]);
	_mm512_storeu_ps(p + 13 * s, o[13]);
	_mm512_storeu_ps(p + 14 * s, o[14]);
	_mm512_storeu_ps(p + 15 * s, o[15]);
}

#include "ldn.h"
/* Two adjacent elements of 16 transforms: rows of 4 floats, rows t,
 * t + 4, t + 8 and t + 12 side by side (vinsertf32x4 from memory), then
 * a 4 x 4 transpose in each 16-byte lane, which is its own inverse. */
KGEN_INLINE void
kgen_tr2_avx512_f(const __m512 *z, __m512 *o)
{
	const __m512 a = _mm512_unpacklo_ps(z[0], z[1]);
	const __m512 b = _mm512_unpackhi_ps(z[0], z[1]);
	const __m512 c = _mm512_unpacklo_ps(z[2], z[3]);
	const __m512 d = _mm512_unpackhi_ps(z[2], z[3]);

	o[0] = _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(a),
	    _mm512_castps_pd(c)));
	o[1] = _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(a),
	    _mm512_castps_pd(c)));
	o[2] = _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(b),
	    _mm512_castps_pd(d)));
	o[3] = _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(b),
	    _mm512_castps_pd(d)));
}

KGEN_INLINE __m512
kgen_rows4_avx512_f(const float *p, ptrdiff_t s)
{
	const __m512 z = _mm512_insertf32x4(_mm512_castps128_ps512(
	    _mm_loadu_ps(p)), _mm_loadu_ps(p + 4 * s), 1);

	return _mm512_insertf32x4(_mm512_insertf32x4(z,
	    _mm_loadu_ps(p + 8 * s), 2), _mm_loadu_ps(p + 12 * s), 3);
}

KGEN_INLINE void
kgen_ldg2_avx512_f(const float *p, ptrdiff_t s, kgen_f16 *x)
{
	__m512 z[4], o[4];

	z[0] = kgen_rows4_avx512_f(p, s);
	z[1] = kgen_rows4_avx512_f(p + s, s);
	z[2] = kgen_rows4_avx512_f(p + 2 * s, s);
	z[3] = kgen_rows4_avx512_f(p + 3 * s, s);
	kgen_tr2_avx512_f(z, o);
	x[0] = o[0];
	x[1] = o[1];
	x[2] = o[2];
	x[3] = o[3];
}

KGEN_INLINE void
kgen_stg2_avx512_f(float *p, ptrdiff_t s, const kgen_f16 *x)
{
	__m512 z[4], o[4];

	z[0] = x[0];
	z[1] = x[1];
	z[2] = x[2];
	z[3] = x[3];
	kgen_tr2_avx512_f(z, o);
	_mm_storeu_ps(p, _mm512_castps512_ps128(o[0]));
	_mm_storeu_ps(p + 4 * s, _mm512_extractf32x4_ps(o[0], 1));
	_mm_storeu_ps(p + 8 * s, _mm512_extractf32x4_ps(o[0], 2));
	_mm_storeu_ps(p + 12 * s, _mm512_extractf32x4_ps(o[0], 3));
	_mm_storeu_ps(p + s, _mm512_castps512_ps128(o[1]));
	_mm_storeu_ps(p + 5 * s, _mm512_extractf32x4_ps(o[1], 1));
	_mm_storeu_ps(p + 9 * s, _mm512_extractf32x4_ps(o[1], 2));
	_mm_storeu_ps(p + 13 * s, _mm512_extractf32x4_ps(o[1], 3));
	_mm_storeu_ps(p + 2 * s, _mm512_castps512_ps128(o[2]));
	_mm_storeu_ps(p + 6 * s, _mm512_extractf32x4_ps(o[2], 1));
	_mm_storeu_ps(p + 10 * s, _mm512_extractf32x4_ps(o[2], 2));
	_mm_storeu_ps(p + 14 * s, _mm512_extractf32x4_ps(o[2], 3));
	_mm_storeu_ps(p + 3 * s, _mm512_castps512_ps128(o[3]));
	_mm_storeu_ps(p + 7 * s, _mm512_extractf32x4_ps(o[3], 1));
	_mm_storeu_ps(p + 11 * s, _mm512_extractf32x4_ps(o[3], 2));
	_mm_storeu_ps(p + 15 * s, _mm512_extractf32x4_ps(o[3], 3));
}

#include "pack.h"
#if defined(__AVX512F__)
#include "fma.h"
#else
#include "nofma.h"
#endif
#undef TPL_F
#undef TPL_VEC
#undef TPL_REAL
#undef TPL_VL
#undef TPL_INTR
#endif /* KGEN_AVX512_F */

/* kgen: end */
