/* emit/simd/nofma.h: kgen_fma, kgen_fms and kgen_fnms where the compiler
 * targets no FMA instructions: plain vector arithmetic.  A template like
 * pack.h. */

/* kgen: begin */
static inline __attribute__((unused)) TPL_VEC
TPL_F(fma)(TPL_VEC a, TPL_VEC b, TPL_VEC c)
{
	return a * b + c;
}

static inline __attribute__((unused)) TPL_VEC
TPL_F(fms)(TPL_VEC a, TPL_VEC b, TPL_VEC c)
{
	return a * b - c;
}

static inline __attribute__((unused)) TPL_VEC
TPL_F(fnms)(TPL_VEC a, TPL_VEC b, TPL_VEC c)
{
	return c - a * b;
}

/* kgen: end */
