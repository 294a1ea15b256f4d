/* spills.c: the tables of kgen spills: their rows, then as text, CSV or
 * JSON.  One row per (schedule, R): Belady's spill loads and stores for that
 * order, the compulsory traffic, max live, stalls (with --latency), the
 * lower bound every order obeys, and what each measured compiler did.
 * Conventions (docs/design.md): one register holds one DAG value; constants
 * are memory operands, as x86-64 compilers leave them; spill counts
 * exclude the first load of each input and the store of each output.
 * Numbers are printed as integers only, so reruns are byte-identical. */
#include <string.h>
#include "all.h"

/* The bound column at R = regs: for the FFT the largest of the rank bound,
 * the cut bound w - R (w = bound_cut(d), -1 when it does not apply) and
 * bound_exact's (the optimum, or a lower bound on it when more than
 * SPILLS_EXACT states are needed; only for DAGs of at most 128 steps). */
long
spills_bound(Dag *d, const Prob *p, long w, int regs)
{
	long b, x;
	int exact;

	if (p->kind != PROB_FFT)
		return bound_gemm(p->m, p->n, p->k, regs);
	b = bound_fft(p->n, regs);
	x = w - regs;
	if (x > b)
		b = x;
	x = bound_exact(d, regs, SPILLS_EXACT, 0, 0, 0, &exact);
	return x > b ? x : b;
}

/* Fills the t->nwant = nsched * nregs rows of t (from ar): for schedule
 * sched[i] (SCHED_*) at R = regs[k], the order made for k at that R,
 * Belady's counts at R and latency k->latency, and the bound of the
 * problem t->p; then, when t->nmeas > 0, measure(ctx, ...) fills the
 * row's compiler figures.  Orders that do not depend on R are made once.
 * On a terminal it states the work and counts the rows (progress.c).
 * With t->limit it stops when the time is up: t->nrow rows are made, a
 * search under way keeps the best order so far (the row's stopped).
 * requires: every regs[k] >= belady_minregs(d). */
void
spills_rows(Table *t, Dag *d, const int *sched, int nsched,
    const int *regs, int nregs, const Cost *k, Arena *ar,
    Measurer measure, const void *ctx)
{
	Arena *tmp;
	Cost c;
	Row *r;
	const Prob *p;
	char label[32];
	int i, j, n, *o;
	long *bound, w;

	p = t->p;
	t->nwant = nsched * nregs;
	t->nrow = 0;
	t->row = arena_alloc(ar, t->nwant * sizeof *t->row);
	progress_start("spills", t->quiet, t->limit, t->nwant, "%d "
	    "schedule%s x %d R = %d rows%s", nsched, nsched > 1 ? "s" : "",
	    nregs, t->nwant, t->nmeas ? ", each compiled" : "");
	tmp = arena_new();
	c = *k;
	c.stop = progress_stop();
	bound = arena_alloc(ar, (nregs + 1) * sizeof *bound);
	w = p->kind == PROB_FFT ? bound_cut(d) : -1;
	for (j = 0; j < nregs; j++)
		bound[j] = spills_bound(d, p, w, regs[j]);
	for (i = 0; i < nsched && !progress_over(); i++) {
		o = 0;
		for (j = 0; j < nregs && !progress_over(); j++) {
			r = &t->row[t->nrow++];
			c.stopped = &r->stopped;
			/* naive, build and co do not depend on R */
			if (!o || sched[i] == SCHED_BLOCKED
			    || sched[i] == SCHED_SEARCH) {
				arena_reset(tmp);
				c.regs = regs[j];
				o = gemmorder_for(d, tmp, sched[i], &c, &n);
			}
			r->sched = order_names[sched[i]];
			r->regs = regs[j];
			r->s = belady_run(d, o, n, regs[j], c.latency);
			r->bound = bound[j];
			if (t->nmeas > 0)
				measure(ctx, d, o, n, regs[j], t, r);
			snprintf(label, sizeof label, "%s R=%d", r->sched,
			    r->regs);
			progress_step(label);
		}
	}
	progress_end();
	arena_free(tmp);
}

