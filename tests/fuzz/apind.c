/* apind.c: the nd lines of tests/fuzz/apirun.c, the FFTW-style
 * interface of runtime/kgen.h.  KIND 0 complex, 1 r2c, 2 c2r;
 * API 0 kgen_plan_dft (_r2c, _c2r), 1 their _1d/_2d/_3d by rank, 2 the
 * many forms, 3 kgen_plan_guru_dft (complex).  Layout of each side:
 * transform h's element at h DIST + STRIDE (its row-major index), the
 * complex side of a real transform n/2 + 1 long in its last dimension,
 * API 0 and 1 contiguous; in place real, the real side's rows padded to
 * 2 (n/2 + 1) (the many forms: its embed says so, the other's NULL).
 * SPLIT runs a complex plan by kgen_execute on split arrays (strides in
 * doubles), else kgen_execute_dft.  NULLS bits 0-3 make ri (in), ii, ro
 * (out), io NULL, bit 4 the size array (dims for guru).  Checked
 * against a row-column DFT in long double. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "apirun.h"

typedef struct Lay Lay;
struct Lay {
	int rank, cplx;
	long long shape[4], row, s, d, count;   /* count per transform */
};

static long long
at(const Lay *l, long long h, long long e)
{
	long long o = 0, m = 1, i;
	int k;

	for (k = l->rank - 1; k >= 0; k--) {
		i = e % l->shape[k];
		e /= l->shape[k];
		o += i * m;
		m *= k == l->rank - 1 ? l->row : l->shape[k];
	}
	return h * l->d + o * l->s;
}

static void
extent(const Lay *l, long long v, long long *lo, long long *hi)
{
	long long m = 1, a;
	int k;

	*lo = *hi = 0;
	for (k = l->rank; k >= 0; k--) {
		a = k == l->rank ? (v - 1) * l->d
		    : (l->shape[k] - 1) * m * l->s;
		*lo += a < 0 ? a : 0;
		*hi += a > 0 ? a : 0;
		if (k < l->rank)
			m *= k == l->rank - 1 ? l->row : l->shape[k];
	}
}

/* The DFT of x (n[0] x .. x n[rank-1], row-major) in place, by 1-D
 * DFTs along each dimension. */
static void
dftnd(long double *xr, long double *xi, int rank, const long long *n,
    int sign)
{
	const long double pi = 3.141592653589793238462643383279502884L;
	long long tot = 1, inner = 1, len, j, k, m, b;
	long double *tr, *ti, c, s;
	int d;

	for (d = 0; d < rank; d++)
		tot *= n[d];
	for (d = rank - 1; d >= 0; d--) {
		len = n[d];
		tr = malloc(len * sizeof *tr);
		ti = malloc(len * sizeof *ti);
		for (b = 0; b < tot; b++) {
			if (b / inner % len)
				continue;   /* b: the first of its line */
			for (k = 0; k < len; k++) {
				tr[k] = ti[k] = 0;
				for (m = 0; m < len; m++) {
					j = b + m * inner;
					c = cosl(2 * pi * (m * k % len) / len);
					s = sign * sinl(2 * pi * (m * k % len)
					    / len);
					tr[k] += xr[j] * c - xi[j] * s;
					ti[k] += xr[j] * s + xi[j] * c;
				}
			}
			for (k = 0; k < len; k++) {
				xr[b + k * inner] = tr[k];
				xi[b + k * inner] = ti[k];
			}
		}
		free(tr);
		free(ti);
		inner *= len;
	}
}

/* a b, saturated: a layout that large is refused all the same */
static long long
mul(long long a, long long b)
{
	long long c;

	if (__builtin_mul_overflow(a, b, &c))
		return (a < 0) != (b < 0) ? -LLONG_MAX : LLONG_MAX;
	return c;
}

/* The embed of side l for the many calls: NULL (the sizes) where its
 * rows are not padded, else its shape with the padded row (in place
 * real: FFTW's 2 (n/2 + 1) reals). */
static const int *
embed(const Lay *l, int *e)
{
	int k;

	if (l->rank < 1 || l->row == l->shape[l->rank - 1])
		return NULL;
	for (k = 0; k < l->rank; k++)
		e[k] = l->shape[k];
	e[l->rank - 1] = l->row;
	return e;
}

