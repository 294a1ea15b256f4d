/* fft.c: DFT builders.
 * dft() states each algorithm naively over complex pairs of node ids and
 * lets the hash-consing constructors of dag.c fold the trivial twiddles
 * and share common subexpressions.  Per size it picks the algorithm whose
 * DAG has the fewest operations, by building every candidate (split
 * radix, Cooley-Tukey for each radix, Good-Thomas prime factor for each
 * coprime split, the symmetric direct DFT for odd sizes, Rader for primes)
 * and counting; the choice is memoised per size, so the search is a
 * dynamic program over divisors.  References: Frigo, "A fast Fourier
 * transform compiler", PLDI 1999; Duhamel and Hollmann 1984 (split
 * radix); Good 1958, Thomas 1963 (prime factor); Rader 1968. */
#include <assert.h>
#include <string.h>
#include "all.h"

typedef struct Cx Cx;
struct Cx {
	int re, im;
};

enum { ALG_NONE, ALG_COPY, ALG_DIRECT, ALG_SPLIT, ALG_CT, ALG_PFA,
    ALG_RADER };

/* Largest prime tried with the O(n^2) direct algorithm. */
enum { DIRECT_MAX = 64 };

static unsigned char bestalg[FFT_MAXN + 1];
static int bestarg[FFT_MAXN + 1];

static void dft(Dag *d, int n, int sign, const Cx *in, Cx *out);

static Cx
cx(int re, int im)
{
	Cx z;

	z.re = re;
	z.im = im;
	return z;
}

static Cx
cadd(Dag *d, Cx a, Cx b)
{
	return cx(dag_add(d, a.re, b.re), dag_add(d, a.im, b.im));
}

static Cx
csub(Dag *d, Cx a, Cx b)
{
	return cx(dag_sub(d, a.re, b.re), dag_sub(d, a.im, b.im));
}

/* a * (sign i): i (x + iy) = -y + ix. */
static Cx
cmuli(Dag *d, Cx a, int sign)
{
	if (sign > 0)
		return cx(dag_neg(d, a.im), a.re);
	return cx(a.im, dag_neg(d, a.re));
}

static Cx
cscale(Dag *d, Cx a, long double k)
{
	int c;

	c = dag_const(d, k);
	return cx(dag_mul(d, c, a.re), dag_mul(d, c, a.im));
}

/* a * (c + is) for constants c, s.  Unit-modulus twiddles with |c| = |s|
 * (the eighth roots of unity) cost two additions and two multiplications. */
static Cx
cmulc(Dag *d, Cx a, long double c, long double s)
{
	int k, re, im;

	if (s == 0)
		return cscale(d, a, c);
	if (c == 0)
		return cscale(d, cmuli(d, a, 1), s);
	if (c == s || c == -s) {
		/* (c + is)(x + iy) = c (x - (s/c) y) + i c ((s/c) x + y) */
		if (c == s) {
			re = dag_sub(d, a.re, a.im);
			im = dag_add(d, a.re, a.im);
		} else {
			re = dag_add(d, a.re, a.im);
			im = dag_sub(d, a.im, a.re);
		}
		k = dag_const(d, c);
		return cx(dag_mul(d, k, re), dag_mul(d, k, im));
	}
	re = dag_sub(d, dag_mul(d, dag_const(d, c), a.re),
	    dag_mul(d, dag_const(d, s), a.im));
	im = dag_add(d, dag_mul(d, dag_const(d, s), a.re),
	    dag_mul(d, dag_const(d, c), a.im));
	return cx(re, im);
}

/* a * exp(sign 2 pi i num / den) */
static Cx
ctw(Dag *d, Cx a, int sign, long num, long den)
{
	long double c, s;

	num_cexp(sign * num, den, &c, &s);
	return cmulc(d, a, c, s);
}

static Cx *
cxalloc(Dag *d, int n)
{
	return arena_alloc(d->ar, (n ? n : 1) * sizeof(Cx));
}

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
	dft(d, 2 * q, sign, e, u);
	dft(d, q, sign, o1, z1);
	dft(d, q, sign, o3, z3);
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
		dft(d, m, sign, x, y + s * m);
	}
	for (k = 0; k < m; k++) {
		for (s = 0; s < r; s++)
			col[s] = ctw(d, y[s * m + k], sign, (long)s * k, n);
		dft(d, r, sign, col, res);
		for (s = 0; s < r; s++)
			out[k + m * s] = res[s];
	}
}

