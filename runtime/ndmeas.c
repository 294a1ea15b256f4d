/* ndmeas.c: KGEN_MEASURE's choice for a pass of a P_ND plan (plannd.c)
 * whose dim is larger than the codelets: a 1-D plan on each transform
 * straight on the arrays, or blocks of B = 4, 8, 16 or 32 transforms
 * buffered, split or interleaved.  Each candidate is timed on one slab of the pass: its dim
 * and up to 64 transforms of its vector dim, at the pass's strides (as
 * magnitudes), in arrays from calloc whose untouched pages are never
 * mapped, so that a slab of a large 3-D problem costs its own pages
 * only.  The winner goes to wisdom, keyed by the pass's size and
 * strides (wisdom.c's nd lines). */
#include <stdlib.h>
#include "kgen.h"
#include "clock.h"
#include "plan.h"
#include "plannd.h"

enum { SLAB_V = 64 };

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

	PRIV(nd_pass)(m->nd, m->q, m->x, m->x + 1, m->y, m->y + 1, 2);
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

int
PRIV(ndmeas_choose)(Nd *nd, Pass *ps, unsigned flags)
{
	static const int Bs[] = { 4, 8, 16, 32 };
	enum { nB = sizeof Bs / sizeof *Bs };
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
	    && (method == M_CORE || ((method == M_BUF || method == M_BUFI)
	    && B >= 1 && B <= ps->nv))) {
		ps->method = method;
		ps->B = B;
		return method;
	}
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
	buf[0] = PRIV(plan_ralloc)(2 * 32 * ND_PITCH(q.n));
	bm = ps->method;
	bB = ps->B;
	if (!m.x || !m.y || !buf[0])
		goto done;
	keep = nd->buf;
	keepsz = nd->bufsz;
	nthr = nd->nthreads;
	best = 1e30;
	for (i = -1; i < 2 * nB; i++) {
		method = i < 0 ? M_CORE : i < nB ? M_BUF : M_BUFI;
		B = i < 0 ? 0 : Bs[i % nB];
		if (i >= 0 && B > q.nv && (i % nB == 0 || Bs[i % nB - 1]
		    >= q.nv))
			continue;
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
		}
	}
	nd->nthreads = nthr;
	nd->bufsz = keepsz;
	kgen_priv_wisdom_nd_put(PREC, key, bm, bB);
done:
	free(buf[0]);
	if (m.y != m.x)
		free(m.y);
	free(m.x);
	ps->method = bm;
	ps->B = bB;
	return bm;
}
