/* planbig.c: one-dimensional plans on several threads: a batch split
 * across the threads (a rank-1 plannd.c plan with one loop), and a
 * single large transform as a four-step plan (P_BIG).
 *
 * Four-step (Bailey's): n = n1 n2, input index j = j1 + n1 j2, output
 * index k = k2 + n2 k1, so that w_n^(jk) = w_n2^(j2 k2) w_n^(j1 k2)
 * w_n1^(j1 k1) and
 *   X[k2 + n2 k1] = sum_j1 w_n1^(j1 k1) w_n^(j1 k2)
 *                   sum_j2 x[j1 + n1 j2] w_n2^(j2 k2).
 * Pass 1 (columns): for each j1, the DFT of size n2 of the column
 * x[j1 + n1 j2] (stride n1), times the twiddles w_n^(j1 k2), to the
 * plan's intermediate T[j1 + n1 k2].  Pass 2 (rows): for each k2, the
 * DFT of size n1 of the contiguous row T[n1 k2 ..], to X[k2 + n2 k1]
 * (stride n2): the transpose into natural order rides on the scatter.
 * Each pass works on blocks of B adjacent columns (rows): gathered
 * into a per-thread split buffer (B elements of a row of the array, one
 * cache line of each part, per step), transformed there by a per-thread
 * 1-D plan (a plan holds scratch), and written back B elements at a
 * time, so both passes stream whole cache lines; T is split and apart
 * from input and output, so in place needs nothing more and the input
 * of an out-of-place call is only read.  Each pass is one threads.h
 * parallel loop of a part per thread, the parts taking blocks from a
 * shared counter (a thread that starts late, on a loaded machine, takes
 * fewer; a block's result does not depend on its thread).  n1 is the largest divisor of n at most sqrt(n).
 * Backward is forward with real and imaginary parts swapped (done by
 * ndexec.c before it gets here).
 * On one thread the four-step costs 1.2-1.5x the 1-D plan (its
 * sub-transforms alone, two passes of n / 256 transforms of 256 at
 * 2^16, take about what the 1-D plan takes; then the copies and the
 * twiddles), so it gains only where the threads really run at once.
 * With KGEN_MEASURE it races the 1-D plan (which runs on one thread)
 * and the faster is kept; the choice is not kept in wisdom (the
 * sub-plans' are).
 * Reference: D. H. Bailey, "FFTs in external or hierarchical memory",
 * J. Supercomputing 4, 1990. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "plan.h"
#include "threads.h"
#include "clock.h"

/* single transforms from BIG_MIN up go four-step on threads where
 * KGEN_MEASURE finds it faster, from BIG_EST up by the estimate too:
 * its sub-transforms run one 1-D plan call each, so on two idle cores
 * of a Zen 5 `bigcheck -b N 40` (tests/bigcheck.c) timed it at 463 us
 * for N = 2^16 where the 1-D plan on one thread took 145 us (2^20:
 * 10.9 ms against 10.2) */
enum { BIG_MIN = 1 << 14, BIG_EST = 1 << 20 };
/* batches split across threads from this many elements in all */
enum { MANY_MIN = 1 << 13 };

struct Big {
	int n1, n2;         /* n1 columns of size n2, n2 rows of size n1 */
	int nthreads, B;
	PLAN **col, **row;  /* per thread: size n2, size n1 */
	R *tw;              /* row q: n2 cosines, then n2 sines of
	                     * 2 pi j k2 / n, at q twp: rows c < B for
	                     * j = c, then rows B + i for j = i B (the
	                     * twiddles of column j1 = i B + c are the
	                     * product of two rows: n (1 / B + B / n1)
	                     * entries, not n) */
	size_t twp;
	R *tr, *ti;         /* T, split: row k2 at k2 tp (n1 and a cache
	                     * line: rows do not share L1 sets) */
	size_t tp;
	R **buf;            /* per thread: 2 B pitch */
	size_t pitch;
};

/* n rounded up to whole cache lines of R */
static size_t
lines(size_t n)
{
	return (n + 64 / sizeof(R) - 1) / (64 / sizeof(R)) * (64 / sizeof(R));
}

void
PRIV(big_free)(Big *b)
{
	int t;

	if (!b)
		return;
	for (t = 0; t < b->nthreads; t++) {
		if (b->col && b->col[t]) {
			PRIV(plan_free)(b->col[t]);
			free(b->col[t]);
		}
		if (b->row && b->row[t]) {
			PRIV(plan_free)(b->row[t]);
			free(b->row[t]);
		}
		if (b->buf)
			free(b->buf[t]);
	}
	free(b->col);
	free(b->row);
	free(b->buf);
	free(b->tw);
	free(b->tr);
	free(b);
}

