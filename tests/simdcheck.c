/* simdcheck.c: measures n1 codelets (SIMD or scalar) against FFTW on the
 * layouts and batch counts that exercise a SIMD codelet's paths: the
 * direct interleaved body, the packed kernel for every other layout, and
 * the remainder when v is not a multiple of the lane count.  It only
 * measures; the bound lives in tests/test_simd.py.
 * Two ways to build it (REAL is double or float; FFTW's double transform
 * of the very REAL inputs is the reference):
 *   one codelet:  cc -mavx2 -mfma -DREAL=double -DFUNC=n1_16 simdcheck.c
 *                 n1_16.c;  usage: simdcheck N SIGN [SEED [VMAX]]
 *                 (VMAX: every v = 1..VMAX, and input and output in
 *                 different layouts too)
 *   the library:  cc -DRUNTIME -Iruntime simdcheck.c -Llib -lkgen
 *                 usage: simdcheck ISA [SEED], ISA = scalar|sse2|avx2|
 *                 avx512 (or "which": prints kgen_isa()'s name and
 *                 exits; "per-size": kgen_isa_for's choice for each n,
 *                 double then float, then the codelet kgen_dft runs for
 *                 v = 1, double then float; "per-size-many": the codelet
 *                 it runs for v = 256, double then float, for each n):
 *                 every n in 1..KGEN_N1_MAX, forward through
 *                 kgen_n1_isa(n, ISA) and backward through kgen_dft
 *                 (which dispatches on KGEN_ISA: the test sets it to ISA;
 *                 forward through it too, cases tagged "dft-"),
 *                 then forward through kgen_n1w_isa(n, ISA) and
 *                 kgen_n1c_isa(n, ISA) and kgen_n1x_isa(n, ISA) where
 *                 the library has those codelets (cases tagged "n1w-",
 *                 "n1c-", "n1x-");
 *                 or usage: simdcheck n1a ISA [SEED]: the library's
 *                 assembly codelets kgen_n1a_isa(n, ISA) (kgen_n1af_isa
 *                 for float) wherever it has one, every n, forward as
 *                 they are and backward with real and imaginary parts
 *                 swapped (what kgen_dft does for sign +1), every v =
 *                 1..2VL+1 (VL: ISA's lanes) and the mixed layouts too
 *                 (cases tagged "n1a-")
 * Prints "seed S", in library form "isa NAME" (kgen_isa()), then per
 * case "N SIGN layout/vV relerr guardhits"; guardhits counts output
 * elements written outside the transform and, out of place, input
 * elements changed. */
#include <fftw3.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
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
#ifdef FUNC
Fn FUNC;
#endif

static const REAL GUARD = (REAL)-7.25e3;
static unsigned long long state;
static int n, sign;
static Fn *fn;          /* the codelet under test; NULL: kgen_dft */
static const char *tag = "";    /* before the layout's name */
static int flip;        /* 1: call fn with real and imaginary parts
			 * swapped, which computes the other sign */

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

enum { SPLIT, INTER, SWAPPED };     /* SWAPPED: ii = ri - 1 */

typedef struct {
	const char *name;
	int kind, inplace;
	ptrdiff_t is, os, ivs, ovs;     /* in complex elements */
	int swap;           /* 1: the output is split if the input is
			     * interleaved and interleaved if split */
	int off;            /* 0: arrays from malloc; k > 0: input and
			     * output k complex elements past a 64-byte
			     * boundary (a codelet's peel to alignment) */
} Layout;

/* 2 m reals from malloc, at *base; with off > 0 the returned array
 * starts off complex elements past a 64-byte boundary. */
static REAL *
arr(size_t m, int off, void **base)
{
	uintptr_t a;

	*base = malloc(2 * m * sizeof(REAL) + (off ? 64 + 2 * off
	    * sizeof(REAL) : 0));
	if (!*base || !off)
		return *base;
	a = ((uintptr_t)*base + 63) & ~(uintptr_t)63;
	return (REAL *)a + 2 * off;
}

