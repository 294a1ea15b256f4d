/* compile.c: the codelets kgen spills and kgen report hand to real
 * compilers.  The driver prints them here (emit/c.c, emit/cuda.c) and
 * passes the file or the text to sched/measure.c and sched/ptxas.c, so
 * that the analyses never call an emitter. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "all.h"
#include "driver.h"

/* d in order o as CUDA text (malloc'd) for ptxas, kernel kgen_ptxas. */
char *
compile_cuda(Dag *d, const Prob *p, const int *o, int n, int isfloat)
{
	Emit e;
	FILE *f;
	char *s;
	size_t len;

	memset(&e, 0, sizeof e);
	e.name = "kgen_ptxas";
	e.cmd = "kgen ptxas measurement";
	e.sched = "given";
	e.isfloat = isfloat;
	if (!(f = open_memstream(&s, &len)))
		die("cannot print CUDA to memory: %s", strerror(errno));
	emitcu_print(f, d, p, o, n, &e);
	if (fclose(f))
		die("cannot print CUDA to memory: %s", strerror(errno));
	return s;
}

/* kgen spills --measure asm: the spill loads and stores of kgen fft
 * --emit asm for order o at regs registers (AVX2 up to its 16, AVX-512
 * up to its 32: isa.def's counts), counted in its text by
 * verify/verify.c, which also proves it. */
static Measure
measure_asm(const Job *j, Dag *d, const int *o, int n, int regs,
    const Table *t)
{
	Measure m;
	Emit e;
	Vhead h;
	Vres r;
	FILE *f;
	char *s, msg[512];
	size_t len;

	memset(&m, 0, sizeof m);
	memset(&e, 0, sizeof e);
	e.simd = regs <= isa_get(SIMD_AVX2)->nreg ? SIMD_AVX2 : SIMD_AVX512;
	snprintf(m.flags, sizeof m.flags, "kgen fft --emit asm --simd %s "
	    "--regs %d --latency %d", isa_get(e.simd)->name, regs,
	    t->latency);
	if (regs > isa_get(e.simd)->nreg) {
		snprintf(m.why, sizeof m.why, "R > %d, the registers of %s",
		    isa_get(e.simd)->nreg, isa_get(e.simd)->name);
		return m;
	}
	if (!emitasm_fits(d)) {
		snprintf(m.why, sizeof m.why, "an FMA with two constants");
		return m;
	}
	e.name = "kgen_measured";
	e.cmd = j->line;
	e.sched = "measured";
	e.alloc = regs;
	e.latency = t->latency;
	e.fma = j->fma;
	if (!(f = open_memstream(&s, &len)))
		die("cannot print assembly to memory: %s", strerror(errno));
	alloc_emitasm(f, d, &j->p, CK_N1, o, n, &e);
	if (fclose(f))
		die("cannot print assembly to memory: %s", strerror(errno));
	if (!asmread_head(s, &h, msg, sizeof msg)
	    || verify_run(s, "(measured)", d, &h, &r, msg, sizeof msg))
		die("--measure asm: the assembly fails kgen verify: %s", msg);
	free(s);
	m.ok = 1;
	m.loads = r.loads;
	m.stores = r.stores;
	return m;
}

/* kgen spills --measure, a Measurer (job: the Job): row r of table t,
 * order o of d at regs registers, compiled by each compiler of t (C
 * written to a fresh temporary directory for measure_c, or CUDA text
 * for ptxas). */
void
compile_row(const void *job, Dag *d, const int *o, int n, int regs,
    const Table *t, Row *r)
{
	const Job *j = job;
	char dir[64], path[80], *text;
	FILE *f;
	Emit e;
	int i;

	strcpy(dir, "/tmp/kgen-spills-XXXXXX");
	if (!mkdtemp(dir))
		die("cannot make a temporary directory in /tmp: %s",
		    strerror(errno));
	temp_add(dir);
	snprintf(path, sizeof path, "%s/codelet.c", dir);
	temp_add(path);
	if (!(f = fopen(path, "w")))
		die("%s: cannot write: %s", path, strerror(errno));
	memset(&e, 0, sizeof e);
	e.name = "kgen_measured";
	e.cmd = j->line;
	e.sched = r->sched;
	e.regs = regs;
	/* a * b + c, as the compilers' FMA (or not) under their flags: an
	 * fma() call would be a library call where they lack FMA, and
	 * clobber every vector register */
	e.fmaexpr = 1;
	emit_c(f, d, &j->p, o, n, &e);
	if (fclose(f))
		die("%s: cannot write: %s", path, strerror(errno));
	for (i = 0; i < t->nmeas; i++) {
		if (!strcmp(t->meas[i], "asm")) {
			r->m[i] = measure_asm(j, d, o, n, regs, t);
			continue;
		}
		if (strcmp(t->meas[i], "ptxas")) {
			r->m[i] = measure_c(t->meas[i], path, regs);
			continue;
		}
		text = compile_cuda(d, &j->p, o, n, j->e.isfloat);
		r->m[i] = ptxas_spills(text, j->e.isfloat, j->arch ? j->arch
		    : "sm_80", regs);
		free(text);
	}
	remove(path);
	rmdir(dir);
	temp_drop(path);
	temp_drop(dir);
}
