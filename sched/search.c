/* search.c: the search schedule and the partitions it starts from.
 * peel cuts the DAG from the outputs (the fewest top nodes that split
 * it), cut by how many outputs a node reaches; order_search takes the
 * cheapest of build, peel, blocked and the cuts at several reach bounds,
 * then moves single nodes while Belady's loads + gamma stores + stalls
 * (order_cost) does not rise, so the result is never worse than its
 * seed.  See order.c's opening comment for the measurements. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "all.h"

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
		graph_put(g, s[0]);
		return;
	}
	qsort(s, n, sizeof *s, graph_cmpint);
	start = arena_alloc(g->ar, (n + 2) * sizeof *start);
	np = graph_npieces(g, s, n, start);
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
		if (graph_pieces(g, rest, nr, start) > 1)
			break;
	}
	if (k > h) {
		/* a chain: nothing to split */
		for (i = 0; i < n; i++)
			graph_put(g, s[i]);
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
		graph_put(g, sk[i].v);
}

static int *
bypeel(Dag *d, Arena *ar, int *n)
{
	Graph *g;
	int *s, ns;

	g = graph_new(d, ar);
	s = graph_nodes(g, &ns);
	if (ns > 0)
		peel(g, s, ns);
	return graph_finish(g, n);
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
		graph_put(g, s[0]);
		return 1;
	}
	qsort(s, n, sizeof *s, graph_cmpint);
	start = arena_alloc(g->ar, (n + 2) * sizeof *start);
	np = graph_npieces(g, s, n, start);
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
		graph_halves(g, s, n, lo, &nl, hi, &nh);
	/* walked backwards: back to ascending ids */
	qsort(lo, nl, sizeof *lo, graph_cmpint);
	qsort(hi, nh, sizeof *hi, graph_cmpint);
	return rcut(g, lo, nl, b) && rcut(g, hi, nh, b);
}

static int *
bycut(Dag *d, Arena *ar, int b, int *n)
{
	Graph *g;
	int *s, ns;

	g = graph_new(d, ar);
	s = graph_nodes(g, &ns);
	if (ns > 0 && !rcut(g, s, ns, b))
		return 0;
	return graph_finish(g, n);
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

/* The reach bounds bycut is seeded with: groups of 2 to 16 complex
 * outputs. */
enum { NCUT = 6 };
static const int cuts[NCUT] = {4, 8, 12, 16, 24, 32};

/* Has the time k->stop passed?  Then says so in *k->stopped. */
static int
late(const Cost *k)
{
	struct timespec ts;

	if (k->stop <= 0)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	if (ts.tv_sec + ts.tv_nsec * 1e-9 < k->stop)
		return 0;
	if (k->stopped)
		*k->stopped = 1;
	return 1;
}

/* Local search for the cost at (R, L, gamma).  Starts from the cheapest
 * of co, build, peel, blocked and the reach cuts; each pass tries, for
 * every node in turn, moving it to the earliest and to the latest place
 * its operands and users allow and to one place between them (from a
 * fixed-seed generator), and keeps the first move that does not raise
 * the cost (moves at equal cost let it cross plateaus: n = 64, R = 16
 * reaches 178 loads where strict descent stops at 188).  The number of
 * evaluations is capped (about 3e7 node-steps of Belady) so that big
 * DAGs stay fast; the cap makes the result the same on every run.  At
 * time kc->stop (kgen's --time-limit) it stops, seeds and moves alike,
 * keeps the best order found so far and sets *kc->stopped.
 * guarantees: a schedule, never costlier than co's. */
int *
search_order(Dag *d, Arena *ar, const Cost *kc, int *n)
{
	Graph *g;
	int *o, *b, *pos, nb, i, j, k, v, u, lo, hi, cand[3], p, pass;
	unsigned long long rng = 1;
	long evals, budget;
	double c, cur;

	o = order_co(d, ar, n);
	cur = order_cost(d, o, *n, kc);
	for (k = 0; k < 3 + NCUT && !late(kc); k++) {
		if (k == 0)
			b = order_build(d, ar, &nb);
		else if (k == 1)
			b = bypeel(d, ar, &nb);
		else if (k == 2)
			b = order_blocked(d, ar, kc, &nb);
		else
			b = bycut(d, ar, cuts[k - 3], &nb);
		if (!b)
			continue;
		c = order_cost(d, b, nb, kc);
		if (c < cur) {
			o = b;
			cur = c;
		}
	}
	g = graph_new(d, ar);
	pos = g->pos;
	budget = 30000000L / (*n + 1);
	evals = 0;
	for (k = 0; k < *n; k++)
		pos[o[k]] = k;
	for (pass = 0; pass < 4 && cur > 0 && evals < budget; pass++) {
		for (i = 0; i < *n && evals < budget; i++) {
			if (i % 16 == 0 && late(kc))
				return o;
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
				c = order_cost(d, o, *n, kc);
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
