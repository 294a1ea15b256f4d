/* measure.c: what a real compiler does with an emitted codelet.
 * The codelet is compiled to assembly with the register file cut to R
 * vector registers, and the stack-slot accesses are counted: an
 * instruction naming an xmm/ymm/zmm register and a memory operand based
 * on %rsp or %rbp is an FP spill, a store when the memory operand is the
 * destination (last in AT&T syntax), else a load (folded reloads such as
 * `addsd 8(%rsp), %xmm0` count as loads).  Stack accesses without a
 * vector register are integer spills (hoisted stride products), counted
 * apart; pushes and pops of the prologue are not spills.
 *
 * Restricting registers.  gcc: SSE2 has 16 xmm registers and
 * -ffixed-xmmK for K >= R takes the others away; -mavx512f gives 32
 * (xmm16-31) and -ffixed-xmmK trims those.  clang 14 has no equivalent
 * (-ffixed-xmmK is an unknown argument; its -ffixed-* options name
 * general registers of other targets), so clang is measured only at the
 * two register counts an ISA gives: 16 (SSE2) and 32 (AVX-512).  The
 * counts and the AVX-512 flag are isa.def's (dag/isa.c); -mno-avx, which
 * keeps gcc to the SSE encodings, is a compiler option, not an ISA's.
 *
 * One function per compiler flavour builds the command line; adding a
 * compiler is adding a row to the table below. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "all.h"

typedef int Flags(int regs, char *buf, size_t n);

/* The compiler options that give the registers of ISA simd (SIMD_*):
 * SSE2 without VEX encodings, or the ISA's own flag. */
static const char *
isaflags(int simd, char *buf, size_t n)
{
	char flag[64];

	if (simd == SIMD_SSE2)
		snprintf(buf, n, "-O2 -mno-avx");
	else
		snprintf(buf, n, "-O2 %s", isa_flag(isa_get(simd), flag,
		    sizeof flag));
	return buf;
}

static int
fixed(int regs, int nisa, const char *isa, char *buf, size_t n)
{
	size_t len;
	int k;

	if (regs > nisa)
		return 0;
	snprintf(buf, n, "%s", isa);
	for (k = regs; k < nisa; k++) {
		len = strlen(buf);
		snprintf(buf + len, n - len, " -ffixed-xmm%d", k);
	}
	return 1;
}

/* gcc: SSE2 up to its 16 registers, AVX-512 (32 registers) above. */
static int
gcc_flags(int regs, char *buf, size_t n)
{
	char isa[64];
	int simd;

	simd = regs <= isa_get(SIMD_SSE2)->nreg ? SIMD_SSE2 : SIMD_AVX512;
	return fixed(regs, isa_get(simd)->nreg, isaflags(simd, isa,
	    sizeof isa), buf, n);
}

/* gcc without its pre-allocation scheduler, to see whether it matters. */
static int
nosched_flags(int regs, char *buf, size_t n)
{
	size_t len;

	if (!gcc_flags(regs, buf, n))
		return 0;
	len = strlen(buf);
	snprintf(buf + len, n - len, " -fno-schedule-insns");
	return 1;
}

/* gcc with the pre-allocation scheduler forced on. */
static int
sched_flags(int regs, char *buf, size_t n)
{
	size_t len;

	if (!gcc_flags(regs, buf, n))
		return 0;
	len = strlen(buf);
	snprintf(buf + len, n - len, " -fschedule-insns");
	return 1;
}

/* clang: the 16 registers of SSE2 or the 32 of AVX-512, nothing
 * between. */
static int
clang_flags(int regs, char *buf, size_t n)
{
	if (regs == isa_get(SIMD_SSE2)->nreg)
		isaflags(SIMD_SSE2, buf, n);
	else if (regs == isa_get(SIMD_AVX512)->nreg)
		isaflags(SIMD_AVX512, buf, n);
	else
		return 0;
	return 1;
}

