/* verify/vterm.c: the validator's values (verify.c's opening comment):
 * hash-consed terms over the inputs and constants, built for the DAG's
 * outputs (vterm_expect) and for the code's instructions by the same
 * constructors, which apply only the identities IEEE arithmetic makes
 * exact (commuted operands of add, mul and the FMAs' factors, x - y as
 * x + -y, -(-x) = x, the negation of a constant the negated constant),
 * so that a stored value is right exactly when its term is the DAG's;
 * and the constants of the file's .rodata, every lane the same. */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "verify.h"

static unsigned
hash(const Term *e)
{
	unsigned long long h;

	h = (unsigned long long)e->op * 0x9e3779b97f4a7c15ULL;
	h ^= (unsigned)e->a * 0x85ebca6bU + (unsigned)e->b * 0xc2b2ae35U
	    + (unsigned)e->c * 0x27d4eb2fU;
	h ^= e->v * 0xff51afd7ed558ccdULL;
	return (unsigned)(h ^ h >> 29);
}

int
vterm_new(V *v, int op, int a, int b, int c, unsigned long long val)
{
	Term e;
	unsigned i;
	int k, x;

	if ((op == T_ADD || op == T_MUL || op >= T_FMA) && a > b) {
		x = a;
		a = b;
		b = x;
	}
	e.op = op;
	e.a = a;
	e.b = b;
	e.c = c;
	e.v = val;
	for (i = hash(&e) & (v->tabcap - 1); (k = v->tab[i]) >= 0;
	    i = (i + 1) & (v->tabcap - 1))
		if (!memcmp(&v->t[k], &e, sizeof e))
			return k;
	if (v->nt == v->cap) {
		die("verify: more than %d terms", v->cap);
	}
	v->t[v->nt] = e;
	v->tab[i] = v->nt;
	return v->nt++;
}

static unsigned long long
signbit(V *v)
{
	return v->esz == 8 ? 1ULL << 63 : 1ULL << 31;
}

int
vterm_neg(V *v, int a)
{
	if (v->t[a].op == T_NEG)
		return v->t[a].a;
	if (v->t[a].op == T_CONST)
		return vterm_new(v, T_CONST, -1, -1, -1, v->t[a].v
		    ^ signbit(v));
	return vterm_new(v, T_NEG, a, -1, -1, 0);
}

static int
constant(V *v, long double x)
{
	unsigned long long u;
	unsigned w;
	double dd;
	float ff;

	if (v->esz == 8) {
		dd = (double)x;
		memcpy(&u, &dd, 8);
	} else {
		ff = (float)x;
		memcpy(&w, &ff, 4);
		u = w;
	}
	return vterm_new(v, T_CONST, -1, -1, -1, u);
}

/* The term of an operation as the DAG or the code states it. */
int
vterm_apply(V *v, int op, int a, int b, int c)
{
	switch (op) {
	case OP_ADD: return vterm_new(v, T_ADD, a, b, -1, 0);
	case OP_SUB: return vterm_new(v, T_ADD, a, vterm_neg(v, b), -1, 0);
	case OP_MUL: return vterm_new(v, T_MUL, a, b, -1, 0);
	case OP_NEG: return vterm_neg(v, a);
	case OP_FMA: return vterm_new(v, T_FMA, a, b, c, 0);
	case OP_FMS: return vterm_new(v, T_FMS, a, b, c, 0);
	case OP_FNMS: return vterm_new(v, T_FNMS, a, b, c, 0);
	}
	assert(0 && "an arithmetic op");
	return -1;
}

/* Prints term k, two levels deep, for messages. */
void
vterm_show(V *v, char *buf, size_t n, int k, int depth)
{
	static const char *const name[] = {"in", "const", "add", "mul", "neg",
	    "fma", "fms", "fnms"};
	Term *e;
	size_t len;
	char sub[3][160];
	int i, x[3];

	e = &v->t[k];
	if (e->op == T_IN) {
		snprintf(buf, n, "in%llu", e->v);
		return;
	}
	if (e->op == T_CONST) {
		snprintf(buf, n, "0x%llx", e->v);
		return;
	}
	if (depth == 0) {
		snprintf(buf, n, "%s(..)", name[e->op]);
		return;
	}
	x[0] = e->a;
	x[1] = e->b;
	x[2] = e->c;
	snprintf(buf, n, "%s(", name[e->op]);
	for (i = 0; i < 3 && x[i] >= 0; i++) {
		vterm_show(v, sub[i], sizeof sub[i], x[i], depth - 1);
		len = strlen(buf);
		snprintf(buf + len, n - len, "%s%s", i ? ", " : "", sub[i]);
	}
	len = strlen(buf);
	snprintf(buf + len, n - len, ")");
}

