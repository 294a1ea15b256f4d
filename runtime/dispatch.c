/* dispatch.c: run-time choice of the codelet for kgen_dft.  The library
 * holds every n1 codelet four times: scalar (kgen_n1_N), and vectorized
 * across the batch for SSE2, AVX2 with FMA, and AVX-512 (kgen_n1_sse2_N,
 * ...; made by emit/simd.c, each file compiled with its ISA's flags), and
 * for one transform at a time some vectorized within it (kgen_n1w_ISA_N,
 * emit/vec.c) and, every size, with one complex number a vector
 * (kgen_n1c_ISA_N, emit/cxl.c), as codelets.def lists them; which of
 * those runs is measured at first use (dispatch_pick below).  Only the
 * codelets of an ISA the CPU runs may be called, so the choice is made
 * here, from cpu.c's kgen_isa() (the widest ISA the CPU runs, capped by
 * the environment variable KGEN_ISA).  On a CPU other than x86 (or a build with -DKGEN_NO_SIMD) only the
 * scalar codelets exist. */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include "kgen.h"
#include "cpu.h"

enum { NSIZE = KGEN_N1_MAX, NISA = CPU_N };

/* The n1, n1w and n1c codelets of codelets.def (build/runtime/codelets.h:
 * less the ISAs not built here). */
#define N1(isa, prec, n, name, opts) N1_##prec(name)
#define N1W N1
#define N1C N1
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

#define N1_double(entry) entry
#define N1_float(entry)
#define N1C(isa, prec, n, name, opts) N1_##prec(ENTRY(isa, n, name))
static kgen_dft_fn *const ctab[NISA][NSIZE] = {
	[CPU_scalar] = {0},  /* none: n1c is vector only */
#include "codelets.h"
};
#undef N1_double
#undef N1_float

