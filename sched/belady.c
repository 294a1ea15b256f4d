/* belady.c: spill analysis of a schedule for R registers.
 * The order is a sequence of steps: every node that computes a register
 * value (loads and arithmetic; constants are memory operands and take no
 * register) and every store.  A step needs its distinct register
 * operands resident at once; after reading them, operands with no later
 * use die and the result takes a register.  So R must reach the largest
 * number of register operands of one step (belady_minregs).
 *
 * Loads: Belady's MIN (Belady, "A study of replacement algorithms for a
 * virtual-storage computer", IBM Systems Journal 5(2), 1966): on a miss,
 * evict the resident value whose next use lies furthest ahead.  For a
 * fixed order this minimises the number of reloads; a step's own
 * operands are pinned while it runs.  Next uses come from per-value use
 * lists and the resident set is a max-heap keyed by next use with lazy
 * deletion, so one run takes O(V log V).
 *
 * Stores: a computed value is written to a stack slot the first time it
 * is evicted with uses left, and never again (its slot stays valid).
 * Minimising loads plus stores is NP-hard (Farach and Liberatore, "On
 * local register allocation", SODA 1998 / J. Algorithms 37, 2000); their
 * heuristic is to prefer clean victims.  We apply it where it costs no
 * load: among the victims with the furthest next use, a clean one (an
 * input, or a value already stored) goes first.  Loads stay optimal.
 *
 * In place, a store overwrites the input slot it aliases; the input's
 * value, if still needed, is then dirty like a computed one (and if it
 * was evicted before, it must have gone to a stack slot: one store).
 *
 * Latency L (lookahead): every memory load needs L steps before its
 * value can be used.  A reload for step t is issued as early as
 * max(t - L, the step after which its register is free), its register
 * being the victim's (idle since the victim's last access) or a free
 * one (free since the value in it died); a compulsory load is issued at
 * its own step.  A step that uses a load issued at step s waits
 * max(0, L - (t - s)) steps for it; a step waits for its slowest
 * operand, and waits are summed over the steps (no pipeline model
 * beyond that).  Stalls do not change the allocation.
 *
 * belady_alloc runs the same simulation and also names the registers:
 * a value keeps the register it was loaded or computed into, a freed
 * register queues with its number, and a fresh one takes the next
 * number, so the counts of an emitter that follows the Alloc (x86/asm.c)
 * are Belady's by construction. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"

struct Belady {
	Dag *d;
	int nstep;
	int *node;      /* node of each step */
	int *opd;       /* 3 per step: distinct register operands, -1 unused */
	int *alias;     /* store step: the load it overwrites, else -1 */
	int *first;     /* per node: index of its first use in use[] */
	int *nuse;      /* per node: number of using steps */
	int *use;       /* using steps of each node, ascending */
	int *defstep;   /* per node: step that defines it, -1 none */
	int maxlive;
	int minregs;
};

typedef struct Ent Ent;
struct Ent {
	unsigned long long key;
	int v, ver;
};

typedef struct Heap Heap;
struct Heap {
	Ent *e;
	int n;
};

/* Is node id a value held in a register?  Constants and negated
 * constants are literals or memory operands; stores make no value. */
int
belady_isreg(Dag *d, int id)
{
	Node *n;

	n = &d->node[id];
	if (n->op == OP_CONST || n->op == OP_STORE)
		return 0;
	if (n->op == OP_NEG && d->node[n->a[0]].op == OP_CONST)
		return 0;
	return 1;
}

static int
isstep(Dag *d, int id)
{
	return d->node[id].op == OP_STORE || belady_isreg(d, id);
}

/* Distinct register operands of node id into r[0..2]; returns how many. */
static int
operands(Dag *d, int id, int *r)
{
	Node *n;
	int i, j, k, u;

	n = &d->node[id];
	k = 0;
	for (i = 0; i < optab[n->op].arity; i++) {
		u = n->a[i];
		if (!belady_isreg(d, u))
			continue;
		for (j = 0; j < k && r[j] != u; j++)
			;
		if (j == k)
			r[k++] = u;
	}
	for (i = k; i < 3; i++)
		r[i] = -1;
	return k;
}

