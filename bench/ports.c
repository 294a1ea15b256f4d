/* ports.c: what one core of this machine does per cycle with the vector
 * instructions kgen's codelets are made of, to put the batched codelets'
 * times beside a bound of this CPU rather than shared/reference's Zen 5.
 * Each line times a loop of 8 instructions (independent but for FMA's
 * accumulators), best of 5 runs of 2e7 iterations, and gives
 * instructions per ns and per cycle at the clock the first line
 * measures (best of 50 chains of 64-bit imuls, 3 cycles each;
 * a core running 512-bit code may clock lower, which shows as fewer
 * additions a cycle than the 2 the two 512-bit pipes allow).  The lines
 * that matter for kgen: additions alone, shuffles alone, and the two
 * mixed 3:1; where the mixed line runs no faster than the additions
 * alone, shuffles and arithmetic share the same ports (with a port of
 * their own the shuffles would add a third to it).
 *   cc -O2 bench/ports.c -o ports && ./ports   (make bench-ports)
 * x86-64 with AVX2 (and AVX-512 lines where the CPU has it); prints a
 * table and, with an argument, writes it as CSV to that file. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
#include "timing.h"

#define ITER 20000000L
/* eight instructions into registers 0..7 from 8 and 9: eight chains at
 * most (FMA's accumulator), each one instruction an iteration */
#define ONE(i, d) i "%%" R "8, %%" R "9, %%" R d "\n\t"
#define R8(i) ONE(i, "0") ONE(i, "1") ONE(i, "2") ONE(i, "3") ONE(i, "4") \
	ONE(i, "5") ONE(i, "6") ONE(i, "7")
/* three additions to one shuffle: on ports of their own they would run
 * at the additions' rate and a third more; sharing, at their rate */
#define MIX(a, b) ONE(a, "0") ONE(a, "1") ONE(a, "2") ONE(b, "3") \
	ONE(a, "4") ONE(a, "5") ONE(a, "6") ONE(b, "7")
/* the sources zero, so that no operand is a denormal */
#define LOOP(body) do { \
	__asm__ volatile("vxorpd %%" R "8, %%" R "8, %%" R "8\n\t" \
	    "vxorpd %%" R "9, %%" R "9, %%" R "9\n\t" \
	    "mov %0, %%rcx\n1:\n\t" body \
	    "dec %%rcx\n\tjnz 1b\n" :: "r"(ITER) : "rcx", "xmm0", "xmm1", \
	    "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9"); \
} while (0)

enum { ADD, FMA, UNPCK, PERM2, MIXED, NKIND };
static const char *const kname[NKIND] = {"vaddpd", "vfmadd231pd",
    "vunpcklpd", "vpermt2pd / vperm2f128", "vaddpd + vunpcklpd 3:1"};

/* run256 and run512: kind k of instruction on R registers (the
 * two-source shuffle: vperm2f128 in 256 bits, vpermt2pd in 512) */
#define RUN(name, perm) \
static void \
name(int k) \
{ \
	switch (k) { \
	case ADD: LOOP(R8("vaddpd ")); break; \
	case FMA: LOOP(R8("vfmadd231pd ")); break; \
	case UNPCK: LOOP(R8("vunpcklpd ")); break; \
	case PERM2: LOOP(R8(perm)); break; \
	case MIXED: LOOP(MIX("vaddpd ", "vunpcklpd ")); break; \
	} \
}
#define R "ymm"
RUN(run256, "vperm2f128 $0x21, ")
#undef R
#define R "zmm"
RUN(run512, "vpermt2pd ")
#undef R

/* best of runs of f(k), seconds */
static double
best(void (*f)(int), int k, int runs)
{
	double t, b;
	int r;

	b = 1e30;
	for (r = 0; r < runs; r++) {
		t = now();
		f(k);
		t = now() - t;
		b = t < b ? t : b;
	}
	return b;
}

/* 8 ITER / 10 dependent imuls: 2.4 ITER cycles */
static void
chain(int k)
{
	(void)k;
	__asm__ volatile("mov %0, %%rcx\n\tmov $3, %%rax\n1:\n\t"
	    ".rept 8\n\timul %%rax, %%rax\n\t.endr\n\tdec %%rcx\n\tjnz 1b\n"
	    :: "r"(ITER / 10) : "rcx", "rax");
}

int
main(int argc, char **argv)
{
	FILE *csv;
	double ghz, t;
	int w, k;

	__builtin_cpu_init();
	if (!__builtin_cpu_supports("avx2")) {
		fprintf(stderr, "ports: needs AVX2\n");
		return 2;
	}
	csv = argc > 1 ? fopen(argv[1], "w") : 0;
	if (argc > 1 && !csv) {
		perror(argv[1]);
		return 2;
	}
	ghz = 2.4 * ITER / best(chain, 0, 50) / 1e9;
	printf("clock (imul chain): %.2f GHz\n", ghz);
	printf("%-6s %-26s %10s %10s\n", "width", "instruction", "per ns",
	    "per cycle");
	if (csv)
		fprintf(csv, "width,instruction,per_ns,per_cycle,clock_ghz\n");
	for (w = 256; w <= 512; w += 256) {
		if (w == 512 && !__builtin_cpu_supports("avx512f"))
			break;
		for (k = 0; k < NKIND; k++) {
			t = best(w == 512 ? run512 : run256, k, 5);
			printf("%-6d %-26s %10.2f %10.2f\n", w, kname[k],
			    8.0 * ITER / t / 1e9, 8.0 * ITER / t / 1e9 / ghz);
			if (csv)
				fprintf(csv, "%d,%s,%.3f,%.3f,%.3f\n", w, kname[k],
				    8.0 * ITER / t / 1e9, 8.0 * ITER / t / 1e9
				    / ghz, ghz);
		}
	}
	if (csv && fclose(csv)) {
		perror(argv[1]);
		return 2;
	}
	return 0;
}
