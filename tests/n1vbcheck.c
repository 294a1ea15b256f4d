/* n1vbcheck.c: the n1v codelets' NAME_b entries (block-split output,
 * runtime/plan.h) against their main entries, whose results the plan
 * tests check against FFTW.  Built against lib/libkgen.a with a list:
 *   cc [-DSINGLE] -DLIST='"list.h"' n1vbcheck.c libkgen.a
 * where list.h holds lines X(size, lanes, name) for codelets of one
 * precision that this CPU runs.  For each, v = 2 VL transforms of
 * random input (the batch adjacent, is = v), split, interleaved and
 * interleaved with im first, go through both entries; NAME_b's output,
 * read back from the block-split layout (element k of transform j: re
 * at ro[j ovs + 2k - k % VL], im VL after it), must equal NAME's
 * bit for bit, and nothing outside the outputs may be written.  Prints
 * "name layout mismatches guardhits". */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef SINGLE
typedef float R;
#else
typedef double R;
#endif

#define X(n, vl, name) \
	void name(const R *, const R *, R *, R *, ptrdiff_t, ptrdiff_t, \
	    ptrdiff_t); \
	void name##_b(const R *, const R *, R *, ptrdiff_t, ptrdiff_t, \
	    ptrdiff_t);
#include LIST
#undef X

static const struct {
	int n, vl;
	const char *name;
	void (*f)(const R *, const R *, R *, R *, ptrdiff_t, ptrdiff_t,
	    ptrdiff_t);
	void (*b)(const R *, const R *, R *, ptrdiff_t, ptrdiff_t, ptrdiff_t);
} tab[] = {
#define X(n, vl, name) {n, vl, #name, name, name##_b},
#include LIST
#undef X
};

static const R GUARD = (R)-7.25e3;

int
main(void)
{
	static const char *const lname[] = {"split", "inter", "inter-swap"};
	unsigned long long s = 12345;
	size_t t, k, len;
	int lay, n, vl, v, j, q, bad, hits;
	ptrdiff_t ovs, is;
	R *x, *ref, *blk;

	for (t = 0; t < sizeof tab / sizeof *tab; t++) {
		n = tab[t].n;
		vl = tab[t].vl;
		v = 2 * vl;
		ovs = 2 * (ptrdiff_t)n + 2 * vl;   /* a gap between rows */
		len = (size_t)v * (size_t)ovs + 4 * (size_t)vl;
		x = malloc(2 * (size_t)n * (size_t)v * sizeof *x);
		ref = malloc(2 * len * sizeof *ref);
		blk = malloc(len * sizeof *blk);
		if (!x || !ref || !blk)
			return 1;
		for (k = 0; k < 2 * (size_t)n * (size_t)v; k++) {
			s = s * 6364136223846793005ULL + 1442695040888963407ULL;
			x[k] = (R)((double)(s >> 11) / 9007199254740992.0 - 0.5);
		}
		for (lay = 0; lay < 3; lay++) {
			const R *ri, *ii;

			/* split: re then im, v adjacent; interleaved: pairs */
			is = v;
			ri = lay == 0 ? x : lay == 1 ? x : x + 1;
			ii = lay == 0 ? x + (size_t)n * v : lay == 1 ? x + 1 : x;
			for (k = 0; k < 2 * len; k++)
				ref[k] = GUARD;
			for (k = 0; k < len; k++)
				blk[k] = GUARD;
			tab[t].f(ri, ii, ref, ref + len, is, ovs, v);
			tab[t].b(ri, ii, blk + 2 * vl, is, ovs, v);
			bad = hits = 0;
			for (k = 0; k < len; k++) {
				ptrdiff_t o = (ptrdiff_t)k - 2 * vl;
				int used = 0;

				j = o >= 0 ? (int)(o / ovs) : -1;
				q = o >= 0 ? (int)(o % ovs) : -1;
				if (j >= 0 && j < v && q < 2 * n) {
					/* q = 2 kk - kk % vl (re) or that + vl */
					int kk = q / (2 * vl) * vl + q % vl;
					int im = q % (2 * vl) >= vl;
					R want = ref[(im ? len : 0)
					    + (size_t)j * ovs + kk];

					used = 1;
					bad += blk[k] != want;
				}
				hits += !used && blk[k] != GUARD;
			}
			printf("%s %s %d %d\n", tab[t].name, lname[lay], bad,
			    hits);
		}
		free(x);
		free(ref);
		free(blk);
	}
	return 0;
}
