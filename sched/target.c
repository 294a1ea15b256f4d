/* target.c: register files as data, and GPU occupancy arithmetic.
 *
 * A target says how many registers a codelet's values may use and how
 * wide each one is, so that `--target NAME` turns into the R of the
 * spill analysis.  Counting follows docs/design.md: one register holds one DAG
 * value, which in SIMD code is a vector of `lanes` independent transforms
 * (the n1 loop over v vectorised), so R is the number of architectural
 * vector registers.  Two targets are scalar: PowerPC's 32 64-bit FPRs
 * hold one double or one float each, and on a GPU one thread runs one
 * transform in 32-bit registers, so a double takes two of them and R is
 * half of ptxas's limit.  Sources: Intel SDM vol. 1 ch. 10, 14 and 15
 * (16 XMM/YMM registers, 32 ZMM with AVX-512 in 64-bit mode); Arm ARM
 * (32 128-bit V registers in AArch64); the RISC-V V extension 1.0 (32
 * vector registers, VLEN >= 128 for the application profiles, LMUL = 1
 * assumed); Power ISA 3.1 (32 FPRs); PTX ISA and ptxas (at most 255
 * 32-bit registers per thread).
 *
 * Occupancy follows NVIDIA's occupancy calculator as cuda_occupancy.h
 * (CUDA 13.0) implements it in cudaOccMaxBlocksPerSMRegsLimit: registers
 * go to warps in units of 256, each of the SM's 4 sub-partitions holds
 * 65536/4 registers and whole warps, and the resident blocks are the
 * least of the register, warp (threads per SM / 32) and block limits.
 * The per-architecture limits are the CUDA C++ Programming Guide's
 * "Technical Specifications per Compute Capability" table. */
#include <assert.h>
#include <string.h>
#include "all.h"

/* The targets beyond the vector ISAs kgen emits for (x86's, AArch64's
 * NEON, RISC-V V at VLEN 128 and LMUL 1), which come from isa.def
 * (dag/isa.c) and go first. */
static const Target others[] = {
	{"ppc", "PowerPC, 32 scalar FP registers", 32, 64, 0},
	{"ptx", "NVIDIA PTX, up to 255 32-bit registers per thread", 255,
	    32, 0},
	{0, 0, 0, 0, 0}
};

/* Compute capability limits: threads per SM from the Programming Guide,
 * blocks per SM from cuda_occupancy.h's cudaOccMaxBlocksPerMultiprocessor. */
static const Gpu gpus[] = {
	{"sm_75", 7, 5, 65536, 255, 256, 4, 1024, 16},
	{"sm_80", 8, 0, 65536, 255, 256, 4, 2048, 32},
	{"sm_86", 8, 6, 65536, 255, 256, 4, 1536, 16},
	{"sm_89", 8, 9, 65536, 255, 256, 4, 1536, 24},
	{"sm_90", 9, 0, 65536, 255, 256, 4, 2048, 32},
	{"sm_100", 10, 0, 65536, 255, 256, 4, 2048, 32},
	{"sm_120", 12, 0, 65536, 255, 256, 4, 1536, 24},
	{0, 0, 0, 0, 0, 0, 0, 0, 0}
};

/* The target table, ended by a row whose name is NULL: a row per ISA
 * of isa.def, then others. */
const Target *
target_list(void)
{
	static Target t[NSIMD - 1 + sizeof others / sizeof others[0]];
	const Isa *isa;
	int i;

	if (t[0].name)
		return t;
	for (i = SIMD_NONE + 1; i < NSIMD; i++) {
		isa = isa_get(i);
		t[i - 1].name = isa->name;
		t[i - 1].desc = isa->upper;
		t[i - 1].nreg = isa->nreg;
		t[i - 1].bits = 8 * isa->bytes;
		t[i - 1].vec = 1;
	}
	memcpy(t + NSIMD - 1, others, sizeof others);
	return t;
}