static size_t
mag(ptrdiff_t s)
{
	return s < 0 ? (size_t)0 - (size_t)s : (size_t)s;
}

/* the largest divisor of n at most sqrt(n) */
static int
split(int n)
{
	int d, best;

	best = 1;
	for (d = 1; (long long)d * d <= n; d++)
		if (n % d == 0)
			best = d;
	return best;
}

/* The four-step tables and sub-plans; -1 out of memory or when a
 * sub-plan cannot be made. */
static int
big_init(Big *b, int n, unsigned flags)
{
	R *base;
	size_t tp, t;
	int q, nq, j, k2, i;

	b->col = calloc((size_t)b->nthreads, sizeof *b->col);
	b->row = calloc((size_t)b->nthreads, sizeof *b->row);
	b->buf = calloc((size_t)b->nthreads, sizeof *b->buf);
	if (!b->col || !b->row || !b->buf)
		return -1;
	b->pitch = lines((size_t)(b->n1 > b->n2 ? b->n1 : b->n2))
	    + 64 / sizeof(R);
	for (i = 0; i < b->nthreads; i++) {
		b->col[i] = calloc(1, sizeof(PLAN));
		b->row[i] = calloc(1, sizeof(PLAN));
		b->buf[i] = PRIV(plan_ralloc)(2 * (size_t)b->B * b->pitch);
		if (!b->col[i] || !b->row[i] || !b->buf[i]
		    || PRIV(plan_init)(b->col[i], b->n2, flags, LAY_SPLIT) < 0
		    || PRIV(plan_init)(b->row[i], b->n1, flags, LAY_SPLIT) < 0)
			return -1;
	}
	b->tp = lines((size_t)b->n1) + 64 / sizeof(R);
	tp = lines(b->tp * b->n2) + 32 / sizeof(R);
	if (!(b->tr = PRIV(plan_ralloc)(2 * tp)))
		return -1;
	b->ti = b->tr + tp;
	b->twp = 2 * lines((size_t)b->n2);
	nq = b->B + (b->n1 + b->B - 1) / b->B;
	if (!(b->tw = PRIV(plan_ralloc)((size_t)nq * b->twp)))
		return -1;
	if (!(base = PRIV(plan_roots)(n)))
		return -1;
	for (q = 0; q < nq; q++) {
		j = q < b->B ? q : (q - b->B) * b->B;
		for (k2 = 0; k2 < b->n2; k2++) {
			t = (size_t)j * k2 % (size_t)n;
			b->tw[q * b->twp + k2] = base[2 * t];
			b->tw[q * b->twp + b->n2 + k2] = base[2 * t + 1];
		}
	}
	free(base);
	return 0;
}

/* The four-step plan of size n at stride `stride` (both arrays), or
 * NULL where n has no divisor pair worth it (n1 < 8) or memory runs
 * out. */
static PLAN *
big_plan(int n, ptrdiff_t stride, ptrdiff_t dist, int sign,
    unsigned flags, int nthreads)
{
	PLAN *p;
	Big *b;

	if (split(n) < 8 || nthreads < 2)
		return 0;
	p = calloc(1, sizeof *p);
	b = calloc(1, sizeof *b);
	if (!p || !b) {
		free(p);
		free(b);
		return 0;
	}
	p->kind = P_BIG;
	p->big = b;
	p->n = n;
	p->sign = sign;
	p->howmany = 1;
	p->stride = stride;
	p->dist = dist;
	b->nthreads = nthreads;
	b->n1 = split(n);
	b->n2 = n / b->n1;
	b->B = 64 / sizeof(R);
	if (big_init(b, n, flags) < 0) {
		DESTROY(p);
		return 0;
	}
	return p;
}

typedef struct Run Run;
struct Run {
	atomic_long next;       /* the next block a part takes */
	ptrdiff_t units;        /* blocks in this pass */
	const Big *b;
	const R *xr, *xi;
	ptrdiff_t is;
	R *yr, *yi;
	ptrdiff_t os;
};

/* nb columns of n from x (element k of column c at x[k rs + c is]) to
 * br, bi (at c pitch + k); interleaved pairs (is 2, xi next to xr)
 * read as pairs */
static void
gather(const R *xr, const R *xi, ptrdiff_t is, ptrdiff_t rs, int n,
    int nb, R *br, R *bi, size_t pitch)
{
	const R *q;
	R *a, *z;
	int k, c;

	if (is == 2 && (xi == xr + 1 || xr == xi + 1)) {
		q = xr < xi ? xr : xi;
		a = xr < xi ? br : bi;
		z = xr < xi ? bi : br;
		for (k = 0; k < n; k++, q += rs) {
			if (k + 8 < n)
				__builtin_prefetch(q + 8 * rs);
			for (c = 0; c < nb; c++) {
				a[c * pitch + k] = q[2 * c];
				z[c * pitch + k] = q[2 * c + 1];
			}
		}
		return;
	}
	for (k = 0; k < n; k++, xr += rs, xi += rs)
		for (c = 0; c < nb; c++) {
			br[c * pitch + k] = xr[c * is];
			bi[c * pitch + k] = xi[c * is];
		}
}

