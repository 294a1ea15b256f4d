/* real.c: DAGs of the real-data codelets, FFTW's r2cf and r2cb kinds.
 * r2cf: X_k = sum_m x_m exp(-2 pi i mk/n) for real x, 0 <= k <= n/2
 * (the other half is conjugate).  r2cb: its unnormalised inverse, x_m =
 * sum_k X_k exp(+2 pi i mk/n) from the half spectrum, with X_(n-k) =
 * conj(X_k) and Im X_0 = Im X_(n/2) = 0 taken as known.
 *
 * The forward DAG comes from rdft(), a DFT of real data that builds only
 * half of every sub-transform's spectrum and takes the other half as
 * conjugates, whose negations the constructors of dag.c absorb into the
 * sums that use them.  Per size it picks, by building and counting as
 * fft.c does, among real split radix, real Cooley-Tukey of any radix,
 * real Good-Thomas for coprime factors and fft.c's complex DFT with zero imaginary parts (which suits odd sizes,
 * where the symmetric direct algorithm already exploits the realness);
 * the choices live in a Real context, one per real_build.
 * The backward DAG states the complex inverse over the Hermitian
 * spectrum and lets dead-code elimination drop the imaginary outputs.
 * References: Sorensen, Jones, Heideman and Burrus 1987 (real-valued
 * split radix); Good 1958, Thomas 1963 (prime factor); Frigo, PLDI
 * 1999. */
#include <assert.h>
#include <string.h>
#include "all.h"

enum { RA_NONE, RA_COMPLEX, RA_SPLIT, RA_CT, RA_PFA };

/* A real_build's context: fft.c's for the complex DFTs, and the
 * algorithm chosen for each real size, RA_NONE where not yet chosen. */
typedef struct Real Real;
struct Real {
	Fft *g;
	unsigned char alg[FFT_MAXN + 1];
	int arg[FFT_MAXN + 1];
};

static void rdft(Real *rc, Dag *d, int n, const int *x, int *y);

static int
isneg(Dag *d, int a)
{
	return d->node[a].op == OP_NEG;
}

static int add(Dag *d, int a, int b);

/* a - b with a canonical sign: b - a and a - b share one node, one of
 * them negated, so the conjugate halves of real spectra meet in the
 * hash table and the negation is absorbed by whatever sum uses it.
 * The negations dag.c would absorb are taken out first, so that every
 * difference made here is canonical. */
static int
sub(Dag *d, int a, int b)
{
	if (isneg(d, b))
		return add(d, a, d->node[b].a[0]);
	if (isneg(d, a))
		return dag_neg(d, add(d, d->node[a].a[0], b));
	if (a > b)
		return dag_neg(d, dag_sub(d, b, a));
	return dag_sub(d, a, b);
}

static int
add(Dag *d, int a, int b)
{
	if (isneg(d, a) && isneg(d, b))
		return dag_neg(d, add(d, d->node[a].a[0], d->node[b].a[0]));
	if (isneg(d, b))
		return sub(d, a, d->node[b].a[0]);
	if (isneg(d, a))
		return sub(d, b, d->node[a].a[0]);
	return dag_add(d, a, b);
}

/* Complex values are pairs of ids: z[0] re, z[1] im. */
static void
twiddle(Dag *d, const int *a, long num, long den, int *z)
{
	long double c, s;
	int k, re, im;

	num_cexp(-num, den, &c, &s);
	if (s == 0) {
		k = dag_const(d, c);
		z[0] = dag_mul(d, k, a[0]);
		z[1] = dag_mul(d, k, a[1]);
	} else if (c == 0) {
		/* (x + iy)(is) = -sy + isx */
		k = dag_const(d, s);
		z[0] = dag_neg(d, dag_mul(d, k, a[1]));
		z[1] = dag_mul(d, k, a[0]);
	} else if (c == s || c == -s) {
		if (c == s) {
			re = sub(d, a[0], a[1]);
			im = add(d, a[0], a[1]);
		} else {
			re = add(d, a[0], a[1]);
			im = sub(d, a[1], a[0]);
		}
		k = dag_const(d, c);
		z[0] = dag_mul(d, k, re);
		z[1] = dag_mul(d, k, im);
	} else {
		z[0] = sub(d, dag_mul(d, dag_const(d, c), a[0]),
		    dag_mul(d, dag_const(d, s), a[1]));
		z[1] = add(d, dag_mul(d, dag_const(d, s), a[0]),
		    dag_mul(d, dag_const(d, c), a[1]));
	}
}

/* y[2k], y[2k+1] for n/2 < k < n: the conjugates of the first half. */
static void
mirror(Dag *d, int n, int *y)
{
	int k;

	for (k = n / 2 + 1; k < n; k++) {
		y[2 * k] = y[2 * (n - k)];
		y[2 * k + 1] = dag_neg(d, y[2 * (n - k) + 1]);
	}
}

