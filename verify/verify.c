/* verify.c: a translation validator for the assembly of x86/asm.c
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
 *     tests/test_asm.py, not here.
 * The first failure is reported with its line (exit 1); a line it
 * cannot read is a parse error, with where (exit 2).  It also counts the
 * kernel's spill traffic: a vector load from a stack slot, or from X
 * after the first load of that slot, is a spill load; a vector store to
 * a stack slot is a spill store; constants' memory operands are not
 * counted (Belady counts constants as memory operands, no load).  With
 * latency L, a value loaded in step s (the "# step" comments) and read
 * in step t waits max(0, s + L - t) steps, Belady's stall model: a step
 * waits for its slowest operand; spill stores are not steps and wait
 * for nothing. */
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"

enum { T_IN, T_CONST, T_ADD, T_MUL, T_NEG, T_FMA, T_FMS, T_FNMS };
enum { COPIED = -2 };   /* a register a copy in the kernel wrote */

typedef struct Term Term;
struct Term {
	int op, a, b, c;
	unsigned long long v;   /* T_IN: slot; T_CONST: bits */
};

typedef struct Const Const;
struct Const {
	char label[64];
	unsigned long long v[16];
	int n;
};

enum { NCS = 6 };       /* callee-saved GPRs */
static const char *const csname[NCS] = {"rbx", "rbp", "r12", "r13", "r14",
    "r15"};

typedef struct V V;
struct V {
	Dag *d;
	const Vhead *h;
	const char *file;
	int line;
	int vb, esz, vl;
	int t1v, gemm;      /* the kind: data in the caller's arrays, not X */
	int ndata;          /* data slots: X, or the DAG's inputs */
	int out0, nout;     /* the output slots among them */
	int r, nw;          /* t1v: radix, table entries (slots 2r..) */
	int mv, gk3, gn;    /* gemm: vectors a column, K, N */
	int stk0;           /* the slot of 0(%rsp) */
	long frame;         /* bytes at %rsp for the kernel, -1 unknown */
	long gc[16];        /* general registers: gc * stride gs, where gk */
	int gs[16];
	int gk[16];
	int kpre[16];       /* read by the kernel's addresses before the
	                     * kernel writes it: fixed for the whole loop */
	int kwr[16];        /* written in the kernel */
	int inkernel;       /* in the kernel */
	int after;          /* past the kernel */
	int nkernel;        /* kernels begun */
	int incopy;         /* in a copy inside the kernel */
	int aftercopy;      /* just past one: "# kgen: in" lines may follow */
	int kins;           /* the kernel's instructions so far */
	Vres first;         /* the first kernel's counts */
	Term *t;            /* the term table */
	int nt, cap;
	int *tab, tabcap;
	int reg[32];        /* term in each vector register, -1 undefined */
	long ready[32];     /* step from which a loaded register is ready */
	int *mem;           /* stack slots by offset / vb, -1 undefined */
	int nmem;
	int *loaded;        /* X slot already loaded */
	int *want;          /* per output slot: the DAG's term */
	int *stored;
	int *outreg, *outline;  /* declared "# kgen: out": register, line */
	Const *con;
	int ncon;
	long step, stall;   /* the step being read, stalls so far */
	int stepstall;
	int spilling;       /* reading for a spill store: not a step's read */
	int bcasting;       /* reading for a broadcast */
	int cs[NCS];        /* 0 untouched, 1 saved, 2 written, 3 restored */
	int pushed[64];     /* callee-saved pushed at each depth, -1 none */
	int rspknown;       /* %rsp is entry - rspoff; else aligned to rspal */
	long rspoff, rbpoff;
	int rbpknown;
	long rspal;
	char msg[400];
	int rc;             /* 0 ok, 1 mismatch, 2 parse error */
	Vres res;
};

static int
bad(V *v, int rc, const char *fmt, ...)
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

static int csindex(const char *r);

/* ---- terms ------------------------------------------------------------ */

static unsigned
hash(const Term *e)
{
	unsigned long long h;

	h = (unsigned long long)e->op * 0x9e3779b97f4a7c15ULL;
	h ^= (unsigned)e->a * 0x85ebca6bU + (unsigned)e->b * 0xc2b2ae35U
	    + (unsigned)e->c * 0x27d4eb2fU;
	h ^= e->v * 0xff51afd7ed558ccdULL;
	return (unsigned)(h ^ h >> 29);
}

