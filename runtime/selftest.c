/* selftest.c: kgen_selftest, a check that a transform is the DFT which
 * needs no reference library: Ergun's randomized linearity, impulse and
 * shift tests (F. Ergun, STOC 1995; the method of FFTW's verifier, here
 * written from the method).  kgen.h states the checks and the bound.
 *
 * Why three checks suffice: let F be linear.  If F(e_0) = (1, ..., 1) and
 * F(S x) = D F(x) for the cyclic shift S and D = diag(w^k), w = exp(sign
 * 2 pi i / n), then F(e_j) = F(S^j e_0) = D^j (1, ..., 1), which is column
 * j of the DFT matrix, so F is the DFT.  Each check is made on random
 * inputs (the impulse as F(x + c e_0) - F(x), so a transform that special
 * cases a lone impulse cannot pass), and a map that is wrong on a set of
 * inputs of positive measure fails on random ones.
 *
 * Error measure: a transform G with outputs of relative error at most B
 * (max |G(x) - F(x)| <= B max |F(x)|) gives each check a residual of at
 * most B times the sum of the largest components of the transforms the
 * check compares (the scalars a, b, c and the twiddles add rounding of a
 * few ulps, far below B), so err = residual / that sum is at most B.
 * Inputs are rounded to the precision under test before the expected
 * values are formed, so rounding them costs nothing.
 *
 * The core (check) works on canonical contiguous arrays of doubles and
 * calls a transform through kgen_selftest_fn; kgen_selftest wraps a
 * library transform in one (run): it scatters the input into the
 * problem's layout in arrays full of a guard value, calls the plan or
 * kgen_dft, gathers the output and counts guards that changed. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

enum { PAD = 8 };                 /* guard elements before and after */
static const double GUARD = -33554432.0;  /* -2^25, exact in float */

/* ---- random numbers: splitmix64 (Steele, Lea and Flood 2014) */
static uint64_t
next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* uniform in [-1, 1) */
static double
uniform(uint64_t *s)
{
	return (double)(next(s) >> 11) * 0x1p-52 - 1.0;
}

/* ---- the core: the three checks on canonical arrays */
typedef struct Check Check;
struct Check {
	int n, v, kind, sign, isfloat;
	size_t nin, nout;   /* doubles per transform in and out */
	kgen_selftest_fn *fn;
	void *ctx;
	uint64_t rng;
	kgen_selftest_result *r;
};

static double
round_to(const Check *c, double x)
{
	return c->isfloat ? (double)(float)x : x;
}

static void
round_all(const Check *c, double *x, size_t len)
{
	size_t i;

	for (i = 0; c->isfloat && i < len; i++)
		x[i] = (float)x[i];
}

/* Fills x with a random input; a c2r input's imaginary parts of X_0 and
 * X_(n/2) are zero (the spectrum of a real signal). */
static void
random_input(Check *c, double *x)
{
	size_t i, h;

	for (i = 0; i < c->v * c->nin; i++)
		x[i] = round_to(c, uniform(&c->rng));
	if (c->kind == KGEN_SELFTEST_C2R)
		for (h = 0; h < (size_t)c->v; h++) {
			x[h * c->nin + 1] = 0;
			if (c->n % 2 == 0)
				x[h * c->nin + c->n + 1] = 0;
		}
}

static int
xform(Check *c, const double *in, double *out)
{
	c->r->transforms += c->v;
	return c->fn(c->ctx, in, out);
}

/* z = a x + b y over len doubles: complex scalars on pairs for the
 * complex kind, real ones (a[1] = b[1] = 0) elementwise for the real
 * kinds, so that real and Hermitian data stay so. */
static void
combine(const Check *c, const double a[2], const double *x,
    const double b[2], const double *y, double *z, size_t len)
{
	size_t i;

	if (c->kind != KGEN_SELFTEST_DFT) {
		for (i = 0; i < len; i++)
			z[i] = a[0] * x[i] + b[0] * y[i];
		return;
	}
	for (i = 0; i < len; i += 2) {
		double re = a[0] * x[i] - a[1] * x[i + 1]
		    + b[0] * y[i] - b[1] * y[i + 1];
		double im = a[0] * x[i + 1] + a[1] * x[i]
		    + b[0] * y[i + 1] + b[1] * y[i];
		z[i] = re;
		z[i + 1] = im;
	}
}

