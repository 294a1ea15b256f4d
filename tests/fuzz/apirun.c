/* apirun.c: runs calls of libkgen's API described on standard input, one
 * per line, for tests/fuzz/api.py, and prints one line per call:
 *   STATUS ERROR TOUCHED
 * STATUS is what the call returned (plans: what the execute returned,
 * MADE when not run, NOPLAN for NULL), ERROR
 * the largest error of the result against a direct O(n^2) DFT in long
 * double (or a naive GEMM), relative to the largest output, or -1 when
 * not compared, and TOUCHED 1 when a call that failed wrote its output.
 * Python judges; this program only measures.
 *
 * Every array the library sees is exactly as large as the call's layout
 * needs and ends (SIDE 0) or starts (SIDE 1) at a page the harness made
 * inaccessible, so a read or write past it faults in any build, and
 * ASan or UBSan report what they see in the library's own code.
 *
 * Lines (P: 1 double, 2 float; NULLS: bit i makes array i NULL):
 *   dft P N SIGN V IS OS IVS OVS INPLACE NULLS SIDE
 *   plan P N HOWMANY STRIDE DIST SIGN INPLACE NULLS SIDE EXEC
 *   real P DIR N NULLS SIDE EXEC          (DIR 0 r2c, 1 c2r)
 *   gemm M N K LDA LDB LDC NULLS SIDE
 *   nd P KIND API RANK N0 N1 N2 N3 HOWMANY IS OS IDIST ODIST SIGN FLAGS
 *      INPLACE SPLIT NULLS SIDE EXEC       (the FFTW-style interface)
 *   fast N
 *   misc N        (kgen_strerror, kgen_lookup, kgen_n1*_isa, ...) */
#define _DEFAULT_SOURCE  /* MAP_ANONYMOUS */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "kgen.h"

#define SENTINEL 12345.0
#define NOPLAN (-100)   /* a plan function returned NULL */
#define MADE 1          /* the plan was made, not run (EXEC 0, or huge) */

typedef struct Arr Arr;
struct Arr {
	void *map;      /* the mapping: the array and its guard page */
	size_t maplen;
	char *p;        /* the array: len elements of size */
	size_t len, size;
};

static size_t page;
static unsigned long long rnd = 1;

static double
uniform(void)
{
	rnd = rnd * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rnd >> 11) / 9007199254740992.0 * 2 - 1;
}

/* An array of len elements of size bytes beside an inaccessible page,
 * after it (side 0) or before it (side 1); filled with SENTINEL. */
static Arr
alloc(size_t len, size_t size, int side)
{
	Arr a;
	size_t bytes, i;

	a.len = len ? len : 1;
	a.size = size;
	bytes = (a.len * size + page - 1) / page * page;
	a.maplen = bytes + page;
	a.map = mmap(NULL, a.maplen, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a.map == MAP_FAILED) {
		perror("apirun: mmap");
		exit(3);
	}
	if (side == 0) {
		mprotect((char *)a.map + bytes, page, PROT_NONE);
		a.p = (char *)a.map + bytes - a.len * size;
	} else {
		mprotect(a.map, page, PROT_NONE);
		a.p = (char *)a.map + page;
	}
	for (i = 0; i < a.len; i++)
		if (size == sizeof(double))
			((double *)a.p)[i] = SENTINEL;
		else
			((float *)a.p)[i] = (float)SENTINEL;
	return a;
}

static void
release(Arr *a)
{
	munmap(a->map, a->maplen);
}

static double
get(const Arr *a, ptrdiff_t i)
{
	return a->size == sizeof(double) ? ((double *)a->p)[i]
	    : ((float *)a->p)[i];
}

static void
set(Arr *a, ptrdiff_t i, double v)
{
	if (a->size == sizeof(double))
		((double *)a->p)[i] = v;
	else
		((float *)a->p)[i] = (float)v;
}

