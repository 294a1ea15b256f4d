/* realshift.c: the DAGs of FFTW's shifted real-data codelets r2cfII
 * and r2cbIII (rdft/scalar/r2cf, r2cb), the halfcomplex DFTs of the
 * second and third kinds that the reodft solvers (DCT and DST II, III)
 * call:
 *   r2cfII:  Y_k = sum_j x_j exp(-pi i j (2k+1) / n),  2k + 1 <= n,
 *            Cr[k] = Re Y_k, Ci[k] = Im Y_k (only Cr where 2k + 1 = n);
 *   r2cbIII: x_m = Re sum_k Z_k exp(pi i (2k+1) m / n),  0 <= m < n,
 *            Z_k = Cr[k] + i Ci[k] for 2k + 1 < n, Cr[k] for 2k + 1 =
 *            n, conj(Z_(n-1-k)) above.
 * r2cfII is built by several routes and the one of fewest operations in
 * the codelet's form kept: kgen's size-2n real DFT (real.c) of x padded
 * with zeros, its odd frequencies (genfft's gen_r2cf -dft-II prunes a
 * size-2n complex DFT the same way); the size-2n complex DFT likewise;
 * the size-n DFT of the pre-twiddled x_j exp(-pi i j / n); the pairing
 * of x_j and x_(n-j) into a cosine and a sine sum, direct or (n even)
 * as two DCT-IIIs; for odd n, a real DFT of size n of (-1)^j x_j with
 * its outputs permuted; for even n, decimation in time into two
 * r2cfIIs of size n/2 and one rotation per output pair.  r2cbIII is
 * the transpose of each (network transposition, transpose.c) or the
 * size-2n real DFT route directly (FFTW 3.3.10; Frigo and Johnson,
 * Proc. IEEE 93(2), 2005, on the reodft solvers). */
#include <math.h>
#include "all.h"

/* Copies s into d through the slot maps (old input slot to d's, -1 for
 * a zero, -2 - s for minus d's slot s; old output slot to d's, -1 to
 * drop it); the simplifying
 * constructors prune what the zeros and the dropped outputs leave. */
static void
restrict_dag(Dag *d, Dag *s, const int *inmap, const int *outmap, int *val)
{
	Node *n;
	int *map, i, j, a[3];

	map = arena_alloc(s->ar, (s->nnode + 1) * sizeof *map);
	for (i = 0; i < s->nnode; i++) {
		n = &s->node[i];
		for (j = 0; j < 3; j++)
			a[j] = n->a[j] >= 0 ? map[n->a[j]] : -1;
		switch (n->op) {
		case OP_LOAD:
			if (inmap[n->k] >= 0)
				map[i] = dag_load(d, inmap[n->k]);
			else if (inmap[n->k] == -1)
				map[i] = dag_const(d, 0);
			else
				map[i] = dag_neg(d, dag_load(d,
				    -2 - inmap[n->k]));
			break;
		case OP_CONST:
			map[i] = dag_const(d, s->con[n->k]);
			break;
		case OP_STORE:
			map[i] = -1;
			if (val)
				val[n->k] = a[0];
			if (outmap[n->k] >= 0)
				map[i] = dag_store(d, outmap[n->k], a[0]);
			break;
		default:
			map[i] = dag_make(d, n->op, a[0], a[1], a[2], n->k);
		}
	}
}

static Dag *e10(Fft *g, Arena *ar, int n);
static Dag *shell(Arena *ar, int n, int backward);

/* Copies s into d, its input slot k read as d's node inval[k], and sets
 * val[k] to the value s stores at its output slot k. */
static void
inline_dag(Dag *d, Dag *s, const int *inval, int *val)
{
	Node *n;
	int *map, i, j, a[3];

	map = arena_alloc(s->ar, (s->nnode + 1) * sizeof *map);
	for (i = 0; i < s->nnode; i++) {
		n = &s->node[i];
		for (j = 0; j < 3; j++)
			a[j] = n->a[j] >= 0 ? map[n->a[j]] : -1;
		switch (n->op) {
		case OP_LOAD:
			map[i] = inval[n->k];
			break;
		case OP_CONST:
			map[i] = dag_const(d, s->con[n->k]);
			break;
		case OP_STORE:
			map[i] = -1;
			val[n->k] = a[0];
			break;
		default:
			map[i] = dag_make(d, n->op, a[0], a[1], a[2], n->k);
		}
	}
}

