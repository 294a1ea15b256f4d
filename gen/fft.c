/* fft.c: DFT builders.
 * fft_cdft() states each algorithm naively over complex pairs of node
 * ids (cx.h) and lets the hash-consing constructors of dag.c fold the
 * trivial twiddles and share common subexpressions.  Per size it picks
 * the algorithm whose DAG has the fewest operations, by building every
 * candidate (split radix, Cooley-Tukey for each radix, Good-Thomas prime
 * factor for each coprime split, the symmetric direct DFT for odd sizes,
 * and for primes Rader and the cyclotomic CRT of prime.c) and counting;
 * the choice is memoised per size, so the search is a dynamic program
 * over divisors.  Counting builds each candidate into a throwaway DAG
 * and, with --fma, contracts it with simp_run: the counts that decide
 * are those of the codelet as it will be emitted.  With --choose spills
 * (fft_spills) the codelet's own size is chosen by its spills in its
 * order too (respill), and fft_settop rebuilds that choice for kgen
 * verify.  References: Frigo, "A fast Fourier transform compiler", PLDI
 * 1999; Duhamel and Hollmann 1984 (split radix); Good 1958, Thomas 1963
 * (prime factor). */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "cx.h"

enum { ALG_NONE, ALG_COPY, ALG_DIRECT, ALG_SPLIT, ALG_CT, ALG_PFA,
    ALG_RADER, ALG_CRT };

/* Largest prime tried with the O(n^2) direct algorithm. */
enum { DIRECT_MAX = 64 };

static unsigned char bestalg[FFT_MAXN + 1];
static int bestarg[FFT_MAXN + 1];
static long bestops[FFT_MAXN + 1];
/* choose() minimises the counts after FMA contraction (fft_fma) */
static int fused;
/* choose() leaves out the algorithms that split complex values into
 * their parts (the CRT), for complex-lane DAGs (fft_cxl) */
static int cxlmode;
/* fft_spills: with sregs > 0, size stopn is chosen by its operations
 * and Belady's spill traffic at sregs registers in the order ssched
 * makes for scost (respill) */
static int sregs, stopn, ssched;
static Cost scost;
static const char *const algnames[] = {
	"none", "copy", "direct", "split", "ct", "pfa", "rader", "crt",
};


/* Split radix: X_k = U_k + w^k Z_k + w^3k Z'_k with U the DFT of the even
 * inputs, Z and Z' those of inputs 4m+1 and 4m+3.  Requires 4 | n. */
static void
split(Dag *d, int n, int sign, const Cx *in, Cx *out)
{
	Cx *e, *o1, *o3, *u, *z1, *z3, a, b, s, t;
	int k, m, q;

	q = n / 4;
	e = cxalloc(d, 2 * q);
	o1 = cxalloc(d, q);
	o3 = cxalloc(d, q);
	u = cxalloc(d, 2 * q);
	z1 = cxalloc(d, q);
	z3 = cxalloc(d, q);
	for (m = 0; m < 2 * q; m++)
		e[m] = in[2 * m];
	for (m = 0; m < q; m++) {
		o1[m] = in[4 * m + 1];
		o3[m] = in[4 * m + 3];
	}
	fft_cdft(d, 2 * q, sign, e, u);
	fft_cdft(d, q, sign, o1, z1);
	fft_cdft(d, q, sign, o3, z3);
	for (k = 0; k < q; k++) {
		a = ctw(d, z1[k], sign, k, n);
		b = ctw(d, z3[k], sign, 3 * k, n);
		s = cadd(d, a, b);
		t = cmuli(d, csub(d, a, b), sign);
		out[k] = cadd(d, u[k], s);
		out[k + 2 * q] = csub(d, u[k], s);
		out[k + q] = cadd(d, u[k + q], t);
		out[k + 3 * q] = csub(d, u[k + q], t);
	}
}

/* Cooley-Tukey, decimation in time, radix r: r DFTs of size n/r over the
 * inputs r q + s, twiddles w_n^(s k), then n/r DFTs of size r. */