static int
term(V *v, int op, int a, int b, int c, unsigned long long val)
{
	Term e;
	unsigned i;
	int k, x;

	if ((op == T_ADD || op == T_MUL || op >= T_FMA) && a > b) {
		x = a;
		a = b;
		b = x;
	}
	e.op = op;
	e.a = a;
	e.b = b;
	e.c = c;
	e.v = val;
	for (i = hash(&e) & (v->tabcap - 1); (k = v->tab[i]) >= 0;
	    i = (i + 1) & (v->tabcap - 1))
		if (!memcmp(&v->t[k], &e, sizeof e))
			return k;
	if (v->nt == v->cap) {
		die("verify: more than %d terms", v->cap);
	}
	v->t[v->nt] = e;
	v->tab[i] = v->nt;
	return v->nt++;
}

static unsigned long long
signbit(V *v)
{
	return v->esz == 8 ? 1ULL << 63 : 1ULL << 31;
}

static int
neg(V *v, int a)
{
	if (v->t[a].op == T_NEG)
		return v->t[a].a;
	if (v->t[a].op == T_CONST)
		return term(v, T_CONST, -1, -1, -1, v->t[a].v ^ signbit(v));
	return term(v, T_NEG, a, -1, -1, 0);
}

static int
constant(V *v, long double x)
{
	unsigned long long u;
	unsigned w;
	double dd;
	float ff;

	if (v->esz == 8) {
		dd = (double)x;
		memcpy(&u, &dd, 8);
	} else {
		ff = (float)x;
		memcpy(&w, &ff, 4);
		u = w;
	}
	return term(v, T_CONST, -1, -1, -1, u);
}

/* The term of an operation as the DAG or the code states it. */
static int
apply(V *v, int op, int a, int b, int c)
{
	switch (op) {
	case OP_ADD: return term(v, T_ADD, a, b, -1, 0);
	case OP_SUB: return term(v, T_ADD, a, neg(v, b), -1, 0);
	case OP_MUL: return term(v, T_MUL, a, b, -1, 0);
	case OP_NEG: return neg(v, a);
	case OP_FMA: return term(v, T_FMA, a, b, c, 0);
	case OP_FMS: return term(v, T_FMS, a, b, c, 0);
	case OP_FNMS: return term(v, T_FNMS, a, b, c, 0);
	}
	assert(0 && "an arithmetic op");
	return -1;
}

/* Prints term k, two levels deep, for messages. */
static void
show(V *v, char *buf, size_t n, int k, int depth)
{
	static const char *const name[] = {"in", "const", "add", "mul", "neg",
	    "fma", "fms", "fnms"};
	Term *e;
	size_t len;
	char sub[3][160];
	int i, x[3];

	e = &v->t[k];
	if (e->op == T_IN) {
		snprintf(buf, n, "in%llu", e->v);
		return;
	}
	if (e->op == T_CONST) {
		snprintf(buf, n, "0x%llx", e->v);
		return;
	}
	if (depth == 0) {
		snprintf(buf, n, "%s(..)", name[e->op]);
		return;
	}
	x[0] = e->a;
	x[1] = e->b;
	x[2] = e->c;
	snprintf(buf, n, "%s(", name[e->op]);
	for (i = 0; i < 3 && x[i] >= 0; i++) {
		show(v, sub[i], sizeof sub[i], x[i], depth - 1);
		len = strlen(buf);
		snprintf(buf + len, n - len, "%s%s", i ? ", " : "", sub[i]);
	}
	len = strlen(buf);
	snprintf(buf + len, n - len, ")");
}

/* The DAG's term of each output slot, by its place in X. */
static void
expect(V *v)
{
	Dag *d;
	Node *n;
	Slot *s;
	int i, *tm, x[3], j;

	d = v->d;
	tm = emalloc((d->nnode + 1) * sizeof *tm);
	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		for (j = 0; j < 3; j++)
			x[j] = j < optab[n->op].arity ? tm[n->a[j]] : -1;
		if (n->op == OP_LOAD && (v->t1v || v->gemm)) {
			tm[i] = term(v, T_IN, -1, -1, -1, n->k);
		} else if (n->op == OP_LOAD) {
			s = &d->in[n->k];
			tm[i] = term(v, T_IN, -1, -1, -1, 2 * s->j + (s->arr & 1));
		} else if (n->op == OP_CONST) {
			tm[i] = constant(v, d->con[n->k]);
		} else if (n->op == OP_STORE) {
			s = &d->out[n->k];
			v->want[v->t1v || v->gemm ? n->k : 2 * s->j
			    + (s->arr & 1)] = x[0];
			tm[i] = -1;
		} else {
			tm[i] = apply(v, n->op, x[0], x[1], x[2]);
		}
	}
	free(tm);
}

/* ---- .rodata ---------------------------------------------------------- */

