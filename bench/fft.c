/* fft.c: batched n1 transforms, kgen against FFTW in the same process.
 * For each n, v transforms of interleaved complex data laid out one after
 * another (FFTW's batched plan: stride 1, distance n complex elements),
 * out of place: FFTW's plan_many_dft with FFTW_MEASURE, kgen's codelet
 * through the run-time dispatch (kgen_isa()) and for every ISA this CPU
 * runs.  Trials interleave the contenders, in an order that rotates, so
 * that a burst of load on a shared machine hits them alike; each trial
 * runs enough calls to last about a millisecond.  Every kgen result is
 * checked against FFTW's before it is timed.
 * usage: fft [double|float] [V] [NMIN NMAX] [TRIALS]
 *        fft peak     (the FMA rate of one core, per ISA)
 * Prints CSV: prec,n,v,who,median_ns,min_ns,ratio,relerr where ns is per
 * transform and ratio is the median over trials of FFTW's time over
 * this contender's in the same trial (> 1: faster than FFTW). */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kgen.h"

enum { MAXWHO = 12, MAXTRIAL = 101 };

typedef struct Who Who;
struct Who {
	char name[32];      /* "fftw", "kgen" (dispatched), "kgen-avx2" */
	kgen_dft_fn *d;     /* the codelet, double */
	kgen_dftf_fn *f;    /* or float; both NULL: FFTW */
	double ns[MAXTRIAL];    /* per transform, per trial */
};

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double
median(double *x, int n)
{
	qsort(x, n, sizeof *x, cmp);
	return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

/* The arrays are void * so one body serves both precisions. */
typedef struct Run Run;
struct Run {
	int n, v, isfloat;
	void *in, *out, *ref;
	fftw_plan pd;
	fftwf_plan pf;
};

static void
call(Run *r, Who *w)
{
	ptrdiff_t n = r->n;

	if (r->isfloat) {
		float *i = r->in, *o = r->out;

		if (w->f)
			w->f(i, i + 1, o, o + 1, 2, 2, r->v, 2 * n, 2 * n);
		else
			fftwf_execute(r->pf);
	} else {
		double *i = r->in, *o = r->out;

		if (w->d)
			w->d(i, i + 1, o, o + 1, 2, 2, r->v, 2 * n, 2 * n);
		else
			fftw_execute(r->pd);
	}
}

/* Largest |out - ref| over largest |ref|, after one call of w. */
static double
relerr(Run *r, Who *w)
{
	size_t k, len = 2 * (size_t)r->n * r->v;
	double e = 0, m = 0, a, b;

	call(r, w);
	for (k = 0; k < len; k++) {
		a = r->isfloat ? ((float *)r->out)[k] : ((double *)r->out)[k];
		b = r->isfloat ? ((float *)r->ref)[k] : ((double *)r->ref)[k];
		e = fmax(e, fabs(a - b));
		m = fmax(m, fabs(b));
	}
	return m > 0 ? e / m : e;
}

static void
bench(int n, int v, int isfloat, int trials)
{
	Who who[MAXWHO];
	Run r;
	int nw, isa, t, k, i, reps;
	size_t sz;
	double t0, err[MAXWHO], ratio[MAXTRIAL], once;

	memset(&r, 0, sizeof r);
	r.n = n;
	r.v = v;
	r.isfloat = isfloat;
	sz = 2 * (size_t)n * v * (isfloat ? sizeof(float) : sizeof(double));
	r.in = fftw_malloc(sz);
	r.out = fftw_malloc(sz);
	r.ref = malloc(sz);
	if (isfloat)
		r.pf = fftwf_plan_many_dft(1, &n, v, r.in, 0, 1, n, r.out, 0,
		    1, n, FFTW_FORWARD, FFTW_MEASURE);
	else
		r.pd = fftw_plan_many_dft(1, &n, v, r.in, 0, 1, n, r.out, 0, 1,
		    n, FFTW_FORWARD, FFTW_MEASURE);
	srand(n);
	for (k = 0; k < 2 * n * v; k++) {
		if (isfloat)
			((float *)r.in)[k] = (float)(rand() / (double)RAND_MAX
			    - .5);
		else
			((double *)r.in)[k] = rand() / (double)RAND_MAX - .5;
	}
	memset(who, 0, sizeof who);
	strcpy(who[0].name, "fftw");
	strcpy(who[1].name, "kgen");
	who[1].d = kgen_n1_for(n, v);
	who[1].f = kgen_n1f_for(n, v);
	nw = 2;
	for (isa = KGEN_ISA_SCALAR; kgen_isa_name(isa); isa++)
		if (kgen_isa_supported(isa)) {
			snprintf(who[nw].name, sizeof who[nw].name, "kgen-%s",
			    kgen_isa_name(isa));
			who[nw].d = kgen_n1_isa(n, isa);
			who[nw].f = kgen_n1f_isa(n, isa);
			nw++;
		}
	/* the codelets vectorized within one transform, where they exist */
	for (isa = KGEN_ISA_SSE2; kgen_isa_name(isa); isa++)
		if (isfloat ? kgen_n1wf_isa(n, isa) != 0
		    : kgen_n1w_isa(n, isa) != 0) {
			snprintf(who[nw].name, sizeof who[nw].name,
			    "kgen-n1w-%s", kgen_isa_name(isa));
			who[nw].d = kgen_n1w_isa(n, isa);
			who[nw].f = kgen_n1wf_isa(n, isa);
			nw++;
		}
	call(&r, &who[0]);
	memcpy(r.ref, r.out, sz);
	for (i = 0; i < nw; i++)
		err[i] = relerr(&r, &who[i]);
	/* about a millisecond per trial, from FFTW's time */
	t0 = now();
	for (reps = 0; now() - t0 < 2e-3; reps++)
		call(&r, &who[0]);
	once = (now() - t0) / reps;
	reps = (int)(1e-3 / once) + 1;
	for (t = 0; t < trials; t++)
		for (k = 0; k < nw; k++) {
			Who *w = &who[(k + t) % nw];

			t0 = now();
			for (i = 0; i < reps; i++)
				call(&r, w);
			w->ns[t] = (now() - t0) / reps / v * 1e9;
		}
	for (i = 0; i < nw; i++) {
		double mn = who[i].ns[0], md;

		for (t = 0; t < trials; t++) {
			ratio[t] = who[0].ns[t] / who[i].ns[t];
			mn = fmin(mn, who[i].ns[t]);
		}
		md = median(ratio, trials);
		printf("%s,%d,%d,%s,%.4f,%.4f,%.4f,%.3g\n", isfloat ? "float"
		    : "double", n, v, who[i].name, median(who[i].ns, trials),
		    mn, md, err[i]);
	}
	fflush(stdout);
	if (isfloat)
		fftwf_destroy_plan(r.pf);
	else
		fftw_destroy_plan(r.pd);
	fftw_free(r.in);
	fftw_free(r.out);
	free(r.ref);
}

/* The FMA rate of one core: 12 independent chains in registers (an
 * array would live in memory), vectors of the ISA. */
#define PEAK(isa, attr, T, fma, set1, lanes) \
static __attribute__((target(attr))) double \
peak_##isa(long iters) \
{ \
	T a0 = set1(0), a1 = set1(1), a2 = set1(2), a3 = set1(3); \
	T a4 = set1(4), a5 = set1(5), a6 = set1(6), a7 = set1(7); \
	T a8 = set1(8), a9 = set1(9), a10 = set1(10), a11 = set1(11); \
	T b = set1(1.0000001), c = set1(1e-9); \
	double t0; \
	long i; \
 \
	t0 = now(); \
	for (i = 0; i < iters; i++) { \
		a0 = fma(a0, b, c); a1 = fma(a1, b, c); a2 = fma(a2, b, c); \
		a3 = fma(a3, b, c); a4 = fma(a4, b, c); a5 = fma(a5, b, c); \
		a6 = fma(a6, b, c); a7 = fma(a7, b, c); a8 = fma(a8, b, c); \
		a9 = fma(a9, b, c); a10 = fma(a10, b, c); \
		a11 = fma(a11, b, c); \
	} \
	t0 = now() - t0; \
	a0 = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11; \
	if (a0[0] == 42) \
		puts(""); \
	return 2.0 * lanes * 12 * iters / t0 / 1e9; \
}

#include <immintrin.h>
PEAK(avx2, "avx2,fma", __m256d, _mm256_fmadd_pd, _mm256_set1_pd, 4)
PEAK(avx512, "avx512f", __m512d, _mm512_fmadd_pd, _mm512_set1_pd, 8)

static void
peak(void)
{
	double best2 = 0, best5 = 0;
	int t;

	/* many short runs, the best: a shared machine rarely leaves one
	 * core alone for long */
	for (t = 0; t < 500; t++) {
		if (kgen_isa_supported(KGEN_ISA_AVX2))
			best2 = fmax(best2, peak_avx2(20000));
		if (kgen_isa_supported(KGEN_ISA_AVX512))
			best5 = fmax(best5, peak_avx512(20000));
	}
	printf("isa,double_gflops\navx2,%.2f\navx512,%.2f\n", best2, best5);
}

int
main(int argc, char **argv)
{
	int isfloat, v, nmin, nmax, trials, n;

	if (argc > 1 && !strcmp(argv[1], "peak")) {
		peak();
		return 0;
	}
	isfloat = argc > 1 && !strcmp(argv[1], "float");
	v = argc > 2 ? atoi(argv[2]) : 256;
	nmin = argc > 3 ? atoi(argv[3]) : 2;
	nmax = argc > 4 ? atoi(argv[4]) : KGEN_N1_MAX;
	trials = argc > 5 ? atoi(argv[5]) : 21;
	if (v < 1 || nmin < 1 || nmax > KGEN_N1_MAX || trials < 1
	    || trials > MAXTRIAL) {
		fprintf(stderr, "usage: fft [double|float] [V] [NMIN NMAX] "
		    "[TRIALS <= %d] | fft peak\n", MAXTRIAL);
		return 2;
	}
	printf("prec,n,v,who,median_ns,min_ns,ratio,relerr\n");
	for (n = nmin; n <= nmax; n++)
		bench(n, v, isfloat, trials);
	return 0;
}