/* One case; strides are in complex elements, doubled for interleaving. */
static void
check(const Layout *L, ptrdiff_t v)
{
	size_t insz, outsz, i;
	REAL *in, *out, *copy, *ri, *ii, *ro, *io;
	void *inb, *outb;
	fftw_complex *x, *y;
	fftw_plan p;
	double err, mag, e, m;
	ptrdiff_t j, k, is, os, ivs, ovs, c, mul, omul;
	int okind;
	long guards;
	char *touched;

	insz = (size_t)((v - 1) * L->ivs + (n - 1) * L->is + 1);
	outsz = (size_t)((v - 1) * L->ovs + (n - 1) * L->os + 1);
	if (L->inplace)
		outsz = insz = insz > outsz ? insz : outsz;
	in = arr(insz, L->off, &inb);
	copy = malloc(2 * insz * sizeof *copy);
	out = L->inplace ? in : arr(outsz, L->off, &outb);
	touched = calloc(2 * outsz, 1);
	for (i = 0; i < 2 * insz; i++)
		in[i] = GUARD;
	for (i = 0; !L->inplace && i < 2 * outsz; i++)
		out[i] = GUARD;
	okind = !L->swap ? L->kind : L->kind == SPLIT ? INTER : SPLIT;
	mul = L->kind == SPLIT ? 1 : 2;
	omul = okind == SPLIT ? 1 : 2;
	is = mul * L->is;
	os = omul * L->os;
	ivs = mul * L->ivs;
	ovs = omul * L->ovs;
	if (L->kind == SPLIT) {
		ri = in;
		ii = in + insz;
	} else {
		ri = in + (L->kind == SWAPPED);
		ii = in + (L->kind == INTER);
	}
	if (okind == SPLIT) {
		ro = out;
		io = out + outsz;
	} else {
		ro = out + (okind == SWAPPED);
		io = out + (okind == INTER);
	}
	x = fftw_malloc(n * sizeof *x);
	y = fftw_malloc(n * sizeof *y);
	p = fftw_plan_dft_1d(n, x, y, sign, FFTW_ESTIMATE);
	for (j = 0; j < v; j++)
		for (k = 0; k < n; k++) {
			ri[j * ivs + k * is] = (REAL)rnd();
			ii[j * ivs + k * is] = (REAL)rnd();
		}
	memcpy(copy, in, 2 * insz * sizeof *copy);
#ifdef RUNTIME
	if (!fn) {
		if (sizeof(REAL) == sizeof(double))
			kgen_dft(n, sign, (void *)ri, (void *)ii, (void *)ro,
			    (void *)io, is, os, v, ivs, ovs);
		else
			kgen_dftf(n, sign, (void *)ri, (void *)ii, (void *)ro,
			    (void *)io, is, os, v, ivs, ovs);
	} else
#endif
	if (flip)
		fn(ii, ri, io, ro, is, os, v, ivs, ovs);
	else
		fn(ri, ii, ro, io, is, os, v, ivs, ovs);
	err = mag = 0;
	for (j = 0; j < v; j++) {
		const REAL *cr = copy + (ri - in), *ci = copy + (ii - in);

		for (k = 0; k < n; k++) {
			x[k][0] = cr[j * ivs + k * is];
			x[k][1] = ci[j * ivs + k * is];
		}
		fftw_execute(p);
		for (k = 0; k < n; k++) {
			c = j * ovs + k * os;
			touched[(ro - out) + c] = 1;
			touched[(io - out) + c] = 1;
			e = hypot(ro[c] - y[k][0], io[c] - y[k][1]);
			m = hypot(y[k][0], y[k][1]);
			if (e > err || isnan(e))
				err = isnan(e) ? INFINITY : e;
			if (m > mag)
				mag = m;
		}
	}
	guards = 0;
	for (i = 0; i < 2 * outsz; i++)
		if (!touched[i] && out[i] != (L->inplace ? copy[i] : GUARD))
			guards++;
	for (i = 0; !L->inplace && i < 2 * insz; i++)
		if (memcmp(&in[i], &copy[i], sizeof *in))
			guards++;
	printf("%d %d %s%s/v%td %.3e %ld\n", n, sign, tag, L->name, v,
	    mag > 0 ? err / mag : err, guards);
	fftw_destroy_plan(p);
	fftw_free(x);
	fftw_free(y);
	free(touched);
	if (!L->inplace)
		free(outb);
	free(copy);
	free(inb);
}

