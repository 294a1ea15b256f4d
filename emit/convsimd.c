/* emit/convsimd.c: FIR codelets vectorized across outputs (kgen conv
 * --simd).  Where the scalar codelet (gen/conv.c, emit/c.c) writes one
 * DAG value per output, a vector here holds W consecutive outputs
 * y[i..i+W-1]: for a tap c_k it is c_k, broadcast, times the unaligned
 * load of x[i-k..i-k+W-1], so y = sum_k c_k x(i-k) is a chain of FMAs
 * (a multiplication and an addition without FMA) with no shuffle at
 * all.  Two kernels are printed with the taps as constants, each a
 * straight line: NAME_u makes U vectors a step (U independent chains,
 * enough to cover the FMA latency on the FP pipes), NAME_1 one vector
 * with two chains, for the end of a block; zero taps print nothing and
 * taps of +-1 an addition or subtraction.  Past UNROLL nonzero taps the
 * kernels loop over the taps array instead, so the code stays in the
 * instruction cache.  Around them (emit/tpl/convsimd.c): NAME_run for
 * any number of outputs (the last W-1 or fewer from a zero-padded copy
 * on the stack), the block entry with the scalar codelet's ABI (unit
 * strides through NAME_run, others through a loop over the taps), and
 * NAME_stream, whose first outputs, those that read the history, come
 * from a copy of the state and the first samples.  A correlation is the
 * convolution with the taps reversed and x moved to its last tap.
 * The multiplications and additions of one output are those of the
 * direct sum in tap order, so the error bound of the scalar codelet
 * (tests/test_conv.py) holds unchanged. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"

enum {
	UNROLL = 64,        /* most nonzero taps written out */
	U = 8               /* vectors a step of NAME_u */
};

typedef struct Cv Cv;
struct Cv {
	FILE *f;
	const Isa *isa;
	const Prob *p;
	const char *name;
	const char *t;      /* "double" or "float" */
	int isfloat;
	int w;              /* lanes */
	int nz;             /* nonzero taps */
	long double *c;     /* the taps, c[k] weighs x[i-k] */
	char v[16];         /* vector type, __m256d */
	char sfx[16];       /* helpers' suffix, avx2_d */
	int neon;           /* AArch64's NEON: arm_neon.h's intrinsics */
};

/* Accumulator a gains tap k times the load of x + off; first: a has no
 * value yet.  A tap of +-1 is an addition or a subtraction, any other
 * the constant ck, broadcast by the caller. */
static void
term(Cv *o, int a, int k, int off, int first)
{
	const char *s;
	char x[24];
	long double c;

	s = o->sfx;
	if (off < 0)
		snprintf(x, sizeof x, "x - %d", -off);
	else
		snprintf(x, sizeof x, "x + %d", off);
	c = o->c[k];
	fprintf(o->f, "\t\ta%d = ", a);
	if (c == 1 && first)
		fprintf(o->f, "kgen_cv_ld_%s(%s);\n", s, x);
	else if (c == -1 && first)
		fprintf(o->f, "kgen_cv_sub_%s(kgen_cv_zero_%s(),\n\t\t    "
		    "kgen_cv_ld_%s(%s));\n", s, s, s, x);
	else if (c == 1 || c == -1)
		fprintf(o->f, "kgen_cv_%s_%s(a%d, kgen_cv_ld_%s(%s));\n",
		    c == 1 ? "add" : "sub", s, a, s, x);
	else if (first)
		fprintf(o->f, "kgen_cv_mul_%s(c, kgen_cv_ld_%s(%s));\n",
		    s, s, x);
	else
		fprintf(o->f, "kgen_cv_fma_%s(c, kgen_cv_ld_%s(%s), "
		    "a%d);\n", s, s, x, a);
}

/* Opens kernel NAME_suffix and declares its nacc accumulators. */
static void
open_kernel(Cv *o, const char *suffix, int nacc)
{
	int a;

	fprintf(o->f, "static inline __attribute__((always_inline)) void\n"
	    "%s_%s(const %s *x, %s *y)\n{\n\t%s", o->name, suffix, o->t,
	    o->t, o->v);
	for (a = 0; a < nacc; a++)
		fprintf(o->f, "%s a%d", a ? "," : "", a);
	fputs(";\n", o->f);
}

/* Closes a kernel: chains 1.. added into chain 0 (nchain > 1, one
 * vector), then the nv vectors stored. */
static void
close_kernel(Cv *o, int nv, int nchain)
{
	int a;

	for (a = 1; a < nchain; a++)
		fprintf(o->f, "\ta0 = kgen_cv_add_%s(a0, a%d);\n", o->sfx, a);
	for (a = 0; a < nv; a++)
		fprintf(o->f, "\tkgen_cv_st_%s(y + %d, a%d);\n", o->sfx,
		    a * o->w, a);
	fputs("}\n\n", o->f);
}

/* A kernel with the taps written out: nv vectors (y[0 .. nv*W-1] from
 * x[-h .. nv*W-1]) in one chain each, or one vector in nchain chains,
 * the nonzero taps dealt to them in turn. */