/* Real split radix: X_k = U_k + w^k Z_k + w^3k Z'_k, with U the DFT of
 * the even samples and Z, Z' those of samples 4m+1 and 4m+3, all three
 * real.  Only k <= n/2 is built.  requires: 4 | n. */
static void
split(Real *rc, Dag *d, int n, const int *x, int *y)
{
	int *e, *o1, *o3, *u, *z1, *z3, *a, *b, s[2], t[2], k, q;

	q = n / 4;
	e = arena_alloc(d->ar, 2 * q * sizeof *e);
	o1 = arena_alloc(d->ar, q * sizeof *o1);
	o3 = arena_alloc(d->ar, q * sizeof *o3);
	u = arena_alloc(d->ar, 4 * q * sizeof *u);
	z1 = arena_alloc(d->ar, 2 * q * sizeof *z1);
	z3 = arena_alloc(d->ar, 2 * q * sizeof *z3);
	for (k = 0; k < 2 * q; k++)
		e[k] = x[2 * k];
	for (k = 0; k < q; k++) {
		o1[k] = x[4 * k + 1];
		o3[k] = x[4 * k + 3];
	}
	rdft(rc, d, 2 * q, e, u);
	rdft(rc, d, q, o1, z1);
	rdft(rc, d, q, o3, z3);
	/* a_k = w^k Z_k and b_k = w^3k Z'_k; for k > q/2 they follow from
	 * a_(q-k) = -i conj(a_k) and b_(q-k) = i conj(b_k) (w^q = -i and
	 * Z_(q-k) = conj(Z_k)), so only half of the twiddles are built. */
	a = arena_alloc(d->ar, 4 * q * sizeof *a);
	b = a + 2 * q;
	for (k = 0; k <= q / 2; k++) {
		twiddle(d, z1 + 2 * k, k, n, a + 2 * k);
		twiddle(d, z3 + 2 * k, 3 * k, n, b + 2 * k);
	}
	for (; k < q; k++) {
		a[2 * k] = dag_neg(d, a[2 * (q - k) + 1]);
		a[2 * k + 1] = dag_neg(d, a[2 * (q - k)]);
		b[2 * k] = b[2 * (q - k) + 1];
		b[2 * k + 1] = b[2 * (q - k)];
	}
	for (k = 0; k < q; k++) {
		s[0] = add(d, a[2 * k], b[2 * k]);
		s[1] = add(d, a[2 * k + 1], b[2 * k + 1]);
		/* t = -i (a - b) */
		t[0] = sub(d, a[2 * k + 1], b[2 * k + 1]);
		t[1] = sub(d, b[2 * k], a[2 * k]);
		y[2 * k] = add(d, u[2 * k], s[0]);
		y[2 * k + 1] = add(d, u[2 * k + 1], s[1]);
		y[2 * (k + q)] = add(d, u[2 * (k + q)], t[0]);
		y[2 * (k + q) + 1] = add(d, u[2 * (k + q) + 1], t[1]);
		if (k == 0) {
			y[4 * q] = sub(d, u[0], s[0]);
			y[4 * q + 1] = sub(d, u[1], s[1]);
		}
	}
	mirror(d, n, y);
}

/* Real Cooley-Tukey, radix r: r real DFTs of size n/r over samples
 * r q + s, then for each k1 < n/r a complex DFT of size r over the
 * twiddled column, of which only outputs k <= n/2 stay live. */
static void
ct(Real *rc, Dag *d, int n, int r, const int *x, int *y)
{
	int *sub, *ys, *col, *res, m, s, q, k;

	m = n / r;
	sub = arena_alloc(d->ar, m * sizeof *sub);
	ys = arena_alloc(d->ar, 2 * n * sizeof *ys);
	col = arena_alloc(d->ar, 2 * r * sizeof *col);
	res = arena_alloc(d->ar, 2 * r * sizeof *res);
	for (s = 0; s < r; s++) {
		for (q = 0; q < m; q++)
			sub[q] = x[r * q + s];
		rdft(rc, d, m, sub, ys + 2 * s * m);
	}
	for (k = 0; k < m; k++) {
		for (s = 0; s < r; s++)
			twiddle(d, ys + 2 * (s * m + k), (long)s * k, n,
			    col + 2 * s);
		fft_dft(rc->g, d, r, -1, col, res);
		for (s = 0; s < r; s++) {
			y[2 * (k + m * s)] = res[2 * s];
			y[2 * (k + m * s) + 1] = res[2 * s + 1];
		}
	}
}

