/* scale.c: a DAG whose every output is multiplied by one constant c,
 * with the factor carried where it costs the fewest multiplications.
 * Each node v is computed either as its value or as c times it (its
 * scale, s_v = 0 or 1).  A sum or a negation takes its operands at its
 * own scale, a product of a datum by a twiddle (a node that depends on
 * no data input) takes the datum at its scale, a product by a constant
 * k takes its operand at either scale (k becomes k c or k / c, no extra
 * operation), and a store takes c times the value.  Loads and the nodes
 * that depend on no data are at scale 0.  A node some user takes at the
 * other scale costs one multiplication (by c or 1/c, made once).  The
 * scales that minimize the number of such nodes are a minimum cut: the
 * cost of node w, [s_w = 0 and some user is at 1] + [s_w = 1 and some
 * user is at 0], is two submodular terms through one auxiliary node
 * each (y_w >= s_u for every user u, cost y_w (1 - s_w); z_w <= s_u,
 * cost s_w (1 - z_w)), so max-flow finds the exact optimum.  genfft's
 * hc2cfdft codelets have the halving so folded into their constants.
 * Reference: Kolmogorov and Zabih, "What energy functions can be
 * minimized via graph cuts?", IEEE TPAMI 26(2), 2004. */
#include <string.h>
#include "all.h"

enum { INF = 1 << 29 };

typedef struct Net Net;
struct Net {
	int nv, ne, cap;
	int *head, *next, *to, *c;      /* edges e and e^1 are a pair */
};

static void
edge(Net *g, Arena *ar, int a, int b, int c)
{
	int k;

	if (g->ne + 2 > g->cap) {
		k = g->cap ? 2 * g->cap : 1024;
		g->next = arena_grow(ar, g->next, g->cap * sizeof *g->next,
		    k * sizeof *g->next);
		g->to = arena_grow(ar, g->to, g->cap * sizeof *g->to,
		    k * sizeof *g->to);
		g->c = arena_grow(ar, g->c, g->cap * sizeof *g->c,
		    k * sizeof *g->c);
		g->cap = k;
	}
	g->to[g->ne] = b;
	g->c[g->ne] = c;
	g->next[g->ne] = g->head[a];
	g->head[a] = g->ne++;
	g->to[g->ne] = a;
	g->c[g->ne] = 0;
	g->next[g->ne] = g->head[b];
	g->head[b] = g->ne++;
}

/* Augments along shortest paths until none is left (Edmonds-Karp); on
 * return, seen[v] marks the vertices the source still reaches. */
static void
maxflow(Net *g, Arena *ar, int src, int snk, char *seen)
{
	int *q, *pe, qh, qt, v, e, f;

	q = arena_alloc(ar, g->nv * sizeof *q);
	pe = arena_alloc(ar, g->nv * sizeof *pe);
	for (;;) {
		memset(seen, 0, g->nv);
		seen[src] = 1;
		q[0] = src;
		for (qh = 0, qt = 1; qh < qt && !seen[snk]; qh++)
			for (e = g->head[q[qh]]; e >= 0; e = g->next[e])
				if (g->c[e] > 0 && !seen[v = g->to[e]]) {
					seen[v] = 1;
					pe[v] = e;
					q[qt++] = v;
				}
		if (!seen[snk])
			return;
		for (f = INF, v = snk; v != src; v = g->to[pe[v] ^ 1])
			if (g->c[pe[v]] < f)
				f = g->c[pe[v]];
		for (v = snk; v != src; v = g->to[pe[v] ^ 1]) {
			g->c[pe[v]] -= f;
			g->c[pe[v] ^ 1] += f;
		}
	}
}

typedef struct Sc Sc;
struct Sc {
	Dag *s, *d;
	long double c;
	char *data, *sc;        /* depends on data; the chosen scale */
	int *memo;              /* node i at scale t: memo[2i + t] */
};

static int iskmul(Dag *s, const Node *n, int *x, long double *k);

static int get(Sc *t, int i, int sc);

