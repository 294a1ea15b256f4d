/* emit/tpl/cxl.c: the helpers emit/cxl.c prints into n1c codelets for
 * the wide bodies beyond its own 16- and 32-byte ones, as pieces between
 * "kgen: begin NAME" and "kgen: end" comments (emit/text.awk turns them
 * into text, emit/tpl.c prints them).  The lines outside the pieces are
 * not printed; they let this file compile on its own (cc -c -mavx512f
 * -mavx512dq -mfma -mavx2) as a check that the pieces are C.
 *
 * A wide vector holds one complex number of each of W transforms, vs
 * elements apart, lanes (re, im, re, im, ...).  The helpers take how:
 * 1 interleaved, 2 interleaved with the parts swapped, 3 split with
 * vs == 1, 4 interleaved with vs == 2 (adjacent transforms: one vector
 * access), 5 (stores only) into the staging array s, which flush moves
 * to split outputs of unit stride (os == 1) W transforms at a time with
 * in-register transposes, 0 any split layout. */
#include <stddef.h>
#include <immintrin.h>
#define KGEN_CXL_INLINE static inline __attribute__((always_inline))

/* ---- 32-byte vectors: the flushes (emit/cxl.c prints the rest) ---- */
typedef double kgen_cxD __attribute__((vector_size(32)));
typedef float kgen_cxF __attribute__((vector_size(32)));
/* what emit/cxl.c prints before these pieces, for n1x's */
typedef long long kgen_cxDi __attribute__((vector_size(32)));
typedef int kgen_cxFi __attribute__((vector_size(32)));
#define KGEN_CXL_SWAP_D(x) __builtin_shuffle(x, (kgen_cxDi){1, 0, 3, 2})
#define KGEN_CXL_SWAP_F(x) __builtin_shuffle(x, \
	(kgen_cxFi){1, 0, 3, 2, 5, 4, 7, 6})
KGEN_CXL_INLINE kgen_cxF
kgen_cxl_kbyi_F(float k, kgen_cxF x)
{
	return KGEN_CXL_SWAP_F(x) * (kgen_cxF){-k, k, -k, k, -k, k, -k, k};
}
kgen_cxD kgen_cxl_ld_D(const double *r, const double *i, ptrdiff_t vs,
    int how);
kgen_cxF kgen_cxl_ld_F(const float *r, const float *i, ptrdiff_t vs,
    int how);

/* Outputs k of W = 2 transforms from the staging array s (n of them)
 * to r, i (element k of transform t at r[t vs + k]): four outputs at a
 * time, two unpacks and two 128-bit permutes a part, 32-byte stores. */
/* kgen: begin cxl_flush_d */
KGEN_CXL_INLINE void
kgen_cxl_flush_D(double *r, double *i, ptrdiff_t vs, const kgen_cxD *s,
    int n)
{
	__m256d a, b, c, d, l0, l1, h0, h1;
	int k;

	for (k = 0; k + 4 <= n; k += 4) {
		a = (__m256d)s[k];
		b = (__m256d)s[k + 1];
		c = (__m256d)s[k + 2];
		d = (__m256d)s[k + 3];
		l0 = _mm256_unpacklo_pd(a, b);
		h0 = _mm256_unpackhi_pd(a, b);
		l1 = _mm256_unpacklo_pd(c, d);
		h1 = _mm256_unpackhi_pd(c, d);
		_mm256_storeu_pd(r + k, _mm256_permute2f128_pd(l0, l1, 0x20));
		_mm256_storeu_pd(r + vs + k,
		    _mm256_permute2f128_pd(l0, l1, 0x31));
		_mm256_storeu_pd(i + k, _mm256_permute2f128_pd(h0, h1, 0x20));
		_mm256_storeu_pd(i + vs + k,
		    _mm256_permute2f128_pd(h0, h1, 0x31));
	}
	for (; k < n; k++) {
		r[k] = s[k][0];
		i[k] = s[k][1];
		r[vs + k] = s[k][2];
		i[vs + k] = s[k][3];
	}
}
/* kgen: end */

/* The same for W = 4 float transforms: four outputs at a time, an
 * unpack and a shuffle per part and pair of transforms, 16-byte
 * stores. */
