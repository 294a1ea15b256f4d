/* bigcheck.c: one-dimensional plans on threads (runtime/planbig.c)
 * against FFTW in double.
 *   bigcheck [-m] N T HOWMANY   check
 *   bigcheck [-m] -b N REPS     time 1 and 2 threads
 * Check: kgen_plan_with_nthreads(T), then for both signs, in and out of
 * place, each of the calls
 *   dft    kgen_plan_dft_1d (HOWMANY 1 only), kgen_execute_dft;
 *   many   kgen_plan_many_dft(N, HOWMANY, 1, N), kgen_execute_dft;
 *   split  the same plan, kgen_execute on split arrays;
 *   inter  kgen_plan_many_dft(N, HOWMANY, 2, 2N), kgen_execute with
 *          ii = ri + 1
 * prints "API SIGN PLACE N HOWMANY ERR INPUT": ERR the largest error
 * of an output (its modulus) relative to the largest output, INPUT the
 * values an out-of-place call changed in its input (-1: the plan or
 * the execute failed).  The first line is "# " and the first line of
 * kgen_plan_describe of the dft (HOWMANY 1) or many plan.  -m plans
 * with KGEN_MEASURE.  Built with -DSINGLE the float calls, against
 * FFTW in double on the same inputs.
 * -b: seconds of one in-place kgen_execute_dft of kgen_plan_dft_1d(N)
 * (-m: KGEN_MEASURE), the least of 2 REPS (1 thread, 2, 2, 1), on 1
 * thread and on 2, and the ratio. */
#define _POSIX_C_SOURCE 200112L
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kgen.h"

#ifdef SINGLE
typedef float R;
typedef kgen_complexf C;
typedef kgen_planf PLAN;
#define PL(x) kgen_planf_##x
#define EXEC kgen_executef
#define EXEC_DFT kgen_executef_dft
#define DESTROY kgen_destroyf
#else
typedef double R;
typedef kgen_complex C;
typedef kgen_plan PLAN;
#define PL(x) kgen_plan_##x
#define EXEC kgen_execute
#define EXEC_DFT kgen_execute_dft
#define DESTROY kgen_destroy
#endif

static unsigned long long state = 12345;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 - 0.5;
}

static void *
xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fprintf(stderr, "bigcheck: out of memory\n");
		exit(2);
	}
	return p;
}

/* the reference: FFTW in double of x (tot pairs, h transforms of n) */
static void
reference(const R *x, int n, int h, int sign, fftw_complex *ref)
{
	fftw_complex *in;
	fftw_plan fp;
	size_t k, tot = (size_t)n * h;

	in = fftw_malloc(tot * sizeof *in);
	for (k = 0; k < tot; k++) {
		in[k][0] = x[2 * k];
		in[k][1] = x[2 * k + 1];
	}
	fp = fftw_plan_many_dft(1, &n, h, in, 0, 1, n, ref, 0, 1, n, sign,
	    FFTW_ESTIMATE);
	fftw_execute(fp);
	fftw_destroy_plan(fp);
	fftw_free(in);
}

/* largest |y - ref| / largest |ref|, y's pair k at yr[k rs], yi[k rs] */
static double
error(const R *yr, const R *yi, size_t rs, const fftw_complex *ref,
    size_t tot)
{
	double e = 0, m = 0, d, a;
	size_t k;

	for (k = 0; k < tot; k++) {
		d = hypot(yr[k * rs] - ref[k][0], yi[k * rs] - ref[k][1]);
		a = hypot(ref[k][0], ref[k][1]);
		if (d > e)
			e = d;
		if (a > m)
			m = a;
	}
	return m > 0 ? e / m : e;
}

/* One call: api 0 dft, 1 many, 2 split, 3 inter; x interleaved input
 * (tot pairs); prints its line. */
