/* emit/tpl/fftwrdft.c: the code emit/fftwrdft.c prints around the
 * statements of FFTW 3.3.10's twiddle codelets beyond t1 (t2, and the
 * real-data hc2c and hc2hc families), in FFTW's conventions as
 * emit/tpl/fftw.c has them.  @name@ is the codelet's name, @n@ its
 * size, @nw@ the reals of one butterfly's twiddles, @mv@ the
 * MAKE_VOLATILE_STRIDE hint, @ops@ the descriptor's counts.  The
 * function opens with the family's piece, the loop follows the
 * constants, and the twinstr list (one twinstr_* line per entry) sits
 * between tw_close and the family's desc piece. */

/* t2: t1's function (dft/scalar/t.h), the table starting at butterfly
 * mb. */
/* kgen: begin t2_open */
static void @name@(R *ri, R *ii, const R *W, stride rs, INT mb, INT me, INT ms)
{
/* kgen: end */

/* kgen: begin t2_loop */
     {
	  INT m;
	  for (m = mb, W = W + (mb * @nw@); m < me; m = m + 1, ri = ri + ms, ii = ii + ms, W = W + @nw@, MAKE_VOLATILE_STRIDE(@mv@, rs)) {
/* kgen: end */

/* hc2c (rdft/scalar/hc2cf.h, hc2cb.h): Rp and Ip step up, Rm and Im
 * down; butterfly m's table at W + (m-1)*@nw@. */
/* kgen: begin hc2c_open */
static void @name@(R *Rp, R *Ip, R *Rm, R *Im, const R *W, stride rs, INT mb, INT me, INT ms)
{
/* kgen: end */

/* kgen: begin hc2c_loop */
     {
	  INT m;
	  for (m = mb, W = W + ((mb - 1) * @nw@); m < me; m = m + 1, Rp = Rp + ms, Ip = Ip + ms, Rm = Rm - ms, Im = Im - ms, W = W + @nw@, MAKE_VOLATILE_STRIDE(@mv@, rs)) {
/* kgen: end */

/* hc2hc (rdft/scalar/hf.h, hb.h): cr steps up, ci down. */
/* kgen: begin hc2hc_open */
static void @name@(R *cr, R *ci, const R *W, stride rs, INT mb, INT me, INT ms)
{
/* kgen: end */

/* kgen: begin hc2hc_loop */
     {
	  INT m;
	  for (m = mb, W = W + ((mb - 1) * @nw@); m < me; m = m + 1, cr = cr + ms, ci = ci - ms, W = W + @nw@, MAKE_VOLATILE_STRIDE(@mv@, rs)) {
/* kgen: end */

/* The loop's end and the twinstr list's head. */
/* kgen: begin tw_close */
	  }
     }
}

static const tw_instr twinstr[] = {
/* kgen: end */

/* One twinstr entry: all n-1 twiddles, or the one of element @x@. */
/* kgen: begin twinstr_full */
     { TW_FULL, @v@, @n@ },
/* kgen: end */

/* kgen: begin twinstr_cexp */
     { TW_CEXP, @v@, @x@ },
/* kgen: end */

/* kgen: begin t2_desc */
     { TW_NEXT, 1, 0 }
};

static const ct_desc desc = { @n@, "@name@", twinstr, &GENUS, { @ops@ }, 0, 0, 0 };

void X(codelet_@name@) (planner *p) {
     X(kdft_dit_register) (p, @name@, &desc);
}
/* kgen: end */

/* @via@: HC2C_VIA_RDFT for hc2cf and hc2cb, HC2C_VIA_DFT for the dft
 * kinds. */
/* kgen: begin hc2c_desc */
     { TW_NEXT, 1, 0 }
};

static const hc2c_desc desc = { @n@, "@name@", twinstr, &GENUS, { @ops@ } };

void X(codelet_@name@) (planner *p) {
     X(khc2c_register) (p, @name@, &desc, @via@);
}
/* kgen: end */

/* kgen: begin hc2hc_desc */
     { TW_NEXT, 1, 0 }
};

static const hc2hc_desc desc = { @n@, "@name@", twinstr, &GENUS, { @ops@ } };

void X(codelet_@name@) (planner *p) {
     X(khc2hc_register) (p, @name@, &desc);
}
/* kgen: end */
