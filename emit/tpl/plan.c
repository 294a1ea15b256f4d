/* emit/tpl/plan.c: the code of the fixed plan emit/plan.c prints after
 * the codelets and tables of a self-contained DFT, as pieces between
 * "kgen: begin NAME" and "kgen: end" comments; the build turns them into
 * text (emit/text.awk) and emit/tpl.c prints them.  A placeholder
 * @name@ stands for a value the emitter passes: @t@ the element type
 * (double or float), @name@ the function's name, @n@ the size; the
 * others are described at their piece.  The lines outside the pieces
 * are not printed.
 *
 * Each section (SIMD, scalar) defines the same three static functions,
 * which the public entries call:
 *   NAME_split(ri, ii, ro, io)   split arrays, unit stride, out of place;
 *   NAME_inter(x, y)             interleaved pairs, out of place;
 *   NAME_one(ri, ii, ro, io, is, os, a)  any strides, in place allowed,
 *                                a: scratch of 4n elements.
 * NAME_lp runs the leaves and every pass but the top one into split
 * arrays; NAME_top the top pass in place. */

/* kgen: begin plan_open */
#if @cond@
#define @name@_SIMD 1
/* kgen: end */

/* kgen: begin plan_else */
#else
/* kgen: end */

/* kgen: begin plan_endif */
#endif
/* kgen: end */

/* The SIMD leaves and inner passes: input split at unit stride (il 0)
 * or interleaved pairs at ri (il 1), to split sr, si. */
/* kgen: begin vplan_lp */
static void
@name@_lp(const @t@ *ri, const @t@ *ii, int il, @t@ *sr, @t@ *si)
{
	ptrdiff_t g, b;

	(void)b;
	for (g = 0; g < @ngroup@; g++)
/* kgen: end */

/* n1v leaves: @r0@ adjacent leaves a call, @stride@ apart in the input,
 * outputs at NAME_rev[g], the leaves @dist@ apart */
/* kgen: begin vplan_vleaf */
		@name@_n1v(ri + (g * @r0@ << il), ii + (g * @r0@ << il),
		    sr + @name@_rev[g], si + @name@_rev[g], @stride@, @dist@,
		    @r0@);
/* kgen: end */

/* leaves vectorized across the batch (the n1 ABI) */
/* kgen: begin vplan_bleaf */
		@name@_n1(ri + (g * @r0@ << il), ii + (g * @r0@ << il),
		    sr + @name@_rev[g], si + @name@_rev[g], @stride@ << il, 1,
		    @r0@, (ptrdiff_t)1 << il, @dist@);
/* kgen: end */

/* A vector pass: @nb@ blocks of @mstep@ elements, each a t1v step of
 * radix @r@ over @m@ butterflies, the first @mv@ on full vectors
 * (table NAME_w@i@), the rest by NAME_t1v_@r@_t (table NAME_t@i@). */
/* kgen: begin vplan_pass */
	for (b = 0; b < @nb@; b++)
		@name@_t1v_@r@(sr + b * @mstep@, si + b * @mstep@, @name@_w@i@,
		    @m@, 0, @mv@);
/* kgen: end */

/* kgen: begin vplan_tail */
	for (b = 0; b < @nb@; b++)
		@name@_t1v_@r@_t(sr + b * @mstep@, si + b * @mstep@,
		    @name@_t@i@, @m@, @m@);
/* kgen: end */

/* the top pass, radix @r@ over @m@ butterflies (@mv@ on vectors):
 * NAME_top in place, NAME_topio storing pairs to y */
/* kgen: begin vplan_top */
}

static void
@name@_top(@t@ *sr, @t@ *si)
{
	@name@_t1v_@r@(sr, si, @name@_w0, @m@, 0, @mv@);
	if (@mv@ < @m@)
		@name@_t1v_@r@_t(sr, si, @name@_t0, @m@, @m@);
}

static void
@name@_topio(const @t@ *sr, const @t@ *si, @t@ *y)
{
	@name@_t1v_@r@_io(sr, si, @name@_w0, @m@, 0, @mv@, y, 0);
	if (@mv@ < @m@)
		@name@_t1v_@r@_iot(sr, si, @name@_t0, @m@, @m@, y, 0);
}

/* kgen: end */

/* Interleaved data run block-split in y (NAME_inter when x and y are
 * apart): the leaves split the pairs as they load them and store
 * blocks of @vl@ real parts, then @vl@ imaginary parts; the passes run
 * in place on that layout, the top one storing pairs. */
/* kgen: begin vplan_blk */
#define @name@_BLOCK 1
static void
@name@_blk(const @t@ *x, @t@ *y)
{
	ptrdiff_t g, b;

	(void)b;
	for (g = 0; g < @ngroup@; g++)
		@name@_n1v_b(x + 2 * g * @r0@, x + 2 * g * @r0@ + 1,
		    y + 2 * @name@_rev[g], @stride@, 2 * @dist@, @r0@);
/* kgen: end */

/* kgen: begin vplan_bpass */
	for (b = 0; b < @nb@; b++)
		@name@_t1v_@r@_b(y + 2 * b * @mstep@, @name@_w@i@, 2 * @m@, 0,
		    @m@);
/* kgen: end */

/* kgen: begin vplan_btop */
	@name@_t1v_@r@_bio(y, @name@_w0, 2 * @m@, 0, @m@, y, 0);
}

