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
 * Fused (small n, asmcopy_fuse, x86/asmfuse.c): the kernel's inputs and
 * outputs stay in registers; the rows copies, renamed, transpose
 * straight into and out of them, and the other copies reach them
 * through X (.Lkernx loads them; the outputs are stored to X before
 * those copies out).
 * AVX2 double instead gives the rows path (rows both ways) a kernel of
 * its own that transposes each element where it needs it
 * (asmcopy_rowskernel, x86/asmrows.c).
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
#include "x86.h"

const Side asmcopy_sides[2] = {
	{"%rdi", "%rsi", "%r8", "%r11", ".Li"},     /* out == 0: input */
	{"%rdx", "%rcx", "%r9", "%rbx", ".Lo"},
};

/* One instruction: fmt with the ISA's "v" prefix (AVX forms) in front. */
void
asmcopy_op(const Acopy *c, const char *fmt, ...)
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
const char *
asmcopy_lane(char *buf, int l, const char *vs, int disp)
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
const char *
asmcopy_xvec(const Acopy *c, char *buf, int k, int h)
{
	if (k < 0)
		sprintf(buf, "%d(%%rsp,%%r13)", h * c->vb);
	else
		sprintf(buf, "%d(%%rsp)", (2 * k + h) * c->vb);
	return buf;
}

/* The lane stride's multiples 3, 5, 7 in r10, r15, rax, as the lanes
 * need them, and r14 the base. */
void
asmcopy_multiples(const Acopy *c, const Side *s)
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
void
asmcopy_sh(const Acopy *c, const char *name, int imm, int a, int b, int d)
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

	sf = c->sfx;
	npart = c->vb / 16;
	for (h = 0; h < 2; h++)
		for (p = 0; p < npart; p++) {
			l = partlane(c, h, p);
			t = p ? 4 + 2 * p + h : h;  /* xmm of this part */
			asmcopy_lane(m, l, s->vs, disp);
			if (c->esz == 8 && p == 0) {
				asmcopy_op(c, "movupd %s, %%xmm%d", m, t);
				continue;
			}
			if (c->esz == 8 && p == 2) {
				asmcopy_op(c, "movupd %s, %%xmm%d", m, t);
				continue;
			}
			if (c->esz == 8) {
				/* straight from memory into part p; AVX-512: parts
				 * 2 and 3 as a ymm of their own, which one
				 * vinsertf64x4 puts in the upper half (gcc's form
				 * of kgen_ldi; vinsertf32x4 on ymm, which zmm16-31
				 * take: n = 3 4-5% faster than three vinsertf32x4
				 * from memory into the zmm on a Zen 4) */
				asmcopy_op(c, "%s $1, %s, %%ymm%d, %%ymm%d",
				    npart == 2
				    ? "insertf128" : "insertf32x4", m, p == 1 ? h
				    : t - 2, p == 1 ? h : t - 2);
				if (p == 3)
					asmcopy_op(c,
					    "insertf64x4 $1, %%ymm%d, %%zmm%d, "
					    "%%zmm%d", t - 2, h, h);
				continue;
			}
			asmcopy_op(c, "movsd %s, %%xmm%d", m, t);
			asmcopy_lane(m, l + 1, s->vs, disp);
			if (c->vex)
				asmcopy_op(c, "movhps %s, %%xmm%d, %%xmm%d", m,
				    t, t);
			else
				asmcopy_op(c, "movhps %s, %%xmm%d", m, t);
			if (p == 0)
				continue;
			if (npart == 2)
				asmcopy_op(c,
				    "insertf128 $1, %%xmm%d, %%ymm%d, %%ymm%d",
				    t,
				    h, h);
			else
				asmcopy_op(c,
				    "insertf32x4 $%d, %%xmm%d, "
				    "%%zmm%d, %%zmm%d",
				    p, t, h, h);
		}
	if (c->esz == 8) {
		asmcopy_sh(c, "unpcklpd", -1, 0, 1, 2);
		asmcopy_sh(c, "unpckhpd", -1, 0, 1, 3);
	} else {
		asmcopy_sh(c, "shufps", 0x88, 0, 1, 2);
		asmcopy_sh(c, "shufps", 0xdd, 0, 1, 3);
	}
	asmcopy_op(c, "mova%s %%%cmm2, %s", sf, c->rn, asmcopy_xvec(c, m, k,
	    0));
	asmcopy_op(c, "mova%s %%%cmm3, %s", sf, c->rn, asmcopy_xvec(c, m, k,
	    1));
}