static double
maxabs(const double *x, size_t len)
{
	double m = 0;
	size_t i;

	for (i = 0; i < len; i++)
		if (!(fabs(x[i]) <= m))     /* a NaN wins */
			m = fabs(x[i]);
	return m;
}

/* max |got - want| / scale, infinite for a NaN, 0 when all is 0 */
static double
relerr(const double *got, const double *want, size_t len, double scale)
{
	double d = 0;
	size_t i;

	for (i = 0; i < len; i++)
		if (!(fabs(got[i] - want[i]) <= d))
			d = fabs(got[i] - want[i]);
	if (d != d)
		return INFINITY;
	return d == 0 ? 0 : d / scale;
}

static void
note(double *worst, double e)
{
	if (!(e <= *worst))
		*worst = e;
}

/* exp(sign 2 pi i t / n) for an integer t, reduced mod n first */
static void
twiddle(int n, int sign, long long t, double w[2])
{
	static const double TWOPI = 6.283185307179586476925286766559;
	double a;

	t %= n;
	if (t < 0)
		t += n;
	a = TWOPI * (double)t / n;
	w[0] = cos(a);
	w[1] = sign * sin(a);
}

/* Linearity: F(a x + b y) against a F(x) + b F(y).  fx gets F(x). */
static int
linearity(Check *c, double *x, double *fx, double *t[4])
{
	double *y = t[0], *z = t[1], *fy = t[2], *fz = t[3];
	double a[2], b[2], want_scale;
	size_t lin = c->v * c->nin, lout = c->v * c->nout;
	int cplx = c->kind == KGEN_SELFTEST_DFT, st;

	random_input(c, x);
	random_input(c, y);
	a[0] = uniform(&c->rng), a[1] = cplx ? uniform(&c->rng) : 0;
	b[0] = uniform(&c->rng), b[1] = cplx ? uniform(&c->rng) : 0;
	combine(c, a, x, b, y, z, lin);
	round_all(c, z, lin);
	if ((st = xform(c, x, fx)) || (st = xform(c, y, fy))
	    || (st = xform(c, z, fz)))
		return st;
	want_scale = maxabs(fz, lout) + hypot(a[0], a[1]) * maxabs(fx, lout)
	    + hypot(b[0], b[1]) * maxabs(fy, lout);
	combine(c, a, fx, b, fy, y, lout);  /* y is free now */
	note(&c->r->linearity, relerr(fz, y, lout, want_scale));
	return 0;
}

/* Impulse: F(x + c e_0) - F(x) against c (1, ..., 1), per transform. */
static int
impulse(Check *c, const double *x, const double *fx, double *t[4])
{
	double *x1 = t[0], *f1 = t[1], *want = t[2];
	double s[2];
	size_t lin = c->v * c->nin, lout = c->v * c->nout, i, h;
	int cplx = c->kind == KGEN_SELFTEST_DFT, st;

	/* a value exact in float, so x + c e_0 rounds the same way */
	s[0] = round_to(c, uniform(&c->rng));
	s[1] = cplx ? round_to(c, uniform(&c->rng)) : 0;
	memcpy(x1, x, lin * sizeof *x1);
	for (h = 0; h < (size_t)c->v; h++) {
		x1[h * c->nin] = round_to(c, x1[h * c->nin] + s[0]);
		if (cplx)
			x1[h * c->nin + 1] = round_to(c,
			    x1[h * c->nin + 1] + s[1]);
	}
	if ((st = xform(c, x1, f1)))
		return st;
	for (i = 0; i < lout; i++) {
		if (c->kind == KGEN_SELFTEST_C2R)
			want[i] = fx[i] + s[0];
		else
			want[i] = fx[i] + (i % 2 ? s[1] : s[0]);
	}
	/* the input's rounding moved e_0 by at most an ulp of x1[0]: its
	 * effect on the outputs is within the float/double rounding that
	 * the scale below allows for */
	note(&c->r->impulse, relerr(f1, want, lout,
	    maxabs(f1, lout) + maxabs(fx, lout)));
	return 0;
}

