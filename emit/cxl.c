/* emit/cxl.c: n1c codelets, an n1 codelet (the library's ABI) for v = 1
 * vectorized the way FFTW's n1fv codelets are: one vector holds one
 * complex number (re in lane 0, im in lane 1; float uses the low half of
 * a 16-byte vector), so the DAG is fft_buildc's complex-lane one and
 * any n works, whatever the lanes.  A complex addition is one vector
 * addition, a real constant times a complex value one multiplication,
 * and i times a value (BYI) a swap of the lanes with one sign flipped;
 * a constant times BYI(x), the second half of a complex twiddle, folds
 * the sign into the constant ({-k, k} * swap(x)), so with -ffp-contract
 * a twiddle is one multiplication, one shuffle and one FMA.
 * The statements keep the given order (emit/c.c's printer) in one body,
 * an always-inline function the codelet calls for three layouts, each
 * a constant so that the compiler makes three straight-line copies:
 *   1 interleaved (ii == ri + 1, io == ro + 1): a complex is one 16- or
 *     8-byte access, at any stride;
 *   2 interleaved, parts swapped (ii == ri - 1, io == ro - 1: kgen_dft's
 *     backward transform passes them so): the access and a swap;
 *   0 anything else (split arrays): two scalar accesses.
 * With --simd avx2 (avx512) the same statements are printed a second
 * time on 32-byte (64-byte) vectors that hold one complex number of each
 * of W transforms (W = 2 (4) doubles or 4 (8) floats: FFTW's n1fv
 * across the batch), and each layout's loop runs W transforms at a time
 * before the rest one at a time (make bench-fft's kgen-n1c-ISA rows
 * time them batched); only for bodies of at most WIDE_MAX_OPS
 * operations (widetypes says which vectors).  Split outputs of unit
 * stride (the plan's n1c leaves) are staged and stored four outputs of
 * the W transforms at a time, transposed in registers (emit/tpl/cxl.c).
 * One DAG value is one vector register, so sched/'s analysis holds.
 * The helpers and the fixed code around the statements are templates
 * (emit/tpl/cxl.c, cxlwide.c, cxlx.c, cxlmain.c); the shuffles of the
 * blocks of adjacent transforms are emit/cxlnet.c's. */
#include <assert.h>
#include <string.h>
#include "all.h"

typedef struct Cout Cout;
struct Cout {
	Printer p;          /* first: the Printer's hooks cast it to Cout */
	char sfx;           /* 'd' or 'f': the helpers' suffix */
	int stage;          /* n1x, aosfn: outputs go to the staging array stg */
	int aos;            /* inputs from the array sin (aosfn) */
};

/* Is id a constant or the negation of one? */
static int
isk(Dag *d, int id)
{
	long double v;

	return dag_isconst(d, id, &v);
}

/* The Printer's var hook: BYI(x) has no statement of its own but is
 * printed where it is used, as 1 i x, so that the compiler contracts a
 * +- i x into one FMA with the constant {-1, 1} or {1, -1}. */
static int
var(Printer *p, int id)
{
	Node *n;

	n = &p->d->node[id];
	if (n->op != OP_BYI)
		return 0;
	fprintf(p->f, "kgen_cxl_kbyi_%c(1, ", ((Cout *)p)->sfx);
	emit_operand(p, n->a[0]);
	fputc(')', p->f);
	return 1;
}

/* The Printer's load hook: complex element j of ri, ii. */
static void
load(Printer *p, const Slot *s)
{
	char c;

	c = ((Cout *)p)->sfx;
	if (((Cout *)p)->aos) {
		fprintf(p->f, "sin[%d]", s->j);
		return;
	}
	fprintf(p->f, "kgen_cxl_%sld_%c(ri + %d * is, ii + %d * is, %s)",
	    ((Cout *)p)->stage ? "x" : "", c, s->j, s->j, c == 'd' || c == 'f'
	    ? "how" : "ivs, hi");
}

static void
store(Printer *p, int id)
{
	Node *n;
	char c;

	n = &p->d->node[id];
	c = ((Cout *)p)->sfx;
	if (((Cout *)p)->stage) {
		fprintf(p->f, "%sstg[%d] = ", p->tab, p->d->out[n->k].j);
		emit_operand(p, n->a[0]);
		fputs(";\n", p->f);
		return;
	}
	fprintf(p->f, "%skgen_cxl_st_%c(ro + %d * os, io + %d * os, %s",
	    p->tab, c, p->d->out[n->k].j, p->d->out[n->k].j, c == 'd'
	    || c == 'f' ? "" : "ovs, ");
	emit_operand(p, n->a[0]);
	if (c == 'd' || c == 'f')
		fputs(", how);\n", p->f);
	else
		fprintf(p->f, ", ho, stg + %d);\n", p->d->out[n->k].j);
}

