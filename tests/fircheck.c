/* fircheck.c: kgen_fir (double; float with -DSINGLE) against a direct
 * sum in long double (tests/test_fir.py runs it).
 * usage: fircheck L METHOD MAXBLOCK CHUNKING N
 *   METHOD    direct | fft | auto (the flags KGEN_FIR_DIRECT,
 *             KGEN_FIR_FFT, 0)
 *   CHUNKING  one (one call), single (one sample a call), random (calls
 *             of 0 .. 2 MAXBLOCK samples, seeded), big (calls of
 *             3 MAXBLOCK + 1 samples)
 * The taps and the N samples are random in [-1, 1].  Checks: every
 * output within the bound of the error of any order of summation,
 *   |y[i] - ref[i]| <= 8 eps (1 + log2 L) S[i] + 8 eps S,
 * S[i] = sum_k |h[k] x[i-k]| (long double), S = the largest S[i]
 * (the FFT method's error spreads over a block: the second term); and
 * after kgen_fir_reset the same outputs again, for the direct form the
 * same to the bit as one call over the whole signal.  Prints the method
 * the plan chose and the largest error over S; exit 1 on a failure.
 * usage: fircheck bad   the refusals of kgen.h's FIR section. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

#ifdef SINGLE
typedef float R;
#define P(name) kgen_firf_##name
typedef kgen_firf Fir;
#define EPS 5.9604644775390625e-8
#else
typedef double R;
#define P(name) kgen_fir_##name
typedef kgen_fir Fir;
#define EPS 1.1102230246251565e-16
#endif

static unsigned long long st = 4812;

static double
rnd(void)
{
	st = st * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(st >> 11) / 9007199254740992.0;
}

/* filters x into y in calls as chunking says */
static int
stream(Fir *f, const R *x, R *y, size_t n, const char *chunking, int mb)
{
	size_t i, k;

	for (i = 0; i < n; i += k) {
		if (!strcmp(chunking, "one"))
			k = n;
		else if (!strcmp(chunking, "single"))
			k = 1;
		else if (!strcmp(chunking, "big"))
			k = 3 * (size_t)mb + 1;
		else
			k = (size_t)(rnd() * (2 * mb + 1));
		if (k > n - i)
			k = n - i;
		if (P(run)(f, x + i, y + i, k) != KGEN_OK)
			return 1;
	}
	return 0;
}

static int
bad(void)
{
	R h[4] = { 1, 2, 3, 4 }, x[4] = { 0 }, y[4];
	int16_t q[4] = { 1, 2, 3, 4 };
	Fir *f;
	int fails = 0;

#define EXPECT(c) do { if (!(c)) { printf("FAIL: %s\n", #c); \
	fails++; } } while (0)
	EXPECT(!P(plan)(0, h, 16, 0));
	EXPECT(!P(plan)(-1, h, 16, 0));
	EXPECT(!P(plan)(KGEN_FIR_MAX + 1, h, 16, 0));
	EXPECT(!P(plan)(4, NULL, 16, 0));
	EXPECT(!P(plan)(4, h, 0, 0));
	EXPECT(!P(plan)(4, h, -5, 0));
	EXPECT(!P(plan)(4, h, KGEN_FIR_MAX + 1, 0));
	EXPECT(!P(plan)(4, h, 16, KGEN_FIR_DIRECT | KGEN_FIR_FFT));
	EXPECT(!P(plan)(4, h, 16, 8));
	EXPECT(!P(plan)(4, h, 16, 1U << 31));
	EXPECT(P(run)(NULL, x, y, 4) == KGEN_EINVAL);
	EXPECT(P(reset)(NULL) == KGEN_EINVAL);
	EXPECT(P(method)(NULL) == KGEN_EINVAL);
	P(destroy)(NULL);
	f = P(plan)(4, h, 16, KGEN_MEASURE);
	EXPECT(f != NULL);
	y[0] = 7;
	EXPECT(P(run)(f, NULL, y, 4) == KGEN_EINVAL);
	EXPECT(P(run)(f, x, NULL, 4) == KGEN_EINVAL);
	EXPECT(y[0] == 7);
	EXPECT(P(run)(f, NULL, NULL, 0) == KGEN_OK);
	EXPECT(P(method)(f) == KGEN_FIR_DIRECT);
	P(destroy)(f);
	EXPECT(!kgen_fir_q15_plan(0, q, 16, 0));
	EXPECT(!kgen_fir_q15_plan(4, NULL, 16, 0));
	EXPECT(!kgen_fir_q15_plan(4, q, 0, 0));
	EXPECT(!kgen_fir_q15_plan(4, q, 16, KGEN_FIR_FFT));
	EXPECT(!kgen_fir_q15_plan(4, q, 16, 16));
	EXPECT(!P(plan)(4, h, 16, KGEN_FIR_ROUND));
	EXPECT(kgen_fir_q15_run(NULL, q, q, 4) == KGEN_EINVAL);
	EXPECT(kgen_fir_q15_reset(NULL) == KGEN_EINVAL);
	kgen_fir_q15_destroy(NULL);
	printf("bad: %d failures\n", fails);
	return fails != 0;
}

