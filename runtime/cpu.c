/* cpu.c: the one CPU detector: which ISAs' codelets this CPU runs, and
 * the widest of them, capped by the environment variable KGEN_ISA =
 * scalar|sse2|avx2|avx512|neon (so that tests and benchmarks can run
 * every path on one machine: a value the CPU cannot run is capped to
 * what the CPU has of that ISA's architecture, scalar for another
 * architecture's, and one that names no ISA is ignored, with one line on
 * stderr, the library's only message).  Dispatch
 * (dispatch.c), the planner (plantab.c) and kgen_dgemm (gemm.c) all take
 * their ISA from here, and kgen_isa_for's per-size exception to it.  An
 * ISA's codelets need every CPU feature isa.def lists for it (its
 * compiler flags use them), tested with
 * __builtin_cpu_supports, which also checks that the OS saves the wider
 * registers (build/runtime/cpufeat.h, made from isa.def), and the
 * library must hold them (built). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "cpu.h"

#define ISA(name, NAME, ...) _Static_assert(CPU_##name == KGEN_ISA_##NAME, \
	"isa.def lists the ISAs in kgen.h's order");
#include "isa.def"
#undef ISA
_Static_assert(CPU_N == KGEN_ISA_RVV + 1, "kgen.h numbers every ISA");

static const char *const names[CPU_N] = {
	"scalar",
#define ISA(name, ...) #name,
#include "isa.def"
#undef ISA
};

static const int bytes[CPU_N] = {
	0,
#define ISA(name, NAME, vbytes, ...) vbytes,
#include "isa.def"
#undef ISA
};

/* Each ISA's architecture (isa.def's last column), "" for scalar. */
static const char *const arch[CPU_N] = {
	"",
#define ISA(name, NAME, b, r, f, m, p, c, a) a,
#include "isa.def"
#undef ISA
};

/* 1 when isa is scalar or of the architecture compiled for. */
static int
native(int isa)
{
#if defined(KGEN_ARCH_x86_64)
	return !*arch[isa] || !strcmp(arch[isa], "x86_64");
#elif defined(KGEN_ARCH_aarch64)
	return !*arch[isa] || !strcmp(arch[isa], "aarch64");
#else
	return !*arch[isa];
#endif
}

/* The choice: 0 until the first call decides, then 1 + the ISA, plus
 * FORCED when KGEN_ISA named it.  One atomic word, so that a thread that
 * sees the ISA sees the flag with it (two relaxed words may be seen
 * apart: then a thread could take a forced ISA for a free one and
 * kgen_isa_for would make its exception to it).  Threads that race to
 * decide all compute the same value, so whichever store lands is right. */
static atomic_int chosen;
enum { FORCED = 16 };
_Static_assert((int)CPU_N < (int)FORCED, "the ISA fits below the flag");

const char *
kgen_isa_name(int isa)
{
	return isa >= 0 && isa < CPU_N ? names[isa] : 0;
}

int
kgen_priv_cpu_bytes(int isa)
{
	return isa >= 0 && isa < CPU_N ? bytes[isa] : 0;
}

static int
runs(int isa)
{
#ifndef KGEN_NO_SIMD
	switch (isa) {
#include "cpufeat.h"
	}
#endif
	return isa == CPU_scalar;
}

/* Whether the library holds isa's codelets: a library of chosen ISAs
 * (make CODELET_ISAS="scalar avx2") has only those, its tables made
 * from codelets.def less the others (build/runtime/codelets.h), and an
 * ISA the CPU runs but the library lacks must not be chosen (the
 * planner's vector passes of that width would have no codelets). */
static int
built(int isa)
{
	static const signed char have[] = {
#define N1(isa, prec, n, name, opts) CPU_##isa,
#include "codelets.h"
#undef N1
	};
	size_t i;

	for (i = 0; i < sizeof have; i++)
		if (have[i] == isa)
			return 1;
	return 0;
}

int
kgen_isa_supported(int isa)
{
	return runs(isa) && built(isa);
}

/* Reports a KGEN_ISA that names no ISA, once per process (threads that
 * race to decide test and set the one flag), listing those of the
 * architecture compiled for. */
static void
unknown(const char *env)
{
	static atomic_flag told = ATOMIC_FLAG_INIT;
	int isa;

	if (atomic_flag_test_and_set(&told))
		return;
	fprintf(stderr, "kgen: KGEN_ISA=%s is not one of", env);
	for (isa = 0; isa < CPU_N; isa++)
		if (native(isa))
			fprintf(stderr, "%s %s", isa ? "," : "", names[isa]);
	fprintf(stderr, "; ignored\n");
}

static int
choice(void)
{
	const char *env;
	int isa, cap, forced = 0, c;

	if ((c = atomic_load_explicit(&chosen, memory_order_relaxed)) > 0)
		return c;
	cap = CPU_N - 1;
	env = getenv("KGEN_ISA");
	for (isa = 0; env && isa < CPU_N; isa++)
		if (!strcmp(env, names[isa])) {
			cap = isa;
			forced = FORCED;
		}
	if (env && *env && !forced)
		unknown(env);
	/* a forced ISA of another architecture leaves scalar: the ISAs
	 * numbered below it are not narrower ones of its kind */
	if (forced && !native(cap))
		cap = 0;
	for (isa = cap; isa > 0 && !kgen_isa_supported(isa); isa--)
		;
	c = 1 + isa + forced;
	atomic_store_explicit(&chosen, c, memory_order_relaxed);
	return c;
}

int
kgen_isa(void)
{
	return (choice() - 1) % FORCED;
}

int
kgen_priv_isa_forced(void)
{
	return choice() >= FORCED;
}

/* Where the widest ISA loses: AVX-512 float codelets move 16 transforms
 * at a time, and for n <= 7 (14 floats a transform) packing 16 of them
 * costs more than the arithmetic, so AVX2's 8 lanes are faster.  Measured
 * by make bench-fft (v = 256 interleaved, bench/out/fft_batched.csv):
 * float n = 2..7, AVX2 1.1-1.5x FFTW against AVX-512's 0.75-0.9x.  Only
 * when KGEN_ISA did not name the ISA, so that tests run every path.
 * (Here rather than in dispatch.c, which is compiled once per
 * precision.) */
int
kgen_isa_for(int n, int isfloat)
{
	int c, isa;

	c = choice();
	isa = (c - 1) % FORCED;
	if (isa == KGEN_ISA_AVX512 && isfloat && n <= 7 && c < FORCED)
		isa = KGEN_ISA_AVX2;
	return isa;
}