/* A product, of a constant and BYI(x) as {-k, k} * swap(x). */
static void
product(Cout *o, int a, int b)
{
	Dag *d;
	int k, x;

	d = o->p.d;
	k = isk(d, a) ? a : b;
	x = k == a ? b : a;
	if (!isk(d, k) || d->node[x].op != OP_BYI) {
		emit_operand(&o->p, a);
		fputs(" * ", o->p.f);
		emit_operand(&o->p, b);
		return;
	}
	fprintf(o->p.f, "kgen_cxl_kbyi_%c(", o->sfx);
	emit_operand(&o->p, k);
	fputs(", ", o->p.f);
	emit_operand(&o->p, d->node[x].a[0]);
	fputc(')', o->p.f);
}

/* Node id's statement: emit/c.c's, but BYI is printed in its users, not
 * on its own, and products with it fold the constant. */
static void
statement(Cout *o, int id)
{
	Printer *p;
	Node *n;

	p = &o->p;
	n = &p->d->node[id];
	if (n->op == OP_BYI)
		return;
	if (n->op != OP_MUL && n->op != OP_FMA && n->op != OP_FMS
	    && n->op != OP_FNMS) {
		emit_statement(p, id);
		return;
	}
	p->name[id] = p->next++;
	fprintf(p->f, "%sconst %s T%d = ", p->tab, p->type, p->name[id]);
	if (n->op == OP_FNMS) {
		emit_operand(p, n->a[2]);
		fputs(" - ", p->f);
	}
	product(o, n->a[0], n->a[1]);
	if (n->op == OP_FMA || n->op == OP_FMS) {
		fputs(n->op == OP_FMA ? " + " : " - ", p->f);
		emit_operand(p, n->a[2]);
	}
	fputs(";\n", p->f);
}

/* The types and helpers of the vectors v, once per translation unit: 'd'
 * or 'f', one complex number a 16-byte vector (emit/tpl/cxl.c), and the
 * wide ones, one complex number of each of W transforms a vector, with
 * the same lane pattern (re, im, re, im, ...), so that the body's
 * statements are the one-complex body's on W transforms at once
 * (FFTW's n1fv codelets across the batch): 32-byte 'D' and 'F'
 * (emit/tpl/cxl.c), 64-byte 'E' and 'G' and 16-byte 'H'
 * (emit/tpl/cxlwide.c). */
static void
helpers(FILE *f, char v)
{
	char piece[16];

	snprintf(piece, sizeof piece, v >= 'a' ? "cxl_%c" : "cxl_wide_%c",
	    v | 32);
	tpl_print(f, piece, NULL);
}

/* W where the batched loop of wide vectors of type wide takes adjacent
 * interleaved transforms of size n a block at a time (aosfn), else 0:
 * where the block measured faster than the pair accesses at v = 256
 * (float 64-byte vectors, G, otherwise leave such data to the 32-byte
 * loops).  make bench-pick (v = 256) times the library's
 * AVX-512 n1c codelet with them at float n = 2 0.17 ns a transform
 * where the best codelet before took 0.43, 3 0.45 (0.82), 4 0.63
 * (0.91), 6 1.37 (1.80), 8 1.76 (2.57), 24 7.8 (8.6), double n = 2 0.30
 * (0.42).  Slower than the pair accesses in a throwaway harness: float
 * 7 (shufnet's n - 1 shuffles a vector each way outgrow the pairs),
 * the even sizes 10, 14 and 20-62 that 8 does not divide (hybnet),
 * double 3, 4, 16, 24 and 32, and the 32-byte vectors (D, F: AVX2 has
 * no two-source permute). */
static int
aoslanes(char wide, int n)
{
	if (wide == 'G' && (n <= 6 || n % 8 == 0))
		return 8;
	return wide == 'E' && (n <= 2 || n == 8 || n == 12) ? 4 : 0;
}

/* The n1c wide paths (W transforms a vector, one straight-line copy
 * of the body per layout: about twenty copies in all) are printed only
 * for bodies of at most this many vector operations, and for powers of
 * two (n = 64: 544), the sizes most often batched.  Above it (sizes with
 * a prime factor of 37 or more, and 46, 49, 51, 52, 54, 55, 57, 58, 62,
 * 63), the wide copies made three fifths of the library's code (issue
 * 46: 25.5 of n1c's 44 MB) for batched calls that the n1 codelets,
 * vectorized across transforms, run at 4-10x FFTW_PATIENT where n1c
 * ran 5-18x (make bench-fft, v = 256); one transform at a time, the
 * path of kgen_dft's v = 1 and of the plans' leaves, is unchanged.
 * Batches of 2..7 run one at a time there (n = 47, v = 2: 292 ns a
 * transform where the wide loop took 150), and larger ones on the n1
 * codelets (v = 256, interleaved: 83 ns where the wide loop took 86;
 * 59: 127 and 105), AVX-512 double, a throwaway harness on Zen 5. */
#define WIDE_MAX_OPS 500

/* The wide vector types the n1c codelet of d prints for ISA simd and
 * precision c ('d' or 'f'), into wide[]; returns how many.  AVX-512
 * double has only the 64-byte one ('E', 4 transforms): its 32-byte
 * loop ran v mod 4 = 2 or 3 transforms, which the one-at-a-time path
 * runs now (n = 44, v = 2: 49 ns a transform where it took 30; v = 3:
 * 44 and 35; v = 256 the same; 2.3 MB of code); float keeps both ('G'
 * and 'F'), since interleaved pairs take the 32-byte loop (widefn). */
