/* emit/vec.c: the vector codelets the planner (runtime/plan.c) is built
 * from, for split arrays (real and imaginary parts in separate arrays):
 *   t1v: a twiddle step vectorized across butterflies: lane l handles
 *        butterfly m + l, whose elements are adjacent in memory, so every
 *        load and store is one unaligned vector access and nothing is
 *        shuffled; the twiddle table is blocked so that it streams.
 *   n1v: a batch of DFTs whose inputs are adjacent across the batch (lane
 *        l is transform j + l, element q at ri[j + l + q*is]) and whose
 *        outputs are contiguous per transform (ro[(j + l)*ovs + k]).  The
 *        outputs are transposed in registers, VL x VL at a time, as soon
 *        as a tile of VL consecutive outputs is complete.  This is the
 *        leaf of a decimation-in-time FFT, where the transposition that
 *        any FFT needs once happens for free in the shuffle units.
 *   n1w: an n1 codelet (the library's ABI) vectorized within one
 *        transform, for v = 1: the two above fused in registers.  Its
 *        DAG is the leaf, a DFT of size m = n / VL whose lane l is the
 *        sub-transform of x_l, x_(l+VL), ..; each tile of VL leaf
 *        outputs is transposed as in n1v, then passed to "top", the
 *        t1v DAG of radix VL printed as an inline function, which
 *        twiddles it (table W in the file) and stores VL outputs a
 *        vector.
 * One DAG value is one vector register, as in emit/simd.c, so sched/'s
 * register analysis holds unchanged.  Arithmetic uses GCC/Clang vector
 * extensions; build with -mavx512f, -mavx2 -mfma or -msse2 and
 * -ffp-contract=fast to get FMAs.
 * The code printed around the statements is C in emit/tpl/vec.c
 * (emit/tpl.c). */
#include <assert.h>
#include <string.h>
#include "all.h"

typedef struct Vout Vout;
struct Vout {
	Printer o;      /* first, so that the Printer's hooks find the rest */
	int vl;         /* lanes */
	int kind;       /* CK_T1V, CK_N1V or CK_N1W */
	int *tile;      /* n1v, n1w: outputs of each tile produced so far */
	int **tileval;  /* n1v, n1w: their values, by tile and lane */
	int m;          /* n1w: leaf size n / VL */
	int ntile;      /* n1w: tiles per array, ceil(m / VL) */
	int il;         /* n1v: the loop printed: 0 split, 1 interleaved, 2
			 * interleaved with im first */
	int blk;        /* n1v: 1 where that loop's output is block-split */
	int *ngrp;      /* n1w: tiles (re, im) of each group transposed */
	int **grp;      /* n1w: their rows, re and im by row */
	int *outv;      /* n1w top: the values of y_k (re, im) */
	const char *pre;  /* NAME_, the prefix of the file's helpers */
};

/* Vout.kind of n1w's radix-VL step (top) and of t1v's NAME_io (its
 * outputs stored as interleaved pairs), beside the CK_* kinds */
enum { N1W_TOP = -1, T1V_IO = -2 };

/* Arrays by Slot.arr and the strides of those address prints: t1v's x_j
 * is ri + j*rs, its table entry i is W + i*VL; n1v's input q is ri + q*is
 * (its outputs are stored by flush). */
static const char *const t1varr[] = {"ri", "ii", "w"};
static const char *const t1vstride[] = {"rs", "rs"};
static const char *const n1varr[] = {"ri", "ii", "ro", "io"};
static const char *const n1vstride[] = {"is", "is"};

/* The address of slot s, a pointer. */
static void
address(Vout *v, const Slot *s)
{
	FILE *f;

	f = v->o.f;
	if ((v->kind == CK_T1V || v->kind == T1V_IO || v->kind == N1W_TOP)
	    && s->arr == 2) {
		fprintf(f, "w + %d", s->i * v->vl);
		return;
	}
	fputs(v->o.arr[s->arr], f);
	if (s->j == 1)
		fprintf(f, " + %s", v->o.stride[s->arr]);
	else if (s->j > 1)
		fprintf(f, " + %d * %s", s->j, v->o.stride[s->arr]);
}

