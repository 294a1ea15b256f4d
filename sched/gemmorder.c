/* gemmorder.c: GEMM's schedules.  gemmorder_tiles turns any DAG that
 * gemm_build made (also after simp_run) into a tiled order: for each
 * mr x nr tile of C, all K rank-1 updates of that tile, then its stores.
 * One tile of all of C is the outer-product order (BLIS's micro-kernel
 * shape), a 1 x 1 tile the inner-product order.  These are schedules like
 * order.c's, named outer, inner and tile (SCHED_OUTER, ...);
 * gemmorder_for is the one entry point for every schedule, order.c's
 * and these, so the driver and kgen report ask for an order one way. */
#include <assert.h>
#include <limits.h>
#include <string.h>
#include "all.h"

/* The shape of a DAG gemm_build made, read back from its slots. */
static void
shape(Dag *d, int *m, int *n, int *k)
{
	int s;

	*m = *n = *k = 0;
	for (s = 0; s < d->nin; s++) {
		if (d->in[s].arr == 0 && d->in[s].i >= *m)
			*m = d->in[s].i + 1;
		if (d->in[s].arr == 1 && d->in[s].i >= *k)
			*k = d->in[s].i + 1;
		if (d->in[s].arr == 1 && d->in[s].j >= *n)
			*n = d->in[s].j + 1;
	}
}

/* The rank-1 step p of a product node, from its load of A(i,p). */
static int
step(Dag *d, int mul)
{
	Node *x;
	int j;

	for (j = 0; j < 2; j++) {
		x = &d->node[d->node[mul].a[j]];
		if (x->op == OP_LOAD && d->in[x->k].arr == 0)
			return d->in[x->k].j;
	}
	assert(0 && "a product reads A");
	return -1;
}

/* Records in upd[p] the node that adds product p into the sum at v
 * (one of gemm_build's forms, then possibly simp_run): an FMA, or the
 * sum of a product and the rest, or the product itself where the chain
 * starts with it.  Recursion depth is bounded by the chain length K. */
static void
sums(Dag *d, int v, int *upd)
{
	Node *x;
	int j;

	x = &d->node[v];
	switch (x->op) {
	case OP_LOAD:
		return;
	case OP_MUL:
		upd[step(d, v)] = v;
		return;
	case OP_FMA:
		upd[step(d, v)] = v;
		sums(d, x->a[2], upd);
		return;
	default:
		assert(x->op == OP_ADD && "a sum of products");
		for (j = 0; j < 2; j++)
			if (d->node[x->a[j]].op == OP_MUL)
				upd[step(d, x->a[j])] = v;
			else
				sums(d, x->a[j], upd);
	}
}

typedef struct Walk Walk;
struct Walk {
	Dag *d;
	char *done;
	int *order;
	int n;
};

/* Appends id after its operands, each at most once (a post-order DFS);
 * recursion depth is bounded by the chain length K. */
static void
visit(Walk *w, int id)
{
	Node *x;
	int j;

	if (w->done[id])
		return;
	w->done[id] = 1;
	x = &w->d->node[id];
	for (j = 0; j < 3; j++)
		if (x->a[j] >= 0)
			visit(w, x->a[j]);
	if (x->op != OP_CONST)
		w->order[w->n++] = id;
}

/* Writes to order the tiled order of a GEMM DAG: for each mr x nr tile
 * of C (tiles column by column), the K rank-1 updates of the tile (per
 * p: columns j, rows i), each preceded by the loads it needs first, then
 * the tile's loads of C not yet made (C added last: all of them before
 * the first store, since a load after a store that overlaps it, as a
 * masked column of C overlaps the next, waits for that store), then the
 * tile's stores.  mr >= m and nr >= n gives the outer-product order,
 * mr = nr = 1 the inner-product order.  The order comes from arena oar;
 * *norder gets its length.
 * requires: d came from gemm_build (then possibly simp_run); mr, nr >= 1.
 * guarantees: a topological order of d's live non-constant nodes. */
