/* dispatch.c: run-time choice of the vector ISA.  The library holds every
 * n1 codelet four times: scalar (kgen_n1_N), and vectorized across the
 * batch for SSE2, AVX2 with FMA, and AVX-512F (kgen_n1_sse2_N, ...; made
 * by emit/simd.c, each file compiled with its ISA's flags; the AVX-512
 * ones also use VL and DQ, as every AVX-512 CPU since Skylake-SP).  Only the
 * codelets of an ISA the CPU runs may be called, so the choice is made
 * here, once, from __builtin_cpu_supports (which also checks that the OS
 * saves the wider registers).  The environment variable KGEN_ISA =
 * scalar|sse2|avx2|avx512 caps the choice, so that tests and benchmarks
 * can run every path on one machine; a value the CPU cannot run is capped
 * to what the CPU has, and one that names no ISA is ignored.  On a CPU
 * other than x86 (or a build with -DKGEN_NO_SIMD) only the scalar
 * codelets exist. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

#if !defined(KGEN_NO_SIMD) && !(defined(__x86_64__) || defined(__i386__))
#define KGEN_NO_SIMD
#endif

#define SIZES \
	X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) \
	X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) \
	X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31) X(32) X(33) X(34) \
	X(35) X(36) X(37) X(38) X(39) X(40) X(41) X(42) X(43) X(44) X(45) \
	X(46) X(47) X(48) X(49) X(50) X(51) X(52) X(53) X(54) X(55) X(56) \
	X(57) X(58) X(59) X(60) X(61) X(62) X(63) X(64)

enum { NSIZE = 64, NISA = KGEN_ISA_AVX512 + 1 };

_Static_assert(NSIZE == KGEN_N1_MAX, "SIZES lists 1..KGEN_N1_MAX");

#ifndef KGEN_NO_SIMD
#define X(n) extern kgen_dft_fn kgen_n1_sse2_##n, kgen_n1_avx2_##n, \
	kgen_n1_avx512_##n; \
	extern kgen_dftf_fn kgen_n1f_sse2_##n, kgen_n1f_avx2_##n, \
	kgen_n1f_avx512_##n;
SIZES
#undef X
#endif

/* Row 0 of each table holds the scalar codelets; entry n - 1 size n. */
static kgen_dft_fn *const dtab[NISA][NSIZE] = {
#define X(n) kgen_n1_##n,
	{SIZES},
#undef X
#ifndef KGEN_NO_SIMD
#define X(n) kgen_n1_sse2_##n,
	{SIZES},
#undef X
#define X(n) kgen_n1_avx2_##n,
	{SIZES},
#undef X
#define X(n) kgen_n1_avx512_##n,
	{SIZES},
#undef X
#endif
};

static kgen_dftf_fn *const ftab[NISA][NSIZE] = {
#define X(n) kgen_n1f_##n,
	{SIZES},
#undef X
#ifndef KGEN_NO_SIMD
#define X(n) kgen_n1f_sse2_##n,
	{SIZES},
#undef X
#define X(n) kgen_n1f_avx2_##n,
	{SIZES},
#undef X
#define X(n) kgen_n1f_avx512_##n,
	{SIZES},
#undef X
#endif
};

/* The within-transform codelets (emit/vec.c, --kind n1w): sizes a
 * multiple of the lanes VL and at least VL^2, as the Makefile's N1W_*
 * lists. */
#define N1W_MUL4 X(16) X(20) X(24) X(28) X(32) X(36) X(40) X(44) X(48) \
	X(52) X(56) X(60) X(64)
#define N1W_SSE2 X(4) X(8) X(12) N1W_MUL4
#define N1W_AVX2 N1W_MUL4
#define N1W_AVX512 X(64)
#define N1WF_SSE2 N1W_MUL4
#define N1WF_AVX2 X(64)

#ifndef KGEN_NO_SIMD
#define X(n) extern kgen_dft_fn kgen_n1w_sse2_##n;
N1W_SSE2
#undef X
#define X(n) extern kgen_dft_fn kgen_n1w_avx2_##n;
N1W_AVX2
#undef X
#define X(n) extern kgen_dft_fn kgen_n1w_avx512_##n;
N1W_AVX512
#undef X
#define X(n) extern kgen_dftf_fn kgen_n1wf_sse2_##n;
N1WF_SSE2
#undef X
#define X(n) extern kgen_dftf_fn kgen_n1wf_avx2_##n;
N1WF_AVX2
#undef X

