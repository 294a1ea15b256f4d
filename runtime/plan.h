/* plan.h: what the planner's files share (internal; users include only
 * kgen.h): plan.c (the API and the plan objects), planest.c (the
 * estimate and the measuring planner's candidates), planmeas.c (the
 * measuring planner), planexec.c (running a Cooley-Tukey plan),
 * planconv.c (Rader and Bluestein), plantab.c (the codelets they run),
 * plansimd.c, real.c and wisdom.c.  All but wisdom.c are compiled twice,
 * for double and float, with prec.h's names: the functions they share
 * are PRIV(name), each named after the file that defines it. */
#ifndef KGEN_PLAN_H
#define KGEN_PLAN_H

#include <stddef.h>
#include "kgen.h"
#include "cpu.h"
#include "prec.h"

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
 * boundaries: W is the table shifted by c butterflies (planexec.c, wshift),
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
 * and interleaved data run block-split (planexec.c's ct_block: in the output
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
	                     * planexec.c's rule would run NAME_ios;
	                     * KGEN_MEASURE times both (planmeas.c,
	                     * ios_race) */
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

/* ---- the plan object (plan.c builds it, planexec.c and planconv.c
 * run it) ---- */
/* kinds: one codelet, Cooley-Tukey, or a convolution */
/* P_ND: a problem of any rank and batch (plannd.c); P_BIG: a large
 * transform four-step on threads (planbig.c) */
enum { P_DIRECT, P_CT, P_BLUESTEIN, P_RADER, P_ND, P_BIG };

/* A twiddle step: radix r over blocks of r*m elements.  With a vector
 * codelet, butterflies 0..mv-1 run on vectors and mv..m-1 (fewer than
 * the lanes) on its NAME_t (or the scalar t1 codelet without one). */
typedef struct Step Step;
struct Step {
	int r, m, mv;
	int avx;            /* generic radix: simd_twiddle (AVX2, NEON) */
	t1_fn *t1;          /* scalar t1 codelet, or NULL */
	t1v_fn *t1v;        /* vector t1 codelet, or NULL */
	t1vio_fn *t1vio;    /* its NAME_io entry (interleaved output) */
	t1vios_fn *t1vios;  /* and NAME_io for output off a vector boundary */
	R *wsh[8];          /* the table shifted by c butterflies for
	                     * NAME_ios (wshift; c below half the lanes,
	                     * at most 8), made by the first transform
	                     * that needs it, or NULL */
	t1vb_fn *t1vb;      /* the C t1v codelet's NAME_b (block-split) */
	t1vbio_fn *t1vbio;  /* and its NAME_bio */
	t1vt_fn *t1vt;      /* where the lanes do not divide m: the C t1v
	                     * codelet's NAME_t for butterflies mv .. m - 1
	                     * (in place of the scalar t1: docs/design.md,
	                     * "Tails"), or NULL; its table is wtail(st) */
	t1viot_fn *t1viot;  /* and its NAME_iot */
	int pair;           /* top step: 0 not yet known, 1 NAME_io, 2 in
	                     * place then a pairing pass (planexec.c,
	                     * pair_after; set by the first transform) */
	n1_fn *n1;          /* generic radix: batched n1 codelet of size r */
	R *w;               /* twiddles: mv rows blocked for t1v, then t1's */
};

typedef struct Real Real;   /* real.c's part of r2c and c2r plans */
typedef struct Nd Nd;       /* plannd.c's part of P_ND plans */
typedef struct Big Big;     /* planbig.c's part of P_BIG plans */
struct F(kgen_plan) {
	int n, sign, kind;
	int howmany;
	ptrdiff_t stride, dist;
	Cfg cfg;            /* P_CT, P_RADER, P_BLUESTEIN: the shape */
	int vl;             /* lanes of the vector codelets, 1 scalar */
	int fastcopy;       /* (de)interleaving of stride-2 data with
	                     * 1: AVX2 or NEON, 2: AVX-512 shuffles,
	                     * 0: none (simd_level) */
	/* P_DIRECT; P_CT: the leaf unless it is vector */
	n1_fn *n1;
	v1_fn *v1;          /* ALG_N1X: the codelet's NAME_v1, for one
	                     * forward transform of interleaved pairs (the
	                     * n1 entry's general loop beside it took 70 ns
	                     * where NAME_v1 takes 62, float n = 128) */
	/* P_CT */
	int nstep;
	Step step[CFG_MAXSTEP];  /* step[0] is the top radix r_0 */
	int m0;             /* leaf size */
	n1v_fn *leafv;      /* vector leaf, or NULL: leaf n1 */
	n1vb_fn *leafvb;    /* its NAME_b where the leaf is LEAF_VECB (every
	                     * step then has NAME_b and NAME_bio), else
	                     * NULL: interleaved data run block-split
	                     * (planexec.c, ct_block) */
	int *grp;           /* S / r_0 entries: grp[q] is the leaf group
	                     * whose outputs start at q m_0 (+ d n / r_0) */
	int blk;            /* size of the blocks the deepest cfg.nin
	                     * steps run in, right after their leaves */
	R *y;               /* scratch: the output, re at y, im at y + yim */
	size_t yim;         /* n rounded so that re and im sit half a 4 KiB
	                     * page apart (power-of-two n: the t1 rows of
	                     * both parts no longer share L1 sets) */
	R *lb;              /* scratch: one vector leaf group's input */
	R *xs;              /* scratch: interleaved input made split (2n),
	                     * for n <= DEINT_MAX (plan.c), or NULL */
	/* P_BLUESTEIN and P_RADER */
	PLAN *fwd;          /* size M, forward, unit stride */
	R *chirp;           /* Bluestein: 2n: exp(-i pi j^2 / n) */
	R *kern;            /* 2M: FFT of the kernel, / M */
	R *bx;              /* 4M scratch */
	int M;              /* Bluestein: >= 2n - 1; Rader: n - 1 */
	int *perm;          /* Rader: g^q mod n, then g^-q mod n, q < n-1 */
	Real *real;         /* r2c and c2r plans (real.c), else NULL */
	Nd *nd;             /* P_ND plans (plannd.c), else NULL */
	Big *big;           /* P_BIG plans (planbig.c), else NULL */
};

/* ---- plan.c ---- */
/* n elements of R on a 64-byte boundary, freed by free; NULL when out
 * of memory or n too large. */
R *PRIV(plan_ralloc)(size_t n);
/* w[2t], w[2t+1] = cos, sin of 2 pi t / N for 0 <= t < N, or NULL. */
R *PRIV(plan_roots)(long long N);
/* The least 2^a 3^b 5^c 7^d >= n, or 0 past INT_MAX. */
int PRIV(plan_next_fast)(int n);
/* The widest vector ISA the CPU (or KGEN_ISA) offers the plans. */
int PRIV(plan_widest)(void);
/* Fills p (zeroed) for one forward transform of size n in layout lay
 * (LAY_*): from wisdom, measured (KGEN_MEASURE) or estimated; -1 when
 * it cannot. */
int PRIV(plan_init)(PLAN *p, int n, unsigned flags, int lay);
/* Plans p (zeroed) as c says; base: the n-th roots, or NULL. */
int PRIV(plan_cfg)(PLAN *p, int n, const Cfg *c, unsigned flags,
    const R *base);
/* Frees what p holds, not p itself. */
void PRIV(plan_free)(PLAN *p);

/* ---- planest.c: the estimate and the measuring planner's candidates */
/* The estimate for size n in layout lay. */
void PRIV(planest_estimate)(int n, int lay, Cfg *c);
/* The estimate for interleaved data where the widest ISA has an n1x
 * codelet of size n: 1 and *c, else 0. */
int PRIV(planest_n1x)(int n, Cfg *c);
/* Sets c->nin for blocks of at most 2^13 elements. */
void PRIV(planest_blocked)(Cfg *c);
/* Appends t to c[0..*nc) unless it is there or c holds max. */
void PRIV(planest_add)(Cfg *c, int *nc, int max, const Cfg *t);
/* The Cooley-Tukey candidates for n (every prime factor at most
 * KGEN_N1_MAX), at most max of them to c; returns how many. */
int PRIV(planest_candidates)(int n, Cfg *c, int max);

/* ---- planmeas.c: the measuring planner (KGEN_MEASURE) */
/* Fills p (zeroed) with the fastest of the candidates for n in layout
 * lay; -1 when none could be made. */
int PRIV(planmeas_measure)(PLAN *p, int n, unsigned flags, int lay);
/* Times a measured plan's top step with and without the straddling
 * pair stores, and sets p->cfg.straddle to the faster. */
void PRIV(planmeas_ios_race)(PLAN *p, int n);

/* ---- planexec.c: running a Cooley-Tukey plan */
/* One forward transform of P_CT plan p: x at stride is to y at stride
 * os (x == y allowed). */
void PRIV(planexec_ct)(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os);
/* How many pairs z lies past a vector boundary where p's top step
 * stores through NAME_ios, else 0. */
int PRIV(planexec_ios_shift)(const PLAN *p, const R *z);

/* ---- planconv.c: Rader and Bluestein */
/* Builds p (p->n, p->cfg.m0 set) as a Bluestein or, base the n-th
 * roots, a Rader plan; -1 when it cannot (the caller frees the parts). */
int PRIV(planconv_bluestein)(PLAN *p, unsigned flags);
int PRIV(planconv_rader)(PLAN *p, unsigned flags, const R *base);
/* One forward transform of a P_BLUESTEIN or P_RADER plan. */
void PRIV(planconv_forward)(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os);
/* The measuring planner's candidates for n with a prime factor above
 * KGEN_N1_MAX: Bluestein's sizes and, for a prime, Rader; returns how
 * many went to c (at most 4). */
int PRIV(planconv_candidates)(int n, Cfg *c);

/* plansimd.c: n elements of interleaved x (re, im, re, ...) to re and im,
 * and back; the 512 forms need AVX-512F, the others AVX2 (on x86; NEON
 * on AArch64, plain loops elsewhere).  simd_twiddle multiplies x_k by
 * conj(c_k + i s_k) for k0 <= k < k1 (AVX2 and FMA on x86, NEON on
 * AArch64).  simd_level: which of them a plan may use on this CPU, up
 * to kgen_isa(): 2 every one, 1 all but the 512 forms, 0 none. */
int PRIV(simd_level)(void);
void PRIV(simd_deinterleave)(const R *x, R *re, R *im, int n);
void PRIV(simd_interleave)(const R *re, const R *im, R *y, int n);
void PRIV(simd_deinterleave512)(const R *x, R *re, R *im, int n);
void PRIV(simd_interleave512)(const R *re, const R *im, R *y, int n);
void PRIV(simd_twiddle)(R *xr, R *xi, const R *c, const R *s, int k0,
    int k1);

/* Real-data plans (runtime/real.c) are complex plans with a Real part. */
void PRIV(plan_set_real)(PLAN *p, Real *r);
Real *PRIV(plan_real)(const PLAN *p);
void PRIV(real_free)(Real *r);

/* ---- plannd.c: complex plans of any rank and batch (FFTW's guru
 * problem), and kgen_execute_dft.  A dimension's strides count elements
 * of the array: R of split arrays, pairs of interleaved ones (mul 2
 * below). */
typedef kgen_iodim Dim;
/* A P_ND plan of the transform dims d[0..rank) (row-major order: d[rank
 * - 1] the fastest), done for every index of the loop dims v[0..hr),
 * direction sign, tuned (KGEN_MEASURE) for layout lay (LAY_*), run on up
 * to nthreads threads; NULL when it cannot. */
PLAN *PRIV(nd_plan)(int rank, const Dim *d, int hr, const Dim *v,
    int sign, unsigned flags, int lay, int nthreads);
/* Runs complex plan p (P_ND or 1-D) from xr, xi to yr, yi, strides
 * scaled by mul (1: split, 2: interleaved, xi = xr + 1). */
void PRIV(nd_execute)(const PLAN *p, const R *xr, const R *xi, R *yr,
    R *yi, int mul);
void PRIV(nd_free)(Nd *nd);
/* KGEN_OK when split pointers ri, ii (ro, io) fit complex plan p: no
 * element of ri's layout is one of ii's (ro's and io's), and in place
 * (ri == ro or ii == io) only where p's input and output strides are
 * equal; else KGEN_EINVAL (ndexec.c). */
int PRIV(nd_check_split)(const PLAN *p, const R *ri, const R *ii,
    const R *ro, const R *io);
/* The wisdom store's nd entries (wisdom.c): a multi-dimensional plan's
 * choice for a pass, keyed by precision ('d', 'f') and key: its size
 * and stride magnitudes n, is, os, vis, vos; method plannd.h's M_CORE
 * or M_BUF (B its block). */
int kgen_priv_wisdom_nd_get(int prec, const ptrdiff_t key[5], int *method,
    int *B);
void kgen_priv_wisdom_nd_put(int prec, const ptrdiff_t key[5], int method,
    int B);
/* kgen_plan_many_dft's 1-D plan, tuned for layout lay (plan.c). */
PLAN *PRIV(plan_many_lay)(int n, int howmany, ptrdiff_t stride,
    ptrdiff_t dist, int sign, unsigned flags, int lay);

/* ---- plandesc.c: kgen_plan_describe.  Desc is a growing string;
 * desc_printf appends (sets err when out of memory). */
typedef struct Desc Desc;
struct Desc {
	char *s;
	size_t len, cap;
	int err;
};
void kgen_priv_desc_printf(Desc *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A line (indent spaces first) per part of 1-D complex plan p. */
void PRIV(plandesc_core)(const PLAN *p, Desc *d, int indent);
/* The same for a P_ND plan (plannd.c) and a real one (realnd.c). */
void PRIV(nd_describe)(const PLAN *p, Desc *d, int indent);
void PRIV(real_describe)(const PLAN *p, Desc *d, int indent);

/* ---- planbig.c: 1-D plans on threads.  kgen_plan_many_dft's plan on
 * nthreads threads, tuned for layout lay: a large enough batch split
 * across the threads (a rank-1 P_ND plan), a large single transform
 * four-step (P_BIG) where that is (KGEN_MEASURE: is timed) faster, else
 * plan_many_lay's; NULL when it cannot. */
PLAN *PRIV(big_many)(int n, int howmany, ptrdiff_t stride,
    ptrdiff_t dist, int sign, unsigned flags, int lay, int nthreads);
/* One forward transform of P_BIG plan p (plan_execute_one's terms). */
void PRIV(big_execute)(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os);
void PRIV(big_free)(Big *b);
void PRIV(big_describe)(const PLAN *p, Desc *d, int indent);

#endif
