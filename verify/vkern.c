/* verify/vkern.c: the kernel (verify.c's opening comment): its start
 * (registers and stack undefined, X holding the inputs), the
 * declarations at its boundary with the copies ("# kgen: in", "out",
 * "put"), its end (every output stored), the copies inside it, and the
 * symbolic execution of each vector instruction: reads of defined
 * registers and slots, Belady's stall and spill counts, and each store
 * of an output checked against the DAG's term. */
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "verify.h"

static int
checkreg(V *v, const Opd *o)
{
	char want;

	want = v->vb == 16 ? 'x' : v->vb == 32 ? 'y' : 'z';
	if (o->kind == OPD_REG && o->vk && o->vk != want)
		return verify_bad(v, 1, "%%%cmm%d: this codelet's vectors are "
		    "%cmm registers", o->vk, o->vr, want);
	if (o->kind == OPD_REG && o->vk && o->vr >= v->h->regs)
		return verify_bad(v, 1, "%%%cmm%d: uses more than the R = %d "
		    "registers of the header", o->vk, o->vr, v->h->regs);
	return 0;
}

/* The term an operand reads, -1 after a failure; *sg: the sign mask. */
static int
readop(V *v, const Opd *o, int *sg)
{
	int k, t;

	*sg = 0;
	if (o->kind == OPD_REG) {
		if (!o->vk)
			return verify_bad(v, 1, "a general register in the "
			    "kernel"), -1;
		t = v->reg[o->vr];
		if (t < 0)
			return verify_bad(v, 1, "reads %%%cmm%d before it is "
			    "written", o->vk, o->vr), -1;
		if (!v->spilling && v->ready[o->vr] - v->step > v->stepstall)
			v->stepstall = (int)(v->ready[o->vr] - v->step);
		if (!v->spilling)
			v->ready[o->vr] = 0;
		return t;
	}
	if (o->kind != OPD_MEM)
		return verify_bad(v, 1, "an immediate in the kernel"), -1;
	if (!strcmp(o->base, "rip"))
		return vterm_const(v, o, sg);
	if ((k = vaddr_slot(v, o)) < 0)
		return -1;
	if (!vaddr_spill(v, k) && vaddr_bcast(v, k) != v->bcasting)
		return verify_bad(v, 1, v->bcasting ? "a broadcast of a "
		    "vector: only B's elements are broadcast" : "a vector "
		    "load of B(p,j), a scalar: vbroadcastsd"), -1;
	if (v->mem[k] < 0)
		return verify_bad(v, 1, "reads stack offset %ld before it is "
		    "written", o->disp), -1;
	if (vaddr_spill(v, k) || v->loaded[k])
		v->res.loads++;
	else
		v->res.cloads++;
	if (!vaddr_spill(v, k))
		v->loaded[k] = 1;
	return v->mem[k];
}

/* Output k (an index among the outputs) gets term t: it must be the
 * DAG's; then it is stored.  0, or v->rc. */
static int
outcheck(V *v, int k, int t)
{
	char a[200], b[200];

	if (t != v->want[k]) {
		vterm_show(v, a, sizeof a, t, 2);
		vterm_show(v, b, sizeof b, v->want[k], 2);
		if (v->gemm)
			return verify_bad(v, 1, "output vector %d of column "
			    "%d of C gets %s; the DAG's is %s", k % v->mv, k
			    / v->mv, a, b);
		return verify_bad(v, 1, "output %d (%s of element %d) gets "
		    "%s; the DAG's is %s", k, k & 1 ? "im" : "re", k / 2, a,
		    b);
	}
	v->stored[k] = 1;
	return 0;
}

