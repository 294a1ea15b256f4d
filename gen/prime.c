/* prime.c: DFTs of prime size by the cyclotomic CRT, for fft.c's
 * search.  Rader (1968, fft.c) turns a prime DFT into a cyclic
 * convolution of size p - 1; the cyclotomic CRT (Winograd 1978) splits
 * the same convolution, below, by the factors of z^h - 1 and z^h + 1,
 * with no smaller DFT: this file calls nothing in fft.c.  prime_crtbound
 * and prime_crtcost predict the CRT's operations so that fft.c can rule
 * it out without building it.  Each takes fused, fft.c's Fftopt.fma:
 * whether operations are counted after FMA contraction. */
#include <assert.h>
#include <math.h>
#include <string.h>
#include "all.h"
#include "cx.h"

/* The least primitive root of prime p. */
int
prime_root(int p)
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

/* Prime sizes as two real convolutions over the cyclotomic CRT (Winograd,
 * "On computing the discrete Fourier transform", Math. Comp. 1978;
 * Nussbaumer, "Fast Fourier Transform and Convolution Algorithms", 1982,
 * ch. 3).  For prime p, h = (p-1)/2 and a primitive root g, let
 * u_i = x_(g^-i), v_i = x_(-g^-i), s = u + v, t = u - v.  Then
 *   y_(g^j) = a_j + i b_j,  y_(-g^j) = a_j - i b_j,  y_0 = x_0 + sum s,
 *   a(z) = x_0 (1 + ... + z^(h-1)) + c(z) s(z) mod z^h - 1,
 *   b(z) = e(z) t(z) mod z^h + 1,
 * with c_k + i e_k = exp(sign 2 pi i g^k / p): a cyclic convolution of
 * the sums and a negacyclic one of the differences, each with a real
 * kernel, applied to the real and imaginary parts alike.  A product by a
 * fixed kernel modulo f = f1 f2 (coprime) splits by the Chinese remainder
 * theorem: reduce the data modulo f1 and f2, multiply each part by the
 * kernel times the inverse of the other factor, and recombine as
 * y1 f2 + y2 f1, which takes additions only.  The factors are products
 * of cyclotomic polynomials Phi_d, d | 2h; a dynamic program over such
 * sets picks, per node, the split or the dense product with the fewest
 * operations.  x_0 rides along to the factor Phi_1 = z - 1, where it
 * costs one addition, and that factor's data is sum s, which y_0 needs. */

enum { CRT_MAXDIV = 64 };

typedef unsigned long long Set;	/* bit i: factor Phi_(div[i]) */

/* Integer polynomial, coefficient of z^i in c[i]. */
typedef struct Poly Poly;
struct Poly {
	int deg;
	long long *c;
};

typedef struct Plan Plan;
struct Plan {
	Set set;	/* the factors of the node, 0 in an empty slot */
	long add, mul;	/* operations of its best product */
	long fuse;	/* the same after FMA contraction */
	int split;	/* divisor index M: split into Phi_d, d | M, and the
			   rest; -1 for the dense product */
};

typedef struct Crt Crt;
struct Crt {
	Arena *ar;
	int ndiv, div[CRT_MAXDIV];	/* divisors of 2h, div[0] = 1 */
	Poly phi[CRT_MAXDIV];
	Plan *tab;	/* memo of plans, open addressing on the set */
	int tabcap, ntab;
	int fused;	/* plans compare by their counts after FMA
			   contraction */
};

static Poly
zalloc(Arena *ar, int deg)
{
	Poly f;

	f.deg = deg;
	f.c = arena_alloc(ar, (deg + 1) * sizeof *f.c);
	memset(f.c, 0, (deg + 1) * sizeof *f.c);
	return f;
}

static Poly
zmul(Arena *ar, Poly a, Poly b)
{
	Poly f;
	int i, j;

	f = zalloc(ar, a.deg + b.deg);
	for (i = 0; i <= a.deg; i++)
		for (j = 0; j <= b.deg; j++)
			f.c[i + j] += a.c[i] * b.c[j];
	return f;
}

/* a / b for monic b dividing a. */
static Poly
zdiv(Arena *ar, Poly a, Poly b)
{
	Poly q;
	long long *r;
	int i, j;

	q = zalloc(ar, a.deg - b.deg);
	r = arena_alloc(ar, (a.deg + 1) * sizeof *r);
	memcpy(r, a.c, (a.deg + 1) * sizeof *r);
	for (i = a.deg - b.deg; i >= 0; i--) {
		q.c[i] = r[i + b.deg];
		for (j = 0; j <= b.deg; j++)
			r[i + j] -= q.c[i] * b.c[j];
	}
	return q;
}