/* The fewest registers any order of d needs: the most register operands
 * of one step, and one for a result. */
int
belady_minregs(Dag *d)
{
	int i, r[3], k, m;

	m = 1;
	for (i = 0; i < d->nnode; i++) {
		if (!isstep(d, i))
			continue;
		k = operands(d, i, r);
		if (k > m)
			m = k;
	}
	return m;
}

/* Prepares the analysis of order o (n node ids) for any number of
 * registers.  requires: o is a topological order of d's live non-constant
 * nodes (order_check); scratch comes from ar. */
Belady *
belady_new(Dag *d, const int *o, int n, Arena *ar)
{
	Belady *b;
	int i, j, t, v, *fill, live, dying, k;

	b = arena_alloc(ar, sizeof *b);
	b->d = d;
	b->node = arena_alloc(ar, (n + 1) * sizeof *b->node);
	b->opd = arena_alloc(ar, 3 * (n + 1) * sizeof *b->opd);
	b->alias = arena_alloc(ar, (n + 1) * sizeof *b->alias);
	b->first = arena_alloc(ar, (d->nnode + 1) * sizeof *b->first);
	b->nuse = arena_alloc(ar, (d->nnode + 1) * sizeof *b->nuse);
	b->defstep = arena_alloc(ar, (d->nnode + 1) * sizeof *b->defstep);
	memset(b->defstep, -1, (d->nnode + 1) * sizeof *b->defstep);
	fill = arena_alloc(ar, (d->nnode + 1) * sizeof *fill);
	t = 0;
	b->minregs = 1;
	for (i = 0; i < n; i++) {
		v = o[i];
		if (!isstep(d, v))
			continue;
		b->node[t] = v;
		k = operands(d, v, &b->opd[3 * t]);
		if (k > b->minregs)
			b->minregs = k;
		for (j = 0; j < k; j++)
			b->nuse[b->opd[3 * t + j]]++;
		b->alias[t] = -1;
		if (d->node[v].op == OP_STORE)
			b->alias[t] = d->node[v].a[1];
		else
			b->defstep[v] = t;
		t++;
	}
	b->nstep = t;
	k = 0;
	for (v = 0; v < d->nnode; v++) {
		b->first[v] = k;
		k += b->nuse[v];
	}
	b->use = arena_alloc(ar, (k + 1) * sizeof *b->use);
	for (t = 0; t < b->nstep; t++)
		for (j = 0; j < 3 && (v = b->opd[3 * t + j]) >= 0; j++)
			b->use[b->first[v] + fill[v]++] = t;
	/* Max live: values that must be resident while step t reads its
	 * operands, and after its result is made. */
	live = 0;
	b->maxlive = 0;
	for (t = 0; t < b->nstep; t++) {
		dying = 0;
		for (j = 0; j < 3 && (v = b->opd[3 * t + j]) >= 0; j++)
			if (b->use[b->first[v] + b->nuse[v] - 1] == t)
				dying++;
		if (live > b->maxlive)
			b->maxlive = live;
		live -= dying;
		if (b->defstep[b->node[t]] == t && b->nuse[b->node[t]] > 0) {
			live++;
			if (live > b->maxlive)
				b->maxlive = live;
		}
	}
	return b;
}

static void
push(Heap *h, unsigned long long key, int v, int ver)
{
	Ent e;
	int i, p;

	e.key = key;
	e.v = v;
	e.ver = ver;
	for (i = h->n++; i > 0; i = p) {
		p = (i - 1) / 2;
		if (h->e[p].key >= key)
			break;
		h->e[i] = h->e[p];
	}
	h->e[i] = e;
}

