/* asm.c: batched n1 transforms, three ways in one process: kgen's
 * assembly codelet (a_N, x86/asm.c), the gcc-compiled C --simd codelet
 * of the same order (c_N) and FFTW (fftw_plan_many_dft, FFTW_MEASURE).
 * The layout is FFTW's usual batched one: v transforms one after
 * another, interleaved complex (element k of transform j at
 * x[2 (j n + k)], imaginary part next), out of place.  Each contender
 * has its own input and output arrays holding the same values; both
 * codelets are checked against FFTW before they are timed.  Trials
 * interleave the three, each of the six orders in turn, so a burst of
 * load on a shared machine hits them alike; a trial runs enough calls
 * to last about a millisecond.
 * Build: cc -O2 -DSIZES='X(2) X(3) ..' [-DFLOAT] asm.c a_*.o c_*.o
 *        -lfftw3 -lfftw3f -lm
 * usage: asm V TRIALS
 * Prints CSV: n,who,median_ns,min_ns,relerr,ratio: ns per transform
 * (median and least over the trials), relerr against FFTW (0 for FFTW
 * itself) and ratio, the median over the trials of this contender's
 * time over the asm codelet's in the same trial (> 1: asm is faster),
 * which a burst of load disturbs less than the times themselves. */
#include <fftw3.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "timing.h"

#ifdef FLOAT
typedef float R;
typedef fftwf_complex C;
typedef fftwf_plan Plan;
#define PLAN fftwf_plan_many_dft
#define EXEC fftwf_execute
#define DESTROY fftwf_destroy_plan
#else
typedef double R;
typedef fftw_complex C;
typedef fftw_plan Plan;
#define PLAN fftw_plan_many_dft
#define EXEC fftw_execute
#define DESTROY fftw_destroy_plan
#endif

typedef void Fn(const R *ri, const R *ii, R *ro, R *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);

#define X(n) Fn a_##n, c_##n;
SIZES
#undef X

static const struct {
	int n;
	Fn *a, *c;
} tab[] = {
#define X(n) {n, a_##n, c_##n},
	SIZES
#undef X
};

enum { NWHO = 3, MAXTRIAL = 201 };
static const char *const whoname[NWHO] = {"asm", "c", "fftw"};

typedef struct Who Who;
struct Who {
	Fn *f;              /* a codelet, or 0: FFTW's plan */
	Plan p;
	R *in, *out;
	long reps;          /* calls per trial */
	double ns[MAXTRIAL];
};

static void
call(Who *w, int n, int v)
{
	if (w->f)
		w->f(w->in, w->in + 1, w->out, w->out + 1, 2, 2, v, 2 * n,
		    2 * n);
	else
		EXEC(w->p);
}

static void
bench(int k, int v, int trials)
{
	Who who[NWHO];
	size_t len, i;
	int n, t, j, w;
	double err[NWHO], ratio[NWHO][MAXTRIAL], e, m, t0;
	R *init;

	n = tab[k].n;
	len = 2 * (size_t)n * v;
	memset(who, 0, sizeof who);
	init = malloc(len * sizeof *init);
	srand(12345);
	for (i = 0; i < len; i++)
		init[i] = (R)(rand() / (double)RAND_MAX - 0.5);
	for (w = 0; w < NWHO; w++) {
		who[w].in = aligned_alloc(64, len * sizeof(R));
		who[w].out = aligned_alloc(64, len * sizeof(R));
	}
	who[0].f = tab[k].a;
	who[1].f = tab[k].c;
	who[2].p = PLAN(1, &n, v, (C *)who[2].in, 0, 1, n, (C *)who[2].out,
	    0, 1, n, FFTW_FORWARD, FFTW_MEASURE);
	for (w = 0; w < NWHO; w++) {
		memcpy(who[w].in, init, len * sizeof(R));
		call(&who[w], n, v);
	}
	for (w = 0; w < NWHO; w++) {
		e = m = 0;
		for (i = 0; i < len; i++) {
			e = fmax(e, fabs((double)who[w].out[i] - who[2].out[i]));
			m = fmax(m, fabs((double)who[2].out[i]));
		}
		err[w] = m > 0 ? e / m : e;
		/* calls for about a millisecond */
		t0 = now();
		call(&who[w], n, v);
		e = now() - t0;
		who[w].reps = e > 0 ? (long)(1e-3 / e) + 1 : 1000;
		if (who[w].reps > 100000)
			who[w].reps = 100000;
	}
	for (t = 0; t < trials; t++)
		for (j = 0; j < NWHO; j++) {
			/* the six orders of the three in turn, so that no one
			 * always follows the same other (bench/fft.c: in a
			 * rotation, rows of one codelet differed) */
			static const int perm[6][NWHO] = {{0, 1, 2}, {1, 2, 0},
			    {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
			Who *x = &who[perm[t % 6][j]];
			long r;

			t0 = now();
			for (r = 0; r < x->reps; r++)
				call(x, n, v);
			x->ns[t] = (now() - t0) * 1e9 / ((double)x->reps * v);
		}
	for (w = 0; w < NWHO; w++)
		for (t = 0; t < trials; t++)
			ratio[w][t] = who[w].ns[t] / who[0].ns[t];
	for (w = 0; w < NWHO; w++) {
		e = median(who[w].ns, trials);     /* sorts: ns[0] least */
		printf("%d,%s,%.3f,%.3f,%.3g,%.4f\n", n, whoname[w], e,
		    who[w].ns[0], err[w], median(ratio[w], trials));
		free(who[w].in);
		free(who[w].out);
	}
	fflush(stdout);
	DESTROY(who[2].p);
	free(init);
}

int
main(int argc, char **argv)
{
	size_t k;
	int v, trials;

	if (argc < 3 || (v = atoi(argv[1])) < 1 || (trials = atoi(argv[2]))
	    < 1 || trials > MAXTRIAL) {
		fprintf(stderr, "usage: asm V TRIALS (1..%d)\n", MAXTRIAL);
		return 2;
	}
	printf("n,who,median_ns,min_ns,relerr,ratio\n");
	for (k = 0; k < sizeof tab / sizeof *tab; k++)
		bench((int)k, v, trials);
	return 0;
}
