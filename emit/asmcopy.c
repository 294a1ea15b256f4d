/* asmcopy.c: the copies of emit/asm.c's codelets between the caller's
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
 * The pair path reaches lane l < 8 at base + l vs through x86
 * addressing with vs, 3 vs (r10), 5 vs (r15) and 7 vs (rax); lanes
 * 8..15 (AVX-512 float) from a second base r12 = base + 8 vs.  The
 * copies use vector registers outside the kernel (gen/verify.c follows
 * only the general registers there; tests/test_asm.py checks the copies
 * against FFTW on every path) and general registers that emit/asm.c
 * saved (rbx, r12-r15) or that are scratch (rax, r10). */
#include <assert.h>
#include <stdarg.h>
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

/* The address of lane l's pair: base %r14 (lanes 8..15: %r12). */
static const char *
lane(char *buf, int l, const char *vs)
{
	static const char *const mul[8] = {0, "", ",2", "%r10", ",4",
	    "%r15", "%r10,2", "%rax"};
	const char *b, *m;

	b = l >= 8 ? "%r12" : "%r14";
	m = mul[l % 8];
	if (!m)
		sprintf(buf, "(%s)", b);
	else if (m[0] == '%')
		sprintf(buf, "(%s,%s)", b, m);
	else
		sprintf(buf, "(%s,%s%s)", b, vs, m);
	return buf;
}

/* The loop head over the elements: r13 the X offset of element k, r14
 * the base of element k's pairs (or re part), r15 its im part. */
static void
head(const Acopy *c, const Side *s, int pairs)
{
	int vl;

	vl = c->vl;
	if (pairs) {
		/* the pairs' lane count: lanes of 2 * esz bytes */
		if (vl > 3)
			fprintf(c->f, "\tleaq (%s,%s,2), %%r10\n", s->vs, s->vs);
		if (vl > 5)
			fprintf(c->f, "\tleaq (%s,%s,4), %%r15\n", s->vs, s->vs);
		if (vl > 7)
			fprintf(c->f, "\tleaq (%%r10,%s,4), %%rax\n", s->vs);
	} else {
		fprintf(c->f, "\tmovq %s, %%r15\n", s->q);
	}
	fprintf(c->f, "\tmovq %s, %%r14\n\txorl %%r13d, %%r13d\n%s%s:\n",
	    s->p, s->lab, pairs ? "pair" : "unit");
	if (pairs && vl > 8)
		fprintf(c->f, "\tleaq (%%r14,%s,8), %%r12\n", s->vs);
}

static void
tail(const Acopy *c, const Side *s, int pairs)
{
	fprintf(c->f, "\taddq %s, %%r14\n", s->s);
	if (!pairs)
		fprintf(c->f, "\taddq %s, %%r15\n", s->s);
	fprintf(c->f, "\taddq $%d, %%r13\n\tcmpq $%d, %%r13\n\tjl %s%s\n",
	    2 * c->vb, 2 * c->n * c->vb, s->lab, pairs ? "pair" : "unit");
}

/* The 128-bit part k of vector h (0: A, 1: B) of one element: its
 * lanes, per = 1 (double) or 2 (float) pairs. */
static int
partlane(const Acopy *c, int h, int k)
{
	int per;

	per = c->esz == 8 ? 1 : 2;
	return (2 * k + h) * per;
}

/* Pairs in: element k's pairs into X's re and im vectors.  A is
 * register 0, B 1, the real vector 2, the imaginary 3; parts built
 * apart (float) in 4 and up. */
