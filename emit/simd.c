/* emit/simd.c: n1 codelets that vectorize across the batch.  Lane l of a
 * vector holds transform j + l, so one DAG value is one vector register
 * and the register analysis of sched/ holds unchanged (docs/design.md counts a
 * vector of independent transforms as one value).  The statements keep
 * the given order, as in emit/c.c, in two bodies:
 *   direct: interleaved data with adjacent elements (ii == ri + 1,
 *     io == ro + 1, is == os == 2), the layout of FFTW's batched plans,
 *     any batch strides.  Each (re, im) pair is one 16- or 8-byte access
 *     at a constant offset, and the pairs of VL transforms are transposed
 *     into a vector of real parts and one of imaginary parts with one
 *     in-lane shuffle per vector (FFTW's n1fv codelets load the same
 *     pairs but keep them complex, which costs shuffles in every complex
 *     multiplication instead).  A pair is loaded when the order first
 *     reads either half and stored once the order has made both, so every
 *     store still follows the loads of its slot and in place stays safe;
 *   buffered: any other layout, and the v mod VL transforms left over.
 *     VL transforms (the rest zero) are packed into an array of vectors
 *     (by pairs when the data are interleaved, either way round, as
 *     kgen_dft's backward transform passes them),
 *     a kernel holding the same statements runs on it in place, and the
 *     results are unpacked: the copies cost little beside the arithmetic
 *     and keep one compiled copy of the statements for every layout.
 * Arithmetic uses GCC/Clang vector extensions; FMAs use the ISA's
 * intrinsics when the compiler targets FMA, else a * b + c.  The helpers
 * those bodies call (loads, stores, transposes, packing, FMAs) are real
 * C in emit/simd/: types.h, sse2.h, avx2.h and avx512.h with the
 * templates they include, tested on their own; the build turns them into
 * simdtext[], which is printed into each codelet.
 * The code printed around the statements is C in emit/tpl/simd.c
 * (emit/tpl.c). */
#include <assert.h>
#include <string.h>
#include "all.h"
#include "simdtext.h"     /* simdtext[]: the headers of emit/simd/ */

enum { PATH_DIRECT, PATH_BUF };

typedef struct Out Out;
struct Out {
	Printer p;          /* first: the Printer's hooks cast it to Out */
	const Isa *isa;
	int vl;             /* lanes */
	const char *t;      /* "double" or "float" */
	char v[32];         /* vector type, e.g. kgen_d4 */
	char sfx[32];       /* helper suffix, e.g. avx2_d */
	char fma[3][64];    /* FMA formats: kgen_fma_avx2_d(%0, %1, %2) */
	const char *opfmt[NOP];     /* the Printer's formats: the FMAs */
	int path;           /* PATH_* of the body being printed */
	int *inmate;        /* load slot -> the other half's load node */
	int *outmate;       /* store slot -> the other half's store slot */
	int *stored;        /* store slot already reached in this body */
	int *storenode;     /* store slot -> its node */
	int *innode;        /* load slot -> its node, -1 when dead */
	int grouped;        /* the direct body moves groups (grouptab) */
	int *gfirst;        /* element -> first element of its group */
	int *glen;          /* element -> its group's size, 0: a pair */
	int *gof;           /* node -> its slot when it is in a group */
};

/* Where the direct body moves groups of adjacent elements (kgen_ldgG:
 * rows of G elements, transposed in registers) rather than pairs: the
 * ISAs where pairs cost the most instructions, with the group sizes,
 * largest first, that the elements are cut into. */
static const struct {
	const char *sfx;
	int size[3];        /* 0 ends the list */
} grouptab[] = {
	{"avx512_d", {4, 2, 0}}, {"avx2_f", {4, 2, 0}},
	{"avx512_f", {8, 2, 0}},
};

/* Where slot s lives: element j of an n1 DAG, as a constant offset in
 * interleaved data (adjacent elements, is == 2) or as an index into the
 * buffer of the kernel (real part at 2j, imaginary part at 2j + 1). */
