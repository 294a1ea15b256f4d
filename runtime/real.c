/* real.c: whole real-data transforms, FFTW's r2c and c2r.
 * r2c: X_k = sum_j x_j exp(-2 pi i jk/n) for real x, 0 <= k <= n/2.
 * c2r: its unnormalised inverse, x_j = sum_k X_k exp(+2 pi i jk/n) over
 * the Hermitian spectrum (X_(n-k) = conj X_k; Im X_0 and, for even n,
 * Im X_(n/2) are ignored, as FFTW does).
 * An even n = 2h packs the samples into h complex values z_m = x_2m +
 * i x_(2m+1), transforms them with a complex plan of size h and untangles
 * the result: with E, O the DFTs of the even and odd samples,
 *   Z_k = E_k + i O_k,  E_k = (Z_k + conj Z_(h-k)) / 2,
 *   O_k = (Z_k - conj Z_(h-k)) / 2i,  X_k = E_k + w^k O_k  (w = e^-2pi i/n)
 * and c2r runs the same steps backwards.  An odd n uses a complex plan of
 * size n on the real data (twice the work; odd sizes are rare).
 * Reference: Cooley, Lewis and Welch 1970; FFTW's rdft/ (Frigo and
 * Johnson 2005) solves it with r2c codelets instead. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "plan.h"

struct Real {
	int n;
	int backward;       /* c2r */
	R *w;               /* w^k, k = 0..h: 2 (h + 1) */
	R *buf;             /* 4n scratch */
};

void
PRIV(real_free)(Real *r)
{
	if (!r)
		return;
	free(r->w);
	free(r->buf);
	free(r);
}

static PLAN *
plan_real_new(int n, int backward, unsigned flags)
{
	static const long double PI = 3.141592653589793238462643383279503L;
	PLAN *p;
	Real *r;
	int h, k;

	if (n < 1)
		return 0;
	h = n / 2;
	p = PLAN_1D(n % 2 ? n : h, -1, flags);
	r = calloc(1, sizeof *r);
	if (!p || !r) {
		DESTROY(p);
		free(r);
		return 0;
	}
	PRIV(plan_set_real)(p, r);
	r->n = n;
	r->backward = backward;
	r->w = malloc((size_t)2 * (h + 1) * sizeof *r->w);
	r->buf = malloc((size_t)4 * n * sizeof *r->buf);
	if (!r->w || !r->buf) {
		DESTROY(p);
		return 0;
	}
	for (k = 0; k <= h; k++) {
		r->w[2 * k] = (R)cosl(2 * PI * k / n);
		r->w[2 * k + 1] = -(R)sinl(2 * PI * k / n);
	}
	return p;
}

/* The real part of p when it runs in the given direction, else NULL; its
 * scratch split into z = zr + i zi and its transform Z = Zr + i Zi, n
 * elements each. */
static const Real *
scratch(const PLAN *p, int backward, R **zr, R **zi, R **Zr, R **Zi)
{
	const Real *r;

	if (!(r = PRIV(plan_real)(p)) || r->backward != backward)
		return 0;
	*zr = r->buf;
	*zi = *zr + r->n;
	*Zr = *zi + r->n;
	*Zi = *Zr + r->n;
	return r;
}

PLAN *
PLAN_R2C(int n, unsigned flags)
{
	return plan_real_new(n, 0, flags);
}

PLAN *
PLAN_C2R(int n, unsigned flags)
{
	return plan_real_new(n, 1, flags);
}

int
EXECUTE_R2C(const PLAN *p, const R *in, R *ro,
    R *io)
{
	const Real *r;
	R *zr, *zi, *Zr, *Zi, er, ei, or_, oi, wr, wi, ar, ai, br, bi;
	int n, h, k, m;

	if (!p || !in || !ro || !io
	    || !(r = scratch(p, 0, &zr, &zi, &Zr, &Zi)))
		return KGEN_EINVAL;
	n = r->n;
	h = n / 2;
	if (n % 2) {
		memcpy(zr, in, (size_t)n * sizeof *zr);
		memset(zi, 0, (size_t)n * sizeof *zi);
		PRIV(plan_execute_one)(p, zr, zi, 1, Zr, Zi, 1);
		for (k = 0; k <= h; k++) {
			ro[k] = Zr[k];
			io[k] = Zi[k];
		}
		io[0] = 0;
		return KGEN_OK;
	}
	for (m = 0; m < h; m++) {
		zr[m] = in[2 * m];
		zi[m] = in[2 * m + 1];
	}
	PRIV(plan_execute_one)(p, zr, zi, 1, Zr, Zi, 1);
	for (k = 0; k <= h; k++) {
		ar = Zr[k % h];
		ai = Zi[k % h];
		br = Zr[(h - k) % h];
		bi = -Zi[(h - k) % h];
		/* E = (a + b)/2, O = (a - b)/2i, X = E + w^k O */
		er = (ar + br) / 2;
		ei = (ai + bi) / 2;
		or_ = (ai - bi) / 2;
		oi = -(ar - br) / 2;
		wr = r->w[2 * k];
		wi = r->w[2 * k + 1];
		ro[k] = er + wr * or_ - wi * oi;
		io[k] = ei + wr * oi + wi * or_;
	}
	io[0] = io[h] = 0;
	return KGEN_OK;
}

int
EXECUTE_C2R(const PLAN *p, const R *ri, const R *ii,
    R *out)
{
	const Real *r;
	R *zr, *zi, *Zr, *Zi, er, ei, or_, oi, wr, wi, ar, ai, br, bi;
	R dr, di;
	int n, h, k, m;

	if (!p || !ri || !ii || !out
	    || !(r = scratch(p, 1, &zr, &zi, &Zr, &Zi)))
		return KGEN_EINVAL;
	n = r->n;
	h = n / 2;
	if (n % 2) {
		/* the whole Hermitian spectrum, backward by swapping re, im */
		Zr[0] = ri[0];
		Zi[0] = 0;
		for (k = 1; k <= h; k++) {
			Zr[k] = Zr[n - k] = ri[k];
			Zi[k] = ii[k];
			Zi[n - k] = -ii[k];
		}
		PRIV(plan_execute_one)(p, Zi, Zr, 1, zi, zr, 1);
		memcpy(out, zr, (size_t)n * sizeof *out);
		return KGEN_OK;
	}
	for (k = 0; k < h; k++) {
		/* a = X_k, b = conj X_(h-k); Im X_0 and Im X_h count as 0 */
		ar = ri[k];
		ai = k ? ii[k] : 0;
		br = ri[h - k];
		bi = k ? -ii[h - k] : 0;
		er = ar + br;
		ei = ai + bi;
		/* O = (a - b) / w^k = (a - b) conj(w^k) */
		wr = r->w[2 * k];
		wi = r->w[2 * k + 1];
		dr = ar - br;
		di = ai - bi;
		or_ = dr * wr + di * wi;
		oi = di * wr - dr * wi;
		/* Z = E + i O */
		Zr[k] = er - oi;
		Zi[k] = ei + or_;
	}
	PRIV(plan_execute_one)(p, Zi, Zr, 1, zi, zr, 1);
	for (m = 0; m < h; m++) {
		out[2 * m] = zr[m];
		out[2 * m + 1] = zi[m];
	}
	return KGEN_OK;
}