/* Every layout and batch count for the current n, sign and fn; with
 * vmax > 0, every v from 1 to vmax and the mixed layouts too. */
static void
all(int vmax)
{
	/* Batch counts: below, at and past every lane count (2 to 16). */
	static const ptrdiff_t vs[] = {1, 2, 3, 4, 5, 8, 9, 16, 19, 37};
	size_t a, b, nb;
	ptrdiff_t v;

	nb = vmax > 0 ? (size_t)vmax : sizeof vs / sizeof *vs;
	for (b = 0; b < nb; b++) {
		v = vmax > 0 ? (ptrdiff_t)b + 1 : vs[b];
		/* Transforms contiguous as in FFTW's batched plans, then
		 * strided ones with gaps between them. */
		const Layout layouts[] = {
			{"inter", INTER, 0, 1, 1, n, n, 0, 0},
			{"inter-gap", INTER, 0, 3, 2, 3 * n + 5, 2 * n + 1, 0,
			    0},
			{"inter-inplace", INTER, 1, 1, 1, n, n, 0, 0},
			{"inter-tmajor", INTER, 0, v, v + 1, 1, 1, 0, 3},
			/* adjacent transforms written as vectors (n1c's
			 * wide stores, how 4): in place, and from gapped
			 * interleaved and from split input; inter-tmajor
			 * and the in-place one off a vector boundary, where
			 * n1c peels transforms up to it */
			{"inter-tmajor-inplace", INTER, 1, v, v, 1, 1, 0, 1},
			{"gap-tmajor", INTER, 0, 3, v + 1, 3 * n + 5, 1, 0, 0},
			{"split-tmajor-inter", SPLIT, 0, v, v + 1, 1, 1, 1, 0},
			{"swapped", SWAPPED, 0, 1, 1, n, n, 0, 0},
			{"split-unit", SPLIT, 0, v, v + 3, 1, 1, 0, 0},
			{"split-unit-inplace", SPLIT, 1, v, v, 1, 1, 0, 0},
			{"split-gap", SPLIT, 0, 2, 3, 2 * n + 3, 3 * n + 1, 0,
			    0},
			{"split-inplace", SPLIT, 1, 1, 1, n + 2, n + 2, 0, 0},
			/* a plan's leaves: adjacent transforms, elements
			 * v + 2 apart, to split unit-stride outputs */
			{"inter-leaf", INTER, 0, v + 2, 1, 1, n + 3, 1, 0},
			{"split-leaf", SPLIT, 0, v + 2, 1, 1, n + 3, 0, 0},
		};
		/* input and output in different layouts: interleaved in,
		 * split out and the other way round */
		const Layout mixed[] = {
			{"inter-split", INTER, 0, 1, 1, n, n, 1, 0},
			{"inter-split-unit", INTER, 0, 1, v, n, 1, 1, 0},
			{"split-unit-inter", SPLIT, 0, v, 1, 1, n, 1, 0},
			{"split-gap-inter", SPLIT, 0, 2, 1, 2 * n + 3, n, 1, 0},
		};
		for (a = 0; a < sizeof layouts / sizeof *layouts; a++)
			check(&layouts[a], v);
		for (a = 0; vmax > 0 && a < sizeof mixed / sizeof *mixed; a++)
			check(&mixed[a], v);
	}
}

