/* emit/gemmk.c: GEMM micro-kernels, the codelets whose K is a run-time
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
 * vector form: gemm_build(ar, ceil(m / vl), n, k, 1), no loop, C added
 * after the K products.  When vl = 8 does not divide m, the last vector
 * of a column is partial: values are AVX-512 __m512d, A's partial vector
 * is loaded under a mask with its missing rows zero (LIBXSMM's way with
 * such shapes) and C's is added to in 256-, 128- and 64-bit pieces
 * (kgen_addc), which the next call's loads can forward from; with 7
 * rows left (three pieces) C is masked too.
 * The code printed around the statements is C in emit/tpl/gemmk.c
 * (emit/tpl.c). */
#include <assert.h>
#include <string.h>
#include "all.h"

/* The statements are emit/c.c's, with hooks for what differs here: loads
 * and stores of vectors, and the accumulators, which are variables of
 * their own rather than temporaries. */
typedef struct Kout Kout;
struct Kout {
	Printer o;      /* first, so that the Printer's hooks find the rest */
	int vl;
	int fixed;      /* a fixed-K codelet, not a loop */
	int m;          /* rows of C */
	int mask;       /* AVX-512 intrinsics, the last vector masked */
	char vname[24]; /* the vector type, kgen_vVL */
	char *vec;      /* the value is a vector */
	int pieces;     /* partial columns of C through kgen_addc */
	char *fused;    /* a partial column's sum x + C and its load of C,
	                 * which kgen_addc makes (not printed) */
};

static const char *
vtype(Kout *k, int isvec)
{
	if (isvec && k->mask)
		return "__m512d";
	if (isvec && k->vl > 1)
		return k->vname;
	return "double";
}

/* p + i + j*stride as C text, terms that are zero left out (p may be
 * empty; all zero prints 0). */
static void
offset(FILE *f, const char *p, int i, const char *stride, int j)
{
	const char *sep;

	sep = "";
	if (*p) {
		fputs(p, f);
		sep = " + ";
	}
	if (i) {
		fprintf(f, "%s%d", sep, i);
		sep = " + ";
	}
	if (j == 1)
		fprintf(f, "%s%s", sep, stride);
	else if (j)
		fprintf(f, "%s%d * %s", sep, j, stride);
	else if (!*sep)
		fputc('0', f);
}

/* The element p[i + j*stride]. */
static void
scalar(FILE *f, const char *p, int i, const char *stride, int j)
{
	fprintf(f, "%s[", p);
	offset(f, "", i, stride, j);
	fputc(']', f);
}

/* The mask of the rows from i on that exist, for an AVX-512 access. */
static unsigned
rows(Kout *k, int i)
{
	return k->m - i >= 8 ? 0xff : (1u << (k->m - i)) - 1;
}

/* An element (vl = 1) or vector at p + i + j*stride. */
static void
access(Kout *k, const char *p, int isconst, int i, const char *stride,
    int j)
{
	FILE *f;

	f = k->o.f;
	if (k->vl == 1) {
		scalar(f, p, i, stride, j);
		return;
	}
	if (k->mask) {
		if (rows(k, i) == 0xff)
			fputs("_mm512_loadu_pd(", f);
		else
			fprintf(f, "_mm512_maskz_loadu_pd(0x%02x, ",
			    rows(k, i));
		offset(f, p, i, stride, j);
		fputc(')', f);
		return;
	}
	fprintf(f, "*(%skgen_v%d *)", isconst ? "const " : "", k->vl);
	if (i || j)
		fputc('(', f);
	offset(f, p, i, stride, j);
	if (i || j)
		fputc(')', f);
}

/* A load of C in a micro-kernel: an accumulator, not a statement. */
static int
iscload(Kout *k, int id)
{
	Node *n;

	n = &k->o.d->node[id];
	return !k->fixed && n->op == OP_LOAD && k->o.d->in[n->k].arr == 2;
}

