/* main.c: the pipeline.  cli.c turns the command line into a checked
 * Job; then
 *   build (gen/fft.c, gemm.c, conv.c) -> simplify (gen/simp.c)
 *   -> order (sched/order.c, gemmorder.c) -> emit (emit/) -> write
 * for a codelet, or the same first steps followed by an analysis for
 * kgen spills (sched/belady.c, spills.c) and kgen report (report.c).
 * Nothing below calls back up: builders do not schedule, the scheduler
 * does not build or print, emitters get a finished DAG and its order. */
#include <string.h>
#include "all.h"

static void
dump(const Job *j, Dag *d, const char *stage)
{
	if (!j->dump)
		return;
	dag_check(d);
	fprintf(stderr, "## after %s: %d nodes\n", stage, d->nnode);
	dag_dump(d, stderr);
}

/* simp_run on d, the DAG of a builder, with -d's dumps before and
 * after. */
static Dag *
simplify(const Job *j, Dag *d, int fma)
{
	dump(j, d, "build");
	d = simp_run(d, fma);
	dump(j, d, "simp");
	return d;
}

/* The DAG of j's problem, as its builder states it. */
static Dag *
build(const Job *j, Arena *ar)
{
	const Prob *p;

	p = &j->p;
	if (p->kind == PROB_CONV)
		return conv_build(ar, p->taps, p->ntaps, p->n,
		    p->correlate);
	if (p->kind == PROB_GEMM && j->kloop)  /* one step of the K loop */
		return gemm_build(ar, p->m / j->vlen, p->n, 1, 0);
	if (p->kind == PROB_GEMM)
		return gemm_build(ar, (p->m + j->vlen - 1) / j->vlen, p->n,
		    p->k, j->vlen > 1);
	if (j->kind == CK_T1 || j->kind == CK_T1V)
		return twiddle_build(ar, p->n, p->sign);
	if (j->kind == CK_R2CF || j->kind == CK_R2CB)
		return real_build(ar, p->n, j->kind == CK_R2CB);
	/* n1w's leaf: one DFT a lane */
	return fft_build(ar, p->n / (j->kind == CK_N1W ? j->lanes : 1),
	    p->sign);
}

/* Prints d in the given order with j's emitter (top: n1w's top step). */
static void
emit(const Job *j, FILE *f, Dag *d, Dag *top, const int *o, int n)
{
	const Prob *p;

	p = &j->p;
	switch (j->emitter) {
	case EMITTER_SIMD: emitsimd_c(f, d, p, o, n, &j->e); break;
	case EMITTER_KIND: emitkind_c(f, d, p, j->kind, o, n, &j->e); break;
	case EMITTER_CUDA: emitcu_print(f, d, p, o, n, &j->e); break;
	case EMITTER_KLOOP: kloop_c(f, d, p, o, n, &j->e, j->vlen); break;
	case EMITTER_VEC: emitvec_c(f, d, top, p, j->kind, o, n, &j->e); break;
	default: emit_c(f, d, p, o, n, &j->e);
	}
}

/* kgen fft, gemm and conv: build, simplify, order, emit, write. */
static void
generate(const Job *j)
{
	Arena *ar;
	Dag *d, *top;
	FILE *f;
	char *tmp;
	int *order, norder;

	ar = arena_new();
	d = simplify(j, build(j, ar), j->fma);
	/* n1w's top step is a radix-VL twiddle codelet of its own */
	top = j->kind != CK_N1W ? 0 : simp_run(twiddle_build(ar, j->lanes,
	    j->p.sign), 0);
	if (j->checkregs)
		job_regs(d, &j->cost.regs, 1);
	order = gemmorder_for(d, ar, j->sched[0], &j->cost, &norder);
	f = out_open(j->out, &tmp);
	emit(j, f, d, top, order, norder);
	out_close(f, j->out, tmp);
	arena_free(ar);
}

/* A plan beyond straight-line code: its codelets, built and simplified
 * one by one, printed with the plan around them (emit/plan.c). */
static void
plan(const Job *j)
{
	Dag *part[STANDALONE_MAXPART];
	Arena *ar;
	FILE *f;
	char *tmp;
	int kind[STANDALONE_MAXPART], size[STANDALONE_MAXPART], i, np;

	ar = arena_new();
	np = standalone_parts(j->p.n, kind, size);
	for (i = 0; i < np; i++)
		part[i] = simplify(j, kind[i] == CK_N1 ? fft_build(ar, size[i],
		    j->p.sign) : twiddle_build(ar, size[i], j->p.sign), 0);
	f = out_open(j->out, &tmp);
	standalone_c(f, j->p.n, j->p.sign, part, &j->e);
	out_close(f, j->out, tmp);
	arena_free(ar);
}

/* gemm --tile auto: the register-tile model's table, no codelet. */
static void
tiles(const Job *j)
{
	FILE *f;
	char *tmp;
	int mr, nr;

	f = out_open(j->out, &tmp);
	gemmtile_model(f, j->cost.regs, j->cost.gamma, j->vlen, j->p.k, &mr,
	    &nr);
	out_close(f, j->out, tmp);
}

/* kgen spills: build, simplify, then per schedule and per R an order,
 * Belady's counts, the bound, and what the compilers do with it. */
static void
spills(Job *j)
{
	Arena *ar;
	Dag *d;
	Table *t;
	FILE *f;
	char *tmp;

	ar = arena_new();
	d = simplify(j, build(j, ar), j->fma);
	job_regs(d, j->regs, j->nregs);
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
static void
report(Job *j)
{
	Arena *ar;
	Dag *d;
	FILE *f;
	char *tmp;

	ar = arena_new();
	d = simplify(j, build(j, ar), j->fma);
	j->report.cuda = compile_cuda;
	f = out_open(j->out, &tmp);
	report_print(f, d, &j->p, &j->report);
	out_close(f, j->out, tmp);
	arena_free(ar);
}

int
main(int argc, char **argv)
{
	Job j;

	out_stdfds();
	temp_signals();
	cli_parse(&j, argc, argv);
	/* with --fma, DFT algorithms are chosen by their fused counts */
	fft_fma(j.fma);
	switch (j.cmd) {
	case CMD_SPILLS: spills(&j); break;
	case CMD_REPORT: report(&j); break;
	case CMD_TILES: tiles(&j); break;
	default:
		if (j.emitter == EMITTER_PLAN)
			plan(&j);
		else
			generate(&j);
	}
	cli_free(&j);
	return 0;
}
