/* asm.c: n1 codelets vectorized across the batch (as emit/simd.c: lane l
 * of a vector is transform j + l, one DAG value one vector register) as
 * x86-64 assembly, GNU as AT&T syntax, System V ABI, with the C
 * prototype of the --simd n1 codelets.  kgen does the register
 * allocation itself: the registers are Belady's (sched/regalloc.c,
 * regalloc_asm) in the schedule's order, so the spill traffic of the
 * code is what kgen spills predicts for the same order, R and latency:
 *   - a reload (a vector load from the stack, or from the input buffer
 *     after the first load of that input) is one of Belady's loads;
 *   - a spill store (a vector store to a stack slot) is one of Belady's
 *     stores: a value stored at all is stored once, right after it is
 *     made, so that its slot is valid wherever a reload is placed;
 *   - constants are memory operands of the arithmetic (a full vector in
 *     .rodata), as Belady counts them: no register and no load.  Where
 *     SSE2's two-operand form needs a constant in the destination first
 *     (c - x), a movapd from .rodata does it; constant reads are never
 *     counted;
 *   - with --latency L a reload is placed up to L steps before its use,
 *     as early as its register is free (Belady's issue step).
 * Memory: per block of VL transforms, the inputs are copied into a
 * frame buffer X (element j's re and im parts are vectors 2j and
 * 2j + 1), the straight-line kernel runs on X in place (so the n1 DAG's
 * in-place aliasing is real, as Belady assumes), and X is copied to the
 * outputs.  The copies (x86/asmcopy.c) are chosen per side, once per
 * call, on the layout: vector loads and in-register transposes for
 * interleaved data, vector moves for split arrays with unit lane
 * stride, a general-register loop otherwise and for the last block
 * (v mod VL transforms, the other lanes zero).  Spill slots follow X in
 * the frame, aligned to the vector size.  Where Belady's counts allow
 * (the fused order, sched/regalloc.c) the kernel takes its inputs in
 * registers and leaves its outputs there, all of them at small n, the
 * first loaded and the last stored at larger n, and the rows copies
 * transpose straight into and out of them: no trip through X for those
 * on the common interleaved path.
 * Two more kinds run the same kernel on the caller's arrays, without
 * X: t1v codelets (kgen fft --kind t1v: a twiddle step in place on ri,
 * ii and the table W, in a loop over blocks of VL butterflies) and
 * gemm codelets on vectors of VL rows (kgen gemm --vlen VL: columns of
 * A and C one vector load each, elements of B broadcast, C += A*B with
 * C added after the K products).  Their addresses are base + index *
 * scale + displacement, the index a general register holding a
 * multiple of a stride (x86/asmidx.c); an input reloaded from the caller's
 * array counts as Belady's reload of an input.  n1v codelets (the
 * planner's leaf) run n1's kernel on X with copies of their own.  What
 * differs between the four kinds (the text around the kernel, where the
 * data lives) is in x86/asmkind.c.
 * The kernel lies between the comments "# kgen: kernel" and
 * "# kgen: end kernel"; verify/verify.c checks it against the DAG named by
 * the "# kgen asm:" line. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "x86.h"

static void
reg(Asm *a, char *buf, int r)
{
	sprintf(buf, "%%%cmm%d", a->rn, r);
}

/* Operand u of step t as text: its register, or its constant. */
static void
opnd(Asm *a, char *buf, int t, int u)
{
	int j;

	if (!a->ra->isreg[u]) {
		sprintf(buf, ".Lc%d(%%rip)", u);
		return;
	}
	for (j = 0; j < 3 && a->al->opd[3 * t + j] != u; j++)
		;
	assert(j < 3 && "an operand of the step");
	reg(a, buf, a->al->opreg[3 * t + j]);
}

/* The X offset of input or output slot s. */
static int
xoff(Asm *a, const Slot *s)
{
	return (2 * s->j + (s->arr & 1)) * a->vb;
}

static void
mov(Asm *a, const char *src, const char *dst)
{
	fprintf(a->f, "\t%smova%s %s, %s\n", a->vex ? "v" : "", a->sfx, src,
	    dst);
}

/* Whether the kind addresses its data in the caller's arrays (t1v,
 * gemm), else in the frame buffer X (n1, n1v). */
static int
inarrays(const Asm *a)
{
	return !asmkind_facts[a->kind].xbuf;
}

