/* dispatch.c: run-time choice of the codelet for kgen_dft.  The library
 * holds every n1 codelet four times: scalar (kgen_n1_N), and vectorized
 * across the batch for SSE2, AVX2 with FMA, and AVX-512 (kgen_n1_sse2_N,
 * ...; made by emit/simd.c, each file compiled with its ISA's flags), and
 * some vectorized within one transform (kgen_n1w_ISA_N, emit/vec.c), as
 * codelets.def lists them.  Only the codelets of an ISA the CPU runs may
 * be called, so the choice is made here, from cpu.c's kgen_isa() (the
 * widest ISA the CPU runs, capped by the environment variable KGEN_ISA)
 * and kgen_isa_for.  On a CPU other than x86 (or a build with
 * -DKGEN_NO_SIMD) only the scalar codelets exist.
 * Compiled twice, for double and (-DKGEN_SINGLE) float, like plan.c:
 * each object's tables name only its precision's codelets, so a program
 * linked statically with libkgen.a that transforms doubles only does not
 * link the float codelets. */
#include <stdatomic.h>
#include "kgen.h"
#include "cpu.h"

#ifdef KGEN_SINGLE
typedef kgen_dftf_fn n1_fn;
#define ISFLOAT 1
#define N1_ISA kgen_n1f_isa
#define N1W_ISA kgen_n1wf_isa
#define N1_FOR kgen_n1f_for
#define KEEP_double(x)
#define KEEP_float(x) x
#else
typedef kgen_dft_fn n1_fn;
#define ISFLOAT 0
#define N1_ISA kgen_n1_isa
#define N1W_ISA kgen_n1w_isa
#define N1_FOR kgen_n1_for
#define KEEP_double(x) x
#define KEEP_float(x)
#endif

enum { NSIZE = KGEN_N1_MAX, NISA = CPU_N };

/* This precision's n1 and n1w codelets of codelets.def
 * (build/runtime/codelets.h: less the ISAs not built here). */
#define N1(isa, prec, n, name, opts) KEEP_##prec(extern n1_fn name;)
#define N1W N1
#include "codelets.h"

/* KGEN_N1_MAX is the largest n1 size: the union is as large as its
 * largest member.  (test_runtime.py checks that every size up to it is
 * there.) */
union n1sizes {
#define N1(isa, prec, n, name, opts) char name[n];
#include "codelets.h"
};
_Static_assert(sizeof(union n1sizes) == KGEN_N1_MAX,
    "KGEN_N1_MAX is codelets.def's largest n1");

/* The tables by ISA and size: entry n - 1 holds size n, NULL where the
 * library has none; a size past KGEN_N1_MAX does not compile. */
#define ENTRY(isa, n, name) [CPU_##isa][n - 1] = name,
#define N1(isa, prec, n, name, opts) KEEP_##prec(ENTRY(isa, n, name))
static n1_fn *const tab[NISA][NSIZE] = {
#include "codelets.h"
};

#define N1W(isa, prec, n, name, opts) KEEP_##prec(ENTRY(isa, n, name))
static n1_fn *const wtab[NISA][NSIZE] = {
	[CPU_scalar] = {0},  /* none: n1w is vector only */
#include "codelets.h"
};
#undef ENTRY

n1_fn *
N1_ISA(int n, int isa)
{
	if (n < 1 || n > NSIZE || isa < 0 || isa >= NISA
	    || !kgen_isa_supported(isa))
		return 0;
	return tab[isa][n - 1];
}

n1_fn *
N1W_ISA(int n, int isa)
{
	if (n < 1 || n > NSIZE || isa < 0 || isa >= NISA
	    || !kgen_isa_supported(isa))
		return 0;
	return wtab[isa][n - 1];
}

/* Lanes of isa's batched codelets: transforms per vector. */
static int
lanes(int isa)
{
	if (isa == CPU_scalar)
		return 1;
	return kgen_priv_cpu_bytes(isa) / (ISFLOAT ? 4 : 8);
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
/* pick's answers by v below the lanes or not, and n: 0 until first
 * asked, then 1 + 2 isa + within.  They are fixed once kgen_isa() has
 * chosen, and kgen_dft asks on every call: checking the CPU again each
 * time cost more than a size-16 transform. */
static atomic_int picked[2][NSIZE];

static int
pick(int n, ptrdiff_t v, int *within)
{
	atomic_int *slot;
	int isa, w, few, c;

	isa = kgen_isa_for(n, ISFLOAT);
	few = v < lanes(isa);
	slot = &picked[few][n - 1];
	if ((c = atomic_load_explicit(slot, memory_order_relaxed)) > 0) {
		*within = (c - 1) & 1;
		return (c - 1) >> 1;
	}
	*within = 0;
	w = kgen_isa_supported(isa) ? isa : KGEN_ISA_SCALAR;
	if (few) {
		for (w = isa; n >= 16 && w > KGEN_ISA_SCALAR; w--)
			if (N1W_ISA(n, w) != 0)
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
n1_fn *
N1_FOR(int n, ptrdiff_t v)
{
	int isa, within;

	if (n < 1 || n > NSIZE)
		return 0;
	isa = pick(n, v, &within);
	return within ? wtab[isa][n - 1] : tab[isa][n - 1];
}
