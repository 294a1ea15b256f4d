/* fma.c: the rewrite that prepares a DAG for FMA contraction (simp.c's
 * contract), as genfft's -fma mode does: a multiplication by a constant
 * costs nothing after contraction only when every use of the product is
 * a sum, so the constants of a linear combination are pushed outwards
 * until they meet one.
 *   factor:  k1 a + k2 b  ->  m ((k1/m) a + (k2/m) b),  m = max |ki|;
 *            one ratio is 1, so the inner sum is one FMA (or, with
 *            k1 = k2, an addition) and the outer product is left for the
 *            sums that use it: k1 a + k2 b + c becomes two FMAs where it
 *            took a product and two FMAs.  Where the result is stored or
 *            multiplied instead, the count is unchanged.  Done only where
 *            each product has that sum as its only use, so that no
 *            product is computed twice.
 *   fold:    k1 (k2 a) -> (k1 k2) a, which factor's outer products make.
 * The pass runs bottom up (in node order), so a factored sum that is
 * itself a term of a larger sum is factored again with it: the constant
 * of a direct DFT's sine sums reaches the final a +- i b, and the sqrt(2)/2
 * of an eighth-root twiddle the butterfly after it.  Reference: Frigo, "A
 * fast Fourier transform compiler", PLDI 1999, and FFTW 3's genfft, whose
 * simplifier factors a sum's largest constant out in its FMA mode. */
#include <math.h>
#include "all.h"

/* Is node id of d a product of a constant and a non-constant, or its
 * negation?  *k gets the signed constant and *x the other factor. */
static int
cmul(Dag *d, int id, long double *k, int *x)
{
	Node *n;
	int neg;

	n = &d->node[id];
	neg = n->op == OP_NEG;
	if (neg)
		n = &d->node[n->a[0]];
	if (n->op != OP_MUL)
		return 0;
	if (dag_isconst(d, n->a[0], k))
		*x = n->a[1];
	else if (dag_isconst(d, n->a[1], k))
		*x = n->a[0];
	else
		return 0;
	if (neg)
		*k = -*k;
	return 1;
}

/* Per node of s, whether factor may rewrite a sum with it as a term:
 * when it is used once, or when every use is a sum of two constant
 * products (a butterfly k a +- k b, both of whose sums factor so that
 * neither product is left). */
int *
fma_marks(Dag *s)
{
	Node *u;
	int *uses, *bad, *mark, i, j, x;
	long double k;

	uses = dag_uses(s, s->ar);
	bad = arena_alloc(s->ar, (s->nnode + 1) * sizeof *bad);
	mark = arena_alloc(s->ar, (s->nnode + 1) * sizeof *mark);
	for (i = 0; i < s->nnode; i++)
		bad[i] = 0;
	for (i = 0; i < s->nnode; i++) {
		u = &s->node[i];
		x = (u->op == OP_ADD || u->op == OP_SUB) && u->a[0] != u->a[1]
		    && cmul(s, u->a[0], &k, &j) && cmul(s, u->a[1], &k, &j);
		if (!x)
			for (j = 0; j < optab[u->op].arity; j++)
				bad[u->a[j]] = 1;
	}
	for (i = 0; i < s->nnode; i++)
		mark[i] = uses[i] == 1 || !bad[i];
	return mark;
}

/* simp.c's Rewrite: node id of s, its operands already copied to d
 * (map), mark fma_marks(s); the node made, or -1. */
int
fma_factor(Dag *d, Dag *s, const int *map, const int *mark, int id)
{
	Node *n;
	long double k1, k2, m;
	int x, y, a, b, sum;

	n = &s->node[id];
	switch (n->op) {
	case OP_MUL:
		a = map[n->a[0]];
		b = map[n->a[1]];
		if (dag_isconst(d, a, &k1) && cmul(d, b, &k2, &x))
			return dag_mul(d, dag_const(d, k1 * k2), x);
		if (dag_isconst(d, b, &k1) && cmul(d, a, &k2, &x))
			return dag_mul(d, dag_const(d, k1 * k2), x);
		return -1;
	case OP_ADD:
	case OP_SUB:
		if (n->a[0] == n->a[1] || !mark[n->a[0]] || !mark[n->a[1]])
			return -1;
		if (!cmul(d, map[n->a[0]], &k1, &x)
		    || !cmul(d, map[n->a[1]], &k2, &y))
			return -1;
		if (n->op == OP_SUB)
			k2 = -k2;
		m = fabsl(k1) > fabsl(k2) ? fabsl(k1) : fabsl(k2);
		a = dag_mul(d, dag_const(d, k1 == m ? 1 : k1 == -m ? -1
		    : k1 / m), x);
		b = dag_mul(d, dag_const(d, k2 == m ? 1 : k2 == -m ? -1
		    : k2 / m), y);
		sum = dag_add(d, a, b);
		return dag_mul(d, dag_const(d, m), sum);
	default:
		return -1;
	}
}
