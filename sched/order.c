/* order.c: schedules.  A schedule is a topological order of the live,
 * non-constant nodes of a DAG (stores after their value and after the
 * load they overwrite in place); the emitter prints statements in it.
 *   naive    level by level, breadth first: what a list scheduler tends
 *            towards.  Every level's values are live at once, so it
 *            spills Theta(n log n) whatever R is.
 *   co       cache-oblivious: the DAG is cut in two by depth, the lower
 *            half done before the upper, each half split into its
 *            connected pieces and each piece scheduled the same way.  On
 *            a radix-sqrt(n) FFT DAG the pieces of a half are the sqrt(n)
 *            sub-transforms of size sqrt(n): the four-step recursion, and
 *            the partition of genfft's scheduler (Frigo, "A fast Fourier
 *            transform compiler", PLDI 1999), asymptotically optimal in
 *            register traffic (Hong and Kung 1981).  kgen's split-radix
 *            DAGs cut less evenly (n = 64: two pieces, then eight).  One
 *            order for every R.
 *   build    the order the builder made the nodes in: its recursion,
 *            depth first (for the split-radix FFT: the half, the two
 *            quarters, then their butterflies).
 *   blocked  for one R: the DAG in bands of h levels, each band's pieces
 *            one after another, level by level inside a piece; h is the
 *            band height with the least cost at R.
 *   search   for one R: local improvement from the cheapest of co,
 *            build, peel (a partition from the outputs, below), blocked
 *            and cut (a partition by how many outputs a node reaches,
 *            below), moving single nodes, a move kept only when the
 *            cost does not rise, so never worse than co.
 * The cost of blocked and search is Belady's loads + gamma stores +
 * stalls (kgen --gamma, default 1).  Measured at n = 64 (bench/out):
 * build is the best order that takes no R (234 loads at R = 16 against
 * co's 291 and naive's 1147); search, seeded by the cut at 8 outputs
 * (227 loads, 175 stores), reaches 178 loads and 152 stores.
 * Every order is finished by tighten(): loads sink to just before their
 * first use and stores rise to just after their value, which shortens
 * lifetimes without changing anything else (naive excepted: it is the
 * baseline as a compiler would leave it).  Ties are always broken by node
 * id, so the same DAG gives the same order. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"

const char *const order_names[] = {"naive", "build", "co", "blocked",
    "search", 0};

/* The graph the schedulers work on: schedulable nodes with operand and
 * user lists (value operands that are schedulable, plus a store's
 * ordering-only operand). */
typedef struct Graph Graph;
struct Graph {
	Dag *d;
	Arena *ar;
	int *in;        /* in[v]: schedulable */
	int nsched;
	int *pred;      /* 4 per node, -1 unused */
	int *ufirst, *nuser, *user;     /* users of each node */
	int *mark;      /* scratch stamps */
	int stamp;
	int *depth;     /* scratch */
	int *pos;       /* position of each node in the order being built */
	int *out;       /* the order being built */
	int nout;
};

