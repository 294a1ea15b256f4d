/* dispatch.c: run-time choice of the codelet for kgen_dft.  The library
 * holds every n1 codelet four times: scalar (kgen_n1_N), and vectorized
 * across the batch for SSE2, AVX2 with FMA, and AVX-512 (kgen_n1_sse2_N,
 * ...; made by emit/simd.c, each file compiled with its ISA's flags), and
 * for one transform at a time some vectorized within it (kgen_n1w_ISA_N,
 * emit/vec.c) and, every size, with one complex number a vector
 * (kgen_n1c_ISA_N, emit/cxl.c) and, for multiples of 2 or 4, with
 * several complex numbers of one transform a vector (kgen_n1x_ISA_N,
 * emit/cxl.c), and the batched AVX2 and AVX-512 ones
 * again as kgen's assembly (kgen_n1a_ISA_N, x86/asm.c: registers
 * allocated by kgen), as codelets.def lists them (disptab.c's tables);
 * which of those runs is measured at first use (dispmeas.c) and kept
 * here (pick below).  Only the codelets of
 * an ISA the CPU runs may be called, so the choice is made here, from
 * cpu.c's kgen_isa() (the widest ISA the CPU runs, capped by the
 * environment variable KGEN_ISA) and kgen_isa_for.  On a CPU other than
 * x86 (or a build with -DKGEN_NO_SIMD) only the scalar codelets exist.
 * This file holds kgen_dft itself (its assembly entry on x86-64), the
 * memo of picks it reads (slots) and the hooks of the wisdom store.
 * Compiled twice, for double and (-DKGEN_SINGLE) float: see prec.h. */
#include <stdatomic.h>
#include <stdint.h>
#include "kgen.h"
#include "cpu.h"
#include "dispatch.h"

_Static_assert((int)NPICK == (int)DFT_NLAY,
    "cpu.h's DFT_NLAY is layout()'s classes");

/* KGEN_N1_MAX is the largest n1 size: the union is as large as its
 * largest member.  (test_runtime.py checks that every size up to it is
 * there.) */
union n1sizes {
#define N1(isa, prec, n, name, opts) char name[n];
#include "codelets.h"
};
_Static_assert(sizeof(union n1sizes) == KGEN_N1_MAX,
    "KGEN_N1_MAX is codelets.def's largest n1");

/* Lanes of isa's batched codelets: transforms per vector. */
static int
lanes(int isa)
{
	if (isa == CPU_scalar)
		return 1;
	return kgen_priv_cpu_bytes(isa) / (int)sizeof(R);
}

/* isa's batched n1 codelet of size n (scalar: the scalar one). */
static n1_fn *
batched(int isa, int n)
{
	return PRIV(disptab_candidate)(isa * NFAM + FAM_N1, n, 1);
}

/* What pick found for a size and precision, so that a call of kgen_dft
 * costs a few loads beyond its codelet (asking kgen_isa_for and the
 * tables each time cost 15 ns, as much as a size-8 transform): lanes is
 * 0 until filled, and written before any codelet is (release), so a
 * thread that sees a codelet sees lanes; many[lay] and few[lay] are
 * NULL until measured.  Threads that race here may both measure; either
 * answer is a codelet that computes the transform, and the last one
 * stays. */
typedef struct Slot Slot;
struct Slot {
	atomic_int lanes;           /* of kgen_isa_for(n)'s batched codelet */
	_Atomic(n1_fn *) many[NPICK];   /* v >= lanes: by layout, measured */
	_Atomic(n1_fn *) few[NPICK];    /* v < lanes: by layout, measured */
	_Atomic(v1_fn *) one;       /* few[0]'s NAME_v1: n1c or n1x */
	_Atomic(v1s_fn *) ones;     /* few[1]'s NAME_v1s when it is n1c */
	_Atomic(n1_fn *) plain[2];  /* few[PICK_INTER], few[PICK_SPLIT] when
	                             * one (ones) is not its entry */
	atomic_int cand[2][NPICK];  /* [many][lay]: 1 + the candidate that
	                             * few or many holds, 0 where it was not
	                             * measured (or told: wisdom) */
};
/* On x86-64 (ELF, GNU C) kgen_dft's first instructions are assembly
 * (DFT_ASM, after DFT_C): they read one, ones and plain of slots by
 * this name, a slot 136 bytes, one, ones and plain at 72, 80 and 88. */
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__)
#define DFT_ASM 1
static Slot slots[NSIZE] __asm__(SLOTS_NAME);
_Static_assert(sizeof(Slot) == 136 && offsetof(Slot, one) == 72
    && offsetof(Slot, ones) == 80 && offsetof(Slot, plain) == 88
    && sizeof(n1_fn *) == 8 && NSIZE == 64 && KGEN_OK == 0,
    "the layout DFT_ASM's assembly reads slots with");
