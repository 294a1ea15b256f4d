/* emit/tpl/cxlwide.c: the helpers emit/cxl.c prints into n1c and n1x
 * codelets for their wide vectors beyond the 32-byte ones of
 * emit/tpl/cxl.c: 64-byte (AVX-512) E, 4 doubles, and G, 8 floats,
 * with the 32-byte ones' lane pattern and helpers (how, as there), and
 * 16-byte H, 2 floats (AVX code, n1x's loads only); pieces between
 * "kgen: begin NAME" and "kgen: end" comments (emit/text.awk turns them
 * into text, emit/tpl.c prints them).  The lines outside the pieces are
 * not printed; the file compiles on its own (cc -c -mavx512f
 * -mavx512dq -mfma -mavx2) as a check that the pieces are C. */
#include <stddef.h>
#define KGEN_CXL_INLINE static inline __attribute__((always_inline))

/* ---- 16-byte vectors: W = 2 floats (n1x of float sizes 2 mod 4) ---- */

/* kgen: begin cxl_wide_h */
#if defined(__AVX__) && !defined(KGEN_CXL_WH)
#define KGEN_CXL_WH
#include <immintrin.h>
/* n1x's loads only: its stores go through kgen_cxl_xst_H */
typedef float kgen_cxH __attribute__((vector_size(16)));
typedef int kgen_cxHi __attribute__((vector_size(16)));
#ifdef __clang__
#define KGEN_CXL_SWAP_H(x) __builtin_shufflevector(x, x, 1, 0, 3, 2)
#else
#define KGEN_CXL_SWAP_H(x) __builtin_shuffle(x, (kgen_cxHi){1, 0, 3, 2})
#endif

KGEN_CXL_INLINE kgen_cxH
kgen_cxl_ld_H(const float *r, const float *i, ptrdiff_t vs, int how)
{
	const float *p;
	double a, b;
	kgen_cxH x;

	if (how == 1 || how == 2) {
		p = how == 1 ? r : i;
		__builtin_memcpy(&a, p, 8);
		__builtin_memcpy(&b, p + vs, 8);
		x = (kgen_cxH)_mm_set_pd(b, a);
		return how == 1 ? x : KGEN_CXL_SWAP_H(x);
	}
	if (how == 4)
		return (kgen_cxH)_mm_loadu_ps(r);
	if (how == 3) {
		__builtin_memcpy(&a, r, 8);
		__builtin_memcpy(&b, i, 8);
		return (kgen_cxH)_mm_unpacklo_ps(_mm_castpd_ps(_mm_set_sd(a)),
		    _mm_castpd_ps(_mm_set_sd(b)));
	}
	return (kgen_cxH){r[0], i[0], r[vs], i[vs]};
}

KGEN_CXL_INLINE kgen_cxH
kgen_cxl_kbyi_H(float k, kgen_cxH x)
{
	return KGEN_CXL_SWAP_H(x) * (kgen_cxH){-k, k, -k, k};
}
#endif

/* kgen: end */

/* ---- 64-byte vectors (AVX-512): W = 4 doubles, 8 floats ---- */

/* kgen: begin cxl_wide_e */
#if defined(__AVX512F__) && !defined(KGEN_CXL_WE)
#define KGEN_CXL_WE
#include <immintrin.h>
typedef double kgen_cxE __attribute__((vector_size(64)));
typedef long long kgen_cxEi __attribute__((vector_size(64)));
#ifdef __clang__
#define KGEN_CXL_SWAP_E(x) __builtin_shufflevector(x, x, 1, 0, 3, 2, 5, 4, \
	7, 6)
#else
#define KGEN_CXL_SWAP_E(x) __builtin_shuffle(x, \
	(kgen_cxEi){1, 0, 3, 2, 5, 4, 7, 6})
#endif