/* The DCT-III of size N, Y_k = sum_j a_j cos(pi (2k+1) j / 2N), as
 * e10's transpose times diag(1/2, ..., 1/2), the policy of fewest
 * operations kept. */
static Dag *
dct3(Fft *g, Arena *ar, int N)
{
	Dag *f, *t, *best;
	long double *w;
	Count c;
	int k, pol, o, bo;

	f = simp_run(e10(g, ar, N), 0);
	w = arena_alloc(ar, N * sizeof *w);
	for (k = 0; k < N; k++)
		w[k] = 0.5;
	best = NULL;
	bo = 0;
	for (pol = 0; pol < 8; pol++) {
		t = simp_run(transpose_dag(f, ar, w, f->in, f->out, pol & 3),
		    0);
		if (pol & 4)
			t = simp_run(transpose_factor(t), 0);
		t = transpose_signs(t);
		c = dag_count(t);
		o = c.add + c.mul + c.fma + c.neg;
		if (!best || o < bo) {
			best = t;
			bo = o;
		}
	}
	return best;
}

/* r2cfII for even n = 2N by the pairing of paired() below: with a_0 =
 * x_0, a_j = u_j, b_j = v_j (0 < j < N), b_N = x_N, Re Y_k is the
 * DCT-III of a and Im Y_k = -sum_(j=1..N) b_j sin(pi (2k+1) j / 2N) =
 * -(-1)^k (the DCT-III of b_(N-j))_k.  requires: n even. */
static Dag *
evenpair(Fft *g, Arena *ar, int n)
{
	Dag *d, *c3;
	int *a, *b, *re, *im, N, j, k;

	N = n / 2;
	d = shell(ar, n, 0);
	c3 = dct3(g, ar, N);
	a = arena_alloc(ar, N * sizeof *a);
	b = arena_alloc(ar, N * sizeof *b);
	re = arena_alloc(ar, (c3->nout + 1) * sizeof *re);
	im = arena_alloc(ar, (c3->nout + 1) * sizeof *im);
	a[0] = dag_load(d, 0);
	b[0] = dag_load(d, N);
	for (j = 1; j < N; j++) {
		a[j] = dag_sub(d, dag_load(d, j), dag_load(d, n - j));
		b[N - j] = dag_add(d, dag_load(d, j), dag_load(d, n - j));
	}
	inline_dag(d, c3, a, re);
	inline_dag(d, c3, b, im);
	for (k = 0; k < N; k++) {
		dag_store(d, 2 * k, re[k]);
		dag_store(d, 2 * k + 1, k & 1 ? im[k] : dag_neg(d, im[k]));
	}
	return d;
}

/* r2cfII for even n = 2N by decimation in time: E, O the r2cfII of
 * size N (realshift_build's, inlined) of x_(2i) and x_(2i+1), w =
 * exp(-pi i / n), t_k = w^(2k+1) O_k:
 *   Y_k = E_k + t_k,  Y_(N-1-k) = conj(E_k - t_k)  (w^n = -1),
 * and Y_k = E_k - i O_k at 2k + 1 = N (E_k, O_k real).  requires: n
 * even. */
static Dag *
split(Fft *g, Arena *ar, int n)
{
	Dag *d, *h;
	long double c, s;
	int *xe, *xo, *e, *o, N, j, k, tr, ti;

	N = n / 2;
	d = shell(ar, n, 0);
	h = simp_run(realshift_build(g, ar, N, 0), 0);
	xe = arena_alloc(ar, N * sizeof *xe);
	xo = arena_alloc(ar, N * sizeof *xo);
	e = arena_alloc(ar, (h->nout + 1) * sizeof *e);
	o = arena_alloc(ar, (h->nout + 1) * sizeof *o);
	for (j = 0; j < h->nout; j++)
		e[j] = o[j] = dag_const(d, 0);
	for (j = 0; j < N; j++) {
		xe[j] = dag_load(d, 2 * j);
		xo[j] = dag_load(d, 2 * j + 1);
	}
	inline_dag(d, h, xe, e);
	inline_dag(d, h, xo, o);
	for (k = 0; 2 * k + 1 <= N; k++) {
		if (2 * k + 1 == N) {
			dag_store(d, 2 * k, e[2 * k]);
			dag_store(d, 2 * k + 1, dag_neg(d, o[2 * k]));
			continue;
		}
		num_cexp(-(2 * k + 1), 2 * n, &c, &s);
		tr = dag_sub(d, dag_mul(d, dag_const(d, c), o[2 * k]),
		    dag_mul(d, dag_const(d, s), o[2 * k + 1]));
		ti = dag_add(d, dag_mul(d, dag_const(d, s), o[2 * k]),
		    dag_mul(d, dag_const(d, c), o[2 * k + 1]));
		dag_store(d, 2 * k, dag_add(d, e[2 * k], tr));
		dag_store(d, 2 * k + 1, dag_add(d, e[2 * k + 1], ti));
		dag_store(d, 2 * (N - 1 - k), dag_sub(d, e[2 * k], tr));
		dag_store(d, 2 * (N - 1 - k) + 1, dag_sub(d, ti,
		    e[2 * k + 1]));
	}
	return d;
}

