/* asmrows.c: the rows kernel, each element's transpose where the kernel
 * needs it.
 * Double on AVX2, rows both ways: a second copy of the kernel in which
 * the first loads of element k's re and im vectors (X vectors 2k and
 * 2k + 1) become the element's 128-bit block transpose from the rows
 * (A: lanes 0 and 2's pairs, B: lanes 1 and 3's, one unpcklpd and one
 * unpckhpd), made at the first of the two loads, and the stores of its
 * outputs the inverse (two unpacks, 128-bit stores and extracts) at the
 * second of the two stores, as gcc schedules the C codelet's kgen_ldi
 * and kgen_sti: the shuffles run beside the kernel's arithmetic, not
 * before and after it, and X is not used (docs/design.md, "Transposes
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
 * kernel; tests/test_asm_copies.py checks them against FFTW): "# kgen: in"
 * lines after one name the registers it made, and "# kgen: put" lines
 * before one the outputs it stores (checked there, as a store to X
 * would be). */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "x86.h"

typedef struct Kline Kline;
struct Kline {
	char *text;             /* the line as emitasm_kernel printed it */
	unsigned long rd, wr;   /* vector registers read and written */
	int xld, xst;           /* X vector loaded or stored, else -1 */
	int reg;                /* the register loaded or stored */
	char *rep;              /* printed in its place (malloc'd), or NULL */
};

/* Parses kernel line p (k->text points to it) into k. */
static void
kparse(const Acopy *c, Kline *k, char *p)
{
	char *opd[ASM_FOPS];
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
	n = p[j] ? asmfuse_operands(p + j + 1, opd) : 0;
	assert(n >= 1 && "a kernel instruction has operands");
	for (j = 0; j < n - 1; j++)
		if ((r = asmfuse_vreg(opd[j])) >= 0)
			k->rd |= 1UL << r;
	if ((r = asmfuse_vreg(opd[n - 1])) >= 0) {
		k->wr |= 1UL << r;
		if (fma)
			k->rd |= 1UL << r;
	}
	if (!strncmp(p + 1, "vmova", 5) && n == 2) {
		if (asmfuse_vreg(opd[1]) >= 0 && (k->xld = asmfuse_xslot(c,
		    opd[0])) >= 0)
			k->reg = asmfuse_vreg(opd[1]);
		if (asmfuse_vreg(opd[0]) >= 0 && (k->xst = asmfuse_xslot(c,
		    opd[1])) >= 0)
			k->reg = asmfuse_vreg(opd[0]);
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
	asmcopy_multiples(&t, &asmcopy_sides[0]);
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
 * out of its own block loop, to .Lblock or .Ldone) around kern, the kernel
 * as x86/asm.c's emitasm_kernel prints it with regs vector registers
 * (the transposes keep below them too);
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

	if (!c->avx2d || c->in || c->out)
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
	 * (docs/design.md) */
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
