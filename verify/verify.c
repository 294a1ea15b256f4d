/* verify/verify.c: a translation validator for the assembly of x86/asm.c
 * (kgen verify FILE.s, and kgen fft --emit asm --verify).  It executes
 * the emitted instructions symbolically and proves the code computes the
 * DAG, in the manner of translation validation for register allocation
 * (Rideau and Leroy, "Validating register allocation and spilling", CC
 * 2010, as CompCert does it) on straight-line code:
 *   - values are hash-consed terms over the inputs and constants
 *     (IN s, the bits of a constant, add, mul, neg, fma, fms, fnms), the
 *     DAG's and the code's built by the same constructors, which apply
 *     only identities IEEE arithmetic makes exact: operands of add and
 *     mul, and the factors of the FMAs, commute; x - y is x + -y; -(-x)
 *     is x; the negation of a constant is the negated constant;
 *   - the kernel ("# kgen: kernel" .. "# kgen: end kernel") starts with
 *     the input buffer X holding IN s and every register and stack slot
 *     undefined: a read of an undefined one fails; each store to X must
 *     hold the DAG's expression for that output, and every output must
 *     be stored; constants are read from the file's own .rodata (every
 *     lane the same value); xor with the sign mask is the only xor;
 *     registers are the ISA's kind and number below the header's R;
 *     where the kernel keeps some or all of its data in registers,
 *     "# kgen: in" lines before its first instruction start registers
 *     with inputs (whose X vectors are then undefined), and "# kgen:
 *     out" lines name the registers that must hold the outputs where it
 *     ends (declare);
 *   - a codelet may hold more than one kernel (n1 double on AVX2: the
 *     rows path may have its own, x86/asmcopy.c's
 *     asmcopy_rowskernel); each starts afresh and is checked alike, and
 *     all must make the same spill loads, spill stores and stalls (the
 *     counts reported are the first's).  Inside one, the lines between
 *     "# kgen: copy" and "# kgen: end copy" are a copy between the
 *     caller's arrays and the registers: followed as copies (no stack
 *     access, no general register written), every vector register it
 *     writes holds an unknown value, which no kernel instruction may
 *     read; "# kgen: in %zmmK S" lines right after a copy say that K
 *     holds input S from there (inputs declared anywhere in a kernel
 *     are undefined in X for all of it), and "# kgen: put %zmmK S" lines
 *     (before a copy that stores output S from K) are checked where
 *     they stand, as a store of K to X would be;
 *   - around it, the general-register code must save a callee-saved
 *     register before writing it and restore it, return with %rsp
 *     restored, and align %rsp and allocate the frame (andq, subq) that
 *     the kernel's stack slots lie in.  The
 *     copies between the arrays and X (x86/asmcopy.c: vector moves and
 *     shuffles, general-register loops) are followed as straight text
 *     for these rules only; what they copy is checked against FFTW by
 *     tests/test_asm_copies.py, not here.
 * The first failure is reported with its line (exit 1); a line it
 * cannot read is a parse error, with where (exit 2).  It also counts the
 * kernel's spill traffic: a vector load from a stack slot, or from X
 * after the first load of that slot, is a spill load; a vector store to
 * a stack slot is a spill store; constants' memory operands are not
 * counted (Belady counts constants as memory operands, no load).  With
 * latency L, a value loaded in step s (the "# step" comments) and read
 * in step t waits max(0, s + L - t) steps, Belady's stall model: a step
 * waits for its slowest operand; spill stores are not steps and wait
 * for nothing.
 * This file reads the lines and holds the entry point; the terms are
 * vterm.c's, the kernel's instructions vkern.c's, memory operands
 * vaddr.c's, the general-register code vgpr.c's (verify.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "verify.h"

/* Records the first failure: rc (1 a mismatch, 2 a parse error) and
 * the message, with the file and line; returns v->rc. */
