/* report.c: `kgen report`, a codelet's register pressure at a glance.
 * For one DAG and schedule it prints the most values live at once,
 * Belady's MIN spills on every target register file of target.c, what
 * ptxas does with the CUDA build at each -maxrregcount (ptxas.c) beside
 * Belady's prediction for the same order, and the occupancy those
 * registers allow on the GPUs asked for.
 *
 * Predicted and measured differ in units and in what they count.  A GPU
 * register is 32 bits, so a double takes two and Belady runs with R =
 * maxrregcount/2 values (float: R = maxrregcount); ptxas also needs a
 * few registers for addresses and the thread index, which Belady does
 * not model.  Belady's loads include reloads of inputs from their arrays;
 * ptxas may not reload an input once a store could have overwritten it
 * (the n1 ABI allows in-place calls), so it spills such values to local
 * memory and its store bytes run higher.  Both are printed in bytes (8
 * per double, 4 per float) so they can be read side by side. */
#include <stdlib.h>
#include <string.h>
#include "all.h"

/* Set when --time-limit cut a search short: the report then says so. */
static int cut;

/* The order r asks for, made for R values when the schedule uses R. */
static int *
make(Dag *d, Arena *ar, const Report *r, int regs, int *n)
{
	Cost k;

	memset(&k, 0, sizeof k);
	k.regs = regs;
	k.latency = r->latency;
	k.gamma = 1;
	k.stop = progress_stop();
	k.stopped = &cut;
	return gemmorder_for(d, ar, r->sched, &k, n);
}

/* ptxas's figures for d in order o, printed as CUDA by the driver. */
static const char *
lowered(Dag *d, const Prob *p, const Report *r, const int *o, int n,
    int opt, const int *maxreg, int nr, Ptxas *res)
{
	const char *why;
	char *cuda;

	if (progress_over())
		return "the time limit was reached first";
	cuda = r->cuda(d, p, o, n, r->isfloat);
	why = ptxas_measure(cuda, r->arch, opt, maxreg, nr, res);
	free(cuda);
	progress_step(opt == 3 ? "ptxas -O3" : "ptxas -O1");
	return why;
}

/* Does the order depend on R?  Then ptxas gets one build per R. */
static int
perreg(const Report *r)
{
	return r->sched == SCHED_BLOCKED || r->sched == SCHED_SEARCH;
}

/* Spill counts of r's schedule at R values. */
static Spill
spills(Dag *d, const Report *r, int regs)
{
	Arena *ar;
	Spill s;
	int *o, n;

	ar = arena_new();
	o = make(d, ar, r, regs, &n);
	s = belady_run(d, o, n, regs, r->latency);
	arena_free(ar);
	return s;
}

static void
title(FILE *f, Dag *d, const Prob *p, const Report *r)
{
	Count c;
	const char *t, *sched;

	c = dag_count(d);
	t = r->isfloat ? "float" : "double";
	sched = r->sched == SCHED_INNER ? "inner (one C element at a time)"
	    : r->sched == SCHED_OUTER ? "outer (rank-1 updates)"
	    : order_names[r->sched];
	if (p->kind == PROB_FFT)
		fprintf(f, "kgen report: fft n=%d (%s, %s), schedule %s\n",
		    p->n, p->sign < 0 ? "forward" : "backward", t, sched);
	else
		fprintf(f, "kgen report: gemm %dx%dx%d (MxNxK, %s), schedule "
		    "%s\n", p->m, p->n, p->k, t, sched);
	fprintf(f, "  %d additions, %d multiplications, %d FMAs, %d "
	    "negations; %d loads, %d stores\n", c.add, c.mul, c.fma, c.neg,
	    c.load, c.store);
	fprintf(f, "  %d constants: memory operands (x86) or the constant "
	    "bank (ptxas), not registers\n", c.con);
}

static void
targets(FILE *f, Dag *d, const Report *r)
{
	const Target *t;
	Spill s;
	int R;

	fprintf(f, "\nBelady's MIN per target (one value per register; a "
	    "register holds\n'lanes' transforms; R = registers for values; "
	    "latency %d)\n", r->latency);
	fprintf(f, "%-8s %-13s %5s %4s %11s %12s %9s\n", "target",
	    "registers", "lanes", "R", "spill loads", "spill stores",
	    "max live");
	for (t = target_list(); t->name; t++) {
		if (r->target && strcmp(r->target, "all")
		    && strcmp(r->target, t->name))
			continue;
		R = target_regs(t, r->isfloat);
		s = spills(d, r, R);
		fprintf(f, "%-8s %3d x %3d bit %5d %4d %11d %12d %9d\n",
		    t->name, t->nreg, t->bits, target_lanes(t, r->isfloat), R,
		    s.loads, s.stores, s.maxlive);
		progress_step(t->name);
	}
}

