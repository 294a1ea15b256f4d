/* sched/bound.c: lower bounds on spill traffic over all orders, to print
 * beside the counts of a given order.
 *
 * The model is belady.c's: an order is a sequence of steps (loads,
 * arithmetic, stores); a step's register operands must be resident, the
 * result takes a register, at most R values are resident after a step;
 * the first load of an input (at its load step) is free, every other load
 * is a spill load.  No value is computed twice.
 *
 * Cut bound (any DAG that computes an invertible linear map, so the DFT
 * of every size and algorithm kgen builds).  Let the 2n loads be I, the
 * 2n stores O, and M the real 2n x 2n matrix with stores = M loads;
 * linear() checks that every value is a linear form of the loads, and M,
 * the DFT's, is invertible.  reach(S), for S a set of loads, is the set
 * of stores whose value depends on some load of S through operands.
 *   1. Cut after step t.  Call a value live at t when its step is at or
 *      before t and some step after t reads it.  At most R of them are
 *      resident after t; every other one must be loaded again before its
 *      next use, and since it was made (or first loaded) at or before t,
 *      that load is a spill load.  So every order makes at least
 *      live(t) - R spill loads after t, for every t.
 *   2. Let y be a load, S the loads not yet done when y is (|S| = j - 1),
 *      S' = S + {y}, and t y's step.  A store done before t depends on no
 *      load of S', so at least |reach(S')| stores are still to come; call
 *      them O'.  Each of them is a linear combination of the values live
 *      at t and the loads of S (follow its operands back to steps at or
 *      before t).  The live values are forms in the loads already done
 *      (I - S), so on those coordinates the rows M[O', I - S] lie in
 *      their span: live(t) >= rank M[O', I - S].  M invertible makes the
 *      |O'| rows of M[O', :] independent; dropping the j - 1 columns of S
 *      loses at most j - 1 of the rank.  Hence
 *          live(t) >= |reach(S')| - j + 1.
 *   3. Whatever the order, the j-th last load y gives such a t with
 *      |S'| = j, so every order has a step with at least
 *          W = max over j of (m_j - j + 1),
 *          m_j = min { |reach(S)| : |S| = j }
 *      live values, and makes at least W - R spill loads.  (Also a lower
 *      bound on every order's max_live.)
 * Step 2 loses nothing for the DFT: by the nullity theorem rank M[O', I -
 * S] = |O'| - |S| + rank M^-1[S, O - O'], and M^-1 = M^T / n vanishes
 * there when the order has stored every output S' does not reach.  A
 * better bound needs more than one cut.
 * m_j is a minimum j-union of the reach sets: the loads fall into classes
 * of equal reach sets (12 for n = 64), and bound_cut visits the unions of
 * classes by increasing size (best first): the first union that contains
 * the reach sets of at least j loads has m_j stores.  It stops when no
 * larger j can raise W (m_j <= 2n), or after CUTMAX unions: the unions not
 * visited are no smaller than the last one taken, which still bounds the
 * next m_j.  Measured W: n = 8, 16, 32, 64, 128, 256 give 10, 24, 52,
 * 112, 232, 480 (the DFT's real and imaginary parts at m = 0, n/4, n/2
 * reach only half the stores), against n for the rank bound below.  The
 * build order holds 130 (n = 64) and 514 (n = 256) values at its peak,
 * so the least max_live of any order lies between W and those, and W - R
 * is about the most a single cut can give: the argument does not see the
 * log(n) / log(R) passes of Hong and Kung's bound (below), which is why
 * it stays far below search's counts at small R.
 *
 * Rank bound: the case j = 1 with the DFT's structure, closed form.
 * Every real input reaches at least n of the N = 2n real outputs (re x_m
 * reaches re X_k when cos(2 pi mk/n) != 0 and im X_k when sin != 0, and
 * one of the two is never zero), so after the last input's load at least
 * n outputs are to come and, as in 2, spill loads >= n - R for every
 * order.  The cut bound's j = 1 term is m_1 >= n, so it never gives less;
 * bound_fft stays as the closed form.
 *
 * Hong-Kung bound.  Their S-partition argument (Theorem 3.1: Q >= S (P(2S)
 * - 1)) with their lemma for the n-point radix-2 FFT graph (a vertex set
 * dominated by D vertices has at most D log2 D of them) gives
 *     Q >= n log2 n / (2 log2 (2S)) - S
 * transfers for S fast-memory words, compulsory ones included.  It holds
 * for the radix-2 butterfly graph of complex values (S = R/2 complex
 * registers), not for every DAG computing the DFT: we print it as the
 * asymptotic reference (Omega(n log n / log R)).  Subtracting the 2n
 * compulsory complex transfers leaves it vacuous for n <= 1024 and R >= 4.
 *
 * GEMM: Irony, Toledo and Tiskin ("Communication lower bounds for
 * distributed-memory matrix multiplication", JPDC 64, 2004) show that
 * M N K multiply-adds with S words of fast memory move at least
 * M N K / (2 sqrt(2) sqrt(S)) - S words; less the compulsory
 * M K + K N + 2 M N, that bounds spill traffic.
 *
 * Exact: for tiny DAGs (at most 128 steps: the FFT up to n = 8), the
 * least Belady count over every order by A* (sched/exact.c); Belady is
 * optimal for each order, so this is the optimum of scheduling and
 * allocation together, and when the search stops at its limit what it
 * has is still a lower bound for every order.  kgen spills prints the
 * largest of it, W - R and the rank bound.  Measured: n = 4 needs 5, 1,
 * 0 spill loads at R = 3, 4, 5 (search: 11, 5, 2); n = 8 needs 0 from
 * R = 13 (search: 4 at R = 12, 0 at 16); below 13 the n = 8 search
 * stops at its limit. */
