/* n1vcheck.c: n1v codelets (kgen fft --kind n1v, C or --emit asm), both
 * entries, against FFTW.  Built with a list:
 *   cc [-DSINGLE] -DLIST='"list.h"' n1vcheck.c OBJS -lfftw3[f] -lm
 * where list.h holds lines X(size, lanes, sign, name) for codelets of
 * one precision that this CPU runs.  For each codelet, layout (split;
 * interleaved; interleaved with im first), input stride is (v: the
 * batch adjacent, and v + 3: a gap between elements) and v (one block,
 * three), random input goes through NAME (split output, a gap of 5
 * between rows) and NAME_b (block-split, read back: element k of
 * transform j has re at ro[j ovs + 2k - k % VL], im VL after it), and
 * each is compared with FFTW's DFT of the same transforms; guards of
 * their own value fill every element of the output arrays that the
 * codelet must not write.  Prints "name entry layout is v err hits"
 * with err the largest error over the largest |X| (0 within a few
 * ulps) and hits the guard elements overwritten. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <fftw3.h>

#ifdef SINGLE
typedef float R;
#else
typedef double R;
#endif

#define X(n, vl, sign, name) \
	void name(const R *, const R *, R *, R *, ptrdiff_t, ptrdiff_t, \
	    ptrdiff_t); \
	void name##_b(const R *, const R *, R *, ptrdiff_t, ptrdiff_t, \
	    ptrdiff_t);
#include LIST
#undef X

static const struct {
	int n, vl, sign;
	const char *name;
	void (*f)(const R *, const R *, R *, R *, ptrdiff_t, ptrdiff_t,
	    ptrdiff_t);
	void (*b)(const R *, const R *, R *, ptrdiff_t, ptrdiff_t, ptrdiff_t);
} tab[] = {
#define X(n, vl, sign, name) {n, vl, sign, #name, name, name##_b},
#include LIST
#undef X
};

static const R GUARD = (R)-7.25e3;
static unsigned long long seed = 12345;

static double
rnd(void)
{
	seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(seed >> 11) / 9007199254740992.0 - 0.5;
}

int
main(void)
{
	static const char *const lname[] = {"split", "inter", "inter-swap"};
	size_t t, k, len, nin;
	int lay, n, vl, v, j, q, hits, gap, nv, entry;
	ptrdiff_t ovs, is, at;
	double err, big, e;
	R *x, *ro, *io, *got;
	fftw_complex *a, *ref;
	fftw_plan p;

	for (t = 0; t < sizeof tab / sizeof *tab; t++) {
		n = tab[t].n;
		vl = tab[t].vl;
		for (nv = 1; nv <= 3; nv += 2)
		for (gap = 0; gap <= 3; gap += 3)
		for (lay = 0; lay < 3; lay++)
		for (entry = 0; entry < 2; entry++) {
			const R *ri, *ii;

			v = nv * vl;
			is = v + gap;
			ovs = 2 * (ptrdiff_t)n + 5;
			nin = 2 * (size_t)n * (size_t)is;
			len = (size_t)v * (size_t)ovs + 2 * (size_t)vl;
			x = malloc(nin * sizeof *x);
			ro = malloc(len * sizeof *ro);
			io = malloc(len * sizeof *io);
			got = malloc(2 * (size_t)n * v * sizeof *got);
			a = fftw_malloc((size_t)n * v * sizeof *a);
			ref = fftw_malloc((size_t)n * v * sizeof *ref);
			if (!x || !ro || !io || !got || !a || !ref)
				return 1;
			for (k = 0; k < nin; k++)
				x[k] = (R)rnd();
			/* input q of transform j */
			ri = lay == 0 ? x : lay == 1 ? x : x + 1;
			ii = lay == 0 ? x + (size_t)n * is : lay == 1 ? x + 1 : x;
			for (j = 0; j < v; j++)
				for (q = 0; q < n; q++) {
					at = lay ? 2 * (j + q * is) : j + q * is;
					a[(size_t)j * n + q][0] = ri[at];
					a[(size_t)j * n + q][1] = ii[at];
				}
			p = fftw_plan_many_dft(1, &n, v, a, 0, 1, n, ref, 0, 1, n,
			    tab[t].sign, FFTW_ESTIMATE);
			fftw_execute(p);
			fftw_destroy_plan(p);
			for (k = 0; k < len; k++)
				ro[k] = io[k] = GUARD;
			if (entry == 0)
				tab[t].f(ri, ii, ro + vl, io + vl, is, ovs, v);
			else
				tab[t].b(ri, ii, ro + vl, is, ovs, v);
			/* read back, then count guards hit */
			for (j = 0; j < v; j++)
				for (q = 0; q < n; q++) {
					k = (size_t)j * n + q;
					at = vl + j * ovs;
					if (entry == 0) {
						got[2 * k] = ro[at + q];
						got[2 * k + 1] = io[at + q];
						ro[at + q] = io[at + q] = GUARD;
					} else {
						at += 2 * q - q % vl;
						got[2 * k] = ro[at];
						got[2 * k + 1] = ro[at + vl];
						ro[at] = ro[at + vl] = GUARD;
					}
				}
			hits = 0;
			for (k = 0; k < len; k++)
				hits += (ro[k] != GUARD) + (io[k] != GUARD);
			err = big = 0;
			for (k = 0; k < (size_t)n * v; k++) {
				e = hypot(ref[k][0], ref[k][1]);
				big = e > big ? e : big;
				e = hypot(got[2 * k] - ref[k][0],
				    got[2 * k + 1] - ref[k][1]);
				err = e > err || e != e ? e : err;
			}
			printf("%s %s %s %td %d %.3e %d\n", tab[t].name,
			    entry ? "b" : "main", lname[lay], is, v,
			    big > 0 ? err / big : err, hits);
			free(x);
			free(ro);
			free(io);
			free(got);
			fftw_free(a);
			fftw_free(ref);
		}
	}
	return 0;
}