static long
inverse(long a, long m)
{
	long x;

	for (x = 1; x < m; x++)
		if (a * x % m == 1)
			return x;
	return 1;
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
	e1 = inverse(m % r, r);
	e2 = inverse(r % m, m);
	x = cxalloc(d, m);
	y = cxalloc(d, n);
	col = cxalloc(d, r);
	res = cxalloc(d, r);
	for (q1 = 0; q1 < r; q1++) {
		for (q2 = 0; q2 < m; q2++)
			x[q2] = in[(m * q1 + r * q2) % n];
		dft(d, m, sign, x, y + q1 * m);
	}
	for (k2 = 0; k2 < m; k2++) {
		for (q1 = 0; q1 < r; q1++)
			col[q1] = y[q1 * m + k2];
		dft(d, r, sign, col, res);
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
primroot(int p)
{
	int g, x, k;

	for (g = 2; g < p; g++) {
		x = 1;
		for (k = 1; k < p - 1; k++) {
			x = (int)((long)x * g % p);
			if (x == 1)
				break;
		}
		if (k == p - 1)
			return g;
	}
	return 1;
}

/* Rader: for prime p and a primitive root g, y_(g^a) = x_0 + (u * v)_a, a
 * cyclic convolution of u_b = x_(g^-b) with v_c = w^(g^c), done with two
 * DFTs of size p - 1 and the kernel's transform as constants.  x_0 enters
 * through the zero frequency, and y_0 = x_0 + U_0 reuses the first DFT. */
static void
rader(Dag *d, int p, int sign, const Cx *in, Cx *out)
{
	Cx *u, *U, *Z, *z;
	long double *vr, *vi, cr, ci, c, s, tr, ti;
	int N, g, ginv, a, b, k, x;

	N = p - 1;
	g = primroot(p);
	ginv = (int)inverse(g, p);
	u = cxalloc(d, N);
	U = cxalloc(d, N);
	Z = cxalloc(d, N);
	z = cxalloc(d, N);
	vr = arena_alloc(d->ar, 2 * N * sizeof *vr);
	vi = vr + N;
	for (x = 1, b = 0; b < N; b++, x = (int)((long)x * ginv % p))
		u[b] = in[x];
	for (x = 1, b = 0; b < N; b++, x = (int)((long)x * g % p))
		num_cexp((long)sign * x, p, &vr[b], &vi[b]);
	dft(d, N, -1, u, U);
	out[0] = cadd(d, in[0], U[0]);
	for (k = 0; k < N; k++) {
		cr = ci = 0;
		for (b = 0; b < N; b++) {
			num_cexp(-(long)b * k, N, &c, &s);
			cr += vr[b] * c - vi[b] * s;
			ci += vr[b] * s + vi[b] * c;
		}
		tr = cr / N;
		ti = ci / N;
		Z[k] = cmulc(d, U[k], tr, ti);
	}
	Z[0] = cadd(d, Z[0], in[0]);
	dft(d, N, 1, Z, z);
	for (x = 1, a = 0; a < N; a++, x = (int)((long)x * g % p))
		out[x] = z[a];
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
	case ALG_RADER: rader(d, n, sign, in, out); break;
	default: assert(0 && "unknown algorithm");
	}
}

/* Operations of a size-n DFT made with (alg, arg) at the top. */
static long
cost(int n, int alg, int arg, long *nmul)
{
	Arena *ar;
	Dag *d;
	Cx *in, *out;
	Count c;
	int m;

	ar = arena_new();
	d = dag_new(ar);
	d->nin = d->nout = 2 * n;
	in = cxalloc(d, n);
	out = cxalloc(d, n);
	for (m = 0; m < n; m++)
		in[m] = cx(dag_load(d, 2 * m), dag_load(d, 2 * m + 1));
	run(d, n, alg, arg, -1, in, out);
	for (m = 0; m < n; m++) {
		dag_store(d, 2 * m, out[m].re);
		dag_store(d, 2 * m + 1, out[m].im);
	}
	c = dag_count(d);
	arena_free(ar);
	*nmul = c.mul;
	return (long)c.add + c.mul + c.fma + c.neg;
}

static void
try(int n, int alg, int arg, long *best, long *bestmul)
{
	long c, mul;

	c = cost(n, alg, arg, &mul);
	if (c < *best || (c == *best && mul < *bestmul)) {
		*best = c;
		*bestmul = mul;
		bestalg[n] = alg;
		bestarg[n] = arg;
	}
}

static void
choose(int n)
{
	long best, bestmul;
	int r;

	if (n <= 2) {
		bestalg[n] = n == 1 ? ALG_COPY : ALG_DIRECT;
		return;
	}
	best = bestmul = -1UL >> 1;
	if (n % 2 == 1 && n <= DIRECT_MAX)
		try(n, ALG_DIRECT, 0, &best, &bestmul);
	if (isprime(n))
		try(n, ALG_RADER, 0, &best, &bestmul);
	if (n % 4 == 0)
		try(n, ALG_SPLIT, 0, &best, &bestmul);
	for (r = 2; r < n; r++) {
		if (n % r)
			continue;
		try(n, ALG_CT, r, &best, &bestmul);
		if (r < n / r && gcd(r, n / r) == 1)
			try(n, ALG_PFA, r, &best, &bestmul);
	}
	assert(bestalg[n] != ALG_NONE);
}

static void
dft(Dag *d, int n, int sign, const Cx *in, Cx *out)
{
	assert(n >= 1 && n <= FFT_MAXN);
	if (bestalg[n] == ALG_NONE)
		choose(n);
	run(d, n, bestalg[n], bestarg[n], sign, in, out);
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
	in = cxalloc(d, n);
	out = cxalloc(d, n);
	for (m = 0; m < n; m++)
		in[m] = cx(dag_load(d, 2 * m), dag_load(d, 2 * m + 1));
	dft(d, n, sign, in, out);
	for (m = 0; m < n; m++) {
		dag_store(d, 2 * m, out[m].re);
		dag_store(d, 2 * m + 1, out[m].im);
	}
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
	dft(d, n, sign, x, y);
	for (m = 0; m < n; m++) {
		out[2 * m] = y[m].re;
		out[2 * m + 1] = y[m].im;
	}
}