int
verify_bad(V *v, int rc, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (v->rc)
		return v->rc;
	k = snprintf(v->msg, sizeof v->msg, "%s:%d: ", v->file, v->line);
	va_start(ap, fmt);
	vsnprintf(v->msg + k, sizeof v->msg - k, fmt, ap);
	va_end(ap);
	v->rc = rc;
	return rc;
}

static int
run(V *v, char **lines, int nline)
{
	Opd o[4];
	char mn[32], *c;
	const char *s;
	int i, n, inkernel, seen;

	inkernel = seen = 0;
	for (i = 0; i < nline && !v->rc; i++) {
		v->line = i + 1;
		s = asmread_skip(lines[i]);
		if (!strcmp(s, "# kgen: kernel")) {
			if (inkernel || (seen && (v->gemm || v->t1v)))
				return verify_bad(v, 2, "a second kernel");
			inkernel = seen = v->inkernel = 1;
			vkern_start(v, lines, i, nline);
			continue;
		}
		if (!strcmp(s, "# kgen: end kernel")) {
			if (!inkernel || v->incopy)
				return verify_bad(v, 2, "the end of no "
				    "kernel, or of one inside a copy");
			inkernel = v->inkernel = 0;
			v->after = 1;
			if (vkern_end(v))
				return v->rc;
			v->line = i + 1;
			continue;
		}
		if (inkernel && !strcmp(s, "# kgen: copy")) {
			if (v->incopy || v->gemm || v->t1v)
				return verify_bad(v, 2, "a copy inside a "
				    "copy, or in a %s kernel", v->gemm ? "gemm"
				    : "t1v");
			v->incopy = 1;
			v->aftercopy = 0;
			continue;
		}
		if (inkernel && !strcmp(s, "# kgen: end copy")) {
			if (!v->incopy)
				return verify_bad(v, 2, "the end of no copy");
			v->incopy = 0;
			v->aftercopy = 1;
			continue;
		}
		if (inkernel && (!strncmp(s, "# kgen: in ", 11)
		    || !strncmp(s, "# kgen: out ", 12)
		    || !strncmp(s, "# kgen: put ", 12))) {
			vkern_declare(v, s);
			continue;
		}
		if (!strncmp(s, "# step ", 7)) {
			v->stall += v->stepstall;
			v->stepstall = 0;
			v->step = atol(s + 7);
			continue;
		}
		if ((c = strchr(lines[i], '#')))
			*c = 0;
		s = asmread_skip(lines[i]);
		n = (int)strlen(s);
		while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		lines[i][s - lines[i] + n] = 0;
		if (!*s || *s == '.')
			continue;       /* a directive or a local label */
		if (s[n - 1] == ':' && !strchr(s, ' '))
			continue;       /* a label */
		if ((n = asmread_instr(s, mn, o)) < 0)
			return verify_bad(v, 2, "cannot parse: %s", s);
		if (v->incopy) {
			vkern_copy(v, mn, o, n);
			continue;
		}
		v->aftercopy = 0;
		if (inkernel)
			vkern_instr(v, mn, o, n);
		else
			vgpr_instr(v, mn, o, n);
		v->kins += inkernel;
		v->res.instrs += inkernel;
	}
	if (v->rc)
		return v->rc;
	v->line = nline;
	if (!seen || inkernel)
		return verify_bad(v, 2, "no kernel (\"# kgen: kernel\" .. \"# "
		    "kgen: end kernel\")");
	return 0;
}

/* Checks text, the assembly in file (for messages), against d, the DAG
 * its header h names (built by the caller: fft_build and simp_run).
 * Returns 0 when every check holds, 1 on the first failure, 2 when a
 * line cannot be parsed; msg then says what and where.  r: the kernel's
 * counts. */
