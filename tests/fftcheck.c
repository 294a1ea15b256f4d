/* fftcheck.c: measures n1 codelets against FFTW.  It only measures; the
 * bound lives in the Python tests.
 *
 * Three ways to build it (REAL is double or float; FFTW's double
 * transform of the very REAL inputs is the reference in both cases):
 *   one codelet:  cc -DREAL=double -DFUNC=n1_16 fftcheck.c n1_16.c
 *                 usage: fftcheck N SIGN [SEED]
 *                 prints "layout maxrelerr guardhits" per layout
 *   a list:       cc -DREAL=float -DLIST='"list.h"' fftcheck.c f*.c
 *                 list.h holds lines C(name, n, sign)
 *                 usage: fftcheck [SEED]
 *                 prints "name n sign layout maxrelerr guardhits"
 *   the runtime:  cc -DRUNTIME=kgen_dft -Iruntime fftcheck.c -Llib -lkgen
 *                 (kgen_dftf with -DREAL=float) every n in
 *                 1..KGEN_N1_MAX, both signs, through that function;
 *                 it prints as the list form does
 * The first line is "seed S".  Each transform's inputs come from a
 * fixed-seed generator started from S, n and the sign.
 *
 * Layouts: split, interleaved, odd strides, batched with gaps, in-place.
 * Guard hits count every REAL of the buffers (and a margin around them)
 * that is not an output but changed, and every input that changed in an
 * out-of-place call. */
#include <fftw3.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef RUNTIME
#include "kgen.h"
#endif

#ifndef REAL
#define REAL double
#endif

typedef void Fn(const REAL *ri, const REAL *ii, REAL *ro, REAL *io,
    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);

typedef struct Entry Entry;
struct Entry {
	const char *name;
	int n, sign;
	Fn *fn;         /* NULL: call the runtime's RUNTIME function */
};

#if defined(FUNC)
Fn FUNC;
#elif defined(LIST)
#define C(name, n, sign) Fn name;
#include LIST
#undef C
static const Entry list[] = {
#define C(name, n, sign) {#name, n, sign, name},
#include LIST
#undef C
};
#endif

typedef struct Layout Layout;
struct Layout {
	const char *name;
	int interleaved, inplace;
	ptrdiff_t is, os, v;    /* in complex elements */
};

enum { MARGIN = 8 };    /* guard REALs before, between and after arrays */

static const REAL GUARD = (REAL)-7.25e3;
static unsigned long long state;
static const char *prefix = "";

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

static void
call(const Entry *e, const REAL *ri, const REAL *ii, REAL *ro, REAL *io,
    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	if (e->fn) {
		e->fn(ri, ii, ro, io, is, os, v, ivs, ovs);
		return;
	}
#ifdef RUNTIME
	{
		int st;

		/* A refusal leaves GUARD in the outputs: a huge error. */
		st = RUNTIME(e->n, e->sign, ri, ii, ro, io, is, os, v, ivs,
		    ovs);
		if (st != KGEN_OK)
			fprintf(stderr, "%s n=%d sign=%d: %s\n", e->name, e->n,
			    e->sign, kgen_strerror(st));
	}
#endif
}

