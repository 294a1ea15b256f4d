/* emit/simd/rvv.h: the RISC-V vector (RVV 1.0) helpers of SIMD n1
 * codelets (emit/simd.c), in double (the piece rvv_d: 2 lanes) and in
 * float (rvv_f: 4 lanes), and rvv_prelude, which an RVV codelet prints in
 * place of types.h's x86 prelude.  RVV's registers have no size the C
 * type system knows (vfloat64m1_t is sizeless), so the codelets keep
 * types.h's fixed 128-bit GCC/Clang vectors and no intrinsics: Clang
 * compiles them to RVV instructions when told the vector length is at
 * least 128 bits (isa.def's flags: -march=rv64gcv -mllvm
 * -riscv-v-vector-bits-min=128), the loads and stores to vle/vse, the
 * shuffles to vrgather, a * b + c to vfmacc under -ffp-contract=fast.
 * Debian 12's GCC 12 has no RVV code generation; Clang 14 has, and its
 * intrinsics (riscv_vector.h) are those of the v0.10 draft API.  As in
 * sse2.h, text.awk copies each piece into build/emit/simdtext.h.
 *   kgen_splat, kgen_ld, kgen_st (lanesN.h): a scalar in every lane;
 *     lane l from or to p[l * s].
 *   kgen_ldi, kgen_sti: the interleaved loads and stores, lane l for
 *     pair l: a 16-byte load per two pairs (double: one pair) and the
 *     shuffles that split them into real and imaginary parts.
 *   kgen_pack, kgen_unpack (pack.h): the buffered body's copies.
 *   kgen_fma, kgen_fms, kgen_fnms (nofma.h): a * b + c, contracted.
 */
#include "types.h"

/* kgen: begin rvv_prelude */
#include <string.h>

/* kgen: end */

/* kgen: begin rvv_d */
#ifndef KGEN_RVV_D
#define KGEN_RVV_D
#define TPL_F(f) kgen_##f##_rvv_d
#define TPL_VEC kgen_d2
#define TPL_REAL double
#define TPL_VL 2
#include "lanes2.h"
KGEN_INLINE void
kgen_ldi_rvv_d(const double *p, ptrdiff_t s, kgen_d2 *re, kgen_d2 *im)
{
	kgen_d2 a, b;

	memcpy(&a, p, sizeof a);
	memcpy(&b, p + s, sizeof b);
	*re = __builtin_shufflevector(a, b, 0, 2);
	*im = __builtin_shufflevector(a, b, 1, 3);
}

KGEN_INLINE void
kgen_sti_rvv_d(double *p, ptrdiff_t s, kgen_d2 re, kgen_d2 im)
{
	const kgen_d2 a = __builtin_shufflevector(re, im, 0, 2);
	const kgen_d2 b = __builtin_shufflevector(re, im, 1, 3);

	memcpy(p, &a, sizeof a);
	memcpy(p + s, &b, sizeof b);
}

#include "pack.h"
#include "nofma.h"
#undef TPL_F
#undef TPL_VEC
#undef TPL_REAL
#undef TPL_VL
#endif /* KGEN_RVV_D */

/* kgen: end */

/* kgen: begin rvv_f */
#ifndef KGEN_RVV_F
#define KGEN_RVV_F
#define TPL_F(f) kgen_##f##_rvv_f
#define TPL_VEC kgen_f4
#define TPL_REAL float
#define TPL_VL 4
#include "lanes4.h"
/* A (re, im) pair of floats is 8 bytes: a holds pairs 0 and 1, b pairs
 * 2 and 3, and the shuffles take the even and the odd elements. */
KGEN_INLINE void
kgen_ldi_rvv_f(const float *p, ptrdiff_t s, kgen_f4 *re, kgen_f4 *im)
{
	kgen_f2 q[4];
	kgen_f4 a, b;

	memcpy(&q[0], p, sizeof q[0]);
	memcpy(&q[1], p + s, sizeof q[1]);
	memcpy(&q[2], p + 2 * s, sizeof q[2]);
	memcpy(&q[3], p + 3 * s, sizeof q[3]);
	a = __builtin_shufflevector(q[0], q[1], 0, 1, 2, 3);
	b = __builtin_shufflevector(q[2], q[3], 0, 1, 2, 3);
	*re = __builtin_shufflevector(a, b, 0, 2, 4, 6);
	*im = __builtin_shufflevector(a, b, 1, 3, 5, 7);
}

KGEN_INLINE void
kgen_sti_rvv_f(float *p, ptrdiff_t s, kgen_f4 re, kgen_f4 im)
{
	const kgen_f4 a = __builtin_shufflevector(re, im, 0, 4, 1, 5);
	const kgen_f4 b = __builtin_shufflevector(re, im, 2, 6, 3, 7);
	const kgen_f2 q0 = __builtin_shufflevector(a, a, 0, 1);
	const kgen_f2 q1 = __builtin_shufflevector(a, a, 2, 3);
	const kgen_f2 q2 = __builtin_shufflevector(b, b, 0, 1);
	const kgen_f2 q3 = __builtin_shufflevector(b, b, 2, 3);

	memcpy(p, &q0, sizeof q0);
	memcpy(p + s, &q1, sizeof q1);
	memcpy(p + 2 * s, &q2, sizeof q2);
	memcpy(p + 3 * s, &q3, sizeof q3);
}

#include "pack.h"
#include "nofma.h"
#undef TPL_F
#undef TPL_VEC
#undef TPL_REAL
#undef TPL_VL
#endif /* KGEN_RVV_F */

/* kgen: end */
