/* plan.h: what runtime/plan.c, real.c and plantab.c share (internal;
 * users include only kgen.h).  Each of the three files is compiled twice,
 * for double and, with -DKGEN_SINGLE, for float (FFTW builds its single
 * precision the same way); the macros below give each precision its own
 * type and names: kgen_plan_dft_1d / kgen_planf_dft_1d, kgen_t1_8 /
 * kgen_t1f_8, ...  The functions the three files share are named
 * PRIV(name): kgen_priv_name, or kgen_priv_namef for float, so that
 * every global name of libkgen.a starts with kgen (tests/test_symbols.py);
 * none is exported from libkgen.so (no KGEN_API). */
#ifndef KGEN_PLAN_H
#define KGEN_PLAN_H

#include <stddef.h>
#include "kgen.h"
#include "cpu.h"

#ifdef KGEN_SINGLE
typedef float R;
typedef kgen_dftf_fn n1_fn;
typedef kgen_planf PLAN;
#define F(name) name##f
#define PRIV(name) kgen_priv_##name##f
#define N1_SCALAR(n) kgen_n1f_isa((n), KGEN_ISA_SCALAR)
#define N1_FOR kgen_n1f_for
#define N1C_ISA kgen_n1cf_isa
#define PLAN_MANY kgen_planf_many_dft
#define PLAN_1D kgen_planf_dft_1d
#define PLAN_R2C kgen_planf_dft_r2c_1d
#define PLAN_C2R kgen_planf_dft_c2r_1d
#define EXECUTE kgen_executef
#define EXECUTE_R2C kgen_executef_r2c
#define EXECUTE_C2R kgen_executef_c2r
#define DESTROY kgen_destroyf
#else
typedef double R;
typedef kgen_dft_fn n1_fn;
typedef kgen_plan PLAN;
#define F(name) name
#define PRIV(name) kgen_priv_##name
#define N1_SCALAR(n) kgen_n1_isa((n), KGEN_ISA_SCALAR)
#define N1_FOR kgen_n1_for
#define N1C_ISA kgen_n1c_isa
#define PLAN_MANY kgen_plan_many_dft
#define PLAN_1D kgen_plan_dft_1d
#define PLAN_R2C kgen_plan_dft_r2c_1d
#define PLAN_C2R kgen_plan_dft_c2r_1d
#define EXECUTE kgen_execute
#define EXECUTE_R2C kgen_execute_r2c
#define EXECUTE_C2R kgen_execute_c2r
#define DESTROY kgen_destroy
#endif

/* FFTW's t1 convention (kgen fft --kind t1), forward. */
typedef void t1_fn(R *ri, R *ii, const R *W, ptrdiff_t rs, ptrdiff_t mb,
    ptrdiff_t me, ptrdiff_t ms);
/* kgen fft --kind t1v: butterflies adjacent, blocked table, forward. */
typedef void t1v_fn(R *ri, R *ii, const R *W, ptrdiff_t rs, ptrdiff_t mb,
    ptrdiff_t me);
/* A t1v codelet's NAME_io: the same step from split ri, ii, its
 * outputs stored as interleaved pairs to y (x_k of butterfly m at
 * y[2(m + k rs)]: (re, im), or (im, re) where sw is 1). */
typedef void t1vio_fn(const R *ri, const R *ii, const R *W, ptrdiff_t rs,
    ptrdiff_t mb, ptrdiff_t me, R *y, int sw);
/* Its NAME_ios: NAME_io over the whole step (mb = 0) for y c pairs past
 * a vector boundary (0 < c < lanes / 2), the stores on vector
 * boundaries: W is the table shifted by c butterflies (plan.c, wshift),
 * the c elements before ri and ii and the lanes after each input row
 * are read. */
typedef void t1vios_fn(const R *ri, const R *ii, const R *W, ptrdiff_t rs,
    ptrdiff_t me, R *y, int sw);
