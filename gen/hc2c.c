/* hc2c.c: the DAGs of FFTW's twiddle codelets beyond t1: the complex
 * DIT step with twiddles computed from a few loaded ones (t2), and the
 * real-data twiddle codelets of the rdft2 and hc2hc solvers (hc2cf,
 * hc2cb, hc2cfdft, hc2cbdft, hf, hb and their "2" twins).  Each is one
 * radix-n complex DFT (fft.c's) between a load map and a store map, with
 * the twiddle product before the DFT (DIT, the forward kinds) or after
 * it (DIF, the backward kinds).
 *
 * Twiddle products.  Element j's twiddle is w_j, from a table W of
 * complex entries (re, im) that FFTW fills per butterfly; the forward
 * kinds multiply by conj(w_j), the backward ones by w_j.  Two policies,
 * FFTW's twinstr:
 *   full  (TW_FULL): w_j = W[2(j-1)] + i W[2(j-1)+1], j = 1..n-1;
 *   log3  (TW_CEXP): only w_x for x = min(3^t, n-1), t = 0..T-1 with
 *         T the least count such that 1 + 3 + ... + 3^(T-1) >= n-1, are
 *         loaded; any other w_j is one complex product of two smaller
 *         ones: w_j = conj(w_(x-j)) w_x with x the next power of 3 (or
 *         n-1, if that is smaller) when 2j >= x, else w_(j-x) w_x with x
 *         the power of 3 below j.
 * These are genfft's twiddle-load-all and twiddle-log3 rules (FFTW
 * 3.3.10, genfft/twiddle.ml), so the table layouts match FFTW's.  The
 * "2" kinds are log3, except hc2cbdft2, whose FFTW 3.3.10 files load
 * all twiddles (they differ from hc2cbdft's only in name).
 *
 * Data maps, for X_0..X_(n-1) the DFT's inputs and Y its outputs,
 * conj written c(), i the imaginary unit (genfft's gen_hc2c.ml,
 * gen_hc2cdft.ml and gen_hc2hc.ml state the same maps):
 *   t2      X_j = ri[j] + i ii[j], stored back in place; forward.
 *   hc2cf   X_j = Rp[j/2] + i Rm[j/2] (j even), Ip[(j-1)/2] + i Im[...]
 *           (j odd); Y_k for k < n-k goes to Rp[k], Ip[k], c(Y_k) for
 *           the others to Rm[n-1-k], Im[n-1-k].  hc2cb is its mirror:
 *           the loads of hc2cf's stores (conjugated alike), a backward
 *           DFT, the stores of hc2cf's loads.
 *   hc2cfdft  the loads A_j: Rp, Ip at j/2 (j even), Rm, Im at (j-1)/2
 *           (j odd); X_j = A_j + c(A_(j+1)) (j even) or
 *           -i (A_(j-1) - c(A_j)) (j odd); Y/2 stored as hc2cf's.
 *           hc2cbdft loads as hc2cb, and stores Z_j + i Z_(j+1) (j even)
 *           and c(Z_(j-1) - i Z_j) (j odd) of the twiddled outputs Z at
 *           hc2cfdft's load places.
 *   hf      X_j = cr[j] + i ci[j]; Z_k = Y_k (k < n-k) or i Y_k; cr[k] =
 *           Re Z_k, ci[k] = Im Z_(n-1-k).  hb: U_j = Re x_j + i Im
 *           x_(n-1-j) of the loads x, X_j = U_j (j < n-j) or -i U_j, a
 *           backward DFT, the twiddled outputs stored back in place.
 * Every codelet is in place: each stored location is also loaded, so
 * the store carries the load as an ordering operand (Dag.inplace), and
 * the driver puts every store after the last load anyway.
 * Reference: Frigo, PLDI 1999; Frigo and Johnson, Proc. IEEE 93(2), 2005
 * (section on the real-data solvers). */
#include <string.h>
#include "all.h"
#include "cx.h"

/* A family's shape. */
typedef struct Shape Shape;
struct Shape {
	int narr;       /* data arrays (2 or 4); the table is array narr */
	int half;       /* hc2c: arrays of n/2 elements, else n */
	int sign;       /* of the DFT */
	int log3;       /* twiddle policy */
};