static kgen_dft_fn *const wtab[NISA][NSIZE] = {
#define X(n) [n - 1] = kgen_n1w_sse2_##n,
	[KGEN_ISA_SSE2] = {N1W_SSE2},
#undef X
#define X(n) [n - 1] = kgen_n1w_avx2_##n,
	[KGEN_ISA_AVX2] = {N1W_AVX2},
#undef X
#define X(n) [n - 1] = kgen_n1w_avx512_##n,
	[KGEN_ISA_AVX512] = {N1W_AVX512},
#undef X
};

static kgen_dftf_fn *const wftab[NISA][NSIZE] = {
#define X(n) [n - 1] = kgen_n1wf_sse2_##n,
	[KGEN_ISA_SSE2] = {N1WF_SSE2},
#undef X
#define X(n) [n - 1] = kgen_n1wf_avx2_##n,
	[KGEN_ISA_AVX2] = {N1WF_AVX2},
#undef X
};
#endif

static const char *const names[NISA] = {"scalar", "sse2", "avx2", "avx512"};

/* The ISA in use plus one, 0 until the first call decides, and whether
 * KGEN_ISA named it.  Threads that race to decide all compute the same
 * values. */
static atomic_int chosen, forced;

const char *
kgen_isa_name(int isa)
{
	return isa >= 0 && isa < NISA ? names[isa] : 0;
}

int
kgen_isa_supported(int isa)
{
	if (isa == KGEN_ISA_SCALAR)
		return 1;
#ifdef KGEN_NO_SIMD
	return 0;
#else
	__builtin_cpu_init();
	switch (isa) {
	case KGEN_ISA_SSE2:
		return __builtin_cpu_supports("sse2") != 0;
	case KGEN_ISA_AVX2:
		/* the AVX2 codelets are compiled with -mfma */
		return __builtin_cpu_supports("avx2")
		    && __builtin_cpu_supports("fma");
	case KGEN_ISA_AVX512:
		/* compiled with -mavx512vl -mavx512dq: Skylake-SP's set */
		return __builtin_cpu_supports("avx512f")
		    && __builtin_cpu_supports("avx512vl")
		    && __builtin_cpu_supports("avx512dq");
	}
	return 0;
#endif
}

int
kgen_isa(void)
{
	const char *env;
	int isa, cap;

	if ((isa = atomic_load_explicit(&chosen, memory_order_relaxed)) > 0)
		return isa - 1;
	cap = NISA - 1;
	env = getenv("KGEN_ISA");
	for (isa = 0; env && isa < NISA; isa++)
		if (!strcmp(env, names[isa])) {
			cap = isa;
			atomic_store_explicit(&forced, 1,
			    memory_order_relaxed);
		}
	for (isa = cap; isa > 0 && !kgen_isa_supported(isa); isa--)
		;
	atomic_store_explicit(&chosen, isa + 1, memory_order_relaxed);
	return isa;
}

kgen_dft_fn *
kgen_n1_isa(int n, int isa)
{
	if (n < 1 || n > NSIZE || isa < 0 || isa >= NISA
	    || !kgen_isa_supported(isa))
		return 0;
	return dtab[isa][n - 1];
}

kgen_dftf_fn *
kgen_n1f_isa(int n, int isa)
{
	if (n < 1 || n > NSIZE || isa < 0 || isa >= NISA
	    || !kgen_isa_supported(isa))
		return 0;
	return ftab[isa][n - 1];
}

/* Where the widest ISA loses: AVX-512 float codelets move 16 transforms
 * at a time, and for n <= 7 (14 floats a transform) packing 16 of them
 * costs more than the arithmetic, so AVX2's 8 lanes are faster.  Measured
 * by make bench-fft (v = 256 interleaved, bench/out/fft_batched.csv):
 * float n = 2..7, AVX2 1.1-1.5x FFTW against AVX-512's 0.75-0.9x.  Only
 * when KGEN_ISA did not name the ISA, so that tests run every path. */
