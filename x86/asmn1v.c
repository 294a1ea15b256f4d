/* asmn1v.c: the copies of n1v codelets, the planner's leaf (kgen fft
 * --kind n1v), around x86/asm.c's kernel on X.
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
 * part go through asmcopy_transpose() and each lane's row is one store.  %r11
 * is the input's mode (0 split, 1 interleaved re first, 2 im first),
 * %r9 ovs in bytes, %rcx io (0: block-split). */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "x86.h"


/* The input copy of one block, ending at .Lkern. */
void
asmcopy_n1v_in(const Acopy *c)
{
	static const Side in = {"%rdi", "%rsi", "%r8", 0, ".Li"};
	const char *sf, *lo, *hi, *bs;
	int m, bi, p, q;

	sf = c->sfx;
	lo = c->esz == 8 ? "unpcklpd" : "shufps";
	hi = c->esz == 8 ? "unpckhpd" : "shufps";
	bs = c->vb == 32 ? "perm2f128" : "shuff64x2";
	bi = c->vb == 32 ? 0x20 : 0x88;
	fputs("\t# the input copy: split (units) or interleaved pairs\n"
	    "\ttestl %r11d, %r11d\n\tjne .Lipairs\n", c->f);
	asmcopy_unit(c, &in, 0);
	fputs("\tjmp .Lkern\n.Lipairs:\n", c->f);
	/* mode 1: the evens are re (r14 = ri); mode 2: im (r14 = ii) */
	for (m = 1; m <= 2; m++) {
		fprintf(c->f, "%s\tmovq %s, %%r14\n\txorl %%r13d, %%r13d\n"
		    ".Lipl%d:\n", m == 1 ? "\tcmpl $1, %r11d\n\tjne "
		    ".Lipairs2\n" : ".Lipairs2:\n", m == 1 ? "%rdi" : "%rsi",
		    m);
		asmcopy_op(c, "movu%s (%%r14), %%%cmm0", sf, c->rn);
		asmcopy_op(c, "movu%s %d(%%r14), %%%cmm1", sf, c->vb, c->rn);
		p = q = 0;
		if (c->vb > 16) {
			asmcopy_sh(c, bs, bi, 0, 1, 2);
			asmcopy_sh(c, bs, c->vb == 32 ? 0x31 : 0xdd, 0, 1, 3);
			p = 2;
		}
		q = p + 1;
		asmcopy_sh(c, lo, c->esz == 8 ? -1 : 0x88, p, q, 4);
		asmcopy_sh(c, hi, c->esz == 8 ? -1 : 0xdd, p, q, 5);
		asmcopy_op(c, "mova%s %%%cmm%d, (%%rsp,%%r13)", sf, c->rn,
		    m == 1 ? 4
		    : 5);
		asmcopy_op(c, "mova%s %%%cmm%d, %d(%%rsp,%%r13)", sf, c->rn,
		    m == 1
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

	sf = c->sfx;
	fputs("\t# the output copy: split (io != 0) or block-split\n"
	    "\ttestq %rcx, %rcx\n\tje .Loblock\n", c->f);
	for (bs = 0; bs < 2; bs++) {
		if (bs)
			fputs(".Loblock:\n", c->f);
		for (h = 0; h < 2; h++) {
			asmcopy_multiples(c, &out[bs ? 0 : h]);
			if (c->vl > 8)
				fputs("\tleaq (%r14,%r9,8), %r12\n", c->f);
			for (g = 0; g < c->n / c->vl; g++) {
				for (i = 0; i < c->vl; i++)
					asmcopy_op(c, "mova%s %s, %%%cmm%d",
					    sf, asmcopy_xvec(c, x,
					    g * c->vl + i, h), c->rn, i);
				b = asmcopy_transpose(c);
				for (i = 0; i < c->vl; i++)
					asmcopy_op(c, "movu%s %%%cmm%d, %s",
					    sf, c->rn, i
					    + b * c->vl, asmcopy_lane(m, i,
					    "%r9", bs ? (2
					    * g * c->vl * c->esz + h * c->vb)
					    : g * c->vl * c->esz));
			}
		}
		if (!bs)
			fputs("\tjmp .Lnext\n", c->f);
	}
	fputs(".Lnext:\n", c->f);
}