static Poly
zprod(Crt *c, Set s)
{
	Poly f;
	int i;

	f = zalloc(c->ar, 0);
	f.c[0] = 1;
	for (i = 0; i < c->ndiv; i++)
		if (s >> i & 1)
			f = zmul(c->ar, f, c->phi[i]);
	return f;
}

/* Column j < n of the result is z^j mod f, f monic of degree m: an m x n
 * matrix, row-major. */
static long long *
zpowers(Arena *ar, Poly f, int n)
{
	long long *r, top;
	int i, j, m;

	m = f.deg;
	r = arena_alloc(ar, (size_t)m * n * sizeof *r);
	memset(r, 0, (size_t)m * n * sizeof *r);
	for (j = 0; j < n; j++) {
		if (j < m) {
			r[j * n + j] = 1;
			continue;
		}
		top = r[(m - 1) * n + j - 1];
		for (i = m - 1; i >= 0; i--)
			r[i * n + j] = (i ? r[(i - 1) * n + j - 1] : 0)
			    - top * f.c[i];
	}
	return r;
}

/* Additions and multiplications of y = A x for an integer m x n matrix:
 * entries +-1 are free, a row of k terms takes k - 1 additions. */
static void
matcost(const long long *a, int m, int n, long *add, long *mul)
{
	int i, j, k;

	for (i = 0; i < m; i++) {
		for (k = j = 0; j < n; j++) {
			if (a[i * n + j] == 0)
				continue;
			k++;
			if (a[i * n + j] != 1 && a[i * n + j] != -1)
				(*mul)++;
		}
		if (k > 1)
			*add += k - 1;
	}
}

/* The m x m matrix of y = y1 f2 + y2 f1: columns z^j f2, then z^j f1. */
static long long *
recomb(Arena *ar, Poly f1, Poly f2)
{
	long long *r;
	int i, j, m;

	m = f1.deg + f2.deg;
	r = arena_alloc(ar, (size_t)m * m * sizeof *r);
	memset(r, 0, (size_t)m * m * sizeof *r);
	for (j = 0; j < f1.deg; j++)
		for (i = 0; i <= f2.deg; i++)
			r[(i + j) * m + j] = f2.c[i];
	for (j = 0; j < f2.deg; j++)
		for (i = 0; i <= f1.deg; i++)
			r[(i + j) * m + f1.deg + j] = f1.c[i];
	return r;
}

static Crt *
crtnew(Arena *ar, int n, int fused)
{
	Crt *c;
	Poly f;
	int i, k;

	c = arena_alloc(ar, sizeof *c);
	memset(c, 0, sizeof *c);
	c->ar = ar;
	c->fused = fused;
	for (k = 1; k <= n; k++)
		if (n % k == 0) {
			assert(c->ndiv < CRT_MAXDIV);
			c->div[c->ndiv++] = k;
		}
	/* Phi_d = (z^d - 1) / prod of Phi_e over the proper divisors e. */
	for (k = 0; k < c->ndiv; k++) {
		f = zalloc(ar, c->div[k]);
		f.c[0] = -1;
		f.c[c->div[k]] = 1;
		for (i = 0; i < k; i++)
			if (c->div[k] % c->div[i] == 0)
				f = zdiv(ar, f, c->phi[i]);
		c->phi[k] = f;
	}
	c->tabcap = 64;
	c->tab = arena_alloc(ar, c->tabcap * sizeof *c->tab);
	memset(c->tab, 0, c->tabcap * sizeof *c->tab);
	return c;
}

static Plan *
crtfind(Crt *c, Set s)
{
	unsigned h;

	h = hash_int(hash_int(0, (int)s), (int)(s >> 32));
	for (h &= c->tabcap - 1; c->tab[h].set && c->tab[h].set != s;
	    h = (h + 1) & (c->tabcap - 1))
		;
	return &c->tab[h];
}

static void
crtput(Crt *c, Plan p)
{
	Plan *old;
	int i, n;

	*crtfind(c, p.set) = p;
	if (2 * ++c->ntab <= c->tabcap)
		return;
	old = c->tab;
	n = c->tabcap;
	c->tabcap *= 2;
	c->tab = arena_alloc(c->ar, c->tabcap * sizeof *c->tab);
	memset(c->tab, 0, c->tabcap * sizeof *c->tab);
	for (i = 0; i < n; i++)
		if (old[i].set)
			*crtfind(c, old[i].set) = old[i];
}