#ifdef RUNTIME
/* Which codelet kgen_dft (isfloat 0) or kgen_dftf runs for v transforms
 * of size n: "n1w-ISA", "n1c-ISA", "n1x-ISA", "n1a-ISA" or the batched
 * ISA's name. */
static const char *
vname(int n, ptrdiff_t v, int isfloat)
{
	static char buf[4][32];
	static int k;
	void (*f)(void), (*w)(void), (*b)(void), (*c)(void), (*a)(void),
	    (*x)(void);
	int isa;

	f = isfloat ? (void (*)(void))kgen_n1f_for(n, v)
	    : (void (*)(void))kgen_n1_for(n, v);
	k = (k + 1) % 4;
	for (isa = 0; kgen_isa_name(isa); isa++) {
		w = isfloat ? (void (*)(void))kgen_n1wf_isa(n, isa)
		    : (void (*)(void))kgen_n1w_isa(n, isa);
		b = isfloat ? (void (*)(void))kgen_n1f_isa(n, isa)
		    : (void (*)(void))kgen_n1_isa(n, isa);
		c = isfloat ? (void (*)(void))kgen_n1cf_isa(n, isa)
		    : (void (*)(void))kgen_n1c_isa(n, isa);
		a = isfloat ? (void (*)(void))kgen_n1af_isa(n, isa)
		    : (void (*)(void))kgen_n1a_isa(n, isa);
		x = isfloat ? (void (*)(void))kgen_n1xf_isa(n, isa)
		    : (void (*)(void))kgen_n1x_isa(n, isa);
		if (x && f == x) {
			snprintf(buf[k], sizeof buf[k], "n1x-%s",
			    kgen_isa_name(isa));
			return buf[k];
		}
		if (a && f == a) {
			snprintf(buf[k], sizeof buf[k], "n1a-%s",
			    kgen_isa_name(isa));
			return buf[k];
		}
		if (c && f == c) {
			snprintf(buf[k], sizeof buf[k], "n1c-%s",
			    kgen_isa_name(isa));
			return buf[k];
		}
		if (w && f == w) {
			snprintf(buf[k], sizeof buf[k], "n1w-%s",
			    kgen_isa_name(isa));
			return buf[k];
		}
		if (b && f == b)
			return kgen_isa_name(isa);
	}
	return "?";
}

/* simdcheck n1a ISA [SEED]: the library's assembly codelets of ISA,
 * both signs (the backward one through the re/im swap), every v up to
 * 2VL+1 and every layout. */
static int
asmlib(int argc, char **argv)
{
	int isa, vl;

	for (isa = 0; kgen_isa_name(isa); isa++)
		if (!strcmp(argv[1], kgen_isa_name(isa)))
			break;
	if (argc < 2 || !kgen_isa_name(isa) || !kgen_isa_supported(isa)) {
		fprintf(stderr, "simdcheck: n1a %s: not an ISA this CPU runs\n",
		    argc < 2 ? "(none)" : argv[1]);
		return 2;
	}
	/* the lanes of isa: 32-byte vectors for AVX2, 64 for AVX-512 */
	vl = (!strcmp(argv[1], "avx512") ? 64 : !strcmp(argv[1], "avx2") ? 32
	    : 16) / (int)sizeof(REAL);
	state = argc > 2 ? strtoull(argv[2], 0, 10) : 12345;
	printf("seed %llu\nisa %s\n", state, kgen_isa_name(isa));
	tag = "n1a-";
	for (n = 1; n <= KGEN_N1_MAX; n++) {
		if (sizeof(REAL) == sizeof(double))
			fn = (Fn *)(void (*)(void))kgen_n1a_isa(n, isa);
		else
			fn = (Fn *)(void (*)(void))kgen_n1af_isa(n, isa);
		if (!fn)
			continue;
		for (flip = 0; flip < 2; flip++) {
			sign = flip ? 1 : -1;
			all(2 * vl + 1);
		}
	}
	flip = 0;
	return 0;
}

