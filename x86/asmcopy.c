/* asmcopy.c: the copies of x86/asm.c's codelets between the caller's
 * arrays and the frame buffer X (element k's re and im parts are the
 * vectors 2k and 2k + 1 at 0(%rsp); lane l is transform l of the block)
 * on either side of the kernel.  The kernel is the same for every
 * layout; the copy is chosen at run time, for the input and the output
 * side separately:
 *   pairs: interleaved data (ii == ri + 1 element, io == ro + 1), any
 *     element and lane strides, a full block of VL transforms.  Each
 *     lane's (re, im) pair is one 16- or 8-byte access; the pairs of an
 *     element are put side by side in two vectors A and B (128-bit
 *     inserts; two 64-bit loads per 128 bits in float) so that one
 *     in-lane shuffle each (unpcklpd/unpckhpd, shufps $0x88/$0xdd) gives
 *     the real and the imaginary vector in lane order.  On the way out
 *     unpckl/unpckh make the pairs again, stored by 128-bit extracts (or
 *     their 64-bit halves in float);
 *   unit: split arrays whose transforms are adjacent (lane stride one
 *     element), a full block: one unaligned vector move per element and
 *     part;
 *   scalar: anything else, and the last v mod VL transforms (the unused
 *     lanes zero): a general-register loop, lane by lane.
 * Fused (small n, asmcopy_fuse below): the kernel's inputs and outputs
 * stay in registers; the rows copies, renamed, transpose straight into
 * and out of them, and the other copies reach them through X (.Lkernx
 * loads them; the outputs are stored to X before those copies out).
 * AVX2 double instead gives the rows path (rows both ways) a kernel of
 * its own that transposes each element where it needs it
 * (asmcopy_rowskernel, at the end).
 * The pair path reaches lane l < 8 at base + l vs through x86
 * addressing with vs, 3 vs (r10), 5 vs (r15) and 7 vs (rax); lanes
 * 8..15 (AVX-512 float) from a second base r12 = base + 8 vs.  The
 * copies use vector registers outside the kernel (verify/verify.c follows
 * only the general registers there; tests/test_asm.py checks the copies
 * against FFTW on every path) and general registers that x86/asm.c
 * saved (rbx, r12-r15) or that are scratch (rax, r10). */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"

typedef struct Side Side;
struct Side {
	const char *p, *q;  /* re and im pointers */
	const char *s, *vs; /* element and lane strides, bytes */
	const char *lab;    /* label prefix */
};

static const Side sides[2] = {
	{"%rdi", "%rsi", "%r8", "%r11", ".Li"},     /* out == 0: input */
	{"%rdx", "%rcx", "%r9", "%rbx", ".Lo"},
};

/* One instruction: fmt with the ISA's "v" prefix (AVX forms) in front. */
static void
op(const Acopy *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(c->f, "\t%s", c->vex ? "v" : "");
	va_start(ap, fmt);
	vfprintf(c->f, fmt, ap);
	va_end(ap);
	fputc('\n', c->f);
}

/* The address of lane l's pair (or row) at displacement disp from the
 * base %r14 (lanes 8..15: %r12 = %r14 + 8 vs). */
static const char *
lane(char *buf, int l, const char *vs, int disp)
{
	static const char *const mul[8] = {0, "", ",2", "%r10", ",4",
	    "%r15", "%r10,2", "%rax"};
	const char *b, *m;
	char d[16];

	b = l >= 8 ? "%r12" : "%r14";
	m = mul[l % 8];
	d[0] = 0;
	if (disp)
		sprintf(d, "%d", disp);
	if (!m)
		sprintf(buf, "%s(%s)", d, b);
	else if (m[0] == '%')
		sprintf(buf, "%s(%s,%s)", d, b, m);
	else
		sprintf(buf, "%s(%s,%s%s)", d, b, vs, m);
	return buf;
}

/* X vector 2k + h of element k (k < 0: the element at offset %r13). */
static const char *
xvec(const Acopy *c, char *buf, int k, int h)
{
	if (k < 0)
		sprintf(buf, "%d(%%rsp,%%r13)", h * c->vb);
	else
		sprintf(buf, "%d(%%rsp)", (2 * k + h) * c->vb);
	return buf;
}

/* The lane stride's multiples 3, 5, 7 in r10, r15, rax, as the lanes
 * need them, and r14 the base. */
static void
multiples(const Acopy *c, const Side *s)
{
	if (c->vl > 3)
		fprintf(c->f, "\tleaq (%s,%s,2), %%r10\n", s->vs, s->vs);
	if (c->vl > 5)
		fprintf(c->f, "\tleaq (%s,%s,4), %%r15\n", s->vs, s->vs);
	if (c->vl > 7)
		fprintf(c->f, "\tleaq (%%r10,%s,4), %%rax\n", s->vs);
	fprintf(c->f, "\tmovq %s, %%r14\n", s->p);
}

/* Lane l of the 128-bit part k of vector h (0: A, 1: B) of an element's
 * pairs, per = 1 (double) or 2 (float) pairs a part. */
static int
partlane(const Acopy *c, int h, int k)
{
	return (2 * k + h) * (c->esz == 8 ? 1 : 2);
}

/* d = a op b (AT&T: op [$imm,] b, a, d); SSE2 copies a to d first. */
static void
sh(const Acopy *c, const char *name, int imm, int a, int b, int d)
{
	char im[16];

	im[0] = 0;
	if (imm >= 0)
		sprintf(im, "$0x%x, ", imm);
	if (c->vex) {
		fprintf(c->f, "\tv%s %s%%%cmm%d, %%%cmm%d, %%%cmm%d\n", name, im,
		    c->rn, b, c->rn, a, c->rn, d);
		return;
	}
	if (a != d)
		fprintf(c->f, "\tmovaps %%xmm%d, %%xmm%d\n", a, d);
	fprintf(c->f, "\t%s %s%%xmm%d, %%xmm%d\n", name, im, b, d);
}

/* Pairs in, element k (k < 0: the one at r13) at displacement disp:
 * A is register 0, B 1, the real vector 2, the imaginary 3; parts
 * built apart (float) in 4 and up. */
static void
pairin(const Acopy *c, const Side *s, int k, int disp)
{
	const char *sf;
	char m[40];
	int h, p, l, npart, t;

	sf = c->esz == 8 ? "pd" : "ps";
	npart = c->vb / 16;
	for (h = 0; h < 2; h++)
		for (p = 0; p < npart; p++) {
			l = partlane(c, h, p);
			t = p ? 4 + 2 * p + h : h;  /* xmm of this part */
			lane(m, l, s->vs, disp);
			if (c->esz == 8 && p == 0) {
				op(c, "movupd %s, %%xmm%d", m, t);
				continue;
			}
			if (c->esz == 8 && p == 2) {
				op(c, "movupd %s, %%xmm%d", m, t);
				continue;
			}
			if (c->esz == 8) {
				/* straight from memory into part p; AVX-512: parts
				 * 2 and 3 as a ymm of their own, which one
				 * vinsertf64x4 puts in the upper half (gcc's form
				 * of kgen_ldi; vinsertf32x4 on ymm, which zmm16-31
				 * take: n = 3 4-5% faster than three vinsertf32x4
				 * from memory into the zmm on a Zen 4) */
				op(c, "%s $1, %s, %%ymm%d, %%ymm%d", npart == 2
				    ? "insertf128" : "insertf32x4", m, p == 1 ? h
				    : t - 2, p == 1 ? h : t - 2);
				if (p == 3)
					op(c, "insertf64x4 $1, %%ymm%d, %%zmm%d, "
					    "%%zmm%d", t - 2, h, h);
				continue;
			}
			op(c, "movsd %s, %%xmm%d", m, t);
			lane(m, l + 1, s->vs, disp);
			if (c->vex)
				op(c, "movhps %s, %%xmm%d, %%xmm%d", m, t, t);
			else
				op(c, "movhps %s, %%xmm%d", m, t);
			if (p == 0)
				continue;
			if (npart == 2)
				op(c, "insertf128 $1, %%xmm%d, %%ymm%d, %%ymm%d", t,
				    h, h);
			else
				op(c, "insertf32x4 $%d, %%xmm%d, %%zmm%d, %%zmm%d",
				    p, t, h, h);
		}
	if (c->esz == 8) {
		sh(c, "unpcklpd", -1, 0, 1, 2);
		sh(c, "unpckhpd", -1, 0, 1, 3);
	} else {
		sh(c, "shufps", 0x88, 0, 1, 2);
		sh(c, "shufps", 0xdd, 0, 1, 3);
	}
	op(c, "mova%s %%%cmm2, %s", sf, c->rn, xvec(c, m, k, 0));
	op(c, "mova%s %%%cmm3, %s", sf, c->rn, xvec(c, m, k, 1));
}