static void
ct(Dag *d, int n, int r, int sign, const Cx *in, Cx *out)
{
	Cx *x, *y, *col, *res;
	int m, s, q, k;

	m = n / r;
	x = cxalloc(d, m);
	y = cxalloc(d, n);
	col = cxalloc(d, r);
	res = cxalloc(d, r);
	for (s = 0; s < r; s++) {
		for (q = 0; q < m; q++)
			x[q] = in[r * q + s];
		fft_cdft(d, m, sign, x, y + s * m);
	}
	for (k = 0; k < m; k++) {
		for (s = 0; s < r; s++)
			col[s] = ctw(d, y[s * m + k], sign, (long)s * k, n);
		fft_cdft(d, r, sign, col, res);
		for (s = 0; s < r; s++)
			out[k + m * s] = res[s];
	}
}

/* Good-Thomas prime factor algorithm for n = r m with gcd(r, m) = 1: the
 * input map q = (m q1 + r q2) mod n and the CRT output map turn the DFT
 * into a two-dimensional one with no twiddles. */
static void
pfa(Dag *d, int n, int r, int sign, const Cx *in, Cx *out)
{
	Cx *x, *y, *col, *res;
	long e1, e2;
	int m, q1, q2, k1, k2;

	m = n / r;
	e1 = modinv(m % r, r);
	e2 = modinv(r % m, m);
	x = cxalloc(d, m);
	y = cxalloc(d, n);
	col = cxalloc(d, r);
	res = cxalloc(d, r);
	for (q1 = 0; q1 < r; q1++) {
		for (q2 = 0; q2 < m; q2++)
			x[q2] = in[(m * q1 + r * q2) % n];
		fft_cdft(d, m, sign, x, y + q1 * m);
	}
	for (k2 = 0; k2 < m; k2++) {
		for (q1 = 0; q1 < r; q1++)
			col[q1] = y[q1 * m + k2];
		fft_cdft(d, r, sign, col, res);
		for (k1 = 0; k1 < r; k1++)
			out[(k1 * m * e1 + k2 * r * e2) % n] = res[k1];
	}
}

/* Direct DFT of odd size n with the symmetric sums s_k = x_k + x_(n-k)
 * and differences d_k = x_k - x_(n-k):
 *   y_j = a_j + sign i b_j,  y_(n-j) = a_j - sign i b_j,
 *   a_j = x_0 + sum_k cos(2 pi jk/n) s_k,  b_j = sum_k sin(2 pi jk/n) d_k.
 * The cosine rows sum to -1/2, so a_j = (x_0 - S/(n-1)) + sum_k c'_jk
 * (s_k - s_h) with S = sum s_k (needed for y_0 anyway): h - 1 fewer
 * multiplications per component than the plain sums. */
static void
direct(Dag *d, int n, int sign, const Cx *in, Cx *out)
{
	Cx *s, *df, *ds, S, t, a, b, tb;
	long double c, sn;
	int h, j, k;

	if (n == 1) {
		out[0] = in[0];
		return;
	}
	if (n == 2) {
		out[0] = cadd(d, in[0], in[1]);
		out[1] = csub(d, in[0], in[1]);
		return;
	}
	assert(n % 2 == 1);
	h = (n - 1) / 2;
	s = cxalloc(d, h + 1);
	df = cxalloc(d, h + 1);
	ds = cxalloc(d, h + 1);
	S = cx(dag_const(d, 0), dag_const(d, 0));
	for (k = 1; k <= h; k++) {
		s[k] = cadd(d, in[k], in[n - k]);
		df[k] = csub(d, in[k], in[n - k]);
		S = cadd(d, S, s[k]);
	}
	out[0] = cadd(d, in[0], S);
	t = csub(d, in[0], cscale(d, S, 1.0L / (2 * h)));
	for (k = 1; k < h; k++)
		ds[k] = csub(d, s[k], s[h]);
	for (j = 1; j <= h; j++) {
		a = t;
		b = cx(dag_const(d, 0), dag_const(d, 0));
		for (k = 1; k <= h; k++) {
			num_cexp((long)j * k, n, &c, &sn);
			if (k < h)
				a = cadd(d, a, cscale(d, ds[k],
				    c + 1.0L / (2 * h)));
			b = cadd(d, b, cscale(d, df[k], sn));
		}
		tb = cmuli(d, b, sign);
		out[j] = cadd(d, a, tb);
		out[n - j] = csub(d, a, tb);
	}
}


