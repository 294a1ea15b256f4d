/* tsancheck.c: the library from a cold start on THREADS threads at once,
 * for `make tsan` (tests/test_tsan.py runs it under ThreadSanitizer with
 * 2, 4 and 8 threads on every ISA, KGEN_ISA set).
 *
 * The threads meet at a barrier before their first call into the
 * library, so the lazily filled tables (the ISA choice in cpu.c, the
 * lookups of registry.c, the picks of dispatch.c) are filled by threads
 * racing.  Each thread then, in an order of its own: kgen_dft and
 * kgen_dftf for every n in 1..KGEN_N1_MAX, both signs, v = 1, 3, 8, 17
 * (scalar, n1w and batched paths), against a direct DFT; creates,
 * executes and destroys complex plans (mixed radix and Bluestein, double
 * and float) and real plans, checked by a round trip; kgen_dgemm against
 * a direct product (small and packed paths); kgen_selftest; and the
 * wisdom exported, forgotten and imported again among kgen_dft calls
 * (kgen_forget_wisdom drops kgen_dft's picks, an import sets them); and
 * on the library's own threads: kgen_plan_with_nthreads(2, 3 or 5, more
 * than this machine's cores) set while other threads plan and run, then
 * a kgen_dgemm large enough to be cut into parts and 2-D plans
 * (kgen_plan_dft_2d, kgen_plan_dft_r2c_2d and _c2r_2d (96x80, against a
 * direct DFT; a 256x256 round trip large enough for two threads), run by
 * kgen_execute_dft, _r2c and _c2r) against direct products and DFTs.
 * The pool runs one loop at a time, so the threads also meet it busy.
 * A 2-D plan call that returns NULL is skipped with one note on stderr
 * (the calls were stubs before the rank-n plans were written).  What the
 * threads share is only the library; every plan and array is a thread's
 * own, as kgen.h requires.
 *
 * --race breaks that rule on purpose: two threads execute one plan in
 * place at once, which kgen.h forbids (the plan gathers the input into
 * its scratch); ThreadSanitizer must report it, which shows that the
 * runtime's accesses are watched.
 * Prints one line and exits 0 when every result was right, 1 if not. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

static const double PI = 3.14159265358979323846;
static pthread_barrier_t start;
static atomic_int wrong;
static kgen_plan *shared;    /* --race only */
enum { RACE_N = 1006 };      /* 2 x 503: Bluestein, whose chirp products
                              * run in plan.c over the plan's scratch */

static void
bad(const char *what, int n, double err)
{
	fprintf(stderr, "tsancheck: %s n=%d: error %g\n", what, n, err);
	atomic_fetch_add(&wrong, 1);
}

static double
rnd(unsigned *s)
{
	*s = *s * 1103515245u + 12345u;
	return (double)(*s >> 8) / (1u << 24) - 0.5;
}

enum { MAXV = 17, M = KGEN_N1_MAX * MAXV };

/* kgen_dft and kgen_dftf of v transforms of size n at dist n, sign s,
 * against a direct DFT (of the first transform) */
static void
dft_one(int n, int s, int v, unsigned *seed)
{
	double ri[M], ii[M], ro[M], io[M], er, ei, a, e;
	float fri[M], fii[M], fro[M], fio[M];
	int j, k, m;

	for (j = 0; j < n * v; j++) {
		ri[j] = fri[j] = (float)rnd(seed);
		ii[j] = fii[j] = (float)rnd(seed);
	}
	if (kgen_dft(n, s, ri, ii, ro, io, 1, 1, v, n, n)
	    || kgen_dftf(n, s, fri, fii, fro, fio, 1, 1, v, n, n))
		bad("kgen_dft status", n, 0);
	for (k = 0; k < n; k++) {
		er = ei = 0;
		for (m = 0; m < n; m++) {
			a = s * 2 * PI * (double)((long)m * k % n) / n;
			er += ri[m] * cos(a) - ii[m] * sin(a);
			ei += ri[m] * sin(a) + ii[m] * cos(a);
		}
		e = fabs(ro[k] - er) + fabs(io[k] - ei);
		if (!(e < 1e-12 * n))
			bad("kgen_dft", n, e);
		e = fabs(fro[k] - er) + fabs(fio[k] - ei);
		if (!(e < 1e-4 * n))
			bad("kgen_dftf", n, e);
	}
}

