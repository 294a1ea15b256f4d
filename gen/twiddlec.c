/* twiddlec.c: the complex-lane DAG (Dag.cxl, cx.h) of a twiddle codelet,
 * FFTW's t1fv kind: one radix-r decimation-in-time step done in place,
 *   y_k = sum_j w_r^(jk) (x_j t_j),   0 <= k < r,
 * one node a complex number.  The twiddled element x_j t_j (j >= 1) is
 * one input slot of its own (Slot.arr 1): a load of x_j multiplied by
 * its twiddle t_j from the codelet's table, the conjugate for the
 * forward transform (FFTW's BYTWJ), the twiddle itself for the backward
 * one (BYTW), both as FFTW's simd-support macros do it in one step; the
 * DAG holds no product of two variables, so the simplifier's FMA
 * contraction never fuses one, and the scheduler sees a load.  The
 * emitter (emit/fftwsimd.c) prints that slot as the macro on the load
 * and counts it as genfft does, one addition and two multiplications.
 * The radix-r DFT is fft.c's complex-lane one (Fftopt.cxl), so the
 * counts are those of n1fv_r plus r - 1 twiddle products (Frigo, PLDI
 * 1999, section 6 for the t1 kind).  twiddlec_pick, the driver's entry
 * for both kinds, also builds them from the real DFT's DAG (split) and
 * keeps the one with fewer operations. */
#include "all.h"
#include "cx.h"

/* Slots: input j is x_j (Slot.arr 0 for j = 0, arr 1, twiddled, for
 * j >= 1; Slot.j = j), output k is y_k (arr 0, j = k), over x_k
 * (d->inplace).  requires: g's Fftopt.cxl, 2 <= r <= FFT_MAXN, sign = -1
 * or 1. */
Dag *
twiddlec_build(Fft *g, Arena *ar, int r, int sign)
{
	Dag *d;
	int *x, *y, j;

	d = dag_new(ar);
	d->cxl = 1;
	d->nin = d->nout = r;
	d->inplace = 1;
	d->in = arena_alloc(ar, r * sizeof *d->in);
	d->out = arena_alloc(ar, r * sizeof *d->out);
	for (j = 0; j < r; j++) {
		d->in[j].arr = j > 0;
		d->in[j].i = 0;
		d->in[j].j = j;
		d->out[j].arr = 0;
		d->out[j].i = 0;
		d->out[j].j = j;
	}
	x = arena_alloc(ar, 2 * r * sizeof *x);
	y = arena_alloc(ar, 2 * r * sizeof *y);
	for (j = 0; j < r; j++) {
		x[2 * j] = dag_load(d, j);
		x[2 * j + 1] = CXL_IM;
	}
	fft_dft(g, d, r, sign, x, y);
	for (j = 0; j < r; j++)
		dag_store(d, j, y[2 * j]);
	return d;
}

/* The constant factor of product id of s (its other operand to *x), or
 * -1 when id is not a product with a constant. */
static int
kfactor(Dag *s, int id, int *x)
{
	Node *n;
	int j;

	n = &s->node[id];
	if (n->op != OP_MUL)
		return -1;
	for (j = 0; j < 2; j++)
		if (s->node[n->a[j]].op == OP_CONST) {
			*x = n->a[!j];
			return n->a[j];
		}
	return -1;
}

/* Rewrites sum id of s, a u +- b v of two products used nowhere else,
 * into d: where b = a, as a (u +- v); where v = BYI(u) or u = BYI(v) (a
 * complex constant times u: c u + s i u), as the larger constant times
 * (u +- (b/a) v) or ((a/b) u +- v), the form whose products an FMA
 * contraction fuses into the sum and into the sums that use it (genfft's
 * x (c + is) = c (x + (s/c) i x)).  Returns the new node, or -1. */
