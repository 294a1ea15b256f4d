/* emit/tpl/cxl.c: the helpers emit/cxl.c prints into n1c (and n1x)
 * codelets for their vectors of complex numbers, as pieces between
 * "kgen: begin NAME" and "kgen: end" comments (emit/text.awk turns them
 * into text, emit/tpl.c prints them; a name that recurs is printed in
 * the order written): cxl_d and cxl_f for one complex number a 16-byte
 * vector, cxl_wide_d and cxl_wide_f for the 32-byte vectors of W = 2
 * doubles or 4 floats (the wider and narrower ones are
 * emit/tpl/cxlwide.c's).  The lines outside the pieces are not printed;
 * the file compiles on its own (cc -c -mavx2 -mfma) as a check that
 * the pieces are C.
 *
 * A wide vector holds one complex number of each of W transforms, vs
 * elements apart, lanes (re, im, re, im, ...).  The helpers take how:
 * 1 interleaved, 2 interleaved with the parts swapped, 3 split with
 * vs == 1, 4 interleaved with vs == 2 (adjacent transforms: one vector
 * access), 5 (stores only) into the staging array s, which flush moves
 * to split outputs of unit stride (os == 1) W transforms at a time with
 * in-register transposes, 0 any split layout.  The wide helpers exist
 * only where AVX is (the library builds these codelets for AVX2 and
 * AVX-512); elsewhere the codelet runs one transform at a time. */
#include <stddef.h>

/* ---- 16-byte vectors: one complex number (double; float in the low
 * half) ---- */

/* kgen: begin cxl_d */
#ifndef KGEN_CXL_D
#define KGEN_CXL_D
typedef double kgen_cxd __attribute__((vector_size(16)));
typedef long long kgen_cxdi __attribute__((vector_size(16)));
#define KGEN_CXL_INLINE static inline __attribute__((always_inline))
/* kgen: end */
/* re and im swapped: GCC's shuffle builtin, or Clang's */
/* kgen: begin cxl_d */
#ifdef __clang__
#define KGEN_CXL_SWAP_d(x) __builtin_shufflevector(x, x, 1, 0)
#else
#define KGEN_CXL_SWAP_d(x) __builtin_shuffle(x, (kgen_cxdi){1, 0})
#endif

/* kgen: end */
/* load: how 1 interleaved, 2 interleaved with the parts swapped, 0
 * split */
/* kgen: begin cxl_d */
KGEN_CXL_INLINE kgen_cxd
kgen_cxl_ld_d(const double *r, const double *i, int how)
{
	kgen_cxd x = {0};

	if (how == 1) {
		__builtin_memcpy(&x, r, 16);
	} else if (how == 2) {
		__builtin_memcpy(&x, i, 16);
		x = KGEN_CXL_SWAP_d(x);
	} else {
		x[0] = *r;
		x[1] = *i;
	}
	return x;
}

/* kgen: end */
/* store: the same */
/* kgen: begin cxl_d */
KGEN_CXL_INLINE void
kgen_cxl_st_d(double *r, double *i, kgen_cxd x, int how)
{
	if (how == 1) {
		__builtin_memcpy(r, &x, 16);
	} else if (how == 2) {
		x = KGEN_CXL_SWAP_d(x);
		__builtin_memcpy(i, &x, 16);
	} else {
		*r = x[0];
		*i = x[1];
	}
}

/* kgen: end */
/* k i x = {-k, k} * swap(x): i x = (-im, re) */
/* kgen: begin cxl_d */
KGEN_CXL_INLINE kgen_cxd
kgen_cxl_kbyi_d(double k, kgen_cxd x)
{
	return KGEN_CXL_SWAP_d(x) * (kgen_cxd){-k, k};
}
#endif

/* kgen: end */

/* kgen: begin cxl_f */
#ifndef KGEN_CXL_F
#define KGEN_CXL_F
typedef float kgen_cxf __attribute__((vector_size(16)));
typedef int kgen_cxfi __attribute__((vector_size(16)));
typedef double kgen_cxfd __attribute__((vector_size(16)));
#define KGEN_CXL_INLINE static inline __attribute__((always_inline))
/* kgen: end */
/* kgen: begin cxl_f */
#ifdef __clang__
#define KGEN_CXL_SWAP_f(x) __builtin_shufflevector(x, x, 1, 0, 3, 2)
#else
#define KGEN_CXL_SWAP_f(x) __builtin_shuffle(x, (kgen_cxfi){1, 0, 3, 2})
#endif

/* kgen: end */
/* float's pair moves as a double, one 8-byte access: one movsd (a
 * memcpy into the vector went through the stack: 2-3x slower
 * codelets) */
/* kgen: begin cxl_f */
#define KGEN_CXL_LDF(x, p) do { double t_; __builtin_memcpy(&t_, p, 8); \
	x = (kgen_cxf)(kgen_cxfd){t_, 0}; } while (0)