/* kgen: begin cxl_flush_f */
KGEN_CXL_INLINE void
kgen_cxl_flush_F(float *r, float *i, ptrdiff_t vs, const kgen_cxF *s,
    int n)
{
	__m256 a, b, c, d, l0, l1, h0, h1, x;
	int k, t;

	for (k = 0; k + 4 <= n; k += 4) {
		a = (__m256)s[k];
		b = (__m256)s[k + 1];
		c = (__m256)s[k + 2];
		d = (__m256)s[k + 3];
		/* l: transforms 0 and 2, h: 1 and 3 (one a 128-bit half) */
		l0 = _mm256_unpacklo_ps(a, b);
		h0 = _mm256_unpackhi_ps(a, b);
		l1 = _mm256_unpacklo_ps(c, d);
		h1 = _mm256_unpackhi_ps(c, d);
		x = _mm256_shuffle_ps(l0, l1, 0x44);
		_mm_storeu_ps(r + k, _mm256_castps256_ps128(x));
		_mm_storeu_ps(r + 2 * vs + k, _mm256_extractf128_ps(x, 1));
		x = _mm256_shuffle_ps(l0, l1, 0xee);
		_mm_storeu_ps(i + k, _mm256_castps256_ps128(x));
		_mm_storeu_ps(i + 2 * vs + k, _mm256_extractf128_ps(x, 1));
		x = _mm256_shuffle_ps(h0, h1, 0x44);
		_mm_storeu_ps(r + vs + k, _mm256_castps256_ps128(x));
		_mm_storeu_ps(r + 3 * vs + k, _mm256_extractf128_ps(x, 1));
		x = _mm256_shuffle_ps(h0, h1, 0xee);
		_mm_storeu_ps(i + vs + k, _mm256_castps256_ps128(x));
		_mm_storeu_ps(i + 3 * vs + k, _mm256_extractf128_ps(x, 1));
	}
	for (; k < n; k++)
		for (t = 0; t < 4; t++) {
			r[t * vs + k] = s[k][2 * t];
			i[t * vs + k] = s[k][2 * t + 1];
		}
}
/* kgen: end */

/* ---- 16-byte vectors: W = 2 floats (n1x of float sizes 2 mod 4) ---- */

/* kgen: begin cxl_wide_h */
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
/* kgen: end */

/* ---- 64-byte vectors (AVX-512): W = 4 doubles, 8 floats ---- */

/* kgen: begin cxl_wide_e */
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
/* kgen: end */

/* kgen: begin cxl_wide_g */
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
/* kgen: end */

/* n1x's twiddle multiply, loads and stores, for each vector type (@c@
 * its letter D, F, E or G, @t@ its element, @w@ its W complex numbers,
 * @w2@ 2W), printed before that type's last step (cxl_x_d, _f, _e,
 * _g). */
/* kgen: begin cxl_x_io */
/* The last step's loops (constant trip counts once inlined) unrolled in
 * full: gcc -O2 keeps them rolled and their arrays in memory (make
 * bench-pick, double n = 32, v = 256, AVX-512: 22.5-23.2 ns a transform
 * rolled, 13.9-14.0 unrolled).  Clang unrolls such loops by itself. */
#ifndef KGEN_CXL_UNROLL
#if defined(__GNUC__) && !defined(__clang__)
#define KGEN_CXL_UNROLL _Pragma("GCC unroll 16")
#else
#define KGEN_CXL_UNROLL
#endif
#endif
KGEN_CXL_INLINE kgen_cx@c@
kgen_cxl_xtw_@c@(kgen_cx@c@ x, const @t@ *tw)
{
	kgen_cx@c@ c, s;

	__builtin_memcpy(&c, tw, sizeof c);
	__builtin_memcpy(&s, tw + @w2@, sizeof s);
	return x * c + KGEN_CXL_SWAP_@c@(x) * s;
}

/* n1x's loads: n1c's, and (how 6) W adjacent pairs with the parts
 * swapped (ii == ri - 1, is == 2: kgen_dft's backward call) as one
 * vector access and a swap */
KGEN_CXL_INLINE kgen_cx@c@
kgen_cxl_xld_@c@(const @t@ *r, const @t@ *i, ptrdiff_t vs, int how)
{
	kgen_cx@c@ x;

	if (how != 6)
		return kgen_cxl_ld_@c@(r, i, vs, how);
	__builtin_memcpy(&x, i, sizeof x);
	return KGEN_CXL_SWAP_@c@(x);
}

/* The W outputs of x to r, i, os apart: one vector access where they
 * are adjacent pairs (how 1, or 2 with the parts swapped) */
KGEN_CXL_INLINE void
kgen_cxl_xst_@c@(@t@ *r, @t@ *i, ptrdiff_t os, kgen_cx@c@ x, int cnt,
    int how)
{
	int t;

	if (how == 1 && cnt == @w@) {
		__builtin_memcpy(r, &x, sizeof x);
		return;
	}
	if (how == 2 && cnt == @w@) {
		x = KGEN_CXL_SWAP_@c@(x);
		__builtin_memcpy(i, &x, sizeof x);
		return;
	}
	for (t = 0; t < cnt; t++) {
		r[t * os] = x[2 * t];
		i[t * os] = x[2 * t + 1];
	}
}