/* The constants of .rodata: label lines followed by .quad or .long. */
static int
rodata(V *v, char **lines, int nline)
{
	Const *c;
	const char *s, *p;
	char *end;
	int i, rod, want;

	want = v->esz == 8;
	c = 0;
	rod = 0;
	for (i = 0; i < nline; i++) {
		v->line = i + 1;
		s = asmread_skip(lines[i]);
		if (!strncmp(s, ".section", 8) || !strncmp(s, ".text", 5)) {
			rod = strstr(s, ".rodata") != 0;
			continue;
		}
		if (!rod || !*s || *s == '#')
			continue;
		p = strchr(s, ':');
		if (p && !p[1] && s[0] == '.' && s[1] == 'L') {
			if (p - s >= 63)
				return bad(v, 2, "label too long");
			c = &v->con[v->ncon++];
			memcpy(c->label, s, p - s);
			c->label[p - s] = 0;
			continue;
		}
		if (!strncmp(s, ".balign", 7))
			continue;
		if (strncmp(s, want ? ".quad" : ".long", 5) || !c)
			return bad(v, 2, "cannot parse: expected a label or "
			    "%s in .rodata", want ? ".quad" : ".long");
		for (p = asmread_skip(s + 5); *p; p = asmread_skip(p)) {
			if (c->n == 16)
				return bad(v, 2, "more than 16 lanes");
			errno = 0;
			c->v[c->n++] = strtoull(p, &end, 0);
			if (end == p || errno)
				return bad(v, 2, "cannot parse a number");
			p = asmread_skip(end);
			if (*p == ',')
				p++;
			else if (*p)
				return bad(v, 2, "cannot parse: expected ','");
		}
	}
	return 0;
}

/* The term of a constant operand: every lane the same value. */
static int
conterm(V *v, const Opd *o, int *issign)
{
	int i, l;
	Const *c;

	for (i = 0; i < v->ncon && strcmp(v->con[i].label, o->label); i++)
		;
	if (i == v->ncon)
		return bad(v, 1, "%s: no such constant in .rodata", o->label),
		    -1;
	c = &v->con[i];
	if (c->n != v->vl)
		return bad(v, 1, "%s: %d lanes; a vector has %d", o->label,
		    c->n, v->vl), -1;
	for (l = 1; l < c->n; l++)
		if (c->v[l] != c->v[0])
			return bad(v, 1, "%s: lanes differ", o->label), -1;
	*issign = c->v[0] == signbit(v);
	return term(v, T_CONST, -1, -1, -1, c->v[0]);
}

/* ---- the kernel ------------------------------------------------------- */

static const char *const gname[16] = {"rax", "rbx", "rcx", "rdx", "rsi",
    "rdi", "rbp", "rsp", "r8", "r9", "r10", "r11", "r12", "r13", "r14",
    "r15"};

/* The number of a 64-bit general register, -1 for another name. */
static int
gno(const char *r)
{
	int i;

	for (i = 0; i < 16 && strcmp(r, gname[i]); i++)
		;
	return i < 16 ? i : -1;
}

/* A stack operand's slot, or -1 after a failure. */
static int
stackslot(V *v, const Opd *o)
{
	if (o->index[0] || o->label[0])
		return bad(v, 1, "memory operand not at a constant offset "
		    "from %%rsp or a constant"), -1;
	if (o->disp < 0 || o->disp % v->vb)
		return bad(v, 1, "stack offset %ld: not a multiple of the %d "
		    "bytes of a vector at or above %%rsp", o->disp, v->vb),
		    -1;
	if (v->rspknown || v->rspal < v->vb)
		return bad(v, 1, "a stack access with %%rsp not aligned to the "
		    "%d bytes of a vector", v->vb), -1;
	if (v->frame < 0 || o->disp + v->vb > v->frame
	    || v->stk0 + o->disp / v->vb >= v->nmem)
		return bad(v, 1, "stack offset %ld: beyond the %ld-byte frame",
		    o->disp, v->frame), -1;
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
	g = gno(o->index);
	if (g < 0 || !v->gk[g] || v->gs[g] != st)
		return bad(v, 1, "index %%%s: not a known multiple of %s",
		    o->index, what), -1;
	off = v->gc[g] * o->scale;
	if (!v->kwr[g])
		v->kpre[g] = 1;
	if (off < 0 || off % v->esz)
		return bad(v, 1, "index %%%s: %ld %s bytes, not a whole "
		    "element at or after the base", o->index, off, what), -1;
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
			return bad(v, 1, "a table operand not at a whole entry "
			    "of W, 0..%d vectors from %%rdx", v->nw - 1), -1;
		return (int)(2 * v->r + o->disp / v->vb);
	}
	arr = !strcmp(o->base, "rsi");
	if ((!arr && strcmp(o->base, "rdi")) || o->disp)
		return bad(v, 1, "memory operand not x_j of ri (%%rdi) or ii "
		    "(%%rsi), W (%%rdx), the stack or a constant"), -1;
	if ((j = multiple(v, o, 0, "rs")) < 0)
		return -1;
	if (j >= v->r)
		return bad(v, 1, "address %ld rs from %%%s: not an element "
		    "x_j, j < %d", j, o->base, v->r), -1;
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
		return bad(v, 1, "memory operand not in A (%%rdi), B (%%rsi), "
		    "C (%%rdx), the stack or a constant"), -1;
	if ((col = multiple(v, o, st, sname[st])) < 0)
		return -1;
	unit = st == 1 ? v->esz : v->vb;
	rows = st == 1 ? v->gk3 : v->mv;
	cols = st == 0 ? v->gk3 : v->gn;
	if (o->disp < 0 || o->disp % unit || (row = o->disp / unit) >= rows
	    || col >= cols)
		return bad(v, 1, "%s operand at %ld bytes, %ld %s: not a whole "
		    "%s of the %d x %d %s", st == 0 ? "an A" : st == 1 ? "a B"
		    : "a C", o->disp, col, sname[st], st == 1 ? "element"
		    : "vector", rows, cols, st == 1 ? "B" : st == 0
		    ? "A (vectors)" : "C (vectors)"), -1;
	if (st == 0)
		return (int)(row + col * v->mv);
	if (st == 1)
		return (int)(v->mv * v->gk3 + row + col * v->gk3);
	return (int)(v->out0 + row + col * v->mv);
}