#else
static Slot slots[NSIZE];
#endif

/* Makes candidate c (or, c < 0, codelet f unmeasured) the codelet of
 * slot s for layout lay and side many, with the entries one transform
 * takes: NAME_v1 (interleaved pairs, n1c or n1x) or NAME_v1s (split, n1c)
 * where the codelet has one, else plain.  Each entry is set, so that a
 * pick installed again (wisdom, after kgen_forget_wisdom) leaves no
 * entry of the one before; a call that reads them meanwhile finds
 * either pick's, or none and goes on to pick. */
static n1_fn *
install(Slot *s, int n, int many, int lay, int c, n1_fn *f)
{
	v1_fn *g;
	v1s_fn *h;

	if (c >= 0)
		f = PRIV(disptab_candidate)(c, n, many);
	atomic_store_explicit(many ? &s->many[lay] : &s->few[lay], f,
	    memory_order_relaxed);
	atomic_store_explicit(&s->cand[many][lay], c + 1,
	    memory_order_relaxed);
	/* the entries of one transform (side by side needs two) */
	if (many || (lay != PICK_INTER && lay != PICK_SPLIT))
		return f;
	g = c >= 0 ? PRIV(disptab_v1)(c, n) : 0;
	h = c >= 0 ? PRIV(disptab_v1s)(c, n) : 0;
	if (lay == PICK_SPLIT) {
		atomic_store_explicit(&s->ones, h, memory_order_relaxed);
		atomic_store_explicit(&s->plain[lay], h ? 0 : f,
		    memory_order_relaxed);
	} else {
		atomic_store_explicit(&s->one, g, memory_order_relaxed);
		atomic_store_explicit(&s->plain[lay], g ? 0 : f,
		    memory_order_relaxed);
	}
	return f;
}

/* The lanes of slot s (n's batched codelets), set at its first use. */
static int
slotlanes(Slot *s, int n)
{
	int l;

	if (!(l = atomic_load_explicit(&s->lanes, memory_order_acquire))) {
		l = lanes(kgen_isa_for(n, ISFLOAT));
		atomic_store_explicit(&s->lanes, l, memory_order_release);
	}
	return l;
}

/* pick's first call for a size, precision, layout and side of the
 * lanes: fills s. */
static n1_fn *
fill(Slot *s, int n, ptrdiff_t v, int lay)
{
	int isa, l, many, c, vm;

	isa = kgen_isa_for(n, ISFLOAT);
	l = slotlanes(s, n);
	many = v >= l;
	if (many && kgen_priv_isa_forced())
		return install(s, n, many, lay, -1, batched(isa, n));
	/* batches: the call's v, at least sixteen vectors' worth, at most
	 * MEASV complex values an array where that is more (why:
	 * dispmeas.c's opening comment) */
	vm = many && v < MEASV / n ? (int)v : MEASV / n;
	if (vm < 16 * l)
		vm = 16 * l;
	if ((c = PRIV(dispmeas_measure)(n, lay, many ? vm : lay == PICK_SIDE
	    || lay == PICK_SKEW ? l - 1 : 1, many)) >= 0)
		return install(s, n, many, lay, c, 0);
	return install(s, n, many, lay, -1, batched(many ? isa : CPU_scalar,
	    n));
}

int
DFT_PICKED(int n, int many, int lay, int *fam, int *isa)
{
	int c;

	if (n < 1 || n > NSIZE || lay < 0 || lay >= NPICK)
		return 0;
	c = atomic_load_explicit(&slots[n - 1].cand[!!many][lay],
	    memory_order_relaxed) - 1;
	if (c < 0)
		return 0;
	*fam = c % NFAM;
	*isa = c / NFAM;
	return 1;
}