static int
shape(int fb, Shape *s)
{
	memset(s, 0, sizeof *s);
	s->sign = 1;
	switch (fb) {
	case FB_T2:
		s->sign = -1;
		s->log3 = 1;
		s->narr = 2;
		return 1;
	case FB_HF2: s->log3 = 1; /* fall through */
	case FB_HF: s->sign = -1; /* fall through */
	case FB_HB: s->narr = 2; return 1;
	case FB_HB2: s->narr = 2; s->log3 = 1; return 1;
	case FB_HC2CF2: case FB_HC2CFDFT2: s->log3 = 1; /* fall through */
	case FB_HC2CF: case FB_HC2CFDFT: s->sign = -1; /* fall through */
	case FB_HC2CB: case FB_HC2CBDFT:
		s->narr = 4;
		s->half = 1;
		return 1;
	case FB_HC2CB2:
		s->narr = 4;
		s->half = 1;
		s->log3 = 1;
		return 1;
	case FB_HC2CBDFT2:      /* FFTW 3.3.10's files load all twiddles */
		s->narr = 4;
		s->half = 1;
		return 1;
	}
	return 0;
}

/* Whether fb is a family this file builds. */
int
hc2c_is(int fb)
{
	Shape s;

	return shape(fb, &s);
}

/* The number of loaded twiddle entries (complex) under the log3
 * policy: the least T with 1 + 3 + ... + 3^(T-1) >= n-1. */
static int
log3terms(int n)
{
	int t, p, s;

	for (t = 0, p = 1, s = 0; s < n - 1; t++, p *= 3)
		s += p;
	return t;
}

/* Entry t of the log3 table holds w_x for this x. */
int
hc2c_log3x(int n, int t)
{
	long p;

	for (p = 1; t > 0; t--)
		p *= 3;
	return p < n - 1 ? (int)p : n - 1;
}

/* The reals of one butterfly's twiddle table, R in FFTW's loop
 * (W = W + R), and the number of entries of the log3 list (0 for
 * TW_FULL). */
int
hc2c_twiddles(int fb, int n, int *ncexp)
{
	Shape s;

	shape(fb, &s);
	*ncexp = s.log3 ? log3terms(n) : 0;
	return s.log3 ? 2 * *ncexp : 2 * (n - 1);
}

static int
ispow3(int i)
{
	while (i > 1 && i % 3 == 0)
		i /= 3;
	return i == 1;
}

/* (conj a if ca, else a) * b, four multiplications and two additions. */
static Cx
cmul(Dag *d, Cx a, Cx b, int ca)
{
	if (ca)
		return cx(dag_add(d, dag_mul(d, a.re, b.re),
		    dag_mul(d, a.im, b.im)), dag_sub(d, dag_mul(d, a.re,
		    b.im), dag_mul(d, a.im, b.re)));
	return cx(dag_sub(d, dag_mul(d, a.re, b.re), dag_mul(d, a.im,
	    b.im)), dag_add(d, dag_mul(d, a.re, b.im), dag_mul(d, a.im,
	    b.re)));
}

typedef struct Tw Tw;
struct Tw {
	Dag *d;
	int n, base;
	Cx *w;
	char *have;
};

static Cx
entry(Tw *t, int k)
{
	return cx(dag_load(t->d, t->base + 2 * k),
	    dag_load(t->d, t->base + 2 * k + 1));
}

/* How the log3 policy makes w_i, 1 <= i < n: the table entry that
 * holds it, or -1 when it is w_a (conjugated when *cj) times w_b. */
int
hc2c_log3rule(int n, int i, int *a, int *b, int *cj)
{
	int x, k, nterms;

	nterms = log3terms(n);
	if (ispow3(i)) {
		for (k = 0, x = i; x > 1; x /= 3)
			k++;
		return k;
	}
	if (i == n - 1 && hc2c_log3x(1 << 30, nterms - 1) >= n)
		return nterms - 1;
	for (x = 1; x < i; x *= 3)
		;
	if (2 * i >= x) {
		if (x > n - 1)
			x = n - 1;
		*a = x - i;
		*b = x;
		*cj = 1;
	} else {
		x /= 3;
		*a = i - x;
		*b = x;
		*cj = 0;
	}
	return -1;
}

/* w_i under the log3 policy, each made once. */
static Cx
log3w(Tw *t, int i)
{
	int a, b, cj, k;

	if (t->have[i])
		return t->w[i];
	k = hc2c_log3rule(t->n, i, &a, &b, &cj);
	if (k >= 0)
		t->w[i] = entry(t, k);
	else
		t->w[i] = cmul(t->d, log3w(t, a), log3w(t, b), cj);
	t->have[i] = 1;
	return t->w[i];
}