/* Pairs out: X's re and im vectors of element k to the VL pairs. */
static void
pairout(const Acopy *c, const Side *s, int k, int disp)
{
	const char *sf;
	char m[40];
	int h, p, l, npart, t, v;

	sf = c->sfx;
	npart = c->vb / 16;
	asmcopy_op(c, "mova%s %s, %%%cmm0", sf, asmcopy_xvec(c, m, k, 0),
	    c->rn);
	asmcopy_op(c, "mova%s %s, %%%cmm1", sf, asmcopy_xvec(c, m, k, 1),
	    c->rn);
	asmcopy_sh(c, c->esz == 8 ? "unpcklpd" : "unpcklps", -1, 0, 1, 2);
	asmcopy_sh(c, c->esz == 8 ? "unpckhpd" : "unpckhps", -1, 0, 1, 3);
	/* register 2 holds the parts of A (h = 0), 3 those of B */
	for (h = 0; h < 2; h++)
		for (p = 0; p < npart; p++) {
			l = partlane(c, h, p);
			v = 2 + h;
			asmcopy_lane(m, l, s->vs, disp);
			if (c->esz == 8 && p == 0) {
				asmcopy_op(c, "movupd %%xmm%d, %s", v, m);
				continue;
			}
			if (c->esz == 8) {
				if (npart == 2)
					asmcopy_op(c,
					    "extractf128 $1, %%ymm%d, %s", v,
					    m);
				else
					asmcopy_op(c,
					    "extractf32x4 $%d, %%zmm%d, %s", p,
					    v, m);
				continue;
			}
			t = v;
			if (p > 0) {
				t = 4 + 2 * p + h;
				if (npart == 2)
					asmcopy_op(c,
					    "extractf128 $1, %%ymm%d, %%xmm%d",
					    v, t);
				else
					asmcopy_op(c,
					    "extractf32x4 $%d, %%zmm%d, "
					    "%%xmm%d", p,
					    v, t);
			}
			asmcopy_op(c, "movlps %%xmm%d, %s", t, m);
			asmcopy_lane(m, l + 1, s->vs, disp);
			asmcopy_op(c, "movhps %%xmm%d, %s", t, m);
		}
}

/* Pairs, any element stride: a loop over the elements, r14 walking
 * them (r12 = r14 + 8 vs) and r13 the X offset. */
static void
pairs(const Acopy *c, const Side *s, int out)
{
	asmcopy_multiples(c, s);
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
int
asmcopy_transpose(const Acopy *c)
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
			asmcopy_sh(c, "unpcklpd", -1, i, i + 1, o);
			asmcopy_sh(c, "unpckhpd", -1, i, i + 1, o + 1);
			continue;
		}
		asmcopy_sh(c, "unpcklps", -1, i, i + 1, o);
		asmcopy_sh(c, "unpckhps", -1, i, i + 1, o + 1);
		asmcopy_sh(c, "unpcklps", -1, i + 2, i + 3, o + 2);
		asmcopy_sh(c, "unpckhps", -1, i + 2, i + 3, o + 3);
		asmcopy_sh(c, "unpcklpd", -1, o, o + 2, i);
		asmcopy_sh(c, "unpckhpd", -1, o, o + 2, i + 1);
		asmcopy_sh(c, "unpcklpd", -1, o + 1, o + 3, i + 2);
		asmcopy_sh(c, "unpckhpd", -1, o + 1, o + 3, i + 3);
	}
	if (w == 2)
		b = 1;
	if (nb == 1)
		return b;
	for (q = 0; q < w; q++) {
		x = b * vl;
		y = (1 - b) * vl;
		if (nb == 2) {
			asmcopy_sh(c, "perm2f128", 0x20, x + q, x + w + q,
			    y + q);
			asmcopy_sh(c, "perm2f128", 0x31, x + q, x + w + q,
			    y + w + q);
			continue;
		}
		/* V_g' from U_g, U_g+1; then columns from V_0, V_2 and
		 * V_1, V_3 */
		asmcopy_sh(c, "shuff64x2", 0x88, x + q, x + w + q, y + q);
		asmcopy_sh(c, "shuff64x2", 0xdd, x + q, x + w + q, y + w + q);
		asmcopy_sh(c, "shuff64x2", 0x88, x + 2 * w + q, x + 3 * w + q,
		    y + 2 * w + q);
		asmcopy_sh(c, "shuff64x2", 0xdd, x + 2 * w + q, x + 3 * w + q,
		    y + 3 * w + q);
		asmcopy_sh(c, "shuff64x2", 0x88, y + q, y + 2 * w + q, x + q);
		asmcopy_sh(c, "shuff64x2", 0xdd, y + q, y + 2 * w + q,
		    x + 2 * w + q);
		asmcopy_sh(c, "shuff64x2", 0x88, y + w + q, y + 3 * w + q,
		    x + w + q);
		asmcopy_sh(c, "shuff64x2", 0xdd, y + w + q, y + 3 * w + q,
		    x + 3 * w + q);
	}
	return nb == 2 ? 1 - b : b;
}