/* gather's inverse: br, bi to y (element k of column c at y[k rs + c
 * os]) */
static void
scatter(const R *br, const R *bi, size_t pitch, int n, int nb, R *yr,
    R *yi, ptrdiff_t os, ptrdiff_t rs)
{
	const R *a, *z;
	R *q;
	int k, c;

	if (os == 2 && (yi == yr + 1 || yr == yi + 1)) {
		q = yr < yi ? yr : yi;
		a = yr < yi ? br : bi;
		z = yr < yi ? bi : br;
		for (k = 0; k < n; k++, q += rs)
			for (c = 0; c < nb; c++) {
				q[2 * c] = a[c * pitch + k];
				q[2 * c + 1] = z[c * pitch + k];
			}
		return;
	}
	for (k = 0; k < n; k++, yr += rs, yi += rs)
		for (c = 0; c < nb; c++) {
			yr[c * os] = br[c * pitch + k];
			yi[c * os] = bi[c * pitch + k];
		}
}

/* pass 1: columns j1 = lo B .. of x, each a DFT of size n2 and its
 * twiddles, to T */
static void
task_col(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	Run *r = ctx;
	const Big *b = r->b;
	const PLAN *p = b->col[t];
	const R *w;
	R *br, *bi, *tr, *ti;
	ptrdiff_t u, is, rs;
	size_t pitch;
	int j1, nb, c, k, n1, n2;

	br = b->buf[t];
	pitch = b->pitch;
	bi = br + (size_t)b->B * pitch;
	n1 = b->n1;
	n2 = b->n2;
	is = r->is;
	rs = is * n1;
	(void)lo;
	(void)hi;
	while ((u = atomic_fetch_add(&r->next, 1)) < r->units) {
		j1 = (int)u * b->B;
		nb = n1 - j1 < b->B ? n1 - j1 : b->B;
		gather(r->xr + j1 * is, r->xi + j1 * is, is, rs, n2, nb, br,
		    bi, pitch);
		for (c = 0; c < nb; c++) {
			PRIV(plan_execute_one)(p, br + c * pitch,
			    bi + c * pitch, 1, br + c * pitch,
			    bi + c * pitch, 1);
			if (c) {
				w = b->tw + c * b->twp;
				PRIV(simd_twiddle)(br + c * pitch,
				    bi + c * pitch, w, w + n2, 1, n2);
			}
			if (j1) {
				w = b->tw + (b->B + u) * b->twp;
				PRIV(simd_twiddle)(br + c * pitch,
				    bi + c * pitch, w, w + n2, 1, n2);
			}
		}
		tr = b->tr + j1;
		ti = b->ti + j1;
		for (k = 0; k < n2; k++, tr += b->tp, ti += b->tp)
			for (c = 0; c < nb; c++) {
				tr[c] = br[c * pitch + k];
				ti[c] = bi[c * pitch + k];
			}
	}
}

/* pass 2: rows k2 = lo B .. of T, each a DFT of size n1, to y at
 * k2 + n2 k1 */
static void
task_row(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	Run *r = ctx;
	const Big *b = r->b;
	const PLAN *p = b->row[t];
	R *br, *bi;
	ptrdiff_t u, os, rs;
	size_t pitch;
	int k2, nb, c, n1, n2;

	br = b->buf[t];
	pitch = b->pitch;
	bi = br + (size_t)b->B * pitch;
	n1 = b->n1;
	n2 = b->n2;
	os = r->os;
	rs = os * n2;
	(void)lo;
	(void)hi;
	while ((u = atomic_fetch_add(&r->next, 1)) < r->units) {
		k2 = (int)u * b->B;
		nb = n2 - k2 < b->B ? n2 - k2 : b->B;
		for (c = 0; c < nb; c++)
			PRIV(plan_execute_one)(p,
			    b->tr + (size_t)(k2 + c) * b->tp,
			    b->ti + (size_t)(k2 + c) * b->tp, 1,
			    br + c * pitch, bi + c * pitch, 1);
		scatter(br, bi, pitch, n1, nb, r->yr + k2 * os,
		    r->yi + k2 * os, os, rs);
	}
}

/* One forward transform of P_BIG plan p: x at stride is to y at stride
 * os (x == y allowed). */