/* Writes term t to operand o (a register or a stack slot). */
static int
writeop(V *v, const Opd *o, int t, int isload)
{
	int k;

	if (o->kind == OPD_REG && o->vk) {
		v->reg[o->vr] = t;
		v->ready[o->vr] = isload ? v->step + v->h->latency : 0;
		return 0;
	}
	if (o->kind != OPD_MEM || !strcmp(o->base, "rip"))
		return verify_bad(v, 1, "the destination is not a vector "
		    "register or a stack slot");
	if ((k = vaddr_slot(v, o)) < 0)
		return v->rc;
	if (!vaddr_spill(v, k) && (k < v->out0 || k >= v->out0 + v->nout))
		return verify_bad(v, 1, "a store to an input array (%s)",
		    v->t1v ? "the table W" : "A or B");
	if (!vaddr_spill(v, k)) {
		k -= v->out0;
		if (outcheck(v, k, t))
			return v->rc;
		k += v->out0;
	} else {
		v->res.stores++;
	}
	v->mem[k] = t;
	return 0;
}

/* One kernel instruction. */
int
vkern_instr(V *v, const char *mn, Opd *o, int n)
{
	static const struct {
		const char *name;
		int op;
	} ar[] = {{"add", OP_ADD}, {"sub", OP_SUB}, {"mul", OP_MUL},
	    {"xor", OP_NEG}};
	static const char *const fm[] = {"fmadd", "fmsub", "fnmadd"};
	const char *m, *sfx;
	int i, x[3], sg[3], op, form;
	size_t len;

	for (i = 0; i < n; i++)
		if (checkreg(v, &o[i]))
			return v->rc;
	if ((v->t1v || v->gemm) && !strcmp(mn, "imulq")) {
		/* an index in a scratch register: one the code around the
		 * kernel does not rely on */
		if (n != 3 || o[2].kind != OPD_REG || o[2].vk)
			return verify_bad(v, 1, "imulq: expected $k, reg, "
			    "reg");
		i = vgpr_no(o[2].gpr);
		if (i < 0 || !strcmp(o[2].gpr, "rsp")
		    || !strcmp(o[2].gpr, "rbp") || !strcmp(o[2].gpr, "rdi")
		    || !strcmp(o[2].gpr, "rsi") || !strcmp(o[2].gpr, "rdx"))
			return verify_bad(v, 1, "imulq writes %%%s, a base or "
			    "frame register, in the kernel", o[2].gpr);
		i = vgpr_cs(o[2].gpr);
		if (i >= 0 && v->cs[i] != 1 && v->cs[i] != 2)
			return verify_bad(v, 1, "imulq writes %%%s, "
			    "callee-saved, without saving it first", o[2].gpr);
		if (i >= 0)
			v->cs[i] = 2;
		return vgpr_track(v, mn, o, n);
	}
	if (v->gemm && (!strcmp(mn, "vbroadcastsd")
	    || !strcmp(mn, "vbroadcastss"))) {
		if (n != 2 || o[0].kind != OPD_MEM || o[1].kind != OPD_REG
		    || !o[1].vk || strcmp(mn + 10, v->esz == 8 ? "sd" : "ss"))
			return verify_bad(v, 1, "%s: expected a broadcast of "
			    "an element of B into a vector register", mn);
		v->bcasting = 1;
		x[0] = readop(v, &o[0], &sg[0]);
		v->bcasting = 0;
		if (x[0] < 0)
			return v->rc;
		return writeop(v, &o[1], x[0], 1);
	}
	sfx = v->esz == 8 ? "pd" : "ps";
	len = strlen(mn);
	if (len < 3 || strcmp(mn + len - 2, sfx))
		return verify_bad(v, 1, "%s: not a %s vector instruction", mn,
		    v->esz == 8 ? "double" : "float");
	m = mn;
	if ((v->h->simd != SIMD_SSE2) != (m[0] == 'v'))
		return verify_bad(v, 1, "%s: %s", mn, v->h->simd == SIMD_SSE2
		    ? "an AVX instruction in an SSE2 codelet"
		    : "a legacy SSE instruction in an AVX codelet");
	if (m[0] == 'v')
		m++;
	if ((!strncmp(m, "mova", 4) || !strncmp(m, "movu", 4))
	    && strlen(m) == 6) {
		if (n != 2)
			return verify_bad(v, 1, "%s takes two operands", mn);
		if (o[0].kind == OPD_MEM && o[1].kind == OPD_MEM)
			return verify_bad(v, 1, "two memory operands");
		/* the caller's arrays need not be aligned */
		if ((v->t1v || v->gemm) && m[3] == 'a'
		    && ((o[0].kind == OPD_MEM && strcmp(o[0].base, "rsp")
		    && strcmp(o[0].base, "rip")) || (o[1].kind == OPD_MEM
		    && strcmp(o[1].base, "rsp"))))
			return verify_bad(v, 1, "%s: an aligned move on the "
			    "caller's arrays, which need not be aligned", mn);
		/* a spill store waits for no load in Belady's model */
		v->spilling = o[1].kind == OPD_MEM && !strcmp(o[1].base, "rsp")
		    && v->stk0 + o[1].disp / v->vb >= v->ndata;
		x[0] = readop(v, &o[0], &sg[0]);
		v->spilling = 0;
		if (x[0] < 0)
			return v->rc;
		return writeop(v, &o[1], x[0], o[0].kind == OPD_MEM
		    && strcmp(o[0].base, "rip"));
	}
	for (i = 0; i < 3; i++)
		if (!strncmp(m, fm[i], strlen(fm[i])) && strlen(m)
		    == strlen(fm[i]) + 5)
			break;
	if (i < 3) {
		if (n != 3 || o[2].kind != OPD_REG || o[1].kind != OPD_REG)
			return verify_bad(v, 1, "%s: expected mem-or-reg, "
			    "reg, reg", mn);
		form = atoi(m + strlen(fm[i]));
		x[0] = readop(v, &o[0], &sg[0]);    /* src3 */
		x[1] = x[0] < 0 ? -1 : readop(v, &o[1], &sg[1]);  /* src2 */
		x[2] = x[1] < 0 ? -1 : readop(v, &o[2], &sg[2]);  /* dst */
		if (x[2] < 0)
			return v->rc;
		op = OP_FMA + i;
		switch (form) {
		case 132: return writeop(v, &o[2], vterm_apply(v, op, x[2],
		    x[0], x[1]), 0);
		case 213: return writeop(v, &o[2], vterm_apply(v, op, x[1],
		    x[2], x[0]), 0);
		case 231: return writeop(v, &o[2], vterm_apply(v, op, x[1],
		    x[0], x[2]), 0);
		}
		return verify_bad(v, 1, "%s: unknown FMA form", mn);
	}
	for (i = 0; i < 4; i++)
		if (!strncmp(m, ar[i].name, 3) && strlen(m) == 5)
			break;
	if (i == 4)
		return verify_bad(v, 1, "%s: not an instruction of kgen's "
		    "kernels", mn);
	op = ar[i].op;
	if (mn[0] == 'v' ? n != 3 : n != 2)
		return verify_bad(v, 1, "%s: wrong number of operands", mn);
	if (o[n - 1].kind != OPD_REG || (n == 3 && o[1].kind != OPD_REG))
		return verify_bad(v, 1, "%s: only the first operand may be "
		    "memory", mn);
	x[0] = readop(v, &o[0], &sg[0]);        /* src2 */
	x[1] = x[0] < 0 ? -1 : readop(v, &o[1], &sg[1]);     /* src1 */
	if (x[1] < 0)
		return v->rc;
	if (op == OP_NEG) {
		if (!sg[0] || o[0].kind != OPD_MEM)
			return verify_bad(v, 1, "%s: xor is only a negation "
			    "by a sign mask constant", mn);
		return writeop(v, &o[n - 1], vterm_neg(v, x[1]), 0);
	}
	return writeop(v, &o[n - 1], vterm_apply(v, op, x[1], x[0], -1), 0);
}

