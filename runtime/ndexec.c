/* ndexec.c: running complex plans on split or interleaved arrays:
 * kgen_execute_dft, the passes of P_ND plans (plannd.c) and the 1-D
 * plans' batch, and the check that split pointers can be a split layout.
 *
 * Interleaved arrays are split arrays with ii = ri + 1 and every stride
 * doubled (mul 2).  Their backward transform is conj(F(conj x)): the
 * first pass conjugates its input (chunk by chunk, row by row or in its
 * buffer, in cache), the last its output, the passes between run
 * forward; the batched codelets run interleaved pairs with the parts
 * swapped through their slow general path (3-5x).  Split arrays run
 * the forward transform with the real and imaginary pointers swapped.
 * A pass's unit u is index u / nchunk of its outer dims o (mixed radix,
 * the last fastest) and part u % nchunk of its vector dim v.
 *
 * The overlap check: split arrays ri and ii (of a layout with dims
 * (n_k, s_k)) share an element exactly when their distance d is in the
 * layout's difference set { sum_k j_k s_k : |j_k| < n_k }.  A search
 * over the dims, largest stride first, keeps only the j_k that leave a
 * remainder the smaller dims can still reach: one or two per dim for
 * nested layouts (rows, columns, batches), so a few steps; a layout
 * whose search runs past a budget is rejected rather than guessed. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "plan.h"
#include "plannd.h"
#include "threads.h"

typedef NdRun Run;

/* The offsets (in elements) of unit u's outer index; *c its part of v. */
void
PRIV(nd_offsets)(const Pass *ps, ptrdiff_t u, ptrdiff_t *xo, ptrdiff_t *yo,
    ptrdiff_t *c)
{
	ptrdiff_t q, i;
	int k;

	*c = u % ps->nchunk;
	q = u / ps->nchunk;
	*xo = *yo = 0;
	for (k = ps->no - 1; k >= 0 && q; k--) {
		i = q % ps->o[k].n;
		q /= ps->o[k].n;
		*xo += i * ps->o[k].is;
		*yo += i * ps->o[k].os;
	}
}

/* v transforms of a batch pass on interleaved x to y in direction
 * r->cj, in chunks that stay in cache between the conjugations and the
 * transform (in place on y) */
static void
batch_cj(const Run *r, const R *x, R *y, ptrdiff_t v)
{
	const Pass *ps = r->ps;
	ptrdiff_t is, os, vis, vos, j, h, ch;
	int n;

	n = ps->n;
	is = ps->is * 2;
	os = ps->os * 2;
	vis = ps->vis * 2;
	vos = ps->vos * 2;
	ch = 4096 / n;
	for (j = 0; j < v; j += h, x += h * vis, y += h * vos) {
		h = v - j < ch ? v - j : ch;
		if (r->cj & ND_CJIN) {
			PRIV(nd_conj)(y, x, n, is, os, (int)h, vis, vos);
			DFT(n, -1, y, y + 1, y, y + 1, os, os, h, vos, vos);
		} else
			DFT(n, -1, x, x + 1, y, y + 1, is, os, h, vis, vos);
		if (r->cj & ND_CJOUT)
			PRIV(nd_conj)(y, y, n, os, os, (int)h, vos, vos);
	}
}

static void
task_batch(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	const Run *r = ctx;
	const Pass *ps = r->ps;
	ptrdiff_t u, xo, yo, c, j0, j1, m;

	(void)t;
	m = r->mul;
	for (u = lo; u < hi; u++) {
		PRIV(nd_offsets)(ps, u, &xo, &yo, &c);
		j0 = ps->nv * c / ps->nchunk;
		j1 = ps->nv * (c + 1) / ps->nchunk;
		xo = (xo + j0 * ps->vis) * m;
		yo = (yo + j0 * ps->vos) * m;
		if (r->cj)
			batch_cj(r, r->xr + xo, r->yr + yo, j1 - j0);
		else
			DFT(ps->n, -1, r->xr + xo, r->xi + xo, r->yr + yo,
			    r->yi + yo, ps->is * m, ps->os * m, j1 - j0,
			    ps->vis * m, ps->vos * m);
	}
}

