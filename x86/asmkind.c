/* asmkind.c: what differs between x86/asm.c's four kinds of codelet,
 * one entry each in asmkind_facts: n1 (kgen fft --simd ISA --emit asm,
 * vectorized across the batch), t1v (a twiddle step in place), n1v (the
 * planner's leaf) and gemm (on vectors of rows).  Per kind: the comment
 * block's description and C prototype, where the data lives (the frame
 * buffer X and its copies, x86/asmcopy.c, or the caller's arrays at
 * index registers, x86/asmidx.c), the body around the kernel (the
 * arguments, the loop over blocks of VL transforms or butterflies), and
 * the second entry point NAME_b of t1v and n1v. */
#include <stdlib.h>
#include "all.h"
#include "x86.h"

/* n1: the transform and the C prototype of kgen fft --simd ISA. */
static void
headn1(Asm *a, const Prob *p, const Emit *e, const Isa *isa)
{
	fprintf(a->f, "# n1 codelet: DFT of size %d, sign %d (%s), %s, "
	    "%s, %d transforms per vector,\n", p->n, p->sign,
	    p->sign < 0 ? "forward" : "backward", e->isfloat ? "float"
	    : "double", isa->name, a->vl);
	fprintf(a->f, "# GNU as, x86-64 System V; the C prototype of kgen "
	    "fft --simd %s:\n", isa->name);
	fprintf(a->f, "#   void %s(const T *ri, const T *ii, T *ro, T "
	    "*io, ptrdiff_t is,\n#       ptrdiff_t os, ptrdiff_t v, "
	    "ptrdiff_t ivs, ptrdiff_t ovs);\n", e->name);
}

/* t1v: the twiddle step, its table and both C prototypes. */
static void
headt1v(Asm *a, const Prob *p, const Emit *e, const Isa *isa)
{
	fprintf(a->f, "# t1v codelet: radix-%d DIT twiddle step, sign %d, "
	    "%s, %s, %d butterflies\n# per vector (lane l is butterfly "
	    "m + l).  GNU as, x86-64 System V; the C\n# prototype of "
	    "kgen fft --kind t1v --simd %s:\n", p->n, p->sign,
	    e->isfloat ? "float" : "double", isa->name, a->vl,
	    isa->name);
	fprintf(a->f, "#   void %s(T *ri, T *ii, const T *W, ptrdiff_t "
	    "rs, ptrdiff_t mb,\n#       ptrdiff_t me);\n# Butterflies "
	    "m = mb, mb+%d, .. me-%d (mb and me - mb multiples of %d),\n"
	    "# ri and ii pointing at butterfly mb (FFTW's t1 convention): "
	    "x_j = ri[m - mb + j*rs]\n# + i ii[m - mb + j*rs]; t_j = c - "
	    "i s (c + i s with sign 1),\n# c = W[b*%d + (2j-2)*%d + l], "
	    "s = W[b*%d "
	    "+ (2j-1)*%d + l] for m = %d b + l;\n# then x_k <- sum_j "
	    "w^jk t_j x_j, in place (kgen fft --kind t1v's table).\n",
	    e->name, a->vl, a->vl, a->vl, 2 * (p->n - 1) * a->vl, a->vl,
	    2 * (p->n - 1) * a->vl, a->vl, a->vl);
	fprintf(a->f, "#   void %s_b(T *x, const T *W, ptrdiff_t rs, "
	    "ptrdiff_t mb, ptrdiff_t me);\n# the same step on "
	    "block-split data: butterfly m's x_j has re the %d\n# "
	    "elements at x + 2(m - mb) + j*rs, im the %d after them.\n",
	    e->name, a->vl, a->vl);
}