int
verify_run(const char *text, const char *file, Dag *d, const Vhead *h,
    Vres *r, char *msg, size_t nmsg)
{
	V v;
	char *buf, **lines, *p;
	int nline, i;

	memset(&v, 0, sizeof v);
	v.d = d;
	v.h = h;
	v.file = file;
	v.vb = isa_get(h->simd)->bytes;
	v.esz = h->isfloat ? 4 : 8;
	v.vl = v.vb / v.esz;
	v.t1v = h->kind == CK_T1V;
	v.gemm = h->kind < 0;
	v.frame = -1;
	if (v.gemm) {
		/* A, B, C as gemm_build numbers its inputs; C in place */
		v.mv = h->m / v.vl;
		v.gk3 = h->k;
		v.gn = h->n;
		v.out0 = v.mv * h->k + h->k * h->n;
		v.nout = v.mv * h->n;
		v.ndata = v.out0 + v.nout;
		v.stk0 = v.ndata;
		/* %rcx, %r8, %r9: lda, ldb, ldc, in elements */
		for (i = 0; i < 3; i++) {
			v.gk[i ? 7 + i : 2] = 1;
			v.gc[i ? 7 + i : 2] = 1;
			v.gs[i ? 7 + i : 2] = i;
		}
	} else if (v.t1v) {
		/* x_j (re, im) in slots 2j, 2j+1 in place; then W */
		v.r = h->n;
		v.nw = 2 * (h->n - 1);
		v.nout = 2 * h->n;
		v.ndata = v.nout + v.nw;
		v.stk0 = v.ndata;
		v.gk[2] = 1;    /* %rcx: rs, in elements */
		v.gc[2] = 1;
	} else {
		/* X: 2n vectors at 0(%rsp), inputs and outputs in place */
		v.nout = v.ndata = 2 * h->n;
	}
	buf = emalloc(strlen(text) + 1);
	strcpy(buf, text);
	for (nline = 1, p = buf; *p; p++)
		nline += *p == '\n';
	lines = emalloc(nline * sizeof *lines);
	for (nline = 0, p = buf; p; nline++) {
		lines[nline] = p;
		if ((p = strchr(p, '\n')))
			*p++ = 0;
	}
	v.cap = 4 * d->nnode + 8 * nline + 64;
	v.t = emalloc(v.cap * sizeof *v.t);
	for (v.tabcap = 64; v.tabcap < 2 * v.cap; v.tabcap *= 2)
		;
	v.tab = emalloc(v.tabcap * sizeof *v.tab);
	memset(v.tab, -1, v.tabcap * sizeof *v.tab);
	v.nmem = v.stk0 + v.ndata + nline + 1;
	v.mem = emalloc(v.nmem * sizeof *v.mem);
	memset(v.mem, -1, v.nmem * sizeof *v.mem);
	v.loaded = emalloc(v.nmem * sizeof *v.loaded);
	memset(v.loaded, 0, v.nmem * sizeof *v.loaded);
	v.want = emalloc(v.nout * sizeof *v.want);
	v.stored = emalloc(v.nout * sizeof *v.stored);
	memset(v.stored, 0, v.nout * sizeof *v.stored);
	v.outreg = emalloc(v.nout * sizeof *v.outreg);
	memset(v.outreg, -1, v.nout * sizeof *v.outreg);
	v.outline = emalloc(v.nout * sizeof *v.outline);
	v.con = emalloc((nline + 1) * sizeof *v.con);
	memset(v.con, 0, (nline + 1) * sizeof *v.con);
	memset(v.reg, -1, sizeof v.reg);
	memset(v.pushed, -1, sizeof v.pushed);
	v.rspknown = 1;
	for (i = 0; i < v.ndata; i++)
		v.mem[i] = vterm_new(&v, T_IN, -1, -1, -1, i);
	for (i = 0; i < v.nout; i++)
		v.want[i] = -1;
	vterm_expect(&v);
	if (!vterm_rodata(&v, lines, nline))
		run(&v, lines, nline);
	*r = v.first;
	snprintf(msg, nmsg, "%s", v.msg);
	free(v.con);
	free(v.outline);
	free(v.outreg);
	free(v.stored);
	free(v.want);
	free(v.loaded);
	free(v.mem);
	free(v.tab);
	free(v.t);
	free(lines);
	free(buf);
	return v.rc;
}