int
kgen_isa_for(int n, int isfloat)
{
	int isa;

	isa = kgen_isa();
	if (isa == KGEN_ISA_AVX512 && isfloat && n <= 7
	    && !atomic_load_explicit(&forced, memory_order_relaxed))
		isa = KGEN_ISA_AVX2;
	return isa;
}

kgen_dft_fn *
kgen_n1w_isa(int n, int isa)
{
#ifndef KGEN_NO_SIMD
	if (n >= 1 && n <= NSIZE && isa >= 0 && isa < NISA
	    && kgen_isa_supported(isa))
		return wtab[isa][n - 1];
#endif
	(void)n;
	(void)isa;
	return 0;
}

kgen_dftf_fn *
kgen_n1wf_isa(int n, int isa)
{
#ifndef KGEN_NO_SIMD
	if (n >= 1 && n <= NSIZE && isa >= 0 && isa < NISA
	    && kgen_isa_supported(isa))
		return wftab[isa][n - 1];
#endif
	(void)n;
	(void)isa;
	return 0;
}

/* Lanes of isa's batched codelets: transforms per vector. */
static int
lanes(int isa, int isfloat)
{
	static const int n[2][NISA] = {{1, 2, 4, 8}, {1, 4, 8, 16}};

	return n[isfloat][isa];
}

/* The ISA whose codelet runs v transforms of size n, and whether it is
 * the within-transform one: the batched codelet of kgen_isa_for(n) once
 * v fills its lanes; below that its remainder path would run, which
 * costs a whole vector pass per transform, so the widest n1w codelet
 * up to that ISA runs each transform, or else the scalar one.  Measured
 * (make bench-fft, v = 1 interleaved, bench/out/fft_v1.csv): n1w beats
 * scalar from n = 16 on (double avx2 16..64: 2-3x, avx512 64: 4x; sse2
 * 1.05-2x) but not below, where the transposes cost what the lanes save
 * (sse2 4, 8: 0.7-0.9x scalar). */
/* pick's answers by precision, v below the lanes or not, and n: 0 until
 * first asked, then 1 + 2 isa + within.  They are fixed once kgen_isa()
 * has chosen, and kgen_dft asks on every call: checking the CPU again
 * each time cost more than a size-16 transform. */
static atomic_int picked[2][2][NSIZE];

static int
pick(int n, ptrdiff_t v, int isfloat, int *within)
{
	atomic_int *slot;
	int isa, w, few, c;

	isa = kgen_isa_for(n, isfloat);
	few = v < lanes(isa, isfloat);
	slot = &picked[isfloat][few][n - 1];
	if ((c = atomic_load_explicit(slot, memory_order_relaxed)) > 0) {
		*within = (c - 1) & 1;
		return (c - 1) >> 1;
	}
	*within = 0;
	w = kgen_isa_supported(isa) ? isa : KGEN_ISA_SCALAR;
	if (few) {
		for (w = isa; n >= 16 && w > KGEN_ISA_SCALAR; w--)
			if (isfloat ? kgen_n1wf_isa(n, w) != 0
			    : kgen_n1w_isa(n, w) != 0)
				break;
		*within = w > KGEN_ISA_SCALAR && n >= 16;
		if (!*within)
			w = KGEN_ISA_SCALAR;
	}
	atomic_store_explicit(slot, 1 + 2 * w + *within,
	    memory_order_relaxed);
	return w;
}

/* pick's codelet: its ISA is one the CPU runs, so straight from the
 * tables. */
kgen_dft_fn *
kgen_n1_for(int n, ptrdiff_t v)
{
	int isa, within;

	if (n < 1 || n > NSIZE)
		return 0;
	isa = pick(n, v, 0, &within);
#ifndef KGEN_NO_SIMD
	if (within)
		return wtab[isa][n - 1];
#endif
	return dtab[isa][n - 1];
}

kgen_dftf_fn *
kgen_n1f_for(int n, ptrdiff_t v)
{
	int isa, within;

	if (n < 1 || n > NSIZE)
		return 0;
	isa = pick(n, v, 1, &within);
#ifndef KGEN_NO_SIMD
	if (within)
		return wftab[isa][n - 1];
#endif
	return ftab[isa][n - 1];
}
