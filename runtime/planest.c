/* planest.c: the planner's rules (runtime/plan.c gives the whole): the
 * estimate, the shape a plan takes without timing (the ISA whose
 * codelets fit n best, factor.h's factorization regrouped into radices
 * that have twiddle codelets, the leaf, blocking for large n), and the
 * candidate shapes the measuring planner (planmeas.c) times.  Both read
 * which codelets exist from plantab.c.  Compiled twice, for double and
 * (-DKGEN_SINGLE) float: see prec.h.
 * Reference: Frigo and Johnson, "The design and implementation of
 * FFTW3", Proc. IEEE 93(2), 2005 (the estimate against measuring). */
#include <string.h>
#include "kgen.h"
#include "factor.h"
#include "plan.h"

/* The vector leaves isa has, as factor.h's mask. */
static unsigned long long
vleaves(const Isa *isa)
{
	unsigned long long mask;
	int m;

	mask = 0;
	for (m = 1; isa->vl > 1 && m <= KGEN_N1_MAX; m++)
		if (PRIV(plantab_n1v)(isa, m, 0))
			mask |= FACTOR_LEAF(m);
	return mask;
}

/* How well isa's codelets fit size n: 2 when the whole plan runs on
 * vectors (a vector leaf and a top radix that is a multiple of the
 * lanes), 1 when at least the twiddle passes do (the lanes divide n),
 * else 0. */
static int
fit(int n, const Isa *isa)
{
	int r[FACTOR_MAXSTEP], m0;

	if (isa->vl == 1 || n % isa->vl)
		return 0;
	factor_plan(n, isa->vl, vleaves(isa), &m0, r);
	return r[0] % isa->vl == 0 && PRIV(plantab_n1v)(isa, m0, 0) ? 2 : 1;
}

/* Radices for rest (after the leaf and any top radix): its power of two
 * split evenly into radices of at most cap (a power of two), then its
 * odd primes, smallest first, or with group 1 its odd part in the
 * largest factors up to KGEN_N1_MAX (9 x 9, not 3 x 3 x 3 x 3: fewer
 * passes), appended to r[k..]; with group 2 or 3 all of rest in the
 * largest factors that have a t1 codelet (2187 = 27 x 27 x 3: 4.2 us
 * where 27 x 3 x 3 x 3 x 3 took 7.2; 6000 = 40 x 10 x 15), largest
 * first (group 2, deepest last) or last (3); returns the new k. */
static int
split(int rest, int cap, int group, int *r, int k)
{
	int e, bits, cb, passes, q, k0, t;

	if (group >= 2) {
		for (k0 = k; rest > 1; rest /= q) {
			for (q = KGEN_N1_MAX; q > 1; q--)
				if (rest % q == 0 && PRIV(plantab_t1)(q))
					break;
			if (q < 2)
				q = factor_smallest(rest);
			r[k++] = q;
		}
		for (e = 0; group == 3 && e < (k - k0) / 2; e++) {
			t = r[k0 + e];
			r[k0 + e] = r[k - 1 - e];
			r[k - 1 - e] = t;
		}
		return k;
	}

	for (cb = 0; (1 << cb) < cap; cb++)
		;
	for (e = 0; rest % 2 == 0; e++)
		rest /= 2;
	for (passes = (e + cb - 1) / cb; e > 0; passes--) {
		bits = (e + passes - 1) / passes;
		r[k++] = 1 << bits;
		e -= bits;
	}
	while (rest > 1) {
		q = factor_smallest(rest);
		/* grouped: the largest divisor up to KGEN_N1_MAX instead */
		for (e = KGEN_N1_MAX; group && e > q; e--)
			if (rest % e == 0)
				q = e;
		r[k++] = q;
		rest /= q;
	}
	return k;
}

/* Sets c->nin to the deepest steps that fit blocks of at most 2^13
 * elements (one per top digit) with the leaves. */
void
PRIV(planest_blocked)(Cfg *c)
{
	long long b;

	c->nin = 0;
	for (b = c->m0; c->nin + 1 < c->k
	    && b * c->r[c->k - 1 - c->nin] <= 1 << 13; c->nin++)
		b *= c->r[c->k - 1 - c->nin];
}

