/* plan.c: whole-transform speed of kgen's plans against FFTW (make
 * bench-plan; bench/plan.py runs it and reports).
 * usage: plan [-l LABEL] [-p PATIENT_MAX] [-w WISDOM] [-o OFF] N...
 * (-l: the name of the linked FFTW in the fftw column: the Makefile
 * links one binary with Debian's libfftw3 and one with the FFTW 3.3.10
 * of make fftw-avx512, since both define the same symbols;
 * -w: kgen's wisdom file imported first, so that kgen's plans take the
 * shapes it names: one shape against FFTW in one process, e.g. a line
 * "di 2187 ct avx512 27 cx 0 2 27 3"; README, "Whole transforms";
 * -o: the interleaved arrays, which kgen's and FFTW's plans share, from
 * posix_memalign on 64-byte boundaries, the output OFF bytes past one
 * (malloc's arrays lie 16 bytes past one; without -o they come from
 * fftw_malloc))
 * For each n, in one process, out of place, forward, double (built with
 * -DSINGLE: float, kgen_planf_* against fftwf_*), interleaved complex
 * data as users hold it (fftw_complex arrays shared by every contender):
 *   kgen_meas  kgen_plan_dft_1d(n, -1, KGEN_MEASURE), kgen_execute_dft
 *   kgen_est   kgen_plan_dft_1d(n, -1, 0) (flags 0: the estimator),
 *              kgen_execute_dft
 *   fftw_meas  fftw_plan_dft_1d, FFTW_MEASURE
 *   fftw_pat   FFTW_PATIENT for n <= PATIENT_MAX (default 2^17: above it
 *              PATIENT planning takes minutes); above it the column
 *              repeats FFTW_MEASURE (its planning time too) and
 *              patient_capped is 1
 * Planning: each size starts with both libraries' wisdom forgotten
 * (kgen's only without -w), so that its planning times are those of a
 * fresh process and flags 0 plans as it would there (a KGEN_MEASURE
 * plan of n records wisdom that flags 0 would then take); kgen_est is
 * planned first, then kgen_meas, FFTW_MEASURE, FFTW_PATIENT.  *_plan_ms
 * is the plan call's wall time; kgen_*_first_ms the first execute
 * (which times a twiddle step's C codelet against its assembly twin).
 * Each kgen result is checked against FFTW_PATIENT's on the same input:
 * err is the larger relative error (largest |kgen - FFTW| over largest
 * |FFTW|) of the two kgen plans.
 * Trials are interleaved (each contender once, in a new random order each
 * trial), each timing enough executions to last about 0.3 ms; the best
 * of 21 trials (robust on a shared machine, where other processes only
 * ever add time) is printed as CSV with MFLOPS = 5 n log2 n / ns and
 * the ratios time(FFTW) / time(kgen) (> 1: kgen is faster). */
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
typedef kgen_complexf KC;
#define FFTW(name) fftwf_##name
#define KPLAN kgen_planf
#define KPLAN_1D kgen_planf_dft_1d
#define KEXEC kgen_executef_dft
#define KDESTROY kgen_destroyf
#define PREC "float"
#else
typedef double R;
typedef kgen_complex KC;
#define FFTW(name) fftw_##name
#define KPLAN kgen_plan
#define KPLAN_1D kgen_plan_dft_1d
#define KEXEC kgen_execute_dft
#define KDESTROY kgen_destroy
#define PREC "double"
#endif

enum { TRIALS = 21, NK = 4 };
enum { KMEAS, KEST, FMEAS, FPAT };
static const char *const kname[NK] = {"kgen_meas", "kgen_est",
    "fftw_meas", "fftw_pat"};

typedef struct {
	KPLAN *km, *ke;
	FFTW(plan) fm, fp;
	R *c, *co;          /* interleaved in/out, shared by all */
	int n;
} Ctx;

static void
run(Ctx *c, int which)
{
	switch (which) {
	case KMEAS:
		KEXEC(c->km, (const KC *)c->c, (KC *)c->co);
		break;
	case KEST:
		KEXEC(c->ke, (const KC *)c->c, (KC *)c->co);
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
		c->c[2 * k] = (R)sin(k * 0.37);
		c->c[2 * k + 1] = (R)cos(k * 0.11);
	}
}

/* Relative error of kgen plan `which` against FFTW_PATIENT's output
 * (ref); ms: the time of this, its first execute. */
static double
check(Ctx *c, int which, const R *ref, double *ms)
{
	double t0, e = 0, m = 0;
	int k;

	memset(c->co, 0, 2 * c->n * sizeof(R));
	t0 = now();
	run(c, which);
	*ms = (now() - t0) * 1e3;
	for (k = 0; k < 2 * c->n; k++) {
		e = fmax(e, fabs((double)c->co[k] - ref[k]));
		m = fmax(m, fabs((double)ref[k]));
	}
	return m > 0 ? e / m : e;
}

/* The best of TRIALS interleaved trials of each contender into best. */
static void
measure(Ctx *c, double *best)
{
	static double t[NK][TRIALS];
	int k, w, j, o, ord[NK];
	long reps = 1;

	while (trial(c, FMEAS, reps) * reps < 3e5 && reps < 1L << 24)
		reps *= 2;
	/* a new order each trial (Fisher-Yates, seeded with n), so that no
	 * contender always follows the same one (in a fixed order kgen's
	 * measured plan always ran after its estimated one and
	 * FFTW_MEASURE after it, on the same arrays: double 2^20 at 0.64x
	 * FFTW there, 1.10x in random order) */
	srand((unsigned)c->n);
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
			t[ord[w]][k] = trial(c, ord[w], reps);
	}
	for (w = 0; w < NK; w++) {
		qsort(t[w], TRIALS, sizeof(double), clock_cmp);
		best[w] = t[w][0];
	}
}