static int
factor(Dag *d, Dag *s, const int *uses, const int *map, int id)
{
	Node *n;
	long double a, b;
	int p, q, u, v, r;

	n = &s->node[id];
	p = kfactor(s, n->a[0], &u);
	q = kfactor(s, n->a[1], &v);
	if (p < 0 || q < 0 || uses[n->a[0]] != 1 || uses[n->a[1]] != 1)
		return -1;
	a = s->con[s->node[p].k];
	b = s->con[s->node[q].k];
	if (a != b && !(s->node[v].op == OP_BYI && s->node[v].a[0] == u)
	    && !(s->node[u].op == OP_BYI && s->node[u].a[0] == v))
		return -1;
	if (a >= b) {
		r = dag_mul(d, dag_const(d, b / a), map[v]);
		r = n->op == OP_ADD ? dag_add(d, map[u], r)
		    : dag_sub(d, map[u], r);
		return dag_mul(d, dag_const(d, a), r);
	}
	r = dag_mul(d, dag_const(d, a / b), map[u]);
	r = n->op == OP_ADD ? dag_add(d, r, map[v]) : dag_sub(d, r, map[v]);
	return dag_mul(d, dag_const(d, b), r);
}

/* The complex-lane DAG s with its constant complex products factored
 * (factor above), in s's arena; the simplifier (simp_run) then removes
 * the products left unused. */
Dag *
twiddlec_factor(Dag *s)
{
	Dag *d;
	Node *n;
	int *uses, *map, i, j, a[3], v;

	s = simp_run(s, 0);     /* live nodes only, for the uses */
	d = dag_new(s->ar);
	d->nin = s->nin;
	d->nout = s->nout;
	d->in = s->in;
	d->out = s->out;
	d->inplace = s->inplace;
	d->cxl = s->cxl;
	uses = dag_uses(s, s->ar);
	map = arena_alloc(s->ar, (s->nnode + 1) * sizeof *map);
	for (i = 0; i < s->nnode; i++) {
		n = &s->node[i];
		for (j = 0; j < 3; j++)
			a[j] = n->a[j] >= 0 ? map[n->a[j]] : -1;
		if ((n->op == OP_ADD || n->op == OP_SUB)
		    && (v = factor(d, s, uses, map, i)) >= 0)
			map[i] = v;
		else if (n->op == OP_CONST)
			map[i] = dag_const(d, s->con[n->k]);
		else if (n->op == OP_STORE)
			map[i] = dag_node(d, OP_STORE, a[0], a[1], -1, n->k);
		else
			map[i] = dag_make(d, n->op, a[0], a[1], a[2], n->k);
	}
	return d;
}

/* The complex-lane DAG of a size-n DFT with c's slots (fft_n1c's or
 * twiddlec_build's), made from the real DFT's (real.c's r2cf, built in
 * g's mode without Fftopt.cxl): its operations are sums and products by
 * real constants, so each of its nodes may stand for a complex vector,
 * and the DFT of the vectors is y_k = Cr_k + i Ci_k, y_(n-k) = Cr_k -
 * i Ci_k (the forward transform; the backward one is its conjugate).
 * Every constant product then meets a sum of vectors, and the n - 1
 * outputs past y_0 (and y_(n/2)) are one sum with i each, FFTW's VFMAI
 * and VFNMSI: genfft's own construction for these codelets, which loads
 * each complex input as the real part of a complex expression. */
