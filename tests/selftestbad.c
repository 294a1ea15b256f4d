/* selftestbad.c: kgen_selftest_with on deliberately broken transforms,
 * for tests/test_selftest.py, which asserts that each is rejected by the
 * check that should see it (and the intact one passes).  Each is a
 * double plan of size N wrapped as a kgen_selftest_fn with one defect:
 *   good       none
 *   wrongsign  a plan of sign +1 presented as sign -1
 *   swap       outputs 1 and 2 exchanged
 *   offset     1e-3 added to output 0
 *   scale      every output times 1 + 1e-9
 *   nudge      output 3 moved by 1e-12 of the largest output
 * then multi-dimensional transforms (a row-column transform built
 * from 1-D plans, rank 2 and 3) with one defect each:
 *   good2, good2r, good3   none (8 x 8, 12 x 20, 4 x 6 x 8)
 *   transpose  8 x 8, the output transposed
 *   rowsonly   12 x 20, the columns' pass left out
 *   signdim0   12 x 20, the columns' pass of sign +1
 *   twiddle    8 x 8, output (1, 2) times exp(2 pi i / 8), a twiddle
 *              factor too many
 * and real ones in FFTW's layout (the complex transform of the reals,
 * its half spectrum kept; c2r from the spectrum completed by symmetry):
 *   r2c2, c2r2, r2c3, c2r3  none (6 x 10, 5 x 7, 4 x 3 x 6, 3 x 4 x 5)
 *   r2cmirror  6 x 10, half spectrum rows k_0 and -k_0 exchanged
 *   c2rmirror  6 x 10, the same on c2r's input
 * then the status kgen_selftest returns for problems out of range.
 * Prints "name status linearity impulse shift bound" per case. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

enum { N = 64 };

typedef struct Bad Bad;
struct Bad {
	kgen_plan *p;
	int defect;
};

static int
broken(void *ctx, const double *in, double *out)
{
	Bad *b = ctx;
	double ri[N], ii[N], ro[N], io[N], m = 0, t;
	int k, st;

	for (k = 0; k < N; k++) {
		ri[k] = in[2 * k];
		ii[k] = in[2 * k + 1];
	}
	if ((st = kgen_execute(b->p, ri, ii, ro, io)))
		return st;
	for (k = 0; k < N; k++)
		if (fabs(ro[k]) > m)
			m = fabs(ro[k]);
	switch (b->defect) {
	case 2:
		t = ro[1], ro[1] = ro[2], ro[2] = t;
		t = io[1], io[1] = io[2], io[2] = t;
		break;
	case 3:
		ro[0] += 1e-3;
		break;
	case 4:
		for (k = 0; k < N; k++)
			ro[k] *= 1 + 1e-9, io[k] *= 1 + 1e-9;
		break;
	case 5:
		ro[3] += 1e-12 * m;
		break;
	}
	for (k = 0; k < N; k++) {
		out[2 * k] = ro[k];
		out[2 * k + 1] = io[k];
	}
	return KGEN_OK;
}

/* A row-column DFT of rank dims over split arrays (1-D plans along
 * each dimension), with one of the defects above. */
typedef struct Nd Nd;
struct Nd {
	int rank, dims[3], sign0, defect;
	long n;
};

enum { GOOD, TRANSPOSE, ROWSONLY, SIGN0, TWIDDLE };

static int
pass(const Nd *b, int d, double *re, double *im)
{
	long inner = 1, outer, a;
	kgen_plan *p;
	int j, st = KGEN_OK;

	for (j = d + 1; j < b->rank; j++)
		inner *= b->dims[j];
	outer = b->n / inner / b->dims[d];
	p = kgen_plan_many_dft(b->dims[d], (int)inner, inner, 1,
	    d == 0 && b->defect == SIGN0 ? 1 : -1, 0);
	if (!p)
		return KGEN_ENOMEM;
	for (a = 0; a < outer && st == KGEN_OK; a++) {
		long o = a * inner * b->dims[d];

		st = kgen_execute(p, re + o, im + o, re + o, im + o);
	}
	kgen_destroy(p);
	return st;
}