static int
place(Out *o, const Slot *s)
{
	assert(s->i == 0 && "n1 slots are element j of an array");
	if (o->path == PATH_DIRECT)
		return 2 * s->j;
	return 2 * s->j + (s->arr & 1);
}

/* The Printer's var hook: constants by name (K<k>, a vector declared
 * once per function), and in the direct body the values loaded with a
 * group as the group's vectors. */
static int
var(Printer *p, int id)
{
	Out *o;
	Node *n;
	int k;

	o = (Out *)p;
	n = &p->d->node[id];
	if (n->op == OP_CONST) {
		fprintf(p->f, "K%d", n->k);
		return 1;
	}
	if (o->path == PATH_DIRECT && o->gof[id] >= 0) {
		k = o->gfirst[o->gof[id] / 2];
		fprintf(p->f, "L%d[%d]", k, o->gof[id] - 2 * k);
		return 1;
	}
	return 0;
}

/* The Printer's load hook, for the buffered body: a vector of x. */
static void
bufload(Printer *p, const Slot *s)
{
	fprintf(p->f, "x[%d]", place((Out *)p, s));
}

/* The first element of the group of element j in the direct body, or
 * -1 when j moves as a pair. */
static int
group(Out *o, int j)
{
	return o->grouped && o->glen[j] ? o->gfirst[j] : -1;
}

static void
load(Out *o, int id)
{
	Printer *p;
	Node *n;
	Slot *s;
	int lo, hi, g, k;

	p = &o->p;
	n = &p->d->node[id];
	s = &p->d->in[n->k];
	if (p->name[id] >= 0 || o->gof[id] >= 0)
		return;     /* loaded with its other half or its group */
	if ((g = group(o, s->j)) >= 0) {
		for (k = 0; k < 2 * o->glen[g]; k++) {
			lo = o->innode[2 * g + k];
			assert(lo >= 0 && "an n1 DAG reads every input");
			o->gof[lo] = 2 * g + k;
		}
		fprintf(p->f, "%s%s L%d[%d];\n", p->tab, o->v, g,
		    2 * o->glen[g]);
		fprintf(p->f, "%skgen_ldg%d_%s(ri + %d, ivs, L%d);\n", p->tab,
		    o->glen[g], o->sfx, 2 * g, g);
		return;
	}
	lo = s->arr == 0 ? id : o->inmate[n->k];
	hi = s->arr == 0 ? o->inmate[n->k] : id;
	p->name[lo] = p->next++;
	p->name[hi] = p->next++;
	fprintf(p->f, "%s%s T%d, T%d;\n", p->tab, o->v, p->name[lo],
	    p->name[hi]);
	fprintf(p->f, "%skgen_%s_%s(ri + %d, ivs, &T%d, &T%d);\n", p->tab,
	    o->grouped && p->isfloat ? "ldn" : "ldi", o->sfx, place(o, s),
	    p->name[lo], p->name[hi]);
}

/* The Printer's store hook: in the buffered body a vector of x, in the
 * direct body a pair or a group once all its values are made. */
