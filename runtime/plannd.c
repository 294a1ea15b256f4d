/* plannd.c: complex plans of any rank and batch (FFTW's guru problem):
 * the problem's normal form and the passes that compute it; ndexec.c
 * runs them.
 *
 * A problem is rank transform dims and hr loop dims, each (n, is, os).
 * Normal form: dims of size 1 dropped (one kept when every transform
 * dim has size 1: a copy), loop dims that are contiguous in both input
 * and output fused into one.  Rank 1 with at most one loop, equal input
 * and output strides and one thread is an ordinary 1-D plan (plan.c's).
 * Anything else is row-column: one pass per transform dim, the last
 * (fastest) first, from the input to the output, then the others in
 * place on the output.  A pass transforms its dim for every index of
 * the other dims (other transform dims and loops, fused again where
 * contiguous); the other dim with the smallest strides is its vector
 * dim v.  Methods:
 *   batch: dims of size <= KGEN_N1_MAX: one kgen_dft call (forward; its
 *     codelet picked by layout: columns of a row-major array then run
 *     vectorized across transforms, where kgen is fastest) for all of v;
 *   core: a 1-D plan per transform, straight on the arrays (rows);
 *   buffer: blocks of B adjacent transforms gathered into a split
 *     per-thread buffer, a 1-D plan on each, scattered back (columns;
 *     the idea of FFTW's buffered plans);
 *   ct: n = n1 n2 (both codelet sizes), blocks of B adjacent transforms
 *     as one Cooley-Tukey step on vectors of transforms: batched
 *     kgen_dft calls into a block buffer, twiddle rows, batched calls
 *     out (ndct.c); ctt: the same on blocks of rows transposed.
 * A pass's units (blocks, transforms or kgen_dft calls) go through
 * threads.h's parallel loop, each thread with its own buffer and 1-D
 * plans (a plan holds scratch).  The estimate takes batch for small
 * dims (ct for those whose columns are a multiple of 4 KiB apart, 16
 * KiB or more: L1 set conflicts), core where v's stride is not below
 * the dim's, else ct (B = 32) where n splits, else buffer with B = 8;
 * KGEN_MEASURE times core, buffer, ct and ctt on a slab of the problem
 * (ndmeas.c) and keeps the winner in wisdom.
 * The backward transform on interleaved data is conj(F(conj x)), the
 * conjugations fused into the first and last passes (ndexec.c); on
 * split data the forward one with real and imaginary parts swapped.
 * Reference: Frigo and Johnson, "The design and implementation of
 * FFTW3", Proc. IEEE 93(2), 2005 (the guru problem, vector loops,
 * buffered plans). */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "plan.h"
#include "plannd.h"
#include "threads.h"

/* Fuses contiguous dims of o[0..*no) (outer dim a = inner b's n times
 * b's strides, in both arrays); drops size 1. */
static void
fuse(Dim *o, int *no)
{
	int i, j, k, again;

	for (i = k = 0; i < *no; i++)
		if (o[i].n > 1)
			o[k++] = o[i];
	*no = k;
	do {
		again = 0;
		for (i = 0; i < *no && !again; i++)
			for (j = 0; j < *no && !again; j++) {
				if (i == j || (long long)o[j].n * o[i].n
				    > INT_MAX
				    || o[i].is != o[j].is * o[j].n
				    || o[i].os != o[j].os * o[j].n)
					continue;
				o[j].n *= o[i].n;
				o[i] = o[--*no];
				again = 1;
			}
	} while (again);
}

static size_t
mag(ptrdiff_t s)
{
	return s < 0 ? (size_t)0 - (size_t)s : (size_t)s;
}

/* 1 when sum (n - 1)|s| of both arrays fits in PTRDIFF_MAX bytes of
 * interleaved R (2 R an element), so no offset overflows. */
static int
extent_ok(const Dim *d, int k)
{
	size_t lim, ei, eo, a;
	int i;

	lim = PTRDIFF_MAX / sizeof(R) / 2;
	ei = eo = 0;
	for (i = 0; i < k; i++) {
		a = (size_t)d[i].n - 1;
		if (a && (mag(d[i].is) > lim / a || mag(d[i].os) > lim / a))
			return 0;
		ei += a * mag(d[i].is);
		eo += a * mag(d[i].os);
		if (ei > lim || eo > lim)
			return 0;
	}
	return 1;
}