static Ent
pop(Heap *h)
{
	Ent top, last;
	int i, c;

	top = h->e[0];
	last = h->e[--h->n];
	for (i = 0; (c = 2 * i + 1) < h->n; i = c) {
		if (c + 1 < h->n && h->e[c + 1].key > h->e[c].key)
			c++;
		if (h->e[c].key <= last.key)
			break;
		h->e[i] = h->e[c];
	}
	h->e[i] = last;
	return top;
}

/* Per-run state of one simulation. */
typedef struct Sim Sim;
struct Sim {
	Belady *b;
	Heap h;
	int *pos;       /* per node: index of its next use in its use list */
	int *res;       /* resident */
	int *clean;     /* has a valid memory copy: 1 its input slot, 2 a
			 * stack slot */
	int *ver;       /* heap entry version */
	int *pin;       /* step that pinned it, as an operand */
	int *acc;       /* last step that accessed it */
	int *free;      /* steps since which free registers are free: deque */
	int *freg;      /* the register of each entry of free[] */
	int fhead, ftail;
	int nres, nstep;
	int *reg;       /* per node: its register while resident */
	int got;        /* the register the last take() gave */
	int nfresh;     /* registers handed out so far */
	Alloc *al;      /* belady_alloc's record, or NULL */
	Event *ev;      /* the decisions, for belady_events; NULL: none */
	int nev;
	Spill s;
};

/* Records decision kind (BELADY_*) on value v at step t. */
static void
note(Sim *m, int t, int kind, int v)
{
	if (!m->ev)
		return;
	m->ev[m->nev].step = t;
	m->ev[m->nev].kind = kind;
	m->ev[m->nev].v = v;
	m->nev++;
}

/* Counts a spill store of v at step t: to a stack slot, once. */
static void
spill(Sim *m, int t, int v)
{
	note(m, t, BELADY_SPILL, v);
	m->s.stores++;
	m->clean[v] = 2;
	if (m->al)
		m->al->spill[v] = 1;
}

static void
record(Alloc *al, int t, int issue, int v, int r, int stack)
{
	Reload *e;

	e = &al->re[al->nre++];
	e->step = t;
	e->issue = issue;
	e->v = v;
	e->reg = r;
	e->stack = stack;
}

static int
nextuse(Sim *m, int v)
{
	Belady *b;

	b = m->b;
	if (m->pos[v] >= b->nuse[v])
		return -1;
	return b->use[b->first[v] + m->pos[v]];
}

/* Heap key: furthest next use first; on a tie a clean value (Farach and
 * Liberatore's preference), then the larger id, for determinism. */
static void
enter(Sim *m, int v)
{
	unsigned long long key;

	key = (unsigned long long)nextuse(m, v) << 32
	    | (unsigned long long)(m->clean[v] != 0) << 31
	    | (unsigned)v;
	push(&m->h, key, v, ++m->ver[v]);
}

/* Frees a register; returns the step since which it is idle (for the
 * latency model).  A reload (early) takes the register free the longest
 * and may not evict the operands of step t (pinned); a result takes the
 * register freed last and may evict anything, its operands being read. */
static int
evict(Sim *m, int t, int early)
{
	Ent e, keep[3];
	int nkeep, v, since;

	if (m->ftail > m->fhead) {
		if (early) {
			m->got = m->freg[m->fhead];
			return m->free[m->fhead++];
		}
		m->got = m->freg[--m->ftail];
		return m->free[m->ftail];
	}
	nkeep = 0;
	for (;;) {
		assert(m->h.n > 0 && "R holds every step's operands");
		e = pop(&m->h);
		v = e.v;
		if (!m->res[v] || e.ver != m->ver[v])
			continue;
		if (early && m->pin[v] == t) {
			keep[nkeep++] = e;
			continue;
		}
		break;
	}
	while (nkeep > 0) {
		nkeep--;
		push(&m->h, keep[nkeep].key, keep[nkeep].v, keep[nkeep].ver);
	}
	if (!m->clean[v])
		spill(m, t, v);
	m->got = m->reg[v];
	m->res[v] = 0;
	m->nres--;
	since = m->acc[v] + 1;
	return since;
}

