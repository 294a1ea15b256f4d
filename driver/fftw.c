/* driver/fftw.c: kgen fft --emit fftw, a codelet file of FFTW 3.3.10's
 * tree (emit/fftw.c).  job_fftw checks the options: the family (--kind,
 * FFTW's prefix), -n within the builder's range, and the schedule, which
 * by default is blocked for R = 16 registers (x86-64's SSE and AVX2
 * register file, the smallest FFTW's x86 builds use; --regs for
 * another); --list names FFTW's files instead.  fftw_generate runs the
 * pipeline twice, as genfft writes two forms: the DAG built and
 * simplified with FMA contraction, then without, each ordered by the
 * schedule with the stores after the last load (stores_last), then
 * prints the file. */
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "driver.h"

/* The checks of kgen fft --emit fftw. */
void
job_fftw(Job *j, Opts *o)
{
	const Fftwfam *m;
	char buf[64];

	j->emitter = EMITTER_FFTW;
	if (o->list) {
		opt_only(o, "fft --emit fftw --list", "--emit --list -o");
		return;
	}
	opt_only(o, "fft --emit fftw", "-n --kind --emit --schedule --regs "
	    "--latency --gamma -o -d");
	if (!o->famname)
		fail("--emit fftw: give the family, --kind NAME as FFTW's file "
		    "prefix (n1, t1, r2cf, ...; --list names them all)");
	if (!(m = fftw_find(o->famname))) {
		fprintf(stderr, "kgen: --kind %s: not a family --emit fftw "
		    "writes; expected one of ", o->famname);
		fftw_names(stderr);
		fputc('\n', stderr);
		exit(2);
	}
	if (!o->seen_n)
		fail("--emit fftw: -n N is required (FFTW's %s sizes: %s)",
		    m->name, m->sizes);
	if (o->p.n < m->minn || o->p.n > m->maxn)
		fail("-n %d: %s codelets are made for %d <= n <= %d", o->p.n,
		    m->name, m->minn, m->maxn);
	j->fam = m;
	o->p.kind = PROB_FFT;
	o->p.sign = m->sign;
	snprintf(j->name, sizeof j->name, "%s_%d", m->name, o->p.n);
	o->name = NULL;
	j->sched[0] = o->sched ? order_find(o->sched) : SCHED_BLOCKED;
	if (j->sched[0] < 0)
		fail("--schedule %s: expected naive, build, co, blocked or "
		    "search", o->sched);
	j->cost.regs = 16;
	if (o->regs)
		opt_regs(o->regs, 1, SPILLS_MAXR, &j->cost.regs, 1,
		    "one register count");
	if (j->sched[0] == SCHED_BLOCKED || j->sched[0] == SCHED_SEARCH) {
		j->checkregs = 1;
		j->e.regs = j->cost.regs;
		snprintf(buf, sizeof buf, "%s, R = %d",
		    order_names[j->sched[0]], j->cost.regs);
		if (o->latency)
			snprintf(buf + strlen(buf), sizeof buf - strlen(buf),
			    ", L = %d", o->latency);
		if (o->gamma != 1)
			snprintf(buf + strlen(buf), sizeof buf - strlen(buf),
			    ", a store costs %g loads", o->gamma);
		snprintf(j->schedname, sizeof j->schedname, "%s", buf);
	} else {
		if (o->regs || o->latency || o->gamma != 1)
			fail("%s: only --schedule blocked or search depends on R "
			    "and the cost model", o->regs ? "--regs" : o->latency
			    ? "--latency" : "--gamma");
		snprintf(j->schedname, sizeof j->schedname, "%s",
		    order_names[j->sched[0]]);
	}
	j->e.sched = j->schedname;
}

