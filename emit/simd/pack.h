/* emit/simd/pack.h: kgen_pack and kgen_unpack of one ISA and precision,
 * a template: the includer defines TPL_F(f) (kgen_f_avx2_d), TPL_VEC
 * (the vector type), TPL_REAL (double or float) and TPL_VL (lanes), and
 * text.awk writes the instances out for the emitter.
 * kgen_pack copies transforms 0 .. lanes-1 (n elements at stride is,
 * transforms ivs apart) into x: x[2m] the real parts of element m, lane
 * l for transform l, x[2m + 1] the imaginary parts, lanes past lanes
 * zero; with pairs, interleaved data either way round (ri == ii + 1 is
 * how kgen_dft's backward transform passes them) go through kgen_ldi.
 * kgen_unpack is its inverse for the first lanes lanes, through kgen_sti
 * with pairs.  kgen_ldi leaves the transforms in the lanes up to a fixed
 * permutation that only kgen_sti undoes, so pairs must be the same for
 * both: set when input and output are both interleaved. */

/* kgen: begin */
static inline __attribute__((unused)) void
TPL_F(pack)(TPL_VEC *x, const TPL_REAL *ri, const TPL_REAL *ii, ptrdiff_t n,
    ptrdiff_t is, ptrdiff_t ivs, ptrdiff_t lanes, int pairs)
{
	ptrdiff_t m, l;

	for (m = 0; m < n; m++) {
		if (lanes < TPL_VL) {
			x[2 * m] = x[2 * m + 1] = TPL_F(splat)(0);
			for (l = 0; l < lanes; l++) {
				x[2 * m][l] = ri[m * is + l * ivs];
				x[2 * m + 1][l] = ii[m * is + l * ivs];
			}
		} else if (pairs && ii == ri + 1) {
			TPL_F(ldi)(ri + m * is, ivs, &x[2 * m], &x[2 * m + 1]);
		} else if (pairs && ri == ii + 1) {
			TPL_F(ldi)(ii + m * is, ivs, &x[2 * m + 1], &x[2 * m]);
		} else {
			x[2 * m] = TPL_F(ld)(ri + m * is, ivs);
			x[2 * m + 1] = TPL_F(ld)(ii + m * is, ivs);
		}
	}
}

static inline __attribute__((unused)) void
TPL_F(unpack)(const TPL_VEC *x, TPL_REAL *ro, TPL_REAL *io, ptrdiff_t n,
    ptrdiff_t os, ptrdiff_t ovs, ptrdiff_t lanes, int pairs)
{
	ptrdiff_t m, l;

	for (m = 0; m < n; m++) {
		if (lanes < TPL_VL) {
			for (l = 0; l < lanes; l++) {
				ro[m * os + l * ovs] = x[2 * m][l];
				io[m * os + l * ovs] = x[2 * m + 1][l];
			}
		} else if (pairs && io == ro + 1) {
			TPL_F(sti)(ro + m * os, ovs, x[2 * m], x[2 * m + 1]);
		} else if (pairs && ro == io + 1) {
			TPL_F(sti)(io + m * os, ovs, x[2 * m + 1], x[2 * m]);
		} else {
			TPL_F(st)(ro + m * os, ovs, x[2 * m]);
			TPL_F(st)(io + m * os, ovs, x[2 * m + 1]);
		}
	}
}

/* kgen: end */