static void
store(Printer *p, int id)
{
	Out *o;
	Node *n;
	Slot *s;
	int mate, lo, hi, g, k;

	o = (Out *)p;
	n = &p->d->node[id];
	s = &p->d->out[n->k];
	if (o->path == PATH_BUF) {
		fprintf(p->f, "%sx[%d] = ", p->tab, place(o, s));
		emit_operand(p, n->a[0]);
		fputs(";\n", p->f);
		return;
	}
	o->stored[n->k] = 1;
	if ((g = group(o, s->j)) >= 0) {
		for (k = 0; k < 2 * o->glen[g]; k++)
			if (!o->stored[2 * g + k])
				return;     /* stored with its group, later */
		fprintf(p->f, "%s{\n", p->tab);
		fprintf(p->f, "%s\tconst %s y[%d] = {", p->tab, o->v,
		    2 * o->glen[g]);
		for (k = 0; k < 2 * o->glen[g]; k++) {
			if (k)
				fputs(k % 4 ? ", " : ",\n\t\t\t    ", p->f);
			mate = o->storenode[2 * g + k];
			emit_operand(p, p->d->node[mate].a[0]);
		}
		tpl_print(p->f, "simd_stg", (const Tplarg[]){
			TPL_S("tab", p->tab), TPL_N("g", o->glen[g]),
			TPL_S("sfx", o->sfx), TPL_N("off", 2 * g), TPL_END});
		return;
	}
	mate = o->outmate[n->k];
	if (!o->stored[mate])
		return;     /* stored with its other half, later */
	lo = s->arr == 2 ? id : o->storenode[mate];
	hi = s->arr == 2 ? o->storenode[mate] : id;
	fprintf(p->f, "%skgen_%s_%s(ro + %d, ovs, ", p->tab,
	    o->grouped && p->isfloat ? "stn" : "sti", o->sfx, place(o, s));
	emit_operand(p, p->d->node[lo].a[0]);
	fputs(", ", p->f);
	emit_operand(p, p->d->node[hi].a[0]);
	fputs(");\n", p->f);
}

/* Node id's statement; a load in the direct body moves its pair or
 * group, or nothing when an earlier load did. */
static void
statement(Out *o, int id)
{
	if (o->path == PATH_DIRECT && o->p.d->node[id].op == OP_LOAD)
		load(o, id);
	else
		emit_statement(&o->p, id);
}

/* One body: the statements of the order in the given path. */
static void
body(Out *o, const int *order, int norder, int path, const char *ind)
{
	int i;

	o->path = path;
	o->p.tab = ind;
	o->p.next = 0;
	memset(o->p.name, -1, (o->p.d->nnode + 1) * sizeof *o->p.name);
	memset(o->stored, 0, (o->p.d->nout + 1) * sizeof *o->stored);
	memset(o->gof, -1, (o->p.d->nnode + 1) * sizeof *o->gof);
	for (i = 0; i < norder; i++)
		statement(o, order[i]);
}

/* Prints every piece of the headers in emit/simd/ called name: a type,
 * the prelude, or the helpers of one ISA and precision; returns how
 * many. */
static int
pieces(FILE *f, const char *name)
{
	size_t i;
	int k;

	for (i = k = 0; i < sizeof simdtext / sizeof simdtext[0]; i++)
		if (!strcmp(simdtext[i][0], name)) {
			if (f)
				fputs(simdtext[i][1], f);
			k++;
		}
	return k;
}

static void
piece(FILE *f, const char *name)
{
	int k;

	k = pieces(f, name);
	assert(k && "emit/simd/ has every piece the emitter names");
}

/* The helpers a codelet of this ISA and type uses (emit/simd/types.h,
 * then the ISA's header), each guarded to be defined once per
 * translation unit: the ISA's own prelude (neon_prelude) where it has
 * one, else the x86 one (types.h's prelude). */
static void
helpers(Out *o)
{
	char t[32];
	int n;

	tpl_print(o->p.f, "simd_guard", (const Tplarg[]){
		TPL_S("macro", o->isa->macro), TPL_S("isa", o->isa->name),
		TPL_S("flags", o->isa->flags), TPL_END});
	snprintf(t, sizeof t, "%s_prelude", o->isa->name);
	piece(o->p.f, pieces(0, t) ? t : "prelude");
	piece(o->p.f, "inline");
	for (n = 2; n <= o->vl; n *= 2) {
		snprintf(t, sizeof t, "%c%d", o->t[0], n);
		piece(o->p.f, t);
	}
	fputc('\n', o->p.f);
	piece(o->p.f, o->sfx);
}

