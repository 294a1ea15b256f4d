/* dag.c: the hash-consed expression DAG.
 * Nodes live in one growable array and are named by index; every node is
 * made through the constructors below, which first look up (op, operands,
 * k) in an open-addressing table, so equal expressions share one id and
 * common subexpressions cost nothing (genfft gets the same from its memo
 * tables; Frigo, PLDI 1999).  The constructors also do the local algebra
 * (x*1, x+0, x-x, -(-x), constant folding, negations pulled out of
 * products and absorbed by sums), so builders can state algorithms
 * naively.  Constants are stored once, positive; a negative constant is a
 * NEG node over its magnitude. */
#include <assert.h>
#include <math.h>
#include <string.h>
#include "all.h"

const OpInfo optab[] = {
#define X(name, arity, comm, kind, fmt) {#name, arity, comm, kind, fmt},
#include "ops.h"
#undef X
};

Dag *
dag_new(Arena *ar)
{
	Dag *d;

	d = arena_alloc(ar, sizeof *d);
	d->ar = ar;
	d->cap = 1024;
	d->node = arena_alloc(ar, d->cap * sizeof *d->node);
	d->tabcap = 2048;
	d->tab = arena_alloc(ar, d->tabcap * sizeof *d->tab);
	memset(d->tab, -1, d->tabcap * sizeof *d->tab);
	d->concap = 64;
	d->con = arena_alloc(ar, d->concap * sizeof *d->con);
	d->contabcap = 128;
	d->contab = arena_alloc(ar, d->contabcap * sizeof *d->contab);
	memset(d->contab, -1, d->contabcap * sizeof *d->contab);
	return d;
}

static unsigned
hash(const Node *n)
{
	unsigned h;

	h = hash_int(0, n->op);
	h = hash_int(h, n->a[0]);
	h = hash_int(h, n->a[1]);
	h = hash_int(h, n->a[2]);
	h = hash_int(h, n->k);
	/* hash_int leaves the low bits, which pick the slot, poorly mixed
	 * for nearby ids; finish with a mixer (Wellons' "lowbias32") so
	 * linear probing stays short on large DAGs */
	h ^= h >> 16;
	h *= 0x7feb352du;
	h ^= h >> 15;
	h *= 0x846ca68bu;
	return h ^ h >> 16;
}

static void
rehash(Dag *d)
{
	unsigned h, mask;
	int i;

	d->tabcap *= 2;
	d->tab = arena_alloc(d->ar, d->tabcap * sizeof *d->tab);
	memset(d->tab, -1, d->tabcap * sizeof *d->tab);
	mask = d->tabcap - 1;
	for (i = 0; i < d->nnode; i++) {
		for (h = hash(&d->node[i]) & mask; d->tab[h] >= 0;
		    h = (h + 1) & mask)
			;
		d->tab[h] = i;
	}
}

/* Finds node (op, a, b, c, k) in the table; *slot gets its place. */
static int
find(Dag *d, Node *n, unsigned *slot)
{
	Node *p;
	unsigned h, mask;

	mask = d->tabcap - 1;
	for (h = hash(n) & mask; d->tab[h] >= 0; h = (h + 1) & mask) {
		p = &d->node[d->tab[h]];
		if (p->op == n->op && p->a[0] == n->a[0] && p->a[1] == n->a[1]
		    && p->a[2] == n->a[2] && p->k == n->k)
			break;
	}
	*slot = h;
	return d->tab[h];
}

/* Returns the id of node (op, a, b, c, k), making it if it is new.
 * Does no algebra: the simplifying constructors are built on it. */
int
dag_node(Dag *d, int op, int a, int b, int c, int k)
{
	Node n;
	unsigned h;
	int t, id;

	if (optab[op].comm && a > b) {
		t = a;
		a = b;
		b = t;
	}
	n.op = op;
	n.a[0] = a;
	n.a[1] = b;
	n.a[2] = c;
	n.k = k;
	if ((id = find(d, &n, &h)) >= 0)
		return id;
	if (d->nnode == d->cap) {
		d->node = arena_grow(d->ar, d->node, d->cap * sizeof *d->node,
		    2 * d->cap * sizeof *d->node);
		d->cap *= 2;
	}
	d->node[d->nnode] = n;
	d->tab[h] = d->nnode;
	if (2 * ++d->nnode > d->tabcap)
		rehash(d);
	return d->nnode - 1;
}

static unsigned
hashld(long double v)
{
	double x;
	unsigned long long u;

	x = (double)v;
	memcpy(&u, &x, sizeof u);
	return hash_int((unsigned)u, (int)(u >> 32));
}

