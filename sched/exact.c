/* sched/exact.c: the exact minimum of spill loads over all orders, for
 * tiny DAGs (bound_exact; the other bounds and the model are bound.c's).
 *
 * A state is (C, S): the steps done and the values resident in
 * registers.  A move does one step: its register operands are loaded if
 * not resident (a spill load each, except the first load of an input,
 * which is free), enough other resident values are evicted to fit R,
 * operands without a later use die, and the result takes a register.
 * The cheapest path to "every step done" is the fewest spill loads over
 * every order and every allocation of it; for an order, Belady's MIN is
 * the fewest loads, so this is the least Belady count over all orders
 * (the test checks that Belady's count of the order found equals it).
 * Stores are not counted (minimising loads + stores is NP-hard even for
 * one order; see belady.c).  Three normalisations lose nothing:
 *   - an input is loaded for the first time by the step that first reads
 *     it (loading it earlier only holds a register longer), unless a
 *     store reads it or overwrites it (then loading it is a move too);
 *   - a store not in place whose value is resident is done at once
 *     (it costs nothing and can only free a register);
 *   - a value is evicted only when the step needs its register (keeping
 *     it costs nothing: eviction is free later).
 * Search is A* (Hart, Nilsson and Raphael 1968) with
 *     h = the live values (done, read by a step not done) not resident,
 * each of which costs at least one load: h never overestimates, and a move
 * that loads k missing operands lowers h by k, so h is consistent and the
 * first time a final state is taken from the queue its cost is optimal.
 * Costs are small integers: the queue is an array of buckets by g + h.
 * When the states run past the limit the search stops, and the least
 * g + h still queued is a lower bound on the optimum. */
#include <stdlib.h>
#include <string.h>
#include "all.h"

enum { XW = 2, XMAXSTEP = 64 * XW };
enum { XLOAD, XARITH, XSTORE };

typedef struct Bits Bits;
struct Bits {
	unsigned long long w[XW];
};

typedef struct XState XState;
struct XState {
	Bits c, s;
	int g, parent, move;
	int closed;
};

typedef struct X X;
struct X {
	Dag *d;
	int ns, regs;
	int node[XMAXSTEP];     /* the node of each step */
	int kind[XMAXSTEP];
	int ops[XMAXSTEP][3];   /* distinct register operands (steps), -1 */
	int alias[XMAXSTEP];    /* store in place: its load step, else -1 */
	int loadmove[XMAXSTEP]; /* load: may be a move of its own */
	Bits user[XMAXSTEP];    /* the steps that read step i */
	Bits all;
	XState *st;
	int nst, cap;
	int *tab, tabcap;       /* open addressing: state index + 1 */
	int *ent, *enext, nent, entcap;  /* bucket entries: state, link */
	int *head, nhead;       /* bucket heads by f, -1 empty */
};

static int
bget(const Bits *b, int i)
{
	return (int)(b->w[i >> 6] >> (i & 63) & 1);
}

static void
bset(Bits *b, int i)
{
	b->w[i >> 6] |= 1ULL << (i & 63);
}

static void
bclr(Bits *b, int i)
{
	b->w[i >> 6] &= ~(1ULL << (i & 63));
}

/* Does a contain a step outside c? */
static int
bout(const Bits *a, const Bits *c)
{
	int i;

	for (i = 0; i < XW; i++)
		if (a->w[i] & ~c->w[i])
			return 1;
	return 0;
}

static int
beq(const Bits *a, const Bits *b)
{
	return !memcmp(a, b, sizeof *a);
}

/* Is value v live once the steps c are done? */
static int
xlive(X *x, const Bits *c, int v)
{
	return bget(c, v) && bout(&x->user[v], c);
}

/* h: the live values not resident. */
static int
xh(X *x, const XState *q)
{
	int v, h;

	h = 0;
	for (v = 0; v < x->ns; v++)
		if (x->kind[v] != XSTORE && !bget(&q->s, v)
		    && xlive(x, &q->c, v))
			h++;
	return h;
}

static unsigned
xhash(const XState *q)
{
	unsigned long long h;
	int i;

	h = 1469598103934665603ULL;
	for (i = 0; i < XW; i++) {
		h = (h ^ q->c.w[i]) * 1099511628211ULL;
		h = (h ^ q->s.w[i]) * 1099511628211ULL;
	}
	return (unsigned)(h ^ h >> 32);
}