/* Where data slot s lives in a t1v or gemm codelet: base register,
 * displacement, stride and its multiple q; whether it is a scalar that
 * fills the vector (gemm's B).  t1v: x_j in ri (%rdi) or ii (%rsi) at
 * j rs, table entry i at W (%rdx) + i vectors.  gemm: vector iv of
 * column p of A at A (%rdi) + iv vectors + p lda, B(p,j) at B (%rsi) +
 * p elements + j ldb, vector iv of column j of C at C (%rdx) + iv
 * vectors + j ldc. */
void
emitasm_where(Asm *a, const Slot *s, const char **base, int *disp, int *st,
    int *q, int *bcast)
{
	static const char *const b[] = {"rdi", "rsi", "rdx"};

	*base = b[s->arr];
	*bcast = a->kind == ASM_GEMM && s->arr == 1;
	*st = a->kind == ASM_GEMM ? s->arr : 0;
	*q = s->arr == 2 && a->kind == ASM_T1V ? 0 : s->j;
	*disp = s->i * (*bcast ? a->esz : a->vb);
}

/* The memory operand of data slot s, an input or output of the DAG:
 * n1's X buffer, or (t1v, gemm) its place in the caller's arrays (after
 * the imul that makes its index in a scratch register, where no index
 * register holds it). */
static void
dmem(Asm *a, char *buf, const Slot *s)
{
	const char *base, *r;
	char d[16];
	int disp, st, q, bc, i, k;

	if (!inarrays(a)) {
		sprintf(buf, "%d(%%rsp)", xoff(a, s));
		return;
	}
	emitasm_where(a, s, &base, &disp, &st, &q, &bc);
	d[0] = 0;
	if (disp)
		sprintf(d, "%d", disp);
	if (!q) {
		sprintf(buf, "%s(%%%s)", d, base);
		return;
	}
	for (k = 1; k <= 8; k *= 2)
		if (k == q) {
			sprintf(buf, "%s(%%%s,%%%s,%d)", d, base, a->sreg[st], k);
			return;
		}
	for (i = 0; i < a->nidx; i++)
		for (k = 1; k <= 8; k *= 2)
			if (a->ist[i] == st && a->iq[i] * k == q) {
				sprintf(buf, "%s(%%%s,%%%s,%d)", d, base, a->ireg[i],
				    k);
				return;
			}
	if (a->dry) {
		if (a->nseq == a->cap) {
			a->cap = a->cap ? 2 * a->cap : 256;
			a->seq = erealloc(a->seq, a->cap * sizeof *a->seq);
		}
		a->seq[a->nseq++] = st * a->qmax + q;
		sprintf(buf, "(%%%s)", base);
		return;
	}
	i = a->nacc++;
	r = a->dyn[a->accreg[i]];
	if (a->accmiss[i])
		fprintf(a->f, "\timulq $%d, %%%s, %%%s\n", q, a->sreg[st], r);
	sprintf(buf, "%s(%%%s,%%%s)", d, base, r);
}

/* Data slot s into register rd: a vector move (unaligned in the
 * caller's arrays), or a broadcast for gemm's B. */
static void
dload(Asm *a, const Slot *s, const char *rd)
{
	char mem[48];

	dmem(a, mem, s);
	if (a->kind == ASM_GEMM && s->arr == 1)
		fprintf(a->f, "\tvbroadcasts%c %s, %s\n", a->esz == 8 ? 'd'
		    : 's', mem, rd);
	else if (inarrays(a))
		fprintf(a->f, "\t%smovu%s %s, %s\n", a->vex ? "v" : "", a->sfx,
		    mem, rd);
	else
		mov(a, mem, rd);
}

/* Register rs to output slot s. */
static void
dstore(Asm *a, const Slot *s, const char *rs)
{
	char mem[48];

	dmem(a, mem, s);
	if (inarrays(a))
		fprintf(a->f, "\t%smovu%s %s, %s\n", a->vex ? "v" : "", a->sfx,
		    rs, mem);
	else
		mov(a, rs, mem);
}

/* dst = src1 op src2 (AVX), or dst op= src2 (SSE2, src1 == dst). */
static void
ins(Asm *a, const char *op, const char *src2, const char *src1,
    const char *dst)
{
	if (a->vex)
		fprintf(a->f, "\tv%s%s %s, %s, %s\n", op, a->sfx, src2, src1,
		    dst);
	else
		fprintf(a->f, "\t%s%s %s, %s\n", op, a->sfx, src2, dst);
}

