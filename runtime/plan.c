/* plan.c: whole complex transforms of any size, composed from the
 * library's codelets the way FFTW composes its own.
 *
 * A size n <= KGEN_N1_MAX is one n1 codelet (for one transform the one
 * vectorized within it where the library has it); so is a larger n that
 * has an n1x codelet (codelets.def's N1XL) where KGEN_MEASURE finds it
 * faster than the Cooley-Tukey plans (ALG_N1X).  A larger n made of small
 * primes is a mixed-radix decimation-in-time Cooley-Tukey FFT,
 *   n = r_0 r_1 ... r_(k-1) m_0,
 * done breadth-first in split arrays: a leaf pass of S = n / m_0 DFTs of
 * size m_0 (batched n1 codelets; leaf j reads x[j + S q] and writes its
 * m_0 outputs contiguously at the digit reversal of j), then one twiddle
 * pass per radix, deepest first, each a t1 codelet over blocks of r_i m
 * elements (rs = m, butterflies adjacent); m_0 and the r_i are
 * factor.h's choice, shared with kgen's standalone files.  With a vector
 * ISA the leaf pass is one n1v codelet per group of r_0 leaves (adjacent
 * inputs, the outputs transposed in registers) and the twiddle passes
 * are t1v codelets, lane = butterfly, so every access is a full vector
 * and the only shuffles are the leaf's transposes; where the lanes do not
 * divide m the last m mod lanes butterflies run as one more vector, that
 * of butterflies m - lanes .. m - 1, its stores masked to them (the C
 * codelet's NAME_t and NAME_iot).  Radices
 * without a twiddle codelet (17..61, or odd parts grouped) take a
 * twiddle loop (plansimd.c) and a batched n1.  For large n the deepest
 * steps run block by block right after their leaves (cfg.nin), in cache.
 * Interleaved input is split by the vector leaves as they load it (in
 * one pass first for the other leaves), strided input is gathered per
 * leaf group; interleaved output is stored by the top step's t1v
 * codelet itself (its NAME_io entry), other output not unit-stride in y
 * (or in place) is scattered per chunk of the top step while in cache
 * (plansimd.c's shuffles for stride 2).
 * Primes above KGEN_N1_MAX use Rader's algorithm (a cyclic convolution
 * of size n - 1 through a plan of that size), other sizes with a prime
 * factor above KGEN_N1_MAX Bluestein's (a chirp convolution of size
 * M >= 2n - 1 done by two size-M plans).
 * The shape (Cfg: algorithm, ISA, leaf, radices, blocking) comes from
 * wisdom (wisdom.c) when it holds n, else from a rule (estimate) or, with
 * KGEN_MEASURE, from timing candidates (measure), which goes to wisdom.
 * The backward transform is the forward one with real and imaginary
 * parts swapped (FFTW's trick), so only forward codelets are needed.
 * Compiled twice, for double and (-DKGEN_SINGLE) float: see plan.h.
 * References: Cooley and Tukey 1965; Frigo and Johnson, "The design and
 * implementation of FFTW3", Proc. IEEE 93(2), 2005; Bluestein 1970;
 * Rader 1968. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L  /* clock_gettime */
#endif
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kgen.h"
#include "factor.h"
#include "plan.h"

enum { P_DIRECT, P_CT, P_BLUESTEIN, P_RADER };

/* Interleaved input up to this size is made split in one pass before
 * the leaves (input, its split copy, the scratch and the output then
 * fit in L2); above it each leaf group gathers its own rows. */
enum { DEINT_MAX = 1 << 15 };

#ifdef KGEN_SINGLE
#define PREC 'f'
#else
#define PREC 'd'
#endif

_Static_assert(FACTOR_MAXR == KGEN_N1_MAX,
    "factor.h plans with the library's codelets");
_Static_assert((int)FACTOR_MAXSTEP == (int)CFG_MAXSTEP, "plan.h's Cfg holds a plan");

/* A twiddle step: radix r over blocks of r*m elements.  With a vector
 * codelet, butterflies 0..mv-1 run on vectors and mv..m-1 (fewer than
 * the lanes) on its NAME_t (or the scalar t1 codelet without one). */
typedef struct Step Step;
struct Step {
	int r, m, mv;
	int avx;            /* generic radix: AVX2 twiddle multiplies */
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
	                     * (in place of the scalar t1: docs/fft.md, "Tails"),
	                     * or NULL; its table is wtail(st) */
	t1viot_fn *t1viot;  /* and its NAME_iot */
	n1_fn *n1;          /* generic radix: batched n1 codelet of size r */
	R *w;               /* twiddles: mv rows blocked for t1v, then t1's */
};

struct F(kgen_plan) {
	int n, sign, kind;
	int howmany;
	ptrdiff_t stride, dist;
	Cfg cfg;            /* P_CT, P_RADER, P_BLUESTEIN: the shape */
	int vl;             /* lanes of the vector codelets, 1 scalar */
	int fastcopy;       /* (de)interleaving of stride-2 data with
	                     * 1: AVX2, 2: AVX-512 shuffles, 0: none */
	/* P_DIRECT; P_CT: the leaf unless it is vector */
	n1_fn *n1;
	v1_fn *v1;          /* ALG_N1X: the codelet's NAME_v1, for one
	                     * forward transform of interleaved pairs (the
	                     * n1 entry's general loop beside it took 70 ns
	                     * where NAME_v1 takes 62, float n = 128) */
	/* P_CT */
	int nstep;
	Step step[FACTOR_MAXSTEP];  /* step[0] is the top radix r_0 */
	int m0;             /* leaf size */
	n1v_fn *leafv;      /* vector leaf, or NULL: leaf n1 */
	n1vb_fn *leafvb;    /* its NAME_b where the leaf is LEAF_VECB (every
	                     * step then has NAME_b and NAME_bio), else
	                     * NULL: interleaved data run block-split
	                     * (plan.h, ct_block) */
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
	                     * for n <= DEINT_MAX, or NULL */
	/* P_BLUESTEIN and P_RADER */
	PLAN *fwd;          /* size M, forward, unit stride */
	R *chirp;           /* Bluestein: 2n: exp(-i pi j^2 / n) */
	R *kern;            /* 2M: FFT of the kernel, / M */
	R *bx;              /* 4M scratch */
	int M;              /* Bluestein: >= 2n - 1; Rader: n - 1 */
	int *perm;          /* Rader: g^q mod n, then g^-q mod n, q < n-1 */
	Real *real;         /* r2c and c2r plans (real.c), else NULL */
};

static void *
zalloc(size_t n)
{
	return calloc(1, n ? n : 1);
}

/* n elements of R on a 64-byte boundary (a cache line, one AVX-512
 * vector: malloc's 16 bytes made every vector access of the scratch and
 * the twiddles straddle two lines), freed by free; NULL when out of
 * memory or n too large. */
static R *
ralloc(size_t n)
{
	void *v;

	if (n > (SIZE_MAX - 64) / sizeof(R))
		return 0;
	n = (n * sizeof(R) + 63) / 64 * 64;
	return posix_memalign(&v, 64, n ? n : 64) ? 0 : v;
}

/* The line of zeros before (and after) a plan's scratch y. */
#define YPAD (64 / sizeof(R))

/* n rounded up to whole cache lines of R */
static size_t
lines(size_t n)
{
	return (n + 64 / sizeof(R) - 1) / (64 / sizeof(R)) * (64 / sizeof(R));
}