static int
widetypes(Dag *d, int simd, char c, char wide[2])
{
	Count k;
	int bytes, nw;

	k = dag_count(d);
	if (k.add + k.mul + k.fma + k.neg > WIDE_MAX_OPS
	    && (d->nout & (d->nout - 1)))
		return 0;
	bytes = simd != SIMD_NONE ? isa_get(simd)->bytes : 16;
	nw = 0;
	if (bytes == 64)
		wide[nw++] = c == 'd' ? 'E' : 'G';
	if (bytes == 32 || (bytes == 64 && c == 'f'))
		wide[nw++] = (char)(c - 32);
	return nw;
}

static void
header(Cout *o, const Prob *p, const Emit *e)
{
	char wide[2];
	int bytes, nw;

	nw = widetypes(o->p.d, e->simd, e->isfloat ? 'f' : 'd', wide);
	bytes = nw == 0 ? 16 : wide[0] == 'E' || wide[0] == 'G' ? 64 : 32;
	fprintf(o->p.f, "/* Generated by kgen %s.  DO NOT EDIT.\n",
	    KGEN_VERSION);
	fprintf(o->p.f, " * Command: %s\n", e->cmd);
	fprintf(o->p.f, " * n1c codelet: DFT of size %d, sign %d (%s), %s, "
	    "one complex\n * number a vector (FFTW's n1fv layout), for "
	    "one transform at a time", p->n, p->sign, p->sign < 0 ? "forward"
	    : "backward", e->isfloat ? "float" : "double");
	if (bytes > 32 && nw == 2)
		fprintf(o->p.f, "\n * (also %d or %d at a time, one complex "
		    "number of each in a 64- or 32-byte\n * vector%s)",
		    e->isfloat ? 8 : 4, e->isfloat ? 4 : 2,
		    aoslanes(e->isfloat ? 'G' : 'E', p->n) ? "; adjacent "
		    "interleaved transforms, ivs == ovs == 2n,\n * loaded "
		    "and stored as they lie and shuffled in registers" : "");
	else if (bytes > 32)
		fprintf(o->p.f, "\n * (also %d at a time, one complex number "
		    "of each in a 64-byte vector%s)", e->isfloat ? 8 : 4,
		    aoslanes(e->isfloat ? 'G' : 'E', p->n) ? ";\n * adjacent "
		    "interleaved transforms, ivs == ovs == 2n, loaded and\n"
		    " * stored as they lie and shuffled in registers" : "");
	else if (bytes > 16)
		fprintf(o->p.f, "\n * (also %d at a time, one complex number "
		    "of each in a 32-byte vector)", e->isfloat ? 4 : 2);
	fputs(".\n", o->p.f);
	emit_counts(&o->p, e);
	fprintf(o->p.f, " * (Counts are of vectors: one addition adds a "
	    "complex number.)\n *\n");
	tpl_print(o->p.f, "n1_abi", (const Tplarg[]){
		TPL_S("name", e->name), TPL_S("t", e->isfloat ? "float"
		    : "double"), TPL_N("n", p->n), TPL_S("sign", p->sign < 0
		    ? "-" : "+"), TPL_END});
	fprintf(o->p.f, " * Every layout runs; interleaved pairs (is == os == "
	    "2, either way round)\n * and split arrays with unit stride take "
	    "the direct paths.\n * int %s_v1(const %s *ri, %s *ro, ptrdiff_t "
	    "is, ptrdiff_t os)\n * is the same for one transform of "
	    "interleaved pairs (ii = ri + 1,\n * io = ro + 1), and %s_v1s"
	    "(ri, ii, ro, io, is, os) for one\n * transform of split arrays; "
	    "both return 0.\n * Build: GNU C or C++ (GCC or Clang: 16-byte ",
	    e->name, e->isfloat ? "float" : "double", e->isfloat ? "float"
	    : "double", e->name);
	if (e->simd && !strcmp(isa_get(e->simd)->arch, "riscv64"))
		fprintf(o->p.f, "vector extensions and\n * shuffles) on "
		    "RISC-V: Clang 14 or later (GCC 12 has no RVV), with\n"
		    " *   %s -ffp-contract=fast\n"
		    " * (it runs where VLEN >= 128).\n */\n"
		    "#include <stddef.h>\n#include <stdint.h>\n\n",
		    isa_get(e->simd)->flags);
	else if (e->simd && !strcmp(isa_get(e->simd)->arch, "aarch64"))
		fprintf(o->p.f, "vector extensions and\n * shuffles) on "
		    "AArch64, with %s (NEON), FMAs by\n * -ffp-contract=fast."
		    "\n */\n#include <stddef.h>\n#include <stdint.h>\n\n",
		    isa_get(e->simd)->flags);
	else
		fprintf(o->p.f, "vector extensions and\n * shuffles) on "
		    "x86-64, with %s as the library builds it (any SSE2\n"
		    " * target works).\n */\n"
		    "#include <stddef.h>\n#include <stdint.h>\n\n", e->simd
		    ? isa_get(e->simd)->flags : "-O2");
}

