/* rtapi.c: exercises libkgen's registry API and prints what it sees; the
 * assertions live in tests/test_runtime.py.  Lines:
 *   count N                         kgen_codelets' count
 *   codelet NAME N PREC SIGN ADDS MULS FMAS NEGS CONSTS LOADS STORES FN
 *       for every table entry (FN: 1 when the right pointer is set)
 *   lookup N PREC NAME|-            for sizes and precisions in and out
 *   status CASE CODE                kgen_dft/kgen_dftf on bad arguments
 *   untouched CASE 0|1              the output after a refused call
 *   strerror CODE TEXT
 *   roundtrip N PREC ERR            backward(forward(x)) against n x
 *   version V
 * build: cc -Iruntime rtapi.c lib/libkgen.a -lm */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "kgen.h"

static unsigned long long state = 12345;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

static const char *
precname(int p)
{
	return p == KGEN_DOUBLE ? "double" : p == KGEN_FLOAT ? "float" : "?";
}

static void
table(void)
{
	const kgen_codelet *t;
	int i, count, fn;

	t = kgen_codelets(&count);
	printf("count %d\n", count);
	for (i = 0; i < count; i++) {
		fn = t[i].precision == KGEN_DOUBLE ? t[i].dft && !t[i].dftf
		    : t[i].dftf && !t[i].dft;
		printf("codelet %s %d %s %d %d %d %d %d %d %d %d %d\n",
		    t[i].name, t[i].n, precname(t[i].precision), t[i].sign,
		    t[i].adds, t[i].muls, t[i].fmas, t[i].negs, t[i].consts,
		    t[i].loads, t[i].stores, fn);
	}
}

static void
lookups(void)
{
	static const int precs[] = {KGEN_DOUBLE, KGEN_FLOAT, 0, 3, -1};
	static const int far[] = {255, 256, 257, 1 << 30};
	const kgen_codelet *c;
	size_t i;
	int n, pass;

	/* twice: the second pass gets what the first one's lookups
	 * remembered */
	for (pass = 0; pass < 2; pass++) {
		for (n = -2; n <= KGEN_N1_MAX + 2; n++)
			for (i = 0; i < sizeof precs / sizeof *precs; i++) {
				c = kgen_lookup(n, precs[i]);
				printf("lookup %d %d %s\n", n, precs[i],
				    c ? c->name : "-");
			}
		for (i = 0; i < sizeof far / sizeof *far; i++) {
			c = kgen_lookup(far[i], KGEN_DOUBLE);
			printf("lookup %d %d %s\n", far[i], KGEN_DOUBLE,
			    c ? c->name : "-");
		}
	}
}

/* Refused calls: the status, and whether the output stayed as it was. */
static void
statuses(void)
{
	double x[8] = {1, 2, 3, 4, 5, 6, 7, 8}, y[8];
	float xf[8] = {1, 2, 3, 4, 5, 6, 7, 8}, yf[8];
	int i, same;

#define CASE(name, call) do { \
	for (i = 0; i < 8; i++) \
		y[i] = yf[i] = -1; \
	printf("status %s %d\n", name, call); \
	for (same = 1, i = 0; i < 8; i++) \
		same &= y[i] == -1 && yf[i] == -1; \
	printf("untouched %s %d\n", name, same); \
} while (0)
	CASE("sign0", kgen_dft(4, 0, x, x + 4, y, y + 4, 1, 1, 1, 0, 0));
	CASE("sign2", kgen_dft(4, 2, x, x + 4, y, y + 4, 1, 1, 1, 0, 0));
	CASE("n0", kgen_dft(0, -1, x, x + 4, y, y + 4, 1, 1, 1, 0, 0));
	CASE("nmax", kgen_dft(KGEN_N1_MAX + 1, 1, x, x + 4, y, y + 4, 1, 1,
	    1, 0, 0));
	CASE("nullri", kgen_dft(4, -1, 0, x + 4, y, y + 4, 1, 1, 1, 0, 0));
	CASE("nullio", kgen_dft(4, -1, x, x + 4, y, 0, 1, 1, 1, 0, 0));
	CASE("vneg", kgen_dft(4, -1, x, x + 4, y, y + 4, 1, 1, -1, 0, 0));
	CASE("v0", kgen_dft(4, -1, x, x + 4, y, y + 4, 1, 1, 0, 0, 0));
	CASE("fsign0", kgen_dftf(4, 0, xf, xf + 4, yf, yf + 4, 1, 1, 1, 0,
	    0));
	CASE("fnmax", kgen_dftf(KGEN_N1_MAX + 1, -1, xf, xf + 4, yf, yf + 4,
	    1, 1, 1, 0, 0));
	CASE("fnullro", kgen_dftf(4, -1, xf, xf + 4, 0, yf + 4, 1, 1, 1, 0,
	    0));
	CASE("fvneg", kgen_dftf(4, 1, xf, xf + 4, yf, yf + 4, 1, 1, -5, 0,
	    0));
#undef CASE
	printf("status ok %d\n", kgen_dft(4, 1, x, x + 4, y, y + 4, 1, 1, 1,
	    0, 0));
	printf("status fok %d\n", kgen_dftf(4, -1, xf, xf + 4, yf, yf + 4, 1,
	    1, 1, 0, 0));
	for (i = 1; i >= -16; i--)
		printf("strerror %d %s\n", i, kgen_strerror(i));
}

/* backward(forward(x)) = n x, for every size and both precisions: the
 * swap trick checked without FFTW. */
static void
roundtrips(void)
{
	double xr[KGEN_N1_MAX], xi[KGEN_N1_MAX], yr[KGEN_N1_MAX];
	double yi[KGEN_N1_MAX], zr[KGEN_N1_MAX], zi[KGEN_N1_MAX];
	float fr[KGEN_N1_MAX], fi[KGEN_N1_MAX], gr[KGEN_N1_MAX];
	float gi[KGEN_N1_MAX], hr[KGEN_N1_MAX], hi[KGEN_N1_MAX];
	double e, ef, m;
	int n, k, st;

	for (n = 1; n <= KGEN_N1_MAX; n++) {
		for (k = 0; k < n; k++) {
			fr[k] = (float)(xr[k] = rnd());
			fi[k] = (float)(xi[k] = rnd());
		}
		st = kgen_dft(n, -1, xr, xi, yr, yi, 1, 1, 1, 0, 0);
		st |= kgen_dft(n, 1, yr, yi, zr, zi, 1, 1, 1, 0, 0);
		st |= kgen_dftf(n, -1, fr, fi, gr, gi, 1, 1, 1, 0, 0);
		st |= kgen_dftf(n, 1, gr, gi, hr, hi, 1, 1, 1, 0, 0);
		e = ef = m = 0;
		for (k = 0; k < n; k++) {
			e = fmax(e, hypot(zr[k] - n * xr[k],
			    zi[k] - n * xi[k]));
			ef = fmax(ef, hypot(hr[k] - n * (double)fr[k],
			    hi[k] - n * (double)fi[k]));
			m = fmax(m, n * hypot(xr[k], xi[k]));
		}
		if (st)
			e = ef = INFINITY;
		printf("roundtrip %d double %.3e\n", n, e / m);
		printf("roundtrip %d float %.3e\n", n, ef / m);
	}
}

int
main(void)
{
	table();
	lookups();
	statuses();
	roundtrips();
	printf("version %s\n", kgen_version());
	return 0;
}