static int
touched(const Arr *a)
{
	size_t i;

	for (i = 0; i < a->len; i++)
		if (get(a, i) != SENTINEL)
			return 1;
	return 0;
}

/* The offsets m*s + j*d (0 <= m < n, 0 <= j < v) span [*lo, *hi]. */
static void
span(long long n, long long s, long long v, long long d, long long *lo,
    long long *hi)
{
	long long a = (n - 1) * s, b = (v - 1) * d;

	*lo = (a < 0 ? a : 0) + (b < 0 ? b : 0);
	*hi = (a > 0 ? a : 0) + (b > 0 ? b : 0);
}

/* The largest |X - DFT(x)| over v transforms of size n, relative to the
 * largest |DFT(x)|; x and X as (arrays, base offsets, strides). */
static double
dfterr(int n, int sign, long long v, const Arr *xr, const Arr *xi,
    long long xb, long long is, long long ivs, const Arr *yr,
    const Arr *yi, long long yb, long long os, long long ovs)
{
	long double *c = malloc(n * sizeof *c), *s = malloc(n * sizeof *s);
	long double sr, si, x, y, e, big = 0, worst = 0;
	long long j, k, m;
	const long double pi = 3.141592653589793238462643383279502884L;

	for (m = 0; m < n; m++) {
		c[m] = cosl(2 * pi * m / n);
		s[m] = sign * sinl(2 * pi * m / n);
	}
	for (j = 0; j < v; j++)
		for (k = 0; k < n; k++) {
			sr = si = 0;
			for (m = 0; m < n; m++) {
				x = get(xr, xb + j * ivs + m * is);
				y = get(xi, xb + j * ivs + m * is);
				sr += x * c[m * k % n] - y * s[m * k % n];
				si += x * s[m * k % n] + y * c[m * k % n];
			}
			e = hypotl(get(yr, yb + j * ovs + k * os) - sr,
			    get(yi, yb + j * ovs + k * os) - si);
			worst = e > worst ? e : worst;
			big = hypotl(sr, si) > big ? hypotl(sr, si) : big;
		}
	free(c);
	free(s);
	return (double)(big > 0 ? worst / big : worst);
}

/* Fills the elements of a transform layout with random values. */
static void
fill(Arr *r, Arr *i, long long b, long long n, long long s, long long v,
    long long d)
{
	long long j, m;

	for (j = 0; j < v; j++)
		for (m = 0; m < n; m++) {
			set(r, b + j * d + m * s, uniform());
			set(i, b + j * d + m * s, uniform());
		}
}

/* A copy of a: the input kept for the reference, as an in-place call
 * overwrites it. */
static Arr
copy(const Arr *a)
{
	Arr c = alloc(a->len, a->size, 0);

	memcpy(c.p, a->p, a->len * a->size);
	return c;
}

/* Array a as the library sees it: NULL when bit k of nulls is set, else
 * the address of offset 0 of a layout whose lowest offset lo is a[0]. */
static void *
base(const Arr *a, int k, int nulls, long long lo)
{
	return nulls >> k & 1 ? NULL : a->p - lo * (long long)a->size;
}