/* The tile of outputs k0 .. k0+size-1 of array arr (2 re, 3 im) is
 * complete: transpose it so that lane l's outputs form one vector; n1v
 * stores that at transform l's row, n1w hands it to top as row l. */
static void
flush(Vout *v, int arr, int k0, const int *val, int size)
{
	Printer *o;
	int vl, h, i, l, a, *cur, *nxt, *t;

	o = &v->o;
	vl = v->vl;
	cur = arena_alloc(o->d->ar, 2 * vl * sizeof *cur);
	nxt = cur + vl;
	for (i = 0; i < vl; i++) {
		/* an n1w tile past the leaf's last output: any row will do,
		 * its lanes are not stored */
		cur[i] = val[i < size ? i : 0];
		assert(cur[i] >= 0 && "outputs are computed values");
	}
	/* swap bit h of the row with bit h of the column, h = 1, 2, 4... */
	for (h = 1; h < vl; h *= 2) {
		for (i = 0; i < vl; i++) {
			if (i & h)
				continue;
			nxt[i] = o->next++;
			nxt[i + h] = o->next++;
			fprintf(o->f, "\t\tconst %s T%d = %sSHUF(T%d, T%d",
			    o->type, nxt[i], v->pre, cur[i], cur[i + h]);
			for (l = 0; l < vl; l++)
				fprintf(o->f, ", %d", l & h ? vl + l - h : l);
			fprintf(o->f, ");\n\t\tconst %s T%d = %sSHUF(T%d, "
			    "T%d", o->type, nxt[i + h], v->pre, cur[i],
			    cur[i + h]);
			for (l = 0; l < vl; l++)
				fprintf(o->f, ", %d", l & h ? vl + l : l + h);
			fputs(");\n", o->f);
		}
		t = cur;
		cur = nxt;
		nxt = t;
	}
	if (v->kind == CK_N1V) {
		/* block-split: outputs k0 .. k0+VL-1 are block k0 / VL */
		for (l = 0; l < vl; l++)
			fprintf(o->f, "\t\t%sST(%s + %d * ovs + %d, T%d);\n",
			    v->pre, arr == 2 ? "ro" : "io", l, k0 << v->blk,
			    cur[l]);
		return;
	}
	/* n1w: row l of group a is x_l of the radix-VL step over outputs
	 * k0 .. k0+size-1; once re and im are in, the step runs */
	a = k0 / vl;
	for (l = 0; l < vl; l++)
		v->grp[a][2 * l + arr - 2] = cur[l];
	if (++v->ngrp[a] < 2)
		return;
	/* a named array, not a compound literal: C++ has none */
	fprintf(o->f, "\t\t{\n\t\t\tconst %s x%d[%d] = {", o->type, a,
	    2 * vl);
	for (l = 0; l < 2 * vl; l++)
		fprintf(o->f, "%sT%d", l ? ", " : "", v->grp[a][l]);
	fprintf(o->f, "};\n\t\t\t%stop(%sW + %d, ro, io, %d, il, %d, "
	    "x%d);\n\t\t}\n", v->pre, v->pre, a * 2 * (vl - 1) * vl, k0,
	    size, a);
}

static void
load(Printer *o, const Slot *s)
{
	Vout *v;

	v = (Vout *)o;
	if (v->kind == CK_N1W)
		fprintf(o->f, "%s%s(%d)", v->pre, s->arr ? "LDI" : "LDR",
		    s->j);
	else if (v->kind == N1W_TOP && s->arr < 2)
		fprintf(o->f, "x[%d]", 2 * s->j + s->arr);
	else if (v->kind == CK_N1V && v->il) {
		/* re is the even element of each pair where il is 1, im
		 * where it is 2; the pairs start at ri or ii, whichever is
		 * lower */
		fprintf(o->f, "%s%s(%s", v->pre, (s->arr == 0) == (v->il == 1)
		    ? "EVN" : "ODD", v->il == 1 ? "ri" : "ii");
		if (s->j)
			fprintf(o->f, " + %d * is", 2 * s->j);
		fputc(')', o->f);
	} else {
		fprintf(o->f, "%sLD(", v->pre);
		address(v, s);
		fputc(')', o->f);
	}
}

