/* plan.c: whole-transform speed of kgen's plans against FFTW.
 * usage: plan [-p PATIENT_MAX] [-w WISDOM] [-o OFF] N...
 * (-w: kgen's wisdom file imported first, so that kgen's plans take the
 * shapes it names: one shape against FFTW in one process, e.g. a line
 * "di 2187 ct avx512 27 cx 0 2 27 3"; README, "Whole transforms";
 * -o: the interleaved arrays, which kgen's and FFTW's plans share, from
 * posix_memalign on 64-byte boundaries, the output OFF bytes past one
 * (malloc's arrays lie 16 bytes past one; without -o they come from
 * fftw_malloc, as before))
 * For each n, in one process, out of place, forward, double (built with
 * -DSINGLE: float, kgen_planf_* against fftwf_*, -lfftw3f):
 *   kgen_split   kgen_plan_many_dft, stride 1 (KGEN_ESTIMATE) on split arrays
 *   kgen_inter   kgen_plan_many_dft, stride 2, ii = ri + 1 (the
 *                interleaved layout FFTW and C99 complex users hold)
 *   kgen_meas    the same interleaved plan made with KGEN_MEASURE
 *   fftw_meas    FFTW_MEASURE, interleaved (fftw_plan_dft_1d)
 *   fftw_pat     FFTW_PATIENT, interleaved, for n <= PATIENT_MAX
 *                (default 2^17: above it PATIENT planning takes minutes);
 *                above it the column repeats FFTW_MEASURE and
 *                patient_capped is 1
 * FFTW plans in one process share its wisdom, as in any program.
 * Trials are interleaved (each kind once, in a new random order each
 * trial), each timing enough
 * executions to last about 0.3 ms; the best of 21 trials (robust on a
 * shared machine, where other processes only ever add time) is printed
 * as CSV with MFLOPS = 5 n log2 n / ns, the planning times in ms, and the
 * ratios time(FFTW) / time(kgen) (> 1: kgen is faster). */
#define _POSIX_C_SOURCE 200809L
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "timing.h"

#ifdef SINGLE
typedef float R;
#define FFTW(name) fftwf_##name
#define KPLAN kgen_planf
#define KPLAN_MANY kgen_planf_many_dft
#define KEXEC kgen_executef
#define KDESTROY kgen_destroyf
#define PREC "float"
#else
typedef double R;
#define FFTW(name) fftw_##name
#define KPLAN kgen_plan
#define KPLAN_MANY kgen_plan_many_dft
#define KEXEC kgen_execute
#define KDESTROY kgen_destroy
#define PREC "double"
#endif

enum { TRIALS = 21, NK = 5 };
enum { KSPLIT, KINTER, KMEAS, FMEAS, FPAT };
static const char *const kname[NK] = {"kgen_split", "kgen_inter",
    "kgen_meas", "fftw_meas", "fftw_pat"};

typedef struct {
	KPLAN *ks, *ki, *km;
	FFTW(plan) fm, fp;
	R *s, *so;          /* split in/out: re then im */
	R *c, *co;          /* interleaved in/out (FFTW's arrays) */
	int n;
} Ctx;

static void
run(Ctx *c, int which)
{
	int n = c->n;

	switch (which) {
	case KSPLIT:
		KEXEC(c->ks, c->s, c->s + n, c->so, c->so + n);
		break;
	case KINTER:
		KEXEC(c->ki, c->c, c->c + 1, c->co, c->co + 1);
		break;
	case KMEAS:
		KEXEC(c->km, c->c, c->c + 1, c->co, c->co + 1);
		break;
	case FMEAS:
		FFTW(execute)(c->fm);
		break;
	default:
		FFTW(execute)(c->fp);
	}
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
	return (now() - t) * 1e9 / reps;
}

static void
fill(Ctx *c)
{
	int k;

	for (k = 0; k < c->n; k++) {
		c->s[k] = c->c[2 * k] = (R)sin(k * 0.37);
		c->s[c->n + k] = c->c[2 * k + 1] = (R)cos(k * 0.11);
	}
}

