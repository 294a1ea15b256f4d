/* ndmeas.c: KGEN_MEASURE's choice for a pass of a P_ND plan (plannd.c)
 * whose dim is larger than the codelets: a 1-D plan on each transform
 * straight on the arrays, blocks of B = 4, 8, 16 or 32 transforms
 * buffered, split or interleaved, or (n = n1 n2, both at most
 * KGEN_N1_MAX) one Cooley-Tukey step on blocks of transforms (ndct.c),
 * straight or transposed.  Each candidate is timed on one slab of the
 * pass: its dim and up to 64 transforms of its vector dim, at the
 * pass's strides (as magnitudes), in arrays from calloc whose untouched
 * pages are never mapped, so that a slab of a large 3-D problem costs
 * its own pages only.  The winner goes to wisdom, keyed by the pass's size and
 * strides (wisdom.c's nd lines). */
#include <stdlib.h>
#include "kgen.h"
#include "clock.h"
#include "plan.h"
#include "plannd.h"

enum { SLAB_V = 64, CT_KEY = 4096, NCAND = 32 };

static ptrdiff_t
mag(ptrdiff_t s)
{
	return s < 0 ? -s : s;
}

typedef struct Meas Meas;
struct Meas {
	Nd *nd;
	Pass *q;
	R *x, *y;
};

static void
run(void *arg)
{
	Meas *m = arg;

	PRIV(nd_pass)(m->nd, m->q, m->x, m->x + 1, m->y, m->y + 1, 2, 0);
}

static double
timed(Meas *m)
{
	double best = 1e30, t0;
	long reps;

	run(m);
	t0 = now();
	run(m);
	t0 = now() - t0;
	reps = t0 > 2e-4 ? 1 : (long)(2e-4 / (t0 + 1e-9)) + 1;
	clock_best(run, m, reps, 5, &best);
	return best / reps;
}

/* Sets ps's method from a wisdom entry; 0 when it does not fit ps. */
static int
from_wisdom(Pass *ps, int method, int B)
{
	int n1;

	n1 = 0;
	if (method == M_CT || method == M_CTT) {
		n1 = B / CT_KEY;
		B %= CT_KEY;
		if (n1 < 2 || ps->n % n1 || n1 > KGEN_N1_MAX
		    || ps->n / n1 > KGEN_N1_MAX)
			return 0;
	}
	if (method != M_CORE && (B < 1 || B >= CT_KEY || (method != M_BUF
	    && method != M_BUFI && method != M_CT && method != M_CTT)))
		return 0;
	ps->method = method;
	ps->B = B;
	ps->n1 = n1;
	return 1;
}

/* Adds (m, B, n1) to c[0..*k) where B is useful for nv transforms:
 * every B up to the first at least nv */
static void
add(int c[][3], int *k, int nv, int m, const int *Bs, int nB, int n1)
{
	int i;

	for (i = 0; i < nB && *k < NCAND; i++) {
		if (i > 0 && Bs[i - 1] >= nv)
			break;
		c[*k][0] = m;
		c[*k][1] = Bs[i];
		c[*k][2] = n1;
		++*k;
	}
}

/* The candidates for pass ps with nv transforms in its slab: core,
 * buf and bufi at B = 4..32, ct at B = 8..64 and ctt at B = 8, 16 for
 * the two factor pairs nearest the square root, each order; their
 * number. */
static int
candidates(const Pass *ps, int nv, int c[][3])
{
	static const int Bb[] = { 4, 8, 16, 32 }, Bc[] = { 8, 16, 32, 64 },
	    Bt[] = { 8, 16 };
	int k, a, n1, tried;

	k = 0;
	c[k][0] = M_CORE;
	c[k][1] = c[k][2] = 0;
	k++;
	add(c, &k, nv, M_BUF, Bb, 4, 0);
	add(c, &k, nv, M_BUFI, Bb, 4, 0);
	if (!(n1 = PRIV(ndct_split)(ps->n)))
		return k;
	tried = 0;
	for (a = n1; a <= KGEN_N1_MAX && tried < 2; a++)
		if (ps->n % a == 0 && ps->n / a <= KGEN_N1_MAX) {
			add(c, &k, nv, M_CT, Bc, 4, a);
			add(c, &k, nv, M_CTT, Bt, 2, a);
			if (ps->n / a != a) {
				add(c, &k, nv, M_CT, Bc, 4, ps->n / a);
				add(c, &k, nv, M_CTT, Bt, 2, ps->n / a);
			}
			tried++;
		}
	return k;
}

int
PRIV(ndmeas_choose)(Nd *nd, Pass *ps, unsigned flags)
{
	int cand[NCAND][3], nc, bn1;
	ptrdiff_t key[5];
	Pass q;
	Meas m;
	R *buf[1], **keep;
	size_t ext, keepsz;
	double t, best;
	int i, bm, bB, method, B, nthr;

	key[0] = ps->n;
	key[1] = mag(ps->is);
	key[2] = mag(ps->os);
	key[3] = mag(ps->vis);
	key[4] = mag(ps->vos);
	if (kgen_priv_wisdom_nd_get(PREC, key, &method, &B)
	    && from_wisdom(ps, method, B))
		return ps->method;
	q = *ps;
	q.no = 0;
	q.nv = ps->nv < SLAB_V ? ps->nv : SLAB_V;
	q.is = key[1];
	q.os = key[2];
	q.vis = key[3];
	q.vos = key[4];
	ext = (size_t)(q.n - 1) * (size_t)(q.is > q.os ? q.is : q.os)
	    + (size_t)(q.nv - 1) * (size_t)(q.vis > q.vos ? q.vis : q.vos)
	    + 1;
	m.nd = nd;
	m.q = &q;
	m.x = calloc(2 * ext, sizeof(R));
	m.y = ps->first ? calloc(2 * ext, sizeof(R)) : m.x;
	q.tw = 0;
	buf[0] = PRIV(plan_ralloc)(4 * (size_t)SLAB_V * ND_PITCH(q.n));
	bm = ps->method;
	bB = ps->B;
	if (!m.x || !m.y || !buf[0])
		goto done;
	keep = nd->buf;
	keepsz = nd->bufsz;
	nthr = nd->nthreads;
	best = 1e30;
	nc = candidates(ps, q.nv, cand);
	bn1 = 0;
	for (i = 0; i < nc; i++) {
		method = cand[i][0];
		B = cand[i][1];
		q.n1 = cand[i][2];
		/* cores for every thread (the plan's), timed on one */
		nd->nthreads = nthr;
		if (PRIV(nd_method)(nd, &q, method, B, flags) < 0)
			break;
		nd->nthreads = 1;
		nd->buf = buf;
		t = timed(&m);
		nd->buf = keep;
		if (t < best) {
			best = t;
			bm = method;
			bB = B;
			bn1 = q.n1;
		}
	}
	free(q.tw);
	nd->nthreads = nthr;
	nd->bufsz = keepsz;
	kgen_priv_wisdom_nd_put(PREC, key, bm, bm >= M_CT ? bn1 * CT_KEY
	    + bB : bB);
	ps->n1 = bn1;
done:
	free(buf[0]);
	if (m.y != m.x)
		free(m.y);
	free(m.x);
	ps->method = bm;
	ps->B = bB;
	return bm;
}