static void
pairsin(const Acopy *c, const Side *s)
{
	const char *sf;
	char m[40];
	int h, k, l, npart, t;

	sf = c->esz == 8 ? "pd" : "ps";
	npart = c->vb / 16;
	head(c, s, 1);
	for (h = 0; h < 2; h++)
		for (k = 0; k < npart; k++) {
			l = partlane(c, h, k);
			t = k ? 4 + 2 * k + h : h;  /* xmm of this part */
			if (c->esz == 8 && k == 0) {
				op(c, "movupd %s, %%xmm%d", lane(m, l, s->vs), t);
			} else if (c->esz == 8) {
				/* straight from memory into part k */
				if (npart == 2)
					op(c, "insertf128 $1, %s, %%ymm%d, %%ymm%d",
					    lane(m, l, s->vs), h, h);
				else
					op(c, "insertf32x4 $%d, %s, %%zmm%d, "
					    "%%zmm%d", k, lane(m, l, s->vs), h, h);
				continue;
			} else {
				op(c, "movsd %s, %%xmm%d", lane(m, l, s->vs), t);
				if (c->vex)
					op(c, "movhps %s, %%xmm%d, %%xmm%d",
					    lane(m, l + 1, s->vs), t, t);
				else
					op(c, "movhps %s, %%xmm%d",
					    lane(m, l + 1, s->vs), t);
			}
			if (k == 0)
				continue;
			if (npart == 2)
				op(c, "insertf128 $1, %%xmm%d, %%ymm%d, %%ymm%d", t,
				    h, h);
			else
				op(c, "insertf32x4 $%d, %%xmm%d, %%zmm%d, %%zmm%d",
				    k, t, h, h);
		}
	if (c->vex) {
		if (c->esz == 8) {
			op(c, "unpcklpd %%%cmm1, %%%cmm0, %%%cmm2", c->rn, c->rn,
			    c->rn);
			op(c, "unpckhpd %%%cmm1, %%%cmm0, %%%cmm3", c->rn, c->rn,
			    c->rn);
		} else {
			op(c, "shufps $0x88, %%%cmm1, %%%cmm0, %%%cmm2", c->rn,
			    c->rn, c->rn);
			op(c, "shufps $0xdd, %%%cmm1, %%%cmm0, %%%cmm3", c->rn,
			    c->rn, c->rn);
		}
	} else {
		op(c, "movaps %%xmm0, %%xmm2");
		op(c, "movaps %%xmm0, %%xmm3");
		if (c->esz == 8) {
			op(c, "unpcklpd %%xmm1, %%xmm2");
			op(c, "unpckhpd %%xmm1, %%xmm3");
		} else {
			op(c, "shufps $0x88, %%xmm1, %%xmm2");
			op(c, "shufps $0xdd, %%xmm1, %%xmm3");
		}
	}
	op(c, "mova%s %%%cmm2, (%%rsp,%%r13)", sf, c->rn);
	op(c, "mova%s %%%cmm3, %d(%%rsp,%%r13)", sf, c->rn, c->vb);
	tail(c, s, 1);
}

/* Pairs out: X's re and im vectors of element k to the VL pairs. */
static void
pairsout(const Acopy *c, const Side *s)
{
	const char *sf;
	char m[40];
	int h, k, l, npart, t, v;

	sf = c->esz == 8 ? "pd" : "ps";
	npart = c->vb / 16;
	head(c, s, 1);
	op(c, "mova%s (%%rsp,%%r13), %%%cmm0", sf, c->rn);
	op(c, "mova%s %d(%%rsp,%%r13), %%%cmm1", sf, c->vb, c->rn);
	if (c->vex) {
		op(c, "unpckl%s %%%cmm1, %%%cmm0, %%%cmm2", sf, c->rn, c->rn,
		    c->rn);
		op(c, "unpckh%s %%%cmm1, %%%cmm0, %%%cmm3", sf, c->rn, c->rn,
		    c->rn);
	} else {
		op(c, "movaps %%xmm0, %%xmm2");
		op(c, "movaps %%xmm0, %%xmm3");
		op(c, "unpckl%s %%xmm1, %%xmm2", sf);
		op(c, "unpckh%s %%xmm1, %%xmm3", sf);
	}
	/* register 2 holds the parts of A (h = 0), 3 those of B */
	for (h = 0; h < 2; h++)
		for (k = 0; k < npart; k++) {
			l = partlane(c, h, k);
			v = 2 + h;
			if (c->esz == 8 && k == 0) {
				op(c, "movupd %%xmm%d, %s", v, lane(m, l, s->vs));
				continue;
			}
			if (c->esz == 8) {
				if (npart == 2)
					op(c, "extractf128 $1, %%ymm%d, %s", v,
					    lane(m, l, s->vs));
				else
					op(c, "extractf32x4 $%d, %%zmm%d, %s", k, v,
					    lane(m, l, s->vs));
				continue;
			}
			t = v;
			if (k > 0) {
				t = 4 + 2 * k + h;
				if (npart == 2)
					op(c, "extractf128 $1, %%ymm%d, %%xmm%d", v, t);
				else
					op(c, "extractf32x4 $%d, %%zmm%d, %%xmm%d", k,
					    v, t);
			}
			op(c, "movlps %%xmm%d, %s", t, lane(m, l, s->vs));
			op(c, "movhps %%xmm%d, %s", t, lane(m, l + 1, s->vs));
		}
	tail(c, s, 1);
}

