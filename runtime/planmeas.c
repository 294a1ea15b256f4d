/* planmeas.c: the measuring planner (KGEN_MEASURE; runtime/plan.c gives
 * the whole): it builds each candidate shape (planest.c's for
 * Cooley-Tukey, planconv.c's for Rader and Bluestein), times it on
 * scratch data of the layout it will run on, times the fastest few again
 * in turn, and keeps the winner; for large n it then times blocking
 * depths on the winner, and on interleaved data the top step's two ways
 * of storing output off a vector boundary (ios_race).  The winner's
 * shape goes to wisdom (plan.c).  Timings go through clock.h, the
 * runtime's one clock and timing loop.  Compiled twice, for double and
 * (-DKGEN_SINGLE) float: see prec.h.
 * Reference: Frigo and Johnson, "The design and implementation of
 * FFTW3", Proc. IEEE 93(2), 2005 (FFTW_MEASURE). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "clock.h"
#include "factor.h"
#include "plan.h"

/* Room for timing a plan of size n: 2n elements of input (filled) from
 * the start, then TOFF elements, then 2n of output, on a 64-byte
 * boundary (so the output lies 16 bytes past one); NULL when out of
 * memory.  Freed by free. */
enum { TOFF = 16 / sizeof(R) };

static R *
timebuf(int n)
{
	R *x;
	int j;

	if ((x = PRIV(plan_ralloc)((size_t)4 * n + TOFF)))
		for (j = 0; j < 2 * n; j++)
			x[j] = (R)(((long long)j * 7919 % 1009) / 1009.0
			    - 0.5);
	return x;
}

/* One forward transform of plan p from x to y, split (im n, stride 1)
 * or interleaved (im 1, stride 2): clock_best's f. */
typedef struct Run Run;
struct Run {
	const PLAN *p;
	const R *x;
	R *y;
	ptrdiff_t im, s;
};

static void
run(void *arg)
{
	const Run *r = arg;

	PRIV(plan_execute_one)(r->p, r->x, r->x + r->im, r->s, r->y,
	    r->y + r->im, r->s);
}

/* ns per forward transform of p on x (2n) to y (2n) in layout lay (split
 * halves, or interleaved): the best of five timings of enough runs to
 * last about 20 us each (the best, as other processes only ever add
 * time). */
static double
timeit(const PLAN *p, const R *x, R *y, int lay)
{
	Run r;
	double best, t;
	long reps;
	int trial;

	r.p = p;
	r.x = x;
	r.y = y;
	r.im = lay == LAY_INTER ? 1 : p->n;
	r.s = lay == LAY_INTER ? 2 : 1;
	clock_run(run, &r, 1);
	best = 1e300;
	reps = 1;
	for (trial = 0; trial < 5; trial++) {
		for (;;) {
			t = HUGE_VAL;
			clock_best(run, &r, reps, 1, &t);
			if (t >= 2e-5 || reps >= 1L << 20)
				break;
			reps *= 2;
		}
		if (1e9 * t / reps < best)
			best = 1e9 * t / reps;
	}
	return best;
}

/* Times the plans of cs (nc of them) for size n in layout lay and moves
 * the fastest into p; -1 when none could be made.  One timing each, then
 * the FINAL fastest again, ROUNDS times in turn, each keeping its least
 * time: a candidate that a burst of load made look slow or fast in its
 * one timing gets a second chance (on a loaded machine one timing picked
 * plans slower than the estimate at n = 4096 and 4099).  On interleaved
 * data the finalists include the fastest plan that is not LEAF_VECB,
 * and each final timing is the sum of two: the output on a vector
 * boundary and 16 bytes off it (as malloc gives; a vecb plan then runs
 * in its scratch), so that a plan fast only on aligned output does not
 * win for every caller. */