/* exp(-2 pi i num / den) as (c, s) with s the sine of the positive angle,
 * reduced exactly so that equal angles give equal bits. */
static void
cexpi(long long num, long long den, R *c, R *s)
{
	static const long double PI = 3.141592653589793238462643383279503L;
	long double a;

	num %= den;
	if (num < 0)
		num += den;
	a = 2 * PI * (long double)num / (long double)den;
	*c = (R)cosl(a);
	*s = (R)sinl(a);
}

/* w[2t], w[2t+1] = cos, sin of 2 pi t / N for 0 <= t < N.  For 4 | N
 * only the first octant calls cosl and sinl, the rest follows by exact
 * symmetry (an eighth of the calls: planning 2^20 takes milliseconds, not
 * a second).  Returns NULL when out of memory. */
static R *
roots(long long N)
{
	R *w, *o;
	long long t, u, q;
	int swap, cneg, sneg;

	w = malloc((size_t)N * 2 * sizeof *w);
	if (!w || N % 4) {
		for (t = 0; w && t < N; t++)
			cexpi(t, N, &w[2 * t], &w[2 * t + 1]);
		return w;
	}
	/* the first octant, angles 2 pi u / N for 8u <= N */
	q = N / 8;
	o = malloc((size_t)(q + 1) * 2 * sizeof *o);
	if (!o) {
		free(w);
		return 0;
	}
	for (u = 0; u <= q; u++)
		cexpi(u, N, &o[2 * u], &o[2 * u + 1]);
	for (t = 0; t < N; t++) {
		/* reflect 8t into [0, N] in eighths, as dag/num.c does */
		u = 8 * t;
		sneg = cneg = swap = 0;
		if (2 * u > 8 * N) {
			u = 8 * N - u;
			sneg = 1;
		}
		if (4 * u > 8 * N) {
			u = 4 * N - u;
			cneg = 1;
		}
		if (8 * u > 8 * N) {
			u = 2 * N - u;
			swap = 1;
		}
		u /= 8;
		w[2 * t] = o[2 * u + swap];
		w[2 * t + 1] = o[2 * u + !swap];
		if (cneg)
			w[2 * t] = -w[2 * t];
		if (sneg)
			w[2 * t + 1] = -w[2 * t + 1];
	}
	free(o);
	return w;
}

/* kgen_next_fast_size.  Every 2^a 3^b 5^c 7^d >= n is the least
 * power-of-two multiple of some 3^b 5^c 7^d; there are a few hundred of
 * those below 2^31, so trying them all is fast for any n and, in long
 * long, cannot overflow (stepping m = n, n + 1, ... did, and took seconds
 * near INT_MAX).  Static in each precision's object, so that the float
 * planner does not link the double one (and its codelets) for it. */
static int
next_fast(int n)
{
	long long best, p7, p5, p3, m;

	if (n <= 1)
		return 1;
	best = (long long)INT_MAX + 1;
	for (p7 = 1; p7 < best; p7 *= 7)
		for (p5 = p7; p5 < best; p5 *= 5)
			for (p3 = p5; p3 < best; p3 *= 3) {
				for (m = p3; m < n; m *= 2)
					;
				if (m < best)
					best = m;
			}
	return best > INT_MAX ? 0 : (int)best;
}

#ifndef KGEN_SINGLE
int
kgen_next_fast_size(int n)
{
	return next_fast(n);
}
#endif

/* The twiddle table of step (r, m): rows k < mv blocked in vl
 * butterflies for t1v, entry (k, j, c) at (k/vl)*2(r-1)vl + (2(j-1) +
 * c)vl + k%vl; rows k >= mv in FFTW's t1 layout, at k*2(r-1) + 2(j-1) +
 * c (the blocked rows take exactly mv*2(r-1) entries); where 0 < mv <
 * m, one block more after those m rows, for NAME_t and NAME_iot: the
 * rows m - vl .. m - 1 blocked as one vector (lane k - m + vl).  For a
 * generic radix (gen), cosines then sines by j, unit stride in k:
 * c(r-1)m + (j-1)m + k. */
static R *
twiddles(int r, int m, int mv, int vl, int gen, const R *base, int n)
{
	R *w, c, s;
	int k, j, step, tail;
	size_t at;

	/* w_(rm)^(jk) = w_n^(jk n/(rm)); base holds w_n^t */
	step = n / (r * m);
	tail = !gen && mv > 0 && mv < m;
	w = ralloc((size_t)(m + (tail ? vl : 0)) * 2 * (r - 1));
	if (!w)
		return 0;
	for (k = 0; k < m; k++)
		for (j = 1; j < r; j++) {
			at = (size_t)((long long)j * k * step % n);
			c = base[2 * at];
			s = base[2 * at + 1];
			if (tail && k >= m - vl) {
				at = (size_t)m * 2 * (r - 1)
				    + (size_t)2 * (j - 1) * vl + k - (m - vl);
				w[at] = c;
				w[at + vl] = s;
			}
			if (gen) {
				at = (size_t)(j - 1) * m + k;
				w[at] = c;
				w[(size_t)(r - 1) * m + at] = s;
			} else if (k >= mv) {
				at = (size_t)k * 2 * (r - 1) + 2 * (j - 1);
				w[at] = c;
				w[at + 1] = s;
			} else {
				at = (size_t)(k / vl) * 2 * (r - 1) * vl
				    + (size_t)2 * (j - 1) * vl + k % vl;
				w[at] = c;
				w[at + vl] = s;
			}
		}
	return w;
}

/* isa's lanes as Isa, or NULL when the CPU (or KGEN_ISA) rules it out */
static const Isa *
isa_of(int id)
{
	const Isa *isa[CPU_N];
	int k, i;

	k = PRIV(plantab_isas)(isa);
	for (i = 0; i < k; i++)
		if (isa[i]->id == id)
			return isa[i];
	return 0;
}

/* The widest vector ISA the CPU (or KGEN_ISA) offers the plans */
static int
widest(void)
{
	const Isa *isa[CPU_N];

	PRIV(plantab_isas)(isa);
	return isa[0]->id;
}

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

static void free_parts(PLAN *p);

/* Builds the Cooley-Tukey plan c (c->alg == ALG_CT) for p->n; base holds
 * the n-th roots of unity.  -1 when c does not fit the codelets or
 * memory runs out (the caller frees the parts). */