static int
isprime(int n)
{
	int q;

	if (n < 2)
		return 0;
	for (q = 2; q * q <= n; q++)
		if (n % q == 0)
			return 0;
	return 1;
}

static void
run(Dag *d, int n, int alg, int arg, int sign, const Cx *in, Cx *out)
{
	switch (alg) {
	case ALG_COPY: out[0] = in[0]; break;
	case ALG_DIRECT: direct(d, n, sign, in, out); break;
	case ALG_SPLIT: split(d, n, sign, in, out); break;
	case ALG_CT: ct(d, n, arg, sign, in, out); break;
	case ALG_PFA: pfa(d, n, arg, sign, in, out); break;
	case ALG_RADER: prime_rader(d, n, sign, in, out); break;
	case ALG_CRT: prime_crt(d, n, sign, in, out); break;
	default: assert(0 && "unknown algorithm");
	}
}

/* The slots of the n1 DAG d of size n (fft_build's): input slots 2m, 2m+1
 * are re and im of x_m (arrays 0 and 1), output slots likewise (arrays 2
 * and 3), in place. */
static void
slots(Dag *d, Arena *ar, int n)
{
	int m;

	d->nin = d->nout = 2 * n;
	d->inplace = 1;
	d->in = arena_alloc(ar, 2 * n * sizeof *d->in);
	d->out = arena_alloc(ar, 2 * n * sizeof *d->out);
	for (m = 0; m < 2 * n; m++) {
		d->in[m].arr = m & 1;
		d->in[m].j = m >> 1;
		d->out[m].arr = 2 + (m & 1);
		d->out[m].j = m >> 1;
	}
}

/* Operations of a size-n DFT made with (alg, arg) at the top; with
 * spill != NULL also *spill, Belady's spill loads plus stores in the
 * order of fft_spills' schedule at sregs registers (-1 where the DAG
 * needs more registers than that). */
static long
cost(int n, int alg, int arg, long *nmul, long *spill)
{
	Arena *ar;
	Dag *d;
	Cx *in, *out;
	Count c;
	Spill s;
	const int *o;
	int m, no;

	ar = arena_new();
	d = dag_new(ar);
	d->nin = d->nout = 2 * n;
	if (spill)
		slots(d, ar, n);
	in = cxalloc(d, n);
	out = cxalloc(d, n);
	for (m = 0; m < n; m++)
		in[m] = cx(dag_load(d, 2 * m), dag_load(d, 2 * m + 1));
	run(d, n, alg, arg, -1, in, out);
	for (m = 0; m < n; m++) {
		dag_store(d, 2 * m, out[m].re);
		dag_store(d, 2 * m + 1, out[m].im);
	}
	if (fused)
		d = simp_run(d, 1);
	c = dag_count(d);
	if (spill && belady_minregs(d) > sregs) {
		*spill = -1;
	} else if (spill) {
		o = order_for(d, ar, ssched, &scost, &no);
		s = belady_run(d, o, no, sregs, scost.latency);
		*spill = (long)s.loads + s.stores;
	}
	arena_free(ar);
	*nmul = c.mul + c.fma;
	return (long)c.add + c.mul + c.fma + c.neg;
}

static long opcount(int n);

/* Operations of the twiddle factor w_n^e as ctw makes it: none for
 * +-1 and +-i, 4 for the odd eighth roots, 6 otherwise.  After FMA
 * contraction: the eighth roots' products may fuse into their users,
 * and a general one takes a product and an FMA per component. */
static long
twcost(long e, int n)
{
	e %= n;
	if (4 * e % n == 0)
		return 0;
	if (8 * e % n == 0)
		return fused ? 2 : 4;
	return fused ? 4 : 6;
}

/* A lower bound on the operations of (alg, arg) at size n, from the
 * best counts of the sub-DFTs it runs on independent data plus its
 * twiddles and butterflies: nearly exact, so that candidates tried in
 * its order can stop early. */
