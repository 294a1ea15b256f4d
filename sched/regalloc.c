/* regalloc.c: the register assignment of the x86 assembly codelets
 * (x86/asm.c prints it and decides nothing): Belady's allocation
 * (sched/belady.c, belady_alloc) of the schedule's order for R
 * registers and latency L, so that the code's spill traffic is what
 * kgen spills predicts; each value stored at all one stack slot; and
 * for n1 the fused order (regalloc_asm's fuse below): the kernel takes
 * some or all of its inputs in registers and leaves some or all of its
 * outputs there, where Belady's loads and stores in the new order equal
 * his counts in the schedule's.  What only the emitter knows (whether
 * the rows path's own kernel is taken on an allocation, whether its
 * copies fit the registers a fusion leaves) comes in as callbacks
 * (Rareq).  Reference: Belady, "A study of replacement algorithms for a
 * virtual-storage computer" (1966); docs/design.md ("Register
 * allocation"). */
#include <assert.h>
#include <string.h>
#include "all.h"

/* Whether node x is a register value: not a constant (a memory operand
 * of the arithmetic) and not a store. */
int
regalloc_isreg(Dag *d, int x)
{
	return belady_isreg(d, x);
}

/* Each spilled value's stack slot, in node order. */
static void
slots(Ralloc *ra, Dag *d, Arena *ar)
{
	int i;

	ra->slot = arena_alloc(ar, (d->nnode + 1) * sizeof *ra->slot);
	memset(ra->slot, -1, (d->nnode + 1) * sizeof *ra->slot);
	for (i = ra->nslot = 0; i < d->nnode; i++)
		if (ra->al->spill[i])
			ra->slot[i] = ra->nslot++;
}

/* The X vector of node m, a load or a store. */
static int
xvec(const Rareq *q, const Node *m)
{
	return m->op == OP_LOAD ? q->xin[m->k] : q->xout[m->k];
}

/* The schedule's order with the first ni X vectors of byin loaded first
 * (in X order) and the first no of byout stored last: its allocation
 * where it keeps al0's loads and stores, reloads no fused input (X does
 * not hold it on the rows path) and gives each fused value a register
 * of its own (the copies move each on its own); else NULL.  in and out
 * (nx each) get the fused registers, -1 where not fused. */
static Alloc *
fusedorder(Dag *d, const Rareq *q, const Alloc *al0, const int *ord,
    int norder, const int *byin, int ni, const int *byout, int no, int *in,
    int *out, Arena *ar)
{
	Node *m;
	Alloc *al;
	char *fin, *fout;
	int *o2, n2, nx, s, i, t, j, x;

	nx = q->nx;
	fin = arena_alloc(ar, nx);
	fout = arena_alloc(ar, nx);
	memset(fin, 0, nx);
	memset(fout, 0, nx);
	for (i = 0; i < ni; i++)
		fin[byin[i]] = 1;
	for (i = 0; i < no; i++)
		fout[byout[i]] = 1;
	o2 = arena_alloc(ar, (norder + 1) * sizeof *o2);
	n2 = 0;
	for (s = 0; s < nx; s++)
		for (i = 0; fin[s] && i < norder; i++) {
			m = &d->node[ord[i]];
			if (m->op == OP_LOAD && xvec(q, m) == s)
				o2[n2++] = ord[i];
		}
	for (i = 0; i < norder; i++) {
		m = &d->node[ord[i]];
		if (!(m->op == OP_LOAD && fin[xvec(q, m)])
		    && !(m->op == OP_STORE && fout[xvec(q, m)]))
			o2[n2++] = ord[i];
	}
	for (s = 0; s < nx; s++)
		for (i = 0; fout[s] && i < norder; i++) {
			m = &d->node[ord[i]];
			if (m->op == OP_STORE && xvec(q, m) == s)
				o2[n2++] = ord[i];
		}
	if (n2 != norder)
		return 0;
	al = belady_alloc(belady_new(d, o2, n2, ar), q->regs, 0, ar);
	if (al->s.loads != al0->s.loads || al->s.stores != al0->s.stores)
		return 0;
	for (i = 0; i < al->nre; i++) {
		m = &d->node[al->re[i].v];
		if (!al->re[i].stack && m->op == OP_LOAD && fin[xvec(q, m)])
			return 0;
	}
	for (s = 0; s < nx; s++)
		in[s] = out[s] = -1;
	for (t = 0; t < al->nstep; t++) {
		m = &d->node[al->node[t]];
		if (m->op == OP_LOAD && fin[x = xvec(q, m)])
			in[x] = al->reg[t];
		if (m->op != OP_STORE || !fout[x = xvec(q, m)])
			continue;
		for (j = 0; j < 3 && al->opd[3 * t + j] != m->a[0]; j++)
			;
		if (j == 3 || (out[x] = al->opreg[3 * t + j]) < 0)
			return 0;
	}
	for (s = 0; s < nx; s++)
		for (j = 0; j < s; j++)
			if ((in[s] >= 0 && in[j] == in[s])
			    || (out[s] >= 0 && out[j] == out[s]))
				return 0;
	return al;
}