static int
plan_ct(PLAN *p, const Cfg *c, const R *base)
{
	const Isa *isa;
	int k, i, j, m, S, g, t, pos, dig, mul, r0, vl;
	size_t part, lm, all;
	Step *st;

	if (!(isa = isa_of(c->isa)))
		return -1;
	k = c->k;
	vl = isa->vl;
	r0 = c->r[0];
	p->cfg = *c;
	p->kind = P_CT;
	p->nstep = k;
	p->vl = vl;
	p->m0 = c->m0;
	p->leafv = 0;
	p->leafvb = 0;
	p->n1 = 0;
	if (c->leaf == LEAF_VEC || c->leaf == LEAF_VECB) {
		if (vl == 1 || r0 % vl || !(p->leafv = PRIV(plantab_n1v)(isa,
		    c->m0, &p->leafvb)))
			return -1;
		if (c->leaf == LEAF_VEC)
			p->leafvb = 0;
	} else if (c->leaf == LEAF_CX || c->leaf == LEAF_CXW) {
		if (!(p->n1 = N1C_ISA(c->m0, c->leaf == LEAF_CX ? isa->id
		    : widest())))
			return -1;
	} else {
		p->n1 = c->leaf == LEAF_BATCH ? N1_FOR(c->m0, r0)
		    : N1_SCALAR(c->m0);
	}
	m = c->m0;
	for (i = k - 1; i >= 0; i--) {
		st = &p->step[i];
		st->r = c->r[i];
		st->m = m;
		st->t1 = PRIV(plantab_t1)(st->r);
		st->t1vios = 0;
		st->t1v = st->t1 && vl > 1 && m >= vl
		    ? PRIV(plantab_t1v)(isa, st->r, &st->t1vio, &st->t1vios)
		    : 0;
		st->mv = st->t1v ? m - m % vl : 0;
		st->t1vt = st->t1v && st->mv < m ? PRIV(plantab_t1vt)(isa,
		    st->r, &st->t1viot) : 0;
		st->t1vb = st->t1v ? PRIV(plantab_t1vb)(isa, st->r,
		    &st->t1vbio) : 0;
		if (!st->t1vb || st->mv < m)
			p->leafvb = 0;
		st->n1 = st->t1 ? 0 : N1_FOR(st->r, m);
		if (!st->t1 && !st->n1)
			return -1;
		st->w = twiddles(st->r, m, st->mv, vl, !st->t1, base, p->n);
		st->avx = kgen_isa() >= KGEN_ISA_AVX2;
		if (!st->w)
			return -1;
		m *= st->r;
	}
	if (m != p->n || c->nin >= k || (c->leaf == LEAF_VECB && !p->leafvb))
		return -1;
	p->blk = c->m0;
	for (i = k - 1; i >= k - c->nin; i--)
		p->blk *= c->r[i];
	/* grp[rev(g) / m0] = g, rev(g) the output offset of leaf group g
	 * (leaves g*r_0 + d0): the digit reversal of its digits d1, d2, ... */
	S = p->n / p->m0;
	p->grp = malloc((size_t)(S / r0) * sizeof *p->grp);
	/* y, then lb, then xs (as y), each on whole cache lines */
	p->yim = lines((size_t)p->n);
	p->yim += (2048 - p->yim * sizeof(R) % 4096 + 4096) % 4096 / sizeof(R);
	part = lines(p->yim + (size_t)p->n);
	lm = lines((size_t)2 * c->m0 * r0);
	/* a line before y and after the rest, zeros: NAME_ios reads up to
	 * half the lanes before each part and the lanes after its rows */
	all = YPAD + part + lm + (p->n <= DEINT_MAX ? part : 0) + YPAD;
	if (!p->grp || !(p->y = ralloc(all)))
		return -1;
	memset(p->y, 0, all * sizeof(R));
	p->y += YPAD;
	p->lb = p->y + part;
	p->xs = p->n <= DEINT_MAX ? p->lb + lm : 0;
	for (g = 0; g < S / r0; g++) {
		t = g;
		pos = 0;
		mul = p->n / r0;
		for (j = 1; j < k; j++) {
			mul /= c->r[j];
			dig = t % c->r[j];
			t /= c->r[j];
			pos += dig * mul;
		}
		p->grp[pos / p->m0] = g;
	}
	return 0;
}

static int plan_init(PLAN *p, int n, unsigned flags, int lay);
static void ios_race(PLAN *p, int n);

/* The least power of two >= m (m <= KGEN_PLAN_MAX), or 0. */
static int
pow2(int m)
{
	int p;

	for (p = 1; p < m && p <= KGEN_PLAN_MAX / 2; p *= 2)
		;
	return p >= m ? p : 0;
}

/* Bluestein's convolution size for n: the least M >= 2n - 1 of the form
 * 2^a times 1, 3, 5, 9, 15 or 45, whose plans are fast (float, split:
 * 9216 6.6 us where next_fast's 8232 = 2^3 3 7^3 took 11.5, for
 * n = 4099); 0 past KGEN_PLAN_MAX. */
static int
bluestein_m(int n)
{
	static const int odd[] = {1, 3, 5, 9, 15, 45};
	long long best, m;
	int i;

	best = (long long)KGEN_PLAN_MAX + 1;
	for (i = 0; i < (int)(sizeof odd / sizeof *odd); i++) {
		for (m = odd[i]; m < 2LL * n - 1; m *= 2)
			;
		if (m < best)
			best = m;
	}
	return best > KGEN_PLAN_MAX ? 0 : (int)best;
}

/* Bluestein: X_k = c_k sum_j (x_j c_j) conj(c_(k-j)), c_j = exp(-i pi
 * j^2 / n), a cyclic convolution of size M >= 2n - 1. */
static int
plan_bluestein(PLAN *p, unsigned flags)
{
	int n, M, j;
	long long t;
	R *b, *bi, *w;

	/* M <= KGEN_PLAN_MAX, and 2n - 1 cannot overflow */
	n = p->n;
	p->kind = P_BLUESTEIN;
	p->cfg.alg = ALG_BLUESTEIN;
	if (n > KGEN_PLAN_MAX / 2)
		return -1;
	/* cfg.m0: M as measured or read from wisdom, else the rule's */
	M = p->cfg.m0 ? p->cfg.m0 : bluestein_m(n);
	if (M < 2 * n - 1 || M > KGEN_PLAN_MAX)
		return -1;
	p->cfg.m0 = M;
	p->M = M;
	p->fwd = zalloc(sizeof *p->fwd);
	p->chirp = malloc((size_t)2 * n * sizeof *p->chirp);
	p->kern = ralloc((size_t)2 * M);
	p->bx = ralloc((size_t)4 * M);
	if (!p->fwd || !p->chirp || !p->kern || !p->bx
	    || plan_init(p->fwd, M, flags, LAY_SPLIT) < 0)
		return -1;
	if (!(w = roots(2LL * n)))
		return -1;
	for (j = 0; j < n; j++) {
		/* j^2 mod 2n keeps the angle exact for large n */
		t = (long long)j * j % (2LL * n);
		p->chirp[2 * j] = w[2 * t];
		p->chirp[2 * j + 1] = w[2 * t + 1];
	}
	free(w);
	/* kernel b_j = conj(c_j) = exp(+i pi j^2/n) at j and M - j */
	b = p->bx;
	bi = b + M;
	memset(b, 0, (size_t)2 * M * sizeof *b);
	for (j = 0; j < n; j++) {
		b[j] = p->chirp[2 * j];
		bi[j] = p->chirp[2 * j + 1];
		if (j > 0) {
			b[M - j] = b[j];
			bi[M - j] = bi[j];
		}
	}
	PRIV(plan_execute_one)(p->fwd, b, bi, 1, p->kern, p->kern + M, 1);
	for (j = 0; j < M; j++) {
		p->kern[j] /= M;
		p->kern[M + j] /= M;
	}
	return 0;
}

static long long
powmod(long long b, long long e, long long n)
{
	long long r;

	for (r = 1; e; e >>= 1, b = b * b % n)
		if (e & 1)
			r = r * b % n;
	return r;
}

/* The smallest primitive root of the prime n > 2. */
static int
primitive_root(int n)
{
	int g, q, rest, ok;

	for (g = 2;; g++) {
		ok = 1;
		for (rest = n - 1; rest > 1 && ok; ) {
			q = factor_smallest(rest);
			while (rest % q == 0)
				rest /= q;
			ok = powmod(g, (n - 1) / q, n) != 1;
		}
		if (ok)
			return g;
	}
}