/* n1x's header: as n1c's, the counts those of the sub-transforms. */
static void
xheader(Cout *o, const Prob *p, const Emit *e, int w, int m)
{
	const char *t;

	t = e->isfloat ? "float" : "double";
	fprintf(o->p.f, "/* Generated by kgen %s.  DO NOT EDIT.\n"
	    " * Command: %s\n", KGEN_VERSION, e->cmd);
	fprintf(o->p.f, " * n1x codelet: DFT of size %d, sign %d (%s), %s, "
	    "one transform at a\n * time, vectorized within it: its %d "
	    "sub-transforms of size %d (on x_l,\n * x_(l+%d), ...) in the "
	    "lanes of %d-byte vectors of %d complex numbers,\n * then "
	    "twiddles, a %d x %d transpose in registers and a radix-%d\n"
	    " * butterfly across the vectors; outputs stored %d at a time.\n"
	    " * The sub-transforms, one DAG value a vector:\n", p->n,
	    p->sign, p->sign < 0 ? "forward" : "backward", t, w, m, w,
	    w * (e->isfloat ? 8 : 16), w, w, w, w, w);
	emit_counts(&o->p, e);
	fprintf(o->p.f, " * (Counts are of vectors of %d complex numbers, "
	    "the last step's not\n * included.)\n *\n", w);
	tpl_print(o->p.f, "n1_abi", (const Tplarg[]){
		TPL_S("name", e->name), TPL_S("t", t), TPL_N("n", p->n),
		TPL_S("sign", p->sign < 0 ? "-" : "+"), TPL_END});
	fprintf(o->p.f, " * Every layout runs, one transform at a time; "
	    "interleaved input with\n * is == 2 loads %d complex numbers a "
	    "vector, interleaved output with\n * os == 2 stores them so.\n"
	    " * int %s_v1(const %s *ri, %s *ro, ptrdiff_t is, ptrdiff_t os)"
	    "\n * is the same for one transform of interleaved pairs (ii = "
	    "ri + 1,\n * io = ro + 1); it returns 0.\n"
	    " * Build: GNU C or C++ (GCC or Clang: vector extensions and "
	    "x86\n * intrinsics) with %s, and -ffp-contract=fast for FMA "
	    "instructions.\n */\n#include <stddef.h>\n\n",
	    w, e->name, t, t, isa_get(e->simd)->flags);
}

/* Prints NAME_aosX (wide vectors X of W = aoslanes(wide, n) complex
 * numbers), the batched loop's block for adjacent interleaved
 * transforms (is == os == 2, ivs == ovs == 2n): W transforms are n
 * vectors in a row, loaded as they lie and shuffled in registers into
 * sin[q] (element q of each transform, a lane each), the body's
 * statements d in the given order (outputs to stg), and stg shuffled
 * back into n vectors of W transforms stored as they lie (emit/cxlnet.c):
 * log2 n shuffles a vector each way where n is a power of two dividing
 * W, log2 W where W divides n (bitnet), fewer than n - 1 for other even
 * n (hybnet), n - 1 otherwise (shufnet), where the pair accesses cost
 * about one a complex number (aoslanes has where it wins). */
static void
aosfn(Cout *o, Dag *d, const int *ids, int norder, const char *name,
    const char *t, char wide, int n)
{
	FILE *f;
	char letter[2];
	int w, k;

	f = o->p.f;
	w = aoslanes(wide, n);
	snprintf(letter, sizeof letter, "%c", wide);
	tpl_print(f, "cxl_s2", (const Tplarg[]){TPL_S("c", letter),
		TPL_END});
	fprintf(f, "KGEN_CXL_INLINE void\n%s_aos%c(const %s *x, %s *y)\n{\n"
	    "\tkgen_cx%c", name, wide, t, t, wide);
	for (k = 0; k < n; k++)
		fprintf(f, " x%d,", k);
	fprintf(f, " sin[%d], stg[%d];\n\n", n, n);
	for (k = 0; k < n; k++)
		fprintf(f, "\t__builtin_memcpy(&x%d, x + %d, sizeof x%d);\n", k,
		    2 * w * k, k);
	cxlnet_aos(f, wide, w, n, 1);
	o->aos = o->stage = 1;
	memset(o->p.name, -1, (d->nnode + 1) * sizeof *o->p.name);
	o->p.next = 0;
	for (k = 0; k < norder; k++)
		statement(o, ids[k]);
	o->aos = o->stage = 0;
	cxlnet_aos(f, wide, w, n, 0);
	for (k = 0; k < n; k++)
		fprintf(f, "\t__builtin_memcpy(y + %d, &x%d, sizeof x%d);\n",
		    2 * w * k, k, k);
	fputs("}\n\n", f);
}

