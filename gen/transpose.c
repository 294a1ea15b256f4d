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
#include <string.h>
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

/* Sign choice: each sum or difference v of the DAG may be computed as v
 * or as -v at no cost, products and negations pass a sign on, and a
 * negation is paid only where a sum needs both operands negated or a
 * store a negated value.  sg[i] is the sign the new DAG carries node i
 * with (its root's choice times the flips on the way); a flip of a root
 * changes the costs of the root and of every sum or store that uses a
 * value of it. */
typedef struct Signs Signs;
struct Signs {
	Dag *d;
	int *root;      /* the sum node i's sign follows, -1 for none */
	signed char *pi;        /* the flips from the root to i */
	signed char *sig;       /* per root: its chosen sign */
	int **aff;      /* per root: the nodes whose cost it changes */
	int *naff;
};

static int
sgn(Signs *g, int i)
{
	return g->root[i] < 0 ? g->pi[i] : g->pi[i] * g->sig[g->root[i]];
}

/* The negations node i costs under the present signs. */
static int
negcost(Signs *g, int i)
{
	Node *n;
	int a, b;

	n = &g->d->node[i];
	if (n->op == OP_STORE)
		return sgn(g, n->a[0]) < 0;
	a = g->sig[i] * sgn(g, n->a[0]);
	b = g->sig[i] * sgn(g, n->a[1]) * (n->op == OP_SUB ? -1 : 1);
	return a < 0 && b < 0;
}

/* Adds i to root r's list (fill) or counts it (!fill). */
static void
affect(Signs *g, int r, int i, int fill)
{
	if (r < 0)
		return;
	if (fill)
		g->aff[r][g->naff[r]] = i;
	g->naff[r]++;
}

/* root, pi and, where fill, the lists aff (naff counted before). */
static void
roots(Signs *g, int fill)
{
	Dag *d;
	Node *n;
	int i, j, x;

	d = g->d;
	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		g->root[i] = -1;
		g->pi[i] = 1;
		g->sig[i] = 1;
		switch (n->op) {
		case OP_ADD:
		case OP_SUB:
			g->root[i] = i;
			affect(g, i, i, fill);
			for (j = 0; j < 2; j++)
				affect(g, g->root[n->a[j]], i, fill);
			break;
		case OP_STORE:
			affect(g, g->root[n->a[0]], i, fill);
			break;
		case OP_NEG:
			g->root[i] = g->root[n->a[0]];
			g->pi[i] = -g->pi[n->a[0]];
			break;
		case OP_MUL:
			x = g->root[n->a[0]] >= 0 ? n->a[0] : n->a[1];
			g->root[i] = g->root[x];
			g->pi[i] = g->pi[n->a[0]] * g->pi[n->a[1]];
			break;
		case OP_LOAD:
		case OP_CONST:
			break;
		default:
			assert(0 && "a linear DAG");
		}
	}
}

/* The negations of the whole DAG under the present signs. */
static int
total(Signs *g)
{
	Node *n;
	int i, c;

	c = 0;
	for (i = 0; i < g->d->nnode; i++) {
		n = &g->d->node[i];
		if (n->op == OP_STORE || g->root[i] == i)
			c += negcost(g, i);
	}
	return c;
}

enum { CHAIN = 4 };     /* the longest chain of roots a move flips */

/* Flips the nc roots of ch (a chain: each an operand's root of the
 * one before, so in decreasing order), then every later sum that the
 * flips leave with both operands negated (that sum flips instead of
 * paying a negation, and passes the question to its users); the
 * flipped roots go to fl, their number is returned. */