static int
xsame(const XState *a, const XState *b)
{
	return beq(&a->c, &b->c) && beq(&a->s, &b->s);
}

static void
xqueue(X *x, int f, int i)
{
	int n;

	if (f >= x->nhead) {
		n = 2 * f + 16;
		x->head = erealloc(x->head, n * sizeof *x->head);
		memset(x->head + x->nhead, -1,
		    (n - x->nhead) * sizeof *x->head);
		x->nhead = n;
	}
	if (x->nent == x->entcap) {
		x->entcap = 2 * x->entcap + 1024;
		x->ent = erealloc(x->ent, x->entcap * sizeof *x->ent);
		x->enext = erealloc(x->enext, x->entcap * sizeof *x->enext);
	}
	x->ent[x->nent] = i;
	x->enext[x->nent] = x->head[f];
	x->head[f] = x->nent++;
}

static void
xrehash(X *x)
{
	int i, j;

	free(x->tab);
	x->tabcap = x->tabcap ? 2 * x->tabcap : 1 << 12;
	x->tab = emalloc(x->tabcap * sizeof *x->tab);
	memset(x->tab, 0, x->tabcap * sizeof *x->tab);
	for (i = 0; i < x->nst; i++) {
		j = xhash(&x->st[i]) & (x->tabcap - 1);
		while (x->tab[j])
			j = (j + 1) & (x->tabcap - 1);
		x->tab[j] = i + 1;
	}
}

/* Records state q reached from parent by move at cost q->g; queues it
 * when it is new or cheaper than before. */
static void
xreach(X *x, XState *q, int parent, int move)
{
	int j, i;
	XState *p;

	if (2 * (x->nst + 1) > x->tabcap)
		xrehash(x);
	j = xhash(q) & (x->tabcap - 1);
	while ((i = x->tab[j]) && !xsame(&x->st[i - 1], q))
		j = (j + 1) & (x->tabcap - 1);
	if (i) {
		p = &x->st[i - 1];
		if (p->closed || p->g <= q->g)
			return;
		p->g = q->g;
		p->parent = parent;
		p->move = move;
		xqueue(x, q->g + xh(x, p), i - 1);
		return;
	}
	if (x->nst == x->cap) {
		x->cap = 2 * x->cap + 1024;
		x->st = erealloc(x->st, x->cap * sizeof *x->st);
	}
	q->parent = parent;
	q->move = move;
	q->closed = 0;
	x->st[x->nst] = *q;
	x->tab[j] = x->nst + 1;
	xqueue(x, q->g + xh(x, q), x->nst);
	x->nst++;
}

/* Drops from q the values that are dead once q->c is done. */
static void
xprune(X *x, XState *q)
{
	int v;

	for (v = 0; v < x->ns; v++)
		if (bget(&q->s, v) && !xlive(x, &q->c, v))
			bclr(&q->s, v);
}

/* Does the stores not in place whose value is resident (cost nothing). */
static void
xstores(X *x, XState *q)
{
	int t, j, u, ok, again;

	do {
		again = 0;
		for (t = 0; t < x->ns; t++) {
			if (x->kind[t] != XSTORE || bget(&q->c, t)
			    || x->alias[t] >= 0)
				continue;
			ok = 1;
			for (j = 0; j < 3 && (u = x->ops[t][j]) >= 0; j++)
				if (!bget(&q->s, u))
					ok = 0;
			if (!ok)
				continue;
			bset(&q->c, t);
			xprune(x, q);
			again = 1;
		}
	} while (again);
}

/* The first (first != 0) or the next k-subset of 0..n-1 in ev[], as
 * increasing indices; 0 when there is none.  k <= 0 is the empty set. */
static int
xnext(int *ev, int k, int n, int first)
{
	int i;

	if (k < 0)
		k = 0;
	if (first) {
		for (i = 0; i < k; i++)
			ev[i] = i;
		return k <= n;
	}
	for (i = k - 1; i >= 0 && ev[i] == n - k + i; i--)
		;
	if (i < 0)
		return 0;
	ev[i]++;
	for (i++; i < k; i++)
		ev[i] = ev[i - 1] + 1;
	return 1;
}