static int
pick(PLAN *p, int n, const Cfg *cs, int nc, unsigned flags, int lay,
    const R *base)
{
	enum { FINAL = 3, ROUNDS = 3 };
	PLAN t[FINAL + 1];
	R *x;
	double *ns, v;
	int i, j, k, nf, fi[FINAL + 1], win, all;

	x = timebuf(n);
	ns = malloc((size_t)(nc ? nc : 1) * sizeof *ns);
	if (!x || !ns) {
		free(x);
		free(ns);
		return -1;
	}
	for (i = 0; i < nc; i++) {
		memset(&t[0], 0, sizeof t[0]);
		ns[i] = -1;
		if (PRIV(plan_cfg)(&t[0], n, &cs[i], flags, base) == 0)
			ns[i] = timeit(&t[0], x, x + 2 * (size_t)n, lay);
		PRIV(plan_free)(&t[0]);
	}
	/* fi: the FINAL fastest, fastest first; on interleaved data, where
	 * they are all vecb, the fastest other one after them */
	for (nf = 0, all = lay == LAY_INTER; nf < FINAL + all; nf++) {
		for (k = -1, i = 0; i < nc; i++)
			if (ns[i] >= 0 && (k < 0 || ns[i] < ns[k])
			    && (nf < FINAL || cs[i].leaf != LEAF_VECB))
				k = i;
		if (k < 0)
			break;
		fi[nf] = k;
		memset(&t[nf], 0, sizeof t[nf]);
		if (PRIV(plan_cfg)(&t[nf], n, &cs[k], flags, base) < 0) {
			PRIV(plan_free)(&t[nf]);
			nf--;
		} else if (cs[k].leaf != LEAF_VECB) {
			all = 0;
		}
		ns[k] = -ns[k] - 1;  /* taken; -ns - 1 gives it back */
	}
	for (i = 0; i < nf; i++)
		ns[fi[i]] = lay == LAY_INTER && nf > 1 ? 1e300
		    : -ns[fi[i]] - 1;
	for (j = 0; j < ROUNDS && nf > 1; j++)
		for (i = 0; i < nf; i++) {
			v = timeit(&t[i], x, x + 2 * (size_t)n, lay);
			if (lay == LAY_INTER)
				v += timeit(&t[i], x, x + 2 * (size_t)n + TOFF,
				    lay);
			if (v < ns[fi[i]])
				ns[fi[i]] = v;
		}
	win = 0;
	for (i = 1; i < nf; i++)
		if (ns[fi[i]] < ns[fi[win]])
			win = i;
	for (i = 0; i < nf; i++)
		if (i != win)
			PRIV(plan_free)(&t[i]);
	if (nf)
		*p = t[win];
	free(x);
	free(ns);
	return nf ? 0 : -1;
}

enum { MAXCAND = 640 };

/* The measuring planner: times the candidates in layout lay, then
 * blocking of the deepest steps on the winner for large n, and keeps
 * the fastest. */
