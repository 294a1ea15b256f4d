/* emitvec.c: the vector codelets the planner (runtime/plan.c) is built
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
 * One DAG value is one vector register, as in emitsimd.c, so sched/'s
 * register analysis holds unchanged.  Arithmetic uses GCC/Clang vector
 * extensions; build with -mavx512f, -mavx2 -mfma or -msse2 and
 * -ffp-contract=fast to get FMAs. */
#include <assert.h>
#include <string.h>
#include "all.h"

typedef struct Out Out;
struct Out {
	FILE *f;
	Dag *d;
	int vl;         /* lanes */
	int isfloat;
	int kind;       /* CK_T1V or CK_N1V */
	int *name;      /* temporary number of each node, -1 when unnamed */
	int next;
	int *tile;      /* n1v: outputs of each tile produced so far */
};

static const struct {
	const char *name, *macro, *flags;
	int bytes;
} isa[] = {
	[SIMD_SSE2] = {"sse2", "__SSE2__", "-msse2", 16},
	[SIMD_AVX2] = {"avx2", "__AVX2__", "-mavx2 -mfma", 32},
	[SIMD_AVX512] = {"avx512", "__AVX512F__", "-mavx512f", 64},
};

/* Lanes of a vector of the given ISA (SIMD_*). */
int
emitvec_lanes(int simd, int isfloat)
{
	assert(simd > SIMD_NONE && simd < NSIMD);
	return isa[simd].bytes / (isfloat ? 4 : 8);
}

