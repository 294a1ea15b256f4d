/* t1vcheck.c: measures t1v codelets (kgen fft --kind t1v --simd ISA,
 * in C or as --emit asm) against FFTW.  Built with the codelets and a
 * list of them:
 *   cc [-DSINGLE] -DVL=lanes -DLIST='"list.h"' t1vcheck.c codelets... -lfftw3
 * where list.h holds lines X(radix, sign, name), A(name) for each
 * assembly codelet, whose NAME_b (block-split data: the re of VL
 * elements, then their im) gets one layout more: block (in place, two
 * calls); and B(name) for each
 * C codelet, whose NAME_b and NAME_bio entries get three layouts more:
 * block, block-io and block-iosw (NAME_bio's interleaved
 * pairs, (re, im) and (im, re), two calls), and whose NAME_ios two:
 * shift-io and shift-iosw (the pairs to an array 1 .. VL/2 - 1 pairs
 * past a vector boundary, each in turn, from the shifted table; one line
 * each, the largest error and all guard hits), and whose NAME_t and
 * NAME_iot three: tail (NAME on the first m - m mod VL butterflies in
 * place, NAME_t on the rest), tail-io and tail-iosw (NAME_io and
 * NAME_iot, the pairs to another array), each for m + 1 .. m + VL - 1
 * butterflies in turn, one line each.  For each codelet it
 * does one radix-r DIT step of a size n = r*m DFT, as tests/t1check.c
 * does for t1: FFTW makes the r sub-DFTs of size m (in double, from the
 * same rounded inputs), the codelet combines them in place with the t1v
 * table (FFTW's t1 table transposed in blocks of VL butterflies), and
 * the result is compared with FFTW's size-n DFT.  Layouts: rs = m
 * (sub-DFTs one after another), a padded rs, and the butterflies in two
 * calls (mb > 0, a multiple of VL; ri and ii then point at butterfly
 * mb, W at the table's start, as FFTW's t1 convention has it).  Guard
 * values around both arrays catch stray writes.  Prints "name layout maxrelerr guardhits"; the
 * bound lives in the Python test. */
#define _POSIX_C_SOURCE 200112L  /* posix_memalign */
#include <fftw3.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SINGLE
typedef float R;
#else
typedef double R;
#endif

#define X(r, sign, name) void name(R *ri, R *ii, const R *W, ptrdiff_t rs, \
    ptrdiff_t mb, ptrdiff_t me);
#define B(name) void name##_b(R *x, const R *W, ptrdiff_t rs, ptrdiff_t mb, \
    ptrdiff_t me); void name##_bio(const R *x, const R *W, ptrdiff_t rs, \
    ptrdiff_t mb, ptrdiff_t me, R *y, int sw); void name##_ios(const R *ri, \
    const R *ii, const R *W, ptrdiff_t rs, ptrdiff_t me, R *y, int sw); \
    void name##_io(const R *ri, const R *ii, const R *W, ptrdiff_t rs, \
    ptrdiff_t mb, ptrdiff_t me, R *y, int sw); void name##_t(R *ri, R *ii, \
    const R *W, ptrdiff_t rs, ptrdiff_t m); void name##_iot(const R *ri, \
    const R *ii, const R *W, ptrdiff_t rs, ptrdiff_t m, R *y, int sw);
#define A(name) void name##_b(R *x, const R *W, ptrdiff_t rs, ptrdiff_t mb, \
    ptrdiff_t me);
#include LIST
#undef X
#undef B
#undef A

typedef void T1V(R *, R *, const R *, ptrdiff_t, ptrdiff_t, ptrdiff_t);
typedef void T1VB(R *, const R *, ptrdiff_t, ptrdiff_t, ptrdiff_t);
typedef void T1VBIO(const R *, const R *, ptrdiff_t, ptrdiff_t, ptrdiff_t,
    R *, int);
typedef void T1VIOS(const R *, const R *, const R *, ptrdiff_t, ptrdiff_t,
    R *, int);
