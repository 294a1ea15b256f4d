/* real.c: real-data transforms along one dimension, FFTW's r2c and c2r,
 * for a batch of rows (realnd.c runs them over any rank and layout), and
 * the split-spectrum API of kgen_plan_dft_r2c_1d's plans.
 * r2c: X_k = sum_j x_j exp(-2 pi i jk/n) for real x, 0 <= k <= n/2.
 * c2r: its unnormalised inverse, x_j = sum_k X_k exp(+2 pi i jk/n) over
 * the Hermitian spectrum (X_(n-k) = conj X_k; Im X_0 and, for even n,
 * Im X_(n/2) are ignored, as FFTW does).
 * An even n = 2h reads the row as h complex values z_m = x_2m +
 * i x_(2m+1) (the reals themselves, as interleaved pairs), transforms
 * them with a complex plan of size h and untangles the result in place:
 * with E, O the DFTs of the even and odd samples,
 *   Z_k = E_k + i O_k,  E_k = (Z_k + conj Z_(h-k)) / 2,
 *   O_k = (Z_k - conj Z_(h-k)) / 2i,  X_k = E_k + w^k O_k  (w = e^-2pi i/n)
 * and X_(h-k) = conj(E_k - w^k O_k), so each pair k, h - k is done
 * together; c2r runs the same steps backwards.  An odd n transforms two
 * rows at once as z = x + i y with a complex plan of size n and
 * separates X_k = (Z_k + conj Z_(n-k)) / 2, Y_k = (Z_k - conj Z_(n-k)) /
 * 2i.  Small sizes run a batch of rows in one call of kgen's batched
 * codelet (kgen_n1_for); the backward complex transforms are the
 * forward ones with re and im swapped.
 * Reference: Cooley, Lewis and Welch 1970; FFTW's rdft/ (Frigo and
 * Johnson 2005) solves it with r2c codelets instead. */
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "plan.h"
#include "real.h"

void
PRIV(real_free)(Real *r)
{
	int i;

	if (!r)
		return;
	DESTROY(r->nd);
	if (r->cx)
		for (i = 0; i < r->nt - 1; i++)
			DESTROY(r->cx[i]);
	free(r->cx);
	free(r->dims);
	free(r->rs[0]);
	free(r->rs[1]);
	free(r->cs);
	free(r->bs);
	free(r->w);
	free(r->wv);
	free(r->buf);
	free(r->big);
	free(r);
}

/* q complex transforms of p's size by plan c: transform j from x + j
 * ivs to y + j ovs (x == y allowed with the same strides) */
static void
cplx(const PLAN *p, const PLAN *c, int q, const R *xr, const R *xi,
    ptrdiff_t is, ptrdiff_t ivs, R *yr, R *yi, ptrdiff_t os, ptrdiff_t ovs)
{
	const Real *r = p->real;
	int j;

	if (r->n1b) {
		r->n1b(xr, xi, yr, yi, is, os, q, ivs, ovs);
		return;
	}
	for (j = 0; j < q; j++)
		PRIV(plan_execute_one)(c, xr + j * ivs, xi + j * ivs, is,
		    yr + j * ovs, yi + j * ovs, os);
}

/* Vectors of 32 bytes (GCC's vector extensions: AVX where the CPU has
 * it, else two SSE2 halves): VC complex numbers, re and im side by
 * side; REV reverses their order, SWP swaps re and im. */
typedef R VR __attribute__((vector_size(32), aligned(sizeof(R))));
#if ISFLOAT
typedef int VI __attribute__((vector_size(32)));
#define REV { 6, 7, 4, 5, 2, 3, 0, 1 }
#define SWP { 1, 0, 3, 2, 5, 4, 7, 6 }
#else
typedef long long VI __attribute__((vector_size(32)));
#define REV { 2, 3, 0, 1 }
#define SWP { 1, 0, 3, 2 }
#endif
enum { VC = 32 / sizeof(R) / 2 };

/* (1, -1, 1, -1, ..) to c: times it is conj */
#define CONJV(c) do { \
	int i_; \
	for (i_ = 0; i_ < 2 * VC; i_++) \
		(c)[i_] = i_ % 2 ? -1 : 1; \
} while (0)

/* Z_0 .. Z_(h-1) at b (pair stride eb) to X_0 .. X_h in place: pairs
 * k, h - k for k0 <= k <= h - k */
