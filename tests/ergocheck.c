/* ergocheck.c: issue 45's ergonomics checks of kgen_dft and kgen_dftf,
 * driven by tests/test_ergo.py.
 *   ergocheck overlap   kgen_priv_overlap (runtime/dispatch.c) against
 *                       enumerating the offsets of small layouts, then
 *                       kgen_dft / kgen_dftf on split pointers that share
 *                       an element (KGEN_EINVAL, nothing written) and on
 *                       layouts that do not (KGEN_OK, the transform
 *                       within 1e-12 / 1e-4 of a long-double DFT); each
 *                       call three times, so that the later ones take
 *                       kgen_dft's entry for a size already picked.
 *   ergocheck isa       kgen_isa() twice and one kgen_dft (for the
 *                       KGEN_ISA message on stderr).
 * Prints "bad N" last. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

int kgen_priv_overlap(ptrdiff_t d, ptrdiff_t a, ptrdiff_t nx, ptrdiff_t b,
    ptrdiff_t ny);

static int bad;

/* Whether x a + y b = d for some |x| <= nx, |y| <= ny, by enumeration. */
static int
slow(long d, long a, long nx, long b, long ny)
{
	long x, y;

	for (x = -nx; x <= nx; x++)
		for (y = -ny; y <= ny; y++)
			if (x * a + y * b == d)
				return 1;
	return 0;
}

static void
overlap_exact(void)
{
	long d, a, b, nx, ny, cases = 0;

	for (nx = 0; nx <= 4; nx++)
		for (ny = 0; ny <= 5; ny++)
			for (a = -7; a <= 7; a++)
				for (b = -9; b <= 9; b++)
					for (d = -60; d <= 60; d++, cases++)
						if (kgen_priv_overlap(d, a, nx,
						    b, ny) != slow(d, a, nx, b,
						    ny)) {
							if (bad++ < 10)
								printf("overlap"
								    " %ld %ld %ld"
								    " %ld %ld\n",
								    d, a, nx, b,
								    ny);
						}
	/* large coprime strides: the class and interval, not the bound */
	for (d = 0; d < 2000; d++, cases++)
		if (kgen_priv_overlap(d, 97, 12, 61, 15) != slow(d, 97, 12, 61,
		    15) && bad++ < 10)
			printf("overlap %ld 97 12 61 15\n", d);
	if (!kgen_priv_overlap(0, 5, 0, 7, 0)
	    || kgen_priv_overlap(1L << 40, 3, 1000, 1, 63)
	    || !kgen_priv_overlap(3 * 1000 + 63, 3, 1000, 1, 63)
	    || kgen_priv_overlap(3 * 1000 + 64, 3, 1000, 1, 63))
		bad++, printf("overlap: edge cases\n");
	printf("overlap: %ld cases\n", cases);
}

#define GUARD 12345.0
enum { CAP = 4096 };
static double buf[CAP], obuf[CAP], keep[CAP];
static float fbuf[CAP], fobuf[CAP];

/* One layout: offsets of the four arrays into buf (ri, ii) and obuf
 * (ro, io), or, in place, all into buf; whether no split layout has it
 * (want KGEN_EINVAL). */
typedef struct {
	const char *what;
	int n, v;
	long ri, ii, ro, io, is, os, ivs, ovs;
	int inplace, clash;
} Case;

static const Case cases[] = {
	{"interleaved, FFTW's first call (ii = ri + 1, is 1)", 16, 1,
	    0, 1, 0, 1, 1, 1, 0, 0, 0, 1},
	{"the same at n = 2", 2, 1, 0, 1, 0, 1, 1, 1, 0, 0, 0, 1},
	{"the same at n = 64", 64, 1, 0, 1, 0, 1, 1, 1, 0, 0, 0, 1},
	{"only the output (io = ro + 1, os 1)", 8, 1, 0, 100, 0, 1, 1, 1, 0, 0,
	    0, 1},
	{"io = ro + 2 at os 2, v = 3", 12, 3, 0, 1, 0, 2, 2, 2, 24, 24, 0, 1},
	{"ri == ii", 5, 1, 0, 0, 0, 100, 1, 1, 0, 0, 0, 1},
	{"ii = ri + 7 inside is = 1, n = 8", 8, 1, 0, 7, 0, 100, 1, 1, 0, 0,
	    0, 1},
	{"batch: ii = ri + 16 at ivs 1 (transforms overlap)", 16, 2, 0, 16,
	    0, 100, 1, 1, 1, 50, 0, 1},
	{"batch: ii one transform on, ivs = n", 8, 4, 0, 8, 0, 100, 1, 1, 8,
	    8, 0, 1},
	{"in place, ii = ri + 1 at is 1", 16, 1, 0, 1, 0, 1, 1, 1, 0, 0, 1,
	    1},
	{"interleaved, even strides", 16, 1, 0, 1, 0, 1, 2, 2, 0, 0, 0, 0},
	{"interleaved, swapped (ri = ii + 1)", 16, 1, 1, 0, 1, 0, 2, 2, 0, 0,
	    0, 0},
	{"interleaved, batch of 5", 12, 5, 0, 1, 0, 1, 2, 2, 24, 24, 0, 0},
	{"interleaved, side by side (ivs 2)", 8, 4, 0, 1, 0, 1, 8, 8, 2, 2, 0,
	    0},
	{"interleaved in place", 32, 2, 0, 1, 0, 1, 2, 2, 64, 64, 1, 0},
	{"split blocks per transform (ii = ri + n, ivs 2n)", 8, 3, 0, 8, 0, 8,
	    1, 1, 16, 16, 0, 0},
	{"split, arrays apart", 64, 2, 0, 200, 0, 200, 1, 1, 64, 64, 0, 0},
	{"split, odd strides 3 apart by 1", 7, 1, 0, 1, 0, 1, 3, 3, 0, 0, 0,
	    0},
	{"split n = 1, ii = ri + 1", 1, 1, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0},
	{"split, is 2, ii = ri + 2", 4, 1, 0, 2, 0, 50, 2, 1, 0,
	    0, 0, 1},
	{"split, one transform, arrays apart (n = 3)", 3, 1, 0, 100, 0, 100,
	    1, 1, 0, 0, 0, 0},
	{"split, one transform, strides 2 (n = 11)", 11, 1, 0, 100, 0, 100,
	    2, 2, 0, 0, 0, 0},
	{"mixed: interleaved in, split out", 16, 1, 0, 1, 0, 100, 2, 1, 0, 0,
	    0, 0},
	{"mixed: split in, interleaved out", 10, 2, 0, 100, 0, 1, 1, 2, 10,
	    20, 0, 0},
};