static Graph *
graph(Dag *d, Arena *ar)
{
	Graph *g;
	int *live, i, j, v, k;
	size_t sz;
	Node *n;

	g = arena_alloc(ar, sizeof *g);
	g->d = d;
	g->ar = ar;
	sz = (d->nnode + 1) * sizeof(int);
	g->in = arena_alloc(ar, sz);
	g->pred = arena_alloc(ar, 4 * sz);
	g->ufirst = arena_alloc(ar, sz);
	g->nuser = arena_alloc(ar, sz);
	g->mark = arena_alloc(ar, sz);
	g->depth = arena_alloc(ar, sz);
	g->pos = arena_alloc(ar, sz);
	g->out = arena_alloc(ar, sz);
	live = dag_live(d, ar);
	for (i = 0; i < d->nnode; i++) {
		g->in[i] = live[i] && d->node[i].op != OP_CONST;
		g->nsched += g->in[i];
	}
	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		k = 0;
		if (g->in[i])
			for (j = 0; j < 3; j++) {
				v = n->a[j];
				if (v >= 0 && g->in[v]
				    && (j < optab[n->op].arity
				    || n->op == OP_STORE))
					g->pred[4 * i + k++] = v;
			}
		for (; k < 4; k++)
			g->pred[4 * i + k] = -1;
	}
	for (i = 0; i < d->nnode; i++)
		for (j = 0; (v = g->pred[4 * i + j]) >= 0; j++)
			g->nuser[v]++;
	k = 0;
	for (i = 0; i < d->nnode; i++) {
		g->ufirst[i] = k;
		k += g->nuser[i];
		g->nuser[i] = 0;
	}
	g->user = arena_alloc(ar, (k + 1) * sizeof *g->user);
	for (i = 0; i < d->nnode; i++)
		for (j = 0; (v = g->pred[4 * i + j]) >= 0; j++)
			g->user[g->ufirst[v] + g->nuser[v]++] = i;
	return g;
}

static void
put(Graph *g, int v)
{
	g->pos[v] = g->nout;
	g->out[g->nout++] = v;
}

/* Is o (n nodes) a schedule of d: every live non-constant node once, each
 * after its operands and a store after the load it overwrites? */
int
order_check(Dag *d, const int *o, int n)
{
	Arena *ar;
	Graph *g;
	int i, j, v, ok;

	ar = arena_new();
	g = graph(d, ar);
	ok = n == g->nsched;
	for (i = 0; ok && i < n; i++) {
		v = o[i];
		if (v < 0 || v >= d->nnode || !g->in[v] || g->mark[v]) {
			ok = 0;
			break;
		}
		for (j = 0; g->pred[4 * v + j] >= 0; j++)
			if (!g->mark[g->pred[4 * v + j]])
				ok = 0;
		g->mark[v] = 1;
	}
	arena_free(ar);
	return ok;
}

/* Rebuilds o so that every load comes just before its first user and
 * every store just after its operands, keeping the order of the rest. */
static void
tighten(Graph *g, int *o, int n)
{
	Dag *d;
	int *done, *res, nres, i, j, k, v, u, w;

	d = g->d;
	done = arena_alloc(g->ar, (d->nnode + 1) * sizeof *done);
	res = arena_alloc(g->ar, (n + 1) * sizeof *res);
	nres = 0;
	for (i = 0; i < n; i++) {
		v = o[i];
		if (d->node[v].op == OP_LOAD || d->node[v].op == OP_STORE)
			continue;
		for (j = 0; (u = g->pred[4 * v + j]) >= 0; j++)
			if (!done[u] && d->node[u].op == OP_LOAD) {
				done[u] = 1;
				res[nres++] = u;
			}
		assert(!done[v]);
		done[v] = 1;
		res[nres++] = v;
		/* stores whose operands are all done now */
		for (k = nres - 1; k < nres; k++) {
			w = res[k];
			for (j = 0; j < g->nuser[w]; j++) {
				u = g->user[g->ufirst[w] + j];
				if (d->node[u].op != OP_STORE || done[u])
					continue;
				if (g->pred[4 * u] >= 0 && !done[g->pred[4 * u]])
					continue;
				if (g->pred[4 * u + 1] >= 0
				    && !done[g->pred[4 * u + 1]])
					continue;
				done[u] = 1;
				res[nres++] = u;
			}
		}
	}
	/* whatever is left (a store of a bare input, an unused load) */
	for (i = 0; i < n; i++) {
		v = o[i];
		if (done[v])
			continue;
		for (j = 0; (u = g->pred[4 * v + j]) >= 0; j++)
			if (!done[u]) {
				done[u] = 1;
				res[nres++] = u;
			}
		done[v] = 1;
		res[nres++] = v;
	}
	assert(nres == n);
	memcpy(o, res, n * sizeof *o);
}