/* Slots as real.c's r2cf and r2cb: x_m is R0[m/2] (m even) or R1
 * (odd) at stride rs; Cr[k], Ci[k] are slots 2k, 2k+1 (arrays 2, 3 at
 * csr, csi), k < h = (n+1)/2, no Ci where 2k + 1 = n. */
static Dag *
shell(Arena *ar, int n, int backward)
{
	Dag *d;
	Slot *rs, *cs;
	int h, m, k;

	h = (n + 1) / 2;
	d = dag_new(ar);
	d->nin = backward ? 2 * h : n;
	d->nout = backward ? n : 2 * h;
	d->in = arena_alloc(ar, d->nin * sizeof *d->in);
	d->out = arena_alloc(ar, d->nout * sizeof *d->out);
	rs = backward ? d->out : d->in;
	cs = backward ? d->in : d->out;
	for (m = 0; m < n; m++) {
		rs[m].arr = m & 1;
		rs[m].i = 0;
		rs[m].j = m >> 1;
	}
	for (k = 0; k < 2 * h; k++) {
		cs[k].arr = 2 + (k & 1);
		cs[k].i = 0;
		cs[k].j = k >> 1;
	}
	return d;
}

/* The size-2n real DFT (real.c) restricted: r2cfII keeps inputs x_m,
 * m < n (the rest zero) and outputs Cr, Ci at the odd frequencies 2k+1
 * <= n; r2cbIII keeps the inputs at the odd frequencies 2k+1 <= n (the
 * rest zero), whose Hermitian extension is hcdftIII's, and the outputs
 * x_m, m < n. */
static Dag *
padded(Fft *g, Arena *ar, int n, int backward)
{
	Dag *d, *s;
	int *inmap, *outmap, m, k;

	d = shell(ar, n, backward);
	s = simp_run(real_build(g, ar, 2 * n, backward), 0);
	inmap = arena_alloc(ar, (s->nin + 1) * sizeof *inmap);
	outmap = arena_alloc(ar, (s->nout + 1) * sizeof *outmap);
	for (m = 0; m < s->nin; m++)
		inmap[m] = -1;
	for (m = 0; m < s->nout; m++)
		outmap[m] = -1;
	/* the halfcomplex side: frequency q = 2k+1 <= n, slots 2q, 2q+1 */
	for (k = 0; 2 * k + 1 <= n; k++) {
		m = 2 * (2 * k + 1);
		if (backward) {
			inmap[m] = 2 * k;
			if (2 * k + 1 < n)
				inmap[m + 1] = 2 * k + 1;
		} else {
			outmap[m] = 2 * k;
			if (2 * k + 1 < n)
				outmap[m + 1] = 2 * k + 1;
		}
	}
	for (m = 0; m < n; m++) {
		if (backward)
			outmap[m] = m;
		else
			inmap[m] = m;
	}
	restrict_dag(d, s, inmap, outmap, NULL);
	return d;
}

/* Stores Y_k's parts from the complex outputs y (re, im pairs). */
static void
store(Dag *d, int n, const int *y)
{
	int k;

	for (k = 0; 2 * k + 1 <= n; k++) {
		dag_store(d, 2 * k, y[2 * k]);
		if (2 * k + 1 < n)
			dag_store(d, 2 * k + 1, y[2 * k + 1]);
	}
}