/* rd = u op w for add, sub and mul. */
static void
binop(Asm *a, const char *op, int t, int u, int w, const char *rd)
{
	char su[40], sw[40];
	int comm;

	comm = strcmp(op, "sub") != 0;
	opnd(a, su, t, u);
	opnd(a, sw, t, w);
	assert((a->ra->isreg[u] || a->ra->isreg[w])
	    && "constants are folded");
	if (a->vex) {
		if (a->ra->isreg[u]) {
			ins(a, op, sw, su, rd);
		} else if (comm) {
			ins(a, op, su, sw, rd);
		} else {
			/* c - x: the memory operand must come second */
			ins(a, "xor", ".Lsign(%rip)", sw, rd);
			ins(a, "add", su, rd, rd);
		}
		return;
	}
	if (!strcmp(su, rd)) {
		ins(a, op, sw, rd, rd);
	} else if (!strcmp(sw, rd) && comm) {
		ins(a, op, su, rd, rd);
	} else if (!strcmp(sw, rd)) {
		/* rd holds x in u - x: u + -x, which IEEE makes the same */
		ins(a, "xor", ".Lsign(%rip)", rd, rd);
		ins(a, "add", su, rd, rd);
	} else {
		mov(a, su, rd);
		ins(a, op, sw, rd, rd);
	}
}

/* rd = a*b + c (FMA), a*b - c (FMS) or c - a*b (FNMS): the destination
 * is one of the three operands, copied into rd when it holds none. */
static void
fma3(Asm *a, int op, int t, const int *x, const char *rd)
{
	static const char *const name[] = {"fmadd", "fmsub", "fnmadd"};
	char s[3][40], ins[16];
	int i, dst, isreg[3], m, c;

	for (i = 0; i < 3; i++) {
		opnd(a, s[i], t, x[i]);
		isreg[i] = a->ra->isreg[x[i]];
	}
	assert(isreg[0] + isreg[1] + isreg[2] >= 2
	    && "at most one constant operand of an FMA (main checks)");
	for (dst = 0; dst < 3 && strcmp(s[dst], rd); dst++)
		;
	if (dst == 3) {
		dst = isreg[2] ? 2 : isreg[0] ? 0 : 1;
		mov(a, s[dst], rd);
	}
	if (dst == 2) {
		/* 231: rd = src2*src3 + rd; src3 may be memory */
		m = isreg[0] ? 0 : 1;
		snprintf(ins, sizeof ins, "%s231", name[op - OP_FMA]);
		fprintf(a->f, "\tv%s%s %s, %s, %s\n", ins, a->sfx, s[1 - m],
		    s[m], rd);
		return;
	}
	m = 1 - dst;        /* the other multiplicand */
	c = 2;
	if (isreg[m]) {
		/* 213: rd = src2*rd + src3 */
		snprintf(ins, sizeof ins, "%s213", name[op - OP_FMA]);
		fprintf(a->f, "\tv%s%s %s, %s, %s\n", ins, a->sfx, s[c], s[m],
		    rd);
	} else {
		/* 132: rd = rd*src3 + src2 */
		snprintf(ins, sizeof ins, "%s132", name[op - OP_FMA]);
		fprintf(a->f, "\tv%s%s %s, %s, %s\n", ins, a->sfx, s[m], s[c],
		    rd);
	}
}

/* Step t's instruction(s): node x into its register, or a store. */
static void
step(Asm *a, int t)
{
	Dag *d;
	Node *n;
	char rd[16], s0[40], mem[40];
	int x, r, ops[3];

	d = a->d;
	x = a->al->node[t];
	n = &d->node[x];
	if (n->op == OP_STORE) {
		assert(a->ra->isreg[n->a[0]] && "n1 outputs are computed");
		opnd(a, s0, t, n->a[0]);
		if (a->c.out && a->c.out[xoff(a, &d->out[n->k]) / a->vb] >= 0)
			fprintf(a->f, "\t# kgen: out %s %d\n", s0,
			    xoff(a, &d->out[n->k]) / a->vb);
		else
			dstore(a, &d->out[n->k], s0);
		return;
	}
	r = a->al->reg[t];
	assert(r >= 0 && "a live value takes a register");
	reg(a, rd, r);
	switch (n->op) {
	case OP_LOAD:
		/* a fused input is in rd from the kernel's top (declared
		 * there); it may still want its spill store below, where a
		 * store to its X vector comes before its last use */
		if (!a->c.in || a->c.in[xoff(a, &d->in[n->k]) / a->vb] < 0)
			dload(a, &d->in[n->k], rd);
		break;
	case OP_ADD: binop(a, "add", t, n->a[0], n->a[1], rd); break;
	case OP_SUB: binop(a, "sub", t, n->a[0], n->a[1], rd); break;
	case OP_MUL: binop(a, "mul", t, n->a[0], n->a[1], rd); break;
	case OP_NEG:
		opnd(a, s0, t, n->a[0]);
		if (a->vex) {
			ins(a, "xor", ".Lsign(%rip)", s0, rd);
		} else {
			if (strcmp(s0, rd))
				mov(a, s0, rd);
			ins(a, "xor", ".Lsign(%rip)", rd, rd);
		}
		break;
	default:
		assert(n->op >= OP_FMA && n->op <= OP_FNMS);
		memcpy(ops, n->a, sizeof ops);
		fma3(a, n->op, t, ops, rd);
	}
	if (a->al->spill[x]) {
		sprintf(mem, "%d(%%rsp)", a->xbytes + a->ra->slot[x] * a->vb);
		mov(a, rd, mem);
	}
}