/* An instruction of a copy inside the kernel: the caller's arrays and
 * vector registers only; what it writes to a register is unknown. */
int
vkern_copy(V *v, const char *mn, Opd *o, int n)
{
	int i;

	if (n < 1)
		return verify_bad(v, 1, "%s: not a copy's instruction", mn);
	for (i = 0; i < n; i++) {
		/* 128-bit parts in xmm registers too, but below R */
		if (o[i].kind == OPD_REG && o[i].vk && o[i].vr >= v->h->regs)
			return verify_bad(v, 1, "%%%cmm%d: uses more than the "
			    "R = %d registers of the header", o[i].vk, o[i].vr,
			    v->h->regs);
		if (o[i].kind == OPD_MEM && (!strcmp(o[i].base, "rsp")
		    || !strcmp(o[i].base, "rbp") || !strcmp(o[i].base, "rip")))
			return verify_bad(v, 1, "%s: a copy inside the kernel "
			    "reaches the stack or the constants", mn);
		if (o[i].kind == OPD_REG && !o[i].vk && i == n - 1)
			return verify_bad(v, 1, "%s: a copy inside the kernel "
			    "writes %%%s", mn, o[i].gpr);
		if (o[i].kind == OPD_REG && o[i].vk && i < n - 1
		    && v->reg[o[i].vr] == -1)
			return verify_bad(v, 1, "reads %%%cmm%d before it is "
			    "written", o[i].vk, o[i].vr);
	}
	if (o[n - 1].kind == OPD_REG && o[n - 1].vk)
		v->reg[o[n - 1].vr] = COPIED;
	return 0;
}