/* t1v: one vector store; n1v, n1w: the value joins its tile of outputs,
 * which is transposed and stored (or passed on) once complete; n1w's top:
 * STC, t1v's NAME_io: STP, once both parts of an output are known. */
static void
store(Printer *o, int id)
{
	Vout *v;
	Node *n;
	const Slot *s;
	int t, k0, size;

	v = (Vout *)o;
	n = &o->d->node[id];
	s = &o->d->out[n->k];
	if (v->kind == N1W_TOP || v->kind == T1V_IO) {
		/* y_k goes out once re and im are known */
		v->outv[2 * s->j + s->arr] = n->a[0];
		if (v->outv[2 * s->j + 1 - s->arr] < 0)
			return;
		if (v->kind == T1V_IO && s->j > 1)
			fprintf(o->f, "\t\t%sSTP(%d * rs, ", v->pre, s->j);
		else if (v->kind == T1V_IO)
			fprintf(o->f, "\t\t%sSTP(%s, ", v->pre, s->j ? "rs"
			    : "0");
		else
			fprintf(o->f, "%s%sSTC(o + %d, ", o->tab, v->pre,
			    s->j * v->m);
		emit_operand(o, v->outv[2 * s->j]);
		fputs(", ", o->f);
		emit_operand(o, v->outv[2 * s->j + 1]);
		fputs(");\n", o->f);
		return;
	}
	if (v->kind != CK_T1V) {
		/* n1w's last tile may hold fewer than VL outputs */
		k0 = s->j - s->j % v->vl;
		size = v->m - k0 < v->vl ? v->m - k0 : v->vl;
		t = s->j / v->vl + (s->arr - 2) * v->ntile;
		v->tileval[t][s->j % v->vl] = o->name[n->a[0]];
		if (++v->tile[t] == size)
			flush(v, s->arr, k0, v->tileval[t], size);
		return;
	}
	fprintf(o->f, "\t\t%sSTK(", v->pre);
	address(v, s);
	fputs(", ", o->f);
	emit_operand(o, n->a[0]);
	fputs(");\n", o->f);
}

