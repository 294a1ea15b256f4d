/* emit/tpl/simd.c: the code emit/simd.c prints around the statements of
 * its codelets (n1 vectorized across the batch) and the helpers of
 * emit/simd/, as pieces between "kgen: begin NAME" and "kgen: end"
 * comments; the build turns them into text (emit/text.awk) and
 * emit/tpl.c prints them.  A placeholder @name@ stands for a value the
 * emitter passes: @t@ the element type (double or float), @v@ the vector
 * type (kgen_d4), @sfx@ the helpers' suffix (avx2_d), @vl@ the lanes,
 * @n@ the size, @name@ the codelet's name; the others are described at
 * their piece.  The lines outside the pieces are not printed. */

/* The ISA's feature macro @macro@, named @isa@, set by @flags@. */
/* kgen: begin simd_guard */
#if !defined(@macro@)
#error "kgen: this codelet uses @isa@; compile it with @flags@"
#endif
/* kgen: end */

/* The kernel of the buffered body, up to its constants and statements. */
/* kgen: begin simd_kernel */
/* The statements on VL transforms packed in x, in place. */
static void
@name@_k(@v@ *x)
{
/* kgen: end */

/* The n1 function, up to its constants. */
/* kgen: begin simd_head */
void
@name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io,
    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
/* kgen: end */

/* Then the direct body's loop, up to its statements: interleaved data
 * with adjacent elements, VL transforms a step. */
/* kgen: begin simd_direct */
	@v@ x[@n2@];
	ptrdiff_t j;
	int pairs;

	j = 0;
	if (ii == ri + 1 && io == ro + 1 && is == 2 && os == 2) {
		for (; j + @vl@ <= v; j += @vl@, ri += @vl@ * ivs, ro += @vl@ * ovs) {
/* kgen: end */

/* After the direct body: the buffered loop over the transforms left. */
/* kgen: begin simd_buffered */
		}
		ii = ri + 1;
		io = ro + 1;
	}
	pairs = (ii == ri + 1 || ri == ii + 1) && (io == ro + 1 || ro == io + 1);
	for (; j < v; j += @vl@, ri += @vl@ * ivs, ii += @vl@ * ivs, ro += @vl@ * ovs,
	    io += @vl@ * ovs) {
		kgen_pack_@sfx@(x, ri, ii, @n@, is, ivs, v - j, pairs);
		@name@_k(x);
		kgen_unpack_@sfx@(x, ro, io, @n@, os, ovs, v - j, pairs);
	}
}
/* kgen: end */

/* The end of a group's store in the direct body: the values y, @ny@
 * vectors, are stored by kgen_stgG (G = @g@) at element @off@ / 2;
 * @tab@ is the body's indent. */
/* kgen: begin simd_stg */
};

@tab@	kgen_stg@g@_@sfx@(ro + @off@, ovs, y);
@tab@}
/* kgen: end */

/* The header's lines on an n1 codelet across the batch, after the n1
 * ABI: @vl@ lanes, @flags@ the ISA's compiler flags. */
/* kgen: begin simd_abi */
 * Lane l of a vector holds transform j + l, @vl@ at a time; interleaved
 * data (ii = ri + 1, io = ro + 1, is = os = 2) runs straight from memory,
 * other layouts and the last v mod @vl@ transforms through a buffer.
 * Build: GNU C or C++ (GCC or Clang: vector extensions and intrinsics)
 * with @flags@ (without them the codelet stops with #error).  FMAs (--fma)
 * are the ISA's FMA intrinsics where the compiler targets FMA, else
 * a * b + c.
/* kgen: end */

/* The same for RISC-V V, whose codelets Clang compiles (no intrinsics). */
/* kgen: begin simd_abi_rvv */
 * Lane l of a vector holds transform j + l, @vl@ at a time; interleaved
 * data (ii = ri + 1, io = ro + 1, is = os = 2) runs straight from memory,
 * other layouts and the last v mod @vl@ transforms through a buffer.
 * Build: Clang 14 or later (128-bit vector extensions, which it compiles
 * to RVV 1.0 instructions; GCC 12 has no RVV), with
 *   @flags@ -ffp-contract=fast
 * (FMAs are a * b + c; without -march the codelet stops with #error);
 * it runs where VLEN >= 128.
/* kgen: end */