/* R in values for -maxrregcount m: a double takes two registers. */
static int
values(int m, int isfloat)
{
	return isfloat ? m : m / 2;
}

/* Measures every maxrregcount of r with ptxas into res; returns NULL or
 * why not.  A schedule that depends on R gets one build per R. */
static const char *
measure(Dag *d, const Prob *p, const Report *r, int opt, Ptxas *res)
{
	Arena *ar;
	const char *why;
	int *o, n, i, R;

	if (!perreg(r)) {
		ar = arena_new();
		o = make(d, ar, r, 0, &n);
		why = lowered(d, p, r, o, n, opt, r->maxreg, r->nmaxreg, res);
		arena_free(ar);
		return why;
	}
	for (i = 0; i < r->nmaxreg; i++) {
		ar = arena_new();
		R = values(r->maxreg[i], r->isfloat);
		if (R < belady_minregs(d))
			R = belady_minregs(d);
		o = make(d, ar, r, R, &n);
		why = lowered(d, p, r, o, n, opt, &r->maxreg[i], 1, &res[i]);
		arena_free(ar);
		if (why)
			return why;
	}
	return 0;
}

static void
ptxas(FILE *f, Dag *d, const Report *r, const Ptxas *res,
    const Ptxas *res1, const char *why)
{
	Spill s;
	const char *v;
	int i, R, bytes, lim;

	bytes = r->isfloat ? 4 : 8;
	fprintf(f, "\nptxas -v on the CUDA build for %s", r->arch);
	if (why) {
		fprintf(f, ": skipped (%s)\n", why);
		return;
	}
	v = ptxas_version();
	fprintf(f, " (nvcc %s), at ptxas's default\n-O3 and at -O1, beside "
	    "Belady's MIN for R = %s values;\nspills in bytes (%d per "
	    "value)\n", v ? v : "version unknown", r->isfloat ?
	    "maxrregcount" : "maxrregcount/2", bytes);
	fprintf(f, "%12s %-27s | %-19s | %s\n", "", "  ptxas -O3", "  ptxas "
	    "-O1", "  Belady's MIN");
	fprintf(f, "%12s %4s %6s %7s %7s | %4s %6s %7s | %4s %7s %7s\n",
	    "maxrregcount", "used", "stack", "loads", "stores", "used",
	    "loads", "stores", "R", "loads", "stores");
	for (i = 0; i < r->nmaxreg; i++) {
		lim = res[i].limit ? res[i].limit : res[i].maxreg;
		R = values(lim, r->isfloat);
		if (R < belady_minregs(d))
			R = belady_minregs(d);
		s = spills(d, r, R);
		fprintf(f, "%12d %4d %6d %7d %7d | %4d %6d %7d | %4d %7d %7d",
		    res[i].maxreg, res[i].regs, res[i].stack, res[i].spld,
		    res[i].spst, res1[i].regs, res1[i].spld, res1[i].spst, R,
		    s.loads * bytes, s.stores * bytes);
		progress_step("Belady");
		if (lim != res[i].maxreg)
			fprintf(f, "  (ptxas raised the limit to %d)", lim);
		fputc('\n', f);
	}
}

static void
occupancy(FILE *f, const Report *r, const int *regs, int nregs,
    const char *what)
{
	const Gpu *g, *gpu[2];
	Occ o;
	int i, j, ngpu;

	ngpu = 0;
	if (r->occarch) {
		gpu[ngpu++] = target_gpu(r->occarch);
	} else {
		gpu[ngpu++] = target_gpu("sm_80");
		gpu[ngpu++] = target_gpu("sm_90");
	}
	fprintf(f, "\nregister-limited occupancy, blocks of %d threads, %s\n",
	    r->block, what);
	fprintf(f, "%12s %9s %9s", "maxrregcount", "registers",
	    "regs/warp");
	for (j = 0; j < ngpu; j++)
		fprintf(f, " | %6s %10s %9s", gpu[j]->name, "threads/SM",
		    "occupancy");
	fputc('\n', f);
	for (i = 0; i < nregs; i++) {
		fprintf(f, "%12d %9d", r->maxreg[i], regs[i]);
		for (j = 0; j < ngpu; j++) {
			g = gpu[j];
			o = target_occupancy(g, regs[i], r->block);
			if (j == 0)
				fprintf(f, " %9d", o.regwarp);
			if (!o.limit)
				fprintf(f, " | %6s %10s %9s", "", "no launch",
				    "");
			else
				fprintf(f, " | %6s %10d %8.1f%%", "",
				    o.threads, o.pct);
		}
		fputc('\n', f);
	}
}