KGEN_CXL_INLINE kgen_cxE
kgen_cxl_ld_E(const double *r, const double *i, ptrdiff_t vs, int how)
{
	const double *p;
	__m256d lo, hi;
	kgen_cxE x;

	if (how == 1 || how == 2) {
		p = how == 1 ? r : i;
		lo = _mm256_set_m128d(_mm_loadu_pd(p + vs), _mm_loadu_pd(p));
		hi = _mm256_set_m128d(_mm_loadu_pd(p + 3 * vs),
		    _mm_loadu_pd(p + 2 * vs));
		x = (kgen_cxE)_mm512_insertf64x4(_mm512_castpd256_pd512(lo),
		    hi, 1);
		return how == 1 ? x : KGEN_CXL_SWAP_E(x);
	}
	if (how == 4)
		return (kgen_cxE)_mm512_loadu_pd(r);
	if (how == 3)
		return (kgen_cxE)_mm512_permutex2var_pd(
		    _mm512_castpd256_pd512(_mm256_loadu_pd(r)),
		    _mm512_set_epi64(11, 3, 10, 2, 9, 1, 8, 0),
		    _mm512_castpd256_pd512(_mm256_loadu_pd(i)));
	return (kgen_cxE){r[0], i[0], r[vs], i[vs], r[2 * vs], i[2 * vs],
	    r[3 * vs], i[3 * vs]};
}

KGEN_CXL_INLINE void
kgen_cxl_st_E(double *r, double *i, ptrdiff_t vs, kgen_cxE x, int how,
    kgen_cxE *s)
{
	double *p;
	__m256d lo, hi;
	__m512d y;
	int t;

	if (how == 5) {
		*s = x;
		return;
	}
	if (how == 4)
		_mm512_storeu_pd(r, (__m512d)x);
	else if (how == 1 || how == 2) {
		if (how == 2)
			x = KGEN_CXL_SWAP_E(x);
		p = how == 1 ? r : i;
		lo = _mm512_castpd512_pd256((__m512d)x);
		hi = _mm512_extractf64x4_pd((__m512d)x, 1);
		_mm_storeu_pd(p, _mm256_castpd256_pd128(lo));
		_mm_storeu_pd(p + vs, _mm256_extractf128_pd(lo, 1));
		_mm_storeu_pd(p + 2 * vs, _mm256_castpd256_pd128(hi));
		_mm_storeu_pd(p + 3 * vs, _mm256_extractf128_pd(hi, 1));
	} else if (how == 3) {
		/* (r0 r1 r2 r3 i0 i1 i2 i3) */
		y = _mm512_permutexvar_pd(_mm512_set_epi64(7, 5, 3, 1, 6, 4,
		    2, 0), (__m512d)x);
		_mm256_storeu_pd(r, _mm512_castpd512_pd256(y));
		_mm256_storeu_pd(i, _mm512_extractf64x4_pd(y, 1));
	} else
		for (t = 0; t < 4; t++) {
			r[t * vs] = x[2 * t];
			i[t * vs] = x[2 * t + 1];
		}
}

/* Outputs k of W = 4 transforms from s: four at a time, an unpack and
 * a two-source permute per part and pair of transforms, 32-byte
 * stores. */
