/* kloop.c: GEMM micro-kernels, the codelets whose K is a run-time
 * argument, and GEMM codelets on vectors.  A micro-kernel's DAG is one
 * rank-1 update of an mr x nr tile of C (gemm_build with k = 1); it is
 * printed, in the order given, as the body of a loop over K, with the
 * tile of C in local accumulators that live across the loop: loaded
 * before it, stored after it.  This is the shape of BLIS's micro-kernel
 * (Van Zee and van de Geijn, TOMS 2015).
 * With vl > 1 one DAG value of A or C is a vector of vl consecutive rows,
 * written with GCC/Clang vector extensions: a column of A is mr/vl vector
 * loads, each element of B one scalar that the compiler broadcasts, each
 * update one vector multiply-add.  Plain scalar C (vl = 1) leaves the
 * vectorizing to the compiler, which tends to broadcast with shuffles
 * instead of loads; the vector form leaves it nothing to guess.  A fixed
 * K (p->k > 0) gives the straight-line codelet of the gemm ABI in that
 * vector form: gemm_build(ar, ceil(m / vl), n, k), no loop.  When vl = 8
 * does not divide m, the last vector of a column is partial: values are
 * AVX-512 __m512d, and that vector is loaded with its missing rows zero
 * and stored under a mask (LIBXSMM's way with such shapes), so every
 * column costs ceil(m / 8) instructions whatever m is. */
#include <assert.h>
#include <string.h>
#include "all.h"

typedef struct Kout Kout;
struct Kout {
	FILE *f;
	Dag *d;
	int vl;
	int fixed;      /* a fixed-K codelet, not a loop */
	int m;          /* rows of C */
	int mask;       /* AVX-512 intrinsics, the last vector masked */
	int *name;      /* temporary number of each node, -1 unnamed */
	char *vec;      /* the value is a vector */
};

static void
vtype(Kout *o, int isvec)
{
	if (isvec && o->mask)
		fputs("__m512d", o->f);
	else if (isvec && o->vl > 1)
		fprintf(o->f, "kgen_v%d", o->vl);
	else
		fputs("double", o->f);
}

/* p + i + j*stride as C text, terms that are zero left out (p may be
 * empty; all zero prints 0). */
static void
offset(Kout *o, const char *p, int i, const char *stride, int j)
{
	const char *sep;

	sep = "";
	if (*p) {
		fputs(p, o->f);
		sep = " + ";
	}
	if (i) {
		fprintf(o->f, "%s%d", sep, i);
		sep = " + ";
	}
	if (j == 1)
		fprintf(o->f, "%s%s", sep, stride);
	else if (j)
		fprintf(o->f, "%s%d * %s", sep, j, stride);
	else if (!*sep)
		fputc('0', o->f);
}

/* The element p[i + j*stride]. */
static void
scalar(Kout *o, const char *p, int i, const char *stride, int j)
{
	fprintf(o->f, "%s[", p);
	offset(o, "", i, stride, j);
	fputc(']', o->f);
}

/* The mask of the rows from i on that exist, for an AVX-512 access. */
static unsigned
rows(Kout *o, int i)
{
	return o->m - i >= 8 ? 0xff : (1u << (o->m - i)) - 1;
}

/* An element (vl = 1) or vector at p + i + j*stride. */
static void
access(Kout *o, const char *p, int isconst, int i, const char *stride,
    int j)
{
	if (o->vl == 1) {
		scalar(o, p, i, stride, j);
		return;
	}
	if (o->mask) {
		if (rows(o, i) == 0xff)
			fputs("_mm512_loadu_pd(", o->f);
		else
			fprintf(o->f, "_mm512_maskz_loadu_pd(0x%02x, ", rows(o, i));
		offset(o, p, i, stride, j);
		fputc(')', o->f);
		return;
	}
	fprintf(o->f, "*(%skgen_v%d *)", isconst ? "const " : "", o->vl);
	if (i || j)
		fputc('(', o->f);
	offset(o, p, i, stride, j);
	if (i || j)
		fputc(')', o->f);
}

/* A load of C in a micro-kernel: an accumulator, not a statement. */
static int
iscload(Kout *o, int id)
{
	Node *n;

	n = &o->d->node[id];
	return !o->fixed && n->op == OP_LOAD && o->d->in[n->k].arr == 2;
}