#define KGEN_CXL_STF(p, x) do { \
	double t_ = ((kgen_cxfd)(x))[0]; __builtin_memcpy(p, &t_, 8); } while (0)
KGEN_CXL_INLINE kgen_cxf
kgen_cxl_ld_f(const float *r, const float *i, int how)
{
	kgen_cxf x = {0};

	if (how == 1) {
		KGEN_CXL_LDF(x, r);
	} else if (how == 2) {
		KGEN_CXL_LDF(x, i);
		x = KGEN_CXL_SWAP_f(x);
	} else {
		x[0] = *r;
		x[1] = *i;
	}
	return x;
}

/* kgen: end */
/* kgen: begin cxl_f */
KGEN_CXL_INLINE void
kgen_cxl_st_f(float *r, float *i, kgen_cxf x, int how)
{
	if (how == 1) {
		KGEN_CXL_STF(r, x);
	} else if (how == 2) {
		x = KGEN_CXL_SWAP_f(x);
		KGEN_CXL_STF(i, x);
	} else {
		*r = x[0];
		*i = x[1];
	}
}

/* kgen: end */
/* kgen: begin cxl_f */
KGEN_CXL_INLINE kgen_cxf
kgen_cxl_kbyi_f(float k, kgen_cxf x)
{
	return KGEN_CXL_SWAP_f(x) * (kgen_cxf){-k, k, -k, k};
}
#endif

/* kgen: end */

/* ---- 32-byte vectors (AVX): W = 2 doubles, 4 floats ---- */

/* kgen: begin cxl_wide_d */
#if defined(__AVX__) && !defined(KGEN_CXL_WD)
#define KGEN_CXL_WD
#include <immintrin.h>
typedef double kgen_cxD __attribute__((vector_size(32)));
typedef long long kgen_cxDi __attribute__((vector_size(32)));
#ifdef __clang__
#define KGEN_CXL_SWAP_D(x) __builtin_shufflevector(x, x, 1, 0, 3, 2)
#else
#define KGEN_CXL_SWAP_D(x) __builtin_shuffle(x, (kgen_cxDi){1, 0, 3, 2})
#endif

/* kgen: end */
/* load: how 1 or 2, the W pairs vs apart; 4, adjacent (one access);
 * 3, split with vs == 1 (two accesses and an unpack); 0 element by
 * element */
/* kgen: begin cxl_wide_d */
KGEN_CXL_INLINE kgen_cxD
kgen_cxl_ld_D(const double *r, const double *i, ptrdiff_t vs, int how)
{
	__m128d a, b;

	if (how == 1 || how == 2) {
		a = _mm_loadu_pd(how == 1 ? r : i);
		b = _mm_loadu_pd((how == 1 ? r : i) + vs);
		return how == 1 ? (kgen_cxD)_mm256_set_m128d(b, a)
		    : KGEN_CXL_SWAP_D((kgen_cxD)_mm256_set_m128d(b, a));
	}
	if (how == 4)
		return (kgen_cxD)_mm256_loadu_pd(r);
	if (how == 3) {
		a = _mm_loadu_pd(r);
		b = _mm_loadu_pd(i);
		return (kgen_cxD)_mm256_set_m128d(_mm_unpackhi_pd(a, b),
		    _mm_unpacklo_pd(a, b));
	}
	return (kgen_cxD){r[0], i[0], r[vs], i[vs]};
}

/* kgen: end */
/* store: the same, and 5, into the staging array (flush) */
/* kgen: begin cxl_wide_d */
KGEN_CXL_INLINE void
kgen_cxl_st_D(double *r, double *i, ptrdiff_t vs, kgen_cxD x, int how,
    kgen_cxD *s)
{
	__m128d a, b;

	if (how == 5) {
		*s = x;
		return;
	}
	if (how == 4) {
		_mm256_storeu_pd(r, (__m256d)x);
		return;
	}
	if (how == 2)
		x = KGEN_CXL_SWAP_D(x);
	a = _mm256_castpd256_pd128((__m256d)x);
	b = _mm256_extractf128_pd((__m256d)x, 1);
	if (how == 1 || how == 2) {
		_mm_storeu_pd(how == 1 ? r : i, a);
		_mm_storeu_pd((how == 1 ? r : i) + vs, b);
	} else if (how == 3) {
		_mm_storeu_pd(r, _mm_unpacklo_pd(a, b));
		_mm_storeu_pd(i, _mm_unpackhi_pd(a, b));
	} else {
		r[0] = x[0];
		i[0] = x[1];
		r[vs] = x[2];
		i[vs] = x[3];
	}
}

/* kgen: end */
/* Outputs k of W = 2 transforms from the staging array s (n of them)
 * to r, i (element k of transform t at r[t vs + k]): four outputs at a
 * time, two unpacks and two 128-bit permutes a part, 32-byte stores. */