static long
bound(int n, int alg, int arg)
{
	long b;
	int q, s, k;

	switch (alg) {
	case ALG_SPLIT:
		q = n / 4;
		b = opcount(2 * q) + 2 * opcount(q) + 12L * q;
		for (k = 1; k < q; k++)
			b += twcost(k, n) + twcost(3L * k, n);
		return b;
	case ALG_CT:
		b = arg * opcount(n / arg) + n / arg * opcount(arg);
		for (s = 1; s < arg; s++)
			for (k = 1; k < n / arg; k++)
				b += twcost((long)s * k, n);
		return b;
	case ALG_PFA:
		return arg * opcount(n / arg) + n / arg * opcount(arg);
	case ALG_RADER:
		return 2 * opcount(n - 1) + 2L * (n - 1);
	case ALG_CRT:
		return prime_crtbound(n);
	default:
		return 0;
	}
}

typedef struct Cand Cand;
struct Cand {
	int alg, arg;
	long lb;        /* bound() */
	int idx;        /* place in the list: breaks ties */
};

static int
candcmp(const void *a, const void *b)
{
	const Cand *x = a, *y = b;

	if (x->lb != y->lb)
		return x->lb < y->lb ? -1 : 1;
	return x->idx - y->idx;
}

/* fft_spills' choice for size n among the ncand candidates of choose,
 * whose fewest operations are best, bestmul of them products (mul and
 * FMA): among the candidates within 1/25 of best operations and 1/16 of
 * bestmul products, the least operations plus spill loads and stores of
 * Belady's MIN at sregs registers in the order of fft_spills' schedule
 * (cost); ties to the fewer operations, then the earlier candidate.  Why the bounds: the
 * arithmetic bounds these codelets as much as the spills do, and
 * products run on half of a Zen 4's FP pipes; the DAGs with fewer
 * spills at n = 22, 41, 53 and 61 (AVX-512 double) trade additions for
 * FMAs (products up 22-125%) and measured 2-26% slower as assembly, where
 * those within the bounds (23, 30, 42, 47, 50, 54, 60) measured 1.01-1.35x
 * faster (docs/asm.md, "Algorithms chosen by their spills"). */
static void
respill(int n, const Cand *cand, int ncand, long best, long bestmul)
{
	long c, mul, sp, t, bt, bc;
	int i, bi, nq, q[128];

	for (i = nq = 0; i < ncand; i++) {
		if (cand[i].lb > best + best / 25 || (cand[i].alg == ALG_CRT
		    && prime_crtcost(n) > best + best / 4))
			continue;
		c = cost(n, cand[i].alg, cand[i].arg, &mul, 0);
		if (c <= best + best / 25 && mul <= bestmul + bestmul / 16)
			q[nq++] = i;
	}
	if (nq < 2)
		return;
	bt = bc = LONG_MAX;
	bi = ncand;
	while (nq-- > 0) {
		i = q[nq];
		c = cost(n, cand[i].alg, cand[i].arg, &mul, &sp);
		if (sp < 0)
			continue;
		t = c + sp;
		if (t < bt || (t == bt && (c < bc || (c == bc
		    && cand[i].idx < bi)))) {
			bt = t;
			bc = c;
			bi = cand[i].idx;
			bestalg[n] = cand[i].alg;
			bestarg[n] = cand[i].arg;
			bestops[n] = c;
		}
	}
}

/* Picks the algorithm for size n with the fewest operations, then the
 * fewest multiplications, then the earliest in the list below.  The
 * candidates are built and counted in the order of their lower bounds,
 * until the next bound passes the best count (branch and bound). */