static void
dft(long long *x)
{
	int prec = x[0], n = x[1], sign = x[2], st;
	long long v = x[3], is = x[4], os = x[5], ivs = x[6], ovs = x[7];
	int inplace = x[8], nulls = x[9], side = x[10];
	long long ilo, ihi, olo, ohi, cells;
	int big;
	size_t size = prec == KGEN_FLOAT ? sizeof(float) : sizeof(double);
	Arr ri, ii, ro, io, cr, ci;
	double err = -1;

	if (inplace) {
		os = is;
		ovs = ivs;
	}
	ilo = ihi = olo = ohi = 0;
	big = v <= 0 || n <= 0 || v > 1 << 22 || n > 1 << 22
	    || llabs(is) > 1 << 22 || llabs(os) > 1 << 22
	    || llabs(ivs) > 1 << 22 || llabs(ovs) > 1 << 22;
	if (!big) {
		span(n, is, v, ivs, &ilo, &ihi);
		span(n, os, v, ovs, &olo, &ohi);
		cells = (ihi - ilo + 1) + (ohi - olo + 1);
		big = cells > 1 << 22;
	}
	if (big)        /* one element each: the call must be refused */
		ilo = ihi = olo = ohi = 0;
	ri = alloc(ihi - ilo + 1, size, side);
	ii = alloc(ihi - ilo + 1, size, side);
	if (!big)
		fill(&ri, &ii, -ilo, n, is, v, ivs);
	cr = copy(&ri);
	ci = copy(&ii);
	ro = inplace ? ri : alloc(ohi - olo + 1, size, side);
	io = inplace ? ii : alloc(ohi - olo + 1, size, side);
	if (prec == KGEN_FLOAT)
		st = kgen_dftf(n, sign, base(&ri, 0, nulls, ilo),
		    base(&ii, 1, nulls, ilo),
		    base(&ro, 2, nulls, olo),
		    base(&io, 3, nulls, olo), is, os, v, ivs, ovs);
	else
		st = kgen_dft(n, sign, base(&ri, 0, nulls, ilo),
		    base(&ii, 1, nulls, ilo),
		    base(&ro, 2, nulls, olo),
		    base(&io, 3, nulls, olo), is, os, v, ivs, ovs);
	if (st == KGEN_OK && !big && (long long)n * n * v <= 1 << 22)
		err = dfterr(n, sign, v, &cr, &ci, -ilo, is, ivs, &ro, &io,
		    -olo, os, ovs);
	printf("%d %.3g %d\n", st, err, st != KGEN_OK && !inplace
	    && (touched(&ro) || touched(&io)));
	release(&ri);
	release(&ii);
	release(&cr);
	release(&ci);
	if (!inplace) {
		release(&ro);
		release(&io);
	}
}

/* A complex plan of either precision, made, run and destroyed. */
static void
plan(long long *x)
{
	int prec = x[0], n = x[1], howmany = x[2], sign = x[5];
	long long stride = x[3], dist = x[4];
	int inplace = x[6], nulls = x[7], side = x[8], exec = x[9], st;
	size_t size = prec == KGEN_FLOAT ? sizeof(float) : sizeof(double);
	kgen_plan *p = NULL;
	kgen_planf *pf = NULL;
	long long lo, hi;
	Arr ri, ii, ro, io, cr, ci;
	double err = -1;

	if (prec == KGEN_FLOAT)
		pf = kgen_planf_many_dft(n, howmany, stride, dist, sign, 0);
	else
		p = kgen_plan_many_dft(n, howmany, stride, dist, sign, 0);
	if (!p && !pf) {   /* kgen_destroy(NULL) is not documented */
		printf("%d -1 0\n", NOPLAN);
		return;
	}
	span(n, stride, howmany, dist, &lo, &hi);
	if (!exec || hi - lo + 1 > 1 << 22) {
		if (p)
			kgen_destroy(p);
		else
			kgen_destroyf(pf);
		printf("%d -1 0\n", MADE);
		return;
	}
	ri = alloc(hi - lo + 1, size, side);
	ii = alloc(hi - lo + 1, size, side);
	fill(&ri, &ii, -lo, n, stride, howmany, dist);
	cr = copy(&ri);
	ci = copy(&ii);
	ro = inplace ? ri : alloc(hi - lo + 1, size, side);
	io = inplace ? ii : alloc(hi - lo + 1, size, side);
	if (pf)
		st = kgen_executef(pf, base(&ri, 0, nulls, lo),
		    base(&ii, 1, nulls, lo),
		    base(&ro, 2, nulls, lo),
		    base(&io, 3, nulls, lo));
	else
		st = kgen_execute(p, base(&ri, 0, nulls, lo),
		    base(&ii, 1, nulls, lo),
		    base(&ro, 2, nulls, lo),
		    base(&io, 3, nulls, lo));
	if (st == KGEN_OK && (long long)n * n * howmany <= 1 << 22)
		err = dfterr(n, sign, howmany, &cr, &ci, -lo, stride, dist,
		    &ro, &io, -lo, stride, dist);
	printf("%d %.3g %d\n", st, err, st != KGEN_OK && !inplace
	    && (touched(&ro) || touched(&io)));
	if (p)
		kgen_destroy(p);
	else
		kgen_destroyf(pf);
	release(&ri);
	release(&ii);
	release(&cr);
	release(&ci);
	if (!inplace) {
		release(&ro);
		release(&io);
	}
}

