/* emit/simd/pairsf.h: kgen_pairs, the float pair gather that AVX2 and
 * AVX-512 share (a template like pack.h): the (re, im) pairs of floats
 * at p, p + 2s, p + 4s and p + 6s, 8 bytes each, loaded by vbroadcastsd
 * (a load port only) and merged by vblendpd (any vector port), so that
 * the shuffle port is left to the shufps that follow. */

/* kgen: begin */
KGEN_INLINE __m256d
TPL_F(pairs)(const TPL_REAL *p, ptrdiff_t s)
{
	double x0, x1, x2, x3;

	__builtin_memcpy(&x0, p, 8);
	__builtin_memcpy(&x1, p + 2 * s, 8);
	__builtin_memcpy(&x2, p + 4 * s, 8);
	__builtin_memcpy(&x3, p + 6 * s, 8);
	return _mm256_blend_pd(_mm256_blend_pd(_mm256_set1_pd(x0),
	    _mm256_set1_pd(x1), 2), _mm256_blend_pd(_mm256_set1_pd(x2),
	    _mm256_set1_pd(x3), 8), 12);
}

/* kgen: end */