/* The reload e: value e->v from its stack slot or its input slot. */
static void
reload(Asm *a, const Reload *e)
{
	char rd[16], mem[40];

	reg(a, rd, e->reg);
	fprintf(a->f, "\t# reload n%d for step %d\n", e->v, e->step);
	if (e->stack) {
		sprintf(mem, "%d(%%rsp)", a->xbytes + a->ra->slot[e->v] * a->vb);
		mov(a, mem, rd);
	} else {
		dload(a, &a->d->in[a->d->node[e->v].k], rd);
	}
}

/* The comment that starts step t: the verifier counts steps by it. */
static void
stephead(Asm *a, int t)
{
	Node *n;
	int i, x;

	x = a->al->node[t];
	n = &a->d->node[x];
	fprintf(a->f, "\t# step %d: n%d = %s", t, x, optab[n->op].name);
	for (i = 0; i < optab[n->op].arity; i++)
		fprintf(a->f, " n%d", n->a[i]);
	fputc('\n', a->f);
}

/* The kernel: per step, its comment, the reloads issued there (for it
 * or, with latency, for a later step), then its own instructions. */
void
emitasm_kernel(Asm *a, Arena *ar)
{
	const Alloc *al;
	int *first, *byissue, t, i;

	al = a->al;
	first = arena_alloc(ar, (al->nstep + 2) * sizeof *first);
	byissue = arena_alloc(ar, (al->nre + 1) * sizeof *byissue);
	memset(first, 0, (al->nstep + 2) * sizeof *first);
	for (i = 0; i < al->nre; i++)
		first[al->re[i].issue + 1]++;
	for (t = 0; t < al->nstep; t++)
		first[t + 1] += first[t];
	for (i = 0; i < al->nre; i++)
		byissue[first[al->re[i].issue]++] = i;
	for (t = al->nstep; t > 0; t--)
		first[t] = first[t - 1];
	first[0] = 0;
	fputs("\t# kgen: kernel\n", a->f);
	for (t = 0; a->c.in && t < 2 * a->c.n; t++)
		if (a->c.in[t] >= 0)
			fprintf(a->f, "\t# kgen: in %%%cmm%d %d\n", a->rn,
			    a->c.in[t], t);
	for (t = i = 0; t < al->nstep; t++) {
		stephead(a, t);
		for (; i < first[t + 1]; i++)
			reload(a, &al->re[byissue[i]]);
		step(a, t);
	}
	fputs("\t# kgen: end kernel\n", a->f);
}

/* Whether every node of d fits one x86 instruction's operands: an FMA
 * takes at most one memory operand, so at most one constant. */
int
emitasm_fits(Dag *d)
{
	int i, k, c;

	for (i = 0; i < d->nnode; i++) {
		if (d->node[i].op < OP_FMA || d->node[i].op > OP_FNMS)
			continue;
		for (k = c = 0; k < 3; k++)
			c += !regalloc_isreg(d, d->node[i].a[k]);
		if (c > 1)
			return 0;
	}
	return 1;
}

/* The copies' view of a (x86/asmcopy.c) for transforms of size n. */
static void
copyinit(Acopy *c, const Asm *a, int n)
{
	c->f = a->f;
	c->n = n;
	c->vl = a->vl;
	c->vb = a->vb;
	c->esz = a->esz;
	c->vex = a->vex;
	c->rn = a->rn;
	c->sfx = a->sfx;
	c->avx2d = a->vb == 32 && a->esz == 8;
	c->avx512d = a->vb == 64 && a->esz == 8;
	c->in = c->out = 0;
	c->rowsin = c->rowsout = c->rowskern = 0;
	c->gord = 0;
}