static void
check(int api, int sign, int inplace, int n, int h, unsigned flags,
    const R *x, const fftw_complex *ref)
{
	static const char *const name[] = { "dft", "many", "split", "inter" };
	size_t tot = (size_t)n * h, k, changed;
	R *a, *b, *yr, *yi;
	PLAN *p;
	int st;

	a = xmalloc(2 * tot * sizeof *a);
	b = xmalloc(2 * tot * sizeof *b);
	p = api == 0 ? PL(dft_1d)(n, sign, flags)
	    : api == 3 ? PL(many_dft)(n, h, 2, 2 * (ptrdiff_t)n, sign, flags)
	    : PL(many_dft)(n, h, 1, n, sign, flags);
	if (api == 2)
		for (k = 0; k < tot; k++) {
			a[k] = x[2 * k];
			a[tot + k] = x[2 * k + 1];
		}
	else
		memcpy(a, x, 2 * tot * sizeof *a);
	for (k = 0; k < 2 * tot; k++)
		b[k] = (R)-7.25e3;
	yr = inplace ? a : b;
	st = -1;
	if (p && api == 2)
		st = EXEC(p, a, a + tot, yr, yr + tot);
	else if (p && api == 3)
		st = EXEC(p, a, a + 1, yr, yr + 1);
	else if (p)
		st = EXEC_DFT(p, (const C *)a, (C *)yr);
	yi = api == 2 ? yr + tot : yr + 1;
	changed = 0;
	if (!inplace)
		for (k = 0; k < tot; k++)
			changed += api == 2 ? a[k] != x[2 * k]
			    || a[tot + k] != x[2 * k + 1] : a[2 * k] != x[2 * k]
			    || a[2 * k + 1] != x[2 * k + 1];
	printf("%s %d %s %d %d %.3g %ld\n", name[api], sign,
	    inplace ? "in" : "out", n, h, st ? 1.0 : error(yr, yi,
	    api == 2 ? 1 : 2, ref, tot), st ? -1L : (long)changed);
	DESTROY(p);
	free(a);
	free(b);
}

static void
describe(int n, int h, unsigned flags)
{
	PLAN *p;
	char *s, *e;

	p = h == 1 ? PL(dft_1d)(n, -1, flags) : PL(many_dft)(n, h, 1, n, -1,
	    flags);
	s = p ? PL(describe)(p) : 0;
	if (s && (e = strchr(s, '\n')))
		*e = 0;
	printf("# %s\n", s ? s : "(none)");
	free(s);
	DESTROY(p);
}

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* the least of reps in-place transforms of size n on t threads */
static double
timing(int n, int t, int reps, unsigned flags)
{
	PLAN *p;
	C *x;
	double best = 1e30, s;
	int k;

	kgen_plan_with_nthreads(t);
	p = PL(dft_1d)(n, -1, flags);
	x = xmalloc((size_t)n * sizeof *x);
	for (k = 0; k < n; k++) {
		x[k][0] = (R)rnd();
		x[k][1] = (R)rnd();
	}
	if (!p)
		return -1;
	EXEC_DFT(p, x, x);
	while (reps-- > 0) {
		s = now();
		EXEC_DFT(p, x, x);
		s = now() - s;
		if (s < best)
			best = s;
	}
	DESTROY(p);
	free(x);
	return best;
}

int
main(int argc, char **argv)
{
	fftw_complex *ref[2];
	unsigned flags = 0;
	int n, t, h, api, s, in;
	double t1, t2;
	size_t tot, k;
	R *x;

	if (argc > 1 && !strcmp(argv[1], "-m")) {
		flags = KGEN_MEASURE;
		argv++;
		argc--;
	}
	if (argc == 4 && !strcmp(argv[1], "-b")) {
		n = atoi(argv[2]);
		t1 = timing(n, 1, atoi(argv[3]), flags);
		t2 = timing(n, 2, atoi(argv[3]), flags);
		/* again, in the other order: neither gains by going second */
		t2 = fmin(t2, timing(n, 2, atoi(argv[3]), flags));
		t1 = fmin(t1, timing(n, 1, atoi(argv[3]), flags));
		printf("%d %.1f us %.1f us %.2fx\n", n, t1 * 1e6, t2 * 1e6,
		    t1 / t2);
		return 0;
	}
	if (argc != 4) {
		fprintf(stderr, "usage: bigcheck [-m] N T HOWMANY | "
		    "[-m] -b N REPS\n");
		return 2;
	}
	n = atoi(argv[1]);
	t = atoi(argv[2]);
	h = atoi(argv[3]);
	if (n < 1 || t < 1 || h < 1 || kgen_plan_with_nthreads(t))
		return 2;
	tot = (size_t)n * h;
	x = xmalloc(2 * tot * sizeof *x);
	for (k = 0; k < 2 * tot; k++)
		x[k] = (R)rnd();
	for (s = 0; s < 2; s++) {
		ref[s] = fftw_malloc(tot * sizeof **ref);
		reference(x, n, h, s ? 1 : -1, ref[s]);
	}
	describe(n, h, flags);
	for (api = h == 1 ? 0 : 1; api < 4; api++)
		for (s = 0; s < 2; s++)
			for (in = 0; in < 2; in++)
				check(api, s ? 1 : -1, in, n, h, flags, x,
				    ref[s]);
	fftw_free(ref[0]);
	fftw_free(ref[1]);
	free(x);
	return 0;
}
