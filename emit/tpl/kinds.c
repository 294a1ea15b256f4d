/* emit/tpl/kinds.c: the code emit/kinds.c prints before the statements
 * of its codelets (t1, r2cf, r2cb), as pieces between "kgen: begin NAME"
 * and "kgen: end" comments; the build turns them into text
 * (emit/text.awk) and emit/tpl.c prints them.  A placeholder @name@
 * stands for a value the emitter passes: @t@ the element type (double or
 * float), @name@ the codelet's name; the others are described at their
 * piece.  The lines outside the pieces are not printed. */

/* A t1 codelet's function, up to the statements of one step of its loop
 * over butterflies: @nw@ table entries per butterfly. */
/* kgen: begin t1_head */
void
@name@(@t@ *ri, @t@ *ii, const @t@ *W, ptrdiff_t rs,
    ptrdiff_t mb, ptrdiff_t me, ptrdiff_t ms)
{
	ptrdiff_t m;

	for (m = mb, W += mb * @nw@; m < me; m++, ri += ms, ii += ms,
	    W += @nw@) {
/* kgen: end */

/* An r2cf or r2cb codelet's function, up to its loop over the batch:
 * @ci@ and @co@ are "const " for the arrays read (R0, R1 in r2cf; Cr,
 * Ci in r2cb), else empty. */
/* kgen: begin r2c_head */
void
@name@(@ci@@t@ *R0, @ci@@t@ *R1, @co@@t@ *Cr, @co@@t@ *Ci,
    ptrdiff_t rs, ptrdiff_t csr, ptrdiff_t csi, ptrdiff_t v, ptrdiff_t ivs,
    ptrdiff_t ovs)
{
	ptrdiff_t j;

/* kgen: end */

/* The header's prototype of a t1 codelet. */
/* kgen: begin t1_abi */
 * void @name@(@t@ *ri, @t@ *ii, const @t@ *W, ptrdiff_t rs,
 *     ptrdiff_t mb, ptrdiff_t me, ptrdiff_t ms);
/* kgen: end */

/* The header's prototype of an r2cf or r2cb codelet: @ci@ and @co@ the
 * const of the input and the output arrays. */
/* kgen: begin r2c_abi */
 * void @name@(@ci@@t@ *R0, @ci@@t@ *R1, @co@@t@ *Cr, @co@@t@ *Ci,
 *     ptrdiff_t rs, ptrdiff_t csr, ptrdiff_t csi, ptrdiff_t v, ptrdiff_t ivs,
 *     ptrdiff_t ovs);
/* kgen: end */
