/* asmparts.c: where the time of an assembly n1 codelet goes.  Five
 * functions of one size n, timed in one process on v interleaved
 * transforms one after another (element k of transform j at
 * x[2 (j n + k)]), out of place, the rows path of the codelet:
 *   full     the asm codelet (kgen fft --emit asm)
 *   c        the gcc-compiled C --simd codelet of the same order
 *   noin     the asm codelet without its rows copy in (kernel, copy out)
 *   nokern   without its kernel (the two copies)
 *   out      the copy out alone
 * bench/asmparts.py cuts the last three from full's text; they compute
 * garbage, so the process runs with denormals flushed to zero (MXCSR
 * FTZ and DAZ) lest stale stack data slow them.  Trials interleave the
 * five, each starting with another, and last about a millisecond each.
 * Build: cc -O2 [-DFLOAT] asmparts.c parts.o c.o -lm (the functions
 * named p_full, p_c, ..., with the n1 prototype).
 * usage: asmparts N V TRIALS
 * Prints CSV: who,median_ns (per transform, the median over trials). */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xmmintrin.h>
#include "timing.h"

#ifdef FLOAT
typedef float R;
#else
typedef double R;
#endif

typedef void Fn(const R *ri, const R *ii, R *ro, R *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);
extern Fn p_full, p_c, p_noin, p_nokern, p_out;

enum { NWHO = 5, MAXTRIAL = 201 };
static Fn *const fn[NWHO] = {p_full, p_c, p_noin, p_nokern, p_out};
static const char *const name[NWHO] = {"full", "c", "noin", "nokern",
    "out"};

int
main(int argc, char **argv)
{
	static double ns[NWHO][MAXTRIAL];
	R *in, *o[NWHO];
	size_t len, i;
	long reps, r;
	int n, v, trials, t, j, w;
	double t0;

	if (argc != 4 || (n = atoi(argv[1])) < 1 || (v = atoi(argv[2])) < 1
	    || (trials = atoi(argv[3])) < 1 || trials > MAXTRIAL) {
		fprintf(stderr, "usage: asmparts N V TRIALS (TRIALS <= %d)\n",
		    MAXTRIAL);
		return 2;
	}
	_mm_setcsr(_mm_getcsr() | 0x8040);
	len = 2 * (size_t)n * v;
	in = aligned_alloc(64, len * sizeof *in);
	for (w = 0; w < NWHO; w++)
		o[w] = aligned_alloc(64, len * sizeof *o[w]);
	if (!in)
		return 1;
	for (i = 0; i < len; i++)
		in[i] = (R)sin(1.3 * (double)i);
	/* calls per trial: about a millisecond of the full codelet */
	t0 = now();
	for (reps = 0; now() - t0 < 1e-3; reps++)
		p_full(in, in + 1, o[0], o[0] + 1, 2, 2, v, 2 * n, 2 * n);
	for (t = 0; t < trials; t++)
		for (j = 0; j < NWHO; j++) {
			w = (j + t) % NWHO;
			if (!o[w])
				return 1;
			t0 = now();
			for (r = 0; r < reps; r++)
				fn[w](in, in + 1, o[w], o[w] + 1, 2, 2, v,
				    2 * n, 2 * n);
			ns[w][t] = (now() - t0) / reps / v * 1e9;
		}
	printf("who,median_ns\n");
	for (w = 0; w < NWHO; w++) {
		qsort(ns[w], trials, sizeof ns[w][0], clock_cmp);
		printf("%s,%.3f\n", name[w], ns[w][trials / 2]);
	}
	return 0;
}