/* The Core of size n in layout lay, made (nthreads plans) if new;
 * its index or -1. */
static int
core_of(Nd *nd, int n, int lay, unsigned flags)
{
	Core *c;
	int i;

	for (i = 0; i < nd->nc; i++)
		if (nd->core[i].n == n && nd->core[i].lay == lay)
			return i;
	c = &nd->core[nd->nc];
	c->n = n;
	c->lay = lay;
	if (!(c->p = calloc((size_t)nd->nthreads, sizeof *c->p)))
		return -1;
	nd->nc++;
	for (i = 0; i < nd->nthreads; i++) {
		if (!(c->p[i] = calloc(1, sizeof(PLAN))))
			return -1;
		if (PRIV(plan_init)(c->p[i], n, flags, lay) < 0)
			return -1;
	}
	return nd->nc - 1;
}

/* The units of pass ps (its parallel loop's length) for its method. */
static void
units(Pass *ps, int nthreads)
{
	ptrdiff_t outer;
	int i;

	outer = 1;
	for (i = 0; i < ps->no; i++)
		outer *= ps->o[i].n;
	ps->nchunk = 1;
	switch (ps->method) {
	case M_BATCH:
		/* split v where the outer dims give the threads too little */
		if (nthreads > 1 && outer < 4 * nthreads)
			ps->nchunk = ps->nv / 16 < 4 * nthreads
			    ? (ps->nv + 15) / 16 : 4 * nthreads;
		if (ps->nchunk < 1)
			ps->nchunk = 1;
		break;
	case M_CORE:
		ps->nchunk = ps->nv;
		break;
	case M_BUF:
	case M_BUFI:
	case M_CT:
	case M_CTT:
		ps->nchunk = (ps->nv + ps->B - 1) / ps->B;
		break;
	}
	ps->units = outer * ps->nchunk;
}

/* Pass j's shape: dim t of the transform dims d[0..rank) and the loops
 * v[0..hr) as its other dims; first: from input to output. */
static int
pass_shape(Pass *ps, const Dim *d, int rank, const Dim *v, int hr, int t,
    int first)
{
	int i, k, best;
	size_t bs, s;

	ps->o = malloc((size_t)(rank + hr) * sizeof *ps->o);
	if (!ps->o)
		return -1;
	ps->dim = t;
	ps->n = d[t].n;
	ps->is = first ? d[t].is : d[t].os;
	ps->os = d[t].os;
	ps->first = first;
	k = 0;
	for (i = 0; i < rank + hr; i++) {
		const Dim *e = i < rank ? &d[i] : &v[i - rank];

		if (i == t)
			continue;
		ps->o[k] = *e;
		if (!first)
			ps->o[k].is = e->os;
		k++;
	}
	fuse(ps->o, &k);
	/* v: the other dim with the smallest strides, then out of o */
	best = -1;
	bs = SIZE_MAX;
	for (i = 0; i < k; i++) {
		s = mag(ps->o[i].is) + mag(ps->o[i].os);
		if (s < bs) {
			bs = s;
			best = i;
		}
	}
	if (best < 0) {
		ps->nv = 1;
		ps->vis = ps->vos = 0;
	} else {
		ps->nv = ps->o[best].n;
		ps->vis = ps->o[best].is;
		ps->vos = ps->o[best].os;
		memmove(&ps->o[best], &ps->o[best + 1],
		    (size_t)(k - best - 1) * sizeof *ps->o);
		k--;
	}
	ps->no = k;
	return 0;
}