/* every size, both signs, v = 1, 3, 8, 17: scalar, n1w and batched */
static void
dfts(unsigned seed)
{
	static const int vs[] = { 1, 3, 8, MAXV };
	int n, s, iv;

	for (n = 1; n <= KGEN_N1_MAX; n++)
		for (s = -1; s <= 1; s += 2)
			for (iv = 0; iv < 4; iv++)
				dft_one(n, s, vs[(iv + seed) % 4], &seed);
}

/* complex and real plans: created, run forward and back, destroyed */
static void
plans(unsigned seed)
{
	static const int sizes[] = { 12, 64, 97, 100, 128, 1000, 4096 };
	enum { M = 4096 };
	static _Thread_local double x[M], y[M], z[M], w[M], u[M], t[M];
	static _Thread_local float fx[M], fy[M], fz[M], fw[M];
	int i, j, n;
	double e;

	for (i = 0; i < 7; i++) {
		kgen_plan *f, *b, *r2c, *c2r;
		kgen_planf *ff, *fb;

		n = sizes[(i + seed) % 7];
		for (j = 0; j < n; j++) {
			x[j] = fx[j] = (float)rnd(&seed);
			y[j] = fy[j] = (float)rnd(&seed);
		}
		f = kgen_plan_dft_1d(n, -1, 0);
		b = kgen_plan_dft_1d(n, 1, 0);
		ff = kgen_planf_dft_1d(n, -1, 0);
		fb = kgen_planf_dft_1d(n, 1, 0);
		r2c = kgen_plan_dft_r2c_1d(n, 0);
		c2r = kgen_plan_dft_c2r_1d(n, 0);
		if (!f || !b || !ff || !fb || !r2c || !c2r)
			bad("plan NULL", n, 0);
		else {
			kgen_execute(f, x, y, z, w);
			kgen_execute(b, z, w, u, t);
			for (j = 0, e = 0; j < n; j++)
				e = fmax(e, fabs(u[j] / n - x[j])
				    + fabs(t[j] / n - y[j]));
			if (!(e < 1e-12))
				bad("plan round trip", n, e);
			kgen_executef(ff, fx, fy, fz, fw);
			kgen_executef(fb, fz, fw, fx, fy);
			for (j = 0, e = 0; j < n; j++)
				e = fmax(e, fabs(fx[j] / n - x[j])
				    + fabs(fy[j] / n - y[j]));
			if (!(e < 1e-4))
				bad("planf round trip", n, e);
			kgen_execute_r2c(r2c, x, z, w);
			kgen_execute_c2r(c2r, z, w, u);
			for (j = 0, e = 0; j < n; j++)
				e = fmax(e, fabs(u[j] / n - x[j]));
			if (!(e < 1e-12))
				bad("real round trip", n, e);
		}
		kgen_destroy(f);
		kgen_destroy(b);
		kgen_destroyf(ff);
		kgen_destroyf(fb);
		kgen_destroy(r2c);
		kgen_destroy(c2r);
	}
}

/* kgen_dgemm against a direct product */
static void
gemms(unsigned seed)
{
	static const int sizes[] = { 1, 5, 37, 100, 150 };
	enum { M = 150 * 150 };
	static _Thread_local double a[M], b[M], c[M];
	int i, j, p, n, q;
	double e, s;

	for (q = 0; q < 5; q++) {
		n = sizes[(q + seed) % 5];
		for (i = 0; i < n * n; i++) {
			a[i] = rnd(&seed);
			b[i] = rnd(&seed);
			c[i] = 0;
		}
		if (kgen_dgemm(n, n, n, a, n, b, n, c, n))
			bad("kgen_dgemm status", n, 0);
		for (i = 0, e = 0; i < n; i++)
			for (j = 0; j < n; j++) {
				for (p = 0, s = 0; p < n; p++)
					s += a[i + p * n] * b[p + j * n];
				e = fmax(e, fabs(c[i + j * n] - s));
			}
		if (!(e < 1e-12 * n))
			bad("kgen_dgemm", n, e);
	}
}