/* r2cfII by a complex DFT (gen/fft.c's, the simplifier pruning what the
 * zeros and the unused outputs leave): big, the size-2n DFT of x padded
 * with zeros at its odd frequencies; else the size-n DFT of the
 * pre-twiddled z_j = x_j exp(-pi i j / n), Y_k = Z_k. */
static Dag *
bydft(Fft *g, Arena *ar, int n, int big)
{
	Dag *d;
	long double c, s;
	int *in, *out, *y, N, j, k, x, zero;

	d = shell(ar, n, 0);
	N = big ? 2 * n : n;
	in = arena_alloc(ar, 2 * N * sizeof *in);
	out = arena_alloc(ar, 2 * N * sizeof *out);
	y = arena_alloc(ar, 2 * N * sizeof *y);
	zero = dag_const(d, 0);
	for (j = 0; j < N; j++) {
		in[2 * j] = in[2 * j + 1] = zero;
		if (j >= n)
			continue;
		x = dag_load(d, j);
		if (big) {
			in[2 * j] = x;
			continue;
		}
		num_cexp(-j, 2 * n, &c, &s);
		in[2 * j] = dag_mul(d, dag_const(d, c), x);
		in[2 * j + 1] = dag_mul(d, dag_const(d, s), x);
	}
	fft_dft(g, d, N, -1, in, out);
	for (k = 0; 2 * k + 1 <= n; k++) {
		y[2 * k] = out[2 * (big ? 2 * k + 1 : k)];
		y[2 * k + 1] = out[2 * (big ? 2 * k + 1 : k) + 1];
	}
	store(d, n, y);
	return d;
}

/* c * v added to the sum *acc (-1: none yet), c an exact constant. */
static void
term(Dag *d, int *acc, long double c, int v)
{
	if (fabsl(c) < 1e-30L)
		return;
	if (fabsl(c) != 1)
		v = dag_mul(d, dag_const(d, fabsl(c)), v);
	if (*acc < 0)
		*acc = c > 0 ? v : dag_neg(d, v);
	else
		*acc = c > 0 ? dag_add(d, *acc, v) : dag_sub(d, *acc, v);
}

/* r2cfII by the pairing of x_j and x_(n-j): with u_j = x_j - x_(n-j),
 * v_j = x_j + x_(n-j), 0 < j < n/2, and t = pi (2k+1) / n,
 *   Re Y_k = x_0 + sum_j u_j cos(t j),
 *   Im Y_k = -sum_j v_j sin(t j) - (-1)^k x_(n/2) (n even),
 * the sums direct. */
static Dag *
paired(Arena *ar, int n)
{
	Dag *d;
	long double c, s;
	int *u, *v, *y, j, k, re, im;

	d = shell(ar, n, 0);
	u = arena_alloc(ar, n * sizeof *u);
	v = arena_alloc(ar, n * sizeof *v);
	y = arena_alloc(ar, (n + 2) * sizeof *y);
	for (j = 1; 2 * j < n; j++) {
		u[j] = dag_sub(d, dag_load(d, j), dag_load(d, n - j));
		v[j] = dag_add(d, dag_load(d, j), dag_load(d, n - j));
	}
	for (k = 0; 2 * k + 1 <= n; k++) {
		re = dag_load(d, 0);
		im = -1;
		for (j = 1; 2 * j < n; j++) {
			num_cexp((long)(2 * k + 1) * j, 2 * n, &c, &s);
			term(d, &re, c, u[j]);
			term(d, &im, -s, v[j]);
		}
		if (n % 2 == 0)
			term(d, &im, k & 1 ? 1 : -1, dag_load(d, n / 2));
		y[2 * k] = re;
		y[2 * k + 1] = im >= 0 ? im : dag_const(d, 0);
	}
	store(d, n, y);
	return d;
}

/* r2cfII for odd n by a real DFT of size n (real.c's r2cf): with
 * 2k + 1 + n = 2m, exp(-pi i (2k+1) j / n) = (-1)^j exp(-2 pi i m j / n),
 * so Y_k = X_m, X the DFT of (-1)^j x_j, and X_m = conj(X_(n-m)) where
 * m > n/2 (m = n is X_0).  requires: n odd. */