typedef void T1VIO(const R *, const R *, const R *, ptrdiff_t, ptrdiff_t,
    ptrdiff_t, R *, int);
typedef void T1VT(R *, R *, const R *, ptrdiff_t, ptrdiff_t);
static const struct {
	int r, sign;
	const char *name;
	T1V *fn;
} tab[] = {
#define X(r, sign, name) {r, sign, #name, name},
#define B(name)
#define A(name)
#include LIST
#undef X
#undef B
#undef A
};
/* the block entries, by name */
static const struct {
	const char *name;
	T1VB *b;
	T1VBIO *bio;
	T1VIOS *ios;
	T1VIO *io;
	T1VT *t;
	T1VIOS *iot;
} btab[] = {
#define X(r, sign, name)
#define B(name) {#name, name##_b, name##_bio, name##_ios, name##_io, \
	name##_t, name##_iot},
#define A(name) {#name, name##_b, 0, 0, 0, 0, 0},
#include LIST
#undef X
#undef B
#undef A
	{0, 0, 0, 0, 0, 0, 0}
};

static const R GUARD = -7.25e3, YGUARD = 3.5e3;
static unsigned long long state = 12345;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

enum { PACKED, PADDED, TWOCALLS, BLOCK, BLOCKIO, BLOCKIOSW, SHIFTIO,
    SHIFTIOSW, TAIL, TAILIO, TAILIOSW, NLAYOUT };
static const char *const lname[] = {"packed", "padded", "two-calls",
    "block", "block-io", "block-iosw", "shift-io", "shift-iosw", "tail",
    "tail-io", "tail-iosw"};

/* Where element c of a row-major r x rs array lies in the block-split
 * form (re; im is VL after it), or in NAME_bio's pairs (re; im 1 after
 * it, or before it where sw). */
static ptrdiff_t
bpos(ptrdiff_t c)
{
	return 2 * c - c % VL;
}

/* NAME_ios of btab[blk] from split ri, ii (rows rs = m apart, the
 * step's inputs) to y at 1 .. VL/2 - 1 pairs past a vector boundary,
 * with the table W shifted to match; the largest error against ref
 * (relative to mag) and the guard hits around y. */
static double
shifted(int blk, int sw, int r, int m, const R *ri, const R *ii,
    const R *W, fftw_complex *ref, double mag, long *guards)
{
	R *yb, *y, *ws, re, im;
	void *v;
	ptrdiff_t len, c, k, at;
	int sh, j, b, l, t, nw;
	double err, e;

	nw = 2 * (r - 1);
	len = 2 * (ptrdiff_t)r * m + 2 * VL;
	ws = calloc((size_t)(m / VL + 1) * nw * VL, sizeof *ws);
	if (!ws || posix_memalign(&v, 64, len * sizeof *yb)) {
		fprintf(stderr, "t1vcheck: out of memory\n");
		exit(1);
	}
	yb = v;
	err = 0;
	for (sh = 1; sh < VL / 2; sh++) {
		for (b = 0; b <= m / VL; b++)
			for (l = 0; l < VL; l++) {
				k = (ptrdiff_t)b * VL + l - sh;
				for (t = 0; t < nw; t++)
					ws[(b * nw + t) * VL + l] = k < 0 || k >= m
					    ? 0 : W[(k / VL * nw + t) * VL + k % VL];
			}
		/* not GUARD: lanes computed from the guards before ri and
		 * ii, stored where they should not be, would hide */
		for (c = 0; c < len; c++)
			yb[c] = YGUARD;
		y = yb + 2 * sh;
		btab[blk].ios(ri, ii, ws, m, m, y, sw);
		for (j = 0; j < r; j++)
			for (k = 0; k < m; k++) {
				at = 2 * ((ptrdiff_t)j * m + k);
				re = y[at + sw];
				im = y[at + 1 - sw];
				e = hypot(re - ref[j * m + k][0],
				    im - ref[j * m + k][1]);
				if (e > err || isnan(e))
					err = isnan(e) ? INFINITY : e;
			}
		for (c = 0; c < len; c++)
			if ((c < 2 * sh || c >= 2 * sh + 2 * (ptrdiff_t)r * m)
			    && yb[c] != YGUARD)
				(*guards)++;
	}
	free(ws);
	free(yb);
	return mag > 0 ? err / mag : err;
}

