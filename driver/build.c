/* build.c: the builders and the simplifier as a Job asks for them.
 * build_fft makes the DFT builders' options from the Job (gen/fft.c's
 * Fftopt) and, for --choose spills, supplies the cost they choose by: the
 * spills of a candidate DAG in the order the codelet will get, which
 * this file computes with the scheduler and Belady's MIN, so that no
 * builder schedules.  build_dag picks the builder of the problem and
 * codelet kind; build_simp runs the simplifier with -d's dumps;
 * build_asm rebuilds the DAG an assembly codelet's header names, for
 * kgen verify. */
#include <string.h>
#include "all.h"
#include "driver.h"

/* What the codelet's order is made for, for the spills of --choose */
typedef struct Topcost Topcost;
struct Topcost {
	int sched;      /* SCHED_* */
	Cost k;         /* R, latency, store cost */
};

/* Fftopt.spills: Belady's spill loads plus stores of d at k.regs
 * registers in the order schedule sched makes for k; -1 where one step
 * of d reads more values than that. */
static long
spills(void *ctx, Dag *d)
{
	const Topcost *t;
	const int *o;
	Spill s;
	int n;

	t = ctx;
	if (belady_minregs(d) > t->k.regs)
		return -1;
	o = order_for(d, d->ar, t->sched, &t->k, &n);
	s = belady_run(d, o, n, t->k.regs, t->k.latency);
	return (long)s.loads + s.stores;
}

/* The DFT builders' context for j, in ar: counts after FMA contraction
 * with --fma, complex-lane DAGs for n1c and n1x, and with --choose
 * spills the codelet's size chosen by its spills too, counted in the
 * order the codelet gets, made as it is made (R, latency, store cost)
 * at the R it is chosen for. */
Fft *
build_fft(const Job *j, Arena *ar)
{
	Fftopt o;
	Topcost *t;

	memset(&o, 0, sizeof o);
	o.fma = j->fma;
	o.cxl = j->kind == CK_N1C || j->kind == CK_N1X;
	if (j->choose) {
		t = arena_alloc(ar, sizeof *t);
		t->sched = j->sched[0];
		t->k = j->cost;
		t->k.regs = j->e.topregs;
		o.topn = j->p.n;
		o.spills = spills;
		o.ctx = t;
	}
	return fft_new(ar, &o);
}

/* The DAG of j's problem, as its builder states it (g: build_fft's). */
Dag *
build_dag(const Job *j, Fft *g, Arena *ar)
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
		return twiddle_build(g, ar, p->n, p->sign);
	if (j->kind == CK_R2CF || j->kind == CK_R2CB)
		return real_build(g, ar, p->n, j->kind == CK_R2CB);
	if (j->kind == CK_N1C || j->kind == CK_N1X)  /* n1x: one a lane */
		return fft_n1c(g, ar, p->n / (j->kind == CK_N1X ? j->lanes
		    : 1), p->sign);
	/* n1w's leaf: one DFT a lane */
	return fft_n1(g, ar, p->n / (j->kind == CK_N1W ? j->lanes : 1),
	    p->sign);
}

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
Dag *
build_simp(const Job *j, Dag *d, int fma)
{
	dump(j, d, "build");
	d = simp_run(d, fma);
	dump(j, d, "simp");
	return d;
}

/* The DAG an assembly codelet's header h names (n1, t1v or gemm), as
 * kgen fft or kgen gemm builds and simplifies it (with --choose spills'
 * top algorithm where the header names one). */
Dag *
build_asm(const Job *j, const Vhead *h, const char *file, Arena *ar)
{
	Fftopt o;
	Fft *g;

	if (h->kind < 0)
		return build_simp(j, gemm_build(ar, h->m
		    / isa_lanes(isa_get(h->simd), 0), h->n, h->k, 1), h->fma);
	memset(&o, 0, sizeof o);
	o.fma = h->fma;
	g = fft_new(ar, &o);
	if (h->top[0] && fft_settop(g, h->n, h->top) < 0)
		fail("verify %s: top=%s: not an algorithm of size %d", file,
		    h->top, h->n);
	if (h->kind == CK_T1V)
		return build_simp(j, twiddle_build(g, ar, h->n, h->sign),
		    h->fma);
	return build_simp(j, fft_n1(g, ar, h->n, h->sign), h->fma);
}