int
DFT_PICK(int n, int many, int lay, int fam, int isa, int put)
{
	int c;

	many = !!many;
	if (n < 1 || n > NSIZE || lay < 0 || lay >= NPICK || fam < 0
	    || fam >= NFAM || isa < 0 || isa >= NISA)
		return -1;
	c = isa * NFAM + fam;
	if (!PRIV(disptab_candidate)(c, n, many))
		return -1;
	if (!kgen_isa_supported(isa) || isa > kgen_isa()
	    || (many && kgen_priv_isa_forced()))
		return 1;
	if (put) {
		slotlanes(&slots[n - 1], n);
		install(&slots[n - 1], n, many, lay, c, 0);
	}
	return 0;
}

void
DFT_FORGET(void)
{
	Slot *s;
	int n, m, lay;

	for (n = 1; n <= NSIZE; n++) {
		s = &slots[n - 1];
		for (m = 0; m < 2; m++)
			for (lay = 0; lay < NPICK; lay++) {
				atomic_store_explicit(m ? &s->many[lay]
				    : &s->few[lay], 0, memory_order_relaxed);
				atomic_store_explicit(&s->cand[m][lay], 0,
				    memory_order_relaxed);
			}
		atomic_store_explicit(&s->one, 0, memory_order_relaxed);
		atomic_store_explicit(&s->ones, 0, memory_order_relaxed);
		atomic_store_explicit(&s->plain[0], 0, memory_order_relaxed);
		atomic_store_explicit(&s->plain[1], 0, memory_order_relaxed);
	}
}

/* The codelet for v transforms of size n in layout lay (layout below):
 * the fastest of the candidates above, measured at first use, once per
 * layout and side of kgen_isa_for(n)'s lanes (v >= lanes: batched
 * codelets too). */
static inline n1_fn *
pick(int n, ptrdiff_t v, int lay)
{
	Slot *s;
	n1_fn *f;
	int l;

	s = &slots[n - 1];
	l = atomic_load_explicit(&s->lanes, memory_order_acquire);
	if (l && v >= l)
		f = atomic_load_explicit(&s->many[lay], memory_order_relaxed);
	else if (l)
		f = atomic_load_explicit(&s->few[lay], memory_order_relaxed);
	else
		f = 0;
	return f ? f : fill(s, n, v, lay);
}

/* The layout class pick measures for: PICK_SPLIT unless the data are
 * interleaved pairs (ii == ri +- 1, io == ro +- 1); interleaved, PICK_SIDE
 * where the transforms sit side by side (ivs or ovs 2: FFTW's distance 1,
 * a 2-D transform's columns), else PICK_INTER.  Side by side, the codelet
 * picked for transforms one after another can be several times slower
 * than the best (float n = 32, v = 256: n1x 75 ns a transform, n1c 12.6,
 * make bench-fft's tmajor rows).  And side by side, PICK_SKEW
 * where input and output lie differently against 64-byte boundaries
 * (arrays from two calls of malloc, say): n1c peels transforms up to a
 * boundary where both lie alike, and is about twice as slow where it
 * cannot (float n = 32: 12-15 ns a transform against 23-29), so the
 * two are measured apart. */
static inline int
layout(const R *ri, const R *ii, const R *ro, const R *io, ptrdiff_t v,
    ptrdiff_t ivs, ptrdiff_t ovs)
{
	if (!((ii == ri + 1 && io == ro + 1) || (ri == ii + 1
	    && ro == io + 1)))
		return PICK_SPLIT;
	if (v < 2 || (ivs != 2 && ovs != 2))
		return PICK_INTER;
	return ((uintptr_t)ri - (uintptr_t)ro) & 63 ? PICK_SKEW : PICK_SIDE;
}

/* The codelet kgen_dft (kgen_dftf) runs for v transforms of size n of
 * interleaved data (every codelet computes every layout; the layout only
 * decides which one-transform codelet is fastest). */
n1_fn *
N1_FOR(int n, ptrdiff_t v)
{
	if (n < 1 || n > NSIZE)
		return 0;
	return pick(n, v, 0);
}

static unsigned long long
mag(ptrdiff_t x)
{
	return x < 0 ? 0 - (unsigned long long)x : (unsigned long long)x;
}

#ifndef KGEN_SINGLE
/* Magnitudes this far (2^61 elements: past any address space) count as
 * overlapping, so that no product below overflows. */
#define BIG (1ULL << 61)

/* The inverse of b modulo m (b and m coprime, m > 1), by Euclid's
 * algorithm carried with the coefficients of b. */
