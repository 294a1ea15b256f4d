/* planstandalone.c: checks standalone plan files (kgen fft -n N above
 * the straight-line limit: codelets plus a fixed plan in one file)
 * against FFTW.  Built with the generated files and a list of them:
 *   cc -DLIST='"list.h"' [-DSINGLE] planstandalone.c f_*.c -lfftw3 -lm
 * where list.h holds lines B(n, sign, name) (n > 1024: NAME on split
 * arrays and NAME_c on interleaved pairs) or N(n, sign, name) (the n1
 * ABI).  Prints "name layout maxrelerr guardhits" per kernel and layout:
 * split, inter (out of place), and for the n1 ABI inplace (interleaved,
 * ri == ro), strided (is 3, os 2, split) and batch (v = 3 interleaved,
 * distance 2n + 6); guard values around the outputs, the input checked
 * unchanged out of place.  The bound lives in tests/test_plan.py. */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SINGLE
typedef float R;
#define FFTW(x) fftwf_##x
#else
typedef double R;
#define FFTW(x) fftw_##x
#endif

typedef void big_fn(const R *, const R *, R *, R *);
typedef void inter_fn(const R *, R *);
typedef void n1_fn(const R *, const R *, R *, R *, ptrdiff_t, ptrdiff_t,
    ptrdiff_t, ptrdiff_t, ptrdiff_t);

#define B(n, sign, name) big_fn name; inter_fn name##_c;
#define N(n, sign, name) n1_fn name;
#include LIST
#undef B
#undef N

static const struct {
	int n, sign;
	const char *name;
	big_fn *big;
	inter_fn *inter;
	n1_fn *n1;
} tab[] = {
#define B(n, sign, name) {n, sign, #name, name, name##_c, 0},
#define N(n, sign, name) {n, sign, #name, 0, 0, name},
#include LIST
#undef B
#undef N
};

static const R GUARD = -7.25e3;
static unsigned long long state = 31337;
static int nn;
static FFTW(complex) *ref;

static R
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (R)((double)(state >> 11) / 9007199254740992.0 * 2 - 1);
}

/* The error of output (re[k*s], im[k*s]) against ref, relative to its
 * largest magnitude. */
static double
err(const R *re, const R *im, ptrdiff_t s)
{
	double e, big, mag;
	int k;

	big = mag = 0;
	for (k = 0; k < nn; k++) {
		e = hypot(re[k * s] - ref[k][0], im[k * s] - ref[k][1]);
		if (e > big || isnan(e))
			big = isnan(e) ? INFINITY : e;
		e = hypot(ref[k][0], ref[k][1]);
		if (e > mag)
			mag = e;
	}
	return mag > 0 ? big / mag : big;
}

/* Guard hits among the len elements at p. */
static long
guards(const R *p, size_t len)
{
	long g;
	size_t k;

	for (g = 0, k = 0; k < len; k++)
		g += p[k] != GUARD;
	return g;
}

static void
fill(R *p, size_t len)
{
	size_t k;

	for (k = 0; k < len; k++)
		p[k] = GUARD;
}

int
main(void)
{
	size_t t, big;
	int n, k, j;
	R *in, *out, *copy;
	double e;
	FFTW(complex) *x;
	FFTW(plan) p;
	long g;

	printf("seed %llu\n", state);
	for (t = 0; t < sizeof tab / sizeof *tab; t++) {
		n = nn = tab[t].n;
		big = 8 * (size_t)n + 64;
		in = malloc(big * sizeof *in);
		copy = malloc(big * sizeof *copy);
		out = malloc(big * sizeof *out);
		x = FFTW(malloc)(n * sizeof *x);
		ref = FFTW(malloc)(n * sizeof *ref);
		p = FFTW(plan_dft_1d)(n, x, ref, tab[t].sign, FFTW_ESTIMATE);
		for (k = 0; k < (int)big; k++)
			in[k] = copy[k] = rnd();
		/* the transform of in[0..n) + i in[n..2n): the split layout;
		 * the others put the same numbers where they read them */
		for (k = 0; k < n; k++) {
			x[k][0] = in[k];
			x[k][1] = in[n + k];
		}
		FFTW(execute)(p);
		/* split: ro = out + 4, io = out + n + 12 */
		fill(out, big);
		if (tab[t].big)
			tab[t].big(in, in + n, out + 4, out + n + 12);
		else
			tab[t].n1(in, in + n, out + 4, out + n + 12, 1, 1, 1,
			    0, 0);
		e = err(out + 4, out + n + 12, 1);
		g = guards(out, 4) + guards(out + n + 4, 8)
		    + guards(out + 2 * n + 12, big - 2 * n - 12)
		    + (memcmp(in, copy, big * sizeof *in) != 0);
		printf("%s split %.3e %ld\n", tab[t].name, e, g);
		/* interleaved: x at in + 2n (even offset), y at out + 2 */
		for (k = 0; k < n; k++) {
			in[2 * n + 2 * k] = in[k];
			in[2 * n + 2 * k + 1] = in[n + k];
		}
		memcpy(copy, in, big * sizeof *in);
		fill(out, big);
		if (tab[t].big)
			tab[t].inter(in + 2 * n, out + 2);
		else
			tab[t].n1(in + 2 * n, in + 2 * n + 1, out + 2, out + 3,
			    2, 2, 1, 0, 0);
		e = err(out + 2, out + 3, 2);
		g = guards(out, 2) + guards(out + 2 * n + 2, big - 2 * n - 2)
		    + (memcmp(in, copy, big * sizeof *in) != 0);
		printf("%s inter %.3e %ld\n", tab[t].name, e, g);
		if (tab[t].big)
			goto next;
		/* in place, interleaved */
		for (k = 0; k < 2 * n; k++)
			out[2 + k] = in[2 * n + k];
		tab[t].n1(out + 2, out + 3, out + 2, out + 3, 2, 2, 1, 0, 0);
		e = err(out + 2, out + 3, 2);
		g = guards(out, 2) + guards(out + 2 * n + 2, big - 2 * n - 2);
		printf("%s inplace %.3e %ld\n", tab[t].name, e, g);
		/* strided: input at stride 3 (split), output at stride 2 */
		for (k = 0; k < n; k++) {
			in[3 * k] = copy[k];
			in[4 * n + 3 * k] = copy[n + k];
		}
		fill(out, big);
		tab[t].n1(in, in + 4 * n, out, out + 1, 3, 2, 1, 0, 0);
		e = err(out, out + 1, 2);
		printf("%s strided %.3e %ld\n", tab[t].name, e,
		    guards(out + 2 * n, big - 2 * n));
		/* a batch of 3 interleaved, distance 2n + 6, the same
		 * input each */
		for (j = 0; j < 3; j++)
			for (k = 0; k < n; k++) {
				in[j * (2 * n + 6) + 2 * k] = copy[k];
				in[j * (2 * n + 6) + 2 * k + 1] = copy[n + k];
			}
		fill(out, big);
		tab[t].n1(in, in + 1, out, out + 1, 2, 2, 3, 2 * n + 6,
		    2 * n + 6);
		e = 0;
		g = 0;
		for (j = 0; j < 3; j++) {
			e = fmax(e, err(out + j * (2 * n + 6),
			    out + j * (2 * n + 6) + 1, 2));
			g += guards(out + j * (2 * n + 6) + 2 * n, 6);
		}
		printf("%s batch %.3e %ld\n", tab[t].name, e, g);
next:
		FFTW(destroy_plan)(p);
		FFTW(free)(x);
		FFTW(free)(ref);
		free(in);
		free(copy);
		free(out);
	}
	return 0;
}