/* The arrays of c: fftw_malloc's, or with -o (off >= 0) 64-byte aligned
 * and the output off bytes past that.  0: no memory. */
static int
arrays(Ctx *c, int off, void **v, void **vo)
{
	size_t sz = 2 * (size_t)c->n * sizeof(R);

	*v = *vo = NULL;
	if (off < 0) {
		c->c = FFTW(malloc)(sz);
		c->co = FFTW(malloc)(sz);
		return c->c && c->co;
	}
	if (posix_memalign(v, 64, sz) || posix_memalign(vo, 64, sz + 64))
		return 0;
	c->c = *v;
	c->co = (R *)((char *)*vo + off);
	return 1;
}

int
main(int argc, char **argv)
{
	double best[NK], plan_ms[NK], first_ms[2], t0, mf, err;
	int i, w, n, patmax, capped, off, wis = 0;
	const char *label = "fftw";
	void *v, *vo;
	R *ref;
	Ctx c;

	patmax = 1 << 17;
	off = -1;
	for (i = 1; i + 1 < argc && argv[i][0] == '-'; i += 2)
		if (!strcmp(argv[i], "-p"))
			patmax = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "-l"))
			label = argv[i + 1];
		else if (!strcmp(argv[i], "-o")) {
			off = atoi(argv[i + 1]);
			if (off < 0 || off % (int)(2 * sizeof(R)) || off >= 64) {
				fprintf(stderr, "plan: -o %s: want a multiple of "
				    "%d below 64\n", argv[i + 1],
				    (int)(2 * sizeof(R)));
				return 2;
			}
		} else if (!strcmp(argv[i], "-w")
		    && !kgen_import_wisdom_from_filename(argv[i + 1]))
			wis = 1;
		else {
			fprintf(stderr, "plan: %s %s: unknown option or not kgen "
			    "wisdom\n", argv[i], argv[i + 1]);
			return 2;
		}
	printf("n,precision,isa,fftw");
	for (w = 0; w < NK; w++)
		printf(",%s_ns", kname[w]);
	for (w = 0; w < NK; w++)
		printf(",%s_plan_ms", kname[w]);
	printf(",kgen_meas_first_ms,kgen_est_first_ms,kgen_mflops,"
	    "patient_capped,meas_vs_fftw_pat,meas_vs_fftw_meas,"
	    "est_vs_fftw_pat,est_vs_fftw_meas,est_over_meas,err\n");
	for (; i < argc; i++) {
		n = atoi(argv[i]);
		if (n < 2) {
			fprintf(stderr, "plan: n=%s: want n >= 2\n", argv[i]);
			return 2;
		}
		memset(&c, 0, sizeof c);
		c.n = n;
		ref = malloc(2 * (size_t)n * sizeof(R));
		if (!ref || !arrays(&c, off, &v, &vo)) {
			fprintf(stderr, "plan: out of memory\n");
			return 1;
		}
		if (!wis)
			kgen_forget_wisdom();
		FFTW(forget_wisdom)();
		t0 = now();
		c.ke = KPLAN_1D(n, -1, KGEN_ESTIMATE);
		plan_ms[KEST] = (now() - t0) * 1e3;
		t0 = now();
		c.km = KPLAN_1D(n, -1, KGEN_MEASURE);
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
		/* capped: the MEASURE plan again, from wisdom */
		plan_ms[FPAT] = capped ? plan_ms[FMEAS] : (now() - t0) * 1e3;
		if (!c.km || !c.ke || !c.fm || !c.fp) {
			fprintf(stderr, "plan: n=%d: no plan\n", n);
			return 1;
		}
		fill(&c);
		run(&c, FPAT);
		memcpy(ref, c.co, 2 * (size_t)n * sizeof(R));
		err = check(&c, KMEAS, ref, &first_ms[0]);
		err = fmax(err, check(&c, KEST, ref, &first_ms[1]));
		measure(&c, best);
		mf = 5 * n * log2(n) / best[KMEAS] * 1e3;
		printf("%d," PREC ",%s,%s", n,
		    getenv("KGEN_ISA") ? getenv("KGEN_ISA") : "best", label);
		for (w = 0; w < NK; w++)
			printf(",%.1f", best[w]);
		for (w = 0; w < NK; w++)
			printf(",%.2f", plan_ms[w]);
		printf(",%.3f,%.3f,%.0f,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.2g\n",
		    first_ms[0], first_ms[1], mf, capped,
		    best[FPAT] / best[KMEAS], best[FMEAS] / best[KMEAS],
		    best[FPAT] / best[KEST], best[FMEAS] / best[KEST],
		    best[KEST] / best[KMEAS], err);
		fflush(stdout);
		KDESTROY(c.km);
		KDESTROY(c.ke);
		FFTW(destroy_plan)(c.fm);
		FFTW(destroy_plan)(c.fp);
		if (off < 0) {
			FFTW(free)(c.c);
			FFTW(free)(c.co);
		} else {
			free(v);
			free(vo);
		}
		free(ref);
	}
	return 0;
}