/* The estimate for interleaved data where the widest ISA has an n1x
 * codelet of size n (N1XL): that codelet alone.  KGEN_MEASURE picks it
 * at every such size on interleaved data (double 128 and 256, float 128
 * to 1024 on AVX-512; 128 and 256 on AVX2) and Cooley-Tukey
 * plans on split arrays, whose estimate is below. */
int
PRIV(planest_n1x)(int n, Cfg *c)
{
	const Isa *isa[CPU_N];

	PRIV(plantab_isas)(isa);
	if (!PRIV(plantab_n1xl)(isa[0], n, 0))
		return 0;
	memset(c, 0, sizeof *c);
	c->alg = ALG_N1X;
	c->isa = isa[0]->id;
	return 1;
}

/* The estimate: the ISA that fits n best (the widest among equals: for
 * float n = 128 AVX-512's 16 lanes leave no vector leaf while AVX2's 8
 * give one, 1.2 us against 0.2 us; for n = 1000 only the narrower lanes
 * divide n), factor.h's factorization, and blocks of at most 2^13
 * elements per top digit for the deepest steps once the data outgrow
 * the caches (bench/plan.c: n >= 2^17); lay the layout (LAY_INTER: vector
 * leaves block-split). */
void
PRIV(planest_estimate)(int n, int lay, Cfg *c)
{
	const Isa *isa[CPU_N];
	int k, i, j, best, f, fb, odd;

	memset(c, 0, sizeof *c);
	if (factor_largest_prime(n) > KGEN_N1_MAX) {
		c->alg = factor_smallest(n) == n
		    && factor_largest_prime(n - 1) <= KGEN_N1_MAX
		    ? ALG_RADER : ALG_BLUESTEIN;
		return;
	}
	k = PRIV(plantab_isas)(isa);
	best = 0;
	fb = fit(n, isa[0]);
	for (i = 1; i < k; i++)
		if ((f = fit(n, isa[i])) > fb) {
			fb = f;
			best = i;
		}
	c->alg = ALG_CT;
	c->isa = isa[best]->id;
	c->k = factor_plan(n, isa[best]->vl, vleaves(isa[best]), &c->m0,
	    c->r);
	/* factor.h's odd radices (3, 3, 3, 3) regrouped into the largest
	 * with a t1 codelet (27, 3): fewer passes, each a vector twiddle
	 * codelet (double 2187: 4.2 us against 7.2) */
	for (i = 0; i < c->k && c->r[i] % 2 == 0; i++)
		;
	for (odd = 1, j = i; j < c->k; j++)
		odd *= c->r[j];
	if (c->k - i >= 2)
		c->k = split(odd, KGEN_N1_MAX, 2, c->r, i);
	/* vector leaves block-split on interleaved data (plan_init falls
	 * back to LEAF_VEC where a step has no C t1v codelet; two runs of
	 * bench/plan.c's estimate column over 11 sizes 512..131072, the
	 * library with and without: over FFTW_MEASURE 1.09x to 1.17x in
	 * double, 1.24x to 1.33x in float); without a vector leaf, the n1c
	 * codelet where the ISA has one (n = 1000: 1.5x faster than the
	 * scalar leaf, 125: 1.45x) */
	c->leaf = fb == 2 ? (lay == LAY_INTER ? LEAF_VECB : LEAF_VEC)
	    : N1C_ISA(c->m0, c->isa) ? LEAF_CX : LEAF_SCALAR;
	/* n1c leaves of a wider ISA run more leaves a vector (the
	 * measuring planner compares both; README, "Whole transforms") */
	if (c->leaf == LEAF_CX && PRIV(plan_widest)() != c->isa
	    && N1C_ISA(c->m0, PRIV(plan_widest)()))
		c->leaf = LEAF_CXW;
	if (n >= 1 << 17)
		PRIV(planest_blocked)(c);
}