static void
selftests(unsigned seed)
{
	kgen_selftest_problem p = { 0 };

	p.n = 60 + (int)(seed % 8);
	p.precision = seed % 2 ? KGEN_FLOAT : KGEN_DOUBLE;
	p.sign = -1;
	p.seed = seed;
	if (kgen_selftest(&p, 0))
		bad("kgen_selftest", p.n, 0);
	p.kind = KGEN_SELFTEST_R2C;
	p.sign = 0;
	if (kgen_selftest(&p, 0))
		bad("kgen_selftest r2c", p.n, 0);
}

/* The wisdom while the other threads plan and call kgen_dft: export,
 * forget (kgen_dft measures again), import what was exported (its
 * picks back at once), kgen_dft between, checked. */
static void
wisdoms(unsigned seed)
{
	char *s;
	int i;

	for (i = 0; i < 3; i++) {
		if (!(s = kgen_export_wisdom_to_string())) {
			bad("kgen_export_wisdom_to_string", 0, 0);
			return;
		}
		kgen_forget_wisdom();
		dft_one(12 + i, -1, 1, &seed);
		if (kgen_import_wisdom_from_string(s) != KGEN_OK)
			bad("kgen_import_wisdom_from_string", 0, 0);
		free(s);
		dft_one(32, 1, 8, &seed);
	}
}

static atomic_flag noted[2];

/* One note per kind of 2-D plan the library does not make. */
static void
note(int i, const char *call)
{
	if (!atomic_flag_test_and_set(&noted[i]))
		fprintf(stderr, "tsancheck: note: %s gave NULL: skipped\n",
		    call);
}

/* y[j*s] = sum_m x[m*s] w^(m j), j < n, for the n-th roots w[] */
static void
dft1(int n, ptrdiff_t s, const kgen_complex *x, kgen_complex *y,
    const kgen_complex *w)
{
	double sr, si;
	int j, m, k;

	for (j = 0; j < n; j++) {
		sr = si = 0;
		for (m = 0, k = 0; m < n; m++, k = (k + j) % n) {
			sr += x[m * s][0] * w[k][0] - x[m * s][1] * w[k][1];
			si += x[m * s][0] * w[k][1] + x[m * s][1] * w[k][0];
		}
		y[j * s][0] = sr;
		y[j * s][1] = si;
	}
}

/* y = the 2-D DFT (sign -1) of the n0 x n1 row-major x, by direct DFTs
 * of the rows into t, then of t's columns (t: n0 n1 numbers, w: n0 +
 * n1). */
static void
dft2(int n0, int n1, const kgen_complex *x, kgen_complex *y,
    kgen_complex *t, kgen_complex *w)
{
	int i;

	for (i = 0; i < n1; i++) {
		w[i][0] = cos(-2 * PI * i / n1);
		w[i][1] = sin(-2 * PI * i / n1);
	}
	for (i = 0; i < n0; i++)
		dft1(n1, 1, x + i * n1, t + i * n1, (const kgen_complex *)w);
	for (i = 0; i < n0; i++) {
		w[i][0] = cos(-2 * PI * i / n0);
		w[i][1] = sin(-2 * PI * i / n0);
	}
	for (i = 0; i < n1; i++)
		dft1(n0, n1, (const kgen_complex *)t + i, y + i,
		    (const kgen_complex *)w);
}

/* A 2-D plan large enough to run on the library's threads (plannd.c
 * gives one thread to each kgen_priv_threads_for grain), checked by a
 * round trip: forward, then backward, is N times the input. */
