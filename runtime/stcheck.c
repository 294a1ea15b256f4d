/* stcheck.c: the core of kgen_selftest: Ergun's randomized linearity,
 * impulse and shift checks (F. Ergun, STOC 1995; the method of FFTW's
 * verifier, here written from the method) on canonical contiguous
 * arrays, calling the transform through a kgen_selftest_fn.  kgen.h
 * states the checks and the bound.
 *
 * Why the checks suffice: let F be linear on arrays of sizes n_0 x .. x
 * n_(r-1).  If F(e_0) = (1, ..., 1) and F(S_d x) = D_d F(x) for the
 * cyclic shift S_d along each dimension d and D_d = diag(w_d^(k_d)),
 * w_d = exp(sign 2 pi i / n_d), then F(e_j) = F(S_0^(j_0) .. e_0) =
 * D_0^(j_0) .. D_(r-1)^(j_(r-1)) (1, ..., 1), which is column j of the
 * multi-dimensional DFT matrix, so F is the DFT.  A shift along every
 * dimension at once would not do: it cannot tell k_0 from k_1 where
 * n_0 = n_1 (a transposed output passes it).  Each check is made on
 * random inputs (the impulse as F(x + c e_0) - F(x), so a transform
 * that special cases a lone impulse cannot pass), and a map that is
 * wrong on a set of inputs of positive measure fails on random ones.
 * Real data: r2c is checked on its half spectrum (the shift modulates
 * it by w_d^(k_d), k_d its index there); c2r by the converse (the half
 * spectrum modulated by exp(-2 pi i s k_d / n_d) gives the output
 * shifted by s along d) on Hermitian inputs.
 *
 * Error measure: a transform G with outputs of relative error at most B
 * (max |G(x) - F(x)| <= B max |F(x)|) gives each check a residual of at
 * most B times the sum of the largest components of the transforms the
 * check compares (the scalars a, b, c and the twiddles add rounding of a
 * few ulps, far below B), so err = residual / that sum is at most B.
 * Inputs are rounded to the precision under test before the expected
 * values are formed, so rounding them costs nothing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "selftest.h"

uint64_t
kgen_priv_stcheck_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

double
kgen_priv_stcheck_uniform(uint64_t *s)
{
	return (double)(kgen_priv_stcheck_next(s) >> 11) * 0x1p-52 - 1.0;
}

#define uniform kgen_priv_stcheck_uniform

int
kgen_priv_stcheck_dims(const kgen_selftest_problem *q, int *dims)
{
	int d;

	if (q->rank < 1) {
		dims[0] = q->n;
		return 1;
	}
	for (d = 0; d < q->rank; d++)
		dims[d] = q->dims[d];
	return q->rank;
}

typedef struct Check Check;
struct Check {
	int n, v, kind, sign, isfloat;
	int rank, dims[KGEN_SELFTEST_MAXRANK];  /* of the real or complex data */
	int half[KGEN_SELFTEST_MAXRANK];  /* of the half spectrum */
	long nc;            /* complex numbers of the half spectrum */
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

/* The index of dimension d of row-major index k in an array of sizes e. */
static long
coord(const int *e, int rank, int d, long k)
{
	long st = 1;
	int j;

	for (j = rank - 1; j > d; j--)
		st *= e[j];
	return k / st % e[d];
}

/* Row-major index k moved by s (0 <= s < e[d]) along dimension d,
 * cyclically. */
static long
moved(const int *e, int rank, int d, long k, long s)
{
	long st = 1, kd;
	int j;

	for (j = rank - 1; j > d; j--)
		st *= e[j];
	kd = k / st % e[d];
	return k + ((kd + s) % e[d] - kd) * st;
}

/* Makes the half spectrum x (one transform) Hermitian: in the planes
 * where the last index k_l is 0 or n_l/2, X_k and X_(-k) become each
 * other's conjugates (their mean), and X_k is real where k = -k.  For
 * rank 1 that zeroes Im X_0 and Im X_(n/2) and changes nothing else.
 * The means are not rounded here (round_all after, which keeps the
 * pairs conjugate: it rounds a and -a to opposites). */
static void
hermitian(const Check *c, double *x)
{
	int r = c->rank, nl = c->dims[r - 1], hl = c->half[r - 1], d;
	long k, j, kd, st;
	double re, im;

	for (k = 0; k < c->nc; k++) {
		if (k % hl != 0 && !(nl % 2 == 0 && k % hl == nl / 2))
			continue;
		j = k % hl;
		for (d = r - 2, st = hl; d >= 0; st *= c->dims[d], d--) {
			kd = k / st % c->dims[d];
			j += (kd ? c->dims[d] - kd : 0) * st;
		}
		if (j < k)
			continue;
		if (j == k) {
			x[2 * k + 1] = 0;
			continue;
		}
		re = (x[2 * k] + x[2 * j]) / 2;
		im = (x[2 * k + 1] - x[2 * j + 1]) / 2;
		x[2 * k] = x[2 * j] = re;
		x[2 * k + 1] = im;
		x[2 * j + 1] = -im;
	}
}

/* Fills x with a random input; a c2r input is made Hermitian (the
 * spectrum of a real signal). */
