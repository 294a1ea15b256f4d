/* selfcheck.c: checks n1 codelets without FFTW, the way FFTW's own
 * self-test does (Frigo and Johnson, "The design and implementation of
 * FFTW3", Proc. IEEE 93(2), 2005, section on testing): a transform is
 * the DFT if it is linear, maps each impulse to the right exponential,
 * and turns a time shift into a phase ramp.  A direct O(n^2) DFT in long
 * double on random data is a fourth check.  It only measures; the bound
 * lives in tests/test_selfcheck.py.
 *
 * build: cc -DREAL=double -DLIST='"list.h"' selfcheck.c codelets... -lm
 *        list.h holds lines C(name, n, sign)
 * usage: selfcheck [SEED]
 * prints "seed S", then "name n sign check relerr" for the checks
 * linearity, impulse, shift and direct.  Relative error: the largest
 * difference over the largest magnitude of the expected values. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL double
#endif

typedef void Fn(const REAL *ri, const REAL *ii, REAL *ro, REAL *io,
    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);

typedef struct Entry Entry;
struct Entry {
	const char *name;
	int n, sign;
	Fn *fn;
};

#define C(name, n, sign) Fn name;
#include LIST
#undef C
static const Entry list[] = {
#define C(name, n, sign) {#name, n, sign, name},
#include LIST
#undef C
};

static unsigned long long state;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

/* Complex vectors of one transform: split arrays in REAL for the codelet,
 * and the expected values in long double. */
typedef struct Vec Vec;
struct Vec {
	REAL *r, *i;
};

static int n, sign;
static const Entry *cur;
static long double *er, *ei;   /* expected output */

static Vec
vec(void)
{
	Vec v;

	v.r = calloc(n, sizeof *v.r);
	v.i = calloc(n, sizeof *v.i);
	return v;
}

static void
dft(Vec x, Vec y)
{
	cur->fn(x.r, x.i, y.r, y.i, 1, 1, 1, 0, 0);
}

static void
randvec(Vec x)
{
	int k;

	for (k = 0; k < n; k++) {
		x.r[k] = (REAL)rnd();
		x.i[k] = (REAL)rnd();
	}
}

/* exp(sign 2 pi i m / n) in long double, m reduced first so the
 * argument stays small. */
static void
root(long m, long double *c, long double *s)
{
	long double a;

	m %= n;
	a = 2 * 3.141592653589793238462643383279502884L * m / n;
	*c = cosl(a);
	*s = sign * sinl(a);
}

/* Largest |y - expected| over largest |expected|. */
static double
relerr(Vec y)
{
	long double d, m, dm, mm;
	int k;

	dm = mm = 0;
	for (k = 0; k < n; k++) {
		d = hypotl(y.r[k] - er[k], y.i[k] - ei[k]);
		m = hypotl(er[k], ei[k]);
		if (!(d <= dm))
			dm = isnan(d) ? INFINITY : d;
		if (m > mm)
			mm = m;
	}
	return (double)(mm > 0 ? dm / mm : dm);
}

static void
report(const char *check, double err)
{
	printf("%s %d %d %s %.3e\n", cur->name, n, sign, check, err);
}

/* F(a x + b y) against a F(x) + b F(y), a and b random complex. */
static void
linearity(void)
{
	Vec x, y, z, fx, fy, fz;
	long double ar, ai, br, bi;
	int k;

	x = vec(), y = vec(), z = vec();
	fx = vec(), fy = vec(), fz = vec();
	randvec(x);
	randvec(y);
	ar = rnd(), ai = rnd(), br = rnd(), bi = rnd();
	for (k = 0; k < n; k++) {
		z.r[k] = (REAL)(ar * x.r[k] - ai * x.i[k]
		    + br * y.r[k] - bi * y.i[k]);
		z.i[k] = (REAL)(ar * x.i[k] + ai * x.r[k]
		    + br * y.i[k] + bi * y.r[k]);
	}
	dft(x, fx);
	dft(y, fy);
	dft(z, fz);
	for (k = 0; k < n; k++) {
		er[k] = ar * fx.r[k] - ai * fx.i[k] + br * fy.r[k]
		    - bi * fy.i[k];
		ei[k] = ar * fx.i[k] + ai * fx.r[k] + br * fy.i[k]
		    + bi * fy.r[k];
	}
	report("linearity", relerr(fz));
	free(x.r), free(x.i), free(y.r), free(y.i), free(z.r), free(z.i);
	free(fx.r), free(fx.i), free(fy.r), free(fy.i), free(fz.r);
	free(fz.i);
}

/* The impulse at m goes to exp(sign 2 pi i m k / n); every m up to 64,
 * then 64 of them, spread out, including 0, 1 and n - 1. */
static void
impulse(void)
{
	Vec x, y;
	double err, e;
	long m, t, nm;
	int k;

	x = vec(), y = vec();
	err = 0;
	nm = n < 64 ? n : 64;
	for (t = 0; t < nm; t++) {
		/* beyond 64 the odd offsets keep m off a regular grid */
		m = t == nm - 1 ? n - 1 : t * n / nm + (n > nm ? t % 3 : 0);
		x.r[m] = 1;
		dft(x, y);
		x.r[m] = 0;
		for (k = 0; k < n; k++)
			root(m * k, &er[k], &ei[k]);
		e = relerr(y);
		if (!(e <= err))
			err = e;
	}
	report("impulse", err);
	free(x.r), free(x.i), free(y.r), free(y.i);
}

/* x shifted by one, x'[m] = x[m - 1 mod n], has F(x')[k] = F(x)[k]
 * exp(sign 2 pi i k / n). */
static void
shift(void)
{
	Vec x, xs, fx, fs;
	long double c, s;
	int k;

	x = vec(), xs = vec(), fx = vec(), fs = vec();
	randvec(x);
	for (k = 0; k < n; k++) {
		xs.r[(k + 1) % n] = x.r[k];
		xs.i[(k + 1) % n] = x.i[k];
	}
	dft(x, fx);
	dft(xs, fs);
	for (k = 0; k < n; k++) {
		root(k, &c, &s);
		er[k] = fx.r[k] * c - fx.i[k] * s;
		ei[k] = fx.r[k] * s + fx.i[k] * c;
	}
	report("shift", relerr(fs));
	free(x.r), free(x.i), free(xs.r), free(xs.i);
	free(fx.r), free(fx.i), free(fs.r), free(fs.i);
}

/* The definition, summed in long double. */
static void
direct(void)
{
	Vec x, y;
	long double c, s;
	int k, m;

	x = vec(), y = vec();
	randvec(x);
	dft(x, y);
	for (k = 0; k < n; k++) {
		er[k] = ei[k] = 0;
		for (m = 0; m < n; m++) {
			root((long)m * k, &c, &s);
			er[k] += x.r[m] * c - x.i[m] * s;
			ei[k] += x.r[m] * s + x.i[m] * c;
		}
	}
	report("direct", relerr(y));
	free(x.r), free(x.i), free(y.r), free(y.i);
}

int
main(int argc, char **argv)
{
	unsigned long long seed;
	size_t i;

	seed = argc > 1 ? strtoull(argv[1], 0, 10) : 12345;
	printf("seed %llu\n", seed);
	for (i = 0; i < sizeof list / sizeof *list; i++) {
		cur = &list[i];
		n = cur->n;
		sign = cur->sign;
		state = seed ^ ((unsigned long long)n * 1000003u + (sign > 0));
		er = malloc(n * sizeof *er);
		ei = malloc(n * sizeof *ei);
		linearity();
		impulse();
		shift();
		direct();
		free(er);
		free(ei);
	}
	return 0;
}