/* The comment of a t1v, n1v or n1w codelet, through its counts. */
static void
comment(Vout *v, const Prob *p, const Emit *e)
{
	const Isa *isa;
	FILE *f;
	const char *t;
	Count c;
	int n;

	isa = isa_get(e->simd);
	f = v->o.f;
	c = dag_count(v->o.d);
	t = e->isfloat ? "float" : "double";
	n = p->n;
	fprintf(f, "/* Generated by kgen %s.  DO NOT EDIT.\n", KGEN_VERSION);
	fprintf(f, " * Command: %s\n", e->cmd);
	if (v->kind == CK_T1V)
		fprintf(f, " * t1v codelet: radix-%d DIT twiddle step, sign %d,"
		    " %s, %d lanes (%s).\n", n, p->sign, t, v->vl,
		    isa->name);
	else if (v->kind == CK_N1V)
		fprintf(f, " * n1v codelet: DFT of size %d, sign %d, %s,"
		    " %d lanes (%s).\n", n, p->sign, t, v->vl,
		    isa->name);
	else
		fprintf(f, " * n1w codelet: DFT of size %d = %d x %d, sign %d,"
		    " %s, vectorized within\n * one transform, %d lanes"
		    " (%s).\n", n, v->vl, v->m, p->sign, t, v->vl,
		    isa->name);
	if (v->kind == CK_N1W)
		fprintf(f, " * The leaf (%d DFTs of size %d, one per lane) has\n",
		    v->vl, v->m);
	fprintf(f, " * %d additions, %d multiplications, %d FMAs, "
	    "%d negations,\n", c.add, c.mul, c.fma, c.neg);
	fprintf(f, " * %d constants, %d loads, %d stores (vectors).\n",
	    c.con, c.load, c.store);
	if (e->regs > 0)
		fprintf(f, " * Schedule: %s, ordered for R = %d registers.\n"
		    " *\n", e->sched, e->regs);
	else
		fprintf(f, " * Schedule: %s (independent of R).\n *\n",
		    e->sched);
	if (v->kind == CK_T1V)
		tpl_print(f, "t1v_abi", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("t", t), TPL_END});
	else if (v->kind == CK_N1V)
		tpl_print(f, "n1v_abi", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("t", t), TPL_END});
	else
		tpl_print(f, "n1_abi", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("t", t), TPL_N("n", n),
			TPL_S("sign", p->sign < 0 ? "-" : "+"), TPL_END});
	if (v->kind == CK_T1V)
		fprintf(f,
		    " * Butterflies m = mb, mb+%d, .. me-%d, %d at a time (mb and"
		    " me - mb\n * multiples of %d): x_j = ri[m - mb + j*rs] + i"
		    " ii[m - mb + j*rs], split\n * arrays, butterflies adjacent"
		    " (ri and ii point at butterfly mb, W at\n * the table's"
		    " start, as FFTW's t1 codelets have it).  Twiddle t_j =\n"
		    " * c %c i s with c = W[b*%d + (2j-2)*%d + l], s = W[b*%d +"
		    " (2j-1)*%d + l]\n * for m = %d b + l, i.e. FFTW's t1 table"
		    " transposed in blocks of %d\n * butterflies.  Then x_k <-"
		    " sum_j w^jk t_j x_j, in place.  NAME_io stores\n * x_k as"
		    " interleaved pairs at y[2(m + k*rs)] instead: (re, im), or"
		    " (im,\n * re) where sw is 1.  NAME_b does the step in"
		    " place on block-split data:\n * x_j's re the %d elements at"
		    " x[2(m - mb) + j*rs], its im the %d after\n * them (rs a"
		    " multiple of %d); NAME_bio the same from x, storing each"
		    " block of\n * x_k as %d interleaved pairs at the same"
		    " offset from y (y may be x).\n * NAME_ios is NAME_io over"
		    " the whole step (mb = 0, me = m) for y c pairs\n * past a"
		    " %d-byte boundary (0 < c < %d): butterflies -c .. m - c +"
		    " %d,\n * so that its stores fall on vector boundaries,"
		    " the first and last\n * masked; W shifted to match (lane l"
		    " of block b: butterfly %d b + l - c,\n * m/%d + 1 blocks),"
		    " the c elements before each of ri and ii and the\n * %d"
		    " after each input row readable.\n",
		    v->vl, v->vl, v->vl, v->vl, p->sign < 0 ? '-' : '+',
		    2 * (n - 1) * v->vl, v->vl, 2 * (n - 1) * v->vl, v->vl,
		    v->vl, v->vl, v->vl, v->vl, 2 * v->vl, v->vl,
		    isa_get(e->simd)->bytes, v->vl / 2, v->vl - 1, v->vl,
		    v->vl, v->vl);
	else if (v->kind == CK_N1V)
		fprintf(f,
		    " * Transforms j = 0 .. v-1 (v a multiple of %d): input q of"
		    " transform j\n * is ri[j + q*is] + i ii[j + q*is] (the"
		    " batch is adjacent), or of\n * interleaved data (ii == ri"
		    " + 1, or ri == ii + 1) ri[2(j + q*is)] +\n * i ii[2(j +"
		    " q*is)], split as it loads; output k goes to ro[j*ovs +"
		    " k] +\n * i io[j*ovs + k] (each transform contiguous,"
		    " split arrays).\n"
		    " * NAME_b stores them block-split instead: re of outputs"
		    " k .. k+%d (k a\n * multiple of %d) as one vector at"
		    " ro[j*ovs + 2k], their im the %d after it.\n"
		    " * The outputs must not overlap the inputs.\n", v->vl,
		    v->vl - 1, v->vl, v->vl);
	else
		fprintf(f,
		    " * Inside, for each transform:\n * n = %d m with m = %d, input x_(%dq+l) is"
		    " lane l of vector q, so lane l\n * holds the size-m DFT of"
		    " x_l, x_(l+%d), ..  (decimation in time).  Its\n * outputs"
		    " are transposed %d x %d in registers as soon as a tile of"
		    " %d is\n * complete (the last may be short); the tile is then"
		    " twiddled (table W)\n * and DFT'd across rows (radix %d,"
		    " lane = output), and stored as %d\n * contiguous outputs."
		    "  Split arrays at unit stride and interleaved complex\n"
		    " * (ii = ri + 1, stride 2, or the swapped pair a backward"
		    " call passes) run\n * straight from memory; other strides"
		    " go through a buffer on the stack.\n", v->vl, v->m, v->vl,
		    v->vl, v->vl, v->vl, v->vl, v->vl, v->vl);
	tpl_print(f, strcmp(isa->arch, "riscv64") ? "vec_needs"
	    : "vec_needs_rvv", (const Tplarg[]){
		TPL_S("flags", isa->flags), TPL_END});
	fputs(" */\n", f);
}