/* Whether the n1 codelet's rows path may take its own kernel, the
 * elements transposed where it needs them (asmcopy_rowskernel): double
 * on AVX2, without latency (the transposes are no steps); where it
 * does, nothing is fused.  (On AVX-512 the same measured 1-10% slower
 * than the fused kernel, and with its outputs stored by extracts 14-26%
 * slower: docs/design.md.) */
static int
rowsdirect(const Asm *a, const Emit *e)
{
	return a->kind == ASM_N1 && a->c.avx2d && !e->latency;
}

/* The rows path's own kernel on allocation ra (sched/regalloc.c asks,
 * Rareq's rows): a->c.rowskern where rowsdirect and asmcopy_rowskernel
 * take it; whether they did. */
static int
rowskernel(void *ctx, const Ralloc *ra)
{
	Asm *a;
	FILE *f;
	char *kt;
	size_t kn;

	a = ctx;
	a->ra = ra;
	a->al = ra->al;
	f = a->f;
	if (!(a->f = open_memstream(&kt, &kn)))
		die("out of memory");
	emitasm_kernel(a, a->ar);
	fclose(a->f);
	a->f = f;
	a->c.rowskern = asmcopy_rowskernel(&a->c, kt, a->regs);
	free(kt);
	return a->c.rowskern != 0;
}

/* Rareq's fits and unfit: the rows copies to and from the fused
 * registers in and out (asmcopy_fuse), and back. */
static int
fits(void *ctx, const int *in, const int *out)
{
	return asmcopy_fuse(&((Asm *)ctx)->c, in, out);
}

static void
unfit(void *ctx)
{
	asmcopy_unfuse(&((Asm *)ctx)->c);
}

/* What the register assignment (sched/regalloc.c) of d needs from the
 * emitter, for e->alloc registers and latency e->latency: for n1 the
 * rows path's own kernel where rowsdirect allows (taken or not by the
 * pass), else with AVX forms and no latency the fused order, whose
 * copies the callbacks check. */
static void
request(Asm *a, const Emit *e, Rareq *q, Arena *ar)
{
	Dag *d;
	int *xin, *xout, i;

	d = a->d;
	memset(q, 0, sizeof *q);
	q->regs = e->alloc;
	q->latency = e->latency;
	q->ctx = a;
	if (rowsdirect(a, e))
		q->rows = rowskernel;
	if (a->kind == ASM_N1 && a->vex && !e->latency) {
		xin = arena_alloc(ar, (d->nin + 1) * sizeof *xin);
		xout = arena_alloc(ar, (d->nout + 1) * sizeof *xout);
		for (i = 0; i < d->nin; i++)
			xin[i] = xoff(a, &d->in[i]) / a->vb;
		for (i = 0; i < d->nout; i++)
			xout[i] = xoff(a, &d->out[i]) / a->vb;
		q->nx = 2 * a->c.n;
		q->xin = xin;
		q->xout = xout;
		q->fits = fits;
		q->unfit = unfit;
	}
}

/* The emitter's state for d as a codelet in assembly for ISA e->simd:
 * an n1 codelet vectorized across the batch (kind CK_N1), a t1v codelet
 * (CK_T1V), an n1v codelet (CK_N1V), or for p->kind PROB_GEMM a gemm
 * codelet on vectors of rows; and in q what the register assignment
 * (regalloc_asm) needs from it.  Lives in ar, which the caller frees
 * after emitasm_print.
 * requires: d is an n1 DAG (fft_build), a t1 DAG (twiddle_build) or
 * gemm_build(ar, p->m / VL, p->n, p->k, 1) with VL | p->m, as kind and
 * p->kind say; the DAG's minimum registers <= e->alloc <= the ISA's
 * registers; no FMA has two constant operands and without FMA
 * instructions (SSE2) there are no FMAs. */