/* The factors of s dividing z^M - 1. */
static Set
crtpart(Crt *c, Set s, int k)
{
	Set s1;
	int i;

	s1 = 0;
	for (i = 0; i < c->ndiv; i++)
		if ((s >> i & 1) && c->div[k] % c->div[i] == 0)
			s1 |= (Set)1 << i;
	return s1;
}

/* Is (add, mul, fuse) cheaper than plan b: fewer operations, in the
 * counting choose() uses, then fewer additions? */
static int
better(const Crt *c, long add, long mul, long fuse, const Plan *b)
{
	if (c->fused && fuse != b->fuse)
		return fuse < b->fuse;
	if (add + mul != b->add + b->mul)
		return add + mul < b->add + b->mul;
	return add < b->add;
}

/* The cheapest way to multiply data modulo prod_(i in s) Phi_(div[i]) by
 * a generic fixed kernel (adding x_0 and forming the data's sum when
 * Phi_1 is a factor). */
static Plan
crtplan(Crt *c, Set s)
{
	Plan p, p1, p2, *q;
	Poly f, f1, f2, g;
	Set s1, s2;
	long add, mul, fuse;
	int i, k, m;

	q = crtfind(c, s);
	if (q->set)
		return *q;
	f = zprod(c, s);
	m = f.deg;
	p.set = s;
	p.split = -1;
	/* dense: a chain of m products per row, x_0 first, which FMAs
	 * absorb whole */
	p.add = (long)m * (m - 1);
	p.mul = (long)m * m;
	p.fuse = (long)m * m;
	if (s & 1) {
		p.add += m - 1;
		p.fuse += m - 1;
		g = zprod(c, s & ~(Set)1);
		for (i = 0; i <= g.deg; i++) {
			p.add += g.c[i] != 0;
			p.mul += g.c[i] > 1 || g.c[i] < -1;
			p.fuse += g.c[i] > 1 || g.c[i] < -1;
		}
	}
	for (k = 0; k < c->ndiv; k++) {
		s1 = crtpart(c, s, k);
		s2 = s & ~s1;
		if (!s1 || !s2 || (k && crtpart(c, s, k - 1) == s1))
			continue;
		f1 = zprod(c, s1);
		f2 = zprod(c, s2);
		add = mul = 0;
		matcost(zpowers(c->ar, f1, m), f1.deg, m, &add, &mul);
		matcost(zpowers(c->ar, f2, m), f2.deg, m, &add, &mul);
		matcost(recomb(c->ar, f1, f2), m, m, &add, &mul);
		p1 = crtplan(c, s1);
		p2 = crtplan(c, s2);
		fuse = add + mul + p1.fuse + p2.fuse;
		add += p1.add + p2.add;
		mul += p1.mul + p2.mul;
		if (better(c, add, mul, fuse, &p)) {
			p.add = add;
			p.mul = mul;
			p.fuse = fuse;
			p.split = k;
		}
	}
	crtput(c, p);
	return p;
}

/* sum_j w_j x_j over the nonzero w_j. */
static int
lincomb(Dag *d, int n, const long double *w, const int *x)
{
	int j, acc, t;

	acc = -1;
	for (j = 0; j < n; j++) {
		if (w[j] == 0)
			continue;
		if (w[j] == 1)
			t = x[j];
		else if (w[j] == -1)
			t = dag_neg(d, x[j]);
		else
			t = dag_mul(d, dag_const(d, w[j]), x[j]);
		acc = acc < 0 ? t : dag_add(d, acc, t);
	}
	return acc < 0 ? dag_const(d, 0) : acc;
}

/* y = A x for an integer m x n matrix A. */
static void
zapply(Dag *d, const long long *a, int m, int n, const int *x, int *y)
{
	long double *w;
	int i, j;

	w = arena_alloc(d->ar, n * sizeof *w);
	for (i = 0; i < m; i++) {
		for (j = 0; j < n; j++)
			w[j] = a[i * n + j];
		y[i] = lincomb(d, n, w, x);
	}
}

/* Solves A z = b in place (b becomes z) by Gaussian elimination with
 * partial pivoting; A is n x n, row-major, and is destroyed. */
