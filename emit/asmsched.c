/* asmsched.c: list scheduling of an n1 kernel's instructions after
 * register allocation (what gcc's second scheduling pass does).
 *
 * emit/asm.c prints the kernel in the schedule's order, the order
 * Belady's allocation is optimal for: each value is computed just
 * before its registers are needed, so long chains of dependent
 * instructions follow one another and an out-of-order core's window
 * fills with instructions that wait.  Once the registers are fixed, any
 * order that keeps every dependence computes the same values in the
 * same registers: the instructions, and so the spill loads and stores,
 * stay exactly those of the allocation; only their places change.
 *
 * Dependences (true, anti and output) are on vector registers and on
 * stack slots (disp(%rsp), one per vector); a constant's memory operand
 * (label(%rip)) is read-only and orders nothing; an instruction that
 * touches anything else (a general register, other memory) is a
 * barrier, kept in place against all others.  "# kgen: out REG K"
 * reads REG: it stays after REG's last write before it and before its
 * next one.  Other comments travel with the instruction after them;
 * "# kgen: in" lines stay first.
 *
 * The order: a cycle-by-cycle list schedule issuing up to WIDTH
 * instructions a cycle, each ready when its operands' latencies have
 * passed, the one with the longest latency-weighted path to the
 * kernel's end first (ties: the earlier in the text).  The latencies
 * are a rough model of a modern x86 core (a load 6 cycles, vector
 * arithmetic and shuffles 4, a register move 1, a store then a reload
 * of its slot 5): only their ratios steer the order. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"

enum { WIDTH = 4, NRES = 32 };

typedef struct Ins Ins;
struct Ins {
	const char *text;   /* its comments and line, up to the newline */
	int len;
	int lat;            /* cycles until its result can be read */
	int barrier;
	int nsucc, *succ;
	int npred;          /* predecessors not yet issued */
	long height;        /* longest latency path to the end */
	long ready;         /* cycle from which it may issue */
};

/* A resource's last writer and its readers since. */
typedef struct Res Res;
struct Res {
	long key;           /* vector register r: r; stack slot at d: NRES + d */
	int w;              /* last writer, -1 none */
	int *r, nr, cap;
};

typedef struct Sched Sched;
struct Sched {
	Ins *ins;
	int n;
	Res *res;
	int nres, cres;
	int *edge;          /* pairs (from, to) */
	int nedge, cedge;
};

static void
edge(Sched *s, int from, int to)
{
	if (from < 0 || from == to)
		return;
	if (s->nedge == s->cedge) {
		s->cedge = s->cedge ? 2 * s->cedge : 256;
		s->edge = erealloc(s->edge, 2 * s->cedge * sizeof *s->edge);
	}
	s->edge[2 * s->nedge] = from;
	s->edge[2 * s->nedge + 1] = to;
	s->nedge++;
}

static Res *
res(Sched *s, long key)
{
	int i;

	for (i = 0; i < s->nres; i++)
		if (s->res[i].key == key)
			return &s->res[i];
	if (s->nres == s->cres) {
		s->cres = s->cres ? 2 * s->cres : 64;
		s->res = erealloc(s->res, s->cres * sizeof *s->res);
	}
	memset(&s->res[s->nres], 0, sizeof *s->res);
	s->res[s->nres].key = key;
	s->res[s->nres].w = -1;
	return &s->res[s->nres++];
}

/* Instruction i reads resource key: after its last writer. */
static void
readres(Sched *s, int i, long key)
{
	Res *r;

	r = res(s, key);
	edge(s, r->w, i);
	if (r->nr == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 8;
		r->r = erealloc(r->r, r->cap * sizeof *r->r);
	}
	r->r[r->nr++] = i;
}

/* Instruction i writes resource key: after its last writer and the
 * readers since. */
static void
writeres(Sched *s, int i, long key)
{
	Res *r;
	int k;

	r = res(s, key);
	edge(s, r->w, i);
	for (k = 0; k < r->nr; k++)
		edge(s, r->r[k], i);
	r->w = i;
	r->nr = 0;
}

/* The resource an operand names: a vector register, a stack slot, -1
 * for a constant in memory or an immediate, -2 for anything else. */
static long
key(const Opd *o)
{
	if (o->kind == OPD_REG)
		return o->vk ? o->vr : -2;
	if (o->kind == OPD_IMM)
		return -1;
	if (!strcmp(o->base, "rip"))
		return -1;
	if (!strcmp(o->base, "rsp") && !o->index[0])
		return NRES + o->disp;
	return -2;
}

/* Line i's instruction (the last line of s->ins[i].text): its
 * dependences on the instructions before it, its latency. */