/* Node i of t->s made in t->d at scale sc. */
static int
make(Sc *t, int i, int sc)
{
	Node *n;
	long double k;
	int x, j;

	n = &t->s->node[i];
	if (iskmul(t->s, n, &x, &k)) {
		if (sc)
			k *= t->c;
		if (t->sc[x])
			k /= t->c;
		return dag_mul(t->d, dag_const(t->d, k), get(t, x,
		    t->sc[x]));
	}
	if (sc != t->sc[i])
		return dag_mul(t->d, dag_const(t->d, sc ? t->c : 1 / t->c),
		    get(t, i, t->sc[i]));
	switch (n->op) {
	case OP_CONST:
		return dag_const(t->d, t->s->con[n->k]);
	case OP_LOAD:
		return dag_load(t->d, n->k);
	case OP_NEG:
		return dag_neg(t->d, get(t, n->a[0], sc));
	case OP_MUL:
		j = t->data[n->a[1]];
		return dag_mul(t->d, get(t, n->a[!j], 0),
		    get(t, n->a[j], sc));
	default:
		return dag_make(t->d, n->op, get(t, n->a[0], sc),
		    get(t, n->a[1], sc), -1, 0);
	}
}

static int
get(Sc *t, int i, int sc)
{
	if (t->memo[2 * i + sc] < 0)
		t->memo[2 * i + sc] = make(t, i, sc);
	return t->memo[2 * i + sc];
}

/* Is n a product k x by a constant? */
static int
iskmul(Dag *s, const Node *n, int *x, long double *k)
{
	int j;

	if (n->op != OP_MUL)
		return 0;
	for (j = 0; j < 2; j++)
		if (dag_isconst(s, n->a[j], k)) {
			*x = n->a[!j];
			return 1;
		}
	return 0;
}

/* The operands user u takes at its own scale: a bit per operand. */
static int
takes(Sc *t, int u)
{
	Node *n;
	long double k;
	int x;

	n = &t->s->node[u];
	if (!t->data[u] || iskmul(t->s, n, &x, &k))
		return 0;
	switch (n->op) {
	case OP_ADD: case OP_SUB:
		return 3;
	case OP_NEG: case OP_STORE:
		return 1;
	case OP_MUL:
		return t->data[n->a[1]] ? 2 : 1;
	}
	return 0;
}

/* s with every stored value times c; in s's arena.  Input slots below
 * ndata are the data, the others (twiddles) are at scale 0. */
Dag *
scale_fold(Dag *s, long double c, int ndata)
{
	Sc t;
	Net g;
	Node *n;
	char *seen;
	int N, src, snk, i, j, b;

	memset(&t, 0, sizeof t);
	t.s = s;
	t.c = c;
	N = s->nnode;
	t.data = arena_alloc(s->ar, N + 1);
	t.sc = arena_alloc(s->ar, N + 1);
	for (i = 0; i < N; i++) {
		n = &s->node[i];
		t.data[i] = n->op == OP_LOAD ? n->k < ndata : 0;
		for (j = 0; j < optab[n->op].arity; j++)
			t.data[i] |= t.data[n->a[j]];
	}
	/* vertex i: s_i; N + i: y_i; 2N + i: z_i */
	memset(&g, 0, sizeof g);
	g.nv = 3 * N + 2;
	src = 3 * N;
	snk = src + 1;
	g.head = arena_alloc(s->ar, g.nv * sizeof *g.head);
	memset(g.head, -1, g.nv * sizeof *g.head);
	for (i = 0; i < N; i++) {
		n = &s->node[i];
		if (n->op == OP_STORE) {
			edge(&g, s->ar, N + n->a[0], snk, INF);
			continue;
		}
		if (n->op == OP_LOAD || !t.data[i])
			edge(&g, s->ar, src, i, INF);
		edge(&g, s->ar, i, N + i, 1);
		edge(&g, s->ar, 2 * N + i, i, 1);
		b = takes(&t, i);
		for (j = 0; j < 2; j++)
			if (b >> j & 1) {
				edge(&g, s->ar, N + n->a[j], i, INF);
				edge(&g, s->ar, i, 2 * N + n->a[j], INF);
			}
	}
	seen = arena_alloc(s->ar, g.nv);
	maxflow(&g, s->ar, src, snk, seen);
	for (i = 0; i < N; i++)
		t.sc[i] = !seen[i];
	t.d = dag_new(s->ar);
	t.d->nin = s->nin;
	t.d->nout = s->nout;
	t.d->in = s->in;
	t.d->out = s->out;
	t.d->inplace = s->inplace;
	t.d->cxl = s->cxl;
	t.memo = arena_alloc(s->ar, 2 * N * sizeof *t.memo);
	memset(t.memo, -1, 2 * N * sizeof *t.memo);
	for (i = 0; i < N; i++) {
		n = &s->node[i];
		if (n->op == OP_STORE)
			dag_node(t.d, OP_STORE, get(&t, n->a[0], 1),
			    n->a[1] >= 0 ? get(&t, n->a[1], t.sc[n->a[1]])
			    : -1, -1, n->k);
	}
	return t.d;
}