/* x_j times w_j (conjugated for the forward kinds), j = 1..n-1, in
 * place; the table is input slots base, base + 1, ... */
static void
twiddle(Dag *d, const Shape *s, int n, int base, Cx *x)
{
	Tw t;
	Cx w;
	int j;

	t.d = d;
	t.n = n;
	t.base = base;
	t.w = cxalloc(d, n);
	t.have = arena_alloc(d->ar, n);
	memset(t.have, 0, n);
	for (j = 1; j < n; j++) {
		w = s->log3 ? log3w(&t, j) : entry(&t, j - 1);
		x[j] = cmul(d, w, x[j], s->sign < 0);
	}
}

static void
dft(Fft *g, Dag *d, int n, int sign, Cx *x)
{
	int *in, *out, j;

	in = arena_alloc(d->ar, 2 * n * sizeof *in);
	out = arena_alloc(d->ar, 2 * n * sizeof *out);
	for (j = 0; j < n; j++) {
		in[2 * j] = x[j].re;
		in[2 * j + 1] = x[j].im;
	}
	fft_dft(g, d, n, sign, in, out);
	for (j = 0; j < n; j++)
		x[j] = cx(out[2 * j], out[2 * j + 1]);
}

static Cx
cconj(Dag *d, Cx a)
{
	return cx(a.re, dag_neg(d, a.im));
}

/* The slot of array a's element j: slots run element by element. */
static int
slot(const Shape *s, int a, int j)
{
	return j * s->narr + a;
}

static Cx
ld(Dag *d, const Shape *s, int ar, int ai, int j)
{
	return cx(dag_load(d, slot(s, ar, j)), dag_load(d, slot(s, ai, j)));
}

static void
st(Dag *d, const Shape *s, int ar, int ai, int j, Cx v)
{
	dag_store(d, slot(s, ar, j), v.re);
	dag_store(d, slot(s, ai, j), v.im);
}

enum { RP, IP, RM, IM };

/* hc2c's "c" places: element k < n-k at Rp[k], Ip[k], else Rm, Im at
 * n-1-k, the latter conjugated. */
static Cx
ldc(Dag *d, const Shape *s, int n, int k)
{
	if (k < n - k)
		return ld(d, s, RP, IP, k);
	return cconj(d, ld(d, s, RM, IM, n - 1 - k));
}

static void
stc(Dag *d, const Shape *s, int n, int k, Cx v)
{
	if (k < n - k)
		st(d, s, RP, IP, k, v);
	else
		st(d, s, RM, IM, n - 1 - k, cconj(d, v));
}

/* ---- the stored conjugates
 * A conjugated output stores -(a + b) where the DFT has a + b (or the
 * half of it), one negation more than genfft, whose simplifier flips
 * the sign of a difference p - q (to q - p) where that lets every use
 * absorb it.  flip() does the same, greedily: the differences a and b
 * under a negated stored sum are flipped, one or both, when the copy of
 * the DAG with them flipped counts fewer operations.  A stored negation
 * of a difference, or of a difference times a constant, is the opposite
 * difference (never more operations: the negation goes, at most one
 * difference comes). */

static int
isk(Dag *d, int id)
{
	return d->node[id].op == OP_CONST;
}

/* -v with no negation node where v is p - q or c (p - q), else -1. */
static int
negfree(Dag *d, int v)
{
	Node *n;

	n = &d->node[v];
	if (n->op == OP_SUB)
		return dag_sub(d, n->a[1], n->a[0]);
	if (n->op == OP_MUL && isk(d, n->a[0])
	    && d->node[n->a[1]].op == OP_SUB)
		return dag_mul(d, n->a[0], negfree(d, n->a[1]));
	if (n->op == OP_MUL && isk(d, n->a[1])
	    && d->node[n->a[0]].op == OP_SUB)
		return dag_mul(d, negfree(d, n->a[0]), n->a[1]);
	return -1;
}

/* A copy of s into arena ar with the nodes f[0], f[1] (SUBs, or -1)
 * turned into the negation of the opposite difference, which the
 * constructors absorb into their uses. */