static void
untangle_s(const R *w, int h, R *b, ptrdiff_t eb, int k0)
{
	R ar, ai, cr, ci, er, ei, or_, oi, tr, ti, wr, wi, *x, *y;
	int k, j;

	for (k = k0, j = h - k0; k <= j; k++, j--) {
		x = b + k * eb;
		y = b + j * eb;
		ar = x[0];
		ai = x[1];
		cr = y[0];
		ci = -y[1];
		/* 2E = a + c, 2O = (a - c) / i, t = w^k O (w holds w^k / 2) */
		er = ar + cr;
		ei = ai + ci;
		or_ = ai - ci;
		oi = cr - ar;
		wr = w[2 * k];
		wi = w[2 * k + 1];
		tr = wr * or_ - wi * oi;
		ti = wr * oi + wi * or_;
		er *= (R)0.5;
		ei *= (R)0.5;
		x[0] = er + tr;
		x[1] = ei + ti;
		y[0] = er - tr;
		y[1] = ti - ei;
	}
}

static inline __attribute__((always_inline)) void
untangle_v(const Real *r, R *b, ptrdiff_t eb)
{
	const VI rev = REV, swp = SWP;
	const R *wc = r->wv, *ws = r->wv + 2 * (r->n / 2 + 1);
	VR a, c, e, d, o, t, cj, half;
	R ar, ai;
	int h = r->n / 2, k = 1, j;

	CONJV(cj);
	half = cj * cj / 2;
	ar = b[0];
	ai = b[1];
	b[0] = ar + ai;
	b[1] = 0;
	b[h * eb] = ar - ai;
	b[h * eb + 1] = 0;
	/* the blocks k.. and ..h - k may meet in the middle: each index
	 * there gets the same X from both */
	if (eb == 2)
		for (; 2 * k + VC - 2 < h; k += VC) {
			j = h - k - VC + 1;
			a = *(const VR *)(b + 2 * k);
			c = __builtin_shuffle(*(const VR *)(b + 2 * j), rev) * cj;
			e = (a + c) * half;
			d = a - c;
			o = __builtin_shuffle(d, swp) * cj;
			t = *(const VR *)(wc + 2 * k) * o
			    - *(const VR *)(ws + 2 * k)
			    * __builtin_shuffle(o, swp) * cj;
			*(VR *)(b + 2 * k) = e + t;
			*(VR *)(b + 2 * j) = __builtin_shuffle((e - t) * cj,
			    rev);
		}
	untangle_s(r->w, h, b, eb, k);
}

/* The half spectrum X_0 .. X_h at a (pair stride ea; conj X where sg
 * is -1) to the h values 2 Z_k at z (pairs), the complex input of the
 * backward transform: k0 <= k < k1 */
static void
tangle_s(const R *w, int h, const R *a, ptrdiff_t ea, R *z, int k0, int k1,
    R sg)
{
	R ar, ai, br, bi, er, ei, dr, di, or_, oi, wr, wi;
	int k;

	for (k = k0; k < k1; k++) {
		/* a = X_k, b = conj X_(h-k); Im X_0 and Im X_h count as 0 */
		ar = a[k * ea];
		ai = k ? sg * a[k * ea + 1] : 0;
		br = a[(h - k) * ea];
		bi = k ? -sg * a[(h - k) * ea + 1] : 0;
		er = ar + br;
		ei = ai + bi;
		/* O = (a - b) conj(w^k) (w holds w^k / 2), Z = E + i O */
		wr = 2 * w[2 * k];
		wi = 2 * w[2 * k + 1];
		dr = ar - br;
		di = ai - bi;
		or_ = dr * wr + di * wi;
		oi = di * wr - dr * wi;
		z[2 * k] = er - oi;
		z[2 * k + 1] = ei + or_;
	}
}

/* The same on vectors (ea 2): Z_k = E + i O and Z_(h-k) = conj(E - i O)
 * together, the blocks k.. and ..h - k meeting in the middle */
