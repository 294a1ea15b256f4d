/* emitsimd.c: n1 codelets that vectorize across the batch.  Lane l of a
 * vector holds transform j + l, so one DAG value is one vector register
 * and the register analysis of sched/ holds unchanged (DESIGN.md counts a
 * vector of independent transforms as one value).  Statements keep the
 * given order, as in emit.c; only the loads and stores differ by layout:
 *   interleaved (ii == ri + 1 and io == ro + 1, any strides): each
 *     (re, im) pair is one 16- or 8-byte access, and the pairs of VL
 *     transforms are transposed into a vector of real parts and one of
 *     imaginary parts with two shuffles per pair of vectors (FFTW's n1fv
 *     codelets load the same pairs but keep them complex, which costs
 *     shuffles in every complex multiplication instead);
 *   split with unit batch stride (ivs == ovs == 1): plain vector accesses;
 *   any other layout: each lane is gathered and scattered on its own;
 *   the v mod VL transforms left over run the scalar statements.
 * A pair is loaded when the order first reads either half and stored when
 * the order has produced both halves, so in-place codelets stay correct:
 * every store still follows the loads of its slot.
 * Arithmetic uses GCC/Clang vector extensions; FMAs use the ISA's
 * intrinsics when the compiler targets FMA, else a * b + c. */
#include <assert.h>
#include <string.h>
#include "all.h"

typedef struct Isa Isa;
struct Isa {
	const char *name;   /* as --simd spells it */
	int bytes;          /* vector width */
	const char *need;   /* macro the compiler defines for the ISA */
	const char *flags;  /* compiler flags to build with */
	const char *fmaon;  /* macro defined when FMA instructions exist */
	const char *pre;    /* intrinsic prefix */
};

static const Isa isatab[] = {
	{"none", 0, 0, 0, 0, 0},
	{"sse2", 16, "__SSE2__", "-msse2", "__FMA__", "_mm"},
	{"avx2", 32, "__AVX2__", "-mavx2 -mfma", "__FMA__", "_mm256"},
	{"avx512", 64, "__AVX512F__", "-mavx512f", "__AVX512F__", "_mm512"},
};

enum { PATH_SCALAR, PATH_GATHER, PATH_UNIT, PATH_PAIR };

typedef struct Out Out;
struct Out {
	FILE *f;
	Dag *d;
	const Isa *isa;
	int vl;             /* lanes */
	const char *t;      /* "double" or "float" */
	char v[32];         /* vector type, e.g. kgen_d4 */
	char sfx[32];       /* helper suffix, e.g. avx2_d */
	int isfloat;
	int path;           /* PATH_* of the body being printed */
	int *name;          /* temporary of each node, -1 before it is made */
	int next;           /* next temporary number */
	int *inmate;        /* load slot -> the other half's load node */
	int *outmate;       /* store slot -> the other half's store slot */
	int *stored;        /* store slot already reached in this body */
	int *storenode;     /* store slot -> its node */
};

static const char *const arrname[] = {"ri", "ii", "ro", "io"};
static const char *const stridename[] = {"is", "is", "os", "os"};

/* The offset of slot s in its array, e.g. "3 * is". */
static void
offset(Out *o, const Slot *s)
{
	const char *st;

	st = stridename[s->arr];
	if (s->j == 0)
		fprintf(o->f, "%d", s->i);
	else if (s->i == 0 && s->j == 1)
		fputs(st, o->f);
	else if (s->i == 0)
		fprintf(o->f, "%d * %s", s->j, st);
	else
		fprintf(o->f, "%d + %d * %s", s->i, s->j, st);
}

static void
operand(Out *o, int id)
{
	Node *n;

	n = &o->d->node[id];
	if (n->op == OP_CONST) {
		if (o->path == PATH_SCALAR)
			num_print(o->f, o->d->con[n->k], o->isfloat);
		else
			fprintf(o->f, "K%d", n->k);
		return;
	}
	if (n->op == OP_NEG && o->d->node[n->a[0]].op == OP_CONST) {
		fputs("(-", o->f);
		operand(o, n->a[0]);
		fputc(')', o->f);
		return;
	}
	assert(o->name[id] >= 0 && "operands are emitted before their users");
	fprintf(o->f, "T%d", o->name[id]);
}