/* The estimate's method for pass ps. */
static void
estimate(Pass *ps)
{
	ps->B = 0;
	ps->n1 = 0;
	if (ps->n <= KGEN_N1_MAX && ps->n >= 16 && mag(ps->is) > mag(ps->vis)
	    && mag(ps->is) * 2 * sizeof(R) % 4096 == 0
	    && mag(ps->is) * 2 * sizeof(R) >= 16384) {
		/* columns a multiple of 4 KiB apart (and 16 KiB or more):
		 * a batch call's n rows would share L1 sets (32^3, 64^3:
		 * 1.4-1.6x faster as M_CT) */
		ps->n1 = PRIV(ndct_split)(ps->n);
		ps->method = ps->n1 ? M_CT : M_BATCH;
		ps->B = ps->n1 ? ND_BCT : 0;
	} else if (ps->n <= KGEN_N1_MAX)
		ps->method = M_BATCH;
	else if (ps->nv == 1 || mag(ps->vis) + mag(ps->vos)
	    >= mag(ps->is) + mag(ps->os))
		ps->method = M_CORE;
	else if ((ps->n1 = PRIV(ndct_split)(ps->n))) {
		ps->method = M_CT;
		ps->B = ND_BCT;
	} else {
		ps->method = M_BUF;
		ps->B = ps->nv < ND_B ? ps->nv : ND_B;
	}
}

int
PRIV(ndct_split)(int n)
{
	int a, best;

	/* the factor pair nearest the square root, the larger first */
	best = 0;
	for (a = KGEN_N1_MAX; a >= 2 && (long long)a * a >= n; a--)
		if (n % a == 0 && n / a <= KGEN_N1_MAX)
			best = a;
	return best;
}

/* Sets pass ps's method to m (block B) with its 1-D plans and buffer
 * size; -1 out of memory. */
int
PRIV(nd_method)(Nd *nd, Pass *ps, int m, int B, unsigned flags)
{
	size_t need;

	ps->method = m;
	ps->B = m == M_BUF || m == M_BUFI || m >= M_CT ? B : 0;
	ps->core = -1;
	if (m == M_CT || m == M_CTT) {
		if (ps->n1 < 2 || ps->n % ps->n1 || ps->n1 > KGEN_N1_MAX
		    || ps->n / ps->n1 > KGEN_N1_MAX)
			ps->n1 = PRIV(ndct_split)(ps->n);
		free(ps->tw);
		free(ps->twb);
		ps->twb = 0;
		if (!ps->n1 || !(ps->tw = PRIV(ndct_twiddles)(ps->n1,
		    ps->n / ps->n1, 0)) || !(ps->twb =
		    PRIV(ndct_twiddles)(ps->n1, ps->n / ps->n1, 1)))
			return -1;
		need = (size_t)(m == M_CTT ? 4 : 2) * B * ps->n;
		if (need > nd->bufsz)
			nd->bufsz = need;
		units(ps, nd->nthreads);
		return 0;
	}
	if (m != M_BATCH && (ps->core = core_of(nd, ps->n,
	    m == M_BUF ? LAY_SPLIT : LAY_INTER, flags)) < 0)
		return -1;
	ps->pitch = ND_PITCH(ps->n);
	need = m == M_BUF ? (size_t)2 * B * ps->pitch
	    : m == M_BUFI ? (size_t)2 * B * ps->n : 0;
	if (need > nd->bufsz)
		nd->bufsz = need;
	units(ps, nd->nthreads);
	return 0;
}

void
PRIV(nd_free)(Nd *nd)
{
	int i, t;

	if (!nd)
		return;
	for (i = 0; i < nd->nc; i++) {
		for (t = 0; nd->core[i].p && t < nd->nthreads; t++)
			if (nd->core[i].p[t]) {
				PRIV(plan_free)(nd->core[i].p[t]);
				free(nd->core[i].p[t]);
			}
		free(nd->core[i].p);
	}
	for (i = 0; i < nd->np; i++) {
		free(nd->pass[i].o);
		free(nd->pass[i].tw);
		free(nd->pass[i].twb);
	}
	for (t = 0; nd->buf && t < nd->nthreads; t++)
		free(nd->buf[t]);
	free(nd->buf);
	free(nd->core);
	free(nd->pass);
	free(nd->d);
	free(nd);
}

/* The per-thread buffers; -1 out of memory. */
static int
buffers(Nd *nd)
{
	int t;

	if (!nd->bufsz)
		return 0;
	if (!(nd->buf = calloc((size_t)nd->nthreads, sizeof *nd->buf)))
		return -1;
	for (t = 0; t < nd->nthreads; t++)
		if (!(nd->buf[t] = PRIV(plan_ralloc)(nd->bufsz)))
			return -1;
	return 0;
}

