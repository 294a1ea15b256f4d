/* stlayout.c: a library transform as a kgen_selftest_fn for
 * kgen_selftest: the problem's layout (strides, gaps between transforms,
 * split or interleaved complex, FFTW's padded rows for real data in
 * place) laid out in arrays full of a guard value; each call scatters
 * the canonical input into it, runs the plan or kgen_dft, gathers the
 * output and counts guards that changed (around and between the
 * elements of the output; anything of an out-of-place input).  The plan
 * is made here, with kgen_plan_with_nthreads set for it under a lock. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "selftest.h"
#include "threads.h"

static void
put(const StRun *u, char *b, ptrdiff_t i, double x)
{
	if (u->isfloat)
		((float *)(void *)b)[i] = (float)x;
	else
		((double *)(void *)b)[i] = x;
}

static double
get(const StRun *u, const char *b, ptrdiff_t i)
{
	return u->isfloat ? ((const float *)(const void *)b)[i]
	    : ((const double *)(const void *)b)[i];
}

static ptrdiff_t
at(const StSide *s, long h, long k)
{
	return s->base + h * s->dist + k / s->row * s->pitch
	    + k % s->row * s->stride;
}

static void
extent(ptrdiff_t ext, ptrdiff_t *lo, ptrdiff_t *hi)
{
	*(ext < 0 ? lo : hi) += ext;
}

/* Marks s's elements in its map; KGEN_EINVAL when two meet. */
static int
mark(StSide *s, int howmany)
{
	ptrdiff_t i;
	long h, k;

	for (h = 0; h < howmany; h++)
		for (k = 0; k < s->count; k++) {
			i = at(s, h, k);
			if (s->own[i])
				return KGEN_EINVAL;
			s->own[i] = 1;
			if (s->il)
				s->own[i + 1] = 1;
		}
	return KGEN_OK;
}

/* Lays out side s for howmany transforms of count elements in rows of
 * row at stride, pitch between rows and dist between transforms (in
 * complex or real elements; doubled when interleaved), with ST_PAD
 * guards around; KGEN_EINVAL when two elements meet. */
static int
side_init(StRun *u, StSide *s, long count, long row, ptrdiff_t pitch,
    ptrdiff_t stride, ptrdiff_t dist, int cplx, int il)
{
	ptrdiff_t lo = 0, hi = 0;
	int w = il ? 2 : 1;

	s->count = count;
	s->row = row;
	extent((ptrdiff_t)(row - 1) * stride, &lo, &hi);
	extent((ptrdiff_t)(count / row - 1) * pitch, &lo, &hi);
	extent((ptrdiff_t)(u->q.howmany - 1) * dist, &lo, &hi);
	s->stride = w * stride;
	s->pitch = w * pitch;
	s->dist = w * dist;
	s->base = w * (ST_PAD - lo);
	s->len = (size_t)w * (size_t)(hi - lo + 1 + 2 * ST_PAD);
	s->il = il;
	s->ownbuf = 1;
	s->re = malloc(s->len * u->es);
	s->im = cplx && !il ? malloc(s->len * u->es) : 0;
	s->own = calloc(s->len, 1);
	if (!s->re || (cplx && !il && !s->im) || !s->own)
		return KGEN_ENOMEM;
	if (il)
		s->im = s->re + u->es;
	return mark(s, u->q.howmany);
}

/* The real side of a real transform in place of rank >= 1, on the
 * buffer of the complex side c: rows of n_l reals padded to 2 (n_l/2 +
 * 1), FFTW's layout. */
static int
side_padded(StSide *s, const StSide *c, long count, int nl)
{
	memset(s, 0, sizeof *s);
	s->re = c->re;
	s->len = c->len;
	s->base = c->base;
	s->stride = 1;
	s->pitch = 2 * (nl / 2 + 1);
	s->count = count;
	s->row = nl;
	if (!(s->own = calloc(s->len, 1)))
		return KGEN_ENOMEM;
	return mark(s, 1);
}

static void
side_free(StSide *s)
{
	if (s->ownbuf) {
		free(s->re);
		if (!s->il)
			free(s->im);
	}
	free(s->own);
	memset(s, 0, sizeof *s);
}

/* Fills s with guards, then (x not NULL) transform h's element k from
 * x (complex pairs when s has an imaginary part). */