typedef struct Comp Comp;
struct Comp {
	const char *name;   /* --measure NAME */
	const char *cc;     /* the program */
	Flags *flags;       /* 0: R not reachable with this compiler */
	int why;            /* what is said when R is not reachable */
};

enum { WHY_GCC, WHY_GCCMAX, WHY_CLANG };

static const Comp comps[] = {
	{"gcc", "gcc", gcc_flags, WHY_GCC},
	{"gcc-nosched", "gcc", nosched_flags, WHY_GCCMAX},
	{"gcc-sched", "gcc", sched_flags, WHY_GCCMAX},
	{"clang", "clang", clang_flags, WHY_CLANG},
	{0, 0, 0, 0},
};

/* Why compiler c cannot reach a register count, into buf. */
static void
why(const Comp *c, char *buf, size_t n)
{
	int lo, hi;

	lo = isa_get(SIMD_SSE2)->nreg;
	hi = isa_get(SIMD_AVX512)->nreg;
	if (c->why == WHY_GCC)
		snprintf(buf, n, "gcc reaches R <= %d (SSE2 %d, AVX-512 %d)",
		    hi, lo, hi);
	else if (c->why == WHY_GCCMAX)
		snprintf(buf, n, "gcc reaches R <= %d", hi);
	else
		snprintf(buf, n, "clang has no -ffixed-xmm: only R = %d or %d",
		    lo, hi);
}

/* Is name a compiler measure_c knows? */
int
measure_known(const char *name)
{
	int i;

	for (i = 0; comps[i].name; i++)
		if (!strcmp(comps[i].name, name))
			return 1;
	return 0;
}

/* The names measure_c knows, comma-separated, for messages. */
const char *
measure_names(void)
{
	return "gcc, gcc-nosched, gcc-sched, clang";
}

static int
isvec(const char *s)
{
	return strstr(s, "%xmm") || strstr(s, "%ymm") || strstr(s, "%zmm");
}

/* Counts the stack accesses of one line of AT&T assembly into m. */
static void
count(const char *line, Measure *m)
{
	const char *p, *last;
	int store;

	p = line;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '.' || *p == '#' || !*p || !strncmp(p, "push", 4)
	    || !strncmp(p, "pop", 3) || !strncmp(p, "lea", 3))
		return;
	if (!strstr(p, "(%rsp)") && !strstr(p, "(%rbp)"))
		return;
	/* the destination is the last operand: after the last ',' */
	last = strrchr(p, ',');
	store = last && strstr(last, "(%r") != 0;
	if (isvec(p)) {
		if (store)
			m->stores++;
		else
			m->loads++;
	} else {
		if (store)
			m->istores++;
		else
			m->iloads++;
	}
}

/* Compiles the C file path with compiler name at regs registers and
 * counts its spills.  m->ok is 0, with m->why set, when the compiler
 * cannot restrict itself to regs registers or is missing. */
Measure
measure_c(const char *name, const char *path, int regs)
{
	Measure m;
	const Comp *c;
	char cmd[1024], line[512];
	FILE *f;
	int i, st;

	memset(&m, 0, sizeof m);
	c = 0;
	for (i = 0; comps[i].name; i++)
		if (!strcmp(comps[i].name, name))
			c = &comps[i];
	if (!c) {
		snprintf(m.why, sizeof m.why, "%s: unknown compiler", name);
		return m;
	}
	if (!c->flags(regs, m.flags, sizeof m.flags)) {
		why(c, m.why, sizeof m.why);
		return m;
	}
	snprintf(cmd, sizeof cmd, "%s %s -S -o - '%s' 2>/dev/null", c->cc,
	    m.flags, path);
	f = popen(cmd, "r");
	if (!f) {
		snprintf(m.why, sizeof m.why, "%s: cannot run", c->cc);
		return m;
	}
	while (fgets(line, sizeof line, f))
		count(line, &m);
	st = pclose(f);
	if (st != 0) {
		memset(&m, 0, sizeof m);
		snprintf(m.why, sizeof m.why, "%s failed or is missing", c->cc);
		return m;
	}
	m.ok = 1;
	return m;
}
