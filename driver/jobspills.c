/* jobspills.c: the checks of kgen spills and kgen report (the commands
 * that analyse a whole straight-line DAG rather than print a codelet),
 * turning their options into the Job: the problem, --regs or --target,
 * the schedules, --annotate and --measure; and job_regs, the check of
 * a register list against the DAG.  The messages are kgen's interface,
 * as in job.c. */
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "driver.h"

/* The gemm checks of kgen spills and kgen report (cmd). */
static void
spills_gemm_dag(Opts *o, const char *cmd)
{
	o->p.kind = PROB_GEMM;
	if (!strcmp(cmd, "spills") && (!o->seen_m || !o->seen_n
	    || !o->seen_k))
		fail("spills gemm: -m M -n N -k K are all required "
		    "(1 <= M, N, K <= %d, M*N*K <= %d)", GEMM_MAXDIM,
		    GEMM_MAXWORK);
	if (!o->seen_m || !o->seen_n || !o->seen_k)
		fail("report gemm: -m M -n N -k K are all required");
	if (o->p.m > GEMM_MAXDIM || o->p.n > GEMM_MAXDIM
	    || o->p.k > GEMM_MAXDIM
	    || (long)o->p.m * o->p.n * o->p.k > GEMM_MAXWORK)
		fail("%s gemm: -m %d -n %d -k %d: too large; the limits are %d "
		    "per size and M*N*K <= %d", cmd, o->p.m, o->p.n, o->p.k,
		    GEMM_MAXDIM, GEMM_MAXWORK);
}

/* kgen spills: the problem's own checks, --regs or --target, --schedule
 * (a list, or all), --annotate and --measure. */
void
job_spills(Job *j, Opts *o)
{
	char what[96], *p, *q;
	Table *t;

	if (!strcmp(o->sub, "fft")) {
		job_check_fft_dag(o);
		if (o->kind || o->simd || o->cuda)
			fail("spills fft: n1 codelets only; --kind, --simd and "
			    "--emit do not apply");
	} else {
		spills_gemm_dag(o, "spills");
		if (o->kloop || o->tile)
			fail("spills gemm: fixed-size codelets only; --kloop "
			    "and --tile do not apply");
	}
	opt_only(o, "spills", o->p.kind == PROB_FFT
	    ? "-n --sign --fma --regs --target --schedule --latency --gamma "
	    "--measure --format --type --annotate --quiet --time-limit -o -d"
	    : "-m -n -k --fma --regs --target --schedule --latency --gamma "
	    "--measure --format --type --annotate --quiet --time-limit -o "
	    "-d");
	if (o->regs && !o->target && o->isfloat)
		fail("spills --regs: --type float changes nothing; it sets the "
		    "lanes of --target");
	if (!o->regs == !o->target)
		fail("spills: give one of --regs LIST (as 16, 8,16,32 or "
		    "4-64) and --target NAME|all");
	j->regs = emalloc(SPILLS_MAXR * sizeof *j->regs);
	if (o->target)
		j->nregs = target_regset(o->target, o->isfloat, j->regs,
		    SPILLS_MAXR);
	else {
		snprintf(what, sizeof what, "register counts from 1 to %d, as "
		    "16, 8,16,32 or 4-64", SPILLS_MAXR);
		j->nregs = opt_regs(o->regs, 1, SPILLS_MAXR, j->regs,
		    SPILLS_MAXR, what);
	}
	j->nsched = job_sched_list(o->sched, j->sched);
	if (o->annotate && (j->nsched != 1 || j->nregs != 1))
		fail("--annotate: shows one order; give one --schedule and one "
		    "R (--regs 8), not %d schedules and %d R", j->nsched,
		    j->nregs);
	if (o->annotate && (o->measure || strcmp(o->format, "text")))
		fail("--annotate: text only; --measure and --format do not "
		    "apply");
	j->annotate = o->annotate;
	j->format = o->format;
	j->target = o->target;
	t = &j->table;
	if (o->p.kind == PROB_FFT) {
		t->problem = "fft";
		snprintf(j->desc, sizeof j->desc, "fft -n %d --sign %d%s "
		    "--gamma %g", o->p.n, o->p.sign, o->fma ? " --fma" : "",
		    o->gamma);
		t->boundnote = "spill loads every order needs: the largest of "
		    "n - R (rank bound), W - R (cut bound: every order holds "
		    "W values live at once) and A*'s fewest loads over all "
		    "orders (exact when it finishes in 200000 states, else a "
		    "lower bound; DAGs of <= 128 steps), sched/bound.c";
	} else {
		t->problem = "gemm";
		snprintf(j->desc, sizeof j->desc, "gemm -m %d -n %d -k %d%s "
		    "--gamma %g", o->p.m, o->p.n, o->p.k, o->fma ? " --fma"
		    : "", o->gamma);
		t->boundnote = "spill loads + stores every order needs (Irony, "
		    "Toledo and Tiskin 2004)";
	}
	t->desc = j->desc;
	t->latency = o->latency;
	t->limit = o->timelimit;
	t->quiet = o->quiet;
	if (!o->measure)
		return;
	j->buf = emalloc(strlen(o->measure) + 1);
	strcpy(j->buf, o->measure);
	for (p = j->buf; p; p = q) {
		if ((q = strchr(p, ',')))
			*q++ = 0;
		if (strcmp(p, "ptxas") && strcmp(p, "asm") && !measure_known(p))
			fail("--measure %s: expected %s, ptxas, asm, or several "
			    "separated by commas", p, measure_names());
		if (!strcmp(p, "asm") && o->p.kind != PROB_FFT)
			fail("--measure asm: kgen's assembly is for fft n1 "
			    "codelets");
		if (t->nmeas == MEASURE_MAX)
			fail("--measure %s: at most %d compilers", o->measure,
			    MEASURE_MAX);
		t->meas[t->nmeas++] = p;
	}
}