/* Pairs out: X's re and im vectors of element k to the VL pairs. */
static void
pairout(const Acopy *c, const Side *s, int k, int disp)
{
	const char *sf;
	char m[40];
	int h, p, l, npart, t, v;

	sf = c->esz == 8 ? "pd" : "ps";
	npart = c->vb / 16;
	op(c, "mova%s %s, %%%cmm0", sf, xvec(c, m, k, 0), c->rn);
	op(c, "mova%s %s, %%%cmm1", sf, xvec(c, m, k, 1), c->rn);
	sh(c, c->esz == 8 ? "unpcklpd" : "unpcklps", -1, 0, 1, 2);
	sh(c, c->esz == 8 ? "unpckhpd" : "unpckhps", -1, 0, 1, 3);
	/* register 2 holds the parts of A (h = 0), 3 those of B */
	for (h = 0; h < 2; h++)
		for (p = 0; p < npart; p++) {
			l = partlane(c, h, p);
			v = 2 + h;
			lane(m, l, s->vs, disp);
			if (c->esz == 8 && p == 0) {
				op(c, "movupd %%xmm%d, %s", v, m);
				continue;
			}
			if (c->esz == 8) {
				if (npart == 2)
					op(c, "extractf128 $1, %%ymm%d, %s", v, m);
				else
					op(c, "extractf32x4 $%d, %%zmm%d, %s", p, v, m);
				continue;
			}
			t = v;
			if (p > 0) {
				t = 4 + 2 * p + h;
				if (npart == 2)
					op(c, "extractf128 $1, %%ymm%d, %%xmm%d", v, t);
				else
					op(c, "extractf32x4 $%d, %%zmm%d, %%xmm%d", p,
					    v, t);
			}
			op(c, "movlps %%xmm%d, %s", t, m);
			lane(m, l + 1, s->vs, disp);
			op(c, "movhps %%xmm%d, %s", t, m);
		}
}

/* Pairs, any element stride: a loop over the elements, r14 walking
 * them (r12 = r14 + 8 vs) and r13 the X offset. */
static void
pairs(const Acopy *c, const Side *s, int out)
{
	multiples(c, s);
	fprintf(c->f, "\txorl %%r13d, %%r13d\n%spair:\n", s->lab);
	if (c->vl > 8)
		fprintf(c->f, "\tleaq (%%r14,%s,8), %%r12\n", s->vs);
	if (out)
		pairout(c, s, -1, 0);
	else
		pairin(c, s, -1, 0);
	fprintf(c->f, "\taddq %s, %%r14\n\taddq $%d, %%r13\n\tcmpq $%d, "
	    "%%r13\n\tjl %spair\n", s->s, 2 * c->vb, 2 * c->n * c->vb,
	    s->lab);
}

/* The VL x VL transpose of rows 0..VL-1 (row i in register i): returns
 * the bank (0: registers 0..VL-1, 1: VL..2VL-1) where column j is
 * register j.  Each stage maps the index set it reads to the same
 * indices in the other bank.  Rows are grouped by 128-bit block of W
 * elements: an in-block transpose of each group of W rows (unpckl/h of
 * pd, and ps before it in float) leaves at g W + q the vector whose
 * block B holds column B W + q of group g; the blocks then move by
 * vperm2f128 (two blocks) or two rounds of vshuff64x2 $0x88/$0xdd (four
 * blocks: a 2 x 2 transpose of pairs of blocks, twice). */
static int
transpose(const Acopy *c)
{
	int vl, w, nb, g, q, b, i, o, x, y;

	vl = c->vl;
	w = 16 / c->esz;
	nb = vl / w;
	b = 0;
	for (g = 0; g < nb; g++) {
		i = g * w + b * vl;
		o = g * w + (1 - b) * vl;
		if (w == 2) {
			sh(c, "unpcklpd", -1, i, i + 1, o);
			sh(c, "unpckhpd", -1, i, i + 1, o + 1);
			continue;
		}
		sh(c, "unpcklps", -1, i, i + 1, o);
		sh(c, "unpckhps", -1, i, i + 1, o + 1);
		sh(c, "unpcklps", -1, i + 2, i + 3, o + 2);
		sh(c, "unpckhps", -1, i + 2, i + 3, o + 3);
		sh(c, "unpcklpd", -1, o, o + 2, i);
		sh(c, "unpckhpd", -1, o, o + 2, i + 1);
		sh(c, "unpcklpd", -1, o + 1, o + 3, i + 2);
		sh(c, "unpckhpd", -1, o + 1, o + 3, i + 3);
	}
	if (w == 2)
		b = 1;
	if (nb == 1)
		return b;
	for (q = 0; q < w; q++) {
		x = b * vl;
		y = (1 - b) * vl;
		if (nb == 2) {
			sh(c, "perm2f128", 0x20, x + q, x + w + q, y + q);
			sh(c, "perm2f128", 0x31, x + q, x + w + q, y + w + q);
			continue;
		}
		/* V_g' from U_g, U_g+1; then columns from V_0, V_2 and
		 * V_1, V_3 */
		sh(c, "shuff64x2", 0x88, x + q, x + w + q, y + q);
		sh(c, "shuff64x2", 0xdd, x + q, x + w + q, y + w + q);
		sh(c, "shuff64x2", 0x88, x + 2 * w + q, x + 3 * w + q,
		    y + 2 * w + q);
		sh(c, "shuff64x2", 0xdd, x + 2 * w + q, x + 3 * w + q,
		    y + 3 * w + q);
		sh(c, "shuff64x2", 0x88, y + q, y + 2 * w + q, x + q);
		sh(c, "shuff64x2", 0xdd, y + q, y + 2 * w + q, x + 2 * w + q);
		sh(c, "shuff64x2", 0x88, y + w + q, y + 3 * w + q, x + w + q);
		sh(c, "shuff64x2", 0xdd, y + w + q, y + 3 * w + q,
		    x + 3 * w + q);
	}
	return nb == 2 ? 1 - b : b;
}

/* The 4 x 4 transpose within each 128-bit block of registers i..i+3
 * (float) into the same registers, through o..o+3. */
static void
tr4(const Acopy *c, int i, int o)
{
	sh(c, "unpcklps", -1, i, i + 1, o);
	sh(c, "unpckhps", -1, i, i + 1, o + 1);
	sh(c, "unpcklps", -1, i + 2, i + 3, o + 2);
	sh(c, "unpckhps", -1, i + 2, i + 3, o + 3);
	sh(c, "unpcklpd", -1, o, o + 2, i);
	sh(c, "unpckhpd", -1, o, o + 2, i + 1);
	sh(c, "unpcklpd", -1, o + 1, o + 3, i + 2);
	sh(c, "unpckhpd", -1, o + 1, o + 3, i + 3);
}

/* Two adjacent elements k, k + 1 of a full row's VL / 2 (AVX2 float,
 * AVX-512): four reals a lane, four X vectors.  Float: register j holds
 * lane 4B + j's four reals in block B, and the 4 x 4 transpose within
 * the blocks gives the columns (and, being its own inverse, the lanes
 * back).  AVX-512 double: registers 0, 1, 4, 5 hold the 256-bit rows of
 * lanes (0, 2), (1, 3), (4, 6), (5, 7) side by side; unpck then
 * vshuff64x2 give the columns, and the inverse takes them back. */
