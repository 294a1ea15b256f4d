/* disptab.c: kgen_dft's codelets (runtime/dispatch.c gives the whole):
 * this precision's n1 codelets of codelets.def (build/runtime/codelets.h,
 * less the ISAs not built here) in tables by ISA and size: batched or
 * scalar (n1), vectorized within one transform (n1w), one complex number
 * a vector (n1c, with its NAME_v1 and NAME_v1s entries), several complex
 * numbers a vector (n1x, with NAME_v1) and the batched ones as kgen's
 * assembly (n1a).  kgen_n1_isa and its siblings read them for the API;
 * the candidates of kgen_dft's pick are numbered over them.  Compiled
 * twice, for double and (-DKGEN_SINGLE) float: see prec.h; each object's
 * tables name only its precision's codelets, so that a program linked
 * statically with libkgen.a that transforms doubles only does not link
 * the float codelets. */
#include "kgen.h"
#include "cpu.h"
#include "dispatch.h"

/* This precision's n1, n1w, n1c, n1x and n1a codelets of codelets.def
 * (build/runtime/codelets.h: less the ISAs not built here). */
#define N1(isa, prec, n, name, opts) KEEP_##prec(extern n1_fn name;)
#define N1W N1
#define N1C N1
#define N1X N1
#define N1A N1
#include "codelets.h"

/* Each n1c codelet's entries for one forward transform of interleaved
 * pairs (NAME_v1) and of split arrays (NAME_v1s, emit/cxl.c), which
 * kgen_dft's one-transform calls jump to; NAME_v1 of the n1x ones. */
#define N1C(isa, prec, n, name, opts) \
	KEEP_##prec(extern v1_fn name##_v1; extern v1s_fn name##_v1s;)
#define N1X(isa, prec, n, name, opts) KEEP_##prec(extern v1_fn name##_v1;)
#include "codelets.h"

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

#define N1C(isa, prec, n, name, opts) KEEP_##prec(ENTRY(isa, n, name))
static n1_fn *const ctab[NISA][NSIZE] = {
	[CPU_scalar] = {0},  /* none: n1c is vector only */
#include "codelets.h"
};

#define N1C(isa, prec, n, name, opts) KEEP_##prec(ENTRY(isa, n, name##_v1))
static v1_fn *const c1tab[NISA][NSIZE] = {
	[CPU_scalar] = {0},
#include "codelets.h"
};

#define N1C(isa, prec, n, name, opts) KEEP_##prec(ENTRY(isa, n, name##_v1s))
static v1s_fn *const c1stab[NISA][NSIZE] = {
	[CPU_scalar] = {0},
#include "codelets.h"
};

#define N1X(isa, prec, n, name, opts) KEEP_##prec(ENTRY(isa, n, name))
static n1_fn *const xtab[NISA][NSIZE] = {
	[CPU_scalar] = {0},  /* none: n1x is AVX2 and AVX-512 only */
#include "codelets.h"
};

#define N1X(isa, prec, n, name, opts) KEEP_##prec(ENTRY(isa, n, name##_v1))
static v1_fn *const x1tab[NISA][NSIZE] = {
	[CPU_scalar] = {0},
#include "codelets.h"
};

#define N1A(isa, prec, n, name, opts) KEEP_##prec(ENTRY(isa, n, name))
static n1_fn *const atab[NISA][NSIZE] = {
	[CPU_scalar] = {0},  /* none: n1a is AVX2 and AVX-512 only */
#include "codelets.h"
};
#undef ENTRY

/* tb's codelet of size n for isa, NULL where there is none or the CPU
 * does not run isa. */
static n1_fn *
lookup(n1_fn *const tb[NISA][NSIZE], int n, int isa)
{
	if (n < 1 || n > NSIZE || isa < 0 || isa >= NISA
	    || !kgen_isa_supported(isa))
		return 0;
	return tb[isa][n - 1];
}

n1_fn *
N1_ISA(int n, int isa)
{
	return lookup(tab, n, isa);
}

n1_fn *
N1W_ISA(int n, int isa)
{
	return lookup(wtab, n, isa);
}

n1_fn *
N1C_ISA(int n, int isa)
{
	return lookup(ctab, n, isa);
}

n1_fn *
N1X_ISA(int n, int isa)
{
	return lookup(xtab, n, isa);
}

n1_fn *
N1A_ISA(int n, int isa)
{
	return lookup(atab, n, isa);
}

/* The codelet of candidate c (dispatch.h), NULL where the library has
 * none or it is not a candidate for one transform at a time
 * (many == 0). */
n1_fn *
PRIV(disptab_candidate)(int c, int n, int many)
{
	int isa, fam;

	isa = c / NFAM;
	fam = c % NFAM;
	return fam == FAM_N1C ? ctab[isa][n - 1]
	    : fam == FAM_N1X ? xtab[isa][n - 1]
	    : fam == FAM_N1W ? wtab[isa][n - 1]
	    : fam == FAM_N1A ? (many ? atab[isa][n - 1] : 0)
	    : isa == CPU_scalar || many ? tab[isa][n - 1] : 0;
}

/* Candidate c's entry for one transform of interleaved pairs (n1c, n1x)
 * or of split arrays (n1c), NULL where it has none. */
v1_fn *
PRIV(disptab_v1)(int c, int n)
{
	return c % NFAM == FAM_N1C ? c1tab[c / NFAM][n - 1]
	    : c % NFAM == FAM_N1X ? x1tab[c / NFAM][n - 1] : 0;
}

v1s_fn *
PRIV(disptab_v1s)(int c, int n)
{
	return c % NFAM == FAM_N1C ? c1stab[c / NFAM][n - 1] : 0;
}