static void
unrolled(Cv *o, const char *suffix, int nv, int nchain)
{
	int k, u, a, nacc, seen[U], dealt;

	nacc = nv > 1 ? nv : nchain;
	assert(nacc <= U);
	open_kernel(o, suffix, nacc);
	memset(seen, 0, sizeof seen);
	dealt = 0;
	for (k = 0; k < o->p->ntaps; k++) {
		if (o->c[k] == 0)
			continue;
		fputs("\t{\n", o->f);
		if (o->c[k] != 1 && o->c[k] != -1) {
			fprintf(o->f, "\t\tconst %s c = kgen_cv_set1_%s(",
			    o->v, o->sfx);
			num_print(o->f, o->c[k], o->isfloat);
			fputs(");\n\n", o->f);
		}
		for (u = 0; u < nv; u++) {
			a = nv > 1 ? u : dealt % nchain;
			term(o, a, k, u * o->w - k, !seen[a]);
			seen[a] = 1;
		}
		fputs("\t}\n", o->f);
		dealt++;
	}
	for (a = 0; a < nacc; a++)
		if (!seen[a])
			fprintf(o->f, "\ta%d = kgen_cv_zero_%s();\n", a,
			    o->sfx);
	close_kernel(o, nv, nv > 1 ? 1 : nchain);
}

/* The same kernel as a loop over the taps array NAME_h. */
static void
looped(Cv *o, const char *suffix, int nv, int nchain)
{
	const char *s;
	int a, d, u, off, nacc, step, ntaps;

	s = o->sfx;
	ntaps = o->p->ntaps;
	nacc = nv > 1 ? nv : nchain;
	step = nv > 1 ? 1 : nchain;
	open_kernel(o, suffix, nacc);
	fputs("\tptrdiff_t k;\n\n", o->f);
	for (a = 0; a < nacc; a++)
		fprintf(o->f, "\ta%d = kgen_cv_zero_%s();\n", a, s);
	fprintf(o->f, "\tfor (k = 0; k + %d <= %d; k += %d) {\n", step, ntaps,
	    step);
	/* vector u of nv reads x + uW - k; chain d of one vector tap k + d */
	for (u = 0; u < nacc; u++) {
		d = nv > 1 ? 0 : u;
		off = nv > 1 ? u * o->w : -d;
		fprintf(o->f, "\t\ta%d = kgen_cv_fma_%s(kgen_cv_set1_%s("
		    "%s_h[k + %d]),\n\t\t    kgen_cv_ld_%s(x %c %d - k), "
		    "a%d);\n", u, s, s, o->name, d, s, off < 0 ? '-' : '+',
		    off < 0 ? -off : off, u);
	}
	fputs("\t}\n", o->f);
	/* the taps left over by the chains of one vector */
	for (a = ntaps - ntaps % step; a < ntaps; a++)
		fprintf(o->f, "\ta0 = kgen_cv_fma_%s(kgen_cv_set1_%s(%s_h[%d]),"
		    " kgen_cv_ld_%s(x - %d), a0);\n", s, s, o->name, a, s, a);
	close_kernel(o, nv, nv > 1 ? 1 : nchain);
}

static void
header(Cv *o, const Emit *e)
{
	const Prob *p;
	char first[16];
	int h;

	p = o->p;
	h = p->ntaps - 1;
	fprintf(o->f, "/* Generated by kgen %s.  DO NOT EDIT.\n",
	    KGEN_VERSION);
	fprintf(o->f, " * Command: %s\n", e->cmd);
	if (p->correlate)
		fprintf(o->f, " * FIR correlation: y[i] = sum_j h[j] x[i+j] "
		    "for 0 <= i < %d, %d taps, %s,\n * %s.\n", p->n, p->ntaps,
		    o->t, o->isa->name);
	else
		fprintf(o->f, " * FIR filter (convolution): y[i] = sum_k h[k] "
		    "x[i-k] for 0 <= i < %d,\n * %d taps, %s, %s.\n", p->n,
		    p->ntaps, o->t, o->isa->name);
	fprintf(o->f, " * Per vector of %d outputs: %d nonzero taps, %s.\n",
	    o->w, o->nz, o->nz > UNROLL ? "a loop over the taps"
	    : "written out");
	fprintf(o->f, " *\n");
	snprintf(first, sizeof first, "%d", -h);
	if (p->correlate)
		tpl_print(o->f, "corrsimd_abi", (const Tplarg[]){
			TPL_S("name", o->name), TPL_S("t", o->t),
			TPL_N("n", p->n), TPL_N("last", p->n + h - 1),
			TPL_END});
	else
		tpl_print(o->f, "convsimd_abi", (const Tplarg[]){
			TPL_S("name", o->name), TPL_S("t", o->t),
			TPL_N("n", p->n), TPL_N("h", h),
			TPL_N("n1", p->n - 1), TPL_S("first", first),
			TPL_END});
	if (!p->correlate && h > 0)
		tpl_print(o->f, "conv_state", (const Tplarg[]){TPL_N("h", h),
			TPL_N("h1", h - 1), TPL_END});
	else if (!p->correlate)
		tpl_print(o->f, "conv_nostate", NULL);
	fputs(" *\n", o->f);
	tpl_print(o->f, "convsimd_how", (const Tplarg[]){
		TPL_S("isa", o->isa->upper), TPL_N("w", o->w),
		TPL_N("u", U), TPL_END});
	if (o->isa->bytes == 64 || o->neon)
		fputs(" * Products are added by FMA instructions.\n", o->f);
	else
		fputs(" * Products are added by FMA instructions where the "
		    "target has them\n * (-mfma), else by a multiplication "
		    "and an addition.\n", o->f);
	tpl_print(o->f, "convsimd_build", (const Tplarg[]){
		TPL_S("flags", o->isa->flags), TPL_S("hdr", isa_header(o->isa)),
		TPL_END});
	fputs(" */\n", o->f);
}