/* A real plan: r2c checked against the complex DFT of its input, c2r
 * against the DFT (sign +1) of the Hermitian spectrum it reads. */
static void
real(long long *x)
{
	int prec = x[0], dir = x[1], n = x[2], nulls = x[3], side = x[4];
	int exec = x[5], st, h, k;
	size_t size = prec == KGEN_FLOAT ? sizeof(float) : sizeof(double);
	void *p, *a0, *a1, *a2;
	Arr re, cr, ci, zr, zi, fr, fi;
	double err = -1;

	if (prec == KGEN_FLOAT)
		p = dir ? (void *)kgen_planf_dft_c2r_1d(n, 0)
		    : (void *)kgen_planf_dft_r2c_1d(n, 0);
	else
		p = dir ? (void *)kgen_plan_dft_c2r_1d(n, 0)
		    : (void *)kgen_plan_dft_r2c_1d(n, 0);
	if (!p) {
		printf("%d -1 0\n", NOPLAN);
		return;
	}
	if (!exec || n > 1 << 20) {
		if (prec == KGEN_FLOAT)
			kgen_destroyf(p);
		else
			kgen_destroy(p);
		printf("%d -1 0\n", MADE);
		return;
	}
	h = n / 2 + 1;
	re = alloc(n, size, side);
	cr = alloc(h, size, side);
	ci = alloc(h, size, side);
	zr = alloc(n, sizeof(double), 0);   /* the full complex input */
	zi = alloc(n, sizeof(double), 0);
	fr = alloc(n, sizeof(double), 0);   /* and the output as complex */
	fi = alloc(n, sizeof(double), 0);
	for (k = 0; k < n; k++)
		set(&zi, k, 0);
	if (dir == 0)
		for (k = 0; k < n; k++) {
			set(&re, k, uniform());
			set(&zr, k, get(&re, k));
		}
	else {
		for (k = 0; k < h; k++) {
			set(&cr, k, uniform());
			set(&ci, k, k == 0 || 2 * k == n ? 0 : uniform());
		}
		for (k = 0; k < n; k++) {
			int m = k < h ? k : n - k;
			set(&zr, k, get(&cr, m));
			set(&zi, k, k < h ? get(&ci, m) : -get(&ci, m));
		}
	}
	/* the execute's three arrays, in the order it takes them */
	a0 = base(dir ? &cr : &re, 0, nulls, 0);
	a1 = base(dir ? &ci : &cr, 1, nulls, 0);
	a2 = base(dir ? &re : &ci, 2, nulls, 0);
	if (prec == KGEN_FLOAT)
		st = dir ? kgen_executef_c2r(p, a0, a1, a2)
		    : kgen_executef_r2c(p, a0, a1, a2);
	else
		st = dir ? kgen_execute_c2r(p, a0, a1, a2)
		    : kgen_execute_r2c(p, a0, a1, a2);
	if (st == KGEN_OK && (long long)n * n <= 1 << 22) {
		/* the outputs as a complex array; a real one's other half is
		 * the conjugate, checked through the same DFT */
		for (k = 0; k < n; k++) {
			int m = k < h ? k : n - k;
			set(&fr, k, dir ? get(&re, k) : get(&cr, m));
			set(&fi, k, dir ? 0 : k < h ? get(&ci, m)
			    : -get(&ci, m));
		}
		err = dfterr(n, dir ? 1 : -1, 1, &zr, &zi, 0, 1, 0, &fr, &fi,
		    0, 1, 0);
	}
	printf("%d %.3g %d\n", st, err, st != KGEN_OK && (dir ? touched(&re)
	    : touched(&cr) || touched(&ci)));
	if (prec == KGEN_FLOAT)
		kgen_destroyf(p);
	else
		kgen_destroy(p);
	release(&re);
	release(&cr);
	release(&ci);
	release(&zr);
	release(&zi);
	release(&fr);
	release(&fi);
}