static void
operand(Kout *o, int id)
{
	Node *n;
	Slot *s;

	n = &o->d->node[id];
	if (n->op == OP_CONST) {
		num_print(o->f, o->d->con[n->k], 0);
		return;
	}
	if (iscload(o, id)) {
		s = &o->d->in[n->k];
		fprintf(o->f, "c%d_%d", s->i, s->j);
		return;
	}
	assert(o->name[id] >= 0 && "operands are emitted before their users");
	fprintf(o->f, "T%d", o->name[id]);
}

/* The masked store of value id to C at rows i.., column j. */
static void
store(Kout *o, int i, int j, int id)
{
	if (rows(o, i) == 0xff)
		fputs("_mm512_storeu_pd(", o->f);
	else
		fprintf(o->f, "_mm512_mask_storeu_pd(");
	offset(o, "C", i, "ldc", j);
	if (rows(o, i) != 0xff)
		fprintf(o->f, ", 0x%02x", rows(o, i));
	fputs(", ", o->f);
	operand(o, id);
	fputs(");\n", o->f);
}

static void
statement(Kout *o, int id, int *next)
{
	Node *n;
	Slot *s;
	const char *p;

	n = &o->d->node[id];
	if (n->op == OP_CONST || iscload(o, id))
		return;
	fputs(o->fixed ? "\t" : "\t\t", o->f);
	if (n->op == OP_STORE) {
		s = &o->d->out[n->k];
		if (o->mask) {
			store(o, s->i * o->vl, s->j, n->a[0]);
			return;
		}
		if (o->fixed)
			access(o, "C", 0, s->i * o->vl, "ldc", s->j);
		else
			fprintf(o->f, "c%d_%d", s->i, s->j);
		fputs(" = ", o->f);
		operand(o, n->a[0]);
		fputs(";\n", o->f);
		return;
	}
	o->name[id] = (*next)++;
	fputs("const ", o->f);
	vtype(o, o->vec[id]);
	fprintf(o->f, " T%d = ", o->name[id]);
	if (n->op == OP_LOAD) {
		s = &o->d->in[n->k];
		if (s->arr == 0)
			access(o, "A", 1, s->i * o->vl, "lda", s->j);
		else if (s->arr == 2)
			access(o, "C", 1, s->i * o->vl, "ldc", s->j);
		else if (o->fixed)
			scalar(o, "B", s->i, "ldb", s->j);
		else
			fprintf(o->f, "B[%d]", s->j);
	} else {
		for (p = optab[n->op].fmt; *p; p++) {
			if (*p == '%') {
				p++;
				operand(o, n->a[*p - '0']);
			} else {
				fputc(*p, o->f);
			}
		}
	}
	fputs(";\n", o->f);
}

static void
header(Kout *o, const Prob *p, const Emit *e)
{
	Count c;

	c = dag_count(o->d);
	fprintf(o->f, "/* Generated by kgen %s.  DO NOT EDIT.\n", KGEN_VERSION);
	fprintf(o->f, " * Command: %s\n", e->cmd);
	if (o->fixed) {
		fprintf(o->f, " * GEMM codelet: C += A*B, A %d x %d, B %d x %d, "
		    "column-major, double.\n", p->m, p->k, p->k, p->n);
		fprintf(o->f, " * %d additions, %d multiplications, %d FMAs, "
		    "%d loads, %d stores;\n", c.add, c.mul, c.fma, c.load,
		    c.store);
	} else {
		fprintf(o->f, " * GEMM micro-kernel: C += A*B for a %d x %d "
		    "tile of C and a run-time k;\n", p->m, p->n);
		fprintf(o->f, " * step p reads A[i + p*lda] (i < %d) and "
		    "B[j + p*ldb] (j < %d), C is\n", p->m, p->n);
		fprintf(o->f, " * C[i + j*ldc], held in %d %s across the "
		    "loop.\n", p->m / o->vl * p->n, o->vl > 1 ?
		    "vector accumulators" : "accumulators");
		fprintf(o->f, " * Per step: %d additions, %d multiplications, "
		    "%d FMAs, %d loads (A and B);\n", c.add, c.mul, c.fma,
		    c.load - p->m / o->vl * p->n);
	}
	fprintf(o->f, " * one register value is %d double%s%s.\n", o->vl,
	    o->vl > 1 ? "s" : "", o->vl > 1 ? " (GCC/Clang vector "
	    "extensions)" : "");
	if (e->regs > 0)
		fprintf(o->f, " * Schedule: %s, ordered for R = %d registers.\n",
		    e->sched, e->regs);
	else
		fprintf(o->f, " * Schedule: %s (independent of R).\n", e->sched);
	fprintf(o->f, " * Build with -ffp-contract=fast (or -std=gnu*) so that "
	    "a * b + c\n * becomes one FMA instruction.\n");
	if (o->mask)
		fprintf(o->f, " * Needs AVX-512F (-mavx512f); each column's "
		    "last %d rows are masked.\n", o->m % 8);
	fputs(" */\n#include <stddef.h>\n", o->f);
	fputs(o->mask ? "#include <immintrin.h>\n\n" : "\n", o->f);
	if (o->vl > 1 && !o->mask)
		fprintf(o->f, "#ifndef KGEN_V%d\n#define KGEN_V%d\n"
		    "typedef double kgen_v%d __attribute__((vector_size(%d),\n"
		    "    aligned(8), may_alias));\n#endif\n\n", o->vl, o->vl,
		    o->vl, 8 * o->vl);
}