/* A kernel begins at line i: every register and stack slot undefined,
 * X holding the inputs but those the kernel declares in registers
 * ("# kgen: in" lines up to its end), nothing stored, counts at 0. */
void
vkern_start(V *v, char **lines, int i, int nline)
{
	const char *s;
	char kind[4];
	int j, r, k;

	memset(v->reg, -1, sizeof v->reg);
	memset(v->ready, 0, sizeof v->ready);
	memset(v->mem, -1, v->nmem * sizeof *v->mem);
	memset(v->loaded, 0, v->nmem * sizeof *v->loaded);
	memset(v->stored, 0, v->nout * sizeof *v->stored);
	memset(v->outreg, -1, v->nout * sizeof *v->outreg);
	for (j = 0; j < v->ndata; j++)
		v->mem[j] = vterm_new(v, T_IN, -1, -1, -1, j);
	for (j = i + 1; j < nline; j++) {
		s = asmread_skip(lines[j]);
		if (!strcmp(s, "# kgen: end kernel"))
			break;
		if (sscanf(s, "# kgen: in %%%1[xyz]mm%d %d", kind, &r, &k) == 3
		    && k >= 0 && k < v->ndata)
			v->mem[k] = -1;
	}
	memset(&v->res, 0, sizeof v->res);
	v->stall = v->stepstall = 0;
	v->kins = v->incopy = v->aftercopy = 0;
	v->nkernel++;
}

/* A declaration of the kernel's boundary with its copies (n1 codelets
 * whose rows copies transpose straight into and out of the registers,
 * x86/asm.c and x86/asmcopy.c): "# kgen: in %zmmK S", register K
 * holds data slot S's input, on entry to the kernel or right after a
 * copy inside it (as X does on the other paths, an assumption about the
 * copies, which tests/test_asm_copies.py checks against FFTW), and X vector S
 * does not (the rows copy does not fill it: kstart); "# kgen: out
 * %zmmK S", register K holds output S where the kernel ends, as a store
 * of K to X would (checked there: outs); "# kgen: put %zmmK S", K holds
 * output S here (checked here), for the copy that follows to store.
 * 0, or v->rc. */