int
PRIV(planmeas_measure)(PLAN *p, int n, unsigned flags, int lay)
{
	const Isa *isa[CPU_N];
	Cfg *cs, best;
	R *base;
	int nc, st, i, k, nisa;

	cs = malloc(MAXCAND * sizeof *cs);
	base = PRIV(plan_roots)(n);
	st = -1;
	if (!cs || !base)
		goto out;
	if (factor_largest_prime(n) > KGEN_N1_MAX) {
		/* Bluestein's sizes; Rader for a prime (planconv.c) */
		nc = PRIV(planconv_candidates)(n, cs);
		st = pick(p, n, cs, nc, flags, lay, base);
		goto out;
	}
	nc = PRIV(planest_candidates)(n, cs, MAXCAND);
	/* interleaved: vector leaves also block-split (ct_block; which is
	 * faster depends on the shape and on the output's alignment:
	 * docs/design.md, "Block-split") */
	for (i = 0, k = nc; i < k && lay == LAY_INTER; i++)
		if (cs[i].leaf == LEAF_VEC) {
			best = cs[i];
			best.leaf = LEAF_VECB;
			PRIV(planest_add)(cs, &nc, MAXCAND, &best);
		}
	/* large n: each also blocked as the estimate blocks, so that the
	 * shapes that shine once blocked are not lost unblocked (double
	 * 100000: 8 x 25 x 10 won unblocked and ran 2x slower than
	 * 4 x 5 x 5 x 5 x 5 blocked 3 deep); from 2^17, where the estimate
	 * always blocks, only blocked (planning 2^20 took 12 s with both,
	 * 2-6 s unblocked only) */
	if (n >= 1 << 17) {
		/* in place, duplicates dropped: entry i is read before add
		 * writes at nc <= i */
		for (i = 0, k = nc, nc = 0; i < k; i++) {
			best = cs[i];
			PRIV(planest_blocked)(&best);
			PRIV(planest_add)(cs, &nc, MAXCAND, &best);
		}
	} else if (n >= 1 << 14)
		for (i = 0, k = nc; i < k; i++) {
			best = cs[i];
			PRIV(planest_blocked)(&best);
			if (best.nin)
				PRIV(planest_add)(cs, &nc, MAXCAND, &best);
		}
	PRIV(planest_estimate)(n, lay, &best);
	PRIV(planest_add)(cs, &nc, MAXCAND, &best);
	if (best.leaf == LEAF_VECB) {
		/* plan_init's fallback, where a step has no C t1v */
		best.leaf = LEAF_VEC;
		PRIV(planest_add)(cs, &nc, MAXCAND, &best);
	}
	/* one n1x codelet for the whole transform, of each ISA that has it */
	nisa = PRIV(plantab_isas)(isa);
	for (i = 0; i < nisa; i++)
		if (PRIV(plantab_n1xl)(isa[i], n, 0)) {
			memset(&best, 0, sizeof best);
			best.alg = ALG_N1X;
			best.isa = isa[i]->id;
			PRIV(planest_add)(cs, &nc, MAXCAND, &best);
		}
	if ((st = pick(p, n, cs, nc, flags, lay, base)) < 0 || n < 1 << 14
	    || p->cfg.alg != ALG_CT)
		goto out;
	best = p->cfg;
	best.nin = 0;
	for (i = 0, nc = 0; i < best.k - 1 && nc < MAXCAND; i++) {
		cs[nc] = best;
		cs[nc++].nin = i;
	}
	if (nc > 1) {
		PRIV(plan_free)(p);
		memset(p, 0, sizeof *p);
		st = pick(p, n, cs, nc, flags, lay, base);
	}
out:
	free(cs);
	free(base);
	return st;
}

/* For a measured plan p of size n on interleaved data whose top step
 * would run NAME_ios with the output 16 bytes past a vector boundary (as
 * malloc gives): times p that way and with the straddling pair stores
 * (cfg.straddle), ROUNDS rounds in turn, and keeps the faster.  Which
 * wins depends on the CPU: NAME_ios on the Intel Xeon it was made on,
 * the straddling stores on an AMD EPYC (Zen 4), whose 512-bit stores
 * take two cycles each (docs/design.md, "Output off a vector boundary"). */
void
PRIV(planmeas_ios_race)(PLAN *p, int n)
{
	enum { ROUNDS = 3 };
	double t[2] = {1e300, 1e300}, v;
	R *x, *y;
	int j, k;

	p->cfg.straddle = 0;
	if (p->kind != P_CT || !(x = timebuf(n)))
		return;
	y = x + 2 * (size_t)n + TOFF;
	if (PRIV(planexec_ios_shift)(p, y)) {
		for (j = 0; j < ROUNDS; j++)
			for (k = 0; k < 2; k++) {
				p->cfg.straddle = k;
				v = timeit(p, x, y, LAY_INTER);
				if (v < t[k])
					t[k] = v;
			}
		p->cfg.straddle = t[1] < t[0];
	}
	free(x);
}
