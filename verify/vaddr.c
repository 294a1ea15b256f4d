/* verify/vaddr.c: the slot a memory operand of the kernel names, per
 * codelet kind (verify.c's opening comment): n1's stack, X (2n vectors
 * at 0(%rsp)) and the spill slots above it; t1v's elements x_j of ri
 * and ii at multiples of rs and its table W; gemm's vectors of A and C
 * and elements of B at multiples of lda, ldb, ldc.  An index register
 * must hold a known multiple of the stride (vgpr_track). */
#include <string.h>
#include "all.h"
#include "verify.h"

/* A stack operand's slot, or -1 after a failure. */
static int
stackslot(V *v, const Opd *o)
{
	if (o->index[0] || o->label[0])
		return verify_bad(v, 1, "memory operand not at a constant "
		    "offset from %%rsp or a constant"), -1;
	if (o->disp < 0 || o->disp % v->vb)
		return verify_bad(v, 1, "stack offset %ld: not a multiple of "
		    "the %d bytes of a vector at or above %%rsp", o->disp,
		    v->vb), -1;
	if (v->rspknown || v->rspal < v->vb)
		return verify_bad(v, 1, "a stack access with %%rsp not "
		    "aligned to the %d bytes of a vector", v->vb), -1;
	if (v->frame < 0 || o->disp + v->vb > v->frame
	    || v->stk0 + o->disp / v->vb >= v->nmem)
		return verify_bad(v, 1, "stack offset %ld: beyond the "
		    "%ld-byte frame", o->disp, v->frame), -1;
	return (int)(v->stk0 + o->disp / v->vb);
}

/* The multiple of stride st an address's index names, in elements
 * (0 without an index); -1 after a failure. */
static long
multiple(V *v, const Opd *o, int st, const char *what)
{
	long off;
	int g;

	if (!o->index[0])
		return 0;
	g = vgpr_no(o->index);
	if (g < 0 || !v->gk[g] || v->gs[g] != st)
		return verify_bad(v, 1, "index %%%s: not a known multiple of "
		    "%s", o->index, what), -1;
	off = v->gc[g] * o->scale;
	if (!v->kwr[g])
		v->kpre[g] = 1;
	if (off < 0 || off % v->esz)
		return verify_bad(v, 1, "index %%%s: %ld %s bytes, not a "
		    "whole element at or after the base", o->index, off, what),
		    -1;
	return off / v->esz;
}

/* t1v: the slot of x_j in ri (%rdi) or ii (%rsi), at j * rs from an
 * index register whose multiple of rs is known, or of entry i of the
 * table W (%rdx) at i vectors; -1 after a failure. */
static int
t1vslot(V *v, const Opd *o)
{
	long j;
	int arr;

	if (!strcmp(o->base, "rdx")) {
		if (o->index[0] || o->disp < 0 || o->disp % v->vb
		    || o->disp / v->vb >= v->nw)
			return verify_bad(v, 1, "a table operand not at a "
			    "whole entry of W, 0..%d vectors from %%rdx", v->nw
			    - 1), -1;
		return (int)(2 * v->r + o->disp / v->vb);
	}
	arr = !strcmp(o->base, "rsi");
	if ((!arr && strcmp(o->base, "rdi")) || o->disp)
		return verify_bad(v, 1, "memory operand not x_j of ri (%%rdi) "
		    "or ii (%%rsi), W (%%rdx), the stack or a constant"), -1;
	if ((j = multiple(v, o, 0, "rs")) < 0)
		return -1;
	if (j >= v->r)
		return verify_bad(v, 1, "address %ld rs from %%%s: not an "
		    "element x_j, j < %d", j, o->base, v->r), -1;
	return (int)(2 * j + arr);
}

/* gemm: the slot of vector iv of column p of A (%rdi + iv vectors + p
 * lda), of B(p,j) (%rsi + p elements + j ldb) or of vector iv of column
 * j of C (%rdx + iv vectors + j ldc); -1 after a failure. */
static int
gemmslot(V *v, const Opd *o)
{
	static const char *const sname[] = {"lda", "ldb", "ldc"};
	long col, row;
	int st, unit, rows, cols;

	st = !strcmp(o->base, "rdi") ? 0 : !strcmp(o->base, "rsi") ? 1
	    : !strcmp(o->base, "rdx") ? 2 : -1;
	if (st < 0)
		return verify_bad(v, 1, "memory operand not in A (%%rdi), B "
		    "(%%rsi), C (%%rdx), the stack or a constant"), -1;
	if ((col = multiple(v, o, st, sname[st])) < 0)
		return -1;
	unit = st == 1 ? v->esz : v->vb;
	rows = st == 1 ? v->gk3 : v->mv;
	cols = st == 0 ? v->gk3 : v->gn;
	if (o->disp < 0 || o->disp % unit || (row = o->disp / unit) >= rows
	    || col >= cols)
		return verify_bad(v, 1, "%s operand at %ld bytes, %ld %s: not "
		    "a whole %s of the %d x %d %s", st == 0 ? "an A" : st == 1
		    ? "a B" : "a C", o->disp, col, sname[st], st == 1
		    ? "element" : "vector", rows, cols, st == 1 ? "B" : st == 0
		    ? "A (vectors)" : "C (vectors)"), -1;
	if (st == 0)
		return (int)(row + col * v->mv);
	if (st == 1)
		return (int)(v->mv * v->gk3 + row + col * v->gk3);
	return (int)(v->out0 + row + col * v->mv);
}

/* The slot of a memory operand, or -1 after a failure. */
int
vaddr_slot(V *v, const Opd *o)
{
	if (!strcmp(o->base, "rsp"))
		return stackslot(v, o);
	if (v->t1v)
		return t1vslot(v, o);
	if (v->gemm)
		return gemmslot(v, o);
	return verify_bad(v, 1, "memory operand not at a constant offset from "
	    "%%rsp or a constant"), -1;
}

/* Whether slot k is a stack slot for spills (not X or the data). */
int
vaddr_spill(V *v, int k)
{
	return k >= v->ndata;
}

/* Whether data slot k is a scalar that a load broadcasts (gemm's B). */
int
vaddr_bcast(V *v, int k)
{
	return v->gemm && k >= v->mv * v->gk3 && k < v->out0;
}