/* The slot of a memory operand, or -1 after a failure. */
static int
memslot(V *v, const Opd *o)
{
	if (!strcmp(o->base, "rsp"))
		return stackslot(v, o);
	if (v->t1v)
		return t1vslot(v, o);
	if (v->gemm)
		return gemmslot(v, o);
	return bad(v, 1, "memory operand not at a constant offset from "
	    "%%rsp or a constant"), -1;
}

/* Whether slot k is a stack slot for spills (not X or the data). */
static int
spillslot(V *v, int k)
{
	return k >= v->ndata;
}

/* Whether data slot k is a scalar that a load broadcasts (gemm's B). */
static int
isbcast(V *v, int k)
{
	return v->gemm && k >= v->mv * v->gk3 && k < v->out0;
}

/* The term an operand reads, -1 after a failure; *sg: the sign mask. */
static int
readop(V *v, const Opd *o, int *sg)
{
	int k, t;

	*sg = 0;
	if (o->kind == OPD_REG) {
		if (!o->vk)
			return bad(v, 1, "a general register in the kernel"),
			    -1;
		t = v->reg[o->vr];
		if (t < 0)
			return bad(v, 1, "reads %%%cmm%d before it is written",
			    o->vk, o->vr), -1;
		if (!v->spilling && v->ready[o->vr] - v->step > v->stepstall)
			v->stepstall = (int)(v->ready[o->vr] - v->step);
		if (!v->spilling)
			v->ready[o->vr] = 0;
		return t;
	}
	if (o->kind != OPD_MEM)
		return bad(v, 1, "an immediate in the kernel"), -1;
	if (!strcmp(o->base, "rip"))
		return conterm(v, o, sg);
	if ((k = memslot(v, o)) < 0)
		return -1;
	if (!spillslot(v, k) && isbcast(v, k) != v->bcasting)
		return bad(v, 1, v->bcasting ? "a broadcast of a vector: only "
		    "B's elements are broadcast" : "a vector load of B(p,j), a "
		    "scalar: vbroadcastsd"), -1;
	if (v->mem[k] < 0)
		return bad(v, 1, "reads stack offset %ld before it is written",
		    o->disp), -1;
	if (spillslot(v, k) || v->loaded[k])
		v->res.loads++;
	else
		v->res.cloads++;
	if (!spillslot(v, k))
		v->loaded[k] = 1;
	return v->mem[k];
}

static int
checkreg(V *v, const Opd *o)
{
	char want;

	want = v->vb == 16 ? 'x' : v->vb == 32 ? 'y' : 'z';
	if (o->kind == OPD_REG && o->vk && o->vk != want)
		return bad(v, 1, "%%%cmm%d: this codelet's vectors are %cmm "
		    "registers", o->vk, o->vr, want);
	if (o->kind == OPD_REG && o->vk && o->vr >= v->h->regs)
		return bad(v, 1, "%%%cmm%d: uses more than the R = %d "
		    "registers of the header", o->vk, o->vr, v->h->regs);
	return 0;
}

/* Output k (an index among the outputs) gets term t: it must be the
 * DAG's; then it is stored.  0, or v->rc. */