static void
half(const Acopy *c, const Side *s, int k, int out)
{
	static const int zd[4] = {0, 1, 4, 5};      /* double: z regs */
	char m[40], x[40];
	int j, b, nb, disp, l;

	disp = 2 * k * c->esz;
	nb = c->vb / 16;
	if (c->esz == 4) {
		for (j = 0; out && j < 4; j++)
			op(c, "movaps %s, %%%cmm%d", xvec(c, x, k, j), c->rn, j);
		for (j = 0; !out && j < 4; j++)
			for (b = 0; b < nb; b++) {
				lane(m, 4 * b + j, s->vs, disp);
				if (b == 0)
					op(c, "movups %s, %%xmm%d", m, j);
				else if (nb == 2)
					op(c, "insertf128 $1, %s, %%ymm%d, %%ymm%d", m,
					    j, j);
				else
					op(c, "insertf32x4 $%d, %s, %%zmm%d, %%zmm%d",
					    b, m, j, j);
			}
		tr4(c, 0, 4);
		for (j = 0; !out && j < 4; j++)
			op(c, "movaps %%%cmm%d, %s", c->rn, j, xvec(c, x, k, j));
		for (j = 0; out && j < 4; j++)
			for (b = 0; b < nb; b++) {
				lane(m, 4 * b + j, s->vs, disp);
				if (b == 0)
					op(c, "movups %%xmm%d, %s", j, m);
				else if (nb == 2)
					op(c, "extractf128 $1, %%ymm%d, %s", j, m);
				else
					op(c, "extractf32x4 $%d, %%zmm%d, %s", b, j, m);
			}
		return;
	}
	assert(c->vl == 8 && "only AVX-512 double has rows of 4 elements");
	if (!out) {
		for (j = 0; j < 4; j++) {
			l = j < 2 ? j : j + 2;          /* lanes 0, 1, 4, 5 */
			op(c, "movupd %s, %%ymm%d", lane(m, l, s->vs, disp), zd[j]);
			op(c, "insertf64x4 $1, %s, %%zmm%d, %%zmm%d", lane(m,
			    l + 2, s->vs, disp), zd[j], zd[j]);
		}
		sh(c, "unpcklpd", -1, 0, 1, 8);
		sh(c, "unpckhpd", -1, 0, 1, 9);
		sh(c, "unpcklpd", -1, 4, 5, 10);
		sh(c, "unpckhpd", -1, 4, 5, 11);
		sh(c, "shuff64x2", 0x88, 8, 10, 12);    /* re k */
		sh(c, "shuff64x2", 0x88, 9, 11, 13);    /* im k */
		sh(c, "shuff64x2", 0xdd, 8, 10, 14);    /* re k + 1 */
		sh(c, "shuff64x2", 0xdd, 9, 11, 15);    /* im k + 1 */
		for (j = 0; j < 4; j++)
			op(c, "movapd %%zmm%d, %s", 12 + j, xvec(c, x, k, j));
		return;
	}
	for (j = 0; j < 4; j++)
		op(c, "movapd %s, %%zmm%d", xvec(c, x, k, j), 12 + j);
	/* t8 = (c0.B0, c2.B0, c0.B1, c2.B1), t10 = the same of B2, B3; t9,
	 * t11 from c1, c3: one two-table permute each, its index loaded
	 * into the destination just before (.Lperm0, .Lperm1; gcc's form of
	 * kgen_stg2).  Two vshuff64x2 each before: AVX-512 double n = 2,
	 * v = 256, 1.14x faster this way on a Zen 4 (docs/asm.md). */
	for (j = 0; j < 4; j++) {
		op(c, "movdqa64 .Lperm%d(%%rip), %%zmm%d", j / 2, 8 + 2 * (j / 2)
		    + j % 2);
		op(c, "permi2pd %%zmm%d, %%zmm%d, %%zmm%d", 14 + j % 2, 12 + j % 2,
		    8 + 2 * (j / 2) + j % 2);
	}
	sh(c, "unpcklpd", -1, 8, 9, 0);
	sh(c, "unpckhpd", -1, 8, 9, 1);
	sh(c, "unpcklpd", -1, 10, 11, 4);
	sh(c, "unpckhpd", -1, 10, 11, 5);
	for (j = 0; j < 4; j++) {
		l = j < 2 ? j : j + 2;
		op(c, "movupd %%ymm%d, %s", zd[j], lane(m, l, s->vs, disp));
		op(c, "extractf64x4 $1, %%zmm%d, %s", zd[j], lane(m, l + 2,
		    s->vs, disp));
	}
}

/* One group of rows() by 128-bit blocks: the group's VL X vectors are
 * W columns of each of the VL / W blocks of the rows.  Vector b W + q
 * holds block b of rows q, W + q, 2 W + q, ... (a 128-bit load and
 * inserts from memory; on the way out a 128-bit store and extracts to
 * memory), and the in-block transpose of vectors b W .. b W + W - 1
 * gives columns b W .. b W + W - 1: no shuffle across 128-bit blocks
 * (vperm2f128, vshuff64x2, which Intel cores run on one port that the
 * in-block shuffles share), for one memory access a block.  rows() takes
 * it on the way in, and on the way out in AVX2 only, where the stores it
 * adds cost less than the shuffles it saves (in double, half the rows
 * whole after one insert, the other half by extracts): on a Xeon
 * (family 6 model 207), n = 2..64 at v = 256, the asm codelets with it
 * against those without in one process, 2026-12-01 (docs/asm.md,
 * "Transposes by 128-bit blocks"). */
static void
rowblocks(const Acopy *c, const Side *s, int k, int out)
{
	const char *sf, *ins, *ext;
	char m[40], x[40];
	int w, nb, b, q, pp, r, res;

	sf = c->esz == 8 ? "pd" : "ps";
	w = 16 / c->esz;
	nb = c->vl / w;
	ins = nb == 2 ? "insertf128" : "insertf32x4";
	ext = nb == 2 ? "extractf128" : "extractf32x4";
	res = w == 2 ? c->vl : 0;   /* where the in-block stage leaves them */
	for (r = 0; out && r < c->vl; r++)
		op(c, "mova%s %s, %%%cmm%d", sf, xvec(c, x, k, r), c->rn, r);
	for (b = 0; !out && b < nb; b++)
		for (q = 0; q < w; q++)
			for (pp = 0; pp < nb; pp++) {
				r = b * w + q;
				lane(m, pp * w + q, s->vs, 2 * k * c->esz + 16 * b);
				if (pp == 0)
					op(c, "movu%s %s, %%xmm%d", sf, m, r);
				else
					op(c, "%s $%d, %s, %%%cmm%d, %%%cmm%d", ins,
					    pp, m, c->rn, r, c->rn, r);
			}
	for (b = 0; b < nb; b++) {
		r = b * w;
		if (w == 2) {
			sh(c, "unpcklpd", -1, r, r + 1, c->vl + r);
			sh(c, "unpckhpd", -1, r, r + 1, c->vl + r + 1);
		} else
			tr4(c, r, c->vl + r);
	}
	for (r = 0; !out && r < c->vl; r++)
		op(c, "mova%s %%%cmm%d, %s", sf, c->rn, res + r, xvec(c, x,
		    k, r));
	/* AVX2 double out: row q whole (one register insert of the other
	 * block), row W + q by two extracts */
	if (out && nb == 2 && w == 2) {
		for (q = 0; q < w; q++) {
			op(c, "%s $1, %%xmm%d, %%ymm%d, %%ymm%d", ins, res + w + q,
			    res + q, q);
			op(c, "movu%s %%ymm%d, %s", sf, q, lane(m, q, s->vs,
			    2 * k * c->esz));
			op(c, "%s $1, %%ymm%d, %s", ext, res + q, lane(m, w + q,
			    s->vs, 2 * k * c->esz));
			op(c, "%s $1, %%ymm%d, %s", ext, res + w + q, lane(m, w + q,
			    s->vs, 2 * k * c->esz + 16));
		}
		return;
	}
	for (b = 0; out && b < nb; b++)
		for (q = 0; q < w; q++)
			for (pp = 0; pp < nb; pp++) {
				r = res + b * w + q;
				lane(m, pp * w + q, s->vs, 2 * k * c->esz + 16 * b);
				if (pp == 0)
					op(c, "movu%s %%xmm%d, %s", sf, r, m);
				else
					op(c, "%s $%d, %%%cmm%d, %s", ext, pp, c->rn,
					    r, m);
			}
}

/* Interleaved and adjacent elements (is == 2): straight-line code over
 * groups of VL / 2 elements, a lane's group one vector (a row), VL rows
 * transposed into the group's VL X vectors (or back); the elements left
 * over move as pairs.  Displacements are constant: r14 stays at the
 * block's first transform. */
