/* annotate.c: kgen spills --annotate, one order step by step: each
 * instruction (node ids as kgen -d dumps them), how many values are live
 * after it, drawn as a bar against R (the register-pressure profile),
 * and the spill traffic Belady's MIN decides at that step: reloads of
 * inputs from their arrays, reloads from the stack and spill stores.
 * The totals are the loads and stores of kgen spills' table for the
 * same schedule and R (tests/test_spilltools.py checks that they are). */
#include <string.h>
#include "all.h"

/* Operand u of the step reading it: "v12", with ' when this is its last
 * use; a constant as its value. */
static int
operand(char *s, size_t len, Dag *d, int u, int last)
{
	Node *n;

	n = &d->node[u];
	if (n->op == OP_CONST)
		return snprintf(s, len, "%.4Lg", d->con[n->k]);
	if (n->op == OP_NEG && d->node[n->a[0]].op == OP_CONST)
		return snprintf(s, len, "-%.4Lg", d->con[d->node[n->a[0]].k]);
	return snprintf(s, len, "v%d%s", u, last ? "'" : "");
}

/* The instruction of node x, whose operands see their last use where
 * lastuse[u] == t. */
static void
instruction(char *s, size_t len, Dag *d, int x, int t, const int *lastuse)
{
	const char *fmt;
	Node *n;
	size_t k;
	int u;

	n = &d->node[x];
	if (n->op == OP_LOAD) {
		snprintf(s, len, "v%d = load slot %d", x, n->k);
		return;
	}
	if (n->op == OP_STORE) {
		u = n->a[0];
		k = snprintf(s, len, "store slot %d = ", n->k);
		operand(s + k, len - k, d, u, lastuse[u] == t);
		return;
	}
	k = snprintf(s, len, "v%d = ", x);
	for (fmt = optab[n->op].fmt; *fmt && k < len - 1; fmt++) {
		if (*fmt == '%' && fmt[1] >= '0' && fmt[1] <= '2') {
			u = n->a[*++fmt - '0'];
			k += operand(s + k, len - k, d, u, lastuse[u] == t);
		} else {
			s[k++] = *fmt;
			s[k] = 0;
		}
	}
	if (k >= len)
		s[len - 1] = 0;
}

/* Is node x a step of Belady's analysis (not a constant)? */
static int
isstep(Dag *d, int x)
{
	return d->node[x].op == OP_STORE || belady_isreg(d, x);
}

/* Prints order o (n nodes of d) at R = regs, latency L, step by step;
 * title names the problem and schedule.  requires: regs >=
 * belady_minregs(d), o a topological order (order_check). */
void
annotate_print(FILE *f, Dag *d, const int *o, int n, int regs, int latency,
    const char *title)
{
	Arena *ar;
	Belady *b;
	Event *ev;
	Spill s;
	Node *x;
	char ins[96], bar[64], traffic[160], line[400];
	int *lastuse, i, j, t, u, v, e, nev, live, top, width, nstep, in;
	int loads, stores;

	ar = arena_new();
	b = belady_new(d, o, n, ar);
	s = belady_events(b, regs, latency, ar, &ev, &nev);
	/* the step of each value's last use, -1 for none */
	lastuse = arena_alloc(ar, (d->nnode + 1) * sizeof *lastuse);
	memset(lastuse, -1, (d->nnode + 1) * sizeof *lastuse);
	for (i = t = 0; i < n; i++) {
		if (!isstep(d, o[i]))
			continue;
		x = &d->node[o[i]];
		for (j = 0; j < optab[x->op].arity; j++)
			if (belady_isreg(d, x->a[j]))
				lastuse[x->a[j]] = t;
		t++;
	}
	nstep = t;
	width = s.maxlive > regs ? s.maxlive : regs;
	if (width > 40)
		width = 40;
	fprintf(f, "# kgen spills %s at R = %d, step by step\n", title, regs);
	fprintf(f, "# %d steps; max live %d; Belady's MIN: %d spill loads (%d "
	    "of inputs from their arrays), %d spill stores\n", nstep,
	    s.maxlive, s.loads, s.inloads, s.stores);
	fputs("# instruction: node ids as kgen -d dumps them; v' marks the "
	    "last use of v\n# live: values with uses left after the step; "
	    "pressure: one # per live value,\n#   '|' after R of them "
	    "('>' past 40)\n# traffic: Belady's decisions at the step: 'spill "
	    "v' stores v to a stack\n#   slot, 'reload v' loads it back, "
	    "'reload v (in)' reloads an input from its array\n", f);
	fprintf(f, "%5s  %-32s %4s  %-*s  %s\n", "step", "instruction", "live",
	    width + 1, "pressure", "traffic");
	live = loads = stores = in = 0;
	e = 0;
	for (i = t = 0; i < n; i++) {
		v = o[i];
		if (!isstep(d, v))
			continue;
		x = &d->node[v];
		instruction(ins, sizeof ins, d, v, t, lastuse);
		/* live after the step: operands at their last use die, a
		 * result with uses is born */
		for (j = 0; j < optab[x->op].arity; j++) {
			u = x->a[j];
			if (belady_isreg(d, u) && lastuse[u] == t
			    && (j == 0 || x->a[j - 1] != u)
			    && (j < 2 || x->a[j - 2] != u))
				live--;
		}
		if (x->op != OP_STORE && lastuse[v] >= 0)
			live++;
		top = live < width ? live : width;
		for (j = u = 0; j < top; j++) {
			if (j == regs)
				bar[u++] = '|';
			bar[u++] = '#';
		}
		if (live > width)
			bar[u++] = '>';
		bar[u] = 0;
		traffic[0] = 0;
		for (; e < nev && ev[e].step == t; e++) {
			j = strlen(traffic);
			snprintf(traffic + j, sizeof traffic - j, "%s%s v%d%s",
			    j ? ", " : "", ev[e].kind == BELADY_SPILL ? "spill"
			    : "reload", ev[e].v, ev[e].kind == BELADY_RELOADIN
			    ? " (in)" : "");
			loads += ev[e].kind != BELADY_SPILL;
			in += ev[e].kind == BELADY_RELOADIN;
			stores += ev[e].kind == BELADY_SPILL;
		}
		snprintf(line, sizeof line, "%5d  %-32s %4d  %-*s  %s", t, ins,
		    live, width + 1, bar, traffic);
		for (j = strlen(line); j > 0 && line[j - 1] == ' '; j--)
			line[j - 1] = 0;
		fprintf(f, "%s\n", line);
		t++;
	}
	fprintf(f, "# total: %d reloads (%d from input arrays), %d spill "
	    "stores: kgen spills' loads, in and stores\n", loads, in, stores);
	arena_free(ar);
}