static void
expr(Out *o, Node *n)
{
	static const char *const fmaname[] = {"fma", "fms", "fnms"};
	const char *p;
	int i;

	if (o->path != PATH_SCALAR && optab[n->op].kind == FLOP_FMA) {
		assert(n->op >= OP_FMA && n->op <= OP_FNMS);
		fprintf(o->f, "kgen_%s_%s(", fmaname[n->op - OP_FMA], o->sfx);
		for (i = 0; i < 3; i++) {
			operand(o, n->a[i]);
			fputs(i < 2 ? ", " : ")", o->f);
		}
		return;
	}
	for (p = optab[n->op].fmt; *p; p++) {
		if (*p == '%') {
			p++;
			operand(o, n->a[*p - '0']);
		} else {
			fputc(*p, o->f);
		}
	}
}

static void
load(Out *o, int id)
{
	Node *n;
	Slot *s;
	int mate, lo, hi;

	n = &o->d->node[id];
	s = &o->d->in[n->k];
	if (o->path == PATH_PAIR) {
		mate = o->inmate[n->k];
		if (o->name[id] >= 0)
			return;     /* loaded with its other half */
		lo = s->arr == 0 ? id : mate;
		hi = s->arr == 0 ? mate : id;
		o->name[lo] = o->next++;
		o->name[hi] = o->next++;
		fprintf(o->f, "\t\t\t%s T%d, T%d;\n\n", o->v, o->name[lo],
		    o->name[hi]);
		fprintf(o->f, "\t\t\tkgen_ldi_%s(ri + ", o->sfx);
		offset(o, s);
		fprintf(o->f, ", ivs, &T%d, &T%d);\n", o->name[lo],
		    o->name[hi]);
		return;
	}
	o->name[id] = o->next++;
	if (o->path == PATH_SCALAR) {
		fprintf(o->f, "\t\tconst %s T%d = %s[", o->t, o->name[id],
		    arrname[s->arr]);
		offset(o, s);
		fputs("];\n", o->f);
		return;
	}
	fprintf(o->f, "\t\t\tconst %s T%d = kgen_%s_%s(%s + ", o->v,
	    o->name[id], o->path == PATH_UNIT ? "ldu" : "ld", o->sfx,
	    arrname[s->arr]);
	offset(o, s);
	fputs(o->path == PATH_UNIT ? ");\n" : ", ivs);\n", o->f);
}

static void
store(Out *o, int id)
{
	Node *n;
	Slot *s;
	int mate, lo, hi;

	n = &o->d->node[id];
	s = &o->d->out[n->k];
	if (o->path == PATH_SCALAR) {
		fprintf(o->f, "\t\t%s[", arrname[s->arr]);
		offset(o, s);
		fputs("] = ", o->f);
		operand(o, n->a[0]);
		fputs(";\n", o->f);
		return;
	}
	if (o->path == PATH_PAIR) {
		o->stored[n->k] = 1;
		mate = o->outmate[n->k];
		if (!o->stored[mate])
			return;     /* stored with its other half, later */
		lo = s->arr == 2 ? id : o->storenode[mate];
		hi = s->arr == 2 ? o->storenode[mate] : id;
		fprintf(o->f, "\t\t\tkgen_sti_%s(ro + ", o->sfx);
		offset(o, s);
		fputs(", ovs, ", o->f);
		operand(o, o->d->node[lo].a[0]);
		fputs(", ", o->f);
		operand(o, o->d->node[hi].a[0]);
		fputs(");\n", o->f);
		return;
	}
	fprintf(o->f, "\t\t\tkgen_%s_%s(%s + ", o->path == PATH_UNIT ? "stu"
	    : "st", o->sfx, arrname[s->arr]);
	offset(o, s);
	fputs(o->path == PATH_UNIT ? ", " : ", ovs, ", o->f);
	operand(o, n->a[0]);
	fputs(");\n", o->f);
}