/* The wide loops (suffix wide, W transforms a vector): a function of
 * its own, not inlined, so that a call of fewer than W transforms pays
 * nothing for them (inlined, their 32-byte spill slots made every call
 * realign the stack).  It returns how many transforms it did, all but
 * v mod W.  Adjacent interleaved transforms run NAME_aosX blocks where
 * aoslanes has them; split arrays with unit ivs load as vectors, and
 * interleaved ones with ivs == 2 (ovs == 2) load (store) as vectors;
 * split outputs of unit stride (os == 1: the plan's leaves) are staged
 * and stored W transforms by four outputs at a time (how 5). */
static void
widefn(FILE *f, const char *name, const char *t, char wide, int w, int n)
{
	static const struct {
		const char *cond, *st;
		int hi, ho;
	} lay[] = {
		{"is == 2 && os == 2 && ii == ri + 1 && io == ro + 1",
		    "2, 2, ivs, ovs", 1, 1},
		{"is == 2 && os == 2 && ii == ri - 1 && io == ro - 1",
		    "2, 2, ivs, ovs", 2, 2},
		{"ii == ri + 1 && ivs == 2 && os == 1", "is, 1, 2, ovs", 4, 5},
		{"ii == ri + 1 && ivs == 2 && io == ro + 1 && ovs == 2",
		    "is, os, 2, 2", 4, 4},
		{"ii == ri + 1 && ivs == 2", "is, os, 2, ovs", 4, 0},
		{"ivs == 1 && os == 1", "is, 1, 1, ovs", 3, 5},
		{"is == 1 && os == 1", "1, 1, ivs, ovs", 0, 5},
		{"ivs == 1 && io == ro + 1 && ovs == 2", "is, os, 1, 2", 3, 4},
		{"ivs == 1", "is, os, 1, ovs", 3, 0},
		{"io == ro + 1 && ovs == 2", "is, os, ivs, 2", 0, 4},
		{0, "is, os, ivs, ovs", 0, 0},
	};
	size_t k;

	fprintf(f, "#ifdef KGEN_CXL_W%c\n"
	    "static __attribute__((noinline)) ptrdiff_t\n"
	    "%s_w%c(const %s *ri, const %s *ii, %s *ro, %s *io, ptrdiff_t is,\n"
	    "    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)\n"
	    "{\n\tptrdiff_t j;\n\n\tj = 0;\n", wide, name, wide, t, t, t,
	    t);
	if (aoslanes(wide, n))
		fprintf(f, "\tif (is == 2 && os == 2 && ii == ri + 1 && io == "
		    "ro + 1 && ivs == %d\n\t    && ovs == %d)\n"
		    "\t\tfor (; j + %d <= v; j += %d)\n"
		    "\t\t\t%s_aos%c(ri + j * ivs, ro + j * ovs);\n", 2 * n,
		    2 * n, w, w, name, wide);
	for (k = 0; k < sizeof lay / sizeof *lay; k++) {
		if (lay[k].cond)
			fprintf(f, "\t%sif (%s)\n", k || aoslanes(wide, n)
			    ? "else " : "", lay[k].cond);
		else
			fputs("\telse\n", f);
		/* float interleaved pairs: eight 8-byte accesses a 64-byte
		 * vector each way; the 32-byte loops run them (make
		 * bench-fft, v = 256: 64-byte 0.87x FFTW_PATIENT, 32-byte
		 * 2.2x geometric mean) */
		if (wide == 'G' && lay[k].hi > 0 && lay[k].hi < 3) {
			fputs("\t\t;  /* the 32-byte loops: faster */\n", f);
			continue;
		}
		fprintf(f, "\t\tfor (; j + %d <= v; j += %d)\n"
		    "\t\t\t%s_body%c(ri + j * ivs, ii + j * ivs,\n"
		    "\t\t\t    ro + j * ovs, io + j * ovs, %s, %d, %d);\n",
		    w, w, name, wide, lay[k].st, lay[k].hi, lay[k].ho);
	}
	fputs("\treturn j;\n}\n#endif\n\n", f);
}

/* Prints d as an n1c codelet named e->name, statements in the given
 * order.  requires: d comes from fft_buildc(p->n); order is a
 * topological order of d's live non-constant nodes, or NULL for id
 * order; the compiler targets an x86 vector ISA (e->simd's flags). */
