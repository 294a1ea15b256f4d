/* conv.c: FIR filters, kgen's codelets against the loop a DSP programmer
 * writes and against FFT convolution, on one filter of TAPS taps (one
 * binary per filter and precision; bench/conv.py builds and runs them).
 * Built with -DTAPS=L, -DLIST='"list.h"' and, for float, -DSINGLE: the
 * list has the taps, static const R taps[L], and one line per kgen
 * codelet, K(label, name), each compiled on its own (conv -n BLOCK,
 * scalar or --simd) and linked in; bench/convnaive.c is the naive loop,
 * compiled -O3 -march=native in its own translation unit.
 * The signal is LEN samples (x[-L+1 .. -1] its history, zeros); every
 * contender filters all of it, y[i] = sum_k h[k] x[i-k], and its ns a
 * sample is printed:
 *   naive            naive_conv over the whole signal in one call
 *   LABEL_stream     NAME_stream in calls of CHUNK samples, the state
 *                    carried (a stream as users feed it)
 *   LABEL_block      NAME(x + b, y + b, 1, 1, 1, 0, 0) for each block b
 *                    of BLOCK outputs
 *   fft_fftw         overlap-save with FFTW's r2c and c2r (FFTW_MEASURE),
 *                    the best of the transform sizes M = 2^p, 64 and
 *                    2L <= M <= 16L + 1024, each step M - L + 1 outputs
 *   fft_kgen         the same with kgen's r2c and c2r plans (KGEN_MEASURE)
 *   fir_direct       the library's FIR filter (kgen_fir_plan, maxblock
 *                    CHUNK, KGEN_MEASURE), forced to the direct form, in
 *                    calls of CHUNK samples (the state carried)
 *   fir_fft          the same forced to overlap-save
 *   fir_auto         the same with the method the plan picks (detail)
 * Every contender's outputs are checked against a long-double direct sum
 * first (rel_err, the largest error over the largest |y|); trials are
 * interleaved, each timing at least MINT seconds of calls on this
 * thread's CPU-time clock, and the best of TRIALS is kept (other
 * processes only add time).
 * Output: CSV, prec,taps,contender,ns_per_sample,rel_err,detail. */
#define _POSIX_C_SOURCE 200809L
#include <fftw3.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "timing.h"

#ifdef SINGLE
typedef float R;
#define FFTW(name) fftwf_##name
#define KPLAN kgen_planf
#define KR2C_PLAN kgen_planf_dft_r2c_1d
#define KC2R_PLAN kgen_planf_dft_c2r_1d
#define KR2C kgen_executef_r2c
#define KC2R kgen_executef_c2r
#define KDESTROY kgen_destroyf
#define FIR kgen_firf
#define FIR_(name) kgen_firf_##name
#define PREC "float"
#else
typedef double R;
#define FFTW(name) fftw_##name
#define KPLAN kgen_plan
#define KR2C_PLAN kgen_plan_dft_r2c_1d
#define KC2R_PLAN kgen_plan_dft_c2r_1d
#define KR2C kgen_execute_r2c
#define KC2R kgen_execute_c2r
#define KDESTROY kgen_destroy
#define FIR kgen_fir
#define FIR_(name) kgen_fir_##name
#define PREC "double"
#endif

#include LIST       /* taps[TAPS], K(label, name) lines */

enum { LEN = 1 << 14, CHUNK = 1024, BLOCK = 64, TRIALS = 15, MAXC = 16,
    MAXM = 1 << 16 };
static const double MINT = 2e-3;

void naive_conv(const R *h, int ntaps, const R *x, R *y, ptrdiff_t n);

#define K(label, name) \
	void name(const R *, R *, ptrdiff_t, ptrdiff_t, ptrdiff_t, \
	    ptrdiff_t, ptrdiff_t); \
	void name##_stream(R *, const R *, R *, ptrdiff_t);
KLIST
#undef K

typedef struct Ctr Ctr;
struct Ctr {
	char name[32];
	char detail[32];
	void (*run)(Ctr *);
	void (*block)(const R *, R *, ptrdiff_t, ptrdiff_t, ptrdiff_t,
	    ptrdiff_t, ptrdiff_t);
	void (*stream)(R *, const R *, R *, ptrdiff_t);
	int m;              /* fft: transform size */
	FFTW(plan) fr, fc;
	KPLAN *kr, *kc;
	R *hre, *him;       /* fft: the taps' spectrum / M, split */
	FIR *fir;           /* the library's filter */
	double best;
};

static R *xs, *x, *y;   /* x = xs + TAPS - 1: LEN samples after the history */
static R state[TAPS];
static R *buf, *re, *im, *cbuf;     /* fft work */

static void
run_naive(Ctr *c)
{
	(void)c;
	naive_conv(taps, TAPS, x, y, LEN);
}