static void
statement(Out *o, int id)
{
	Node *n;

	n = &o->d->node[id];
	if (n->op == OP_CONST || (n->op == OP_NEG
	    && o->d->node[n->a[0]].op == OP_CONST))
		return;
	if (n->op == OP_LOAD) {
		load(o, id);
		return;
	}
	if (n->op == OP_STORE) {
		store(o, id);
		return;
	}
	o->name[id] = o->next++;
	if (o->path == PATH_SCALAR)
		fprintf(o->f, "\t\tconst %s T%d = ", o->t, o->name[id]);
	else
		fprintf(o->f, "\t\t\tconst %s T%d = ", o->v, o->name[id]);
	expr(o, n);
	fputs(";\n", o->f);
}

/* One loop body: the statements of the order in the given path. */
static void
body(Out *o, const int *order, int norder, int path)
{
	int i;

	o->path = path;
	o->next = 0;
	memset(o->name, -1, (o->d->nnode + 1) * sizeof *o->name);
	memset(o->stored, 0, (o->d->nout + 1) * sizeof *o->stored);
	for (i = 0; i < norder; i++)
		statement(o, order[i]);
}

/* Defines vector type kgen_<t><n> once per translation unit. */
static void
vtype(Out *o, int n)
{
	char c;

	c = o->isfloat ? 'f' : 'd';
	fprintf(o->f, "#ifndef KGEN_%c%d\n#define KGEN_%c%d\n", c - 32, n,
	    c - 32, n);
	fprintf(o->f, "typedef %s kgen_%c%d __attribute__((vector_size(%d)));"
	    "\n#endif\n", o->t, c, n, n * (o->isfloat ? 4 : 8));
}

/* Prints the list "p[0], p[s], ..., p[(vl-1) * s]" of the gather. */
static void
lanes(Out *o, const char *fmt1, const char *fmtk)
{
	int l;

	for (l = 0; l < o->vl; l++) {
		if (l % 4 == 0)
			fputs(l ? ",\n\t    " : "\t    ", o->f);
		else
			fputs(", ", o->f);
		fprintf(o->f, l ? fmtk : fmt1, l, l);
	}
}

/* Concatenates vectors x0..x(k-1) of m elements each into one vector
 * named res, by a balanced tree of shuffles. */
static void
concat(Out *o, const char *x, int k, int m, const char *res)
{
	char c;
	int lev, i, e;

	c = o->isfloat ? 'f' : 'd';
	if (k == 1)
		fprintf(o->f, "\t%s = %s0_0;\n", res, x);
	for (lev = 0; k > 1; lev++, k /= 2, m *= 2) {
		for (i = 0; i < k / 2; i++) {
			if (k == 2)
				fprintf(o->f, "\t%s = __builtin_shufflevector(", res);
			else
				fprintf(o->f, "\tkgen_%c%d %s%d_%d = "
				    "__builtin_shufflevector(", c, 2 * m, x,
				    lev + 1, i);
			fprintf(o->f, "%s%d_%d, %s%d_%d", x, lev, 2 * i, x, lev,
			    2 * i + 1);
			for (e = 0; e < 2 * m; e++)
				fprintf(o->f, ", %d", e);
			fputs(");\n", o->f);
		}
	}
}

/* The interleaved load: pairs p + l * s, l < vl, become vectors of real
 * and imaginary parts.  a holds the even pairs, b the odd ones; one
 * in-lane shuffle each (unpcklpd/unpckhpd, or shufps for float) then
 * picks the halves.  For float the lanes come out permuted within each
 * 16-byte group; kgen_sti undoes exactly that permutation, and lanes are
 * independent transforms, so no caller can see it. */
static void
pairload(Out *o)
{
	char c;
	int l, e, g;

	c = o->isfloat ? 'f' : 'd';
	fprintf(o->f, "static inline void\nkgen_ldi_%s(const %s *p, "
	    "ptrdiff_t s, %s *re, %s *im)\n{\n", o->sfx, o->t, o->v, o->v);
	fprintf(o->f, "\tkgen_%c2 ", c);
	for (l = 0; l < o->vl; l++)
		fprintf(o->f, "%c%d_%d%s", "ab"[l & 1], 0, l / 2,
		    l + 1 < o->vl ? ", " : ";\n");
	fprintf(o->f, "\t%s a, b;\n\n", o->v);
	for (l = 0; l < o->vl; l++)
		fprintf(o->f, "\t__builtin_memcpy(&%c0_%d, p + %d * s, "
		    "sizeof a0_0);\n", "ab"[l & 1], l / 2, l);
	concat(o, "a", o->vl / 2, 2, "a");
	concat(o, "b", o->vl / 2, 2, "b");
	for (g = 0; g < 2; g++) {
		fprintf(o->f, "\t*%s = __builtin_shufflevector(a, b",
		    g ? "im" : "re");
		for (e = 0; e < o->vl; e++) {
			if (!o->isfloat)    /* unpcklpd / unpckhpd */
				l = (e & 1) * o->vl + (e & ~1) + g;
			else                /* shufps 2,0,2,0 / 3,1,3,1 */
				l = (e & 2) / 2 * o->vl + (e & ~3) + 2 * (e & 1) + g;
			fprintf(o->f, ", %d", l);
		}
		fputs(");\n", o->f);
	}
	fputs("}\n\n", o->f);
}

