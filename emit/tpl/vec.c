/* emit/tpl/vec.c: the code emit/vec.c prints around the statements of
 * its vector codelets (t1v, n1v, n1w), as pieces between "kgen: begin
 * NAME" and "kgen: end" comments; the build turns them into text
 * (emit/text.awk) and emit/tpl.c prints them.  A placeholder @name@
 * stands for a value the emitter passes: @t@ the element type (double or
 * float), @name@ the codelet's name, @vl@ the lanes, @bytes@ the vector
 * width; the others are described at their piece.  The lines outside
 * the pieces are not printed. */

/* The includes, vector types and unaligned accesses: @macro@ and @flags@
 * the ISA's feature macro and compiler flags, @align@ the size of one
 * element; @mask@ the integer type of a shuffle mask's elements. */
/* kgen: begin vec_types */
#include <stddef.h>

#if !defined(@macro@)
#error "compile with @flags@"
#endif

typedef @t@ @p@V __attribute__((vector_size(@bytes@)));
typedef @t@ @p@V1 __attribute__((vector_size(@bytes@), aligned(@align@)));
/* kgen: end */

/* kgen: begin vec_shuf */
typedef @mask@ @p@M __attribute__((vector_size(@bytes@)));
#if defined(__clang__)
#define @p@SHUF(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define @p@SHUF(a, b, ...) __builtin_shuffle(a, b, (@p@M){__VA_ARGS__})
#endif
/* kgen: end */

/* kgen: begin vec_access */
#define @p@LD(p) (*(const @p@V1 *)(p))
#define @p@ST(p, x) (*(@p@V1 *)(p) = (x))
/* kgen: end */

/* n1w's access macros, il (0 split, 1 interleaved, 2 interleaved with im
 * first) a constant after inlining: @vl2@ is 2 VL; the lane lists (each
 * element after a ", ") @even@, @odd@ select the even and odd elements of
 * two vectors, @lo@ and @hi@ interleave their low and high halves. */
/* kgen: begin n1w_macros */
#define @p@PAIR(p, q, ...) @p@SHUF(@p@LD(p + @vl2@ * (q)), @p@LD(p + @vl2@ * (q) + @vl@), __VA_ARGS__)
#define @p@LDR(q) (il == 0 ? @p@LD(ri + @vl@ * (q)) : il == 1 ? @p@PAIR(ri, q@even@) : @p@PAIR(ii, q@odd@))
#define @p@LDI(q) (il == 0 ? @p@LD(ii + @vl@ * (q)) : il == 1 ? @p@PAIR(ri, q@odd@) : @p@PAIR(ii, q@even@))
/* cnt elements of x to d (none for cnt <= 0) */
static inline __attribute__((always_inline)) void
@p@put(@t@ *d, @p@V x, int cnt)
{
	int l;

	/* element by element: gcc -O0 warns that a memcpy of cnt elements
	 * may read past x */
	if (cnt >= @vl@)
		@p@ST(d, x);
	else
		for (l = 0; l < cnt; l++)
			d[l] = x[l];
}
/* outputs o .. o+p-1 */
#define @p@STC(o, re, im) do { \
	if (il == 0) { \
		@p@put(ro + (o), re, p); \
		@p@put(io + (o), im, p); \
	} else if (il == 1) { \
		@p@put(ro + 2 * (o), @p@SHUF(re, im@lo@), 2 * p); \
		@p@put(ro + 2 * (o) + @vl@, @p@SHUF(re, im@hi@), 2 * p - @vl@); \
	} else { \
		@p@put(io + 2 * (o), @p@SHUF(im, re@lo@), 2 * p); \
		@p@put(io + 2 * (o) + @vl@, @p@SHUF(im, re@hi@), 2 * p - @vl@); \
	} \
} while (0)

/* kgen: end */

/* n1w's radix-VL step, up to its statements: x is the transposed tile
 * (re, im by row), W its part of the table. */