/* Shift by s: for the complex kind and r2c the input shifted cyclically
 * gives the output times exp(sign 2 pi i s k / n); for c2r the spectrum
 * times exp(-2 pi i s k / n) gives the output shifted by s. */
static int
shift(Check *c, const double *x, const double *fx, long s, double *t[4])
{
	double *x1 = t[0], *f1 = t[1], *want = t[2], w[2];
	long n = c->n, h, k, nc = c->n / 2 + 1;
	int st;

	for (h = 0; h < c->v; h++) {
		const double *xi = x + h * c->nin, *fi = fx + h * c->nout;
		double *yi = x1 + h * c->nin, *wi = want + h * c->nout;

		switch (c->kind) {
		case KGEN_SELFTEST_DFT:
			for (k = 0; k < n; k++) {
				yi[2 * ((k + s) % n)] = xi[2 * k];
				yi[2 * ((k + s) % n) + 1] = xi[2 * k + 1];
				twiddle(c->n, c->sign, (long long)s * k, w);
				wi[2 * k] = fi[2 * k] * w[0]
				    - fi[2 * k + 1] * w[1];
				wi[2 * k + 1] = fi[2 * k] * w[1]
				    + fi[2 * k + 1] * w[0];
			}
			break;
		case KGEN_SELFTEST_R2C:
			for (k = 0; k < n; k++)
				yi[(k + s) % n] = xi[k];
			for (k = 0; k < nc; k++) {
				twiddle(c->n, -1, (long long)s * k, w);
				wi[2 * k] = fi[2 * k] * w[0]
				    - fi[2 * k + 1] * w[1];
				wi[2 * k + 1] = fi[2 * k] * w[1]
				    + fi[2 * k + 1] * w[0];
			}
			break;
		default:    /* C2R */
			for (k = 0; k < nc; k++) {
				twiddle(c->n, -1, (long long)s * k, w);
				yi[2 * k] = xi[2 * k] * w[0]
				    - xi[2 * k + 1] * w[1];
				yi[2 * k + 1] = xi[2 * k] * w[1]
				    + xi[2 * k + 1] * w[0];
			}
			/* a pass of its own: gcc 12 -O2 vectorizes the loop
			 * above with round_to in it into one that skips the
			 * rounding (found by the input check of run) */
			round_all(c, yi, c->nin);
			/* Hermitian: these stay real exactly */
			yi[1] = 0;
			if (n % 2 == 0)
				yi[n + 1] = 0;
			for (k = 0; k < n; k++)
				wi[(k + s) % n] = fi[k];
			break;
		}
	}
	if ((st = xform(c, x1, f1)))
		return st;
	note(&c->r->shift, relerr(f1, want, c->v * c->nout,
	    maxabs(f1, c->v * c->nout) + maxabs(fx, c->v * c->nout)));
	return 0;
}

/* The checks of c over trials rounds; the first shifts by 1, the others
 * by a random amount. */
static int
check(Check *c, int trials)
{
	size_t lin = c->v * c->nin, lout = c->v * c->nout;
	size_t len = lin > lout ? lin : lout;
	double *x, *fx, *t[4];
	int i, st = KGEN_ENOMEM;
	long s;

	x = malloc(len * sizeof *x);
	fx = malloc(len * sizeof *fx);
	for (i = 0; i < 4; i++)
		t[i] = malloc(len * sizeof *t[i]);
	if (!x || !fx || !t[0] || !t[1] || !t[2] || !t[3])
		goto out;
	for (i = 0; i < trials; i++) {
		s = i == 0 || c->n == 1 ? 1 % c->n
		    : 1 + (long)(next(&c->rng) % (uint64_t)(c->n - 1));
		if ((st = linearity(c, x, fx, t))
		    || (st = impulse(c, x, fx, t))
		    || (st = shift(c, x, fx, s, t)))
			goto out;
	}
	st = KGEN_OK;
out:
	free(x);
	free(fx);
	for (i = 0; i < 4; i++)
		free(t[i]);
	return st;
}

