/* dispatch.h: what kgen_dft's files share (internal; users include only
 * kgen.h): disptab.c (the codelet tables and the candidates),
 * dispmeas.c (timing the candidates) and dispatch.c (kgen_dft, its
 * memo of picks and the wisdom hooks).  Compiled twice, for double and
 * float, with prec.h's names. */
#ifndef KGEN_DISPATCH_H
#define KGEN_DISPATCH_H

#include <stddef.h>
#include "kgen.h"
#include "cpu.h"
#include "prec.h"

enum { NSIZE = KGEN_N1_MAX, NISA = CPU_N };

/* An n1c codelet's NAME_v1s: one forward transform of split arrays
 * (emit/cxl.c); NAME_v1 is prec.h's v1_fn. */
typedef int v1s_fn(const R *ri, const R *ii, R *ro, R *io, ptrdiff_t is,
    ptrdiff_t os);

/* layout()'s classes (plan.h's LAY_* are the planner's, another set) */
enum { PICK_INTER, PICK_SPLIT, PICK_SIDE, PICK_SKEW, NPICK };
/* Candidate c of a pick is ISA c / NFAM, family c % NFAM (cpu.h's
 * DFT_N1 ...).  A batch is timed on at most MEASV complex values an
 * array (dispmeas.c). */
enum { FAM_N1 = DFT_N1, FAM_N1W = DFT_N1W, FAM_N1C = DFT_N1C,
    FAM_N1X = DFT_N1X, FAM_N1A = DFT_N1A, NFAM = DFT_NFAM, MEASV = 8192 };

/* disptab.c: the codelet of candidate c for size n (1..NSIZE), NULL
 * where the library has none or it is not a candidate for one transform
 * at a time (many == 0); its NAME_v1 entry (n1c, n1x) and NAME_v1s
 * entry (n1c), or NULL. */
n1_fn *PRIV(disptab_candidate)(int c, int n, int many);
v1_fn *PRIV(disptab_v1)(int c, int n);
v1s_fn *PRIV(disptab_v1s)(int c, int n);

/* dispmeas.c: the fastest candidate for v transforms of size n in
 * layout lay (many: v fills the lanes, batched codelets are candidates),
 * by measurement; -1 when scratch memory is not to be had. */
int PRIV(dispmeas_measure)(int n, int lay, int v, int many);

/* dispatch.c: whether split arrays d elements apart share an element:
 * some |x| <= nx, |y| <= ny give x a + y b = d (layout (n, is, v, ivs):
 * a = ivs, nx = v - 1, b = is, ny = n - 1); exact, and 1 for magnitudes
 * past 2^61.  One copy for both precisions. */
int kgen_priv_overlap(ptrdiff_t d, ptrdiff_t a, ptrdiff_t nx, ptrdiff_t b,
    ptrdiff_t ny);

#endif
