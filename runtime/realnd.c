/* realnd.c: real transforms in FFTW's layout (fftw_plan_dft_r2c, _c2r
 * and their many forms), any rank and batch: the plans, the executes
 * and kgen_plan_describe's lines for them.
 * r2c: first the rows along the last dimension (real.c: a batched real
 * transform writing interleaved half-spectrum rows n/2 + 1 long), then
 * the complex transform over the other dimensions in place on the
 * output, done for every one of the n/2 + 1 columns (plannd.c's
 * nd_plan, the columns its loop dimension).  c2r: the complex pass
 * first, in the plan's scratch (so that out of place the input is never
 * written): the input conjugated there, transformed forward (conj of
 * the backward transform; nd_plan's forward passes are its fastest),
 * then the rows backward from that conjugate into the output.
 * Rows go to the threads in contiguous ranges (threads.h), each with
 * its own scratch.
 * Reference: FFTW's rdft2 problems (Frigo and Johnson, "The design and
 * implementation of FFTW3", Proc. IEEE 93(2), 2005). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "plan.h"
#include "real.h"
#include "threads.h"

/* Rows per batch: about 16 KiB of reals, at most 64 rows, a multiple
 * of 8 (the lanes of AVX-512 double) from 16 up. */
static int
batch_of(int n)
{
	int b = (int)(16384 / sizeof(R)) / (n + 2);

	if (b >= 16)
		b -= b % 8;
	return b < 1 ? 1 : b > 64 ? 64 : b;
}

/* w^k / 2, k = 0..n/2, w = exp(-2 pi i / n) */
static R *
halfroots(int n)
{
	R *t, *w;
	int k, h = n / 2;

	if (!(t = PRIV(plan_roots)(n)))
		return 0;
	if ((w = malloc((size_t)2 * (h + 1) * sizeof *w)))
		for (k = 0; k <= h; k++) {
			w[2 * k] = t[2 * k] / 2;
			w[2 * k + 1] = -t[2 * k + 1] / 2;
		}
	free(t);
	return w;
}

static ptrdiff_t *
dup(ptrdiff_t *const s, int k)
{
	ptrdiff_t *t = malloc((size_t)k * sizeof *t);

	if (t)
		memcpy(t, s, (size_t)k * sizeof *t);
	return t;
}

/* The complex pass over dims 0..rank-2 and the column loop n/2 + 1 and
 * the batch: from strides cs (R) to os (R) */
static PLAN *
nd_pass(const Real *r, const ptrdiff_t *is, const ptrdiff_t *os,
    unsigned flags)
{
	/* r2c forward; c2r forward too, on the conjugate (Real's big) */
	const int sign = -1;

	Dim d[64], v[2];
	int k, rank = r->rank;

	if (rank - 1 > (int)(sizeof d / sizeof *d))
		return 0;
	for (k = 0; k < rank - 1; k++) {
		d[k].n = r->dims[k];
		d[k].is = is[k] / 2;
		d[k].os = os[k] / 2;
	}
	v[0].n = r->howmany;
	v[0].is = is[rank] / 2;
	v[0].os = os[rank] / 2;
	v[1].n = r->n / 2 + 1;
	v[1].is = is[rank - 1] / 2;
	v[1].os = os[rank - 1] / 2;
	if (r->howmany == 1)
		return PRIV(nd_plan)(rank - 1, d, 1, v + 1, sign, flags,
		    LAY_INTER, r->nt);
	return PRIV(nd_plan)(rank - 1, d, 2, v, sign, flags, LAY_INTER,
	    r->nt);
}