static void
task_core(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	const Run *r = ctx;
	const Pass *ps = r->ps;
	const PLAN *p = r->nd->core[ps->core].p[t];
	ptrdiff_t u, xo, yo, c, m;

	m = r->mul;
	for (u = lo; u < hi; u++) {
		PRIV(nd_offsets)(ps, u, &xo, &yo, &c);
		xo = (xo + c * ps->vis) * m;
		yo = (yo + c * ps->vos) * m;
		if (r->cj & ND_CJIN) {
			PRIV(nd_conj)(r->yr + yo, r->xr + xo, ps->n,
			    ps->is * m, ps->os * m, 1, 0, 0);
			PRIV(plan_execute_one)(p, r->yr + yo, r->yi + yo,
			    ps->os * m, r->yr + yo, r->yi + yo, ps->os * m);
		} else
			PRIV(plan_execute_one)(p, r->xr + xo, r->xi + xo,
			    ps->is * m, r->yr + yo, r->yi + yo, ps->os * m);
		if (r->cj & ND_CJOUT)
			PRIV(nd_conj)(r->yr + yo, r->yr + yo, ps->n,
			    ps->os * m, ps->os * m, 1, 0, 0);
	}
}

/* b columns of n from x (element k of column c at x[k s + c vs]) to
 * br, bi (at c pitch + k) */
static void
gather(const R *xr, const R *xi, ptrdiff_t s, ptrdiff_t vs, int n, int b,
    R *br, R *bi, size_t pitch)
{
	int k, c;

	if (xi == xr + 1 && vs == 2) {
		for (k = 0; k < n; k++, xr += s)
			for (c = 0; c < b; c++) {
				br[c * pitch + k] = xr[2 * c];
				bi[c * pitch + k] = xr[2 * c + 1];
			}
		return;
	}
	for (k = 0; k < n; k++, xr += s, xi += s)
		for (c = 0; c < b; c++) {
			br[c * pitch + k] = xr[c * vs];
			bi[c * pitch + k] = xi[c * vs];
		}
}

static void
scatter(const R *br, const R *bi, size_t pitch, int n, int b, R *yr,
    R *yi, ptrdiff_t s, ptrdiff_t vs)
{
	int k, c;

	if (yi == yr + 1 && vs == 2) {
		for (k = 0; k < n; k++, yr += s)
			for (c = 0; c < b; c++) {
				yr[2 * c] = br[c * pitch + k];
				yr[2 * c + 1] = bi[c * pitch + k];
			}
		return;
	}
	for (k = 0; k < n; k++, yr += s, yi += s)
		for (c = 0; c < b; c++) {
			yr[c * vs] = br[c * pitch + k];
			yi[c * vs] = bi[c * pitch + k];
		}
}

static void
negate(R *x, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		x[k] = -x[k];
}

static void
task_buf(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	const Run *r = ctx;
	const Pass *ps = r->ps;
	const PLAN *p = r->nd->core[ps->core].p[t];
	R *br, *bi;
	ptrdiff_t u, xo, yo, c, m, j0;
	int b, j;

	m = r->mul;
	br = r->nd->buf[t];
	bi = br + ps->B * ps->pitch;
	for (u = lo; u < hi; u++) {
		PRIV(nd_offsets)(ps, u, &xo, &yo, &c);
		j0 = c * ps->B;
		b = ps->nv - j0 < ps->B ? (int)(ps->nv - j0) : ps->B;
		xo = (xo + j0 * ps->vis) * m;
		yo = (yo + j0 * ps->vos) * m;
		gather(r->xr + xo, r->xi + xo, ps->is * m, ps->vis * m, ps->n,
		    b, br, bi, ps->pitch);
		if (r->cj & ND_CJIN)
			negate(bi, b * ps->pitch);
		for (j = 0; j < b; j++)
			PRIV(plan_execute_one)(p, br + j * ps->pitch,
			    bi + j * ps->pitch, 1, br + j * ps->pitch,
			    bi + j * ps->pitch, 1);
		if (r->cj & ND_CJOUT)
			negate(bi, b * ps->pitch);
		scatter(br, bi, ps->pitch, ps->n, b, r->yr + yo, r->yi + yo,
		    ps->os * m, ps->vos * m);
	}
}

/* M_BUFI: b columns gathered side by side, interleaved (element k of
 * column c at b[2(k B + c)]: each row of the block one copy), each
 * transformed by a 1-D plan at stride 2B */