static void
random_input(Check *c, double *x)
{
	size_t i, h;

	for (i = 0; i < c->v * c->nin; i++)
		x[i] = round_to(c, uniform(&c->rng));
	if (c->kind == KGEN_SELFTEST_C2R) {
		for (h = 0; h < (size_t)c->v; h++)
			hermitian(c, x + h * c->nin);
		round_all(c, x, c->v * c->nin);
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
 * kinds, so that real and Hermitian data stay so (exactly: a pair's
 * imaginary parts get negated operands, hence negated results). */
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

/* z = x w (complex) */
static void
cmul(const double *x, const double w[2], double *z)
{
	double re = x[0] * w[0] - x[1] * w[1];
	double im = x[0] * w[1] + x[1] * w[0];

	z[0] = re;
	z[1] = im;
}

/* Shift by s along dimension d: for the complex kind and r2c the input
 * shifted cyclically gives the output times exp(sign 2 pi i s k_d /
 * n_d); for c2r the spectrum times exp(-2 pi i s k_d / n_d) gives the
 * output shifted by s. */
static int
shift(Check *c, const double *x, const double *fx, int d, long s,
    double *t[4])
{
	double *x1 = t[0], *f1 = t[1], *want = t[2], w[2];
	const int *e = c->dims, *hf = c->half;
	long n = c->n, h, k, j, nd = c->dims[d];
	int r = c->rank, st;

	for (h = 0; h < c->v; h++) {
		const double *xi = x + h * c->nin, *fi = fx + h * c->nout;
		double *yi = x1 + h * c->nin, *wi = want + h * c->nout;

		switch (c->kind) {
		case KGEN_SELFTEST_DFT:
			for (k = 0; k < n; k++) {
				j = moved(e, r, d, k, s);
				yi[2 * j] = xi[2 * k];
				yi[2 * j + 1] = xi[2 * k + 1];
				twiddle(nd, c->sign, (long long)s
				    * coord(e, r, d, k), w);
				cmul(fi + 2 * k, w, wi + 2 * k);
			}
			break;
		case KGEN_SELFTEST_R2C:
			for (k = 0; k < n; k++)
				yi[moved(e, r, d, k, s)] = xi[k];
			for (k = 0; k < c->nc; k++) {
				twiddle(nd, -1, (long long)s
				    * coord(hf, r, d, k), w);
				cmul(fi + 2 * k, w, wi + 2 * k);
			}
			break;
		default:    /* C2R */
			for (k = 0; k < c->nc; k++) {
				twiddle(nd, -1, (long long)s
				    * coord(hf, r, d, k), w);
				cmul(xi + 2 * k, w, yi + 2 * k);
			}
			/* Hermitian again, exactly: the twiddles of k and -k
			 * are conjugate only to rounding */
			hermitian(c, yi);
			/* a pass of its own: gcc 12 -O2 vectorizes a loop
			 * with round_to in it into one that skips the
			 * rounding (found by the input check of stlayout.c) */
			round_all(c, yi, c->nin);
			for (k = 0; k < n; k++)
				wi[moved(e, r, d, k, s)] = fi[k];
			break;
		}
	}
	if ((st = xform(c, x1, f1)))
		return st;
	note(&c->r->shift, relerr(f1, want, c->v * c->nout,
	    maxabs(f1, c->v * c->nout) + maxabs(fx, c->v * c->nout)));
	return 0;
}

/* The checks of c over trials rounds; the first shifts by 1 along each
 * dimension, the others by random amounts. */
static int
check(Check *c, int trials)
{
	size_t lin = c->v * c->nin, lout = c->v * c->nout;
	size_t len = lin > lout ? lin : lout;
	double *x, *fx, *t[4];
	long s[KGEN_SELFTEST_MAXRANK], nd;
	int i, d, st = KGEN_ENOMEM;

	x = malloc(len * sizeof *x);
	fx = malloc(len * sizeof *fx);
	for (i = 0; i < 4; i++)
		t[i] = malloc(len * sizeof *t[i]);
	if (!x || !fx || !t[0] || !t[1] || !t[2] || !t[3])
		goto out;
	for (i = 0; i < trials; i++) {
		for (d = 0; d < c->rank; d++) {
			nd = c->dims[d];
			s[d] = i == 0 || nd == 1 ? 1 % nd : 1 + (long)
			    (kgen_priv_stcheck_next(&c->rng)
			    % (uint64_t)(nd - 1));
		}
		if ((st = linearity(c, x, fx, t))
		    || (st = impulse(c, x, fx, t)))
			goto out;
		for (d = 0; d < c->rank; d++)
			if ((st = shift(c, x, fx, d, s[d], t)))
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

int
kgen_priv_stcheck_run(const kgen_selftest_problem *q, kgen_selftest_fn *fn,
    void *ctx, kgen_selftest_result *r)
{
	Check c;
	int d;

	memset(r, 0, sizeof *r);
	memset(&c, 0, sizeof c);
	c.rank = kgen_priv_stcheck_dims(q, c.dims);
	c.n = q->n;
	for (d = 0; d < c.rank; d++)
		c.half[d] = c.dims[d];
	c.half[c.rank - 1] = c.dims[c.rank - 1] / 2 + 1;
	c.nc = (long)q->n / c.dims[c.rank - 1] * c.half[c.rank - 1];
	c.v = q->howmany;
	c.kind = q->kind;
	c.sign = q->sign;
	c.isfloat = q->precision == KGEN_FLOAT;
	c.nin = q->kind == KGEN_SELFTEST_R2C ? (size_t)q->n
	    : q->kind == KGEN_SELFTEST_C2R ? 2 * (size_t)c.nc
	    : 2 * (size_t)q->n;
	c.nout = q->kind == KGEN_SELFTEST_R2C ? 2 * (size_t)c.nc
	    : q->kind == KGEN_SELFTEST_C2R ? (size_t)q->n : 2 * (size_t)q->n;
	c.fn = fn;
	c.ctx = ctx;
	c.rng = q->seed;
	c.r = r;
	r->bound = (c.isfloat ? 2e-5 : 1e-14) * (1 + log2((double)q->n));
	return check(&c, q->trials);
}