static size_t
mag(ptrdiff_t x)
{
	return x < 0 ? -(size_t)x : (size_t)x;
}

/* Fills *q from *p with the defaults of kgen.h; KGEN_OK or why not.
 * The limits keep every offset and array size far inside ptrdiff_t and
 * size_t (a larger problem would not fit in memory anyway). */
static int
normalize(const kgen_selftest_problem *p, kgen_selftest_problem *q)
{
	if (!p)
		return KGEN_EINVAL;
	*q = *p;
	if (!q->precision)
		q->precision = KGEN_DOUBLE;
	if (!q->howmany)
		q->howmany = 1;
	if (!q->stride)
		q->stride = 1;
	if (!q->trials)
		q->trials = 2;
	if (q->kind == KGEN_SELFTEST_R2C && !q->sign)
		q->sign = -1;
	if (q->kind == KGEN_SELFTEST_C2R && !q->sign)
		q->sign = 1;
	if (q->n < 1 || q->n > KGEN_PLAN_MAX || q->howmany < 1
	    || q->trials < 1
	    || mag(q->stride) > PTRDIFF_MAX / 64 / (size_t)q->n)
		return KGEN_EINVAL;
	if (!q->dist)
		q->dist = q->n * (ptrdiff_t)mag(q->stride);
	if (mag(q->dist) > PTRDIFF_MAX / 64 / (size_t)q->howmany
	    || (size_t)q->howmany > SIZE_MAX / 16 / ((size_t)q->n + 2)
	    || (q->precision != KGEN_DOUBLE && q->precision != KGEN_FLOAT)
	    || (q->kind != KGEN_SELFTEST_DFT && q->kind != KGEN_SELFTEST_R2C
	    && q->kind != KGEN_SELFTEST_C2R)
	    || (q->api != KGEN_SELFTEST_PLAN && q->api != KGEN_SELFTEST_N1)
	    || (unsigned)q->inplace > 1 || (unsigned)q->interleaved > 1)
		return KGEN_EINVAL;
	if (q->kind != KGEN_SELFTEST_DFT
	    && (q->api != KGEN_SELFTEST_PLAN || q->inplace || q->interleaved
	    || q->howmany != 1 || q->stride != 1 || q->dist != q->n))
		return KGEN_EINVAL;
	if ((q->kind == KGEN_SELFTEST_DFT && q->sign != -1 && q->sign != 1)
	    || (q->kind == KGEN_SELFTEST_R2C && q->sign != -1)
	    || (q->kind == KGEN_SELFTEST_C2R && q->sign != 1))
		return KGEN_ESIGN;
	return KGEN_OK;
}

static int
check_problem(const kgen_selftest_problem *q, kgen_selftest_fn *fn,
    void *ctx, kgen_selftest_result *r)
{
	Check c;
	double lg;

	memset(r, 0, sizeof *r);
	c.n = q->n;
	c.v = q->howmany;
	c.kind = q->kind;
	c.sign = q->sign;
	c.isfloat = q->precision == KGEN_FLOAT;
	c.nin = q->kind == KGEN_SELFTEST_R2C ? (size_t)q->n
	    : q->kind == KGEN_SELFTEST_C2R ? 2 * (size_t)(q->n / 2 + 1)
	    : 2 * (size_t)q->n;
	c.nout = q->kind == KGEN_SELFTEST_R2C ? 2 * (size_t)(q->n / 2 + 1)
	    : q->kind == KGEN_SELFTEST_C2R ? (size_t)q->n : 2 * (size_t)q->n;
	c.fn = fn;
	c.ctx = ctx;
	c.rng = q->seed;
	c.r = r;
	lg = log2((double)q->n);
	r->bound = (c.isfloat ? 2e-5 : 1e-14) * (1 + lg);
	return check(&c, q->trials);
}

static int
verdict(int st, kgen_selftest_result *r)
{
	r->err = r->linearity;
	note(&r->err, r->impulse);
	note(&r->err, r->shift);
	if (st == KGEN_OK && !(r->err <= r->bound && r->stray == 0))
		st = KGEN_ESELFTEST;
	return st;
}