static void
deps(Sched *s, int i, const char *line, int nbar, const int *bar)
{
	Ins *in;
	Opd o[4];
	char mn[32];
	long k[4];
	int n, j, isfma, mov, load, dstread;

	in = &s->ins[i];
	if (!strncmp(line, "# kgen: out ", 12)) {
		/* reads its register where it stands */
		n = sscanf(line + 12, "%%%*cmm%d", &j);
		assert(n == 1 && "an out line names a vector register");
		readres(s, i, j);
		in->lat = 0;
		return;
	}
	n = asmread_instr(line, mn, o);
	assert(n >= 1 && "emit/asm.c prints instructions it can read back");
	for (j = 0; j < n; j++)
		k[j] = key(&o[j]);
	for (j = 0; j < n; j++)
		if (k[j] == -2)
			in->barrier = 1;
	if (in->barrier) {
		for (j = 0; j < i; j++)
			edge(s, j, i);
		return;
	}
	if (nbar)
		edge(s, bar[nbar - 1], i);
	isfma = !strncmp(mn, "vfm", 3) || !strncmp(mn, "vfnm", 4);
	mov = strstr(mn, "mov") != 0;
	/* SSE2's two-operand forms read their destination */
	dstread = isfma || (n == 2 && !mov);
	load = 0;
	for (j = 0; j < n - 1; j++) {
		if (k[j] >= 0)
			readres(s, i, k[j]);
		load |= k[j] >= NRES;
	}
	if (dstread)
		readres(s, i, k[n - 1]);
	writeres(s, i, k[n - 1]);
	if (k[n - 1] >= NRES)
		in->lat = 5;
	else if (mov)
		in->lat = load ? 6 : 1;
	else
		in->lat = load ? 10 : 4;
}

/* Prints the kernel text t (instruction and comment lines, each ending
 * in a newline) to f in a list-scheduled order. */
void
asmsched(FILE *f, const char *t)
{
	Sched s;
	Ins *in, *su;
	const char *p, *q, *unit, *last;
	char buf[160];
	int *bar, *avail, nbar, navail, nline, i, j, k, e, done, best, issued;
	long cyc;

	memset(&s, 0, sizeof s);
	/* "# kgen: in" lines first, as they stand */
	for (p = t; !strncmp(asmread_skip(p), "# kgen: in ", 11); p = q + 1) {
		q = strchr(p, '\n');
		assert(q && "lines end in a newline");
		fwrite(p, 1, q + 1 - p, f);
	}
	for (nline = 0, q = p; *q; q++)
		nline += *q == '\n';
	s.ins = emalloc((nline + 1) * sizeof *s.ins);
	bar = emalloc((nline + 1) * sizeof *bar);
	avail = emalloc((nline + 1) * sizeof *avail);
	/* the units: comments, then the instruction or out line that ends
	 * them; its dependences on the units before */
	nbar = 0;
	for (unit = q = p; *q; q++) {
		last = asmread_skip(q);
		q = strchr(q, '\n');
		assert(q && "lines end in a newline");
		if (*last == '#' && strncmp(last, "# kgen: out ", 12))
			continue;
		in = &s.ins[s.n];
		memset(in, 0, sizeof *in);
		in->text = unit;
		in->len = (int)(q + 1 - unit);
		snprintf(buf, sizeof buf, "%.*s", (int)(q - last), last);
		deps(&s, s.n, buf, nbar, bar);
		if (in->barrier)
			bar[nbar++] = s.n;
		s.n++;
		unit = q + 1;
	}
	/* successors and heights */
	for (e = 0; e < s.nedge; e++)
		s.ins[s.edge[2 * e]].nsucc++;
	for (i = 0; i < s.n; i++) {
		s.ins[i].succ = emalloc((s.ins[i].nsucc + 1)
		    * sizeof *s.ins[i].succ);
		s.ins[i].nsucc = 0;
	}
	for (e = 0; e < s.nedge; e++) {
		in = &s.ins[s.edge[2 * e]];
		in->succ[in->nsucc++] = s.edge[2 * e + 1];
		s.ins[s.edge[2 * e + 1]].npred++;
	}
	for (i = s.n - 1; i >= 0; i--) {
		in = &s.ins[i];
		in->height = in->lat;
		for (k = 0; k < in->nsucc; k++)
			if (in->lat + s.ins[in->succ[k]].height > in->height)
				in->height = in->lat + s.ins[in->succ[k]].height;
	}
	/* the list schedule */
	navail = 0;
	for (i = 0; i < s.n; i++)
		if (!s.ins[i].npred)
			avail[navail++] = i;
	for (cyc = done = 0; done < s.n; cyc++)
		for (issued = 0; issued < WIDTH; issued++) {
			best = -1;
			for (j = 0; j < navail; j++) {
				in = &s.ins[avail[j]];
				if (in->ready <= cyc && (best < 0 || in->height
				    > s.ins[avail[best]].height
				    || (in->height == s.ins[avail[best]].height
				    && avail[j] < avail[best])))
					best = j;
			}
			if (best < 0)
				break;
			in = &s.ins[avail[best]];
			avail[best] = avail[--navail];
			fwrite(in->text, 1, in->len, f);
			done++;
			for (k = 0; k < in->nsucc; k++) {
				su = &s.ins[in->succ[k]];
				if (su->ready < cyc + in->lat)
					su->ready = cyc + in->lat;
				if (!--su->npred)
					avail[navail++] = in->succ[k];
			}
		}
	/* comments after the last unit stay last */
	fputs(unit, f);
	for (i = 0; i < s.nres; i++)
		free(s.res[i].r);
	for (i = 0; i < s.n; i++)
		free(s.ins[i].succ);
	free(s.res);
	free(s.edge);
	free(s.ins);
	free(bar);
	free(avail);
}
