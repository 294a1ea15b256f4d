/* fft.c: DFT builders.
 * cdft() states each algorithm naively over complex pairs of node
 * ids (cx.h) and lets the hash-consing constructors of dag.c fold the
 * trivial twiddles and share common subexpressions.  Per size it picks
 * the algorithm whose DAG has the fewest operations, by building every
 * candidate (split radix, Cooley-Tukey for each radix, Good-Thomas prime
 * factor for each coprime split, the symmetric direct DFT for odd sizes,
 * and for primes Rader, below, and the cyclotomic CRT of prime.c) and
 * counting; the choice is memoised per size in the Fft context, so the
 * search is a dynamic program over divisors.  Counting builds each
 * candidate into a throwaway DAG and, with Fftopt.fma, contracts it with
 * simp_run: the counts that decide are those of the codelet as it will
 * be emitted.  With Fftopt.topn (--choose spills) the codelet's own size
 * is chosen by its spills too (respill), as the driver's callback
 * Fftopt.spills counts them: this file never schedules.  fft_settop
 * rebuilds that choice for kgen verify.  References: Frigo, "A fast
 * Fourier transform compiler", PLDI 1999; Duhamel and Hollmann 1984
 * (split radix); Good 1958, Thomas 1963 (prime factor); Rader 1968. */
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

/* The builders' context: the driver's options and the algorithm chosen
 * for each size, ALG_NONE where not yet chosen. */
struct Fft {
	Fftopt o;
	unsigned char alg[FFT_MAXN + 1];
	int arg[FFT_MAXN + 1];
	long ops[FFT_MAXN + 1];     /* operations of the choice */
};

static void cdft(Fft *g, Dag *d, int n, int sign, const Cx *in,
    Cx *out);

static const char *const algnames[] = {
	"none", "copy", "direct", "split", "ct", "pfa", "rader", "crt",
};


/* Split radix: X_k = U_k + w^k Z_k + w^3k Z'_k with U the DFT of the even
 * inputs, Z and Z' those of inputs 4m+1 and 4m+3.  Requires 4 | n. */
static void
split(Fft *g, Dag *d, int n, int sign, const Cx *in, Cx *out)
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
	cdft(g, d, 2 * q, sign, e, u);
	cdft(g, d, q, sign, o1, z1);
	cdft(g, d, q, sign, o3, z3);
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
ct(Fft *g, Dag *d, int n, int r, int sign, const Cx *in, Cx *out)
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
		cdft(g, d, m, sign, x, y + s * m);
	}
	for (k = 0; k < m; k++) {
		for (s = 0; s < r; s++)
			col[s] = ctw(d, y[s * m + k], sign, (long)s * k, n);
		cdft(g, d, r, sign, col, res);
		for (s = 0; s < r; s++)
			out[k + m * s] = res[s];
	}
}

/* Good-Thomas prime factor algorithm for n = r m with gcd(r, m) = 1: the
 * input map q = (m q1 + r q2) mod n and the CRT output map turn the DFT
 * into a two-dimensional one with no twiddles. */
static void
pfa(Fft *g, Dag *d, int n, int r, int sign, const Cx *in, Cx *out)
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
		cdft(g, d, m, sign, x, y + q1 * m);
	}
	for (k2 = 0; k2 < m; k2++) {
		for (q1 = 0; q1 < r; q1++)
			col[q1] = y[q1 * m + k2];
		cdft(g, d, r, sign, col, res);
		for (k1 = 0; k1 < r; k1++)
			out[(k1 * m * e1 + k2 * r * e2) % n] = res[k1];
	}
}

/* Rader: for prime p and a primitive root g (q here), y_(g^a) = x_0 +
 * (u * v)_a, a cyclic convolution of u_b = x_(g^-b) with v_c = w^(g^c),
 * done with two DFTs of size p - 1 and the kernel's transform as
 * constants.  x_0 enters through the zero frequency, and y_0 = x_0 + U_0
 * reuses the first DFT. */