/* kgen: end */

/* ---- n1x: the step after the W sub-transforms (emit/cxl.c) ----
 * s[k] (k < mr, a multiple of W; s[m..mr-1] zero) holds output k of
 * the W sub-transforms of size m, one a lane: lane l is the DFT of
 * x_l, x_(l+W), ...  Output k + m q of the whole transform is
 * sum_l exp(sign 2 pi i l q / W) (w^(l k) s[k]_l), w = exp(sign 2 pi i /
 * (W m)); tw holds w^(l k) by k, as two vectors: the real parts twice
 * (c, c, ...) and the imaginary parts signed (-s, s, ...), so that the
 * product is one multiply, one swap and one FMA.  Per group of W
 * outputs k: twiddle, transpose W x W in registers (lanes become
 * consecutive k), a radix-W butterfly across the vectors, and one store
 * of W consecutive outputs a q: a vector store where the output is
 * interleaved pairs (how 1: io == ro + 1, os == 2; how 2: the parts
 * swapped, ro == io + 1), element by element otherwise and in the last
 * group when W does not divide m. */
/* kgen: begin cxl_x_d */
/* W = 2: the transpose is two 128-bit permutes, the butterfly one
 * addition and one subtraction. */
KGEN_CXL_INLINE void
kgen_cxl_x_D(double *r, double *i, ptrdiff_t os, const kgen_cxD *s,
    int m, const double *tw, int how)
{
	kgen_cxD a, b, u, w;
	int g, c;

	KGEN_CXL_UNROLL
	for (g = 0; g < m; g += 2) {
		a = kgen_cxl_xtw_D(s[g], tw + 8 * g);
		b = kgen_cxl_xtw_D(s[g + 1], tw + 8 * g + 8);
		u = (kgen_cxD)_mm256_permute2f128_pd((__m256d)a, (__m256d)b,
		    0x20);
		w = (kgen_cxD)_mm256_permute2f128_pd((__m256d)a, (__m256d)b,
		    0x31);
		c = m - g < 2 ? m - g : 2;
		kgen_cxl_xst_D(r + g * os, i + g * os, os, u + w, c, how);
		kgen_cxl_xst_D(r + (g + m) * os, i + (g + m) * os, os, u - w,
		    c, how);
	}
}
/* kgen: end */

/* kgen: begin cxl_x_h */
/* W = 2 floats in 16 bytes: a complex float is 64 bits, so the
 * transpose is movlhps and movhlps, the butterfly one addition and one
 * subtraction. */
KGEN_CXL_INLINE void
kgen_cxl_x_H(float *r, float *i, ptrdiff_t os, const kgen_cxH *s, int m,
    const float *tw, int how)
{
	kgen_cxH a, b, u, w;
	int g, c;

	KGEN_CXL_UNROLL
	for (g = 0; g < m; g += 2) {
		a = kgen_cxl_xtw_H(s[g], tw + 8 * g);
		b = kgen_cxl_xtw_H(s[g + 1], tw + 8 * g + 8);
		u = (kgen_cxH)_mm_movelh_ps((__m128)a, (__m128)b);
		w = (kgen_cxH)_mm_movehl_ps((__m128)b, (__m128)a);
		c = m - g < 2 ? m - g : 2;
		kgen_cxl_xst_H(r + g * os, i + g * os, os, u + w, c, how);
		kgen_cxl_xst_H(r + (g + m) * os, i + (g + m) * os, os, u - w,
		    c, how);
	}
}
/* kgen: end */

/* kgen: begin cxl_x_f */
/* W = 4: a complex float is 64 bits, so the 4 x 4 transpose is that
 * of doubles (four unpacks, four 128-bit permutes); then a radix-4
 * butterfly, sign the transform's. */