static inline __attribute__((always_inline)) void
tangle_v(const Real *r, const R *a, ptrdiff_t ea, R *z, int cnj)
{
	const VI rev = REV, swp = SWP;
	const R *wc = r->wv, *ws = r->wv + 2 * (r->n / 2 + 1);
	VR x, b, e, d, o, cj, sx, sb;
	int h = r->n / 2, k = 1, j;

	CONJV(cj);
	sx = cnj ? cj : cj * cj;
	sb = cnj ? cj * cj : cj;
	tangle_s(r->w, h, a, ea, z, 0, 1, cnj ? -1 : 1);
	if (ea == 2)
		for (; k <= h - k && k + VC <= h; k += VC) {
			j = h - k - VC + 1;
			x = *(const VR *)(a + 2 * k) * sx;
			b = __builtin_shuffle(*(const VR *)(a + 2 * j), rev) * sb;
			e = x + b;
			d = x - b;
			/* O = 2 d conj(w^k / 2), i O = -swap(O) cj */
			o = *(const VR *)(wc + 2 * k) * d
			    + *(const VR *)(ws + 2 * k)
			    * __builtin_shuffle(d, swp) * cj;
			o = __builtin_shuffle(o + o, swp) * cj;
			*(VR *)(z + 2 * k) = e - o;
			*(VR *)(z + 2 * j) = __builtin_shuffle((e + o) * cj, rev);
		}
	if (k <= h - k)
		tangle_s(r->w, h, a, ea, z, k, h - k + 1, cnj ? -1 : 1);
}

/* untangle_v and tangle_v compiled for AVX2 and FMA where the compiler
 * targets x86 (and run where the CPU has them), else plain */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(KGEN_NO_SIMD)
__attribute__((target("avx2,fma"))) static void
untangle_avx2(const Real *r, R *b, ptrdiff_t eb)
{
	untangle_v(r, b, eb);
}

__attribute__((target("avx2,fma"))) static void
tangle_avx2(const Real *r, const R *a, ptrdiff_t ea, R *z, int cnj)
{
	tangle_v(r, a, ea, z, cnj);
}

int
PRIV(real_avx2)(void)
{
	return kgen_isa() >= KGEN_ISA_AVX2;
}
#else
#define untangle_avx2 untangle_v
#define tangle_avx2 tangle_v

int
PRIV(real_avx2)(void)
{
	return 0;
}
#endif

static void
untangle(const Real *r, R *b, ptrdiff_t eb)
{
	if (r->avx2)
		untangle_avx2(r, b, eb);
	else
		untangle_v(r, b, eb);
}

static void
tangle(const Real *r, const R *a, ptrdiff_t ea, R *z, int cnj)
{
	if (r->avx2)
		tangle_avx2(r, a, ea, z, cnj);
	else
		tangle_v(r, a, ea, z, cnj);
}

void
PRIV(real_rows_r2c)(const PLAN *p, const PLAN *c, int v, const R *a,
    ptrdiff_t ea, ptrdiff_t va, R *b, ptrdiff_t eb, ptrdiff_t vb, R *s,
    int inpl)
{
	const Real *r = p->real;
	int n = r->n, h = n / 2, j, m, k, q;
	const R *x, *y;
	R *z, *o0, *o1, zr, zi, cr, ci;

	if (n % 2 == 0) {
		if (ea == 1 && (!inpl || (a == b && eb == 2 && va == vb))) {
			cplx(p, c, v, a, a + 1, 2, va, b, b + 1, eb, vb);
		} else {
			for (j = 0; j < v; j++)
				for (m = 0; m < n; m++)
					s[j * n + m] = a[j * va + m * ea];
			cplx(p, c, v, s, s + 1, 2, n, b, b + 1, eb, vb);
		}
		for (j = 0; j < v; j++)
			untangle(r, b + j * vb, eb);
		return;
	}
	/* odd n: rows 2i and 2i + 1 as one complex row */
	q = (v + 1) / 2;
	for (j = 0; j < v; j += 2) {
		x = a + j * va;
		y = x + va;
		z = s + (size_t)j * n;
		if (j + 1 < v)
			for (m = 0; m < n; m++) {
				z[2 * m] = x[m * ea];
				z[2 * m + 1] = y[m * ea];
			}
		else
			for (m = 0; m < n; m++) {
				z[2 * m] = x[m * ea];
				z[2 * m + 1] = 0;
			}
	}
	cplx(p, c, q, s, s + 1, 2, 2 * n, s, s + 1, 2, 2 * n);
	for (j = 0; j < v; j += 2) {
		z = s + (size_t)j * n;
		o0 = b + j * vb;
		o1 = o0 + vb;
		o0[0] = z[0];
		o0[1] = 0;
		if (j + 1 < v) {
			o1[0] = z[1];
			o1[1] = 0;
		}
		for (k = 1; k <= h; k++) {
			zr = z[2 * k];
			zi = z[2 * k + 1];
			cr = z[2 * (n - k)];
			ci = -z[2 * (n - k) + 1];
			o0[k * eb] = (R)0.5 * (zr + cr);
			o0[k * eb + 1] = (R)0.5 * (zi + ci);
			if (j + 1 < v) {
				/* (Z_k - conj Z_(n-k)) / 2i */
				o1[k * eb] = (R)0.5 * (zi - ci);
				o1[k * eb + 1] = (R)0.5 * (cr - zr);
			}
		}
	}
}