static Dag *
oddperm(Fft *g, Arena *ar, int n)
{
	Dag *d, *s;
	int *inmap, *outmap, *val, j, k, q, c;

	d = shell(ar, n, 0);
	s = simp_run(real_build(g, ar, n, 0), 0);
	inmap = arena_alloc(ar, (s->nin + 1) * sizeof *inmap);
	outmap = arena_alloc(ar, (s->nout + 1) * sizeof *outmap);
	val = arena_alloc(ar, (s->nout + 1) * sizeof *val);
	for (j = 0; j < s->nout; j++) {
		outmap[j] = -1;
		val[j] = -1;
	}
	for (j = 0; j < n; j++)
		inmap[j] = j & 1 ? -2 - j : j;
	restrict_dag(d, s, inmap, outmap, val);
	c = dag_const(d, 0);
	for (k = 0; 2 * k + 1 <= n; k++) {
		q = (n - 2 * k - 1) / 2;
		dag_store(d, 2 * k, val[2 * q] >= 0 ? val[2 * q] : c);
		if (2 * k + 1 < n)
			dag_store(d, 2 * k + 1, dag_neg(d, val[2 * q + 1] >= 0
			    ? val[2 * q + 1] : c));
	}
	return d;
}

/* r2cfII as the transpose of r2cbIII's padded route: that is r2cfII's
 * matrix transposed times diag(2, ..., 2, 1 at the middle Cr), so its
 * transpose at weights 1/2 is r2cfII with the middle Cr halved. */
static Dag *
backpad(Fft *g, Arena *ar, int n, int pol)
{
	Dag *d, *s, *t;
	long double *w;
	int *x, *val, m;

	s = simp_run(padded(g, ar, n, 1), 0);
	w = arena_alloc(ar, n * sizeof *w);
	for (m = 0; m < n; m++)
		w[m] = 0.5;
	d = shell(ar, n, 0);
	t = simp_run(transpose_dag(s, ar, w, d->in, d->out, pol & 3), 0);
	if (pol & 4)
		t = simp_run(transpose_factor(t), 0);
	t = transpose_signs(t);
	x = arena_alloc(ar, n * sizeof *x);
	val = arena_alloc(ar, (t->nout + 1) * sizeof *val);
	for (m = 0; m < t->nout; m++)
		val[m] = -1;
	for (m = 0; m < n; m++)
		x[m] = dag_load(d, m);
	inline_dag(d, t, x, val);
	for (m = 0; m < n + n % 2; m++) {
		if (m == n - 1 && n % 2)
			val[m] = dag_mul(d, dag_const(d, 2), val[m]);
		if (val[m] >= 0 && !(n % 2 && m == n))
			dag_store(d, m, val[m]);
	}
	return d;
}

/* r2cfII (r2cbIII): of the routes above, the one of fewest operations
 * in g's form (FMA or not) once simplified; r2cbIII also as the
 * transpose of each r2cfII route times diag(2, ..., 2, 1 at the middle
 * Cr), by network transposition (transpose.c).  requires: 1 <= n, 2n
 * <= FFT_MAXN. */
Dag *
realshift_build(Fft *g, Arena *ar, int n, int backward)
{
	Dag *f[6], *b, *t, *best, *sh;
	long double *w;
	long o, bo;
	int fma, i, pol, k, h;

	fma = fft_opt(g)->fma;
	best = padded(g, ar, n, backward);
	bo = dag_ops(simp_run(best, fma));
	f[0] = padded(g, ar, n, 0);
	f[1] = bydft(g, ar, n, 1);
	f[2] = bydft(g, ar, n, 0);
	f[3] = paired(ar, n);
	f[4] = n % 2 ? oddperm(g, ar, n) : evenpair(g, ar, n);
	f[5] = n % 2 ? NULL : split(g, ar, n);
	h = (n + 1) / 2;
	w = arena_alloc(ar, 2 * h * sizeof *w);
	for (k = 0; k < 2 * h; k++)
		w[k] = n % 2 && k == n - 1 ? 1 : 2;
	sh = shell(ar, n, 1);
	for (i = 0; i < 6 && f[i]; i++) {
		if (!backward) {
			o = dag_ops(simp_run(f[i], fma));
			if (o < bo) {
				best = f[i];
				bo = o;
			}
			continue;
		}
		b = simp_run(f[i], 0);
		for (pol = 0; pol < 8; pol++) {
			t = simp_run(transpose_dag(b, ar, w, sh->in, sh->out,
			    pol & 3), 0);
			if (pol & 4)
				t = simp_run(transpose_factor(t), 0);
			t = transpose_signs(t);
			o = dag_ops(simp_run(t, fma));
			if (o < bo) {
				best = t;
				bo = o;
			}
		}
	}
	for (pol = 0; !backward && pol < 8; pol++) {
		t = backpad(g, ar, n, pol);
		o = dag_ops(simp_run(t, fma));
		if (o < bo) {
			best = t;
			bo = o;
		}
	}
	return best;
}