/* The DAG's term of each output slot, by its place in X. */
void
vterm_expect(V *v)
{
	Dag *d;
	Node *n;
	Slot *s;
	int i, *tm, x[3], j;

	d = v->d;
	tm = emalloc((d->nnode + 1) * sizeof *tm);
	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		for (j = 0; j < 3; j++)
			x[j] = j < optab[n->op].arity ? tm[n->a[j]] : -1;
		if (n->op == OP_LOAD && (v->t1v || v->gemm)) {
			tm[i] = vterm_new(v, T_IN, -1, -1, -1, n->k);
		} else if (n->op == OP_LOAD) {
			s = &d->in[n->k];
			tm[i] = vterm_new(v, T_IN, -1, -1, -1, 2 * s->j
			    + (s->arr & 1));
		} else if (n->op == OP_CONST) {
			tm[i] = constant(v, d->con[n->k]);
		} else if (n->op == OP_STORE) {
			s = &d->out[n->k];
			v->want[v->t1v || v->gemm ? n->k : 2 * s->j
			    + (s->arr & 1)] = x[0];
			tm[i] = -1;
		} else {
			tm[i] = vterm_apply(v, n->op, x[0], x[1], x[2]);
		}
	}
	free(tm);
}

/* The constants of .rodata: label lines followed by .quad or .long. */
int
vterm_rodata(V *v, char **lines, int nline)
{
	Const *c;
	const char *s, *p;
	char *end;
	int i, rod, want;

	want = v->esz == 8;
	c = 0;
	rod = 0;
	for (i = 0; i < nline; i++) {
		v->line = i + 1;
		s = asmread_skip(lines[i]);
		if (!strncmp(s, ".section", 8) || !strncmp(s, ".text", 5)) {
			rod = strstr(s, ".rodata") != 0;
			continue;
		}
		if (!rod || !*s || *s == '#')
			continue;
		p = strchr(s, ':');
		if (p && !p[1] && s[0] == '.' && s[1] == 'L') {
			if (p - s >= 63)
				return verify_bad(v, 2, "label too long");
			c = &v->con[v->ncon++];
			memcpy(c->label, s, p - s);
			c->label[p - s] = 0;
			continue;
		}
		if (!strncmp(s, ".balign", 7))
			continue;
		if (strncmp(s, want ? ".quad" : ".long", 5) || !c)
			return verify_bad(v, 2, "cannot parse: expected a "
			    "label or %s in .rodata", want ? ".quad"
			    : ".long");
		for (p = asmread_skip(s + 5); *p; p = asmread_skip(p)) {
			if (c->n == 16)
				return verify_bad(v, 2, "more than 16 lanes");
			errno = 0;
			c->v[c->n++] = strtoull(p, &end, 0);
			if (end == p || errno)
				return verify_bad(v, 2, "cannot parse a "
				    "number");
			p = asmread_skip(end);
			if (*p == ',')
				p++;
			else if (*p)
				return verify_bad(v, 2, "cannot parse: "
				    "expected ','");
		}
	}
	return 0;
}

/* The term of a constant operand: every lane the same value. */
int
vterm_const(V *v, const Opd *o, int *issign)
{
	int i, l;
	Const *c;

	for (i = 0; i < v->ncon && strcmp(v->con[i].label, o->label); i++)
		;
	if (i == v->ncon)
		return verify_bad(v, 1, "%s: no such constant in .rodata",
		    o->label), -1;
	c = &v->con[i];
	if (c->n != v->vl)
		return verify_bad(v, 1, "%s: %d lanes; a vector has %d",
		    o->label, c->n, v->vl), -1;
	for (l = 1; l < c->n; l++)
		if (c->v[l] != c->v[0])
			return verify_bad(v, 1, "%s: lanes differ", o->label),
			    -1;
	*issign = c->v[0] == signbit(v);
	return vterm_new(v, T_CONST, -1, -1, -1, c->v[0]);
}