/* The file's includes, types and access macros (emit/tpl/vec.c). */
static void
preamble(Vout *v, const Emit *e)
{
	const Isa *isa;
	const char *t;

	isa = isa_get(e->simd);
	t = e->isfloat ? "float" : "double";
	tpl_print(v->o.f, "vec_types", (const Tplarg[]){
		TPL_S("macro", isa->macro), TPL_S("flags", isa->flags),
		TPL_S("t", t), TPL_S("p", v->pre), TPL_N("bytes", isa->bytes),
		TPL_N("align", e->isfloat ? 4 : 8), TPL_END});
	tpl_print(v->o.f, "vec_shuf", (const Tplarg[]){
			TPL_S("mask", e->isfloat ? "int" : "long long"),
			TPL_S("p", v->pre), TPL_N("bytes", isa->bytes),
			TPL_END});
	/* V1 has the alignment of one element: unaligned vector accesses */
	tpl_print(v->o.f, "vec_access", (const Tplarg[]){
		TPL_S("p", v->pre), TPL_END});
}

/* n1w's layouts: il = 0 split unit stride, 1 interleaved (re first), 2
 * interleaved with im first (a backward call through the forward
 * codelet).  LDR(q) / LDI(q) load vector q's re / im, STC(o, re, im)
 * stores outputs o .. o+VL-1; il is a constant after inlining. */
static void
n1w_macros(Vout *v)
{
	FILE *f;
	int vl, l, k;
	char sel[4][256], *q;

	f = v->o.f;
	vl = v->vl;
	/* lane lists: 0 even, 1 odd, 2 interleave low halves, 3 high */
	for (k = 0; k < 4; k++) {
		q = sel[k];
		for (l = 0; l < vl; l++)
			q += sprintf(q, ", %d", k < 2 ? 2 * l + k
			    : (l & 1) * vl + (k - 2) * vl / 2 + l / 2);
	}
	tpl_print(f, "n1w_macros", (const Tplarg[]){
		TPL_N("vl", vl), TPL_N("vl2", 2 * vl), TPL_S("p", v->pre),
		TPL_S("t", v->o.isfloat ? "float" : "double"),
		TPL_S("even", sel[0]), TPL_S("odd", sel[1]),
		TPL_S("lo", sel[2]), TPL_S("hi", sel[3]), TPL_END});
}

/* n1w's table: for group a (outputs k = a VL + l of the leaf) and row j
 * = 1 .. VL-1, W[a*2(VL-1)VL + (2j-2)VL + l] = cos 2 pi jk/n and the
 * entry VL after it sin 2 pi jk/n: t1v's layout, m = k. */