/* The moves out of state i: every step that can go next, with every
 * choice of the values it evicts. */
static void
xexpand(X *x, int i)
{
	XState p, q, q2;
	Bits c;
	int m, j, u, nops, load, keep[XMAXSTEP], nkeep, res, ok, k, v;
	int need, ev[XMAXSTEP], more, t[XMAXSTEP], nt, need2, ev2[XMAXSTEP];
	int more2;

	p = x->st[i];
	for (m = 0; m < x->ns; m++) {
		if (bget(&p.c, m))
			continue;
		if (x->kind[m] == XLOAD && !x->loadmove[m])
			continue;
		if (x->alias[m] >= 0 && !bget(&p.c, x->alias[m]))
			continue;
		c = p.c;
		bset(&c, m);
		ok = 1;
		load = nops = 0;
		for (j = 0; j < 3 && (u = x->ops[m][j]) >= 0; j++) {
			nops++;
			if (bget(&p.c, u)) {
				load += !bget(&p.s, u);
			} else if (x->kind[u] == XLOAD
			    && x->kind[m] == XARITH) {
				bset(&c, u);    /* its first load: free */
			} else {
				ok = 0;
			}
		}
		if (!ok)
			continue;
		res = x->kind[m] != XSTORE && bout(&x->user[m], &c);
		nkeep = 0;
		for (v = 0; v < x->ns; v++) {
			if (!bget(&p.s, v))
				continue;
			for (j = 0; j < 3 && x->ops[m][j] != v; j++)
				;
			if (j == 3)
				keep[nkeep++] = v;
		}
		if (nops > x->regs)
			continue;
		/* evict before the step reads its operands ... */
		need = nkeep + nops - x->regs;
		for (more = xnext(ev, need, nkeep, 1); more;
		    more = xnext(ev, need, nkeep, 0)) {
			q = p;
			q.c = c;
			for (k = 0; k < need; k++)
				bclr(&q.s, keep[ev[k]]);
			for (j = 0; j < 3 && (u = x->ops[m][j]) >= 0; j++)
				bset(&q.s, u);
			xprune(x, &q);
			/* ... and after, to make room for the result */
			nt = 0;
			for (v = 0; v < x->ns; v++)
				if (bget(&q.s, v))
					t[nt++] = v;
			need2 = res ? nt + 1 - x->regs : 0;
			for (more2 = xnext(ev2, need2, nt, 1); more2;
			    more2 = xnext(ev2, need2, nt, 0)) {
				q2 = q;
				for (k = 0; k < need2; k++)
					bclr(&q2.s, t[ev2[k]]);
				if (res)
					bset(&q2.s, m);
				xstores(x, &q2);
				q2.g = p.g + load;
				xreach(x, &q2, i, m);
			}
		}
	}
}

/* The steps of d into x; 0 when there are more than XMAXSTEP. */
static int
xsteps(X *x, Dag *d, Arena *ar)
{
	int *live, *step, i, j, k, u, t, r[3];
	Node *nd;

	x->d = d;
	live = dag_live(d, ar);
	step = arena_alloc(ar, (d->nnode + 1) * sizeof *step);
	x->ns = 0;
	for (i = 0; i < d->nnode; i++) {
		step[i] = -1;
		nd = &d->node[i];
		if (!live[i] || !(nd->op == OP_STORE || belady_isreg(d, i)))
			continue;
		if (x->ns == XMAXSTEP)
			return 0;
		t = x->ns++;
		step[i] = t;
		x->node[t] = i;
		x->kind[t] = nd->op == OP_LOAD ? XLOAD
		    : nd->op == OP_STORE ? XSTORE : XARITH;
		x->alias[t] = -1;
		if (nd->op == OP_STORE && nd->a[1] >= 0)
			x->alias[t] = step[nd->a[1]];
		k = 0;
		for (j = 0; j < optab[nd->op].arity; j++) {
			u = nd->a[j];
			if (!belady_isreg(d, u) || step[u] < 0)
				continue;
			if (k > 0 && r[0] == step[u])
				continue;
			if (k > 1 && r[1] == step[u])
				continue;
			r[k++] = step[u];
		}
		for (j = 0; j < 3; j++)
			x->ops[t][j] = j < k ? r[j] : -1;
		for (j = 0; j < k; j++) {
			bset(&x->user[r[j]], t);
			if (x->kind[t] == XSTORE)
				x->loadmove[r[j]] = x->kind[r[j]] == XLOAD;
		}
		if (x->alias[t] >= 0)
			x->loadmove[x->alias[t]] = 1;
		bset(&x->all, t);
	}
	return 1;
}