/* The 4 x 4 transpose within each 128-bit block of registers i..i+3
 * (float) into the same registers, through o..o+3. */
static void
tr4(const Acopy *c, int i, int o)
{
	asmcopy_sh(c, "unpcklps", -1, i, i + 1, o);
	asmcopy_sh(c, "unpckhps", -1, i, i + 1, o + 1);
	asmcopy_sh(c, "unpcklps", -1, i + 2, i + 3, o + 2);
	asmcopy_sh(c, "unpckhps", -1, i + 2, i + 3, o + 3);
	asmcopy_sh(c, "unpcklpd", -1, o, o + 2, i);
	asmcopy_sh(c, "unpckhpd", -1, o, o + 2, i + 1);
	asmcopy_sh(c, "unpcklpd", -1, o + 1, o + 3, i + 2);
	asmcopy_sh(c, "unpckhpd", -1, o + 1, o + 3, i + 3);
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
			asmcopy_op(c, "movaps %s, %%%cmm%d", asmcopy_xvec(c, x,
			    k, j), c->rn, j);
		for (j = 0; !out && j < 4; j++)
			for (b = 0; b < nb; b++) {
				asmcopy_lane(m, 4 * b + j, s->vs, disp);
				if (b == 0)
					asmcopy_op(c, "movups %s, %%xmm%d", m,
					    j);
				else if (nb == 2)
					asmcopy_op(c,
					    "insertf128 $1, %s, %%ymm%d, "
					    "%%ymm%d", m,
					    j, j);
				else
					asmcopy_op(c,
					    "insertf32x4 $%d, %s, %%zmm%d, "
					    "%%zmm%d",
					    b, m, j, j);
			}
		tr4(c, 0, 4);
		for (j = 0; !out && j < 4; j++)
			asmcopy_op(c, "movaps %%%cmm%d, %s", c->rn, j,
			    asmcopy_xvec(c, x, k, j));
		for (j = 0; out && j < 4; j++)
			for (b = 0; b < nb; b++) {
				asmcopy_lane(m, 4 * b + j, s->vs, disp);
				if (b == 0)
					asmcopy_op(c, "movups %%xmm%d, %s", j,
					    m);
				else if (nb == 2)
					asmcopy_op(c,
					    "extractf128 $1, %%ymm%d, %s", j,
					    m);
				else
					asmcopy_op(c,
					    "extractf32x4 $%d, %%zmm%d, %s", b,
					    j, m);
			}
		return;
	}
	assert(c->avx512d && "only AVX-512 double has rows of 4 elements");
	if (!out) {
		for (j = 0; j < 4; j++) {
			l = j < 2 ? j : j + 2;          /* lanes 0, 1, 4, 5 */
			asmcopy_op(c, "movupd %s, %%ymm%d", asmcopy_lane(m, l,
			    s->vs, disp), zd[j]);
			asmcopy_op(c, "insertf64x4 $1, %s, %%zmm%d, %%zmm%d",
			    asmcopy_lane(m,
			    l + 2, s->vs, disp), zd[j], zd[j]);
		}
		asmcopy_sh(c, "unpcklpd", -1, 0, 1, 8);
		asmcopy_sh(c, "unpckhpd", -1, 0, 1, 9);
		asmcopy_sh(c, "unpcklpd", -1, 4, 5, 10);
		asmcopy_sh(c, "unpckhpd", -1, 4, 5, 11);
		asmcopy_sh(c, "shuff64x2", 0x88, 8, 10, 12);    /* re k */
		asmcopy_sh(c, "shuff64x2", 0x88, 9, 11, 13);    /* im k */
		asmcopy_sh(c, "shuff64x2", 0xdd, 8, 10, 14);    /* re k + 1 */
		asmcopy_sh(c, "shuff64x2", 0xdd, 9, 11, 15);    /* im k + 1 */
		for (j = 0; j < 4; j++)
			asmcopy_op(c, "movapd %%zmm%d, %s", 12 + j,
			    asmcopy_xvec(c, x, k, j));
		return;
	}
	for (j = 0; j < 4; j++)
		asmcopy_op(c, "movapd %s, %%zmm%d", asmcopy_xvec(c, x, k, j),
		    12 + j);
	/* t8 = (c0.B0, c2.B0, c0.B1, c2.B1), t10 = the same of B2, B3; t9,
	 * t11 from c1, c3: one two-table permute each, its index loaded
	 * into the destination just before (.Lperm0, .Lperm1; gcc's form of
	 * kgen_stg2).  Two vshuff64x2 each before: AVX-512 double n = 2,
	 * v = 256, 1.14x faster this way on a Zen 4 (docs/design.md). */
	for (j = 0; j < 4; j++) {
		asmcopy_op(c, "movdqa64 .Lperm%d(%%rip), %%zmm%d", j / 2,
		    8 + 2 * (j / 2)
		    + j % 2);
		asmcopy_op(c, "permi2pd %%zmm%d, %%zmm%d, %%zmm%d", 14 + j % 2,
		    12 + j % 2,
		    8 + 2 * (j / 2) + j % 2);
	}
	asmcopy_sh(c, "unpcklpd", -1, 8, 9, 0);
	asmcopy_sh(c, "unpckhpd", -1, 8, 9, 1);
	asmcopy_sh(c, "unpcklpd", -1, 10, 11, 4);
	asmcopy_sh(c, "unpckhpd", -1, 10, 11, 5);
	for (j = 0; j < 4; j++) {
		l = j < 2 ? j : j + 2;
		asmcopy_op(c, "movupd %%ymm%d, %s", zd[j], asmcopy_lane(m, l,
		    s->vs, disp));
		asmcopy_op(c, "extractf64x4 $1, %%zmm%d, %s", zd[j],
		    asmcopy_lane(m, l + 2,
		    s->vs, disp));
	}
}