static void
choose(int n)
{
	Cand cand[128], *k;
	long best, bestmul, c, mul;
	int ncand, bestidx, i, r;

	if (n <= 2) {
		bestalg[n] = n == 1 ? ALG_COPY : ALG_DIRECT;
		bestops[n] = n == 1 ? 0 : 4;
		return;
	}
	ncand = 0;
	if (n % 2 == 1 && n <= DIRECT_MAX)
		cand[ncand++] = (Cand){ALG_DIRECT, 0, 0, 0};
	if (isprime(n)) {
		cand[ncand++] = (Cand){ALG_RADER, 0, 0, 0};
		if (!cxlmode)
			cand[ncand++] = (Cand){ALG_CRT, 0, 0, 0};
	}
	if (n % 4 == 0)
		cand[ncand++] = (Cand){ALG_SPLIT, 0, 0, 0};
	for (r = 2; r < n; r++) {
		if (n % r)
			continue;
		assert(ncand + 2 <= 128 && "n <= FFT_MAXN has few divisors");
		cand[ncand++] = (Cand){ALG_CT, r, 0, 0};
		if (r < n / r && gcd(r, n / r) == 1)
			cand[ncand++] = (Cand){ALG_PFA, r, 0, 0};
	}
	for (i = 0; i < ncand; i++) {
		cand[i].lb = bound(n, cand[i].alg, cand[i].arg);
		cand[i].idx = i;
	}
	qsort(cand, ncand, sizeof *cand, candcmp);
	best = bestmul = LONG_MAX;
	bestidx = ncand;
	for (i = 0; i < ncand && cand[i].lb <= best; i++) {
		k = &cand[i];
		/* the plans' estimate ignores sharing: allow some slack */
		if (k->alg == ALG_CRT && best < LONG_MAX
		    && prime_crtcost(n) > best + best / 16)
			continue;
		c = cost(n, k->alg, k->arg, &mul, 0);
		if (c < best || (c == best && (mul < bestmul
		    || (mul == bestmul && k->idx < bestidx)))) {
			best = c;
			bestmul = mul;
			bestidx = k->idx;
			bestalg[n] = k->alg;
			bestarg[n] = k->arg;
		}
	}
	assert(bestalg[n] != ALG_NONE);
	bestops[n] = best;
	if (sregs && n == stopn)
		respill(n, cand, ncand, best, bestmul);
}

/* Operations of the best size-n DFT. */
static long
opcount(int n)
{
	if (bestalg[n] == ALG_NONE)
		choose(n);
	return bestops[n];
}

/* A size-n DFT of in into out with the best algorithm for n. */
void
fft_cdft(Dag *d, int n, int sign, const Cx *in, Cx *out)
{
	assert(n >= 1 && n <= FFT_MAXN);
	if (bestalg[n] == ALG_NONE)
		choose(n);
	run(d, n, bestalg[n], bestarg[n], sign, in, out);
}

/* Are algorithms chosen by their counts after FMA contraction? */
int
fft_fused(void)
{
	return fused;
}

/* With on != 0, sizes are chosen by their operation counts after FMA
 * contraction (simp_run(d, 1)), for the codelets built with --fma; the
 * counts of the plain codelets can then be higher.  Call it before
 * fft_build or fft_dft. */
void
fft_fma(int on)
{
	if (on != fused)
		memset(bestalg, ALG_NONE, sizeof bestalg);
	fused = on;
}

/* With k != NULL, size n alone is chosen by its operations and the spill
 * loads and stores that Belady's MIN finds at k->regs registers in the
 * order that schedule sched makes for k (respill), for a codelet whose
 * registers are counted (--choose spills); its sub-DFTs are still
 * chosen by their operations.  k = NULL goes back to operations alone.
 * Call it after fft_fma and before fft_build. */
void
fft_spills(int n, int sched, const Cost *k)
{
	memset(bestalg, ALG_NONE, sizeof bestalg);
	sregs = k ? k->regs : 0;
	stopn = k ? n : 0;
	ssched = sched;
	if (k)
		scost = *k;
}

/* The algorithm at the top of size n's DAG as "name:arg" (fft_settop's
 * form) in buf. */
const char *
fft_top(int n, char *buf, size_t len)
{
	assert(n >= 1 && n <= FFT_MAXN);
	if (bestalg[n] == ALG_NONE)
		choose(n);
	snprintf(buf, len, "%s:%d", algnames[bestalg[n]], bestarg[n]);
	return buf;
}

/* Makes top ("name:arg", fft_top's form) the algorithm at the top of
 * size n's DAG, the sub-DFTs chosen as ever (kgen verify rebuilds a
 * --choose spills codelet so); -1 when top is no algorithm of size n.
 * Call it after fft_fma. */
