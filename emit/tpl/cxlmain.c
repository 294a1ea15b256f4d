/* emit/tpl/cxlmain.c: the code emit/cxl.c prints around the statements
 * of n1c and n1x codelets, as pieces between "kgen: begin NAME" and
 * "kgen: end" comments (emit/text.awk turns them into text, emit/tpl.c
 * prints them, filling in @name@, the codelet's name, @t@, its element
 * type, and @c@, the letter of its vectors; a name that recurs is
 * printed in the order written). */

/* n1c's blocks of adjacent transforms: the two-source shuffle of the
 * vectors @c@, GCC's builtin or Clang's (emit/cxlnet.c prints them) */
/* kgen: begin cxl_s2 */
#ifdef __clang__
#define KGEN_CXL_S2_@c@(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define KGEN_CXL_S2_@c@(a, b, ...) __builtin_shuffle(a, b, (kgen_cx@c@i){__VA_ARGS__})
#endif

/* kgen: end */

/* n1c's entry (FFTW's n1 arguments): its head */
/* kgen: begin cxl_n1c_head */
void
@name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io,
    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	ptrdiff_t j;

	j = 0;
/* kgen: end */

/* transforms side by side, input and output equally off a vector
 * boundary (vmask + 1 bytes): the first j one at a time (v = j is below
 * every wide loop's least v, min, so that call peels nothing), and the
 * wide loops' accesses from there on are aligned */
/* kgen: begin cxl_n1c_peel */
#ifdef KGEN_CXL_W@w@
	if (ivs == 2 && ovs == 2 && ii == ri + 1
	    && io == ro + 1
	    && !(((uintptr_t)ri - (uintptr_t)ro) & @vmask@)
	    && !((uintptr_t)ri & @emask@)) {
		j = (ptrdiff_t)((-(uintptr_t)ri & @vmask@) / @csize@);
		if (j && v - j >= @min@)
			@name@(ri, ii, ro, io, is, os, j, ivs, ovs);
		else
			j = 0;
	}
#endif
/* kgen: end */

/* the wide loop of vectors w, where at least min transforms are left */
/* kgen: begin cxl_n1c_wide */
#ifdef KGEN_CXL_W@w@
	if (v - j >= @min@)
		j += @name@_w@w@(ri + j * ivs, ii + j * ivs, ro + j * ovs,
		    io + j * ovs, is, os, v - j, ivs, ovs);
#endif
/* kgen: end */

/* The end of n1c's entry @name@: the transforms the wide loops left,
 * one at a time, each layout's loop a straight-line copy of the body */
/* kgen: begin cxl_n1c_end */
	if (is == 2 && os == 2 && ii == ri + 1 && io == ro + 1)
		for (; j < v; j++)
			@name@_body(ri + j * ivs, ii + j * ivs, ro + j * ovs,
			    io + j * ovs, 2, 2, 1);
	else if (is == 2 && os == 2 && ii == ri - 1 && io == ro - 1)
		for (; j < v; j++)
			@name@_body(ri + j * ivs, ii + j * ivs, ro + j * ovs,
			    io + j * ovs, 2, 2, 2);
	else if (is == 1 && os == 1)
		for (; j < v; j++)
			@name@_body(ri + j * ivs, ii + j * ivs, ro + j * ovs,
			    io + j * ovs, 1, 1, 0);
	else
		for (; j < v; j++)
			@name@_body(ri + j * ivs, ii + j * ivs, ro + j * ovs,
			    io + j * ovs, is, os, 0);
}

/* kgen: end */
/* kgen_dft's one forward transform jumps here, its arguments in
 * registers (runtime/dispatch.c); adjacent pairs with constant strides,
 * as the n1 entry runs them (with is and os variables double n = 16
 * took 1-1.5 ns more, make bench-fft's kgen row) */
/* kgen: begin cxl_n1c_end */
int
@name@_v1(const @t@ *ri, @t@ *ro, ptrdiff_t is, ptrdiff_t os)
{
	if (is == 2 && os == 2)
		@name@_body(ri, ri + 1, ro, ro + 1, 2, 2, 1);
	else
		@name@_body(ri, ri + 1, ro, ro + 1, is, os, 1);
	return 0;
}

/* kgen: end */
/* and for split arrays, six arguments in registers */
/* kgen: begin cxl_n1c_end */
int
@name@_v1s(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io,
    ptrdiff_t is, ptrdiff_t os)
{
	if (is == 1 && os == 1)
		@name@_body(ri, ii, ro, io, 1, 1, 0);
	else
		@name@_body(ri, ii, ro, io, is, os, 0);
	return 0;
}
/* kgen: end */

/* n1x: before its helpers, the warnings off: the helpers n1c uses and
 * n1x does not (clang warns), and GCC's false alarm inside the AVX-512
 * intrinsics (C++) */
/* kgen: begin cxl_x_push */
#ifdef __GNUC__
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#ifndef __clang__
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#endif
/* kgen: end */

/* after them (and the end of their KGEN_CXL_X guard), on again */
/* kgen: begin cxl_x_pop */
#endif
#ifdef __GNUC__
#pragma GCC diagnostic pop
#endif

/* kgen: end */

/* kgen_dft's one forward transform of interleaved pairs */
/* kgen: begin cxl_x_v1 */
int
@name@_v1(const @t@ *ri, @t@ *ro, ptrdiff_t is, ptrdiff_t os)
{
	@name@_one(ri, ri + 1, ro, ro + 1, is, os, 0);
	return 0;
}
/* kgen: end */