/* One group of asmcopy_rows() by 128-bit blocks: the group's VL X vectors are
 * W columns of each of the VL / W blocks of the rows.  Vector b W + q
 * holds block b of rows q, W + q, 2 W + q, ... (a 128-bit load and
 * inserts from memory; on the way out a 128-bit store and extracts to
 * memory), and the in-block transpose of vectors b W .. b W + W - 1
 * gives columns b W .. b W + W - 1: no shuffle across 128-bit blocks
 * (vperm2f128, vshuff64x2, which Intel cores run on one port that the
 * in-block shuffles share),
    for one memory access a block.  asmcopy_rows() takes
 * it on the way in, and on the way out in AVX2 only, where the stores it
 * adds cost less than the shuffles it saves (in double, half the rows
 * whole after one insert, the other half by extracts): on a Xeon
 * (family 6 model 207), n = 2..64 at v = 256, the asm codelets with it
 * against those without in one process (docs/design.md,
 * "Transposes by 128-bit blocks"). */
static void
rowblocks(const Acopy *c, const Side *s, int k, int out)
{
	const char *sf, *ins, *ext;
	char m[40], x[40];
	int w, nb, b, q, pp, r, res;

	sf = c->sfx;
	w = 16 / c->esz;
	nb = c->vl / w;
	ins = nb == 2 ? "insertf128" : "insertf32x4";
	ext = nb == 2 ? "extractf128" : "extractf32x4";
	res = w == 2 ? c->vl : 0;   /* where the in-block stage leaves them */
	for (r = 0; out && r < c->vl; r++)
		asmcopy_op(c, "mova%s %s, %%%cmm%d", sf, asmcopy_xvec(c, x, k,
		    r), c->rn, r);
	for (b = 0; !out && b < nb; b++)
		for (q = 0; q < w; q++)
			for (pp = 0; pp < nb; pp++) {
				r = b * w + q;
				asmcopy_lane(m, pp * w + q, s->vs,
				    2 * k * c->esz + 16 * b);
				if (pp == 0)
					asmcopy_op(c, "movu%s %s, %%xmm%d", sf,
					    m, r);
				else
					asmcopy_op(c,
					    "%s $%d, %s, %%%cmm%d, %%%cmm%d",
					    ins,
					    pp, m, c->rn, r, c->rn, r);
			}
	for (b = 0; b < nb; b++) {
		r = b * w;
		if (w == 2) {
			asmcopy_sh(c, "unpcklpd", -1, r, r + 1, c->vl + r);
			asmcopy_sh(c, "unpckhpd", -1, r, r + 1, c->vl + r + 1);
		} else
			tr4(c, r, c->vl + r);
	}
	for (r = 0; !out && r < c->vl; r++)
		asmcopy_op(c, "mova%s %%%cmm%d, %s", sf, c->rn, res + r,
		    asmcopy_xvec(c, x,
		    k, r));
	/* AVX2 double out: row q whole (one register insert of the other
	 * block), row W + q by two extracts */
	if (out && nb == 2 && w == 2) {
		for (q = 0; q < w; q++) {
			asmcopy_op(c, "%s $1, %%xmm%d, %%ymm%d, %%ymm%d", ins,
			    res + w + q,
			    res + q, q);
			asmcopy_op(c, "movu%s %%ymm%d, %s", sf, q,
			    asmcopy_lane(m, q, s->vs,
			    2 * k * c->esz));
			asmcopy_op(c, "%s $1, %%ymm%d, %s", ext, res + q,
			    asmcopy_lane(m, w + q,
			    s->vs, 2 * k * c->esz));
			asmcopy_op(c, "%s $1, %%ymm%d, %s", ext, res + w + q,
			    asmcopy_lane(m, w + q,
			    s->vs, 2 * k * c->esz + 16));
		}
		return;
	}
	for (b = 0; out && b < nb; b++)
		for (q = 0; q < w; q++)
			for (pp = 0; pp < nb; pp++) {
				r = res + b * w + q;
				asmcopy_lane(m, pp * w + q, s->vs,
				    2 * k * c->esz + 16 * b);
				if (pp == 0)
					asmcopy_op(c, "movu%s %%xmm%d, %s", sf,
					    r, m);
				else
					asmcopy_op(c, "%s $%d, %%%cmm%d, %s",
					    ext, pp, c->rn,
					    r, m);
			}
}

