/* plan.c: whole-transform speed of kgen_plan_dft_1d against FFTW.
 * usage: plan [N...]   (default: 2^10 .. 2^16)
 * For each n, in one process: kgen on split arrays, FFTW_MEASURE on
 * interleaved arrays (FFTW's fastest layout: its SIMD codelets need it)
 * and FFTW_MEASURE on split arrays (the same layout as kgen, through the
 * guru split interface); all out of place, forward, double (built with
 * -DSINGLE: float, kgen_planf_* against fftwf_*, -lfftw3f).  Trials are
 * interleaved (kgen, fftw, fftw-split, kgen, ...), each timing enough
 * executions to last about 0.3 ms; the best of 31 trials (robust on a
 * shared machine, where other processes only ever add time) and the
 * median are printed as CSV with MFLOPS = 5 n log2 n / ns (best) and the
 * ratios speed(kgen) / speed(FFTW) of the bests (>= 1: kgen is faster). */
#define _POSIX_C_SOURCE 200809L
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kgen.h"

#ifdef SINGLE
typedef float R;
#define FFTW(name) fftwf_##name
#define KPLAN kgen_planf
#define KPLAN_1D kgen_planf_dft_1d
#define KEXEC kgen_executef
#define KDESTROY kgen_destroyf
#define PREC "float"
#else
typedef double R;
#define FFTW(name) fftw_##name
#define KPLAN kgen_plan
#define KPLAN_1D kgen_plan_dft_1d
#define KEXEC kgen_execute
#define KDESTROY kgen_destroy
#define PREC "double"
#endif

enum { TRIALS = 31 };

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

typedef struct {
	KPLAN *kp;
	FFTW(plan) fi, fs;
	R *ri, *ii, *ro, *io;
	FFTW(complex) *ci, *co;
	R *si, *so;
	int n;
} Ctx;

static void
run(Ctx *c, int which)
{
	if (which == 0)
		KEXEC(c->kp, c->ri, c->ii, c->ro, c->io);
	else if (which == 1)
		FFTW(execute)(c->fi);
	else
		FFTW(execute_split_dft)(c->fs, c->si, c->si + c->n, c->so,
		    c->so + c->n);
}

/* ns per transform of `which`, `reps` executions per trial */
static double
trial(Ctx *c, int which, long reps)
{
	double t;
	long r;

	t = now();
	for (r = 0; r < reps; r++)
		run(c, which);
	return (now() - t) / reps;
}

int
main(int argc, char **argv)
{
	static const int defaults[] = {1024, 2048, 4096, 8192, 16384, 32768,
	    65536};
	double t[3][TRIALS], med[3], best[3], mflops;
	int i, k, w, n, nn, *sizes;
	long reps;
	Ctx c;
	FFTW(iodim) dim, howmany;

	nn = argc > 1 ? argc - 1 : (int)(sizeof defaults / sizeof *defaults);
	sizes = malloc(nn * sizeof *sizes);
	for (i = 0; i < nn; i++)
		sizes[i] = argc > 1 ? atoi(argv[i + 1]) : defaults[i];
	printf("n,kgen_ns,fftw_ns,fftw_split_ns,kgen_mflops,ratio_vs_fftw,"
	    "ratio_vs_fftw_split,kgen_median_ns,fftw_median_ns,"
	    "fftw_split_median_ns,isa,precision\n");
	for (i = 0; i < nn; i++) {
		n = sizes[i];
		memset(&c, 0, sizeof c);
		c.n = n;
		c.ri = FFTW(malloc)(4 * n * sizeof(R));
		c.ii = c.ri + n;
		c.ro = c.ii + n;
		c.io = c.ro + n;
		c.ci = FFTW(malloc)(n * sizeof *c.ci);
		c.co = FFTW(malloc)(n * sizeof *c.co);
		c.si = FFTW(malloc)(2 * n * sizeof(R));
		c.so = FFTW(malloc)(2 * n * sizeof(R));
		c.kp = KPLAN_1D(n, -1, 0);
		c.fi = FFTW(plan_dft_1d)(n, c.ci, c.co, FFTW_FORWARD,
		    FFTW_MEASURE);
		dim.n = n;
		dim.is = dim.os = 1;
		howmany.n = 1;
		howmany.is = howmany.os = 0;
		c.fs = FFTW(plan_guru_split_dft)(1, &dim, 0, &howmany, c.si,
		    c.si + n, c.so, c.so + n, FFTW_MEASURE);
		if (!c.kp || !c.fi || !c.fs) {
			fprintf(stderr, "plan: n=%d: no plan\n", n);
			return 1;
		}
		for (k = 0; k < n; k++) {
			c.ri[k] = c.ci[k][0] = c.si[k] = (R)sin(k * 0.37);
			c.ii[k] = c.ci[k][1] = c.si[n + k] = (R)cos(k * 0.11);
		}
		/* about 1 ms per trial */
		reps = 1;
		while (trial(&c, 1, reps) * reps < 3e5 && reps < 1L << 24)
			reps *= 2;
		for (k = 0; k < TRIALS; k++)
			for (w = 0; w < 3; w++)
				t[w][k] = trial(&c, w, reps);
		for (w = 0; w < 3; w++) {
			qsort(t[w], TRIALS, sizeof(double), cmp);
			med[w] = t[w][TRIALS / 2];
			best[w] = t[w][0];
		}
		mflops = 5 * n * log2(n) / best[0] * 1e3;
		printf("%d,%.1f,%.1f,%.1f,%.0f,%.3f,%.3f,%.1f,%.1f,%.1f,%s,"
		    PREC "\n", n,
		    best[0], best[1], best[2], mflops, best[1] / best[0],
		    best[2] / best[0], med[0], med[1], med[2],
		    getenv("KGEN_ISA") ? getenv("KGEN_ISA") : "best");
		fflush(stdout);
		KDESTROY(c.kp);
		FFTW(destroy_plan)(c.fi);
		FFTW(destroy_plan)(c.fs);
		FFTW(free)(c.ri);
		FFTW(free)(c.ci);
		FFTW(free)(c.co);
		FFTW(free)(c.si);
		FFTW(free)(c.so);
	}
	free(sizes);
	return 0;
}
