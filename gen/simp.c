/* simp.c: whole-DAG rewrites.  Each pass copies the DAG node by node
 * through the simplifying constructors of dag.c (dag_make), so a pass only
 * states its own rewrite and the local algebra (folding, x*1, x+0, x-x,
 * double negation, negations absorbed into sums) is applied again to its
 * result.  Copying only live nodes removes dead code.
 *   copy:     dead code elimination, stored negations of differences
 *             turned into the opposite difference;
 *   contract: a*b + c, a*b - c and c - a*b into one FMA when the product
 *             has no other use (genfft's -fma does the same). */
#include <string.h>
#include "all.h"

typedef int Rewrite(Dag *d, Dag *s, const int *map, const int *uses, int id);

static Dag *
copy(Dag *s, Rewrite *rw)
{
	Dag *d;
	Node *n;
	int *map, *live, *uses, i, a[3], j, v;

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
		if (rw && (v = rw(d, s, map, uses, i)) >= 0) {
			map[i] = v;
			continue;
		}
		switch (n->op) {
		case OP_CONST:
			map[i] = dag_const(d, s->con[n->k]);
			break;
		case OP_STORE:
			v = a[0];
			if (d->node[v].op == OP_NEG
			    && d->node[d->node[v].a[0]].op == OP_SUB)
				v = dag_sub(d, d->node[d->node[v].a[0]].a[1],
				    d->node[d->node[v].a[0]].a[0]);
			map[i] = dag_node(d, OP_STORE, v, a[1], -1, n->k);
			break;
		default:
			map[i] = dag_make(d, n->op, a[0], a[1], a[2], n->k);
		}
	}
	return d;
}

static int
single_mul(Dag *s, const int *uses, int id)
{
	return s->node[id].op == OP_MUL && uses[id] == 1;
}

static int
contract(Dag *d, Dag *s, const int *map, const int *uses, int id)
{
	Node *n, *m;
	int op, x, c;

	n = &s->node[id];
	if (n->op != OP_ADD && n->op != OP_SUB)
		return -1;
	if (single_mul(s, uses, n->a[0])) {
		x = n->a[0];
		c = n->a[1];
		op = n->op == OP_ADD ? OP_FMA : OP_FMS;
	} else if (single_mul(s, uses, n->a[1])) {
		x = n->a[1];
		c = n->a[0];
		op = n->op == OP_ADD ? OP_FMA : OP_FNMS;
	} else {
		return -1;
	}
	m = &s->node[x];
	return dag_node(d, op, map[m->a[0]], map[m->a[1]], map[c], 0);
}

/* Returns the simplified DAG (in d's arena); with fma, products used once
 * are fused into the sum that uses them. */
Dag *
simp_run(Dag *d, int fma)
{
	d = copy(d, 0);
	if (fma)
		d = copy(copy(d, contract), 0);
	return d;
}