/* Interleaved and adjacent elements (is == 2): straight-line code over
 * groups of VL / 2 elements, a lane's group one vector (a row), VL rows
 * transposed into the group's VL X vectors (or back); the elements left
 * over move as pairs.  Displacements are constant: r14 stays at the
 * block's first transform. */
void
asmcopy_rows(const Acopy *c, const Side *s, int out)
{
	const char *sf;
	char m[40], x[40];
	int g, k, i, b, ng, row, blocks;

	sf = c->sfx;
	row = c->vl / 2;            /* elements per row */
	blocks = c->vex && c->vl > 16 / c->esz && (!out || c->vb == 32);
	asmcopy_multiples(c, s);
	if (c->vl > 8)
		fprintf(c->f, "\tleaq (%%r14,%s,8), %%r12\n", s->vs);
	ng = row > 1 ? c->n / row : 0;
	/* AVX-512 double in: every two elements by half (256-bit halves
	 * of four rows, unpck and one vshuff64x2 stage), not the 128-bit
	 * blocks: on a Zen 4 the blocks' 48 inserts from
	 * memory a group took 4-15% longer (bench-asmab, n = 4..64), and
	 * half ran as the full 8 x 8 transpose (within 3%) with half its
	 * cross-block shuffles (docs/design.md, "The copy in on Zen 4") */
	if (!out && c->avx512d)
		ng = 0;
	for (g = 0; g < ng; g++) {
		k = (c->gord ? c->gord[g] : g) * row;
		if (blocks) {
			rowblocks(c, s, k, out);
			continue;
		}
		for (i = 0; i < c->vl; i++)
			if (out)
				asmcopy_op(c, "mova%s %s, %%%cmm%d", sf,
				    asmcopy_xvec(c, x, k,
				    i), c->rn, i);
			else
				asmcopy_op(c, "movu%s %s, %%%cmm%d", sf,
				    asmcopy_lane(m, i, s->vs,
				    2 * k * c->esz), c->rn, i);
		b = asmcopy_transpose(c);
		for (i = 0; i < c->vl; i++)
			if (out)
				asmcopy_op(c, "movu%s %%%cmm%d, %s", sf, c->rn,
				    i + b
				    * c->vl, asmcopy_lane(m, i, s->vs,
				    2 * k * c->esz));
			else
				asmcopy_op(c, "mova%s %%%cmm%d, %s", sf, c->rn,
				    i + b
				    * c->vl, asmcopy_xvec(c, x, k, i));
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
void
asmcopy_unit(const Acopy *c, const Side *s, int out)
{
	const char *sf;

	sf = c->sfx;
	fprintf(c->f, "\tmovq %s, %%r14\n\tmovq %s, %%r15\n\txorl %%r13d, "
	    "%%r13d\n%sunit:\n", s->p, s->q, s->lab);
	if (!out) {
		asmcopy_op(c, "movu%s (%%r14), %%%cmm0", sf, c->rn);
		asmcopy_op(c, "movu%s (%%r15), %%%cmm1", sf, c->rn);
		asmcopy_op(c, "mova%s %%%cmm0, (%%rsp,%%r13)", sf, c->rn);
		asmcopy_op(c, "mova%s %%%cmm1, %d(%%rsp,%%r13)", sf, c->rn,
		    c->vb);
	} else {
		asmcopy_op(c, "mova%s (%%rsp,%%r13), %%%cmm0", sf, c->rn);
		asmcopy_op(c, "mova%s %d(%%rsp,%%r13), %%%cmm1", sf, c->vb,
		    c->rn);
		asmcopy_op(c, "movu%s %%%cmm0, (%%r14)", sf, c->rn);
		asmcopy_op(c, "movu%s %%%cmm1, (%%r15)", sf, c->rn);
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
		s = &asmcopy_sides[i];
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

	s = &asmcopy_sides[i];
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
			asmcopy_op(c, "mova%s %%%cmm%d, %s", c->sfx, c->rn,
			    c->out[k], asmcopy_xvec(c, x, k / 2, k % 2));
		else
			asmcopy_op(c, "mova%s %s, %%%cmm%d", c->sfx,
			    asmcopy_xvec(c, x, k / 2, k % 2), c->rn, c->in[k]);
}

/* Prints the code from the top of a block to the kernel: the choice of
 * the input copy and the copies, ending at .Lkern.  On entry 16(%rbp)
 * holds the transforms left (> 0), the strides are in bytes. */
void
asmcopy_in(const Acopy *c)
{
	const Side *s;

	s = &asmcopy_sides[0];
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
		asmcopy_rows(c, s, 0);
	fputs("\tjmp .Lkern\n.Lipairs:\n", c->f);
	pairs(c, s, 0);
	fprintf(c->f, "\tjmp .Lkern%s\n.Liunits:\n", c->in ? "x" : "");
	asmcopy_unit(c, s, 0);
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

	s = &asmcopy_sides[1];
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
		asmcopy_rows(c, s, 1);
	fputs("\tjmp .Lnext\n.Lopairs:\n", c->f);
	pairs(c, s, 1);
	fputs("\tjmp .Lnext\n.Lounits:\n", c->f);
	asmcopy_unit(c, s, 1);
	fputs(".Lnext:\n", c->f);
}