KGEN_CXL_INLINE void
kgen_cxl_flush_E(double *r, double *i, ptrdiff_t vs, const kgen_cxE *s,
    int n)
{
	__m512d a, b, c, d, l0, l1, h0, h1, x;
	__m512i ab, cd;
	int k, t;

	/* (ab): the low two doubles of each 128-bit lane of l0 then l1's
	 * for lanes 0, 1: transforms 0 and 1; (cd) lanes 2, 3 */
	ab = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0);
	cd = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
	for (k = 0; k + 4 <= n; k += 4) {
		a = (__m512d)s[k];
		b = (__m512d)s[k + 1];
		c = (__m512d)s[k + 2];
		d = (__m512d)s[k + 3];
		l0 = _mm512_unpacklo_pd(a, b);
		h0 = _mm512_unpackhi_pd(a, b);
		l1 = _mm512_unpacklo_pd(c, d);
		h1 = _mm512_unpackhi_pd(c, d);
		x = _mm512_permutex2var_pd(l0, ab, l1);
		_mm256_storeu_pd(r + k, _mm512_castpd512_pd256(x));
		_mm256_storeu_pd(r + vs + k, _mm512_extractf64x4_pd(x, 1));
		x = _mm512_permutex2var_pd(l0, cd, l1);
		_mm256_storeu_pd(r + 2 * vs + k, _mm512_castpd512_pd256(x));
		_mm256_storeu_pd(r + 3 * vs + k, _mm512_extractf64x4_pd(x, 1));
		x = _mm512_permutex2var_pd(h0, ab, h1);
		_mm256_storeu_pd(i + k, _mm512_castpd512_pd256(x));
		_mm256_storeu_pd(i + vs + k, _mm512_extractf64x4_pd(x, 1));
		x = _mm512_permutex2var_pd(h0, cd, h1);
		_mm256_storeu_pd(i + 2 * vs + k, _mm512_castpd512_pd256(x));
		_mm256_storeu_pd(i + 3 * vs + k, _mm512_extractf64x4_pd(x, 1));
	}
	for (; k < n; k++)
		for (t = 0; t < 4; t++) {
			r[t * vs + k] = s[k][2 * t];
			i[t * vs + k] = s[k][2 * t + 1];
		}
}

KGEN_CXL_INLINE kgen_cxE
kgen_cxl_kbyi_E(double k, kgen_cxE x)
{
	return KGEN_CXL_SWAP_E(x) * (kgen_cxE){-k, k, -k, k, -k, k, -k, k};
}
#endif

/* kgen: end */

/* kgen: begin cxl_wide_g */
#if defined(__AVX512F__) && !defined(KGEN_CXL_WG)
#define KGEN_CXL_WG
#include <immintrin.h>
/* GCC 12's C++ mode warns (-Wmaybe-uninitialized) about the undefined
 * vectors inside the unpack and extract intrinsics flush_G inlines */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
typedef float kgen_cxG __attribute__((vector_size(64)));
typedef int kgen_cxGi __attribute__((vector_size(64)));
#ifdef __clang__
#define KGEN_CXL_SWAP_G(x) __builtin_shufflevector(x, x, 1, 0, 3, 2, 5, 4, \
	7, 6, 9, 8, 11, 10, 13, 12, 15, 14)
#else
#define KGEN_CXL_SWAP_G(x) __builtin_shuffle(x, \
	(kgen_cxGi){1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14})
#endif

KGEN_CXL_INLINE kgen_cxG
kgen_cxl_ld_G(const float *r, const float *i, ptrdiff_t vs, int how)
{
	const float *p;
	double e[8];
	kgen_cxG x;
	int t;

	if (how == 1 || how == 2) {
		/* a pair as one double: one 8-byte load */
		p = how == 1 ? r : i;
		for (t = 0; t < 8; t++)
			__builtin_memcpy(&e[t], p + t * vs, 8);
		x = (kgen_cxG)_mm512_set_pd(e[7], e[6], e[5], e[4], e[3], e[2],
		    e[1], e[0]);
		return how == 1 ? x : KGEN_CXL_SWAP_G(x);
	}
	if (how == 4)
		return (kgen_cxG)_mm512_loadu_ps(r);
	if (how == 3)
		return (kgen_cxG)_mm512_permutex2var_ps(
		    _mm512_castps256_ps512(_mm256_loadu_ps(r)),
		    _mm512_set_epi32(23, 7, 22, 6, 21, 5, 20, 4, 19, 3, 18, 2,
		    17, 1, 16, 0),
		    _mm512_castps256_ps512(_mm256_loadu_ps(i)));
	for (t = 0; t < 8; t++) {
		x[2 * t] = r[t * vs];
		x[2 * t + 1] = i[t * vs];
	}
	return x;
}

