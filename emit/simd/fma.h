/* emit/simd/fma.h: kgen_fma (a * b + c), kgen_fms (a * b - c) and
 * kgen_fnms (c - a * b) of one ISA and precision with the ISA's FMA
 * intrinsics; a template like pack.h, TPL_INTR(f) naming intrinsic f
 * (_mm256_f_pd).  nofma.h is the same without FMA instructions. */

/* kgen: begin */
static inline __attribute__((unused)) TPL_VEC
TPL_F(fma)(TPL_VEC a, TPL_VEC b, TPL_VEC c)
{
	return TPL_INTR(fmadd)(a, b, c);
}

static inline __attribute__((unused)) TPL_VEC
TPL_F(fms)(TPL_VEC a, TPL_VEC b, TPL_VEC c)
{
	return TPL_INTR(fmsub)(a, b, c);
}

static inline __attribute__((unused)) TPL_VEC
TPL_F(fnms)(TPL_VEC a, TPL_VEC b, TPL_VEC c)
{
	return TPL_INTR(fnmadd)(a, b, c);
}

/* kgen: end */