PLAN *
PRIV(realnd_plan)(int rank, const int *n, int howmany,
    ptrdiff_t *const rs[2], const ptrdiff_t *cs, int backward, int pad,
    int split, unsigned flags)
{
	PLAN *p;
	Real *r;
	int nl = n[rank - 1], m, k;
	long long rows = howmany;

	m = nl % 2 ? nl : nl / 2;
	if (m < 1 || !(p = PLAN_MANY(m, 1, 2, 2 * m, -1, flags)))
		return 0;
	if (!(r = calloc(1, sizeof *r))) {
		DESTROY(p);
		return 0;
	}
	PRIV(plan_set_real)(p, r);
	r->n = nl;
	r->backward = backward;
	r->rank = rank;
	r->howmany = howmany;
	r->pad = pad;
	r->split = split;
	r->avx2 = PRIV(real_avx2)();
	r->dims = malloc((size_t)rank * sizeof *r->dims);
	r->rs[0] = dup(rs[0], rank + 1);
	r->rs[1] = dup(rs[1], rank + 1);
	r->cs = dup((ptrdiff_t *)cs, rank + 1);
	r->w = halfroots(nl);
	r->wv = malloc((size_t)4 * (nl / 2 + 1) * sizeof *r->wv);
	if (r->w && r->wv)
		for (k = 0; k <= nl / 2; k++) {
			r->wv[2 * k] = r->wv[2 * k + 1] = r->w[2 * k];
			r->wv[2 * (nl / 2 + 1 + k)] = r->w[2 * k + 1];
			r->wv[2 * (nl / 2 + 1 + k) + 1] = r->w[2 * k + 1];
		}
	if (!r->wv || !r->dims || !r->rs[0] || !r->rs[1] || !r->cs || !r->w)
		goto fail;
	memcpy(r->dims, n, (size_t)rank * sizeof *n);
	for (k = 0; k < rank - 1; k++)
		rows *= n[k];
	r->batch = batch_of(nl);
	if (r->batch > rows)
		r->batch = (int)rows;
	if (m <= KGEN_N1_MAX)
		r->n1b = N1_FOR(m, nl % 2 ? (r->batch + 1) / 2 : r->batch);
	r->nt = kgen_priv_threads_for(kgen_priv_nthreads(),
	    (double)rows * nl);
	if (r->nt > rows)
		r->nt = (int)rows;
	if (r->nt > 1 && !r->n1b) {
		if (!(r->cx = calloc((size_t)r->nt - 1, sizeof *r->cx)))
			goto fail;
		for (k = 0; k < r->nt - 1; k++)
			if (!(r->cx[k] = PLAN_MANY(m, 1, 2, 2 * m, -1, flags)))
				goto fail;
	}
	r->scr = (size_t)(r->batch + 1) * nl + 2 * (size_t)nl + 8;
	if (!(r->buf = PRIV(plan_ralloc)(r->scr * r->nt)))
		goto fail;
	if (rank == 1)
		return p;
	if (!backward) {
		r->nd = nd_pass(r, cs, cs, flags);
	} else {
		/* the half spectrum, contiguous, batch outermost */
		if (!(r->bs = malloc((size_t)(rank + 1) * sizeof *r->bs)))
			goto fail;
		r->bs[rank - 1] = 2;
		r->bs[rank - 2] = 2 * (ptrdiff_t)(nl / 2 + 1);
		for (k = rank - 3; k >= 0; k--)
			r->bs[k] = r->bs[k + 1] * n[k + 1];
		r->bs[rank] = r->bs[0] * n[0];
		if ((size_t)rows > SIZE_MAX / 2 / sizeof(R) / (nl / 2 + 1)
		    || !(r->big = PRIV(plan_ralloc)((size_t)rows
		    * (nl / 2 + 1) * 2)))
			goto fail;
		r->nd = nd_pass(r, r->bs, r->bs, flags);
	}
	if (r->nd)
		return p;
fail:
	DESTROY(p);
	return 0;
}

/* ---- the FFTW-style layouts ---- */

/* |s| as a size_t */
static size_t
mag(ptrdiff_t s)
{
	return s < 0 ? (size_t)0 - (size_t)s : (size_t)s;
}

/* Strides st[0..rank] in R of a side: last dimension stride el (in its
 * elements, mul R each), embed e (or the sizes sz), distance dist; 0
 * when its largest offset does not fit in a ptrdiff_t of bytes. */
static int
strides(int rank, const int *sz, const int *e, ptrdiff_t el,
    ptrdiff_t dist, int howmany, int mul, ptrdiff_t *st)
{
	size_t lim = PTRDIFF_MAX / sizeof(R) / 2, ext = 0, s;
	int k;

	s = mag(el) * mul;
	if (s > lim)
		return 0;
	st[rank - 1] = el * mul;
	for (k = rank - 1; k >= 0; k--) {
		if (k < rank - 1) {
			if ((e ? e[k + 1] : sz[k + 1]) < sz[k + 1])
				return 0;
			s *= (size_t)(e ? e[k + 1] : sz[k + 1]);
			if (s > lim)
				return 0;
			st[k] = st[k + 1] * (e ? e[k + 1] : sz[k + 1]);
		}
		if (s && (size_t)(sz[k] - 1) > (lim - ext) / s)
			return 0;
		ext += s * (size_t)(sz[k] - 1);
	}
	/* one transform: its distance is never used (the extent ignores it) */
	if (howmany == 1)
		dist = 0;
	s = mag(dist) * mul;
	if (s > lim || (howmany > 1 && (size_t)(howmany - 1) > (lim - ext)
	    / (s ? s : 1)))
		return 0;
	st[rank] = dist * mul;
	return 1;
}