/* Real Good-Thomas, n = r m with gcd(r, m) = 1: r real DFTs of size m
 * over samples (m q1 + r q2) mod n, then for each k2 <= m/2 a complex
 * DFT of size r over the column, with no twiddles; column m - k2 is the
 * conjugate of column k2, so its outputs, y_(n-k) for the outputs y_k
 * of column k2, are taken as conjugates. */
static void
pfa(Real *rc, Dag *d, int n, int r, const int *x, int *y)
{
	int *sub, *ys, *col, *res, m, q1, q2, k1, k2, o;
	long e1, e2;

	m = n / r;
	e1 = modinv(m % r, r);
	e2 = modinv(r % m, m);
	sub = arena_alloc(d->ar, m * sizeof *sub);
	ys = arena_alloc(d->ar, 2 * n * sizeof *ys);
	col = arena_alloc(d->ar, 2 * r * sizeof *col);
	res = arena_alloc(d->ar, 2 * r * sizeof *res);
	for (q1 = 0; q1 < r; q1++) {
		for (q2 = 0; q2 < m; q2++)
			sub[q2] = x[(m * q1 + r * q2) % n];
		rdft(rc, d, m, sub, ys + 2 * q1 * m);
	}
	for (k2 = 0; 2 * k2 <= m; k2++) {
		for (q1 = 0; q1 < r; q1++) {
			col[2 * q1] = ys[2 * (q1 * m + k2)];
			col[2 * q1 + 1] = ys[2 * (q1 * m + k2) + 1];
		}
		fft_dft(rc->g, d, r, -1, col, res);
		for (k1 = 0; k1 < r; k1++) {
			o = (int)((k1 * m * e1 + k2 * r * e2) % n);
			y[2 * o] = res[2 * k1];
			y[2 * o + 1] = res[2 * k1 + 1];
			o = (n - o) % n;
			y[2 * o] = res[2 * k1];
			y[2 * o + 1] = dag_neg(d, res[2 * k1 + 1]);
		}
	}
}

static void
run(Real *rc, Dag *d, int n, int alg, int arg, const int *x, int *y)
{
	int *c, m, zero;

	switch (alg) {
	case RA_COMPLEX:
		c = arena_alloc(d->ar, 2 * n * sizeof *c);
		zero = dag_const(d, 0);
		for (m = 0; m < n; m++) {
			c[2 * m] = x[m];
			c[2 * m + 1] = zero;
		}
		fft_dft(rc->g, d, n, -1, c, y);
		break;
	case RA_SPLIT: split(rc, d, n, x, y); break;
	case RA_CT: ct(rc, d, n, arg, x, y); break;
	case RA_PFA: pfa(rc, d, n, arg, x, y); break;
	default: assert(0 && "unknown algorithm");
	}
}

/* Operations of the r2cf DAG of size n with (alg, arg) at the top. */
static long
cost(Real *rc, int n, int alg, int arg, long *nmul)
{
	Arena *ar;
	Dag *d;
	int *x, *y, m;
	Count c;

	ar = arena_new();
	d = dag_new(ar);
	d->nin = n;
	d->nout = 2 * n;
	x = arena_alloc(ar, n * sizeof *x);
	y = arena_alloc(ar, 2 * n * sizeof *y);
	for (m = 0; m < n; m++)
		x[m] = dag_load(d, m);
	run(rc, d, n, alg, arg, x, y);
	for (m = 0; m <= n / 2; m++) {
		dag_store(d, 2 * m, y[2 * m]);
		dag_store(d, 2 * m + 1, y[2 * m + 1]);
	}
	c = dag_count(d);
	arena_free(ar);
	*nmul = c.mul;
	return (long)c.add + c.mul + c.fma + c.neg;
}

static void
try(Real *rc, int n, int alg, int arg, long *best, long *bestmul)
{
	long c, mul;

	c = cost(rc, n, alg, arg, &mul);
	if (c < *best || (c == *best && mul < *bestmul)) {
		*best = c;
		*bestmul = mul;
		rc->alg[n] = alg;
		rc->arg[n] = arg;
	}
}

static void
choose(Real *rc, int n)
{
	long best, bestmul;
	int r;

	best = bestmul = -1UL >> 1;
	try(rc, n, RA_COMPLEX, 0, &best, &bestmul);
	if (n % 4 == 0)
		try(rc, n, RA_SPLIT, 0, &best, &bestmul);
	for (r = 2; r < n; r++)
		if (n % r == 0) {
			try(rc, n, RA_CT, r, &best, &bestmul);
			if (gcd(r, n / r) == 1)
				try(rc, n, RA_PFA, r, &best, &bestmul);
		}
}

/* y gets the DFT of the n real values x as n complex pairs, the upper
 * half as conjugates of the lower. */
