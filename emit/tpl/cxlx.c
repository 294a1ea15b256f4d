/* emit/tpl/cxlx.c: the pieces emit/cxl.c prints into n1x codelets
 * after their vectors' helpers (emit/tpl/cxl.c, cxlwide.c): the twiddle
 * multiply, loads and stores of each vector type, and the step after
 * the W sub-transforms, between "kgen: begin NAME" and "kgen: end"
 * comments (emit/text.awk turns them into text, emit/tpl.c prints
 * them, filling in the placeholders @name@). */

/* n1x's twiddle multiply, loads and stores, for each vector type (@c@
 * its letter D, F, E or G, @t@ its element, @w@ its W complex numbers,
 * @w2@ 2W), printed before that type's last step (cxl_x_d, _f, _e,
 * _g). */
/* kgen: begin cxl_x_io */
/* The last step's loops (constant trip counts once inlined) unrolled in
 * full: gcc -O2 keeps them rolled and their arrays in memory (make
 * bench-pick, double n = 32, v = 256, AVX-512: 22.5-23.2 ns a transform
 * rolled, 13.9-14.0 unrolled).  Clang unrolls such loops by itself. */
#ifndef KGEN_CXL_UNROLL
#if defined(__GNUC__) && !defined(__clang__)
#define KGEN_CXL_UNROLL _Pragma("GCC unroll 16")
#else
#define KGEN_CXL_UNROLL
#endif
#endif
KGEN_CXL_INLINE kgen_cx@c@
kgen_cxl_xtw_@c@(kgen_cx@c@ x, const @t@ *tw)
{
	kgen_cx@c@ c, s;

	__builtin_memcpy(&c, tw, sizeof c);
	__builtin_memcpy(&s, tw + @w2@, sizeof s);
	return x * c + KGEN_CXL_SWAP_@c@(x) * s;
}

/* n1x's loads: n1c's, and (how 6) W adjacent pairs with the parts
 * swapped (ii == ri - 1, is == 2: kgen_dft's backward call) as one
 * vector access and a swap */
KGEN_CXL_INLINE kgen_cx@c@
kgen_cxl_xld_@c@(const @t@ *r, const @t@ *i, ptrdiff_t vs, int how)
{
	kgen_cx@c@ x;

	if (how != 6)
		return kgen_cxl_ld_@c@(r, i, vs, how);
	__builtin_memcpy(&x, i, sizeof x);
	return KGEN_CXL_SWAP_@c@(x);
}

/* The W outputs of x to r, i, os apart: one vector access where they
 * are adjacent pairs (how 1, or 2 with the parts swapped) */
KGEN_CXL_INLINE void
kgen_cxl_xst_@c@(@t@ *r, @t@ *i, ptrdiff_t os, kgen_cx@c@ x, int cnt,
    int how)
{
	int t;

	if (how == 1 && cnt == @w@) {
		__builtin_memcpy(r, &x, sizeof x);
		return;
	}
	if (how == 2 && cnt == @w@) {
		x = KGEN_CXL_SWAP_@c@(x);
		__builtin_memcpy(i, &x, sizeof x);
		return;
	}
	for (t = 0; t < cnt; t++) {
		r[t * os] = x[2 * t];
		i[t * os] = x[2 * t + 1];
	}
}

/* kgen: end */

/* ---- n1x: the step after the W sub-transforms (emit/cxl.c) ----
 * s[k] (k < mr, a multiple of W; s[m..mr-1] zero) holds output k of
 * the W sub-transforms of size m, one a lane: lane l is the DFT of
 * x_l, x_(l+W), ...  Output k + m q of the whole transform is
 * sum_l exp(sign 2 pi i l q / W) (w^(l k) s[k]_l), w = exp(sign 2 pi i /
 * (W m)); tw holds w^(l k) by k, as two vectors: the real parts twice
 * (c, c, ...) and the imaginary parts signed (-s, s, ...), so that the
 * product is one multiply, one swap and one FMA.  Per group of W
 * outputs k: twiddle, transpose W x W in registers (lanes become
 * consecutive k), a radix-W butterfly across the vectors, and one store
 * of W consecutive outputs a q: a vector store where the output is
 * interleaved pairs (how 1: io == ro + 1, os == 2; how 2: the parts
 * swapped, ro == io + 1), element by element otherwise and in the last
 * group when W does not divide m. */