/* Longest path from the sources, over all schedulable nodes. */
static void
levels(Graph *g, int *lev)
{
	int i, j, u;

	for (i = 0; i < g->d->nnode; i++) {
		lev[i] = 0;
		if (!g->in[i])
			continue;
		for (j = 0; (u = g->pred[4 * i + j]) >= 0; j++)
			if (lev[u] + 1 > lev[i])
				lev[i] = lev[u] + 1;
	}
}

/* Breadth first: by level, then id. */
int *
order_naive(Dag *d, Arena *ar, int *n)
{
	Graph *g;
	int *lev, *cnt, i, maxl, *o;

	g = graph(d, ar);
	lev = g->depth;
	levels(g, lev);
	maxl = 0;
	for (i = 0; i < d->nnode; i++)
		if (g->in[i] && lev[i] > maxl)
			maxl = lev[i];
	cnt = arena_alloc(ar, (maxl + 2) * sizeof *cnt);
	for (i = 0; i < d->nnode; i++)
		if (g->in[i])
			cnt[lev[i] + 1]++;
	for (i = 1; i <= maxl + 1; i++)
		cnt[i] += cnt[i - 1];
	o = arena_alloc(ar, (g->nsched + 1) * sizeof *o);
	for (i = 0; i < d->nnode; i++)
		if (g->in[i])
			o[cnt[lev[i]]++] = i;
	*n = g->nsched;
	return o;
}

/* Splits the nodes s[0..n-1] (ascending ids, all stamped with g->stamp)
 * into connected pieces; writes them one after another to s, ordered so
 * that the piece whose operands from outside were made most recently
 * goes first (its inputs are then still in registers), and returns the
 * number of pieces, their starts in start[]. */
static int
pieces(Graph *g, int *s, int n, int *start)
{
	int *q, *key, *tmp, np, i, j, h, t, v, u, tag, k, best, *ord;

	q = arena_alloc(g->ar, (n + 1) * sizeof *q);
	key = arena_alloc(g->ar, (n + 1) * sizeof *key);
	tag = g->stamp;
	np = 0;
	t = 0;
	for (i = 0; i < n; i++) {
		if (g->mark[s[i]] != tag)
			continue;
		start[np] = t;
		key[np] = -1;
		g->mark[s[i]] = -tag;
		q[t++] = s[i];
		for (h = start[np]; h < t; h++) {
			v = q[h];
			for (j = 0; (u = g->pred[4 * v + j]) >= 0; j++) {
				if (g->mark[u] == tag) {
					g->mark[u] = -tag;
					q[t++] = u;
				} else if (g->mark[u] != -tag
				    && g->pos[u] > key[np]) {
					key[np] = g->pos[u];
				}
			}
			for (j = 0; j < g->nuser[v]; j++) {
				u = g->user[g->ufirst[v] + j];
				if (g->mark[u] == tag) {
					g->mark[u] = -tag;
					q[t++] = u;
				}
			}
		}
		np++;
	}
	start[np] = n;
	if (np == 1)
		return 1;
	/* stable selection by key, most recent first: np is small */
	ord = arena_alloc(g->ar, (np + 1) * sizeof *ord);
	for (i = 0; i < np; i++)
		ord[i] = i;
	for (i = 0; i < np; i++) {
		best = i;
		for (j = i + 1; j < np; j++)
			if (key[ord[j]] > key[ord[best]])
				best = j;
		k = ord[best];
		memmove(ord + i + 1, ord + i, (best - i) * sizeof *ord);
		ord[i] = k;
	}
	tmp = arena_alloc(g->ar, (np + 1) * sizeof *tmp);
	t = 0;
	for (i = 0; i < np; i++) {
		k = ord[i];
		tmp[i] = t;
		for (h = start[k]; h < start[k + 1]; h++)
			s[t++] = q[h];
	}
	memcpy(start, tmp, np * sizeof *start);
	start[np] = n;
	return np;
}

