/* realquick.c: a quick check of the real transforms in FFTW's layout
 * (runtime/realnd.c) against FFTW itself: ranks 1..3, even and odd last
 * dimensions, in and out of place, many forms with strides, embeds and
 * distances; that c2r out of place leaves its input alone; that the
 * split API still runs kgen_plan_dft_r2c_1d's plans and refuses the
 * others.  Built twice: cc -DSINGLE for float (against fftwf).
 * RQ_THREADS=k plans with k threads; argument 1: rank 1 only.
 *   cc -O2 -Iruntime tests/realquick.c lib/libkgen.a -lfftw3 -lm */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

#ifdef SINGLE
typedef float T;
typedef kgen_planf P;
typedef kgen_complexf C;
typedef fftwf_complex FC;
#define KP(x) kgen_planf_##x
#define KX(x) kgen_executef_##x
#define KD kgen_destroyf
#define W(x) fftwf_##x
#define BOUND 2e-5
#else
typedef double T;
typedef kgen_plan P;
typedef kgen_complex C;
typedef fftw_complex FC;
#define KP(x) kgen_plan_##x
#define KX(x) kgen_execute_##x
#define KD kgen_destroy
#define W(x) fftw_##x
#define BOUND 1e-14
#endif

static int fails, runs;

/* the largest offset + 1 of a side: sizes sz, embed e, stride, dist */
static size_t
extent(int rank, const int *sz, const int *e, ptrdiff_t st, ptrdiff_t dist,
    int howmany)
{
	size_t x = 0, s = st;
	int k;

	for (k = rank - 1; k >= 0; k--) {
		x += s * (sz[k] - 1);
		s *= e ? e[k] : sz[k];
	}
	return x + (size_t)dist * (howmany - 1) + 1;
}

static T
rnd(void)
{
	return (T)(rand() / (double)RAND_MAX - 0.5);
}

/* max |a - b| over max |b| at the positions the layout names */
static double
cmp(const T *a, const T *b, size_t len, const char *mask)
{
	double e = 0, m = 0, d;
	size_t i;

	for (i = 0; i < len; i++) {
		if (mask && !mask[i])
			continue;
		d = fabs((double)a[i] - b[i]);
		e = d > e ? d : e;
		m = fabs((double)b[i]) > m ? fabs((double)b[i]) : m;
	}
	return m ? e / m : e;
}

/* marks the elements of a side (mul R per element) */
static void
mark(char *mk, int rank, const int *sz, const int *e, ptrdiff_t st,
    ptrdiff_t dist, int howmany, int mul)
{
	int idx[8] = { 0 }, k, h, m;
	size_t off, s;

	for (h = 0; h < howmany; h++) {
		memset(idx, 0, sizeof idx);
		for (;;) {
			off = (size_t)h * dist;
			s = st;
			for (k = rank - 1; k >= 0; k--) {
				off += s * idx[k];
				s *= e ? e[k] : sz[k];
			}
			for (m = 0; m < mul; m++)
				mk[off * mul + m] = 1;
			for (k = rank - 1; k >= 0 && ++idx[k] == sz[k]; k--)
				idx[k] = 0;
			if (k < 0)
				break;
		}
	}
}

static void
report(const char *what, double err, double bound)
{
	runs++;
	if (!(err <= bound)) {
		fails++;
		printf("FAIL %s: err %.3g (bound %.3g)\n", what, err, bound);
	}
}

/* one many problem, both directions; inpl: simple plan in place
 * (padded) when many is 0 */