void
PRIV(real_rows_c2r)(const PLAN *p, const PLAN *c, int v, const R *a,
    ptrdiff_t ea, ptrdiff_t va, R *b, ptrdiff_t eb, ptrdiff_t vb, R *s,
    int cnj)
{
	const Real *r = p->real;
	int n = r->n, h = n / 2, j, m, k, q, two;
	const R *x, *y;
	R *z, xr, xi, yr, yi;

	/* every row is read into s before b is written: in place works */
	if (n % 2 == 0) {
		for (j = 0; j < v; j++)
			tangle(r, a + j * va, ea, s + (size_t)j * n, cnj);
		/* backward: re and im swapped on both sides */
		if (eb == 1) {
			cplx(p, c, v, s + 1, s, 2, n, b + 1, b, 2, vb);
			return;
		}
		cplx(p, c, v, s + 1, s, 2, n, s + 1, s, 2, n);
		for (j = 0; j < v; j++)
			for (m = 0; m < n; m++)
				b[j * vb + m * eb] = s[j * n + m];
		return;
	}
	q = (v + 1) / 2;
	for (j = 0; j < v; j += 2) {
		x = a + j * va;
		y = x + va;
		two = j + 1 < v;
		z = s + (size_t)j * n;
		z[0] = x[0];
		z[1] = two ? y[0] : 0;
		for (k = 1; k <= h; k++) {
			xr = x[k * ea];
			xi = cnj ? -x[k * ea + 1] : x[k * ea + 1];
			yr = two ? y[k * ea] : 0;
			yi = !two ? 0 : cnj ? -y[k * ea + 1] : y[k * ea + 1];
			/* Z_k = X_k + i Y_k, Z_(n-k) = conj X_k + i conj Y_k */
			z[2 * k] = xr - yi;
			z[2 * k + 1] = xi + yr;
			z[2 * (n - k)] = xr + yi;
			z[2 * (n - k) + 1] = yr - xi;
		}
	}
	cplx(p, c, q, s + 1, s, 2, 2 * n, s + 1, s, 2, 2 * n);
	for (j = 0; j < v; j++) {
		z = s + (size_t)(j & ~1) * n + (j & 1);
		for (m = 0; m < n; m++)
			b[j * vb + m * eb] = z[2 * m];
	}
}

PLAN *
PLAN_R2C(int n, unsigned flags)
{
	return PLAN_R2C_ND(1, &n, flags);
}

PLAN *
PLAN_C2R(int n, unsigned flags)
{
	return PLAN_C2R_ND(1, &n, flags);
}

/* The split API: one row through the scratch past the batch area. */
int
EXECUTE_R2C(const PLAN *p, const R *in, R *ro, R *io)
{
	const Real *r;
	R *t;
	int k;

	if (!p || !in || !ro || !io || !(r = p->real) || r->backward
	    || !r->split)
		return KGEN_EINVAL;
	t = r->buf + r->scr - 2 * (r->n / 2 + 1);
	PRIV(real_rows_r2c)(p, p, 1, in, 1, 0, t, 2, 0, r->buf, 0);
	for (k = 0; k <= r->n / 2; k++) {
		ro[k] = t[2 * k];
		io[k] = t[2 * k + 1];
	}
	return KGEN_OK;
}

int
EXECUTE_C2R(const PLAN *p, const R *ri, const R *ii, R *out)
{
	const Real *r;
	R *t;
	int k;

	if (!p || !ri || !ii || !out || !(r = p->real) || !r->backward
	    || !r->split)
		return KGEN_EINVAL;
	t = r->buf + r->scr - 2 * (r->n / 2 + 1);
	for (k = 0; k <= r->n / 2; k++) {
		t[2 * k] = ri[k];
		t[2 * k + 1] = ii[k];
	}
	PRIV(real_rows_c2r)(p, p, 1, t, 2, 0, out, 1, 0, r->buf, 0);
	return KGEN_OK;
}
