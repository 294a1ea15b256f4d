/* verify/vgpr.c: the general registers (verify.c's opening comment):
 * which multiple of a stride an index register holds (vgpr_track), and
 * the rules for the code around the kernel: a callee-saved register
 * saved before it is written and restored, %rsp restored at ret and
 * aligned for the frame the kernel's stack slots lie in (vgpr_instr). */
#include <string.h>
#include "all.h"
#include "verify.h"

static const char *const gname[16] = {"rax", "rbx", "rcx", "rdx", "rsi",
    "rdi", "rbp", "rsp", "r8", "r9", "r10", "r11", "r12", "r13", "r14",
    "r15"};

/* The number of a 64-bit general register, -1 for another name. */
int
vgpr_no(const char *r)
{
	int i;

	for (i = 0; i < 16 && strcmp(r, gname[i]); i++)
		;
	return i < 16 ? i : -1;
}

/* Follows what a general-register instruction writes to its last
 * operand, as a multiple of a stride where that is known (the index
 * registers of t1v and gemm): on entry rcx is rs (t1v), or rcx, r8, r9
 * are lda, ldb, ldc (gemm); shl, imul by a constant, lea of one stride
 * and mov of known ones stay known, anything else written is unknown.  In the
 * kernel (and after it) a register its addresses read from before the
 * kernel must keep its value: the kernel runs again in the loop. */
int
vgpr_track(V *v, const char *mn, const Opd *o, int n)
{
	int d, a, b, ka, st;
	long c;

	if (n == 0 || o[n - 1].kind != OPD_REG || o[n - 1].vk
	    || (d = vgpr_no(o[n - 1].gpr)) < 0)
		return 0;
	if ((v->inkernel || v->after) && v->kpre[d])
		return verify_bad(v, 1, "%s: changes %%%s, which the kernel's "
		    "addresses read, inside the loop", mn, gname[d]);
	if (v->inkernel)
		v->kwr[d] = 1;
	ka = 0;
	c = 0;
	st = v->gs[d];
	if (!strcmp(mn, "shlq") && n == 2 && o[0].kind == OPD_IMM
	    && o[0].imm >= 0 && o[0].imm < 32 && v->gk[d]) {
		ka = 1;
		c = v->gc[d] << o[0].imm;
	} else if (!strcmp(mn, "imulq") && n == 3 && o[0].kind == OPD_IMM
	    && o[1].kind == OPD_REG && (a = vgpr_no(o[1].gpr)) >= 0
	    && v->gk[a]) {
		ka = 1;
		c = v->gc[a] * o[0].imm;
		st = v->gs[a];
	} else if (!strcmp(mn, "movq") && n == 2 && o[0].kind == OPD_REG
	    && (a = vgpr_no(o[0].gpr)) >= 0 && v->gk[a]) {
		ka = 1;
		c = v->gc[a];
		st = v->gs[a];
	} else if (!strcmp(mn, "leaq") && n == 2 && !o[0].disp
	    && !o[0].label[0] && (a = vgpr_no(o[0].base)) >= 0 && v->gk[a]) {
		b = o[0].index[0] ? vgpr_no(o[0].index) : -1;
		if (!o[0].index[0] || (b >= 0 && v->gk[b]
		    && v->gs[b] == v->gs[a])) {
			ka = 1;
			c = v->gc[a] + (b >= 0 ? v->gc[b] * o[0].scale : 0);
			st = v->gs[a];
		}
	}
	v->gk[d] = ka;
	v->gc[d] = c;
	v->gs[d] = st;
	return 0;
}

static const char *const csname[NCS] = {"rbx", "rbp", "r12", "r13", "r14",
    "r15"};

int
vgpr_cs(const char *r)
{
	int i;

	for (i = 0; i < NCS; i++)
		if (!strcmp(r, csname[i]) || (r[0] == 'e' && !strcmp(r + 1,
		    csname[i] + 1)) || (!strncmp(r, csname[i],
		    strlen(csname[i])) && r[strlen(csname[i])] == 'd'))
			return i;
	return -1;
}

