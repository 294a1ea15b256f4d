/* nd.c: multi-dimensional transforms, kgen against FFTW (make bench-nd).
 * usage: nd [-l LABEL] [-p PATIENT_MAX] [-T THREADS] [-b SECONDS]
 *           [-w WISDOM] [-a] PROBLEM...
 * PROBLEM is c2c or r2c, a colon and the sizes joined by x, row-major
 * as FFTW's: c2c:64x64, r2c:480x640, c2c:60x60x60.
 * For each problem, in this one process, out of place, forward, double,
 * interleaved data in FFTW's layouts (fftw_malloc'd arrays that kgen's
 * and FFTW's plans share: n complex in and out for c2c; n reals in and
 * the half spectrum n[0] x .. x (n[rank-1]/2 + 1) out for r2c):
 *   kgen  kgen_plan_dft_2d/3d or kgen_plan_dft_r2c_2d/3d, KGEN_MEASURE,
 *         run by kgen_execute_dft / kgen_execute_dft_r2c
 *   fftw  fftw_plan_dft or fftw_plan_dft_r2c, FFTW_PATIENT for problems
 *         of at most PATIENT_MAX elements (default 2^20; above it
 *         FFTW_MEASURE, the fftw_flags column says which), the linked
 *         FFTW (LABEL names it: Debian's libfftw3 or the one make
 *         fftw-avx512 built)
 * each with one thread and with two (THREADS: a comma list, default
 * 1,2; kgen_plan_with_nthreads, fftw_plan_with_nthreads before the
 * plans).  FFTW's plans in one process share its wisdom, as in any
 * program.  A problem whose kgen plan is NULL is skipped with a note
 * (with -a FFTW is still timed).
 * First each kgen result is checked against FFTW's one-thread result on
 * the same input: err, the largest |kgen - FFTW| over the largest
 * |FFTW|; above 1e-9 the row's ratio is left empty and noted.  Then
 * trials: every contender (kgen and FFTW at each thread count) once per
 * trial, in a new random order each trial so that noise from the other
 * processes falls on all of them alike; a timing is enough executions
 * to last about 0.3 ms, caches warm from the one before (an untimed
 * run opens the trials).  Up to 15 trials, fewer (at least 5) where
 * they would pass SECONDS (default 4) for the problem; the median is
 * printed as CSV, one row per problem and thread count, with the ratio
 * time(FFTW) / time(kgen) (> 1: kgen is faster). */
#define _POSIX_C_SOURCE 200809L
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "timing.h"

enum { MAXT = 4, MAXTRIALS = 15, MINTRIALS = 5, MAXRANK = 3 };

typedef struct {
	int r2c, rank, n[MAXRANK];
	size_t nin, nout;        /* doubles in, complex numbers out */
	double *in;
	fftw_complex *out, *ref;
	int nt, th[MAXT];        /* thread counts */
	kgen_plan *k[MAXT];
	fftw_plan f[MAXT];
	double kms[MAXT], fms[MAXT], err[MAXT];
	int kbad[MAXT];
} Prob;

static const char *label = "fftw";

/* contender c: kgen (even) or FFTW (odd) with th[c / 2] threads */
static void
run(Prob *p, int c)
{
	if (c % 2)
		fftw_execute(p->f[c / 2]);
	else if (p->r2c)
		kgen_execute_dft_r2c(p->k[c / 2], p->in,
		    (kgen_complex *)p->out);
	else
		kgen_execute_dft(p->k[c / 2], (const kgen_complex *)p->in,
		    (kgen_complex *)p->out);
}

static double
timing(Prob *p, int c, long reps)
{
	double t;
	long r;

	t = now();
	for (r = 0; r < reps; r++)
		run(p, c);
	return (now() - t) * 1e9 / reps;
}

static void
fill(Prob *p)
{
	size_t k;

	for (k = 0; k < p->nin; k++)
		p->in[k] = sin(k * 0.37) + 0.5 * cos(k * 0.011);
}

/* "c2c:64x48" into p; 0, or -1 when it is no problem */
static int
parse(Prob *p, const char *s)
{
	const char *q;
	char *e;
	long v;

	if (!strncmp(s, "c2c:", 4))
		p->r2c = 0;
	else if (!strncmp(s, "r2c:", 4))
		p->r2c = 1;
	else
		return -1;
	q = s + 4;
	for (p->rank = 0; p->rank < MAXRANK; q = e + 1) {
		v = strtol(q, &e, 10);
		if (e == q || v < 1 || v > 1 << 20)
			return -1;
		p->n[p->rank++] = (int)v;
		if (*e != 'x')
			break;
	}
	return *e || p->rank < 2 ? -1 : 0;
}

static double
ms_since(double t0)
{
	return (now() - t0) * 1e3;
}

