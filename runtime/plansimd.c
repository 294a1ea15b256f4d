/* plansimd.c: the planner's SIMD helpers (runtime/planexec.c):
 * interleaved <-> split copies of stride-2 data and the twiddle
 * multiplies of generic radices.  x86 builds get AVX2 and AVX-512
 * versions through target attributes (the rest of the runtime is built
 * for the baseline ISA; planexec.c calls them only where kgen_isa()
 * allows: simd_level), AArch64 builds NEON ones (vld2q and vst2q
 * (de)interleave as they load and store; every AArch64 CPU has NEON),
 * other builds plain loops under the same names.  Compiled twice, for
 * double and (-DKGEN_SINGLE) float: see prec.h, which names the
 * intrinsics of R's x86 vectors; the shuffles differ by lanes. */
#include "plan.h"

#if defined(__GNUC__) && defined(__aarch64__) && !defined(KGEN_NO_SIMD)
#define SIMD_NEON 1
#include <arm_neon.h>
#ifdef KGEN_SINGLE
#define NV float32x4_t
#define NV2 float32x4x2_t
#define NV_SUF f32
#else
#define NV float64x2_t
#define NV2 float64x2x2_t
#define NV_SUF f64
#endif
#define NV_N (16 / (int)sizeof(R))
#define NV_CAT(a, b) NV_CAT_(a, b)
#define NV_CAT_(a, b) a##_##b
#define NV_LD NV_CAT(vld1q, NV_SUF)
#define NV_ST NV_CAT(vst1q, NV_SUF)
#define NV_LD2 NV_CAT(vld2q, NV_SUF)
#define NV_ST2 NV_CAT(vst2q, NV_SUF)
#define NV_MUL NV_CAT(vmulq, NV_SUF)
#define NV_FMA NV_CAT(vfmaq, NV_SUF)    /* a + b c */
#define NV_FMS NV_CAT(vfmsq, NV_SUF)    /* a - b c */
#endif

int
PRIV(simd_level)(void)
{
#if defined(__GNUC__) && defined(__x86_64__) && !defined(KGEN_NO_SIMD)
	int isa = kgen_isa();

	return isa >= KGEN_ISA_AVX512 ? 2 : isa >= KGEN_ISA_AVX2;
#elif defined(SIMD_NEON)
	return kgen_isa() == KGEN_ISA_NEON;
#else
	return 0;
#endif
}

/* Interleaved <-> split copies for stride-2 data: AVX2 shuffles where
 * the compiler can target AVX2 (the plan uses them only when the CPU
 * runs AVX2: plan_cfg's fastcopy), else plain loops. */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(KGEN_NO_SIMD)
#include <immintrin.h>
#define COPY_ATTR __attribute__((target("avx2")))
#ifdef KGEN_SINGLE
enum { COPY_STEP = 8 };
/* (r0 i0 .. r7 i7) -> (r0 .. r7), (i0 .. i7): the shuffles leave the
 * 64-bit pairs in order 0 2 1 3, the permute puts them back */
COPY_ATTR void
PRIV(simd_deinterleave)(const R *x, R *re, R *im, int n)
{
	__m256 a, b;
	__m256d u, v;
	int j;

	for (j = 0; j + COPY_STEP <= n; j += COPY_STEP) {
		a = _mm256_loadu_ps(x + 2 * j);
		b = _mm256_loadu_ps(x + 2 * j + 8);
		u = _mm256_castps_pd(_mm256_shuffle_ps(a, b, 0x88));
		v = _mm256_castps_pd(_mm256_shuffle_ps(a, b, 0xdd));
		_mm256_storeu_ps(re + j,
		    _mm256_castpd_ps(_mm256_permute4x64_pd(u, 0xd8)));
		_mm256_storeu_ps(im + j,
		    _mm256_castpd_ps(_mm256_permute4x64_pd(v, 0xd8)));
	}
	for (; j < n; j++) {
		re[j] = x[2 * j];
		im[j] = x[2 * j + 1];
	}
}