/* A general-register instruction outside the kernel. */
int
vgpr_instr(V *v, const char *mn, Opd *o, int n)
{
	const char *dst;
	int i, k;
	long a;

	if (!strcmp(mn, "ret")) {
		if (!v->rspknown || v->rspoff != 0)
			return verify_bad(v, 1, "ret with %%rsp not restored");
		for (i = 0; i < NCS; i++)
			if (v->cs[i] == 1 || v->cs[i] == 2)
				return verify_bad(v, 1, "ret without "
				    "restoring %%%s", csname[i]);
		/* what follows is a second entry (NAME_b of t1v and n1v):
		 * argument moves and a jump into the body above, which the
		 * reading in order does not follow; the FFTW checks do */
		v->after = 0;
		return 0;
	}
	if (!strcmp(mn, "pushq")) {
		if (n != 1 || o[0].kind != OPD_REG || !v->rspknown)
			return verify_bad(v, 1, "pushq: only of registers, "
			    "with %%rsp known");
		v->rspoff += 8;
		k = vgpr_cs(o[0].gpr);
		if (k >= 0 && v->cs[k] == 0)
			v->cs[k] = 1;
		if (v->rspoff / 8 < 64)
			v->pushed[v->rspoff / 8] = k;
		return 0;
	}
	if (!strcmp(mn, "popq")) {
		if (n != 1 || o[0].kind != OPD_REG || !v->rspknown
		    || v->rspoff < 8)
			return verify_bad(v, 1, "popq with %%rsp not known");
		k = vgpr_cs(o[0].gpr);
		if (k >= 0 && v->pushed[v->rspoff / 8] != k)
			return verify_bad(v, 1, "popq %%%s: restores a value "
			    "pushed from another register", o[0].gpr);
		if (k >= 0)
			v->cs[k] = 3;
		v->rspoff -= 8;
		return 0;
	}
	if (mn[0] == 'j' || !strncmp(mn, "cmp", 3) || !strncmp(mn, "test", 4)
	    || n == 0)
		return 0;
	if (vgpr_track(v, mn, o, n))
		return v->rc;
	if (o[n - 1].kind != OPD_REG && (v->t1v || v->gemm))
		return verify_bad(v, 1, "%s: a store outside the kernel (t1v "
		    "and gemm codelets write only there)", mn);
	if (o[n - 1].kind != OPD_REG)
		return 0;   /* n1: a copy to X or the outputs */
	if (v->gemm && (!strcmp(o[n - 1].gpr, "rdi") || !strcmp(o[n - 1].gpr,
	    "rsi") || !strcmp(o[n - 1].gpr, "rdx")))
		return verify_bad(v, 1, "%s: changes %%%s, a gemm codelet's "
		    "A, B or C", mn, o[n - 1].gpr);
	dst = o[n - 1].gpr;
	if (!strcmp(dst, "rsp")) {
		if (!strcmp(mn, "andq") && o[0].kind == OPD_IMM
		    && o[0].imm < 0 && !(-o[0].imm & (-o[0].imm - 1))) {
			a = -o[0].imm;
			if (v->rspknown || a > v->rspal)
				v->rspal = a;
			v->rspknown = 0;
			v->frame = 0;   /* below the saved registers */
		} else if (!strcmp(mn, "subq") && o[0].kind == OPD_IMM) {
			if (v->rspknown)
				v->rspoff += o[0].imm;
			else if (o[0].imm % v->rspal || o[0].imm < 0)
				return verify_bad(v, 1, "subq: %%rsp loses "
				    "its %ld-byte alignment", v->rspal);
			else
				v->frame += o[0].imm;
		} else if (!strcmp(mn, "leaq") && !strcmp(o[0].base, "rbp")
		    && !o[0].index[0] && v->rbpknown) {
			v->rspknown = 1;
			v->rspoff = v->rbpoff - o[0].disp;
		} else {
			return verify_bad(v, 1, "%s: changes %%rsp in a way "
			    "the checker does not follow", mn);
		}
		return 0;
	}
	k = vgpr_cs(dst);
	if (k == 1 && !strcmp(mn, "movq") && o[0].kind == OPD_REG
	    && !strcmp(o[0].gpr, "rsp") && v->rspknown && v->cs[1]) {
		v->rbpknown = 1;
		v->rbpoff = v->rspoff;
	} else if (k == 1) {
		v->rbpknown = 0;
	}
	if (k >= 0 && (v->cs[k] == 0 || v->cs[k] == 3))
		return verify_bad(v, 1, "%s: writes %%%s, callee-saved, "
		    "without saving it first", mn, dst);
	if (k >= 0)
		v->cs[k] = 2;
	return 0;
}