/* kgen: begin cxl_x_d */
/* W = 2: the transpose is two 128-bit permutes, the butterfly one
 * addition and one subtraction. */
KGEN_CXL_INLINE void
kgen_cxl_x_D(double *r, double *i, ptrdiff_t os, const kgen_cxD *s,
    int m, const double *tw, int how)
{
	kgen_cxD a, b, u, w;
	int g, c;

	KGEN_CXL_UNROLL
	for (g = 0; g < m; g += 2) {
		a = kgen_cxl_xtw_D(s[g], tw + 8 * g);
		b = kgen_cxl_xtw_D(s[g + 1], tw + 8 * g + 8);
		u = (kgen_cxD)_mm256_permute2f128_pd((__m256d)a, (__m256d)b,
		    0x20);
		w = (kgen_cxD)_mm256_permute2f128_pd((__m256d)a, (__m256d)b,
		    0x31);
		c = m - g < 2 ? m - g : 2;
		kgen_cxl_xst_D(r + g * os, i + g * os, os, u + w, c, how);
		kgen_cxl_xst_D(r + (g + m) * os, i + (g + m) * os, os, u - w,
		    c, how);
	}
}
/* kgen: end */

/* kgen: begin cxl_x_h */
/* W = 2 floats in 16 bytes: a complex float is 64 bits, so the
 * transpose is movlhps and movhlps, the butterfly one addition and one
 * subtraction. */
KGEN_CXL_INLINE void
kgen_cxl_x_H(float *r, float *i, ptrdiff_t os, const kgen_cxH *s, int m,
    const float *tw, int how)
{
	kgen_cxH a, b, u, w;
	int g, c;

	KGEN_CXL_UNROLL
	for (g = 0; g < m; g += 2) {
		a = kgen_cxl_xtw_H(s[g], tw + 8 * g);
		b = kgen_cxl_xtw_H(s[g + 1], tw + 8 * g + 8);
		u = (kgen_cxH)_mm_movelh_ps((__m128)a, (__m128)b);
		w = (kgen_cxH)_mm_movehl_ps((__m128)b, (__m128)a);
		c = m - g < 2 ? m - g : 2;
		kgen_cxl_xst_H(r + g * os, i + g * os, os, u + w, c, how);
		kgen_cxl_xst_H(r + (g + m) * os, i + (g + m) * os, os, u - w,
		    c, how);
	}
}
/* kgen: end */

/* kgen: begin cxl_x_f */
/* W = 4: a complex float is 64 bits, so the 4 x 4 transpose is that
 * of doubles (four unpacks, four 128-bit permutes); then a radix-4
 * butterfly, sign the transform's. */
KGEN_CXL_INLINE void
kgen_cxl_x_F(float *r, float *i, ptrdiff_t os, const kgen_cxF *s, int m,
    const float *tw, int sign, int how)
{
	__m256d a[4], t0, t1, t2, t3;
	kgen_cxF v0, v1, v2, v3, s02, d02, s13, d13;
	int g, k, c;

	KGEN_CXL_UNROLL
	for (g = 0; g < m; g += 4) {
		KGEN_CXL_UNROLL
		for (k = 0; k < 4; k++)
			a[k] = (__m256d)kgen_cxl_xtw_F(s[g + k],
			    tw + 16 * (g + k));
		t0 = _mm256_unpacklo_pd(a[0], a[1]);
		t1 = _mm256_unpackhi_pd(a[0], a[1]);
		t2 = _mm256_unpacklo_pd(a[2], a[3]);
		t3 = _mm256_unpackhi_pd(a[2], a[3]);
		v0 = (kgen_cxF)_mm256_permute2f128_pd(t0, t2, 0x20);
		v2 = (kgen_cxF)_mm256_permute2f128_pd(t0, t2, 0x31);
		v1 = (kgen_cxF)_mm256_permute2f128_pd(t1, t3, 0x20);
		v3 = (kgen_cxF)_mm256_permute2f128_pd(t1, t3, 0x31);
		s02 = v0 + v2;
		d02 = v0 - v2;
		s13 = v1 + v3;
		d13 = kgen_cxl_kbyi_F((float)sign, v1 - v3);
		c = m - g < 4 ? m - g : 4;
		kgen_cxl_xst_F(r + g * os, i + g * os, os, s02 + s13, c, how);
		kgen_cxl_xst_F(r + (g + m) * os, i + (g + m) * os, os,
		    d02 + d13, c, how);
		kgen_cxl_xst_F(r + (g + 2 * m) * os, i + (g + 2 * m) * os, os,
		    s02 - s13, c, how);
		kgen_cxl_xst_F(r + (g + 3 * m) * os, i + (g + 3 * m) * os, os,
		    d02 - d13, c, how);
	}
}
/* kgen: end */