KGEN_CXL_INLINE void
kgen_cxl_x_F(float *r, float *i, ptrdiff_t os, const kgen_cxF *s, int m,
    const float *tw, int sign, int how)
{
	__m256d a[4], t0, t1, t2, t3;
	kgen_cxF v0, v1, v2, v3, s02, d02, s13, d13;
	int g, k, c;

	KGEN_CXL_UNROLL
	for (g = 0; g < m; g += 4) {
		KGEN_CXL_UNROLL
		for (k = 0; k < 4; k++)
			a[k] = (__m256d)kgen_cxl_xtw_F(s[g + k],
			    tw + 16 * (g + k));
		t0 = _mm256_unpacklo_pd(a[0], a[1]);
		t1 = _mm256_unpackhi_pd(a[0], a[1]);
		t2 = _mm256_unpacklo_pd(a[2], a[3]);
		t3 = _mm256_unpackhi_pd(a[2], a[3]);
		v0 = (kgen_cxF)_mm256_permute2f128_pd(t0, t2, 0x20);
		v2 = (kgen_cxF)_mm256_permute2f128_pd(t0, t2, 0x31);
		v1 = (kgen_cxF)_mm256_permute2f128_pd(t1, t3, 0x20);
		v3 = (kgen_cxF)_mm256_permute2f128_pd(t1, t3, 0x31);
		s02 = v0 + v2;
		d02 = v0 - v2;
		s13 = v1 + v3;
		d13 = kgen_cxl_kbyi_F((float)sign, v1 - v3);
		c = m - g < 4 ? m - g : 4;
		kgen_cxl_xst_F(r + g * os, i + g * os, os, s02 + s13, c, how);
		kgen_cxl_xst_F(r + (g + m) * os, i + (g + m) * os, os,
		    d02 + d13, c, how);
		kgen_cxl_xst_F(r + (g + 2 * m) * os, i + (g + 2 * m) * os, os,
		    s02 - s13, c, how);
		kgen_cxl_xst_F(r + (g + 3 * m) * os, i + (g + 3 * m) * os, os,
		    d02 - d13, c, how);
	}
}
/* kgen: end */

/* kgen: begin cxl_x_e */
/* W = 4 doubles in 64 bytes: a complex double is a 128-bit lane, so
 * the transpose is four lane shuffles (vshuff64x2) and four more. */
KGEN_CXL_INLINE void
kgen_cxl_x_E(double *r, double *i, ptrdiff_t os, const kgen_cxE *s,
    int m, const double *tw, int sign, int how)
{
	__m512d a[4], t0, t1, t2, t3;
	kgen_cxE v0, v1, v2, v3, s02, d02, s13, d13;
	int g, k, c;

	KGEN_CXL_UNROLL
	for (g = 0; g < m; g += 4) {
		KGEN_CXL_UNROLL
		for (k = 0; k < 4; k++)
			a[k] = (__m512d)kgen_cxl_xtw_E(s[g + k],
			    tw + 16 * (g + k));
		t0 = _mm512_shuffle_f64x2(a[0], a[1], 0x88);
		t1 = _mm512_shuffle_f64x2(a[0], a[1], 0xdd);
		t2 = _mm512_shuffle_f64x2(a[2], a[3], 0x88);
		t3 = _mm512_shuffle_f64x2(a[2], a[3], 0xdd);
		v0 = (kgen_cxE)_mm512_shuffle_f64x2(t0, t2, 0x88);
		v2 = (kgen_cxE)_mm512_shuffle_f64x2(t0, t2, 0xdd);
		v1 = (kgen_cxE)_mm512_shuffle_f64x2(t1, t3, 0x88);
		v3 = (kgen_cxE)_mm512_shuffle_f64x2(t1, t3, 0xdd);
		s02 = v0 + v2;
		d02 = v0 - v2;
		s13 = v1 + v3;
		d13 = kgen_cxl_kbyi_E((double)sign, v1 - v3);
		c = m - g < 4 ? m - g : 4;
		kgen_cxl_xst_E(r + g * os, i + g * os, os, s02 + s13, c, how);
		kgen_cxl_xst_E(r + (g + m) * os, i + (g + m) * os, os,
		    d02 + d13, c, how);
		kgen_cxl_xst_E(r + (g + 2 * m) * os, i + (g + 2 * m) * os, os,
		    s02 - s13, c, how);
		kgen_cxl_xst_E(r + (g + 3 * m) * os, i + (g + 3 * m) * os, os,
		    d02 - d13, c, how);
	}
}
/* kgen: end */

/* n1x's last step with 64-byte float vectors (W = 8: AVX-512 float).
 * A complex float is one 64-bit lane, so the 8 x 8 transpose is that
 * of doubles: unpacks, then two rounds of two-source permutes. */
/* kgen: begin cxl_x_g */
/* sign i x / sqrt 2 + x / sqrt 2, times q: w8 = exp(sign 2 pi i / 8)
 * (q = 1) and w8^3 = sign i w8 (q = -1 on the real part: (sign i - 1)
 * x / sqrt 2) */