static void *
mkplan(int prec, int kind, int api, int rank, int *n, int howmany,
    const Lay *li, const Lay *lo, int sign, unsigned flags, int nonull)
{
	kgen_iodim d[4], v;
	long long m = 1;
	int k, f = prec == KGEN_FLOAT, r1 = rank >= 1 && rank <= 3;
	int *nn = nonull ? NULL : n, ieb[4], oeb[4];
	const int *ie, *oe;

	if (api == 1 && r1 && kind == 0)
		return f ? (void *)(rank == 1 ? kgen_planf_dft_1d(n[0], sign,
		    flags) : rank == 2 ? kgen_planf_dft_2d(n[0], n[1], sign,
		    flags) : kgen_planf_dft_3d(n[0], n[1], n[2], sign, flags))
		    : (void *)(rank == 1 ? kgen_plan_dft_1d(n[0], sign, flags)
		    : rank == 2 ? kgen_plan_dft_2d(n[0], n[1], sign, flags)
		    : kgen_plan_dft_3d(n[0], n[1], n[2], sign, flags));
	if (api == 1 && r1 && kind == 1)
		return f ? (void *)(rank == 1 ? kgen_planf_dft_r2c_1d(n[0],
		    flags) : rank == 2 ? kgen_planf_dft_r2c_2d(n[0], n[1],
		    flags) : kgen_planf_dft_r2c_3d(n[0], n[1], n[2], flags))
		    : (void *)(rank == 1 ? kgen_plan_dft_r2c_1d(n[0], flags)
		    : rank == 2 ? kgen_plan_dft_r2c_2d(n[0], n[1], flags)
		    : kgen_plan_dft_r2c_3d(n[0], n[1], n[2], flags));
	if (api == 1 && r1 && kind == 2)
		return f ? (void *)(rank == 1 ? kgen_planf_dft_c2r_1d(n[0],
		    flags) : rank == 2 ? kgen_planf_dft_c2r_2d(n[0], n[1],
		    flags) : kgen_planf_dft_c2r_3d(n[0], n[1], n[2], flags))
		    : (void *)(rank == 1 ? kgen_plan_dft_c2r_1d(n[0], flags)
		    : rank == 2 ? kgen_plan_dft_c2r_2d(n[0], n[1], flags)
		    : kgen_plan_dft_c2r_3d(n[0], n[1], n[2], flags));
	if (api <= 1)
		return kind == 0 ? (f ? (void *)kgen_planf_dft(rank, nn, sign,
		    flags) : (void *)kgen_plan_dft(rank, nn, sign, flags))
		    : kind == 1 ? (f ? (void *)kgen_planf_dft_r2c(rank, nn,
		    flags) : (void *)kgen_plan_dft_r2c(rank, nn, flags))
		    : (f ? (void *)kgen_planf_dft_c2r(rank, nn, flags)
		    : (void *)kgen_plan_dft_c2r(rank, nn, flags));
	if (api == 3 && kind == 0 && rank >= 0 && rank <= 4) {
		for (k = rank - 1; k >= 0; k--) {
			d[k].n = n[k];
			d[k].is = mul(li->s, m);
			d[k].os = mul(lo->s, m);
			m = mul(m, n[k]);
		}
		v.n = howmany;
		v.is = li->d;
		v.os = lo->d;
		return f ? (void *)kgen_planf_guru_dft(rank, nonull ? NULL : d,
		    1, &v, sign, flags) : (void *)kgen_plan_guru_dft(rank,
		    nonull ? NULL : d, 1, &v, sign, flags);
	}
	if (kind == 0)
		return f ? (void *)kgen_planf_many_dft_nd(rank, nn, howmany,
		    NULL, li->s, li->d, NULL, lo->s, lo->d, sign, flags)
		    : (void *)kgen_plan_many_dft_nd(rank, nn, howmany, NULL,
		    li->s, li->d, NULL, lo->s, lo->d, sign, flags);
	ie = embed(li, ieb);
	oe = embed(lo, oeb);
	if (kind == 1)
		return f ? (void *)kgen_planf_many_dft_r2c(rank, nn, howmany,
		    ie, li->s, li->d, oe, lo->s, lo->d, flags)
		    : (void *)kgen_plan_many_dft_r2c(rank, nn, howmany, ie,
		    li->s, li->d, oe, lo->s, lo->d, flags);
	return f ? (void *)kgen_planf_many_dft_c2r(rank, nn, howmany, ie,
	    li->s, li->d, oe, lo->s, lo->d, flags)
	    : (void *)kgen_plan_many_dft_c2r(rank, nn, howmany, ie, li->s,
	    li->d, oe, lo->s, lo->d, flags);
}