/* The target called name, or NULL. */
const Target *
target_find(const char *name)
{
	const Target *t;

	for (t = target_list(); t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return 0;
}

/* R: how many DAG values of the given type fit the register file. */
int
target_regs(const Target *t, int isfloat)
{
	int bits;

	bits = isfloat ? 32 : 64;
	if (t->vec || t->bits >= bits)
		return t->nreg;
	return t->nreg * t->bits / bits;
}

/* Independent transforms one register carries (1 for scalar targets). */
int
target_lanes(const Target *t, int isfloat)
{
	if (!t->vec)
		return 1;
	return t->bits / (isfloat ? 32 : 64);
}

/* The GPU table, ended by a row whose name is NULL. */
const Gpu *
target_gpus(void)
{
	return gpus;
}

const Gpu *
target_gpu(const char *arch)
{
	const Gpu *g;

	for (g = gpus; g->name; g++)
		if (!strcmp(g->name, arch))
			return g;
	return 0;
}

static int
roundup(int x, int y)
{
	return (x + y - 1) / y * y;
}

/* Register-limited occupancy of a kernel using regs registers per thread
 * launched in blocks of block threads, as the occupancy calculator gives
 * it with no shared memory.  regs > g->maxreg gives zero blocks: such a
 * kernel cannot launch.
 * requires: 1 <= regs, 1 <= block <= 1024. */
Occ
target_occupancy(const Gpu *g, int regs, int block)
{
	Occ o;
	int perwarp, wpb, byregs, bywarps, maxwarps;

	assert(regs >= 1 && block >= 1 && block <= 1024);
	memset(&o, 0, sizeof o);
	maxwarps = g->maxthreads / 32;
	wpb = (block + 31) / 32;
	perwarp = roundup(regs * 32, g->gran);
	o.regwarp = perwarp;
	/* A block must fit one SM's registers, counted the way the
	 * hardware checks it: warps rounded up to the sub-partitions. */
	if (regs > g->maxreg || perwarp * roundup(wpb, g->nsub) > g->nregs)
		return o;
	o.warpsregs = g->nregs / g->nsub / perwarp * g->nsub;
	byregs = o.warpsregs / wpb;
	bywarps = maxwarps / wpb;
	o.blocks = byregs;
	if (bywarps < o.blocks)
		o.blocks = bywarps;
	if (g->maxblocks < o.blocks)
		o.blocks = g->maxblocks;
	o.limit = o.blocks == byregs ? "registers" : o.blocks == bywarps ?
	    "warps" : "blocks";
	o.warps = o.blocks * wpb;
	o.threads = o.blocks * block;
	o.pct = 100.0 * o.warps / maxwarps;
	return o;
}

/* The most registers per thread that still allows the given occupancy
 * of warps per SM: the budget --max-regs helps to choose.  Returns 0
 * when no register count reaches it. */
int
target_maxregs(const Gpu *g, int warps, int block)
{
	int r;

	for (r = g->maxreg; r >= 1; r--)
		if (target_occupancy(g, r, block).warps >= warps)
			return r;
	return 0;
}

/* The distinct R of target name (or of every target for "all"),
 * ascending, into r; returns how many.  For kgen spills --target. */
int
target_regset(const char *name, int isfloat, int *r, int max)
{
	const Target *t;
	int n, i, j, v;

	n = 0;
	for (t = target_list(); t->name; t++) {
		if (strcmp(name, "all") && strcmp(name, t->name))
			continue;
		v = target_regs(t, isfloat);
		for (i = 0; i < n && r[i] < v; i++)
			;
		if ((i < n && r[i] == v) || n == max)
			continue;
		for (j = n++; j > i; j--)
			r[j] = r[j - 1];
		r[i] = v;
	}
	return n;
}

/* One line naming each target of name ("all" or one) with its R. */
void
target_print(FILE *f, const char *name, int isfloat)
{
	const Target *t;
	const char *sep;

	fputs("targets (R = registers for values):", f);
	sep = " ";
	for (t = target_list(); t->name; t++) {
		if (strcmp(name, "all") && strcmp(name, t->name))
			continue;
		fprintf(f, "%s%s %d", sep, t->name, target_regs(t, isfloat));
		sep = ", ";
	}
	fputc('\n', f);
}