PLAN *
PRIV(nd_plan)(int rank, const Dim *d0, int hr, const Dim *v0, int sign,
    unsigned flags, int lay, int nthreads)
{
	PLAN *p;
	Nd *nd;
	Dim *d, *v;
	long long size;
	double all;
	int i, k, nv, m;

	(void)lay;
	if (rank < 1 || hr < 0 || !d0 || (hr && !v0) || (sign != -1
	    && sign != 1) || (flags & ~KGEN_MEASURE) || nthreads < 1)
		return 0;
	size = 1;
	for (i = 0; i < rank; i++) {
		if (d0[i].n < 1)
			return 0;
		size *= d0[i].n;
		if (size > KGEN_PLAN_MAX)
			return 0;
	}
	for (i = 0; i < hr; i++)
		if (v0[i].n < 1)
			return 0;
	if (!(d = malloc((size_t)(rank + hr + 1) * sizeof *d)))
		return 0;
	memcpy(d, d0, (size_t)rank * sizeof *d);
	if (hr)
		memcpy(d + rank, v0, (size_t)hr * sizeof *d);
	if (!extent_ok(d, rank + hr)) {
		free(d);
		return 0;
	}
	/* the normal form: drop size 1 (keep one transform dim), fuse */
	for (i = k = 0; i < rank; i++)
		if (d[i].n > 1)
			d[k++] = d[i];
	if (!k)
		d[k++] = d[rank - 1];
	v = d + k;
	memmove(v, d + rank, (size_t)hr * sizeof *d);
	rank = k;
	nv = hr;
	fuse(v, &nv);
	hr = nv;
	all = (double)size;
	for (i = 0; i < hr; i++)
		all *= v[i].n;
	nthreads = kgen_priv_threads_for(nthreads, all);
	if (rank == 1 && hr <= 1 && nthreads == 1 && d[0].is == d[0].os
	    && (!hr || v[0].is == v[0].os)) {
		p = PRIV(plan_many_lay)(d[0].n, hr ? v[0].n : 1, d[0].is,
		    hr ? v[0].is : 0, sign, flags, LAY_INTER);
		free(d);
		return p;
	}
	p = calloc(1, sizeof *p);
	nd = calloc(1, sizeof *nd);
	if (!p || !nd) {
		free(p);
		free(nd);
		free(d);
		return 0;
	}
	p->kind = P_ND;
	p->nd = nd;
	p->sign = sign;
	p->n = (int)size;
	p->howmany = 1;
	p->stride = 1;
	p->dist = 0;
	nd->d = d;
	nd->rank = rank;
	nd->v = v;
	nd->hr = hr;
	nd->nthreads = nthreads;
	nd->np = rank;
	nd->pass = calloc((size_t)rank, sizeof *nd->pass);
	nd->core = calloc((size_t)rank * 2, sizeof *nd->core);
	if (!nd->pass || !nd->core)
		goto fail;
	for (i = 0; i < rank; i++) {
		Pass *ps = &nd->pass[i];

		if (pass_shape(ps, d, rank, v, hr, rank - 1 - i, i == 0) < 0)
			goto fail;
		estimate(ps);
		m = ps->method;
		if ((flags & KGEN_MEASURE) && ps->n > KGEN_N1_MAX)
			m = PRIV(ndmeas_choose)(nd, ps, flags);
		if (m < 0 || PRIV(nd_method)(nd, ps, ps->method, ps->B,
		    flags) < 0)
			goto fail;
	}
	if (buffers(nd) < 0)
		goto fail;
	return p;
fail:
	DESTROY(p);
	return 0;
}