static Dag *
flipcopy(Dag *s, Arena *ar, const int *f)
{
	Dag *d;
	Node *n;
	int *map, i, j, a[3], v;

	d = dag_new(ar);
	d->nin = s->nin;
	d->nout = s->nout;
	d->in = s->in;
	d->out = s->out;
	d->inplace = s->inplace;
	map = arena_alloc(ar, (s->nnode + 1) * sizeof *map);
	for (i = 0; i < s->nnode; i++) {
		n = &s->node[i];
		for (j = 0; j < 3; j++)
			a[j] = n->a[j] >= 0 ? map[n->a[j]] : -1;
		if (i == f[0] || i == f[1]) {
			map[i] = dag_neg(d, dag_sub(d, a[1], a[0]));
			continue;
		}
		switch (n->op) {
		case OP_CONST:
			map[i] = dag_const(d, s->con[n->k]);
			break;
		case OP_STORE:
			v = a[0];
			if (d->node[v].op == OP_NEG
			    && negfree(d, d->node[v].a[0]) >= 0)
				v = negfree(d, d->node[v].a[0]);
			map[i] = dag_node(d, OP_STORE, v, a[1], -1, n->k);
			break;
		default:
			map[i] = dag_make(d, n->op, a[0], a[1], a[2], n->k);
		}
	}
	return d;
}

/* Whether flipping f saves operations. */
static int
better(Dag *d, const int *f, long best)
{
	Arena *tmp;
	int r;

	tmp = arena_new();
	r = dag_ops(flipcopy(d, tmp, f)) < best;
	arena_free(tmp);
	return r;
}

/* Differences under a negated stored sum whose flip saves operations,
 * in f (-1 where fewer than two); 0 where there are none. */
static int
flipfind(Dag *d, int *f)
{
	Node *n, *v;
	long best;
	int i, k, x, y;

	best = dag_ops(d);
	for (i = 0; i < d->nnode; i++) {
		n = &d->node[i];
		if (n->op != OP_STORE || d->node[n->a[0]].op != OP_NEG)
			continue;
		v = &d->node[d->node[n->a[0]].a[0]];
		if (v->op == OP_MUL && isk(d, v->a[0]))
			v = &d->node[v->a[1]];
		else if (v->op == OP_MUL && isk(d, v->a[1]))
			v = &d->node[v->a[0]];
		if (v->op != OP_ADD && v->op != OP_SUB)
			continue;
		x = d->node[v->a[0]].op == OP_SUB ? v->a[0] : -1;
		y = d->node[v->a[1]].op == OP_SUB ? v->a[1] : -1;
		for (k = 0; k < 3; k++) {
			f[0] = k == 1 ? y : x;
			f[1] = k == 2 ? y : -1;
			if (f[0] >= 0 && (k < 2 || y >= 0) && better(d, f,
			    best))
				return 1;
		}
	}
	return 0;
}

static Dag *
flip(Dag *d)
{
	int f[2] = {-1, -1};

	d = flipcopy(d, d->ar, f);
	while (flipfind(d, f))
		d = flipcopy(d, d->ar, f);
	return d;
}