/* Takes a register for step t: a free one if R is not full, else a
 * victim.  Returns the step since which the register is idle. */
static int
take(Sim *m, int t, int regs, int early)
{
	int since;

	if (!early && m->ftail > m->fhead && m->free[m->ftail - 1] == t + 1) {
		/* a result goes where an operand of its step died: the
		 * two-operand and FMA forms then need no copy */
		since = evict(m, t, 0);
	} else if (m->nres + (m->ftail - m->fhead) < regs) {
		/* never used: idle from the start */
		since = 0;
		m->got = m->nfresh++;
	} else {
		since = evict(m, t, early);
	}
	m->nres++;
	return since;
}

static void
release(Sim *m, int t, int r)
{
	/* free registers queue up in the order they become free */
	if (m->fhead > 0 && m->fhead == m->ftail)
		m->fhead = m->ftail = 0;
	m->freg[m->ftail] = r;
	m->free[m->ftail++] = t + 1;
}

/* The simulation of the prepared order for regs registers and latency
 * L, recording the allocation into al and each decision into ev (at most
 * 8 a step, *nev of them) when they are not NULL. */
static Spill
simulate(Belady *b, int regs, int latency, Arena *ar, Alloc *al,
    Event *ev, int *nev)
{
	Sim m;
	Dag *d;
	int t, j, v, x, since, issue, nu, *ready, w, lat, stall;
	size_t sz;

	d = b->d;
	assert(regs >= b->minregs && "R is checked in main");
	memset(&m, 0, sizeof m);
	m.b = b;
	sz = (d->nnode + 1) * sizeof(int);
	m.pos = arena_alloc(ar, sz);
	m.res = arena_alloc(ar, sz);
	m.clean = arena_alloc(ar, sz);
	m.ver = arena_alloc(ar, sz);
	m.pin = arena_alloc(ar, sz);
	m.acc = arena_alloc(ar, sz);
	ready = arena_alloc(ar, sz);
	memset(m.pin, -1, sz);
	m.free = arena_alloc(ar, (b->nstep + regs + 1) * sizeof *m.free);
	m.freg = arena_alloc(ar, (b->nstep + regs + 1) * sizeof *m.freg);
	m.reg = arena_alloc(ar, sz);
	m.al = al;
	m.ev = ev;
	/* each step pushes at most 3 uses, 3 reloads, 1 result, 1 alias;
	 * malloc'd, not from the arena, which would clear it: search calls
	 * this thousands of times and the heap needs no zeros */
	m.h.e = emalloc((8 * b->nstep + 4) * sizeof *m.h.e);
	lat = latency;
	for (t = 0; t < b->nstep; t++) {
		x = b->node[t];
		for (j = 0; j < 3 && (v = b->opd[3 * t + j]) >= 0; j++)
			m.pin[v] = t;
		for (j = 0; j < 3 && (v = b->opd[3 * t + j]) >= 0; j++) {
			if (!m.res[v]) {
				/* a miss: reload into a pinned register */
				since = take(&m, t, regs, 1);
				m.s.loads++;
				m.s.inloads += m.clean[v] == 1;
				note(&m, t, m.clean[v] == 1 ? BELADY_RELOADIN
				    : BELADY_RELOAD, v);
				m.res[v] = 1;
				m.reg[v] = m.got;
				issue = t - lat > since ? t - lat : since;
				if (al)
					record(al, t, issue, v, m.got,
					    m.clean[v] == 2);
				ready[v] = issue + lat;
				enter(&m, v);
			}
		}
		stall = 0;
		for (j = 0; j < 3 && (v = b->opd[3 * t + j]) >= 0; j++) {
			if (al)
				al->opreg[3 * t + j] = m.reg[v];
			if (ready[v] - t > stall)
				stall = ready[v] - t;
			ready[v] = t;
			m.acc[v] = t;
			m.pos[v]++;
			if (nextuse(&m, v) < 0) {
				m.res[v] = 0;
				m.nres--;
				release(&m, t, m.reg[v]);
			} else {
				enter(&m, v);
			}
		}
		m.s.stalls += stall;
		w = b->alias[t];
		if (w >= 0 && nextuse(&m, w) >= 0 && m.clean[w] == 1) {
			/* The input's memory is overwritten now.  Resident, it
			 * becomes dirty; evicted, it was copied to a stack
			 * slot when it left (one store), and reloads from
			 * there. */
			if (m.res[w]) {
				m.clean[w] = 0;
				enter(&m, w);
			} else {
				spill(&m, t, w);
			}
		}
		if (d->node[x].op == OP_STORE) {
			m.s.cstores++;
			continue;
		}
		nu = b->nuse[x];
		if (d->node[x].op == OP_LOAD) {
			m.s.cloads++;
			m.clean[x] = 1;
			ready[x] = t + lat;
		} else {
			ready[x] = t;
		}
		if (nu == 0)
			continue;
		take(&m, t, regs, 0);
		m.res[x] = 1;
		m.reg[x] = m.got;
		if (al)
			al->reg[t] = m.got;
		m.acc[x] = t;
		enter(&m, x);
	}
	m.s.maxlive = b->maxlive;
	if (al) {
		al->nregs = m.nfresh;
		al->s = m.s;
	}
	free(m.h.e);
	if (nev)
		*nev = m.nev;
	return m.s;
}