static void
check(int rank, const int *n, int howmany, const int *ie, ptrdiff_t is,
    ptrdiff_t id, const int *oe, ptrdiff_t os, ptrdiff_t od, int many,
    int inpl)
{
	int hs[8], pe[8], k;
	size_t rl, cl, big, i;
	T *x, *x0, *y, *yf, *buf, *cin, *cin0;
	P *pf, *pb;
	W(plan) wf, wb;
	char what[200], *mr, *mc;
	double bound;
	long long tot = 1;

	for (k = 0; k < rank; k++) {
		hs[k] = n[k];
		tot *= n[k];
	}
	hs[rank - 1] = n[rank - 1] / 2 + 1;
	if (!many) {
		memcpy(pe, n, sizeof pe);
		pe[rank - 1] = 2 * hs[rank - 1];
		ie = inpl ? pe : 0;
		oe = 0;
		is = os = 1;
		id = od = 0;
		howmany = 1;
	}
	rl = extent(rank, n, ie, is, id, howmany);
	cl = extent(rank, hs, oe, os, od, howmany);
	big = rl > 2 * cl ? rl : 2 * cl;
	x = W(malloc)(sizeof(T) * big);
	x0 = W(malloc)(sizeof(T) * big);
	y = W(malloc)(sizeof(T) * big);
	yf = W(malloc)(sizeof(T) * big);
	buf = W(malloc)(sizeof(T) * big);
	cin = W(malloc)(sizeof(T) * big);
	cin0 = W(malloc)(sizeof(T) * big);
	mr = calloc(big, 1);
	mc = calloc(big, 1);
	mark(mr, rank, n, ie, is, id, howmany, 1);
	mark(mc, rank, hs, oe, os, od, howmany, 2);
	for (i = 0; i < big; i++)
		x0[i] = rnd();
	snprintf(what, sizeof what, "%s rank %d n %dx%dx%d howmany %d is %td "
	    "id %td os %td od %td %s", many ? "many" : "simple", rank, n[0],
	    rank > 1 ? n[1] : 1, rank > 2 ? n[2] : 1, howmany, is, id, os, od,
	    inpl ? "in place" : "out of place");
	bound = BOUND * (1 + log2((double)tot)) * 4;
	if (getenv("RQ_VERBOSE"))
		fprintf(stderr, "%s\n", what);
	/* r2c */
	wf = W(plan_many_dft_r2c)(rank, n, howmany, buf, ie, is, id,
	    (FC *)yf, oe, os, od, FFTW_ESTIMATE);
	memcpy(buf, x0, sizeof(T) * big);
	memset(yf, 0, sizeof(T) * big);
	W(execute_dft_r2c)(wf, buf, (FC *)yf);
	if (many)
		pf = KP(many_dft_r2c)(rank, n, howmany, ie, is, id, oe, os, od,
		    0);
	else
		pf = KP(dft_r2c)(rank, n, 0);
	if (!pf) {
		printf("FAIL %s: r2c plan NULL\n", what);
		fails++;
		goto out;
	}
	memcpy(x, x0, sizeof(T) * big);
	memset(y, 0, sizeof(T) * big);
	if (inpl) {
		if (KX(dft_r2c)(pf, x, (C *)x) != KGEN_OK)
			fails++;
		memcpy(y, x, sizeof(T) * big);
	} else if (KX(dft_r2c)(pf, x, (C *)y) != KGEN_OK)
		fails++;
	snprintf(what + strlen(what), 20, " r2c");
	report(what, cmp(y, yf, 2 * cl, mc), bound);
	if (!inpl)
		report(what, cmp(x, x0, big, 0), 0);
	/* c2r of FFTW's spectrum, perturbed in the ignored parts */
	what[strlen(what) - 4] = 0;
	snprintf(what + strlen(what), 20, " c2r");
	memcpy(cin0, yf, sizeof(T) * big);
	wb = W(plan_many_dft_c2r)(rank, n, howmany, (FC *)buf, oe, os, od,
	    yf, ie, is, id, FFTW_ESTIMATE);
	memcpy(buf, cin0, sizeof(T) * big);
	W(execute_dft_c2r)(wb, (FC *)buf, yf);
	for (i = 0; i < big; i++)
		if (!mc[i])
			cin0[i] = rnd();
	/* Im X_0 (and X_(n/2) for even n) of each row: FFTW ignores them */
	if (many)
		pb = KP(many_dft_c2r)(rank, n, howmany, oe, os, od, ie, is, id,
		    0);
	else
		pb = KP(dft_c2r)(rank, n, 0);
	if (!pb) {
		printf("FAIL %s: c2r plan NULL\n", what);
		fails++;
		KD(pf);
		goto fw;
	}
	memcpy(cin, cin0, sizeof(T) * big);
	memset(x, 0, sizeof(T) * big);
	if (inpl) {
		if (KX(dft_c2r)(pb, (C *)cin, cin) != KGEN_OK)
			fails++;
		memcpy(x, cin, sizeof(T) * big);
	} else if (KX(dft_c2r)(pb, (C *)cin, x) != KGEN_OK)
		fails++;
	report(what, cmp(x, yf, rl, mr), bound);
	if (!inpl)
		report(what, cmp(cin, cin0, big, 0), 0);
	KD(pf);
	KD(pb);
fw:
	W(destroy_plan)(wb);
out:
	W(destroy_plan)(wf);
	W(free)(x);
	W(free)(x0);
	W(free)(y);
	W(free)(yf);
	W(free)(buf);
	W(free)(cin);
	W(free)(cin0);
	free(mr);
	free(mc);
}

