/* factor.h: how a DFT too large for one codelet is split into a leaf
 * codelet and radices: the one factorization that the runtime planner
 * (runtime/plan.c) runs and that the standalone emitter (emit/plan.c,
 * `kgen fft -n N` for N > 1024) prints, so the two cannot drift apart.
 * Static inline functions over ints only: it includes nothing, and
 * including it is all either side needs (the runtime includes nothing
 * from gen/; the generator may include this file from runtime/).
 *
 * The plan is a mixed-radix decimation-in-time Cooley-Tukey FFT,
 *   n = r_0 r_1 ... r_(k-1) m_0,
 * done breadth-first: S = n / m_0 leaf DFTs of size m_0 (n1 codelets,
 * in groups of r_0), then one twiddle pass per radix, deepest (r_(k-1))
 * first, each a t1 codelet of radix r_i.  Every pass sweeps the whole
 * array, so the factorization asks for as few passes as the codelets
 * allow (leaves and radices are at most FACTOR_MAXR, the largest codelet
 * in the library, KGEN_N1_MAX):
 *   - the leaf m_0 is the largest divisor of n up to FACTOR_MAXR (it
 *     does the most arithmetic per pass over memory);
 *   - the power of two left over takes as few radices up to 64 as
 *     possible, split evenly (2^10 = 32 x 32, not 64 x 16: measured
 *     faster with bench/plan.c), larger radices on top;
 *   - the odd primes left follow, each a radix of its own, smallest
 *     first: 3, 5, 7, 11 and 13 have t1 codelets, 17..61 run a generic
 *     loop.
 *     (The runtime's estimate then regroups two or more of them into
 *     the library's composite t1 radices, 9 .. 27, largest first:
 *     runtime/plan.c; the standalone file keeps them prime.)
 * With vectors of vl lanes (the runtime with AVX2 or AVX-512; the
 * standalone file is scalar, vl = 1) the leaf pass is one n1v codelet
 * per group of r_0 adjacent leaves, so r_0 must be a multiple of vl.
 * The leaf is then the first of 32, 64, 16, 48, ... that has a vector
 * codelet (the vleaves mask) and leaves a top radix that is a multiple
 * of vl; failing that, the largest divisor up to FACTOR_MAXR that is a
 * multiple of vl (the twiddle passes still run on full vectors); failing
 * that, the scalar rule.
 * Reference: Frigo and Johnson, "The design and implementation of
 * FFTW3", Proc. IEEE 93(2), 2005 (FFTW's Cooley-Tukey solver and its
 * t1 codelets). */
#ifndef KGEN_FACTOR_H
#define KGEN_FACTOR_H

/* FACTOR_MAXR: the largest leaf and radix.  FACTOR_MAXSTEP: room for the
 * radices of any int n (each is at least 2, and so is the leaf). */
enum { FACTOR_MAXR = 64, FACTOR_MAXSTEP = 32 };

/* The bit of size m (1 <= m <= FACTOR_MAXR) in a vleaves mask. */
#define FACTOR_LEAF(m) (1ULL << ((m) - 1))

/* The smallest prime factor of n >= 2 (n itself when n is prime). */
static inline int
factor_smallest(int n)
{
	int p;

	for (p = 2; (long long)p * p <= n; p++)
		if (n % p == 0)
			return p;
	return n;
}

/* The largest prime factor of n >= 1 (1 for n = 1). */
static inline int
factor_largest_prime(int n)
{
	int p, big;

	big = 1;
	while (n > 1) {
		p = factor_smallest(n);
		big = p;
		while (n % p == 0)
			n /= p;
	}
	return big;
}

/* The top radix r_0 of a vectorized plan whose leaves leave s = n / m_0:
 * the first of 32, 16, 64, 8, 4 that is a multiple of the vl lanes and
 * divides s, or 0 when none does. */
static inline int
factor_top(int s, int vl)
{
	static const int pref[] = {32, 16, 64, 8, 4};
	int i;

	for (i = 0; i < (int)(sizeof pref / sizeof *pref); i++)
		if (pref[i] % vl == 0 && s % pref[i] == 0)
			return pref[i];
	return 0;
}

/* The radices of rest into r: top first where it is not 0 (rest a
 * multiple of it), then the power of two in as few radices up to 64 as
 * possible, split evenly, then the odd primes, each grouped into powers
 * of itself up to group (1: none; kgen's standalone files take 27, the
 * library's composite t1v radices 9, 25 and 27); returns how many. */
static inline int
factor_radices(int rest, int top, int group, int *r)
{
	int k, e, passes, bits, p, c;

	k = 0;
	if (top) {
		r[k++] = top;
		rest /= top;
	}
	for (e = 0; rest % 2 == 0; e++)
		rest /= 2;
	for (passes = (e + 5) / 6; e > 0; passes--) {
		bits = (e + passes - 1) / passes;
		r[k++] = 1 << bits;
		e -= bits;
	}
	while (rest > 1) {
		p = factor_smallest(rest);
		for (c = p; rest % (c * p) == 0 && c * p <= group; c *= p)
			;
		r[k++] = c;
		rest /= c;
	}
	return k;
}

/* Splits n (n > FACTOR_MAXR, every prime factor at most FACTOR_MAXR)
 * into the leaf *m0 and the radices r[0..k-1], top first; returns k
 * (r must hold FACTOR_MAXSTEP).  vl is the lanes of the vector codelets
 * (1: scalar), vleaves the sizes m with a vector leaf codelet, as
 * FACTOR_LEAF(m) bits (0 when vl is 1).  The rules are above. */
static inline int
factor_plan(int n, int vl, unsigned long long vleaves, int *m0, int *r)
{
	static const int leafpref[] = {32, 64, 16, 48, 40, 24, 8, 20, 12, 4};
	int i, m, top;

	*m0 = 0;
	top = 0;
	for (i = 0; vl > 1 && i < (int)(sizeof leafpref / sizeof *leafpref);
	    i++) {
		m = leafpref[i];
		if (n % m == 0 && (vleaves & FACTOR_LEAF(m))
		    && (top = factor_top(n / m, vl))) {
			*m0 = m;
			break;
		}
	}
	for (m = FACTOR_MAXR; !*m0 && vl > 1 && m >= vl; m--)
		if (n % m == 0 && m % vl == 0)
			*m0 = m;
	for (m = FACTOR_MAXR; !*m0 && m >= 2; m--)
		if (n % m == 0)
			*m0 = m;
	return factor_radices(n / *m0, top, 1, r);
}

#endif