void
emitcxl_c(FILE *f, Dag *d, const Prob *p, const int *order, int norder,
    const Emit *e)
{
	Cout o;
	Arena *ar;
	const int *ids;
	const char *t;
	char typ[16], wide[2], wc[2] = {0};
	int i, k, nw, bytes, w[2];
	char c;

	assert(d->cxl && "an n1c codelet prints a complex-lane DAG");
	ar = arena_new();
	memset(&o, 0, sizeof o);
	emit_init(&o.p, f, d, e->isfloat, ar);
	c = o.sfx = e->isfloat ? 'f' : 'd';
	o.p.type = e->isfloat ? "kgen_cxf" : "kgen_cxd";
	o.p.load = load;
	o.p.store = store;
	o.p.var = var;
	header(&o, p, e);
	helpers(f, c);
	t = e->isfloat ? "float" : "double";
	fprintf(f, "KGEN_CXL_INLINE void\n%s_body(const %s *ri, const %s *ii, "
	    "%s *ro, %s *io,\n    ptrdiff_t is, ptrdiff_t os, int how)\n{\n",
	    e->name, t, t, t, t);
	o.p.tab = "\t";
	ids = emit_order(d, order, &norder, ar);
	for (i = 0; i < norder; i++)
		statement(&o, ids[i]);
	fputs("\t(void)is;\n\t(void)os;\n}\n\n", f);
	/* the same statements again on W transforms at once: 32-byte
	 * vectors with AVX2, 64-byte ones with AVX-512 and for float
	 * 32-byte ones too (v = 4..7 would otherwise run one at a time) */
	bytes = e->simd != SIMD_NONE ? isa_get(e->simd)->bytes : 16;
	nw = widetypes(d, e->simd, c, wide);
	for (k = 0; k < nw; k++) {
		w[k] = (wide[k] == 'E' || wide[k] == 'G' ? 64 : 32)
		    / (c == 'd' ? 16 : 8);
		helpers(f, wide[k]);
		snprintf(typ, sizeof typ, "kgen_cx%c", wide[k]);
		fprintf(f, "#ifdef KGEN_CXL_W%c\nKGEN_CXL_INLINE void\n"
		    "%s_body%c(const %s *ri, const %s *ii, %s *ro, %s *io,\n"
		    "    ptrdiff_t is, ptrdiff_t os, ptrdiff_t ivs, ptrdiff_t "
		    "ovs, int hi, int ho)\n{\n\t%s stg[%d];\n\n", wide[k],
		    e->name, wide[k], t, t, t, t, typ, p->n);
		o.sfx = wide[k];
		o.p.type = typ;
		memset(o.p.name, -1, (d->nnode + 1) * sizeof *o.p.name);
		o.p.next = 0;
		for (i = 0; i < norder; i++)
			statement(&o, ids[i]);
		fprintf(f, "\tif (ho == 5)\n\t\tkgen_cxl_flush_%c(ro, io, "
		    "ovs, stg, %d);\n", wide[k], p->n);
		fputs("\t(void)is;\n\t(void)os;\n\t(void)ivs;\n"
		    "\t(void)ovs;\n\t(void)stg;\n}\n", f);
		if (aoslanes(wide[k], p->n)) {
			fputc('\n', f);
			aosfn(&o, d, ids, norder, e->name, t, wide[k], p->n);
		}
		fputs("#endif\n\n", f);
		widefn(f, e->name, t, wide[k], w[k], p->n);
	}
	tpl_print(f, "cxl_n1c_head", (const Tplarg[]){TPL_S("name", e->name),
		TPL_S("t", t), TPL_END});
	/* transforms side by side, input and output equally off a vector
	 * boundary (malloc's 16 bytes) are peeled to the boundary
	 * (cxl_n1c_peel): a 64-byte access across two cache lines made n1c
	 * about twice as slow (float n = 32, v = 256: 23-29 ns a
	 * transform, aligned 12-13) */
	if (nw > 0) {
		wc[0] = wide[0];
		tpl_print(f, "cxl_n1c_peel", (const Tplarg[]){TPL_S("w", wc),
			TPL_N("vmask", bytes - 1),
			TPL_N("emask", 2 * (c == 'd' ? 8 : 4) - 1),
			TPL_N("csize", 2 * (c == 'd' ? 8 : 4)), TPL_N("min", w[0]),
			TPL_S("name", e->name), TPL_END});
	}
	for (k = 0; k < nw; k++) {
		wc[0] = wide[k];
		tpl_print(f, "cxl_n1c_wide", (const Tplarg[]){TPL_S("w", wc),
			TPL_N("min", w[k]), TPL_S("name", e->name), TPL_END});
	}
	/* the rest one at a time, and the entries of one transform */
	tpl_print(f, "cxl_n1c_end", (const Tplarg[]){TPL_S("name", e->name),
		TPL_S("t", t), TPL_END});
	arena_free(ar);
}

/* n1x's vectors for ISA simd, precision and size n: 'E' (AVX-512
 * double: 4 complex numbers in 64 bytes), 'G' (AVX-512 float, n a
 * multiple of 64: 8 complex numbers in 64 bytes, sub-transforms whose
 * size W divides; with the last step unrolled, make bench-pick
 * BENCH_PICK_ARGS="float 64" times it at 18.1 ns a transform where
 * 'F' took 23-26 (5e1c344^); at 16..56, where W = 8 does not divide m,
 * padding and element stores made it several times slower than 'F'),
 * else 32-byte 'D' (2 doubles) or 'F' (4 floats), and for float sizes
 * that 4 does not divide 16-byte 'H' (2 floats; FFTW's n1fv codelets
 * hold 2 complex floats a 16-byte vector too) where the library had
 * only n1c, one complex number a vector (make bench-fft, float n = 54,
 * v = 1: n1c 72 ns a transform); 0 for an ISA narrower than 32 bytes
 * (the 'H' codelets are AVX code: VEX encoding and FMA). */