/* Runs e once in layout L and prints its error and guard hits. */
static void
check(const Entry *e, const Layout *L, unsigned long long seed)
{
	ptrdiff_t n, insz, outsz, bufsz, j, k, c, is, os, ivs, ovs;
	ptrdiff_t offi[2], offo[2];
	REAL *in, *out, *copy, *ri, *ii, *ro, *io;
	char *isout;
	fftw_complex *x, *y;
	fftw_plan p;
	double err, mag, d;
	long guards;
	int t;

	n = e->n;
	state = seed ^ ((unsigned long long)n * 1000003u + (e->sign > 0));
	/* Batches: a gap of 7 elements between input transforms, 3 between
	 * output ones; in-place, the output has the input's shape. */
	ivs = (n - 1) * L->is + 1 + (L->inplace ? 0 : 7);
	ovs = L->inplace ? ivs : (n - 1) * L->os + 1 + 3;
	insz = (L->v - 1) * ivs + (n - 1) * L->is + 1;
	outsz = L->inplace ? insz : (L->v - 1) * ovs + (n - 1) * L->os + 1;
	/* Complex element m of an array is at off[0] + m*st (real part) and
	 * off[1] + m*st (imaginary part), st = 2 interleaved, 1 split. */
	bufsz = 2 * (insz > outsz ? insz : outsz) + 3 * MARGIN;
	if (L->interleaved) {
		offi[0] = offo[0] = MARGIN;
		offi[1] = offo[1] = MARGIN + 1;
	} else {
		offi[0] = offo[0] = MARGIN;
		offi[1] = 2 * MARGIN + insz;
		offo[1] = 2 * MARGIN + outsz;
	}
	t = L->interleaved ? 2 : 1;
	is = t * L->is;
	os = t * (L->inplace ? L->is : L->os);
	ivs *= t;
	ovs *= t;
	in = malloc(bufsz * sizeof *in);
	copy = malloc(bufsz * sizeof *copy);
	out = L->inplace ? in : malloc(bufsz * sizeof *out);
	isout = calloc(bufsz, 1);
	for (k = 0; k < bufsz; k++)
		in[k] = out[k] = GUARD;
	ri = in + offi[0];
	ii = in + offi[1];
	ro = out + offo[0];
	io = out + offo[1];
	for (j = 0; j < L->v; j++)
		for (k = 0; k < n; k++) {
			ri[j * ivs + k * is] = (REAL)rnd();
			ii[j * ivs + k * is] = (REAL)rnd();
		}
	memcpy(copy, in, bufsz * sizeof *in);
	x = fftw_malloc(n * sizeof *x);
	y = fftw_malloc(n * sizeof *y);
	p = fftw_plan_dft_1d((int)n, x, y, e->sign, FFTW_ESTIMATE);

	call(e, ri, ii, ro, io, is, os, L->v, ivs, ovs);

	err = mag = 0;
	for (j = 0; j < L->v; j++) {
		/* The reference sees exactly the REAL inputs. */
		for (k = 0; k < n; k++) {
			x[k][0] = copy[offi[0] + j * ivs + k * is];
			x[k][1] = copy[offi[1] + j * ivs + k * is];
		}
		fftw_execute(p);
		for (k = 0; k < n; k++) {
			c = j * ovs + k * os;
			isout[offo[0] + c] = isout[offo[1] + c] = 1;
			d = hypot(ro[c] - y[k][0], io[c] - y[k][1]);
			if (!(d <= err))        /* NaN counts as infinite */
				err = isnan(d) ? INFINITY : d;
			mag = fmax(mag, hypot(y[k][0], y[k][1]));
		}
	}
	guards = 0;
	for (k = 0; k < bufsz; k++) {
		if (!isout[k] && !(out[k] == (L->inplace ? copy[k] : GUARD)))
			guards++;
		if (!L->inplace && !(in[k] == copy[k]))
			guards++;
	}
	printf("%s%-12s %.3e %ld\n", prefix, L->name,
	    mag > 0 ? err / mag : err, guards);
	fftw_destroy_plan(p);
	fftw_free(x);
	fftw_free(y);
	free(isout);
	if (!L->inplace)
		free(out);
	free(copy);
	free(in);
}

static void
checkall(const Entry *e, unsigned long long seed)
{
	static const Layout layouts[] = {
		{"split", 0, 0, 1, 1, 1},
		{"interleaved", 1, 0, 1, 1, 1},
		{"strided", 0, 0, 3, 5, 1},
		{"batched", 1, 0, 1, 2, 4},
		{"inplace", 1, 1, 1, 1, 3},
		{"inplace-str", 0, 1, 3, 3, 2},
	};
	size_t i;

	for (i = 0; i < sizeof layouts / sizeof *layouts; i++)
		check(e, &layouts[i], seed);
}

#if defined(FUNC)
int
main(int argc, char **argv)
{
	unsigned long long seed;
	Entry e;

	if (argc < 3) {
		fprintf(stderr, "usage: fftcheck N SIGN [SEED]\n");
		return 2;
	}
	seed = argc > 3 ? strtoull(argv[3], 0, 10) : 12345;
	e.name = "FUNC";
	e.n = atoi(argv[1]);
	e.sign = atoi(argv[2]);
	e.fn = FUNC;
	if (e.n < 1 || (e.sign != -1 && e.sign != 1)) {
		fprintf(stderr, "fftcheck: N must be >= 1, SIGN -1 or 1\n");
		return 2;
	}
	printf("seed %llu\n", seed);
	checkall(&e, seed);
	return 0;
}
#else
int
main(int argc, char **argv)
{
	unsigned long long seed;
	static char buf[128], name[32];
	Entry e;
	int i;

	(void)name;
	seed = argc > 1 ? strtoull(argv[1], 0, 10) : 12345;
	printf("seed %llu\n", seed);
	prefix = buf;
#if defined(LIST)
	for (i = 0; i < (int)(sizeof list / sizeof *list); i++) {
		e = list[i];
#else
	for (i = 0; i < 2 * KGEN_N1_MAX; i++) {
		/* the library's names: n1_N double, n1f_N float */
		snprintf(name, sizeof name, sizeof(REAL) == sizeof(float) ?
		    "n1f_%d" : "n1_%d", i / 2 + 1);
		e.name = name;
		e.n = i / 2 + 1;
		e.sign = i % 2 ? 1 : -1;
		e.fn = 0;
#endif
		snprintf(buf, sizeof buf, "%s %d %d ", e.name, e.n, e.sign);
		checkall(&e, seed);
	}
	return 0;
}
#endif