static void
rows(const Acopy *c, const Side *s, int out)
{
	const char *sf;
	char m[40], x[40];
	int g, k, i, b, ng, row, blocks;

	sf = c->esz == 8 ? "pd" : "ps";
	row = c->vl / 2;            /* elements per row */
	blocks = c->vex && c->vl > 16 / c->esz && (!out || c->vb == 32);
	multiples(c, s);
	if (c->vl > 8)
		fprintf(c->f, "\tleaq (%%r14,%s,8), %%r12\n", s->vs);
	ng = row > 1 ? c->n / row : 0;
	/* AVX-512 double in: every two elements by half (256-bit halves
	 * of four rows, unpck and one vshuff64x2 stage), not the 128-bit
	 * blocks: on a Zen 4 (2026-12-03) the blocks' 48 inserts from
	 * memory a group took 4-15% longer (bench-asmab, n = 4..64), and
	 * half ran as the full 8 x 8 transpose (within 3%) with half its
	 * cross-block shuffles (docs/asm.md, "The copy in on Zen 4") */
	if (!out && c->vl == 8 && c->esz == 8)
		ng = 0;
	for (g = 0; g < ng; g++) {
		k = (c->gord ? c->gord[g] : g) * row;
		if (blocks) {
			rowblocks(c, s, k, out);
			continue;
		}
		for (i = 0; i < c->vl; i++)
			if (out)
				op(c, "mova%s %s, %%%cmm%d", sf, xvec(c, x, k,
				    i), c->rn, i);
			else
				op(c, "movu%s %s, %%%cmm%d", sf, lane(m, i, s->vs,
				    2 * k * c->esz), c->rn, i);
		b = transpose(c);
		for (i = 0; i < c->vl; i++)
			if (out)
				op(c, "movu%s %%%cmm%d, %s", sf, c->rn, i + b
				    * c->vl, lane(m, i, s->vs, 2 * k * c->esz));
			else
				op(c, "mova%s %%%cmm%d, %s", sf, c->rn, i + b
				    * c->vl, xvec(c, x, k, i));
	}
	k = ng * row;
	for (; row > 2 && k + 2 <= c->n; k += 2)
		half(c, s, k, out);
	for (; k < c->n; k++)
		if (out)
			pairout(c, s, k, 2 * k * c->esz);
		else
			pairin(c, s, k, 2 * k * c->esz);
}

/* Split arrays with unit lane stride: one vector per element and part,
 * r14 and r15 walking the re and im elements, r13 the X offset. */
static void
unit(const Acopy *c, const Side *s, int out)
{
	const char *sf;

	sf = c->esz == 8 ? "pd" : "ps";
	fprintf(c->f, "\tmovq %s, %%r14\n\tmovq %s, %%r15\n\txorl %%r13d, "
	    "%%r13d\n%sunit:\n", s->p, s->q, s->lab);
	if (!out) {
		op(c, "movu%s (%%r14), %%%cmm0", sf, c->rn);
		op(c, "movu%s (%%r15), %%%cmm1", sf, c->rn);
		op(c, "mova%s %%%cmm0, (%%rsp,%%r13)", sf, c->rn);
		op(c, "mova%s %%%cmm1, %d(%%rsp,%%r13)", sf, c->rn, c->vb);
	} else {
		op(c, "mova%s (%%rsp,%%r13), %%%cmm0", sf, c->rn);
		op(c, "mova%s %d(%%rsp,%%r13), %%%cmm1", sf, c->vb, c->rn);
		op(c, "movu%s %%%cmm0, (%%r14)", sf, c->rn);
		op(c, "movu%s %%%cmm1, (%%r15)", sf, c->rn);
	}
	fprintf(c->f, "\taddq %s, %%r14\n\taddq %s, %%r15\n\taddq $%d, %%r13\n"
	    "\tcmpq $%d, %%r13\n\tjl %sunit\n", s->s, s->s, 2 * c->vb,
	    2 * c->n * c->vb, s->lab);
}

/* The general loop: element by element (the lanes of an element are
 * near each other in memory), lane by lane within one (r12 lanes).
 * r14, r15 walk the elements, r13 is l * vs and r10 the lane l. */
static void
scalar(const Acopy *c, const Side *s, int out)
{
	const char *w, *tmp, *ptr;
	int k, h, off;

	w = c->esz == 8 ? "q" : "l";
	tmp = c->esz == 8 ? "%rax" : "%eax";
	fprintf(c->f, "\tmovq %s, %%r14\n\tmovq %s, %%r15\n", s->p, s->q);
	for (k = 0; k < c->n; k++) {
		fprintf(c->f, "\txorl %%r10d, %%r10d\n\txorl %%r13d, %%r13d\n"
		    "%s%d:\n", s->lab, k);
		for (h = 0; h < 2; h++) {
			ptr = h ? "%r15" : "%r14";
			off = (2 * k + h) * c->vb;
			if (!out)
				fprintf(c->f, "\tmov%s (%s,%%r13), %s\n\tmov%s %s, "
				    "%d(%%rsp,%%r10,%d)\n", w, ptr, tmp, w, tmp,
				    off, c->esz);
			else
				fprintf(c->f, "\tmov%s %d(%%rsp,%%r10,%d), %s\n"
				    "\tmov%s %s, (%s,%%r13)\n", w, off, c->esz,
				    tmp, w, tmp, ptr);
		}
		fprintf(c->f, "\taddq %s, %%r13\n\tincq %%r10\n"
		    "\tcmpq %%r12, %%r10\n\tjl %s%d\n", s->vs, s->lab, k);
		if (k + 1 < c->n)
			fprintf(c->f, "\taddq %s, %%r14\n\taddq %s, %%r15\n", s->s,
			    s->s);
	}
}

/* The stack slots of ivs and ovs (read into r11 and rbx before the
 * blocks) keep each side's copy for full blocks, chosen once: 0 scalar,
 * 1 rows, 2 pairs, 3 units. */
static const char *const slot[2] = {"24(%rbp)", "32(%rbp)"};

/* Prints the choice of both sides' copies for full blocks: rows for
 * interleaved data with element stride 2, pairs for other interleaved
 * data, units for split arrays with lane stride 1, else scalar.  The
 * strides must be in bytes in their registers. */
void
asmcopy_choose(const Acopy *c)
{
	const Side *s;
	int i;

	for (i = 0; i < 2; i++) {
		s = &sides[i];
		fprintf(c->f, "\txorl %%eax, %%eax\n\tleaq %d(%s), %%r10\n"
		    "\tcmpq %%r10, %s\n\tjne 1f\n\tmovl $2, %%eax\n"
		    "\tcmpq $%d, %s\n\tjne 2f\n\tmovl $1, %%eax\n\tjmp 2f\n"
		    "1:\n\tcmpq $%d, %s\n\tjne 2f\n\tmovl $3, %%eax\n"
		    "2:\n\tmovq %%rax, %s\n", c->esz, s->p, s->q, 2 * c->esz,
		    s->s, c->esz, s->vs, slot[i]);
	}
}

/* The jump of a full block to side i's copy; falls through to the
 * scalar loop with r12 = VL. */
static void
dispatch(const Acopy *c, int i)
{
	const Side *s;

	s = &sides[i];
	fprintf(c->f, "\tcmpq $1, %s\n\tje %srows\n\tcmpq $2, %s\n"
	    "\tje %spairs\n\tcmpq $3, %s\n\tje %sunits\n\tmovq $%d, %%r12\n",
	    slot[i], s->lab, slot[i], s->lab, slot[i], s->lab, c->vl);
}

/* Fused: the kernel's fused inputs from X into their registers
 * (.Lkernx, for the copies other than rows; out 0), or its fused
 * outputs from their registers to X (out 1). */
static void
xregs(const Acopy *c, int out)
{
	char x[40];
	int k;

	if (!out)
		fputs(".Lkernx:\n", c->f);
	for (k = 0; k < 2 * c->n; k++)
		if ((out ? c->out : c->in)[k] < 0)
			continue;
		else if (out)
			op(c, "mova%s %%%cmm%d, %s", c->esz == 8 ? "pd" : "ps",
			    c->rn, c->out[k], xvec(c, x, k / 2, k % 2));
		else
			op(c, "mova%s %s, %%%cmm%d", c->esz == 8 ? "pd" : "ps",
			    xvec(c, x, k / 2, k % 2), c->rn, c->in[k]);
}

/* Prints the code from the top of a block to the kernel: the choice of
 * the input copy and the copies, ending at .Lkern.  On entry 16(%rbp)
 * holds the transforms left (> 0), the strides are in bytes. */
void
asmcopy_in(const Acopy *c)
{
	const Side *s;

	s = &sides[0];
	fprintf(c->f, "\t# the input copy: rows, pairs, units or scalar\n"
	    "\tmovq 16(%%rbp), %%rax\n\tcmpq $%d, %%rax\n\tjl .Lpart\n",
	    c->vl);
	dispatch(c, 0);
	fputs("\tjmp .Liscalar\n", c->f);
	/* the last block's unused lanes are zeros, as in emit/simd.c's
	 * kgen_pack: no stale or uninitialised values in the arithmetic */
	fprintf(c->f, ".Lpart:\n\tmovq %%rax, %%r12\n\txorl %%r13d, %%r13d\n"
	    ".Lzero:\n\tmovq $0, (%%rsp,%%r13,8)\n\tincq %%r13\n"
	    "\tcmpq $%d, %%r13\n\tjl .Lzero\n", 2 * c->n * c->vb / 8);
	fputs(".Liscalar:\n", c->f);
	scalar(c, s, 0);
	fprintf(c->f, "\tjmp .Lkern%s\n.Lirows:\n", c->in ? "x" : "");
	if (c->rowskern)        /* rows both ways: its own kernel */
		fprintf(c->f, "\tcmpq $1, %s\n\tjne .Lirowsx\n%s.Lirowsx:\n",
		    slot[1], c->rowskern);
	if (c->in)
		fputs(c->rowsin, c->f);
	else
		rows(c, s, 0);
	fputs("\tjmp .Lkern\n.Lipairs:\n", c->f);
	pairs(c, s, 0);
	fprintf(c->f, "\tjmp .Lkern%s\n.Liunits:\n", c->in ? "x" : "");
	unit(c, s, 0);
	if (c->in)
		xregs(c, 0);
	fputs(".Lkern:\n", c->f);
}