int
kgen_selftest_with(const kgen_selftest_problem *p, kgen_selftest_fn *fn,
    void *ctx, kgen_selftest_result *r)
{
	kgen_selftest_problem q, any;
	kgen_selftest_result dummy;
	int st;

	if (!r)
		r = &dummy;
	memset(r, 0, sizeof *r);
	if (!p || !fn)
		return KGEN_EINVAL;
	/* the layout is fn's business */
	any = *p;
	any.api = KGEN_SELFTEST_PLAN;
	any.inplace = any.interleaved = 0;
	any.stride = any.dist = 0;
	if ((st = normalize(&any, &q)) != KGEN_OK)
		return st;
	return verdict(check_problem(&q, fn, ctx, r), r);
}

/* ---- a library transform as a kgen_selftest_fn */

/* One side (input or output) of the problem: arrays of len elements of
 * the precision, the element (h, k) of the real part at base + h dist +
 * k stride (in elements), the imaginary part at the same index of im. */
typedef struct Side Side;
struct Side {
	char *re, *im;      /* im: NULL for real data; re + 1 interleaved */
	size_t len;
	ptrdiff_t base, stride, dist;
	int count;          /* elements per transform */
	unsigned char *own; /* 1 at the layout's elements, over len */
};

typedef struct Run Run;
struct Run {
	kgen_selftest_problem q;
	int isfloat;
	size_t es;          /* bytes per element */
	Side in, out;       /* the same when in place */
	void *plan;
	uint64_t rng;       /* the values c2r must ignore */
	long stray;
};

static void
put(const Run *u, char *b, ptrdiff_t i, double x)
{
	if (u->isfloat)
		((float *)b)[i] = (float)x;
	else
		((double *)b)[i] = x;
}

static double
get(const Run *u, const char *b, ptrdiff_t i)
{
	return u->isfloat ? ((const float *)b)[i] : ((const double *)b)[i];
}

static ptrdiff_t
at(const Side *s, long h, long k)
{
	return s->base + h * s->dist + k * s->stride;
}

/* Lays out side s for howmany transforms of count elements at stride and
 * dist (in complex or real elements; doubled when interleaved), with PAD
 * guards around; KGEN_EINVAL when two elements meet. */
static int
side_init(Run *u, Side *s, int count, int howmany, ptrdiff_t stride,
    ptrdiff_t dist, int cplx, int il)
{
	ptrdiff_t lo = 0, hi = 0, ext, i;
	long h, k;
	int w = il ? 2 : 1;

	s->count = count;
	ext = (ptrdiff_t)(count - 1) * stride;
	*(ext < 0 ? &lo : &hi) += ext;
	ext = (ptrdiff_t)(howmany - 1) * dist;
	*(ext < 0 ? &lo : &hi) += ext;
	s->stride = w * stride;
	s->dist = w * dist;
	s->base = w * (PAD - lo);
	s->len = (size_t)w * (size_t)(hi - lo + 1 + 2 * PAD);
	s->re = malloc(s->len * u->es);
	s->im = cplx && !il ? malloc(s->len * u->es) : 0;
	s->own = calloc(s->len, 1);
	if (!s->re || (cplx && !il && !s->im) || !s->own)
		return KGEN_ENOMEM;
	if (il)
		s->im = s->re + u->es;
	for (h = 0; h < howmany; h++)
		for (k = 0; k < count; k++) {
			i = at(s, h, k);
			if (s->own[i])
				return KGEN_EINVAL;
			s->own[i] = 1;
			if (il)
				s->own[i + 1] = 1;
		}
	return KGEN_OK;
}

static void
side_free(Side *s, int il)
{
	free(s->re);
	if (!il)
		free(s->im);
	free(s->own);
}

/* Fills s with guards, then (x not NULL) transform h's element k from
 * x (complex pairs when s has an imaginary part). */