static int
outcheck(V *v, int k, int t)
{
	char a[200], b[200];

	if (t != v->want[k]) {
		show(v, a, sizeof a, t, 2);
		show(v, b, sizeof b, v->want[k], 2);
		if (v->gemm)
			return bad(v, 1, "output vector %d of column %d of C "
			    "gets %s; the DAG's is %s", k % v->mv, k / v->mv, a,
			    b);
		return bad(v, 1, "output %d (%s of element %d) gets %s; the "
		    "DAG's is %s", k, k & 1 ? "im" : "re", k / 2, a, b);
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
		return bad(v, 1, "the destination is not a vector register "
		    "or a stack slot");
	if ((k = memslot(v, o)) < 0)
		return v->rc;
	if (!spillslot(v, k) && (k < v->out0 || k >= v->out0 + v->nout))
		return bad(v, 1, "a store to an input array (%s)", v->t1v
		    ? "the table W" : "A or B");
	if (!spillslot(v, k)) {
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

/* Follows what a general-register instruction writes to its last
 * operand, as a multiple of a stride where that is known (the index
 * registers of t1v and gemm): on entry rcx is rs (t1v), or rcx, r8, r9
 * are lda, ldb, ldc (gemm); shl, imul by a constant, lea of one stride
 * and mov of known ones stay known, anything else written is unknown.  In the
 * kernel (and after it) a register its addresses read from before the
 * kernel must keep its value: the kernel runs again in the loop. */
static int
gtrack(V *v, const char *mn, const Opd *o, int n)
{
	int d, a, b, ka, st;
	long c;

	if (n == 0 || o[n - 1].kind != OPD_REG || o[n - 1].vk
	    || (d = gno(o[n - 1].gpr)) < 0)
		return 0;
	if ((v->inkernel || v->after) && v->kpre[d])
		return bad(v, 1, "%s: changes %%%s, which the kernel's addresses "
		    "read, inside the loop", mn, gname[d]);
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
	    && o[1].kind == OPD_REG && (a = gno(o[1].gpr)) >= 0 && v->gk[a]) {
		ka = 1;
		c = v->gc[a] * o[0].imm;
		st = v->gs[a];
	} else if (!strcmp(mn, "movq") && n == 2 && o[0].kind == OPD_REG
	    && (a = gno(o[0].gpr)) >= 0 && v->gk[a]) {
		ka = 1;
		c = v->gc[a];
		st = v->gs[a];
	} else if (!strcmp(mn, "leaq") && n == 2 && !o[0].disp
	    && !o[0].label[0] && (a = gno(o[0].base)) >= 0 && v->gk[a]) {
		b = o[0].index[0] ? gno(o[0].index) : -1;
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

/* One kernel instruction. */
static int
kinstr(V *v, const char *mn, Opd *o, int n)
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
			return bad(v, 1, "imulq: expected $k, reg, reg");
		i = gno(o[2].gpr);
		if (i < 0 || !strcmp(o[2].gpr, "rsp") || !strcmp(o[2].gpr, "rbp")
		    || !strcmp(o[2].gpr, "rdi") || !strcmp(o[2].gpr, "rsi")
		    || !strcmp(o[2].gpr, "rdx"))
			return bad(v, 1, "imulq writes %%%s, a base or frame "
			    "register, in the kernel", o[2].gpr);
		i = csindex(o[2].gpr);
		if (i >= 0 && v->cs[i] != 1 && v->cs[i] != 2)
			return bad(v, 1, "imulq writes %%%s, callee-saved, "
			    "without saving it first", o[2].gpr);
		if (i >= 0)
			v->cs[i] = 2;
		return gtrack(v, mn, o, n);
	}
	if (v->gemm && (!strcmp(mn, "vbroadcastsd")
	    || !strcmp(mn, "vbroadcastss"))) {
		if (n != 2 || o[0].kind != OPD_MEM || o[1].kind != OPD_REG
		    || !o[1].vk || strcmp(mn + 10, v->esz == 8 ? "sd" : "ss"))
			return bad(v, 1, "%s: expected a broadcast of an element "
			    "of B into a vector register", mn);
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
		return bad(v, 1, "%s: not a %s vector instruction", mn,
		    v->esz == 8 ? "double" : "float");
	m = mn;
	if ((v->h->simd != SIMD_SSE2) != (m[0] == 'v'))
		return bad(v, 1, "%s: %s", mn, v->h->simd == SIMD_SSE2
		    ? "an AVX instruction in an SSE2 codelet"
		    : "a legacy SSE instruction in an AVX codelet");
	if (m[0] == 'v')
		m++;
	if ((!strncmp(m, "mova", 4) || !strncmp(m, "movu", 4))
	    && strlen(m) == 6) {
		if (n != 2)
			return bad(v, 1, "%s takes two operands", mn);
		if (o[0].kind == OPD_MEM && o[1].kind == OPD_MEM)
			return bad(v, 1, "two memory operands");
		/* the caller's arrays need not be aligned */
		if ((v->t1v || v->gemm) && m[3] == 'a'
		    && ((o[0].kind == OPD_MEM && strcmp(o[0].base, "rsp")
		    && strcmp(o[0].base, "rip")) || (o[1].kind == OPD_MEM
		    && strcmp(o[1].base, "rsp"))))
			return bad(v, 1, "%s: an aligned move on the caller's "
			    "arrays, which need not be aligned", mn);
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
			return bad(v, 1, "%s: expected mem-or-reg, reg, reg", mn);
		form = atoi(m + strlen(fm[i]));
		x[0] = readop(v, &o[0], &sg[0]);    /* src3 */
		x[1] = x[0] < 0 ? -1 : readop(v, &o[1], &sg[1]);  /* src2 */
		x[2] = x[1] < 0 ? -1 : readop(v, &o[2], &sg[2]);  /* dst */
		if (x[2] < 0)
			return v->rc;
		op = OP_FMA + i;
		switch (form) {
		case 132: return writeop(v, &o[2], apply(v, op, x[2], x[0],
		    x[1]), 0);
		case 213: return writeop(v, &o[2], apply(v, op, x[1], x[2],
		    x[0]), 0);
		case 231: return writeop(v, &o[2], apply(v, op, x[1], x[0],
		    x[2]), 0);
		}
		return bad(v, 1, "%s: unknown FMA form", mn);
	}
	for (i = 0; i < 4; i++)
		if (!strncmp(m, ar[i].name, 3) && strlen(m) == 5)
			break;
	if (i == 4)
		return bad(v, 1, "%s: not an instruction of kgen's kernels",
		    mn);
	op = ar[i].op;
	if (mn[0] == 'v' ? n != 3 : n != 2)
		return bad(v, 1, "%s: wrong number of operands", mn);
	if (o[n - 1].kind != OPD_REG || (n == 3 && o[1].kind != OPD_REG))
		return bad(v, 1, "%s: only the first operand may be memory",
		    mn);
	x[0] = readop(v, &o[0], &sg[0]);        /* src2 */
	x[1] = x[0] < 0 ? -1 : readop(v, &o[1], &sg[1]);     /* src1 */
	if (x[1] < 0)
		return v->rc;
	if (op == OP_NEG) {
		if (!sg[0] || o[0].kind != OPD_MEM)
			return bad(v, 1, "%s: xor is only a negation by a sign "
			    "mask constant", mn);
		return writeop(v, &o[n - 1], neg(v, x[1]), 0);
	}
	return writeop(v, &o[n - 1], apply(v, op, x[1], x[0], -1), 0);
}

/* ---- the code around it ----------------------------------------------- */

static int
csindex(const char *r)
{
	int i;

	for (i = 0; i < NCS; i++)
		if (!strcmp(r, csname[i]) || (r[0] == 'e' && !strcmp(r + 1,
		    csname[i] + 1)) || (!strncmp(r, csname[i], strlen(csname[i]))
		    && r[strlen(csname[i])] == 'd'))
			return i;
	return -1;
}

/* A general-register instruction outside the kernel. */
static int
ginstr(V *v, const char *mn, Opd *o, int n)
{
	const char *dst;
	int i, k;
	long a;

	if (!strcmp(mn, "ret")) {
		if (!v->rspknown || v->rspoff != 0)
			return bad(v, 1, "ret with %%rsp not restored");
		for (i = 0; i < NCS; i++)
			if (v->cs[i] == 1 || v->cs[i] == 2)
				return bad(v, 1, "ret without restoring %%%s",
				    csname[i]);
		/* what follows is a second entry (NAME_b of t1v and n1v):
		 * argument moves and a jump into the body above, which the
		 * reading in order does not follow; the FFTW checks do */
		v->after = 0;
		return 0;
	}
	if (!strcmp(mn, "pushq")) {
		if (n != 1 || o[0].kind != OPD_REG || !v->rspknown)
			return bad(v, 1, "pushq: only of registers, with "
			    "%%rsp known");
		v->rspoff += 8;
		k = csindex(o[0].gpr);
		if (k >= 0 && v->cs[k] == 0)
			v->cs[k] = 1;
		if (v->rspoff / 8 < 64)
			v->pushed[v->rspoff / 8] = k;
		return 0;
	}
	if (!strcmp(mn, "popq")) {
		if (n != 1 || o[0].kind != OPD_REG || !v->rspknown
		    || v->rspoff < 8)
			return bad(v, 1, "popq with %%rsp not known");
		k = csindex(o[0].gpr);
		if (k >= 0 && v->pushed[v->rspoff / 8] != k)
			return bad(v, 1, "popq %%%s: restores a value pushed "
			    "from another register", o[0].gpr);
		if (k >= 0)
			v->cs[k] = 3;
		v->rspoff -= 8;
		return 0;
	}
	if (mn[0] == 'j' || !strncmp(mn, "cmp", 3) || !strncmp(mn, "test", 4)
	    || n == 0)
		return 0;
	if (gtrack(v, mn, o, n))
		return v->rc;
	if (o[n - 1].kind != OPD_REG && (v->t1v || v->gemm))
		return bad(v, 1, "%s: a store outside the kernel (t1v and gemm "
		    "codelets write only there)", mn);
	if (o[n - 1].kind != OPD_REG)
		return 0;   /* n1: a copy to X or the outputs */
	if (v->gemm && (!strcmp(o[n - 1].gpr, "rdi") || !strcmp(o[n - 1].gpr,
	    "rsi") || !strcmp(o[n - 1].gpr, "rdx")))
		return bad(v, 1, "%s: changes %%%s, a gemm codelet's A, B or C",
		    mn, o[n - 1].gpr);
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
				return bad(v, 1, "subq: %%rsp loses its %ld-byte "
				    "alignment", v->rspal);
			else
				v->frame += o[0].imm;
		} else if (!strcmp(mn, "leaq") && !strcmp(o[0].base, "rbp")
		    && !o[0].index[0] && v->rbpknown) {
			v->rspknown = 1;
			v->rspoff = v->rbpoff - o[0].disp;
		} else {
			return bad(v, 1, "%s: changes %%rsp in a way the checker "
			    "does not follow", mn);
		}
		return 0;
	}
	k = csindex(dst);
	if (k == 1 && !strcmp(mn, "movq") && o[0].kind == OPD_REG
	    && !strcmp(o[0].gpr, "rsp") && v->rspknown && v->cs[1]) {
		v->rbpknown = 1;
		v->rbpoff = v->rspoff;
	} else if (k == 1) {
		v->rbpknown = 0;
	}
	if (k >= 0 && (v->cs[k] == 0 || v->cs[k] == 3))
		return bad(v, 1, "%s: writes %%%s, callee-saved, without "
		    "saving it first", mn, dst);
	if (k >= 0)
		v->cs[k] = 2;
	return 0;
}

/* ---- driver ----------------------------------------------------------- */

/* A declaration of the kernel's boundary with its copies (n1 codelets
 * whose rows copies transpose straight into and out of the registers,
 * x86/asm.c and x86/asmcopy.c): "# kgen: in %zmmK S", register K
 * holds data slot S's input, on entry to the kernel or right after a
 * copy inside it (as X does on the other paths, an assumption about the
 * copies, which tests/test_asm.py checks against FFTW), and X vector S
 * does not (the rows copy does not fill it: kstart); "# kgen: out
 * %zmmK S", register K holds output S where the kernel ends, as a store
 * of K to X would (checked there: outs); "# kgen: put %zmmK S", K holds
 * output S here (checked here), for the copy that follows to store.
 * 0, or v->rc. */
static int
declare(V *v, const char *s)
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
		return bad(v, 2, "cannot parse: %s", s);
	o.kind = OPD_REG;
	o.vk = kind[0];
	o.vr = r;
	if (checkreg(v, &o))
		return v->rc;
	if (in) {
		if (v->kins && !v->aftercopy)
			return bad(v, 1, "an input declared after the kernel's "
			    "first instruction, not right after a copy");
		if (v->kins && v->reg[r] != COPIED)
			return bad(v, 1, "input %d declared in %%%cmm%d, which "
			    "the copy before does not write", k, o.vk, r);
		/* the rows copy leaves the input in the register, not in
		 * X: the kernel must not load it from there (kstart) */
		v->reg[r] = term(v, T_IN, -1, -1, -1, k);
		v->mem[k] = -1;
		return 0;
	}
	v->aftercopy = 0;
	if (put) {
		if (v->reg[r] < 0)
			return bad(v, 1, "output %d: %%%cmm%d holds no value "
			    "of the kernel", k, o.vk, r);
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
			return bad(v, 1, "output %d: %%%cmm%d is never written", k,
			    v->vb == 32 ? 'y' : v->vb == 64 ? 'z' : 'x', r);
		if (v->reg[r] != v->want[k]) {
			show(v, a, sizeof a, v->reg[r], 2);
			show(v, b, sizeof b, v->want[k], 2);
			return bad(v, 1, "output %d (%s of element %d) gets %s "
			    "at the kernel's end; the DAG's is %s", k, k & 1
			    ? "im" : "re", k / 2, a, b);
		}
		v->stored[k] = 1;
	}
	return 0;
}

