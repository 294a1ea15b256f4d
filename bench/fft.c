/* fft.c: n1 transforms, kgen against FFTW in the same process.
 * For each n, v transforms laid out one after another (FFTW's batched
 * plan: stride 1, distance n complex elements), out of place, in one
 * layout: interleaved complex (ii = ri + 1, strides 2), split arrays
 * (real parts, then imaginary parts; FFTW's guru split plan), or
 * interleaved with the transforms side by side ("tmajor": element k of
 * transform j at x[2(k v + j)], FFTW's stride v and distance 1, as a
 * 2-D transform's column pass holds them).  The
 * contenders: FFTW planned with FFTW_MEASURE and with FFTW_PATIENT;
 * kgen_dft/kgen_dftf (the public call, its dispatch included); and the
 * library's codelets one by one: batched for every ISA this CPU runs,
 * and where the library has them n1w, n1c and n1x.  Each contender has its
 * own input and output arrays (the same values), so none works on data
 * another left in cache in a state it did not make; they sit alike for
 * all (input on a page boundary, output 1 KiB past the next one), since
 * where the output lies against the input moves a codelet's time (4K
 * aliasing between its loads and stores), which separately allocated
 * arrays gave each contender differently.  Trials interleave
 * the contenders, in a new random order each trial, so that a burst of
 * load on a shared machine hits them alike and no row always follows
 * the same one; each trial runs enough calls to last
 * about a millisecond.  Every kgen result is checked against FFTW's
 * before it is timed.
 * usage: fft [double|float] [V] [NMIN NMAX] [TRIALS] [inter|split|tmajor]
 *            [INOFF OUTOFF]
 * (INOFF, OUTOFF: every contender's input and output that many bytes,
 * a multiple of 8 below 64, past the places above; 16 and 32 put them
 * as two malloc calls often do, 16 and 16 alike)
 *        fft peak     (the FMA rate of one core, per ISA)
 * Prints CSV: prec,n,v,layout,who,median_ns,min_ns,ratio_measure,
 * ratio_patient,relerr where ns is per transform and ratio_X is the
 * median over trials of FFTW_X's time over this contender's in the same
 * trial (> 1: faster than FFTW).
 * Built with -DFFTW_DOUBLE_ONLY (-DFFTW_FLOAT_ONLY) it calls only FFTW's
 * double (float) functions and refuses the other precision: the
 * Makefile links it so with each precision of the FFTW that make
 * fftw-avx512 builds, which are separate archives (bench/fft.py runs
 * one binary per FFTW build). */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kgen.h"
#include "timing.h"

/* one precision of FFTW linked: the other's calls go to no_fftw, never
 * reached (main refuses that precision) */
#if defined FFTW_DOUBLE_ONLY || defined FFTW_FLOAT_ONLY
static void *
no_fftw(int x, ...)
{
	(void)x;
	return NULL;
}
#endif
#if defined FFTW_DOUBLE_ONLY
#define FLOAT_ONLY 0
#define fftwf_execute(...) no_fftw(0, __VA_ARGS__)
#define fftwf_plan_many_dft(...) no_fftw(0, __VA_ARGS__)
#define fftwf_plan_guru_split_dft(...) no_fftw(0, __VA_ARGS__)
#define fftwf_destroy_plan(...) no_fftw(0, __VA_ARGS__)
#elif defined FFTW_FLOAT_ONLY
#define FLOAT_ONLY 1
#define fftw_execute(...) no_fftw(0, __VA_ARGS__)
#define fftw_plan_many_dft(...) no_fftw(0, __VA_ARGS__)
#define fftw_plan_guru_split_dft(...) no_fftw(0, __VA_ARGS__)
#define fftw_destroy_plan(...) no_fftw(0, __VA_ARGS__)
#else
#define FLOAT_ONLY (-1)
#endif

enum { MAXWHO = 16, MAXTRIAL = 101 };
enum { MEASURE, PATIENT };      /* who[0], who[1]: FFTW's two plans */

