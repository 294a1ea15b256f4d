/* simp.c: whole-DAG rewrites.  Each pass copies the DAG node by node
 * through the simplifying constructors of dag.c (dag_make), so a pass only
 * states its own rewrite and the local algebra (folding, x*1, x+0, x-x,
 * double negation, negations absorbed into sums) is applied again to its
 * result.  Copying only live nodes removes dead code.
 *   copy:     dead code elimination, stored negations of differences
 *             (or of a constant times one) turned into the opposite
 *             difference;
 *   contract: a*b + c, a*b - c and c - a*b into one FMA where every use
 *             of the product is such a sum (a product used k times
 *             becomes k FMAs and no multiplication, as genfft's -fma
 *             codelets have it); a sum of two products fuses the
 *             first that may. */
#include <string.h>
#include "all.h"

typedef int Rewrite(Dag *d, Dag *s, const int *map, const int *aux,
    int id);

/* -x, for node x of s, made in d (map: s's copied nodes) without a
 * negation: a difference reversed, or a product by a constant over one,
 * where the product has no other use; -1 where there is no such form. */
static int
negate(Dag *d, Dag *s, const int *map, const int *uses, int x)
{
	Node *n;
	long double k;
	int y, j;

	n = &s->node[x];
	if (n->op == OP_SUB)
		return dag_sub(d, map[n->a[1]], map[n->a[0]]);
	if (n->op != OP_MUL || uses[x] != 1)
		return -1;
	for (j = 0; j < 2; j++)
		if (dag_isconst(s, n->a[j], &k)
		    && (y = negate(d, s, map, uses, n->a[!j])) >= 0)
			return dag_mul(d, map[n->a[j]], y);
	return -1;
}

static Dag *
copy(Dag *s, Rewrite *rw, const int *aux)
{
	Dag *d;
	Node *n;
	int *map, *live, *uses, i, a[3], j, v, x;

	d = dag_new(s->ar);
	d->nin = s->nin;
	d->nout = s->nout;
	d->in = s->in;
	d->out = s->out;
	d->inplace = s->inplace;
	d->cxl = s->cxl;
	live = dag_live(s, s->ar);
	uses = dag_uses(s, s->ar);
	map = arena_alloc(s->ar, (s->nnode + 1) * sizeof *map);
	for (i = 0; i < s->nnode; i++) {
		n = &s->node[i];
		map[i] = -1;
		if (!live[i] && n->op != OP_STORE)
			continue;
		for (j = 0; j < 3; j++)
			a[j] = n->a[j] >= 0 ? map[n->a[j]] : -1;
		if (rw && (v = rw(d, s, map, aux, i)) >= 0) {
			map[i] = v;
			continue;
		}
		switch (n->op) {
		case OP_CONST:
			map[i] = dag_const(d, s->con[n->k]);
			break;
		case OP_STORE:
			v = a[0];
			x = n->a[0];
			if (s->node[x].op == OP_NEG && d->node[v].op == OP_NEG
			    && (j = negate(d, s, map, uses,
			    s->node[x].a[0])) >= 0)
				v = j;
			map[i] = dag_node(d, OP_STORE, v, a[1], -1, n->k);
			break;
		default:
			map[i] = dag_make(d, n->op, a[0], a[1], a[2], n->k);
		}
	}
	return d;
}

/* Per node of s, which operand (0 or 1) of a sum is the product fused
 * into it, else -1.  A product is fused into all of its uses or none:
 * into all where each is a sum with it an operand; a sum of two such
 * products keeps the first and refuses the second everywhere (each
 * product fused saves one operation, however many uses it has). */
static int *
fusable(Dag *s)
{
	Node *u;
	int *uses, *pick, *fin, i, j;

	uses = dag_uses(s, s->ar);
	pick = arena_alloc(s->ar, (s->nnode + 1) * sizeof *pick);
	fin = arena_alloc(s->ar, (s->nnode + 1) * sizeof *fin);
	for (i = 0; i < s->nnode; i++)
		fin[i] = 0;
	/* fin[i]: how many of product i's uses are sums with it an operand */
	for (i = 0; i < s->nnode; i++) {
		u = &s->node[i];
		if ((u->op == OP_ADD || u->op == OP_SUB) && u->a[0] != u->a[1])
			for (j = 0; j < 2; j++)
				fin[u->a[j]] += s->node[u->a[j]].op == OP_MUL;
	}
	for (i = 0; i < s->nnode; i++)
		fin[i] = s->node[i].op == OP_MUL && fin[i] == uses[i];
	for (i = 0; i < s->nnode; i++) {
		u = &s->node[i];
		pick[i] = -1;
		if (u->op != OP_ADD && u->op != OP_SUB)
			continue;
		if (fin[u->a[0]] && fin[u->a[1]])
			fin[u->a[1]] = 0;
	}
	for (i = 0; i < s->nnode; i++) {
		u = &s->node[i];
		if (u->op == OP_ADD || u->op == OP_SUB)
			for (j = 1; j >= 0; j--)
				if (fin[u->a[j]])
					pick[i] = j;
	}
	return pick;
}

static int
contract(Dag *d, Dag *s, const int *map, const int *pick, int id)
{
	Node *n, *m;
	int op, x, c;

	n = &s->node[id];
	if (pick[id] < 0)
		return -1;
	x = n->a[pick[id]];
	c = n->a[!pick[id]];
	if (n->op == OP_ADD)
		op = OP_FMA;
	else
		op = pick[id] == 0 ? OP_FMS : OP_FNMS;
	m = &s->node[x];
	return dag_node(d, op, map[m->a[0]], map[m->a[1]], map[c], 0);
}

/* Are a and b the same DAG, node for node? */
static int
same(const Dag *a, const Dag *b)
{
	return a->nnode == b->nnode && a->ncon == b->ncon
	    && !memcmp(a->node, b->node, a->nnode * sizeof *a->node)
	    && !memcmp(a->con, b->con, a->ncon * sizeof *a->con);
}

static Dag *
contracted(Dag *d)
{
	return copy(copy(d, contract, fusable(d)), 0, 0);
}

/* Returns the simplified DAG (in d's arena): the signs of its sums
 * chosen (sign.c); with fma, products whose every use is a sum fused
 * into those sums, after fma.c's factoring where that leaves fewer
 * operations. */
Dag *
simp_run(Dag *d, int fma)
{
	Dag *t, *f;
	int i;

	d = copy(sign_run(copy(d, 0, 0)), 0, 0);
	if (!fma)
		return d;
	f = d;
	for (i = 0; i < 8; i++) {
		t = f;
		f = copy(copy(t, fma_factor, fma_marks(t)), 0, 0);
		if (same(t, f))
			break;
	}
	f = contracted(copy(sign_run(f), 0, 0));
	d = contracted(d);
	return dag_ops(f) < dag_ops(d) ? f : d;
}
