/* dispatch.c: run-time choice of the codelet for kgen_dft.  The library
 * holds every n1 codelet four times: scalar (kgen_n1_N), and vectorized
 * across the batch for SSE2, AVX2 with FMA, and AVX-512 (kgen_n1_sse2_N,
 * ...; made by emit/simd.c, each file compiled with its ISA's flags), and
 * some vectorized within one transform (kgen_n1w_ISA_N, emit/vec.c), as
 * codelets.def lists them.  Only the codelets of an ISA the CPU runs may
 * be called, so the choice is made here, from cpu.c's kgen_isa() (the
 * widest ISA the CPU runs, capped by the environment variable KGEN_ISA).
 * On a CPU other than x86 (or a build with -DKGEN_NO_SIMD) only the
 * scalar codelets exist. */
#include <stdatomic.h>
#include "kgen.h"
#include "cpu.h"

enum { NSIZE = KGEN_N1_MAX, NISA = CPU_N };

/* The n1 and n1w codelets of codelets.def (build/runtime/codelets.h: less
 * the ISAs not built here). */
#define N1(isa, prec, n, name, opts) N1_##prec(name)
#define N1W N1
#define N1_double(name) extern kgen_dft_fn name;
#define N1_float(name) extern kgen_dftf_fn name;
#include "codelets.h"
#undef N1_double
#undef N1_float

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
#define N1(isa, prec, n, name, opts) N1_##prec(ENTRY(isa, n, name))
#define N1_double(entry) entry
#define N1_float(entry)
static kgen_dft_fn *const dtab[NISA][NSIZE] = {
#include "codelets.h"
};

#define N1W(isa, prec, n, name, opts) N1_##prec(ENTRY(isa, n, name))
static kgen_dft_fn *const wtab[NISA][NSIZE] = {
	[CPU_scalar] = {0},  /* none: n1w is vector only */
#include "codelets.h"
};
#undef N1_double
#undef N1_float

#define N1(isa, prec, n, name, opts) N1_##prec(ENTRY(isa, n, name))
#define N1_double(entry)
#define N1_float(entry) entry
static kgen_dftf_fn *const ftab[NISA][NSIZE] = {
#include "codelets.h"
};

#define N1W(isa, prec, n, name, opts) N1_##prec(ENTRY(isa, n, name))
static kgen_dftf_fn *const wftab[NISA][NSIZE] = {
	[CPU_scalar] = {0},  /* none: n1w is vector only */
#include "codelets.h"
};
#undef N1_double
#undef N1_float
#undef ENTRY

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
	    && !kgen_priv_cpu_forced())
		isa = KGEN_ISA_AVX2;
	return isa;
}

kgen_dft_fn *
kgen_n1w_isa(int n, int isa)
{
	if (n < 1 || n > NSIZE || isa < 0 || isa >= NISA
	    || !kgen_isa_supported(isa))
		return 0;
	return wtab[isa][n - 1];
}

kgen_dftf_fn *
kgen_n1wf_isa(int n, int isa)
{
	if (n < 1 || n > NSIZE || isa < 0 || isa >= NISA
	    || !kgen_isa_supported(isa))
		return 0;
	return wftab[isa][n - 1];
}

/* Lanes of isa's batched codelets: transforms per vector. */
static int
lanes(int isa, int isfloat)
{
	if (isa == CPU_scalar)
		return 1;
	return kgen_priv_cpu_bytes(isa) / (isfloat ? 4 : 8);
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
	if (within)
		return wtab[isa][n - 1];
	return dtab[isa][n - 1];
}

kgen_dftf_fn *
kgen_n1f_for(int n, ptrdiff_t v)
{
	int isa, within;

	if (n < 1 || n > NSIZE)
		return 0;
	isa = pick(n, v, 1, &within);
	if (within)
		return wftab[isa][n - 1];
	return ftab[isa][n - 1];
}
