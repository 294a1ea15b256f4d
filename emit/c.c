/* emit/c.c: prints a DAG as a straight-line C99 codelet, one statement per
 * node in exactly the order it is given (the schedule), each value a
 * const local declared where it is computed.  Constants are printed
 * inline as literals.  The emitter never reorders: keeping the schedule
 * is the scheduler's promise to the compiler.  The output needs only
 * <stddef.h>, and <math.h> when FMAs are printed as C99's fma() (fused
 * under any -std, where a * b + c would need contraction).  A
 * convolution also gets its streaming form, NAME_stream.  The statement
 * printer (emit_statement and its Printer) is shared with the other
 * C-like emitters (emit/kinds.c, emit/vec.c, emit/gemmk.c, emit/simd.c):
 * they differ only in names, indentation, how a load, a store or an
 * operation is written, and which values are named otherwise than by a
 * temporary, which its fields and hooks say.
 * The code printed around the statements is C in emit/tpl/c.c
 * (emit/tpl.c). */
#include <assert.h>
#include <string.h>
#include "all.h"

/* Array names by Slot.arr, per problem kind (PROB_*), and their strides. */
static const char *const arrname[][4] = {
	{"ri", "ii", "ro", "io"}, {"A", "B", "C"}, {"x", "y"}
};
static const char *const stridename[][4] = {
	{"is", "is", "os", "os"}, {"lda", "ldb", "ldc"}, {"is", "os"}
};

/* Sets o up to print d to f as scalar C (type double or float, two tabs
 * deep, no hooks); the caller then names its arrays and strides. */
void
emit_init(Printer *o, FILE *f, Dag *d, int isfloat, Arena *ar)
{
	memset(o, 0, sizeof *o);
	o->f = f;
	o->d = d;
	o->isfloat = isfloat;
	o->name = arena_alloc(ar, (d->nnode + 1) * sizeof *o->name);
	memset(o->name, -1, (d->nnode + 1) * sizeof *o->name);
	o->tab = "\t\t";
	o->type = isfloat ? "float" : "double";
}

/* The nodes to print: order itself, or with order NULL the live nodes in
 * id order (a topological order too), *norder of them. */
const int *
emit_order(Dag *d, const int *order, int *norder, Arena *ar)
{
	int *live, *ids, i, n;

	if (order)
		return order;
	live = dag_live(d, ar);
	ids = arena_alloc(ar, (d->nnode + 1) * sizeof *ids);
	n = 0;
	for (i = 0; i < d->nnode; i++)
		if (live[i])
			ids[n++] = i;
	*norder = n;
	return ids;
}

/* Prints value id where an operand goes: what o->var prints for it, if
 * anything, else a constant as a literal, the negation of one as
 * (-literal), anything else by its temporary. */
void
emit_operand(Printer *o, int id)
{
	Node *n;

	if (o->var && o->var(o, id))
		return;
	n = &o->d->node[id];
	if (n->op == OP_CONST) {
		num_print(o->f, o->d->con[n->k], o->isfloat);
		return;
	}
	if (n->op == OP_NEG && o->d->node[n->a[0]].op == OP_CONST) {
		fputs("(-", o->f);
		emit_operand(o, n->a[0]);
		fputc(')', o->f);
		return;
	}
	assert(o->name[id] >= 0 && "operands are emitted before their users");
	fprintf(o->f, "T%d", o->name[id]);
}

static void
address(Printer *o, const Slot *s)
{
	fprintf(o->f, "%s[", o->arr[s->arr]);
	if (s->j == 0)
		fprintf(o->f, "%d", s->i);
	else if (s->i == 0 && (s->j == 1 || s->j == -1))
		fprintf(o->f, "%s%s", s->j < 0 ? "-" : "", o->stride[s->arr]);
	else if (s->i == 0)
		fprintf(o->f, "%d * %s", s->j, o->stride[s->arr]);
	else
		fprintf(o->f, "%d + %d * %s", s->i, s->j, o->stride[s->arr]);
	fputc(']', o->f);
}

/* The header comment's lines of o's DAG's counts and e's schedule. */
void
emit_counts(Printer *o, const Emit *e)
{
	Count c;

	c = dag_count(o->d);
	fprintf(o->f, " * %d additions, %d multiplications, %d FMAs, "
	    "%d negations,\n", c.add, c.mul, c.fma, c.neg);
	fprintf(o->f, " * %d constants, %d loads, %d stores.\n", c.con,
	    c.load, c.store);
	if (e->regs > 0)
		fprintf(o->f, " * Schedule: %s, ordered for R = %d registers.\n",
		    e->sched, e->regs);
	else
		fprintf(o->f, " * Schedule: %s (independent of R).\n", e->sched);
	if (e->top)
		fprintf(o->f, " * Algorithm at the top: %s, chosen by its "
		    "operations and spills at R = %d\n * (--choose spills).\n",
		    e->top, e->topregs);
}

