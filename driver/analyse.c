/* analyse.c: the commands that analyse a DAG instead of emitting it.
 * kgen spills builds and simplifies (build.c), then per schedule and per
 * R makes an order and counts Belady's spills against the bound and what
 * the compilers do with it (sched/spills.c, compile.c), or with
 * --annotate shows one order step by step (sched/annotate.c); kgen
 * report prints the register-pressure report (sched/report.c); gemm
 * --tile auto prints the register-tile model's table (sched/gemmtile.c).
 */
#include <string.h>
#include <unistd.h>
#include "all.h"
#include "driver.h"

/* gemm --tile auto: the register-tile model's table, no codelet. */
void
analyse_tiles(const Job *j)
{
	FILE *f;
	char *tmp;
	int mr, nr;

	f = out_open(j->out, &tmp);
	gemmtile_model(f, j->cost.regs, j->cost.gamma, j->vlen, j->p.k, &mr,
	    &nr);
	out_close(f, j->out, tmp);
}

/* kgen spills --annotate: the one order, step by step, with Belady's
 * decisions (sched/annotate.c). */
static void
annotated(const Job *j, Dag *d, Arena *ar)
{
	Cost c;
	FILE *f;
	char *tmp, title[192];
	int *o, n, stopped;

	c = j->cost;
	c.regs = j->regs[0];
	progress_start("spills", j->quiet, j->timelimit, 1, "one order, "
	    "annotated");
	c.stop = progress_stop();
	c.stopped = &stopped;
	stopped = 0;
	o = gemmorder_for(d, ar, j->sched[0], &c, &n);
	progress_end();
	snprintf(title, sizeof title, "%s, schedule %s", j->desc,
	    order_names[j->sched[0]]);
	f = out_open(j->out, &tmp);
	annotate_print(f, d, o, n, c.regs, c.latency, title);
	if (j->timelimit > 0)
		fprintf(f, "# time limit %g s: %s\n", j->timelimit, stopped
		    ? "reached; the search was cut short, this is the best "
		    "order it found" : "not reached");
	out_close(f, j->out, tmp);
}

/* kgen spills: build, simplify, then per schedule and per R an order,
 * Belady's counts, the bound, and what the compilers do with it. */
void
analyse_spills(Job *j)
{
	Arena *ar;
	Dag *d;
	Table *t;
	FILE *f;
	char *tmp;

	ar = arena_new();
	d = build_simp(j, build_dag(j, build_fft(j, ar), ar), j->fma);
	job_regs(d, j->regs, j->nregs);
	if (j->annotate) {
		annotated(j, d, ar);
		arena_free(ar);
		return;
	}
	t = &j->table;
	t->p = &j->p;
	t->c = dag_count(d);
	t->nnode = d->nnode;
	spills_rows(t, d, j->sched, j->nsched, j->regs, j->nregs, &j->cost,
	    ar, compile_row, j);
	f = out_open(j->out, &tmp);
	if (j->target && !strcmp(j->format, "text"))
		target_print(f, j->target, j->e.isfloat);
	spills_print(f, j->format, t);
	out_close(f, j->out, tmp);
	arena_free(ar);
}

/* kgen report: build, simplify, then the pressure report, which orders
 * the DAG as it needs and has ptxas measure compile_cuda's text. */
void
analyse_report(Job *j)
{
	Arena *ar;
	Dag *d;
	FILE *f;
	char *tmp;

	static char buf[1 << 16];

	/* the report is printed as it is made; on a terminal that shares
	 * standard error with the progress line, hold it back until the
	 * end (it is a few kilobytes) */
	if (!j->out && isatty(1))
		setvbuf(stdout, buf, _IOFBF, sizeof buf);
	ar = arena_new();
	d = build_simp(j, build_dag(j, build_fft(j, ar), ar), j->fma);
	j->report.cuda = compile_cuda;
	f = out_open(j->out, &tmp);
	report_print(f, d, &j->p, &j->report);
	out_close(f, j->out, tmp);
	arena_free(ar);
}