typedef struct Who Who;
struct Who {
	char name[32];      /* "fftw-measure", "kgen", "kgen-n1c-avx2" */
	int api;            /* 1: kgen_dft / kgen_dftf */
	kgen_dft_fn *d;     /* a codelet, double */
	kgen_dftf_fn *f;    /* or float; none of the three: FFTW */
	fftw_plan pd;
	fftwf_plan pf;
	void *in, *out;     /* its own arrays, in one block: */
	void *mem;
	double ns[MAXTRIAL];    /* per transform, per trial */
};

typedef struct Run Run;
struct Run {
	int n, v, isfloat, lay;     /* LAY_* */
	size_t len;         /* reals in one array: 2 n v */
};
enum { LAY_INTER, LAY_SPLIT, LAY_TMAJOR };
static const char *const layname[] = {"inter", "split", "tmajor"};
static int inoff, outoff;   /* bytes past the arrays' places (usage) */

/* The four array pointers and strides of r's layout over in and out. */
#define LAYOUT(T) \
	T *ri = w->in, *ii = ri + (r->lay == LAY_SPLIT ? len / 2 : 1); \
	T *ro = w->out, *io = ro + (r->lay == LAY_SPLIT ? len / 2 : 1); \
	ptrdiff_t s = r->lay == LAY_SPLIT ? 1 : r->lay == LAY_TMAJOR \
	    ? 2 * r->v : 2, d = r->lay == LAY_SPLIT ? n \
	    : r->lay == LAY_TMAJOR ? 2 : 2 * n

static void
call(Run *r, Who *w)
{
	ptrdiff_t n = r->n, len = r->len;

	if (r->isfloat) {
		LAYOUT(float);
		if (w->api)
			kgen_dftf(r->n, -1, ri, ii, ro, io, s, s, r->v, d, d);
		else if (w->f)
			w->f(ri, ii, ro, io, s, s, r->v, d, d);
		else
			fftwf_execute(w->pf);
	} else {
		LAYOUT(double);
		if (w->api)
			kgen_dft(r->n, -1, ri, ii, ro, io, s, s, r->v, d, d);
		else if (w->d)
			w->d(ri, ii, ro, io, s, s, r->v, d, d);
		else
			fftw_execute(w->pd);
	}
}

/* FFTW's plan of r's problem on w's arrays, with flags. */
static void
plan(Run *r, Who *w, unsigned flags)
{
	int n = r->n;
	fftw_iodim dim = {n, 1, 1}, how = {r->v, n, n};
	fftwf_iodim fdim = {n, 1, 1}, fhow = {r->v, n, n};
	ptrdiff_t len = r->len;

	if (r->isfloat && r->lay == LAY_TMAJOR) {
		w->pf = fftwf_plan_many_dft(1, &n, r->v, w->in, 0, r->v, 1,
		    w->out, 0, r->v, 1, FFTW_FORWARD, flags);
	} else if (!r->isfloat && r->lay == LAY_TMAJOR) {
		w->pd = fftw_plan_many_dft(1, &n, r->v, w->in, 0, r->v, 1,
		    w->out, 0, r->v, 1, FFTW_FORWARD, flags);
	} else if (r->isfloat && r->lay == LAY_SPLIT) {
		LAYOUT(float);
		(void)s;
		(void)d;
		w->pf = fftwf_plan_guru_split_dft(1, &fdim, 1, &fhow, ri, ii,
		    ro, io, flags);
	} else if (r->isfloat) {
		w->pf = fftwf_plan_many_dft(1, &n, r->v, w->in, 0, 1, n,
		    w->out, 0, 1, n, FFTW_FORWARD, flags);
	} else if (r->lay == LAY_SPLIT) {
		LAYOUT(double);
		(void)s;
		(void)d;
		w->pd = fftw_plan_guru_split_dft(1, &dim, 1, &how, ri, ii, ro,
		    io, flags);
	} else {
		w->pd = fftw_plan_many_dft(1, &n, r->v, w->in, 0, 1, n, w->out,
		    0, 1, n, FFTW_FORWARD, flags);
	}
}

static double
get(const Run *r, const void *a, size_t k)
{
	return r->isfloat ? ((const float *)a)[k] : ((const double *)a)[k];
}