/* Prints node id's statement: a store, or a const temporary declared
 * with its value.  Constants and their negations get none, being printed
 * inline.  requires: id's operands were printed before (or are inline). */
void
emit_statement(Printer *o, int id)
{
	Node *n;
	const char *p;

	n = &o->d->node[id];
	if (n->op == OP_CONST || (n->op == OP_NEG
	    && o->d->node[n->a[0]].op == OP_CONST))
		return;
	if (n->op == OP_STORE && o->store) {
		o->store(o, id);
		return;
	}
	fputs(o->tab, o->f);
	if (n->op == OP_STORE) {
		address(o, &o->d->out[n->k]);
		fputs(" = ", o->f);
		emit_operand(o, n->a[0]);
		fputs(";\n", o->f);
		return;
	}
	o->name[id] = o->next++;
	fprintf(o->f, "const %s T%d = ", o->type, o->name[id]);
	if (n->op == OP_LOAD && o->load) {
		o->load(o, &o->d->in[n->k]);
	} else if (n->op == OP_LOAD) {
		address(o, &o->d->in[n->k]);
	} else {
		p = o->opfmt && o->opfmt[n->op] ? o->opfmt[n->op]
		    : optab[n->op].fmt;
		for (; *p; p++) {
			if (*p == '%') {
				p++;
				emit_operand(o, n->a[*p - '0']);
			} else {
				fputc(*p, o->f);
			}
		}
	}
	fputs(";\n", o->f);
}

/* The header's lines on what building the codelet needs: plain C99, or
 * with FMAs (fma == 1) the fma()/fmaf() of <math.h>, which are one
 * instruction only where the compiler targets FMA. */
void
emit_needs(FILE *f, int fma, int isfloat)
{
	if (!fma) {
		fprintf(f, " * Build: plain C99 (or C++), needs only <stddef.h>;"
		    " any flags.\n");
		return;
	}
	fprintf(f, " * Build: C99 (or C++); the FMAs are %s() calls of "
	    "<math.h>, fused by\n * the standard under any -std: give an "
	    "FMA target (-mfma, -march=haswell\n * or later) so that each is "
	    "one instruction, else they are exact but slow\n * library calls"
	    " (link with -lm).\n", isfloat ? "fmaf" : "fma");
}

/* A scalar GEMM codelet's FMAs (--fma) are a * b + c, not fma() calls:
 * GCC does not vectorize straight-line fma() calls (gcc 12 -O2
 * -march=native: 128 ns at 8x8x8 against 19 ns for a * b + c), and
 * contracts a * b + c to the same instruction where it may.  Ends the
 * header: the rounding the user gets, the includes and the pragma. */
static void
gemm_needs(FILE *f)
{
	fputs(" * Build: C99 (or C++), any flags.  The FMAs (--fma) are "
	    "written a * b + c\n * under #pragma STDC FP_CONTRACT ON, which "
	    "compilers vectorize.  On an FMA\n * target (-mfma, -march=haswell "
	    "or later) each is fused, one rounding,\n * where the compiler "
	    "contracts: Clang always (the pragma), GCC in its\n * default "
	    "-std=gnu* modes or with -ffp-contract=fast.  GCC under -std=c99\n"
	    " * to c17 without -ffp-contract=fast, or a target without FMA, "
	    "rounds the\n * product and the sum apart, as without --fma.  "
	    "Either way C is within\n * GEMM's usual bound, gamma_(K+1) "
	    "(|C| + |A| |B|).\n */\n#include <stddef.h>\n\n"
	    "#if !defined(__GNUC__) || defined(__clang__)\n"
	    "#pragma STDC FP_CONTRACT ON\n#endif\n\n", f);
}