/* the plans of every contender (a NULL kgen plan is left NULL) */
static void
plan(Prob *p, unsigned fflags)
{
	const int *n = p->n;
	double t0;
	int i;

	for (i = 0; i < p->nt; i++) {
		kgen_plan_with_nthreads(p->th[i]);
		t0 = now();
		if (p->r2c)
			p->k[i] = p->rank == 2
			    ? kgen_plan_dft_r2c_2d(n[0], n[1], KGEN_MEASURE)
			    : kgen_plan_dft_r2c_3d(n[0], n[1], n[2],
			    KGEN_MEASURE);
		else
			p->k[i] = p->rank == 2
			    ? kgen_plan_dft_2d(n[0], n[1], -1, KGEN_MEASURE)
			    : kgen_plan_dft_3d(n[0], n[1], n[2], -1,
			    KGEN_MEASURE);
		p->kms[i] = ms_since(t0);
		fftw_plan_with_nthreads(p->th[i]);
		t0 = now();
		p->f[i] = p->r2c
		    ? fftw_plan_dft_r2c(p->rank, n, p->in, p->out, fflags)
		    : fftw_plan_dft(p->rank, n, (fftw_complex *)p->in, p->out,
		    FFTW_FORWARD, fflags);
		p->fms[i] = ms_since(t0);
	}
	kgen_plan_with_nthreads(1);
	fftw_plan_with_nthreads(1);
}

/* err[i]: kgen's result with th[i] threads against FFTW's one-thread */
static void
check(Prob *p)
{
	double e, m;
	size_t k;
	int i, j;

	fill(p);
	fftw_execute(p->f[0]);
	memcpy(p->ref, p->out, p->nout * sizeof(fftw_complex));
	m = 0;
	for (k = 0; k < p->nout; k++)
		for (j = 0; j < 2; j++)
			m = fmax(m, fabs(p->ref[k][j]));
	for (i = 0; i < p->nt; i++) {
		p->err[i] = NAN;
		if (!p->k[i])
			continue;
		memset(p->out, 0, p->nout * sizeof(fftw_complex));
		p->kbad[i] = p->r2c
		    ? kgen_execute_dft_r2c(p->k[i], p->in,
		    (kgen_complex *)p->out)
		    : kgen_execute_dft(p->k[i], (const kgen_complex *)p->in,
		    (kgen_complex *)p->out);
		e = 0;
		for (k = 0; k < p->nout; k++)
			for (j = 0; j < 2; j++)
				e = fmax(e, fabs(p->out[k][j] - p->ref[k][j]));
		p->err[i] = p->kbad[i] ? INFINITY : e / (m > 0 ? m : 1);
	}
}

/* median ns of every contender that is there into med[] */
static int
trials(Prob *p, double budget, double *med)
{
	double t[2 * MAXT][MAXTRIALS], one;
	int on[2 * MAXT], ord[2 * MAXT], nc, c, k, j, o, ntr;
	long reps;

	nc = 0;
	for (c = 0; c < 2 * p->nt; c++)
		if (c % 2 || p->k[c / 2])
			on[nc++] = c;
	reps = 1;
	while (timing(p, 1, reps) * reps < 3e5 && reps < 1L << 24)
		reps *= 2;
	one = 0;
	for (k = 0; k < nc; k++)
		one += timing(p, on[k], reps) * reps * 1e-9;
	ntr = one > 0 ? (int)(budget / one) : MAXTRIALS;
	ntr = ntr < MINTRIALS ? MINTRIALS : ntr > MAXTRIALS ? MAXTRIALS : ntr;
	srand((unsigned)(p->n[0] * 131 + p->n[1] * 7 + p->rank + p->r2c));
	for (k = 0; k < ntr; k++) {
		for (j = 0; j < nc; j++)
			ord[j] = on[j];
		for (j = nc - 1; j > 0; j--) {
			c = (int)(rand() % (unsigned)(j + 1));
			o = ord[j];
			ord[j] = ord[c];
			ord[c] = o;
		}
		for (j = 0; j < nc; j++)
			t[ord[j]][k] = timing(p, ord[j], reps);
	}
	for (c = 0; c < 2 * p->nt; c++)
		med[c] = c % 2 || p->k[c / 2] ? median(t[c], ntr) : NAN;
	return ntr;
}

static void
row(const Prob *p, const char *name, int i, const char *fflag,
    const double *med, int ntr, const char *note)
{
	double kt = med[2 * i], ft = med[2 * i + 1];
	int ok = p->k[i] && p->err[i] <= 1e-9;

	printf("%s,%s,%d,%s,%d,%s,", name, p->r2c ? "r2c" : "c2c", p->rank,
	    strchr(name, ':') + 1, p->th[i], label);
	if (p->k[i])
		printf("%.1f", kt);
	printf(",");
	if (!isnan(ft))
		printf("%.1f", ft);
	printf(",");
	if (ok && !isnan(ft))
		printf("%.3f", ft / kt);
	printf(",");
	if (p->k[i])
		printf("%.1f", p->kms[i]);
	printf(",%.1f,%s,", p->fms[i], fflag);
	if (p->k[i])
		printf("%.2e", p->err[i]);
	printf(",%d,%s\n", ntr, note);
}

