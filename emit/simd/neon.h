/* emit/simd/neon.h: the NEON (AArch64 Advanced SIMD) helpers of SIMD n1
 * codelets (emit/simd.c), in double (the piece neon_d: float64x2_t, 2
 * lanes) and in float (neon_f: float32x4_t, 4 lanes), and neon_prelude,
 * which a NEON codelet prints in place of types.h's x86 prelude.  As in
 * sse2.h, text.awk copies each piece into build/emit/simdtext.h and
 * tests/simdhelpers.c (ISA=4, cross-compiled and run under qemu by
 * tests/test_neon.py) checks the helpers against scalar code.  The
 * vectors are types.h's GCC/Clang vector types, which arm_neon.h's
 * intrinsics take and return as they are (the same element type and
 * count as float64x2_t and float32x4_t).
 *   kgen_splat, kgen_ld, kgen_st (lanesN.h): a scalar in every lane;
 *     lane l from or to p[l * s].
 *   kgen_ldi, kgen_sti: the interleaved loads and stores, lane l for
 *     pair l (no permutation): with adjacent pairs (s == 2) one
 *     de-interleaving vld2q (vst2q); otherwise a load (store) per pair
 *     and the vzip1q/vzip2q (vuzp1q/vuzp2q) that split or join them.
 *   kgen_pack, kgen_unpack (pack.h): the buffered body's copies.
 *   kgen_fma (a * b + c), kgen_fms (a * b - c), kgen_fnms (c - a * b)
 *     (neonfma.h): vfmaq and vfmsq, fused in every AArch64 CPU.
 */
#include "types.h"

/* kgen: begin neon_prelude */
#if defined(__cplusplus) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <arm_neon.h>

/* kgen: end */

/* kgen: begin neon_d */
#ifndef KGEN_NEON_D
#define KGEN_NEON_D
#define TPL_F(f) kgen_##f##_neon_d
#define TPL_VEC kgen_d2
#define TPL_REAL double
#define TPL_VL 2
#define TPL_INTR(f) v##f##q_f64
#include "lanes2.h"
KGEN_INLINE void
kgen_ldi_neon_d(const double *p, ptrdiff_t s, kgen_d2 *re, kgen_d2 *im)
{
	float64x2_t a, b;
	float64x2x2_t x;

	if (s == 2) {
		x = vld2q_f64(p);
		*re = x.val[0];
		*im = x.val[1];
		return;
	}
	a = vld1q_f64(p);
	b = vld1q_f64(p + s);
	*re = vzip1q_f64(a, b);
	*im = vzip2q_f64(a, b);
}

KGEN_INLINE void
kgen_sti_neon_d(double *p, ptrdiff_t s, kgen_d2 re, kgen_d2 im)
{
	float64x2x2_t x;

	if (s == 2) {
		x.val[0] = re;
		x.val[1] = im;
		vst2q_f64(p, x);
		return;
	}
	vst1q_f64(p, vzip1q_f64(re, im));
	vst1q_f64(p + s, vzip2q_f64(re, im));
}

#include "pack.h"
#include "neonfma.h"
#undef TPL_F
#undef TPL_VEC
#undef TPL_REAL
#undef TPL_VL
#undef TPL_INTR
#endif /* KGEN_NEON_D */

/* kgen: end */

/* kgen: begin neon_f */
#ifndef KGEN_NEON_F
#define KGEN_NEON_F
#define TPL_F(f) kgen_##f##_neon_f
#define TPL_VEC kgen_f4
#define TPL_REAL float
#define TPL_VL 4
#define TPL_INTR(f) v##f##q_f32
#include "lanes4.h"
/* A (re, im) pair of floats is 8 bytes: a holds pairs 0 and 1, b pairs
 * 2 and 3, and vuzp1q/vuzp2q take the even and odd elements of both. */
KGEN_INLINE void
kgen_ldi_neon_f(const float *p, ptrdiff_t s, kgen_f4 *re, kgen_f4 *im)
{
	float32x4_t a, b;
	float32x4x2_t x;

	if (s == 2) {
		x = vld2q_f32(p);
		*re = x.val[0];
		*im = x.val[1];
		return;
	}
	a = vcombine_f32(vld1_f32(p), vld1_f32(p + s));
	b = vcombine_f32(vld1_f32(p + 2 * s), vld1_f32(p + 3 * s));
	*re = vuzp1q_f32(a, b);
	*im = vuzp2q_f32(a, b);
}

KGEN_INLINE void
kgen_sti_neon_f(float *p, ptrdiff_t s, kgen_f4 re, kgen_f4 im)
{
	float32x4_t a, b;
	float32x4x2_t x;

	if (s == 2) {
		x.val[0] = re;
		x.val[1] = im;
		vst2q_f32(p, x);
		return;
	}
	a = vzip1q_f32(re, im);
	b = vzip2q_f32(re, im);
	vst1_f32(p, vget_low_f32(a));
	vst1_f32(p + s, vget_high_f32(a));
	vst1_f32(p + 2 * s, vget_low_f32(b));
	vst1_f32(p + 3 * s, vget_high_f32(b));
}

#include "pack.h"
#include "neonfma.h"
#undef TPL_F
#undef TPL_VEC
#undef TPL_REAL
#undef TPL_VL
#undef TPL_INTR
#endif /* KGEN_NEON_F */

/* kgen: end */