/* hc2c_build's DAG; with fold, hc2cfdft's halving folded (scale.c). */
static Dag *
build(Fft *g, Arena *ar, int fb, int n, int fold)
{
	Shape s;
	Dag *d;
	Cx *x, *a;
	int nd, ntw, nc, len, j, k;

	if (!shape(fb, &s))
		die("hc2c_build: not a twiddle family");
	if (s.half && n % 2)
		fail("-n %d: the hc2c codelets are made for even n", n);
	len = s.half ? n / 2 : n;
	nd = len * s.narr;
	ntw = hc2c_twiddles(fb, n, &nc);
	d = dag_new(ar);
	d->nin = nd + ntw;
	d->nout = nd;
	d->inplace = 1;
	d->in = arena_alloc(ar, d->nin * sizeof *d->in);
	d->out = arena_alloc(ar, d->nout * sizeof *d->out);
	for (j = 0; j < nd; j++) {
		d->in[j].arr = d->out[j].arr = j % s.narr;
		d->in[j].i = d->out[j].i = 0;
		d->in[j].j = d->out[j].j = j / s.narr;
	}
	for (j = nd; j < d->nin; j++) {
		d->in[j].arr = s.narr;
		d->in[j].i = j - nd;
		d->in[j].j = 0;
	}
	x = cxalloc(d, n);
	a = cxalloc(d, n);
	switch (fb) {
	case FB_T2:
		for (j = 0; j < n; j++)
			x[j] = ld(d, &s, 0, 1, j);
		twiddle(d, &s, n, nd, x);
		dft(g, d, n, s.sign, x);
		for (j = 0; j < n; j++)
			st(d, &s, 0, 1, j, x[j]);
		break;
	case FB_HC2CF: case FB_HC2CF2:
		for (j = 0; j < n; j++)
			x[j] = j % 2 ? ld(d, &s, IP, IM, j / 2)
			    : ld(d, &s, RP, RM, j / 2);
		twiddle(d, &s, n, nd, x);
		dft(g, d, n, s.sign, x);
		for (k = 0; k < n; k++)
			stc(d, &s, n, k, x[k]);
		break;
	case FB_HC2CB: case FB_HC2CB2:
		for (k = 0; k < n; k++)
			x[k] = ldc(d, &s, n, k);
		dft(g, d, n, s.sign, x);
		twiddle(d, &s, n, nd, x);
		for (j = 0; j < n; j++)
			if (j % 2)
				st(d, &s, IP, IM, j / 2, x[j]);
			else
				st(d, &s, RP, RM, j / 2, x[j]);
		break;
	case FB_HC2CFDFT: case FB_HC2CFDFT2:
		for (j = 0; j < n; j++)
			a[j] = j % 2 ? ld(d, &s, RM, IM, j / 2)
			    : ld(d, &s, RP, IP, j / 2);
		for (j = 0; j < n; j += 2) {
			x[j] = cadd(d, a[j], cconj(d, a[j + 1]));
			x[j + 1] = cmuli(d, csub(d, a[j], cconj(d, a[j + 1])),
			    -1);
		}
		twiddle(d, &s, n, nd, x);
		dft(g, d, n, s.sign, x);
		for (k = 0; k < n; k++)
			stc(d, &s, n, k, fold ? x[k] : cscale(d, x[k], 0.5L));
		if (fold)
			d = scale_fold(d, 0.5L, nd);
		break;
	case FB_HC2CBDFT: case FB_HC2CBDFT2:
		for (k = 0; k < n; k++)
			x[k] = ldc(d, &s, n, k);
		dft(g, d, n, s.sign, x);
		twiddle(d, &s, n, nd, x);
		for (j = 0; j < n; j += 2) {
			st(d, &s, RP, IP, j / 2, cadd(d, x[j],
			    cmuli(d, x[j + 1], 1)));
			st(d, &s, RM, IM, j / 2, cconj(d, csub(d, x[j],
			    cmuli(d, x[j + 1], 1))));
		}
		break;
	case FB_HF: case FB_HF2:
		for (j = 0; j < n; j++)
			x[j] = ld(d, &s, 0, 1, j);
		twiddle(d, &s, n, nd, x);
		dft(g, d, n, s.sign, x);
		for (k = 0; k < n; k++)
			a[k] = k < n - k ? x[k] : cmuli(d, x[k], 1);
		for (k = 0; k < n; k++)
			st(d, &s, 0, 1, k, cx(a[k].re, a[n - 1 - k].im));
		break;
	case FB_HB: case FB_HB2:
		for (j = 0; j < n; j++)
			a[j] = ld(d, &s, 0, 1, j);
		for (j = 0; j < n; j++) {
			x[j] = cx(a[j].re, a[n - 1 - j].im);
			if (j >= n - j)
				x[j] = cmuli(d, x[j], -1);
		}
		dft(g, d, n, s.sign, x);
		twiddle(d, &s, n, nd, x);
		for (j = 0; j < n; j++)
			st(d, &s, 0, 1, j, x[j]);
		break;
	}
	return flip(d);
}

/* The twiddle codelet fb of size n (FB_T2, FB_HC2CF, ...).  Slots: the
 * data element j of array a is slot j*narr + a, in and out alike; the
 * table's reals follow.  hc2cfdft's halving is either on the outputs
 * or folded into the DAG (scale.c), whichever the codelet's form (g's
 * FMA or not) counts fewer operations for.  requires: hc2c_is(fb),
 * 2 <= n <= FFT_MAXN, n even for the hc2c kinds. */
Dag *
hc2c_build(Fft *g, Arena *ar, int fb, int n)
{
	Dag *a, *b;
	int fma;

	a = build(g, ar, fb, n, 0);
	if (fb != FB_HC2CFDFT && fb != FB_HC2CFDFT2)
		return a;
	b = build(g, ar, fb, n, 1);
	fma = fft_opt(g)->fma;
	return dag_ops(simp_run(b, fma)) < dag_ops(simp_run(a, fma)) ? b : a;
}