static void
run_stream(Ctr *c)
{
	ptrdiff_t b;

	memset(state, 0, sizeof state);
	for (b = 0; b < LEN; b += CHUNK)
		c->stream(state, x + b, y + b, LEN - b < CHUNK ? LEN - b
		    : CHUNK);
}

static void
run_block(Ctr *c)
{
	ptrdiff_t b;

	for (b = 0; b + BLOCK <= LEN; b += BLOCK)
		c->block(x + b, y + b, 1, 1, 1, 0, 0);
}

static void
run_fir(Ctr *c)
{
	ptrdiff_t b;

	FIR_(reset)(c->fir);
	for (b = 0; b < LEN; b += CHUNK)
		FIR_(run)(c->fir, x + b, y + b, LEN - b < CHUNK ? LEN - b
		    : CHUNK);
}

/* Overlap-save: step s = M - L + 1; block j reads x[js - L + 1 ..
 * js - L + M] and keeps outputs L-1 .. M-1 of its circular
 * convolution. */
static void
run_fft(Ctr *c)
{
	const ptrdiff_t m = c->m, s = m - TAPS + 1;
	ptrdiff_t b, k, nk, nout;
	R a, d;

	nk = m / 2 + 1;
	for (b = 0; b < LEN; b += s) {
		nout = LEN - b < s ? LEN - b : s;
		for (k = 0; k < m; k++)
			buf[k] = b - TAPS + 1 + k < LEN ? x[b - TAPS + 1 + k]
			    : 0;
		if (c->kr) {
			KR2C(c->kr, buf, re, im);
			for (k = 0; k < nk; k++) {
				a = re[k] * c->hre[k] - im[k] * c->him[k];
				d = re[k] * c->him[k] + im[k] * c->hre[k];
				re[k] = a;
				im[k] = d;
			}
			KC2R(c->kc, re, im, buf);
		} else {
			FFTW(execute_dft_r2c)(c->fr, buf,
			    (FFTW(complex) *)cbuf);
			for (k = 0; k < nk; k++) {
				a = cbuf[2 * k] * c->hre[k] - cbuf[2 * k + 1]
				    * c->him[k];
				d = cbuf[2 * k] * c->him[k] + cbuf[2 * k + 1]
				    * c->hre[k];
				cbuf[2 * k] = a;
				cbuf[2 * k + 1] = d;
			}
			FFTW(execute_dft_c2r)(c->fc, (FFTW(complex) *)cbuf,
			    buf);
		}
		memcpy(y + b, buf + TAPS - 1, nout * sizeof *y);
	}
}

/* The taps' spectrum for size m, divided by m (c2r is unnormalised). */
static void
spectrum(Ctr *c)
{
	int k, j, nk;
	long double s, t, a;

	nk = c->m / 2 + 1;
	c->hre = malloc(nk * sizeof *c->hre);
	c->him = malloc(nk * sizeof *c->him);
	for (k = 0; k < nk; k++) {
		s = t = 0;
		for (j = 0; j < TAPS; j++) {
			a = -2 * 3.14159265358979323846264338327950288L
			    * (long double)((long)j * k % c->m) / c->m;
			s += taps[j] * cosl(a);
			t += taps[j] * sinl(a);
		}
		c->hre[k] = (R)(s / c->m);
		c->him[k] = (R)(t / c->m);
	}
}

/* This thread's CPU time: on a shared machine the time others run is
 * not counted (their cache traffic still is). */
static double
cpu(void)
{
	return clock_seconds(CLOCK_THREAD_CPUTIME_ID);
}

static double
timeit(Ctr *c)
{
	double t, t0;
	long reps, r;

	reps = 1;
	for (;;) {
		t0 = cpu();
		for (r = 0; r < reps; r++)
			c->run(c);
		t = cpu() - t0;
		if (t >= MINT)
			return t / reps;
		reps *= t > MINT / 8 ? 2 : 8;
	}
}

/* The largest |y - direct sum| over the largest |direct sum|. */
static double
check(const long double *ref, long double top)
{
	long double e, worst;
	ptrdiff_t i;

	worst = 0;
	for (i = 0; i < LEN; i++) {
		e = fabsl(y[i] - ref[i]);
		if (!(e <= worst))
			worst = e;
	}
	return (double)(worst / top);
}

