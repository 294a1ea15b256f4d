/* main.c: the pipeline.  For a codelet, in order:
 *   parse (cli.c, job.c: the command line into one checked Job)
 *   -> build (gen/ through build.c: the DAG; the builders' options and
 *      their cost callback come from the Job)
 *   -> simplify (dag/simp.c) -> schedule (sched/order.c, gemmorder.c)
 *   -> allocate (x86/asm.c's registers, for --emit asm)
 *   -> emit (emit/, x86/) -> verify (validate.c, for --verify) -> write.
 * kgen spills, report and gemm --tile auto analyse instead of emitting
 * (analyse.c); kgen verify runs the validator alone (validate.c).
 * Nothing below calls back up: builders do not schedule, the scheduler
 * does not build or print, emitters get a finished DAG and its order. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include "all.h"
#include "driver.h"

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
	case EMITTER_ASM: alloc_emitasm(f, d, p, j->kind, o, n, &j->e); break;
	case EMITTER_CXL: emitcxl_c(f, d, p, o, n, &j->e); break;
	case EMITTER_CXLX: emitcxl_x(f, d, p, o, n, &j->e); break;
	default: emit_c(f, d, p, o, n, &j->e);
	}
}

/* kgen fft, gemm and conv: build, simplify, order, emit, verify,
 * write. */
static void
generate(Job *j)
{
	Arena *ar;
	Fft *g;
	Dag *d, *top;
	FILE *f, *mf;
	char *tmp, *text;
	int *order, norder;
	size_t len;

	text = 0;
	ar = arena_new();
	/* build and simplify; --choose spills: the top algorithm too */
	g = build_fft(j, ar);
	d = build_simp(j, build_dag(j, g, ar), j->fma);
	if (j->choose)
		j->e.top = fft_top(g, j->p.n, j->top, sizeof j->top);
	/* n1w's top step is a radix-VL twiddle codelet of its own */
	top = j->kind != CK_N1W ? 0 : simp_run(twiddle_build(g, ar, j->lanes,
	    j->p.sign), 0);
	/* schedule */
	if (j->checkregs)
		job_regs(d, &j->cost.regs, 1);
	order = gemmorder_for(d, ar, j->sched[0], &j->cost, &norder);
	/* allocate: --emit asm's registers, by the pass alloc_emitasm runs
	 * for each print (regalloc_asm) */
	if (j->emitter == EMITTER_ASM && !emitasm_fits(d))
		fail("--emit asm: an FMA of this DAG has two constant operands, "
		    "which no x86 FMA takes; drop --fma");
	/* emit; with --verify to memory, checked before it is written */
	if (j->verify) {
		if (!(mf = open_memstream(&text, &len)))
			die("cannot print to memory: %s", strerror(errno));
		emit(j, mf, d, top, order, norder);
		if (fclose(mf))
			die("cannot print to memory: %s", strerror(errno));
		validate_text(j, text, j->out ? j->out : "(stdout)");
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

/* A standalone plan: its codelets, built and simplified one by one
 * (with FMA contraction in the SIMD section), printed with the plan
 * around them (emit/plan.c). */
static void
plan(const Job *j)
{
	Dag *part[STANDALONE_MAXPART];
	Arena *ar;
	Fftopt o;
	Fft *g[2];
	FILE *f;
	char *tmp;
	int kind[STANDALONE_MAXPART], size[STANDALONE_MAXPART];
	int fma[STANDALONE_MAXPART], i, np;

	ar = arena_new();
	memset(&o, 0, sizeof o);
	g[0] = fft_new(ar, &o);
	o.fma = 1;
	g[1] = fft_new(ar, &o);
	np = standalone_parts(j->p.n, j->plansimd, j->e.isfloat, kind, size,
	    fma);
	for (i = 0; i < np; i++)
		part[i] = build_simp(j, kind[i] == CK_T1 || kind[i] == CK_T1V
		    ? twiddle_build(g[fma[i]], ar, size[i], j->p.sign)
		    : fft_n1(g[fma[i]], ar, size[i], j->p.sign), fma[i]);
	f = out_open(j->out, &tmp);
	standalone_c(f, j->p.n, j->p.sign, part, &j->e, j->plansimd);
	out_close(f, j->out, tmp);
	arena_free(ar);
}

/* kgen conv --simd and --type q15|q31, kgen fft --type q15|q31:
 * printed from the problem, with no DAG. */
static void
fromprob(const Job *j)
{
	FILE *f;
	char *tmp;

	f = out_open(j->out, &tmp);
	if (j->emitter == EMITTER_CONV)
		emitconv_simd(f, &j->p, &j->e);
	else if (j->p.kind == PROB_CONV)
		emitfix_conv(f, &j->p, &j->e);
	else
		emitfix_fft(f, &j->p, &j->e);
	out_close(f, j->out, tmp);
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
	switch (j.cmd) {
	case CMD_SPILLS: analyse_spills(&j); break;
	case CMD_REPORT: analyse_report(&j); break;
	case CMD_TILES: analyse_tiles(&j); break;
	case CMD_VERIFY: validate_file(&j); break;
	default:
		if (j.emitter == EMITTER_FFTW)
			fftw_generate(&j);
		else if (j.emitter == EMITTER_PLAN)
			plan(&j);
		else if (j.emitter == EMITTER_CONV
		    || j.emitter == EMITTER_FIXED)
			fromprob(&j);
		else
			generate(&j);
	}
	cli_free(&j);
	return 0;
}