/* Did the time limit cut any search short? */
static int
stopped(const Table *t)
{
	int i;

	for (i = 0; i < t->nrow; i++)
		if (t->row[i].stopped)
			return 1;
	return 0;
}

static void
text(FILE *f, const Table *t)
{
	const Row *r;
	int i, j, w;

	fprintf(f, "# kgen spills %s: %d nodes; %d additions, %d "
	    "multiplications, %d FMAs, %d negations\n", t->desc, t->nnode,
	    t->c.add, t->c.mul, t->c.fma, t->c.neg);
	fprintf(f, "# compulsory: %d loads, %d stores; %d constants are "
	    "memory operands, not in registers\n", t->c.load, t->c.store,
	    t->c.con);
	fprintf(f, "# loads/stores: spill traffic of Belady's MIN (loads "
	    "optimal for the order);\n# in: of the loads, reloads of inputs "
	    "from their arrays (the rest from the stack)\n# bound: %s\n",
	    t->boundnote);
	if (t->latency > 0)
		fprintf(f, "# latency %d: reloads issued up to %d steps "
		    "ahead; stalls counted\n", t->latency, t->latency);
	fprintf(f, "%-8s %4s %7s %6s %7s %8s", "schedule", "R", "loads", "in",
	    "stores", "max_live");
	if (t->latency > 0)
		fprintf(f, " %7s", "stalls");
	fprintf(f, " %7s", "bound");
	for (j = 0; j < t->nmeas; j++)
		fprintf(f, " %s_loads %s_stores", t->meas[j], t->meas[j]);
	fputc('\n', f);
	for (i = 0; i < t->nrow; i++) {
		r = &t->row[i];
		fprintf(f, "%-8s %4d %7d %6d %7d %8d", r->sched, r->regs,
		    r->s.loads, r->s.inloads, r->s.stores, r->s.maxlive);
		if (t->latency > 0)
			fprintf(f, " %7ld", r->s.stalls);
		fprintf(f, " %7ld", r->bound);
		for (j = 0; j < t->nmeas; j++) {
			w = (int)strlen(t->meas[j]);
			if (r->m[j].ok)
				fprintf(f, " %*d %*d", w + 6, r->m[j].loads,
				    w + 7, r->m[j].stores);
			else
				fprintf(f, " %*s %*s", w + 6, "-", w + 7, "-");
		}
		fputs(r->stopped ? "  stopped\n" : "\n", f);
	}
	if (t->nmeas > 0)
		fprintf(f, "# measured: FP stack loads and stores in the "
		    "assembly; '-': the compiler cannot be held to R\n");
	if (t->limit > 0)
		fprintf(f, "# time limit %g s: %s, %d of %d rows%s\n",
		    t->limit, t->nrow < t->nwant || stopped(t) ? "reached"
		    : "not reached", t->nrow, t->nwant, stopped(t) ? "; "
		    "'stopped': search cut short, the best order found so far"
		    : "");
}

static void
csv(FILE *f, const Table *t)
{
	const Row *r;
	int i, j;

	fputs("problem,n,m,k,schedule,regs,loads,stores,compulsory_loads,"
	    "compulsory_stores,max_live,stalls,lower_bound,input_reloads", f);
	for (j = 0; j < t->nmeas; j++)
		fprintf(f, ",%s_loads,%s_stores,%s_int_spills", t->meas[j],
		    t->meas[j], t->meas[j]);
	if (t->limit > 0)
		fputs(",stopped", f);
	fputc('\n', f);
	for (i = 0; i < t->nrow; i++) {
		r = &t->row[i];
		fprintf(f, "%s,%d,%d,%d,%s,%d,%d,%d,%d,%d,%d,%ld,%ld,%d",
		    t->problem, t->p->n, t->p->m, t->p->k, r->sched, r->regs,
		    r->s.loads, r->s.stores, r->s.cloads, r->s.cstores,
		    r->s.maxlive, r->s.stalls, r->bound, r->s.inloads);
		for (j = 0; j < t->nmeas; j++) {
			if (r->m[j].ok)
				fprintf(f, ",%d,%d,%d", r->m[j].loads,
				    r->m[j].stores,
				    r->m[j].iloads + r->m[j].istores);
			else
				fputs(",,,", f);
		}
		if (t->limit > 0)
			fprintf(f, ",%d", r->stopped);
		fputc('\n', f);
	}
}