/* kgen report: the problem's own checks, the schedule (GEMM's outer and
 * inner too), --measure and the -maxrregcount list. */
void
job_report(Job *j, Opts *o)
{
	static const int defregs[] = {32, 64, 128, 255};
	Report *r;
	int k;

	r = &j->report;
	if (!strcmp(o->sub, "fft"))
		job_check_fft_dag(o);
	else
		spills_gemm_dag(o, "report");
	opt_only(o, "report", o->p.kind == PROB_FFT
	    ? "-n --sign --fma --schedule --type --target --arch --regs "
	    "--block --max-regs --measure --latency --quiet --time-limit -o "
	    "-d"
	    : "-m -n -k --fma --schedule --type --target --arch --regs "
	    "--block --max-regs --measure --latency --quiet --time-limit -o "
	    "-d");
	/* by default the order `kgen fft` and `kgen gemm` emit */
	r->sched = o->p.kind == PROB_GEMM ? SCHED_OUTER : SCHED_BUILD;
	if (o->sched) {
		k = gemmorder_find(o->sched);
		if (k < 0 || (o->p.kind == PROB_FFT && k >= NSCHED))
			fail("--schedule %s: expected naive, build, co, blocked "
			    "or search%s", o->sched, o->p.kind == PROB_GEMM
			    ? ", outer or inner" : "");
		r->sched = k;
	}
	if (o->measure && strcmp(o->measure, "ptxas")
	    && strcmp(o->measure, "none"))
		fail("report: --measure %s: expected ptxas or none",
		    o->measure);
	r->measure = !o->measure || !strcmp(o->measure, "ptxas");
	r->latency = o->latency;
	r->quiet = o->quiet;
	r->limit = o->timelimit;
	r->isfloat = o->isfloat;
	r->target = o->target;
	r->arch = o->arch ? o->arch : "sm_80";
	r->occarch = o->arch;
	r->block = o->block ? o->block : 128;
	r->budget = o->maxregs;
	j->regs = emalloc(256 * sizeof *j->regs);
	if (o->regs) {
		j->nregs = opt_regs(o->regs, 1, 255, j->regs, 256, "registers "
		    "per thread from 1 to 255, as 64, 32,64,128 or 32-40");
	} else {
		memcpy(j->regs, defregs, sizeof defregs);
		j->nregs = 4;
	}
	r->maxreg = j->regs;
	r->nmaxreg = j->nregs;
}

/* Fails unless every R of r (nr of them) is enough for d: each step's
 * operands must fit. */
void
job_regs(Dag *d, const int *r, int nr)
{
	int i, min;

	min = belady_minregs(d);
	for (i = 0; i < nr; i++)
		if (r[i] < min)
			fail("--regs %d: too few registers; one instruction of "
			    "this codelet reads %d values, so R >= %d", r[i],
			    min, min);
}