static long long
inverse(long long b, long long m)
{
	long long r0 = m, r1 = b, t0 = 0, t1 = 1, q, t;

	while (r1) {
		q = r0 / r1;
		t = r0 - q * r1;
		r0 = r1;
		r1 = t;
		t = t0 - q * t1;
		t0 = t1;
		t1 = t;
	}
	return t0 < 0 ? t0 + m : t0;
}

/* a b modulo m without overflow (a, b < m <= 2^61), by doubling. */
static long long
mulmod(long long a, long long b, long long m)
{
	long long r = 0;

	for (; b; b >>= 1) {
		if (b & 1)
			r = (r + a) % m;
		a = a * 2 % m;
	}
	return r;
}

/* Whether some integers |x| <= nx, |y| <= ny give x a + y b = d: two
 * offsets j ivs + m is (0 <= j < v, 0 <= m < n) of a layout differ by d
 * exactly then (a = ivs, nx = v - 1, b = is, ny = n - 1), so split
 * arrays d elements apart share an element.  Exact: no solution unless
 * g = gcd(a, b) divides d; then, dividing by g, y b = d modulo a puts y
 * in one class modulo a, the y that keep |x| <= nx form an interval, and
 * the answer is whether that interval, cut to [-ny, ny], holds a member
 * of the class.  Typical layouts stop at the first test (arrays further
 * apart than the layout spans). */
int
kgen_priv_overlap(ptrdiff_t d, ptrdiff_t a, ptrdiff_t nx, ptrdiff_t b,
    ptrdiff_t ny)
{
	unsigned long long D = mag(d), A = mag(a), B = mag(b);
	unsigned long long X = nx > 0 ? (unsigned long long)nx : 0;
	unsigned long long Y = ny > 0 ? (unsigned long long)ny : 0;
	unsigned long long g, r, t;
	long long lo, hi, y0, first;

	if (!A || !X)
		A = X = 0;
	if (!B || !Y)
		B = Y = 0;
	if (D >= BIG || A >= BIG || B >= BIG || X >= BIG || Y >= BIG
	    || (X && A > BIG / X) || (Y && B > BIG / Y))
		return 1;
	if (D > X * A + Y * B)
		return 0;
	if (!A || !B) {
		if (!A && !B)
			return D == 0;
		if (!A)
			return D % B == 0 && D / B <= Y;
		return D % A == 0 && D / A <= X;
	}
	for (g = A, r = B; r; t = g % r, g = r, r = t)
		;
	if (D % g)
		return 0;
	A /= g;
	B /= g;
	D /= g;
	y0 = A == 1 ? 0 : mulmod((long long)(D % A),
	    inverse((long long)(B % A), (long long)A), (long long)A);
	/* x = (D - y B) / A within [-X, X]: D - X A <= y B <= D + X A */
	lo = (long long)D - (long long)(X * A);
	lo = lo >= 0 ? (lo + (long long)B - 1) / (long long)B
	    : -(-lo / (long long)B);
	hi = (long long)((D + X * A) / B);
	if (lo < -(long long)Y)
		lo = -(long long)Y;
	if (hi > (long long)Y)
		hi = (long long)Y;
	if (lo > hi)
		return 0;
	first = lo + ((y0 - lo) % (long long)A + (long long)A)
	    % (long long)A;
	return first <= hi;
}
#endif

/* Whether split arrays x and y (n elements at stride s, v times at
 * stride vs) share an element (KGEN_EINVAL: no split layout does). */
static int
clash(const R *x, const R *y, int n, ptrdiff_t s, ptrdiff_t v,
    ptrdiff_t vs)
{
	ptrdiff_t bytes, q;

	if (v < 1)
		return 0;
	bytes = (ptrdiff_t)((uintptr_t)y - (uintptr_t)x);
	q = bytes / (ptrdiff_t)sizeof(R);
	if (bytes % (ptrdiff_t)sizeof(R) == 0)
		return kgen_priv_overlap(q, vs, v - 1, s, n - 1);
	/* elements that overlap in part: offsets q or q + 1 apart */
	if (bytes < 0)
		q--;
	return kgen_priv_overlap(q, vs, v - 1, s, n - 1)
	    || kgen_priv_overlap(q + 1, vs, v - 1, s, n - 1);
}

/* Whether x and y are certainly apart, cheaply: interleaved pairs (one
 * element apart) with every stride used even, or farther apart than
 * the layout spans; else clash decides. */