static void
dft_ref(const Case *c, const double *in, int sign, int j, int k,
    long double *re, long double *im)
{
	long double sr = 0, si = 0, a, xr, xi;
	int m;

	for (m = 0; m < c->n; m++) {
		xr = in[c->ri + j * c->ivs + m * c->is];
		xi = in[c->ii + j * c->ivs + m * c->is];
		a = sign * 2 * 3.14159265358979323846264338327950288L
		    * (long double)((long)m * k % c->n) / c->n;
		sr += xr * cosl(a) - xi * sinl(a);
		si += xr * sinl(a) + xi * cosl(a);
	}
	*re = sr;
	*im = si;
}

static void
one(const Case *c, int sign, int isfloat, int rep)
{
	double *o = c->inplace ? buf : obuf;
	long double re, im, err = 0, mag = 0;
	int st, j, k, i;
	size_t changed = 0;

	for (i = 0; i < CAP; i++)
		buf[i] = keep[i] = sin(i * 0.7 + 0.3);
	for (i = 0; i < CAP; i++)
		obuf[i] = GUARD;
	if (isfloat) {
		float *fo = c->inplace ? fbuf : fobuf;

		for (i = 0; i < CAP; i++) {
			fbuf[i] = (float)buf[i];
			keep[i] = fbuf[i];
			fobuf[i] = GUARD;
		}
		st = kgen_dftf(c->n, sign, fbuf + c->ri, fbuf + c->ii,
		    fo + c->ro, fo + c->io, c->is, c->os, c->v, c->ivs,
		    c->ovs);
		for (i = 0; i < CAP; i++) {
			buf[i] = fbuf[i];
			obuf[i] = fobuf[i];
		}
	} else {
		st = kgen_dft(c->n, sign, buf + c->ri, buf + c->ii, o + c->ro,
		    o + c->io, c->is, c->os, c->v, c->ivs, c->ovs);
	}
	if (c->clash) {
		for (i = 0; i < CAP; i++)
			changed += buf[i] != keep[i] || obuf[i] != GUARD;
		if (st != KGEN_EINVAL || changed) {
			bad++;
			printf("BAD %s (%s, sign %d, call %d): status %d, %zu "
			    "changed\n", c->what, isfloat ? "float" : "double",
			    sign, rep, st, changed);
		}
		return;
	}
	if (st != KGEN_OK) {
		bad++;
		printf("BAD %s (%s, sign %d, call %d): status %d\n", c->what,
		    isfloat ? "float" : "double", sign, rep, st);
		return;
	}
	o = c->inplace ? buf : obuf;
	for (j = 0; j < c->v; j++)
		for (k = 0; k < c->n; k++) {
			dft_ref(c, keep, sign, j, k, &re, &im);
			err = fmaxl(err, fabsl(re - o[c->ro + j * c->ovs
			    + k * c->os]));
			err = fmaxl(err, fabsl(im - o[c->io + j * c->ovs
			    + k * c->os]));
			mag = fmaxl(mag, fabsl(re) + fabsl(im));
		}
	if (err > (isfloat ? 1e-4 : 1e-12) * (mag + 1)) {
		bad++;
		printf("BAD %s (%s, sign %d, call %d): error %Lg\n", c->what,
		    isfloat ? "float" : "double", sign, rep, err);
	}
}

static void
overlap_calls(void)
{
	size_t i;
	int sign, isfloat, rep;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		for (isfloat = 0; isfloat < 2; isfloat++)
			for (sign = -1; sign <= 1; sign += 2)
				for (rep = 0; rep < 3; rep++)
					one(&cases[i], sign, isfloat, rep);
	printf("calls: %zu layouts\n", sizeof cases / sizeof cases[0]);
}

int
main(int argc, char **argv)
{
	double x[4] = {1, 0, 0, 0};

	if (argc > 1 && !strcmp(argv[1], "isa")) {
		printf("isa %d %d\n", kgen_isa(), kgen_isa());
		printf("dft %d\n", kgen_dft(2, -1, x, x + 1, x, x + 1, 2, 2, 1,
		    0, 0));
		return 0;
	}
	overlap_exact();
	overlap_calls();
	printf("bad %d\n", bad);
	return bad != 0;
}