static void
operand(Out *o, int id)
{
	Node *n;

	n = &o->d->node[id];
	if (n->op == OP_CONST) {
		num_print(o->f, o->d->con[n->k], o->isfloat);
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

/* The address of slot s: t1v's x_j is ri + j*rs, its table entry i is W +
 * i*VL; n1v's input q is ri + q*is. */
static void
address(Out *o, const Slot *s)
{
	static const char *const t1v[] = {"ri", "ii", "W"};
	static const char *const n1v[] = {"ri", "ii", "ro", "io"};

	if (o->kind == CK_T1V && s->arr == 2) {
		fprintf(o->f, "W + %d", s->i * o->vl);
		return;
	}
	fputs(o->kind == CK_T1V ? t1v[s->arr] : n1v[s->arr], o->f);
	if (s->j == 1)
		fprintf(o->f, " + %s", o->kind == CK_T1V ? "rs" : "is");
	else if (s->j > 1)
		fprintf(o->f, " + %d * %s", s->j,
		    o->kind == CK_T1V ? "rs" : "is");
}

/* n1v: the tile of outputs k0 .. k0+VL-1 of array arr (2 re, 3 im) is
 * complete: transpose it so that lane l's outputs form one vector, then
 * store that at transform l's row. */
static void
flush(Out *o, int arr, int k0, const int *val)
{
	int vl, h, i, l, *cur, *nxt, *t;

	vl = o->vl;
	cur = arena_alloc(o->d->ar, 2 * vl * sizeof *cur);
	nxt = cur + vl;
	for (i = 0; i < vl; i++) {
		assert(val[i] >= 0 && "outputs are computed values");
		cur[i] = val[i];
	}
	/* swap bit h of the row with bit h of the column, h = 1, 2, 4... */
	for (h = 1; h < vl; h *= 2) {
		for (i = 0; i < vl; i++) {
			if (i & h)
				continue;
			nxt[i] = o->next++;
			nxt[i + h] = o->next++;
			fprintf(o->f, "\t\tconst V T%d = SHUF(T%d, T%d", nxt[i],
			    cur[i], cur[i + h]);
			for (l = 0; l < vl; l++)
				fprintf(o->f, ", %d", l & h ? vl + l - h : l);
			fprintf(o->f, ");\n\t\tconst V T%d = SHUF(T%d, T%d",
			    nxt[i + h], cur[i], cur[i + h]);
			for (l = 0; l < vl; l++)
				fprintf(o->f, ", %d", l & h ? vl + l : l + h);
			fputs(");\n", o->f);
		}
		t = cur;
		cur = nxt;
		nxt = t;
	}
	for (l = 0; l < vl; l++)
		fprintf(o->f, "\t\tST(%s + %d * ovs + %d, T%d);\n",
		    arr == 2 ? "ro" : "io", l, k0, cur[l]);
}

static void
statement(Out *o, int id, int **tileval)
{
	Node *n;
	const Slot *s;
	const char *p;
	int t;

	n = &o->d->node[id];
	if (n->op == OP_CONST || (n->op == OP_NEG
	    && o->d->node[n->a[0]].op == OP_CONST))
		return;
	if (n->op == OP_STORE && o->kind == CK_N1V) {
		s = &o->d->out[n->k];
		t = s->j / o->vl + (s->arr - 2) * (o->d->nout / 2 / o->vl);
		tileval[t][s->j % o->vl] = o->name[n->a[0]];
		if (++o->tile[t] == o->vl)
			flush(o, s->arr, s->j - s->j % o->vl, tileval[t]);
		return;
	}
	if (n->op == OP_STORE) {
		fputs("\t\tST(", o->f);
		address(o, &o->d->out[n->k]);
		fputs(", ", o->f);
		operand(o, n->a[0]);
		fputs(");\n", o->f);
		return;
	}
	o->name[id] = o->next++;
	fprintf(o->f, "\t\tconst V T%d = ", o->name[id]);
	if (n->op == OP_LOAD) {
		fputs("LD(", o->f);
		address(o, &o->d->in[n->k]);
		fputc(')', o->f);
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
prologue(Out *o, const Prob *p, const Emit *e)
{
	const char *t;
	Count c;
	int n;

	c = dag_count(o->d);
	t = o->isfloat ? "float" : "double";
	n = p->n;
	fprintf(o->f, "/* Generated by kgen %s.  DO NOT EDIT.\n", KGEN_VERSION);
	fprintf(o->f, " * Command: %s\n", e->cmd);
	if (o->kind == CK_T1V)
		fprintf(o->f, " * t1v codelet: radix-%d DIT twiddle step, sign %d,"
		    " %s, %d lanes (%s).\n", n, p->sign, t, o->vl,
		    isa[e->simd].name);
	else
		fprintf(o->f, " * n1v codelet: DFT of size %d, sign %d, %s,"
		    " %d lanes (%s).\n", n, p->sign, t, o->vl,
		    isa[e->simd].name);
	fprintf(o->f, " * %d additions, %d multiplications, %d FMAs, "
	    "%d negations,\n", c.add, c.mul, c.fma, c.neg);
	fprintf(o->f, " * %d constants, %d loads, %d stores (vectors).\n",
	    c.con, c.load, c.store);
	if (e->regs > 0)
		fprintf(o->f, " * Schedule: %s, ordered for R = %d registers.\n"
		    " *\n", e->sched, e->regs);
	else
		fprintf(o->f, " * Schedule: %s (independent of R).\n *\n",
		    e->sched);
	if (o->kind == CK_T1V)
		fprintf(o->f,
		    " * Butterflies m = mb, mb+%d, .. me-%d, %d at a time (mb and"
		    " me - mb\n * multiples of %d): x_j = ri[m + j*rs] + i"
		    " ii[m + j*rs], split arrays,\n * butterflies adjacent."
		    "  Twiddle t_j = c %c i s with c = W[b*%d + (2j-2)*%d\n"
		    " * + l], s = W[b*%d + (2j-1)*%d + l] for m = %d b + l,"
		    " i.e. FFTW's t1 table\n * transposed in blocks of %d"
		    " butterflies.  Then x_k <- sum_j w^jk t_j x_j.\n",
		    o->vl, o->vl, o->vl, o->vl, p->sign < 0 ? '-' : '+',
		    2 * (n - 1) * o->vl, o->vl, 2 * (n - 1) * o->vl, o->vl,
		    o->vl, o->vl);
	else
		fprintf(o->f,
		    " * Transforms j = 0 .. v-1 (v a multiple of %d): input q of"
		    " transform j\n * is ri[j + q*is] + i ii[j + q*is] (the"
		    " batch is adjacent), output k\n * goes to ro[j*ovs + k] +"
		    " i io[j*ovs + k] (each transform contiguous).\n", o->vl);
	fprintf(o->f, " * Build with %s -ffp-contract=fast.\n */\n",
	    isa[e->simd].flags);
	fprintf(o->f, "#include <stddef.h>\n\n#if !defined(%s)\n"
	    "#error \"compile with %s\"\n#endif\n\n", isa[e->simd].macro,
	    isa[e->simd].flags);
	fprintf(o->f, "typedef %s V __attribute__((vector_size(%d)));\n", t,
	    isa[e->simd].bytes);
	fprintf(o->f, "typedef %s V1 __attribute__((vector_size(%d),"
	    " aligned(%d)));\n", t, isa[e->simd].bytes, o->isfloat ? 4 : 8);
	if (o->kind == CK_N1V) {
		fprintf(o->f, "typedef %s M __attribute__((vector_size(%d)));\n",
		    o->isfloat ? "int" : "long long", isa[e->simd].bytes);
		fputs("#if defined(__clang__)\n"
		    "#define SHUF(a, b, ...) __builtin_shufflevector(a, b,"
		    " __VA_ARGS__)\n#else\n"
		    "#define SHUF(a, b, ...) __builtin_shuffle(a, b,"
		    " (M){__VA_ARGS__})\n#endif\n", o->f);
	}
	/* V1 has the alignment of one element: unaligned vector accesses */
	fprintf(o->f, "#define LD(p) (*(const V1 *)(p))\n"
	    "#define ST(p, x) (*(V1 *)(p) = (x))\n\n");
	if (o->kind == CK_T1V) {
		fprintf(o->f, "void\n%s(%s *ri, %s *ii, const %s *W, ptrdiff_t rs,"
		    " ptrdiff_t mb,\n    ptrdiff_t me)\n{\n\tptrdiff_t m;\n\n",
		    e->name, t, t, t);
		fprintf(o->f, "\tfor (m = mb, W += mb * %d; m < me; m += %d,"
		    " ri += %d, ii += %d,\n\t    W += %d) {\n", 2 * (n - 1),
		    o->vl, o->vl, o->vl, 2 * (n - 1) * o->vl);
	} else {
		fprintf(o->f, "void\n%s(const %s *ri, const %s *ii, %s *ro, %s *io,"
		    " ptrdiff_t is,\n    ptrdiff_t ovs, ptrdiff_t v)\n{\n"
		    "\tptrdiff_t j;\n\n", e->name, t, t, t, t);
		fprintf(o->f, "\tfor (j = 0; j < v; j += %d, ri += %d, ii += %d,"
		    " ro += %d * ovs,\n\t    io += %d * ovs) {\n", o->vl, o->vl,
		    o->vl, o->vl, o->vl);
	}
}

/* Prints d as a vector codelet of kind CK_T1V (d from twiddle_build) or
 * CK_N1V (d from fft_build) for ISA e->simd, statements in the given
 * order (NULL: id order).  requires: for CK_N1V, p->n a multiple of the
 * lane count. */
void
emitvec_c(FILE *f, Dag *d, const Prob *p, int kind, const int *order,
    int norder, const Emit *e)
{
	Out o;
	Arena *ar;
	int **tileval, *live, i, ntile;

	ar = arena_new();
	memset(&o, 0, sizeof o);
	o.f = f;
	o.d = d;
	o.kind = kind;
	o.isfloat = e->isfloat;
	o.vl = emitvec_lanes(e->simd, e->isfloat);
	o.name = arena_alloc(ar, (d->nnode + 1) * sizeof *o.name);
	memset(o.name, -1, (d->nnode + 1) * sizeof *o.name);
	ntile = kind == CK_N1V ? 2 * p->n / o.vl : 1;
	assert(kind != CK_N1V || p->n % o.vl == 0);
	o.tile = arena_alloc(ar, ntile * sizeof *o.tile);
	tileval = arena_alloc(ar, ntile * sizeof *tileval);
	for (i = 0; i < ntile; i++)
		tileval[i] = arena_alloc(ar, o.vl * sizeof **tileval);
	prologue(&o, p, e);
	if (order) {
		for (i = 0; i < norder; i++)
			statement(&o, order[i], tileval);
	} else {
		live = dag_live(d, ar);
		for (i = 0; i < d->nnode; i++)
			if (live[i])
				statement(&o, i, tileval);
	}
	fputs("\t}\n}\n", f);
	arena_free(ar);
}