static inline int
apart(const R *x, const R *y, int n, ptrdiff_t s, ptrdiff_t v,
    ptrdiff_t vs)
{
	uintptr_t d, span;

	d = (uintptr_t)y - (uintptr_t)x;
	if ((d == sizeof(R) || d == (uintptr_t)0 - sizeof(R))
	    && !(((n > 1 ? s : 0) | (v > 1 ? vs : 0)) & 1))
		return 1;
	/* (n - 1)|s| + (v - 1)|vs| < 2^56: no overflow */
	if ((uintptr_t)(s + 0x7fffffff) <= 0xfffffffeu
	    && (uintptr_t)(vs + 0x7fffffff) <= 0xfffffffeu
	    && v <= 1 << 24) {
		span = ((uintptr_t)(n - 1) * mag(s) + (uintptr_t)(v > 0 ? v - 1
		    : 0) * mag(vs) + 1) * sizeof(R);
		if (d >= span && d <= (uintptr_t)0 - span)
			return 1;
	}
	return !clash(x, y, n, s, v, vs);
}

/* kgen_dft (kgen_dftf) in full: the checks, then pick's codelet; the
 * other sign is the same codelet with real and imaginary parts swapped
 * (the library's n1 codelets are all forward: codelets.def gives none
 * --sign, and test_runtime.py checks the table). */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

static NOINLINE int
full(int n, int sign, const R *ri, const R *ii, R *ro, R *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	const R *in;
	R *out;
	n1_fn *f;

	if (sign != -1 && sign != 1)
		return KGEN_ESIGN;
	if (!ri || !ii || !ro || !io || v < 0)
		return KGEN_EINVAL;
	if (n < 1 || n > NSIZE)
		return KGEN_ENOSIZE;
	if (!apart(ri, ii, n, is, v, ivs) || !apart(ro, io, n, os, v, ovs))
		return KGEN_EINVAL;
	if (sign > 0) {
		in = ri;
		ri = ii;
		ii = in;
		out = ro;
		ro = io;
		io = out;
	}
	if (!(f = pick(n, v, layout(ri, ii, ro, io, v, ivs, ovs))))
		return KGEN_ENOSIZE;
	f(ri, ii, ro, io, is, os, v, ivs, ovs);
	return KGEN_OK;
}

/* kgen_dft (kgen_dftf) past its first test below: a forward call of a
 * size already picked, in any layout, takes a path that keeps nothing
 * across the codelet's call: its checks are full's for sign -1, and
 * every other call is full's (not inlined, so that its registers are
 * not this path's).  (Through full, split arrays took 5 ns a call more
 * than the codelet at n = 2, make bench-fft.) */