static void
n1w_table(Vout *v, int n, const Emit *e)
{
	FILE *f;
	long double c, s;
	int vl, a, j, l, col;

	f = v->o.f;
	vl = v->vl;
	fprintf(f, "static const %s %sW[%d] __attribute__((aligned(%d))) = {",
	    e->isfloat ? "float" : "double", v->pre,
	    2 * (vl - 1) * vl * v->ntile,
	    isa_get(e->simd)->bytes);
	col = 0;
	for (a = 0; a < v->ntile; a++)
		for (j = 1; j < vl; j++)
			for (int cs = 0; cs < 2; cs++)
				for (l = 0; l < vl; l++) {
					num_cexp((long)j * (a * vl + l), n, &c,
					    &s);
					fputs(col++ % 4 ? " " : "\n\t", f);
					num_print(f, cs ? s : c, e->isfloat);
					fputc(',', f);
				}
	fputs("\n};\n\n", f);
}

/* n1w's radix-VL step as an inline function of the transposed tile x
 * (re, im by row): twiddle rows 1.., DFT across rows, store; d is its
 * DAG, a radix-VL twiddle step, simplified. */
static void
n1w_top(Vout *leaf, Dag *d, const Emit *e, Arena *ar)
{
	Vout v;
	const int *ids;
	int i, nids;
	const char *t;

	emit_init(&v.o, leaf->o.f, d, e->isfloat, ar);
	v.o.type = leaf->o.type;
	v.pre = leaf->pre;
	v.o.arr = t1varr;
	v.o.stride = t1vstride;
	v.o.load = load;
	v.o.store = store;
	v.o.tab = "\t";
	v.kind = N1W_TOP;
	v.vl = leaf->vl;
	v.m = leaf->m;
	v.outv = arena_alloc(ar, d->nout * sizeof *v.outv);
	for (i = 0; i < d->nout; i++)
		v.outv[i] = -1;
	t = e->isfloat ? "float" : "double";
	tpl_print(v.o.f, "n1w_top", (const Tplarg[]){TPL_S("t", t),
		TPL_S("p", v.pre), TPL_END});
	ids = emit_order(d, 0, &nids, ar);
	for (i = 0; i < nids; i++)
		emit_statement(&v.o, ids[i]);
	fputs("}\n\n", v.o.f);
}

/* The n1 entry point: each transform straight from memory when its
 * layout allows, else through a buffer. */
static void
n1w_entry(Vout *v, int n, const Emit *e)
{
	FILE *f;
	const char *t;

	f = v->o.f;
	t = e->isfloat ? "float" : "double";
	fputs("}\n\n", f);
	tpl_print(f, "n1w_entry", (const Tplarg[]){
		TPL_S("name", e->name), TPL_S("p", v->pre), TPL_S("t", t),
		TPL_N("n", n),
		TPL_N("n2", 2 * n), TPL_N("bytes", isa_get(e->simd)->bytes),
		TPL_END});
}

/* The ISA's masked store of the lanes of x that bits selects to p, as
 * t1v_head's STM (emit/tpl/vec.c) */
static void
stm_text(char *stm, size_t size, const Emit *e, int vl, const char *pre)
{
	const char *sfx;
	int bytes;

	bytes = isa_get(e->simd)->bytes;
	sfx = e->isfloat ? "s" : "d";
	if (bytes == 64)
		snprintf(stm, size, "_mm512_mask_storeu_p%s(p, "
		    "(__mmask%d)(bits), (__m512%s)(x))", sfx, vl,
		    e->isfloat ? "" : "d");
	else if (bytes == 32)
		snprintf(stm, size, "_mm256_maskstore_p%s(p, (__m256i)"
		    "(((%sM){%s} & (%s)(bits)) != 0), (__m256%s)(x))", sfx, pre,
		    e->isfloat ? "1, 2, 4, 8, 16, 32, 64, 128" : "1, 2, 4, 8",
		    e->isfloat ? "int" : "long long",
		    e->isfloat ? "" : "d");
	else
		snprintf(stm, size, "do { int l_; for (l_ = 0; l_ < %d; "
		    "l_++) if ((bits) >> l_ & 1) (p)[l_] = (x)[l_]; } while (0)",
		    vl);
}