static void
header(Printer *o, const Prob *p, const Emit *e)
{
	const char *t;
	char first[16];
	int fma, h;

	t = e->isfloat ? "float" : "double";
	fma = dag_count(o->d).fma > 0 && !e->fmaexpr
	    && p->kind != PROB_GEMM;
	fprintf(o->f, "/* Generated by kgen %s.  DO NOT EDIT.\n", KGEN_VERSION);
	fprintf(o->f, " * Command: %s\n", e->cmd);
	if (p->kind == PROB_FFT)
		fprintf(o->f, " * n1 codelet: DFT of size %d, sign %d (%s), %s.\n",
		    p->n, p->sign, p->sign < 0 ? "forward" : "backward", t);
	if (p->kind == PROB_GEMM)
		fprintf(o->f, " * GEMM codelet: C += A*B, A %d x %d, B %d x %d, "
		    "column-major, %s.\n", p->m, p->k, p->k, p->n, t);
	if (p->kind == PROB_CONV && p->correlate)
		fprintf(o->f, " * FIR correlation: y[i] = sum_j h[j] x[i+j] "
		    "for 0 <= i < %d, %d taps, %s.\n", p->n, p->ntaps, t);
	else if (p->kind == PROB_CONV)
		fprintf(o->f, " * FIR filter (convolution): y[i] = sum_k h[k] "
		    "x[i-k] for 0 <= i < %d,\n * %d taps, %s.\n", p->n,
		    p->ntaps, t);
	emit_counts(o, e);
	fprintf(o->f, " *\n");
	if (p->kind == PROB_FFT)
		tpl_print(o->f, "n1_abi", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("t", t), TPL_N("n", p->n),
			TPL_S("sign", p->sign < 0 ? "-" : "+"), TPL_END});
	if (p->kind == PROB_GEMM)
		tpl_print(o->f, "gemm_abi", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("t", t), TPL_N("m", p->m),
			TPL_N("n", p->n), TPL_N("k", p->k), TPL_END});
	h = p->ntaps - 1;
	snprintf(first, sizeof first, "%d", -h);
	if (p->kind == PROB_CONV && p->correlate)
		tpl_print(o->f, "corr_abi", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("t", t), TPL_N("n", p->n),
			TPL_N("last", p->n + h - 1), TPL_END});
	else if (p->kind == PROB_CONV)
		tpl_print(o->f, "conv_abi", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("t", t), TPL_N("n", p->n),
			TPL_N("h", h), TPL_N("n1", p->n - 1),
			TPL_S("first", first), TPL_END});
	if (p->kind == PROB_CONV && !p->correlate && h > 0)
		tpl_print(o->f, "conv_state", (const Tplarg[]){TPL_N("h", h),
			TPL_N("h1", h - 1), TPL_END});
	else if (p->kind == PROB_CONV && !p->correlate)
		tpl_print(o->f, "conv_nostate", NULL);
	if (p->kind == PROB_GEMM && dag_count(o->d).fma > 0) {
		gemm_needs(o->f);
		return;
	}
	emit_needs(o->f, fma, e->isfloat);
	fprintf(o->f, " */\n#include <stddef.h>\n%s\n",
	    fma ? "#include <math.h>\n" : "");
}

/* The scalar FMA formats (ops.h order: FMA, FMS, FNMS) for C's fma():
 * a fused a*b+c under any -std, where contraction needs -std=gnu* or
 * -ffp-contract=fast. */
static const char *const fmafmt[2][3] = {
	{"fma(%0, %1, %2)", "fma(%0, %1, -%2)", "fma(-%0, %1, %2)"},
	{"fmaf(%0, %1, %2)", "fmaf(%0, %1, -%2)", "fmaf(-%0, %1, %2)"},
};

/* Sets o to print scalar FMAs as fma() calls (emit/c.c, emit/kinds.c). */
void
emit_fmacalls(Printer *o, const char **opfmt)
{
	int i;

	for (i = 0; i < NOP; i++)
		opfmt[i] = NULL;
	for (i = 0; i < 3; i++)
		opfmt[OP_FMA + i] = fmafmt[o->isfloat][i];
	o->opfmt = opfmt;
}

/* A convolution's streaming form, NAME_stream: its taps as an array,
 * then the function (emit/tpl/c.c), which runs whole blocks of N
 * outputs through NAME and the rest through a loop over the taps. */
static void
conv_stream(FILE *f, const Prob *p, const Emit *e)
{
	const char *t;
	int k;

	t = e->isfloat ? "float" : "double";
	fprintf(f, "\nstatic const %s %s_h[%d] = {", t, e->name, p->ntaps);
	for (k = 0; k < p->ntaps; k++) {
		fputs(k % 4 ? " " : "\n\t", f);
		num_print(f, p->taps[k], e->isfloat);
		fputc(',', f);
	}
	fputs("\n};\n\n", f);
	tpl_print(f, "conv_stream", (const Tplarg[]){TPL_S("name", e->name),
		TPL_S("t", t), TPL_N("n", p->n), TPL_N("h", p->ntaps - 1),
		TPL_END});
}

/* Prints (void)s; for each stride of arrays 0..narr-1 no live node uses:
 * a unit dimension would otherwise warn about an unused parameter. */
