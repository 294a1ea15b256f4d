/* emit/simd/ldn.h: kgen_ldn and kgen_stn, the float pair load and store
 * of the ISAs whose direct body moves groups (AVX2 and AVX-512): kgen_ldi
 * and kgen_sti with the lanes permuted back to 0 1 2 3 .., the order of
 * the group transposes.  A template like pack.h (TPL_F, TPL_VEC,
 * TPL_INTR). */
/* kgen: begin */
/* The pair load and store with lanes in the order the group transposes
 * give, 0 1 2 3 ..: the elements left over after the groups need it. */
KGEN_INLINE void
TPL_F(ldn)(const float *p, ptrdiff_t s, TPL_VEC *re, TPL_VEC *im)
{
	TPL_F(ldi)(p, s, re, im);
	*re = TPL_INTR(permute)(*re, _MM_SHUFFLE(3, 1, 2, 0));
	*im = TPL_INTR(permute)(*im, _MM_SHUFFLE(3, 1, 2, 0));
}

KGEN_INLINE void
TPL_F(stn)(float *p, ptrdiff_t s, TPL_VEC re, TPL_VEC im)
{
	TPL_F(sti)(p, s, TPL_INTR(permute)(re, _MM_SHUFFLE(3, 1, 2, 0)),
	    TPL_INTR(permute)(im, _MM_SHUFFLE(3, 1, 2, 0)));
}

/* kgen: end */