void
PRIV(big_execute)(const PLAN *p, const R *xr, const R *xi, ptrdiff_t is,
    R *yr, R *yi, ptrdiff_t os)
{
	const Big *b = p->big;
	Run r;

	r.b = b;
	r.xr = xr;
	r.xi = xi;
	r.is = is;
	r.yr = yr;
	r.yi = yi;
	r.os = os;
	r.units = (b->n1 + b->B - 1) / b->B;
	atomic_init(&r.next, 0);
	kgen_priv_parfor(b->nthreads, b->nthreads, task_col, &r);
	r.units = (b->n2 + b->B - 1) / b->B;
	atomic_store(&r.next, 0);
	kgen_priv_parfor(b->nthreads, b->nthreads, task_row, &r);
}

typedef struct Meas Meas;
struct Meas {
	const PLAN *p;
	R *xr, *xi;
	int mul;
};

static void
meas_run(void *ctx)
{
	const Meas *m = ctx;

	PRIV(nd_execute)(m->p, m->xr, m->xi, m->xr, m->xi, m->mul);
}

/* Seconds of one in-place transform of p (stride > 0) as the user runs
 * it in layout lay: split (kgen_execute), stride 2 interleaved
 * (kgen_execute, ii = ri + 1), else interleaved (kgen_execute_dft); the
 * least of 5 timings, a huge value when out of memory. */
static double
timed(const PLAN *p, int lay)
{
	Meas m;
	R *x;
	double best;
	size_t len, k;

	m.p = p;
	m.mul = lay == LAY_INTER && p->stride != 2 ? 2 : 1;
	len = (size_t)(p->n - 1) * (size_t)p->stride * (size_t)m.mul + 2;
	if (!(x = PRIV(plan_ralloc)(2 * len)))
		return 1e30;
	for (k = 0; k < 2 * len; k++)
		x[k] = (R)((int)(k * 7 % 13) - 6) / 8;
	m.xr = x;
	m.xi = lay == LAY_INTER ? x + 1 : x + len;
	best = 1e30;
	meas_run(&m);
	clock_best(meas_run, &m, 1, 5, &best);
	free(x);
	return best;
}

/* kgen_plan_many_dft's plan on nthreads > 1 threads, tuned for layout
 * lay: a batch of at least MANY_MIN elements as a rank-1 P_ND plan with
 * one loop (its passes split the batch), a single transform of size
 * BIG_MIN and up four-step where KGEN_MEASURE times it faster than the
 * 1-D plan (the estimate: from BIG_EST), the rest kgen_plan_many_dft's
 * 1-D plan. */
PLAN *
PRIV(big_many)(int n, int howmany, ptrdiff_t stride, ptrdiff_t dist,
    int sign, unsigned flags, int lay, int nthreads)
{
	PLAN *p, *q;
	Dim d, v;

	if (nthreads > 1 && howmany > 1 && n >= 1
	    && (long long)n * howmany >= MANY_MIN) {
		d.n = n;
		d.is = d.os = stride;
		v.n = howmany;
		v.is = v.os = dist;
		if ((p = PRIV(nd_plan)(1, &d, 1, &v, sign, flags, lay,
		    nthreads)))
			return p;
	}
	q = 0;
	if (nthreads > 1 && howmany == 1 && n <= KGEN_PLAN_MAX
	    && n >= ((flags & KGEN_MEASURE) ? BIG_MIN : BIG_EST)
	    && (sign == -1 || sign == 1) && !(flags & ~KGEN_MEASURE)
	    && mag(stride) <= PTRDIFF_MAX / sizeof(R) / 2 / (size_t)n)
		q = big_plan(n, stride, dist, sign, flags, nthreads);
	if (q && !(flags & KGEN_MEASURE))
		return q;
	p = PRIV(plan_many_lay)(n, howmany, stride, dist, sign, flags, lay);
	if (!p || !q)
		return p ? p : q;
	if (stride > 0 && stride <= 16 && timed(p, lay) < timed(q, lay)) {
		DESTROY(q);
		return p;
	}
	DESTROY(p);
	return q;
}

void
PRIV(big_describe)(const PLAN *p, Desc *d, int indent)
{
	const Big *b = p->big;

	kgen_priv_desc_printf(d, "%*sdft %d four-step %d x %d threads %d "
	    "block %d\n", indent, "", p->n, b->n1, b->n2, b->nthreads, b->B);
	kgen_priv_desc_printf(d, "%*scolumns (%d of size %d):\n",
	    indent + 2, "", b->n1, b->n2);
	PRIV(plandesc_core)(b->col[0], d, indent + 4);
	kgen_priv_desc_printf(d, "%*srows (%d of size %d):\n", indent + 2, "",
	    b->n2, b->n1);
	PRIV(plandesc_core)(b->row[0], d, indent + 4);
}