static void
header(Out *o, const Prob *p, const Emit *e)
{
	Count c;

	c = dag_count(o->p.d);
	fprintf(o->p.f, "/* Generated by kgen %s.  DO NOT EDIT.\n",
	    KGEN_VERSION);
	fprintf(o->p.f, " * Command: %s\n", e->cmd);
	fprintf(o->p.f, " * n1 codelet: DFT of size %d, sign %d (%s), %s, "
	    "%s.\n", p->n, p->sign, p->sign < 0 ? "forward" : "backward",
	    o->t, o->isa->name);
	fprintf(o->p.f, " * %d additions, %d multiplications, %d FMAs, "
	    "%d negations,\n", c.add, c.mul, c.fma, c.neg);
	fprintf(o->p.f, " * %d constants, %d loads, %d stores (vectors).\n",
	    c.con, c.load, c.store);
	if (e->regs > 0)
		fprintf(o->p.f, " * Schedule: %s, ordered for R = %d "
		    "registers.\n", e->sched, e->regs);
	else
		fprintf(o->p.f, " * Schedule: %s (independent of R).\n",
		    e->sched);
	if (e->top)
		fprintf(o->p.f, " * Algorithm at the top: %s, chosen by its "
		    "operations and spills at R = %d\n * (--choose spills).\n",
		    e->top, e->topregs);
	fprintf(o->p.f, " *\n");
	tpl_print(o->p.f, "n1_abi", (const Tplarg[]){TPL_S("name", e->name),
		TPL_S("t", o->t), TPL_N("n", p->n),
		TPL_S("sign", p->sign < 0 ? "-" : "+"), TPL_END});
	tpl_print(o->p.f, strcmp(o->isa->arch, "riscv64") ? "simd_abi"
	    : "simd_abi_rvv", (const Tplarg[]){TPL_N("vl", o->vl),
		TPL_S("flags", o->isa->flags), TPL_END});
	fprintf(o->p.f, " */\n#include <stddef.h>\n");
}

/* Pairs each load and store slot with the slot holding the other half of
 * its complex element. */
static void
mates(Out *o, Arena *ar, const int *live)
{
	Dag *d;
	int *innode, s, t, i;

	d = o->p.d;
	innode = o->innode = arena_alloc(ar, (d->nin + 1) * sizeof *innode);
	o->inmate = arena_alloc(ar, (d->nin + 1) * sizeof *o->inmate);
	o->outmate = arena_alloc(ar, (d->nout + 1) * sizeof *o->outmate);
	o->stored = arena_alloc(ar, (d->nout + 1) * sizeof *o->stored);
	o->storenode = arena_alloc(ar, (d->nout + 1) * sizeof *o->storenode);
	memset(innode, -1, (d->nin + 1) * sizeof *innode);
	memset(o->storenode, -1, (d->nout + 1) * sizeof *o->storenode);
	for (i = 0; i < d->nnode; i++) {
		if (d->node[i].op == OP_LOAD && live[i])
			innode[d->node[i].k] = i;
		if (d->node[i].op == OP_STORE)
			o->storenode[d->node[i].k] = i;
	}
	for (s = 0; s < d->nin; s++)
		for (t = 0; t < d->nin; t++)
			if (innode[s] >= 0
			    && d->in[t].arr == (d->in[s].arr ^ 1)
			    && d->in[t].j == d->in[s].j)
				o->inmate[s] = innode[t];
	for (s = 0; s < d->nout; s++)
		for (t = 0; t < d->nout; t++)
			if (d->out[t].arr == (d->out[s].arr ^ 1)
			    && d->out[t].j == d->out[s].j)
				o->outmate[s] = t;
	for (s = 0; s < d->nin; s++)
		assert((innode[s] < 0 || o->inmate[s] >= 0)
		    && "an n1 DAG reads both halves of each element");
	for (s = 0; s < d->nout; s++)
		assert(o->storenode[s] >= 0 && o->storenode[o->outmate[s]] >= 0
		    && "an n1 DAG writes both halves of each element");
}

/* Declares the constants as vectors; returns how many. */
static int
constants(Out *o, const int *live)
{
	Dag *d;
	int i, k;

	d = o->p.d;
	for (i = k = 0; i < d->nnode; i++)
		if (live[i] && d->node[i].op == OP_CONST) {
			k++;
			fprintf(o->p.f, "\tconst %s K%d = kgen_splat_%s(",
			    o->v, d->node[i].k, o->sfx);
			num_print(o->p.f, d->con[d->node[i].k], o->p.isfloat);
			fputs(");\n", o->p.f);
		}
	return k;
}