static void
lay(Lay *l, int rank, const int *n, int half, int cplx, long long s,
    long long d)
{
	int k;

	l->rank = rank;
	l->cplx = cplx;
	l->count = 1;
	for (k = 0; k < rank; k++) {
		l->shape[k] = n[k];
		if (k == rank - 1 && half)
			l->shape[k] = n[k] / 2 + 1;
		l->count *= l->shape[k];
	}
	l->row = l->shape[rank - 1];
	l->s = s;
	l->d = d;
}

/* Element e of transform h, part q (0 re, 1 im) of side l in arrays
 * a (re, or interleaved) and b (im, split). */
static double
nget(const Lay *l, int split, const Arr *a, const Arr *b, long long zero,
    long long h, long long e, int q)
{
	long long o = at(l, h, e);

	if (!l->cplx)
		return q ? 0 : get(a, zero + o);
	return split ? get(q ? b : a, zero + o) : get(a, zero + 2 * o + q);
}

static void
nset(const Lay *l, int split, Arr *a, Arr *b, long long zero, long long h,
    long long e, int q, double v)
{
	long long o = at(l, h, e);

	if (!l->cplx)
		set(a, zero + o, v);
	else if (split)
		set(q ? b : a, zero + o, v);
	else
		set(a, zero + 2 * o + q, v);
}

