/* graph.c: the graph the schedulers of order.c and search.c work on:
 * the live non-constant nodes of a DAG with their operands and users (a
 * store also after the load it overwrites), the order being built, and
 * what every schedule shares: levels, connected pieces, halving a piece
 * by height, and tighten(), which finishes every order (loads sink to
 * just before their first use, stores rise to just after their value). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"

/* The graph of d's live non-constant nodes, from ar. */
Graph *
graph_new(Dag *d, Arena *ar)
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

/* Appends v to the order being built. */
void
graph_put(Graph *g, int v)
{
	g->pos[v] = g->nout;
	g->out[g->nout++] = v;
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
void
graph_levels(Graph *g, int *lev)
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

/* Splits the nodes s[0..n-1] (ascending ids, all stamped with g->stamp)
 * into connected pieces; writes them one after another to s, ordered so
 * that the piece whose operands from outside were made most recently
 * goes first (its inputs are then still in registers), and returns the
 * number of pieces, their starts in start[]. */
int
graph_pieces(Graph *g, int *s, int n, int *start)
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

int
graph_cmpint(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* Splits a connected piece s[0..n-1] (ascending ids) at half its height
 * from the sources (co and cut): bot gets the lower half. */
void
graph_halves(Graph *g, int *s, int n, int *bot, int *nb, int *top,
    int *nt)
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
 * s is left as graph_pieces() leaves it. */
int
graph_npieces(Graph *g, int *s, int n, int *start)
{
	int i;

	g->stamp++;
	for (i = 0; i < n; i++)
		g->mark[s[i]] = g->stamp;
	return graph_pieces(g, s, n, start);
}

/* The order built, tightened; *n its length.  requires: every
 * schedulable node put once. */
int *
graph_finish(Graph *g, int *n)
{
	assert(g->nout == g->nsched);
	tighten(g, g->out, g->nout);
	*n = g->nout;
	return g->out;
}

/* The schedulable nodes of g in ascending id order (a topological
 * order), *ns of them, in g's arena. */
int *
graph_nodes(Graph *g, int *ns)
{
	int *s, i;

	s = arena_alloc(g->ar, (g->nsched + 1) * sizeof *s);
	*ns = 0;
	for (i = 0; i < g->d->nnode; i++)
		if (g->in[i])
			s[(*ns)++] = i;
	return s;
}