int
main(int argc, char **argv)
{
	double budget, med[2 * MAXT];
	long patmax;
	int i, t, all, ntr, tn[MAXT], ntn;
	size_t tot, last;
	const char *fflag, *note, *wis;
	char *e, buf[160];
	Prob p;

	patmax = 1L << 20;
	budget = 4;
	all = 0;
	wis = NULL;
	ntn = 2;
	tn[0] = 1;
	tn[1] = 2;
	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-a")) {
			all = 1;
			continue;
		}
		if (i + 1 >= argc)
			break;
		if (!strcmp(argv[i], "-l"))
			label = argv[++i];
		else if (!strcmp(argv[i], "-p"))
			patmax = atol(argv[++i]);
		else if (!strcmp(argv[i], "-w"))
			wis = argv[++i];
		else if (!strcmp(argv[i], "-b"))
			budget = atof(argv[++i]);
		else if (!strcmp(argv[i], "-T")) {
			e = argv[++i];
			for (ntn = 0; ntn < MAXT && *e; ntn++) {
				tn[ntn] = (int)strtol(e, &e, 10);
				if (tn[ntn] < 1 || (*e && *e++ != ',')) {
					fprintf(stderr, "nd: -T 1,2\n");
					return 2;
				}
			}
		} else {
			fprintf(stderr, "nd: unknown option %s\n", argv[i]);
			return 2;
		}
	}
	if (!fftw_init_threads()) {
		fprintf(stderr, "nd: fftw_init_threads failed\n");
		return 1;
	}
	if (wis)
		fftw_import_wisdom_from_filename(wis);
	printf("problem,kind,rank,dims,threads,fftw,kgen_ns,fftw_ns,ratio,"
	    "kgen_plan_ms,fftw_plan_ms,fftw_flags,err,trials,note\n");
	fflush(stdout);
	for (; i < argc; i++) {
		memset(&p, 0, sizeof p);
		if (parse(&p, argv[i])) {
			fprintf(stderr, "nd: %s: want c2c:N0xN1[xN2] or "
			    "r2c:...\n", argv[i]);
			return 2;
		}
		p.nt = ntn;
		memcpy(p.th, tn, sizeof tn);
		tot = 1;
		for (t = 0; t < p.rank; t++)
			tot *= (size_t)p.n[t];
		last = (size_t)p.n[p.rank - 1];
		p.nin = p.r2c ? tot : 2 * tot;
		p.nout = p.r2c ? tot / last * (last / 2 + 1) : tot;
		p.in = fftw_malloc(p.nin * sizeof(double));
		p.out = fftw_malloc(p.nout * sizeof(fftw_complex));
		p.ref = fftw_malloc(p.nout * sizeof(fftw_complex));
		if (!p.in || !p.out || !p.ref) {
			fprintf(stderr, "nd: %s: out of memory\n", argv[i]);
			return 1;
		}
		fflag = (long)tot <= patmax ? "patient" : "measure";
		plan(&p, (long)tot <= patmax ? FFTW_PATIENT : FFTW_MEASURE);
		for (t = 0; t < p.nt; t++)
			if (!p.f[t]) {
				fprintf(stderr, "nd: %s: no FFTW plan\n",
				    argv[i]);
				return 1;
			}
		if (wis && !fftw_export_wisdom_to_filename(wis))
			fprintf(stderr, "nd: cannot write %s\n", wis);
		check(&p);
		ntr = 0;
		for (t = 0; t < 2 * p.nt; t++)
			med[t] = NAN;
		if (p.k[0] || all) {
			fill(&p);
			run(&p, 1);
			ntr = trials(&p, budget, med);
		}
		for (t = 0; t < p.nt; t++) {
			note = "";
			if (!p.k[t])
				note = "no kgen plan (skipped)";
			else if (p.kbad[t])
				note = "kgen execute refused the plan";
			else if (!(p.err[t] <= 1e-9)) {
				snprintf(buf, sizeof buf, "WRONG: err %.2e",
				    p.err[t]);
				note = buf;
			}
			row(&p, argv[i], t, fflag, med, ntr, note);
		}
		fflush(stdout);
		for (t = 0; t < p.nt; t++) {
			kgen_destroy(p.k[t]);
			fftw_destroy_plan(p.f[t]);
		}
		fftw_free(p.in);
		fftw_free(p.out);
		fftw_free(p.ref);
	}
	fftw_cleanup_threads();
	return 0;
}