int
fft_settop(int n, const char *top)
{
	char name[16];
	long mul;
	int alg, arg, k;

	if (n < 1 || n > FFT_MAXN || sscanf(top, "%15[a-z]:%d%n", name, &arg,
	    &k) != 2 || top[k])
		return -1;
	for (alg = ALG_COPY; alg <= ALG_CRT && strcmp(algnames[alg], name);
	    alg++)
		;
	if (alg > ALG_CRT || (alg == ALG_COPY) != (n == 1)
	    || ((alg == ALG_CT || alg == ALG_PFA) ? arg < 2 || arg >= n
	    || n % arg || (alg == ALG_PFA && (arg >= n / arg
	    || gcd(arg, n / arg) != 1)) : arg != 0)
	    || (alg == ALG_DIRECT && n > 2 && (n % 2 == 0 || n > DIRECT_MAX))
	    || (alg == ALG_SPLIT && n % 4)
	    || ((alg == ALG_RADER || alg == ALG_CRT) && (n < 3 || !isprime(n)))
	    || (alg == ALG_CRT && cxlmode))
		return -1;
	memset(bestalg, ALG_NONE, sizeof bestalg);
	sregs = stopn = 0;
	bestops[n] = n > 2 ? cost(n, alg, arg, &mul, 0) : n == 1 ? 0 : 4;
	bestalg[n] = alg;
	bestarg[n] = arg;
	return 0;
}

/* With on != 0, sizes are chosen among the algorithms that a
 * complex-lane DAG can state (all but the CRT, which works on real and
 * imaginary parts apart).  Call it before fft_buildc. */
void
fft_cxl(int on)
{
	if (on != cxlmode)
		memset(bestalg, ALG_NONE, sizeof bestalg);
	cxlmode = on;
}

/* The n1 DAG: input slots 2m, 2m+1 are re and im of x_m (arrays ri, ii at
 * stride is), output slots likewise (ro, io at stride os).
 * requires: 1 <= n <= FFT_MAXN, sign = -1 or 1. */
Dag *
fft_build(Arena *ar, int n, int sign)
{
	Dag *d;
	Cx *in, *out;
	int m;

	d = dag_new(ar);
	slots(d, ar, n);
	in = cxalloc(d, n);
	out = cxalloc(d, n);
	for (m = 0; m < n; m++)
		in[m] = cx(dag_load(d, 2 * m), dag_load(d, 2 * m + 1));
	fft_cdft(d, n, sign, in, out);
	for (m = 0; m < n; m++) {
		dag_store(d, 2 * m, out[m].re);
		dag_store(d, 2 * m + 1, out[m].im);
	}
	return d;
}

/* The complex-lane n1 DAG (Dag.cxl): one node a complex number, input
 * slot m is x_m (arrays ri and ii at stride is, element m), output slot
 * k is y_k (ro and io at stride os).  Requires: fft_cxl(1) was called,
 * 1 <= n <= FFT_MAXN, sign = -1 or 1. */
Dag *
fft_buildc(Arena *ar, int n, int sign)
{
	Dag *d;
	Cx *in, *out;
	int m;

	assert(cxlmode && "fft_cxl(1) before a complex-lane DAG");
	d = dag_new(ar);
	d->cxl = 1;
	d->nin = d->nout = n;
	d->inplace = 1;
	d->in = arena_alloc(ar, n * sizeof *d->in);
	d->out = arena_alloc(ar, n * sizeof *d->out);
	for (m = 0; m < n; m++) {
		d->in[m].arr = 0;
		d->in[m].j = m;
		d->out[m].arr = 2;
		d->out[m].j = m;
	}
	in = cxalloc(d, n);
	out = cxalloc(d, n);
	for (m = 0; m < n; m++)
		in[m] = cx(dag_load(d, m), CXL_IM);
	fft_cdft(d, n, sign, in, out);
	for (m = 0; m < n; m++)
		dag_store(d, m, out[m].re);
	return d;
}

/* Builds a size-n DFT into d over existing nodes: in[2m], in[2m+1] are
 * the ids of re and im of x_m; out gets the outputs the same way.  For
 * the builders of other codelet kinds (twiddle.c, real.c), which choose
 * their own slots.  requires: 1 <= n <= FFT_MAXN, sign = -1 or 1. */
void
fft_dft(Dag *d, int n, int sign, const int *in, int *out)
{
	Cx *x, *y;
	int m;

	x = cxalloc(d, n);
	y = cxalloc(d, n);
	for (m = 0; m < n; m++)
		x[m] = cx(in[2 * m], in[2 * m + 1]);
	fft_cdft(d, n, sign, x, y);
	for (m = 0; m < n; m++) {
		out[2 * m] = y[m].re;
		out[2 * m + 1] = y[m].im;
	}
}