#define KGEN_CXL_W8_G(sign, q, x) \
	((kgen_cxl_kbyi_G((float)(sign), x) + (float)(q) * (x)) \
	* (float)0.70710678118654752440L)

KGEN_CXL_INLINE void
kgen_cxl_x_G(float *r, float *i, ptrdiff_t os, const kgen_cxG *s,
    int m, const float *tw, int sign, int how)
{
	__m512d a[8], u[8], w[8];
	kgen_cxG v[8], e[4], o[4], s02, d02, s13, d13;
	int g, k, c, q;

	KGEN_CXL_UNROLL
	for (g = 0; g < m; g += 8) {
		KGEN_CXL_UNROLL
		for (k = 0; k < 8; k++)
			a[k] = (__m512d)kgen_cxl_xtw_G(s[g + k],
			    tw + 32 * (g + k));
		/* u[2j]: elements 0, 2, 4, 6 of rows 2j, 2j + 1; u[2j + 1]:
		 * 1, 3, 5, 7 */
		KGEN_CXL_UNROLL
		for (k = 0; k < 4; k++) {
			u[2 * k] = _mm512_unpacklo_pd(a[2 * k], a[2 * k + 1]);
			u[2 * k + 1] = _mm512_unpackhi_pd(a[2 * k],
			    a[2 * k + 1]);
		}
		/* w: rows 0-3 (w[0..3]) and 4-7 (w[4..7]) of elements
		 * (0, 4), (2, 6), (1, 5), (3, 7) */
		KGEN_CXL_UNROLL
		for (k = 0; k < 2; k++) {
			w[4 * k] = _mm512_permutex2var_pd(u[4 * k],
			    _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0),
			    u[4 * k + 2]);
			w[4 * k + 1] = _mm512_permutex2var_pd(u[4 * k],
			    _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2),
			    u[4 * k + 2]);
			w[4 * k + 2] = _mm512_permutex2var_pd(u[4 * k + 1],
			    _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0),
			    u[4 * k + 3]);
			w[4 * k + 3] = _mm512_permutex2var_pd(u[4 * k + 1],
			    _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2),
			    u[4 * k + 3]);
		}
		/* v[j]: element j of rows 0..7 */
		v[0] = (kgen_cxG)_mm512_shuffle_f64x2(w[0], w[4], 0x44);
		v[4] = (kgen_cxG)_mm512_shuffle_f64x2(w[0], w[4], 0xee);
		v[2] = (kgen_cxG)_mm512_shuffle_f64x2(w[1], w[5], 0x44);
		v[6] = (kgen_cxG)_mm512_shuffle_f64x2(w[1], w[5], 0xee);
		v[1] = (kgen_cxG)_mm512_shuffle_f64x2(w[2], w[6], 0x44);
		v[5] = (kgen_cxG)_mm512_shuffle_f64x2(w[2], w[6], 0xee);
		v[3] = (kgen_cxG)_mm512_shuffle_f64x2(w[3], w[7], 0x44);
		v[7] = (kgen_cxG)_mm512_shuffle_f64x2(w[3], w[7], 0xee);
		/* radix 8: DFT 4 of the even and of the odd rows, then
		 * y_k = e_k + w8^k o_k, y_(k+4) = e_k - w8^k o_k */
		KGEN_CXL_UNROLL
		for (q = 0; q < 2; q++) {
			s02 = v[q] + v[q + 4];
			d02 = v[q] - v[q + 4];
			s13 = v[q + 2] + v[q + 6];
			d13 = kgen_cxl_kbyi_G((float)sign, v[q + 2] - v[q + 6]);
			(q ? o : e)[0] = s02 + s13;
			(q ? o : e)[1] = d02 + d13;
			(q ? o : e)[2] = s02 - s13;
			(q ? o : e)[3] = d02 - d13;
		}
		o[1] = KGEN_CXL_W8_G(sign, 1, o[1]);
		o[2] = kgen_cxl_kbyi_G((float)sign, o[2]);
		o[3] = KGEN_CXL_W8_G(sign, -1, o[3]);
		c = m - g < 8 ? m - g : 8;
		KGEN_CXL_UNROLL
		for (k = 0; k < 4; k++) {
			kgen_cxl_xst_G(r + (g + k * m) * os,
			    i + (g + k * m) * os, os, e[k] + o[k], c, how);
			kgen_cxl_xst_G(r + (g + (k + 4) * m) * os,
			    i + (g + (k + 4) * m) * os, os, e[k] - o[k], c,
			    how);
		}
	}
}
#undef KGEN_CXL_W8_G
/* kgen: end */