/* kgen: begin n1w_top */
static inline __attribute__((always_inline)) void
@p@top(const @t@ *w, @t@ *ro, @t@ *io, ptrdiff_t o, int il, int p,
    const @p@V *x)
{
/* kgen: end */

/* n1w's leaf, up to its statements, inside a block as the other kinds'
 * loops (emit/vec.c closes both). */
/* kgen: begin n1w_body */
static inline __attribute__((always_inline)) void
@p@body(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io, int il)
{
	{
/* kgen: end */

/* n1w's entry point, the n1 ABI: each transform of size @n@ straight from
 * memory when its layout allows, else through the buffer b. */
/* kgen: begin n1w_entry */
void
@name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	@t@ b[@n2@] __attribute__((aligned(@bytes@)));
	ptrdiff_t j;

	for (; v > 0; v--, ri += ivs, ii += ivs, ro += ovs, io += ovs) {
		if (is == 1 && os == 1) {
			@p@body(ri, ii, ro, io, 0);
		} else if (is == 2 && os == 2 && ii == ri + 1 && io == ro + 1) {
			@p@body(ri, ii, ro, io, 1);
		} else if (is == 2 && os == 2 && ri == ii + 1 && ro == io + 1) {
			@p@body(ri, ii, ro, io, 2);
		} else {
			for (j = 0; j < @n@; j++) {
				b[j] = ri[j * is];
				b[@n@ + j] = ii[j * is];
			}
			/* in place: every output needs every input */
			@p@body(b, b + @n@, b, b + @n@, 0);
			for (j = 0; j < @n@; j++) {
				ro[j * os] = b[j];
				io[j * os] = b[@n@ + j];
			}
		}
	}
}
/* kgen: end */

/* t1v's loop, up to the statements of one step of its loop over
 * butterflies: @nw@ table entries per butterfly, @wstep@ per step; b
 * (a constant after inlining) is 0 for split arrays, 1 for block-split
 * data (the vectors of re and im alternate, so the data pointers step
 * twice as far); km (a constant too) 0, or the lanes each store keeps
 * (NAME_t).  @stm@ stores the lanes of x that bits selects to p (the
 * ISA's masked store); @hdr@ is the header of the ISA's intrinsics. */
/* kgen: begin t1v_head */
#include <@hdr@>
#include <stdint.h>

#define @p@STM(p, x, bits) @stm@
#define @p@STK(p, x) do { \
	if (km) \
		@p@STM(p, x, km); \
	else \
		@p@ST(p, x); \
} while (0)

static inline __attribute__((always_inline)) void
@name@_k(@t@ *ri, @t@ *ii, const @t@ *w, ptrdiff_t rs, ptrdiff_t mb,
    ptrdiff_t me, int b, unsigned km)
{
	ptrdiff_t m;

	for (m = mb, w += mb * @nw@; m < me; m += @vl@, ri += @vl@ << b,
	    ii += @vl@ << b, w += @wstep@) {
/* kgen: end */

/* t1v's entries: split arrays, and NAME_b, the same step in place on
 * block-split data at x (butterfly m's x_j: re the @vl@ elements at
 * x + 2(m - mb) + j rs, im the @vl@ after them); NAME_t, the tail of a
 * step of m butterflies (ri, ii the step's) on split arrays: the vector
 * of butterflies m - @vl@ .. m - 1 (W the table of that one vector),
 * the stores masked to the last m mod @vl@ of them (the others were done
 * by NAME; nothing where @vl@ divides m). */
/* kgen: begin t1v_entry */

void
@name@(@t@ *ri, @t@ *ii, const @t@ *w, ptrdiff_t rs, ptrdiff_t mb,
    ptrdiff_t me)
{
	@name@_k(ri, ii, w, rs, mb, me, 0, 0);
}

void
@name@_b(@t@ *x, const @t@ *w, ptrdiff_t rs, ptrdiff_t mb, ptrdiff_t me)
{
	@name@_k(x, x + @vl@, w, rs, mb, me, 1, 0);
}

void
@name@_t(@t@ *ri, @t@ *ii, const @t@ *w, ptrdiff_t rs, ptrdiff_t m)
{
	ptrdiff_t t;

	t = m % @vl@;
	if (t && m > @vl@)
		@name@_k(ri + m - @vl@, ii + m - @vl@, w, rs, 0, @vl@, 0,
		    ((1u << @vl@) - 1) & ~((1u << (@vl@ - t)) - 1));
}
/* kgen: end */

/* t1v's second entry, NAME_io: the same step, its outputs stored as
 * interleaved pairs to y (output x_k of butterfly m at y[2(m + k rs)],
 * the pair (re, im), or (im, re) where sw is 1: a backward plan's
 * swapped output), for the top step of a plan whose output is
 * interleaved: no pass over the output after it; and NAME_bio, the same
 * from block-split data (b = 1: a block's re and im vectors become its
 * pairs, at the same offset from y as the block from ri; y may be ri).
 * Up to the statements of one step of its loop; @lo@ and @hi@
 * interleave the low and high halves of two vectors (lane lists as in
 * n1w_macros).  With e set, the pairs go out through the masks k0 (first
 * vector) and k1 (second, STM of t1v_head): NAME_ios's first and last
 * butterflies, NAME_iot's last. */
/* kgen: begin t1v_io_head */
#define @p@STP2(p, a, c) do { \
	if (e) { \
		@p@STM(p, a, k0); \
		@p@STM((p) + @vl@, c, k1); \
	} else { \
		@p@ST(p, a); \
		@p@ST((p) + @vl@, c); \
	} \
} while (0)
#define @p@STP(k, re, im) do { \
	if (sw) \
		@p@STP2(y + (2 >> b) * (k), @p@SHUF(im, re@lo@), @p@SHUF(im, re@hi@)); \
	else \
		@p@STP2(y + (2 >> b) * (k), @p@SHUF(re, im@lo@), @p@SHUF(re, im@hi@)); \
} while (0)

static inline __attribute__((always_inline)) void
@name@_iok(const @t@ *ri, const @t@ *ii, const @t@ *w, ptrdiff_t rs,
    ptrdiff_t mb, ptrdiff_t me, @t@ *y, int sw, int b, int e, unsigned k0,
    unsigned k1)
{
	ptrdiff_t m;

	for (m = mb, w += mb * @nw@, y += (1 - b) * 2 * mb; m < me;
	    m += @vl@, ri += @vl@ << b, ii += @vl@ << b, y += 2 * @vl@,
	    w += @wstep@) {
/* kgen: end */

/* t1v's NAME_io, NAME_bio and NAME_ios themselves: sw, b and e
 * constants in each inlined body.  NAME_ios is NAME_io over the whole
 * step (mb = 0) for y c pairs past a vector boundary (0 < c < @vl@ / 2):
 * it runs the butterflies -c .. me - c + @vl@ - 1, @vl@ at a time, so that
 * every vector of pairs it stores lies on a vector boundary, the first
 * and the last through masks; W is the table shifted to match (block j,
 * lane l: butterfly @vl@ j + l - c, me / @vl@ + 1 blocks), and the c
 * elements before each of ri and ii and the @vl@ after the last
 * butterfly of each are read (the lanes they feed are not stored).
 * NAME_iot is NAME_io's tail: of a step of m butterflies (ri, ii and y
 * the step's, as for mb = 0), it runs the vector of butterflies
 * m - @vl@ .. m - 1 (W the table of that one vector) and stores the
 * last m mod @vl@ of them, nothing where @vl@ divides m. */
/* kgen: begin t1v_io_entry */

void
@name@_io(const @t@ *ri, const @t@ *ii, const @t@ *w, ptrdiff_t rs,
    ptrdiff_t mb, ptrdiff_t me, @t@ *y, int sw)
{
	if (sw)
		@name@_iok(ri, ii, w, rs, mb, me, y, 1, 0, 0, 0, 0);
	else
		@name@_iok(ri, ii, w, rs, mb, me, y, 0, 0, 0, 0, 0);
}

void
@name@_bio(const @t@ *x, const @t@ *w, ptrdiff_t rs, ptrdiff_t mb,
    ptrdiff_t me, @t@ *y, int sw)
{
	if (sw)
		@name@_iok(x, x + @vl@, w, rs, mb, me, y, 1, 1, 0, 0, 0);
	else
		@name@_iok(x, x + @vl@, w, rs, mb, me, y, 0, 1, 0, 0, 0);
}

void
@name@_ios(const @t@ *ri, const @t@ *ii, const @t@ *w, ptrdiff_t rs,
    ptrdiff_t me, @t@ *y, int sw)
{
	unsigned c, all, h, t;

	c = (unsigned)((uintptr_t)y % sizeof(@p@V) / (2 * sizeof(@t@)));
	all = (1u << @vl@) - 1;
	h = all & ~((1u << 2 * c) - 1);
	t = (1u << 2 * c) - 1;
	ri -= c;
	ii -= c;
	y -= 2 * c;
	if (sw) {
		@name@_iok(ri, ii, w, rs, 0, @vl@, y, 1, 0, 1, h, all);
		@name@_iok(ri + @vl@, ii + @vl@, w, rs, @vl@, me, y, 1, 0, 0, 0,
		    0);
		@name@_iok(ri + me, ii + me, w, rs, me, me + @vl@, y, 1, 0, 1, t,
		    0);
	} else {
		@name@_iok(ri, ii, w, rs, 0, @vl@, y, 0, 0, 1, h, all);
		@name@_iok(ri + @vl@, ii + @vl@, w, rs, @vl@, me, y, 0, 0, 0, 0,
		    0);
		@name@_iok(ri + me, ii + me, w, rs, me, me + @vl@, y, 0, 0, 1, t,
		    0);
	}
}

void
@name@_iot(const @t@ *ri, const @t@ *ii, const @t@ *w, ptrdiff_t rs,
    ptrdiff_t m, @t@ *y, int sw)
{
	unsigned all, f, k0, k1;

	if (!(m % @vl@) || m < @vl@)
		return;
	/* the vector of butterflies m - @vl@ .. m - 1 keeps its last
	 * m % @vl@: the elements of their pairs from 2f on */
	all = (1u << @vl@) - 1;
	f = 2 * (unsigned)(@vl@ - m % @vl@);
	k0 = f >= @vl@ ? 0 : all & ~((1u << f) - 1);
	k1 = f <= @vl@ ? all : all & ~((1u << (f - @vl@)) - 1);
	ri += m - @vl@;
	ii += m - @vl@;
	y += 2 * (m - @vl@);
	if (sw)
		@name@_iok(ri, ii, w, rs, 0, @vl@, y, 1, 0, 1, k0, k1);
	else
		@name@_iok(ri, ii, w, rs, 0, @vl@, y, 0, 0, 1, k0, k1);
}
/* kgen: end */

/* n1v's loops, up to the statements of one step of the loop over the
 * batch: @lay@ names the input (i interleaved, j interleaved with im
 * first, s split) and the output (b block-split, where io is ro + @vl@). */
/* kgen: begin n1v_head */

static void
@name@_@lay@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io, ptrdiff_t is,
    ptrdiff_t ovs, ptrdiff_t v)
{
	ptrdiff_t j;

	for (j = 0; j < v; j += @vl@, ri += @step@, ii += @step@,
	    ro += @vl@ * ovs, io += @vl@ * ovs) {
/* kgen: end */

/* n1v's interleaved loads: EVN(p) the even elements of the 2 VL at p (re
 * of VL adjacent complex numbers), ODD(p) the odd ones (im); @even@ and
 * @odd@ are lane lists as in n1w_macros. */
/* kgen: begin n1v_macros */
#define @p@EVN(p) @p@SHUF(@p@LD(p), @p@LD((p) + @vl@)@even@)
#define @p@ODD(p) @p@SHUF(@p@LD(p), @p@LD((p) + @vl@)@odd@)
/* kgen: end */

/* n1v's entries: interleaved data (either way round) or split arrays
 * in; split arrays out, or (NAME_b) block-split data at ro. */
/* kgen: begin n1v_entry */

void
@name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io, ptrdiff_t is,
    ptrdiff_t ovs, ptrdiff_t v)
{
	if (ii == ri + 1)
		@name@_i(ri, ii, ro, io, is, ovs, v);
	else if (ri == ii + 1)
		@name@_j(ri, ii, ro, io, is, ovs, v);
	else
		@name@_s(ri, ii, ro, io, is, ovs, v);
}

void
@name@_b(const @t@ *ri, const @t@ *ii, @t@ *ro, ptrdiff_t is,
    ptrdiff_t ovs, ptrdiff_t v)
{
	if (ii == ri + 1)
		@name@_ib(ri, ii, ro, ro + @vl@, is, ovs, v);
	else if (ri == ii + 1)
		@name@_jb(ri, ii, ro, ro + @vl@, is, ovs, v);
	else
		@name@_sb(ri, ii, ro, ro + @vl@, is, ovs, v);
}
/* kgen: end */

/* The header's prototype of a t1v codelet. */
/* kgen: begin t1v_abi */
 * void @name@(@t@ *ri, @t@ *ii, const @t@ *W, ptrdiff_t rs, ptrdiff_t mb,
 *     ptrdiff_t me);
 * void @name@_io(const @t@ *ri, const @t@ *ii, const @t@ *W, ptrdiff_t rs,
 *     ptrdiff_t mb, ptrdiff_t me, @t@ *y, int sw);
 * void @name@_b(@t@ *x, const @t@ *W, ptrdiff_t rs, ptrdiff_t mb, ptrdiff_t me);
 * void @name@_bio(const @t@ *x, const @t@ *W, ptrdiff_t rs, ptrdiff_t mb,
 *     ptrdiff_t me, @t@ *y, int sw);
 * void @name@_ios(const @t@ *ri, const @t@ *ii, const @t@ *W, ptrdiff_t rs,
 *     ptrdiff_t me, @t@ *y, int sw);
 * void @name@_t(@t@ *ri, @t@ *ii, const @t@ *W, ptrdiff_t rs, ptrdiff_t m);
 * void @name@_iot(const @t@ *ri, const @t@ *ii, const @t@ *W, ptrdiff_t rs,
 *     ptrdiff_t m, @t@ *y, int sw);
/* kgen: end */

/* The header's prototype of an n1v codelet. */
/* kgen: begin n1v_abi */
 * void @name@(const @t@ *ri, const @t@ *ii, @t@ *ro, @t@ *io, ptrdiff_t is,
 *     ptrdiff_t ovs, ptrdiff_t v);
 * void @name@_b(const @t@ *ri, const @t@ *ii, @t@ *ro, ptrdiff_t is,
 *     ptrdiff_t ovs, ptrdiff_t v);
/* kgen: end */

/* The header's lines on building a vector codelet: @flags@ the ISA's. */
/* kgen: begin vec_needs */
 * Build: GNU C or C++ (GCC or Clang: vector extensions, attributes) with
 * @flags@ (without them the codelet stops with #error).  FMAs (--fma)
 * are written a * b + c and fused only where the compiler contracts: GCC
 * with -std=gnu* (its default) or -ffp-contract=fast, not -std=c99; Clang
 * by default.
/* kgen: end */

/* The same for RISC-V V, whose codelets Clang compiles (no intrinsics). */
/* kgen: begin vec_needs_rvv */
 * Build: Clang 14 or later (vector extensions, attributes; GCC 12 has no
 * RVV), with
 *   @flags@ -ffp-contract=fast
 * (without -march the codelet stops with #error); FMAs (--fma) are
 * a * b + c, fused by the contraction; it runs where VLEN >= 128.
/* kgen: end */