#define N1_double(entry)
#define N1_float(entry) entry
#define N1C(isa, prec, n, name, opts) N1_##prec(ENTRY(isa, n, name))
static kgen_dftf_fn *const cftab[NISA][NSIZE] = {
	[CPU_scalar] = {0},  /* none: n1c is vector only */
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
	if (isa == KGEN_ISA_AVX512 && isfloat && n <= 7 && !cpu_forced())
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

kgen_dft_fn *
kgen_n1c_isa(int n, int isa)
{
	if (n < 1 || n > NSIZE || isa < 0 || isa >= NISA
	    || !kgen_isa_supported(isa))
		return 0;
	return ctab[isa][n - 1];
}

kgen_dftf_fn *
kgen_n1cf_isa(int n, int isa)
{
	if (n < 1 || n > NSIZE || isa < 0 || isa >= NISA
	    || !kgen_isa_supported(isa))
		return 0;
	return cftab[isa][n - 1];
}

/* Lanes of isa's batched codelets: transforms per vector. */
static int
lanes(int isa, int isfloat)
{
	if (isa == CPU_scalar)
		return 1;
	return cpu_bytes(isa) / (isfloat ? 4 : 8);
}

/* One transform at a time (v below the batched codelets' lanes), the
 * candidates are the scalar codelet and, for each ISA up to kgen_isa(),
 * the n1w and n1c codelets the library has for n.  Which is fastest
 * depends on n, the layout and the machine (n1c wins most sizes, n1w
 * some multiples of the lanes, scalar the smallest), so it is measured,
 * not guessed: the first call for a size, precision and layout times
 * each candidate on scratch data of that layout, a few rounds of a few
 * calls, candidates interleaved so that a burst of load hits them alike,
 * and keeps the one with the least time (about 0.1-0.5 ms, once;
 * dispatch_pick remembers it).
 * Candidate c is 3 isa + family. */
enum { FAM_N1, FAM_N1W, FAM_N1C, NFAM, ROUNDS = 15 };

/* The codelet of candidate c, NULL where the library has none. */
static cpu_fn *
candidate(int c, int n, int isfloat)
{
	int isa, fam;

	isa = c / NFAM;
	fam = c % NFAM;
	if (isfloat)
		return fam == FAM_N1C ? (cpu_fn *)cftab[isa][n - 1]
		    : fam == FAM_N1W ? (cpu_fn *)wftab[isa][n - 1]
		    : isa == CPU_scalar ? (cpu_fn *)ftab[isa][n - 1] : 0;
	return fam == FAM_N1C ? (cpu_fn *)ctab[isa][n - 1]
	    : fam == FAM_N1W ? (cpu_fn *)wtab[isa][n - 1]
	    : isa == CPU_scalar ? (cpu_fn *)dtab[isa][n - 1] : 0;
}

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Calls candidate f on buf, n complex values of the layout (split: real
 * parts then imaginary parts), out of place, enough times (4 + 1024 / n,
 * about a microsecond) that the clock's own cost does not decide. */
static void
calls(cpu_fn *f, int n, int isfloat, int split, void *buf)
{
	int k;

	for (k = 0; k < 4 + 1024 / n; k++)
		if (isfloat) {
			float *x = buf, *y = x + 2 * n;

			if (split)
				((kgen_dftf_fn *)f)(x, x + n, y, y + n, 1, 1,
				    1, 0, 0);
			else
				((kgen_dftf_fn *)f)(x, x + 1, y, y + 1, 2, 2,
				    1, 0, 0);
		} else {
			double *x = buf, *y = x + 2 * n;

			if (split)
				((kgen_dft_fn *)f)(x, x + n, y, y + n, 1, 1,
				    1, 0, 0);
			else
				((kgen_dft_fn *)f)(x, x + 1, y, y + 1, 2, 2,
				    1, 0, 0);
		}
}

/* The fastest candidate for one transform of size n in this precision
 * and layout, by measurement; 0 (scalar n1) when scratch memory is not
 * to be had. */
static int
measure(int n, int isfloat, int split)
{
	double best[NISA * NFAM], t;
	cpu_fn *f;
	void *buf;
	int c, r, top, win, k;

	top = kgen_isa();
	buf = calloc(4 * (size_t)n, sizeof(double));
	if (!buf)
		return FAM_N1;
	for (k = 0; k < 4 * n; k++)     /* small values, no denormals */
		if (isfloat)
			((float *)buf)[k] = (float)(k % 7) * 0.125f;
		else
			((double *)buf)[k] = (k % 7) * 0.125;
	for (c = 0; c < NISA * NFAM; c++)
		best[c] = HUGE_VAL;
	for (r = 0; r < ROUNDS; r++)
		for (c = 0; c < (top + 1) * NFAM; c++) {
			if (!(f = candidate(c, n, isfloat)))
				continue;
			if (r == 0)     /* warm the code and the data */
				calls(f, n, isfloat, split, buf);
			t = now();
			calls(f, n, isfloat, split, buf);
			t = now() - t;
			if (t < best[c])
				best[c] = t;
		}
	free(buf);
	win = FAM_N1;
	for (c = 0; c < (top + 1) * NFAM; c++)
		if (best[c] < best[win])
			win = c;
	return win;
}

/* What dispatch_pick found for a size and precision, so that a call of
 * kgen_dft costs a few loads beyond its codelet (asking kgen_isa_for and
 * the tables each time cost 15 ns, as much as a size-8 transform):
 * lanes is 0 until filled, and written after many (release), so a
 * thread that sees it sees many; few[split] is NULL until measured.
 * Threads that race here may both measure; either answer is a codelet
 * that computes the transform, and the last one stays. */
typedef struct Slot Slot;
struct Slot {
	atomic_int lanes;           /* of kgen_isa_for(n)'s batched codelet */
	_Atomic(cpu_fn *) many;     /* that codelet, for v >= lanes */
	_Atomic(cpu_fn *) few[2];   /* v < lanes: by layout, measured */
};
static Slot slots[2][NSIZE];

/* dispatch_pick's first call for a size and precision, or for a layout
 * at v below the lanes: fills s. */
static cpu_fn *
fill(Slot *s, int n, ptrdiff_t v, int isfloat, int split)
{
	cpu_fn *f;
	int isa, l;

	if (!(l = atomic_load_explicit(&s->lanes, memory_order_acquire))) {
		isa = kgen_isa_for(n, isfloat);
		f = isfloat ? (cpu_fn *)ftab[isa][n - 1]
		    : (cpu_fn *)dtab[isa][n - 1];
		atomic_store_explicit(&s->many, f, memory_order_relaxed);
		l = lanes(isa, isfloat);
		atomic_store_explicit(&s->lanes, l, memory_order_release);
	}
	if (v >= l)
		return atomic_load_explicit(&s->many, memory_order_relaxed);
	f = candidate(measure(n, isfloat, split), n, isfloat);
	atomic_store_explicit(&s->few[split], f, memory_order_relaxed);
	return f;
}

/* The codelet for v transforms of size n, double (isfloat 0) or float:
 * the batched codelet of kgen_isa_for(n) once v fills its lanes, else
 * (its remainder path would cost a whole vector pass per transform)
 * the fastest candidate for one transform, measured at first use.
 * split: the layout is not interleaved pairs (ii == ri +- 1). */
static inline cpu_fn *
pick(int n, ptrdiff_t v, int isfloat, int split)
{
	Slot *s;
	cpu_fn *f;
	int l;

	s = &slots[isfloat][n - 1];
	l = atomic_load_explicit(&s->lanes, memory_order_acquire);
	if (l && v >= l)
		f = atomic_load_explicit(&s->many, memory_order_relaxed);
	else if (l)
		f = atomic_load_explicit(&s->few[split], memory_order_relaxed);
	else
		f = 0;
	return f ? f : fill(s, n, v, isfloat, split);
}

cpu_fn *
dispatch_pick(int n, ptrdiff_t v, int isfloat, int split)
{
	if (n < 1 || n > NSIZE)
		return 0;
	return pick(n, v, isfloat, split);
}

/* kgen_dft and kgen_dftf in one precision: the checks, then pick's
 * codelet; the other sign is the same codelet with real and imaginary
 * parts swapped (the library's n1 codelets are all forward: codelets.def
 * gives none --sign, and test_runtime.py checks the table).  Here, not
 * in registry.c, and inlined into both, so that a call of kgen_dft costs
 * little beside its codelet (a size-2 codelet takes 2-4 ns). */
static inline __attribute__((always_inline)) int
dft(int n, int isfloat, int sign, const void *ri, const void *ii,
    void *ro, void *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v,
    ptrdiff_t ivs, ptrdiff_t ovs)
{
	const void *in;
	void *out;
	cpu_fn *f;
	size_t sz;
	int split;

	if (sign != -1 && sign != 1)
		return KGEN_ESIGN;
	if (!ri || !ii || !ro || !io || v < 0)
		return KGEN_EINVAL;
	if (n < 1 || n > NSIZE)
		return KGEN_ENOSIZE;
	if (sign > 0) {
		in = ri;
		ri = ii;
		ii = in;
		out = ro;
		ro = io;
		io = out;
	}
	/* interleaved pairs, either way round, or anything else */
	sz = isfloat ? sizeof(float) : sizeof(double);
	split = !(((const char *)ii == (const char *)ri + sz
	    && (char *)io == (char *)ro + sz)
	    || ((const char *)ii == (const char *)ri - sz
	    && (char *)io == (char *)ro - sz));
	if (!(f = pick(n, v, isfloat, split)))
		return KGEN_ENOSIZE;
	if (isfloat)
		((kgen_dftf_fn *)f)(ri, ii, ro, io, is, os, v, ivs, ovs);
	else
		((kgen_dft_fn *)f)(ri, ii, ro, io, is, os, v, ivs, ovs);
	return KGEN_OK;
}

kgen_dft_fn *
kgen_n1_for(int n, ptrdiff_t v)
{
	return (kgen_dft_fn *)dispatch_pick(n, v, 0, 0);
}

kgen_dftf_fn *
kgen_n1f_for(int n, ptrdiff_t v)
{
	return (kgen_dftf_fn *)dispatch_pick(n, v, 1, 0);
}

int
kgen_dft(int n, int sign, const double *ri, const double *ii, double *ro,
    double *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs,
    ptrdiff_t ovs)
{
	return dft(n, 0, sign, ri, ii, ro, io, is, os, v, ivs, ovs);
}

int
kgen_dftf(int n, int sign, const float *ri, const float *ii, float *ro,
    float *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs,
    ptrdiff_t ovs)
{
	return dft(n, 1, sign, ri, ii, ro, io, is, os, v, ivs, ovs);
}