/* Codelet t on layout with m butterflies: the largest error relative
 * to the largest output to *err, the guard hits to *guards; 0 where the
 * layout needs a C codelet's entries and t has none. */
static int
check(int t, int layout, int m, double *errp, long *guardsp)
{
	int r, n, j, k, b, l, sign, blk, split, mv, sw;
	R *buf, *W, *Wt, *ri, *ii, *yb, *y, re, im;
	double err, mag, e;
	ptrdiff_t rs, pad, len, c, half, at, ia;
	fftw_complex *x, *sub, *subo, *ref;
	fftw_plan p, ps;
	long guards;
	char *touched;

	r = tab[t].r;
	sign = tab[t].sign;
	n = r * m;
	/* NAME_ios reads up to VL/2 before each part and VL after a row */
	pad = VL + 7;
	rs = layout == PADDED ? m + 3 : m;
	half = (ptrdiff_t)r * rs + 2 * pad;
	len = 2 * half;
	blk = -1;
	if (layout >= BLOCK) {
		for (blk = 0; btab[blk].name && strcmp(btab[blk].name,
		    tab[t].name); blk++)
			;
		/* an assembly codelet has NAME_b only */
		if (!btab[blk].name || (layout > BLOCK && !btab[blk].bio))
			return 0;
	}
	/* block-split data, or split (the shift and tail layouts) */
	split = layout < BLOCK || layout >= SHIFTIO;
	mv = m - m % VL;
	sw = layout == TAILIOSW;
	buf = malloc(len * sizeof *buf);
	touched = calloc(len, 1);
	for (c = 0; c < len; c++)
		buf[c] = GUARD;
	ri = buf + pad;
	ii = buf + half + pad;
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
	for (j = 0; j < r; j++) {
		for (k = 0; k < m; k++) {
			sub[k][0] = x[k * r + j][0];
			sub[k][1] = x[k * r + j][1];
		}
		fftw_execute(ps);
		for (k = 0; k < m; k++) {
			c = j * rs + k;
			if (!split)
				at = bpos(c), ia = at + VL;
			else
				at = c, ia = ii - ri + c;
			ri[at] = (R)subo[k][0];
			ri[ia] = (R)subo[k][1];
		}
	}
	/* the table: block b of VL butterflies, row j, lane l; Wt the one
	 * block of butterflies m - VL .. m - 1 (NAME_t, NAME_iot) */
	W = malloc((size_t)(m + VL) * 2 * (r - 1) * sizeof *W);
	Wt = W + (size_t)m * 2 * (r - 1);
	for (b = 0; b <= m / VL; b++)
		for (j = 1; j < r; j++)
			for (l = 0; l < VL; l++) {
				ptrdiff_t kk = b < m / VL ? b * VL + l
				    : m - VL + l;
				R *wb = b < m / VL ? W + b * 2 * (r - 1) * VL : Wt;
				long double a = 2 * 3.141592653589793238462643383279L
				    * ((long)j * kk % n) / n;
				wb[2 * (j - 1) * VL + l] = (R)cosl(a);
				wb[(2 * (j - 1) + 1) * VL + l] = (R)sinl(a);
			}
	yb = y = 0;
	if (layout == SHIFTIO || layout == SHIFTIOSW) {
		mag = 0;
		for (k = 0; k < n; k++) {
			e = hypot(ref[k][0], ref[k][1]);
			if (e > mag)
				mag = e;
		}
		guards = 0;
		err = shifted(blk, layout == SHIFTIOSW, r, m, ri, ii, W, ref,
		    mag, &guards);
		for (c = 0; c < len; c++)
			if (buf[c] != GUARD && (c < pad || (c >= pad + r * rs
			    && c < half + pad) || c >= half + pad + r * rs))
				guards++;
		*errp = err;
		*guardsp = guards;
		goto done;
	}
	if (layout == TWOCALLS) {
		tab[t].fn(ri, ii, W, rs, 0, VL);
		tab[t].fn(ri + VL, ii + VL, W, rs, VL, m);
	} else if (layout == BLOCK) {
		btab[blk].b(ri, W, 2 * rs, 0, VL);
		btab[blk].b(ri + 2 * VL, W, 2 * rs, VL, m);
	} else if (layout == BLOCKIO || layout == BLOCKIOSW) {
		btab[blk].bio(ri, W, 2 * rs, 0, VL, ri, layout == BLOCKIOSW);
		btab[blk].bio(ri + 2 * VL, W, 2 * rs, VL, m, ri + 2 * VL,
		    layout == BLOCKIOSW);
	} else if (layout == TAIL) {
		tab[t].fn(ri, ii, W, rs, 0, mv);
		btab[blk].t(ri, ii, Wt, rs, m);
	} else if (layout >= TAILIO) {
		/* a guard of its own value: see shifted */
		yb = malloc((2 * (size_t)r * m + 2 * pad) * sizeof *yb);
		for (c = 0; c < 2 * (ptrdiff_t)r * m + 2 * pad; c++)
			yb[c] = YGUARD;
		y = yb + pad;
		btab[blk].io(ri, ii, W, rs, 0, mv, y, sw);
		btab[blk].iot(ri, ii, Wt, rs, m, y, sw);
	} else {
		tab[t].fn(ri, ii, W, rs, 0, m);
	}
	err = mag = 0;
	for (j = 0; j < r; j++)
		for (k = 0; k < m; k++) {
			c = j * rs + k;
			if (layout == BLOCK)
				at = bpos(c), ia = at + VL;
			else if (layout == BLOCKIO)
				at = 2 * c, ia = at + 1;
			else if (layout == BLOCKIOSW)
				at = 2 * c + 1, ia = at - 1;
			else
				at = c, ia = ii - ri + c;
			re = y ? y[2 * c + sw] : ri[at];
			im = y ? y[2 * c + 1 - sw] : ri[ia];
			touched[ri - buf + at] = touched[ri - buf + ia] = 1;
			e = hypot(re - ref[j * m + k][0],
			    im - ref[j * m + k][1]);
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
	for (c = 0; y && c < 2 * (ptrdiff_t)r * m + 2 * pad; c++)
		if ((c < pad || c >= pad + 2 * (ptrdiff_t)r * m)
		    && yb[c] != YGUARD)
			guards++;
	*errp = mag > 0 ? err / mag : err;
	*guardsp = guards;
done:
	fftw_destroy_plan(p);
	fftw_destroy_plan(ps);
	fftw_free(x);
	fftw_free(ref);
	fftw_free(sub);
	fftw_free(subo);
	free(W);
	free(yb);
	free(buf);
	free(touched);
	return 1;
}

int
main(int argc, char **argv)
{
	size_t t;
	int l, m, tl;
	double err, e;
	long guards, g;

	m = argc > 1 ? atoi(argv[1]) : 3 * VL;
	if (m <= VL || m % VL) {
		fprintf(stderr, "t1vcheck: m must be a multiple of %d above "
		    "it\n", VL);
		return 2;
	}
	printf("seed %llu m %d\n", state, m);
	for (t = 0; t < sizeof tab / sizeof *tab; t++)
		for (l = 0; l < NLAYOUT; l++) {
			err = 0;
			guards = 0;
			/* the tails: m + 1 .. m + VL - 1 butterflies */
			for (tl = l >= TAIL; tl < (l >= TAIL ? VL : 1); tl++) {
				if (!check((int)t, l, m + tl, &e, &g))
					break;
				if (e > err || isnan(e))
					err = isnan(e) ? INFINITY : e;
				guards += g;
			}
			if (tl > (l >= TAIL))
				printf("%s %s %.3e %ld\n", tab[t].name,
				    lname[l], err, guards);
		}
	return 0;
}