/* The Printer's var hook: accumulator c<i>_<j> holds C(i, j). */
static int
var(Printer *o, int id)
{
	Slot *s;

	if (!iscload((Kout *)o, id))
		return 0;
	s = &o->d->in[o->d->node[id].k];
	fprintf(o->f, "c%d_%d", s->i, s->j);
	return 1;
}

static void
load(Printer *o, const Slot *s)
{
	Kout *k;

	k = (Kout *)o;
	if (s->arr == 0)
		access(k, "A", 1, s->i * k->vl, "lda", s->j);
	else if (s->arr == 2)
		access(k, "C", 1, s->i * k->vl, "ldc", s->j);
	else if (k->fixed)
		scalar(o->f, "B", s->i, "ldb", s->j);
	else
		fprintf(o->f, "B[%d]", s->j);
}

/* The store to C at rows i.., column j of value id: a full vector, a
 * partial one under a mask, or, when the sum x + C is fused, kgen_addc
 * adding x. */
static void
masked(Kout *k, int i, int j, int id)
{
	FILE *f;
	Node *n;

	f = k->o.f;
	n = &k->o.d->node[id];
	if (rows(k, i) == 0xff)
		fputs("_mm512_storeu_pd(", f);
	else if (k->fused[id])
		fputs("kgen_addc(", f);
	else
		fputs("_mm512_mask_storeu_pd(", f);
	offset(f, "C", i, "ldc", j);
	if (rows(k, i) != 0xff && !k->fused[id])
		fprintf(f, ", 0x%02x", rows(k, i));
	fputs(", ", f);
	if (k->fused[id])
		id = n->a[k->fused[n->a[0]] ? 1 : 0];
	emit_operand(&k->o, id);
	fputs(");\n", f);
}

/* A store to C: to memory in a fixed-K codelet, else to its
 * accumulator. */
static void
store(Printer *o, int id)
{
	Kout *k;
	Node *n;
	Slot *s;

	k = (Kout *)o;
	n = &o->d->node[id];
	s = &o->d->out[n->k];
	fputs(o->tab, o->f);
	if (k->mask) {
		masked(k, s->i * k->vl, s->j, n->a[0]);
		return;
	}
	if (k->fixed)
		access(k, "C", 0, s->i * k->vl, "ldc", s->j);
	else
		fprintf(o->f, "c%d_%d", s->i, s->j);
	fputs(" = ", o->f);
	emit_operand(o, n->a[0]);
	fputs(";\n", o->f);
}

/* Adds the first c doubles (c <= 4) of the 256-bit value h to p + i. */
static void
addhalf(FILE *f, int i, int c, const char *h)
{
	char q[16], q2[16];

	snprintf(q, sizeof q, i ? "p + %d" : "p", i);
	snprintf(q2, sizeof q2, "p + %d", i + 2);
	if (c == 4) {
		fprintf(f, "\t_mm256_storeu_pd(%s, _mm256_loadu_pd(%s) + %s);\n",
		    q, q, h);
		return;
	}
	tpl_print(f, c == 1 ? "addc_1" : "addc_2", (const Tplarg[]){
		TPL_S("q", q), TPL_S("h", h), TPL_END});
	if (c == 3)
		tpl_print(f, "addc_3", (const Tplarg[]){TPL_S("q", q2),
			TPL_S("h", h), TPL_END});
}

/* kgen_addc(p, v): C's last r = m % 8 rows of a column += the first r
 * lanes of v, in 256-, 128- and 64-bit pieces.  Not masked: a load that
 * reads what a masked store wrote waits until that store reaches the
 * cache (store-to-load forwarding fails), so a codelet called again on
 * the same C would wait for its own stores; these forward, and the
 * additions on the pieces need no instruction to put them together. */