Asm *
emitasm_new(Dag *d, const Prob *p, int kind, const Emit *e, Rareq *q,
    Arena *ar)
{
	const Isa *isa;
	Asm *a;

	assert(p->kind == PROB_GEMM || kind == CK_N1 || kind == CK_T1V
	    || kind == CK_N1V);
	a = arena_alloc(ar, sizeof *a);
	memset(a, 0, sizeof *a);
	a->d = d;
	a->kind = p->kind == PROB_GEMM ? ASM_GEMM : kind == CK_T1V ? ASM_T1V
	    : kind == CK_N1V ? ASM_N1V : ASM_N1;
	isa = isa_get(e->simd);
	a->vl = isa_lanes(isa, e->isfloat);
	a->vb = isa->bytes;
	a->esz = e->isfloat ? 4 : 8;
	a->vex = e->simd != SIMD_SSE2;
	a->rn = a->vb == 16 ? 'x' : a->vb == 32 ? 'y' : 'z';
	a->sfx = e->isfloat ? "ps" : "pd";
	if (!inarrays(a))
		copyinit(&a->c, a, p->n);
	a->xbytes = inarrays(a) ? 0 : 2 * p->n * a->vb;
	a->ar = ar;
	a->regs = e->alloc;
	request(a, e, q, ar);
	return a;
}

/* Prints the codelet of emitasm_new to f, with the register assignment
 * ra that regalloc_asm made of its request (order: the schedule, every
 * live non-constant node once, operands before users). */
void
emitasm_print(FILE *f, Asm *a, const Prob *p, const Emit *e,
    const Ralloc *ra)
{
	static const char *const cs[] = {"rbx", "r12", "r13", "r14", "r15"};
	const char *push[5];
	const Akind *kd;
	const Isa *isa;
	Arena *ar;
	int *live, i, j, k, frame, npush;

	ar = a->ar;
	a->f = f;
	a->c.f = f;     /* the copies print where the codelet does */
	a->ra = ra;
	a->al = ra->al;
	isa = isa_get(e->simd);
	live = dag_live(a->d, ar);
	frame = a->xbytes + a->ra->nslot * a->vb;
	/* the callee-saved registers it writes: all for the copies of n1
	 * and n1v; the index registers of t1v and gemm */
	npush = 0;
	kd = &asmkind_facts[a->kind];
	a->nstride = 0;
	for (i = 0; i < 3 && kd->sreg[i]; i++)
		a->sreg[a->nstride++] = kd->sreg[i];
	if (a->nstride)
		asmidx_plan(a, ar);
	for (i = 0; i < 5; i++) {
		for (j = 0; j < a->nidx && strcmp(a->ireg[j], cs[i]); j++)
			;
		for (k = 0; k < a->ndyn && (!a->dynused[k] || strcmp(a->dyn[k],
		    cs[i])); k++)
			;
		if (kd->xbuf || j < a->nidx || k < a->ndyn)
			push[npush++] = cs[i];
	}

	a->npush = npush;
	asmhead_print(a, p, e, isa);
	fprintf(f, "\n\t.text\n\t.globl %s\n\t.type %s, @function\n"
	    "\t.p2align 4\n%s:\n\t.cfi_startproc\n", e->name, e->name,
	    e->name);
	/* NAME_b enters at .Lentry with %rax set (n1v: v; t1v: the step) */
	if (kd->entry)
		kd->entry(a);
	fputs("\tpushq %rbp\n\t.cfi_def_cfa_offset 16\n"
	    "\t.cfi_offset %rbp, -16\n\tmovq %rsp, %rbp\n"
	    "\t.cfi_def_cfa_register %rbp\n", f);
	for (i = 0; i < npush; i++)
		fprintf(f, "\tpushq %%%s\n\t.cfi_offset %%%s, %d\n", push[i],
		    push[i], -24 - 8 * i);
	/* t1v: the data's step (%rax, by the entry) in a slot of its own */
	if (kd->stepslot)
		fputs("\tpushq %rax\n", f);
	/* the frame, aligned for the vectors: X and spill slots */
	if (frame)
		fprintf(f, "\tandq $-%d, %%rsp\n\tsubq $%d, %%rsp\n", a->vb,
		    frame);
	kd->body(a, p, e, ar);
	fputs(".Ldone:\n", f);
	if (a->vex)
		fputs("\tvzeroupper\n", f);
	if (frame || kd->stepslot)
		fprintf(f, "\tleaq %d(%%rbp), %%rsp\n", -8 * npush);
	for (i = npush - 1; i >= 0; i--)
		fprintf(f, "\tpopq %%%s\n", push[i]);
	fputs("\tpopq %rbp\n\t.cfi_def_cfa %rsp, 8\n\tret\n"
	    "\t.cfi_endproc\n", f);
	fprintf(f, "\t.size %s, .-%s\n", e->name, e->name);
	if (kd->b)
		kd->b(a, e->name);
	asmhead_rodata(a, live);
	fputs("\n\t.section .note.GNU-stack,\"\",@progbits\n", f);
	asmcopy_unfuse(&a->c);
}
