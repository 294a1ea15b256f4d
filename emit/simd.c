/* emit/simd.c: n1 codelets that vectorize across the batch.  Lane l of a
 * vector holds transform j + l, so one DAG value is one vector register
 * and the register analysis of sched/ holds unchanged (DESIGN.md counts a
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
 * intrinsics when the compiler targets FMA, else a * b + c. */
#include <assert.h>
#include <string.h>
#include "all.h"

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

static void
operand(Out *o, int id)
{
	Node *n;
	int k;

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
	if (o->path == PATH_DIRECT && o->gof[id] >= 0) {
		k = o->gfirst[o->gof[id] / 2];
		fprintf(o->f, "L%d[%d]", k, o->gof[id] - 2 * k);
		return;
	}
	assert(o->name[id] >= 0 && "operands are emitted before their users");
	fprintf(o->f, "T%d", o->name[id]);
}

/* The first element of the group of element j in the direct body, or
 * -1 when j moves as a pair. */
static int
group(Out *o, int j)
{
	return o->grouped && o->glen[j] ? o->gfirst[j] : -1;
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
	int lo, hi, g, k;

	n = &o->d->node[id];
	s = &o->d->in[n->k];
	if (o->path == PATH_BUF) {
		o->name[id] = o->next++;
		fprintf(o->f, "%sconst %s T%d = x[%d];\n", o->ind, o->v,
		    o->name[id], place(o, s));
		return;
	}
	if (o->name[id] >= 0 || o->gof[id] >= 0)
		return;     /* loaded with its other half or its group */
	if ((g = group(o, s->j)) >= 0) {
		for (k = 0; k < 2 * o->glen[g]; k++) {
			lo = o->innode[2 * g + k];
			assert(lo >= 0 && "an n1 DAG reads every input");
			o->gof[lo] = 2 * g + k;
		}
		fprintf(o->f, "%s%s L%d[%d];\n", o->ind, o->v, g,
		    2 * o->glen[g]);
		fprintf(o->f, "%skgen_ldg%d_%s(ri + %d, ivs, L%d);\n", o->ind,
		    o->glen[g], o->sfx, 2 * g, g);
		return;
	}
	lo = s->arr == 0 ? id : o->inmate[n->k];
	hi = s->arr == 0 ? o->inmate[n->k] : id;
	o->name[lo] = o->next++;
	o->name[hi] = o->next++;
	fprintf(o->f, "%s%s T%d, T%d;\n", o->ind, o->v, o->name[lo],
	    o->name[hi]);
	fprintf(o->f, "%skgen_%s_%s(ri + %d, ivs, &T%d, &T%d);\n", o->ind,
	    o->grouped && o->isfloat ? "ldn" : "ldi", o->sfx, place(o, s),
	    o->name[lo], o->name[hi]);
}

