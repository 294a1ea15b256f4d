/* selftest.c: kgen_selftest and kgen_selftest_with, the check that a
 * transform is the DFT which needs no reference library: a problem's
 * defaults and limits (normalize), Ergun's randomized checks on
 * canonical arrays (stcheck.c) through a kgen_selftest_fn, which for a
 * library transform is its layout among guards (stlayout.c), and the
 * verdict against the bound.  kgen.h states the checks and the bound;
 * stcheck.c says why they suffice. */
#include <stdint.h>
#include <string.h>
#include "selftest.h"

static size_t
mag(ptrdiff_t x)
{
	return x < 0 ? -(size_t)x : (size_t)x;
}

/* rank >= 1: the sizes are valid, their product is q->n (0 there means
 * the product), api is PLAN; the unused sizes become 0. */
static int
normalize_rank(kgen_selftest_problem *q)
{
	long long prod = 1;
	int d;

	if (q->rank < 0 || q->rank > KGEN_SELFTEST_MAXRANK)
		return KGEN_EINVAL;
	if (q->rank == 0)
		return KGEN_OK;
	for (d = 0; d < q->rank; d++) {
		if (q->dims[d] < 1)
			return KGEN_EINVAL;
		prod *= q->dims[d];
		if (prod > KGEN_PLAN_MAX)
			return KGEN_EINVAL;
	}
	for (; d < KGEN_SELFTEST_MAXRANK; d++)
		q->dims[d] = 0;
	if ((q->n && q->n != prod) || q->api != KGEN_SELFTEST_PLAN)
		return KGEN_EINVAL;
	q->n = (int)prod;
	return KGEN_OK;
}

/* Fills *q from *p with the defaults of kgen.h; KGEN_OK or why not.
 * The limits keep every offset and array size far inside ptrdiff_t and
 * size_t (a larger problem would not fit in memory anyway). */
static int
normalize(const kgen_selftest_problem *p, kgen_selftest_problem *q)
{
	int real;

	if (!p)
		return KGEN_EINVAL;
	*q = *p;
	if (normalize_rank(q) != KGEN_OK)
		return KGEN_EINVAL;
	if (!q->precision)
		q->precision = KGEN_DOUBLE;
	if (!q->howmany)
		q->howmany = 1;
	if (!q->stride)
		q->stride = 1;
	if (!q->trials)
		q->trials = 2;
	if (!q->nthreads)
		q->nthreads = 1;
	if (q->kind == KGEN_SELFTEST_R2C && !q->sign)
		q->sign = -1;
	if (q->kind == KGEN_SELFTEST_C2R && !q->sign)
		q->sign = 1;
	if (q->n < 1 || q->n > KGEN_PLAN_MAX || q->howmany < 1
	    || q->trials < 1 || q->nthreads < 1
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
	    || (unsigned)q->inplace > 1 || (unsigned)q->interleaved > 1
	    || (q->api == KGEN_SELFTEST_N1 && q->nthreads > 1))
		return KGEN_EINVAL;
	/* real data: one transform at unit stride; rank 0: out of place
	 * and split; rank >= 1: FFTW's layout, in place or not */
	real = q->kind != KGEN_SELFTEST_DFT;
	if (real && (q->api != KGEN_SELFTEST_PLAN || q->howmany != 1
	    || q->stride != 1 || q->dist != q->n
	    || (!q->rank && (q->inplace || q->interleaved))))
		return KGEN_EINVAL;
	if ((q->kind == KGEN_SELFTEST_DFT && q->sign != -1 && q->sign != 1)
	    || (q->kind == KGEN_SELFTEST_R2C && q->sign != -1)
	    || (q->kind == KGEN_SELFTEST_C2R && q->sign != 1))
		return KGEN_ESIGN;
	return KGEN_OK;
}

static void
note(double *worst, double e)
{
	if (!(e <= *worst))
		*worst = e;
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
	/* the layout and the threads are fn's business */
	any = *p;
	any.api = KGEN_SELFTEST_PLAN;
	any.inplace = any.interleaved = 0;
	any.stride = any.dist = 0;
	any.nthreads = 0;
	if ((st = normalize(&any, &q)) != KGEN_OK)
		return st;
	return verdict(kgen_priv_stcheck_run(&q, fn, ctx, r), r);
}

int
kgen_selftest(const kgen_selftest_problem *p, kgen_selftest_result *r)
{
	kgen_selftest_result dummy;
	StRun u;
	int st;

	if (!r)
		r = &dummy;
	memset(r, 0, sizeof *r);
	memset(&u, 0, sizeof u);
	if ((st = normalize(p, &u.q)) != KGEN_OK)
		return st;
	if (u.q.api == KGEN_SELFTEST_N1
	    && !kgen_lookup(u.q.n, u.q.precision))
		return KGEN_ENOSIZE;
	st = kgen_priv_stlayout_init(&u);
	if (st == KGEN_OK) {
		st = kgen_priv_stcheck_run(&u.q, kgen_priv_stlayout_run, &u,
		    r);
		r->stray = u.stray;
	}
	kgen_priv_stlayout_free(&u);
	return verdict(st, r);
}