/* The inverse of kgen_ldi. */
static void
pairstore(Out *o)
{
	char c;
	int l, e, g, q;

	c = o->isfloat ? 'f' : 'd';
	fprintf(o->f, "static inline void\nkgen_sti_%s(%s *p, ptrdiff_t s, "
	    "%s re, %s im)\n{\n", o->sfx, o->t, o->v, o->v);
	fprintf(o->f, "\tkgen_%c2 x;\n", c);
	for (g = 0; g < 2; g++) {
		fprintf(o->f, "\tconst %s %c = __builtin_shufflevector(re, im",
		    o->v, "ab"[g]);
		for (e = 0; e < o->vl; e++) {
			if (!o->isfloat)    /* unpcklpd / unpckhpd */
				l = (e & 1) * o->vl + (e & ~1) + g;
			else                /* unpcklps / unpckhps */
				l = (e & 1) * o->vl + (e & ~3) + (e & 2) / 2
				    + 2 * g;
			fprintf(o->f, ", %d", l);
		}
		fputs(");\n", o->f);
	}
	fputc('\n', o->f);
	for (l = 0; l < o->vl; l++) {
		q = l / 2;
		fprintf(o->f, "\tx = __builtin_shufflevector(%c, %c, %d, %d);\n",
		    "ab"[l & 1], "ab"[l & 1], 2 * q, 2 * q + 1);
		fprintf(o->f, "\t__builtin_memcpy(p + %d * s, &x, sizeof x);\n",
		    l);
	}
	fputs("}\n\n", o->f);
}

/* The helpers a codelet of this ISA and type uses, once per translation
 * unit. */