static char
xwide(int simd, int isfloat, int n)
{
	int bytes;

	bytes = simd != SIMD_NONE ? isa_get(simd)->bytes : 16;
	if (bytes < 32)
		return 0;
	if (bytes == 64 && isfloat && n % 64 == 0)
		return 'G';
	if (isfloat)
		return n % 4 ? 'H' : 'F';
	return bytes == 64 ? 'E' : 'D';
}

/* W, the complex numbers a vector of n1x's codelet of size n for ISA
 * simd and precision; 0 where there are none (an ISA narrower than 32
 * bytes). */
int
emitcxl_xlanes(int simd, int isfloat, int n)
{
	char w;

	w = xwide(simd, isfloat, n);
	return !w ? 0 : w == 'D' || w == 'H' ? 2 : w == 'G' ? 8 : 4;
}

/* n1x's table: w^(l k) for k < mr (zero past m) and lane l < W, w =
 * exp(sign 2 pi i / n), as the tail's two vectors a k (emit/tpl/cxlx.c:
 * real parts twice, then the imaginary parts as (-s, s)). */
static void
xtable(FILE *f, const char *name, const char *t, int n, int sign, int m,
    int mr, int w, int isfloat)
{
	long double c, s;
	int k, l, h;

	fprintf(f, "static const %s %s_tw[%d] __attribute__((aligned(64))) "
	    "= {\n", t, name, 4 * w * mr);
	for (k = 0; k < mr; k++)
		for (h = 0; h < 2; h++) {
			fputc('\t', f);
			for (l = 0; l < w; l++) {
				c = s = 0;
				if (k < m)
					num_cexp((long)sign * l * k, n, &c, &s);
				num_print(f, h ? -s : c, isfloat);
				fputs(", ", f);
				num_print(f, h ? s : c, isfloat);
				fputs(l + 1 < w ? ", " : ",\n", f);
			}
		}
	fputs("};\n\n", f);
}

/* Prints d as an n1x codelet named e->name: one transform of size p->n
 * at a time, vectorized within it: the W sub-transforms of size m = n /
 * W (d, on x_l, x_(l+W), ..) in the lanes of W-complex vectors, then
 * twiddles, a W x W transpose in registers and a radix-W butterfly
 * across the vectors (emit/tpl/cxlx.c), the outputs stored W at a time.
 * FFTW's n1fv codelets hold several complex numbers of one transform a
 * vector the same way.  requires: d comes from fft_buildc(p->n / W), W
 * = emitcxl_xlanes(e->simd, e->isfloat), order as for emitcxl_c. */
