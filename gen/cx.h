/* cx.h: complex values as pairs of node ids, the arithmetic the DFT
 * builders state their algorithms in, shared by fft.c (the algorithm
 * search, the composite sizes and Rader) and prime.c (the cyclotomic
 * CRT for primes).  Include after all.h.
 * In a complex-lane DAG (Dag.cxl, fft_n1c) one node is a whole complex
 * number: re holds its id and im is unused (CXL_IM); multiplying by i is
 * the node BYI, so a constant twiddle is c x + s BYI(x), as in FFTW's
 * n1fv codelets.  Builders that use only the functions below work in
 * both kinds of DAG. */

enum { CXL_IM = -2 };   /* Cx.im of a complex-lane value */

typedef struct Cx Cx;
struct Cx {
	int re, im;
};

static inline Cx
cx(int re, int im)
{
	Cx z;

	z.re = re;
	z.im = im;
	return z;
}

static inline Cx
cadd(Dag *d, Cx a, Cx b)
{
	if (d->cxl)
		return cx(dag_add(d, a.re, b.re), CXL_IM);
	return cx(dag_add(d, a.re, b.re), dag_add(d, a.im, b.im));
}

static inline Cx
csub(Dag *d, Cx a, Cx b)
{
	if (d->cxl)
		return cx(dag_sub(d, a.re, b.re), CXL_IM);
	return cx(dag_sub(d, a.re, b.re), dag_sub(d, a.im, b.im));
}

/* a * (sign i): i (x + iy) = -y + ix. */
static inline Cx
cmuli(Dag *d, Cx a, int sign)
{
	if (d->cxl && sign > 0)
		return cx(dag_byi(d, a.re), CXL_IM);
	if (d->cxl)
		return cx(dag_neg(d, dag_byi(d, a.re)), CXL_IM);
	if (sign > 0)
		return cx(dag_neg(d, a.im), a.re);
	return cx(a.im, dag_neg(d, a.re));
}

static inline Cx
cscale(Dag *d, Cx a, long double k)
{
	int c;

	c = dag_const(d, k);
	if (d->cxl)
		return cx(dag_mul(d, c, a.re), CXL_IM);
	return cx(dag_mul(d, c, a.re), dag_mul(d, c, a.im));
}

/* a * (c + is) for constants c, s.  Unit-modulus twiddles with |c| = |s|
 * (the eighth roots of unity) cost two additions and two multiplications. */
static inline Cx
cmulc(Dag *d, Cx a, long double c, long double s)
{
	int k, re, im;

	if (s == 0)
		return cscale(d, a, c);
	if (c == 0)
		return cscale(d, cmuli(d, a, 1), s);
	if (d->cxl)
		return cadd(d, cscale(d, a, c), cscale(d, cmuli(d, a, 1), s));
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
static inline Cx
ctw(Dag *d, Cx a, int sign, long num, long den)
{
	long double c, s;

	num_cexp(sign * num, den, &c, &s);
	return cmulc(d, a, c, s);
}

static inline Cx *
cxalloc(Dag *d, int n)
{
	return arena_alloc(d->ar, (n ? n : 1) * sizeof(Cx));
}

/* prime.c: the cyclotomic CRT (fft.c calls it, never the reverse) */
int prime_root(int p);
void prime_crt(Dag *d, int p, int sign, const Cx *in, Cx *out, int fused);
long prime_crtbound(int p, int fused);
long prime_crtcost(int p, int fused);
