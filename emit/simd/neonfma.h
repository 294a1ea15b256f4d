/* emit/simd/neonfma.h: kgen_fma (a * b + c), kgen_fms (a * b - c) and
 * kgen_fnms (c - a * b) of NEON in one precision, a template like pack.h
 * (TPL_INTR(f) names intrinsic f: vfmaq_f64).  vfmaq(c, a, b) is
 * c + a * b and vfmsq(c, a, b) c - a * b, each one fused instruction
 * (FMLA, FMLS); a * b - c is FMLA on -c (FNEG and FMLA: AArch64 has
 * no vector fused a * b - c). */

/* kgen: begin */
static inline __attribute__((unused)) TPL_VEC
TPL_F(fma)(TPL_VEC a, TPL_VEC b, TPL_VEC c)
{
	return TPL_INTR(fma)(c, a, b);
}

static inline __attribute__((unused)) TPL_VEC
TPL_F(fms)(TPL_VEC a, TPL_VEC b, TPL_VEC c)
{
	return TPL_INTR(fma)(-c, a, b);
}

static inline __attribute__((unused)) TPL_VEC
TPL_F(fnms)(TPL_VEC a, TPL_VEC b, TPL_VEC c)
{
	return TPL_INTR(fms)(c, a, b);
}

/* kgen: end */