static int
broken_nd(void *ctx, const double *in, double *out)
{
	const Nd *b = ctx;
	double *re = malloc(b->n * sizeof *re), *im = malloc(b->n *
	    sizeof *im), w[2] = { cos(6.283185307179586 / 8),
	    -sin(6.283185307179586 / 8) }, t;
	long k, j, n0 = b->dims[0];
	int d, st = KGEN_OK;

	if (!re || !im)
		st = KGEN_ENOMEM;
	for (k = 0; st == KGEN_OK && k < b->n; k++)
		re[k] = in[2 * k], im[k] = in[2 * k + 1];
	for (d = b->rank - 1; st == KGEN_OK && d >= 0; d--)
		if (!(d == 0 && b->defect == ROWSONLY))
			st = pass(b, d, re, im);
	if (st == KGEN_OK && b->defect == TRANSPOSE)
		for (k = 0; k < n0; k++)
			for (j = k + 1; j < n0; j++) {
				t = re[k * n0 + j], re[k * n0 + j] = re[j * n0 + k];
				re[j * n0 + k] = t;
				t = im[k * n0 + j], im[k * n0 + j] = im[j * n0 + k];
				im[j * n0 + k] = t;
			}
	if (st == KGEN_OK && b->defect == TWIDDLE) {
		k = 1 * b->dims[1] + 2;
		t = re[k] * w[0] - im[k] * w[1];
		im[k] = re[k] * w[1] + im[k] * w[0];
		re[k] = t;
	}
	for (k = 0; st == KGEN_OK && k < b->n; k++)
		out[2 * k] = re[k], out[2 * k + 1] = im[k];
	free(re);
	free(im);
	return st;
}

static void
show(const char *name, int st, const kgen_selftest_result *r);

/* Exchanges rows k_0 and -k_0 of a half spectrum of rows of h complex
 * numbers (rank 2). */
static void
mirror(double *x, int n0, long h)
{
	long k, j, c;
	double t;

	for (k = 1; k < n0 - k; k++)
		for (c = 0; c < 2 * h; c++) {
			j = (n0 - k) * 2 * h + c;
			t = x[k * 2 * h + c], x[k * 2 * h + c] = x[j], x[j] = t;
		}
}

/* r2c (defect 0 or 1) or c2r (2 or 3) of rank b->rank through the
 * complex row-column transform above. */
static int
real_nd(void *ctx, const double *in, double *out)
{
	const Nd *b = ctx;
	Nd c = *b;
	int nl = b->dims[b->rank - 1], r2c = b->defect < 2, d, st;
	long h = nl / 2 + 1, rows = b->n / nl, k, kl, rr, j, q, sd;
	double *x = calloc(2 * b->n, sizeof *x), *y = malloc(2 * b->n *
	    sizeof *y), *half = malloc(2 * rows * h * sizeof *half);

	if (!x || !y || !half) {
		free(x), free(y), free(half);
		return KGEN_ENOMEM;
	}
	c.defect = GOOD;
	if (r2c) {
		for (k = 0; k < b->n; k++)
			x[2 * k] = in[k], x[2 * k + 1] = 0;
	} else {
		memcpy(half, in, 2 * rows * h * sizeof *half);
		if (b->defect == 3)
			mirror(half, b->dims[0], h);
		for (k = 0; k < b->n; k++) {
			kl = k % nl, rr = k / nl;
			if (kl < h) {
				x[2 * k] = half[2 * (rr * h + kl)];
				x[2 * k + 1] = half[2 * (rr * h + kl) + 1];
				continue;
			}
			/* X_k = conj X_(-k) */
			for (d = b->rank - 2, j = 0, q = rr, sd = 1; d >= 0;
			    sd *= b->dims[d], d--) {
				j += (b->dims[d] - q % b->dims[d])
				    % b->dims[d] * sd;
				q /= b->dims[d];
			}
			x[2 * k] = half[2 * (j * h + nl - kl)];
			x[2 * k + 1] = -half[2 * (j * h + nl - kl) + 1];
		}
		for (k = 0; k < b->n; k++)  /* sign +1: conjugate twice */
			x[2 * k + 1] = -x[2 * k + 1];
	}
	st = broken_nd(&c, x, y);
	if (st == KGEN_OK && r2c) {
		for (rr = 0; rr < rows; rr++)
			memcpy(out + 2 * rr * h, y + 2 * rr * nl,
			    2 * h * sizeof *out);
		if (b->defect == 1)
			mirror(out, b->dims[0], h);
	} else if (st == KGEN_OK)
		for (k = 0; k < b->n; k++)
			out[k] = y[2 * k];
	free(x), free(y), free(half);
	return st;
}

static void
real_case(const char *name, int kind, int rank, int n0, int n1, int n2,
    int defect)
{
	kgen_selftest_problem p;
	kgen_selftest_result r;
	Nd b = { rank, { n0, n1, n2 }, 0, defect, (long)n0 * n1 };

	if (rank == 3)
		b.n *= n2;
	memset(&p, 0, sizeof p);
	p.rank = rank;
	p.kind = kind;
	p.dims[0] = n0, p.dims[1] = n1, p.dims[2] = n2;
	p.seed = 777;
	show(name, kgen_selftest_with(&p, real_nd, &b, &r), &r);
}

static void
nd_case(const char *name, int rank, int n0, int n1, int n2, int defect)
{
	kgen_selftest_problem p;
	kgen_selftest_result r;
	Nd b = { rank, { n0, n1, n2 }, 0, defect, (long)n0 * n1 };

	if (rank == 3)
		b.n *= n2;
	memset(&p, 0, sizeof p);
	p.rank = rank;
	p.dims[0] = n0, p.dims[1] = n1, p.dims[2] = n2;
	p.sign = -1;
	p.seed = 54321;
	show(name, kgen_selftest_with(&p, broken_nd, &b, &r), &r);
}

