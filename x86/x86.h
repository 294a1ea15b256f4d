/* x86.h: the x86-64 assembly backend's own header, included by the
 * files of x86/ after all.h (as QBE's amd64/all.h): the emitter's state
 * while it prints one codelet (Asm), the copies between the caller's
 * arrays and the frame buffer (Acopy, Side), and the functions the
 * backend's files share.  The rest of kgen sees only emitasm_fits,
 * emitasm_new and emitasm_print (all.h). */
#ifndef KGEN_X86_H
#define KGEN_X86_H

/* x86/asmcopy.c: x86/asm.c's copies between the arrays and its frame
 * buffer, chosen at run time on the layout */
typedef struct Acopy Acopy;
struct Acopy {
	FILE *f;
	int n;              /* elements of a transform */
	int vl, vb, esz;    /* lanes, vector bytes, element bytes */
	int vex;            /* 0: SSE2 forms; 1: AVX, AVX-512 */
	char rn;            /* vector register letter: x, y or z */
	const char *sfx;    /* pd or ps */
	/* double on AVX2: the rows path may take its own kernel
	 * (asmcopy_rowskernel); double on AVX-512: rows of four elements,
	 * moved in 256-bit halves (x86/asmtrans.c's half) */
	int avx2d, avx512d;
	/* fused (asmcopy_fuse): X vector s's register on entry to the
	 * kernel (in) and on exit (out), and the rows copies that move the
	 * data straight to and from them; NULL: every copy through X */
	const int *in, *out;
	char *rowsin, *rowsout;
	const int *gord;    /* the rows copies' groups in this order; NULL:
	                     * 0, 1, .. (fuserows) */
	char *rowskern;     /* the rows path with its own kernel, each
	                     * element transposed where that kernel needs it
	                     * (asmcopy_rowskernel); NULL: rows copies */
};
/* x86/asm.c's state while it prints one codelet, shared with
 * x86/asmhead.c and x86/asmidx.c */
/* t1v and gemm codelets address their data in the caller's arrays:
 * base + index * scale + disp, with the index a general register that
 * holds a multiple q of a stride (rs; lda, ldb, ldc), in bytes: the
 * stride registers themselves, registers made before the kernel
 * (imul), and where those do not cover every q, the rest of the free
 * ones as scratch registers made in the kernel as needed (asmidx.c). */
enum { ASM_NIDX = 9 };
/* the kinds of codelet, each one's facts in x86/asmkind.c */
enum { ASM_N1, ASM_T1V, ASM_N1V, ASM_GEMM };

struct Asm {
	FILE *f;
	Dag *d;
	const struct Ralloc *ra;   /* sched/regalloc.c's assignment */
	const struct Alloc *al;    /* ra->al: steps, registers, reloads */
	int vex;            /* 0: SSE2 two-operand forms; 1: AVX, AVX-512 */
	int vl, vb, esz;    /* lanes, vector bytes, element bytes */
	char rn;            /* register letter: x, y or z */
	const char *sfx;    /* pd or ps */
	int kind;           /* ASM_N1 .. ASM_GEMM */
	int xbytes;         /* n1, n1v: the X buffer, 2n vectors at 0(%rsp) */
	int npush;          /* callee-saved registers pushed after %rbp */
	const char *sreg[3];        /* the stride registers */
	int nstride;
	const char *ireg[ASM_NIDX]; /* index registers: stride ist, q iq */
	int ist[ASM_NIDX], iq[ASM_NIDX];
	int nidx;
	/* the addresses no index register covers, in the kernel's order:
	 * each takes a scratch register, Belady's choice among ndyn of them
	 * (dyn), made by an imul in the kernel where it misses */
	const char *dyn[ASM_NIDX];
	int ndyn, dynused[ASM_NIDX];
	Arena *ar;                  /* emitasm_new's arena */
	int regs;                   /* and the registers (e->alloc) */
	int dry;                    /* recording the order, not printing */
	int *seq, nseq, cap;        /* dry: stride * qmax + q of each */
	int qmax;
	int *accreg, *accmiss;      /* per address: its register, imul? */
	int nacc;                   /* addresses printed so far */
	Acopy c;                    /* n1, n1v: the copies; c.in set: the
	                             * kernel's data in registers
	                             * (fused, sched/regalloc.c) */
};
void emitasm_where(Asm *a, const Slot *s, const char **base, int *disp,
    int *st, int *q, int *bcast);