/* The stream's head in chunks of h outputs, at least uw and at most
 * 1024 (or uw, if more), a multiple of uw: one copy serves many kernel
 * steps, and the stack holds h + chunk samples. */
static int
chunk(int h, int uw)
{
	int c;

	c = h < 1024 ? h : 1024;
	c = (c + uw - 1) / uw * uw;
	return c > uw ? c : uw;
}

/* Prints the SIMD FIR codelet of p (kernels in e->simd's ISA). */
void
emitconv_simd(FILE *f, const Prob *p, const Emit *e)
{
	Cv o;
	char sfxu[16];
	int k, h;

	memset(&o, 0, sizeof o);
	o.f = f;
	o.p = p;
	o.isa = isa_get(e->simd);
	o.name = e->name;
	o.isfloat = e->isfloat;
	o.t = e->isfloat ? "float" : "double";
	o.w = isa_lanes(o.isa, e->isfloat);
	o.c = emalloc(p->ntaps * sizeof *o.c);
	for (k = 0; k < p->ntaps; k++) {
		o.c[k] = p->correlate ? p->taps[p->ntaps - 1 - k] : p->taps[k];
		o.nz += o.c[k] != 0;
	}
	o.neon = !strcmp(o.isa->arch, "aarch64");
	if (o.neon)
		snprintf(o.v, sizeof o.v, "float%dx%d_t", e->isfloat ? 32 : 64,
		    o.w);
	else
		snprintf(o.v, sizeof o.v, "__m%d%s", o.isa->bytes * 8,
		    e->isfloat ? "" : "d");
	snprintf(o.sfx, sizeof o.sfx, "%s_%c", o.isa->name, o.t[0]);
	snprintf(sfxu, sizeof sfxu, "%s_%c", o.isa->upper,
	    e->isfloat ? 'F' : 'D');
	h = p->ntaps - 1;
	header(&o, e);
	if (o.neon)
		tpl_print(f, "convsimd_helpers_neon", (const Tplarg[]){
			TPL_S("macro", o.isa->macro),
			TPL_S("isa", o.isa->upper), TPL_S("flags", o.isa->flags),
			TPL_S("sfxu", sfxu), TPL_S("sfx", o.sfx),
			TPL_S("v", o.v), TPL_S("t", o.t),
			TPL_S("s", e->isfloat ? "f32" : "f64"), TPL_END});
	else
		tpl_print(f, "convsimd_helpers", (const Tplarg[]){
			TPL_S("macro", o.isa->macro),
			TPL_S("isa", o.isa->upper), TPL_S("flags", o.isa->flags),
			TPL_S("sfxu", sfxu), TPL_S("sfx", o.sfx),
			TPL_S("v", o.v), TPL_S("t", o.t),
			TPL_S("pre", o.isa->pre),
			TPL_S("s", e->isfloat ? "ps" : "pd"),
			TPL_S("fmaon", o.isa->bytes == 64 ? "1"
			    : "defined(__FMA__)"), TPL_END});
	fprintf(f, "\nstatic const %s %s_h[%d] = {", o.t, o.name, p->ntaps);
	for (k = 0; k < p->ntaps; k++) {
		fputs(k % 4 ? " " : "\n\t", f);
		num_print(f, o.c[k], e->isfloat);
		fputc(',', f);
	}
	fputs("\n};\n\n", f);
	if (o.nz > UNROLL) {
		looped(&o, "u", U, 1);
		looped(&o, "1", 1, 2);
	} else {
		unrolled(&o, "u", U, 1);
		unrolled(&o, "1", 1, 2);
	}
	tpl_print(f, "convsimd_run", (const Tplarg[]){
		TPL_S("name", o.name), TPL_S("t", o.t), TPL_N("h", h),
		TPL_N("w", o.w), TPL_N("u", U), TPL_N("n", p->n),
		TPL_N("taps", p->ntaps), TPL_END});
	tpl_print(f, "convsimd_block", (const Tplarg[]){
		TPL_S("name", o.name), TPL_S("t", o.t), TPL_N("n", p->n),
		TPL_N("off", p->correlate ? h : 0), TPL_END});
	if (!p->correlate)
		tpl_print(f, "convsimd_stream", (const Tplarg[]){
			TPL_S("name", o.name), TPL_S("t", o.t),
			TPL_N("h", h), TPL_N("ch", chunk(h, U * o.w)),
			TPL_END});
	free(o.c);
}