static void
solve(long double *a, long double *b, int n)
{
	long double t, f;
	int i, j, k, piv;

	for (k = 0; k < n; k++) {
		piv = k;
		for (i = k + 1; i < n; i++)
			if (fabsl(a[i * n + k]) > fabsl(a[piv * n + k]))
				piv = i;
		assert(a[piv * n + k] != 0 && "CRT factors are coprime");
		for (j = 0; j < n; j++) {
			t = a[k * n + j];
			a[k * n + j] = a[piv * n + j];
			a[piv * n + j] = t;
		}
		t = b[k];
		b[k] = b[piv];
		b[piv] = t;
		for (i = k + 1; i < n; i++) {
			f = a[i * n + k] / a[k * n + k];
			for (j = k; j < n; j++)
				a[i * n + j] -= f * a[k * n + j];
			b[i] -= f * b[k];
		}
	}
	for (k = n - 1; k >= 0; k--) {
		for (j = k + 1; j < n; j++)
			b[k] -= a[k * n + j] * b[j];
		b[k] /= a[k * n + k];
	}
}

/* The kernel of a part: k1 with k1 f2 = k modulo f1, from the kernel k
 * modulo f (deg f coefficients). */
static long double *
crtkernel(Arena *ar, Poly f, Poly f1, Poly f2, const long double *k)
{
	long long *r, *q, v;
	long double *a, *k1;
	int i, j, e, m, m1;

	m = f.deg;
	m1 = f1.deg;
	r = zpowers(ar, f1, m);
	q = zpowers(ar, f1, f2.deg + m1);
	k1 = arena_alloc(ar, m1 * sizeof *k1);
	a = arena_alloc(ar, (size_t)m1 * m1 * sizeof *a);
	for (i = 0; i < m1; i++) {
		k1[i] = 0;
		for (j = 0; j < m; j++)
			k1[i] += r[i * m + j] * k[j];
		/* column j of A is z^j f2 mod f1 */
		for (j = 0; j < m1; j++) {
			v = 0;
			for (e = 0; e <= f2.deg; e++)
				v += f2.c[e] * q[i * (f2.deg + m1) + e + j];
			a[i * m1 + j] = v;
		}
	}
	solve(a, k1, m1);
	return k1;
}

/* y = k x modulo the factors s, for data x and kernel k (deg coefficients
 * each).  When Phi_1 is a factor, x0 is added to every output of the
 * convolution and *sum gets the sum of the original data. */
static void
crtmul(Dag *d, Crt *c, Set s, const int *x, const long double *k, int x0,
    int *sum, int *y)
{
	Plan p;
	Poly f, f1, f2, g;
	Set s1, s2;
	long double *col, *w, *k1, *k2, top;
	long long *r;
	int *x1, *x2, *y12, i, j, m;

	p = crtplan(c, s);
	f = zprod(c, s);
	m = f.deg;
	if (p.split < 0) {
		col = arena_alloc(d->ar, (size_t)m * m * sizeof *col);
		w = arena_alloc(d->ar, (m + 1) * sizeof *w);
		/* column j: z^j k mod f */
		for (i = 0; i < m; i++)
			col[i] = k[i];
		for (j = 1; j < m; j++) {
			top = col[j * m - 1];
			for (i = 0; i < m; i++)
				col[j * m + i] = (i ? col[(j - 1) * m + i - 1]
				    : 0) - top * f.c[i];
		}
		g = zprod(c, s & ~(Set)1);
		x1 = arena_alloc(d->ar, (m + 1) * sizeof *x1);
		x1[0] = x0;
		memcpy(x1 + 1, x, m * sizeof *x1);
		for (i = 0; i < m; i++) {
			w[0] = s & 1 ? g.c[i] : 0;
			for (j = 0; j < m; j++)
				w[j + 1] = col[j * m + i];
			y[i] = lincomb(d, m + 1, w, x1);
		}
		if (s & 1) {
			for (j = 0; j < m; j++)
				w[j] = 1;
			*sum = lincomb(d, m, w, x);
		}
		return;
	}
	s1 = crtpart(c, s, p.split);
	s2 = s & ~s1;
	f1 = zprod(c, s1);
	f2 = zprod(c, s2);
	x1 = arena_alloc(d->ar, f1.deg * sizeof *x1);
	x2 = arena_alloc(d->ar, f2.deg * sizeof *x2);
	zapply(d, zpowers(d->ar, f1, m), f1.deg, m, x, x1);
	zapply(d, zpowers(d->ar, f2, m), f2.deg, m, x, x2);
	k1 = crtkernel(d->ar, f, f1, f2, k);
	k2 = crtkernel(d->ar, f, f2, f1, k);
	y12 = arena_alloc(d->ar, m * sizeof *y12);
	crtmul(d, c, s1, x1, k1, x0, sum, y12);
	crtmul(d, c, s2, x2, k2, -1, 0, y12 + f1.deg);
	r = recomb(d->ar, f1, f2);
	zapply(d, r, m, m, y12, y);
}