static void
rader(Fft *g, Dag *d, int p, int sign, const Cx *in, Cx *out)
{
	Cx *u, *U, *Z, *z;
	long double *vr, *vi, *wr, *wi, cr, ci, tr, ti;
	int N, q, qinv, a, b, k, m, x;

	N = p - 1;
	q = prime_root(p);
	qinv = (int)modinv(q, p);
	u = cxalloc(d, N);
	U = cxalloc(d, N);
	Z = cxalloc(d, N);
	z = cxalloc(d, N);
	vr = arena_alloc(d->ar, 2 * N * sizeof *vr);
	vi = vr + N;
	for (x = 1, b = 0; b < N; b++, x = (int)((long)x * qinv % p))
		u[b] = in[x];
	for (x = 1, b = 0; b < N; b++, x = (int)((long)x * q % p))
		num_cexp((long)sign * x, p, &vr[b], &vi[b]);
	cdft(g, d, N, -1, u, U);
	out[0] = cadd(d, in[0], U[0]);
	/* the kernel's DFT, with exp(-2 pi i m / N) from a table */
	wr = arena_alloc(d->ar, 2 * N * sizeof *wr);
	wi = wr + N;
	for (k = 0; k < N; k++)
		num_cexp(-k, N, &wr[k], &wi[k]);
	for (k = 0; k < N; k++) {
		cr = ci = 0;
		for (b = 0, m = 0; b < N; b++, m = (m + k) % N) {
			cr += vr[b] * wr[m] - vi[b] * wi[m];
			ci += vr[b] * wi[m] + vi[b] * wr[m];
		}
		tr = cr / N;
		ti = ci / N;
		Z[k] = cmulc(d, U[k], tr, ti);
	}
	Z[0] = cadd(d, Z[0], in[0]);
	cdft(g, d, N, 1, Z, z);
	for (x = 1, a = 0; a < N; a++, x = (int)((long)x * q % p))
		out[x] = z[a];
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
run(Fft *g, Dag *d, int n, int alg, int arg, int sign, const Cx *in,
    Cx *out)
{
	switch (alg) {
	case ALG_COPY: out[0] = in[0]; break;
	case ALG_DIRECT: direct(d, n, sign, in, out); break;
	case ALG_SPLIT: split(g, d, n, sign, in, out); break;
	case ALG_CT: ct(g, d, n, arg, sign, in, out); break;
	case ALG_PFA: pfa(g, d, n, arg, sign, in, out); break;
	case ALG_RADER: rader(g, d, n, sign, in, out); break;
	case ALG_CRT: prime_crt(d, n, sign, in, out, g->o.fma); break;
	default: assert(0 && "unknown algorithm");
	}
}

/* The slots of the n1 DAG d of size n (fft_n1's): input slots 2m, 2m+1
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
 * spill != NULL also *spill, the spill loads plus stores the driver's
 * Fftopt.spills counts for it (-1 where the DAG needs more registers
 * than it has). */
static long
cost(Fft *g, int n, int alg, int arg, long *nmul, long *spill)
{
	Arena *ar;
	Dag *d;
	Cx *in, *out;
	Count c;
	int m;

	ar = arena_new();
	d = dag_new(ar);
	d->nin = d->nout = 2 * n;
	if (spill)
		slots(d, ar, n);
	in = cxalloc(d, n);
	out = cxalloc(d, n);
	for (m = 0; m < n; m++)
		in[m] = cx(dag_load(d, 2 * m), dag_load(d, 2 * m + 1));
	run(g, d, n, alg, arg, -1, in, out);
	for (m = 0; m < n; m++) {
		dag_store(d, 2 * m, out[m].re);
		dag_store(d, 2 * m + 1, out[m].im);
	}
	if (g->o.fma)
		d = simp_run(d, 1);
	c = dag_count(d);
	if (spill)
		*spill = g->o.spills(g->o.ctx, d);
	arena_free(ar);
	*nmul = c.mul + c.fma;
	return (long)c.add + c.mul + c.fma + c.neg;
}

static long opcount(Fft *g, int n);

/* Operations of the twiddle factor w_n^e as ctw makes it: none for
 * +-1 and +-i, 4 for the odd eighth roots, 6 otherwise.  After FMA
 * contraction as little as one per component: simp.c factors c x - s y
 * into c (x - (s/c) y), one FMA, and the product by c may fuse into the
 * sums that use it, as the eighth roots' products may. */
static long
twcost(const Fft *g, long e, int n)
{
	e %= n;
	if (4 * e % n == 0)
		return 0;
	if (8 * e % n == 0)
		return g->o.fma ? 2 : 4;
	return g->o.fma ? 2 : 6;
}

/* A lower bound on the operations of (alg, arg) at size n, from the
 * best counts of the sub-DFTs it runs on independent data plus its
 * twiddles and butterflies: nearly exact, so that candidates tried in
 * its order can stop early. */
static long
bound(Fft *g, int n, int alg, int arg)
{
	long b;
	int q, s, k;

	switch (alg) {
	case ALG_SPLIT:
		q = n / 4;
		b = opcount(g, 2 * q) + 2 * opcount(g, q) + 12L * q;
		for (k = 1; k < q; k++)
			b += twcost(g, k, n) + twcost(g, 3L * k, n);
		return b;
	case ALG_CT:
		b = arg * opcount(g, n / arg) + n / arg * opcount(g, arg);
		for (s = 1; s < arg; s++)
			for (k = 1; k < n / arg; k++)
				b += twcost(g, (long)s * k, n);
		return b;
	case ALG_PFA:
		return arg * opcount(g, n / arg) + n / arg * opcount(g, arg);
	case ALG_RADER:
		return 2 * opcount(g, n - 1) + 2L * (n - 1);
	case ALG_CRT:
		return prime_crtbound(n, g->o.fma);
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

/* --choose spills' choice for size n among the ncand candidates of
 * choose, whose fewest operations are best, bestmul of them products
 * (mul and FMA): among the candidates within 1/25 of best operations and
 * 1/16 of bestmul products, the least operations plus the spill loads
 * and stores Fftopt.spills counts (cost); ties to the fewer operations,
 * then the earlier candidate.  Why the bounds: the arithmetic bounds
 * these codelets as much as the spills do, and products run on half of
 * a Zen 4's FP pipes; the DAGs with fewer spills at n = 22, 41, 53 and
 * 61 (AVX-512 double) trade additions for FMAs (products up 22-125%) and
 * measured 2-26% slower as assembly, where those within the bounds (23,
 * 30, 42, 47, 50, 54, 60) measured 1.01-1.35x faster (docs/design.md,
 * "Algorithms chosen by their spills"). */
static void
respill(Fft *g, int n, const Cand *cand, int ncand, long best,
    long bestmul)
{
	long c, mul, sp, t, bt, bc;
	int i, bi, nq, q[128];

	for (i = nq = 0; i < ncand; i++) {
		if (cand[i].lb > best + best / 25 || (cand[i].alg == ALG_CRT
		    && prime_crtcost(n, g->o.fma) > best + best / 4))
			continue;
		c = cost(g, n, cand[i].alg, cand[i].arg, &mul, 0);
		if (c <= best + best / 25 && mul <= bestmul + bestmul / 16)
			q[nq++] = i;
	}
	if (nq < 2)
		return;
	bt = bc = LONG_MAX;
	bi = ncand;
	while (nq-- > 0) {
		i = q[nq];
		c = cost(g, n, cand[i].alg, cand[i].arg, &mul, &sp);
		if (sp < 0)
			continue;
		t = c + sp;
		if (t < bt || (t == bt && (c < bc || (c == bc
		    && cand[i].idx < bi)))) {
			bt = t;
			bc = c;
			bi = cand[i].idx;
			g->alg[n] = cand[i].alg;
			g->arg[n] = cand[i].arg;
			g->ops[n] = c;
		}
	}
}

/* Picks the algorithm for size n with the fewest operations, then the
 * fewest multiplications, then the earliest in the list below.  The
 * candidates are built and counted in the order of their lower bounds,
 * until the next bound passes the best count (branch and bound). */
static void
choose(Fft *g, int n)
{
	Cand cand[128], *k;
	long best, bestmul, c, mul;
	int ncand, bestidx, i, r;

	if (n <= 2) {
		g->alg[n] = n == 1 ? ALG_COPY : ALG_DIRECT;
		g->ops[n] = n == 1 ? 0 : 4;
		return;
	}
	ncand = 0;
	if (n % 2 == 1 && n <= DIRECT_MAX)
		cand[ncand++] = (Cand){ALG_DIRECT, 0, 0, 0};
	if (isprime(n)) {
		cand[ncand++] = (Cand){ALG_RADER, 0, 0, 0};
		if (!g->o.cxl)
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
		cand[i].lb = bound(g, n, cand[i].alg, cand[i].arg);
		cand[i].idx = i;
	}
	qsort(cand, ncand, sizeof *cand, candcmp);
	best = bestmul = LONG_MAX;
	bestidx = ncand;
	for (i = 0; i < ncand && cand[i].lb <= best; i++) {
		k = &cand[i];
		/* the plans' estimate ignores sharing: allow some slack */
		if (k->alg == ALG_CRT && best < LONG_MAX
		    && prime_crtcost(n, g->o.fma) > best + best / 16)
			continue;
		c = cost(g, n, k->alg, k->arg, &mul, 0);
		if (c < best || (c == best && (mul < bestmul
		    || (mul == bestmul && k->idx < bestidx)))) {
			best = c;
			bestmul = mul;
			bestidx = k->idx;
			g->alg[n] = k->alg;
			g->arg[n] = k->arg;
		}
	}
	assert(g->alg[n] != ALG_NONE);
	g->ops[n] = best;
	if (g->o.spills && n == g->o.topn)
		respill(g, n, cand, ncand, best, bestmul);
}

/* Operations of the best size-n DFT. */
static long
opcount(Fft *g, int n)
{
	if (g->alg[n] == ALG_NONE)
		choose(g, n);
	return g->ops[n];
}

/* A size-n DFT of in into out with the best algorithm for n. */
static void
cdft(Fft *g, Dag *d, int n, int sign, const Cx *in, Cx *out)
{
	assert(n >= 1 && n <= FFT_MAXN);
	if (g->alg[n] == ALG_NONE)
		choose(g, n);
	run(g, d, n, g->alg[n], g->arg[n], sign, in, out);
}

/* A context for the builders with options o (copied), in ar. */
Fft *
fft_new(Arena *ar, const Fftopt *o)
{
	Fft *g;

	g = arena_alloc(ar, sizeof *g);
	memset(g, 0, sizeof *g);
	g->o = *o;
	return g;
}

/* The options g was made with. */
const Fftopt *
fft_opt(const Fft *g)
{
	return &g->o;
}

/* The algorithm at the top of size n's DAG as "name:arg" (fft_settop's
 * form) in buf. */
const char *
fft_top(Fft *g, int n, char *buf, size_t len)
{
	assert(n >= 1 && n <= FFT_MAXN);
	if (g->alg[n] == ALG_NONE)
		choose(g, n);
	snprintf(buf, len, "%s:%d", algnames[g->alg[n]], g->arg[n]);
	return buf;
}

/* Makes top ("name:arg", fft_top's form) the algorithm at the top of
 * size n's DAG, the sub-DFTs chosen by their operations (kgen verify
 * rebuilds a --choose spills codelet so; g's Fftopt.spills is dropped);
 * -1 when top is no algorithm of size n. */
int
fft_settop(Fft *g, int n, const char *top)
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
	    || (alg == ALG_CRT && g->o.cxl))
		return -1;
	memset(g->alg, ALG_NONE, sizeof g->alg);
	g->o.spills = 0;
	g->o.topn = 0;
	g->ops[n] = n > 2 ? cost(g, n, alg, arg, &mul, 0) : n == 1 ? 0 : 4;
	g->alg[n] = alg;
	g->arg[n] = arg;
	return 0;
}

/* The n1 DAG: input slots 2m, 2m+1 are re and im of x_m (arrays ri, ii at
 * stride is), output slots likewise (ro, io at stride os).
 * requires: 1 <= n <= FFT_MAXN, sign = -1 or 1. */
Dag *
fft_n1(Fft *g, Arena *ar, int n, int sign)
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
	cdft(g, d, n, sign, in, out);
	for (m = 0; m < n; m++) {
		dag_store(d, 2 * m, out[m].re);
		dag_store(d, 2 * m + 1, out[m].im);
	}
	return d;
}