/* Appends step u's node to o, after the negated constants it reads
 * (nodes of the schedule that are not steps). */
static void
xput(X *x, int u, int *o, int *no, char *put)
{
	Node *nd;
	int j, a;

	nd = &x->d->node[x->node[u]];
	for (j = 0; j < optab[nd->op].arity; j++) {
		a = nd->a[j];
		if (x->d->node[a].op == OP_NEG && !put[a]
		    && x->d->node[x->d->node[a].a[0]].op == OP_CONST) {
			put[a] = 1;
			o[(*no)++] = a;
		}
	}
	o[(*no)++] = x->node[u];
}

/* The order of the path to final state i, node ids into o; returns
 * their number. */
static int
xorder(X *x, int i, int *o)
{
	int *path, n, k, m, j, u, no;
	Bits done, prev;
	char *put;

	put = emalloc(x->d->nnode + 1);
	memset(put, 0, x->d->nnode + 1);
	path = emalloc((x->nst + 1) * sizeof *path);
	n = 0;
	for (k = i; k > 0; k = x->st[k].parent)
		path[n++] = k;
	no = 0;
	prev = x->st[0].c;
	for (k = n - 1; k >= 0; k--) {
		done = x->st[path[k]].c;
		m = x->st[path[k]].move;
		for (j = 0; j < 3 && (u = x->ops[m][j]) >= 0; j++)
			if (!bget(&prev, u)) {
				xput(x, u, o, &no, put);
				bset(&prev, u);
			}
		xput(x, m, o, &no, put);
		bset(&prev, m);
		for (u = 0; u < x->ns; u++)
			if (bget(&done, u) && !bget(&prev, u))
				xput(x, u, o, &no, put);
		prev = done;
	}
	free(path);
	free(put);
	return no;
}

/* The fewest spill loads over every order of d and every allocation of
 * it with regs registers (the least Belady count of any order); *exact
 * says whether it is the optimum (1) or, when more than limit states were
 * needed, a lower bound (0).  With order non-null, an optimal order (node
 * ids, *norder of them, from ar) when *exact.  Returns -1 when d has more
 * than XMAXSTEP steps or regs < belady_minregs(d). */
long
bound_exact(Dag *d, int regs, long limit, Arena *ar,
    int **order, int *norder, int *exact)
{
	X *x;
	XState q;
	Arena *tmp;
	int f, e, i;
	long best;

	*exact = 0;
	if (regs < belady_minregs(d))
		return -1;
	tmp = arena_new();
	x = arena_alloc(tmp, sizeof *x);
	best = -1;
	if (!xsteps(x, d, tmp))
		goto out;
	x->regs = regs;
	memset(&q, 0, sizeof q);
	xstores(x, &q);
	xreach(x, &q, -1, -1);
	for (f = 0; f < x->nhead; ) {
		if ((e = x->head[f]) < 0) {
			f++;
			continue;
		}
		x->head[f] = x->enext[e];
		i = x->ent[e];
		if (x->st[i].closed || x->st[i].g + xh(x, &x->st[i]) != f)
			continue;
		best = f;
		if (beq(&x->st[i].c, &x->all)) {
			*exact = 1;
			if (order) {
				*order = arena_alloc(ar, (d->nnode + 1)
				    * sizeof **order);
				*norder = xorder(x, i, *order);
			}
			break;
		}
		if (x->nst >= limit)
			break;
		x->st[i].closed = 1;
		xexpand(x, i);
	}
out:
	free(x->st);
	free(x->tab);
	free(x->ent);
	free(x->enext);
	free(x->head);
	arena_free(tmp);
	return best;
}

/* The fewest Belady spill loads over every order of d with regs
 * registers, or -1 when more than limit states are needed. */
long
bound_exhaustive(Dag *d, int regs, long limit)
{
	int exact;
	long v;

	v = bound_exact(d, regs, limit, 0, 0, 0, &exact);
	return exact ? v : -1;
}