/* The steps of report r for progress.c: the orders Belady's MIN
 * counts (one per target, nt of them, one for max live, one per ptxas
 * row) and the ptxas builds. */
static long
work(const Report *r, int *nt)
{
	const Target *t;

	*nt = 0;
	for (t = target_list(); t->name; t++)
		if (!r->target || !strcmp(r->target, "all")
		    || !strcmp(r->target, t->name))
			(*nt)++;
	return *nt + (r->measure ? 2 * (perreg(r) ? r->nmaxreg : 1)
	    + r->nmaxreg : 0);
}

/* Prints the pressure report of d (problem p) as r asks.
 * requires: r's fields checked by driver/cli.c (schedule, arch, maxregs in
 * 1..255, block in 1..1024); d simplified. */
void
report_print(FILE *f, Dag *d, const Prob *p, const Report *r)
{
	Arena *ar;
	Ptxas *res;
	const char *why;
	int *o, n, i, *used, top, need, R, nt;
	long total;

	cut = 0;
	total = work(r, &nt);
	progress_start("report", r->quiet, r->limit, total, "schedule %s: "
	    "Belady on %d target%s, %d ptxas build%s", r->sched < NSCHED
	    ? order_names[r->sched] : r->sched == SCHED_INNER ? "inner"
	    : "outer", nt, nt == 1 ? "" : "s",
	    r->measure ? 2 * (perreg(r) ? r->nmaxreg : 1) : 0,
	    r->measure ? "s" : "s (--measure none)");
	title(f, d, p, r);
	/* max live of the order made for PTX's R, the order ptxas gets */
	ar = arena_new();
	R = target_regs(target_find("ptx"), r->isfloat);
	o = make(d, ar, r, R, &n);
	need = belady_run(d, o, n, R, r->latency).maxlive;
	arena_free(ar);
	fprintf(f, "  max live values: %d (no spills from R = %d values, "
	    "%d 32-bit GPU registers)\n", need, need,
	    r->isfloat ? need : 2 * need);
	targets(f, d, r);
	/* -O3 is what nvcc does; -O1 skips the scheduling for latency
	 * that moves loads early, and keeps much closer to the order */
	res = emalloc(2 * r->nmaxreg * sizeof *res);
	memset(res, 0, 2 * r->nmaxreg * sizeof *res);
	why = r->measure ? measure(d, p, r, 3, res) : "not asked for";
	if (!why)
		why = measure(d, p, r, 1, res + r->nmaxreg);
	ptxas(f, d, r, res, res + r->nmaxreg, why);
	used = emalloc(r->nmaxreg * sizeof *used);
	for (i = 0; i < r->nmaxreg; i++)
		used[i] = why ? r->maxreg[i] : res[i].regs;
	occupancy(f, r, used, r->nmaxreg, why ? "if the kernel used "
	    "maxrregcount registers" : "at the registers ptxas used");
	if (r->budget) {
		/* the unconstrained build is the one with the largest limit */
		top = 0;
		for (i = 0; i < r->nmaxreg; i++)
			if (used[i] > used[top] || (used[i] == used[top]
			    && r->maxreg[i] > r->maxreg[top]))
				top = i;
		if (!why && res[top].regs > r->budget)
			fprintf(f, "\nwarning: ptxas used %d registers at "
			    "-maxrregcount %d, over the budget of %d "
			    "(--max-regs)\n", res[top].regs, r->maxreg[top],
			    r->budget);
		else if (why && (r->isfloat ? need : 2 * need) > r->budget)
			fprintf(f, "\nwarning: %d live values need %d "
			    "registers without spills, over the budget of %d "
			    "(--max-regs)\n", need, r->isfloat ? need :
			    2 * need, r->budget);
		else
			fprintf(f, "\nwithin the budget of %d registers "
			    "(--max-regs)\n", r->budget);
	}
	free(used);
	free(res);
	progress_end();
	if (r->limit > 0)
		fprintf(f, "\ntime limit %g s %s\n", r->limit, cut ? "reached: "
		    "a search was cut short (the best order found so far)"
		    : why && strstr(why, "time limit") ? "reached: ptxas "
		    "skipped" : "not reached");
}