/* The DCTs of FFTW's e10 and e01 codelets (rdft/scalar/r2r):
 *   REDFT10: Y_k = 2 sum_j X_j cos(pi (2j+1) k / 2n),
 *   REDFT01: Y_k = X_0 + 2 sum_(j>0) X_j cos(pi j (2k+1) / 2n).
 * REDFT10 by Makhoul's reordering (IEEE Trans. ASSP 28(1), 1980): v_j =
 * X_2j, v_(n-1-j) = X_(2j+1), V = the real DFT of v (real.c's r2cf),
 * Y_k = 2 Re(exp(-pi i k / 2n) V_k), one complex rotation per pair k,
 * n-k.  REDFT01 is REDFT10's transpose times diag(1/2, 1, ..., 1), made
 * by network transposition (transpose.c), the policy of fewest
 * operations kept.  Slots: X_j is input j (array I at stride is), Y_k
 * output k (array O at os).  requires: 1 <= n <= FFT_MAXN. */
static Dag *
e10(Fft *g, Arena *ar, int n)
{
	Dag *d, *s;
	long double t;
	int *inmap, *outmap, *val, m, k, re, im, c;

	d = dag_new(ar);
	d->nin = d->nout = n;
	d->in = arena_alloc(ar, n * sizeof *d->in);
	d->out = arena_alloc(ar, n * sizeof *d->out);
	for (m = 0; m < n; m++) {
		d->in[m].arr = 0;
		d->out[m].arr = 1;
		d->in[m].i = d->out[m].i = 0;
		d->in[m].j = d->out[m].j = m;
	}
	s = simp_run(real_build(g, ar, n, 0), 0);
	inmap = arena_alloc(ar, (s->nin + 1) * sizeof *inmap);
	outmap = arena_alloc(ar, (s->nout + 1) * sizeof *outmap);
	val = arena_alloc(ar, (s->nout + 1) * sizeof *val);
	for (m = 0; m < s->nout; m++) {
		outmap[m] = -1;
		val[m] = -1;
	}
	for (m = 0; 2 * m < n; m++)
		inmap[m] = 2 * m;
	for (m = 0; 2 * m + 1 < n; m++)
		inmap[n - 1 - m] = 2 * m + 1;
	restrict_dag(d, s, inmap, outmap, val);
	c = dag_const(d, 0);
	for (k = 0; k < n; k++) {
		m = k <= n - k ? k : n - k;
		re = val[2 * m];
		im = val[2 * m + 1] >= 0 ? val[2 * m + 1] : c;
		if (re < 0)
			re = c;
		if (m != k)
			im = dag_neg(d, im);
		t = acosl(-1) * k / (2 * n);
		dag_store(d, k, dag_add(d, dag_mul(d, dag_const(d,
		    2 * cosl(t)), re), dag_mul(d, dag_const(d, 2 * sinl(t)),
		    im)));
	}
	return d;
}

Dag *
realshift_dct(Fft *g, Arena *ar, int n, int e01)
{
	Dag *f, *t, *best;
	long double *w;
	Count c;
	int k, pol, ops, bops;

	f = simp_run(e10(g, ar, n), 0);
	if (!e01)
		return f;
	w = arena_alloc(ar, n * sizeof *w);
	for (k = 0; k < n; k++)
		w[k] = k ? 1 : 0.5;
	best = NULL;
	bops = 0;
	for (pol = 0; pol < 8; pol++) {
		t = simp_run(transpose_dag(f, ar, w, f->in, f->out, pol & 3),
		    0);
		if (pol & 4)
			t = simp_run(transpose_factor(t), 0);
		t = transpose_signs(t);
		c = dag_count(t);
		ops = c.add + c.mul + c.fma + c.neg;
		if (!best || ops < bops) {
			best = t;
			bops = ops;
		}
	}
	return best;
}
