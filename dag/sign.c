/* sign.c: the sign of every sum, chosen so that no negation is left.
 * A sum may be computed as its value or as its negation (a - b or
 * b - a, a + b or -(a + b)); a product by a constant, or a negation,
 * follows its operand's sign.  A negation costs an operation only where
 * a sum needs both of its operands with the other sign (it is then
 * -(a + b)) or a store needs its value with the other sign: what the
 * constructors of dag.c leave as NEG nodes.  The builders pick the signs
 * of differences locally (a real DFT's conjugate halves, a twiddle's
 * -i), so some outputs come out negated; genfft avoids them by giving
 * each value a canonical sign.  Here the signs are chosen by local search
 * (WalkSAT: flip the sign of a sum at a violated place, the best flip
 * or, at random, any; keep the best assignment seen), then the DAG is
 * rebuilt with them.  Only DAGs of additions, subtractions, products and
 * negations are searched (before FMA contraction); the result is never
 * worse than the DAG as built.  Reference: Selman, Kautz and Cohen,
 * "Noise strategies for improving local search", AAAI 1994. */
#include <string.h>
#include "all.h"

typedef struct Sg Sg;
struct Sg {
	Dag *s;
	signed char *sg;    /* the sign of each node's computed value */
	int *uoff, *usr;    /* the users of node i: usr[uoff[i] .. ] */
	int *mark, stamp;
	int *aff, naff;     /* the places a flip changes */
};

static int
issum(const Node *n)
{
	return n->op == OP_ADD || n->op == OP_SUB;
}

/* Does place i (a sum or a store) need a negation? */
static int
viol(Sg *g, int i)
{
	Node *n;
	int c;

	n = &g->s->node[i];
	if (n->op == OP_STORE)
		return g->sg[n->a[0]] < 0;
	c = n->op == OP_SUB ? -1 : 1;
	return g->sg[i] * g->sg[n->a[0]] < 0
	    && g->sg[i] * c * g->sg[n->a[1]] < 0;
}

static void
addplace(Sg *g, int i)
{
	if (g->mark[i] != g->stamp) {
		g->mark[i] = g->stamp;
		g->aff[g->naff++] = i;
	}
}

/* Flips node i's sign and those that follow it; the places whose cost
 * may change go to g->aff. */
static void
flipfrom(Sg *g, int i)
{
	Node *u;
	int k;

	g->sg[i] = -g->sg[i];
	if (issum(&g->s->node[i]))
		addplace(g, i);
	for (k = g->uoff[i]; k < g->uoff[i + 1]; k++) {
		u = &g->s->node[g->usr[k]];
		if (u->op == OP_MUL || u->op == OP_NEG)
			flipfrom(g, g->usr[k]);
		else
			addplace(g, g->usr[k]);
	}
}

/* The negations at the places a flip from node v changes. */
static int
flipcount(Sg *g, int v)
{
	int k, t;

	g->stamp++;
	g->naff = 0;
	flipfrom(g, v);
	for (k = t = 0; k < g->naff; k++)
		t += viol(g, g->aff[k]);
	return t;
}

/* Flips sum v; returns the change in the number of negations. */
static int
flip(Sg *g, int v)
{
	int after, before;

	after = flipcount(g, v);
	before = flipcount(g, v);
	flipfrom(g, v);
	return after - before;
}

/* The sum whose sign node i follows, or -1 (a load, a constant, a
 * product of two variables). */
static int
root(Dag *s, int i)
{
	Node *n;
	long double k;

	for (;;) {
		n = &s->node[i];
		if (issum(n))
			return i;
		if (n->op == OP_NEG)
			i = n->a[0];
		else if (n->op == OP_MUL && dag_isconst(s, n->a[0], &k))
			i = n->a[1];
		else if (n->op == OP_MUL && dag_isconst(s, n->a[1], &k))
			i = n->a[0];
		else if (n->op == OP_MUL && s->node[n->a[0]].op != OP_LOAD)
			i = n->a[0];
		else if (n->op == OP_MUL && s->node[n->a[1]].op != OP_LOAD)
			i = n->a[1];
		else
			return -1;
	}
}

static unsigned
rnd(unsigned *st)
{
	*st = *st * 1103515245u + 12345u;
	return *st >> 16;
}

static int
total(Sg *g, const int *place, int np)
{
	int k, t;

	for (k = t = 0; k < np; k++)
		t += viol(g, place[k]);
	return t;
}

/* The search: returns the best signs found, or NULL where they leave
 * as many negations as the DAG as built. */
