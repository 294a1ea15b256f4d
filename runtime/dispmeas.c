/* dispmeas.c: kgen_dft's measured pick (runtime/dispatch.c gives the
 * whole): the candidates of disptab.c timed on scratch data, through
 * clock.h's clock and timing loop.
 *
 * Which codelet runs is measured, not guessed.  Candidate c is isa
 * NFAM + family (dispatch.h): for each ISA up to kgen_isa(), the
 * batched codelet (one transform per lane), the n1w codelet
 * (vectorized within one transform, where VL | n and n >= VL^2), the
 * n1c codelet (one complex number a vector), the n1x codelet (W complex numbers of one
 * transform a vector; batches run it transform by transform: since its
 * last step's loops are unrolled, emit/tpl/cxl.c, it is the fastest
 * batched codelet at some sizes, double n = 32 and 64 on AVX-512 among
 * them, make bench-pick) and the n1a codelet
 * (the batched codelet as kgen's assembly, AVX2 and AVX-512, n =
 * 2..64).  One transform at a time (v below the batched codelets'
 * lanes) the batched vector codelets, C and assembly, are left out
 * (their remainder path costs a vector pass): there n1c and n1x
 * win most sizes, n1w some multiples of the lanes, scalar the
 * smallest.  For v that fills the lanes the batched codelets win many
 * sizes, but not all (double n = 64 on AVX-512, v = 256 interleaved:
 * n1x 31.6 ns a transform, n1w 41.0, the batched codelet 48.5; make
 * bench-pick).  The
 * first call for a size, precision, layout and side of the lanes times
 * each candidate on scratch data of that layout (v = 1, or for batches
 * the call's v, transforms one after another, but at least sixteen
 * vectors' worth and at most MEASV complex values an array where that
 * is more: with four vectors' worth, double n = 32 and 64 picked
 * codelets 20-25% slower at v = 256 than the best, make bench-fft;
 * with sixteen, 128 double transforms of n = 7..10 fit in
 * the 48 KiB L1 of a Xeon (family 6 model 207) where the call's 256 do
 * not, and the pick took AVX2's n1c where AVX-512's codelets run 7-58%
 * faster out of L1, n = 8 3.6 ns against 5.7, make bench-pick
 * BENCH_PICK_ARGS="double 8"; the cap keeps the first
 * call at 0.5-14 ms for double n = 2..64, v = 256), 15 timings each
 * in blocks of five (block, below), the blocks of the candidates
 * interleaved so that a burst of load hits them alike, times the three
 * fastest again for three times as many, and keeps the one with the
 * least time (once; pick remembers it; make bench-pick shows what it
 * costs: 0.5-0.8, 7.7-8.1 and 9.3-13.5 ms for double n = 2, 32 and 64
 * at v = 256 on that Xeon).  When KGEN_ISA names the ISA,
 * v that fills the lanes runs that ISA's batched codelet unmeasured, so
 * that tests reach every path (dispatch.c, fill).
 * Compiled twice, for double and (-DKGEN_SINGLE) float: see prec.h. */
#include <math.h>
#include <stdlib.h>
#include "kgen.h"
#include "clock.h"
#include "dispatch.h"

enum { SKEW = 16 / sizeof(R), PAGE = 4096 / sizeof(R),
    KIB = 1024 / sizeof(R) };       /* calls' placements, in values */
enum { ROUNDS = 15, BLOCK = 5 };

/* What one call of a candidate runs (call): the codelet f, or its
 * entry for one transform g (NAME_v1) or h (NAME_v1s), on v transforms
 * of n complex values in layout lay, from x to y (or z). */
typedef struct Calls Calls;
struct Calls {
	n1_fn *f;
	v1_fn *g;
	v1s_fn *h;
	R *x, *y, *z;
	int n, v, lay;
};

/* Calls candidate f on buf, v transforms of n complex values in layout
 * lay (PICK_SPLIT: all real parts then all imaginary parts, transforms
 * one after another; PICK_INTER: interleaved pairs, likewise; PICK_SIDE:
 * interleaved pairs, the transforms side by side; PICK_SKEW: the same with
 * the output 16 bytes further from a 64-byte boundary than the input),
 * out of place (clock_best's f). */
static void
call(void *arg)
{
	const Calls *a = arg;
	n1_fn *f;
	R *x, *y, *z;
	int n, v, nv;

	f = a->f;
	x = a->x;
	y = a->y;
	z = a->z;
	n = a->n;
	v = a->v;
	nv = n * v;
	if (a->lay == PICK_SPLIT && a->h)
		a->h(x, x + nv, y, y + nv, 1, 1);
	else if (a->lay == PICK_SPLIT)
		f(x, x + nv, y, y + nv, 1, 1, v, n, n);
	else if (a->lay == PICK_SIDE || a->lay == PICK_SKEW)
		f(x, x + 1, z, z + 1, 2 * v, 2 * v, v, 2, 2);
	else if (a->g)
		a->g(x, y, 2, 2);
	else
		f(x, x + 1, y, y + 1, 2, 2, v, 2 * n, 2 * n);
}