/* Checks rank, n, howmany, flags; the half spectrum's sizes to hs. */
static int
sizes_ok(int rank, const int *n, int howmany, unsigned flags, int *hs)
{
	long long tot = 1;
	int k;

	if (rank < 1 || rank > 64 || !n || howmany < 1
	    || (flags & ~KGEN_MEASURE))
		return 0;
	for (k = 0; k < rank; k++) {
		if (n[k] < 1 || (tot *= n[k]) > KGEN_PLAN_MAX)
			return 0;
		hs[k] = n[k];
	}
	hs[rank - 1] = n[rank - 1] / 2 + 1;
	return 1;
}

static PLAN *
plan_many(int rank, const int *n, int howmany, const int *inembed,
    ptrdiff_t istride, ptrdiff_t idist, const int *onembed,
    ptrdiff_t ostride, ptrdiff_t odist, unsigned flags, int backward)
{
	int hs[64];
	ptrdiff_t rs[65], cs[65], *two[2] = { rs, rs };
	const int *re = backward ? onembed : inembed;
	const int *ce = backward ? inembed : onembed;

	if (!sizes_ok(rank, n, howmany, flags, hs)
	    || !strides(rank, n, re, backward ? ostride : istride,
	    backward ? odist : idist, howmany, 1, rs)
	    || !strides(rank, hs, ce, backward ? istride : ostride,
	    backward ? idist : odist, howmany, 2, cs))
		return 0;
	return PRIV(realnd_plan)(rank, n, howmany, two, cs, backward, 0,
	    rank == 1 && howmany == 1 && istride == 1 && ostride == 1,
	    flags);
}

/* plan_dft_r2c, _c2r: rows of n[rank-1] reals, in place 2(n/2 + 1) */
static PLAN *
plan_simple(int rank, const int *n, unsigned flags, int backward)
{
	int hs[64], pe[64];
	ptrdiff_t rs[65], ps[65], cs[65], *two[2] = { rs, ps };

	if (!sizes_ok(rank, n, 1, flags, hs))
		return 0;
	memcpy(pe, n, (size_t)rank * sizeof *n);
	pe[rank - 1] = 2 * hs[rank - 1];
	if (!strides(rank, n, 0, 1, 0, 1, 1, rs)
	    || !strides(rank, n, pe, 1, 0, 1, 1, ps)
	    || !strides(rank, hs, 0, 1, 0, 1, 2, cs))
		return 0;
	return PRIV(realnd_plan)(rank, n, 1, two, cs, backward, 1, rank == 1,
	    flags);
}

PLAN *
PLAN_MANY_R2C(int rank, const int *n, int howmany, const int *inembed,
    ptrdiff_t istride, ptrdiff_t idist, const int *onembed,
    ptrdiff_t ostride, ptrdiff_t odist, unsigned flags)
{
	return plan_many(rank, n, howmany, inembed, istride, idist, onembed,
	    ostride, odist, flags, 0);
}

PLAN *
PLAN_MANY_C2R(int rank, const int *n, int howmany, const int *inembed,
    ptrdiff_t istride, ptrdiff_t idist, const int *onembed,
    ptrdiff_t ostride, ptrdiff_t odist, unsigned flags)
{
	return plan_many(rank, n, howmany, inembed, istride, idist, onembed,
	    ostride, odist, flags, 1);
}

PLAN *
PLAN_R2C_ND(int rank, const int *n, unsigned flags)
{
	return plan_simple(rank, n, flags, 0);
}

PLAN *
PLAN_R2C_2D(int n0, int n1, unsigned flags)
{
	int n[2] = { n0, n1 };

	return PLAN_R2C_ND(2, n, flags);
}

PLAN *
PLAN_R2C_3D(int n0, int n1, int n2, unsigned flags)
{
	int n[3] = { n0, n1, n2 };

	return PLAN_R2C_ND(3, n, flags);
}

