/* emit/tpl/fftwsimd.c: the code emit/fftwsimd.c prints around the
 * statements of an FFTW 3.3.10 SIMD codelet (dft/simd/common: kgen fft
 * --emit fftw --kind n1fv, t1fv, ...), in FFTW's conventions: V for a
 * vector, VL complex numbers a vector (2 VL reals for the split "s"
 * families), XSIMD() and XSIMD_STRING() for the names each ISA's
 * wrapper file renames, VLEAVE() at the end.  @name@ is the codelet's
 * name, @n@ its size, @mv@ the MAKE_VOLATILE_STRIDE hint, @ops@ the
 * descriptor's counts ("add, mul, fma, other"), @os@ the descriptor's
 * fixed output stride (0 none), @xi@ and @xo@ (@x@) the arrays the
 * loop walks, ri and ro or, for the backward families, ii and io (FFTW
 * swaps the parts of a backward transform), @nw@ the reals of the
 * twiddle table per butterfly.  Lines outside the pieces are not
 * printed. */

/* n1fv, n1bv, n2fv, n2bv: v DFTs of size n, VL at a time. */
/* kgen: begin nv_open */
static void @name@(const R *ri, const R *ii, R *ro, R *io, stride is, stride os, INT v, INT ivs, INT ovs)
{
/* kgen: end */

/* kgen: begin nv_loop */
     {
	  INT i;
	  const R *xi;
	  R *xo;
	  xi = @xi@;
	  xo = @xo@;
	  for (i = v; i > 0; i = i - VL, xi = xi + (VL * ivs), xo = xo + (VL * ovs), MAKE_VOLATILE_STRIDE(@mv@, is), MAKE_VOLATILE_STRIDE(@mv@, os)) {
/* kgen: end */

/* kgen: begin nv_desc */
	  }
     }
     VLEAVE();
}

static const kdft_desc desc = { @n@, XSIMD_STRING("@name@"), { @ops@ }, &GENUS, 0, @os@, 0, 0 };

void XSIMD(codelet_@name@) (planner *p) { X(kdft_register) (p, @name@, &desc);
}
/* kgen: end */

/* n2sv: v DFTs of size n on split arrays, 2 VL at a time, the outputs
 * at unit stride (STM4, STN4). */
/* kgen: begin ns_loop */
     {
	  INT i;
	  for (i = v; i > 0; i = i - (2 * VL), ri = ri + ((2 * VL) * ivs), ii = ii + ((2 * VL) * ivs), ro = ro + ((2 * VL) * ovs), io = io + ((2 * VL) * ovs), MAKE_VOLATILE_STRIDE(@mv@, is), MAKE_VOLATILE_STRIDE(@mv@, os)) {
/* kgen: end */

/* t1fv, t1bv, t2fv, t2bv, t1fuv, t1buv: one radix-n step over the
 * butterflies mb..me-1, VL at a time, in place; the twiddles of VL
 * butterflies at W, TWVL reals a twiddle (the family's header). */
/* kgen: begin tv_open */
static void @name@(R *ri, R *ii, const R *W, stride rs, INT mb, INT me, INT ms)
{
/* kgen: end */

/* kgen: begin tv_loop */
     {
	  INT m;
	  R *x;
	  x = @x@;
	  for (m = mb, W = W + (mb * ((TWVL / VL) * @nw@)); m < me; m = m + VL, x = x + (VL * ms), W = W + (TWVL * @nw@), MAKE_VOLATILE_STRIDE(@mv@, rs)) {
/* kgen: end */

/* t1sv: the same on split arrays, 2 VL butterflies at a time. */
/* kgen: begin ts_loop */
     {
	  INT m;
	  for (m = mb, W = W + (mb * @nw@); m < me; m = m + (2 * VL), ri = ri + ((2 * VL) * ms), ii = ii + ((2 * VL) * ms), W = W + ((2 * VL) * @nw@), MAKE_VOLATILE_STRIDE(@mv@, rs)) {
/* kgen: end */

/* The end of a twiddle codelet, up to its twiddle instructions, which
 * the emitter prints one VTW(0, j) a line. */
/* kgen: begin tv_end */
	  }
     }
     VLEAVE();
}

static const tw_instr twinstr[] = {
/* kgen: end */

/* kgen: begin tv_desc */
     { TW_NEXT, @next@, 0 }
};

static const ct_desc desc = { @n@, XSIMD_STRING("@name@"), twinstr, &GENUS, { @ops@ }, 0, 0, 0 };

void XSIMD(codelet_@name@) (planner *p) {
     X(kdft_dit_register) (p, @name@, &desc);
}
/* kgen: end */

/* hc2cfdftv, hc2cbdftv (rdft/simd/common): one step of the real-data
 * Cooley-Tukey solver through a complex DFT (HC2C_VIA_DFT), butterflies
 * mb..me-1, VL at a time, the positive half Rp (Ip) walked up and the
 * negative half Rm (Im) down; the twiddles of VL butterflies at W, @nw@
 * reals each (TW_FULL from 1), the table starting at butterfly 1. */
/* kgen: begin hv_open */
static void @name@(R *Rp, R *Ip, R *Rm, R *Im, const R *W, stride rs, INT mb, INT me, INT ms)
{
/* kgen: end */

/* kgen: begin hv_loop */
     {
	  INT m;
	  for (m = mb, W = W + ((mb - 1) * ((TWVL / VL) * @nw@)); m < me; m = m + VL, Rp = Rp + (VL * ms), Ip = Ip + (VL * ms), Rm = Rm - (VL * ms), Im = Im - (VL * ms), W = W + (TWVL * @nw@), MAKE_VOLATILE_STRIDE(@mv@, rs)) {
/* kgen: end */

/* kgen: begin hv_desc */
     { TW_NEXT, VL, 0 }
};

static const hc2c_desc desc = { @n@, XSIMD_STRING("@name@"), twinstr, &GENUS, { @ops@ } };

void XSIMD(codelet_@name@) (planner *p) {
     X(khc2c_register) (p, @name@, &desc, HC2C_VIA_DFT);
}
/* kgen: end */

/* q1fv, q1bv: the square DIF step (gen/twidsq.c), VL butterflies at a
 * time, the n x n block at strides vs and rs. */
/* kgen: begin qv_open */
static void @name@(R *ri, R *ii, const R *W, stride rs, stride vs, INT mb, INT me, INT ms)
{
/* kgen: end */

/* kgen: begin qv_loop */
     {
	  INT m;
	  R *x;
	  x = @x@;
	  for (m = mb, W = W + (mb * ((TWVL / VL) * @nw@)); m < me; m = m + VL, x = x + (VL * ms), W = W + (TWVL * @nw@), MAKE_VOLATILE_STRIDE(@mv@, rs), MAKE_VOLATILE_STRIDE(@mv@, vs)) {
/* kgen: end */

/* kgen: begin qv_desc */
     { TW_NEXT, VL, 0 }
};

static const ct_desc desc = { @n@, XSIMD_STRING("@name@"), twinstr, &GENUS, { @ops@ }, 0, 0, 0 };

void XSIMD(codelet_@name@) (planner *p) {
     X(kdft_difsq_register) (p, @name@, &desc);
}
/* kgen: end */
