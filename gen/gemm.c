/* gemm.c: GEMM builders, the GEMM orders, and the register-tile chooser.
 * gemm_build states C += A*B naively, one rank-1 update per p, so the
 * DAG holds one chain c(i,j) += a(i,p) * b(p,j) per output and the
 * build order is the outer-product order.  gemm_order turns any DAG it
 * built (also after simp_run) into a tiled order: for each mr x nr tile
 * of C, all K rank-1 updates of that tile, then its stores.  One tile
 * of all of C is the outer-product order (BLIS's micro-kernel shape), a
 * 1 x 1 tile the inner-product order.
 * gemm_tile models the traffic between registers and memory of three
 * register kernels (which operand stays in registers while the others
 * stream) and picks the tile with the least (loads + gamma stores) per
 * flop that fits in R registers.  Keeping B's kr x nr block and streaming
 * rows of A and C gives the classic kr/nr = 1 + gamma (Frigo 2007, after
 * Yotov et al., Proc. IEEE 2005); keeping C's tile amortises its stores
 * over K, which is why BLAS micro-kernels keep C. */
#include <assert.h>
#include <string.h>
#include "all.h"

/* The slots: A(i,p) first, then B(p,j), then C(i,j), each column-major;
 * output slot i + j*m is C(i,j). */
static Slot
slot(int arr, int i, int j)
{
	Slot s;

	s.arr = arr;
	s.i = i;
	s.j = j;
	return s;
}

/* The DAG of C += A*B for an m x k A and a k x n B: arrays 0, 1, 2 are
 * A, B, C at strides lda, ldb, ldc.  Its id order is the outer-product
 * order: per p the column of A, the row of B and the m*n updates, column
 * by column.  Each c(i,j) is one chain: from C(i,j), loaded first; or,
 * with clast, of the K products alone, C(i,j) added last.  Then the
 * load of C is off the chain of K multiply-adds: a codelet called again
 * on the same C waits for the call before only through one addition,
 * not all K (and gemm_order puts the loads of C after the products).
 * requires: m, n, k >= 1 and m*n*k within GEMM_MAXWORK. */