PLAN *
PLAN_C2R_ND(int rank, const int *n, unsigned flags)
{
	return plan_simple(rank, n, flags, 1);
}

PLAN *
PLAN_C2R_2D(int n0, int n1, unsigned flags)
{
	int n[2] = { n0, n1 };

	return PLAN_C2R_ND(2, n, flags);
}

PLAN *
PLAN_C2R_3D(int n0, int n1, int n2, unsigned flags)
{
	int n[3] = { n0, n1, n2 };

	return PLAN_C2R_ND(3, n, flags);
}

/* ---- executing: the rows along the last dimension, over threads ---- */

typedef struct Job Job;
struct Job {
	const PLAN *p;
	const R *a;
	R *b;
	const ptrdiff_t *sa, *sb;   /* per dimension, the batch at [rank] */
	int inpl;           /* r2c: in place; c2r: a is conjugated */
};

/* The offsets of row i, the index (batch, i_0, .., i_(rank-2)) with
 * i_(rank-2) the fastest, in strides sa and sb; its index in that
 * dimension (the batch's for rank 1) to *in. */
static void
row_at(const Real *r, ptrdiff_t i, const ptrdiff_t *sa, const ptrdiff_t *sb,
    ptrdiff_t *oa, ptrdiff_t *ob, int *in)
{
	int rank = r->rank, k;
	ptrdiff_t e;

	*oa = *ob = 0;
	*in = (int)(i % (rank > 1 ? r->dims[rank - 2] : r->howmany));
	for (k = rank - 2; k >= 0; k--) {
		e = i % r->dims[k];
		i /= r->dims[k];
		*oa += e * sa[k];
		*ob += e * sb[k];
	}
	*oa += i * sa[rank];
	*ob += i * sb[rank];
}

/* Rows lo..hi-1, in batches within the fastest dimension of the rows */
static void
rows_task(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	const Job *j = ctx;
	const Real *r = j->p->real;
	int rank = r->rank, v, in, inner;
	ptrdiff_t oa, ob, va, vb;
	R *s = r->buf + (size_t)t * r->scr;
	const PLAN *c = t && r->cx ? r->cx[t - 1] : j->p;

	inner = rank > 1 ? r->dims[rank - 2] : r->howmany;
	va = j->sa[rank > 1 ? rank - 2 : rank];
	vb = j->sb[rank > 1 ? rank - 2 : rank];
	while (lo < hi) {
		row_at(r, lo, j->sa, j->sb, &oa, &ob, &in);
		v = inner - in;
		if (v > r->batch)
			v = r->batch;
		if (v > hi - lo)
			v = (int)(hi - lo);
		if (r->backward)
			PRIV(real_rows_c2r)(j->p, c, v, j->a + oa, j->sa[rank - 1],
			    va, j->b + ob, j->sb[rank - 1], vb, s, j->inpl);
		else
			PRIV(real_rows_r2c)(j->p, c, v, j->a + oa, j->sa[rank - 1],
			    va, j->b + ob, j->sb[rank - 1], vb, s, j->inpl);
		lo += v;
	}
}

/* v rows of h1 pairs from a (pair stride ea, rows va apart) to b
 * (contiguous rows vb apart), conjugated */
static void
conj_rows(const R *a, ptrdiff_t ea, ptrdiff_t va, R *b, ptrdiff_t vb,
    int v, int h1)
{
	typedef R V2 __attribute__((vector_size(2 * sizeof(R)),
	    aligned(sizeof(R))));
	const V2 cj = { 1, -1 };
	int j, k;

	for (j = 0; j < v; j++, a += va, b += vb)
		for (k = 0; k < h1; k++)
			*(V2 *)(b + 2 * k) = *(const V2 *)(a + k * ea) * cj;
}

/* c2r: rows lo..hi-1 of the input's half spectrum, conjugated, to big */
static void
conj_task(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	const Job *j = ctx;
	const Real *r = j->p->real;
	int rank = r->rank, in, v, inner;
	ptrdiff_t oa, ob, va, vb;

	(void)t;
	inner = rank > 1 ? r->dims[rank - 2] : r->howmany;
	va = j->sa[rank > 1 ? rank - 2 : rank];
	vb = j->sb[rank > 1 ? rank - 2 : rank];
	while (lo < hi) {
		row_at(r, lo, j->sa, j->sb, &oa, &ob, &in);
		v = inner - in;
		if (v > hi - lo)
			v = (int)(hi - lo);
		conj_rows(j->a + oa, j->sa[rank - 1], va, j->b + ob, vb, v,
		    r->n / 2 + 1);
		lo += v;
	}
}