COPY_ATTR void
PRIV(simd_interleave)(const R *re, const R *im, R *y, int n)
{
	__m256 a, b;
	int j;

	for (j = 0; j + COPY_STEP <= n; j += COPY_STEP) {
		a = _mm256_castpd_ps(_mm256_permute4x64_pd(
		    _mm256_castps_pd(_mm256_loadu_ps(re + j)), 0xd8));
		b = _mm256_castpd_ps(_mm256_permute4x64_pd(
		    _mm256_castps_pd(_mm256_loadu_ps(im + j)), 0xd8));
		_mm256_storeu_ps(y + 2 * j, _mm256_unpacklo_ps(a, b));
		_mm256_storeu_ps(y + 2 * j + 8, _mm256_unpackhi_ps(a, b));
	}
	for (; j < n; j++) {
		y[2 * j] = re[j];
		y[2 * j + 1] = im[j];
	}
}
#else
enum { COPY_STEP = 4 };
/* (r0 i0 r1 i1), (r2 i2 r3 i3) -> unpack: (r0 r2 r1 r3), (i0 i2 i1 i3)
 * -> permute 0 2 1 3 */
COPY_ATTR void
PRIV(simd_deinterleave)(const R *x, R *re, R *im, int n)
{
	__m256d a, b;
	int j;

	for (j = 0; j + COPY_STEP <= n; j += COPY_STEP) {
		a = _mm256_loadu_pd(x + 2 * j);
		b = _mm256_loadu_pd(x + 2 * j + 4);
		_mm256_storeu_pd(re + j, _mm256_permute4x64_pd(
		    _mm256_unpacklo_pd(a, b), 0xd8));
		_mm256_storeu_pd(im + j, _mm256_permute4x64_pd(
		    _mm256_unpackhi_pd(a, b), 0xd8));
	}
	for (; j < n; j++) {
		re[j] = x[2 * j];
		im[j] = x[2 * j + 1];
	}
}

COPY_ATTR void
PRIV(simd_interleave)(const R *re, const R *im, R *y, int n)
{
	__m256d a, b;
	int j;

	for (j = 0; j + COPY_STEP <= n; j += COPY_STEP) {
		a = _mm256_permute4x64_pd(_mm256_loadu_pd(re + j), 0xd8);
		b = _mm256_permute4x64_pd(_mm256_loadu_pd(im + j), 0xd8);
		_mm256_storeu_pd(y + 2 * j, _mm256_unpacklo_pd(a, b));
		_mm256_storeu_pd(y + 2 * j + 4, _mm256_unpackhi_pd(a, b));
	}
	for (; j < n; j++) {
		y[2 * j] = re[j];
		y[2 * j + 1] = im[j];
	}
}
#endif

/* AVX-512: one two-source permute per output vector. */
#define COPY512_ATTR __attribute__((target("avx512f")))
/* the lanes' indices (prec.h's IDX512): the even and odd elements of
 * two vectors, and the low and high halves of two vectors interleaved */
enum { COPY512_STEP = 64 / sizeof(R) };
#ifdef KGEN_SINGLE
#define EVEN512 IDX512(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, \
    28, 30)
#define ODD512 IDX512(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, \
    29, 31)
#define LO512 IDX512(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23)
#define HI512 IDX512(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, \
    30, 15, 31)
#else
#define EVEN512 IDX512(0, 2, 4, 6, 8, 10, 12, 14)
#define ODD512 IDX512(1, 3, 5, 7, 9, 11, 13, 15)
#define LO512 IDX512(0, 8, 1, 9, 2, 10, 3, 11)
#define HI512 IDX512(4, 12, 5, 13, 6, 14, 7, 15)
#endif

COPY512_ATTR void
PRIV(simd_deinterleave512)(const R *x, R *re, R *im, int n)
{
	V512 a, b;
	int j;

	for (j = 0; j + COPY512_STEP <= n; j += COPY512_STEP) {
		a = LD512(x + 2 * j);
		b = LD512(x + 2 * j + COPY512_STEP);
		ST512(re + j, PERM512(a, EVEN512, b));
		ST512(im + j, PERM512(a, ODD512, b));
	}
	for (; j < n; j++) {
		re[j] = x[2 * j];
		im[j] = x[2 * j + 1];
	}
}

COPY512_ATTR void
PRIV(simd_interleave512)(const R *re, const R *im, R *y, int n)
{
	V512 a, b;
	int j;

	for (j = 0; j + COPY512_STEP <= n; j += COPY512_STEP) {
		a = LD512(re + j);
		b = LD512(im + j);
		ST512(y + 2 * j, PERM512(a, LO512, b));
		ST512(y + 2 * j + COPY512_STEP, PERM512(a, HI512, b));
	}
	for (; j < n; j++) {
		y[2 * j] = re[j];
		y[2 * j + 1] = im[j];
	}
}
#elif defined(SIMD_NEON)
void
PRIV(simd_deinterleave)(const R *x, R *re, R *im, int n)
{
	NV2 a;
	int j;

	for (j = 0; j + NV_N <= n; j += NV_N) {
		a = NV_LD2(x + 2 * j);
		NV_ST(re + j, a.val[0]);
		NV_ST(im + j, a.val[1]);
	}
	for (; j < n; j++) {
		re[j] = x[2 * j];
		im[j] = x[2 * j + 1];
	}
}