void
emitcxl_x(FILE *f, Dag *d, const Prob *p, const int *order, int norder,
    const Emit *e)
{
	static const struct {
		const char *cond;
		int is, vs, hi;         /* the body's is (times W), ivs, hi */
	} lay[] = {
		{"ii == ri + 1 && is == 2", 2, 2, 4},
		{"ii == ri + 1", 0, 0, 1},
		{"ri == ii + 1 && is == 2", 2, 2, 6},
		{"ri == ii + 1", 0, 0, 2},
		{"is == 1", 1, 1, 3},
		{0, 0, 0, 0},
	};
	Cout o;
	Arena *ar;
	const int *ids;
	const char *t, *name;
	char wide, letter[2], typ[16], isz[32], vsz[32];
	int i, k, w, m, mr;

	assert(d->cxl && "an n1x codelet prints a complex-lane DAG");
	wide = xwide(e->simd, e->isfloat, p->n);
	w = emitcxl_xlanes(e->simd, e->isfloat, p->n);
	assert(w && "n1x needs 32-byte vectors: job.c checks");
	m = p->n / w;
	mr = (m + w - 1) / w * w;
	assert(d->nout == m && "d is the DFT of size n / W");
	ar = arena_new();
	memset(&o, 0, sizeof o);
	emit_init(&o.p, f, d, e->isfloat, ar);
	o.sfx = wide;
	o.stage = 1;
	snprintf(typ, sizeof typ, "kgen_cx%c", wide);
	o.p.type = typ;
	o.p.load = load;
	o.p.store = store;
	o.p.var = var;
	o.p.tab = "\t";
	name = e->name;
	t = e->isfloat ? "float" : "double";
	xheader(&o, p, e, w, m);
	fprintf(f, "#if !defined(__AVX%s__)\n#error \"an n1x codelet needs "
	    "%s\"\n#endif\n", wide == 'E' || wide == 'G' ? "512F" : "",
	    isa_get(e->simd)->flags);
	tpl_print(f, "cxl_x_push", NULL);
	helpers(f, e->isfloat ? 'f' : 'd');
	helpers(f, wide);
	fprintf(f, "#ifndef KGEN_CXL_X%c\n#define KGEN_CXL_X%c\n", wide,
	    wide);
	snprintf(letter, sizeof letter, "%c", wide);
	tpl_print(f, "cxl_x_io", (const Tplarg[]){
		TPL_S("c", letter), TPL_S("t", t), TPL_N("w", w),
		TPL_N("w2", 2 * w), TPL_END});
	tpl_print(f, wide == 'E' ? "cxl_x_e" : wide == 'G' ? "cxl_x_g"
	    : wide == 'F' ? "cxl_x_f" : wide == 'H' ? "cxl_x_h" : "cxl_x_d",
	    NULL);
	tpl_print(f, "cxl_x_pop", NULL);
	xtable(f, name, t, p->n, p->sign, m, mr, w, e->isfloat);
	fprintf(f, "KGEN_CXL_INLINE void\n%s_body(const %s *ri, const %s *ii, "
	    "ptrdiff_t is, ptrdiff_t ivs,\n    int hi, %s *stg)\n{\n", name,
	    t, t, typ);
	ids = emit_order(d, order, &norder, ar);
	for (i = 0; i < norder; i++)
		statement(&o, ids[i]);
	fputs("\t(void)is;\n\t(void)ivs;\n}\n\n", f);
	/* the tail, inlined per output layout */
	fprintf(f, "KGEN_CXL_INLINE void\n%s_tail(%s *ro, %s *io, ptrdiff_t "
	    "os, const %s *stg)\n{\n", name, t, t, typ);
	for (k = 0; k < 3; k++)
		fprintf(f, "\t%s\n\t\tkgen_cxl_x_%c(ro, io, %s, stg, %d, "
		    "%s_tw%s, %d);\n", k == 0 ? "if (io == ro + 1 && os == 2)"
		    : k == 1 ? "else if (ro == io + 1 && os == 2)" : "else", wide,
		    k < 2 ? "2" : "os", m, name, w == 2 ? "" : p->sign < 0
		    ? ", -1" : ", 1", k < 2 ? k + 1 : 0);
	fputs("}\n\n", f);
	/* one transform of interleaved pairs (sw: the parts swapped, ri ==
	 * ii + 1), the path of NAME_v1 and of NAME's v = 1 calls: two
	 * inlined bodies where the loop below has five */
	fprintf(f, "KGEN_CXL_INLINE void\n%s_one(const %s *ri, const %s *ii, "
	    "%s *ro, %s *io, ptrdiff_t is,\n    ptrdiff_t os, int sw)\n{\n"
	    "\t%s stg[%d];\n\n", name, t, t, t, t, typ, mr);
	for (k = m; k < mr; k++)
		fprintf(f, "\tstg[%d] = (%s){0};\n", k, typ);
	fprintf(f, "\tif (is == 2)\n\t\t%s_body(ri, ii, %d, 2, sw ? 6 : 4, "
	    "stg);\n\telse\n\t\t%s_body(ri, ii, %d * is, is, sw ? 2 : 1, "
	    "stg);\n\t%s_tail(ro, io, os, stg);\n}\n\n", name, 2 * w, name,
	    w, name);
	fprintf(f, "void\n%s(const %s *ri, const %s *ii, %s *ro, %s *io,\n"
	    "    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, "
	    "ptrdiff_t ovs)\n{\n\t%s stg[%d];\n\tptrdiff_t j;\n\n", name, t,
	    t, t, t, typ, mr);
	fprintf(f, "\tif (v == 1 && ii == ri + 1) {\n\t\t%s_one(ri, ii, ro, "
	    "io, is, os, 0);\n\t\treturn;\n\t}\n\tif (v == 1 && ri == ii + 1) "
	    "{\n\t\t%s_one(ri, ii, ro, io, is, os, 1);\n\t\treturn;\n\t}\n",
	    name, name);
	for (k = m; k < mr; k++)
		fprintf(f, "\tstg[%d] = (%s){0};\n", k, typ);
	fputs("\tfor (j = 0; j < v; j++, ri += ivs, ii += ivs, ro += ovs, "
	    "io += ovs) {\n", f);
	for (k = 0; k < (int)(sizeof lay / sizeof *lay); k++) {
		if (lay[k].cond)
			fprintf(f, "\t\t%sif (%s)\n", k ? "else " : "",
			    lay[k].cond);
		else
			fputs("\t\telse\n", f);
		if (lay[k].is)
			snprintf(isz, sizeof isz, "%d", w * lay[k].is);
		else
			snprintf(isz, sizeof isz, "%d * is", w);
		if (lay[k].vs)
			snprintf(vsz, sizeof vsz, "%d", lay[k].vs);
		else
			snprintf(vsz, sizeof vsz, "is");
		fprintf(f, "\t\t\t%s_body(ri, ii, %s, %s, %d, stg);\n", name,
		    isz, vsz, lay[k].hi);
	}
	fprintf(f, "\t\t%s_tail(ro, io, os, stg);\n\t}\n}\n\n", name);
	tpl_print(f, "cxl_x_v1", (const Tplarg[]){TPL_S("name", name),
		TPL_S("t", t), TPL_END});
	arena_free(ar);
}
