/* transpose.c: network transposition of a linear DAG.
 * A DAG of loads, constants, sums, differences, negations and products
 * by constants computes y = A x; its transpose computes x' = A^T W y'
 * (W a diagonal of weights on the new inputs) with the same number of
 * multiplications and, up to the difference in the numbers of inputs
 * and outputs, of additions: every edge is reversed, a sum becomes a
 * fan-out, a fan-out a sum, and a product by a constant stays one
 * (Tellegen's theorem; Frigo, PLDI 1999, gets genfft's backward real
 * codelets this way).
 *
 * The pass walks the source DAG from its stores to its loads, keeping
 * for every node the list of terms of its adjoint, each a node of the
 * new DAG times a scale.  A node's terms are summed when it is reached;
 * the scales (the weights, the signs of differences and negations)
 * travel with the values instead of becoming operations: a sum of terms
 * of one scale s is s times the plain sum, a product by c of a value of
 * scale s becomes a product by |c s| (where c s = +-1 none at all), and
 * only a sum of terms of different scales, or a store of a scaled value,
 * pays a multiplication for it.  The sign of every sum is canonical
 * (b - a and a - b are one node, one of them negated, as real.c makes
 * them), so the conjugate halves of the new DAG meet in the hash table.
 * Policy bits choose how ties are broken; the caller may try each and
 * count. */
#include <assert.h>
#include <math.h>
#include "all.h"

/* One term of an adjoint: scale times node val of the new DAG. */
typedef struct Term Term;
struct Term {
	int val;
	long double s;
	Term *next;
};

typedef struct Tr Tr;
struct Tr {
	Dag *t;         /* the new DAG */
	Term **adj;     /* by source node: its adjoint's terms */
	int pol;        /* TR_* */
};

static int
iszero(Dag *d, int id)
{
	long double v;

	return dag_isconst(d, id, &v) && v == 0;
}

/* Strips a negation of *v into the sign *s. */
static void
strip(Dag *d, int *v, long double *s)
{
	if (d->node[*v].op == OP_NEG) {
		*v = d->node[*v].a[0];
		*s = -*s;
	}
}

static void
push(Tr *r, int src, int val, long double s)
{
	Term *e;

	if (iszero(r->t, val) || s == 0)
		return;
	strip(r->t, &val, &s);
	e = arena_alloc(r->t->ar, sizeof *e);
	e->val = val;
	e->s = s;
	e->next = r->adj[src];
	r->adj[src] = e;
}

/* sa a + sb b for signs sa, sb, as a node of canonical sign times the
 * sign *s: a difference is always made as lower id minus higher. */
static int
sum(Dag *d, int a, long double sa, int b, long double sb, long double *s)
{
	int v;

	if (sa == sb) {
		v = dag_add(d, a, b);
		*s = sa;
	} else if (a < b) {
		v = dag_sub(d, a, b);
		*s = sa;
	} else {
		v = dag_sub(d, b, a);
		*s = sb;
	}
	strip(d, &v, s);
	return v;
}

/* The scale a sum of the terms e is taken in: the magnitude most of
 * them have; ties go to the larger with TR_BIG, else to the smaller. */
static long double
common(Tr *r, Term *e)
{
	Term *f, *g;
	long double best;
	int n, most;

	best = 0;
	most = 0;
	for (f = e; f; f = f->next) {
		n = 0;
		for (g = e; g; g = g->next)
			n += fabsl(g->s) == fabsl(f->s);
		if (n > most || (n == most && ((r->pol & TR_BIG)
		    ? fabsl(f->s) > best : fabsl(f->s) < best))) {
			most = n;
			best = fabsl(f->s);
		}
	}
	return best;
}

/* The adjoint of the terms e as one node *v times the returned scale;
 * 0 where it is zero. */