void
nd(long long *x)
{
	int prec = x[0], kind = x[1], api = x[2], rank = x[3], n[4];
	int howmany = x[8], sign = x[13], inplace = x[15], split = x[16];
	int nulls = x[17], side = x[18], exec = x[19], st, k, f;
	unsigned flags = x[14];
	size_t size = prec == KGEN_FLOAT ? sizeof(float) : sizeof(double);
	long long tot = 1, h, e, ilo, ihi, olo, ohi, zi, zo, sum = 0, len;
	long long nn[4];
	long double *zr, *zim, big = 0, worst = 0, dr, di;
	void *p;
	Lay li = {0}, lo = {0};
	Arr ri, ii, ro, io, cr, ci;
	double err = -1;

	f = prec == KGEN_FLOAT;
	for (k = 0; k < 4; k++)
		n[k] = x[4 + k];
	if (kind)
		sign = kind == 1 ? -1 : 1;
	if (rank >= 1 && rank <= 4) {
		lay(&li, rank, n, kind == 2, kind != 1, x[9], x[11]);
		lay(&lo, rank, n, kind == 1, kind != 2, x[10], x[12]);
	} else {
		memset(&li, 0, sizeof li);
		memset(&lo, 0, sizeof lo);
	}
	if (api <= 1) {   /* contiguous, one transform */
		howmany = 1;
		li.s = lo.s = 1;
	}
	if (inplace && kind && rank >= 1 && rank <= 4)   /* FFTW's padding */
		(kind == 1 ? &li : &lo)->row = 2 * (n[rank - 1] / 2 + 1);
	p = mkplan(prec, kind, api, rank, n, howmany, &li, &lo, sign, flags,
	    nulls >> 4 & 1);
	if (!p) {
		printf("%d -1 0\n", NOPLAN);
		return;
	}
	for (k = 0; k < rank; k++) {
		tot *= nn[k] = n[k];
		sum += n[k];
	}
	if (rank < 1 || rank > 4 || howmany < 1 || !exec
	    || tot * howmany > 1 << 20
	    || llabs(x[9]) > 1 << 20 || llabs(x[10]) > 1 << 20
	    || llabs(x[11]) > 1 << 24 || llabs(x[12]) > 1 << 24) {
		if (f)
			kgen_destroyf(p);
		else
			kgen_destroy(p);
		printf("%d -1 0\n", MADE);
		return;
	}
	split = split && !kind;
	if (api <= 1)
		li.d = lo.d = 0;
	extent(&li, howmany, &ilo, &ihi);
	extent(&lo, howmany, &olo, &ohi);
	if (inplace) {   /* one array for both sides, in scalars */
		ilo = (li.cplx && !split ? 2 : 1) * ilo;
		ihi = (li.cplx && !split ? 2 : 1) * ihi + (li.cplx && !split);
		olo = (lo.cplx && !split ? 2 : 1) * olo;
		ohi = (lo.cplx && !split ? 2 : 1) * ohi + (lo.cplx && !split);
		ilo = olo = ilo < olo ? ilo : olo;
		ihi = ohi = ihi > ohi ? ihi : ohi;
		zi = zo = -ilo;
		len = ihi - ilo + 1;
		ri = alloc(len, size, side);
		ii = split ? alloc(len, size, side) : ri;
		ro = ri;
		io = ii;
	} else {
		k = li.cplx && !split ? 2 : 1;
		ri = alloc(k * (ihi - ilo + 1), size, side);
		ii = split ? alloc(ihi - ilo + 1, size, side) : ri;
		zi = -k * ilo;
		k = lo.cplx && !split ? 2 : 1;
		ro = alloc(k * (ohi - olo + 1), size, side);
		io = split ? alloc(ohi - olo + 1, size, side) : ro;
		zo = -k * olo;
	}
	/* the inputs, and the whole complex input of the reference */
	zr = calloc(tot * howmany, sizeof *zr);
	zim = calloc(tot * howmany, sizeof *zim);
	for (h = 0; h < howmany; h++)
		for (e = 0; e < li.count; e++)
			for (k = 0; k < 1 + li.cplx; k++)
				nset(&li, split, &ri, &ii, zi, h, e, k,
				    uniform());
	for (h = 0; h < howmany; h++)
		for (e = 0; e < tot; e++) {
			long long c = e, idx[4] = {0}, q = e;
			int conj = 0;

			if (kind == 2) {   /* the half spectrum, extended */
				for (k = rank - 1; k >= 0; k--) {
					idx[k] = q % n[k];
					q /= n[k];
				}
				conj = idx[rank - 1] > n[rank - 1] / 2;
				for (c = 0, k = 0; k < rank; k++)
					c = c * li.shape[k] + (conj ? (n[k]
					    - idx[k]) % n[k] : idx[k]);
			}
			zr[h * tot + e] = nget(&li, split, &ri, &ii, zi, h, c,
			    0);
			zim[h * tot + e] = (conj ? -1 : 1) * nget(&li, split,
			    &ri, &ii, zi, h, c, 1);
		}
	cr = copy(&ri);
	ci = split ? copy(&ii) : cr;
	{
		void *a0 = base(&ri, 0, nulls, -zi), *a1 = base(&ii, 1,
		    nulls, -zi), *a2 = base(&ro, 2, nulls, -zo);
		void *a3 = base(&io, 3, nulls, -zo);

		if (kind == 1)
			st = f ? kgen_executef_dft_r2c(p, a0, a2)
			    : kgen_execute_dft_r2c(p, a0, a2);
		else if (kind == 2)
			st = f ? kgen_executef_dft_c2r(p, a0, a2)
			    : kgen_execute_dft_c2r(p, a0, a2);
		else if (split)
			st = f ? kgen_executef(p, a0, a1, a2, a3)
			    : kgen_execute(p, a0, a1, a2, a3);
		else
			st = f ? kgen_executef_dft(p, a0, a2)
			    : kgen_execute_dft(p, a0, a2);
	}
	if (st == KGEN_OK && tot * sum * howmany <= 1 << 22) {
		for (h = 0; h < howmany; h++) {
			dftnd(zr + h * tot, zim + h * tot, rank, nn, sign);
			for (e = 0; e < lo.count; e++) {
				long long c = e;

				if (kind == 1)   /* the kept half */
					c = e / lo.row * n[rank - 1]
					    + e % lo.row;
				dr = nget(&lo, split, &ro, &io, zo, h, e, 0)
				    - zr[h * tot + c];
				di = lo.cplx ? nget(&lo, split, &ro, &io, zo,
				    h, e, 1) - zim[h * tot + c] : 0;
				dr = hypotl(dr, di);
				worst = dr > worst || dr != dr ? dr : worst;
				dr = hypotl(zr[h * tot + c], lo.cplx ?
				    zim[h * tot + c] : 0);
				big = dr > big ? dr : big;
			}
		}
		err = (double)(big > 0 ? worst / big : worst);
	}
	printf("%d %.3g %d\n", st, err, st != KGEN_OK && (inplace
	    ? memcmp(ri.p, cr.p, ri.len * size) || (split
	    && memcmp(ii.p, ci.p, ii.len * size)) : touched(&ro)
	    || (split && touched(&io))));
	if (f)
		kgen_destroyf(p);
	else
		kgen_destroy(p);
	free(zr);
	free(zim);
	release(&ri);
	release(&cr);
	if (split) {
		release(&ii);
		release(&ci);
	}
	if (!inplace) {
		release(&ro);
		if (split)
			release(&io);
	}
}