static void
prologue(Vout *v, const Prob *p, const Emit *e)
{
	static const char *const lays[] = {"s", "i", "j", "sb", "ib", "jb"};
	FILE *f;
	const char *t;
	char stm[512];
	int n;

	f = v->o.f;
	t = e->isfloat ? "float" : "double";
	n = p->n;
	if (v->kind == CK_T1V) {
		stm_text(stm, sizeof stm, e, v->vl, v->pre);
		tpl_print(f, "t1v_head", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("p", v->pre),
			TPL_S("t", t), TPL_N("vl", v->vl),
			TPL_N("nw", 2 * (n - 1)),
			TPL_N("wstep", 2 * (n - 1) * v->vl), TPL_S("stm", stm),
			TPL_S("hdr", isa_header(isa_get(e->simd))), TPL_END});
	}
	else if (v->kind == CK_N1V)
		tpl_print(f, "n1v_head", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("t", t),
			TPL_S("lay", lays[v->il + 3 * v->blk]),
			TPL_N("vl", v->vl),
			TPL_N("step", v->il ? 2 * v->vl : v->vl), TPL_END});
	else
		tpl_print(f, "n1w_body", (const Tplarg[]){TPL_S("t", t),
			TPL_S("p", v->pre), TPL_END});
}

/* n1v's six loops, the statements ids[0..norder) in each: interleaved
 * (EVN and ODD split each pair of vectors as they load it; the plan's
 * leaves read interleaved input so, without a pass that splits it
 * first), interleaved with im first, split, each to split arrays and
 * to block-split data; then the entries that pick one.  ntile: the
 * tiles of outputs (re and im). */
static void
n1v_loops(Vout *v, const Prob *p, const Emit *e, const int *ids,
    int norder, int ntile)
{
	static const int ils[] = {1, 2, 0};  /* the order printed */
	char sel[2][256], *q;
	int i, k, l;

	for (k = 0; k < 2; k++) {
		q = sel[k];
		for (l = 0; l < v->vl; l++)
			q += sprintf(q, ", %d", 2 * l + k);
	}
	tpl_print(v->o.f, "n1v_macros", (const Tplarg[]){
		TPL_N("vl", v->vl), TPL_S("p", v->pre), TPL_S("even", sel[0]),
		TPL_S("odd", sel[1]), TPL_END});
	for (k = 0; k < 6; k++) {
		v->il = ils[k % 3];
		v->blk = k / 3;
		memset(v->tile, 0, ntile * sizeof *v->tile);
		memset(v->o.name, -1, (v->o.d->nnode + 1) * sizeof *v->o.name);
		v->o.next = 0;
		prologue(v, p, e);
		for (i = 0; i < norder; i++)
			emit_statement(&v->o, ids[i]);
		fputs("\t}\n}\n", v->o.f);
	}
	tpl_print(v->o.f, "n1v_entry", (const Tplarg[]){
		TPL_S("name", e->name), TPL_S("t", e->isfloat ? "float"
		: "double"), TPL_N("vl", v->vl), TPL_END});
}

/* t1v's second entry, NAME_io, and NAME_bio, NAME_ios and NAME_iot
 * (emit/tpl/vec.c): the statements ids[0..norder) again, each output
 * pair stored interleaved (STP). */
static void
t1v_io(Vout *v, Dag *d, const Prob *p, const Emit *e, const int *ids,
    int norder)
{
	char sel[2][256], *q;
	const char *t;
	int i, k, l, vl;

	vl = v->vl;
	for (k = 0; k < 2; k++) {
		q = sel[k];
		for (l = 0; l < vl; l++)
			q += sprintf(q, ", %d", (l & 1) * vl + k * vl / 2 + l / 2);
	}
	t = e->isfloat ? "float" : "double";
	v->kind = T1V_IO;
	v->outv = arena_alloc(d->ar, d->nout * sizeof *v->outv);
	for (i = 0; i < d->nout; i++)
		v->outv[i] = -1;
	memset(v->o.name, -1, (d->nnode + 1) * sizeof *v->o.name);
	v->o.next = 0;
	tpl_print(v->o.f, "t1v_io_head", (const Tplarg[]){
		TPL_S("name", e->name), TPL_S("p", v->pre), TPL_S("t", t),
		TPL_N("vl", vl),
		TPL_N("nw", 2 * (p->n - 1)),
		TPL_N("wstep", 2 * (p->n - 1) * vl), TPL_S("lo", sel[0]),
		TPL_S("hi", sel[1]), TPL_END});
	for (i = 0; i < norder; i++)
		emit_statement(&v->o, ids[i]);
	fputs("\t}\n}\n", v->o.f);
	tpl_print(v->o.f, "t1v_io_entry", (const Tplarg[]){
		TPL_S("name", e->name), TPL_S("p", v->pre), TPL_S("t", t),
		TPL_N("vl", vl), TPL_END});
	v->kind = CK_T1V;
}