/* kgen: end */

/* The SIMD section's entries (the scratch of NAME_inter: @n@ pairs a
 * thread, where block-split cannot run). */
/* kgen: begin vplan_split */
static void
@name@_split(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io)
{
	@name@_lp(ri, ii, 0, ro, io);
	@name@_top(ro, io);
}
/* kgen: end */

/* kgen: begin vplan_inter */
static void
@name@_inter(const @t@ *x, @t@ *y)
{
#ifdef @name@_BLOCK
	if (x + 2 * @n@ <= y || y + 2 * @n@ <= x) {
		@name@_blk(x, y);
		return;
	}
#endif
	{
		static __thread @t@ s[2 * @n@];

		@name@_lp(x, x + 1, 1, s, s + @n@);
		@name@_topio(s, s + @n@, y);
	}
}
/* kgen: end */

/* kgen: begin vplan_one */
static void
@name@_one(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io, ptrdiff_t is,
    ptrdiff_t os, @t@ *a)
{
	ptrdiff_t k;

	if (is == 2 && os == 2 && ii == ri + 1 && io == ro + 1) {
#ifdef @name@_BLOCK
		if (ri != ro) {
			@name@_blk(ri, ro);
			return;
		}
#endif
		@name@_lp(ri, ii, 1, a, a + @n@);
		@name@_topio(a, a + @n@, ro);
		return;
	}
	if (is == 1 && os == 1 && ri != ro && ii != io && ii != ri + 1
	    && ri != ii + 1) {
		@name@_split(ri, ii, ro, io);
		return;
	}
	for (k = 0; k < @n@; k++) {
		a[k] = ri[k * is];
		a[@n@ + k] = ii[k * is];
	}
	@name@_split(a, a + @n@, a + 2 * @n@, a + 3 * @n@);
	for (k = 0; k < @n@; k++) {
		ro[k * os] = a[2 * @n@ + k];
		io[k * os] = a[3 * @n@ + k];
	}
}
/* kgen: end */

/* The scalar section: the leaves and inner passes from input at stride
 * is to output at stride os (out of place), then the top pass. */
/* kgen: begin splan_lp */
static void
@name@_lp(const @t@ *ri, const @t@ *ii, ptrdiff_t is, @t@ *ro, @t@ *io,
    ptrdiff_t os)
{
	ptrdiff_t g, b;

	(void)b;
	for (g = 0; g < @ngroup@; g++)
		@name@_n1s(ri + g * @r0@ * is, ii + g * @r0@ * is,
		    ro + @name@_srev[g] * os, io + @name@_srev[g] * os,
		    @stride@ * is, os, @r0@, is, @dist@ * os);
/* kgen: end */

/* A scalar pass: @nb@ blocks of @mstep@ elements, each a t1 step of
 * radix @r@ over @m@ butterflies, table NAME_s@i@. */
/* kgen: begin splan_pass */
	for (b = 0; b < @nb@; b++)
		@name@_t1s_@r@(ro + b * @mstep@ * os, io + b * @mstep@ * os,
		    @name@_s@i@, @m@ * os, 0, @m@, os);
/* kgen: end */

/* kgen: begin splan_top */
}

static void
@name@_top(@t@ *ro, @t@ *io, ptrdiff_t os)
{
	@name@_t1s_@r@(ro, io, @name@_s0, @m@ * os, 0, @m@, os);
}
/* kgen: end */

/* kgen: begin splan_split */
static void
@name@_split(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io)
{
	@name@_lp(ri, ii, 1, ro, io, 1);
	@name@_top(ro, io, 1);
}
/* kgen: end */

/* kgen: begin splan_inter */
static void
@name@_inter(const @t@ *x, @t@ *y)
{
	@name@_lp(x, x + 1, 2, y, y + 1, 2);
	@name@_top(y, y + 1, 2);
}
/* kgen: end */

/* kgen: begin splan_one */
static void
@name@_one(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io, ptrdiff_t is,
    ptrdiff_t os, @t@ *a)
{
	ptrdiff_t k;

	if (ri == ro || ii == io) {
		for (k = 0; k < @n@; k++) {
			a[k] = ri[k * is];
			a[@n@ + k] = ii[k * is];
		}
		ri = a;
		ii = a + @n@;
		is = 1;
	}
	@name@_lp(ri, ii, is, ro, io, os);
	@name@_top(ro, io, os);
}
/* kgen: end */

/* The public entries of a file beyond the straight-line limit: split
 * arrays as before, and interleaved pairs. */
/* kgen: begin plan_big */

void
@name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io)
{
	@name@_split(ri, ii, ro, io);
}

void
@name@_c(const @t@ *x, @t@ *y)
{
	@name@_inter(x, y);
}
/* kgen: end */

/* The n1 ABI entry of a file within the straight-line limit: the scratch
 * (4n elements) on the stack. */
/* kgen: begin plan_n1 */

void
@name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	@t@ a[4 * @n@];
	ptrdiff_t j;

	for (j = 0; j < v; j++, ri += ivs, ii += ivs, ro += ovs, io += ovs)
		@name@_one(ri, ii, ro, io, is, os, a);
}
/* kgen: end */