/* kgen: begin cxl_wide_d */
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
/* kgen: begin cxl_wide_d */
KGEN_CXL_INLINE kgen_cxD
kgen_cxl_kbyi_D(double k, kgen_cxD x)
{
	return KGEN_CXL_SWAP_D(x) * (kgen_cxD){-k, k, -k, k};
}
#endif

/* kgen: end */

/* kgen: begin cxl_wide_f */
#if defined(__AVX__) && !defined(KGEN_CXL_WF)
#define KGEN_CXL_WF
#include <immintrin.h>
typedef float kgen_cxF __attribute__((vector_size(32)));
typedef int kgen_cxFi __attribute__((vector_size(32)));
#ifdef __clang__
#define KGEN_CXL_SWAP_F(x) __builtin_shufflevector(x, x, 1, 0, 3, 2, 5, 4, 7, 6)
#else
#define KGEN_CXL_SWAP_F(x) __builtin_shuffle(x, (kgen_cxFi){1, 0, 3, 2, 5, 4, 7, 6})
#endif

/* kgen: end */
/* float: the W pairs as doubles, 8-byte accesses */
/* kgen: begin cxl_wide_f */
KGEN_CXL_INLINE kgen_cxF
kgen_cxl_ld_F(const float *r, const float *i, ptrdiff_t vs, int how)
{
	const float *p;
	double a, b, c, d;
	__m128 u, w;

	if (how == 1 || how == 2) {
		p = how == 1 ? r : i;
		__builtin_memcpy(&a, p, 8);
		__builtin_memcpy(&b, p + vs, 8);
		__builtin_memcpy(&c, p + 2 * vs, 8);
		__builtin_memcpy(&d, p + 3 * vs, 8);
		return how == 1 ? (kgen_cxF)_mm256_set_pd(d, c, b, a)
		    : KGEN_CXL_SWAP_F((kgen_cxF)_mm256_set_pd(d, c, b, a));
	}
	if (how == 4)
		return (kgen_cxF)_mm256_loadu_ps(r);
	if (how == 3) {
		u = _mm_loadu_ps(r);
		w = _mm_loadu_ps(i);
		return (kgen_cxF)_mm256_set_m128(_mm_unpackhi_ps(u, w),
		    _mm_unpacklo_ps(u, w));
	}
	return (kgen_cxF){r[0], i[0], r[vs], i[vs], r[2 * vs], i[2 * vs],
	    r[3 * vs], i[3 * vs]};
}

/* kgen: end */
/* kgen: begin cxl_wide_f */
KGEN_CXL_INLINE void
kgen_cxl_st_F(float *r, float *i, ptrdiff_t vs, kgen_cxF x, int how,
    kgen_cxF *s)
{
	float *p;
	__m128d a, b;
	__m128 u, w;
	double t;

	if (how == 5) {
		*s = x;
		return;
	}
	if (how == 4)
		_mm256_storeu_ps(r, (__m256)x);
	else if (how == 1 || how == 2) {
		if (how == 2)
			x = KGEN_CXL_SWAP_F(x);
		p = how == 1 ? r : i;
		a = _mm256_castpd256_pd128((__m256d)x);
		b = _mm256_extractf128_pd((__m256d)x, 1);
		t = a[0];
		__builtin_memcpy(p, &t, 8);
		t = a[1];
		__builtin_memcpy(p + vs, &t, 8);
		t = b[0];
		__builtin_memcpy(p + 2 * vs, &t, 8);
		t = b[1];
		__builtin_memcpy(p + 3 * vs, &t, 8);
	} else if (how == 3) {
		u = _mm256_castps256_ps128((__m256)x);
		w = _mm256_extractf128_ps((__m256)x, 1);
		_mm_storeu_ps(r, _mm_shuffle_ps(u, w, 0x88));
		_mm_storeu_ps(i, _mm_shuffle_ps(u, w, 0xdd));
	} else {
		r[0] = x[0];
		i[0] = x[1];
		r[vs] = x[2];
		i[vs] = x[3];
		r[2 * vs] = x[4];
		i[2 * vs] = x[5];
		r[3 * vs] = x[6];
		i[3 * vs] = x[7];
	}
}

/* kgen: end */
/* The same for W = 4 float transforms: four outputs at a time, an
 * unpack and a shuffle per part and pair of transforms, 16-byte
 * stores. */
/* kgen: begin cxl_wide_f */
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
/* kgen: begin cxl_wide_f */
KGEN_CXL_INLINE kgen_cxF
kgen_cxl_kbyi_F(float k, kgen_cxF x)
{
	return KGEN_CXL_SWAP_F(x) * (kgen_cxF){-k, k, -k, k, -k, k, -k, k};
}
#endif

/* kgen: end */