/* ---- nd: the FFTW-style interface.  KIND 0 complex, 1 r2c, 2 c2r;
 * API 0 kgen_plan_dft (_r2c, _c2r), 1 their _1d/_2d/_3d by rank, 2 the
 * many forms, 3 kgen_plan_guru_dft (complex).  Layout of each side:
 * transform h's element at h DIST + STRIDE (its row-major index), the
 * complex side of a real transform n/2 + 1 long in its last dimension,
 * API 0 and 1 contiguous (in place real: rows padded to 2 (n/2 + 1)).
 * SPLIT runs a complex plan by kgen_execute on split arrays (strides in
 * doubles), else kgen_execute_dft.  NULLS bits 0-3 make ri (in), ii, ro
 * (out), io NULL, bit 4 the size array (dims for guru).  Checked
 * against a row-column DFT in long double. */
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

static void *
mkplan(int prec, int kind, int api, int rank, int *n, int howmany,
    const Lay *li, const Lay *lo, int sign, unsigned flags, int nonull)
{
	kgen_iodim d[4], v;
	long long m = 1;
	int k, f = prec == KGEN_FLOAT, r1 = rank >= 1 && rank <= 3;
	int *nn = nonull ? NULL : n;

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
	if (kind == 1)
		return f ? (void *)kgen_planf_many_dft_r2c(rank, nn, howmany,
		    NULL, li->s, li->d, NULL, lo->s, lo->d, flags)
		    : (void *)kgen_plan_many_dft_r2c(rank, nn, howmany, NULL,
		    li->s, li->d, NULL, lo->s, lo->d, flags);
	return f ? (void *)kgen_planf_many_dft_c2r(rank, nn, howmany, NULL,
	    li->s, li->d, NULL, lo->s, lo->d, flags)
	    : (void *)kgen_plan_many_dft_c2r(rank, nn, howmany, NULL, li->s,
	    li->d, NULL, lo->s, lo->d, flags);
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

static void
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
	Lay li, lo;
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
		if (inplace && kind && rank >= 1 && rank <= 4)
			(kind == 1 ? &li : &lo)->row = 2 * (n[rank - 1] / 2 + 1);
	}
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
			long long c = e, idx[4], q = e;
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

/* kgen_dgemm; C starts random and is compared with a naive product. */
static void
gemm(long long *x)
{
	int m = x[0], n = x[1], k = x[2], nulls = x[6], side = x[7], st;
	long long lda = x[3], ldb = x[4], ldc = x[5], la, lb, lc, i, j, p;
	Arr a, b, c, c0;
	double err = -1, e;
	long double s;

	/* exactly the elements the layout names, when that is small; else
	 * one element each, and the call must be refused */
	la = lb = lc = 0;
	if (m > 0 && n > 0 && k > 0 && m < 1 << 12 && n < 1 << 12
	    && k < 1 << 12 && lda > 0 && ldb > 0 && ldc > 0
	    && lda < 1 << 20 && ldb < 1 << 20 && ldc < 1 << 20) {
		la = (k - 1) * lda + m;
		lb = (n - 1) * ldb + k;
		lc = (n - 1) * ldc + m;
	}
	a = alloc(la, sizeof(double), side);
	b = alloc(lb, sizeof(double), side);
	c = alloc(lc, sizeof(double), side);
	for (i = 0; i < la; i++)
		set(&a, i, uniform());
	for (i = 0; i < lb; i++)
		set(&b, i, uniform());
	for (i = 0; i < lc; i++)
		set(&c, i, uniform());
	c0 = copy(&c);
	st = kgen_dgemm(m, n, k, base(&a, 0, nulls, 0), lda,
	    base(&b, 1, nulls, 0), ldb, base(&c, 2, nulls, 0), ldc);
	if (st == KGEN_OK && lc && (long long)m * n * k <= 1 << 24) {
		err = 0;
		for (i = 0; i < m; i++)
			for (j = 0; j < n; j++) {
				s = get(&c0, i + j * ldc);
				for (p = 0; p < k; p++)
					s += (long double)get(&a, i + p * lda)
					    * get(&b, p + j * ldb);
				e = fabs((double)(get(&c, i + j * ldc) - s))
				    / (k + 1);
				err = e > err ? e : err;
			}
	}
	printf("%d %.3g %d\n", st, err, st != KGEN_OK
	    && memcmp(c.p, c0.p, c.len * c.size) != 0);
	release(&a);
	release(&b);
	release(&c);
	release(&c0);
}