/* n1v: the transforms, both C prototypes and the layouts. */
static void
headn1v(Asm *a, const Prob *p, const Emit *e, const Isa *isa)
{
	fprintf(a->f, "# n1v codelet: DFT of size %d, sign %d (%s), %s, "
	    "%s, %d transforms per vector\n# (lane l is transform j + "
	    "l).  GNU as, x86-64 System V; the C prototypes of\n# kgen "
	    "fft --kind n1v --simd %s:\n", p->n, p->sign, p->sign < 0
	    ? "forward" : "backward", e->isfloat ? "float" : "double",
	    isa->name, a->vl, isa->name);
	fprintf(a->f, "#   void %s(const T *ri, const T *ii, T *ro, T "
	    "*io, ptrdiff_t is,\n#       ptrdiff_t ovs, ptrdiff_t v);\n"
	    "#   void %s_b(const T *ri, const T *ii, T *ro, ptrdiff_t is,"
	    "\n#       ptrdiff_t ovs, ptrdiff_t v);\n# Transforms j = 0 "
	    ".. v-1 (v a multiple of %d): input q of transform j\n# is "
	    "ri[j + q*is] + i ii[j + q*is] (the batch adjacent), or of "
	    "interleaved\n# data (ii == ri + 1, or ri == ii + 1) ri[2(j "
	    "+ q*is)] + i ii[2(j + q*is)];\n# output k goes to ro[j*ovs "
	    "+ k] + i io[j*ovs + k] (split arrays).  NAME_b\n# stores "
	    "them block-split: re of outputs k .. k+%d (k a multiple of "
	    "%d) one\n# vector at ro[j*ovs + 2k], their im the %d after "
	    "it.  The outputs must not\n# overlap the inputs.  Per block "
	    "of %d transforms the inputs are copied\n# into X, the "
	    "kernel runs there (as kgen fft --simd %s --emit asm's), and "
	    "X\n# is transposed to the outputs.\n", e->name, e->name,
	    a->vl, a->vl - 1, a->vl, a->vl, a->vl, isa->name);
}

/* gemm: the product and the C prototype of kgen gemm. */
static void
headgemm(Asm *a, const Prob *p, const Emit *e, const Isa *isa)
{
	fprintf(a->f, "# gemm codelet: C += A*B, %d x %d times %d x %d, "
	    "column-major, %s, %s,\n# %d rows of A and C a vector, "
	    "elements of B broadcast.  GNU as, x86-64\n# System V; the C "
	    "prototype of kgen gemm:\n", p->m, p->k, p->k, p->n,
	    e->isfloat ? "float" : "double", isa->name, a->vl);
	fprintf(a->f, "#   void %s(const T *A, const T *B, T *C, "
	    "ptrdiff_t lda,\n#       ptrdiff_t ldb, ptrdiff_t ldc);\n"
	    "# A(i,p) = A[i + p*lda], B(p,j) = B[p + j*ldb], C(i,j) = "
	    "C[i + j*ldc].\n", e->name);
}

/* n1: arguments, the choice of copies, and per block of VL transforms
 * the input copy, the kernel, the output copy. */
static void
n1body(Asm *a, const Prob *p, const Emit *e, Arena *ar)
{
	Acopy *c;
	FILE *f;
	int sh;

	(void)p;
	f = a->f;
	sh = e->isfloat ? 2 : 3;
	c = &a->c;
	fputs("\t# arguments: ri rdi, ii rsi, ro rdx, io rcx, is r8, os r9;\n"
	    "\t# v, ivs, ovs on the stack; strides in bytes\n", f);
	fprintf(f, "\tmovq 24(%%rbp), %%r11\n"
	    "\tmovq 32(%%rbp), %%rbx\n\tshlq $%d, %%r8\n\tshlq $%d, %%r9\n"
	    "\tshlq $%d, %%r11\n\tshlq $%d, %%rbx\n", sh, sh, sh, sh);
	fputs("\tcmpq $0, 16(%rbp)\n\tjle .Ldone\n", f);
	asmcopy_choose(c);
	fputs("\t# a block of VL transforms, fewer in the last: the\n"
	    "\t# transforms left count down in v's stack slot\n.Lblock:\n", f);
	asmcopy_in(c);
	emitasm_kernel(a, ar);
	asmcopy_out(c);
	fprintf(f, "\timulq $%d, %%r11, %%rax\n\taddq %%rax, %%rdi\n"
	    "\taddq %%rax, %%rsi\n\timulq $%d, %%rbx, %%rax\n"
	    "\taddq %%rax, %%rdx\n\taddq %%rax, %%rcx\n"
	    "\tsubq $%d, 16(%%rbp)\n\tjg .Lblock\n", a->vl, a->vl, a->vl);
}