/* Appends t to c[0..*nc) unless it is there or c is full. */
void
PRIV(planest_add)(Cfg *c, int *nc, int max, const Cfg *t)
{
	int j;

	for (j = 0; j < *nc; j++)
		if (!memcmp(&c[j], t, sizeof *t))
			return;
	if (*nc < max)
		c[(*nc)++] = *t;
}

/* Candidates of the measuring planner for n > KGEN_N1_MAX (every prime
 * factor at most KGEN_N1_MAX): per ISA, every vector leaf with every top
 * radix that is a multiple of the lanes, the largest leaf on the
 * batched and the scalar n1 codelets and the three largest (from 8 up)
 * on the n1c codelets (past 2^12 only where no vector leaf fits; under
 * a narrower ISA also the widest ISA's n1c, LEAF_CXW), with
 * or without such a top; the rest in radices of at most 64, 32 or 16,
 * once with the odd part grouped and twice in the largest radices that
 * have a t1 codelet (split's groups 2 and 3).  Past 2^12 (where one timing
 * takes 50 us or more) only caps 64 and 32, and only the widest ISA
 * unless it has no vector leaf for n and a narrower one has (double
 * 100000: AVX-512's 8 lanes leave none, AVX2's 4 leave leaf 20 under a
 * top radix 8, 372 us against AVX-512's best, 435 us), which keeps
 * KGEN_MEASURE under a second to 2^16.
 * Returns how many went to c (at most max). */
int
PRIV(planest_candidates)(int n, Cfg *c, int max)
{
	static const int caps[] = {64, 32, 16};
	const Isa *isa[CPU_N];
	Cfg t;
	int ni, i, m, top, cap, nc, big, leaf, vl, ncap, cx, ncx, nocx;

	nc = 0;
	ni = PRIV(plantab_isas)(isa);
	ncap = 3;
	if (n > 1 << 12) {
		ncap = 2;
		for (i = 1; i < ni && (fit(n, isa[0]) == 2
		    || fit(n, isa[i]) < 2); i++)
			;
		if (i < ni)
			isa[1] = isa[i];
		ni = i < ni ? 2 : 1;
	}
	for (big = KGEN_N1_MAX; n % big; big--)
		;
	/* cx: the third largest divisor up to KGEN_N1_MAX, at least 8 */
	for (cx = KGEN_N1_MAX, ncx = 0; cx > 8; cx--)
		if (n % cx == 0 && ++ncx == 3)
			break;
	for (i = 0; i < ni; i++) {
		vl = isa[i]->vl;
		nocx = n > 1 << 12 && fit(n, isa[i]) == 2;
		for (m = 2; m <= KGEN_N1_MAX; m++)
		for (leaf = 0; leaf < LEAF_VECB && n % m == 0; leaf++) {
			if (leaf == LEAF_VEC ? vl == 1
			    || !PRIV(plantab_n1v)(isa[i], m, 0)
			    : leaf == LEAF_CX ? nocx || m < cx
			    || !N1C_ISA(m, isa[i]->id)
			    : leaf == LEAF_CXW ? i == 0 || nocx || m < cx
			    || !N1C_ISA(m, isa[0]->id)
			    : m != big)
				continue;
			if (leaf == LEAF_BATCH && vl == 1)
				continue;
			for (top = leaf == LEAF_VEC ? vl : 0;
			    top <= KGEN_N1_MAX; top = top ? 2 * top
			    : vl > 1 ? vl : 2 * KGEN_N1_MAX) {
				if (top && (n / m) % top)
					continue;
				for (cap = 0; cap < ncap + 3; cap++) {
					memset(&t, 0, sizeof t);
					t.alg = ALG_CT;
					t.isa = isa[i]->id;
					t.m0 = m;
					t.leaf = leaf;
					if (top)
						t.r[t.k++] = top;
					t.k = split(n / m / (top ? top : 1),
					    caps[cap < ncap ? cap : 0],
					    cap < ncap ? 0 : cap - ncap + 1,
					    t.r, t.k);
					if (t.k)
						PRIV(planest_add)(c, &nc,
						    max, &t);
				}
			}
		}
	}
	return nc;
}