int
vkern_declare(V *v, const char *s)
{
	Opd o;
	char kind[4];
	int r, k, in, put, end, skip;

	in = !strncmp(s, "# kgen: in ", 11);
	put = !strncmp(s, "# kgen: put ", 12);
	skip = in ? 11 : 12;
	memset(&o, 0, sizeof o);
	end = -1;
	if (sscanf(s + skip, "%%%1[xyz]mm%d %d%n", kind, &r, &k, &end) != 3
	    || s[skip + end] || r < 0 || r >= 32 || k < 0 || k >= v->nout
	    || v->t1v || v->gemm || v->incopy)
		return verify_bad(v, 2, "cannot parse: %s", s);
	o.kind = OPD_REG;
	o.vk = kind[0];
	o.vr = r;
	if (checkreg(v, &o))
		return v->rc;
	if (in) {
		if (v->kins && !v->aftercopy)
			return verify_bad(v, 1, "an input declared after the "
			    "kernel's first instruction, not right after a "
			    "copy");
		if (v->kins && v->reg[r] != COPIED)
			return verify_bad(v, 1, "input %d declared in "
			    "%%%cmm%d, which the copy before does not write",
			    k, o.vk, r);
		/* the rows copy leaves the input in the register, not in
		 * X: the kernel must not load it from there (kstart) */
		v->reg[r] = vterm_new(v, T_IN, -1, -1, -1, k);
		v->mem[k] = -1;
		return 0;
	}
	v->aftercopy = 0;
	if (put) {
		if (v->reg[r] < 0)
			return verify_bad(v, 1, "output %d: %%%cmm%d holds no "
			    "value of the kernel", k, o.vk, r);
		return outcheck(v, k, v->reg[r]);
	}
	v->outreg[k] = r;
	v->outline[k] = v->line;
	return 0;
}

/* At the kernel's end: each declared output register holds its output
 * (the copies read it there).  0, or v->rc. */
static int
outs(V *v)
{
	char a[200], b[200];
	int k, r;

	for (k = 0; k < v->nout && !v->gemm && !v->t1v; k++) {
		if ((r = v->outreg[k]) < 0)
			continue;
		v->line = v->outline[k];
		if (v->reg[r] < 0)
			return verify_bad(v, 1, "output %d: %%%cmm%d is never "
			    "written", k, v->vb == 32 ? 'y' : v->vb == 64 ? 'z'
			    : 'x', r);
		if (v->reg[r] != v->want[k]) {
			vterm_show(v, a, sizeof a, v->reg[r], 2);
			vterm_show(v, b, sizeof b, v->want[k], 2);
			return verify_bad(v, 1, "output %d (%s of element %d) "
			    "gets %s at the kernel's end; the DAG's is %s", k,
			    k & 1 ? "im" : "re", k / 2, a, b);
		}
		v->stored[k] = 1;
	}
	return 0;
}

/* A kernel ends: its outputs all stored (or declared), its counts those
 * of the first kernel.  0, or v->rc. */
int
vkern_end(V *v)
{
	int i;

	if (outs(v))
		return v->rc;
	for (i = 0; i < v->nout; i++)
		if (!v->stored[i] && v->gemm)
			return verify_bad(v, 1, "output vector %d of column "
			    "%d of C is never stored", i % v->mv, i / v->mv);
		else if (!v->stored[i])
			return verify_bad(v, 1, "output %d (%s of element %d) "
			    "is never stored", i, i & 1 ? "im" : "re", i / 2);
	v->stall += v->stepstall;
	v->stepstall = 0;
	v->res.stalls = v->stall;
	if (v->nkernel == 1)
		v->first = v->res;
	else if (v->res.loads != v->first.loads || v->res.stores
	    != v->first.stores || v->res.stalls != v->first.stalls)
		return verify_bad(v, 1, "kernel %d makes %d spill loads, %d "
		    "spill stores and %ld stalls; the first %d, %d and %ld",
		    v->nkernel, v->res.loads, v->res.stores, v->res.stalls,
		    v->first.loads, v->first.stores, v->first.stalls);
	return 0;
}