/* Prints the code from the end of the kernel to .Lnext: the choice of
 * the output copy and the copies. */
void
asmcopy_out(const Acopy *c)
{
	const Side *s;

	s = &sides[1];
	if (c->out) {
		/* full blocks with rows out take the registers; the rest
		 * the outputs stored to X first */
		fprintf(c->f, "\t# rows out from the registers, the other "
		    "copies from X\n\tcmpq $%d, 16(%%rbp)\n\tjl 1f\n"
		    "\tcmpq $1, %s\n\tje .Lorows\n1:\n", c->vl, slot[1]);
		xregs(c, 1);
	}
	fprintf(c->f, "\t# the output copy: rows, pairs, units or scalar\n"
	    "\tmovq 16(%%rbp), %%r12\n\tcmpq $%d, %%r12\n\tjl .Loscalar\n",
	    c->vl);
	dispatch(c, 1);
	fputs(".Loscalar:\n", c->f);
	scalar(c, s, 1);
	fputs("\tjmp .Lnext\n.Lorows:\n", c->f);
	if (c->out)
		fputs(c->rowsout, c->f);
	else
		rows(c, s, 1);
	fputs("\tjmp .Lnext\n.Lopairs:\n", c->f);
	pairs(c, s, 1);
	fputs("\tjmp .Lnext\n.Lounits:\n", c->f);
	unit(c, s, 1);
	fputs(".Lnext:\n", c->f);
}

/* ---- fused rows: the kernel's registers as the copies' ends ---------
 * The rows copies above are written for registers 0 .. 2VL-1 and X.
 * asmcopy_fuse prints them into a buffer and renames their vector
 * registers: a value stored to X vector s on the way in is made in
 * in[s] instead (the store dropped), a value loaded from X vector s on
 * the way out is out[s] (the load dropped), where in[s] (out[s]) is a
 * register, and every other value takes a free register at its
 * instruction (linear scan; a source that dies there may be the
 * destination); X vectors whose in[s] (out[s]) is -1 keep their store
 * (load).  On the way in in[s] may be scratch only for values read for
 * the last time before or by the instruction that makes in[s]'s own
 * value; on the way out out[s] is not scratch until its value's last
 * use (the kernel left those outputs in their registers).  The groups
 * go in grouporder's order.  AVX forms only. */
enum { FOPS = 6 };

typedef struct Fins Fins;
struct Fins {
	char *text;             /* the line; mn, opd point into a copy */
	char *mn, *opd[FOPS];   /* mn NULL: a line kept as it is */
	int nop;
	int val[FOPS];          /* per register operand: its value, else -1 */
	int rd;                 /* vpermi2pd: the value its destination held
	                         * (the index, read), whose register the new
	                         * value takes; else -1 */
	int drop;               /* an X move the fusion takes away */
};

/* X vector of operand o ("D(%rsp)" within X), else -1: read by
 * verify/asmread.c, the one assembly reader. */
static int
xslot(const Acopy *c, const char *o)
{
	Opd x;

	if (!asmread_opd(o, (int)strlen(o), &x) || x.kind != OPD_MEM
	    || strcmp(x.base, "rsp") || x.index[0] || x.label[0] || x.disp < 0
	    || x.disp % c->vb || x.disp >= 2L * c->n * c->vb)
		return -1;
	return (int)(x.disp / c->vb);
}

/* The register number of operand o ("%[xyz]mmN"), else -1. */
static int
vreg(const char *o)
{
	Opd x;

	if (!asmread_opd(o, (int)strlen(o), &x) || x.kind != OPD_REG || !x.vk)
		return -1;
	return x.vr;
}

/* Splits an instruction's operands (asmread_split) in place: opd[] the
 * NUL-terminated operands, at most FOPS; returns how many, -1 where
 * there are more. */
static int
operands(char *s, char **opd)
{
	const char *at[FOPS];
	int len[FOPS], n, i;

	n = asmread_split(s, at, len, FOPS);
	for (i = 0; i < n; i++) {
		opd[i] = (char *)at[i];
		opd[i][len[i]] = 0;
	}
	return n;
}

/* The order of the rows copy's groups of VL X vectors on side out:
 * fewer fused values first on the way in (a fused value holds its
 * register from where it is made), more first on the way out (from the
 * start until it is read), so the registers they hold are free for
 * longer; a stable sort.  Malloc'd. */
static int *
grouporder(const Acopy *c, int out)
{
	const int *f;
	int *ord, *nf, ng, g, j, k;

	f = out ? c->out : c->in;
	ng = c->vl / 2 > 1 ? c->n / (c->vl / 2) : 0;
	ord = emalloc(2 * (ng + 1) * sizeof *ord);
	nf = ord + ng + 1;
	for (g = 0; g < ng; g++) {
		ord[g] = g;
		for (k = nf[g] = 0; k < c->vl; k++)
			nf[g] += f[g * c->vl + k] >= 0;
	}
	for (g = 1; g < ng; g++)
		for (j = g; j > 0 && (out ? nf[ord[j]] > nf[ord[j - 1]]
		    : nf[ord[j]] < nf[ord[j - 1]]); j--) {
			k = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = k;
		}
	return ord;
}

/* The rows copy of side out (0 in, 1 out) renamed as above; NULL where
 * the registers do not suffice. */
