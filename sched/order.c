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
 * The graph they share is sched/graph.c; search and the partitions it
 * starts from (peel, cut) are sched/search.c, GEMM's tiled orders
 * sched/gemmorder.c.
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

/* Is o (n nodes) a schedule of d: every live non-constant node once, each
 * after its operands and a store after the load it overwrites? */
int
order_check(Dag *d, const int *o, int n)
{
	Arena *ar;
	Graph *g;
	int i, j, v, ok;

	ar = arena_new();
	g = graph_new(d, ar);
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

/* Breadth first: by level, then id. */
int *
order_naive(Dag *d, Arena *ar, int *n)
{
	Graph *g;
	int *lev, *cnt, i, maxl, *o;

	g = graph_new(d, ar);
	lev = g->depth;
	graph_levels(g, lev);
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

/* Schedules each connected piece of s in turn, each recursively. */
static void
co(Graph *g, int *s, int n)
{
	int *start, np, i, nb, *bot, *top, nt;

	if (n == 1) {
		graph_put(g, s[0]);
		return;
	}
	qsort(s, n, sizeof *s, graph_cmpint);
	start = arena_alloc(g->ar, (n + 1) * sizeof *start);
	np = graph_npieces(g, s, n, start);
	if (np > 1) {
		for (i = 0; i < np; i++)
			co(g, s + start[i], start[i + 1] - start[i]);
		return;
	}
	/* one piece: cut at half its height */
	qsort(s, n, sizeof *s, graph_cmpint);
	bot = arena_alloc(g->ar, (n + 1) * sizeof *bot);
	top = arena_alloc(g->ar, (n + 1) * sizeof *top);
	graph_halves(g, s, n, bot, &nb, top, &nt);
	co(g, bot, nb);
	co(g, top, nt);
}

/* The cache-oblivious order (see the top of the file).  requires:
 * nothing; guarantees: a schedule (order_check), the same for every R. */
int *
order_co(Dag *d, Arena *ar, int *n)
{
	Graph *g;
	int *s, ns;

	g = graph_new(d, ar);
	s = graph_nodes(g, &ns);
	if (ns > 0)
		co(g, s, ns);
	return graph_finish(g, n);
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

	g = graph_new(d, ar);
	for (i = 0; i < d->nnode; i++)
		if (g->in[i])
			graph_put(g, i);
	return graph_finish(g, n);
}

/* Bands of height h over the global levels; inside a band, its pieces
 * one after another, each level by level. */
static int *
bands(Dag *d, Arena *ar, int h, int *n)
{
	Graph *g;
	int *lev, *s, *start, i, j, k, b, ns, np, maxl;

	g = graph_new(d, ar);
	lev = arena_alloc(ar, (d->nnode + 1) * sizeof *lev);
	graph_levels(g, lev);
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
		np = graph_pieces(g, s, ns, start);
		for (k = 0; k < np; k++)
			for (j = b; j < b + h; j++)
				for (i = start[k]; i < start[k + 1]; i++)
					if (lev[s[i]] == j)
						graph_put(g, s[i]);
	}
	return graph_finish(g, n);
}

/* What blocked and search minimise: Belady's loads + gamma stores +
 * stalls, in units of one load. */
double
order_cost(Dag *d, const int *o, int n, const Cost *k)
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
		c = order_cost(d, o, *n, k);
		if (bestc < 0 || c < bestc) {
			bestc = c;
			best = o;
			nbest = *n;
		}
	}
	*n = nbest;
	return best;
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
	case SCHED_SEARCH: return search_order(d, ar, k, n);
	}
	assert(0 && "unknown schedule");
	return 0;
}

/* order_for with stores costing one load. */
int *
order_make(Dag *d, Arena *ar, int sched, int regs, int latency, int *n)
{
	Cost k;

	memset(&k, 0, sizeof k);
	k.regs = regs;
	k.latency = latency;
	k.gamma = 1;
	return order_for(d, ar, sched, &k, n);
}