int
main(int argc, char **argv)
{
	int isa;

	if (argc < 2) {
		fprintf(stderr, "usage: simdcheck ISA|which [SEED]\n");
		return 2;
	}
	if (!strcmp(argv[1], "which")) {    /* the ISA kgen_dft runs */
		printf("%s\n", kgen_isa_name(kgen_isa()));
		return 0;
	}
	if (!strcmp(argv[1], "per-size")) {  /* and per size, precision */
		for (n = 1; n <= KGEN_N1_MAX; n++)
			printf("%d %s %s %s %s\n", n,
			    kgen_isa_name(kgen_isa_for(n, 0)),
			    kgen_isa_name(kgen_isa_for(n, 1)),
			    vname(n, 1, 0), vname(n, 1, 1));
		return 0;
	}
	if (!strcmp(argv[1], "per-size-many")) {  /* v = 256 */
		for (n = 1; n <= KGEN_N1_MAX; n++)
			printf("%d %s %s\n", n, vname(n, 256, 0),
			    vname(n, 256, 1));
		return 0;
	}
	if (!strcmp(argv[1], "n1a"))        /* simdcheck n1a ISA [SEED] */
		return asmlib(argc - 1, argv + 1);
	for (isa = 0; kgen_isa_name(isa); isa++)
		if (!strcmp(argv[1], kgen_isa_name(isa)))
			break;
	if (!kgen_isa_name(isa) || !kgen_isa_supported(isa)) {
		fprintf(stderr, "simdcheck: %s: not an ISA this CPU runs\n",
		    argv[1]);
		return 2;
	}
	state = argc > 2 ? strtoull(argv[2], 0, 10) : 12345;
	printf("seed %llu\nisa %s\n", state, kgen_isa_name(kgen_isa()));
	for (n = 1; n <= KGEN_N1_MAX; n++) {
		sign = -1;
		if (sizeof(REAL) == sizeof(double))
			fn = (Fn *)(void (*)(void))kgen_n1_isa(n, isa);
		else
			fn = (Fn *)(void (*)(void))kgen_n1f_isa(n, isa);
		all(0);
		sign = 1;
		fn = 0;
		all(0);
		/* kgen_dft forward too: one transform of interleaved pairs
		 * may jump to an n1c codelet's v1 entry */
		sign = -1;
		tag = "dft-";
		all(0);
		/* the codelet vectorized within one transform, if any */
		if (sizeof(REAL) == sizeof(double))
			fn = (Fn *)(void (*)(void))kgen_n1w_isa(n, isa);
		else
			fn = (Fn *)(void (*)(void))kgen_n1wf_isa(n, isa);
		sign = -1;
		tag = "n1w-";
		if (fn)
			all(0);
		/* the codelet with one complex number a vector, if any */
		if (sizeof(REAL) == sizeof(double))
			fn = (Fn *)(void (*)(void))kgen_n1c_isa(n, isa);
		else
			fn = (Fn *)(void (*)(void))kgen_n1cf_isa(n, isa);
		tag = "n1c-";
		if (fn)
			all(0);
		/* and with W complex numbers of it a vector, if any */
		if (sizeof(REAL) == sizeof(double))
			fn = (Fn *)(void (*)(void))kgen_n1x_isa(n, isa);
		else
			fn = (Fn *)(void (*)(void))kgen_n1xf_isa(n, isa);
		tag = "n1x-";
		if (fn)
			all(0);
		tag = "";
	}
	return 0;
}
#else
int
main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: simdcheck N SIGN [SEED [VMAX]]\n");
		return 2;
	}
	n = atoi(argv[1]);
	sign = atoi(argv[2]);
	state = argc > 3 ? strtoull(argv[3], 0, 10) : 12345;
	printf("seed %llu\n", state);
	fn = FUNC;
	all(argc > 4 ? atoi(argv[4]) : 0);
	return 0;
}
#endif