/* n1v (kgen fft --kind n1v's ABI, the planner's leaf): NAME's
 * arguments, v from the stack into %rax (NAME_b, after the function,
 * enters at .Lentry with v in %rax and io = 0), then per block of VL
 * transforms (v a multiple of VL) the copies of x86/asmcopy.c around
 * the same kernel on X as n1's. */
static void
n1vbody(Asm *a, const Prob *p, const Emit *e, Arena *ar)
{
	FILE *f;
	int sh;

	(void)p;
	f = a->f;
	sh = e->isfloat ? 2 : 3;
	fprintf(f, "\t# arguments: ri rdi, ii rsi, ro rdx, io rcx (0: "
	    "block-split),\n\t# is r8, ovs r9, v rax; strides in bytes, "
	    "v left in rbx\n\tmovq %%rax, %%rbx\n\tshlq $%d, %%r8\n"
	    "\tshlq $%d, %%r9\n\ttestq %%rbx, %%rbx\n\tjle .Ldone\n", sh, sh);
	fprintf(f, "\t# r11: the input's mode, 0 split, 1 interleaved (ii == "
	    "ri + 1),\n\t# 2 interleaved (ri == ii + 1); interleaved "
	    "elements are 2 is apart\n\txorl %%r11d, %%r11d\n"
	    "\tleaq %d(%%rdi), %%r10\n\tcmpq %%r10, %%rsi\n\tjne 1f\n"
	    "\tmovl $1, %%r11d\n\tjmp 2f\n1:\n\tleaq %d(%%rsi), %%r10\n"
	    "\tcmpq %%r10, %%rdi\n\tjne 3f\n\tmovl $2, %%r11d\n2:\n"
	    "\taddq %%r8, %%r8\n3:\n", a->esz, a->esz);
	fputs("\t# a block of VL transforms\n.Lblock:\n", f);
	asmcopy_n1v_in(&a->c);
	emitasm_kernel(a, ar);
	asmcopy_n1v_out(&a->c);
	fprintf(f, "\tmovl $%d, %%eax\n\ttestl %%r11d, %%r11d\n\tje 1f\n"
	    "\taddl %%eax, %%eax\n1:\n\taddq %%rax, %%rdi\n"
	    "\taddq %%rax, %%rsi\n\timulq $%d, %%r9, %%rax\n"
	    "\taddq %%rax, %%rdx\n\ttestq %%rcx, %%rcx\n\tje 2f\n"
	    "\taddq %%rax, %%rcx\n2:\n\tsubq $%d, %%rbx\n\tjg .Lblock\n",
	    a->vl * a->esz, a->vl, a->vl);
}

/* t1v: arguments, the index registers, and per VL butterflies the
 * kernel on ri, ii and W in place. */
static void
t1vbody(Asm *a, const Prob *p, const Emit *e, Arena *ar)
{
	FILE *f;
	int sh, wrow;

	f = a->f;
	sh = e->isfloat ? 2 : 3;
	wrow = 2 * (p->n - 1);
	fprintf(f, "\t# arguments: ri rdi, ii rsi, W rdx, rs rcx, mb r8, me "
	    "r9;\n\t# the data's step a vector of butterflies, %d bytes "
	    "(NAME_b: %d),\n\t# in the slot below the saved registers\n"
	    "\tsubq %%r8, %%r9\n\tjle .Ldone\n", a->vb,
	    2 * a->vb);
	fprintf(f, "\t# ri and ii point at butterfly mb, W at its start\n"
	    "\timulq $%d, %%r8, %%rax\n\taddq %%rax, %%rdx\n"
	    "\t# r8: the butterflies left; rcx: rs in bytes\n"
	    "\tmovq %%r9, %%r8\n\tshlq $%d, %%rcx\n", wrow * a->esz, sh);
	asmidx_setup(a);
	fputs(".Lloop:\n", f);
	emitasm_kernel(a, ar);
	fprintf(f, "\taddq %d(%%rbp), %%rdi\n\taddq %d(%%rbp), %%rsi\n"
	    "\taddq $%d, %%rdx\n\tsubq $%d, %%r8\n\tjg .Lloop\n",
	    -8 * (a->npush + 1), -8 * (a->npush + 1), wrow * a->vb, a->vl);
}

