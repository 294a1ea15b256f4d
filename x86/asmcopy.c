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
 *     lanes zero): a general-register loop, lane by lane;
 *   rows: interleaved data with adjacent elements (is == 2), a full
 *     block: a lane's elements are rows that VL x VL transposes in
 *     registers take to X and back (x86/asmtrans.c).
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
 * only the general registers there; tests/test_asm_copies.py checks the copies
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
void
asmcopy_pairin(const Acopy *c, const Side *s, int k, int disp)
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
void
asmcopy_pairout(const Acopy *c, const Side *s, int k, int disp)
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
		asmcopy_pairout(c, s, -1, 0);
	else
		asmcopy_pairin(c, s, -1, 0);
	fprintf(c->f, "\taddq %s, %%r14\n\taddq $%d, %%r13\n\tcmpq $%d, "
	    "%%r13\n\tjl %spair\n", s->s, 2 * c->vb, 2 * c->n * c->vb,
	    s->lab);
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