/* The most of by[] (0 .. nx) whose first k fusedorder takes, inputs
 * (side 0) or outputs with the first ni inputs (side 1), by binary
 * search: 0 always holds (the schedule's own order). */
static int
most(Dag *d, const Rareq *q, const Alloc *al0, const int *ord, int norder,
    const int *byin, const int *byout, int side, int ni, int *in, int *out,
    Arena *ar)
{
	int lo, hi, mid;

	lo = 0;
	hi = q->nx;
	while (lo < hi) {
		mid = (lo + hi + 1) / 2;
		if (fusedorder(d, q, al0, ord, norder, byin, side ? ni : mid,
		    byout, side ? mid : 0, in, out, ar))
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* Whether fusedorder takes (ni, no) and the copies fit its registers:
 * its allocation, the copies set (q->fits); else NULL. */
static Alloc *
fits(Dag *d, const Rareq *q, const Alloc *al0, const int *ord, int norder,
    const int *byin, int ni, const int *byout, int no, int *in, int *out,
    Arena *ar)
{
	Alloc *al;

	al = fusedorder(d, q, al0, ord, norder, byin, ni, byout, no, in, out,
	    ar);
	return al && q->fits(q->ctx, in, out) ? al : 0;
}

/* The fused order: inputs are taken in the order the schedule first
 * loads them, outputs latest stored first: the most inputs that keep
 * Belady's counts (a binary search over how many), then with them the
 * most outputs.  Small n fuse whole (no spills either way); larger ones
 * the inputs of their first sub-transforms and the outputs of their
 * last; fewer where the copies would not fit the registers the fused
 * values leave them (q->fits; q->unfit undoes it): then fewer inputs
 * until the copy in fits (with no output fused), and with those fewer
 * outputs until the copy out does.  Returns the chosen allocation with
 * ra->in and ra->out set, or al0 where nothing is fused. */
static Alloc *
fuse(Ralloc *ra, Dag *d, const Rareq *q, Alloc *al0, const int *ord,
    int norder, Arena *ar)
{
	Node *m;
	Alloc *al;
	int *byin, *byout, *in, *out, nx, i, ni, no;

	nx = q->nx;
	byin = arena_alloc(ar, nx * sizeof *byin);
	byout = arena_alloc(ar, nx * sizeof *byout);
	in = arena_alloc(ar, nx * sizeof *in);
	out = arena_alloc(ar, nx * sizeof *out);
	ni = no = 0;
	for (i = 0; i < norder; i++) {
		m = &d->node[ord[i]];
		if (m->op == OP_LOAD && ni < nx)
			byin[ni++] = xvec(q, m);
	}
	for (i = norder - 1; i >= 0; i--) {
		m = &d->node[ord[i]];
		if (m->op == OP_STORE && no < nx)
			byout[no++] = xvec(q, m);
	}
	if (ni != nx || no != nx)
		return al0;
	ni = most(d, q, al0, ord, norder, byin, byout, 0, 0, in, out, ar);
	no = most(d, q, al0, ord, norder, byin, byout, 1, ni, in, out, ar);
	for (; ni > 0; ni--)
		if (fits(d, q, al0, ord, norder, byin, ni, byout, 0, in, out,
		    ar))
			break;
	for (; no > 0; no--) {
		q->unfit(q->ctx);
		if ((al = fits(d, q, al0, ord, norder, byin, ni, byout, no, in,
		    out, ar))) {
			ra->in = in;
			ra->out = out;
			return al;
		}
	}
	q->unfit(q->ctx);
	if (ni && (al = fits(d, q, al0, ord, norder, byin, ni, byout, 0, in,
	    out, ar))) {
		ra->in = in;
		ra->out = out;
		return al;
	}
	return al0;
}

/* The finished assignment of d in order (NULL: the live nodes in id
 * order; norder then ignored) for q->regs registers and latency
 * q->latency: Belady's, then where q->rows does not take the rows
 * kernel on it and q->nx > 0, the fused order's (fuse).
 * requires: belady_minregs(d) <= q->regs; q->fits and q->unfit set
 * where q->nx > 0. */
Ralloc *
regalloc_asm(Dag *d, const int *order, int norder, const Rareq *q,
    Arena *ar)
{
	Ralloc *ra;
	Alloc *al;
	int *live, *ord, i;

	ra = arena_alloc(ar, sizeof *ra);
	memset(ra, 0, sizeof *ra);
	ord = (int *)order;
	if (!order) {
		live = dag_live(d, ar);
		ord = arena_alloc(ar, (d->nnode + 1) * sizeof *ord);
		for (i = norder = 0; i < d->nnode; i++)
			if (live[i])
				ord[norder++] = i;
	}
	ra->isreg = arena_alloc(ar, d->nnode + 1);
	for (i = 0; i < d->nnode; i++)
		ra->isreg[i] = belady_isreg(d, i);
	al = belady_alloc(belady_new(d, ord, norder, ar), q->regs,
	    q->latency, ar);
	ra->al = al;
	slots(ra, d, ar);
	if (q->rows && q->rows(q->ctx, ra))
		return ra;
	if (q->nx > 0 && (ra->al = fuse(ra, d, q, al, ord, norder, ar)) != al)
		slots(ra, d, ar);
	return ra;
}
