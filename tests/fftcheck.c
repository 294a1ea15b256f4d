/* fftcheck.c: measures one n1 codelet against FFTW.
 * Built with the codelet: cc -DREAL=double -DFUNC=n1_16 fftcheck.c n1_16.c
 * usage: fftcheck N SIGN [SEED]
 * For each layout (split, interleaved, strided, batched with gaps,
 * in-place) it prints "layout maxrelerr guardhits"; the bound lives in
 * the Python test.  Random inputs come from a fixed-seed generator. */
#include <fftw3.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef REAL
#define REAL double
#endif

void FUNC(const REAL *ri, const REAL *ii, REAL *ro, REAL *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);

static const REAL GUARD = (REAL)-7.25e3;
static unsigned long long state;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

typedef struct {
	const char *name;
	int interleaved, inplace;
	ptrdiff_t is, os, v, ivs, ovs;  /* in units of complex elements */
} Layout;

static int n, sign;

static double
check(const Layout *L)
{
	size_t insz, outsz, i;
	REAL *in, *out, *ri, *ii, *ro, *io;
	fftw_complex *x, *y;
	fftw_plan p;
	double err, mag, e, m;
	ptrdiff_t j, k, is, os, ivs, ovs, c;
	long guards;
	char *touched;

	insz = (size_t)((L->v - 1) * L->ivs + (n - 1) * L->is + 1);
	outsz = (size_t)((L->v - 1) * L->ovs + (n - 1) * L->os + 1);
	if (L->inplace)
		outsz = insz = insz > outsz ? insz : outsz;
	/* Two REALs per complex element: split arrays are the two halves. */
	in = malloc(2 * insz * sizeof *in);
	out = L->inplace ? in : malloc(2 * outsz * sizeof *out);
	touched = calloc(2 * outsz, 1);
	for (i = 0; i < 2 * insz; i++)
		in[i] = GUARD;
	if (!L->inplace)
		for (i = 0; i < 2 * outsz; i++)
			out[i] = GUARD;
	if (L->interleaved) {
		ri = in;
		ii = in + 1;
		ro = out;
		io = out + 1;
		is = 2 * L->is;
		os = 2 * L->os;
		ivs = 2 * L->ivs;
		ovs = 2 * L->ovs;
	} else {
		ri = in;
		ii = in + insz;
		ro = out;
		io = out + outsz;
		is = L->is;
		os = L->os;
		ivs = L->ivs;
		ovs = L->ovs;
	}
	x = fftw_malloc(n * sizeof *x);
	y = fftw_malloc(n * sizeof *y);
	p = fftw_plan_dft_1d(n, x, y, sign, FFTW_ESTIMATE);
	for (j = 0; j < L->v; j++)
		for (k = 0; k < n; k++) {
			ri[j * ivs + k * is] = (REAL)rnd();
			ii[j * ivs + k * is] = (REAL)rnd();
		}
	/* The reference sees exactly the REAL inputs. */
	{
		REAL *copy = malloc(2 * insz * sizeof *copy);
		memcpy(copy, in, 2 * insz * sizeof *copy);
		FUNC(ri, ii, ro, io, is, os, L->v, ivs, ovs);
		err = mag = 0;
		for (j = 0; j < L->v; j++) {
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
		free(copy);
	}
	guards = 0;
	if (!L->inplace)
		for (i = 0; i < 2 * outsz; i++)
			if (!touched[i] && out[i] != GUARD)
				guards++;
	printf("%-12s %.3e %ld\n", L->name, mag > 0 ? err / mag : err,
	    guards);
	fftw_destroy_plan(p);
	fftw_free(x);
	fftw_free(y);
	free(touched);
	if (!L->inplace)
		free(out);
	free(in);
	return err;
}

int
main(int argc, char **argv)
{
	static const Layout layouts[] = {
		{"split", 0, 0, 1, 1, 1, 0, 0},
		{"interleaved", 1, 0, 1, 1, 1, 0, 0},
		{"strided", 0, 0, 3, 5, 1, 0, 0},
		{"batched", 1, 0, 1, 2, 4, 0, 0},
		{"inplace", 1, 1, 1, 1, 3, 0, 0},
		{"inplace-str", 0, 1, 3, 3, 2, 0, 0},
	};
	Layout L;
	size_t i;

	if (argc < 3) {
		fprintf(stderr, "usage: fftcheck N SIGN [SEED]\n");
		return 2;
	}
	n = atoi(argv[1]);
	sign = atoi(argv[2]);
	state = argc > 3 ? strtoull(argv[3], 0, 10) : 12345;
	printf("seed %llu\n", state);
	for (i = 0; i < sizeof layouts / sizeof *layouts; i++) {
		L = layouts[i];
		/* batches: gaps of 7 elements between transforms */
		L.ivs = (n - 1) * L.is + 1 + (L.inplace ? 0 : 7);
		L.ovs = L.inplace ? L.ivs : (n - 1) * L.os + 1 + 3;
		check(&L);
	}
	return 0;
}