/* A kernel begins at line i: every register and stack slot undefined,
 * X holding the inputs but those the kernel declares in registers
 * ("# kgen: in" lines up to its end), nothing stored, counts at 0. */
static void
kstart(V *v, char **lines, int i, int nline)
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
		v->mem[j] = term(v, T_IN, -1, -1, -1, j);
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

/* A kernel ends: its outputs all stored (or declared), its counts those
 * of the first kernel.  0, or v->rc. */
static int
kend(V *v)
{
	int i;

	if (outs(v))
		return v->rc;
	for (i = 0; i < v->nout; i++)
		if (!v->stored[i] && v->gemm)
			return bad(v, 1, "output vector %d of column %d of C is "
			    "never stored", i % v->mv, i / v->mv);
		else if (!v->stored[i])
			return bad(v, 1, "output %d (%s of element %d) is never "
			    "stored", i, i & 1 ? "im" : "re", i / 2);
	v->stall += v->stepstall;
	v->stepstall = 0;
	v->res.stalls = v->stall;
	if (v->nkernel == 1)
		v->first = v->res;
	else if (v->res.loads != v->first.loads || v->res.stores
	    != v->first.stores || v->res.stalls != v->first.stalls)
		return bad(v, 1, "kernel %d makes %d spill loads, %d spill "
		    "stores and %ld stalls; the first %d, %d and %ld",
		    v->nkernel, v->res.loads, v->res.stores, v->res.stalls,
		    v->first.loads, v->first.stores, v->first.stalls);
	return 0;
}

