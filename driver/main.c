/* main.c: the pipeline.  cli.c turns the command line into a checked
 * Job; then
 *   build (gen/fft.c, gemm.c, conv.c) -> simplify (dag/simp.c)
 *   -> order (sched/order.c, gemmorder.c) -> emit (emit/) -> write
 * for a codelet, or the same first steps followed by an analysis for
 * kgen spills (sched/belady.c, spills.c) and kgen report (report.c).
 * Nothing below calls back up: builders do not schedule, the scheduler
 * does not build or print, emitters get a finished DAG and its order. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
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
	if (j->kind == CK_N1C || j->kind == CK_N1X) {
		/* n1x: the sub-transforms, one a lane */
		fft_cxl(1);
		return fft_buildc(ar, p->n / (j->kind == CK_N1X ? j->lanes
		    : 1), p->sign);
	}
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
	case EMITTER_ASM: emitasm_print(f, d, p, j->kind, o, n, &j->e); break;
	case EMITTER_CXL: emitcxl_c(f, d, p, o, n, &j->e); break;
	case EMITTER_CXLX: emitcxl_x(f, d, p, o, n, &j->e); break;
	default: emit_c(f, d, p, o, n, &j->e);
	}
}

/* The DAG an assembly codelet's header names (n1, t1v or gemm), as kgen
 * fft or kgen gemm builds it (with --choose spills' top algorithm where
 * the header names one). */
static Dag *
asmdag(const Job *j, const Vhead *h, const char *file, Arena *ar)
{
	if (h->kind < 0)
		return simplify(j, gemm_build(ar, h->m / (isa_get(h->simd)->bytes
		    / 8), h->n, h->k, 1), h->fma);
	fft_fma(h->fma);
	if (h->top[0] && fft_settop(h->n, h->top) < 0)
		fail("verify %s: top=%s: not an algorithm of size %d", file,
		    h->top, h->n);
	if (h->kind == CK_T1V)
		return simplify(j, twiddle_build(ar, h->n, h->sign), h->fma);
	return simplify(j, fft_build(ar, h->n, h->sign), h->fma);
}

/* Checks text, the assembly of file, with verify/verify.c: exits 1 on a
 * failed check, 2 when it cannot be read; else returns the counts. */
static Vres
check(const Job *j, const char *text, const char *file)
{
	Arena *ar;
	Vhead h;
	Vres r;
	char msg[512];
	int rc;

	if (!asmread_head(text, &h, msg, sizeof msg))
		fail("verify %s: %s", file, msg);
	ar = arena_new();
	rc = verify_run(text, file, asmdag(j, &h, file, ar), &h, &r, msg,
	    sizeof msg);
	arena_free(ar);
	if (rc == 2)
		fail("verify %s", msg);
	if (rc)
		die("verify %s", msg);
	return r;
}

/* kgen verify FILE.s: the validator on an assembly codelet. */
static void
verify(const Job *j)
{
	char *text;
	Vres r;

	text = asmread_load(j->file);
	r = check(j, text, j->file);
	printf("%s: ok: every output is the DAG's; %d kernel instructions, "
	    "%d spill loads, %d spill stores, %ld stalls\n", j->file,
	    r.instrs, r.loads, r.stores, r.stalls);
	free(text);
	if (fflush(stdout) || ferror(stdout))
		fail("verify: cannot write: %s", strerror(errno));
}

/* kgen fft, gemm and conv: build, simplify, order, emit, write. */
static void
generate(Job *j)
{
	Cost k;
	Arena *ar;
	Dag *d, *top;
	FILE *f, *mf;
	char *tmp, *text;
	int *order, norder;
	size_t len;

	text = 0;
	ar = arena_new();
	if (j->choose) {
		/* the spills are counted in the order the codelet gets, made
		 * as it is made (R, latency, store cost), at its R */
		k = j->cost;
		k.regs = j->e.topregs;
		fft_spills(j->p.n, j->sched[0], &k);
	}
	d = simplify(j, build(j, ar), j->fma);
	if (j->choose)
		j->e.top = fft_top(j->p.n, j->top, sizeof j->top);
	/* n1w's top step is a radix-VL twiddle codelet of its own */
	top = j->kind != CK_N1W ? 0 : simp_run(twiddle_build(ar, j->lanes,
	    j->p.sign), 0);
	if (j->checkregs)
		job_regs(d, &j->cost.regs, 1);
	order = gemmorder_for(d, ar, j->sched[0], &j->cost, &norder);
	if (j->emitter == EMITTER_ASM && !emitasm_fits(d))
		fail("--emit asm: an FMA of this DAG has two constant operands, "
		    "which no x86 FMA takes; drop --fma");
	if (j->verify) {
		/* emitted to memory and checked before it is written */
		if (!(mf = open_memstream(&text, &len)))
			die("cannot print to memory: %s", strerror(errno));
		emit(j, mf, d, top, order, norder);
		if (fclose(mf))
			die("cannot print to memory: %s", strerror(errno));
		check(j, text, j->out ? j->out : "(stdout)");
	}
	f = out_open(j->out, &tmp);
	if (j->verify)
		fputs(text, f);
	else
		emit(j, f, d, top, order, norder);
	out_close(f, j->out, tmp);
	free(text);
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
static void
report(Job *j)
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

#ifdef __GLIBC__
	/* The search schedule runs Belady's MIN thousands of times, each
	 * run in a fresh arena of a megabyte or two.  glibc would hand that
	 * memory back to the kernel and fault it in again every time: keep
	 * it (n = 256, R = 16: 16 s of CPU down to 3). */
	mallopt(M_MMAP_THRESHOLD, 64 << 20);
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
	out_stdfds();
	temp_signals();
	cli_parse(&j, argc, argv);
	/* with --fma, DFT algorithms are chosen by their fused counts */
	fft_fma(j.fma);
	switch (j.cmd) {
	case CMD_SPILLS: spills(&j); break;
	case CMD_REPORT: report(&j); break;
	case CMD_TILES: tiles(&j); break;
	case CMD_VERIFY: verify(&j); break;
	default:
		if (j.emitter == EMITTER_PLAN)
			plan(&j);
		else
			generate(&j);
	}
	cli_free(&j);
	return 0;
}