static void
helpers(Out *o)
{
	static const char *const fmaname[] = {"fma", "fms", "fnms"};
	static const char *const fmaop[] = {"fmadd", "fmsub", "fnmadd"};
	static const char *const fmaexpr[] = {"a * b + c", "a * b - c",
	    "c - a * b"};
	const Isa *isa;
	char up[32];
	int n, i;

	isa = o->isa;
	for (i = 0; o->sfx[i]; i++)
		up[i] = o->sfx[i] >= 'a' && o->sfx[i] <= 'z' ? o->sfx[i] - 32
		    : o->sfx[i];
	up[i] = 0;
	fprintf(o->f, "#if !defined(%s)\n#error \"kgen: this codelet uses "
	    "%s; compile it with %s\"\n#endif\n", isa->need, isa->name,
	    isa->flags);
	fprintf(o->f, "#if defined(%s)\n#include <immintrin.h>\n#endif\n\n",
	    isa->fmaon);
	for (n = 2; n <= o->vl; n *= 2)
		vtype(o, n);
	fprintf(o->f, "\n#ifndef KGEN_%s\n#define KGEN_%s\n", up, up);
	fprintf(o->f, "static inline %s\nkgen_splat_%s(%s x)\n{\n"
	    "\tconst %s r = {", o->v, o->sfx, o->t, o->v);
	for (i = 0; i < o->vl; i++)
		fputs(i ? ", x" : "x", o->f);
	fputs("};\n\n\treturn r;\n}\n\n", o->f);

	fputs("/* Lane l holds p[l * s]. */\n", o->f);
	fprintf(o->f, "static inline %s\nkgen_ld_%s(const %s *p, ptrdiff_t s)"
	    "\n{\n\tconst %s r = {\n", o->v, o->sfx, o->t, o->v);
	lanes(o, "p[%d]", "p[%d * s]");
	fputs("\n\t};\n\n\treturn r;\n}\n\n", o->f);
	fprintf(o->f, "static inline void\nkgen_st_%s(%s *p, ptrdiff_t s, "
	    "%s x)\n{\n", o->sfx, o->t, o->v);
	fputs("\tp[0] = x[0];\n", o->f);
	for (i = 1; i < o->vl; i++)
		fprintf(o->f, "\tp[%d * s] = x[%d];\n", i, i);
	fputs("}\n\n", o->f);

	fprintf(o->f, "static inline %s\nkgen_ldu_%s(const %s *p)\n{\n"
	    "\t%s r;\n\n\t__builtin_memcpy(&r, p, sizeof r);\n"
	    "\treturn r;\n}\n\n", o->v, o->sfx, o->t, o->v);
	fprintf(o->f, "static inline void\nkgen_stu_%s(%s *p, %s x)\n{\n"
	    "\t__builtin_memcpy(p, &x, sizeof x);\n}\n\n", o->sfx, o->t,
	    o->v);
	pairload(o);
	pairstore(o);

	fprintf(o->f, "#if defined(%s)\n", isa->fmaon);
	for (i = 0; i < 3; i++)
		fprintf(o->f, "static inline %s\nkgen_%s_%s(%s a, %s b, %s c)"
		    "\n{\n\treturn %s_%s_%s(a, b, c);\n}\n\n", o->v,
		    fmaname[i], o->sfx, o->v, o->v, o->v, isa->pre,
		    fmaop[i], o->isfloat ? "ps" : "pd");
	fputs("#else\n", o->f);
	for (i = 0; i < 3; i++)
		fprintf(o->f, "static inline %s\nkgen_%s_%s(%s a, %s b, %s c)"
		    "\n{\n\treturn %s;\n}\n\n", o->v, fmaname[i], o->sfx,
		    o->v, o->v, o->v, fmaexpr[i]);
	fprintf(o->f, "#endif\n#endif /* KGEN_%s */\n\n", up);
}

static void
header(Out *o, const Prob *p, const Emit *e)
{
	Count c;

	c = dag_count(o->d);
	fprintf(o->f, "/* Generated by kgen %s.  DO NOT EDIT.\n", KGEN_VERSION);
	fprintf(o->f, " * Command: %s\n", e->cmd);
	fprintf(o->f, " * n1 codelet: DFT of size %d, sign %d (%s), %s, "
	    "%s:\n", p->n, p->sign, p->sign < 0 ? "forward" : "backward",
	    o->t, o->isa->name);
	fprintf(o->f, " * %d transforms per vector, one per lane; the v mod "
	    "%d left over run\n * scalar.  Compile with %s.\n", o->vl, o->vl,
	    o->isa->flags);
	fprintf(o->f, " * %d additions, %d multiplications, %d FMAs, "
	    "%d negations,\n", c.add, c.mul, c.fma, c.neg);
	fprintf(o->f, " * %d constants, %d loads, %d stores (vectors).\n",
	    c.con, c.load, c.store);
	if (e->regs > 0)
		fprintf(o->f, " * Schedule: %s, ordered for R = %d registers.\n",
		    e->sched, e->regs);
	else
		fprintf(o->f, " * Schedule: %s (independent of R).\n", e->sched);
	fprintf(o->f, " */\n#include <stddef.h>\n");
}

/* Pairs each load and store slot with the slot holding the other half of
 * its complex element; returns 0 when some slot has no such partner (then
 * the interleaved path is not emitted). */
static int
mates(Out *o, Arena *ar, const int *live)
{
	Dag *d;
	int *innode, s, t, ok, i;

	d = o->d;
	innode = arena_alloc(ar, (d->nin + 1) * sizeof *innode);
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
	ok = 1;
	for (s = 0; s < d->nin; s++) {
		o->inmate[s] = -1;
		if (innode[s] < 0)
			continue;
		for (t = 0; t < d->nin; t++)
			if (innode[t] >= 0 && d->in[t].arr == (d->in[s].arr ^ 1)
			    && d->in[t].i == d->in[s].i
			    && d->in[t].j == d->in[s].j)
				o->inmate[s] = innode[t];
		ok &= o->inmate[s] >= 0;
	}
	for (s = 0; s < d->nout; s++) {
		o->outmate[s] = -1;
		if (o->storenode[s] < 0)
			continue;
		for (t = 0; t < d->nout; t++)
			if (o->storenode[t] >= 0
			    && d->out[t].arr == (d->out[s].arr ^ 1)
			    && d->out[t].i == d->out[s].i
			    && d->out[t].j == d->out[s].j)
				o->outmate[s] = t;
		ok &= o->outmate[s] >= 0;
	}
	return ok;
}