static void
caddc(FILE *f, int r)
{
	fprintf(f, "/* C's last %d row%s of a column += the first lanes of "
	    "v, without a mask\n * (a masked store does not forward to the "
	    "next load) */\n", r, r > 1 ? "s" : "");
	tpl_print(f, "addc_head", NULL);
	if (r <= 4) {
		fputs("\t__m256d lo = _mm512_castpd512_pd256(v);\n\n", f);
		addhalf(f, 0, r, "lo");
	} else {
		fputs("\t__m256d hi = _mm512_extractf64x4_pd(v, 1);\n\n", f);
		addhalf(f, 0, 4, "_mm512_castpd512_pd256(v)");
		addhalf(f, 4, r - 4, "hi");
	}
	fputs("}\n\n", f);
}

static void
header(Kout *k, const Prob *p, const Emit *e)
{
	FILE *f;
	Count c;

	f = k->o.f;
	c = dag_count(k->o.d);
	fprintf(f, "/* Generated by kgen %s.  DO NOT EDIT.\n", KGEN_VERSION);
	fprintf(f, " * Command: %s\n", e->cmd);
	if (k->fixed) {
		fprintf(f, " * GEMM codelet: C += A*B, A %d x %d, B %d x %d, "
		    "column-major, double.\n", p->m, p->k, p->k, p->n);
		fprintf(f, " * %d additions, %d multiplications, %d FMAs, "
		    "%d loads, %d stores;\n", c.add, c.mul, c.fma, c.load,
		    c.store);
	} else {
		fprintf(f, " * GEMM micro-kernel: C += A*B for a %d x %d "
		    "tile of C and a run-time k;\n", p->m, p->n);
		fprintf(f, " * step p reads A[i + p*lda] (i < %d) and "
		    "B[j + p*ldb] (j < %d), C is\n", p->m, p->n);
		fprintf(f, " * C[i + j*ldc], held in %d %s across the "
		    "loop.\n", p->m / k->vl * p->n, k->vl > 1 ?
		    "vector accumulators" : "accumulators");
		fprintf(f, " * Per step: %d additions, %d multiplications, "
		    "%d FMAs, %d loads (A and B);\n", c.add, c.mul, c.fma,
		    c.load - p->m / k->vl * p->n);
	}
	fprintf(f, " * one register value is %d double%s%s.\n", k->vl,
	    k->vl > 1 ? "s" : "", k->vl > 1 ? " (GCC/Clang vector "
	    "extensions)" : "");
	if (e->regs > 0)
		fprintf(f, " * Schedule: %s, ordered for R = %d registers.\n",
		    e->sched, e->regs);
	else
		fprintf(f, " * Schedule: %s (independent of R).\n", e->sched);
	fprintf(f, " *\n");
	if (k->fixed)
		tpl_print(f, "gemm_abi", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("t", "double"),
			TPL_N("m", p->m), TPL_N("n", p->n), TPL_N("k", p->k),
			TPL_END});
	else
		tpl_print(f, "kloop_abi", (const Tplarg[]){
			TPL_S("name", e->name), TPL_END});
	fprintf(f, " * Build: %s; FMAs (--fma) are\n * written a * b + c, "
	    "fused only where the compiler contracts: GCC with\n * -std=gnu* "
	    "(its default) or -ffp-contract=fast, not -std=c99; Clang by\n"
	    " * default.\n", k->vl > 1 ? "GNU C or C++ (GCC or Clang vector "
	    "extensions)" : "C99 or C++, any flags");
	if (k->mask)
		fprintf(f, " * Needs AVX-512F (-mavx512f); a column's last "
		    "%d rows %s.\n", k->m % 8, k->pieces ? "of A are loaded "
		    "under a mask,\n * of C added to in pieces (kgen_addc)" :
		    "are loaded and stored\n * under a mask");
	fputs(" */\n#include <stddef.h>\n", f);
	fputs(k->mask ? "#include <immintrin.h>\n\n" : "\n", f);
	if (k->pieces)
		caddc(f, k->m % 8);
	if (k->vl > 1 && !k->mask)
		tpl_print(f, "kloop_vtype", (const Tplarg[]){
			TPL_N("vl", k->vl), TPL_N("bytes", 8 * k->vl), TPL_END});
}