static void
bigplan2d(unsigned seed)
{
	enum { M0 = 256, M1 = 256, M = M0 * M1 };
	kgen_complex *x, *y;
	kgen_plan *f, *b;
	double e;
	int i;

	x = malloc(sizeof *x * M);
	y = malloc(sizeof *y * M);
	f = kgen_plan_dft_2d(M0, M1, -1, 0);
	b = kgen_plan_dft_2d(M0, M1, 1, 0);
	if (!x || !y || !f || !b)
		bad("256x256 plan", M, 0);
	else {
		for (i = 0; i < M; i++) {
			x[i][0] = rnd(&seed);
			x[i][1] = rnd(&seed);
		}
		if (kgen_execute_dft(f, (const kgen_complex *)x, y)
		    || kgen_execute_dft(b, (const kgen_complex *)y, y))
			bad("256x256 execute status", M, 0);
		for (i = 0, e = 0; i < M; i++)
			e = fmax(e, fabs(y[i][0] / M - x[i][0])
			    + fabs(y[i][1] / M - x[i][1]));
		if (!(e < 1e-12))
			bad("256x256 round trip", M, e);
	}
	kgen_destroy(f);
	kgen_destroy(b);
	free(x);
	free(y);
}

/* Complex and real 2-D plans on the library's threads: forward against
 * dft2, then back (c2r: to n0 n1 times the input). */
static void
plans2d(unsigned seed)
{
	enum { N0 = 96, N1 = 80, H = N1 / 2 + 1, N = N0 * N1 };
	kgen_complex *x, *y, *r, *t, w[N0 + N1];
	double *re, *rb, e;
	kgen_plan *f, *b;
	int i, j;

	x = malloc(sizeof *x * N);
	y = malloc(sizeof *y * N);
	r = malloc(sizeof *r * N);
	t = malloc(sizeof *t * N);
	re = malloc(sizeof *re * N);
	rb = malloc(sizeof *rb * N);
	if (!x || !y || !r || !t || !re || !rb) {
		bad("malloc", N, 0);
		goto out;
	}
	for (i = 0; i < N; i++) {
		x[i][0] = re[i] = rnd(&seed);
		x[i][1] = rnd(&seed);
	}
	dft2(N0, N1, (const kgen_complex *)x, r, t, w);
	f = kgen_plan_dft_2d(N0, N1, -1, 0);
	b = kgen_plan_dft_2d(N0, N1, 1, 0);
	if (!f || !b)
		note(0, "kgen_plan_dft_2d");
	else {
		if (kgen_execute_dft(f, (const kgen_complex *)x, y))
			bad("kgen_execute_dft status", N, 0);
		for (i = 0, e = 0; i < N; i++)
			e = fmax(e, fabs(y[i][0] - r[i][0])
			    + fabs(y[i][1] - r[i][1]));
		if (!(e < 1e-12 * N))
			bad("2-D plan", N, e);
		kgen_execute_dft(b, (const kgen_complex *)y, y);
		for (i = 0, e = 0; i < N; i++)
			e = fmax(e, fabs(y[i][0] / N - x[i][0])
			    + fabs(y[i][1] / N - x[i][1]));
		if (!(e < 1e-12))
			bad("2-D plan backward", N, e);
	}
	kgen_destroy(f);
	kgen_destroy(b);
	/* the real input's spectrum is r of the reals alone */
	for (i = 0; i < N; i++)
		x[i][1] = 0;
	dft2(N0, N1, (const kgen_complex *)x, r, t, w);
	f = kgen_plan_dft_r2c_2d(N0, N1, 0);
	b = kgen_plan_dft_c2r_2d(N0, N1, 0);
	if (!f || !b)
		note(1, "kgen_plan_dft_r2c_2d or _c2r_2d");
	else {
		if (kgen_execute_dft_r2c(f, re, y))
			bad("kgen_execute_dft_r2c status", N, 0);
		for (i = 0, e = 0; i < N0; i++)
			for (j = 0; j < H; j++)
				e = fmax(e, fabs(y[i * H + j][0]
				    - r[i * N1 + j][0]) + fabs(y[i * H + j][1]
				    - r[i * N1 + j][1]));
		if (!(e < 1e-12 * N))
			bad("2-D r2c plan", N, e);
		if (kgen_execute_dft_c2r(b, (const kgen_complex *)y, rb))
			bad("kgen_execute_dft_c2r status", N, 0);
		for (i = 0, e = 0; i < N; i++)
			e = fmax(e, fabs(rb[i] / N - re[i]));
		if (!(e < 1e-12))
			bad("2-D c2r plan", N, e);
	}
	kgen_destroy(f);
	kgen_destroy(b);
out:
	free(x);
	free(y);
	free(r);
	free(t);
	free(re);
	free(rb);
}