/* the split API on kgen_plan_dft_r2c_1d's plans and its refusals */
static void
split_api(int n)
{
	T *x = malloc(sizeof(T) * (n + 2)), *ro = malloc(sizeof(T) * (n + 2));
	T *io = malloc(sizeof(T) * (n + 2)), *y = malloc(sizeof(T) * (n + 2));
	T *z = malloc(sizeof(T) * (n + 2));
	P *f = KP(dft_r2c_1d)(n, 0), *b = KP(dft_c2r_1d)(n, 0), *g;
	int k;
	double e = 0, m = 0;

	for (k = 0; k < n; k++)
		x[k] = rnd();
	KX(r2c)(f, x, ro, io);
	KX(dft_r2c)(f, x, (C *)y);
	for (k = 0; k <= n / 2; k++) {
		e = fmax(e, fmax(fabs(y[2 * k] - ro[k]),
		    fabs(y[2 * k + 1] - io[k])));
		m = fmax(m, fabs(y[2 * k]));
	}
	report("split r2c = interleaved r2c", e / m, BOUND);
	KX(c2r)(b, ro, io, z);
	e = 0;
	for (k = 0; k < n; k++)
		e = fmax(e, fabs(z[k] / n - x[k]));
	report("split c2r(r2c) = x", e, BOUND * 100);
	g = KP(dft_r2c_2d)(4, n, 0);
	if (g && KX(r2c)(g, x, ro, io) != KGEN_EINVAL)
		report("split r2c refuses rank 2", 1, 0);
	KD(g);
	g = KP(many_dft_r2c)(1, &n, 2, 0, 1, n, 0, 1, n / 2 + 1, 0);
	report("many r2c plan", !g, 0);
	if (g && KX(r2c)(g, x, ro, io) != KGEN_EINVAL)
		report("split r2c refuses howmany 2", 1, 0);
	{
		int bad[2] = { 4, 0 }, two[2] = { 2, n }, small[2] = { 2, n - 1 };
		C *cy = (C *)y;

		report("rank 0 refused", KP(dft_r2c)(0, &n, 0) != 0, 0);
		report("size 0 refused", KP(dft_r2c)(2, bad, 0) != 0, 0);
		report("flags refused", KP(dft_r2c_1d)(n, 1U << 7) != 0, 0);
		/* rank 2: the embed's last size is checked (not its first) */
		report("embed below n refused", KP(many_dft_r2c)(2, two, 1,
		    small, 1, 0, 0, 1, 0, 0) != 0, 0);
		report("kgen_execute_dft refuses real plans",
		    KX(dft)(f, cy, cy) != KGEN_EINVAL, 0);
		report("NULL array refused", KX(dft_r2c)(f, 0, cy)
		    != KGEN_EINVAL, 0);
	}
	report("r2c exec refuses c2r", KX(dft_r2c)(b, x, (C *)y)
	    != KGEN_EINVAL, 0);
	report("c2r exec refuses r2c", KX(dft_c2r)(f, (C *)y, x)
	    != KGEN_EINVAL, 0);
	KD(g);
	KD(f);
	KD(b);
	free(x), free(ro), free(io), free(y), free(z);
}