int *
gemmorder_tiles(Dag *d, Arena *oar, int mr, int nr, int *norder)
{
	Arena *ar;
	Walk w;
	Node *x;
	int m, n, k, i, j, p, i0, j0, s, *upd, *st, *ld;

	assert(mr >= 1 && nr >= 1);
	shape(d, &m, &n, &k);
	if (mr > m)
		mr = m;
	if (nr > n)
		nr = n;
	ar = arena_new();
	/* upd[(i + j*m)*k + p]: the node that adds product p to c(i,j) */
	upd = arena_alloc(ar, (size_t)m * n * k * sizeof *upd);
	st = arena_alloc(ar, (size_t)m * n * sizeof *st);
	ld = arena_alloc(ar, (size_t)m * n * sizeof *ld);
	memset(upd, -1, (size_t)m * n * k * sizeof *upd);
	for (i = 0; i < d->nnode; i++) {
		x = &d->node[i];
		if (x->op == OP_LOAD && d->in[x->k].arr == 2)
			ld[d->in[x->k].i + d->in[x->k].j * m] = i;
		if (x->op != OP_STORE)
			continue;
		s = d->out[x->k].i + d->out[x->k].j * m;
		st[s] = i;
		sums(d, x->a[0], upd + s * k);
	}
	w.d = d;
	w.done = arena_alloc(ar, d->nnode);
	memset(w.done, 0, d->nnode);
	w.order = arena_alloc(oar, (d->nnode + 1) * sizeof *w.order);
	w.n = 0;
	for (j0 = 0; j0 < n; j0 += nr)
		for (i0 = 0; i0 < m; i0 += mr) {
			for (p = 0; p < k; p++)
				for (j = j0; j < n && j < j0 + nr; j++)
					for (i = i0; i < m && i < i0 + mr; i++)
						visit(&w, upd[(i + j * m) * k + p]);
			for (j = j0; j < n && j < j0 + nr; j++)
				for (i = i0; i < m && i < i0 + mr; i++)
					visit(&w, ld[i + j * m]);
			for (j = j0; j < n && j < j0 + nr; j++)
				for (i = i0; i < m && i < i0 + mr; i++)
					visit(&w, st[i + j * m]);
		}
	arena_free(ar);
	*norder = w.n;
	return w.order;
}


/* The --schedule names of GEMM's schedules, from SCHED_OUTER on; a tile
 * comes from --tile and SCHED_IDS from the command, not by name. */
static const char *const names[] = {"outer", "inner"};

/* Index (SCHED_*) of schedule name s, GEMM's included, or -1. */
int
gemmorder_find(const char *s)
{
	int i;

	for (i = 0; i < (int)(sizeof names / sizeof *names); i++)
		if (!strcmp(s, names[i]))
			return SCHED_OUTER + i;
	return order_find(s);
}

/* The order of schedule sched (SCHED_*) for k, from arena ar, *n its
 * length: order_for's schedules, GEMM's outer (all of C one tile), inner
 * (1 x 1 tiles) and tile (k->mr x k->nr tiles, rows in values), and
 * SCHED_IDS, the builder's ids as they stand (NULL: emitters print every
 * live node in id order).  requires: for the GEMM schedules, d came from
 * gemm_build; else as order_for. */
int *
gemmorder_for(Dag *d, Arena *ar, int sched, const Cost *k, int *n)
{
	switch (sched) {
	case SCHED_OUTER: return gemmorder_tiles(d, ar, INT_MAX, INT_MAX, n);
	case SCHED_INNER: return gemmorder_tiles(d, ar, 1, 1, n);
	case SCHED_TILE: return gemmorder_tiles(d, ar, k->mr, k->nr, n);
	case SCHED_IDS:
		*n = 0;
		return 0;
	}
	return order_for(d, ar, sched, k, n);
}