static long double
combine(Tr *r, Term *e, int *v)
{
	Dag *t;
	long double c, s, q;
	int acc, x;

	if (!e)
		return 0;
	if (!e->next) {
		*v = e->val;
		return e->s;
	}
	t = r->t;
	c = common(r, e);
	acc = -1;
	s = 1;
	for (; e; e = e->next) {
		x = e->val;
		q = e->s / c;
		if (fabsl(q) != 1) {
			x = dag_mul(t, dag_const(t, fabsl(q)), x);
			q = q < 0 ? -1 : 1;
		}
		if (acc < 0) {
			acc = x;
			s = q;
		} else {
			acc = sum(t, acc, s, x, q, &s);
		}
	}
	if (iszero(t, acc))
		return 0;
	*v = acc;
	return s * c;
}

/* v times s for a store: a difference or a product of one absorbs the
 * sign by swapping its operands. */
static int
scaled(Dag *t, int v, long double s)
{
	Node *n;
	int k;

	if (fabsl(s) != 1)
		v = dag_mul(t, dag_const(t, fabsl(s)), v);
	if (s > 0)
		return v;
	n = &t->node[v];
	if (n->op == OP_SUB)
		return dag_sub(t, n->a[1], n->a[0]);
	if (n->op == OP_MUL && t->node[n->a[1]].op == OP_SUB) {
		k = n->a[0];
		n = &t->node[n->a[1]];
		return dag_mul(t, k, dag_sub(t, n->a[1], n->a[0]));
	}
	return dag_neg(t, v);
}

/* The transpose of s, a linear DAG (requires: no FMAs; every product
 * has a constant operand): input slot j of the result is output slot j
 * of s, weighted by w[j] (w NULL: all 1), and output slot m is input
 * slot m of s; in and out describe the result's slots.  pol: TR_* bits. */
Dag *
transpose_dag(Dag *s, Arena *ar, const long double *w, Slot *in, Slot *out,
    int pol)
{
	Tr r;
	Node *n;
	long double sc, c;
	int i, v, x;

	r.t = dag_new(ar);
	r.t->nin = s->nout;
	r.t->nout = s->nin;
	r.t->in = in;
	r.t->out = out;
	r.pol = pol;
	r.adj = arena_alloc(ar, (s->nnode + 1) * sizeof *r.adj);
	for (i = 0; i < s->nnode; i++)
		r.adj[i] = NULL;
	for (i = s->nnode - 1; i >= 0; i--) {
		n = &s->node[i];
		if (n->op == OP_STORE) {
			push(&r, n->a[0], dag_load(r.t, n->k), w ? w[n->k] : 1);
			continue;
		}
		if (n->op == OP_CONST)
			continue;
		sc = combine(&r, r.adj[i], &v);
		if (n->op == OP_LOAD) {
			dag_store(r.t, n->k, sc ? scaled(r.t, v, sc)
			    : dag_const(r.t, 0));
			continue;
		}
		if (!sc)
			continue;
		switch (n->op) {
		case OP_ADD:
			push(&r, n->a[0], v, sc);
			push(&r, n->a[1], v, sc);
			break;
		case OP_SUB:
			push(&r, n->a[0], v, sc);
			push(&r, n->a[1], v, -sc);
			break;
		case OP_NEG:
			push(&r, n->a[0], v, -sc);
			break;
		case OP_MUL:
			x = n->a[1];
			if (!dag_isconst(s, n->a[0], &c)) {
				x = n->a[0];
				assert(dag_isconst(s, n->a[1], &c)
				    && "a product by a constant");
			}
			if ((r.pol & TR_KEEP) && fabsl(c * sc) != 1)
				push(&r, x, dag_mul(r.t, dag_const(r.t,
				    fabsl(c)), v), c < 0 ? -sc : sc);
			else
				push(&r, x, dag_mul(r.t, dag_const(r.t,
				    fabsl(c * sc)), v), c * sc < 0 ? -1 : 1);
			break;
		default:
			assert(0 && "a linear DAG");
		}
	}
	return r.t;
}