/* Rader, for a prime n: with a generator g of the integers mod n, X_0 =
 * sum x and X_(g^-q) = x_0 + sum_(q') x_(g^q') w^(g^(q'-q)), a cyclic
 * convolution of size n - 1 done by a plan of size n - 1. */
static int
plan_rader(PLAN *p, unsigned flags, const R *base)
{
	int n, N, q, g;
	long long e;
	R *b, *bi;

	n = p->n;
	N = n - 1;
	p->kind = P_RADER;
	p->cfg.alg = ALG_RADER;
	if (n < 3 || factor_smallest(n) != n)
		return -1;
	p->M = N;
	p->fwd = zalloc(sizeof *p->fwd);
	p->perm = malloc((size_t)2 * N * sizeof *p->perm);
	p->kern = ralloc((size_t)2 * N);
	p->bx = ralloc((size_t)4 * N);
	if (!p->fwd || !p->perm || !p->kern || !p->bx
	    || plan_init(p->fwd, N, flags, LAY_SPLIT) < 0)
		return -1;
	g = primitive_root(n);
	for (q = 0, e = 1; q < N; q++, e = e * g % n)
		p->perm[q] = (int)e;
	for (q = 0; q < N; q++)
		p->perm[N + q] = p->perm[(N - q) % N];
	/* kernel b_q = w^(g^-q) = (cos, -sin) of 2 pi g^-q / n */
	b = p->bx;
	bi = b + N;
	for (q = 0; q < N; q++) {
		b[q] = base[2 * p->perm[N + q]];
		bi[q] = -base[2 * p->perm[N + q] + 1];
	}
	PRIV(plan_execute_one)(p->fwd, b, bi, 1, p->kern, p->kern + N, 1);
	for (q = 0; q < N; q++) {
		p->kern[q] /= N;
		p->kern[N + q] /= N;
	}
	return 0;
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

static int split(int rest, int cap, int group, int *r, int k);

/* Sets c->nin to the deepest steps that fit blocks of at most 2^13
 * elements (one per top digit) with the leaves. */
static void
blocked(Cfg *c)
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
 * to 1024 on AVX-512; 128 and 256 on AVX2, 2026-11-27) and Cooley-Tukey
 * plans on split arrays, whose estimate is below. */
static int
estimate_n1x(int n, Cfg *c)
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
static void
estimate(int n, int lay, Cfg *c)
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
	if (c->leaf == LEAF_CX && widest() != c->isa
	    && N1C_ISA(c->m0, widest()))
		c->leaf = LEAF_CXW;
	if (n >= 1 << 17)
		blocked(c);
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

	if ((x = ralloc((size_t)4 * n + TOFF)))
		for (j = 0; j < 2 * n; j++)
			x[j] = (R)(((long long)j * 7919 % 1009) / 1009.0
			    - 0.5);
	return x;
}

/* ns per forward transform of p on x (2n) to y (2n) in layout lay (split
 * halves, or interleaved): the best of five timings of enough runs to
 * last about 20 us each (the best, as other processes only ever add
 * time). */
static double
timeit(const PLAN *p, const R *x, R *y, int lay)
{
	struct timespec t0, t1;
	double best, t;
	long reps, i;
	ptrdiff_t im, s;
	int trial;

	im = lay == LAY_INTER ? 1 : p->n;
	s = lay == LAY_INTER ? 2 : 1;
	PRIV(plan_execute_one)(p, x, x + im, s, y, y + im, s);
	best = 1e300;
	reps = 1;
	for (trial = 0; trial < 5; trial++) {
		for (;;) {
			clock_gettime(CLOCK_MONOTONIC, &t0);
			for (i = 0; i < reps; i++)
				PRIV(plan_execute_one)(p, x, x + im, s, y,
				    y + im, s);
			clock_gettime(CLOCK_MONOTONIC, &t1);
			t = (t1.tv_sec - t0.tv_sec) * 1e9
			    + (t1.tv_nsec - t0.tv_nsec);
			if (t >= 2e4 || reps >= 1L << 20)
				break;
			reps *= 2;
		}
		if (t / reps < best)
			best = t / reps;
	}
	return best;
}

/* Appends t to c[0..*nc) unless it is there or c is full. */
static void
add(Cfg *c, int *nc, int max, const Cfg *t)
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
static int
candidates(int n, Cfg *c, int max)
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
			for (top = leaf == LEAF_VEC ? vl : 0; top <= KGEN_N1_MAX;
			    top = top ? 2 * top : vl > 1 ? vl : 2 * KGEN_N1_MAX) {
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
					    cap < ncap ? 0 : cap - ncap + 1, t.r,
					    t.k);
					if (t.k)
						add(c, &nc, max, &t);
				}
			}
		}
	}
	return nc;
}

/* Plans p (n, zeroed) as c says.  base: the n-th roots, or NULL to
 * compute them where needed. */