static void
loop(Out *o, int step)
{
	if (step == 1)
		fputs("\tfor (; j < v; j++, ri += ivs, ii += ivs, ro += ovs, "
		    "io += ovs) {\n", o->f);
	else
		fprintf(o->f, "\t\tfor (; j + %d <= v; j += %d, ri += %d * ivs, "
		    "ii += %d * ivs,\n\t\t    ro += %d * ovs, io += %d * ovs) "
		    "{\n", step, step, step, step, step, step);
}

/* Prints d as an n1 codelet for ISA e->simd, named e->name, statements in
 * the given order in every loop body.
 * requires: d is an n1 DAG (fft_build); order lists every live
 * non-constant node once, operands before users, or is NULL for id
 * order; e->simd is not SIMD_NONE. */
void
emitsimd_c(FILE *f, Dag *d, const Prob *p, const int *order, int norder,
    const Emit *e)
{
	Out o;
	Arena *ar;
	int *live, *ord, i, pair;

	assert(e->simd > SIMD_NONE && e->simd < NSIMD);
	ar = arena_new();
	memset(&o, 0, sizeof o);
	o.f = f;
	o.d = d;
	o.isa = &isatab[e->simd];
	o.isfloat = e->isfloat;
	o.t = e->isfloat ? "float" : "double";
	o.vl = o.isa->bytes / (e->isfloat ? 4 : 8);
	snprintf(o.v, sizeof o.v, "kgen_%c%d", o.t[0], o.vl);
	snprintf(o.sfx, sizeof o.sfx, "%s_%c", o.isa->name, o.t[0]);
	o.name = arena_alloc(ar, (d->nnode + 1) * sizeof *o.name);
	live = dag_live(d, ar);
	ord = (int *)order;
	if (!order) {
		ord = arena_alloc(ar, (d->nnode + 1) * sizeof *ord);
		for (i = norder = 0; i < d->nnode; i++)
			if (live[i])
				ord[norder++] = i;
	}
	pair = mates(&o, ar, live);

	header(&o, p, e);
	helpers(&o);
	fprintf(f, "void\n%s(const %s *ri, const %s *ii, %s *ro, %s *io,\n"
	    "    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs,"
	    " ptrdiff_t ovs)\n{\n", e->name, o.t, o.t, o.t, o.t);
	for (i = 0; i < d->nnode; i++)
		if (live[i] && d->node[i].op == OP_CONST) {
			fprintf(f, "\tconst %s K%d = kgen_splat_%s(", o.v,
			    d->node[i].k, o.sfx);
			num_print(f, d->con[d->node[i].k], o.isfloat);
			fputs(");\n", f);
		}
	fputs("\tptrdiff_t j;\n\n", f);
	if (p->n == 1)
		fputs("\t(void)is;\n\t(void)os;\n", f);
	fputs("\tj = 0;\n", f);
	if (pair) {
		fputs("\tif (ii == ri + 1 && io == ro + 1) {\n", f);
		loop(&o, o.vl);
		body(&o, ord, norder, PATH_PAIR);
		fputs("\t\t}\n\t} else ", f);
	} else {
		fputs("\t", f);
	}
	fputs("if (ivs == 1 && ovs == 1) {\n", f);
	loop(&o, o.vl);
	body(&o, ord, norder, PATH_UNIT);
	fputs("\t\t}\n\t} else {\n", f);
	loop(&o, o.vl);
	body(&o, ord, norder, PATH_GATHER);
	fputs("\t\t}\n\t}\n", f);
	loop(&o, 1);
	body(&o, ord, norder, PATH_SCALAR);
	fputs("\t}\n}\n", f);
	arena_free(ar);
}
