/* plantab.c: the twiddle and vector codelets of runtime/plan.c, by radix,
 * size and ISA.  The lists match the Makefile's PLAN_* variables; a
 * codelet missing from one is a link error, not a silent gap.  The ISA is
 * the widest the CPU runs (__builtin_cpu_supports), capped by the
 * environment variable KGEN_ISA=scalar|sse2|avx2|avx512 as dispatch.c
 * caps its own choice, so one variable runs every path of the planner on
 * one machine.  Compiled twice, for
 * double and (-DKGEN_SINGLE) float, as plan.h describes; a float vector
 * holds twice the lanes, so its leaves are multiples of 8 and 16. */
#include <stdlib.h>
#include <string.h>
#include "plan.h"

#define T1_RADICES X(2) X(3) X(4) X(5) X(7) X(8) X(16) X(32) X(64)
#ifdef KGEN_SINGLE
#define LEAVES_AVX2 X(8) X(16) X(24) X(32) X(40) X(48) X(64)
#define LEAVES_AVX512 X(16) X(32) X(48) X(64)
#define T1(r) kgen_t1f_##r
#define T1V(r, isa) kgen_t1vf_##r##_##isa
#define N1V(n, isa) kgen_n1vf_##n##_##isa
#else
#define LEAVES_AVX2 X(4) X(8) X(12) X(16) X(20) X(24) X(32) X(40) X(48) \
    X(64)
#define LEAVES_AVX512 X(8) X(16) X(24) X(32) X(40) X(48) X(64)
#define T1(r) kgen_t1_##r
#define T1V(r, isa) kgen_t1v_##r##_##isa
#define N1V(n, isa) kgen_n1v_##n##_##isa
#endif

#if defined(__x86_64__) && !defined(KGEN_NO_SIMD)
#define VECTORS 1
#endif

#define X(r) t1_fn T1(r);
T1_RADICES
#undef X
#ifdef VECTORS
#define X(r) t1v_fn T1V(r, avx2), T1V(r, avx512);
T1_RADICES
#undef X
#define X(n) n1v_fn N1V(n, avx2);
LEAVES_AVX2
#undef X
#define X(n) n1v_fn N1V(n, avx512);
LEAVES_AVX512
#undef X
#endif

t1_fn *
F(plantab_t1)(int r)
{
	switch (r) {
#define X(r) case r: return T1(r);
	T1_RADICES
#undef X
	}
	return 0;
}

static n1v_fn *
noleaf(int n)
{
	(void)n;
	return 0;
}

static t1v_fn *
not1v(int r)
{
	(void)r;
	return 0;
}

#ifdef VECTORS
static n1v_fn *
leaf_avx2(int n)
{
	switch (n) {
#define X(n) case n: return N1V(n, avx2);
	LEAVES_AVX2
#undef X
	}
	return 0;
}

static n1v_fn *
leaf_avx512(int n)
{
	switch (n) {
#define X(n) case n: return N1V(n, avx512);
	LEAVES_AVX512
#undef X
	}
	return 0;
}

static t1v_fn *
t1v_avx2(int r)
{
	switch (r) {
#define X(r) case r: return T1V(r, avx2);
	T1_RADICES
#undef X
	}
	return 0;
}

static t1v_fn *
t1v_avx512(int r)
{
	switch (r) {
#define X(r) case r: return T1V(r, avx512);
	T1_RADICES
#undef X
	}
	return 0;
}

/* doubles (floats) per vector: 4 (8) for AVX2, 8 (16) for AVX-512 */
static const Isa avx2 = {32 / sizeof(R), leaf_avx2, t1v_avx2};
static const Isa avx512 = {64 / sizeof(R), leaf_avx512, t1v_avx512};
#endif

static const Isa scalar = {1, noleaf, not1v};

/* KGEN_ISA's cap: the ISA it names, or the widest for no or another
 * value (numbered as dispatch.c numbers them). */
enum { ISA_SCALAR, ISA_SSE2, ISA_AVX2, ISA_AVX512 };

static int
cap(void)
{
	static const char *const names[] = {"scalar", "sse2", "avx2",
	    "avx512"};
	const char *env;
	int i;

	env = getenv("KGEN_ISA");
	for (i = 0; env && i < 4; i++)
		if (!strcmp(env, names[i]))
			return i;
	return ISA_AVX512;
}

/* The vector ISAs the CPU runs within the cap, widest first, then the
 * scalar codelets; returns how many (at most 3). */
int
F(plantab_isas)(const Isa **isa)
{
	int k;

	k = 0;
#ifdef VECTORS
	int c;

	c = cap();
	if (c >= ISA_AVX512 && __builtin_cpu_supports("avx512f"))
		isa[k++] = &avx512;
	if (c >= ISA_AVX2 && __builtin_cpu_supports("avx2")
	    && __builtin_cpu_supports("fma"))
		isa[k++] = &avx2;
#endif
	isa[k++] = &scalar;
	return k;
}