/* fft_n1 with the default options, in a context of its own (for tests
 * and tools that want a plain n1 DAG). */
Dag *
fft_build(Arena *ar, int n, int sign)
{
	Fftopt o;

	memset(&o, 0, sizeof o);
	return fft_n1(fft_new(ar, &o), ar, n, sign);
}

/* The complex-lane n1 DAG (Dag.cxl): one node a complex number, input
 * slot m is x_m (arrays ri and ii at stride is, element m), output slot
 * k is y_k (ro and io at stride os).  requires: g's Fftopt.cxl, 1 <= n
 * <= FFT_MAXN, sign = -1 or 1. */
Dag *
fft_n1c(Fft *g, Arena *ar, int n, int sign)
{
	Dag *d;
	Cx *in, *out;
	int m;

	assert(g->o.cxl && "Fftopt.cxl for a complex-lane DAG");
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
	cdft(g, d, n, sign, in, out);
	for (m = 0; m < n; m++)
		dag_store(d, m, out[m].re);
	return d;
}

/* Builds a size-n DFT into d over existing nodes: in[2m], in[2m+1] are
 * the ids of re and im of x_m; out gets the outputs the same way.  For
 * the builders of other codelet kinds (twiddle.c, real.c), which choose
 * their own slots.  requires: 1 <= n <= FFT_MAXN, sign = -1 or 1. */
void
fft_dft(Fft *g, Dag *d, int n, int sign, const int *in, int *out)
{
	Cx *x, *y;
	int m;

	x = cxalloc(d, n);
	y = cxalloc(d, n);
	for (m = 0; m < n; m++)
		x[m] = cx(in[2 * m], in[2 * m + 1]);
	cdft(g, d, n, sign, x, y);
	for (m = 0; m < n; m++) {
		out[2 * m] = y[m].re;
		out[2 * m + 1] = y[m].im;
	}
}