static int
cascade(Signs *g, const int *ch, int nc, int *fl, char *dirty)
{
	int i, j, k, nf;

	nf = 0;
	for (k = 0; k < nc; k++) {
		fl[nf++] = ch[k];
		g->sig[ch[k]] = -g->sig[ch[k]];
		for (j = 0; j < g->naff[ch[k]]; j++)
			dirty[g->aff[ch[k]][j]] = 1;
	}
	for (i = ch[nc - 1] + 1; i < g->d->nnode; i++) {
		if (!dirty[i])
			continue;
		dirty[i] = 0;
		for (k = 0; k < nc && ch[k] != i; k++)
			;
		if (k < nc || g->root[i] != i || !negcost(g, i))
			continue;
		g->sig[i] = -g->sig[i];
		fl[nf++] = i;
		for (j = 0; j < g->naff[i]; j++)
			dirty[g->aff[i][j]] = 1;
	}
	return nf;
}

/* Tries the moves whose chains start ch[0..nc-1]; keeps the first that
 * lowers *best and returns 1, else undoes them all and returns 0. */
static int
move(Signs *g, int *ch, int nc, int *fl, char *dirty, int *best)
{
	Node *n;
	int c, j, k, nf;

	nf = cascade(g, ch, nc, fl, dirty);
	if ((c = total(g)) < *best) {
		*best = c;
		return 1;
	}
	for (j = 0; j < nf; j++)
		g->sig[fl[j]] = -g->sig[fl[j]];
	if (nc == CHAIN)
		return 0;
	n = &g->d->node[ch[nc - 1]];
	for (k = 0; k < 2; k++) {
		ch[nc] = g->root[n->a[k]];
		if (ch[nc] >= 0 && (k == 0 || ch[nc] != g->root[n->a[0]])
		    && move(g, ch, nc + 1, fl, dirty, best))
			return 1;
	}
	return 0;
}

/* Starting from the sums' own signs, makes cascades of flips while
 * one saves negations. */
static void
pick(Signs *g, Arena *ar)
{
	Dag *d;
	char *dirty;
	int *fl, ch[CHAIN], i, pass, best, changed;

	d = g->d;
	fl = arena_alloc(ar, (d->nnode + 1) * sizeof *fl);
	dirty = arena_alloc(ar, d->nnode + 1);
	memset(dirty, 0, d->nnode + 1);
	for (i = 0; i < d->nnode; i++)
		if (g->root[i] == i && negcost(g, i))
			g->sig[i] = -g->sig[i];
	best = total(g);
	for (changed = 1, pass = 0; changed && best > 0 && pass < 20;
	    pass++) {
		changed = 0;
		for (i = 0; i < d->nnode; i++) {
			if (g->root[i] != i)
				continue;
			ch[0] = i;
			changed |= move(g, ch, 1, fl, dirty, &best);
		}
	}
}

/* a A + b B for signs a and b. */
static int
signed2(Dag *t, int A, int a, int B, int b)
{
	if (a > 0)
		return b > 0 ? dag_add(t, A, B) : dag_sub(t, A, B);
	return b > 0 ? dag_sub(t, B, A) : dag_neg(t, dag_add(t, A, B));
}

/* A copy of d, linear and without FMAs, with the signs of its sums
 * chosen to need few negations. */