void emitasm_kernel(Asm *a, Arena *ar);
/* x86/asmhead.c: the comment block at the top and .rodata */
void asmhead_print(Asm *a, const Prob *p, const Emit *e, const Isa *isa);
void asmhead_rodata(Asm *a, const int *live);
/* x86/asmkind.c: what differs between the kinds, asmkind_facts[kind] */
typedef struct Akind Akind;
struct Akind {
	const char *name;   /* the "# kgen asm:" line's kind */
	int xbuf;           /* the data in the frame buffer X, by the copies
	                     * (x86/asmcopy.c); else in the caller's arrays,
	                     * by index registers (x86/asmidx.c) */
	const char *sreg[3];        /* !xbuf: the stride registers */
	int stepslot;       /* the data's step (%rax from the entry) in a
	                     * slot below the saved registers */
	/* the comment block's description and C prototype; the body
	 * around the kernel (arguments, loop); where NAME_b enters NAME,
	 * ahead of its prologue; NAME_b (NULL: none) */
	void (*head)(Asm *a, const Prob *p, const Emit *e, const Isa *isa);
	void (*body)(Asm *a, const Prob *p, const Emit *e, Arena *ar);
	void (*entry)(Asm *a);
	void (*b)(Asm *a, const char *name);
};
extern const Akind asmkind_facts[];
/* x86/asmidx.c: t1v's and gemm's index registers */
void asmidx_plan(Asm *a, Arena *ar);
void asmidx_setup(Asm *a);

int asmcopy_fuse(Acopy *c, const int *in, const int *out);
void asmcopy_unfuse(Acopy *c);
char *asmcopy_rowskernel(const Acopy *c, const char *kern, int regs);
void asmcopy_choose(const Acopy *c);
void asmcopy_in(const Acopy *c);
void asmcopy_out(const Acopy *c);
void asmcopy_n1v_in(const Acopy *c);
void asmcopy_n1v_out(const Acopy *c);
/* the copies' pieces shared by x86/asmcopy.c, asmfuse.c, asmn1v.c,
 * asmtrans.c and asmrows.c: a side's pointers, strides and labels, one
 * each way */
typedef struct Side Side;
struct Side {
	const char *p, *q;  /* re and im pointers */
	const char *s, *vs; /* element and lane strides, bytes */
	const char *lab;    /* label prefix */
};
extern const Side asmcopy_sides[2];
void asmcopy_op(const Acopy *c, const char *fmt, ...);
const char *asmcopy_lane(char *buf, int l, const char *vs, int disp);
const char *asmcopy_xvec(const Acopy *c, char *buf, int k, int h);
void asmcopy_multiples(const Acopy *c, const Side *s);
void asmcopy_sh(const Acopy *c, const char *name, int imm, int a, int b,
    int d);
void asmcopy_unit(const Acopy *c, const Side *s, int out);
void asmcopy_pairin(const Acopy *c, const Side *s, int k, int disp);
void asmcopy_pairout(const Acopy *c, const Side *s, int k, int disp);
/* x86/asmtrans.c: the rows copies */
int asmcopy_transpose(const Acopy *c);
void asmcopy_rows(const Acopy *c, const Side *s, int out);
/* x86/asmfuse.c: operands of the copies' and the kernel's text, read by
 * verify/asmread.c */
enum { ASM_FOPS = 6 };
int asmfuse_xslot(const Acopy *c, const char *o);
int asmfuse_vreg(const char *o);
int asmfuse_operands(char *s, char **opd);

#endif