static void
rdft(Real *rc, Dag *d, int n, const int *x, int *y)
{
	assert(n >= 1 && n <= FFT_MAXN);
	if (n <= 2) {
		y[0] = n == 1 ? x[0] : dag_add(d, x[0], x[1]);
		y[1] = dag_const(d, 0);
		if (n == 2) {
			y[2] = dag_sub(d, x[0], x[1]);
			y[3] = y[1];
		}
		return;
	}
	if (rc->alg[n] == RA_NONE)
		choose(rc, n);
	run(rc, d, n, rc->alg[n], rc->arg[n], x, y);
	mirror(d, n, y);
}

/* The operations of d, simplified, plain and with FMA contraction:
 * the sum of the two, then the plain count, decide (real_build does
 * not know which one the codelet gets). */
static long
ops(Dag *d, long *plain)
{
	Count c, f;

	c = dag_count(simp_run(d, 0));
	f = dag_count(simp_run(d, 1));
	*plain = (long)c.add + c.mul + c.neg;
	return *plain + f.add + f.mul + f.fma + f.neg;
}

/* r2cb of size n as the transpose of r2cf: x = M^T W X, where M is
 * r2cf's matrix (rows Re X_k and Im X_k, 0 <= k <= n/2) and W weighs
 * the half spectrum by 2 for the bins that stand for a conjugate pair
 * too, by 1 for X_0 and X_(n/2).  in and out are the slots of the
 * result.  Of the transposition's policies the one with the fewest
 * operations is kept. */
static Dag *
backdag(Real *rc, Arena *ar, int n, Slot *in, Slot *out)
{
	Dag *f, *t, *best;
	long double *w;
	long c, plain, bc, bplain;
	int k, pol;

	f = real_build(rc->g, ar, n, 0);
	f = simp_run(f, 0);
	w = arena_alloc(ar, f->nout * sizeof *w);
	for (k = 0; k < f->nout; k++)
		w[k] = k >> 1 == 0 || k >> 1 == n - (k >> 1) ? 1 : 2;
	best = NULL;
	bc = bplain = 0;
	for (pol = 0; pol < 8; pol++) {
		t = simp_run(transpose_dag(f, ar, w, in, out, pol & 3), 0);
		if (pol & 4)
			t = simp_run(transpose_factor(t), 0);
		t = transpose_signs(t);
		c = ops(t, &plain);
		if (!best || c < bc || (c == bc && plain < bplain)) {
			best = t;
			bc = c;
			bplain = plain;
		}
	}
	return best;
}

/* r2cf slots: input m is x_m (array R0 for even m, R1 for odd, element
 * m/2 at stride rs); outputs 2k and 2k+1 are Cr[k] and Ci[k].  r2cb is
 * the mirror image: inputs 2k, 2k+1 are Cr[k], Ci[k] and output m is x_m.
 * g is fft.c's context for the complex DFTs.  requires: 1 <= n <=
 * FFT_MAXN. */
Dag *
real_build(Fft *g, Arena *ar, int n, int backward)
{
	Real *rc;
	Dag *d;
	Dag *t;
	Slot *rs, *cs;
	long c;
	int *x, *y, h, m, k;

	rc = arena_alloc(ar, sizeof *rc);
	memset(rc, 0, sizeof *rc);
	rc->g = g;
	h = n / 2;
	d = dag_new(ar);
	d->nin = backward ? 2 * (h + 1) : n;
	d->nout = backward ? n : 2 * (h + 1);
	d->in = arena_alloc(ar, d->nin * sizeof *d->in);
	d->out = arena_alloc(ar, d->nout * sizeof *d->out);
	rs = backward ? d->out : d->in;
	cs = backward ? d->in : d->out;
	for (m = 0; m < n; m++) {
		rs[m].arr = m & 1;
		rs[m].i = 0;
		rs[m].j = m >> 1;
	}
	for (k = 0; k < 2 * (h + 1); k++) {
		cs[k].arr = 2 + (k & 1);
		cs[k].i = 0;
		cs[k].j = k >> 1;
	}
	if (backward)
		return backdag(rc, ar, n, d->in, d->out);
	x = arena_alloc(ar, 2 * n * sizeof *x);
	y = arena_alloc(ar, 2 * n * sizeof *y);
	for (m = 0; m < n; m++)
		x[m] = dag_load(d, m);
	rdft(rc, d, n, x, y);
	for (k = 0; k <= h; k++) {
		dag_store(d, 2 * k, y[2 * k]);
		if (k > 0 && 2 * k != n)
			dag_store(d, 2 * k + 1, y[2 * k + 1]);
	}
	d = simp_run(d, 0);
	t = transpose_signs(d);
	return ops(t, &c) < ops(d, &c) ? t : d;
}