static char *
fuserows(const Acopy *c, int out)
{
	Acopy t;
	Fins *fi;
	char *text, *p, *q, *res, buf[64];
	size_t len;
	int *pin, *last, *reg, *gord, cur[32], hold[32], busy[32], fdef[32],
	    ni, nv, i, j, r, k, x, v, nreg, ok;

	t = *c;
	t.in = t.out = 0;
	t.gord = gord = grouporder(c, out);
	if (!(t.f = open_memstream(&text, &len))) {
		free(gord);
		return 0;
	}
	rows(&t, &sides[out], out);
	free(gord);
	fclose(t.f);
	for (ni = 1, p = text; *p; p++)
		ni += *p == '\n';
	fi = emalloc(ni * sizeof *fi);
	pin = emalloc(ni * FOPS * sizeof *pin);
	last = emalloc(ni * FOPS * sizeof *last);
	reg = emalloc(ni * FOPS * sizeof *reg);
	nreg = c->vb == 64 ? 32 : 16;
	for (r = 0; r < 32; r++)
		cur[r] = hold[r] = -1;
	ok = 1;
	nv = 0;
	/* values: what each register operand reads or writes */
	for (i = 0, p = text; ok && *p; i++, p = q) {
		q = strchr(p, '\n');
		*q++ = 0;
		memset(&fi[i], 0, sizeof fi[i]);
		fi[i].text = p;
		if (strncmp(p, "\tv", 2))
			continue;
		fi[i].mn = p + 1;
		for (j = 0; p[1 + j] && p[1 + j] != ' '; j++)
			;
		if (!p[1 + j] || (fi[i].nop = operands(p + 2 + j,
		    fi[i].opd)) < 1) {
			ok = 0;
			break;
		}
		p[1 + j] = 0;
		for (j = 0; j < FOPS; j++)
			fi[i].val[j] = -1;
		fi[i].rd = -1;
		k = fi[i].nop - 1;
		if (!strncmp(fi[i].mn, "vmova", 5) && fi[i].nop == 2) {
			x = xslot(c, fi[i].opd[out ? 0 : 1]);
			r = vreg(fi[i].opd[out ? 1 : 0]);
			if (x >= 0 && r >= 0 && !out && c->in[x] >= 0) {
				/* the value stored to X vector x: made in in[x] */
				if ((v = cur[r]) < 0 || pin[v] >= 0) {
					ok = 0;
					break;
				}
				pin[v] = c->in[x];
				fi[i].drop = 1;
				continue;
			}
			if (x >= 0 && r >= 0 && out && c->out[x] >= 0) {
				/* the kernel's output x, in out[x] */
				pin[nv] = c->out[x];
				last[nv] = -1;
				hold[c->out[x]] = nv;
				cur[r] = nv++;
				fi[i].drop = 1;
				continue;
			}
		}
		for (j = 0; j < fi[i].nop; j++)
			if ((r = vreg(fi[i].opd[j])) >= 0 && j < k) {
				if ((v = cur[r]) < 0) {
					ok = 0;
					break;
				}
				fi[i].val[j] = v;
				last[v] = i;
			}
		if (ok && !strcmp(fi[i].mn, "vpermi2pd")) {
			if ((r = vreg(fi[i].opd[k])) < 0 || (v = cur[r]) < 0
			    || pin[v] >= 0) {
				ok = 0;
				break;
			}
			fi[i].rd = v;
			last[v] = i;
		}
		if (ok && (r = vreg(fi[i].opd[k])) >= 0) {
			pin[nv] = -1;
			last[nv] = i;
			fi[i].val[k] = nv;
			cur[r] = nv++;
		}
	}
	ni = i;
	/* registers: busy[r] the value in r, -1 free */
	for (r = 0; r < 32; r++)
		busy[r] = out ? hold[r] : -1;
	/* on the way in, in[x] is the kernel's from the instruction that
	 * makes its value (fdef) on; scratch may use it before, if that
	 * scratch value dies first */
	for (r = 0; r < 32; r++)
		fdef[r] = ni;
	for (i = 0; !out && i < ni; i++)
		if (fi[i].mn && !fi[i].drop && (v = fi[i].val[fi[i].nop - 1]) >= 0
		    && pin[v] >= 0)
			fdef[pin[v]] = i;
	for (v = 0; v < nv; v++)
		reg[v] = pin[v];
	for (i = 0; ok && i < ni; i++) {
		if (!fi[i].mn || fi[i].drop)
			continue;
		k = fi[i].nop - 1;
		if ((v = fi[i].val[k]) < 0 || vreg(fi[i].opd[k]) < 0)
			continue;
		if (pin[v] >= 0) {
			busy[pin[v]] = v;
			continue;
		}
		/* the destination: a register free here (never used, or its
		 * value read for the last time at or before i: on the way in
		 * a scratch value, not an input) that no input takes before
		 * v's last use (at it, the instruction reads v first) */
		if (fi[i].rd >= 0) {
			/* a permute that reads its destination (the index)
			 * writes it in place */
			r = reg[fi[i].rd];
			if (!out && last[v] > fdef[r])
				r = nreg;
		} else {
			for (r = 0; r < nreg; r++)
				if ((busy[r] == -1 || (busy[r] >= 0 && busy[r] != v
				    && last[busy[r]] <= i && (out
				    || pin[busy[r]] < 0))) && (out
				    || last[v] <= fdef[r]))
					break;
		}
		if (r == nreg) {
			ok = 0;
			break;
		}
		reg[v] = r;
		busy[r] = v;
	}
	res = 0;
	if (ok) {
		FILE *f;

		if (!(f = open_memstream(&res, &len)))
			ok = 0;
		for (i = 0; ok && i < ni; i++) {
			if (fi[i].drop)
				continue;
			if (!fi[i].mn) {
				if (fi[i].text[0] || i < ni - 1)
					fprintf(f, "%s\n", fi[i].text);
				continue;
			}
			fprintf(f, "\t%s ", fi[i].mn);
			for (j = 0; j < fi[i].nop; j++) {
				if (fi[i].val[j] >= 0) {
					sprintf(buf, "%%%cmm%d", fi[i].opd[j][1],
					    reg[fi[i].val[j]]);
					fputs(buf, f);
				} else
					fputs(fi[i].opd[j], f);
				fputs(j + 1 < fi[i].nop ? ", " : "\n", f);
			}
		}
		if (f)
			fclose(f);
		if (!ok) {
			free(res);
			res = 0;
		}
	}
	free(reg);
	free(last);
	free(pin);
	free(fi);
	free(text);
	return res;
}

/* Whether the rows copies can take the data straight to in[] and from
 * out[] (registers of the kernel's inputs and outputs by X vector):
 * 1, with c->in, c->out and the renamed copies set; else 0, c
 * unchanged. */
int
asmcopy_fuse(Acopy *c, const int *in, const int *out)
{
	Acopy t;

	if (!c->vex)
		return 0;
	t = *c;
	t.in = in;
	t.out = out;
	t.rowsin = fuserows(&t, 0);
	t.rowsout = t.rowsin ? fuserows(&t, 1) : 0;
	if (!t.rowsout) {
		free(t.rowsin);
		return 0;
	}
	*c = t;
	return 1;
}

void
asmcopy_unfuse(Acopy *c)
{
	free(c->rowsin);
	free(c->rowsout);
	free(c->rowskern);
	c->in = c->out = 0;
	c->rowsin = c->rowsout = c->rowskern = 0;
}

/* ---- n1v: the planner's leaf codelet (kgen fft --kind n1v) ----------
 * Input q of transform j + l (lane l of the block at j) is split
 * ri[j + l + q is] (one vector per element and part: unit, with %r8 the
 * element stride in bytes) or interleaved, the block's pairs of element
 * q two adjacent vectors at min(ri, ii) + 2 (j + q is) elements: the
 * 128-bit blocks of A and B regrouped (vperm2f128, vshuff64x2) so that
 * one in-lane shuffle each (unpcklpd/unpckhpd, shufps $0x88/$0xdd) gives
 * the even and the odd elements in lane order.  Output k of lane l goes
 * to ro[(j + l) ovs + k] + i io[...] (split) or block-split, re of
 * outputs k .. k + VL - 1 (k a multiple of VL) one vector at
 * ro[(j + l) ovs + 2k], im the VL after it (io == 0): VL X vectors of one
 * part go through transpose() and each lane's row is one store.  %r11
 * is the input's mode (0 split, 1 interleaved re first, 2 im first),
 * %r9 ovs in bytes, %rcx io (0: block-split). */

/* The input copy of one block, ending at .Lkern. */
void
asmcopy_n1v_in(const Acopy *c)
{
	static const Side in = {"%rdi", "%rsi", "%r8", 0, ".Li"};
	const char *sf, *lo, *hi, *bs;
	int m, bi, p, q;

	sf = c->esz == 8 ? "pd" : "ps";
	lo = c->esz == 8 ? "unpcklpd" : "shufps";
	hi = c->esz == 8 ? "unpckhpd" : "shufps";
	bs = c->vb == 32 ? "perm2f128" : "shuff64x2";
	bi = c->vb == 32 ? 0x20 : 0x88;
	fputs("\t# the input copy: split (units) or interleaved pairs\n"
	    "\ttestl %r11d, %r11d\n\tjne .Lipairs\n", c->f);
	unit(c, &in, 0);
	fputs("\tjmp .Lkern\n.Lipairs:\n", c->f);
	/* mode 1: the evens are re (r14 = ri); mode 2: im (r14 = ii) */
	for (m = 1; m <= 2; m++) {
		fprintf(c->f, "%s\tmovq %s, %%r14\n\txorl %%r13d, %%r13d\n"
		    ".Lipl%d:\n", m == 1 ? "\tcmpl $1, %r11d\n\tjne "
		    ".Lipairs2\n" : ".Lipairs2:\n", m == 1 ? "%rdi" : "%rsi",
		    m);
		op(c, "movu%s (%%r14), %%%cmm0", sf, c->rn);
		op(c, "movu%s %d(%%r14), %%%cmm1", sf, c->vb, c->rn);
		p = q = 0;
		if (c->vb > 16) {
			sh(c, bs, bi, 0, 1, 2);
			sh(c, bs, c->vb == 32 ? 0x31 : 0xdd, 0, 1, 3);
			p = 2;
		}
		q = p + 1;
		sh(c, lo, c->esz == 8 ? -1 : 0x88, p, q, 4);
		sh(c, hi, c->esz == 8 ? -1 : 0xdd, p, q, 5);
		op(c, "mova%s %%%cmm%d, (%%rsp,%%r13)", sf, c->rn, m == 1 ? 4
		    : 5);
		op(c, "mova%s %%%cmm%d, %d(%%rsp,%%r13)", sf, c->rn, m == 1
		    ? 5 : 4, c->vb);
		fprintf(c->f, "\taddq %%r8, %%r14\n\taddq $%d, %%r13\n"
		    "\tcmpq $%d, %%r13\n\tjl .Lipl%d\n", 2 * c->vb,
		    2 * c->n * c->vb, m);
		if (m == 1)
			fputs("\tjmp .Lkern\n", c->f);
	}
	fputs(".Lkern:\n", c->f);
}