static void
task_bufi(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	const Run *r = ctx;
	const Pass *ps = r->ps;
	const PLAN *p = r->nd->core[ps->core].p[t];
	const R *xr, *xi;
	R *br, *yr, *yi;
	ptrdiff_t u, xo, yo, c, m, j0, is, os, vis, vos, B2;
	int b, j, k;

	m = r->mul;
	br = r->nd->buf[t];
	B2 = 2 * (ptrdiff_t)ps->B;
	is = ps->is * m;
	os = ps->os * m;
	vis = ps->vis * m;
	vos = ps->vos * m;
	for (u = lo; u < hi; u++) {
		PRIV(nd_offsets)(ps, u, &xo, &yo, &c);
		j0 = c * ps->B;
		b = ps->nv - j0 < ps->B ? (int)(ps->nv - j0) : ps->B;
		xr = r->xr + (xo + j0 * ps->vis) * m;
		xi = r->xi + (xo + j0 * ps->vis) * m;
		if (xi == xr + 1 && vis == 2)
			for (k = 0; k < ps->n; k++)
				memcpy(br + k * B2, xr + k * is,
				    (size_t)b * 2 * sizeof(R));
		else
			for (k = 0; k < ps->n; k++)
				for (j = 0; j < b; j++) {
					br[k * B2 + 2 * j] = xr[k * is
					    + j * vis];
					br[k * B2 + 2 * j + 1] = xi[k * is
					    + j * vis];
				}
		if (r->cj & ND_CJIN)
			PRIV(nd_conj)(br, br, ps->n, B2, B2, b, 2, 2);
		for (j = 0; j < b; j++)
			PRIV(plan_execute_one)(p, br + 2 * j, br + 2 * j + 1,
			    B2, br + 2 * j, br + 2 * j + 1, B2);
		if (r->cj & ND_CJOUT)
			PRIV(nd_conj)(br, br, ps->n, B2, B2, b, 2, 2);
		yr = r->yr + (yo + j0 * ps->vos) * m;
		yi = r->yi + (yo + j0 * ps->vos) * m;
		if (yi == yr + 1 && vos == 2)
			for (k = 0; k < ps->n; k++)
				memcpy(yr + k * os, br + k * B2,
				    (size_t)b * 2 * sizeof(R));
		else
			for (k = 0; k < ps->n; k++)
				for (j = 0; j < b; j++) {
					yr[k * os + j * vos] = br[k * B2
					    + 2 * j];
					yi[k * os + j * vos] = br[k * B2
					    + 2 * j + 1];
				}
	}
}

void
PRIV(nd_pass)(const Nd *nd, const Pass *ps, const R *xr, const R *xi,
    R *yr, R *yi, int mul, int cj)
{
	static kgen_priv_task *const task[] = { task_batch, task_core,
		task_buf, task_bufi, PRIV(ndct_task), PRIV(ndct_rows_task) };
	Run r = { nd, ps, xr, xi, yr, yi, mul, 0 };
	kgen_priv_task *f;

	f = task[ps->method];
	if (cj == ND_SWAP) {
		r.xr = xi;
		r.xi = xr;
		r.yr = yi;
		r.yi = yr;
	} else
		r.cj = cj;
	kgen_priv_parfor(nd->nthreads, ps->units, f, &r);
}

/* A 1-D plan's batch, forward (p's sign already applied) */
static void
run_1d(const PLAN *p, const R *xr, const R *xi, R *yr, R *yi, int mul)
{
	ptrdiff_t s, d;
	int h;

	s = p->stride * mul;
	d = p->dist * mul;
	if (p->kind == P_DIRECT && (p->howmany > 1 || !p->v1)) {
		/* one call for the whole batch */
		p->n1(xr, xi, yr, yi, s, s, p->howmany, d, d);
		return;
	}
	for (h = 0; h < p->howmany; h++)
		PRIV(plan_execute_one)(p, xr + h * d, xi + h * d, s,
		    yr + h * d, yi + h * d, s);
}

void
PRIV(nd_execute)(const PLAN *p, const R *xr, const R *xi, R *yr, R *yi,
    int mul)
{
	const Nd *nd;
	int i, cj, inter;

	if (p->kind != P_ND) {
		if (p->sign > 0)
			run_1d(p, xi, xr, yi, yr, mul);
		else
			run_1d(p, xr, xi, yr, yi, mul);
		return;
	}
	nd = p->nd;
	/* backward on interleaved data: conj(F(conj x)), the first pass
	 * conjugating its input, the last its output (the batched codelets
	 * run pairs with the parts swapped slowly); split: parts swapped */
	inter = mul == 2 && xi == xr + 1 && yi == yr + 1;
	for (i = 0; i < nd->np; i++) {
		cj = p->sign < 0 ? 0 : !inter ? ND_SWAP : (i == 0 ? ND_CJIN
		    : 0) | (i == nd->np - 1 ? ND_CJOUT : 0);
		if (i == 0)
			PRIV(nd_pass)(nd, &nd->pass[0], xr, xi, yr, yi, mul,
			    cj);
		else
			PRIV(nd_pass)(nd, &nd->pass[i], yr, yi, yr, yi, mul,
			    cj);
	}
}

/* ---- the layout checks */

typedef struct Ent Ent;
struct Ent {
	ptrdiff_t s;            /* |stride| > 0 */
	ptrdiff_t n;            /* size > 1 */
	ptrdiff_t rest;         /* what the dims after it reach */
};

