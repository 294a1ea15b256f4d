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
 *      INPLACE SPLIT NULLS SIDE EXEC       (the FFTW-style interface:
 *                                          apind.c)
 *   fast N
 *   misc N        (kgen_strerror, kgen_lookup, kgen_n1*_isa, ...) */
#define _DEFAULT_SOURCE  /* MAP_ANONYMOUS */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "apirun.h"

static size_t page;
static unsigned long long rnd = 1;

double
uniform(void)
{
	rnd = rnd * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rnd >> 11) / 9007199254740992.0 * 2 - 1;
}

/* An array of len elements of size bytes beside an inaccessible page,
 * after it (side 0) or before it (side 1); filled with SENTINEL. */
Arr
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

void
release(Arr *a)
{
	munmap(a->map, a->maplen);
}

double
get(const Arr *a, ptrdiff_t i)
{
	return a->size == sizeof(double) ? ((double *)a->p)[i]
	    : ((float *)a->p)[i];
}

void
set(Arr *a, ptrdiff_t i, double v)
{
	if (a->size == sizeof(double))
		((double *)a->p)[i] = v;
	else
		((float *)a->p)[i] = (float)v;
}

int
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
Arr
copy(const Arr *a)
{
	Arr c = alloc(a->len, a->size, 0);

	memcpy(c.p, a->p, a->len * a->size);
	return c;
}

/* Array a as the library sees it: NULL when bit k of nulls is set, else
 * the address of offset 0 of a layout whose lowest offset lo is a[0]. */
void *
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