void
PRIV(nd_describe)(const PLAN *p, Desc *d, int indent)
{
	static const char *const name[] = { "batched n1", "1-D plan a row",
		"buffered columns (split)", "buffered columns (interleaved)",
		"Cooley-Tukey on columns", "Cooley-Tukey on rows transposed" };
	const Nd *nd = p->nd;
	const Pass *ps;
	int i;

	kgen_priv_desc_printf(d, "%*sdft-nd ", indent, "");
	for (i = 0; i < nd->rank; i++)
		kgen_priv_desc_printf(d, "%s%d", i ? "x" : "", nd->d[i].n);
	for (i = 0; i < nd->hr; i++)
		kgen_priv_desc_printf(d, "%s%d", i ? "x" : " loops ",
		    nd->v[i].n);
	kgen_priv_desc_printf(d, " sign %d threads %d\n", p->sign,
	    nd->nthreads);
	for (i = 0; i < nd->np; i++) {
		ps = &nd->pass[i];
		kgen_priv_desc_printf(d, "%*spass %d: dim %d size %d %s",
		    indent + 2, "", i, ps->dim, ps->n, name[ps->method]);
		if (ps->method == M_BUF || ps->method == M_BUFI)
			kgen_priv_desc_printf(d, " B %d", ps->B);
		if (ps->method >= M_CT)
			kgen_priv_desc_printf(d, " %d x %d B %d", ps->n1,
			    ps->n / ps->n1, ps->B);
		if (ps->method == M_BATCH)
			kgen_priv_desc_printf(d, " v %d isa %s\n", ps->nv,
			    kgen_isa_name(kgen_isa_for(ps->n, ISFLOAT)));
		else
			kgen_priv_desc_printf(d, " v %d\n", ps->nv);
		if (ps->core >= 0)
			PRIV(plandesc_core)(nd->core[ps->core].p[0], d,
			    indent + 4);
	}
}

/* ---- the API */

PLAN *
PLAN_GURU(int rank, const kgen_iodim *dims, int howmany_rank,
    const kgen_iodim *howmany_dims, int sign, unsigned flags)
{
	return PRIV(nd_plan)(rank, dims, howmany_rank, howmany_dims, sign,
	    flags, LAY_INTER, kgen_priv_nthreads());
}

PLAN *
PLAN_DFT(int rank, const int *n, int sign, unsigned flags)
{
	return PLAN_MANY_ND(rank, n, 1, 0, 1, 0, 0, 1, 0, sign, flags);
}

PLAN *
PLAN_2D(int n0, int n1, int sign, unsigned flags)
{
	int n[2] = { n0, n1 };

	return PLAN_DFT(2, n, sign, flags);
}

PLAN *
PLAN_3D(int n0, int n1, int n2, int sign, unsigned flags)
{
	int n[3] = { n0, n1, n2 };

	return PLAN_DFT(3, n, sign, flags);
}

/* The strides of a row-major array of sizes n with embedding emb (NULL:
 * n) and element stride s to d[k].is (out: .os); -1 on overflow or an
 * embedding smaller than n. */
static int
embed(int rank, const int *n, const int *emb, ptrdiff_t s, Dim *d, int out)
{
	ptrdiff_t st;
	int k, e;

	st = s;
	for (k = rank - 1; k >= 0; k--) {
		if (out)
			d[k].os = st;
		else
			d[k].is = st;
		e = emb ? emb[k] : n[k];
		if (k > 0 && e < n[k])
			return -1;
		if (k > 0 && __builtin_mul_overflow(st, (ptrdiff_t)e, &st))
			return -1;
	}
	return 0;
}

PLAN *
PLAN_MANY_ND(int rank, const int *n, int howmany, const int *inembed,
    ptrdiff_t istride, ptrdiff_t idist, const int *onembed,
    ptrdiff_t ostride, ptrdiff_t odist, int sign, unsigned flags)
{
	Dim *d, v;
	PLAN *p;
	int k;

	if (rank < 1 || !n || howmany < 1 || rank > INT_MAX / 2)
		return 0;
	for (k = 0; k < rank; k++)
		if (n[k] < 1)
			return 0;
	if (!(d = malloc((size_t)rank * sizeof *d)))
		return 0;
	for (k = 0; k < rank; k++)
		d[k].n = n[k];
	p = 0;
	if (embed(rank, n, inembed, istride, d, 0) == 0
	    && embed(rank, n, onembed, ostride, d, 1) == 0) {
		v.n = howmany;
		v.is = idist;
		v.os = odist;
		p = PRIV(nd_plan)(rank, d, 1, &v, sign, flags, LAY_INTER,
		    kgen_priv_nthreads());
	}
	free(d);
	return p;
}