/* kgen: begin cxl_x_e */
/* W = 4 doubles in 64 bytes: a complex double is a 128-bit lane, so
 * the transpose is four lane shuffles (vshuff64x2) and four more. */
KGEN_CXL_INLINE void
kgen_cxl_x_E(double *r, double *i, ptrdiff_t os, const kgen_cxE *s,
    int m, const double *tw, int sign, int how)
{
	__m512d a[4], t0, t1, t2, t3;
	kgen_cxE v0, v1, v2, v3, s02, d02, s13, d13;
	int g, k, c;

	KGEN_CXL_UNROLL
	for (g = 0; g < m; g += 4) {
		KGEN_CXL_UNROLL
		for (k = 0; k < 4; k++)
			a[k] = (__m512d)kgen_cxl_xtw_E(s[g + k],
			    tw + 16 * (g + k));
		t0 = _mm512_shuffle_f64x2(a[0], a[1], 0x88);
		t1 = _mm512_shuffle_f64x2(a[0], a[1], 0xdd);
		t2 = _mm512_shuffle_f64x2(a[2], a[3], 0x88);
		t3 = _mm512_shuffle_f64x2(a[2], a[3], 0xdd);
		v0 = (kgen_cxE)_mm512_shuffle_f64x2(t0, t2, 0x88);
		v2 = (kgen_cxE)_mm512_shuffle_f64x2(t0, t2, 0xdd);
		v1 = (kgen_cxE)_mm512_shuffle_f64x2(t1, t3, 0x88);
		v3 = (kgen_cxE)_mm512_shuffle_f64x2(t1, t3, 0xdd);
		s02 = v0 + v2;
		d02 = v0 - v2;
		s13 = v1 + v3;
		d13 = kgen_cxl_kbyi_E((double)sign, v1 - v3);
		c = m - g < 4 ? m - g : 4;
		kgen_cxl_xst_E(r + g * os, i + g * os, os, s02 + s13, c, how);
		kgen_cxl_xst_E(r + (g + m) * os, i + (g + m) * os, os,
		    d02 + d13, c, how);
		kgen_cxl_xst_E(r + (g + 2 * m) * os, i + (g + 2 * m) * os, os,
		    s02 - s13, c, how);
		kgen_cxl_xst_E(r + (g + 3 * m) * os, i + (g + 3 * m) * os, os,
		    d02 - d13, c, how);
	}
}
/* kgen: end */

/* n1x's last step with 64-byte float vectors (W = 8: AVX-512 float).
 * A complex float is one 64-bit lane, so the 8 x 8 transpose is that
 * of doubles: unpacks, then two rounds of two-source permutes. */
/* kgen: begin cxl_x_g */
/* sign i x / sqrt 2 + x / sqrt 2, times q: w8 = exp(sign 2 pi i / 8)
 * (q = 1) and w8^3 = sign i w8 (q = -1 on the real part: (sign i - 1)
 * x / sqrt 2) */
#define KGEN_CXL_W8_G(sign, q, x) \
	((kgen_cxl_kbyi_G((float)(sign), x) + (float)(q) * (x)) \
	* (float)0.70710678118654752440L)

