/* real.h: what real.c (the rows along the last dimension) and realnd.c
 * (plans of any rank and batch, FFTW's layout) share (internal).
 * A real plan is the complex plan of its last dimension (size n/2 for
 * even n, n for odd: forward, tuned for interleaved data) with a Real
 * part: the problem's layout, the complex pass over the other
 * dimensions and the scratch. */
#ifndef KGEN_REAL_H
#define KGEN_REAL_H

#include <stddef.h>
#include "plan.h"

struct Real {
	int n;              /* the last dimension */
	int backward;       /* c2r */
	int rank, howmany;
	int *dims;          /* n[0..rank) */
	int pad;            /* plan_dft_r2c forms: in place the real rows
	                     * are 2 (n/2 + 1) apart (FFTW's padding) */
	int split;          /* kgen_execute_r2c / _c2r take it: rank 1,
	                     * one transform, unit strides */
	/* strides in R: the real side's out of place [0] and in place
	 * [1], the complex side's (pairs, so 2 per complex stride); per
	 * dimension d of rank, then the distance at [rank] */
	ptrdiff_t *rs[2], *cs;
	R *w;               /* w^k / 2 = exp(-2 pi i k/n) / 2, k <= n/2 */
	R *wv;              /* the same for vectors: re and re, then im
	                     * and im, of each w^k / 2 (2 (n/2 + 1) each) */
	int avx2;           /* real.c's vector steps run AVX2 and FMA */
	n1_fn *n1b;         /* batched codelet of the last dimension's
	                     * complex size where the library has one */
	int batch;          /* rows per codelet call */
	int nt;             /* threads */
	size_t scr;         /* R of scratch per thread */
	R *buf;             /* nt * scr */
	PLAN **cx;          /* nt - 1 more complex plans of the last
	                     * dimension (a plan's scratch serves one
	                     * thread): thread t > 0 runs cx[t - 1] */
	PLAN *nd;           /* complex pass over dims 0..rank-2 (rank > 1) */
	R *big;             /* c2r, rank > 1: the conjugate half spectrum,
	                     * transformed forward in place (conj DFT+ X
	                     * = DFT- conj X: nd_plan's forward passes
	                     * measured 3x faster than its backward ones) */
	ptrdiff_t *bs;      /* its strides in R, as cs */
};

/* v rows along the last dimension of real plan p, c its complex plan
 * for the calling thread (p or one of p->real->cx), s the thread's
 * scratch (p->real->scr R): r2c reads row j's n reals at a + j va
 * (element stride ea) and writes its n/2 + 1 pairs at b + j vb (pair
 * stride eb, in R); c2r the reverse (a pairs, b reals).  r2c's inpl:
 * a and b are the same array (in place): then a row is read before it
 * is written unless the layouts match (c2r always reads first).  c2r's
 * cnj: a holds the conjugate half spectrum. */
void PRIV(real_rows_r2c)(const PLAN *p, const PLAN *c, int v, const R *a,
    ptrdiff_t ea, ptrdiff_t va, R *b, ptrdiff_t eb, ptrdiff_t vb, R *s,
    int inpl);
void PRIV(real_rows_c2r)(const PLAN *p, const PLAN *c, int v, const R *a,
    ptrdiff_t ea, ptrdiff_t va, R *b, ptrdiff_t eb, ptrdiff_t vb, R *s,
    int cnj);

/* 1 when real.c's vector steps may run AVX2 and FMA on this CPU */
int PRIV(real_avx2)(void);

/* realnd.c: the real plan of rank and dims n, howmany transforms,
 * strides in R of the real side (rs[0] out of place, rs[1] in place)
 * and of the complex side (cs), each rank + 1 long (the distance
 * last); pad, split as in Real; NULL when it cannot. */
PLAN *PRIV(realnd_plan)(int rank, const int *n, int howmany,
    ptrdiff_t *const rs[2], const ptrdiff_t *cs, int backward, int pad,
    int split, unsigned flags);

#endif