/* gemm: arguments, the index registers, the kernel: no loop. */
static void
gemmbody(Asm *a, const Prob *p, const Emit *e, Arena *ar)
{
	FILE *f;
	int sh;

	(void)p;
	f = a->f;
	sh = e->isfloat ? 2 : 3;
	fprintf(f, "\t# arguments: A rdi, B rsi, C rdx, lda rcx, ldb r8, ldc "
	    "r9; strides in bytes\n\tshlq $%d, %%rcx\n\tshlq $%d, %%r8\n"
	    "\tshlq $%d, %%r9\n", sh, sh, sh);
	asmidx_setup(a);
	emitasm_kernel(a, ar);
}

/* NAME_b of t1v and n1v enters NAME at .Lentry, ahead of the prologue,
 * with %rax set: t1v's data step (NAME sets a vector), n1v's v (NAME
 * loads it from the stack). */
static void
t1ventry(Asm *a)
{
	fprintf(a->f, "\tmovl $%d, %%eax\n.Lentry:\n", a->vb);
}

static void
n1ventry(Asm *a)
{
	fputs("\tmovq 8(%rsp), %rax\n.Lentry:\n", a->f);
}

/* t1v's NAME_b: NAME's body on block-split data, ii a vector after ri
 * and the step two vectors. */
static void
t1vb(Asm *a, const char *name)
{
	fprintf(a->f, "\n\t.globl %s_b\n\t.type %s_b, @function\n"
	    "\t.p2align 4\n%s_b:\n\t.cfi_startproc\n"
	    "\t# x rdi, W rsi, rs rdx, mb rcx, me r8: NAME's body on "
	    "block-split data,\n\t# ii = x + a vector, the step two "
	    "vectors\n\tmovq %%r8, %%r9\n\tmovq %%rcx, %%r8\n"
	    "\tmovq %%rdx, %%rcx\n\tmovq %%rsi, %%rdx\n"
	    "\tleaq %d(%%rdi), %%rsi\n\tmovl $%d, %%eax\n"
	    "\tjmp .Lentry\n\t.cfi_endproc\n\t.size %s_b, .-%s_b\n",
	    name, name, name, a->vb, 2 * a->vb, name, name);
}

/* n1v's NAME_b: NAME's body with io = 0 (the outputs block-split). */
static void
n1vb(Asm *a, const char *name)
{
	fprintf(a->f, "\n\t.globl %s_b\n\t.type %s_b, @function\n"
	    "\t.p2align 4\n%s_b:\n\t.cfi_startproc\n"
	    "\t# ri rdi, ii rsi, ro rdx, is rcx, ovs r8, v r9: NAME's "
	    "body with io = 0\n\tmovq %%r9, %%rax\n\tmovq %%r8, %%r9\n"
	    "\tmovq %%rcx, %%r8\n\txorl %%ecx, %%ecx\n\tjmp .Lentry\n"
	    "\t.cfi_endproc\n\t.size %s_b, .-%s_b\n", name, name, name,
	    name, name);
}

/* The four kinds, as Asm's kind (emitasm_new) indexes them. */
const Akind asmkind_facts[] = {
	[ASM_N1] = {"n1", 1, {0}, 0, headn1, n1body, 0, 0},
	[ASM_T1V] = {"t1v", 0, {"rcx"}, 1, headt1v, t1vbody, t1ventry,
	    t1vb},
	[ASM_N1V] = {"n1v", 1, {0}, 0, headn1v, n1vbody, n1ventry, n1vb},
	[ASM_GEMM] = {"gemm", 0, {"rcx", "r8", "r9"}, 0, headgemm, gemmbody,
	    0, 0},
};