/* One block of candidate c's timings (f its codelet) on x, which holds
 * 4 n v + PAGE + KIB + SKEW values, each timing 2 + 2048 / (n v) calls
 * (about a microsecond, so that the clock's own cost does not decide):
 * the calls of one timing to warm the code, the data and the core's
 * vector unit, then BLOCK timings, the least kept in *best.  Blocks, not single timings, interleave the candidates, so
 * that a timing seldom follows another candidate's code (make bench-pick
 * BENCH_PICK_ARGS="float 3": AVX2's batched and n1c codelets, 10%
 * faster there than AVX-512's batched one, were picked in 4 of 10
 * processes with single timings interleaved, in 9 and 8 of 10 in two
 * runs with blocks). */
static void
block(n1_fn *f, int c, int n, int lay, R *x, int v, double *best)
{
	Calls a;
	int nv;

	nv = n * v;
	a.f = f;
	a.x = x;
	a.y = x + 2 * nv;
	/* side by side: the output 1 KiB past a page boundary from the
	 * input (as make bench-fft places them: an element k stride apart
	 * from one in the other array at the same place in a page made
	 * stores and loads alias, float n = 15: n1c 9.8 ns a transform
	 * against 3.3), or 16 bytes more */
	a.z = x + (2 * nv + PAGE - 1) / PAGE * PAGE + KIB
	    + (lay == PICK_SKEW ? SKEW : 0);
	/* n1c and n1x for one transform: the entry kgen_dft jumps to */
	a.g = v == 1 ? PRIV(disptab_v1)(c, n) : 0;
	a.h = v == 1 ? PRIV(disptab_v1s)(c, n) : 0;
	a.n = n;
	a.v = v;
	a.lay = lay;
	clock_run(call, &a, 2 + 2048 / nv);
	clock_best(call, &a, 2 + 2048 / nv, BLOCK, best);
}

/* The fastest candidate (its number) for v transforms of size n in this
 * precision and layout, by measurement; -1 when scratch memory is not to
 * be had.  many: v fills the lanes (batched codelets are candidates). */
int
PRIV(dispmeas_measure)(int n, int lay, int v, int many)
{
	double best[NISA * NFAM];
	n1_fn *f;
	R *buf;
	int c, r, top, win, k, fin[4];

	top = kgen_isa();
	buf = calloc(4 * (size_t)n * v + PAGE + KIB + SKEW, sizeof *buf);
	if (!buf)
		return -1;
	for (k = 0; k < 4 * n * v; k++)     /* small values, no denormals */
		buf[k] = (R)(k % 7) * (R)0.125;
	for (c = 0; c < NISA * NFAM; c++)
		best[c] = HUGE_VAL;
	for (r = 0; r < ROUNDS; r += BLOCK)
		for (c = 0; c < (top + 1) * NFAM; c++)
			if ((f = PRIV(disptab_candidate)(c, n, many)))
				block(f, c, n, lay, buf, v, &best[c]);
	/* the three fastest again, three times as long: one lucky round
	 * must not decide between codelets a few percent apart */
	for (k = 0; k < 3; k++) {
		win = -1;
		for (c = 0; c < (top + 1) * NFAM; c++)
			if (best[c] < HUGE_VAL && (win < 0
			    || best[c] < best[win]))
				win = c;
		if (win < 0)
			break;
		fin[k] = win;
		best[win] = HUGE_VAL;
	}
	/* with them, for batches, the widest ISA's batched codelet (what
	 * runs unmeasured): a burst of load in the first rounds (or a clock
	 * change as the vector width changes) must not leave it out
	 * (make bench-fft: float n = 7, v = 256 ran at
	 * 4.8 ns a transform where every vector codelet takes 2.3-2.9) */
	c = top * NFAM + FAM_N1;
	for (r = 0; r < k && fin[r] != c; r++)
		;
	if (many && r == k && PRIV(disptab_candidate)(c, n, many))
		fin[k++] = c;
	for (c = 0; c < k; c++)
		best[fin[c]] = HUGE_VAL;
	for (r = 0; r < 3 * ROUNDS; r += BLOCK)
		for (c = 0; c < k; c++)
			block(PRIV(disptab_candidate)(fin[c], n, many), fin[c],
			    n, lay, buf, v, &best[fin[c]]);
	free(buf);
	win = -1;
	for (c = 0; c < k; c++)
		if (win < 0 || best[fin[c]] < best[win])
			win = fin[c];
	return win;
}