/* Spill counts of the prepared order for regs registers and latency L.
 * requires: regs >= b's minregs (main checks R against belady_minregs). */
Spill
belady_count(Belady *b, int regs, int latency, Arena *ar)
{
	return simulate(b, regs, latency, ar, 0, 0, 0);
}

/* The allocation behind belady_count's counts, registers named 0 ..
 * regs - 1 (see Alloc in all.h).  requires: as belady_count. */
Alloc *
belady_alloc(Belady *b, int regs, int latency, Arena *ar)
{
	Alloc *al;
	size_t sz;

	al = arena_alloc(ar, sizeof *al);
	memset(al, 0, sizeof *al);
	al->nstep = b->nstep;
	al->node = b->node;
	al->opd = b->opd;
	al->opreg = arena_alloc(ar, 3 * (b->nstep + 1) * sizeof *al->opreg);
	memset(al->opreg, -1, 3 * (b->nstep + 1) * sizeof *al->opreg);
	al->reg = arena_alloc(ar, (b->nstep + 1) * sizeof *al->reg);
	memset(al->reg, -1, (b->nstep + 1) * sizeof *al->reg);
	sz = (b->d->nnode + 1) * sizeof *al->spill;
	al->spill = arena_alloc(ar, sz);
	memset(al->spill, 0, sz);
	/* at most 3 reloads a step */
	al->re = arena_alloc(ar, (3 * b->nstep + 1) * sizeof *al->re);
	simulate(b, regs, latency, ar, al, 0, 0);
	return al;
}

/* belady_count, and each decision it made in *ev (*nev of them, in
 * ar, in step order): the reloads (from an input's array or from the
 * stack) and the spill stores, numbered by step of the order's steps:
 * its nodes that are not constants. */
Spill
belady_events(Belady *b, int regs, int latency, Arena *ar, Event **ev,
    int *nev)
{
	*ev = arena_alloc(ar, (8 * (size_t)b->nstep + 1) * sizeof **ev);
	return simulate(b, regs, latency, ar, 0, *ev, nev);
}

/* Spill counts of order o (n nodes of d) for regs registers and latency
 * L: Belady's MIN loads, stores as above, compulsory traffic, max live
 * and stalls.  requires: o is a topological order (order_check). */
Spill
belady_run(Dag *d, const int *o, int n, int regs, int latency)
{
	Arena *ar;
	Belady *b;
	Spill s;

	ar = arena_new();
	b = belady_new(d, o, n, ar);
	s = belady_count(b, regs, latency, ar);
	arena_free(ar);
	return s;
}