static void
run_rows(const PLAN *p, kgen_priv_task *fn, const R *a, const ptrdiff_t *sa,
    R *b, const ptrdiff_t *sb, int inpl)
{
	const Real *r = p->real;
	Job j = { p, a, b, sa, sb, inpl };
	ptrdiff_t rows = r->howmany;
	int k;

	for (k = 0; k < r->rank - 1; k++)
		rows *= r->dims[k];
	kgen_priv_parfor(r->nt, rows, fn, &j);
}

int
EXECUTE_DFT_R2C(const PLAN *p, const R *in, CPLX *out)
{
	const Real *r;
	R *o = (R *)out;
	int inpl;

	if (!p || !in || !out || !(r = p->real) || r->backward)
		return KGEN_EINVAL;
	inpl = (const void *)in == (void *)out;
	run_rows(p, rows_task, in, r->rs[inpl && r->pad], o, r->cs, inpl);
	if (r->nd)
		PRIV(nd_execute)(r->nd, o, o + 1, o, o + 1, 2);
	return KGEN_OK;
}

int
EXECUTE_DFT_C2R(const PLAN *p, const CPLX *in, R *out)
{
	const Real *r;
	const R *i = (const R *)in;
	int inpl;

	if (!p || !in || !out || !(r = p->real) || !r->backward)
		return KGEN_EINVAL;
	inpl = (const void *)in == (void *)out;
	if (!r->nd) {
		run_rows(p, rows_task, i, r->cs, out, r->rs[inpl && r->pad],
		    0);
		return KGEN_OK;
	}
	run_rows(p, conj_task, i, r->cs, r->big, r->bs, 0);
	PRIV(nd_execute)(r->nd, r->big, r->big + 1, r->big, r->big + 1, 2);
	run_rows(p, rows_task, r->big, r->bs, out, r->rs[inpl && r->pad], 1);
	return KGEN_OK;
}

/* ---- kgen_plan_describe ---- */
/* the complex pass: nd_plan gives a 1-D plan where that does it */
static void
nd_lines(const PLAN *nd, Desc *d, int indent)
{
	if (nd->kind == P_ND)
		PRIV(nd_describe)(nd, d, indent);
	else
		PRIV(plandesc_core)(nd, d, indent);
}

void
PRIV(real_describe)(const PLAN *p, Desc *d, int indent)
{
	const Real *r = p->real;
	int k, nl = r->n;
	long long rows = r->howmany;

	kgen_priv_desc_printf(d, "%*s%s ", indent, "",
	    r->backward ? "c2r" : "r2c");
	for (k = 0; k < r->rank; k++)
		kgen_priv_desc_printf(d, "%s%d", k ? "x" : "", r->dims[k]);
	for (k = 0; k < r->rank - 1; k++)
		rows *= r->dims[k];
	if (r->howmany > 1)
		kgen_priv_desc_printf(d, ", %d transforms", r->howmany);
	if (r->nt > 1)
		kgen_priv_desc_printf(d, ", %d threads", r->nt);
	kgen_priv_desc_printf(d, "\n");
	if (r->nd && r->backward) {
		kgen_priv_desc_printf(d, "%*scomplex pass on the conjugate, "
		    "forward, %d columns:\n", indent + 2, "", nl / 2 + 1);
		nd_lines(r->nd, d, indent + 4);
	}
	kgen_priv_desc_printf(d, "%*srows: %lld of %d reals, %s, complex "
	    "%d", indent + 2, "", rows, nl, nl % 2 ? "two rows a transform"
	    : "pairs of reals packed and untangled", nl % 2 ? nl : nl / 2);
	if (r->n1b)
		kgen_priv_desc_printf(d, ", a batched codelet call per %d "
		    "rows\n", r->batch);
	else
		kgen_priv_desc_printf(d, ", a row at a time:\n");
	if (!r->n1b)
		PRIV(plandesc_core)(p, d, indent + 4);
	if (r->nd && !r->backward) {
		kgen_priv_desc_printf(d, "%*scomplex pass, %d columns:\n",
		    indent + 2, "", nl / 2 + 1);
		nd_lines(r->nd, d, indent + 4);
	}
}