/* An instruction of a copy inside the kernel: the caller's arrays and
 * vector registers only; what it writes to a register is unknown. */
static int
cinstr(V *v, const char *mn, Opd *o, int n)
{
	int i;

	if (n < 1)
		return bad(v, 1, "%s: not a copy's instruction", mn);
	for (i = 0; i < n; i++) {
		/* 128-bit parts in xmm registers too, but below R */
		if (o[i].kind == OPD_REG && o[i].vk && o[i].vr >= v->h->regs)
			return bad(v, 1, "%%%cmm%d: uses more than the R = %d "
			    "registers of the header", o[i].vk, o[i].vr,
			    v->h->regs);
		if (o[i].kind == OPD_MEM && (!strcmp(o[i].base, "rsp")
		    || !strcmp(o[i].base, "rbp") || !strcmp(o[i].base, "rip")))
			return bad(v, 1, "%s: a copy inside the kernel reaches "
			    "the stack or the constants", mn);
		if (o[i].kind == OPD_REG && !o[i].vk && i == n - 1)
			return bad(v, 1, "%s: a copy inside the kernel writes "
			    "%%%s", mn, o[i].gpr);
		if (o[i].kind == OPD_REG && o[i].vk && i < n - 1
		    && v->reg[o[i].vr] == -1)
			return bad(v, 1, "reads %%%cmm%d before it is written",
			    o[i].vk, o[i].vr);
	}
	if (o[n - 1].kind == OPD_REG && o[n - 1].vk)
		v->reg[o[n - 1].vr] = COPIED;
	return 0;
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
				return bad(v, 2, "a second kernel");
			inkernel = seen = v->inkernel = 1;
			kstart(v, lines, i, nline);
			continue;
		}
		if (!strcmp(s, "# kgen: end kernel")) {
			if (!inkernel || v->incopy)
				return bad(v, 2, "the end of no kernel, or of one "
				    "inside a copy");
			inkernel = v->inkernel = 0;
			v->after = 1;
			if (kend(v))
				return v->rc;
			v->line = i + 1;
			continue;
		}
		if (inkernel && !strcmp(s, "# kgen: copy")) {
			if (v->incopy || v->gemm || v->t1v)
				return bad(v, 2, "a copy inside a copy, or in a "
				    "%s kernel", v->gemm ? "gemm" : "t1v");
			v->incopy = 1;
			v->aftercopy = 0;
			continue;
		}
		if (inkernel && !strcmp(s, "# kgen: end copy")) {
			if (!v->incopy)
				return bad(v, 2, "the end of no copy");
			v->incopy = 0;
			v->aftercopy = 1;
			continue;
		}
		if (inkernel && (!strncmp(s, "# kgen: in ", 11)
		    || !strncmp(s, "# kgen: out ", 12)
		    || !strncmp(s, "# kgen: put ", 12))) {
			declare(v, s);
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
			return bad(v, 2, "cannot parse: %s", s);
		if (v->incopy) {
			cinstr(v, mn, o, n);
			continue;
		}
		v->aftercopy = 0;
		if (inkernel)
			kinstr(v, mn, o, n);
		else
			ginstr(v, mn, o, n);
		v->kins += inkernel;
		v->res.instrs += inkernel;
	}
	if (v->rc)
		return v->rc;
	v->line = nline;
	if (!seen || inkernel)
		return bad(v, 2, "no kernel (\"# kgen: kernel\" .. \"# kgen: "
		    "end kernel\")");
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
		v.mem[i] = term(&v, T_IN, -1, -1, -1, i);
	for (i = 0; i < v.nout; i++)
		v.want[i] = -1;
	expect(&v);
	if (!rodata(&v, lines, nline))
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
