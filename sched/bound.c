/* bound.c: lower bounds on spill traffic over all orders, to print beside
 * the counts of a given order.
 *
 * Rank bound (the complex DFT of size n on N = 2n reals).  Take the
 * step t at which the last input is loaded for the first time.  Outputs
 * stored before t were computed without that input; every real input
 * reaches at least n of the N real outputs (re x_m reaches re X_k when
 * cos(2 pi mk/n) != 0 and im X_k when sin != 0, and one of the two is
 * never zero), so at most N - n outputs are stored by then.  The other
 * outputs are linear functions of the values still to be used after t,
 * and the DFT is invertible, so those values number at least
 * N - (N - n) = n.  At most R are in registers after t; every other one
 * is loaded again, and as all inputs have been loaded once, that load is
 * a spill load:
 *     spill loads >= n - R    for every order,
 * an information-flow argument in the spirit of Hong and Kung ("I/O
 * complexity: the red-blue pebble game", STOC 1981).  (The bound is
 * tight in its own terms: loading re x_0 last lets all imaginary outputs
 * be stored first.)
 *
 * Hong-Kung bound.  Their S-partition argument (Theorem 3.1: Q >= S (P(2S)
 * - 1)) with their lemma for the n-point radix-2 FFT graph (a vertex set
 * dominated by D vertices has at most D log2 D of them) gives
 *     Q >= n log2 n / (2 log2 (2S)) - S
 * transfers for S fast-memory words, compulsory ones included.  It holds
 * for the radix-2 butterfly graph of complex values (S = R/2 complex
 * registers), not for every DAG computing the DFT: we print it as the
 * asymptotic reference (Omega(n log n / log R)).  Subtracting the 2n
 * compulsory complex transfers leaves it vacuous for n <= 1024 and R >= 4;
 * the rank bound is the one that bites at these sizes.
 *
 * GEMM: Irony, Toledo and Tiskin ("Communication lower bounds for
 * distributed-memory matrix multiplication", JPDC 64, 2004) show that
 * M N K multiply-adds with S words of fast memory move at least
 * M N K / (2 sqrt(2) sqrt(S)) - S words; less the compulsory
 * M K + K N + 2 M N, that bounds spill traffic.
 *
 * Exhaustive: for tiny DAGs, the least Belady count over every order
 * (Belady is optimal for each order, so this is the optimum of the
 * scheduling and allocation problem together). */
#include <math.h>
#include <string.h>
#include "all.h"

/* Spill loads every order of the size-n complex DFT needs with regs
 * registers (the rank bound above). */
long
bound_fft(int n, int regs)
{
	return n > regs ? (long)n - regs : 0;
}

/* Hong and Kung's count of all transfers (real words) for the radix-2
 * FFT graph of size n with regs real registers, compulsory included. */
double
bound_hk(int n, int regs)
{
	double s, q;

	if (n < 2 || regs < 2)
		return 0;
	s = regs / 2.0;
	q = n * log2((double)n) / (2 * log2(2 * s)) - s;
	return q > 0 ? 2 * q : 0;
}

/* Spill traffic (loads + stores) every order of the m x n x k GEMM codelet
 * needs with regs registers (Irony, Toledo and Tiskin, as above). */
long
bound_gemm(int m, int n, int k, int regs)
{
	double q;

	q = (double)m * n * k / (2 * sqrt(2.0) * sqrt((double)regs)) - regs
	    - ((double)m * k + (double)k * n + 2.0 * m * n);
	return q > 0 ? (long)ceil(q) : 0;
}

typedef struct Ex Ex;
struct Ex {
	Dag *d;
	int *cand;      /* the nodes to order */
	int ncand;
	int *pred;      /* 4 per candidate index, -1 unused */
	int *done;
	int *o;
	int n, regs;
	long best, visited, limit;
};

static void
enumerate(Ex *e)
{
	Spill s;
	int i, j, ok, p;

	if (e->visited >= e->limit)
		return;
	if (e->n == e->ncand) {
		e->visited++;
		s = belady_run(e->d, e->o, e->n, e->regs, 0);
		if (e->best < 0 || s.loads < e->best)
			e->best = s.loads;
		return;
	}
	for (i = 0; i < e->ncand; i++) {
		if (e->done[i])
			continue;
		ok = 1;
		for (j = 0; j < 4 && (p = e->pred[4 * i + j]) >= 0; j++)
			if (!e->done[p])
				ok = 0;
		if (!ok)
			continue;
		e->done[i] = 1;
		e->o[e->n++] = e->cand[i];
		enumerate(e);
		e->n--;
		e->done[i] = 0;
	}
}

/* The fewest Belady spill loads over every order of d with regs
 * registers, or -1 when there are more than limit orders.  requires: d
 * small (the orders are enumerated); regs >= belady_minregs(d). */
long
bound_exhaustive(Dag *d, int regs, long limit)
{
	Arena *ar;
	Ex e;
	int *o, n, *idx, i, j, k, u;
	Node *nd;

	ar = arena_new();
	memset(&e, 0, sizeof e);
	o = order_naive(d, ar, &n);
	e.d = d;
	e.cand = o;
	e.ncand = n;
	e.regs = regs;
	e.limit = limit;
	e.best = -1;
	idx = arena_alloc(ar, (d->nnode + 1) * sizeof *idx);
	memset(idx, -1, (d->nnode + 1) * sizeof *idx);
	for (i = 0; i < n; i++)
		idx[o[i]] = i;
	e.pred = arena_alloc(ar, 4 * (n + 1) * sizeof *e.pred);
	memset(e.pred, -1, 4 * (n + 1) * sizeof *e.pred);
	for (i = 0; i < n; i++) {
		nd = &d->node[o[i]];
		k = 0;
		for (j = 0; j < 3; j++) {
			u = nd->a[j];
			if (u >= 0 && idx[u] >= 0)
				e.pred[4 * i + k++] = idx[u];
		}
	}
	e.done = arena_alloc(ar, (n + 1) * sizeof *e.done);
	e.o = arena_alloc(ar, (n + 1) * sizeof *e.o);
	enumerate(&e);
	arena_free(ar);
	return e.visited >= limit ? -1 : e.best;
}
