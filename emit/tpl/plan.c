/* emit/tpl/plan.c: the code of the fixed plan emit/plan.c prints after
 * the codelets and tables of a self-contained DFT, as pieces between
 * "kgen: begin NAME" and "kgen: end" comments; the build turns them into
 * text (emit/text.awk) and emit/tpl.c prints them.  A placeholder
 * @name@ stands for a value the emitter passes: @t@ the element type
 * (double or float), @name@ the function's name; the others are
 * described at their piece.  The lines outside the pieces are not
 * printed. */

/* kgen: begin plan_head */
void
@name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io)
{
	ptrdiff_t g, b;

/* kgen: end */

/* The leaves: @ngroup@ groups of @r0@ DFTs of size @m0@ (NAME_n1_M0),
 * each group's outputs at NAME_rev[g], @stride@ apart, the DFTs of a
 * group @dist@ apart. */
/* kgen: begin plan_leaves */
	for (g = 0; g < @ngroup@; g++)
		@name@_n1_@m0@(ri + g * @r0@, ii + g * @r0@, ro + @name@_rev[g],
		    io + @name@_rev[g], @stride@, 1, @r0@, 1, @dist@);
/* kgen: end */

/* A pass: @nb@ blocks of @mstep@ elements, each a t1 step of radix @r@
 * (NAME_t1_R) over @m@ butterflies, table NAME_w@i@. */
/* kgen: begin plan_pass */
	for (b = 0; b < @nb@; b++)
		@name@_t1_@r@(ro + b * @mstep@, io + b * @mstep@, @name@_w@i@, @m@, 0,
		    @m@, 1);
/* kgen: end */