static int
plan_cfg(PLAN *p, int n, const Cfg *c, unsigned flags, const R *base)
{
	R *own;
	int st;

	p->n = n;
	p->sign = -1;
	p->howmany = 1;
	p->stride = 1;
	p->dist = n;
	p->fastcopy = kgen_isa() >= KGEN_ISA_AVX512 ? 2
	    : kgen_isa() >= KGEN_ISA_AVX2;
	p->cfg = *c;
	if (c->alg == ALG_BLUESTEIN)
		return plan_bluestein(p, flags);
	if (c->alg == ALG_N1X) {
		/* one codelet does it all, every layout and batch */
		p->kind = P_DIRECT;
		p->n1 = isa_of(c->isa) ? PRIV(plantab_n1xl)(isa_of(c->isa), n,
		    &p->v1) : 0;
		return p->n1 ? 0 : -1;
	}
	own = 0;
	if (!base && !(base = own = roots(n)))
		return -1;
	st = c->alg == ALG_RADER ? plan_rader(p, flags, base)
	    : plan_ct(p, c, base);
	free(own);
	return st;
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
		if (plan_cfg(&t[0], n, &cs[i], flags, base) == 0)
			ns[i] = timeit(&t[0], x, x + 2 * (size_t)n, lay);
		free_parts(&t[0]);
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
		if (plan_cfg(&t[nf], n, &cs[k], flags, base) < 0) {
			free_parts(&t[nf]);
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
			free_parts(&t[i]);
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
static int
measure(PLAN *p, int n, unsigned flags, int lay)
{
	const Isa *isa[CPU_N];
	Cfg *cs, best;
	R *base;
	int nc, st, i, k, nisa;

	cs = malloc(MAXCAND * sizeof *cs);
	base = roots(n);
	st = -1;
	if (!cs || !base)
		goto out;
	if (factor_largest_prime(n) > KGEN_N1_MAX) {
		/* Bluestein on the rule's M, next_fast's and a power of
		 * two (each once); Rader for a prime */
		nc = 0;
		for (i = 0; i < 3 && n <= KGEN_PLAN_MAX / 2; i++) {
			memset(&cs[nc], 0, sizeof *cs);
			cs[nc].alg = ALG_BLUESTEIN;
			cs[nc].m0 = i == 0 ? bluestein_m(n) : i == 1
			    ? next_fast(2 * n - 1) : pow2(2 * n - 1);
			for (k = 0; k < nc && cs[k].m0 != cs[nc].m0; k++)
				;
			if (cs[nc].m0 >= 2 * n - 1 && k == nc)
				nc++;
		}
		if (factor_smallest(n) == n) {
			memset(&cs[nc], 0, sizeof *cs);
			cs[nc++].alg = ALG_RADER;
		}
		st = pick(p, n, cs, nc, flags, lay, base);
		goto out;
	}
	nc = candidates(n, cs, MAXCAND);
	/* interleaved: vector leaves also block-split (ct_block; which is
	 * faster depends on the shape and on the output's alignment:
	 * docs/fft.md, "Block-split") */
	for (i = 0, k = nc; i < k && lay == LAY_INTER; i++)
		if (cs[i].leaf == LEAF_VEC) {
			best = cs[i];
			best.leaf = LEAF_VECB;
			add(cs, &nc, MAXCAND, &best);
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
			blocked(&best);
			add(cs, &nc, MAXCAND, &best);
		}
	} else if (n >= 1 << 14)
		for (i = 0, k = nc; i < k; i++) {
			best = cs[i];
			blocked(&best);
			if (best.nin)
				add(cs, &nc, MAXCAND, &best);
		}
	estimate(n, lay, &best);
	add(cs, &nc, MAXCAND, &best);
	if (best.leaf == LEAF_VECB) {
		/* plan_init's fallback, where a step has no C t1v */
		best.leaf = LEAF_VEC;
		add(cs, &nc, MAXCAND, &best);
	}
	/* one n1x codelet for the whole transform, of each ISA that has it */
	nisa = PRIV(plantab_isas)(isa);
	for (i = 0; i < nisa; i++)
		if (PRIV(plantab_n1xl)(isa[i], n, 0)) {
			memset(&best, 0, sizeof best);
			best.alg = ALG_N1X;
			best.isa = isa[i]->id;
			add(cs, &nc, MAXCAND, &best);
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
		free_parts(p);
		memset(p, 0, sizeof *p);
		st = pick(p, n, cs, nc, flags, lay, base);
	}
out:
	free(cs);
	free(base);
	return st;
}

/* Fills p (zeroed) for a single forward transform of size n, to run in
 * layout lay: from wisdom when it has n for lay, else measured in lay
 * (KGEN_MEASURE, and the winner goes to wisdom) or estimated. */
static int
plan_init(PLAN *p, int n, unsigned flags, int lay)
{
	Cfg c;

	p->n = n;
	if (n <= KGEN_N1_MAX) {
		p->kind = P_DIRECT;
		p->sign = -1;
		p->howmany = 1;
		p->stride = 1;
		p->dist = n;
		p->n1 = N1_FOR(n, 1);
		return p->n1 ? 0 : -1;
	}
	if (kgen_priv_wisdom_get(PREC, lay, n, &c)) {
		if (plan_cfg(p, n, &c, flags, 0) == 0)
			return 0;
		free_parts(p);
		memset(p, 0, sizeof *p);
	}
	if (flags & KGEN_MEASURE) {
		if (measure(p, n, flags, lay) < 0)
			return -1;
		if (lay == LAY_INTER)
			ios_race(p, n);
		kgen_priv_wisdom_put(PREC, lay, n, &p->cfg);
		return 0;
	}
	if (lay != LAY_INTER || !estimate_n1x(n, &c))
		estimate(n, lay, &c);
	if (plan_cfg(p, n, &c, flags, 0) == 0)
		return 0;
	if (c.leaf != LEAF_VECB)
		return -1;
	free_parts(p);
	memset(p, 0, sizeof *p);
	p->n = n;
	c.leaf = LEAF_VEC;
	return plan_cfg(p, n, &c, flags, 0);
}

/* |s| as a size_t, PTRDIFF_MIN included */
static size_t
mag(ptrdiff_t s)
{
	return s < 0 ? (size_t)0 - (size_t)s : (size_t)s;
}

/* 1 when the largest offset from the first element, (n - 1) |stride| +
 * (howmany - 1) |dist|, fits in a ptrdiff_t counted in bytes: arrays that
 * large cannot exist, and the offsets of any smaller layout do not
 * overflow. */
static int
extent_fits(int n, int howmany, ptrdiff_t stride, ptrdiff_t dist)
{
	size_t lim, a, b;

	lim = PTRDIFF_MAX / sizeof(R);
	a = (size_t)(n - 1);
	b = (size_t)(howmany - 1);
	if (a && mag(stride) > lim / a)
		return 0;
	if (b && mag(dist) > lim / b)
		return 0;
	return a * mag(stride) <= lim - b * mag(dist);
}

PLAN *
PLAN_MANY(int n, int howmany, ptrdiff_t stride, ptrdiff_t dist,
    int sign, unsigned flags)
{
	PLAN *p;

	if (n < 1 || n > KGEN_PLAN_MAX || howmany < 1
	    || (sign != -1 && sign != 1) || (flags & ~KGEN_MEASURE)
	    || !extent_fits(n, howmany, stride, dist))
		return 0;
	p = zalloc(sizeof *p);
	if (!p)
		return 0;
	/* stride 2 is (almost always) interleaved data: plans for it are
	 * timed, and kept in wisdom, on that layout */
	if (plan_init(p, n, flags, stride == 2 ? LAY_INTER : LAY_SPLIT) < 0) {
		DESTROY(p);
		return 0;
	}
	p->sign = sign;
	p->howmany = howmany;
	p->stride = stride;
	p->dist = dist;
	/* one codelet call does the batch: the one kgen_dft would pick */
	if (p->kind == P_DIRECT && n <= KGEN_N1_MAX)
		p->n1 = N1_FOR(n, howmany);
	return p;
}

PLAN *
PLAN_1D(int n, int sign, unsigned flags)
{
	return PLAN_MANY(n, 1, 1, n, sign, flags);
}

static void
free_parts(PLAN *p)
{
	int i, j;

	for (i = 0; i < p->nstep; i++) {
		free(p->step[i].w);
		for (j = 0; j < (int)(sizeof p->step[i].wsh
		    / sizeof *p->step[i].wsh); j++)
			free(p->step[i].wsh[j]);
	}
	free(p->grp);
	if (p->y)
		free(p->y - YPAD);
	if (p->fwd) {
		free_parts(p->fwd);
		free(p->fwd);
	}
	free(p->chirp);
	free(p->kern);
	free(p->bx);
	free(p->perm);
}

void
DESTROY(PLAN *p)
{
	if (!p)
		return;
	free_parts(p);
	PRIV(real_free)(p->real);
	free(p);
}

void
PRIV(plan_set_real)(PLAN *p, Real *r)
{
	p->real = r;
}

Real *
PRIV(plan_real)(const PLAN *p)
{
	return p->real;
}

/* The table of step st's tail vector (NAME_t, NAME_iot): the block
 * after its m rows (twiddles) */
static const R *
wtail(const Step *st)
{
	return st->w + (size_t)st->m * 2 * (st->r - 1);
}

/* Butterflies k0..k1-1 of step st on the block at br, bi (k0 and,
 * unless it is m, k1 multiples of the lanes). */
static void
step_range(const Step *st, R *br, R *bi, int k0, int k1)
{
	int j, k, e;
	R c, s, xr, xi;
	const R *w;

	if (st->t1v) {
		e = k1 < st->mv ? k1 : st->mv;
		if (k0 < e)
			st->t1v(br + k0, bi + k0, st->w, st->m, k0, e);
		k0 = k0 > st->mv ? k0 : st->mv;
		if (k0 < k1 && k1 == st->m && st->t1vt)
			st->t1vt(br, bi, wtail(st), st->m, st->m);
		else if (k0 < k1)
			st->t1(br + k0, bi + k0,
			    st->w + (size_t)st->mv * 2 * (st->r - 1), st->m,
			    k0 - st->mv, k1 - st->mv, 1);
		return;
	}
	if (st->t1) {
		st->t1(br + k0, bi + k0, st->w, st->m, k0, k1, 1);
		return;
	}
	/* generic radix: twiddle, then batched r-point DFTs in place */
	for (j = 1; j < st->r; j++) {
		w = st->w + (size_t)(j - 1) * st->m;
		k = (size_t)j * st->m;
		if (st->avx) {
			PRIV(simd_twiddle)(br + k, bi + k, w,
			    w + (size_t)(st->r - 1) * st->m, k0, k1);
			continue;
		}
		for (e = k0; e < k1; e++) {
			c = w[e];
			s = w[(size_t)(st->r - 1) * st->m + e];
			xr = br[k + e];
			xi = bi[k + e];
			br[k + e] = c * xr + s * xi;
			bi[k + e] = c * xi - s * xr;
		}
	}
	st->n1(br + k0, bi + k0, br + k0, bi + k0, st->m, st->m, k1 - k0, 1,
	    1);
}

/* Step st over the len elements at y (len a multiple of its blocks). */
static void
step_sweep(const Step *st, R *yr, R *yi, size_t len)
{
	size_t b, blk;

	blk = (size_t)st->r * st->m;
	for (b = 0; b < len; b += blk)
		step_range(st, yr + b, yi + b, 0, st->m);
}

/* n elements of x at stride s to split re, im; stride-2 data with im = re + 1
 * (interleaved) on AVX2 where the plan may use it. */
static void
gather(const PLAN *p, const R *xr, const R *xi, ptrdiff_t s, R *re,
    R *im, int n)
{
	R *t;
	int j;

	/* backward plans swap re and im: then xi == xr - 1 */
	if (p->fastcopy && s == 2 && (xi == xr + 1 || xi == xr - 1)) {
		if (xi == xr - 1) {
			t = re;
			re = im;
			im = t;
			xr = xi;
		}
		if (p->fastcopy == 2)
			PRIV(simd_deinterleave512)(xr, re, im, n);
		else
			PRIV(simd_deinterleave)(xr, re, im, n);
		return;
	}
	for (j = 0; j < n; j++) {
		re[j] = xr[j * s];
		im[j] = xi[j * s];
	}
}

/* The inverse of gather. */
static void
scatter(const PLAN *p, const R *re, const R *im, R *yr, R *yi,
    ptrdiff_t s, int n)
{
	const R *u;
	int j;

	if (p->fastcopy && s == 2 && (yi == yr + 1 || yi == yr - 1)) {
		if (yi == yr - 1) {
			u = re;
			re = im;
			im = u;
			yr = yi;
		}
		if (p->fastcopy == 2)
			PRIV(simd_interleave512)(re, im, yr, n);
		else
			PRIV(simd_interleave)(re, im, yr, n);
		return;
	}
	for (j = 0; j < n; j++) {
		yr[j * s] = re[j];
		yi[j * s] = im[j];
	}
}

/* The leaf pass (and the blocked deepest steps) from x at stride is
 * to y (unit stride).  The leaves go in output order, block by block:
 * right after the leaves of a block (r_0 pieces of blk elements, n / r_0
 * apart), the deepest cfg.nin steps run on it while it is in cache.  A
 * vector leaf reads unit-stride vectors, split or interleaved (it splits
 * the pairs as it loads them); with another stride its group's
 * input (m_0 rows of r_0) is first gathered into lb; so does a batched
 * leaf (adjacent lanes load faster, and the float AVX-512 batched
 * codelets give wrong results for interleaved input with split output). */
static void
leaves(const PLAN *p, const R *xr, const R *xi, ptrdiff_t is, R *yr,
    R *yi)
{
	int r0, S, g, q, nq, per, i, d, j, inter;
	size_t pos, top, b, lm;
	R *lr, *li;

	/* interleaved pairs: a vector leaf splits them as it loads */
	inter = is == 2 && (xi == xr + 1 || xr == xi + 1);
	r0 = p->step[0].r;
	S = p->n / p->m0;
	nq = S / r0;
	top = (size_t)(p->n / r0);
	per = p->blk / p->m0;
	lm = (size_t)p->m0 * r0;
	lr = p->lb;
	li = p->lb + lm;
	for (q = 0; q < nq; q++) {
		g = p->grp[q];
		pos = (size_t)q * p->m0;
		if (p->leafv && (is == 1 || inter))
			p->leafv(xr + (ptrdiff_t)g * r0 * is,
			    xi + (ptrdiff_t)g * r0 * is, yr + pos, yi + pos, S,
			    (ptrdiff_t)top, r0);
		else if (p->leafv || (is != 1 && p->cfg.leaf == LEAF_BATCH)) {
			for (j = 0; j < p->m0; j++)
				gather(p, xr + ((ptrdiff_t)j * S + g * r0) * is,
				    xi + ((ptrdiff_t)j * S + g * r0) * is, is,
				    lr + (size_t)j * r0, li + (size_t)j * r0,
				    r0);
			if (p->leafv)
				p->leafv(lr, li, yr + pos, yi + pos, r0,
				    (ptrdiff_t)top, r0);
			else
				p->n1(lr, li, yr + pos, yi + pos, r0, 1, r0,
				    1, (ptrdiff_t)top);
		} else
			p->n1(xr + (ptrdiff_t)g * r0 * is,
			    xi + (ptrdiff_t)g * r0 * is, yr + pos, yi + pos,
			    S * is, 1, r0, is, (ptrdiff_t)top);
		if (p->cfg.nin == 0 || (q + 1) % per)
			continue;
		b = (size_t)(q + 1 - per) * p->m0;
		for (i = p->nstep - 1; i >= p->nstep - p->cfg.nin; i--)
			for (d = 0; d < r0; d++)
				step_sweep(&p->step[i], yr + d * top + b,
				    yi + d * top + b, (size_t)p->blk);
	}
}

/* Step st over the len elements of block-split data at x (plan.h; len
 * a multiple of its blocks, every butterfly on vectors). */
static void
step_sweep_b(const Step *st, R *x, size_t len)
{
	size_t b, blk;

	blk = (size_t)st->r * st->m;
	for (b = 0; b < len; b += blk)
		st->t1vb(x + 2 * b, st->w, 2 * (ptrdiff_t)st->m, 0, st->m);
}

/* The table of step st shifted for NAME_ios with y c pairs past a
 * vector boundary: lane l of block b holds the twiddles of butterfly
 * vl b + l - c (zeros outside 0 .. m-1), mv / vl + 1 blocks.  Made once,
 * by the first transform that needs it (threads that race there both
 * make one and all but the first to publish it free theirs), kept with
 * the plan; NULL when out of memory (the caller then stores unaligned). */
static const R *
wshift(const Step *st, int vl, int c)
{
	R **slot, *w, *old;
	size_t nw, b, l, t, nb;
	ptrdiff_t k;

	/* the plan is const to its callers; wsh is a cache beside it */
	slot = (R **)&st->wsh[c];
	if ((w = __atomic_load_n(slot, __ATOMIC_ACQUIRE)))
		return w;
	nw = 2 * (size_t)(st->r - 1);
	nb = (size_t)st->mv / vl + 1;
	if (!(w = ralloc(nb * nw * vl)))
		return 0;
	for (b = 0; b < nb; b++)
		for (l = 0; l < (size_t)vl; l++) {
			k = (ptrdiff_t)(b * vl + l) - c;
			for (t = 0; t < nw; t++)
				w[(b * nw + t) * vl + l] = k < 0 || k >= st->mv
				    ? 0 : st->w[((size_t)k / vl * nw + t) * vl
				    + (size_t)k % vl];
		}
	old = 0;
	if (!__atomic_compare_exchange_n(slot, &old, w, 0, __ATOMIC_ACQ_REL,
	    __ATOMIC_ACQUIRE)) {
		free(w);
		return old;
	}
	return w;
}

/* Interleaved x (ii = ri + 1, or ri = ii + 1) to interleaved y at z (the
 * lower of its two pointers; sw 1 where im comes first) through w: the
 * vector leaves split the pairs as they load them and store block-split
 * data (plan.h) to w, the steps run on it in place, and the top step
 * stores each block of its outputs as pairs at the same offset from z.
 * w is z itself where y is on a vector boundary and apart from x (two
 * arrays in cache where a scratch makes three), else the scratch. */
static void
ct_block(const PLAN *p, const R *xr, const R *xi, R *w, R *z, int sw)
{
	int r0, S, q, nq, per, i, d, g;
	size_t pos, top, b;
	const Step *st;

	r0 = p->step[0].r;
	S = p->n / p->m0;
	nq = S / r0;
	top = (size_t)(p->n / r0);
	per = p->blk / p->m0;
	for (q = 0; q < nq; q++) {
		g = p->grp[q];
		pos = (size_t)q * p->m0;
		p->leafvb(xr + (ptrdiff_t)g * r0 * 2, xi + (ptrdiff_t)g * r0 * 2,
		    w + 2 * pos, S, 2 * (ptrdiff_t)top, r0);
		if (p->cfg.nin == 0 || (q + 1) % per)
			continue;
		b = (size_t)(q + 1 - per) * p->m0;
		for (i = p->nstep - 1; i >= p->nstep - p->cfg.nin; i--)
			for (d = 0; d < r0; d++)
				step_sweep_b(&p->step[i], w + 2 * (d * top + b),
				    (size_t)p->blk);
	}
	for (i = p->nstep - 1 - p->cfg.nin; i >= 1; i--)
		step_sweep_b(&p->step[i], w, (size_t)p->n);
	st = &p->step[0];
	st->t1vbio(w, st->w, 2 * (ptrdiff_t)st->m, 0, st->m, z, sw);
}

/* How many pairs z lies past a vector boundary where p's top step can
 * store its pairs on vector boundaries from there on (NAME_ios: its
 * butterflies all on vectors, z on a pair boundary), else 0.  Only
 * where the data fill 16 KiB or more and the step runs 8 vectors of
 * butterflies or more: below, the output stays in L1, where the
 * straddling stores cost little, and NAME_ios's extra vector of
 * butterflies (and, for vecb, the split scratch in place of the
 * block-split one) cost more (in a throwaway harness double 512 =
 * 32 x 16 with the output 32 bytes off ran slower with it, 1024 faster;
 * docs/fft.md, "Output off a vector boundary"); and never where p's shape
 * says straddle (ios_race). */
static int
ios_shift(const PLAN *p, const R *z)
{
	const Step *st;
	uintptr_t u;

	st = &p->step[0];
	u = (uintptr_t)z;
	if (p->kind != P_CT || p->cfg.straddle || !st->t1vios
	    || st->mv != st->m
	    || u % (2 * sizeof(R)) || (size_t)p->n * 2 * sizeof(R) < 16384
	    || st->m < 8 * p->vl)
		return 0;
	return (int)(u % (p->vl * sizeof(R)) / (2 * sizeof(R)));
}

/* For a measured plan p of size n on interleaved data whose top step
 * would run NAME_ios with the output 16 bytes past a vector boundary (as
 * malloc gives): times p that way and with the straddling pair stores
 * (cfg.straddle), ROUNDS rounds in turn, and keeps the faster.  Which
 * wins depends on the CPU: NAME_ios on the Intel Xeon it was made on,
 * the straddling stores on an AMD EPYC (Zen 4), whose 512-bit stores
 * take two cycles each (docs/fft.md, "Output off a vector boundary"). */
static void
ios_race(PLAN *p, int n)
{
	enum { ROUNDS = 3 };
	double t[2] = {1e300, 1e300}, v;
	R *x, *y;
	int j, k;

	p->cfg.straddle = 0;
	if (p->kind != P_CT || !(x = timebuf(n)))
		return;
	y = x + 2 * (size_t)n + TOFF;
	if (ios_shift(p, y)) {
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

/* Whether the 2n elements from a and those from b do not overlap. */
static int
apart(const R *a, const R *b, int n)
{
	uintptr_t u, v;

	u = (uintptr_t)a;
	v = (uintptr_t)b;
	return u < v ? v - u >= 2 * (size_t)n * sizeof(R)
	    : u - v >= 2 * (size_t)n * sizeof(R);
}

/* One forward transform: x at stride is to y at stride os (x == y
 * allowed).  Interleaved data run block-split where the plan says so
 * (LEAF_VECB): in y where y is apart from x and on a vector boundary,
 * else in the scratch (with y 32 bytes off, every AVX-512 access in y
 * straddled two cache lines: float 4096 1.1x slower; ct_block).  Out of place into unit stride,
 * the passes run in y;
 * otherwise in the scratch array, and the top step, done in chunks of
 * butterflies, writes each chunk to y while it is in cache. */
static void
ct_forward(const PLAN *p, const R *xr, const R *xi, ptrdiff_t is,
    R *yr, R *yi, ptrdiff_t os)
{
	const Step *st;
	const R *ws;
	R *sr, *si, *z;
	int i, n, k0, k1, j, chunk, stop, c;
	size_t at, im;

	n = p->n;
	if (p->leafvb && is == 2 && os == 2 && (xi == xr + 1 || xi == xr - 1)
	    && (yi == yr + 1 || yi == yr - 1)
	    && !ios_shift(p, yi < yr ? yi : yr)) {
		sr = yi < yr ? yi : yr;
		ct_block(p, xr, xi, (uintptr_t)sr % (p->vl * sizeof(R)) == 0
		    && apart(xi < xr ? xi : xr, sr, n) ? sr : p->y, sr,
		    yi < yr);
		return;
	}
	/* interleaved input: one deinterleaving pass, then unit-stride
	 * leaves; the split copy goes to y's own memory when y is another
	 * interleaved array and small (the leaves have read it all before
	 * the top step writes y; one array less in cache), else to the
	 * scratch xs, parts half a page apart like y's (measured: y's memory
	 * 5-15% faster to n = 1024 in double, xs 5-15% faster from 4096).
	 * n1c leaves read interleaved data as they are (5% faster at
	 * n = 1000 and 2187), and vector leaves split the pairs as they
	 * load them (no pass; README, "Whole transforms") */
	if (p->xs && is == 2 && p->fastcopy && p->cfg.leaf != LEAF_CX
	    && p->cfg.leaf != LEAF_CXW && !p->leafv
	    && (xi == xr + 1 || xi == xr - 1)) {
		sr = p->xs;
		im = p->yim;
		if (n * sizeof(R) <= 16384 && os == 2 && xr != yr && xi != yi
		    && (yi == yr + 1 || yi == yr - 1)) {
			sr = yi < yr ? yi : yr;
			im = n;
		}
		gather(p, xr, xi, 2, sr, sr + im, n);
		xr = sr;
		xi = sr + im;
		is = 1;
	}
	if (os == 1 && xr != yr && xi != yi) {
		leaves(p, xr, xi, is, yr, yi);
		stop = 0;
		sr = yr;
		si = yi;
	} else {
		sr = p->y;
		si = p->y + p->yim;
		leaves(p, xr, xi, is, sr, si);
		stop = 1;
	}
	for (i = p->nstep - 1 - p->cfg.nin; i >= stop; i--)
		step_sweep(&p->step[i], sr, si, (size_t)n);
	if (!stop)
		return;
	st = &p->step[0];
	/* interleaved output: the top step's vector codelet stores its
	 * pairs itself (NAME_io), the last m mod lanes butterflies of each
	 * block through NAME_iot's masks (without it, on t1 in the scratch,
	 * then copied) */
	if (st->t1v && os == 2 && (yi == yr + 1 || yi == yr - 1)) {
		z = yi < yr ? yi : yr;
		if ((c = ios_shift(p, z)) && (ws = wshift(st, p->vl, c))) {
			st->t1vios(sr, si, ws, st->m, st->m, z, yi < yr);
			return;
		}
		st->t1vio(sr, si, st->w, st->m, 0, st->mv, z, yi < yr);
		if (st->mv == st->m)
			return;
		if (st->t1viot) {
			st->t1viot(sr, si, wtail(st), st->m, st->m, z,
			    yi < yr);
			return;
		}
		step_range(st, sr, si, st->mv, st->m);
		for (j = 0; j < st->r; j++) {
			at = (size_t)j * st->m + st->mv;
			scatter(p, sr + at, si + at, yr + (ptrdiff_t)at * os,
			    yi + (ptrdiff_t)at * os, os, st->m - st->mv);
		}
		return;
	}
	/* about 1024 elements per chunk, a multiple of the lanes */
	chunk = (1024 / st->r + p->vl - 1) / p->vl * p->vl;
	for (k0 = 0; k0 < st->m; k0 = k1) {
		k1 = k0 + chunk < st->m ? k0 + chunk : st->m;
		step_range(st, sr, si, k0, k1);
		if (k1 - k0 == st->m) {
			/* one chunk: the whole output in one pass */
			scatter(p, sr, si, yr, yi, os, n);
			break;
		}
		for (j = 0; j < st->r; j++) {
			at = (size_t)j * st->m + k0;
			scatter(p, sr + at, si + at, yr + (ptrdiff_t)at * os,
			    yi + (ptrdiff_t)at * os, os, k1 - k0);
		}
	}
}

static void
bluestein_forward(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os)
{
	R *ar, *ai, *fr, *fi, c, s, a, b, kr, ki;
	int n, M, j;

	n = p->n;
	M = p->M;
	ar = p->bx;
	ai = ar + M;
	fr = ai + M;
	fi = fr + M;
	for (j = 0; j < n; j++) {
		c = p->chirp[2 * j];
		s = p->chirp[2 * j + 1];
		a = xr[j * is];
		b = xi[j * is];
		/* (a + ib)(c - is) */
		ar[j] = a * c + b * s;
		ai[j] = b * c - a * s;
	}
	memset(ar + n, 0, (size_t)(M - n) * sizeof *ar);
	memset(ai + n, 0, (size_t)(M - n) * sizeof *ai);
	PRIV(plan_execute_one)(p->fwd, ar, ai, 1, fr, fi, 1);
	for (j = 0; j < M; j++) {
		kr = p->kern[j];
		ki = p->kern[M + j];
		a = fr[j] * kr - fi[j] * ki;
		b = fr[j] * ki + fi[j] * kr;
		/* conjugate, so the forward plan computes the inverse */
		fr[j] = a;
		fi[j] = -b;
	}
	PRIV(plan_execute_one)(p->fwd, fr, fi, 1, ar, ai, 1);
	for (j = 0; j < n; j++) {
		c = p->chirp[2 * j];
		s = p->chirp[2 * j + 1];
		a = ar[j];
		b = -ai[j];
		yr[j * os] = a * c + b * s;
		yi[j * os] = b * c - a * s;
	}
}

static void
rader_forward(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os)
{
	R *ar, *ai, *fr, *fi, a, b, kr, ki, x0r, x0i, sr, si;
	const int *perm;
	int N, q;

	N = p->M;
	perm = p->perm;
	ar = p->bx;
	ai = ar + N;
	fr = ai + N;
	fi = fr + N;
	for (q = 0; q < N; q++) {
		ar[q] = xr[perm[q] * is];
		ai[q] = xi[perm[q] * is];
	}
	x0r = xr[0];
	x0i = xi[0];
	PRIV(plan_execute_one)(p->fwd, ar, ai, 1, fr, fi, 1);
	sr = fr[0];
	si = fi[0];
	for (q = 0; q < N; q++) {
		kr = p->kern[q];
		ki = p->kern[N + q];
		a = fr[q] * kr - fi[q] * ki;
		b = fr[q] * ki + fi[q] * kr;
		/* conjugate, so the forward plan computes the inverse */
		fr[q] = a;
		fi[q] = -b;
	}
	PRIV(plan_execute_one)(p->fwd, fr, fi, 1, ar, ai, 1);
	yr[0] = x0r + sr;
	yi[0] = x0i + si;
	for (q = 0; q < N; q++) {
		yr[perm[N + q] * os] = x0r + ar[q];
		yi[perm[N + q] * os] = x0i - ai[q];
	}
}

/* One forward transform of p (ignoring p's sign, howmany and strides):
 * x at stride is to y at stride os; x and y may be the same arrays. */
void
PRIV(plan_execute_one)(const PLAN *p, const R *xr, const R *xi,
    ptrdiff_t is, R *yr, R *yi, ptrdiff_t os)
{
	switch (p->kind) {
	case P_DIRECT:
		if (p->v1 && xi == xr + 1 && yi == yr + 1)
			p->v1(xr, yr, is, os);
		else
			p->n1(xr, xi, yr, yi, is, os, 1, 0, 0);
		return;
	case P_BLUESTEIN:
		bluestein_forward(p, xr, xi, is, yr, yi, os);
		return;
	case P_RADER:
		rader_forward(p, xr, xi, is, yr, yi, os);
		return;
	}
	ct_forward(p, xr, xi, is, yr, yi, os);
}

int
EXECUTE(const PLAN *p, const R *ri, const R *ii,
    R *ro, R *io)
{
	int h;

	if (!p || !ri || !ii || !ro || !io || p->real)
		return KGEN_EINVAL;
	if (p->kind == P_DIRECT && (p->howmany > 1 || !p->v1)) {
		/* one call for the whole batch */
		if (p->sign < 0)
			p->n1(ri, ii, ro, io, p->stride, p->stride, p->howmany,
			    p->dist, p->dist);
		else
			p->n1(ii, ri, io, ro, p->stride, p->stride, p->howmany,
			    p->dist, p->dist);
		return KGEN_OK;
	}
	for (h = 0; h < p->howmany; h++) {
		/* backward = forward with re and im swapped on both sides */
		if (p->sign < 0)
			PRIV(plan_execute_one)(p, ri + h * p->dist, ii + h * p->dist,
			    p->stride, ro + h * p->dist, io + h * p->dist,
			    p->stride);
		else
			PRIV(plan_execute_one)(p, ii + h * p->dist, ri + h * p->dist,
			    p->stride, io + h * p->dist, ro + h * p->dist,
			    p->stride);
	}
	return KGEN_OK;
}