/* Prints d as a vector codelet of kind CK_T1V (d from twiddle_build),
 * CK_N1V (d from fft_build(p->n)) or CK_N1W (d from fft_build(p->n /
 * VL), the leaf; top from twiddle_build(VL), its radix-VL step, both
 * simplified) for ISA e->simd, statements in the given order (NULL: id
 * order).  requires: for CK_N1V, p->n a multiple of the lane count VL;
 * for CK_N1W, of VL^2. */
void
emitvec_c(FILE *f, Dag *d, Dag *top, const Prob *p, int kind,
    const int *order, int norder, const Emit *e)
{
	Vout v;
	Arena *ar;
	const int *ids;
	int i, ntile;
	char *pre, *type;

	ar = arena_new();
	emit_init(&v.o, f, d, e->isfloat, ar);
	/* helpers NAME_V, NAME_LD, ...: files #include together, and a
	 * macro V of the includer's does not reach them */
	pre = arena_alloc(ar, strlen(e->name) + 3);
	sprintf(pre, "%s_", e->name);
	v.pre = pre;
	type = arena_alloc(ar, strlen(pre) + 2);
	sprintf(type, "%sV", pre);
	v.o.type = type;
	v.o.arr = kind == CK_T1V ? t1varr : n1varr;
	v.o.stride = kind == CK_T1V ? t1vstride : n1vstride;
	v.o.load = load;
	v.o.store = store;
	v.kind = kind;
	v.il = v.blk = 0;
	v.vl = isa_lanes(isa_get(e->simd), e->isfloat);
	v.m = d->nout / 2;
	v.ntile = (v.m + v.vl - 1) / v.vl;
	assert(kind != CK_N1V || p->n % v.vl == 0);
	assert(kind != CK_N1W || (v.m * v.vl == p->n && v.m >= v.vl));
	ntile = kind == CK_T1V ? 1 : 2 * v.ntile;
	v.tile = arena_alloc(ar, ntile * sizeof *v.tile);
	v.tileval = arena_alloc(ar, ntile * sizeof *v.tileval);
	for (i = 0; i < ntile; i++)
		v.tileval[i] = arena_alloc(ar, v.vl * sizeof **v.tileval);
	v.ngrp = arena_alloc(ar, ntile * sizeof *v.ngrp);
	v.grp = arena_alloc(ar, ntile * sizeof *v.grp);
	for (i = 0; i < ntile; i++)
		v.grp[i] = arena_alloc(ar, 2 * v.vl * sizeof **v.grp);
	comment(&v, p, e);
	preamble(&v, e);
	if (kind == CK_N1W) {
		n1w_macros(&v);
		n1w_table(&v, p->n, e);
		n1w_top(&v, top, e, ar);
	}
	ids = emit_order(d, order, &norder, ar);
	if (kind == CK_N1V) {
		n1v_loops(&v, p, e, ids, norder, ntile);
		arena_free(ar);
		return;
	}
	prologue(&v, p, e);
	for (i = 0; i < norder; i++)
		emit_statement(&v.o, ids[i]);
	fputs("\t}\n", f);
	if (kind == CK_N1W) {
		n1w_entry(&v, p->n, e);
	} else {
		fputs("}\n", f);
		tpl_print(f, "t1v_entry", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("t", e->isfloat ? "float"
			: "double"), TPL_N("vl", v.vl), TPL_END});
		t1v_io(&v, d, p, e, ids, norder);
	}
	arena_free(ar);
}