/* Returns a node for constant v; negative v gives NEG of |v|. */
int
dag_const(Dag *d, long double v)
{
	unsigned h, mask;
	int i, k;

	if (v < 0)
		return dag_neg(d, dag_const(d, -v));
	if (v == 0)
		v = 0;  /* no -0 */
	mask = d->contabcap - 1;
	for (h = hashld(v) & mask; d->contab[h] >= 0; h = (h + 1) & mask)
		if (d->con[d->contab[h]] == v)
			return dag_node(d, OP_CONST, -1, -1, -1, d->contab[h]);
	if (d->ncon == d->concap) {
		d->con = arena_grow(d->ar, d->con, d->concap * sizeof *d->con,
		    2 * d->concap * sizeof *d->con);
		d->concap *= 2;
	}
	k = d->ncon++;
	d->con[k] = v;
	d->contab[h] = k;
	if (2 * d->ncon > d->contabcap) {
		d->contabcap *= 2;
		d->contab = arena_alloc(d->ar, d->contabcap * sizeof *d->contab);
		memset(d->contab, -1, d->contabcap * sizeof *d->contab);
		mask = d->contabcap - 1;
		for (i = 0; i < d->ncon; i++) {
			for (h = hashld(d->con[i]) & mask; d->contab[h] >= 0;
			    h = (h + 1) & mask)
				;
			d->contab[h] = i;
		}
	}
	return dag_node(d, OP_CONST, -1, -1, -1, k);
}

/* Is id a constant (or a negated one)?  Its value goes to *v. */
int
dag_isconst(Dag *d, int id, long double *v)
{
	Node *n;

	n = &d->node[id];
	if (n->op == OP_CONST) {
		*v = d->con[n->k];
		return 1;
	}
	if (n->op == OP_NEG && d->node[n->a[0]].op == OP_CONST) {
		*v = -d->con[d->node[n->a[0]].k];
		return 1;
	}
	return 0;
}

static int
isval(Dag *d, int id, long double x)
{
	long double v;

	return dag_isconst(d, id, &v) && v == x;
}

static int
isneg(Dag *d, int id)
{
	return d->node[id].op == OP_NEG;
}

static int
arg(Dag *d, int id)
{
	return d->node[id].a[0];
}

int
dag_load(Dag *d, int slot)
{
	assert(slot >= 0 && slot < d->nin);
	return dag_node(d, OP_LOAD, -1, -1, -1, slot);
}

/* In an in-place DAG (d->inplace) output slot s shares memory with input
 * slot s, so the store carries the load as an ordering-only operand. */
int
dag_store(Dag *d, int slot, int v)
{
	Node n = {OP_LOAD, {-1, -1, -1}, slot};
	unsigned h;
	int alias;

	assert(slot >= 0 && slot < d->nout);
	alias = d->inplace && slot < d->nin ? find(d, &n, &h) : -1;
	return dag_node(d, OP_STORE, v, alias, -1, slot);
}

int
dag_neg(Dag *d, int a)
{
	long double v;

	if (isneg(d, a))
		return arg(d, a);
	if (dag_isconst(d, a, &v) && v == 0)
		return a;
	return dag_node(d, OP_NEG, a, -1, -1, 0);
}

/* i a, in a complex-lane DAG (Dag.cxl): i (i a) = -a, i (-a) = -(i a),
 * i 0 = 0. */
int
dag_byi(Dag *d, int a)
{
	long double v;

	assert(d->cxl && "BYI is a complex-lane operation");
	if (d->node[a].op == OP_BYI)
		return dag_neg(d, d->node[a].a[0]);
	if (isneg(d, a))
		return dag_neg(d, dag_byi(d, arg(d, a)));
	if (dag_isconst(d, a, &v) && v == 0)
		return a;
	return dag_node(d, OP_BYI, a, -1, -1, 0);
}

int
dag_add(Dag *d, int a, int b)
{
	long double x, y;

	if (dag_isconst(d, a, &x) && dag_isconst(d, b, &y))
		return dag_const(d, x + y);
	if (isval(d, a, 0))
		return b;
	if (isval(d, b, 0))
		return a;
	if (isneg(d, a) && isneg(d, b))
		return dag_neg(d, dag_add(d, arg(d, a), arg(d, b)));
	if (isneg(d, a))
		return dag_sub(d, b, arg(d, a));
	if (isneg(d, b))
		return dag_sub(d, a, arg(d, b));
	return dag_node(d, OP_ADD, a, b, -1, 0);
}

int
dag_sub(Dag *d, int a, int b)
{
	long double x, y;

	if (a == b)
		return dag_const(d, 0);
	if (dag_isconst(d, a, &x) && dag_isconst(d, b, &y))
		return dag_const(d, x - y);
	if (isval(d, b, 0))
		return a;
	if (isval(d, a, 0))
		return dag_neg(d, b);
	if (isneg(d, b))
		return dag_add(d, a, arg(d, b));
	if (isneg(d, a))
		return dag_neg(d, dag_add(d, arg(d, a), b));
	return dag_node(d, OP_SUB, a, b, -1, 0);
}