void
PRIV(simd_interleave)(const R *re, const R *im, R *y, int n)
{
	NV2 a;
	int j;

	for (j = 0; j + NV_N <= n; j += NV_N) {
		a.val[0] = NV_LD(re + j);
		a.val[1] = NV_LD(im + j);
		NV_ST2(y + 2 * j, a);
	}
	for (; j < n; j++) {
		y[2 * j] = re[j];
		y[2 * j + 1] = im[j];
	}
}

void
PRIV(simd_deinterleave512)(const R *x, R *re, R *im, int n)
{
	PRIV(simd_deinterleave)(x, re, im, n);
}

void
PRIV(simd_interleave512)(const R *re, const R *im, R *y, int n)
{
	PRIV(simd_interleave)(re, im, y, n);
}
#else
void
PRIV(simd_deinterleave)(const R *x, R *re, R *im, int n)
{
	int j;

	for (j = 0; j < n; j++) {
		re[j] = x[2 * j];
		im[j] = x[2 * j + 1];
	}
}

void
PRIV(simd_interleave)(const R *re, const R *im, R *y, int n)
{
	int j;

	for (j = 0; j < n; j++) {
		y[2 * j] = re[j];
		y[2 * j + 1] = im[j];
	}
}

void
PRIV(simd_deinterleave512)(const R *x, R *re, R *im, int n)
{
	PRIV(simd_deinterleave)(x, re, im, n);
}

void
PRIV(simd_interleave512)(const R *re, const R *im, R *y, int n)
{
	PRIV(simd_interleave)(re, im, y, n);
}
#endif

/* x_k *= conj(c_k + i s_k) for k0 <= k < k1, the twiddles of a generic
 * radix: with AVX2 and FMA where the compiler targets x86 (the caller
 * checks the CPU), NEON on AArch64, else plain. */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(KGEN_NO_SIMD)
__attribute__((target("avx2,fma"))) void
PRIV(simd_twiddle)(R *xr, R *xi, const R *c, const R *s, int k0, int k1)
{
	VA a, b, wc, ws;
	R u, v;
	int k;

	for (k = k0; k + VA_N <= k1; k += VA_N) {
		a = VA_LD(xr + k);
		b = VA_LD(xi + k);
		wc = VA_LD(c + k);
		ws = VA_LD(s + k);
		VA_ST(xr + k, VA_FMA(wc, a, VA_MUL(ws, b)));
		VA_ST(xi + k, VA_FMS(wc, b, VA_MUL(ws, a)));
	}
	for (; k < k1; k++) {
		u = xr[k];
		v = xi[k];
		xr[k] = c[k] * u + s[k] * v;
		xi[k] = c[k] * v - s[k] * u;
	}
}
#elif defined(SIMD_NEON)
void
PRIV(simd_twiddle)(R *xr, R *xi, const R *c, const R *s, int k0, int k1)
{
	NV a, b, wc, ws;
	R u, v;
	int k;

	for (k = k0; k + NV_N <= k1; k += NV_N) {
		a = NV_LD(xr + k);
		b = NV_LD(xi + k);
		wc = NV_LD(c + k);
		ws = NV_LD(s + k);
		NV_ST(xr + k, NV_FMA(NV_MUL(ws, b), wc, a));
		NV_ST(xi + k, NV_FMS(NV_MUL(wc, b), ws, a));
	}
	for (; k < k1; k++) {
		u = xr[k];
		v = xi[k];
		xr[k] = c[k] * u + s[k] * v;
		xi[k] = c[k] * v - s[k] * u;
	}
}
#else
void
PRIV(simd_twiddle)(R *xr, R *xi, const R *c, const R *s, int k0, int k1)
{
	R u, v;
	int k;

	for (k = k0; k < k1; k++) {
		u = xr[k];
		v = xi[k];
		xr[k] = c[k] * u + s[k] * v;
		xi[k] = c[k] * v - s[k] * u;
	}
}
#endif

