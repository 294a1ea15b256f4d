/* emit/simd/lanes8.h: kgen_splat, kgen_ld and kgen_st for vectors of 8
 * lanes, written out lane by lane: a scalar in every lane, and lane l
 * from or to p[l * s].  A template like pack.h (TPL_F, TPL_VEC,
 * TPL_REAL), included by each ISA and precision with 8 lanes. */
/* kgen: begin */
static inline __attribute__((unused)) TPL_VEC
TPL_F(splat)(TPL_REAL x)
{
	const TPL_VEC r = {x, x, x, x, x, x, x, x};

	return r;
}

/* Lane l holds p[l * s]. */
static inline __attribute__((unused)) TPL_VEC
TPL_F(ld)(const TPL_REAL *p, ptrdiff_t s)
{
	const TPL_VEC r = {p[0 * s], p[1 * s], p[2 * s], p[3 * s],
	    p[4 * s], p[5 * s], p[6 * s], p[7 * s]};

	return r;
}

static inline __attribute__((unused)) void
TPL_F(st)(TPL_REAL *p, ptrdiff_t s, TPL_VEC x)
{
	p[0 * s] = x[0];
	p[1 * s] = x[1];
	p[2 * s] = x[2];
	p[3 * s] = x[3];
	p[4 * s] = x[4];
	p[5 * s] = x[5];
	p[6 * s] = x[6];
	p[7 * s] = x[7];
}

/* kgen: end */