/* Cuts the elements into groups, the largest sizes first; the elements
 * left over move as pairs. */
static void
groups(Out *o, Arena *ar)
{
	int n, i, j, k;
	const int *sz;

	n = o->p.d->nin / 2;
	o->gfirst = arena_alloc(ar, (n + 1) * sizeof *o->gfirst);
	o->glen = arena_alloc(ar, (n + 1) * sizeof *o->glen);
	for (i = 0; i < (int)(sizeof grouptab / sizeof grouptab[0]); i++) {
		if (strcmp(grouptab[i].sfx, o->sfx))
			continue;
		o->grouped = 1;
		j = 0;
		for (sz = grouptab[i].size; *sz; sz++)
			for (; j + *sz <= n; j += *sz)
				for (k = 0; k < *sz; k++) {
					o->gfirst[j + k] = j;
					o->glen[j + k] = *sz;
				}
	}
}

/* Prints d as an n1 codelet for ISA e->simd, named e->name, with the
 * statements in the given order in both bodies.
 * requires: d is an n1 DAG (fft_build); order lists every live
 * non-constant node once, operands before users, or is NULL for id
 * order; e->simd is not SIMD_NONE. */
void
emitsimd_c(FILE *f, Dag *d, const Prob *p, const int *order, int norder,
    const Emit *e)
{
	static const char *const fmaname[] = {"fma", "fms", "fnms"};
	Out o;
	Arena *ar;
	int *live, *ord, i, vl;

	ar = arena_new();
	memset(&o, 0, sizeof o);
	emit_init(&o.p, f, d, e->isfloat, ar);
	o.isa = isa_get(e->simd);
	o.t = e->isfloat ? "float" : "double";
	o.vl = vl = isa_lanes(o.isa, e->isfloat);
	snprintf(o.v, sizeof o.v, "kgen_%c%d", o.t[0], o.vl);
	snprintf(o.sfx, sizeof o.sfx, "%s_%c", o.isa->name, o.t[0]);
	for (i = 0; i < 3; i++) {
		snprintf(o.fma[i], sizeof o.fma[i],
		    "kgen_%s_%s(%%0, %%1, %%2)", fmaname[i], o.sfx);
		o.opfmt[OP_FMA + i] = o.fma[i];
	}
	o.p.type = o.v;
	o.p.var = var;
	o.p.load = bufload;
	o.p.store = store;
	o.p.opfmt = o.opfmt;
	o.gof = arena_alloc(ar, (d->nnode + 1) * sizeof *o.gof);
	groups(&o, ar);
	live = dag_live(d, ar);
	ord = (int *)order;
	if (!order) {
		ord = arena_alloc(ar, (d->nnode + 1) * sizeof *ord);
		for (i = norder = 0; i < d->nnode; i++)
			if (live[i])
				ord[norder++] = i;
	}
	mates(&o, ar, live);

	header(&o, p, e);
	helpers(&o);
	tpl_print(f, "simd_kernel", (const Tplarg[]){TPL_S("name", e->name),
		TPL_S("v", o.v), TPL_END});
	if (constants(&o, live))
		fputc('\n', f);
	body(&o, ord, norder, PATH_BUF, "\t");
	fputs("}\n\n", f);

	tpl_print(f, "simd_head", (const Tplarg[]){TPL_S("name", e->name),
		TPL_S("t", o.t), TPL_END});
	constants(&o, live);
	tpl_print(f, "simd_direct", (const Tplarg[]){TPL_S("v", o.v),
		TPL_N("n2", 2 * p->n), TPL_N("vl", vl), TPL_END});
	body(&o, ord, norder, PATH_DIRECT, "\t\t\t");
	tpl_print(f, "simd_buffered", (const Tplarg[]){
		TPL_S("name", e->name), TPL_S("sfx", o.sfx), TPL_N("vl", vl),
		TPL_N("n", p->n), TPL_END});
	piece(f, "postlude");
	arena_free(ar);
}