static void
scatter(StRun *u, StSide *s, const double *x)
{
	size_t i;
	long h, k;
	int cplx = s->im != 0;

	for (i = 0; i < s->len; i++) {
		put(u, s->re, i, ST_GUARD);
		if (cplx && !s->il)
			put(u, s->im, i, ST_GUARD);
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
strays(const StRun *u, const StSide *s, const double *x)
{
	long bad = 0, h, k;
	size_t i;
	int cplx = s->im != 0;

	for (i = 0; i < s->len; i++)
		if (!s->own[i] && (get(u, s->re, i) != ST_GUARD
		    || (cplx && !s->il && get(u, s->im, i) != ST_GUARD)))
			bad++;
	for (h = 0; x && h < u->q.howmany; h++)
		for (k = 0; k < s->count; k++, x += 1 + cplx)
			if (get(u, s->re, at(s, h, k)) != x[0]
			    || (cplx && get(u, s->im, at(s, h, k)) != x[1]))
				bad++;
	return bad;
}

/* Runs the plan of rank >= 1 (the FFTW-style calls) on u's arrays. */
static int
execute_nd(StRun *u)
{
	kgen_selftest_problem *q = &u->q;
	StSide *i = &u->in, *o = &u->out;

	if (u->isfloat) {
		float *ir = (float *)(void *)i->re + i->base;
		float *or = (float *)(void *)o->re + o->base;

		switch (q->kind) {
		case KGEN_SELFTEST_R2C:
			return kgen_executef_dft_r2c(u->plan, ir,
			    (kgen_complexf *)(void *)or);
		case KGEN_SELFTEST_C2R:
			return kgen_executef_dft_c2r(u->plan,
			    (const kgen_complexf *)(void *)ir, or);
		}
		if (q->interleaved)
			return kgen_executef_dft(u->plan,
			    (const kgen_complexf *)(void *)ir,
			    (kgen_complexf *)(void *)or);
		return kgen_executef(u->plan, ir,
		    (float *)(void *)i->im + i->base, or,
		    (float *)(void *)o->im + o->base);
	} else {
		double *ir = (double *)(void *)i->re + i->base;
		double *or = (double *)(void *)o->re + o->base;

		switch (q->kind) {
		case KGEN_SELFTEST_R2C:
			return kgen_execute_dft_r2c(u->plan, ir,
			    (kgen_complex *)(void *)or);
		case KGEN_SELFTEST_C2R:
			return kgen_execute_dft_c2r(u->plan,
			    (const kgen_complex *)(void *)ir, or);
		}
		if (q->interleaved)
			return kgen_execute_dft(u->plan,
			    (const kgen_complex *)(void *)ir,
			    (kgen_complex *)(void *)or);
		return kgen_execute(u->plan, ir,
		    (double *)(void *)i->im + i->base, or,
		    (double *)(void *)o->im + o->base);
	}
}

/* Runs the transform of rank 0 (the calls of one dimension) on u's
 * arrays: element (0, 0) of each side at its base. */
static int
execute_1d(StRun *u)
{
	kgen_selftest_problem *q = &u->q;
	StSide *i = &u->in, *o = &u->out;

	if (u->isfloat) {
		float *ir = (float *)(void *)i->re + i->base;
		float *or = (float *)(void *)o->re + o->base;
		float *ii = i->im ? (float *)(void *)i->im + i->base : 0;
		float *oi = o->im ? (float *)(void *)o->im + o->base : 0;

		if (q->api == KGEN_SELFTEST_N1)
			return kgen_dftf(q->n, q->sign, ir, ii, or, oi,
			    i->stride, o->stride, q->howmany, i->dist,
			    o->dist);
		switch (q->kind) {
		case KGEN_SELFTEST_R2C:
			return kgen_executef_r2c(u->plan, ir, or, oi);
		case KGEN_SELFTEST_C2R:
			return kgen_executef_c2r(u->plan, ir, ii, or);
		}
		return kgen_executef(u->plan, ir, ii, or, oi);
	} else {
		double *ir = (double *)(void *)i->re + i->base;
		double *or = (double *)(void *)o->re + o->base;
		double *ii = i->im ? (double *)(void *)i->im + i->base : 0;
		double *oi = o->im ? (double *)(void *)o->im + o->base : 0;

		if (q->api == KGEN_SELFTEST_N1)
			return kgen_dft(q->n, q->sign, ir, ii, or, oi,
			    i->stride, o->stride, q->howmany, i->dist,
			    o->dist);
		switch (q->kind) {
		case KGEN_SELFTEST_R2C:
			return kgen_execute_r2c(u->plan, ir, or, oi);
		case KGEN_SELFTEST_C2R:
			return kgen_execute_c2r(u->plan, ir, ii, or);
		}
		return kgen_execute(u->plan, ir, ii, or, oi);
	}
}

/* The indices in the c2r input (transform 0) of the imaginary parts that
 * must be 0, where k_d is 0 or n_d/2 in every dimension: rank 1 has
 * X_0 and, for even n, X_(n/2).  Returns their number. */
static int
selfconj(const StRun *u, ptrdiff_t *idx)
{
	int dims[KGEN_SELFTEST_MAXRANK], r, d, m, nj = 0, ok;
	long k, st;

	r = kgen_priv_stcheck_dims(&u->q, dims);
	for (m = 0; m < 1 << r; m++) {
		k = 0, ok = 1;
		for (d = r - 1, st = 1; d >= 0; d--) {
			int e = d == r - 1 ? dims[d] / 2 + 1 : dims[d];

			if (m >> (r - 1 - d) & 1) {
				ok &= dims[d] % 2 == 0;
				k += dims[d] / 2 * st;
			}
			st *= e;
		}
		if (ok)
			idx[nj++] = at(&u->in, 0, k);
	}
	return nj;
}

int
kgen_priv_stlayout_run(void *ctx, const double *in, double *out)
{
	StRun *u = ctx;
	StSide *i = &u->in, *o = &u->out;
	ptrdiff_t junk[1 << KGEN_SELFTEST_MAXRANK];
	double jv[1 << KGEN_SELFTEST_MAXRANK];
	int st, j, njunk = 0;
	long h, k;

	scatter(u, i, in);
	if (u->q.kind == KGEN_SELFTEST_C2R) {
		/* ignored by c2r: random values there */
		njunk = selfconj(u, junk);
		for (j = 0; j < njunk; j++) {
			put(u, i->im, junk[j], kgen_priv_stcheck_uniform(
			    &u->rng));
			jv[j] = get(u, i->im, junk[j]);
		}
	}
	if (!u->q.inplace)
		scatter(u, o, 0);
	if ((st = u->q.rank ? execute_nd(u) : execute_1d(u)))
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

static void *
plan_1d(const kgen_selftest_problem *q, int isfloat)
{
	ptrdiff_t s = q->stride * (q->interleaved ? 2 : 1);
	ptrdiff_t d = q->dist * (q->interleaved ? 2 : 1);

	switch (q->kind * 2 + isfloat) {
	case 0:
		return kgen_plan_many_dft(q->n, q->howmany, s, d, q->sign, 0);
	case 1:
		return kgen_planf_many_dft(q->n, q->howmany, s, d, q->sign, 0);
	case 2:
		return kgen_plan_dft_r2c_1d(q->n, 0);
	case 3:
		return kgen_planf_dft_r2c_1d(q->n, 0);
	case 4:
		return kgen_plan_dft_c2r_1d(q->n, 0);
	default:
		return kgen_planf_dft_c2r_1d(q->n, 0);
	}
}

static void *
plan_nd(const kgen_selftest_problem *q, int isfloat)
{
	const int *n = q->dims;
	int r = q->rank, one = q->howmany == 1 && q->stride == 1;

	switch (q->kind * 2 + isfloat) {
	case 0:
		return one ? kgen_plan_dft(r, n, q->sign, 0)
		    : kgen_plan_many_dft_nd(r, n, q->howmany, 0, q->stride,
		    q->dist, 0, q->stride, q->dist, q->sign, 0);
	case 1:
		return one ? kgen_planf_dft(r, n, q->sign, 0)
		    : kgen_planf_many_dft_nd(r, n, q->howmany, 0, q->stride,
		    q->dist, 0, q->stride, q->dist, q->sign, 0);
	case 2:
		return kgen_plan_dft_r2c(r, n, 0);
	case 3:
		return kgen_planf_dft_r2c(r, n, 0);
	case 4:
		return kgen_plan_dft_c2r(r, n, 0);
	default:
		return kgen_planf_dft_c2r(r, n, 0);
	}
}

/* kgen_plan_with_nthreads is global: kgen_selftest's plans of more than
 * one thread are made one at a time, the setting put back after. */
static pthread_mutex_t nthreads_lock = PTHREAD_MUTEX_INITIALIZER;

static int
plan_new(StRun *u)
{
	kgen_selftest_problem *q = &u->q;
	int old = 1, nt = q->nthreads > 1;

	if (nt) {
		pthread_mutex_lock(&nthreads_lock);
		old = kgen_priv_nthreads();
		kgen_plan_with_nthreads(q->nthreads);
	}
	u->plan = q->rank ? plan_nd(q, u->isfloat) : plan_1d(q, u->isfloat);
	if (nt) {
		kgen_plan_with_nthreads(old);
		pthread_mutex_unlock(&nthreads_lock);
	}
	return u->plan ? KGEN_OK : KGEN_ENOSIZE;
}

int
kgen_priv_stlayout_init(StRun *u)
{
	kgen_selftest_problem *q = &u->q;
	int dims[KGEN_SELFTEST_MAXRANK], r, nl, st, il = q->interleaved;
	long n = q->n, nc;
	size_t i;

	r = kgen_priv_stcheck_dims(q, dims);
	nl = dims[r - 1];
	nc = n / nl * (nl / 2 + 1);
	u->isfloat = q->precision == KGEN_FLOAT;
	u->es = u->isfloat ? sizeof(float) : sizeof(double);
	u->rng = q->seed ^ 0x5851f42d4c957f2du;
	if (q->kind == KGEN_SELFTEST_DFT || !q->rank) {
		/* one layout of n (or nc complex) per side */
		long cin = q->kind == KGEN_SELFTEST_C2R ? nc : n;
		long cout = q->kind == KGEN_SELFTEST_R2C ? nc : n;

		st = side_init(u, &u->in, cin, cin, 0, q->stride, q->dist,
		    q->kind != KGEN_SELFTEST_R2C, il);
		if (st == KGEN_OK && !q->inplace)
			st = side_init(u, &u->out, cout, cout, 0, q->stride,
			    q->dist, q->kind != KGEN_SELFTEST_C2R, il);
		else if (st == KGEN_OK) {
			u->out = u->in;
			u->out.ownbuf = 0;
			if ((u->out.own = malloc(u->in.len)))
				memcpy(u->out.own, u->in.own, u->in.len);
			else
				st = KGEN_ENOMEM;
		}
	} else if (!q->inplace) {
		/* FFTW's layout: rows of nl reals, the half spectrum
		 * interleaved */
		int r2c = q->kind == KGEN_SELFTEST_R2C;

		st = side_init(u, &u->in, r2c ? n : nc, r2c ? n : nc, 0, 1,
		    q->dist, !r2c, !r2c);
		if (st == KGEN_OK)
			st = side_init(u, &u->out, r2c ? nc : n, r2c ? nc : n,
			    0, 1, q->dist, r2c, r2c);
	} else {
		/* in place: the reals' rows padded to 2 (nl/2 + 1) */
		StSide *c = q->kind == KGEN_SELFTEST_R2C ? &u->out : &u->in;
		StSide *re = c == &u->in ? &u->out : &u->in;

		st = side_init(u, c, nc, nc, 0, 1, q->dist, 1, 1);
		if (st == KGEN_OK)
			st = side_padded(re, c, n, nl);
	}
	if (st == KGEN_OK && q->inplace) {
		/* the output may write anywhere the input was */
		for (i = 0; i < u->out.len; i++)
			u->out.own[i] |= u->in.own[i];
	}
	if (st == KGEN_OK && q->api == KGEN_SELFTEST_PLAN)
		st = plan_new(u);
	return st;
}

void
kgen_priv_stlayout_free(StRun *u)
{
	if (u->plan) {
		if (u->isfloat)
			kgen_destroyf(u->plan);
		else
			kgen_destroy(u->plan);
		u->plan = 0;
	}
	side_free(&u->in);
	side_free(&u->out);
}