static void
scatter(Run *u, Side *s, const double *x)
{
	size_t i;
	long h, k;
	int cplx = s->im != 0;

	for (i = 0; i < s->len; i++) {
		put(u, s->re, i, GUARD);
		if (cplx && !u->q.interleaved)
			put(u, s->im, i, GUARD);
	}
	for (h = 0; x && h < u->q.howmany; h++)
		for (k = 0; k < s->count; k++, x += 1 + cplx) {
			put(u, s->re, at(s, h, k), x[0]);
			if (cplx)
				put(u, s->im, at(s, h, k), x[1]);
		}
}

/* Counts the elements of s outside the layout that are not guards,
 * and when x is not NULL the layout's elements that differ from x. */
static long
strays(const Run *u, const Side *s, const double *x)
{
	long bad = 0, h, k;
	size_t i;
	int cplx = s->im != 0, il = u->q.interleaved;

	for (i = 0; i < s->len; i++)
		if (!s->own[i] && (get(u, s->re, i) != GUARD
		    || (cplx && !il && get(u, s->im, i) != GUARD)))
			bad++;
	for (h = 0; x && h < u->q.howmany; h++)
		for (k = 0; k < s->count; k++, x += 1 + cplx)
			if (get(u, s->re, at(s, h, k)) != x[0]
			    || (cplx && get(u, s->im, at(s, h, k)) != x[1]))
				bad++;
	return bad;
}

/* Runs the transform on u's arrays: element (0, 0) of each side at
 * its base, the imaginary part d (e) elements after the real one. */
static int
execute(Run *u)
{
	kgen_selftest_problem *q = &u->q;
	Side *i = &u->in, *o = &u->out;
	ptrdiff_t d = (i->im - i->re) / (ptrdiff_t)u->es;
	ptrdiff_t e = (o->im - o->re) / (ptrdiff_t)u->es;

	if (u->isfloat) {
		float *ib = (float *)(void *)i->re + i->base;
		float *ob = (float *)(void *)o->re + o->base;

		if (q->api == KGEN_SELFTEST_N1)
			return kgen_dftf(q->n, q->sign, ib, ib + d, ob, ob + e,
			    i->stride, o->stride, q->howmany, i->dist,
			    o->dist);
		switch (q->kind) {
		case KGEN_SELFTEST_R2C:
			return kgen_executef_r2c(u->plan, ib, ob, ob + e);
		case KGEN_SELFTEST_C2R:
			return kgen_executef_c2r(u->plan, ib, ib + d, ob);
		}
		return kgen_executef(u->plan, ib, ib + d, ob, ob + e);
	} else {
		double *ib = (double *)(void *)i->re + i->base;
		double *ob = (double *)(void *)o->re + o->base;

		if (q->api == KGEN_SELFTEST_N1)
			return kgen_dft(q->n, q->sign, ib, ib + d, ob, ob + e,
			    i->stride, o->stride, q->howmany, i->dist,
			    o->dist);
		switch (q->kind) {
		case KGEN_SELFTEST_R2C:
			return kgen_execute_r2c(u->plan, ib, ob, ob + e);
		case KGEN_SELFTEST_C2R:
			return kgen_execute_c2r(u->plan, ib, ib + d, ob);
		}
		return kgen_execute(u->plan, ib, ib + d, ob, ob + e);
	}
}

/* The kgen_selftest_fn of a library transform: u's problem run on the
 * canonical input in, its output gathered into out; guards that changed
 * add to u->stray. */