int
main(int argc, char **argv)
{
	long double *ref, *abss, s, top;
	R *h, *x, *y, *y1;
	Fir *f;
	int L, mb, k, fails = 0;
	unsigned flags;
	size_t n, i;
	double e, worst = 0, b1;

	if (argc == 2 && !strcmp(argv[1], "bad"))
		return bad();
	if (argc != 6) {
		fprintf(stderr, "usage: fircheck L METHOD MAXBLOCK CHUNKING N\n");
		return 2;
	}
	L = atoi(argv[1]);
	flags = !strcmp(argv[2], "direct") ? KGEN_FIR_DIRECT
	    : !strcmp(argv[2], "fft") ? KGEN_FIR_FFT : 0;
	mb = atoi(argv[3]);
	n = (size_t)atol(argv[5]);
	h = malloc(L * sizeof *h);
	x = malloc(n * sizeof *x);
	y = malloc(n * sizeof *y);
	y1 = malloc(n * sizeof *y1);
	ref = malloc(n * sizeof *ref);
	abss = malloc(n * sizeof *abss);
	for (k = 0; k < L; k++)
		h[k] = (R)(2 * rnd() - 1);
	for (i = 0; i < n; i++)
		x[i] = (R)(2 * rnd() - 1);
	top = 0;
	for (i = 0; i < n; i++) {
		ref[i] = abss[i] = 0;
		for (k = 0; k < L && (size_t)k <= i; k++) {
			s = (long double)h[k] * x[i - k];
			ref[i] += s;
			abss[i] += fabsl(s);
		}
		if (abss[i] > top)
			top = abss[i];
	}
	f = P(plan)(L, h, mb, flags);
	if (!f) {
		printf("FAIL: no plan\n");
		return 1;
	}
	b1 = 8 * EPS * (1 + log2(L));
	for (k = 0; k < 2; k++) {
		if (k)
			P(reset)(f);
		memset(y, 0, n * sizeof *y);
		if (stream(f, x, y, n, argv[4], mb)) {
			printf("FAIL: run\n");
			return 1;
		}
		for (i = 0; i < n; i++) {
			e = (double)fabsl(y[i] - ref[i]);
			if (!(e <= b1 * abss[i] + 8 * EPS * top)) {
				if (fails++ < 5)
					printf("FAIL: y[%zu] = %.17g, ref %.17Lg\n",
					    i, (double)y[i], ref[i]);
			}
			if (!(e / top <= worst))
				worst = e / top;
		}
	}
	if (P(method)(f) == KGEN_FIR_DIRECT) {
		/* the same to the bit as one call */
		Fir *g = P(plan)(L, h, mb, KGEN_FIR_DIRECT);

		P(run)(g, x, y1, n);
		if (memcmp(y, y1, n * sizeof *y)) {
			printf("FAIL: chunked %s differs from one call\n",
			    argv[4]);
			fails++;
		}
		P(destroy)(g);
	}
	printf("%s L %d: %s, err %.3g\n", argv[4], L,
	    P(method)(f) == KGEN_FIR_FFT ? "fft" : "direct", worst);
	P(destroy)(f);
	free(h);
	free(x);
	free(y);
	free(y1);
	free(ref);
	free(abss);
	return fails != 0;
}
