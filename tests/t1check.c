/* t1check.c: measures twiddle (t1) codelets against FFTW.
 * Built with the codelets and a list of them:
 *   cc -DLIST='"t1list.h"' t1check.c t1_*.c -lfftw3 -lm
 * where t1list.h holds lines X(radix, sign, name).  For each codelet it
 * does one radix-r DIT step of a size n = r*m DFT: FFTW makes the r
 * sub-DFTs of size m, the codelet combines them in place with FFTW's
 * twiddle table, and the result is compared with FFTW's size-n DFT.
 * Layouts: split (ms 1), interleaved (ii = ri + 1, doubled strides),
 * the butterflies in two calls (mb > 0), and a large ms with rs = 1.
 * Prints "name layout maxrelerr guardhits"; the bound lives in the
 * Python test (tests/test_t1.py). */
#include <fftw3.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define X(r, sign, name) void name(double *ri, double *ii, const double *W, \
    ptrdiff_t rs, ptrdiff_t mb, ptrdiff_t me, ptrdiff_t ms);
#include LIST
#undef X

typedef void T1(double *, double *, const double *, ptrdiff_t, ptrdiff_t,
    ptrdiff_t, ptrdiff_t);
static const struct {
	int r, sign;
	const char *name;
	T1 *fn;
} tab[] = {
#define X(r, sign, name) {r, sign, #name, name},
#include LIST
#undef X
};

static const double GUARD = -7.25e3;
static unsigned long long state = 12345;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

enum { SPLIT, INTERLEAVED, TWOCALLS, TRANSPOSED, NLAYOUT };
static const char *const lname[] = {"split", "interleaved", "two-calls",
    "transposed"};

static void
check(int t, int layout, int m)
{
	int r, n, j, k, sign;
	double *buf, *W, *ri, *ii, err, mag, e;
	ptrdiff_t rs, ms, pad, len, c;
	fftw_complex *x, *sub, *subo, *ref;
	fftw_plan p, ps;
	long guards;
	char *touched;

	r = tab[t].r;
	sign = tab[t].sign;
	n = r * m;
	pad = 5;
	len = 2 * (ptrdiff_t)n + 2 * pad;
	buf = malloc(len * sizeof *buf);
	touched = calloc(len, 1);
	for (c = 0; c < len; c++)
		buf[c] = GUARD;
	x = fftw_malloc(n * sizeof *x);
	ref = fftw_malloc(n * sizeof *ref);
	sub = fftw_malloc(m * sizeof *sub);
	subo = fftw_malloc(m * sizeof *subo);
	for (k = 0; k < n; k++) {
		x[k][0] = rnd();
		x[k][1] = rnd();
	}
	p = fftw_plan_dft_1d(n, x, ref, sign, FFTW_ESTIMATE);
	fftw_execute(p);
	ps = fftw_plan_dft_1d(m, sub, subo, sign, FFTW_ESTIMATE);
	/* element (j, k) of the butterfly array: sub-DFT j, output k */
	if (layout == INTERLEAVED) {
		ri = buf + pad;
		ii = ri + 1;
		rs = 2 * (ptrdiff_t)m;
		ms = 2;
	} else if (layout == TRANSPOSED) {
		ri = buf + pad;
		ii = ri + n;
		rs = 1;
		ms = r;
	} else {
		ri = buf + pad;
		ii = ri + n;
		rs = m;
		ms = 1;
	}
	for (j = 0; j < r; j++) {
		for (k = 0; k < m; k++) {
			sub[k][0] = x[k * r + j][0];
			sub[k][1] = x[k * r + j][1];
		}
		fftw_execute(ps);
		for (k = 0; k < m; k++) {
			ri[j * rs + k * ms] = subo[k][0];
			ii[j * rs + k * ms] = subo[k][1];
		}
	}
	W = malloc((size_t)m * 2 * (r - 1) * sizeof *W);
	for (k = 0; k < m; k++)
		for (j = 1; j < r; j++) {
			long double a = 2 * 3.141592653589793238462643383279L
			    * ((long)j * k % n) / n;
			W[k * 2 * (r - 1) + 2 * (j - 1)] = (double)cosl(a);
			W[k * 2 * (r - 1) + 2 * (j - 1) + 1] = (double)sinl(a);
		}
	if (layout == TWOCALLS) {
		tab[t].fn(ri, ii, W, rs, 0, m / 3, ms);
		tab[t].fn(ri + m / 3 * ms, ii + m / 3 * ms, W, rs, m / 3, m, ms);
	} else {
		tab[t].fn(ri, ii, W, rs, 0, m, ms);
	}
	err = mag = 0;
	for (j = 0; j < r; j++)
		for (k = 0; k < m; k++) {
			c = j * rs + k * ms;
			touched[ri - buf + c] = touched[ii - buf + c] = 1;
			e = hypot(ri[c] - ref[j * m + k][0],
			    ii[c] - ref[j * m + k][1]);
			if (e > err || isnan(e))
				err = isnan(e) ? INFINITY : e;
			e = hypot(ref[j * m + k][0], ref[j * m + k][1]);
			if (e > mag)
				mag = e;
		}
	guards = 0;
	for (c = 0; c < len; c++)
		if (!touched[c] && buf[c] != GUARD)
			guards++;
	printf("%s %s %.3e %ld\n", tab[t].name, lname[layout],
	    mag > 0 ? err / mag : err, guards);
	fftw_destroy_plan(p);
	fftw_destroy_plan(ps);
	fftw_free(x);
	fftw_free(ref);
	fftw_free(sub);
	fftw_free(subo);
	free(W);
	free(buf);
	free(touched);
}

int
main(int argc, char **argv)
{
	size_t t;
	int l, m;

	m = argc > 1 ? atoi(argv[1]) : 12;
	printf("seed %llu m %d\n", state, m);
	for (t = 0; t < sizeof tab / sizeof *tab; t++)
		for (l = 0; l < NLAYOUT; l++)
			check((int)t, l, m);
	return 0;
}