int
main(int argc, char **argv)
{
	static const int n1[] = { 1, 2, 3, 4, 5, 7, 8, 15, 16, 30, 31, 64,
		100, 127, 128, 129, 200, 256, 1000, 1024, 4096, 4099 };
	static const int n2[][2] = { { 2, 2 }, { 4, 6 }, { 5, 7 }, { 8, 8 },
		{ 16, 15 }, { 32, 32 }, { 64, 64 }, { 3, 100 }, { 100, 100 },
		{ 48, 130 }, { 128, 129 }, { 256, 256 } };
	static const int n3[][3] = { { 2, 2, 2 }, { 3, 4, 5 }, { 4, 4, 4 },
		{ 8, 8, 8 }, { 5, 6, 7 }, { 16, 16, 16 }, { 10, 12, 130 },
		{ 32, 32, 32 } };
	unsigned i;
	int ip, only1 = argc > 1 && !strcmp(argv[1], "1");

	if (getenv("RQ_THREADS"))
		kgen_plan_with_nthreads(atoi(getenv("RQ_THREADS")));

	for (i = 0; i < sizeof n1 / sizeof *n1; i++) {
		int n = n1[i], h = n / 2 + 1, ie = 2 * n + 3, oe = h + 2;

		for (ip = 0; ip < 2; ip++)
			check(1, &n, 1, 0, 1, 0, 0, 1, 0, 0, ip);
		check(1, &n, 5, 0, 1, n, 0, 1, h, 1, 0);
		check(1, &n, 3, 0, 2, 2 * n + 1, 0, 3, 3 * h + 1, 1, 0);
		check(1, &n, 4, &ie, 1, ie, &oe, 1, oe, 1, 0);
		/* interleaved batch: transforms side by side */
		check(1, &n, 3, 0, 3, 1, 0, 3, 1, 1, 0);
		/* in place many with FFTW's padding */
		check(1, &n, 3, 0, 1, 2 * h, 0, 1, h, 1, 1);
		split_api(n < 2 ? 2 : n);
	}
	if (!only1) {
		for (i = 0; i < sizeof n2 / sizeof *n2; i++) {
			const int *n = n2[i];
			int h = n[1] / 2 + 1, ie[2] = { 0, n[1] + 3 };
			int oe[2] = { 0, h + 1 };

			for (ip = 0; ip < 2; ip++)
				check(2, n, 1, 0, 1, 0, 0, 1, 0, 0, ip);
			check(2, n, 3, ie, 2, 2 * n[0] * ie[1] + 5, oe, 1,
			    n[0] * oe[1], 1, 0);
			check(2, n, 2, 0, 2, 1, 0, 2, 1, 1, 0);
		}
		for (i = 0; i < sizeof n3 / sizeof *n3; i++)
			for (ip = 0; ip < 2; ip++) {
				check(3, n3[i], 1, 0, 1, 0, 0, 1, 0, 0, ip);
				check(3, n3[i], 2, 0, 1, n3[i][0] * n3[i][1]
				    * n3[i][2], 0, 1, n3[i][0] * n3[i][1]
				    * (n3[i][2] / 2 + 1), 1, 0);
			}
	}
	printf("%d checks, %d failed\n", runs, fails);
	return fails != 0;
}