/* The two convolutions' factors: those of z^h - 1 and of z^h + 1. */
static void
crtsets(Crt *c, int h, Set *cyc, Set *neg)
{
	int i;

	*cyc = *neg = 0;
	for (i = 0; i < c->ndiv; i++) {
		if (h % c->div[i] == 0)
			*cyc |= (Set)1 << i;
		else
			*neg |= (Set)1 << i;
	}
}

void
prime_crt(Dag *d, int p, int sign, const Cx *in, Cx *out, int fused)
{
	Crt *c;
	Set cyc, neg;
	long double *ck, *ek;
	int *sr, *si, *tr, *ti, *ar, *ai, *br, *bi, sumr, sumi;
	int h, g, ginv, i, r;
	Cx s, t;

	h = (p - 1) / 2;
	c = crtnew(d->ar, 2 * h, fused);
	crtsets(c, h, &cyc, &neg);
	g = prime_root(p);
	ginv = (int)modinv(g, p);
	sr = arena_alloc(d->ar, 8 * h * sizeof *sr);
	si = sr + h;
	tr = si + h;
	ti = tr + h;
	ar = ti + h;
	ai = ar + h;
	br = ai + h;
	bi = br + h;
	ck = arena_alloc(d->ar, 2 * h * sizeof *ck);
	ek = ck + h;
	for (i = 0, r = 1; i < h; i++, r = (int)((long)r * ginv % p)) {
		s = cadd(d, in[r], in[p - r]);
		t = csub(d, in[r], in[p - r]);
		sr[i] = s.re;
		si[i] = s.im;
		tr[i] = t.re;
		ti[i] = t.im;
	}
	for (i = 0, r = 1; i < h; i++, r = (int)((long)r * g % p))
		num_cexp((long)sign * r, p, &ck[i], &ek[i]);
	crtmul(d, c, cyc, sr, ck, in[0].re, &sumr, ar);
	crtmul(d, c, cyc, si, ck, in[0].im, &sumi, ai);
	crtmul(d, c, neg, tr, ek, -1, 0, br);
	crtmul(d, c, neg, ti, ek, -1, 0, bi);
	out[0] = cx(dag_add(d, in[0].re, sumr), dag_add(d, in[0].im, sumi));
	for (i = 0, r = 1; i < h; i++, r = (int)((long)r * g % p)) {
		out[r] = cx(dag_sub(d, ar[i], bi[i]),
		    dag_add(d, ai[i], br[i]));
		out[p - r] = cx(dag_add(d, ar[i], bi[i]),
		    dag_sub(d, ai[i], br[i]));
	}
}

static int
totient(int n)
{
	int q, t;

	t = n;
	for (q = 2; q * q <= n; q++) {
		if (n % q)
			continue;
		t -= t / q;
		while (n % q == 0)
			n /= q;
	}
	return n > 1 ? t - t / n : t;
}

/* A lower bound on crtdft's operations for prime p: each convolution
 * takes at least the dense product over its largest cyclotomic factor.
 * For large p it rules the method out before any planning. */
long
prime_crtbound(int p, int fused)
{
	long m, big[2];
	int h, k;

	h = (p - 1) / 2;
	big[0] = big[1] = 0;
	for (k = 1; k <= 2 * h; k++) {
		if (2 * h % k)
			continue;
		m = totient(k);
		m = fused ? m * m : 2 * m * m - m;
		if (m > big[h % k != 0])
			big[h % k != 0] = m;
	}
	return 8L * h + 2 + 2 * (big[0] + big[1]);
}

/* Operations of crtdft for prime p as its plans predict (sharing found
 * by the DAG can only lower them). */
long
prime_crtcost(int p, int fused)
{
	Arena *ar;
	Crt *c;
	Set cyc, neg;
	Plan pc, pn;
	int h;

	h = (p - 1) / 2;
	ar = arena_new();
	c = crtnew(ar, 2 * h, fused);
	crtsets(c, h, &cyc, &neg);
	pc = crtplan(c, cyc);
	pn = crtplan(c, neg);
	arena_free(ar);
	if (fused)
		return 8L * h + 2 + 2 * (pc.fuse + pn.fuse);
	return 8L * h + 2 + 2 * (pc.add + pc.mul + pn.add + pn.mul);
}