int
dag_mul(Dag *d, int a, int b)
{
	long double x, y;

	if (dag_isconst(d, a, &x) && dag_isconst(d, b, &y))
		return dag_const(d, x * y);
	if (isval(d, a, 0) || isval(d, b, 0))
		return dag_const(d, 0);
	if (isval(d, a, 1))
		return b;
	if (isval(d, b, 1))
		return a;
	if (isneg(d, a))
		return dag_neg(d, dag_mul(d, arg(d, a), b));
	if (isneg(d, b))
		return dag_neg(d, dag_mul(d, a, arg(d, b)));
	return dag_node(d, OP_MUL, a, b, -1, 0);
}

/* Makes node (op, a, b, c, k) through the simplifying constructor of op:
 * the simplifier's passes copy a DAG by calling this on every node. */
int
dag_make(Dag *d, int op, int a, int b, int c, int k)
{
	switch (op) {
	case OP_ADD: return dag_add(d, a, b);
	case OP_SUB: return dag_sub(d, a, b);
	case OP_MUL: return dag_mul(d, a, b);
	case OP_NEG: return dag_neg(d, a);
	case OP_BYI: return dag_byi(d, a);
	case OP_LOAD: return dag_load(d, k);
	case OP_STORE: return dag_node(d, OP_STORE, a, b, -1, k);
	default: return dag_node(d, op, a, b, c, k);
	}
}

/* Number of value uses of each node (ordering-only operands excluded). */
int *
dag_uses(Dag *d, Arena *ar)
{
	int *u, i, j;

	u = arena_alloc(ar, (d->nnode + 1) * sizeof *u);
	for (i = 0; i < d->nnode; i++)
		for (j = 0; j < optab[d->node[i].op].arity; j++)
			u[d->node[i].a[j]]++;
	return u;
}

/* live[i] != 0 when the value of node i reaches a store. */
int *
dag_live(Dag *d, Arena *ar)
{
	int *live, i, j;
	Node *n;

	live = arena_alloc(ar, (d->nnode + 1) * sizeof *live);
	for (i = d->nnode - 1; i >= 0; i--) {
		n = &d->node[i];
		if (n->op == OP_STORE)
			live[i] = 1;
		if (!live[i])
			continue;
		for (j = 0; j < optab[n->op].arity; j++)
			live[n->a[j]] = 1;
	}
	return live;
}

/* Counts live operations the way genfft's headers do: a NEG whose operand
 * is a constant is a literal, not an operation. */
/* The operations of d, as the codelets' counts add them: additions,
 * multiplications, FMAs and negations (the cost the builders and the
 * simplifier choose between alternatives by). */
long
dag_ops(Dag *d)
{
	Count c;

	c = dag_count(d);
	return (long)c.add + c.mul + c.fma + c.neg;
}

Count
dag_count(Dag *d)
{
	Count c;
	Arena *ar;
	int *live, i;
	Node *n;

	memset(&c, 0, sizeof c);
	ar = arena_new();
	live = dag_live(d, ar);
	for (i = 0; i < d->nnode; i++) {
		if (!live[i])
			continue;
		n = &d->node[i];
		switch (optab[n->op].kind) {
		case FLOP_ADD: c.add++; break;
		case FLOP_MUL: c.mul++; break;
		case FLOP_FMA: c.fma++; break;
		case FLOP_NEG:
			if (d->node[n->a[0]].op != OP_CONST)
				c.neg++;
			break;
		}
		if (n->op == OP_CONST)
			c.con++;
		else if (n->op == OP_LOAD)
			c.load++;
		else if (n->op == OP_STORE)
			c.store++;
	}
	arena_free(ar);
	return c;
}

void
dag_dump(Dag *d, FILE *f)
{
	int i, j;
	Node *n;

	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		fprintf(f, "%5d %-5s", i, optab[n->op].name);
		for (j = 0; j < 3; j++)
			if (n->a[j] >= 0)
				fprintf(f, " %d", n->a[j]);
		if (n->op == OP_CONST)
			fprintf(f, " %.21Lg", d->con[n->k]);
		else if (n->op == OP_LOAD || n->op == OP_STORE)
			fprintf(f, " slot %d", n->k);
		fputc('\n', f);
	}
}

/* Verifies the invariants: operands precede users, arities hold, the
 * hash table finds every node, constants are non-negative. */
void
dag_check(Dag *d)
{
	int i, j;
	Node *n;

	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		assert(n->op >= 0 && n->op < NOP);
		for (j = 0; j < 3; j++) {
			assert(n->a[j] < i && "operands precede their users");
			if (j < optab[n->op].arity)
				assert(n->a[j] >= 0 && "arity holds");
		}
		if (n->op == OP_CONST)
			assert(n->k < d->ncon && d->con[n->k] >= 0);
		assert(dag_node(d, n->op, n->a[0], n->a[1], n->a[2], n->k) == i
		    && "hash table finds the node");
	}
}