#include <math.h>
#include <stdlib.h>
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

/* ---- the cut bound: values every order holds at once (header) ---- */

enum { CUTMAX = 100000 };       /* unions bound_cut may visit */

typedef struct Cut Cut;
struct Cut {
	int nw;                 /* words per output set */
	unsigned long long *set; /* nset sets of nw words */
	int *size;              /* popcount of each */
	int nset, cap;
	int *tab, tabcap;       /* open addressing: set index + 1 */
	int *heap, nheap;       /* set indices by (size, index) */
};

static unsigned
csum(const unsigned long long *w, int nw)
{
	unsigned long long h;
	int i;

	h = 1469598103934665603ULL;
	for (i = 0; i < nw; i++)
		h = (h ^ w[i]) * 1099511628211ULL;
	return (unsigned)(h ^ h >> 32);
}

static int
cless(Cut *c, int a, int b)
{
	return c->size[a] < c->size[b] || (c->size[a] == c->size[b] && a < b);
}

static void
cpush(Cut *c, int v)
{
	int i, p;

	i = c->nheap++;
	while (i > 0 && cless(c, v, c->heap[p = (i - 1) / 2])) {
		c->heap[i] = c->heap[p];
		i = p;
	}
	c->heap[i] = v;
}

static int
cpop(Cut *c)
{
	int top, v, i, k;

	top = c->heap[0];
	v = c->heap[--c->nheap];
	i = 0;
	while ((k = 2 * i + 1) < c->nheap) {
		if (k + 1 < c->nheap && cless(c, c->heap[k + 1], c->heap[k]))
			k++;
		if (!cless(c, c->heap[k], v))
			break;
		c->heap[i] = c->heap[k];
		i = k;
	}
	c->heap[i] = v;
	return top;
}

/* The index of set w, added (and queued) when new. */
static int
cintern(Cut *c, const unsigned long long *w)
{
	int i, j, k, n;

	if (2 * (c->nset + 1) > c->tabcap) {
		free(c->tab);
		c->tabcap = c->tabcap ? 2 * c->tabcap : 1 << 10;
		c->tab = emalloc(c->tabcap * sizeof *c->tab);
		memset(c->tab, 0, c->tabcap * sizeof *c->tab);
		for (i = 0; i < c->nset; i++) {
			j = csum(c->set + (size_t)i * c->nw, c->nw)
			    & (c->tabcap - 1);
			while (c->tab[j])
				j = (j + 1) & (c->tabcap - 1);
			c->tab[j] = i + 1;
		}
	}
	j = csum(w, c->nw) & (c->tabcap - 1);
	while ((i = c->tab[j])) {
		if (!memcmp(c->set + (size_t)(i - 1) * c->nw, w,
		    c->nw * sizeof *w))
			return i - 1;
		j = (j + 1) & (c->tabcap - 1);
	}
	if (c->nset == c->cap) {
		c->cap = 2 * c->cap + 256;
		c->set = erealloc(c->set, (size_t)c->cap * c->nw * sizeof *w);
		c->size = erealloc(c->size, c->cap * sizeof *c->size);
		c->heap = erealloc(c->heap, c->cap * sizeof *c->heap);
	}
	k = c->nset++;
	memcpy(c->set + (size_t)k * c->nw, w, c->nw * sizeof *w);
	n = 0;
	for (i = 0; i < c->nw; i++)
		n += __builtin_popcountll(w[i]);
	c->size[k] = n;
	c->tab[j] = k + 1;
	cpush(c, k);
	return k;
}

/* Is set a a subset of set b? */
static int
csub(Cut *c, int a, int b)
{
	const unsigned long long *x, *y;
	int i;

	x = c->set + (size_t)a * c->nw;
	y = c->set + (size_t)b * c->nw;
	for (i = 0; i < c->nw; i++)
		if (x[i] & ~y[i])
			return 0;
	return 1;
}

/* Is every register value of d a linear form of the loads?  Sums and
 * differences of register values, negations, products of a register
 * value by a constant (or negated constant: not a register value), FMAs
 * whose addend is a register value: by induction on the node ids, each
 * is then a linear combination, with constant coefficients, of the
 * loads, as the cut bound assumes. */