/* The functions that take a number and return a pointer or a number:
 * prints 0 when each kept its documented contract, else which not. */
static void
misc(long long *x)
{
	int n = x[0], bad = 0, isa, prec;

	if (!kgen_strerror(n))
		bad |= 1;
	for (prec = 0; prec <= 3; prec++)
		if ((kgen_lookup(n, prec) != NULL) != (n >= 1
		    && n <= KGEN_N1_MAX && (prec == 1 || prec == 2)))
			bad |= 2;
	for (isa = -1; isa <= 4; isa++) {
		int ok = n >= 1 && n <= KGEN_N1_MAX && isa >= 0 && isa <= 3
		    && kgen_isa_supported(isa);
		if ((kgen_n1_isa(n, isa) != NULL) != ok
		    || (kgen_n1f_isa(n, isa) != NULL) != ok)
			bad |= 4;
		if ((kgen_n1w_isa(n, isa) && !ok) || (kgen_n1wf_isa(n, isa)
		    && !ok))
			bad |= 8;
	}
	if ((kgen_n1_for(n, x[1]) != NULL) != (n >= 1 && n <= KGEN_N1_MAX)
	    || (kgen_n1f_for(n, x[1]) != NULL) != (n >= 1
	    && n <= KGEN_N1_MAX))
		bad |= 16;
	if (kgen_execute(NULL, NULL, NULL, NULL, NULL) != KGEN_EINVAL
	    || kgen_executef(NULL, NULL, NULL, NULL, NULL) != KGEN_EINVAL)
		bad |= 32;
	printf("%d -1 0\n", bad);
}

int
main(void)
{
	static char line[4096];
	long long x[24];
	char op[16];
	int nx, at, len;

	page = sysconf(_SC_PAGESIZE);
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof line, stdin)) {
		if (sscanf(line, "%15s%n", op, &at) != 1)
			continue;
		for (nx = 0; nx < 24 && sscanf(line + at, "%lld%n", &x[nx],
		    &len) == 1; nx++)
			at += len;
		rnd = 1;
		for (len = 0; line[len]; len++)
			rnd = rnd * 31 + (unsigned char)line[len];
		if (!strcmp(op, "dft") && nx == 11)
			dft(x);
		else if (!strcmp(op, "plan") && nx == 10)
			plan(x);
		else if (!strcmp(op, "real") && nx == 6)
			real(x);
		else if (!strcmp(op, "nd") && nx == 20)
			nd(x);
		else if (!strcmp(op, "gemm") && nx == 8)
			gemm(x);
		else if (!strcmp(op, "fast") && nx == 1)
			printf("%d -1 0\n", kgen_next_fast_size(x[0]));
		else if (!strcmp(op, "misc") && nx == 2)
			misc(x);
		else {
			fprintf(stderr, "apirun: bad line: %s", line);
			return 2;
		}
	}
	return 0;
}