/* The tails of a step of m butterflies that the lanes do not divide: a
 * C t1v codelet's NAME_t (in place) and NAME_iot (NAME_io's) run the
 * vector of butterflies m - lanes .. m - 1, W the table of that one
 * vector, and store only the last m mod lanes of them. */
typedef void t1vt_fn(R *ri, R *ii, const R *W, ptrdiff_t rs, ptrdiff_t m);
typedef void t1viot_fn(const R *ri, const R *ii, const R *W, ptrdiff_t rs,
    ptrdiff_t m, R *y, int sw);
/* kgen fft --kind n1v: batch adjacent on input, outputs contiguous. */
typedef void n1v_fn(const R *ri, const R *ii, R *ro, R *io, ptrdiff_t is,
    ptrdiff_t ovs, ptrdiff_t v);
/* Block-split data: element p's re at x[2p - p % vl], its im vl after
 * it (each vector of vl elements as a vector of re and one of im, side
 * by side), so that a block's interleaved pairs occupy its own memory.
 * A C t1v codelet's NAME_b does its step in place on such data (x_j of
 * butterfly m at x + 2(m - mb) + j rs, rs in elements of x); NAME_bio
 * the same from x, storing each block of outputs as vl interleaved pairs
 * ((im, re) where sw is 1) at the same offset from y (y may be x); an
 * n1v codelet's NAME_b stores its outputs so (transform j's outputs k..
 * at ro + j ovs + 2k). */
typedef void t1vb_fn(R *x, const R *W, ptrdiff_t rs, ptrdiff_t mb,
    ptrdiff_t me);
typedef void t1vbio_fn(const R *x, const R *W, ptrdiff_t rs, ptrdiff_t mb,
    ptrdiff_t me, R *y, int sw);
typedef void n1vb_fn(const R *ri, const R *ii, R *ro, ptrdiff_t is,
    ptrdiff_t ovs, ptrdiff_t v);

/* An ISA as the planner sees it: its codelets come from plantab.c. */
typedef struct Isa Isa;
struct Isa {
	int id;             /* cpu.h's CPU_scalar, CPU_avx2, ... */
	int vl;             /* lanes (elements of R per vector); 1 scalar */
};

/* The ISAs whose vector codelets the CPU runs, capped by KGEN_ISA, widest
 * first, then the scalar set (vl = 1, no t1v or n1v codelets; SSE2 has
 * none either); returns how many, at most CPU_N (plantab.c). */
int PRIV(plantab_isas)(const Isa **isa);
/* The scalar t1 codelet of radix r, or NULL. */
t1_fn *PRIV(plantab_t1)(int r);
/* isa's t1v codelet of radix r, or NULL; *io, *ios (unless NULL) its
 * NAME_io and NAME_ios entries. */
t1v_fn *PRIV(plantab_t1v)(const Isa *isa, int r, t1vio_fn **io,
    t1vios_fn **ios);
/* The NAME_t entry of isa's C t1v codelet of radix r, or NULL; *iot its
 * NAME_iot (NULL too). */
t1vt_fn *PRIV(plantab_t1vt)(const Isa *isa, int r, t1viot_fn **iot);
/* The NAME_b entry of isa's C t1v codelet of radix r, or NULL; *bio
 * its NAME_bio (NULL too). */
t1vb_fn *PRIV(plantab_t1vb)(const Isa *isa, int r, t1vbio_fn **bio);
/* isa's n1v codelet (vector leaf) of size n, or NULL; *b (unless b is
 * NULL) its NAME_b entry. */
n1v_fn *PRIV(plantab_n1v)(const Isa *isa, int n, n1vb_fn **b);
/* An n1x codelet's NAME_v1: one forward transform of interleaved pairs
 * (ii = ri + 1, io = ro + 1), strides is and os; returns 0. */
typedef int v1_fn(const R *ri, R *ro, ptrdiff_t is, ptrdiff_t os);
/* isa's n1x codelet of size n > KGEN_N1_MAX (codelets.def's N1XL: a
 * whole transform in one codelet), or NULL; *v1 (unless v1 is NULL) its
 * NAME_v1 entry. */