static int
cmpint(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* Splits a connected piece s[0..n-1] (ascending ids) at half its height
 * from the sources (co and cut): bot gets the lower half. */
static void
halves(Graph *g, int *s, int n, int *bot, int *nb, int *top, int *nt)
{
	int i, j, u, v, h, mid;

	g->stamp++;
	for (i = 0; i < n; i++)
		g->mark[s[i]] = g->stamp;
	h = 0;
	for (i = 0; i < n; i++) {
		v = s[i];
		g->depth[v] = 0;
		for (j = 0; (u = g->pred[4 * v + j]) >= 0; j++)
			if (g->mark[u] == g->stamp && g->depth[u] + 1
			    > g->depth[v])
				g->depth[v] = g->depth[u] + 1;
		if (g->depth[v] > h)
			h = g->depth[v];
	}
	assert(h > 0 && "a connected piece of two or more nodes has an edge");
	mid = (h + 1) / 2;
	*nb = *nt = 0;
	for (i = 0; i < n; i++) {
		if (g->depth[s[i]] < mid)
			bot[(*nb)++] = s[i];
		else
			top[(*nt)++] = s[i];
	}
}

/* Number of connected pieces of the nodes s[0..n-1] (ascending ids);
 * s is left as pieces() leaves it. */
static int
npieces(Graph *g, int *s, int n, int *start)
{
	int i;

	g->stamp++;
	for (i = 0; i < n; i++)
		g->mark[s[i]] = g->stamp;
	return pieces(g, s, n, start);
}

/* Schedules each connected piece of s in turn, each recursively. */
static void
co(Graph *g, int *s, int n)
{
	int *start, np, i, nb, *bot, *top, nt;

	if (n == 1) {
		put(g, s[0]);
		return;
	}
	qsort(s, n, sizeof *s, cmpint);
	start = arena_alloc(g->ar, (n + 1) * sizeof *start);
	np = npieces(g, s, n, start);
	if (np > 1) {
		for (i = 0; i < np; i++)
			co(g, s + start[i], start[i + 1] - start[i]);
		return;
	}
	/* one piece: cut at half its height */
	qsort(s, n, sizeof *s, cmpint);
	bot = arena_alloc(g->ar, (n + 1) * sizeof *bot);
	top = arena_alloc(g->ar, (n + 1) * sizeof *top);
	halves(g, s, n, bot, &nb, top, &nt);
	co(g, bot, nb);
	co(g, top, nt);
}

static int *
finish(Graph *g, int *n)
{
	assert(g->nout == g->nsched);
	tighten(g, g->out, g->nout);
	*n = g->nout;
	return g->out;
}

/* The schedulable nodes of g in ascending id order (a topological
 * order), *ns of them, in g's arena. */
static int *
schedulable(Graph *g, int *ns)
{
	int *s, i;

	s = arena_alloc(g->ar, (g->nsched + 1) * sizeof *s);
	*ns = 0;
	for (i = 0; i < g->d->nnode; i++)
		if (g->in[i])
			s[(*ns)++] = i;
	return s;
}

/* The cache-oblivious order (see the top of the file).  requires:
 * nothing; guarantees: a schedule (order_check), the same for every R. */
int *
order_co(Dag *d, Arena *ar, int *n)
{
	Graph *g;
	int *s, ns;

	g = graph(d, ar);
	s = schedulable(g, &ns);
	if (ns > 0)
		co(g, s, ns);
	return finish(g, n);
}

/* The builder's order: nodes in the order the builder made them, which
 * for a divide-and-conquer builder is its recursion done depth first
 * (for the split-radix FFT: the even half, then both quarters, then the
 * butterflies that join them).  Hash-consing keeps ids topological. */
int *
order_build(Dag *d, Arena *ar, int *n)
{
	Graph *g;
	int i;

	g = graph(d, ar);
	for (i = 0; i < d->nnode; i++)
		if (g->in[i])
			put(g, i);
	return finish(g, n);
}

/* Bands of height h over the global levels; inside a band, its pieces
 * one after another, each level by level. */
static int *
bands(Dag *d, Arena *ar, int h, int *n)
{
	Graph *g;
	int *lev, *s, *start, i, j, k, b, ns, np, maxl;

	g = graph(d, ar);
	lev = arena_alloc(ar, (d->nnode + 1) * sizeof *lev);
	levels(g, lev);
	maxl = 0;
	for (i = 0; i < d->nnode; i++)
		if (g->in[i] && lev[i] > maxl)
			maxl = lev[i];
	s = arena_alloc(ar, (g->nsched + 1) * sizeof *s);
	start = arena_alloc(ar, (g->nsched + 2) * sizeof *start);
	for (b = 0; b <= maxl; b += h) {
		ns = 0;
		g->stamp++;
		for (i = 0; i < d->nnode; i++)
			if (g->in[i] && lev[i] >= b && lev[i] < b + h) {
				s[ns++] = i;
				g->mark[i] = g->stamp;
			}
		if (ns == 0)
			continue;
		np = pieces(g, s, ns, start);
		for (k = 0; k < np; k++)
			for (j = b; j < b + h; j++)
				for (i = start[k]; i < start[k + 1]; i++)
					if (lev[s[i]] == j)
						put(g, s[i]);
	}
	return finish(g, n);
}

/* What blocked and search minimise: Belady's loads + gamma stores +
 * stalls, in units of one load. */
static double
cost(Dag *d, const int *o, int n, const Cost *k)
{
	Spill s;

	s = belady_run(d, o, n, k->regs, k->latency);
	return s.loads + k->gamma * s.stores + s.stalls;
}

/* The order blocked for k->regs registers: the band height with the
 * least cost, the smallest on a tie.  requires: regs >= belady_minregs. */
int *
order_blocked(Dag *d, Arena *ar, const Cost *k, int *n)
{
	int *o, *best, h, nbest;
	double c, bestc;

	best = 0;
	bestc = -1;
	nbest = 0;
	for (h = 1; h <= 24; h++) {
		o = bands(d, ar, h, n);
		c = cost(d, o, *n, k);
		if (bestc < 0 || c < bestc) {
			bestc = c;
			best = o;
			nbest = *n;
		}
	}
	*n = nbest;
	return best;
}

typedef struct Slotkey Slotkey;
struct Slotkey {
	long key;       /* 2 i for the i-th scheduled node, 2 i + 1 after it */
	int sub, v;
};

static int
cmpslot(const void *a, const void *b)
{
	const Slotkey *x = a, *y = b;

	if (x->key != y->key)
		return (x->key > y->key) - (x->key < y->key);
	return (x->sub > y->sub) - (x->sub < y->sub);
}

/* A second recursive partition, from the outputs: peel the fewest top
 * levels that split the rest of the piece apart, schedule the parts
 * smallest first (the largest ends next to the peeled levels that use
 * it), then slot each peeled node in just after its last operand.  For
 * the split-radix FFT this does the quarter transforms before the half
 * and fuses the top butterflies into the half's last ones.  A seed for
 * search. */
static void
peel(Graph *g, int *s, int n)
{
	int *start, *tmp, *lay, *rest, np, i, j, k, u, v, h, nl, nr, st;
	int *ord, nk, lo, t;
	Slotkey *sk;
	long m;

	if (n == 1) {
		put(g, s[0]);
		return;
	}
	qsort(s, n, sizeof *s, cmpint);
	start = arena_alloc(g->ar, (n + 2) * sizeof *start);
	np = npieces(g, s, n, start);
	if (np > 1) {
		ord = arena_alloc(g->ar, (np + 1) * sizeof *ord);
		for (i = 0; i < np; i++) {
			for (j = i; j > 0 && start[i + 1] - start[i]
			    < start[ord[j - 1] + 1] - start[ord[j - 1]]; j--)
				ord[j] = ord[j - 1];
			ord[j] = i;
		}
		tmp = arena_alloc(g->ar, (n + 1) * sizeof *tmp);
		memcpy(tmp, s, n * sizeof *s);
		for (i = 0; i < np; i++)
			peel(g, tmp + start[ord[i]],
			    start[ord[i] + 1] - start[ord[i]]);
		return;
	}
	/* height of each node over the piece's sinks */
	g->stamp++;
	for (i = 0; i < n; i++)
		g->mark[s[i]] = g->stamp;
	h = 0;
	for (i = n - 1; i >= 0; i--) {
		v = s[i];
		g->depth[v] = 0;
		for (j = 0; j < g->nuser[v]; j++) {
			u = g->user[g->ufirst[v] + j];
			if (g->mark[u] == g->stamp && g->depth[u] + 1
			    > g->depth[v])
				g->depth[v] = g->depth[u] + 1;
		}
		if (g->depth[v] > h)
			h = g->depth[v];
	}
	lay = arena_alloc(g->ar, (n + 1) * sizeof *lay);
	rest = arena_alloc(g->ar, (n + 1) * sizeof *rest);
	nl = nr = 0;
	for (k = 1; k <= h; k++) {
		nl = nr = 0;
		for (i = 0; i < n; i++) {
			if (g->depth[s[i]] < k)
				lay[nl++] = s[i];
			else
				rest[nr++] = s[i];
		}
		g->stamp++;
		for (i = 0; i < nr; i++)
			g->mark[rest[i]] = g->stamp;
		if (pieces(g, rest, nr, start) > 1)
			break;
	}
	if (k > h) {
		/* a chain: nothing to split */
		for (i = 0; i < n; i++)
			put(g, s[i]);
		return;
	}
	st = g->nout;
	peel(g, rest, nr);
	nk = g->nout - st;
	sk = arena_alloc(g->ar, (nk + nl + 1) * sizeof *sk);
	for (i = 0; i < nk; i++) {
		v = g->out[st + i];
		g->pos[v] = st + i;
		sk[i].key = 2L * i;
		sk[i].sub = 0;
		sk[i].v = v;
	}
	/* lay is in id order, so operands come before users */
	lo = g->stamp + 1;
	g->stamp = lo;
	for (i = 0; i < nl; i++) {
		v = lay[i];
		m = -1;
		for (j = 0; (u = g->pred[4 * v + j]) >= 0; j++) {
			if (g->mark[u] == lo)
				t = g->depth[u];    /* a peeled operand's key */
			else if (g->pos[u] >= st && g->pos[u] < g->nout
			    && g->out[g->pos[u]] == u)
				t = 2 * (g->pos[u] - st) + 1;
			else
				continue;
			if (t > m)
				m = t;
		}
		sk[nk + i].key = m;
		sk[nk + i].sub = i + 1;
		sk[nk + i].v = v;
		g->mark[v] = lo;
		g->depth[v] = (int)m;
	}
	qsort(sk, nk + nl, sizeof *sk, cmpslot);
	g->nout = st;
	for (i = 0; i < nk + nl; i++)
		put(g, sk[i].v);
}

static int *
order_peel(Dag *d, Arena *ar, int *n)
{
	Graph *g;
	int *s, ns;

	g = graph(d, ar);
	s = schedulable(g, &ns);
	if (ns > 0)
		peel(g, s, ns);
	return finish(g, n);
}



/* A third recursive partition, by reach: in a connected piece, a node's
 * reach is the number of the piece's sinks that depend on it.  The
 * nodes that reach at most b sinks fall apart into groups that each end
 * in at most b sinks (for an FFT, b outputs and the butterflies of every
 * radix step above them, however uneven the split radix makes the
 * heights); the rest, the sub-transforms that feed them, go first.
 * Each part is scheduled the same way; a piece whose every node reaches
 * at most b sinks is cut at half its height.  Gives up (returns 0) on a
 * piece too big for its reach bitsets. */
static int
rcut(Graph *g, int *s, int n, int b)
{
	int *start, *lo, *hi, *idx, np, i, j, u, v, nl, nh, ns, w, c, nw;
	unsigned long long *bits;

	if (n == 1) {
		put(g, s[0]);
		return 1;
	}
	qsort(s, n, sizeof *s, cmpint);
	start = arena_alloc(g->ar, (n + 2) * sizeof *start);
	np = npieces(g, s, n, start);
	lo = arena_alloc(g->ar, (n + 1) * sizeof *lo);
	hi = arena_alloc(g->ar, (n + 1) * sizeof *hi);
	if (np > 1) {
		memcpy(lo, s, n * sizeof *s);
		for (i = 0; i < np; i++)
			if (!rcut(g, lo + start[i], start[i + 1] - start[i], b))
				return 0;
		return 1;
	}
	g->stamp++;
	for (i = 0; i < n; i++)
		g->mark[s[i]] = g->stamp;
	idx = g->depth;
	ns = 0;
	for (i = 0; i < n; i++) {
		v = s[i];
		idx[v] = -1;
		for (j = 0; j < g->nuser[v]; j++)
			if (g->mark[g->user[g->ufirst[v] + j]] == g->stamp)
				break;
		if (j == g->nuser[v])
			idx[v] = ns++;
	}
	nw = (ns + 63) / 64;
	if ((double)n * nw > 1 << 24)
		return 0;
	bits = arena_alloc(g->ar, (size_t)n * nw * sizeof *bits);
	nl = nh = 0;
	/* s ascends, so users come after: walk back, a node's reach is the
	 * union of its users' */
	for (i = n - 1; i >= 0; i--) {
		v = s[i];
		g->pos[v] = i;
		memset(bits + (size_t)i * nw, 0, nw * sizeof *bits);
		if (idx[v] >= 0)
			bits[(size_t)i * nw + idx[v] / 64] |= 1ULL << idx[v] % 64;
		for (j = 0; j < g->nuser[v]; j++) {
			u = g->user[g->ufirst[v] + j];
			if (g->mark[u] != g->stamp)
				continue;
			for (w = 0; w < nw; w++)
				bits[(size_t)i * nw + w] |=
				    bits[(size_t)g->pos[u] * nw + w];
		}
		c = 0;
		for (w = 0; w < nw; w++)
			c += __builtin_popcountll(bits[(size_t)i * nw + w]);
		if (c <= b)
			hi[nh++] = v;
		else
			lo[nl++] = v;
	}
	if (nl == 0)
		halves(g, s, n, lo, &nl, hi, &nh);
	/* walked backwards: back to ascending ids */
	qsort(lo, nl, sizeof *lo, cmpint);
	qsort(hi, nh, sizeof *hi, cmpint);
	return rcut(g, lo, nl, b) && rcut(g, hi, nh, b);
}

static int *
order_cut(Dag *d, Arena *ar, int b, int *n)
{
	Graph *g;
	int *s, ns;

	g = graph(d, ar);
	s = schedulable(g, &ns);
	if (ns > 0 && !rcut(g, s, ns, b))
		return 0;
	return finish(g, n);
}

/* Moves the node at position i of o to position j, shifting the rest. */
static void
move(int *o, int i, int j)
{
	int v;

	v = o[i];
	if (i < j)
		memmove(o + i, o + i + 1, (j - i) * sizeof *o);
	else
		memmove(o + j + 1, o + j, (i - j) * sizeof *o);
	o[j] = v;
}

/* The reach bounds order_cut is seeded with: groups of 2 to 16 complex
 * outputs. */
enum { NCUT = 6 };
static const int cuts[NCUT] = {4, 8, 12, 16, 24, 32};

/* Local search for the cost at (R, L, gamma).  Starts from the cheapest
 * of co, build, peel, blocked and the reach cuts; each pass tries, for
 * every node in turn, moving it to the earliest and to the latest place
 * its operands and users allow and to one place between them (from a
 * fixed-seed generator), and keeps the first move that does not raise
 * the cost (moves at equal cost let it cross plateaus: n = 64, R = 16
 * reaches 178 loads where strict descent stops at 188).  The number of
 * evaluations is capped (about 3e7 node-steps of Belady) so that big
 * DAGs stay fast.  guarantees: a schedule, never costlier than co's. */
int *
order_search(Dag *d, Arena *ar, const Cost *kc, int *n)
{
	Graph *g;
	int *o, *b, *pos, nb, i, j, k, v, u, lo, hi, cand[3], p, pass;
	unsigned long long rng = 1;
	long evals, budget;
	double c, cur;

	o = order_co(d, ar, n);
	cur = cost(d, o, *n, kc);
	for (k = 0; k < 3 + NCUT; k++) {
		if (k == 0)
			b = order_build(d, ar, &nb);
		else if (k == 1)
			b = order_peel(d, ar, &nb);
		else if (k == 2)
			b = order_blocked(d, ar, kc, &nb);
		else
			b = order_cut(d, ar, cuts[k - 3], &nb);
		if (!b)
			continue;
		c = cost(d, b, nb, kc);
		if (c < cur) {
			o = b;
			cur = c;
		}
	}
	g = graph(d, ar);
	pos = g->pos;
	budget = 30000000L / (*n + 1);
	evals = 0;
	for (k = 0; k < *n; k++)
		pos[o[k]] = k;
	for (pass = 0; pass < 4 && cur > 0 && evals < budget; pass++) {
		for (i = 0; i < *n && evals < budget; i++) {
			v = o[i];
			lo = 0;
			for (j = 0; (u = g->pred[4 * v + j]) >= 0; j++)
				if (pos[u] + 1 > lo)
					lo = pos[u] + 1;
			hi = *n - 1;
			for (j = 0; j < g->nuser[v]; j++) {
				u = g->user[g->ufirst[v] + j];
				if (pos[u] - 1 < hi)
					hi = pos[u] - 1;
			}
			cand[0] = lo;
			cand[1] = hi;
			rng = rng * 6364136223846793005ULL
			    + 1442695040888963407ULL;
			cand[2] = lo + (int)((rng >> 33)
			    % (unsigned long long)(hi - lo + 1));
			for (k = 0; k < 3; k++) {
				p = cand[k];
				if (p == i)
					continue;
				move(o, i, p);
				evals++;
				c = cost(d, o, *n, kc);
				if (c <= cur) {
					cur = c;
					lo = i < p ? i : p;
					hi = i < p ? p : i;
					for (j = lo; j <= hi; j++)
						pos[o[j]] = j;
					break;
				}
				move(o, p, i);
			}
		}
	}
	return o;
}

/* Index of schedule name s in order_names, or -1. */
int
order_find(const char *s)
{
	int i;

	for (i = 0; order_names[i]; i++)
		if (!strcmp(s, order_names[i]))
			return i;
	return -1;
}

/* The schedule numbered sched (SCHED_*) for the cost k (R, latency and
 * store weight matter to blocked and search only).  The order and its
 * scratch live in ar.  requires: k->regs >= belady_minregs(d) for blocked
 * and search. */
int *
order_for(Dag *d, Arena *ar, int sched, const Cost *k, int *n)
{
	switch (sched) {
	case SCHED_NAIVE: return order_naive(d, ar, n);
	case SCHED_BUILD: return order_build(d, ar, n);
	case SCHED_CO: return order_co(d, ar, n);
	case SCHED_BLOCKED: return order_blocked(d, ar, k, n);
	case SCHED_SEARCH: return order_search(d, ar, k, n);
	}
	assert(0 && "unknown schedule");
	return 0;
}

/* order_for with stores costing one load. */
int *
order_make(Dag *d, Arena *ar, int sched, int regs, int latency, int *n)
{
	Cost k;

	k.regs = regs;
	k.latency = latency;
	k.gamma = 1;
	return order_for(d, ar, sched, &k, n);
}

