/* selftest.h: the parts of kgen_selftest (internal): the checks on
 * canonical arrays (stcheck.c), a library transform laid out among
 * guards as a kgen_selftest_fn (stlayout.c), and the entry points that
 * join them (selftest.c).  Compiled once, for both precisions. */
#ifndef KGEN_SELFTEST_H
#define KGEN_SELFTEST_H

#include <stddef.h>
#include <stdint.h>
#include "kgen.h"

enum { ST_PAD = 8 };              /* guard elements before and after */
#define ST_GUARD (-33554432.0)    /* -2^25, exact in float */

/* splitmix64 (Steele, Lea and Flood 2014) and uniform in [-1, 1) */
uint64_t kgen_priv_stcheck_next(uint64_t *s);
double kgen_priv_stcheck_uniform(uint64_t *s);

/* The rank and sizes of a normalized problem q (rank 0: one dimension
 * of q->n) into dims; returns the rank, >= 1. */
int kgen_priv_stcheck_dims(const kgen_selftest_problem *q, int *dims);

/* Ergun's checks of the normalized problem q on fn; fills r (its bound
 * included) but not r->err or r->stray.  KGEN_OK or fn's status. */
int kgen_priv_stcheck_run(const kgen_selftest_problem *q,
    kgen_selftest_fn *fn, void *ctx, kgen_selftest_result *r);

/* One side (input or output) of a library problem: element k of
 * transform h of the real part at
 *   base + h dist + (k / row) pitch + (k % row) stride
 * (in elements of the precision), the imaginary part at the same index
 * of im (re + 1 element when interleaved). */
typedef struct StSide StSide;
struct StSide {
	char *re, *im;      /* im: NULL for real data */
	size_t len;
	ptrdiff_t base, stride, pitch, dist;
	long count, row;    /* elements per transform, per row */
	int il;             /* im is re + 1 element */
	int ownbuf;         /* re (and a split im) are this side's */
	unsigned char *own; /* 1 at the layout's elements, over len */
};

typedef struct StRun StRun;
struct StRun {
	kgen_selftest_problem q;  /* normalized */
	int isfloat;
	size_t es;          /* bytes per element */
	StSide in, out;     /* one buffer when in place */
	void *plan;
	uint64_t rng;       /* the values c2r must ignore */
	long stray;
};

/* Lays out u's arrays for u->q with guards and makes its plan: KGEN_OK,
 * KGEN_EINVAL (two elements meet), KGEN_ENOSIZE (no plan) or
 * KGEN_ENOMEM.  kgen_priv_stlayout_free frees what it made, always. */
int kgen_priv_stlayout_init(StRun *u);
void kgen_priv_stlayout_free(StRun *u);
/* The kgen_selftest_fn of a laid-out problem (ctx: its StRun): the
 * canonical input scattered among guards, the transform run, the output
 * gathered; guards that changed add to u->stray. */
int kgen_priv_stlayout_run(void *ctx, const double *in, double *out);

#endif
