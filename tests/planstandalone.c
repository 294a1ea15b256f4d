/* planstandalone.c: measures standalone large kernels (kgen fft -n N for
 * N > 1024: codelets plus a fixed plan in one file) against FFTW.  Built
 * with the generated files and a list of them:
 *   cc -DLIST='"list.h"' planstandalone.c fft_*.c -lfftw3 -lm
 * where list.h holds lines X(n, sign, name).  Prints "name maxrelerr
 * guardhits" per kernel (split arrays, out of place, guard values after
 * the outputs, the input checked unchanged); the bound lives in
 * tests/test_plan.py. */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define X(n, sign, name) void name(const double *, const double *, \
    double *, double *);
#include LIST
#undef X

static const struct {
	int n, sign;
	const char *name;
	void (*fn)(const double *, const double *, double *, double *);
} tab[] = {
#define X(n, sign, name) {n, sign, #name, name},
#include LIST
#undef X
};

static const double GUARD = -7.25e3;
static unsigned long long state = 31337;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

int
main(void)
{
	size_t t;
	int n, k;
	double *in, *out, *copy, err, mag, e;
	fftw_complex *x, *y;
	fftw_plan p;
	long guards;

	printf("seed %llu\n", state);
	for (t = 0; t < sizeof tab / sizeof *tab; t++) {
		n = tab[t].n;
		in = malloc(2 * n * sizeof *in);
		copy = malloc(2 * n * sizeof *copy);
		out = malloc((2 * n + 8) * sizeof *out);
		x = fftw_malloc(n * sizeof *x);
		y = fftw_malloc(n * sizeof *y);
		p = fftw_plan_dft_1d(n, x, y, tab[t].sign, FFTW_ESTIMATE);
		for (k = 0; k < 2 * n; k++)
			in[k] = copy[k] = rnd();
		for (k = 0; k < 2 * n + 8; k++)
			out[k] = GUARD;
		for (k = 0; k < n; k++) {
			x[k][0] = in[k];
			x[k][1] = in[n + k];
		}
		fftw_execute(p);
		/* ro = out[0..n), io = out[n+4..2n+4), guards around both */
		tab[t].fn(in, in + n, out, out + n + 4);
		err = mag = 0;
		for (k = 0; k < n; k++) {
			e = hypot(out[k] - y[k][0], out[n + 4 + k] - y[k][1]);
			if (e > err || isnan(e))
				err = isnan(e) ? INFINITY : e;
			e = hypot(y[k][0], y[k][1]);
			if (e > mag)
				mag = e;
		}
		guards = 0;
		for (k = 0; k < 4; k++)
			guards += (out[n + k] != GUARD)
			    + (out[2 * n + 4 + k] != GUARD);
		guards += memcmp(in, copy, 2 * n * sizeof *in) != 0;
		printf("%s %.3e %ld\n", tab[t].name, mag > 0 ? err / mag : err,
		    guards);
		fftw_destroy_plan(p);
		fftw_free(x);
		fftw_free(y);
		free(in);
		free(copy);
		free(out);
	}
	return 0;
}