static int
run(void *ctx, const double *in, double *out)
{
	Run *u = ctx;
	Side *i = &u->in, *o = &u->out;
	ptrdiff_t junk[2];
	double jv[2];
	int st, j, njunk = 0;
	long h, k;

	scatter(u, i, in);
	if (u->q.kind == KGEN_SELFTEST_C2R) {
		/* Im X_0 and Im X_(n/2) are ignored: random values there */
		junk[njunk++] = at(i, 0, 0);
		if (u->q.n % 2 == 0)
			junk[njunk++] = at(i, 0, u->q.n / 2);
		for (j = 0; j < njunk; j++) {
			put(u, i->im, junk[j], uniform(&u->rng));
			jv[j] = get(u, i->im, junk[j]);
		}
	}
	if (!u->q.inplace)
		scatter(u, o, 0);
	if ((st = execute(u)))
		return st;
#ifdef SELFTEST_STRAY_WRITE
	/* only in tests/test_selftest.py's build: a write past the output,
	 * which the guards must catch */
	put(u, o->re, o->len - 1, 0);
#endif
	for (h = 0; h < u->q.howmany; h++)
		for (k = 0; k < o->count; k++) {
			*out++ = get(u, o->re, at(o, h, k));
			if (o->im)
				*out++ = get(u, o->im, at(o, h, k));
		}
	u->stray += strays(u, o, 0);
	if (u->q.inplace)
		return KGEN_OK;
	/* the input is const: unchanged, the ignored values included */
	for (j = 0; j < njunk; j++) {
		if (get(u, i->im, junk[j]) != jv[j])
			u->stray++;
		put(u, i->im, junk[j], 0);
	}
	u->stray += strays(u, i, in);
	return KGEN_OK;
}

static int
plan_new(Run *u)
{
	kgen_selftest_problem *q = &u->q;
	ptrdiff_t s = q->stride * (q->interleaved ? 2 : 1);
	ptrdiff_t d = q->dist * (q->interleaved ? 2 : 1);

	switch (q->kind * 2 + u->isfloat) {
	case 0:
		u->plan = kgen_plan_many_dft(q->n, q->howmany, s, d, q->sign,
		    0);
		break;
	case 1:
		u->plan = kgen_planf_many_dft(q->n, q->howmany, s, d,
		    q->sign, 0);
		break;
	case 2:
		u->plan = kgen_plan_dft_r2c_1d(q->n, 0);
		break;
	case 3:
		u->plan = kgen_planf_dft_r2c_1d(q->n, 0);
		break;
	case 4:
		u->plan = kgen_plan_dft_c2r_1d(q->n, 0);
		break;
	case 5:
		u->plan = kgen_planf_dft_c2r_1d(q->n, 0);
		break;
	}
	return u->plan ? KGEN_OK : KGEN_ENOSIZE;
}

static void
plan_free(Run *u)
{
	if (u->isfloat)
		kgen_destroyf(u->plan);
	else
		kgen_destroy(u->plan);
}

int
kgen_selftest(const kgen_selftest_problem *p, kgen_selftest_result *r)
{
	kgen_selftest_problem *q;
	kgen_selftest_result dummy;
	Run u;
	int st, n, nc, il;

	if (!r)
		r = &dummy;
	memset(r, 0, sizeof *r);
	memset(&u, 0, sizeof u);
	q = &u.q;
	if ((st = normalize(p, q)) != KGEN_OK)
		return st;
	if (q->api == KGEN_SELFTEST_N1 && !kgen_lookup(q->n, q->precision))
		return KGEN_ENOSIZE;
	n = q->n;
	nc = n / 2 + 1;
	il = q->interleaved;
	u.isfloat = q->precision == KGEN_FLOAT;
	u.es = u.isfloat ? sizeof(float) : sizeof(double);
	u.rng = q->seed ^ 0x5851f42d4c957f2du;
	st = side_init(&u, &u.in, q->kind == KGEN_SELFTEST_C2R ? nc : n,
	    q->howmany, q->stride, q->dist, q->kind != KGEN_SELFTEST_R2C, il);
	if (st == KGEN_OK && !q->inplace)
		st = side_init(&u, &u.out, q->kind == KGEN_SELFTEST_R2C ? nc
		    : n, q->howmany, q->stride, q->dist,
		    q->kind != KGEN_SELFTEST_C2R, il);
	else if (st == KGEN_OK)
		u.out = u.in;
	if (st == KGEN_OK && q->api == KGEN_SELFTEST_PLAN)
		st = plan_new(&u);
	if (st == KGEN_OK) {
		st = check_problem(q, run, &u, r);
		r->stray = u.stray;
	}
	if (u.plan)
		plan_free(&u);
	side_free(&u.in, il);
	if (!q->inplace)
		side_free(&u.out, il);
	return verdict(st, r);
}