/* The statements, in the given order or (order NULL) id order. */
static void
body(Kout *o, const int *order, int norder, Arena *ar)
{
	int *live, i, next;

	next = 0;
	if (order) {
		for (i = 0; i < norder; i++)
			statement(o, order[i], &next);
		return;
	}
	live = dag_live(o->d, ar);
	for (i = 0; i < o->d->nnode; i++)
		if (live[i])
			statement(o, i, &next);
}

/* Prints the micro-kernel
 *   void NAME(ptrdiff_t k, const double *A, const double *B, double *C,
 *             ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc);
 * for the tile p->m x p->n, from d = gemm_build(ar, p->m / vl, p->n, 1)
 * (simplified), its body in the given order (NULL: id order); or, when
 * p->k > 0, the codelet of the gemm ABI from d = gemm_build(ar, p->m / vl,
 * p->n, p->k), with A and C in vectors of vl rows.
 * requires: vl divides p->m, or vl = 8 and p->k > 0; order is a
 * topological order of d's live non-constant nodes. */
void
kloop_c(FILE *f, Dag *d, const Prob *p, const int *order, int norder,
    const Emit *e, int vl)
{
	Kout o;
	Arena *ar;
	Node *n;
	int i, j;

	assert(vl >= 1 && (p->m % vl == 0 || (p->k > 0 && vl == 8)));
	ar = arena_new();
	o.f = f;
	o.d = d;
	o.vl = vl;
	o.fixed = p->k > 0;
	o.m = p->m;
	o.mask = o.fixed && vl == 8 && p->m % 8;
	o.name = arena_alloc(ar, (d->nnode + 1) * sizeof *o.name);
	memset(o.name, -1, (d->nnode + 1) * sizeof *o.name);
	o.vec = arena_alloc(ar, d->nnode + 1);
	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		o.vec[i] = n->op == OP_LOAD && d->in[n->k].arr != 1;
		for (j = 0; j < optab[n->op].arity; j++)
			o.vec[i] |= o.vec[n->a[j]];
	}
	header(&o, p, e);
	if (o.fixed) {
		gemm_open(f, e);
		if (p->k == 1)
			fputs("\t(void)lda;\n", f);
		if (p->n == 1)
			fputs("\t(void)ldb;\n\t(void)ldc;\n", f);
		body(&o, order, norder, ar);
		gemm_close(f, p, e);
		arena_free(ar);
		return;
	}
	fprintf(f, "void\n%s(ptrdiff_t k, const double *A, const double *B, "
	    "double *C,\n    ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc)\n{\n",
	    e->name);
	for (j = 0; j < p->n; j++)
		for (i = 0; i < p->m / vl; i++) {
			fputc('\t', f);
			vtype(&o, 1);
			fprintf(f, " c%d_%d = ", i, j);
			access(&o, "C", 0, i * vl, "ldc", j);
			fputs(";\n", f);
		}
	if (p->n == 1)
		fputs("\t(void)ldc;\n", f);
	fputs("\n\tfor (; k > 0; k--, A += lda, B += ldb) {\n", f);
	body(&o, order, norder, ar);
	fputs("\t}\n", f);
	for (j = 0; j < p->n; j++)
		for (i = 0; i < p->m / vl; i++) {
			fputc('\t', f);
			access(&o, "C", 0, i * vl, "ldc", j);
			fprintf(f, " = c%d_%d;\n", i, j);
		}
	fputs("}\n", f);
	arena_free(ar);
}