/* Split arrays with unit lane stride: one vector per element and part. */
static void
unit(const Acopy *c, const Side *s, int out)
{
	const char *sf;

	sf = c->esz == 8 ? "pd" : "ps";
	head(c, s, 0);
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
	tail(c, s, 0);
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

/* Prints the code from the top of a block to the kernel: the choice of
 * the input copy and the copies, ending at .Lkern.  On entry 16(%rbp)
 * holds the transforms left (> 0), the strides are in bytes. */
void
asmcopy_in(const Acopy *c)
{
	const Side *s;

	s = &sides[0];
	fprintf(c->f, "\t# the input copy: pairs, unit or scalar\n"
	    "\tmovq 16(%%rbp), %%rax\n\tcmpq $%d, %%rax\n\tjl .Lpart\n",
	    c->vl);
	fprintf(c->f, "\tleaq %d(%%rdi), %%rax\n\tcmpq %%rax, %%rsi\n"
	    "\tje .Lipairs\n\tcmpq $%d, %%r11\n\tje .Liunits\n"
	    "\tmovq $%d, %%r12\n\tjmp .Liscalar\n", c->esz, c->esz, c->vl);
	/* the last block's unused lanes are zeros, as in emit/simd.c's
	 * kgen_pack: no stale or uninitialised values in the arithmetic */
	fprintf(c->f, ".Lpart:\n\tmovq %%rax, %%r12\n\txorl %%r13d, %%r13d\n"
	    ".Lzero:\n\tmovq $0, (%%rsp,%%r13,8)\n\tincq %%r13\n"
	    "\tcmpq $%d, %%r13\n\tjl .Lzero\n", 2 * c->n * c->vb / 8);
	fputs(".Liscalar:\n", c->f);
	scalar(c, s, 0);
	fputs("\tjmp .Lkern\n.Lipairs:\n", c->f);
	pairsin(c, s);
	fputs("\tjmp .Lkern\n.Liunits:\n", c->f);
	unit(c, s, 0);
	fputs(".Lkern:\n", c->f);
}

/* Prints the code from the end of the kernel to .Lnext: the choice of
 * the output copy and the copies. */
void
asmcopy_out(const Acopy *c)
{
	const Side *s;

	s = &sides[1];
	fprintf(c->f, "\t# the output copy: pairs, unit or scalar\n"
	    "\tmovq 16(%%rbp), %%r12\n\tcmpq $%d, %%r12\n\tjl .Loscalar\n",
	    c->vl);
	fprintf(c->f, "\tleaq %d(%%rdx), %%rax\n\tcmpq %%rax, %%rcx\n"
	    "\tje .Lopairs\n\tcmpq $%d, %%rbx\n\tje .Lounits\n"
	    "\tmovq $%d, %%r12\n", c->esz, c->esz, c->vl);
	fputs(".Loscalar:\n", c->f);
	scalar(c, s, 1);
	fputs("\tjmp .Lnext\n.Lopairs:\n", c->f);
	pairsout(c, s);
	fputs("\tjmp .Lnext\n.Lounits:\n", c->f);
	unit(c, s, 1);
	fputs(".Lnext:\n", c->f);
}