KGEN_CXL_INLINE void
kgen_cxl_x_G(float *r, float *i, ptrdiff_t os, const kgen_cxG *s,
    int m, const float *tw, int sign, int how)
{
	__m512d a[8], u[8], w[8];
	kgen_cxG v[8], e[4], o[4], s02, d02, s13, d13;
	int g, k, c, q;

	KGEN_CXL_UNROLL
	for (g = 0; g < m; g += 8) {
		KGEN_CXL_UNROLL
		for (k = 0; k < 8; k++)
			a[k] = (__m512d)kgen_cxl_xtw_G(s[g + k],
			    tw + 32 * (g + k));
		/* u[2j]: elements 0, 2, 4, 6 of rows 2j, 2j + 1; u[2j + 1]:
		 * 1, 3, 5, 7 */
		KGEN_CXL_UNROLL
		for (k = 0; k < 4; k++) {
			u[2 * k] = _mm512_unpacklo_pd(a[2 * k], a[2 * k + 1]);
			u[2 * k + 1] = _mm512_unpackhi_pd(a[2 * k],
			    a[2 * k + 1]);
		}
		/* w: rows 0-3 (w[0..3]) and 4-7 (w[4..7]) of elements
		 * (0, 4), (2, 6), (1, 5), (3, 7) */
		KGEN_CXL_UNROLL
		for (k = 0; k < 2; k++) {
			w[4 * k] = _mm512_permutex2var_pd(u[4 * k],
			    _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0),
			    u[4 * k + 2]);
			w[4 * k + 1] = _mm512_permutex2var_pd(u[4 * k],
			    _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2),
			    u[4 * k + 2]);
			w[4 * k + 2] = _mm512_permutex2var_pd(u[4 * k + 1],
			    _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0),
			    u[4 * k + 3]);
			w[4 * k + 3] = _mm512_permutex2var_pd(u[4 * k + 1],
			    _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2),
			    u[4 * k + 3]);
		}
		/* v[j]: element j of rows 0..7 */
		v[0] = (kgen_cxG)_mm512_shuffle_f64x2(w[0], w[4], 0x44);
		v[4] = (kgen_cxG)_mm512_shuffle_f64x2(w[0], w[4], 0xee);
		v[2] = (kgen_cxG)_mm512_shuffle_f64x2(w[1], w[5], 0x44);
		v[6] = (kgen_cxG)_mm512_shuffle_f64x2(w[1], w[5], 0xee);
		v[1] = (kgen_cxG)_mm512_shuffle_f64x2(w[2], w[6], 0x44);
		v[5] = (kgen_cxG)_mm512_shuffle_f64x2(w[2], w[6], 0xee);
		v[3] = (kgen_cxG)_mm512_shuffle_f64x2(w[3], w[7], 0x44);
		v[7] = (kgen_cxG)_mm512_shuffle_f64x2(w[3], w[7], 0xee);
		/* radix 8: DFT 4 of the even and of the odd rows, then
		 * y_k = e_k + w8^k o_k, y_(k+4) = e_k - w8^k o_k */
		KGEN_CXL_UNROLL
		for (q = 0; q < 2; q++) {
			s02 = v[q] + v[q + 4];
			d02 = v[q] - v[q + 4];
			s13 = v[q + 2] + v[q + 6];
			d13 = kgen_cxl_kbyi_G((float)sign, v[q + 2] - v[q + 6]);
			(q ? o : e)[0] = s02 + s13;
			(q ? o : e)[1] = d02 + d13;
			(q ? o : e)[2] = s02 - s13;
			(q ? o : e)[3] = d02 - d13;
		}
		o[1] = KGEN_CXL_W8_G(sign, 1, o[1]);
		o[2] = kgen_cxl_kbyi_G((float)sign, o[2]);
		o[3] = KGEN_CXL_W8_G(sign, -1, o[3]);
		c = m - g < 8 ? m - g : 8;
		KGEN_CXL_UNROLL
		for (k = 0; k < 4; k++) {
			kgen_cxl_xst_G(r + (g + k * m) * os,
			    i + (g + k * m) * os, os, e[k] + o[k], c, how);
			kgen_cxl_xst_G(r + (g + (k + 4) * m) * os,
			    i + (g + (k + 4) * m) * os, os, e[k] - o[k], c,
			    how);
		}
	}
}
#undef KGEN_CXL_W8_G
/* kgen: end */