static signed char *
search(Sg *g, const int *place, int np)
{
	Dag *s;
	signed char *best;
	unsigned st;
	int cand[3], nc, cur, bt, t0, step, k, i, j, c, bd, bi, v, last;

	s = g->s;
	cur = bt = t0 = total(g, place, np);
	if (cur == 0)
		return NULL;
	best = arena_alloc(s->ar, s->nnode);
	memcpy(best, g->sg, s->nnode);
	st = 12345;
	last = 0;
	for (step = 0; step < 200 * np && bt > 0 && step - last < 20 * np;
	    step++) {
		/* a violated place, from a random start */
		k = (int)(rnd(&st) % (unsigned)np);
		for (j = 0; j < np && !viol(g, place[(k + j) % np]); j++)
			;
		i = place[(k + j) % np];
		nc = 0;
		if (s->node[i].op == OP_STORE) {
			if ((v = root(s, s->node[i].a[0])) >= 0)
				cand[nc++] = v;
		} else {
			cand[nc++] = i;
			for (j = 0; j < 2; j++)
				if ((v = root(s, s->node[i].a[j])) >= 0)
					cand[nc++] = v;
		}
		if (nc == 0)
			continue;
		if (rnd(&st) % 100 < 20) {
			bi = cand[rnd(&st) % (unsigned)nc];
			cur += flip(g, bi);
		} else {
			bd = 1 << 30;
			bi = -1;
			for (j = 0; j < nc; j++) {
				c = flip(g, cand[j]);
				flip(g, cand[j]);
				if (c < bd || (c == bd && rnd(&st) % 2)) {
					bd = c;
					bi = cand[j];
				}
			}
			cur += flip(g, bi);
		}
		if (cur < bt) {
			bt = cur;
			last = step;
			memcpy(best, g->sg, s->nnode);
		}
	}
	memcpy(g->sg, best, s->nnode);
	return bt < t0 ? best : NULL;
}

/* s rebuilt with the signs sg: node i's copy is sg[i] times its value
 * (a sum's operands taken with the signs that make it so). */
static Dag *
rebuild(Dag *s, const signed char *sg)
{
	Dag *d;
	Node *n;
	int *map, i, a, b;

	d = dag_new(s->ar);
	d->nin = s->nin;
	d->nout = s->nout;
	d->in = s->in;
	d->out = s->out;
	d->inplace = s->inplace;
	d->cxl = s->cxl;
	map = arena_alloc(s->ar, (s->nnode + 1) * sizeof *map);
	for (i = 0; i < s->nnode; i++) {
		n = &s->node[i];
		a = n->a[0] >= 0 ? map[n->a[0]] : -1;
		b = n->a[1] >= 0 ? map[n->a[1]] : -1;
		switch (n->op) {
		case OP_CONST:
			map[i] = dag_const(d, s->con[n->k]);
			break;
		case OP_LOAD:
			map[i] = dag_load(d, n->k);
			break;
		case OP_NEG:
			map[i] = a;
			break;
		case OP_MUL:
			map[i] = dag_mul(d, a, b);
			break;
		case OP_STORE:
			if (sg[n->a[0]] < 0)
				a = dag_neg(d, a);
			map[i] = dag_node(d, OP_STORE, a, b, -1, n->k);
			break;
		default:
			if (sg[i] * sg[n->a[0]] < 0)
				a = dag_neg(d, a);
			if (sg[i] * sg[n->a[1]] < 0)
				b = dag_neg(d, b);
			map[i] = dag_make(d, n->op, a, b, -1, 0);
		}
	}
	return d;
}

/* s with the signs of its sums chosen to leave the fewest negations;
 * s itself where it has none or is not a DAG of sums and products. */
Dag *
sign_run(Dag *s)
{
	Sg g;
	Node *n;
	int *place, np, i, j, nu;

	for (i = 0; i < s->nnode; i++) {
		n = &s->node[i];
		if (n->op != OP_LOAD && n->op != OP_CONST && n->op != OP_ADD
		    && n->op != OP_SUB && n->op != OP_MUL && n->op != OP_NEG
		    && n->op != OP_STORE)
			return s;
	}
	memset(&g, 0, sizeof g);
	g.s = s;
	g.sg = arena_alloc(s->ar, s->nnode + 1);
	memset(g.sg, 1, s->nnode + 1);
	g.uoff = arena_alloc(s->ar, (s->nnode + 2) * sizeof *g.uoff);
	g.mark = arena_alloc(s->ar, (s->nnode + 1) * sizeof *g.mark);
	g.aff = arena_alloc(s->ar, (s->nnode + 1) * sizeof *g.aff);
	place = arena_alloc(s->ar, (s->nnode + 1) * sizeof *place);
	memset(g.uoff, 0, (s->nnode + 2) * sizeof *g.uoff);
	memset(g.mark, 0, (s->nnode + 1) * sizeof *g.mark);
	/* a NEG node's computed value is its operand's: sign -1 */
	for (i = np = 0; i < s->nnode; i++) {
		n = &s->node[i];
		if (n->op == OP_NEG)
			g.sg[i] = -g.sg[n->a[0]];
		else if (n->op == OP_MUL)
			g.sg[i] = g.sg[n->a[0]] * g.sg[n->a[1]];
		if (issum(n) || n->op == OP_STORE)
			place[np++] = i;
		for (j = 0; j < optab[n->op].arity; j++)
			g.uoff[n->a[j] + 1]++;
	}
	for (i = 0; i < s->nnode; i++)
		g.uoff[i + 1] += g.uoff[i];
	g.usr = arena_alloc(s->ar, (g.uoff[s->nnode] + 1) * sizeof *g.usr);
	for (i = 0; i < s->nnode; i++) {
		n = &s->node[i];
		for (j = 0; j < optab[n->op].arity; j++) {
			nu = g.uoff[n->a[j]]++;
			g.usr[nu] = i;
		}
	}
	for (i = s->nnode; i > 0; i--)
		g.uoff[i] = g.uoff[i - 1];
	g.uoff[0] = 0;
	if (!search(&g, place, np))
		return s;
	return rebuild(s, g.sg);
}