/* Largest |out - ref| over largest |ref|, after one call of w. */
static double
relerr(Run *r, Who *w, const void *ref)
{
	size_t k;
	double e = 0, m = 0;

	call(r, w);
	for (k = 0; k < r->len; k++) {
		e = fmax(e, fabs(get(r, w->out, k) - get(r, ref, k)));
		m = fmax(m, fabs(get(r, ref, k)));
	}
	return m > 0 ? e / m : e;
}

/* A codelet contender, if f is one. */
static int
add(Who *who, int nw, const char *name, kgen_dft_fn *d, kgen_dftf_fn *f,
    int isfloat)
{
	if (isfloat ? !f : !d)
		return nw;
	snprintf(who[nw].name, sizeof who[nw].name, "%s", name);
	who[nw].d = d;
	who[nw].f = f;
	return nw + 1;
}

static void
bench(int n, int v, int isfloat, int lay, int trials)
{
	Who who[MAXWHO];
	Run r;
	int nw, isa, t, k, i, j, reps, ord[MAXWHO];
	size_t sz;
	char name[32];
	double t0, err[MAXWHO], rm[MAXTRIAL], rp[MAXTRIAL], once;
	void *ref, *init;

	memset(&r, 0, sizeof r);
	r.n = n;
	r.v = v;
	r.isfloat = isfloat;
	r.lay = lay;
	r.len = 2 * (size_t)n * v;
	sz = r.len * (isfloat ? sizeof(float) : sizeof(double));
	memset(who, 0, sizeof who);
	strcpy(who[MEASURE].name, "fftw-measure");
	strcpy(who[PATIENT].name, "fftw-patient");
	strcpy(who[2].name, "kgen");
	who[2].api = 1;
	nw = 3;
	for (isa = KGEN_ISA_SCALAR; kgen_isa_name(isa); isa++)
		if (kgen_isa_supported(isa)) {
			snprintf(name, sizeof name, "kgen-%s", kgen_isa_name(isa));
			nw = add(who, nw, name, kgen_n1_isa(n, isa),
			    kgen_n1f_isa(n, isa), isfloat);
		}
	for (isa = KGEN_ISA_SSE2; kgen_isa_name(isa); isa++) {
		snprintf(name, sizeof name, "kgen-n1w-%s", kgen_isa_name(isa));
		nw = add(who, nw, name, kgen_n1w_isa(n, isa),
		    kgen_n1wf_isa(n, isa), isfloat);
		snprintf(name, sizeof name, "kgen-n1c-%s", kgen_isa_name(isa));
		nw = add(who, nw, name, kgen_n1c_isa(n, isa),
		    kgen_n1cf_isa(n, isa), isfloat);
		snprintf(name, sizeof name, "kgen-n1x-%s", kgen_isa_name(isa));
		nw = add(who, nw, name, kgen_n1x_isa(n, isa),
		    kgen_n1xf_isa(n, isa), isfloat);
	}
	for (i = 0; i < nw; i++) {
		if (posix_memalign(&who[i].mem, 4096,
		    (sz + 4095) / 4096 * 4096 + 1024 + sz + 128)) {
			fprintf(stderr, "fft: out of memory\n");
			exit(1);
		}
		who[i].in = (char *)who[i].mem + inoff;
		who[i].out = (char *)who[i].mem + (sz + 4095) / 4096 * 4096
		    + 1024 + outoff;
	}
	plan(&r, &who[MEASURE], FFTW_MEASURE);
	plan(&r, &who[PATIENT], FFTW_PATIENT);
	init = malloc(sz);
	ref = malloc(sz);
	srand(n);
	for (k = 0; k < (int)r.len; k++) {
		if (isfloat)
			((float *)init)[k] = (float)(rand() / (double)RAND_MAX
			    - .5);
		else
			((double *)init)[k] = rand() / (double)RAND_MAX - .5;
	}
	for (i = 0; i < nw; i++)
		memcpy(who[i].in, init, sz);
	call(&r, &who[MEASURE]);
	memcpy(ref, who[MEASURE].out, sz);
	for (i = 0; i < nw; i++)
		err[i] = relerr(&r, &who[i], ref);
	/* about a millisecond per trial, from FFTW's time */
	t0 = now();
	for (reps = 0; now() - t0 < 2e-3; reps++)
		call(&r, &who[MEASURE]);
	once = (now() - t0) / reps;
	reps = (int)(1e-3 / once) + 1;
	for (t = 0; t < trials; t++) {
		/* a new order each trial (Fisher-Yates; rand() seeded with n
		 * above): in an order that only rotated, each row followed the
		 * same contender every trial, and rows of one codelet differed
		 * (double n = 32, this file at commit db6e731: the kgen row
		 * 19.7-21.1 ns against 17.4-18.2 for the row of the n1c
		 * codelet it runs; at d404d77, 16.8-17.2 against 16.7-17.4) */
		for (k = 0; k < nw; k++)
			ord[k] = k;
		for (k = nw - 1; k > 0; k--) {
			i = (int)(rand() % (unsigned)(k + 1));
			j = ord[k];
			ord[k] = ord[i];
			ord[i] = j;
		}
		for (k = 0; k < nw; k++) {
			Who *w = &who[ord[k]];

			t0 = now();
			for (i = 0; i < reps; i++)
				call(&r, w);
			w->ns[t] = (now() - t0) / reps / v * 1e9;
		}
	}
	for (i = 0; i < nw; i++) {
		double mn = who[i].ns[0];

		for (t = 0; t < trials; t++) {
			rm[t] = who[MEASURE].ns[t] / who[i].ns[t];
			rp[t] = who[PATIENT].ns[t] / who[i].ns[t];
			mn = fmin(mn, who[i].ns[t]);
		}
		printf("%s,%d,%d,%s,%s,%.4f,%.4f,%.4f,%.4f,%.3g\n", isfloat
		    ? "float" : "double", n, v, layname[lay],
		    who[i].name, median(who[i].ns, trials), mn,
		    median(rm, trials), median(rp, trials), err[i]);
	}
	fflush(stdout);
	for (i = 0; i < nw; i++) {
		if (isfloat && who[i].pf)
			fftwf_destroy_plan(who[i].pf);
		if (!isfloat && who[i].pd)
			fftw_destroy_plan(who[i].pd);
		free(who[i].mem);
	}
	free(init);
	free(ref);
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
	int isfloat, v, nmin, nmax, trials, n, lay;

	if (argc > 1 && !strcmp(argv[1], "peak")) {
		peak();
		return 0;
	}
	isfloat = argc > 1 && !strcmp(argv[1], "float");
	v = argc > 2 ? atoi(argv[2]) : 256;
	nmin = argc > 3 ? atoi(argv[3]) : 2;
	nmax = argc > 4 ? atoi(argv[4]) : KGEN_N1_MAX;
	trials = argc > 5 ? atoi(argv[5]) : 21;
	inoff = argc > 8 ? atoi(argv[7]) : 0;
	outoff = argc > 8 ? atoi(argv[8]) : 0;
	lay = argc > 6 && !strcmp(argv[6], "split") ? LAY_SPLIT
	    : argc > 6 && !strcmp(argv[6], "tmajor") ? LAY_TMAJOR : LAY_INTER;
	if (v < 1 || nmin < 1 || nmax > KGEN_N1_MAX || trials < 1
	    || trials > MAXTRIAL || (argc > 6 && strcmp(argv[6], "inter")
	    && lay == LAY_INTER) || argc == 8 || inoff < 0 || inoff > 56
	    || inoff % 8 || outoff < 0 || outoff > 56 || outoff % 8) {
		fprintf(stderr, "usage: fft [double|float] [V] [NMIN NMAX] "
		    "[TRIALS <= %d] [inter|split|tmajor] [INOFF OUTOFF: 0, 8, "
		    ".., 56] | fft peak\n", MAXTRIAL);
		return 2;
	}
	if (FLOAT_ONLY != -1 && isfloat != FLOAT_ONLY) {
		fprintf(stderr, "fft: linked with one precision of FFTW, "
		    "not %s\n", isfloat ? "float" : "double");
		return 2;
	}
	printf("prec,n,v,layout,who,median_ns,min_ns,ratio_measure,"
	    "ratio_patient,relerr\n");
	for (n = nmin; n <= nmax; n++)
		bench(n, v, isfloat, lay, trials);
	return 0;
}