static int
linear(Dag *d, const int *live)
{
	Node *nd;
	int i, j, r;

	for (i = 0; i < d->nnode; i++) {
		nd = &d->node[i];
		if (!live[i] || !(nd->op == OP_STORE || belady_isreg(d, i)))
			continue;
		switch (nd->op) {
		case OP_LOAD:
			break;
		case OP_MUL:
		case OP_FMA:
		case OP_FMS:
		case OP_FNMS:
			r = belady_isreg(d, nd->a[0])
			    + belady_isreg(d, nd->a[1]);
			if (r != 1 || (nd->op != OP_MUL
			    && !belady_isreg(d, nd->a[2])))
				return 0;
			break;
		case OP_ADD:
		case OP_SUB:
		case OP_NEG:
		case OP_STORE:
			for (j = 0; j < optab[nd->op].arity; j++)
				if (!belady_isreg(d, nd->a[j]))
					return 0;
			break;
		default:
			return 0;
		}
	}
	return 1;
}

/* reach[x]: the stores (bits, nw words) whose value depends on load x
 * through the operands, for the ni loads in order; streams 64 loads at a
 * time through one word per node. */
static void
creach(Dag *d, const int *live, const int *idx, int ni, int nw,
    unsigned long long *reach, Arena *ar)
{
	unsigned long long *w, b;
	Node *nd;
	int c, i, j, k;

	w = arena_alloc(ar, (d->nnode + 1) * sizeof *w);
	for (c = 0; c < ni; c += 64) {
		for (i = 0; i < d->nnode; i++) {
			nd = &d->node[i];
			w[i] = 0;
			if (nd->op == OP_LOAD) {
				if (live[i] && idx[i] >= c && idx[i] - c < 64)
					w[i] = 1ULL << (idx[i] - c);
				continue;
			}
			for (j = 0; j < optab[nd->op].arity; j++)
				w[i] |= w[nd->a[j]];
			if (nd->op != OP_STORE || !live[i])
				continue;
			for (b = w[i]; b; b &= b - 1) {
				k = c + __builtin_ctzll(b);
				reach[(size_t)k * nw + idx[i] / 64] |=
				    1ULL << (idx[i] % 64);
			}
		}
	}
}

/* W: live values (made, with a use to come) that every order of d holds
 * at some step, so that every order needs W - R spill loads at R; the
 * cut bound in the header.  -1 when it does not apply: d is not linear
 * or does not have as many stores as loads.  requires: the map from
 * loads to stores is invertible (true of the DFT; not checked). */
long
bound_cut(Dag *d)
{
	Arena *ar;
	Cut c;
	unsigned long long *reach, *u, *x, *y;
	int *live, *idx, *mult, ni, no, ncls, i, k, s, cnt, maxc;
	long w;

	ar = arena_new();
	live = dag_live(d, ar);
	w = -1;
	if (!linear(d, live))
		goto out;
	idx = arena_alloc(ar, (d->nnode + 1) * sizeof *idx);
	ni = no = 0;
	for (i = 0; i < d->nnode; i++) {
		idx[i] = -1;
		if (live[i] && d->node[i].op == OP_LOAD)
			idx[i] = ni++;
		else if (live[i] && d->node[i].op == OP_STORE)
			idx[i] = no++;
	}
	if (ni != no || ni == 0)
		goto out;
	memset(&c, 0, sizeof c);
	c.nw = (no + 63) / 64;
	reach = arena_alloc(ar, (size_t)ni * c.nw * sizeof *reach);
	memset(reach, 0, (size_t)ni * c.nw * sizeof *reach);
	creach(d, live, idx, ni, c.nw, reach, ar);
	/* the classes: the distinct reach sets, how many loads have each */
	mult = arena_alloc(ar, (ni + 1) * sizeof *mult);
	memset(mult, 0, (ni + 1) * sizeof *mult);
	for (i = 0; i < ni; i++)
		mult[cintern(&c, reach + (size_t)i * c.nw)]++;
	ncls = c.nset;
	/* the unions of classes by size: the first to hold j loads has
	 * m_j stores */
	u = arena_alloc(ar, c.nw * sizeof *u);
	w = maxc = 0;
	while (c.nheap > 0) {
		i = cpop(&c);
		s = c.size[i];
		if (c.nset > CUTMAX) {
			if (s - maxc > w)
				w = s - maxc;
			break;
		}
		cnt = 0;
		for (k = 0; k < ncls; k++)
			if (csub(&c, k, i))
				cnt += mult[k];
		if (cnt > maxc) {
			if (s - maxc > w)
				w = s - maxc;
			maxc = cnt;
		}
		if (no - maxc <= w)
			break;
		for (k = 0; k < ncls; k++) {
			if (csub(&c, k, i))
				continue;
			x = c.set + (size_t)i * c.nw;
			y = c.set + (size_t)k * c.nw;
			for (s = 0; s < c.nw; s++)
				u[s] = x[s] | y[s];
			cintern(&c, u);
		}
	}
	free(c.set);
	free(c.size);
	free(c.tab);
	free(c.heap);
out:
	arena_free(ar);
	return w;
}