static NOINLINE int
common(int n, int sign, const R *ri, const R *ii, R *ro, R *io,
    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
{
	const Slot *s;
	n1_fn *f;
	int l, lay;

	f = 0;
	if (sign == -1 && (unsigned)n - 1 < NSIZE && ri && ii && ro && io
	    && v >= 0 && apart(ri, ii, n, is, v, ivs)
	    && apart(ro, io, n, os, v, ovs)) {
		lay = layout(ri, ii, ro, io, v, ivs, ovs);
		s = &slots[n - 1];
		l = atomic_load_explicit(&s->lanes, memory_order_acquire);
		if (l)
			f = atomic_load_explicit(v >= l ? &s->many[lay]
			    : &s->few[lay], memory_order_relaxed);
	}
	if (!f)
		return full(n, sign, ri, ii, ro, io, is, os, v, ivs, ovs);
	f(ri, ii, ro, io, is, os, v, ivs, ovs);
	return KGEN_OK;
}

/* One forward transform of a size whose measured codelet has no v1 or
 * v1s entry (n1w, scalar): a call of its own, so that kgen_dft's other
 * paths stay jumps that save no registers (called from kgen_dft
 * itself, the codelet made every call of kgen_dft save six). */
static NOINLINE int
one(n1_fn *f, const R *ri, const R *ii, R *ro, R *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t ivs, ptrdiff_t ovs)
{
	f(ri, ii, ro, io, is, os, 1, ivs, ovs);
	return KGEN_OK;
}

/* kgen_dft (kgen_dftf); on x86-64 DFT_C, where the assembly entry
 * below sends every call it does not take to a codelet itself.  A small
 * transform costs a few nanoseconds, so
 * one forward transform whose measured codelet is n1c or n1x jumps to that
 * codelet's v1 entry (interleaved pairs: four arguments; split arrays,
 * the v1s entry: six; all in registers, and its return value is ours):
 * no frame, no registers saved, no arguments copied (make bench-fft's
 * kgen rows against its direct codelet rows, v = 1: docs/design.md).  One
 * forward transform whose codelet has no such entry (n1w, scalar, n1x on
 * split arrays) goes straight to it through one (split float n = 32,
 * n1w: 28.3 ns a transform through common, 26.1 this way, the codelet
 * called directly 23.3; split n1w sizes 6-16% faster, make bench-fft
 * v = 1).  Everything else goes on to common. */
#ifdef DFT_ASM
__attribute__((visibility("hidden"))) int
DFT_C(int n, int sign, const R *ri, const R *ii, R *ro, R *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);
__attribute__((visibility("hidden"))) int
DFT_C(int n, int sign, const R *ri, const R *ii, R *ro, R *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
#else
int
DFT(int n, int sign, const R *ri, const R *ii, R *ro, R *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs)
#endif
{
	v1_fn *g;
	v1s_fn *h;
	_Atomic(n1_fn *) *p;
	n1_fn *f;

	if (v == 1 && sign == -1 && (unsigned)n - 1 < NSIZE && ri && ii && ro
	    && io && apart(ri, ii, n, is, 1, ivs)
	    && apart(ro, io, n, os, 1, ovs)) {
		p = &slots[n - 1].plain[0];
		if (ii == ri + 1 && io == ro + 1) {
			if ((g = atomic_load_explicit(&slots[n - 1].one,
			    memory_order_relaxed)))
				return g(ri, ro, is, os);
		} else if (ri != ii + 1 || ro != io + 1) {
			if ((h = atomic_load_explicit(&slots[n - 1].ones,
			    memory_order_relaxed)))
				return h(ri, ii, ro, io, is, os);
			p = &slots[n - 1].plain[1];
		}
		if ((f = atomic_load_explicit(p, memory_order_relaxed)))
			return one(f, ri, ii, ro, io, is, os, ivs, ovs);
	}
	return common(n, sign, ri, ii, ro, io, is, os, v, ivs, ovs);
}

#ifdef DFT_ASM
/* apart's test of the span for one transform, in assembly: on to DFT_C
 * (label 8: sign, in esi, was -1) unless |y - x| >= ((n - 1) |s| + 1)
 * sizeof(R) (n in edi, s at off(%rsp), |s| < 2^31; rax, rsi and r11
 * scratch). */
#define APART(x, y, off) \
"	movq " y ", %rax\n" \
"	subq " x ", %rax\n" \
"	movq %rax, %r11\n" \
"	negq %rax\n" \
"	cmovsq %r11, %rax\n" \
"	movq " off "(%rsp), %r11\n" \
"	movq %r11, %rsi\n" \
"	negq %rsi\n" \
"	cmovsq %r11, %rsi\n" \
"	cmpq $0x7fffffff, %rsi\n" \
"	ja 8f\n" \
"	leal -1(%rdi), %r11d\n" \
"	imulq %r11, %rsi\n" \
"	imulq $" RSIZE ", %rsi, %rsi\n" \
"	addq $" RSIZE ", %rsi\n" \
"	cmpq %rsi, %rax\n" \
"	jb 8f\n"

/* kgen_dft's (kgen_dftf's) entry in assembly: DFT_C's first branch (one
 * forward transform of a size already picked) with nothing saved and
 * each argument moved once: a jump to the v1 or v1s entry, or a call of
 * the plain codelet with v = 1 where the pick has no such entry (it
 * returns nothing, so the entry returns KGEN_OK itself); every other
 * call jumps to DFT_C with its arguments untouched.  In C, gcc 12 saved
 * four registers and loaded every stack argument before the first test
 * (for the jump to common with the stack arguments, whatever the C's
 * shape): make bench-fft's v = 1 rows took a cycle or two more than the
 * same codelet called directly, and this entry 3-5 cycles less than the
 * C one at n <= 8 (double n = 4, interleaved, on the EPYC: 6.23 ns
 * through the C entry, 5.15 through this; docs/design.md).
 * Arguments: n edi, sign esi, ri rdx, ii rcx, ro r8, io r9; is, os, v,
 * ivs, ovs at 8, 16, 24, 32, 40(%rsp).  The slot's fields: one 72,
 * ones 80, plain[0] 88, plain[1] 96 (asserted with slots). */
__asm__(
"	.text\n"
"	.globl " DFT_NAME "\n"
"	.type " DFT_NAME ", @function\n"
"	.p2align 4\n"
DFT_NAME ":\n"
"	.cfi_startproc\n"
"	cmpq $1, 24(%rsp)\n"            /* v == 1 */
"	jne 9f\n"
"	cmpl $-1, %esi\n"               /* sign == -1 */
"	jne 9f\n"
"	leal -1(%rdi), %eax\n"          /* (unsigned)n - 1 < NSIZE */
"	cmpl $63, %eax\n"
"	ja 9f\n"
"	testq %rdx, %rdx\n"             /* ri, ii, ro, io */
"	je 9f\n"
"	testq %rcx, %rcx\n"
"	je 9f\n"
"	testq %r8, %r8\n"
"	je 9f\n"
"	testq %r9, %r9\n"
"	je 9f\n"
"	imulq $136, %rax, %rax\n"      /* slot n - 1 */
"	leaq " SLOTS_NAME "(%rip), %r10\n"
"	addq %rax, %r10\n"
"	leaq " RSIZE "(%rdx), %r11\n"   /* ii == ri + 1 */
"	cmpq %r11, %rcx\n"
"	jne 2f\n"
"	leaq " RSIZE "(%r8), %r11\n"    /* io == ro + 1 */
"	cmpq %r11, %r9\n"
"	jne 3f\n"
"	testb $1, 8(%rsp)\n"            /* is, os even: pairs apart */
"	jne 9f\n"
"	testb $1, 16(%rsp)\n"
"	jne 9f\n"
"	movq 72(%r10), %r11\n"          /* one(ri, ro, is, os) */
"	testq %r11, %r11\n"
"	je 4f\n"
"	movq %rdx, %rdi\n"
"	movq %r8, %rsi\n"
"	movq 8(%rsp), %rdx\n"
"	movq 16(%rsp), %rcx\n"
"	jmp *%r11\n"
"4:	movq 88(%r10), %r11\n"          /* plain[0] */
"	jmp 6f\n"
"2:	leaq " RSIZE "(%rcx), %r11\n"  /* not ri == ii + 1 && ro == io + 1 */
"	cmpq %r11, %rdx\n"
"	jne 3f\n"
"	leaq " RSIZE "(%r9), %r11\n"
"	cmpq %r11, %r8\n"
"	je 9f\n"
"3:\n"
APART("%rdx", "%rcx", "8")         /* ri, ii farther apart than n is */
APART("%r8", "%r9", "16")          /* ro, io: n os */
"	movq 80(%r10), %r11\n"          /* ones(ri, ii, ro, io, is, os) */
"	testq %r11, %r11\n"
"	je 5f\n"
"	movq %rdx, %rdi\n"
"	movq %rcx, %rsi\n"
"	movq %r8, %rdx\n"
"	movq %r9, %rcx\n"
"	movq 8(%rsp), %r8\n"
"	movq 16(%rsp), %r9\n"
"	jmp *%r11\n"
"5:	movq 96(%r10), %r11\n"          /* plain[1] */
"6:	testq %r11, %r11\n"
"	je 8f\n"
"	subq $24, %rsp\n"               /* f(ri, ii, ro, io, is, os, 1, */
"	.cfi_adjust_cfa_offset 24\n"    /*   ivs, ovs), then KGEN_OK */
"	movq $1, (%rsp)\n"
"	movq 56(%rsp), %rax\n"
"	movq %rax, 8(%rsp)\n"
"	movq 64(%rsp), %rax\n"
"	movq %rax, 16(%rsp)\n"
"	movq %rdx, %rdi\n"
"	movq %rcx, %rsi\n"
"	movq %r8, %rdx\n"
"	movq %r9, %rcx\n"
"	movq 32(%rsp), %r8\n"
"	movq 40(%rsp), %r9\n"
"	call *%r11\n"
"	xorl %eax, %eax\n"
"	addq $24, %rsp\n"
"	.cfi_adjust_cfa_offset -24\n"
"	ret\n"
"8:	movl $-1, %esi\n"
"9:	jmp " DFT_C_NAME "\n"
"	.cfi_endproc\n"
"	.size " DFT_NAME ", .-" DFT_NAME "\n");
#endif