static void
show(const char *name, int st, const kgen_selftest_result *r)
{
	printf("%s %d %.3g %.3g %.3g %.3g\n", name, st, r->linearity,
	    r->impulse, r->shift, r->bound);
}

int
main(void)
{
	static const char *const names[] = {
		"good", "wrongsign", "swap", "offset", "scale", "nudge"
	};
	kgen_selftest_problem p = { 0 };
	kgen_selftest_result r;
	Bad b;
	int d, st;

	p.n = N;
	p.sign = -1;
	p.seed = 12345;
	for (d = 0; d < 6; d++) {
		b.p = kgen_plan_dft_1d(N, d == 1 ? 1 : -1, 0);
		b.defect = d;
		if (!b.p)
			return 1;
		st = kgen_selftest_with(&p, broken, &b, &r);
		show(names[d], st, &r);
		kgen_destroy(b.p);
	}
	nd_case("good2", 2, 8, 8, 0, GOOD);
	nd_case("good2r", 2, 12, 20, 0, GOOD);
	nd_case("good3", 3, 4, 6, 8, GOOD);
	nd_case("transpose", 2, 8, 8, 0, TRANSPOSE);
	nd_case("rowsonly", 2, 12, 20, 0, ROWSONLY);
	nd_case("signdim0", 2, 12, 20, 0, SIGN0);
	nd_case("twiddle", 2, 8, 8, 0, TWIDDLE);
	real_case("r2c2", KGEN_SELFTEST_R2C, 2, 6, 10, 0, 0);
	real_case("c2r2", KGEN_SELFTEST_C2R, 2, 5, 7, 0, 2);
	real_case("r2c3", KGEN_SELFTEST_R2C, 3, 4, 3, 6, 0);
	real_case("c2r3", KGEN_SELFTEST_C2R, 3, 3, 4, 5, 2);
	real_case("r2cmirror", KGEN_SELFTEST_R2C, 2, 6, 10, 0, 1);
	real_case("c2rmirror", KGEN_SELFTEST_C2R, 2, 6, 10, 0, 3);
	/* problems out of range */
	p.sign = 0;
	show("sign0", kgen_selftest(&p, &r), &r);
	p.sign = -1, p.howmany = 2, p.dist = N - 1;
	show("overlap", kgen_selftest(&p, &r), &r);
	p.howmany = 0, p.dist = 0, p.n = KGEN_N1_MAX + 1;
	p.api = KGEN_SELFTEST_N1;
	show("n1big", kgen_selftest(&p, &r), &r);
	p.api = KGEN_SELFTEST_PLAN, p.n = 8, p.sign = 0;
	p.kind = KGEN_SELFTEST_R2C, p.howmany = 2;
	show("realmany", kgen_selftest(&p, &r), &r);
	p.howmany = 1, p.sign = 1;
	show("r2cplus", kgen_selftest(&p, &r), &r);
	show("null", kgen_selftest(0, &r), &r);
	/* a layout past the address space: refused before any arithmetic
	 * could overflow (UBSan under make asan) */
	p.kind = KGEN_SELFTEST_DFT, p.sign = -1, p.n = KGEN_PLAN_MAX;
	p.howmany = 1 << 30;
	show("huge", kgen_selftest(&p, &r), &r);
	p.howmany = 1, p.stride = PTRDIFF_MAX / 2;
	show("hugestride", kgen_selftest(&p, &r), &r);
	/* multi-dimensional problems out of range */
	memset(&p, 0, sizeof p);
	p.sign = -1, p.rank = 2, p.dims[0] = 8, p.dims[1] = 0;
	show("ndzero", kgen_selftest(&p, &r), &r);
	p.dims[1] = 8, p.n = 60;
	show("ndn", kgen_selftest(&p, &r), &r);
	p.n = 0, p.rank = KGEN_SELFTEST_MAXRANK + 1;
	show("ndrank", kgen_selftest(&p, &r), &r);
	p.rank = 2, p.dims[0] = p.dims[1] = 1 << 16;
	show("ndhuge", kgen_selftest(&p, &r), &r);
	p.dims[0] = p.dims[1] = 8, p.api = KGEN_SELFTEST_N1;
	show("ndn1", kgen_selftest(&p, &r), &r);
	p.api = KGEN_SELFTEST_PLAN, p.kind = KGEN_SELFTEST_R2C, p.sign = 0;
	p.howmany = 2;
	show("ndrealmany", kgen_selftest(&p, &r), &r);
	p.howmany = 1, p.sign = 1;
	show("ndr2cplus", kgen_selftest(&p, &r), &r);
	p.kind = KGEN_SELFTEST_DFT, p.nthreads = -1;
	show("ndthreads", kgen_selftest(&p, &r), &r);
	return 0;
}