static void
unused(Printer *o, int narr)
{
	Arena *ar;
	Node *n;
	Slot *s;
	int *live, used[4] = {0}, i, a;

	ar = arena_new();
	live = dag_live(o->d, ar);
	for (i = 0; i < o->d->nnode; i++) {
		n = &o->d->node[i];
		if (!live[i] || (n->op != OP_LOAD && n->op != OP_STORE))
			continue;
		s = n->op == OP_LOAD ? &o->d->in[n->k] : &o->d->out[n->k];
		used[s->arr] |= s->j != 0;
	}
	for (a = 0; a < narr; a++)
		if (!used[a])
			fprintf(o->f, "\t(void)%s;\n", o->stride[a]);
	arena_free(ar);
}

/* A fixed-size GEMM codelet is its body twice: NAME_body, always
 * inlined, is called by NAME once with constant leading dimensions when
 * the operands are packed (lda = M, ldb = K, ldc = M, LIBXSMM's default),
 * so that every address folds to a constant offset, and once with the
 * arguments otherwise.  gemm_open prints the body's opening line. */
void
gemm_open(FILE *f, const Emit *e)
{
	const char *t;

	t = e->isfloat ? "float" : "double";
	tpl_print(f, "gemm_open", (const Tplarg[]){TPL_S("name", e->name),
		TPL_S("t", t), TPL_END});
}

/* Closes the body gemm_open opened and prints NAME, which calls it, and
 * NAME_ld, the body with the leading dimensions as arguments.  NAME_ld
 * is not inlined: its addresses need registers that NAME would then
 * save and restore on every call, packed or not. */
void
gemm_close(FILE *f, const Prob *p, const Emit *e)
{
	const char *t;

	t = e->isfloat ? "float" : "double";
	fputs("}\n\n", f);
	tpl_print(f, "gemm_close", (const Tplarg[]){TPL_S("name", e->name),
		TPL_S("t", t), TPL_N("m", p->m), TPL_N("k", p->k), TPL_END});
}

/* Prints the signature of p's kind and opens the body (and the batch
 * loop, if the kind has one). */
static void
signature(Printer *o, const Prob *p, const Emit *e)
{
	FILE *f;
	const char *t;

	f = o->f;
	t = e->isfloat ? "float" : "double";
	if (p->kind == PROB_GEMM) {
		gemm_open(f, e);
		unused(o, 3);
		o->tab = "\t";
		return;
	}
	if (p->kind == PROB_CONV) {
		tpl_print(f, "conv_head", (const Tplarg[]){
			TPL_S("name", e->name), TPL_S("t", t), TPL_END});
		unused(o, 2);
		fputs("\tfor (j = 0; j < v; j++, x += ivs, y += ovs) {\n", f);
		return;
	}
	/* An opaque zero XOR-ed into the strides each transform keeps the
	 * compiler from hoisting the n products k*is out of the loop and
	 * spilling them to the stack (FFTW's MAKE_VOLATILE_STRIDE): with gcc
	 * 12 -O2 at n = 64, 126 integer spills become 26, and the FP spills
	 * stay within 3% (kgen spills --measure). */
	if (p->n > 1)
		fputs("static volatile ptrdiff_t kgen_zero;\n\n", f);
	tpl_print(f, "n1_head", (const Tplarg[]){TPL_S("name", e->name),
		TPL_S("t", t), TPL_END});
	if (p->n == 1)
		tpl_print(f, "n1_unit", NULL);
	fputs("\tfor (j = 0; j < v; j++, ri += ivs, ii += ivs, ro += ovs,"
	    " io += ovs) {\n", f);
	if (p->n > 1)
		tpl_print(f, "n1_zero", NULL);
}

/* Prints d as a C function named e->name, statements in the given order.
 * requires: order lists every live non-constant node of d once, operands
 * before users (a topological order); order == NULL means id order. */
void
emit_c(FILE *f, Dag *d, const Prob *p, const int *order, int norder,
    const Emit *e)
{
	const char *opfmt[NOP];
	Printer o;
	Arena *ar;
	const int *ids;
	int i;

	ar = arena_new();
	emit_init(&o, f, d, e->isfloat, ar);
	if (!e->fmaexpr && p->kind != PROB_GEMM)
		emit_fmacalls(&o, opfmt);
	o.arr = arrname[p->kind];
	o.stride = stridename[p->kind];
	header(&o, p, e);
	signature(&o, p, e);
	ids = emit_order(d, order, &norder, ar);
	for (i = 0; i < norder; i++)
		emit_statement(&o, ids[i]);
	if (p->kind == PROB_GEMM)
		gemm_close(f, p, e);
	else
		fputs("\t}\n}\n", f);
	if (p->kind == PROB_CONV && !p->correlate)
		conv_stream(f, p, e);
	arena_free(ar);
}