/* kgen_plan_with_nthreads set while the other threads run; a product
 * that is cut into parts (kgen_dgemm reads the setting at each call),
 * against a direct one; then the 2-D plans. */
static void
threaded(unsigned seed)
{
	static const int nts[] = { 2, 3, 5 };
	enum { N = 160 };
	double *a, *b, *c, e, s;
	int i, j, p;

	if (kgen_plan_with_nthreads(0) != KGEN_EINVAL
	    || kgen_plan_with_nthreads(nts[seed % 3]) != KGEN_OK)
		bad("kgen_plan_with_nthreads", nts[seed % 3], 0);
	a = malloc(sizeof *a * N * N);
	b = malloc(sizeof *b * N * N);
	c = calloc(N * N, sizeof *c);
	if (!a || !b || !c)
		bad("malloc", N, 0);
	else {
		for (i = 0; i < N * N; i++) {
			a[i] = rnd(&seed);
			b[i] = rnd(&seed);
		}
		if (kgen_dgemm(N, N, N, a, N, b, N, c, N))
			bad("threaded kgen_dgemm status", N, 0);
		for (i = 0, e = 0; i < N; i++)
			for (j = 0; j < N; j++) {
				for (p = 0, s = 0; p < N; p++)
					s += a[i + p * N] * b[p + j * N];
				e = fmax(e, fabs(c[i + j * N] - s));
			}
		if (!(e < 1e-12 * N))
			bad("threaded kgen_dgemm", N, e);
	}
	free(a);
	free(b);
	free(c);
	plans2d(seed);
	bigplan2d(seed);
}

static void *
worker(void *arg)
{
	static _Thread_local double x[RACE_N], y[RACE_N];
	unsigned id = (unsigned)(size_t)arg;
	int i;

	pthread_barrier_wait(&start);
	if (shared) {
		for (i = 0; i < RACE_N; i++)
			x[i] = y[i] = i;
		for (i = 0; i < 100; i++)
			kgen_execute(shared, x, y, x, y);
		return 0;
	}
	/* each thread starts somewhere else */
	for (i = 0; i < 6; i++)
		switch ((i + id) % 6) {
		case 0: dfts(id); break;
		case 1: plans(id); break;
		case 2: gemms(id); break;
		case 3: selftests(id); break;
		case 4: wisdoms(id); break;
		case 5: threaded(id); break;
		}
	return 0;
}

int
main(int argc, char **argv)
{
	pthread_t th[64];
	int i, nthread = argc > 1 ? atoi(argv[1]) : 0;

	if (argc > 2 && !strcmp(argv[2], "--race"))
		shared = kgen_plan_dft_1d(RACE_N, -1, 0);
	if (nthread < 1 || nthread > 64 || (argc > 2 && !shared)) {
		fprintf(stderr, "kgen: usage: tsancheck THREADS [--race]\n");
		return 2;
	}
	pthread_barrier_init(&start, 0, (unsigned)nthread);
	for (i = 0; i < nthread; i++)
		if (pthread_create(&th[i], 0, worker, (void *)(size_t)i)) {
			fprintf(stderr, "kgen: tsancheck: pthread_create\n");
			return 2;
		}
	for (i = 0; i < nthread; i++)
		pthread_join(th[i], 0);
	threaded(nthread);     /* the pool again, all of it free */
	printf("%d threads, isa %s: %s\n", nthread, kgen_isa_name(kgen_isa()),
	    atomic_load(&wrong) ? "WRONG RESULTS" : "all results right");
	kgen_destroy(shared);
	return atomic_load(&wrong) ? 1 : 0;
}