/* The output copy of one block (straight-line, n / VL groups per
 * part), ending at .Lnext. */
void
asmcopy_n1v_out(const Acopy *c)
{
	static const Side out[2] = {{"%rdx", 0, 0, "%r9", 0},
	    {"%rcx", 0, 0, "%r9", 0}};
	const char *sf;
	char m[40], x[40];
	int bs, g, h, i, b;

	sf = c->esz == 8 ? "pd" : "ps";
	fputs("\t# the output copy: split (io != 0) or block-split\n"
	    "\ttestq %rcx, %rcx\n\tje .Loblock\n", c->f);
	for (bs = 0; bs < 2; bs++) {
		if (bs)
			fputs(".Loblock:\n", c->f);
		for (h = 0; h < 2; h++) {
			multiples(c, &out[bs ? 0 : h]);
			if (c->vl > 8)
				fputs("\tleaq (%r14,%r9,8), %r12\n", c->f);
			for (g = 0; g < c->n / c->vl; g++) {
				for (i = 0; i < c->vl; i++)
					op(c, "mova%s %s, %%%cmm%d", sf, xvec(c, x,
					    g * c->vl + i, h), c->rn, i);
				b = transpose(c);
				for (i = 0; i < c->vl; i++)
					op(c, "movu%s %%%cmm%d, %s", sf, c->rn, i
					    + b * c->vl, lane(m, i, "%r9", bs ? (2
					    * g * c->vl * c->esz + h * c->vb)
					    : g * c->vl * c->esz));
			}
		}
		if (!bs)
			fputs("\tjmp .Lnext\n", c->f);
	}
	fputs(".Lnext:\n", c->f);
}

/* ---- the rows kernel: each element's transpose where the kernel needs it
 * Double on AVX2, rows both ways: a second copy of the kernel in which
 * the first loads of element k's re and im vectors (X vectors 2k and
 * 2k + 1) become the element's 128-bit block transpose from the rows
 * (A: lanes 0 and 2's pairs, B: lanes 1 and 3's, one unpcklpd and one
 * unpckhpd), made at the first of the two loads, and the stores of its
 * outputs the inverse (two unpacks, 128-bit stores and extracts) at the
 * second of the two stores, as gcc schedules the C codelet's kgen_ldi
 * and kgen_sti: the shuffles run beside the kernel's arithmetic, not
 * before and after it, and X is not used (docs/asm.md, "Transposes
 * where the kernel needs them").  The kernel's registers are Belady's
 * and stay as they are; a transpose takes registers no value lives in
 * (liveness over the kernel's text): one that carries the element's
 * other vector from the first load (or store) to the second, one more
 * for the unpacks.  An element whose X vector the kernel reloads, or
 * that finds no such registers, goes through X as on the other paths
 * (copied before the kernel, or after it); where fewer than three
 * quarters of the loads and stores find them, there is no rows kernel
 * and the fused one serves (x86/asm.c).  The transposes lie between
 * "# kgen: copy" and "# kgen: end copy" lines, which verify/verify.c
 * follows as copies (it trusts them as it trusts the copies around the
 * kernel; tests/test_asm.py checks them against FFTW): "# kgen: in"
 * lines after one name the registers it made, and "# kgen: put" lines
 * before one the outputs it stores (checked there, as a store to X
 * would be). */
typedef struct Kline Kline;
struct Kline {
	char *text;             /* the line as kernel() printed it */
	unsigned long rd, wr;   /* vector registers read and written */
	int xld, xst;           /* X vector loaded or stored, else -1 */
	int reg;                /* the register loaded or stored */
	char *rep;              /* printed in its place (malloc'd), or NULL */
};

/* Parses kernel line p (k->text points to it) into k. */
static void
kparse(const Acopy *c, Kline *k, char *p)
{
	char *opd[FOPS];
	int n, j, r, fma;

	memset(k, 0, sizeof *k);
	k->text = p;
	k->xld = k->xst = k->reg = -1;
	if (p[0] != '\t' || p[1] == '#' || !p[1])
		return;
	p = strcpy(emalloc(strlen(p) + 1), p);
	for (j = 1; p[j] && p[j] != ' '; j++)
		;
	fma = !strncmp(p + 1, "vfm", 3) || !strncmp(p + 1, "vfnm", 4);
	n = p[j] ? operands(p + j + 1, opd) : 0;
	assert(n >= 1 && "a kernel instruction has operands");
	for (j = 0; j < n - 1; j++)
		if ((r = vreg(opd[j])) >= 0)
			k->rd |= 1UL << r;
	if ((r = vreg(opd[n - 1])) >= 0) {
		k->wr |= 1UL << r;
		if (fma)
			k->rd |= 1UL << r;
	}
	if (!strncmp(p + 1, "vmova", 5) && n == 2) {
		if (vreg(opd[1]) >= 0 && (k->xld = xslot(c, opd[0])) >= 0)
			k->reg = vreg(opd[1]);
		if (vreg(opd[0]) >= 0 && (k->xst = xslot(c, opd[1])) >= 0)
			k->reg = vreg(opd[0]);
	}
	free(p);
}

/* Element k's two vectors from the rows into registers: A (lanes 0 and
 * 2's pairs) into ra, B (1 and 3's) into rb; base %r14, stride %r11,
 * 3 strides in %r10. */
static void
blockload(FILE *f, int k, int ra, int rb)
{
	fprintf(f, "\tvmovupd %d(%%r14), %%xmm%d\n"
	    "\tvinsertf128 $1, %d(%%r14,%%r11,2), %%ymm%d, %%ymm%d\n"
	    "\tvmovupd %d(%%r14,%%r11), %%xmm%d\n"
	    "\tvinsertf128 $1, %d(%%r14,%%r10), %%ymm%d, %%ymm%d\n",
	    16 * k, ra, 16 * k, ra, ra, 16 * k, rb, 16 * k, rb, rb);
}

/* Element k's pairs, lanes 0 and 2 in lo (the unpcklpd), 1 and 3 in
 * hi, to the block's four rows (base %rdx, stride %rbx, 3 strides in
 * %r12). */
static void
blockstore(FILE *f, int k, int lo, int hi)
{
	fprintf(f, "\tvmovupd %%xmm%d, %d(%%rdx)\n", lo, 16 * k);
	fprintf(f, "\tvmovupd %%xmm%d, %d(%%rdx,%%rbx)\n", hi, 16 * k);
	fprintf(f, "\tvextractf128 $1, %%ymm%d, %d(%%rdx,%%rbx,2)\n", lo,
	    16 * k);
	fprintf(f, "\tvextractf128 $1, %%ymm%d, %d(%%rdx,%%r12)\n", hi,
	    16 * k);
}

/* The highest register below regs outside mask that no value lives in
 * (livein) and no transpose holds (busy) over lines a .. b, and that no
 * line strictly between writes; -1 if none. */
static int
freereg(int regs, const Kline *kl, const unsigned long *livein,
    const unsigned long *busy, int a, int b, unsigned long mask)
{
	int r, j;

	for (j = a; j <= b; j++)
		mask |= livein[j] | busy[j] | (j > a && j < b ? kl[j].wr : 0);
	for (r = regs - 1; r >= 0; r--)
		if (!(mask >> r & 1))
			return r;
	return -1;
}

/* An element's transpose at its two lines at[0] and at[1] (re's and
 * im's load, or store; -1 or -2: none, then 0): a < b those lines, sw
 * set where im's comes first; x a register that carries the vector of
 * line a to line b (on the way out: the value line a stores), y one
 * for the unpacks at a (in) or b (out), both other than the register
 * line a loads (in) or line b stores (out), which stays the kernel's.
 * Marks them busy; 1, or 0 where there are none. */
static int
pairregs(int regs, const Kline *kl, const unsigned long *livein,
    unsigned long *busy, const int *at, int out, int *a, int *b, int *sw,
    int *x, int *y)
{
	unsigned long keep;
	int j, u;

	*sw = at[0] > at[1];
	*a = *sw ? at[1] : at[0];
	*b = *sw ? at[0] : at[1];
	if (*a < 0)
		return 0;
	keep = 1UL << kl[out ? *b : *a].reg;
	u = out ? *b : *a;
	if ((*x = freereg(regs, kl, livein, busy, *a, *b, keep)) < 0
	    || (*y = freereg(regs, kl, livein, busy, u, u, keep | 1UL
	    << *x)) < 0)
		return 0;
	for (j = *a; j <= *b; j++)
		busy[j] |= 1UL << *x;
	busy[u] |= 1UL << *y;
	return 1;
}