static void
json(FILE *f, const Table *t)
{
	const Row *r;
	const Measure *m;
	int i, j;

	fprintf(f, "{\"problem\": {\"kind\": \"%s\", \"n\": %d", t->problem,
	    t->p->n);
	if (t->p->kind == PROB_FFT)
		fprintf(f, ", \"sign\": %d", t->p->sign);
	else
		fprintf(f, ", \"m\": %d, \"k\": %d", t->p->m, t->p->k);
	fprintf(f, ", \"nodes\": %d, \"additions\": %d, \"multiplications\":"
	    " %d, \"fmas\": %d, \"constants\": %d},\n", t->nnode, t->c.add,
	    t->c.mul, t->c.fma, t->c.con);
	fprintf(f, " \"constants_in_registers\": false,\n");
	fprintf(f, " \"latency\": %d,\n \"lower_bound\": \"%s\",\n",
	    t->latency, t->boundnote);
	if (t->limit > 0)
		fprintf(f, " \"time_limit\": {\"seconds\": %g, \"reached\": "
		    "%s, \"rows\": %d, \"rows_asked\": %d},\n", t->limit,
		    t->nrow < t->nwant || stopped(t) ? "true" : "false",
		    t->nrow, t->nwant);
	fputs(" \"results\": [", f);
	for (i = 0; i < t->nrow; i++) {
		r = &t->row[i];
		fprintf(f, "%s\n  {\"schedule\": \"%s\", \"regs\": %d, "
		    "\"loads\": %d, \"stores\": %d, \"compulsory_loads\": %d, "
		    "\"compulsory_stores\": %d, \"max_live\": %d", i ? "," : "",
		    r->sched, r->regs, r->s.loads, r->s.stores, r->s.cloads,
		    r->s.cstores, r->s.maxlive);
		if (t->latency > 0)
			fprintf(f, ", \"stalls\": %ld", r->s.stalls);
		fprintf(f, ", \"lower_bound\": %ld, \"input_reloads\": %d",
		    r->bound, r->s.inloads);
		if (t->limit > 0)
			fprintf(f, ", \"stopped\": %s", r->stopped ? "true"
			    : "false");
		if (t->nmeas > 0) {
			fputs(", \"measured\": {", f);
			for (j = 0; j < t->nmeas; j++) {
				m = &r->m[j];
				fprintf(f, "%s\"%s\": ", j ? ", " : "",
				    t->meas[j]);
				if (m->ok)
					fprintf(f, "{\"loads\": %d, \"stores\":"
					    " %d, \"int_spills\": %d, \"flags\":"
					    " \"%s\"}", m->loads, m->stores,
					    m->iloads + m->istores, m->flags);
				else
					fprintf(f, "{\"skipped\": \"%s\"}",
					    m->why);
			}
			fputc('}', f);
		}
		fputc('}', f);
	}
	fputs("\n ]\n}\n", f);
}

/* Prints table t in format "text", "csv" or "json". */
void
spills_print(FILE *f, const char *format, const Table *t)
{
	if (!strcmp(format, "csv"))
		csv(f, t);
	else if (!strcmp(format, "json"))
		json(f, t);
	else
		text(f, t);
}