Dag *
gemm_build(Arena *ar, int m, int n, int k, int clast)
{
	Dag *d;
	int *c, *a, i, j, p, nab, b, t;

	d = dag_new(ar);
	nab = m * k + k * n;
	d->nin = nab + m * n;
	d->nout = m * n;
	d->in = arena_alloc(ar, d->nin * sizeof *d->in);
	d->out = arena_alloc(ar, d->nout * sizeof *d->out);
	for (p = 0; p < k; p++)
		for (i = 0; i < m; i++)
			d->in[i + p * m] = slot(0, i, p);
	for (j = 0; j < n; j++)
		for (p = 0; p < k; p++)
			d->in[m * k + p + j * k] = slot(1, p, j);
	for (j = 0; j < n; j++)
		for (i = 0; i < m; i++) {
			d->in[nab + i + j * m] = slot(2, i, j);
			d->out[i + j * m] = slot(2, i, j);
		}
	c = arena_alloc(ar, m * n * sizeof *c);
	a = arena_alloc(ar, m * sizeof *a);
	for (i = 0; i < m * n; i++)
		c[i] = clast ? -1 : dag_load(d, nab + i);
	for (p = 0; p < k; p++) {
		for (i = 0; i < m; i++)
			a[i] = dag_load(d, i + p * m);
		for (j = 0; j < n; j++) {
			b = dag_load(d, m * k + p + j * k);
			for (i = 0; i < m; i++) {
				t = dag_mul(d, a[i], b);
				c[i + j * m] = c[i + j * m] < 0 ? t :
				    dag_add(d, c[i + j * m], t);
			}
		}
	}
	for (i = 0; i < m * n; i++) {
		if (clast)
			c[i] = dag_add(d, c[i], dag_load(d, nab + i));
		dag_store(d, i, c[i]);
	}
	return d;
}

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
gemm_order(Dag *d, Arena *oar, int mr, int nr, int *norder)
{
	Arena *ar;
	Walk w;
	Node *x;
	int m, n, k, i, j, p, i0, j0, s, *upd, *st, *ld;

	assert(mr >= 1 && nr >= 1);
	shape(d, &m, &n, &k);
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

/* The register kernels of the tile model, named by the operand that
 * stays in registers while the other two stream through. */
enum { KEEP_C, KEEP_B, KEEP_A, NKEEP };

static const char *const keepname[] = {"C", "B", "A"};
static const char *const keepdims[] = {"mr x nr", "kr x nr", "mr x kr"};

/* Registers and traffic of one block of kernel q with tile x by y that
 * runs s steps, vl doubles to a register.  A vector load, a broadcast
 * and a vector store each count as one transfer.
 *   keep C: per step (one rank-1 update) x/vl vectors of A and y
 *     broadcasts of B; the tile is loaded and stored once per block.
 *   keep B: B's x by y block is y*x broadcast registers; per step (vl
 *     rows of A and C) x vectors of A, and y of C loaded and stored.
 *   keep A: A's x by y block in x/vl * y vectors; per step (a column of
 *     B and C) y broadcasts of B, and x/vl vectors of C loaded and stored.
 * Registers: the kept block, the accumulators, one operand in flight. */
static void
model(int q, int x, int y, int vl, int s, double t[4])
{
	double blk, acc, ld, st, flops;

	switch (q) {
	case KEEP_C:
		blk = x / vl * y;
		acc = x / vl;
		ld = (double)s * (x / vl + y) + blk;
		st = blk;
		flops = 2.0 * x * y * s;
		break;
	case KEEP_B:
		blk = x * y;
		acc = y;
		ld = blk + (double)s * (x + y);
		st = (double)s * y;
		flops = 2.0 * vl * x * y * s;
		break;
	default:
		blk = x / vl * y;
		acc = x / vl;
		ld = blk + (double)s * (y + x / vl);
		st = (double)s * x / vl;
		flops = 2.0 * x * y * s;
		break;
	}
	t[0] = blk + acc + 1;
	t[1] = ld / flops;
	t[2] = st / flops;
	t[3] = 0;
}

/* The classic model: B's kr x nr block fills the R registers alone and
 * each row of A and C streams past it, costing kr + (1 + gamma) nr per
 * 2 kr nr flops; the best integer block goes to *kr, *nr. */
static void
classic(int regs, double gamma, int *kr, int *nr)
{
	double c, best;
	int x, y;

	best = -1;
	*kr = *nr = 1;
	for (y = 1; y <= regs; y++)
		for (x = 1; x * y <= regs; x++) {
			c = (x + (1 + gamma) * y) / (2.0 * x * y);
			if (best < 0 || c < best - 1e-12) {
				best = c;
				*kr = x;
				*nr = y;
			}
		}
}

/* Prints the register-tile model for regs registers of vl doubles, a
 * store costing gamma loads and blocks of steps steps: per kernel every
 * tile that fits and cannot grow in either dimension, its registers and
 * (loads + gamma*stores) per flop; then the choice.  *mr and *nr get the
 * best tile of the kernel that keeps C, the micro-kernel --kloop makes.
 * requires: regs >= 3, vl >= 1, steps >= 1, gamma >= 0. */
void
gemm_tile(FILE *f, int regs, double gamma, int vl, int steps, int *mr,
    int *nr)
{
	double t[4], best, bestq[NKEEP];
	int q, x, y, ux, bq, bx, by, qx[NKEEP], qy[NKEEP];

	assert(regs >= 3 && vl >= 1 && steps >= 1);
	fprintf(f, "register tile for R = %d registers of %d double%s, "
	    "gamma = %g,\n%d steps per block\n", regs, vl, vl > 1 ? "s" : "",
	    gamma, steps);
	fprintf(f, "cost = (loads + gamma * stores) / flops\nregisters = "
	    "kept block + accumulators + 1 operand in flight\n\n");
	fprintf(f, "keep  tile          dims      regs  loads/flop  "
	    "stores/flop      cost\n");
	best = -1;
	bq = bx = by = 0;
	for (q = 0; q < NKEEP; q++) {
		ux = q == KEEP_B ? 1 : vl;
		bestq[q] = -1;
		for (x = ux; ; x += ux) {
			model(q, x, 1, vl, steps, t);
			if (t[0] > regs)
				break;
			for (y = 1; model(q, x, y + 1, vl, steps, t),
			    t[0] <= regs; y++)
				;
			model(q, x + ux, y, vl, steps, t);
			if (t[0] <= regs)
				continue;
			model(q, x, y, vl, steps, t);
			t[3] = t[1] + gamma * t[2];
			fprintf(f, "%-5s %3d x %-3d     %-8s %5.0f  %10.5f  "
			    "%11.5f  %8.5f\n", keepname[q], x, y, keepdims[q],
			    t[0], t[1], t[2], t[3]);
			if (bestq[q] < 0 || t[3] < bestq[q] - 1e-12) {
				bestq[q] = t[3];
				qx[q] = x;
				qy[q] = y;
			}
		}
		if (bestq[q] >= 0 && (best < 0 || bestq[q] < best - 1e-12)) {
			best = bestq[q];
			bq = q;
			bx = qx[q];
			by = qy[q];
		}
	}
	fprintf(f, "\nchoice: keep %s, %s = %d x %d, cost %.5f per flop\n",
	    keepname[bq], keepdims[bq], bx, by, best);
	if (bestq[KEEP_C] >= 0)
		fprintf(f, "micro-kernel (keep C, loop over K): mr x nr = "
		    "%d x %d;\n  C's tile is loaded and stored once per %d "
		    "steps\n", qx[KEEP_C], qy[KEEP_C], steps);
	if (bestq[KEEP_B] >= 0) {
		fprintf(f, "streaming C (keep B): kr x nr = %d x %d, kr/nr = "
		    "%.2f\n", qx[KEEP_B], qy[KEEP_B],
		    (double)qx[KEEP_B] / qy[KEEP_B]);
		classic(regs, gamma, &x, &y);
		fprintf(f, "  counting B's block alone (kr*nr <= R): %d x %d, "
		    "kr/nr = %.2f;\n  the continuous optimum is kr/nr = 1 + "
		    "gamma = %.2f (Frigo 2007,\n  after Yotov et al.)\n", x,
		    y, (double)x / y, 1 + gamma);
	}
	*mr = bestq[KEEP_C] >= 0 ? qx[KEEP_C] : 0;
	*nr = bestq[KEEP_C] >= 0 ? qy[KEEP_C] : 0;
}