/* Marks the partial columns' sums x + C (when C was added last,
 * gemm_build's clast) and their loads of C: kgen_addc makes them.
 * Returns whether there was one. */
static int
fuse(Kout *k)
{
	Dag *d;
	Node *n, *x;
	int i, j, ld, any;

	d = k->o.d;
	any = 0;
	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		if (n->op != OP_STORE || rows(k, d->out[n->k].i * k->vl) == 0xff)
			continue;
		x = &d->node[n->a[0]];
		if (x->op != OP_ADD)
			continue;
		for (j = 0; j < 2; j++) {
			ld = x->a[j];
			if (d->node[ld].op == OP_LOAD &&
			    d->in[d->node[ld].k].arr == 2)
				break;
		}
		if (j == 2)
			continue;
		k->fused[ld] = 1;
		k->fused[n->a[0]] = 1;
		any = 1;
	}
	return any;
}

/* One statement: the Printer's, with the type of this value. */
static void
statement(Kout *k, int id)
{
	if (iscload(k, id) || k->fused[id])
		return;
	k->o.type = vtype(k, k->vec[id]);
	emit_statement(&k->o, id);
}

/* The statements, in the given order or (order NULL) id order. */
static void
body(Kout *k, const int *order, int norder, Arena *ar)
{
	const int *ids;
	int i;

	ids = emit_order(k->o.d, order, &norder, ar);
	for (i = 0; i < norder; i++)
		statement(k, ids[i]);
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
	Kout k;
	Arena *ar;
	Node *n;
	int i, j;

	assert(vl >= 1 && (p->m % vl == 0 || (p->k > 0 && vl == 8)));
	ar = arena_new();
	emit_init(&k.o, f, d, 0, ar);
	k.o.load = load;
	k.o.store = store;
	k.o.var = var;
	k.vl = vl;
	k.fixed = p->k > 0;
	k.m = p->m;
	k.mask = k.fixed && vl == 8 && p->m % 8;
	k.o.tab = k.fixed ? "\t" : "\t\t";
	snprintf(k.vname, sizeof k.vname, "kgen_v%d", vl);
	k.vec = arena_alloc(ar, d->nnode + 1);
	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		k.vec[i] = n->op == OP_LOAD && d->in[n->k].arr != 1;
		for (j = 0; j < optab[n->op].arity; j++)
			k.vec[i] |= k.vec[n->a[j]];
	}
	k.fused = arena_alloc(ar, d->nnode + 1);
	memset(k.fused, 0, d->nnode + 1);
	/* seven rows would take three pieces: masked, its load of C after
	 * all products (gemmorder_tiles) is cheaper there */
	k.pieces = k.mask && p->m % 8 != 7 && fuse(&k);
	header(&k, p, e);
	if (k.fixed) {
		gemm_open(f, e);
		if (p->k == 1)
			fputs("\t(void)lda;\n", f);
		if (p->n == 1)
			tpl_print(f, "kloop_unit", NULL);
		body(&k, order, norder, ar);
		gemm_close(f, p, e);
		arena_free(ar);
		return;
	}
	tpl_print(f, "kloop_head", (const Tplarg[]){TPL_S("name", e->name),
		TPL_END});
	for (j = 0; j < p->n; j++)
		for (i = 0; i < p->m / vl; i++) {
			fprintf(f, "\t%s c%d_%d = ", vtype(&k, 1), i, j);
			access(&k, "C", 0, i * vl, "ldc", j);
			fputs(";\n", f);
		}
	if (p->n == 1)
		fputs("\t(void)ldc;\n", f);
	fputs("\n\tfor (; k > 0; k--, A += lda, B += ldb) {\n", f);
	body(&k, order, norder, ar);
	fputs("\t}\n", f);
	for (j = 0; j < p->n; j++)
		for (i = 0; i < p->m / vl; i++) {
			fputc('\t', f);
			access(&k, "C", 0, i * vl, "ldc", j);
			fprintf(f, " = c%d_%d;\n", i, j);
		}
	fputs("}\n", f);
	arena_free(ar);
}