int
main(void)
{
	static Ctr c[MAXC];
	long double *ref, top;
	unsigned long long st;
	ptrdiff_t i;
	int n, k, t, m, fft0;
	double err[MAXC];

	xs = FFTW(malloc)((LEN + TAPS) * sizeof *xs);
	y = FFTW(malloc)(LEN * sizeof *y);
	buf = FFTW(malloc)(MAXM * sizeof *buf);
	re = FFTW(malloc)((MAXM + 2) * sizeof *re);
	im = FFTW(malloc)((MAXM + 2) * sizeof *im);
	cbuf = FFTW(malloc)((MAXM + 2) * sizeof *cbuf);
	ref = malloc(LEN * sizeof *ref);
	x = xs + TAPS - 1;
	memset(xs, 0, (TAPS - 1) * sizeof *xs);
	st = 12345;
	for (i = 0; i < LEN; i++) {
		st = st * 6364136223846793005ULL + 1442695040888963407ULL;
		x[i] = (R)((double)(st >> 11) / 9007199254740992.0 * 2 - 1);
	}
	top = 0;
	for (i = 0; i < LEN; i++) {
		ref[i] = 0;
		for (k = 0; k < TAPS; k++)
			ref[i] += (long double)taps[k] * x[i - k];
		if (fabsl(ref[i]) > top)
			top = fabsl(ref[i]);
	}
	n = 0;
	strcpy(c[n].name, "naive");
	c[n++].run = run_naive;
#define K(label, fn) \
	snprintf(c[n].name, sizeof c[n].name, "%s_stream", #label); \
	snprintf(c[n].detail, sizeof c[n].detail, "chunk %d", CHUNK); \
	c[n].stream = fn##_stream; \
	c[n++].run = run_stream; \
	snprintf(c[n].name, sizeof c[n].name, "%s_block", #label); \
	snprintf(c[n].detail, sizeof c[n].detail, "block %d", BLOCK); \
	c[n].block = fn; \
	c[n++].run = run_block;
	KLIST
#undef K
	/* FFT convolution: the best M of each library, raced here */
	fft0 = n;
	for (t = 0; t < 2; t++) {
		Ctr best;
		double bt = 1e30, tt;

		for (m = 64; m <= MAXM && m <= 16 * TAPS + 1024; m *= 2) {
			Ctr d;

			if (m < 2 * TAPS)
				continue;
			memset(&d, 0, sizeof d);
			d.m = m;
			d.run = run_fft;
			if (t == 0) {
				d.fr = FFTW(plan_dft_r2c_1d)(m, buf,
				    (FFTW(complex) *)cbuf, FFTW_MEASURE);
				d.fc = FFTW(plan_dft_c2r_1d)(m,
				    (FFTW(complex) *)cbuf, buf, FFTW_MEASURE);
			} else {
				d.kr = KR2C_PLAN(m, KGEN_MEASURE);
				d.kc = KC2R_PLAN(m, KGEN_MEASURE);
				if (!d.kr || !d.kc)
					continue;
			}
			spectrum(&d);
			tt = 1e30;
			for (k = 0; k < 3; k++) {
				double u = timeit(&d);

				if (u < tt)
					tt = u;
			}
			if (tt < bt) {
				bt = tt;
				best = d;
			}
		}
		if (bt < 1e30) {
			c[n] = best;
			snprintf(c[n].name, sizeof c[n].name, "%s",
			    t ? "fft_kgen" : "fft_fftw");
			snprintf(c[n].detail, sizeof c[n].detail, "M %d",
			    best.m);
			n++;
		}
	}
	(void)fft0;
	for (t = 0; t < 3; t++) {
		static const unsigned fl[3] = { KGEN_FIR_DIRECT, KGEN_FIR_FFT,
		    0 };
		static const char *nm[3] = { "fir_direct", "fir_fft",
		    "fir_auto" };

		memset(&c[n], 0, sizeof c[n]);
		c[n].fir = FIR_(plan)(TAPS, taps, CHUNK, fl[t] | KGEN_MEASURE);
		if (!c[n].fir)
			continue;
		c[n].run = run_fir;
		snprintf(c[n].name, sizeof c[n].name, "%s", nm[t]);
		snprintf(c[n].detail, sizeof c[n].detail, "chunk %d%s", CHUNK,
		    t < 2 ? "" : FIR_(method)(c[n].fir) == KGEN_FIR_FFT
		    ? " picks fft" : " picks direct");
		n++;
	}
	for (k = 0; k < n; k++) {
		memset(y, 0, LEN * sizeof *y);
		c[k].run(&c[k]);
		err[k] = check(ref, top);
		c[k].best = 1e30;
	}
	for (t = 0; t < TRIALS; t++)
		for (k = 0; k < n; k++) {
			double u = timeit(&c[(k + t) % n]);

			if (u < c[(k + t) % n].best)
				c[(k + t) % n].best = u;
		}
	for (k = 0; k < n; k++)
		printf("%s,%d,%s,%.4f,%.3g,%s\n", PREC, TAPS, c[k].name,
		    c[k].best * 1e9 / LEN, err[k], c[k].detail);
	return 0;
}