int
main(int argc, char **argv)
{
	double t[NK][TRIALS], best[NK], plan_ms[NK], t0, mf;
	int i, j, k, w, o, n, patmax, capped, ord[NK], off;
	void *v, *vo;
	long reps;
	Ctx c;

	patmax = 1 << 17;
	off = -1;
	i = 1;
	for (; i + 1 < argc && argv[i][0] == '-'; i += 2)
		if (!strcmp(argv[i], "-p"))
			patmax = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "-o")) {
			off = atoi(argv[i + 1]);
			if (off < 0 || off % (int)(2 * sizeof(R)) || off >= 64) {
				fprintf(stderr, "plan: -o %s: want a multiple of "
				    "%d below 64\n", argv[i + 1],
				    (int)(2 * sizeof(R)));
				return 2;
			}
		}
		else if (!strcmp(argv[i], "-w")
		    && kgen_import_wisdom_from_filename(argv[i + 1])) {
			fprintf(stderr, "plan: %s: not kgen wisdom\n",
			    argv[i + 1]);
			return 2;
		}
	printf("n,precision,isa");
	for (w = 0; w < NK; w++)
		printf(",%s_ns", kname[w]);
	for (w = 0; w < NK; w++)
		printf(",%s_plan_ms", kname[w]);
	printf(",kgen_mflops,patient_capped,inter_over_split,"
	    "meas_vs_fftw_meas,meas_vs_fftw_pat,inter_vs_fftw_meas\n");
	for (; i < argc; i++) {
		n = atoi(argv[i]);
		memset(&c, 0, sizeof c);
		c.n = n;
		c.s = FFTW(malloc)(2 * n * sizeof(R));
		c.so = FFTW(malloc)(2 * n * sizeof(R));
		if (off < 0) {
			c.c = FFTW(malloc)(2 * n * sizeof(R));
			c.co = FFTW(malloc)(2 * n * sizeof(R));
		} else if (posix_memalign(&v, 64, 2 * n * sizeof(R))
		    || posix_memalign(&vo, 64, 2 * n * sizeof(R) + 64)) {
			fprintf(stderr, "plan: out of memory\n");
			return 1;
		} else {
			c.c = v;
			c.co = (R *)((char *)vo + off);
		}
		t0 = now();
		c.ks = KPLAN_MANY(n, 1, 1, n, -1, KGEN_ESTIMATE);
		plan_ms[KSPLIT] = (now() - t0) * 1e3;
		t0 = now();
		c.ki = KPLAN_MANY(n, 1, 2, 2 * n, -1, KGEN_ESTIMATE);
		plan_ms[KINTER] = (now() - t0) * 1e3;
		t0 = now();
		c.km = KPLAN_MANY(n, 1, 2, 2 * n, -1, KGEN_MEASURE);
		plan_ms[KMEAS] = (now() - t0) * 1e3;
		t0 = now();
		c.fm = FFTW(plan_dft_1d)(n, (FFTW(complex) *)c.c,
		    (FFTW(complex) *)c.co, FFTW_FORWARD, FFTW_MEASURE);
		plan_ms[FMEAS] = (now() - t0) * 1e3;
		capped = n > patmax;
		t0 = now();
		c.fp = FFTW(plan_dft_1d)(n, (FFTW(complex) *)c.c,
		    (FFTW(complex) *)c.co, FFTW_FORWARD,
		    capped ? FFTW_MEASURE : FFTW_PATIENT);
		plan_ms[FPAT] = (now() - t0) * 1e3;
		if (!c.ks || !c.ki || !c.km || !c.fm || !c.fp) {
			fprintf(stderr, "plan: n=%d: no plan\n", n);
			return 1;
		}
		fill(&c);
		reps = 1;
		while (trial(&c, FMEAS, reps) * reps < 3e5 && reps < 1L << 24)
			reps *= 2;
		/* a new order each trial (Fisher-Yates, seeded with n), so
		 * that no contender always follows the same one (in the fixed
		 * order kgen's measured plan always ran after its estimated
		 * one and FFTW_MEASURE after it, on the same arrays: double
		 * 2^20 at 0.64x FFTW there, 1.10x in random order) */
		srand((unsigned)n);
		for (k = 0; k < TRIALS; k++) {
			for (w = 0; w < NK; w++)
				ord[w] = w;
			for (w = NK - 1; w > 0; w--) {
				j = (int)(rand() % (unsigned)(w + 1));
				o = ord[w];
				ord[w] = ord[j];
				ord[j] = o;
			}
			for (w = 0; w < NK; w++)
				t[ord[w]][k] = trial(&c, ord[w], reps);
		}
		for (w = 0; w < NK; w++) {
			qsort(t[w], TRIALS, sizeof(double), clock_cmp);
			best[w] = t[w][0];
		}
		mf = 5 * n * log2(n) / best[KMEAS] * 1e3;
		printf("%d," PREC ",%s", n,
		    getenv("KGEN_ISA") ? getenv("KGEN_ISA") : "best");
		for (w = 0; w < NK; w++)
			printf(",%.1f", best[w]);
		for (w = 0; w < NK; w++)
			printf(",%.2f", plan_ms[w]);
		printf(",%.0f,%d,%.3f,%.3f,%.3f,%.3f\n", mf, capped,
		    best[KSPLIT] / best[KINTER], best[FMEAS] / best[KMEAS],
		    best[FPAT] / best[KMEAS], best[FMEAS] / best[KINTER]);
		fflush(stdout);
		KDESTROY(c.ks);
		KDESTROY(c.ki);
		KDESTROY(c.km);
		FFTW(destroy_plan)(c.fm);
		FFTW(destroy_plan)(c.fp);
		FFTW(free)(c.s);
		FFTW(free)(c.so);
		if (off < 0) {
			FFTW(free)(c.c);
			FFTW(free)(c.co);
		} else {
			free(v);
			free(vo);
		}
	}
	return 0;
}