/* 1 when d = sum j_k s_k with |j_k| < n_k over e[i..k) (or the budget
 * ran out) */
static int
hit(const Ent *e, int k, int i, ptrdiff_t d, long *budget)
{
	ptrdiff_t j, lo, hi, s;

	if (i == k)
		return d == 0;
	if (--*budget < 0)
		return 1;
	s = e[i].s;
	/* |d - j s| <= rest: j in [(d - rest) / s, (d + rest) / s] */
	lo = d - e[i].rest;
	hi = d + e[i].rest;
	lo = lo >= 0 ? (lo + s - 1) / s : -((-lo) / s);
	hi = hi >= 0 ? hi / s : -((-hi + s - 1) / s);
	if (lo < 1 - e[i].n)
		lo = 1 - e[i].n;
	if (hi > e[i].n - 1)
		hi = e[i].n - 1;
	for (j = lo; j <= hi; j++)
		if (hit(e, k, i + 1, d - j * s, budget))
			return 1;
	return 0;
}

static int
cmp_ent(const void *a, const void *b)
{
	const Ent *x = a, *y = b;

	return x->s < y->s ? 1 : x->s > y->s ? -1 : 0;
}

/* 1 when a layout of plan p (out: its output's) holds two elements
 * d bytes apart */
static int
meets(const PLAN *p, int out, ptrdiff_t d)
{
	Ent e[2 * CFG_MAXSTEP + 64], *big;
	const Nd *nd;
	ptrdiff_t s, n, q;
	long budget;
	int k, i, nk, hitv;

	if (d % (ptrdiff_t)sizeof(R))
		return meets(p, out, d - d % (ptrdiff_t)sizeof(R))
		    || meets(p, out, d - d % (ptrdiff_t)sizeof(R)
		    + (d > 0 ? 1 : -1) * (ptrdiff_t)sizeof(R));
	d /= (ptrdiff_t)sizeof(R);
	nd = p->kind == P_ND ? p->nd : 0;
	nk = nd ? nd->rank + nd->hr : 2;
	big = nk > (int)(sizeof e / sizeof *e) ? malloc((size_t)nk
	    * sizeof *big) : e;
	if (!big)
		return 1;
	for (i = k = 0; i < nk; i++) {
		if (nd) {
			s = out ? nd->d[i].os : nd->d[i].is;
			n = nd->d[i].n;
		} else {
			s = i ? p->dist : p->stride;
			n = i ? p->howmany : p->n;
		}
		if (s < 0)
			s = -s;
		if (s && n > 1) {
			big[k].s = s;
			big[k++].n = n;
		}
	}
	qsort(big, (size_t)k, sizeof *big, cmp_ent);
	for (q = 0, i = k - 1; i >= 0; i--) {
		big[i].rest = q;
		q += (big[i].n - 1) * big[i].s;
	}
	budget = 1L << 16;
	hitv = d < 0 ? -d <= q && hit(big, k, 0, d, &budget)
	    : d <= q && hit(big, k, 0, d, &budget);
	if (big != e)
		free(big);
	return hitv;
}

/* 1 when p's input and output strides differ */
static int
strides_differ(const PLAN *p)
{
	const Nd *nd = p->nd;
	int i;

	if (p->kind != P_ND)
		return 0;
	for (i = 0; i < nd->rank + nd->hr; i++)
		if (nd->d[i].is != nd->d[i].os)
			return 1;
	return 0;
}

/* KGEN_OK when ri, ii (ro, io) can be a split layout of p and in place
 * is p's (same strides), else KGEN_EINVAL */
int
PRIV(nd_check_split)(const PLAN *p, const R *ri, const R *ii, const R *ro,
    const R *io)
{
	ptrdiff_t di, dout;

	di = (ptrdiff_t)((uintptr_t)ii - (uintptr_t)ri);
	dout = (ptrdiff_t)((uintptr_t)io - (uintptr_t)ro);
	if (meets(p, 0, di) || meets(p, 1, dout))
		return KGEN_EINVAL;
	if ((ri == ro || ii == io) && strides_differ(p))
		return KGEN_EINVAL;
	return KGEN_OK;
}

int
EXECUTE_DFT(const PLAN *p, const CPLX *in, CPLX *out)
{
	if (!p || !in || !out || p->real)
		return KGEN_EINVAL;
	if ((const void *)in == (void *)out && strides_differ(p))
		return KGEN_EINVAL;
	PRIV(nd_execute)(p, &in[0][0], &in[0][1], &out[0][0], &out[0][1], 2);
	return KGEN_OK;
}