n1_fn *PRIV(plantab_n1xl)(const Isa *isa, int n, v1_fn **v1);

/* One forward transform of plan p, ignoring its sign, batch and strides:
 * x at stride is to y at stride os (x == y allowed). */
void PRIV(plan_execute_one)(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os);

/* A plan's shape as the measuring planner chooses it and the wisdom store
 * keeps it (runtime/wisdom.c); the same for both precisions. */
/* ALG_N1X: one N1XL codelet of ISA isa (plantab_n1xl) does it all */
enum { ALG_CT, ALG_RADER, ALG_BLUESTEIN, ALG_N1X, ALG_N };
/* LEAF_CXW: the n1c codelet of the widest ISA the CPU offers under a
 * plan of narrower ISA (AVX-512's runs four double (eight float) leaves
 * a vector, AVX2's two (four)); LEAF_VECB: vector leaves as LEAF_VEC,
 * and interleaved data run block-split (plan.c's ct_block: in the output
 * array where it is on a vector boundary and apart from the input, else
 * in the scratch), every step in C */
enum { LEAF_SCALAR, LEAF_BATCH, LEAF_VEC, LEAF_CX, LEAF_CXW, LEAF_VECB,
	LEAF_N };
enum { CFG_MAXSTEP = 32 };  /* factor.h's FACTOR_MAXSTEP */
typedef struct Cfg Cfg;
struct Cfg {
	int alg;            /* ALG_* */
	int isa;            /* cpu.h's CPU_* of the codelets (ALG_CT,
	                     * ALG_N1X) */
	int m0;             /* leaf size */
	int leaf;           /* LEAF_*: scalar n1, batched n1, n1v, n1c (ISA's
	                     * or the widest) */
	int nin;            /* deepest steps run block by block (cache) */
	int k;              /* radices r[0..k-1], top first */
	int r[CFG_MAXSTEP];
	int straddle;       /* ALG_CT, interleaved output off a vector
	                     * boundary: 1, the top step stores its pairs
	                     * straddling vectors (NAME_io, NAME_bio) where
	                     * plan.c's rule would run NAME_ios; KGEN_MEASURE
	                     * times both (plan.c, ios_race) */
};
/* The layout a plan is timed on: split arrays (stride 1, and every
 * stride but 2) or interleaved (stride 2, ii = ri + 1). */
enum { LAY_SPLIT, LAY_INTER };
/* The wisdom store: prec is 'd' or 'f', lay LAY_*.
 * kgen_priv_wisdom_get copies the entry for (prec, lay, n) to *c and
 * returns 1, or returns 0; kgen_priv_wisdom_put adds or replaces it
 * (silently keeps nothing when out of memory).  Both lock the store's
 * mutex. */
int kgen_priv_wisdom_get(int prec, int lay, int n, Cfg *c);
void kgen_priv_wisdom_put(int prec, int lay, int n, const Cfg *c);

/* plansimd.c: n elements of interleaved x (re, im, re, ...) to re and im,
 * and back; the 512 forms need AVX-512F, the others AVX2 (on x86; plain
 * loops elsewhere).  simd_twiddle multiplies x_k by conj(c_k + i s_k)
 * for k0 <= k < k1 (AVX2 and FMA on x86). */
void PRIV(simd_deinterleave)(const R *x, R *re, R *im, int n);
void PRIV(simd_interleave)(const R *re, const R *im, R *y, int n);
void PRIV(simd_deinterleave512)(const R *x, R *re, R *im, int n);
void PRIV(simd_interleave512)(const R *re, const R *im, R *y, int n);
void PRIV(simd_twiddle)(R *xr, R *xi, const R *c, const R *s, int k0,
    int k1);

/* Real-data plans (runtime/real.c) are complex plans with a Real part. */
typedef struct Real Real;
void PRIV(plan_set_real)(PLAN *p, Real *r);
Real *PRIV(plan_real)(const PLAN *p);
void PRIV(real_free)(Real *r);

#endif