/* Family m's DAG at size n, from builder context g (FMA or not). */
static Dag *
build(const Fftwfam *m, Fft *g, Arena *ar, int n)
{
	switch (m->build) {
	case FB_N1: return fft_n1(g, ar, n, m->sign);
	case FB_T1: return twiddle_build(g, ar, n, m->sign);
	case FB_R2CF: return real_build(g, ar, n, 0);
	case FB_R2CB: return real_build(g, ar, n, 1);
	case FB_N1C: return twiddlec_pick(g, ar, n, m->sign, 0);
	case FB_T1C: return twiddlec_pick(g, ar, n, m->sign, 1);
	case FB_HC2CFDFTC: return twiddlec_factor(twiddlec_hc2cdft(g, ar,
	    n, 0));
	case FB_HC2CBDFTC: return twiddlec_factor(twiddlec_hc2cdft(g, ar,
	    n, 1));
	case FB_R2CFII: return realshift_build(g, ar, n, 0);
	case FB_R2CBIII: return realshift_build(g, ar, n, 1);
	case FB_E10: return realshift_dct(g, ar, n, 0);
	case FB_E01: return realshift_dct(g, ar, n, 1);
	case FB_Q1: return twidsq_build(g, ar, n, m->sign, 0);
	case FB_Q1C: return twiddlec_factor(twidsq_build(g, ar, n, m->sign,
	    1));
	}
	if (hc2c_is(m->build))
		return hc2c_build(g, ar, m->build, n);
	die("--emit fftw: family %s has no builder", m->name);
}

/* FFTW calls a codelet in place with any strides when it computes one
 * transform (rdft/direct-r2c.c: "vl == 1"), so no output may be stored
 * before the last input is loaded.  A DFT's outputs each depend on every
 * input, so n1 and t1 orders keep it anyway; a real DFT's do not
 * (r2cf_4's Cr[1] = x0 - x2).  Moves the stores that come before the
 * last load of order o (n entries, of d) to just after it: a store has
 * no users, so the order stays topological. */
static int *
stores_last(Dag *d, const int *o, int n, Arena *ar)
{
	int *r, last, i, k;

	last = -1;
	for (i = 0; i < n; i++)
		if (d->node[o[i]].op == OP_LOAD)
			last = i;
	r = arena_alloc(ar, (n + 1) * sizeof *r);
	k = 0;
	for (i = 0; i <= last; i++)
		if (d->node[o[i]].op != OP_STORE)
			r[k++] = o[i];
	for (i = 0; i <= last; i++)
		if (d->node[o[i]].op == OP_STORE)
			r[k++] = o[i];
	for (i = last + 1; i < n; i++)
		r[k++] = o[i];
	return r;
}

/* Builds, simplifies and orders both forms, then prints the file. */
void
fftw_generate(const Job *j)
{
	Fftwform fm[2];
	Arena *ar;
	Fftopt opt;
	FILE *f;
	char *tmp;
	int *o, k;

	if (!j->fam) {
		f = out_open(j->out, &tmp);
		fftw_list(f);
		out_close(f, j->out, tmp);
		return;
	}
	ar = arena_new();
	for (k = 0; k < 2; k++) {
		memset(&opt, 0, sizeof opt);
		opt.fma = fm[k].fma = k == 0;
		opt.cxl = j->fam->build == FB_N1C || j->fam->build == FB_T1C
		    || j->fam->build == FB_HC2CFDFTC
		    || j->fam->build == FB_HC2CBDFTC
		    || j->fam->build == FB_Q1C;
		fm[k].d = build_simp(j, build(j->fam, fft_new(ar, &opt), ar,
		    j->p.n), fm[k].fma);
		if (j->checkregs)
			job_regs(fm[k].d, &j->cost.regs, 1);
		o = gemmorder_for(fm[k].d, ar, j->sched[0], &j->cost,
		    &fm[k].n);
		fm[k].o = stores_last(fm[k].d, o, fm[k].n, ar);
	}
	f = out_open(j->out, &tmp);
	emitfftw(f, j->fam, j->p.n, fm, &j->e);
	out_close(f, j->out, tmp);
	arena_free(ar);
}