static void
store(Out *o, int id)
{
	Node *n;
	Slot *s;
	int mate, lo, hi, g, k;

	n = &o->d->node[id];
	s = &o->d->out[n->k];
	if (o->path == PATH_BUF) {
		fprintf(o->f, "%sx[%d] = ", o->ind, place(o, s));
		operand(o, n->a[0]);
		fputs(";\n", o->f);
		return;
	}
	o->stored[n->k] = 1;
	if ((g = group(o, s->j)) >= 0) {
		for (k = 0; k < 2 * o->glen[g]; k++)
			if (!o->stored[2 * g + k])
				return;     /* stored with its group, later */
		fprintf(o->f, "%s{\n%s\tconst %s y[%d] = {", o->ind, o->ind,
		    o->v, 2 * o->glen[g]);
		for (k = 0; k < 2 * o->glen[g]; k++) {
			if (k)
				fputs(k % 4 ? ", " : ",\n\t\t\t    ", o->f);
			mate = o->storenode[2 * g + k];
			operand(o, o->d->node[mate].a[0]);
		}
		fprintf(o->f, "};\n\n%s\tkgen_stg%d_%s(ro + %d, ovs, y);\n"
		    "%s}\n", o->ind, o->glen[g], o->sfx, 2 * g, o->ind);
		return;
	}
	mate = o->outmate[n->k];
	if (!o->stored[mate])
		return;     /* stored with its other half, later */
	lo = s->arr == 2 ? id : o->storenode[mate];
	hi = s->arr == 2 ? o->storenode[mate] : id;
	fprintf(o->f, "%skgen_%s_%s(ro + %d, ovs, ", o->ind,
	    o->grouped && o->isfloat ? "stn" : "sti", o->sfx, place(o, s));
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
	memset(o->gof, -1, (o->d->nnode + 1) * sizeof *o->gof);
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

/* The interleaved loads and stores, per ISA and precision, written with
 * intrinsics to choose the instructions: kgen_ldi turns the pairs
 * p + l * s, l < VL, into vectors of real and imaginary parts, lane l
 * for pair l up to a fixed permutation, and kgen_sti is its inverse.
 * Lanes are independent transforms, so no caller sees the permutation.
 * Port costs are Intel's, where shuffles have one port. */
static const char *const pairtab[][2] = {
	{"sse2_d",
	"KGEN_INLINE void\n"
	"kgen_ldi_sse2_d(const double *p, ptrdiff_t s, kgen_d2 *re,"
	    " kgen_d2 *im)\n"
	"{\n"
	"\tconst __m128d a = _mm_loadu_pd(p), b = _mm_loadu_pd(p + s);\n"
	"\n"
	"\t*re = _mm_unpacklo_pd(a, b);\n"
	"\t*im = _mm_unpackhi_pd(a, b);\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_sti_sse2_d(double *p, ptrdiff_t s, kgen_d2 re, kgen_d2 im)\n"
	"{\n"
	"\t_mm_storeu_pd(p, _mm_unpacklo_pd(re, im));\n"
	"\t_mm_storeu_pd(p + s, _mm_unpackhi_pd(re, im));\n"
	"}\n"
	"\n"},
	{"avx2_d",
	"/* a holds the pairs of transforms 0 and 2 (vinsertf128"
	    " from memory), b\n"
	" * those of 1 and 3; unpcklpd and unpckhpd then give lanes"
	    " 0, 1, 2, 3. */\n"
	"KGEN_INLINE void\n"
	"kgen_ldi_avx2_d(const double *p, ptrdiff_t s, kgen_d4 *re,"
	    " kgen_d4 *im)\n"
	"{\n"
	"\tconst __m256d a = _mm256_insertf128_pd(_mm256_castpd128_pd256(\n"
	"\t    _mm_loadu_pd(p)), _mm_loadu_pd(p + 2 * s), 1);\n"
	"\tconst __m256d b = _mm256_insertf128_pd(_mm256_castpd128_pd256(\n"
	"\t    _mm_loadu_pd(p + s)), _mm_loadu_pd(p + 3 * s), 1);\n"
	"\n"
	"\t*re = _mm256_unpacklo_pd(a, b);\n"
	"\t*im = _mm256_unpackhi_pd(a, b);\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_sti_avx2_d(double *p, ptrdiff_t s, kgen_d4 re, kgen_d4 im)\n"
	"{\n"
	"\tconst __m256d a = _mm256_unpacklo_pd(re, im);\n"
	"\tconst __m256d b = _mm256_unpackhi_pd(re, im);\n"
	"\n"
	"\t_mm_storeu_pd(p, _mm256_castpd256_pd128(a));\n"
	"\t_mm_storeu_pd(p + s, _mm256_castpd256_pd128(b));\n"
	"\t_mm_storeu_pd(p + 2 * s, _mm256_extractf128_pd(a, 1));\n"
	"\t_mm_storeu_pd(p + 3 * s, _mm256_extractf128_pd(b, 1));\n"
	"}\n"
	"\n"},
	{"avx512_d",
	"/* As for AVX2, with transforms 0 2 4 6 in a and 1 3 5 7 in"
	    " b; each half\n"
	" * is put together by vinsertf128 from memory, which needs"
	    " no shuffle\n"
	" * port, and only the halves by vinsertf64x4. */\n"
	"KGEN_INLINE void\n"
	"kgen_ldi_avx512_d(const double *p, ptrdiff_t s, kgen_d8"
	    " *re, kgen_d8 *im)\n"
	"{\n"
	"\tconst __m256d a0 = _mm256_insertf128_pd(_mm256_castpd128_pd256(\n"
	"\t    _mm_loadu_pd(p)), _mm_loadu_pd(p + 2 * s), 1);\n"
	"\tconst __m256d a1 = _mm256_insertf128_pd(_mm256_castpd128_pd256(\n"
	"\t    _mm_loadu_pd(p + 4 * s)), _mm_loadu_pd(p + 6 * s), 1);\n"
	"\tconst __m256d b0 = _mm256_insertf128_pd(_mm256_castpd128_pd256(\n"
	"\t    _mm_loadu_pd(p + s)), _mm_loadu_pd(p + 3 * s), 1);\n"
	"\tconst __m256d b1 = _mm256_insertf128_pd(_mm256_castpd128_pd256(\n"
	"\t    _mm_loadu_pd(p + 5 * s)), _mm_loadu_pd(p + 7 * s), 1);\n"
	"\tconst __m512d a = _mm512_insertf64x4(_mm512_castpd256_pd512(a0),\n"
	"\t    a1, 1);\n"
	"\tconst __m512d b = _mm512_insertf64x4(_mm512_castpd256_pd512(b0),\n"
	"\t    b1, 1);\n"
	"\n"
	"\t*re = _mm512_unpacklo_pd(a, b);\n"
	"\t*im = _mm512_unpackhi_pd(a, b);\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_sti_avx512_d(double *p, ptrdiff_t s, kgen_d8 re, kgen_d8 im)\n"
	"{\n"
	"\tconst __m512 a = _mm512_castpd_ps(_mm512_unpacklo_pd(re, im));\n"
	"\tconst __m512 b = _mm512_castpd_ps(_mm512_unpackhi_pd(re, im));\n"
	"\n"
	"\t_mm_storeu_ps((float *)p, _mm512_castps512_ps128(a));\n"
	"\t_mm_storeu_ps((float *)(p + s), _mm512_castps512_ps128(b));\n"
	"\t_mm_storeu_ps((float *)(p + 2 * s),"
	    " _mm512_extractf32x4_ps(a, 1));\n"
	"\t_mm_storeu_ps((float *)(p + 3 * s),"
	    " _mm512_extractf32x4_ps(b, 1));\n"
	"\t_mm_storeu_ps((float *)(p + 4 * s),"
	    " _mm512_extractf32x4_ps(a, 2));\n"
	"\t_mm_storeu_ps((float *)(p + 5 * s),"
	    " _mm512_extractf32x4_ps(b, 2));\n"
	"\t_mm_storeu_ps((float *)(p + 6 * s),"
	    " _mm512_extractf32x4_ps(a, 3));\n"
	"\t_mm_storeu_ps((float *)(p + 7 * s),"
	    " _mm512_extractf32x4_ps(b, 3));\n"
	"}\n"
	"\n"},
	{"avx512_d",
	"/* Transforms with adjacent elements (is == 2) are loaded"
	    " and stored four\n"
	" * elements at a time: 8 rows of 8 doubles, one 64-byte"
	    " access each, and\n"
	" * an 8 x 8 transpose in 24 shuffles; x[2k] and x[2k + 1]"
	    " are then the\n"
	" * real and imaginary parts of element k. */\n"
	"KGEN_INLINE void\n"
	"kgen_tr_avx512_d(const __m512d *v, __m512d *o)\n"
	"{\n"
	"\tconst __m512d t0 = _mm512_unpacklo_pd(v[0], v[1]);\n"
	"\tconst __m512d t1 = _mm512_unpackhi_pd(v[0], v[1]);\n"
	"\tconst __m512d t2 = _mm512_unpacklo_pd(v[2], v[3]);\n"
	"\tconst __m512d t3 = _mm512_unpackhi_pd(v[2], v[3]);\n"
	"\tconst __m512d t4 = _mm512_unpacklo_pd(v[4], v[5]);\n"
	"\tconst __m512d t5 = _mm512_unpackhi_pd(v[4], v[5]);\n"
	"\tconst __m512d t6 = _mm512_unpacklo_pd(v[6], v[7]);\n"
	"\tconst __m512d t7 = _mm512_unpackhi_pd(v[6], v[7]);\n"
	"\tconst __m512d w0 = _mm512_shuffle_f64x2(t0, t2, 0x88);\n"
	"\tconst __m512d w1 = _mm512_shuffle_f64x2(t0, t2, 0xdd);\n"
	"\tconst __m512d w2 = _mm512_shuffle_f64x2(t4, t6, 0x88);\n"
	"\tconst __m512d w3 = _mm512_shuffle_f64x2(t4, t6, 0xdd);\n"
	"\tconst __m512d y0 = _mm512_shuffle_f64x2(t1, t3, 0x88);\n"
	"\tconst __m512d y1 = _mm512_shuffle_f64x2(t1, t3, 0xdd);\n"
	"\tconst __m512d y2 = _mm512_shuffle_f64x2(t5, t7, 0x88);\n"
	"\tconst __m512d y3 = _mm512_shuffle_f64x2(t5, t7, 0xdd);\n"
	"\n"
	"\to[0] = _mm512_shuffle_f64x2(w0, w2, 0x88);\n"
	"\to[4] = _mm512_shuffle_f64x2(w0, w2, 0xdd);\n"
	"\to[2] = _mm512_shuffle_f64x2(w1, w3, 0x88);\n"
	"\to[6] = _mm512_shuffle_f64x2(w1, w3, 0xdd);\n"
	"\to[1] = _mm512_shuffle_f64x2(y0, y2, 0x88);\n"
	"\to[5] = _mm512_shuffle_f64x2(y0, y2, 0xdd);\n"
	"\to[3] = _mm512_shuffle_f64x2(y1, y3, 0x88);\n"
	"\to[7] = _mm512_shuffle_f64x2(y1, y3, 0xdd);\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_ldg4_avx512_d(const double *p, ptrdiff_t s, kgen_d8 *x)\n"
	"{\n"
	"\t__m512d v[8], o[8];\n"
	"\n"
	"\tv[0] = _mm512_loadu_pd(p);\n"
	"\tv[1] = _mm512_loadu_pd(p + s);\n"
	"\tv[2] = _mm512_loadu_pd(p + 2 * s);\n"
	"\tv[3] = _mm512_loadu_pd(p + 3 * s);\n"
	"\tv[4] = _mm512_loadu_pd(p + 4 * s);\n"
	"\tv[5] = _mm512_loadu_pd(p + 5 * s);\n"
	"\tv[6] = _mm512_loadu_pd(p + 6 * s);\n"
	"\tv[7] = _mm512_loadu_pd(p + 7 * s);\n"
	"\tkgen_tr_avx512_d(v, o);\n"
	"\tx[0] = o[0];\n"
	"\tx[1] = o[1];\n"
	"\tx[2] = o[2];\n"
	"\tx[3] = o[3];\n"
	"\tx[4] = o[4];\n"
	"\tx[5] = o[5];\n"
	"\tx[6] = o[6];\n"
	"\tx[7] = o[7];\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_stg4_avx512_d(double *p, ptrdiff_t s, const kgen_d8 *x)\n"
	"{\n"
	"\t__m512d v[8], o[8];\n"
	"\n"
	"\tv[0] = x[0];\n"
	"\tv[1] = x[1];\n"
	"\tv[2] = x[2];\n"
	"\tv[3] = x[3];\n"
	"\tv[4] = x[4];\n"
	"\tv[5] = x[5];\n"
	"\tv[6] = x[6];\n"
	"\tv[7] = x[7];\n"
	"\tkgen_tr_avx512_d(v, o);\n"
	"\t_mm512_storeu_pd(p, o[0]);\n"
	"\t_mm512_storeu_pd(p + s, o[1]);\n"
	"\t_mm512_storeu_pd(p + 2 * s, o[2]);\n"
	"\t_mm512_storeu_pd(p + 3 * s, o[3]);\n"
	"\t_mm512_storeu_pd(p + 4 * s, o[4]);\n"
	"\t_mm512_storeu_pd(p + 5 * s, o[5]);\n"
	"\t_mm512_storeu_pd(p + 6 * s, o[6]);\n"
	"\t_mm512_storeu_pd(p + 7 * s, o[7]);\n"
	"}\n"
	"\n"},
	{"avx512_d",
	"/* Two adjacent elements of 8 transforms: rows of 4"
	    " doubles, row t + 4\n"
	" * beside row t (vinsertf64x4 from memory), then a 4 x 4"
	    " transpose in each\n"
	" * half.  The same shuffles take the columns back to rows. */\n"
	"KGEN_INLINE void\n"
	"kgen_tr2_avx512_d(const __m512d *z, __m512d *o)\n"
	"{\n"
	"\tconst __m512i lo = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);\n"
	"\tconst __m512i hi = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);\n"
	"\tconst __m512d a = _mm512_unpacklo_pd(z[0], z[1]);\n"
	"\tconst __m512d b = _mm512_unpackhi_pd(z[0], z[1]);\n"
	"\tconst __m512d c = _mm512_unpacklo_pd(z[2], z[3]);\n"
	"\tconst __m512d d = _mm512_unpackhi_pd(z[2], z[3]);\n"
	"\n"
	"\to[0] = _mm512_permutex2var_pd(a, lo, c);\n"
	"\to[2] = _mm512_permutex2var_pd(a, hi, c);\n"
	"\to[1] = _mm512_permutex2var_pd(b, lo, d);\n"
	"\to[3] = _mm512_permutex2var_pd(b, hi, d);\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_ldg2_avx512_d(const double *p, ptrdiff_t s, kgen_d8 *x)\n"
	"{\n"
	"\t__m512d z[4], o[4];\n"
	"\n"
	"\tz[0] = _mm512_insertf64x4(_mm512_castpd256_pd512(\n"
	"\t    _mm256_loadu_pd(p)), _mm256_loadu_pd(p + 4 * s), 1);\n"
	"\tz[1] = _mm512_insertf64x4(_mm512_castpd256_pd512(\n"
	"\t    _mm256_loadu_pd(p + s)), _mm256_loadu_pd(p + 5 * s), 1);\n"
	"\tz[2] = _mm512_insertf64x4(_mm512_castpd256_pd512(\n"
	"\t    _mm256_loadu_pd(p + 2 * s)), _mm256_loadu_pd(p + 6 * s), 1);\n"
	"\tz[3] = _mm512_insertf64x4(_mm512_castpd256_pd512(\n"
	"\t    _mm256_loadu_pd(p + 3 * s)), _mm256_loadu_pd(p + 7 * s), 1);\n"
	"\tkgen_tr2_avx512_d(z, o);\n"
	"\tx[0] = o[0];\n"
	"\tx[1] = o[1];\n"
	"\tx[2] = o[2];\n"
	"\tx[3] = o[3];\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_stg2_avx512_d(double *p, ptrdiff_t s, const kgen_d8 *x)\n"
	"{\n"
	"\t__m512d z[4], o[4];\n"
	"\n"
	"\tz[0] = x[0];\n"
	"\tz[1] = x[1];\n"
	"\tz[2] = x[2];\n"
	"\tz[3] = x[3];\n"
	"\tkgen_tr2_avx512_d(z, o);\n"
	"\t_mm256_storeu_pd(p, _mm512_castpd512_pd256(o[0]));\n"
	"\t_mm256_storeu_pd(p + s, _mm512_castpd512_pd256(o[1]));\n"
	"\t_mm256_storeu_pd(p + 2 * s, _mm512_castpd512_pd256(o[2]));\n"
	"\t_mm256_storeu_pd(p + 3 * s, _mm512_castpd512_pd256(o[3]));\n"
	"\t_mm256_storeu_pd(p + 4 * s, _mm512_extractf64x4_pd(o[0], 1));\n"
	"\t_mm256_storeu_pd(p + 5 * s, _mm512_extractf64x4_pd(o[1], 1));\n"
	"\t_mm256_storeu_pd(p + 6 * s, _mm512_extractf64x4_pd(o[2], 1));\n"
	"\t_mm256_storeu_pd(p + 7 * s, _mm512_extractf64x4_pd(o[3], 1));\n"
	"}\n"
	"\n"},
	{"sse2_f",
	"/* A (re, im) pair of floats is 8 bytes: a holds the pairs"
	    " of transforms\n"
	" * 0 and 2, b those of 1 and 3, and shufps leaves the lanes"
	    " in the order\n"
	" * 0 2 1 3, which kgen_sti undoes. */\n"
	"KGEN_INLINE void\n"
	"kgen_ldi_sse2_f(const float *p, ptrdiff_t s, kgen_f4 *re,"
	    " kgen_f4 *im)\n"
	"{\n"
	"\tconst __m128 z = _mm_setzero_ps();\n"
	"\tconst __m128 a = _mm_loadh_pi(_mm_loadl_pi(z, (const __m64 *)p),\n"
	"\t    (const __m64 *)(p + 2 * s));\n"
	"\tconst __m128 b = _mm_loadh_pi(_mm_loadl_pi(z,\n"
	"\t    (const __m64 *)(p + s)), (const __m64 *)(p + 3 * s));\n"
	"\n"
	"\t*re = _mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));\n"
	"\t*im = _mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_sti_sse2_f(float *p, ptrdiff_t s, kgen_f4 re, kgen_f4 im)\n"
	"{\n"
	"\tconst __m128 a = _mm_unpacklo_ps(re, im);\n"
	"\tconst __m128 b = _mm_unpackhi_ps(re, im);\n"
	"\n"
	"\t_mm_storel_pi((__m64 *)p, a);\n"
	"\t_mm_storel_pi((__m64 *)(p + s), b);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 2 * s), a);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 3 * s), b);\n"
	"}\n"
	"\n"},
	{"avx2_f",
	"/* Pairs of floats are 8 bytes, loaded by vbroadcastsd (a load port\n"
	" * only) and merged by vblendpd (any vector port), so the"
	    " shuffle port\n"
	" * does only the two shufps.  a holds the pairs of"
	    " transforms 0 2 4 6, b\n"
	" * those of 1 3 5 7; the lanes come out in the order 0 2 1"
	    " 3 4 6 5 7,\n"
	" * which kgen_sti undoes. */\n"
	"KGEN_INLINE __m256d\n"
	"kgen_pairs_avx2_f(const float *p, ptrdiff_t s)\n"
	"{\n"
	"\tdouble x0, x1, x2, x3;\n"
	"\n"
	"\t__builtin_memcpy(&x0, p, 8);\n"
	"\t__builtin_memcpy(&x1, p + 2 * s, 8);\n"
	"\t__builtin_memcpy(&x2, p + 4 * s, 8);\n"
	"\t__builtin_memcpy(&x3, p + 6 * s, 8);\n"
	"\treturn _mm256_blend_pd(_mm256_blend_pd(_mm256_set1_pd(x0),\n"
	"\t    _mm256_set1_pd(x1), 2), _mm256_blend_pd(_mm256_set1_pd(x2),\n"
	"\t    _mm256_set1_pd(x3), 8), 12);\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_ldi_avx2_f(const float *p, ptrdiff_t s, kgen_f8 *re,"
	    " kgen_f8 *im)\n"
	"{\n"
	"\tconst __m256 a = _mm256_castpd_ps(kgen_pairs_avx2_f(p, s));\n"
	"\tconst __m256 b = _mm256_castpd_ps(kgen_pairs_avx2_f(p + s, s));\n"
	"\n"
	"\t*re = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));\n"
	"\t*im = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_sti_avx2_f(float *p, ptrdiff_t s, kgen_f8 re, kgen_f8 im)\n"
	"{\n"
	"\tconst __m256 a = _mm256_unpacklo_ps(re, im);\n"
	"\tconst __m256 b = _mm256_unpackhi_ps(re, im);\n"
	"\tconst __m128 a1 = _mm256_extractf128_ps(a, 1);\n"
	"\tconst __m128 b1 = _mm256_extractf128_ps(b, 1);\n"
	"\n"
	"\t_mm_storel_pi((__m64 *)p, _mm256_castps256_ps128(a));\n"
	"\t_mm_storel_pi((__m64 *)(p + s), _mm256_castps256_ps128(b));\n"
	"\t_mm_storeh_pi((__m64 *)(p + 2 * s), _mm256_castps256_ps128(a));\n"
	"\t_mm_storeh_pi((__m64 *)(p + 3 * s), _mm256_castps256_ps128(b));\n"
	"\t_mm_storel_pi((__m64 *)(p + 4 * s), a1);\n"
	"\t_mm_storel_pi((__m64 *)(p + 5 * s), b1);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 6 * s), a1);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 7 * s), b1);\n"
	"}\n"
	"\n"},
	{"avx2_f",
	"/* Transforms with adjacent elements (is == 2) are loaded"
	    " and stored four\n"
	" * elements at a time: 8 rows of 8 floats, one 32-byte"
	    " access each, and\n"
	" * an 8 x 8 transpose in 24 shuffles; x[2k] and x[2k + 1]"
	    " are then the\n"
	" * real and imaginary parts of element k. */\n"
	"KGEN_INLINE void\n"
	"kgen_tr_avx2_f(const __m256 *r, __m256 *o)\n"
	"{\n"
	"\tconst __m256 a0 = _mm256_unpacklo_ps(r[0], r[1]);\n"
	"\tconst __m256 a1 = _mm256_unpackhi_ps(r[0], r[1]);\n"
	"\tconst __m256 a2 = _mm256_unpacklo_ps(r[2], r[3]);\n"
	"\tconst __m256 a3 = _mm256_unpackhi_ps(r[2], r[3]);\n"
	"\tconst __m256 a4 = _mm256_unpacklo_ps(r[4], r[5]);\n"
	"\tconst __m256 a5 = _mm256_unpackhi_ps(r[4], r[5]);\n"
	"\tconst __m256 a6 = _mm256_unpacklo_ps(r[6], r[7]);\n"
	"\tconst __m256 a7 = _mm256_unpackhi_ps(r[6], r[7]);\n"
	"\tconst __m256 b0 = _mm256_castpd_ps(_mm256_unpacklo_pd(\n"
	"\t    _mm256_castps_pd(a0), _mm256_castps_pd(a2)));\n"
	"\tconst __m256 b1 = _mm256_castpd_ps(_mm256_unpackhi_pd(\n"
	"\t    _mm256_castps_pd(a0), _mm256_castps_pd(a2)));\n"
	"\tconst __m256 b2 = _mm256_castpd_ps(_mm256_unpacklo_pd(\n"
	"\t    _mm256_castps_pd(a1), _mm256_castps_pd(a3)));\n"
	"\tconst __m256 b3 = _mm256_castpd_ps(_mm256_unpackhi_pd(\n"
	"\t    _mm256_castps_pd(a1), _mm256_castps_pd(a3)));\n"
	"\tconst __m256 b4 = _mm256_castpd_ps(_mm256_unpacklo_pd(\n"
	"\t    _mm256_castps_pd(a4), _mm256_castps_pd(a6)));\n"
	"\tconst __m256 b5 = _mm256_castpd_ps(_mm256_unpackhi_pd(\n"
	"\t    _mm256_castps_pd(a4), _mm256_castps_pd(a6)));\n"
	"\tconst __m256 b6 = _mm256_castpd_ps(_mm256_unpacklo_pd(\n"
	"\t    _mm256_castps_pd(a5), _mm256_castps_pd(a7)));\n"
	"\tconst __m256 b7 = _mm256_castpd_ps(_mm256_unpackhi_pd(\n"
	"\t    _mm256_castps_pd(a5), _mm256_castps_pd(a7)));\n"
	"\n"
	"\t/* b<4j + q>: in 16-byte lane L, column 4L + q of rows"
	    " 4j..4j+3 */\n"
	"\to[0] = _mm256_permute2f128_ps(b0, b4, 0x20);\n"
	"\to[4] = _mm256_permute2f128_ps(b0, b4, 0x31);\n"
	"\to[1] = _mm256_permute2f128_ps(b1, b5, 0x20);\n"
	"\to[5] = _mm256_permute2f128_ps(b1, b5, 0x31);\n"
	"\to[2] = _mm256_permute2f128_ps(b2, b6, 0x20);\n"
	"\to[6] = _mm256_permute2f128_ps(b2, b6, 0x31);\n"
	"\to[3] = _mm256_permute2f128_ps(b3, b7, 0x20);\n"
	"\to[7] = _mm256_permute2f128_ps(b3, b7, 0x31);\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_ldg4_avx2_f(const float *p, ptrdiff_t s, kgen_f8 *x)\n"
	"{\n"
	"\t__m256 v[8], o[8];\n"
	"\n"
	"\tv[0] = _mm256_loadu_ps(p);\n"
	"\tv[1] = _mm256_loadu_ps(p + s);\n"
	"\tv[2] = _mm256_loadu_ps(p + 2 * s);\n"
	"\tv[3] = _mm256_loadu_ps(p + 3 * s);\n"
	"\tv[4] = _mm256_loadu_ps(p + 4 * s);\n"
	"\tv[5] = _mm256_loadu_ps(p + 5 * s);\n"
	"\tv[6] = _mm256_loadu_ps(p + 6 * s);\n"
	"\tv[7] = _mm256_loadu_ps(p + 7 * s);\n"
	"\tkgen_tr_avx2_f(v, o);\n"
	"\tx[0] = o[0];\n"
	"\tx[1] = o[1];\n"
	"\tx[2] = o[2];\n"
	"\tx[3] = o[3];\n"
	"\tx[4] = o[4];\n"
	"\tx[5] = o[5];\n"
	"\tx[6] = o[6];\n"
	"\tx[7] = o[7];\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_stg4_avx2_f(float *p, ptrdiff_t s, const kgen_f8 *x)\n"
	"{\n"
	"\t__m256 v[8], o[8];\n"
	"\n"
	"\tv[0] = x[0];\n"
	"\tv[1] = x[1];\n"
	"\tv[2] = x[2];\n"
	"\tv[3] = x[3];\n"
	"\tv[4] = x[4];\n"
	"\tv[5] = x[5];\n"
	"\tv[6] = x[6];\n"
	"\tv[7] = x[7];\n"
	"\tkgen_tr_avx2_f(v, o);\n"
	"\t_mm256_storeu_ps(p, o[0]);\n"
	"\t_mm256_storeu_ps(p + s, o[1]);\n"
	"\t_mm256_storeu_ps(p + 2 * s, o[2]);\n"
	"\t_mm256_storeu_ps(p + 3 * s, o[3]);\n"
	"\t_mm256_storeu_ps(p + 4 * s, o[4]);\n"
	"\t_mm256_storeu_ps(p + 5 * s, o[5]);\n"},
	{"avx2_f",
	"\t_mm256_storeu_ps(p + 6 * s, o[6]);\n"
	"\t_mm256_storeu_ps(p + 7 * s, o[7]);\n"
	"}\n"
	"\n"},
	{"avx2_f",
	"/* The pair load and store with lanes in the order the"
	    " group transposes\n"
	" * give, 0 1 2 3 ..: the elements left over after the"
	    " groups need it. */\n"
	"KGEN_INLINE void\n"
	"kgen_ldn_avx2_f(const float *p, ptrdiff_t s, kgen_f8 *re,"
	    " kgen_f8 *im)\n"
	"{\n"
	"\tkgen_ldi_avx2_f(p, s, re, im);\n"
	"\t*re = _mm256_permute_ps(*re, _MM_SHUFFLE(3, 1, 2, 0));\n"
	"\t*im = _mm256_permute_ps(*im, _MM_SHUFFLE(3, 1, 2, 0));\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_stn_avx2_f(float *p, ptrdiff_t s, kgen_f8 re, kgen_f8 im)\n"
	"{\n"
	"\tkgen_sti_avx2_f(p, s, _mm256_permute_ps(re,"
	    " _MM_SHUFFLE(3, 1, 2, 0)),\n"
	"\t    _mm256_permute_ps(im, _MM_SHUFFLE(3, 1, 2, 0)));\n"
	"}\n"
	"\n"},
	{"avx2_f",
	"/* Two adjacent elements of 8 transforms: rows of 4 floats,"
	    " row t + 4\n"
	" * beside row t (vinsertf128 from memory), then a 4 x 4"
	    " transpose in each\n"
	" * 16-byte lane, which is its own inverse. */\n"
	"KGEN_INLINE void\n"
	"kgen_tr2_avx2_f(const __m256 *z, __m256 *o)\n"
	"{\n"
	"\tconst __m256 a = _mm256_unpacklo_ps(z[0], z[1]);\n"
	"\tconst __m256 b = _mm256_unpackhi_ps(z[0], z[1]);\n"
	"\tconst __m256 c = _mm256_unpacklo_ps(z[2], z[3]);\n"
	"\tconst __m256 d = _mm256_unpackhi_ps(z[2], z[3]);\n"
	"\n"
	"\to[0] = _mm256_castpd_ps(_mm256_unpacklo_pd(\n"
	"\t    _mm256_castps_pd(a), _mm256_castps_pd(c)));\n"
	"\to[1] = _mm256_castpd_ps(_mm256_unpackhi_pd(\n"
	"\t    _mm256_castps_pd(a), _mm256_castps_pd(c)));\n"
	"\to[2] = _mm256_castpd_ps(_mm256_unpacklo_pd(\n"
	"\t    _mm256_castps_pd(b), _mm256_castps_pd(d)));\n"
	"\to[3] = _mm256_castpd_ps(_mm256_unpackhi_pd(\n"
	"\t    _mm256_castps_pd(b), _mm256_castps_pd(d)));\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_ldg2_avx2_f(const float *p, ptrdiff_t s, kgen_f8 *x)\n"
	"{\n"
	"\t__m256 z[4], o[4];\n"
	"\n"
	"\tz[0] ="
	    " _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p)),\n"
	"\t    _mm_loadu_ps(p + 4 * s), 1);\n"
	"\tz[1] = _mm256_insertf128_ps(_mm256_castps128_ps256(\n"
	"\t    _mm_loadu_ps(p + s)), _mm_loadu_ps(p + 5 * s), 1);\n"
	"\tz[2] = _mm256_insertf128_ps(_mm256_castps128_ps256(\n"
	"\t    _mm_loadu_ps(p + 2 * s)), _mm_loadu_ps(p + 6 * s), 1);\n"
	"\tz[3] = _mm256_insertf128_ps(_mm256_castps128_ps256(\n"
	"\t    _mm_loadu_ps(p + 3 * s)), _mm_loadu_ps(p + 7 * s), 1);\n"
	"\tkgen_tr2_avx2_f(z, o);\n"
	"\tx[0] = o[0];\n"
	"\tx[1] = o[1];\n"
	"\tx[2] = o[2];\n"
	"\tx[3] = o[3];\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_stg2_avx2_f(float *p, ptrdiff_t s, const kgen_f8 *x)\n"
	"{\n"
	"\t__m256 z[4], o[4];\n"
	"\n"
	"\tz[0] = x[0];\n"
	"\tz[1] = x[1];\n"
	"\tz[2] = x[2];\n"
	"\tz[3] = x[3];\n"
	"\tkgen_tr2_avx2_f(z, o);\n"
	"\t_mm_storeu_ps(p, _mm256_castps256_ps128(o[0]));\n"
	"\t_mm_storeu_ps(p + s, _mm256_castps256_ps128(o[1]));\n"
	"\t_mm_storeu_ps(p + 2 * s, _mm256_castps256_ps128(o[2]));\n"
	"\t_mm_storeu_ps(p + 3 * s, _mm256_castps256_ps128(o[3]));\n"
	"\t_mm_storeu_ps(p + 4 * s, _mm256_extractf128_ps(o[0], 1));\n"
	"\t_mm_storeu_ps(p + 5 * s, _mm256_extractf128_ps(o[1], 1));\n"
	"\t_mm_storeu_ps(p + 6 * s, _mm256_extractf128_ps(o[2], 1));\n"
	"\t_mm_storeu_ps(p + 7 * s, _mm256_extractf128_ps(o[3], 1));\n"
	"}\n"
	"\n"},
	{"avx512_f",
	"/* As for AVX2: a holds the pairs of transforms 0 2 .. 14,"
	    " b those of\n"
	" * 1 3 .. 15, each half put together by broadcasts and"
	    " blends; lanes\n"
	" * come out in the order 0 2 1 3, 4 6 5 7, .., which"
	    " kgen_sti undoes. */\n"
	"KGEN_INLINE __m256d\n"
	"kgen_pairs_avx512_f(const float *p, ptrdiff_t s)\n"
	"{\n"
	"\tdouble x0, x1, x2, x3;\n"
	"\n"
	"\t__builtin_memcpy(&x0, p, 8);\n"
	"\t__builtin_memcpy(&x1, p + 2 * s, 8);\n"
	"\t__builtin_memcpy(&x2, p + 4 * s, 8);\n"
	"\t__builtin_memcpy(&x3, p + 6 * s, 8);\n"
	"\treturn _mm256_blend_pd(_mm256_blend_pd(_mm256_set1_pd(x0),\n"
	"\t    _mm256_set1_pd(x1), 2), _mm256_blend_pd(_mm256_set1_pd(x2),\n"
	"\t    _mm256_set1_pd(x3), 8), 12);\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_ldi_avx512_f(const float *p, ptrdiff_t s, kgen_f16 *re,\n"
	"    kgen_f16 *im)\n"
	"{\n"
	"\tconst __m512 a = _mm512_castpd_ps(_mm512_insertf64x4(\n"
	"\t    _mm512_castpd256_pd512(kgen_pairs_avx512_f(p, s)),\n"
	"\t    kgen_pairs_avx512_f(p + 8 * s, s), 1));\n"
	"\tconst __m512 b = _mm512_castpd_ps(_mm512_insertf64x4(\n"
	"\t    _mm512_castpd256_pd512(kgen_pairs_avx512_f(p + s, s)),\n"
	"\t    kgen_pairs_avx512_f(p + 9 * s, s), 1));\n"
	"\n"
	"\t*re = _mm512_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));\n"
	"\t*im = _mm512_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_sti_avx512_f(float *p, ptrdiff_t s, kgen_f16 re, kgen_f16 im)\n"
	"{\n"
	"\tconst __m512 a = _mm512_unpacklo_ps(re, im);\n"
	"\tconst __m512 b = _mm512_unpackhi_ps(re, im);\n"
	"\t__m128 x, y;\n"
	"\n"
	"\tx = _mm512_castps512_ps128(a);\n"
	"\ty = _mm512_castps512_ps128(b);\n"
	"\t_mm_storel_pi((__m64 *)p, x);\n"
	"\t_mm_storel_pi((__m64 *)(p + s), y);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 2 * s), x);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 3 * s), y);\n"
	"\tx = _mm512_extractf32x4_ps(a, 1);\n"
	"\ty = _mm512_extractf32x4_ps(b, 1);\n"
	"\t_mm_storel_pi((__m64 *)(p + 4 * s), x);\n"
	"\t_mm_storel_pi((__m64 *)(p + 5 * s), y);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 6 * s), x);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 7 * s), y);\n"
	"\tx = _mm512_extractf32x4_ps(a, 2);\n"
	"\ty = _mm512_extractf32x4_ps(b, 2);\n"
	"\t_mm_storel_pi((__m64 *)(p + 8 * s), x);\n"
	"\t_mm_storel_pi((__m64 *)(p + 9 * s), y);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 10 * s), x);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 11 * s), y);\n"
	"\tx = _mm512_extractf32x4_ps(a, 3);\n"
	"\ty = _mm512_extractf32x4_ps(b, 3);\n"
	"\t_mm_storel_pi((__m64 *)(p + 12 * s), x);\n"
	"\t_mm_storel_pi((__m64 *)(p + 13 * s), y);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 14 * s), x);\n"
	"\t_mm_storeh_pi((__m64 *)(p + 15 * s), y);\n"
	"}\n"
	"\n"},
	{"avx512_f",
	"/* Transforms with adjacent elements (is == 2) are loaded"
	    " and stored eight\n"
	" * elements at a time: 16 rows of 16 floats, one 64-byte"
	    " access each, and\n"
	" * a 16 x 16 transpose in 64 shuffles; x[2k] and x[2k + 1]"
	    " are then the\n"
	" * real and imaginary parts of element k. */\n"
	"KGEN_INLINE void\n"
	"kgen_tr_avx512_f(const __m512 *r, __m512 *o)\n"
	"{\n"
	"\tconst __m512 a0 = _mm512_unpacklo_ps(r[0], r[1]);\n"
	"\tconst __m512 a1 = _mm512_unpackhi_ps(r[0], r[1]);\n"
	"\tconst __m512 a2 = _mm512_unpacklo_ps(r[2], r[3]);\n"
	"\tconst __m512 a3 = _mm512_unpackhi_ps(r[2], r[3]);\n"
	"\tconst __m512 a4 = _mm512_unpacklo_ps(r[4], r[5]);\n"
	"\tconst __m512 a5 = _mm512_unpackhi_ps(r[4], r[5]);\n"
	"\tconst __m512 a6 = _mm512_unpacklo_ps(r[6], r[7]);\n"
	"\tconst __m512 a7 = _mm512_unpackhi_ps(r[6], r[7]);\n"
	"\tconst __m512 a8 = _mm512_unpacklo_ps(r[8], r[9]);\n"
	"\tconst __m512 a9 = _mm512_unpackhi_ps(r[8], r[9]);\n"
	"\tconst __m512 a10 = _mm512_unpacklo_ps(r[10], r[11]);\n"
	"\tconst __m512 a11 = _mm512_unpackhi_ps(r[10], r[11]);\n"
	"\tconst __m512 a12 = _mm512_unpacklo_ps(r[12], r[13]);\n"
	"\tconst __m512 a13 = _mm512_unpackhi_ps(r[12], r[13]);\n"
	"\tconst __m512 a14 = _mm512_unpacklo_ps(r[14], r[15]);\n"
	"\tconst __m512 a15 = _mm512_unpackhi_ps(r[14], r[15]);\n"
	"\tconst __m512 b0 = _mm512_castpd_ps(_mm512_unpacklo_pd(\n"
	"\t    _mm512_castps_pd(a0), _mm512_castps_pd(a2)));\n"
	"\tconst __m512 b1 = _mm512_castpd_ps(_mm512_unpackhi_pd(\n"
	"\t    _mm512_castps_pd(a0), _mm512_castps_pd(a2)));\n"
	"\tconst __m512 b2 = _mm512_castpd_ps(_mm512_unpacklo_pd(\n"
	"\t    _mm512_castps_pd(a1), _mm512_castps_pd(a3)));\n"
	"\tconst __m512 b3 = _mm512_castpd_ps(_mm512_unpackhi_pd(\n"
	"\t    _mm512_castps_pd(a1), _mm512_castps_pd(a3)));\n"
	"\tconst __m512 b4 = _mm512_castpd_ps(_mm512_unpacklo_pd(\n"
	"\t    _mm512_castps_pd(a4), _mm512_castps_pd(a6)));\n"
	"\tconst __m512 b5 = _mm512_castpd_ps(_mm512_unpackhi_pd(\n"
	"\t    _mm512_castps_pd(a4), _mm512_castps_pd(a6)));\n"
	"\tconst __m512 b6 = _mm512_castpd_ps(_mm512_unpacklo_pd(\n"
	"\t    _mm512_castps_pd(a5), _mm512_castps_pd(a7)));\n"
	"\tconst __m512 b7 = _mm512_castpd_ps(_mm512_unpackhi_pd(\n"
	"\t    _mm512_castps_pd(a5), _mm512_castps_pd(a7)));\n"
	"\tconst __m512 b8 = _mm512_castpd_ps(_mm512_unpacklo_pd(\n"
	"\t    _mm512_castps_pd(a8), _mm512_castps_pd(a10)));\n"
	"\tconst __m512 b9 = _mm512_castpd_ps(_mm512_unpackhi_pd(\n"
	"\t    _mm512_castps_pd(a8), _mm512_castps_pd(a10)));\n"
	"\tconst __m512 b10 = _mm512_castpd_ps(_mm512_unpacklo_pd(\n"
	"\t    _mm512_castps_pd(a9), _mm512_castps_pd(a11)));\n"
	"\tconst __m512 b11 = _mm512_castpd_ps(_mm512_unpackhi_pd(\n"
	"\t    _mm512_castps_pd(a9), _mm512_castps_pd(a11)));\n"
	"\tconst __m512 b12 = _mm512_castpd_ps(_mm512_unpacklo_pd(\n"
	"\t    _mm512_castps_pd(a12), _mm512_castps_pd(a14)));\n"
	"\tconst __m512 b13 = _mm512_castpd_ps(_mm512_unpackhi_pd(\n"
	"\t    _mm512_castps_pd(a12), _mm512_castps_pd(a14)));\n"
	"\tconst __m512 b14 = _mm512_castpd_ps(_mm512_unpacklo_pd(\n"
	"\t    _mm512_castps_pd(a13), _mm512_castps_pd(a15)));\n"
	"\tconst __m512 b15 = _mm512_castpd_ps(_mm512_unpackhi_pd(\n"
	"\t    _mm512_castps_pd(a13), _mm512_castps_pd(a15)));\n"
	"\n"
	"\t/* b<4j + q>: in 16-byte lane L, column 4L + q of rows"
	    " 4j..4j+3 */\n"
	"\to[0] = _mm512_shuffle_f32x4(\n"},
	{"avx512_f",
	"\t    _mm512_shuffle_f32x4(b0, b4, 0x88),\n"
	"\t    _mm512_shuffle_f32x4(b8, b12, 0x88), 0x88);\n"
	"\to[8] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b0, b4, 0x88),\n"
	"\t    _mm512_shuffle_f32x4(b8, b12, 0x88), 0xdd);\n"
	"\to[4] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b0, b4, 0xdd),\n"
	"\t    _mm512_shuffle_f32x4(b8, b12, 0xdd), 0x88);\n"
	"\to[12] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b0, b4, 0xdd),\n"
	"\t    _mm512_shuffle_f32x4(b8, b12, 0xdd), 0xdd);\n"
	"\to[1] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b1, b5, 0x88),\n"
	"\t    _mm512_shuffle_f32x4(b9, b13, 0x88), 0x88);\n"
	"\to[9] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b1, b5, 0x88),\n"
	"\t    _mm512_shuffle_f32x4(b9, b13, 0x88), 0xdd);\n"
	"\to[5] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b1, b5, 0xdd),\n"
	"\t    _mm512_shuffle_f32x4(b9, b13, 0xdd), 0x88);\n"
	"\to[13] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b1, b5, 0xdd),\n"
	"\t    _mm512_shuffle_f32x4(b9, b13, 0xdd), 0xdd);\n"
	"\to[2] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b2, b6, 0x88),\n"
	"\t    _mm512_shuffle_f32x4(b10, b14, 0x88), 0x88);\n"
	"\to[10] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b2, b6, 0x88),\n"
	"\t    _mm512_shuffle_f32x4(b10, b14, 0x88), 0xdd);\n"
	"\to[6] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b2, b6, 0xdd),\n"
	"\t    _mm512_shuffle_f32x4(b10, b14, 0xdd), 0x88);\n"
	"\to[14] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b2, b6, 0xdd),\n"
	"\t    _mm512_shuffle_f32x4(b10, b14, 0xdd), 0xdd);\n"
	"\to[3] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b3, b7, 0x88),\n"
	"\t    _mm512_shuffle_f32x4(b11, b15, 0x88), 0x88);\n"
	"\to[11] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b3, b7, 0x88),\n"
	"\t    _mm512_shuffle_f32x4(b11, b15, 0x88), 0xdd);\n"
	"\to[7] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b3, b7, 0xdd),\n"
	"\t    _mm512_shuffle_f32x4(b11, b15, 0xdd), 0x88);\n"
	"\to[15] = _mm512_shuffle_f32x4(\n"
	"\t    _mm512_shuffle_f32x4(b3, b7, 0xdd),\n"
	"\t    _mm512_shuffle_f32x4(b11, b15, 0xdd), 0xdd);\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_ldg8_avx512_f(const float *p, ptrdiff_t s, kgen_f16 *x)\n"
	"{\n"
	"\t__m512 v[16], o[16];\n"
	"\n"
	"\tv[0] = _mm512_loadu_ps(p);\n"
	"\tv[1] = _mm512_loadu_ps(p + s);\n"
	"\tv[2] = _mm512_loadu_ps(p + 2 * s);\n"
	"\tv[3] = _mm512_loadu_ps(p + 3 * s);\n"
	"\tv[4] = _mm512_loadu_ps(p + 4 * s);\n"
	"\tv[5] = _mm512_loadu_ps(p + 5 * s);\n"
	"\tv[6] = _mm512_loadu_ps(p + 6 * s);\n"
	"\tv[7] = _mm512_loadu_ps(p + 7 * s);\n"
	"\tv[8] = _mm512_loadu_ps(p + 8 * s);\n"
	"\tv[9] = _mm512_loadu_ps(p + 9 * s);\n"
	"\tv[10] = _mm512_loadu_ps(p + 10 * s);\n"
	"\tv[11] = _mm512_loadu_ps(p + 11 * s);\n"
	"\tv[12] = _mm512_loadu_ps(p + 12 * s);\n"
	"\tv[13] = _mm512_loadu_ps(p + 13 * s);\n"
	"\tv[14] = _mm512_loadu_ps(p + 14 * s);\n"
	"\tv[15] = _mm512_loadu_ps(p + 15 * s);\n"
	"\tkgen_tr_avx512_f(v, o);\n"
	"\tx[0] = o[0];\n"
	"\tx[1] = o[1];\n"
	"\tx[2] = o[2];\n"
	"\tx[3] = o[3];\n"
	"\tx[4] = o[4];\n"
	"\tx[5] = o[5];\n"
	"\tx[6] = o[6];\n"
	"\tx[7] = o[7];\n"
	"\tx[8] = o[8];\n"
	"\tx[9] = o[9];\n"
	"\tx[10] = o[10];\n"
	"\tx[11] = o[11];\n"
	"\tx[12] = o[12];\n"
	"\tx[13] = o[13];\n"
	"\tx[14] = o[14];\n"
	"\tx[15] = o[15];\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_stg8_avx512_f(float *p, ptrdiff_t s, const kgen_f16 *x)\n"
	"{\n"
	"\t__m512 v[16], o[16];\n"
	"\n"
	"\tv[0] = x[0];\n"
	"\tv[1] = x[1];\n"
	"\tv[2] = x[2];\n"},
	{"avx512_f",
	"\tv[3] = x[3];\n"
	"\tv[4] = x[4];\n"
	"\tv[5] = x[5];\n"
	"\tv[6] = x[6];\n"
	"\tv[7] = x[7];\n"
	"\tv[8] = x[8];\n"
	"\tv[9] = x[9];\n"
	"\tv[10] = x[10];\n"
	"\tv[11] = x[11];\n"
	"\tv[12] = x[12];\n"
	"\tv[13] = x[13];\n"
	"\tv[14] = x[14];\n"
	"\tv[15] = x[15];\n"
	"\tkgen_tr_avx512_f(v, o);\n"
	"\t_mm512_storeu_ps(p, o[0]);\n"
	"\t_mm512_storeu_ps(p + s, o[1]);\n"
	"\t_mm512_storeu_ps(p + 2 * s, o[2]);\n"
	"\t_mm512_storeu_ps(p + 3 * s, o[3]);\n"
	"\t_mm512_storeu_ps(p + 4 * s, o[4]);\n"
	"\t_mm512_storeu_ps(p + 5 * s, o[5]);\n"
	"\t_mm512_storeu_ps(p + 6 * s, o[6]);\n"
	"\t_mm512_storeu_ps(p + 7 * s, o[7]);\n"
	"\t_mm512_storeu_ps(p + 8 * s, o[8]);\n"
	"\t_mm512_storeu_ps(p + 9 * s, o[9]);\n"
	"\t_mm512_storeu_ps(p + 10 * s, o[10]);\n"
	"\t_mm512_storeu_ps(p + 11 * s, o[11]);\n"
	"\t_mm512_storeu_ps(p + 12 * s, o[12]);\n"
	"\t_mm512_storeu_ps(p + 13 * s, o[13]);\n"
	"\t_mm512_storeu_ps(p + 14 * s, o[14]);\n"
	"\t_mm512_storeu_ps(p + 15 * s, o[15]);\n"
	"}\n"
	"\n"},
	{"avx512_f",
	"/* The pair load and store with lanes in the order the"
	    " group transposes\n"
	" * give, 0 1 2 3 ..: the elements left over after the"
	    " groups need it. */\n"
	"KGEN_INLINE void\n"
	"kgen_ldn_avx512_f(const float *p, ptrdiff_t s, kgen_f16"
	    " *re, kgen_f16 *im)\n"
	"{\n"
	"\tkgen_ldi_avx512_f(p, s, re, im);\n"
	"\t*re = _mm512_permute_ps(*re, _MM_SHUFFLE(3, 1, 2, 0));\n"
	"\t*im = _mm512_permute_ps(*im, _MM_SHUFFLE(3, 1, 2, 0));\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_stn_avx512_f(float *p, ptrdiff_t s, kgen_f16 re, kgen_f16 im)\n"
	"{\n"
	"\tkgen_sti_avx512_f(p, s, _mm512_permute_ps(re,"
	    " _MM_SHUFFLE(3, 1, 2, 0)),\n"
	"\t    _mm512_permute_ps(im, _MM_SHUFFLE(3, 1, 2, 0)));\n"
	"}\n"
	"\n"},
	{"avx512_f",
	"/* Two adjacent elements of 16 transforms: rows of 4"
	    " floats, rows t,\n"
	" * t + 4, t + 8 and t + 12 side by side (vinsertf32x4 from"
	    " memory), then\n"
	" * a 4 x 4 transpose in each 16-byte lane, which is its own"
	    " inverse. */\n"
	"KGEN_INLINE void\n"
	"kgen_tr2_avx512_f(const __m512 *z, __m512 *o)\n"
	"{\n"
	"\tconst __m512 a = _mm512_unpacklo_ps(z[0], z[1]);\n"
	"\tconst __m512 b = _mm512_unpackhi_ps(z[0], z[1]);\n"
	"\tconst __m512 c = _mm512_unpacklo_ps(z[2], z[3]);\n"
	"\tconst __m512 d = _mm512_unpackhi_ps(z[2], z[3]);\n"
	"\n"
	"\to[0] = _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(a),\n"
	"\t    _mm512_castps_pd(c)));\n"
	"\to[1] = _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(a),\n"
	"\t    _mm512_castps_pd(c)));\n"
	"\to[2] = _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(b),\n"
	"\t    _mm512_castps_pd(d)));\n"
	"\to[3] = _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(b),\n"
	"\t    _mm512_castps_pd(d)));\n"
	"}\n"
	"\n"
	"KGEN_INLINE __m512\n"
	"kgen_rows4_avx512_f(const float *p, ptrdiff_t s)\n"
	"{\n"
	"\tconst __m512 z = _mm512_insertf32x4(_mm512_castps128_ps512(\n"
	"\t    _mm_loadu_ps(p)), _mm_loadu_ps(p + 4 * s), 1);\n"
	"\n"
	"\treturn _mm512_insertf32x4(_mm512_insertf32x4(z,\n"
	"\t    _mm_loadu_ps(p + 8 * s), 2), _mm_loadu_ps(p + 12 * s), 3);\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_ldg2_avx512_f(const float *p, ptrdiff_t s, kgen_f16 *x)\n"
	"{\n"
	"\t__m512 z[4], o[4];\n"
	"\n"
	"\tz[0] = kgen_rows4_avx512_f(p, s);\n"
	"\tz[1] = kgen_rows4_avx512_f(p + s, s);\n"
	"\tz[2] = kgen_rows4_avx512_f(p + 2 * s, s);\n"
	"\tz[3] = kgen_rows4_avx512_f(p + 3 * s, s);\n"
	"\tkgen_tr2_avx512_f(z, o);\n"
	"\tx[0] = o[0];\n"
	"\tx[1] = o[1];\n"
	"\tx[2] = o[2];\n"
	"\tx[3] = o[3];\n"
	"}\n"
	"\n"
	"KGEN_INLINE void\n"
	"kgen_stg2_avx512_f(float *p, ptrdiff_t s, const kgen_f16 *x)\n"
	"{\n"
	"\t__m512 z[4], o[4];\n"
	"\n"
	"\tz[0] = x[0];\n"
	"\tz[1] = x[1];\n"
	"\tz[2] = x[2];\n"
	"\tz[3] = x[3];\n"
	"\tkgen_tr2_avx512_f(z, o);\n"
	"\t_mm_storeu_ps(p, _mm512_castps512_ps128(o[0]));\n"
	"\t_mm_storeu_ps(p + 4 * s, _mm512_extractf32x4_ps(o[0], 1));\n"
	"\t_mm_storeu_ps(p + 8 * s, _mm512_extractf32x4_ps(o[0], 2));\n"
	"\t_mm_storeu_ps(p + 12 * s, _mm512_extractf32x4_ps(o[0], 3));\n"
	"\t_mm_storeu_ps(p + s, _mm512_castps512_ps128(o[1]));\n"
	"\t_mm_storeu_ps(p + 5 * s, _mm512_extractf32x4_ps(o[1], 1));\n"
	"\t_mm_storeu_ps(p + 9 * s, _mm512_extractf32x4_ps(o[1], 2));\n"
	"\t_mm_storeu_ps(p + 13 * s, _mm512_extractf32x4_ps(o[1], 3));\n"
	"\t_mm_storeu_ps(p + 2 * s, _mm512_castps512_ps128(o[2]));\n"
	"\t_mm_storeu_ps(p + 6 * s, _mm512_extractf32x4_ps(o[2], 1));\n"
	"\t_mm_storeu_ps(p + 10 * s, _mm512_extractf32x4_ps(o[2], 2));\n"
	"\t_mm_storeu_ps(p + 14 * s, _mm512_extractf32x4_ps(o[2], 3));\n"
	"\t_mm_storeu_ps(p + 3 * s, _mm512_castps512_ps128(o[3]));\n"
	"\t_mm_storeu_ps(p + 7 * s, _mm512_extractf32x4_ps(o[3], 1));\n"
	"\t_mm_storeu_ps(p + 11 * s, _mm512_extractf32x4_ps(o[3], 2));\n"
	"\t_mm_storeu_ps(p + 15 * s, _mm512_extractf32x4_ps(o[3], 3));\n"
	"}\n"
	"\n"},
};

static void
pairs(Out *o)
{
	size_t i;

	int k;

	for (i = k = 0; i < sizeof pairtab / sizeof pairtab[0]; i++)
		if (!strcmp(pairtab[i][0], o->sfx)) {
			fputs(pairtab[i][1], o->f);
			k++;
		}
	assert(k && "every ISA and precision has its pair helpers");
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
	    "\t\t} else if (ri == ii + 1) {\n"
	    "\t\t\tkgen_ldi_%s(ii + m * is, ivs, &x[2 * m + 1], "
	    "&x[2 * m]);\n"
	    "\t\t} else {\n"
	    "\t\t\tx[2 * m] = kgen_ld_%s(ri + m * is, ivs);\n"
	    "\t\t\tx[2 * m + 1] = kgen_ld_%s(ii + m * is, ivs);\n"
	    "\t\t}\n\t}\n}\n\n", o->vl, o->sfx, o->sfx, o->sfx, o->sfx,
	    o->sfx);
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
	    "\t\t} else if (ro == io + 1) {\n"
	    "\t\t\tkgen_sti_%s(io + m * os, ovs, x[2 * m + 1], x[2 * m]);\n"
	    "\t\t} else {\n"
	    "\t\t\tkgen_st_%s(ro + m * os, ovs, x[2 * m]);\n"
	    "\t\t\tkgen_st_%s(io + m * os, ovs, x[2 * m + 1]);\n"
	    "\t\t}\n\t}\n}\n\n", o->vl, o->sfx, o->sfx, o->sfx, o->sfx);
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
	    "%s; compile it with %s\"\n#endif\n", isa->macro, isa->name,
	    isa->flags);
	fputs("#include <immintrin.h>\n\n", o->f);
	/* gcc -O2 leaves the larger helpers out of line, and then every
	 * vector goes through memory */
	fputs("#ifndef KGEN_INLINE\n#define KGEN_INLINE static inline "
	    "__attribute__((always_inline))\n#endif\n", o->f);
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
	pairs(o);
	packing(o);

	/* AVX-512F has its own FMAs; narrower vectors need the FMA
	 * extension */
	fprintf(o->f, "#if defined(%s)\n", isa->bytes == 64 ? isa->macro
	    : "__FMA__");
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
	fprintf(o->f, "/* Generated by kgen %s.  DO NOT EDIT.\n",
	    KGEN_VERSION);
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
		fprintf(o->f, " * Schedule: %s, ordered for R = %d "
		    "registers.\n", e->sched, e->regs);
	else
		fprintf(o->f, " * Schedule: %s (independent of R).\n",
		    e->sched);
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

/* Cuts the elements into groups, the largest sizes first; the elements
 * left over move as pairs. */
static void
groups(Out *o, Arena *ar)
{
	int n, i, j, k;
	const int *sz;

	n = o->d->nin / 2;
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
	Out o;
	Arena *ar;
	int *live, *ord, i, vl;

	ar = arena_new();
	memset(&o, 0, sizeof o);
	o.f = f;
	o.d = d;
	o.isa = isa_get(e->simd);
	o.isfloat = e->isfloat;
	o.t = e->isfloat ? "float" : "double";
	o.vl = vl = isa_lanes(o.isa, e->isfloat);
	snprintf(o.v, sizeof o.v, "kgen_%c%d", o.t[0], o.vl);
	snprintf(o.sfx, sizeof o.sfx, "%s_%c", o.isa->name, o.t[0]);
	o.name = arena_alloc(ar, (d->nnode + 1) * sizeof *o.name);
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