Dag *
transpose_signs(Dag *d)
{
	Signs g;
	Dag *t;
	Node *n;
	int *nv, i, a, b, s;

	g.d = d;
	g.root = arena_alloc(d->ar, (d->nnode + 1) * sizeof *g.root);
	g.pi = arena_alloc(d->ar, d->nnode + 1);
	g.sig = arena_alloc(d->ar, d->nnode + 1);
	g.aff = arena_alloc(d->ar, (d->nnode + 1) * sizeof *g.aff);
	g.naff = arena_alloc(d->ar, (d->nnode + 1) * sizeof *g.naff);
	memset(g.naff, 0, (d->nnode + 1) * sizeof *g.naff);
	roots(&g, 0);
	for (i = 0; i < d->nnode; i++) {
		g.aff[i] = arena_alloc(d->ar, (g.naff[i] + 1) * sizeof **g.aff);
		g.naff[i] = 0;
	}
	roots(&g, 1);
	pick(&g, d->ar);
	t = dag_new(d->ar);
	t->nin = d->nin;
	t->nout = d->nout;
	t->in = d->in;
	t->out = d->out;
	t->inplace = d->inplace;
	/* nv[i] is sgn(i) times node i */
	nv = arena_alloc(d->ar, (d->nnode + 1) * sizeof *nv);
	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		switch (n->op) {
		case OP_LOAD:
			nv[i] = dag_load(t, n->k);
			break;
		case OP_CONST:
			nv[i] = dag_const(t, d->con[n->k]);
			break;
		case OP_NEG:
			nv[i] = nv[n->a[0]];
			break;
		case OP_MUL:
			nv[i] = dag_mul(t, nv[n->a[0]], nv[n->a[1]]);
			break;
		case OP_ADD:
		case OP_SUB:
			s = g.sig[i];
			a = s * sgn(&g, n->a[0]);
			b = s * sgn(&g, n->a[1]) * (n->op == OP_SUB ? -1 : 1);
			nv[i] = signed2(t, nv[n->a[0]], a, nv[n->a[1]], b);
			break;
		case OP_STORE:
			nv[i] = dag_store(t, n->k, scaled(t, nv[n->a[0]],
			    sgn(&g, n->a[0])));
			break;
		default:
			assert(0 && "a linear DAG");
		}
	}
	return t;
}

/* Factoring: a sum or difference of two products by one constant, c x
 * +- c y, becomes c (x +- y) where each of the two products is used
 * only in such sums.  The count is the same or lower (one product a
 * sum for the products' every use), and the product now follows the
 * sum, where FMA contraction can fuse it into the next one: a
 * transpose turns the butterflies that precede a rotation into
 * butterflies that follow it. */
static int
factor(Dag *d, int s, int *c, int *x, int *y)
{
	Node *n, *a, *b;
	int i, j;

	n = &d->node[s];
	if (n->op != OP_ADD && n->op != OP_SUB)
		return 0;
	a = &d->node[n->a[0]];
	b = &d->node[n->a[1]];
	if (a->op != OP_MUL || b->op != OP_MUL || n->a[0] == n->a[1])
		return 0;
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			if (a->a[i] == b->a[j]
			    && d->node[a->a[i]].op == OP_CONST) {
				*c = a->a[i];
				*x = a->a[!i];
				*y = b->a[!j];
				return 1;
			}
	return 0;
}

/* A copy of d with the sums of products factored where the products
 * have no other use. */
Dag *
transpose_factor(Dag *d)
{
	Dag *t;
	Node *n;
	int *uses, *fin, *nv, i, j, c, x, y, v;

	uses = dag_uses(d, d->ar);
	fin = arena_alloc(d->ar, (d->nnode + 1) * sizeof *fin);
	memset(fin, 0, (d->nnode + 1) * sizeof *fin);
	for (i = 0; i < d->nnode; i++)
		if (factor(d, i, &c, &x, &y))
			for (j = 0; j < 2; j++)
				fin[d->node[i].a[j]]++;
	t = dag_new(d->ar);
	t->nin = d->nin;
	t->nout = d->nout;
	t->in = d->in;
	t->out = d->out;
	t->inplace = d->inplace;
	nv = arena_alloc(d->ar, (d->nnode + 1) * sizeof *nv);
	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		if (factor(d, i, &c, &x, &y) && fin[n->a[0]] == uses[n->a[0]]
		    && fin[n->a[1]] == uses[n->a[1]]) {
			v = n->op == OP_ADD ? dag_add(t, nv[x], nv[y])
			    : dag_sub(t, nv[x], nv[y]);
			nv[i] = dag_mul(t, nv[c], v);
			continue;
		}
		if (n->op == OP_CONST)
			nv[i] = dag_const(t, d->con[n->k]);
		else
			nv[i] = dag_make(t, n->op, n->a[0] >= 0 ? nv[n->a[0]]
			    : -1, n->a[1] >= 0 ? nv[n->a[1]] : -1,
			    n->a[2] >= 0 ? nv[n->a[2]] : -1, n->k);
	}
	return t;
}
