/* plannd.h: what plannd.c (P_ND plans), ndexec.c (running them) and
 * ndmeas.c (timing their choices) share (internal). */
#ifndef KGEN_PLANND_H
#define KGEN_PLANND_H

#include "plan.h"

/* A pass's method (plannd.c's opening comment) */
/* M_BUFI: buffer as M_BUF, the block's columns side by side and
 * interleaved (ndexec.c's task_bufi) */
/* M_CT: blocks of B transforms as one Cooley-Tukey step of n1 x n / n1
 * on vectors of transforms (ndct.c) */
/* M_CTT: M_CT on blocks of B rows transposed into the buffer (ndct.c) */
enum { M_BATCH, M_CORE, M_BUF, M_BUFI, M_CT, M_CTT };
enum { ND_B = 8 };          /* the estimate's block of columns */
enum { ND_BCT = 32 };       /* and of M_CT */
/* a buffered column's pitch in R: n plus a cache line, so that the B
 * columns of a block do not share L1 sets */
#define ND_PITCH(n) (((size_t)(n) + 15) / 8 * 8 + 8)

/* 1-D plans of size n for layout lay, one per thread */
typedef struct Core Core;
struct Core {
	int n, lay;
	PLAN **p;
};

/* One pass: dim `dim` of size n (strides is in its source, os in its
 * destination) for every index of v (nv, vis, vos) and o[0..no) */
typedef struct Pass Pass;
struct Pass {
	int dim, n, first;      /* first: input to output, else in place */
	ptrdiff_t is, os;
	int nv;
	ptrdiff_t vis, vos;
	int no;
	Dim *o;
	int method, B, core;    /* M_*, block, index of nd->core or -1 */
	size_t pitch;           /* M_BUF: a column's pitch in the buffer */
	int n1;                 /* M_CT: the first step's size */
	R *tw, *twb;            /* M_CT: its twiddles, forward and backward
	                         * (ndct.c) */
	ptrdiff_t nchunk;       /* units per index of o: v's parts */
	ptrdiff_t units;        /* the parallel loop's length */
};

struct Nd {
	int rank, hr;           /* the normal form: transform dims d, */
	Dim *d, *v;             /* loops v (v inside d's allocation) */
	int np;
	Pass *pass;             /* pass[0]: d[rank - 1], input to output */
	int nc;
	Core *core;
	int nthreads;
	R **buf;                /* per thread, bufsz R each */
	size_t bufsz;
};

/* A pass run: pass ps of nd from x to y, strides times mul */
typedef struct NdRun NdRun;
struct NdRun {
	const Nd *nd;
	const Pass *ps;
	const R *xr, *xi;
	R *yr, *yi;
	int mul;
	int cj;                 /* ND_CJ* (nd_pass) */
};

/* The offsets (in elements) of unit u's outer index; *c its part of v
 * (ndexec.c). */
void PRIV(nd_offsets)(const Pass *ps, ptrdiff_t u, ptrdiff_t *xo,
    ptrdiff_t *yo, ptrdiff_t *c);
/* M_CT's twiddles for n1 x n2 (back: the backward pass's) and its
 * parallel loop's task (ndct.c) */
R *PRIV(ndct_twiddles)(int n1, int n2, int back);
void PRIV(ndct_task)(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi);
void PRIV(ndct_rows_task)(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi);
/* y = conj(x) for n elements (strides is, os) of h transforms (vis,
 * vos), interleaved, strides in R; y == x allowed (ndct.c) */
void PRIV(nd_conj)(R *y, const R *x, int n, ptrdiff_t is, ptrdiff_t os,
    int h, ptrdiff_t vis, ptrdiff_t vos);
/* The estimate's n1 for M_CT at size n, or 0 when n has no split into
 * two factors of at most KGEN_N1_MAX (plannd.c) */
int PRIV(ndct_split)(int n);

/* Sets pass ps's method m (block B; M_CT: first step ps->n1, or the
 * estimate's where that does not divide n), with its 1-D plans or
 * twiddles; -1 out of memory (plannd.c). */
int PRIV(nd_method)(Nd *nd, Pass *ps, int m, int B, unsigned flags);
/* A pass's direction (nd_pass's cj): forward (0); on interleaved data
 * forward with the input conjugated first (ND_CJIN), the output
 * conjugated after (ND_CJOUT), or both (ND_CJ: backward); or backward
 * with the parts swapped (ND_SWAP) */
enum { ND_CJIN = 1, ND_CJOUT = 2, ND_CJ = 3, ND_SWAP = 4 };
/* Runs pass ps of nd from x to y (strides times mul), on nd's threads,
 * in direction cj (ndexec.c). */
void PRIV(nd_pass)(const Nd *nd, const Pass *ps, const R *xr,
    const R *xi, R *yr, R *yi, int mul, int cj);
/* KGEN_MEASURE's choice for pass ps (sets ps->method, ps->B): from
 * wisdom or timed; the method, or -1 (ndmeas.c). */
int PRIV(ndmeas_choose)(Nd *nd, Pass *ps, unsigned flags);

#endif