static Dag *
split(Fft *g, Arena *ar, const Dag *c, int n, int sign)
{
	Fftopt o;
	Dag *r, *d;
	Node *m;
	int *map, *re, *im, a[3], i, j, k, h, v;

	o = *fft_opt(g);
	o.cxl = 0;
	r = real_build(fft_new(ar, &o), ar, n, 0);
	d = dag_new(ar);
	d->cxl = 1;
	d->nin = c->nin;
	d->nout = c->nout;
	d->in = c->in;
	d->out = c->out;
	d->inplace = c->inplace;
	h = n / 2;
	map = arena_alloc(ar, (r->nnode + 1) * sizeof *map);
	re = arena_alloc(ar, (h + 1) * sizeof *re);
	im = arena_alloc(ar, (h + 1) * sizeof *im);
	for (k = 0; k <= h; k++)
		re[k] = im[k] = dag_const(d, 0);
	for (i = 0; i < r->nnode; i++) {
		m = &r->node[i];
		for (j = 0; j < 3; j++)
			a[j] = m->a[j] >= 0 ? map[m->a[j]] : -1;
		if (m->op == OP_CONST)
			map[i] = dag_const(d, r->con[m->k]);
		else if (m->op == OP_STORE && m->k & 1)
			im[m->k >> 1] = a[0];
		else if (m->op == OP_STORE)
			re[m->k >> 1] = a[0];
		else
			map[i] = dag_make(d, m->op, a[0], a[1], a[2], m->k);
	}
	for (k = 0; k < n; k++) {
		j = k <= h ? k : n - k;
		v = dag_byi(d, im[j]);
		if ((k <= h) != (sign < 0))
			v = dag_neg(d, v);
		dag_store(d, k, dag_add(d, re[j], v));
	}
	return d;
}

/* The complex-lane DAG of FFTW's n1fv (tw = 0) or t1fv (tw = 1) kind
 * at size n: the DFT's own (fft_n1c, twiddlec_build, factored) or the
 * real DFT's (split), whichever simp_run leaves fewer operations in, in
 * g's mode. */
Dag *
twiddlec_pick(Fft *g, Arena *ar, int n, int sign, int tw)
{
	Dag *c, *s;
	int fma;

	fma = fft_opt(g)->fma;
	c = twiddlec_factor(tw ? twiddlec_build(g, ar, n, sign)
	    : fft_n1c(g, ar, n, sign));
	s = split(g, ar, c, n, sign);
	return dag_ops(simp_run(s, fma)) < dag_ops(simp_run(c, fma)) ? s : c;
}

/* The complex-lane DAG of FFTW's SIMD hc2cfdftv and hc2cbdftv (rdft/
 * simd/common), the DFT between the maps their printer makes around it
 * (emit/fftwsimd.c): input j is X_j (Slot.arr 0, j), output k is Y_k
 * (arr 0, k); forward, Y = DFT_-(X) / 2 (the printer makes X_j of the
 * loads A, X_j = conj(w_j) (A_j + c(A_(j+1))) for j even and conj(w_j)
 * i (c(A_j) - A_(j-1)) for j odd, and stores Y_k, or c(Y_k) in the
 * negative half); backward, Y = DFT_+(X) (the printer loads X_j, c() in
 * the negative half, and stores Z_j + i Z_(j+1) and c(Z_j - i Z_(j+1))
 * of the twiddled Z_j = w_j Y_j).  These are genfft's maps
 * (gen_hc2cdft_c.ml); only the DFT and its scaling are a DAG, since the
 * twiddles are variables.  requires: g's Fftopt.cxl, n even, 2 <= n <=
 * FFT_MAXN. */
Dag *
twiddlec_hc2cdft(Fft *g, Arena *ar, int n, int backward)
{
	Dag *d;
	int *x, *y, j, v;

	d = dag_new(ar);
	d->cxl = 1;
	d->nin = d->nout = n;
	d->inplace = 1;
	d->in = arena_alloc(ar, n * sizeof *d->in);
	d->out = arena_alloc(ar, n * sizeof *d->out);
	for (j = 0; j < n; j++) {
		d->in[j].arr = d->out[j].arr = 0;
		d->in[j].i = d->out[j].i = 0;
		d->in[j].j = d->out[j].j = j;
	}
	x = arena_alloc(ar, 2 * n * sizeof *x);
	y = arena_alloc(ar, 2 * n * sizeof *y);
	for (j = 0; j < n; j++) {
		x[2 * j] = dag_load(d, j);
		x[2 * j + 1] = CXL_IM;
	}
	fft_dft(g, d, n, backward ? 1 : -1, x, y);
	for (j = 0; j < n; j++) {
		v = y[2 * j];
		if (!backward)
			v = dag_mul(d, dag_const(d, 0.5), v);
		dag_store(d, j, v);
	}
	return d;
}