KGEN_CXL_INLINE void
kgen_cxl_st_G(float *r, float *i, ptrdiff_t vs, kgen_cxG x, int how,
    kgen_cxG *s)
{
	float *p;
	__m512 y;
	double e;
	int t;

	if (how == 5) {
		*s = x;
		return;
	}
	if (how == 4)
		_mm512_storeu_ps(r, (__m512)x);
	else if (how == 1 || how == 2) {
		if (how == 2)
			x = KGEN_CXL_SWAP_G(x);
		p = how == 1 ? r : i;
		for (t = 0; t < 8; t++) {
			e = ((__m512d)x)[t];
			__builtin_memcpy(p + t * vs, &e, 8);
		}
	} else if (how == 3) {
		/* (r0 .. r7 i0 .. i7) */
		y = _mm512_permutexvar_ps(_mm512_set_epi32(15, 13, 11, 9, 7, 5,
		    3, 1, 14, 12, 10, 8, 6, 4, 2, 0), (__m512)x);
		_mm256_storeu_ps(r, _mm512_castps512_ps256(y));
		_mm256_storeu_ps(i, _mm256_castpd_ps(
		    _mm512_extractf64x4_pd(_mm512_castps_pd(y), 1)));
	} else
		for (t = 0; t < 8; t++) {
			r[t * vs] = x[2 * t];
			i[t * vs] = x[2 * t + 1];
		}
}

/* Outputs k of W = 8 transforms from s: four at a time, an unpack and
 * a shuffle per part and pair of lanes, 16-byte stores (transform t
 * is lane t / 2 of the l (even t) or h (odd t) results). */
KGEN_CXL_INLINE void
kgen_cxl_flush_G(float *r, float *i, ptrdiff_t vs, const kgen_cxG *s,
    int n)
{
	__m512 a, b, c, d, l0, l1, h0, h1, x[4];
	int k, t;

	for (k = 0; k + 4 <= n; k += 4) {
		a = (__m512)s[k];
		b = (__m512)s[k + 1];
		c = (__m512)s[k + 2];
		d = (__m512)s[k + 3];
		l0 = _mm512_unpacklo_ps(a, b);
		h0 = _mm512_unpackhi_ps(a, b);
		l1 = _mm512_unpacklo_ps(c, d);
		h1 = _mm512_unpackhi_ps(c, d);
		x[0] = _mm512_shuffle_ps(l0, l1, 0x44);
		x[1] = _mm512_shuffle_ps(l0, l1, 0xee);
		x[2] = _mm512_shuffle_ps(h0, h1, 0x44);
		x[3] = _mm512_shuffle_ps(h0, h1, 0xee);
#define KGEN_CXL_ST4(q) \
		_mm_storeu_ps(r + (2 * (q)) * vs + k, \
		    _mm512_extractf32x4_ps(x[0], q)); \
		_mm_storeu_ps(i + (2 * (q)) * vs + k, \
		    _mm512_extractf32x4_ps(x[1], q)); \
		_mm_storeu_ps(r + (2 * (q) + 1) * vs + k, \
		    _mm512_extractf32x4_ps(x[2], q)); \
		_mm_storeu_ps(i + (2 * (q) + 1) * vs + k, \
		    _mm512_extractf32x4_ps(x[3], q))
		KGEN_CXL_ST4(0);
		KGEN_CXL_ST4(1);
		KGEN_CXL_ST4(2);
		KGEN_CXL_ST4(3);
#undef KGEN_CXL_ST4
	}
	for (; k < n; k++)
		for (t = 0; t < 8; t++) {
			r[t * vs + k] = s[k][2 * t];
			i[t * vs + k] = s[k][2 * t + 1];
		}
}

KGEN_CXL_INLINE kgen_cxG
kgen_cxl_kbyi_G(float k, kgen_cxG x)
{
	return KGEN_CXL_SWAP_G(x) * (kgen_cxG){-k, k, -k, k, -k, k, -k, k,
	    -k, k, -k, k, -k, k, -k, k};
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

/* kgen: end */
