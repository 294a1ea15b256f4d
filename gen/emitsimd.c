/* emitsimd.c: n1 codelets that vectorize across the batch.  Lane l of a
 * vector holds transform j + l, so one DAG value is one vector register
 * and the register analysis of sched/ holds unchanged (DESIGN.md counts a
 * vector of independent transforms as one value).  The statements keep
 * the given order, as in emit.c, in two bodies:
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
 *     VL transforms (the rest zero) are packed into an array of vectors,
 *     a kernel holding the same statements runs on it in place, and the
 *     results are unpacked: the copies cost little beside the arithmetic
 *     and keep one compiled copy of the statements for every layout.
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

enum { PATH_DIRECT, PATH_BUF };

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
	const char *ind;    /* indentation of its statements */
	int *name;          /* temporary of each node, -1 before it is made */
	int next;           /* next temporary number */
	int *inmate;        /* load slot -> the other half's load node */
	int *outmate;       /* store slot -> the other half's store slot */
	int *stored;        /* store slot already reached in this body */
	int *storenode;     /* store slot -> its node */
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

static void
operand(Out *o, int id)
{
	Node *n;

	n = &o->d->node[id];
	if (n->op == OP_CONST) {
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

	if (optab[n->op].kind == FLOP_FMA) {
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
	int lo, hi;

	n = &o->d->node[id];
	s = &o->d->in[n->k];
	if (o->path == PATH_BUF) {
		o->name[id] = o->next++;
		fprintf(o->f, "%sconst %s T%d = x[%d];\n", o->ind, o->v,
		    o->name[id], place(o, s));
		return;
	}
	if (o->name[id] >= 0)
		return;     /* loaded with its other half */
	lo = s->arr == 0 ? id : o->inmate[n->k];
	hi = s->arr == 0 ? o->inmate[n->k] : id;
	o->name[lo] = o->next++;
	o->name[hi] = o->next++;
	fprintf(o->f, "%s%s T%d, T%d;\n", o->ind, o->v, o->name[lo],
	    o->name[hi]);
	fprintf(o->f, "%skgen_ldi_%s(ri + %d, ivs, &T%d, &T%d);\n", o->ind,
	    o->sfx, place(o, s), o->name[lo], o->name[hi]);
}

static void
store(Out *o, int id)
{
	Node *n;
	Slot *s;
	int mate, lo, hi;

	n = &o->d->node[id];
	s = &o->d->out[n->k];
	if (o->path == PATH_BUF) {
		fprintf(o->f, "%sx[%d] = ", o->ind, place(o, s));
		operand(o, n->a[0]);
		fputs(";\n", o->f);
		return;
	}
	o->stored[n->k] = 1;
	mate = o->outmate[n->k];
	if (!o->stored[mate])
		return;     /* stored with its other half, later */
	lo = s->arr == 2 ? id : o->storenode[mate];
	hi = s->arr == 2 ? o->storenode[mate] : id;
	fprintf(o->f, "%skgen_sti_%s(ro + %d, ovs, ", o->ind, o->sfx,
	    place(o, s));
	operand(o, o->d->node[lo].a[0]);
	fputs(", ", o->f);
	operand(o, o->d->node[hi].a[0]);
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
	fprintf(o->f, "%sconst %s T%d = ", o->ind, o->v, o->name[id]);
	expr(o, n);
	fputs(";\n", o->f);
}

/* One body: the statements of the order in the given path. */
static void
body(Out *o, const int *order, int norder, int path, const char *ind)
{
	int i;

	o->path = path;
	o->ind = ind;
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

/* Concatenates vectors x0_0 .. x0_(k-1) of m elements each into the
 * vector res, by a balanced tree of shuffles. */
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
	fprintf(o->f, "\tkgen_%c2", c);
	for (l = 0; l < o->vl; l++)
		fprintf(o->f, "%s%c0_%d", l == 0 ? " " : l % 8 ? ", "
		    : ",\n\t    ", "ab"[l & 1], l / 2);
	fprintf(o->f, ";\n\t%s a, b;\n\n", o->v);
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

/* kgen_pack copies transforms 0 .. lanes-1 (n elements at stride is,
 * transforms ivs apart) into x: x[2m] the real parts of element m, lane
 * l for transform l, x[2m + 1] the imaginary parts, lanes past lanes
 * zero.  kgen_unpack is its inverse for the first lanes lanes. */
static void
packing(Out *o)
{
	fprintf(o->f, "static inline void\nkgen_pack_%s(%s *x, const %s *ri, "
	    "const %s *ii, ptrdiff_t n,\n    ptrdiff_t is, ptrdiff_t ivs, "
	    "ptrdiff_t lanes)\n{\n\tptrdiff_t m, l;\n\n", o->sfx, o->v, o->t,
	    o->t);
	fprintf(o->f, "\tfor (m = 0; m < n; m++) {\n"
	    "\t\tif (lanes < %d) {\n"
	    "\t\t\tx[2 * m] = x[2 * m + 1] = kgen_splat_%s(0);\n"
	    "\t\t\tfor (l = 0; l < lanes; l++) {\n"
	    "\t\t\t\tx[2 * m][l] = ri[m * is + l * ivs];\n"
	    "\t\t\t\tx[2 * m + 1][l] = ii[m * is + l * ivs];\n"
	    "\t\t\t}\n"
	    "\t\t} else if (ii == ri + 1) {\n"
	    "\t\t\tkgen_ldi_%s(ri + m * is, ivs, &x[2 * m], "
	    "&x[2 * m + 1]);\n"
	    "\t\t} else {\n"
	    "\t\t\tx[2 * m] = kgen_ld_%s(ri + m * is, ivs);\n"
	    "\t\t\tx[2 * m + 1] = kgen_ld_%s(ii + m * is, ivs);\n"
	    "\t\t}\n\t}\n}\n\n", o->vl, o->sfx, o->sfx, o->sfx, o->sfx);
	fprintf(o->f, "static inline void\nkgen_unpack_%s(const %s *x, %s *ro,"
	    " %s *io, ptrdiff_t n,\n    ptrdiff_t os, ptrdiff_t ovs, "
	    "ptrdiff_t lanes)\n{\n\tptrdiff_t m, l;\n\n", o->sfx, o->v, o->t,
	    o->t);
	fprintf(o->f, "\tfor (m = 0; m < n; m++) {\n"
	    "\t\tif (lanes < %d) {\n"
	    "\t\t\tfor (l = 0; l < lanes; l++) {\n"
	    "\t\t\t\tro[m * os + l * ovs] = x[2 * m][l];\n"
	    "\t\t\t\tio[m * os + l * ovs] = x[2 * m + 1][l];\n"
	    "\t\t\t}\n"
	    "\t\t} else if (io == ro + 1) {\n"
	    "\t\t\tkgen_sti_%s(ro + m * os, ovs, x[2 * m], x[2 * m + 1]);\n"
	    "\t\t} else {\n"
	    "\t\t\tkgen_st_%s(ro + m * os, ovs, x[2 * m]);\n"
	    "\t\t\tkgen_st_%s(io + m * os, ovs, x[2 * m + 1]);\n"
	    "\t\t}\n\t}\n}\n\n", o->vl, o->sfx, o->sfx, o->sfx);
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
	    "\n{\n\tconst %s r = {", o->v, o->sfx, o->t, o->v);
	for (i = 0; i < o->vl; i++)
		fprintf(o->f, "%sp[%d * s]", i == 0 ? "" : i % 4 ? ", "
		    : ",\n\t    ", i);
	fputs("};\n\n\treturn r;\n}\n\n", o->f);
	fprintf(o->f, "static inline void\nkgen_st_%s(%s *p, ptrdiff_t s, "
	    "%s x)\n{\n", o->sfx, o->t, o->v);
	for (i = 0; i < o->vl; i++)
		fprintf(o->f, "\tp[%d * s] = x[%d];\n", i, i);
	fputs("}\n\n", o->f);
	pairload(o);
	pairstore(o);
	packing(o);

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
	fprintf(o->f, " * %d transforms per vector, one per lane.  Compile "
	    "with %s.\n", o->vl, o->isa->flags);
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
 * its complex element. */
static void
mates(Out *o, Arena *ar, const int *live)
{
	Dag *d;
	int *innode, s, t, i;

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
	for (s = 0; s < d->nin; s++)
		for (t = 0; t < d->nin; t++)
			if (innode[s] >= 0 && d->in[t].arr == (d->in[s].arr ^ 1)
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

	d = o->d;
	for (i = k = 0; i < d->nnode; i++)
		if (live[i] && d->node[i].op == OP_CONST) {
			k++;
			fprintf(o->f, "\tconst %s K%d = kgen_splat_%s(", o->v,
			    d->node[i].k, o->sfx);
			num_print(o->f, d->con[d->node[i].k], o->isfloat);
			fputs(");\n", o->f);
		}
	return k;
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
	Out o;
	Arena *ar;
	int *live, *ord, i, vl;

	assert(e->simd > SIMD_NONE && e->simd < NSIMD);
	ar = arena_new();
	memset(&o, 0, sizeof o);
	o.f = f;
	o.d = d;
	o.isa = &isatab[e->simd];
	o.isfloat = e->isfloat;
	o.t = e->isfloat ? "float" : "double";
	o.vl = vl = o.isa->bytes / (e->isfloat ? 4 : 8);
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
	mates(&o, ar, live);

	header(&o, p, e);
	helpers(&o);
	fprintf(f, "/* The statements on VL transforms packed in x, in "
	    "place. */\nstatic void\n%s_k(%s *x)\n{\n", e->name, o.v);
	if (constants(&o, live))
		fputc('\n', f);
	body(&o, ord, norder, PATH_BUF, "\t");
	fputs("}\n\n", f);

	fprintf(f, "void\n%s(const %s *ri, const %s *ii, %s *ro, %s *io,\n"
	    "    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs,"
	    " ptrdiff_t ovs)\n{\n", e->name, o.t, o.t, o.t, o.t);
	constants(&o, live);
	fprintf(f, "\t%s x[%d];\n\tptrdiff_t j;\n\n", o.v, 2 * p->n);
	fputs("\tj = 0;\n\tif (ii == ri + 1 && io == ro + 1 && is == 2 && "
	    "os == 2) {\n", f);
	fprintf(f, "\t\tfor (; j + %d <= v; j += %d, ri += %d * ivs, "
	    "ro += %d * ovs) {\n", vl, vl, vl, vl);
	body(&o, ord, norder, PATH_DIRECT, "\t\t\t");
	fputs("\t\t}\n\t\tii = ri + 1;\n\t\tio = ro + 1;\n\t}\n", f);
	fprintf(f, "\tfor (; j < v; j += %d, ri += %d * ivs, ii += %d * ivs, "
	    "ro += %d * ovs,\n\t    io += %d * ovs) {\n", vl, vl, vl, vl, vl);
	fprintf(f, "\t\tkgen_pack_%s(x, ri, ii, %d, is, ivs, v - j);\n",
	    o.sfx, p->n);
	fprintf(f, "\t\t%s_k(x);\n", e->name);
	fprintf(f, "\t\tkgen_unpack_%s(x, ro, io, %d, os, ovs, v - j);\n",
	    o.sfx, p->n);
	fputs("\t}\n}\n", f);
	arena_free(ar);
}