/* A stream into *buf (malloc'd when closed). */
static FILE *
memfile(char **buf, size_t *len)
{
	FILE *f;

	if (!(f = open_memstream(buf, len)))
		die("out of memory");
	return f;
}

/* The rows path's text: the copies through X of the elements alt marks
 * (1 in, 2 out) around the kernel's lines kl (nl) as replaced. */
static char *
rowstext(const Acopy *c, const Kline *kl, int nl, const int *alt)
{
	Acopy t;
	FILE *f;
	char *res;
	size_t len;
	int i, k;

	f = memfile(&res, &len);
	t = *c;
	t.f = f;
	multiples(&t, &sides[0]);
	/* its own loop while VL or more transforms are left: the pointers
	 * in r14 and rdx step by VL strides (r13, r15), rax counts the
	 * transforms left after this block; on the way out ri, ii, io and
	 * v's slot are set from them for .Lblock's last, partial block */
	fprintf(f, "\tleaq (%%rbx,%%rbx,2), %%r12\n"
	    "\timulq $%d, %%r11, %%r13\n\timulq $%d, %%rbx, %%r15\n"
	    "\tmovq 16(%%rbp), %%rax\n\tsubq $%d, %%rax\n.Lrowsk:\n",
	    c->vl, c->vl, c->vl);
	for (k = 0; k < c->n; k++)
		if (alt[k] & 1) {
			blockload(f, k, 0, 1);
			fprintf(f, "\tvunpcklpd %%ymm1, %%ymm0, %%ymm2\n"
			    "\tvunpckhpd %%ymm1, %%ymm0, %%ymm1\n"
			    "\tvmovapd %%ymm2, %d(%%rsp)\n"
			    "\tvmovapd %%ymm1, %d(%%rsp)\n", 64 * k,
			    64 * k + 32);
		}
	for (i = 0; i < nl; i++)
		if (kl[i].rep)
			fputs(kl[i].rep, f);
		else
			fprintf(f, "%s\n", kl[i].text);
	for (k = 0; k < c->n; k++)
		if (alt[k] & 2) {
			fprintf(f, "\tvmovapd %d(%%rsp), %%ymm0\n"
			    "\tvmovapd %d(%%rsp), %%ymm1\n"
			    "\tvunpcklpd %%ymm1, %%ymm0, %%ymm2\n"
			    "\tvunpckhpd %%ymm1, %%ymm0, %%ymm3\n", 64 * k,
			    64 * k + 32);
			blockstore(f, k, 2, 3);
		}
	fprintf(f, "\taddq %%r13, %%r14\n\taddq %%r15, %%rdx\n"
	    "\tsubq $%d, %%rax\n\tjge .Lrowsk\n\taddq $%d, %%rax\n"
	    "\tmovq %%rax, 16(%%rbp)\n\tmovq %%r14, %%rdi\n"
	    "\tleaq %d(%%r14), %%rsi\n\tleaq %d(%%rdx), %%rcx\n"
	    "\ttestq %%rax, %%rax\n\tjg .Lblock\n\tjmp .Ldone\n",
	    c->vl, c->vl, c->esz, c->esz);
	fclose(f);
	return res;
}

/* The rows path's text (from .Lirows's first instruction to its jumps
 * out of its own block loop, to .Lblock or .Ldone) around kern, the kernel as x86/asm.c's kernel() prints it
 * with regs vector registers (the transposes keep below them too);
 * NULL where this is not double on AVX2, the kernel keeps its data in
 * registers (fused), or fewer than three quarters of the elements'
 * loads and stores find the registers.  Malloc'd. */
char *
asmcopy_rowskernel(const Acopy *c, const char *kern, int regs)
{
	Kline *kl;
	FILE *f;
	char *text, *p, *q, *res;
	unsigned long *livein, *busy, live;
	int *ld, *st, nl, i, j, k, a, b, sw, x, y, r1, r2, *alt;
	size_t len;

	if (c->vb != 32 || c->esz != 8 || c->in || c->out)
		return 0;
	text = strcpy(emalloc(strlen(kern) + 1), kern);
	for (nl = 0, p = text; *p; p++)
		nl += *p == '\n';
	kl = emalloc((nl + 1) * sizeof *kl);
	livein = emalloc(2 * (nl + 1) * sizeof *livein);
	busy = livein + nl + 1;
	ld = emalloc(6 * c->n * sizeof *ld);
	st = ld + 2 * c->n;
	alt = st + 2 * c->n;        /* per element: 1 through X in, 2 out */
	for (i = 0, p = text; *p; i++, p = q) {
		q = strchr(p, '\n');
		*q++ = 0;
		kparse(c, &kl[i], p);
	}
	live = 0;
	livein[nl] = busy[nl] = 0;
	for (i = nl - 1; i >= 0; i--) {
		live = (live & ~kl[i].wr) | kl[i].rd;
		livein[i] = live;
		busy[i] = 0;
	}
	/* the first load of each X vector (-2: reloaded before the kernel
	 * stores it), and the store of each output */
	for (j = 0; j < 2 * c->n; j++)
		ld[j] = st[j] = -1;
	for (i = 0; i < nl; i++) {
		if ((j = kl[i].xld) >= 0 && st[j] < 0)
			ld[j] = ld[j] == -1 ? i : -2;
		if ((j = kl[i].xst) >= 0)
			st[j] = i;
	}
	for (k = 0; k < c->n; k++) {
		alt[k] = 0;
		/* in: A and B into y and x at the first load (a), the
		 * unpacks into its register r1 and x, which carries the
		 * other vector to the second load (b) */
		if (!pairregs(regs, kl, livein, busy, ld + 2 * k, 0, &a, &b,
		    &sw, &x, &y))
			alt[k] |= 1;
		else {
			r1 = kl[a].reg;
			r2 = kl[b].reg;
			f = memfile(&kl[a].rep, &len);
			fputs("\t# kgen: copy\n", f);
			blockload(f, k, y, x);
			fprintf(f, "\tvunpck%spd %%ymm%d, %%ymm%d, %%ymm%d\n"
			    "\tvunpck%spd %%ymm%d, %%ymm%d, %%ymm%d\n"
			    "\t# kgen: end copy\n"
			    "\t# kgen: in %%ymm%d %d\n"
			    "\t# kgen: in %%ymm%d %d\n",
			    sw ? "h" : "l", x, y, r1, sw ? "l" : "h", x, y, x,
			    r1, 2 * k + sw, x, 2 * k + !sw);
			fclose(f);
			f = memfile(&kl[b].rep, &len);
			if (x != r2)
				fprintf(f, "\tvmovapd %%ymm%d, %%ymm%d\n", x,
				    r2);
			fclose(f);
		}
		/* out: the first store (a) moves its register r1 to x,
		 * which carries it to the second (b); there the unpacks into
		 * y and x, and the stores */
		if (!pairregs(regs, kl, livein, busy, st + 2 * k, 1, &a, &b,
		    &sw, &x, &y)) {
			alt[k] |= 2;
			continue;
		}
		r1 = kl[a].reg;
		r2 = kl[b].reg;
		f = memfile(&kl[a].rep, &len);
		fprintf(f, "\tvmovapd %%ymm%d, %%ymm%d\n", r1, x);
		fclose(f);
		f = memfile(&kl[b].rep, &len);
		fprintf(f, "\t# kgen: put %%ymm%d %d\n"
		    "\t# kgen: put %%ymm%d %d\n\t# kgen: copy\n", x,
		    2 * k + sw, r2, 2 * k + !sw);
		/* the real vector is x unless the imaginary was stored first */
		fprintf(f, "\tvunpcklpd %%ymm%d, %%ymm%d, %%ymm%d\n"
		    "\tvunpckhpd %%ymm%d, %%ymm%d, %%ymm%d\n", sw ? x : r2,
		    sw ? r2 : x, y, sw ? x : r2, sw ? r2 : x, x);
		blockstore(f, k, y, x);
		fputs("\t# kgen: end copy\n", f);
		fclose(f);
	}
	/* three quarters of the elements' loads and stores, or nothing:
	 * below, the X path's copies cost more than the fused kernel's
	 * (docs/asm.md) */
	for (k = j = 0; k < c->n; k++)
		j += !(alt[k] & 1) + !(alt[k] & 2);
	res = 0;
	if (4 * j >= 3 * 2 * c->n)
		res = rowstext(c, kl, nl, alt);
	for (i = 0; i < nl; i++)
		free(kl[i].rep);
	free(ld);
	free(livein);
	free(kl);
	free(text);
	return res;
}
