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
 * AArch64 (aarch64-gcc: the cross compiler aarch64-linux-gnu-gcc, the
 * 32 V registers of --target neon): a str/ldr (stur/ldur) of a b, h, s,
 * d or q register with an address based on sp or x29 is an FP spill
 * store/load, an stp/ldp two of them; of an x or w register an integer
 * one, but for the frame record (x29, x30).  The ABI's callee-saved
 * registers (d8-d15, x19-x28) are made call-clobbered (-fcall-used-*)
 * so that the prologue saves none of them: a codelet calls nothing, and
 * what is left on the stack is spilled values.
 *
 * Restricting registers.  gcc: SSE2 has 16 xmm registers and
 * -ffixed-xmmK for K >= R takes the others away; -mavx512f gives 32
 * (xmm16-31) and -ffixed-xmmK trims those; on AArch64 -ffixed-vK.  clang 14 has no equivalent
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

/* n more characters of options at the end of buf (size bn) */
static void
append(char *buf, size_t bn, const char *fmt, int k)
{
	size_t len;

	len = strlen(buf);
	snprintf(buf + len, bn - len, fmt, k);
}

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

/* aarch64-linux-gnu-gcc: NEON's 32 V registers, -ffixed-vK above R,
 * every register call-clobbered (the file's head says why). */
static int
a64_flags(int regs, char *buf, size_t n)
{
	char flag[64];
	int k;

	if (regs > isa_get(SIMD_NEON)->nreg)
		return 0;
	snprintf(buf, n, "-O2 %s", isa_flag(isa_get(SIMD_NEON), flag,
	    sizeof flag));
	for (k = 8; k <= 15; k++)
		append(buf, n, " -fcall-used-v%d", k);
	for (k = 19; k <= 28; k++)
		append(buf, n, " -fcall-used-x%d", k);
	for (k = regs; k < isa_get(SIMD_NEON)->nreg; k++)
		append(buf, n, " -ffixed-v%d", k);
	return 1;
}

/* The same without the pre-allocation scheduler, which gcc runs on
 * AArch64 at -O2 (on x86 it does not). */
static int
a64nosched_flags(int regs, char *buf, size_t n)
{
	if (!a64_flags(regs, buf, n))
		return 0;
	append(buf, n, " -fno-schedule-insns", 0);
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
	int a64;            /* AArch64 assembly, else x86 (AT&T) */
};

enum { WHY_GCC, WHY_GCCMAX, WHY_CLANG, WHY_A64 };

static const Comp comps[] = {
	{"gcc", "gcc", gcc_flags, WHY_GCC, 0},
	{"gcc-nosched", "gcc", nosched_flags, WHY_GCCMAX, 0},
	{"gcc-sched", "gcc", sched_flags, WHY_GCCMAX, 0},
	{"clang", "clang", clang_flags, WHY_CLANG, 0},
	{"aarch64-gcc", "aarch64-linux-gnu-gcc", a64_flags, WHY_A64, 1},
	{"aarch64-gcc-nosched", "aarch64-linux-gnu-gcc", a64nosched_flags,
	    WHY_A64, 1},
	{0, 0, 0, 0, 0},
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
	else if (c->why == WHY_A64)
		snprintf(buf, n, "AArch64 has %d V registers",
		    isa_get(SIMD_NEON)->nreg);
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
	return "gcc, gcc-nosched, gcc-sched, clang, aarch64-gcc, "
	    "aarch64-gcc-nosched";
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

/* The register operand r (after blanks) is a V register's b/h/s/d/q
 * view: 1; an integer register (x, w): 0; else -1.  *fr: it is x29 or
 * x30, the frame record. */
static int
a64reg(const char *r, int *fr)
{
	while (*r == ' ' || *r == '\t')
		r++;
	*fr = !strncmp(r, "x29", 3) || !strncmp(r, "x30", 3);
	if (strchr("bhsdq", *r) && r[1] >= '0' && r[1] <= '9')
		return 1;
	return (*r == 'x' || *r == 'w') && r[1] >= '0' && r[1] <= '9' ? 0
	    : -1;
}

/* Counts the stack accesses of one line of AArch64 assembly into m:
 * ldr/str/ldur/stur/ldp/stp with [sp or [x29 (the head of the file). */
static void
count_a64(const char *line, Measure *m)
{
	const char *p;
	int load, pair, vec, fr, k;

	p = line;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!strstr(p, "[sp") && !strstr(p, "[x29"))
		return;
	k = (int)strcspn(p, " \t");
	load = k >= 3 && p[0] == 'l' && p[1] == 'd';
	if (k < 3 || (!load && (p[0] != 's' || p[1] != 't')))
		return;
	pair = k == 3 && p[2] == 'p';
	if (!pair && strncmp(p + 2, "r", 1) && strncmp(p + 2, "ur", 2))
		return;
	if ((vec = a64reg(p + k, &fr)) < 0 || (fr && !vec))
		return;
	k = pair ? 2 : 1;
	if (vec && load)
		m->loads += k;
	else if (vec)
		m->stores += k;
	else if (load)
		m->iloads += k;
	else
		m->istores += k;
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
		if (c->a64)
			count_a64(line, &m);
		else
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
