/* dftentry.c: kgen_dft's and kgen_dftf's entry (runtime/dispatch.c; on
 * x86-64 assembly that jumps to a codelet's v1 or v1s entry, or to the
 * C): one transform at a time, every n = 1..64, both signs, each call
 * made three times (the first measures and installs the codelet, the
 * others take the jumps) on every layout class the entry tells apart:
 *   0 interleaved pairs in and out (is = os = 2)
 *   1 interleaved with gaps (is = 4, os = 6)
 *   2 split arrays (is = os = 1)
 *   3 split with strides (is = 2, os = 3)
 *   4 pairs in, split out
 *   5 swapped pairs in (ri == ii + 1), split out
 *   6 swapped pairs in and out (ri == ii + 1, ro == io + 1)
 *   7 split in, pairs out
 * and v = 2 (not the entry's case) once; each against an O(n^2) DFT in
 * long double, the other values of the output arrays untouched.  Bad
 * calls (a NULL array, n = 0, v < 0, sign 0) must return an error, and
 * sizes past the codelets' KGEN_ENOSIZE.
 * usage: dftentry   (the ISA from KGEN_ISA); prints "bad K" and the
 * failing cases; exit 1 when K > 0. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "kgen.h"

#define TWO_PI 6.283185307179586476925286766559L
#define NLAY 8
#define GUARD 12345.0

/* The largest error of the v transforms of case (n, v, lay, sign), call
 * after call (calls of them), relative to the largest output; 1e9 where
 * a call fails or writes outside its outputs. */
#define CHECK(NAME, R, DFT)                                                \
static double                                                              \
NAME(int n, int v, int lay, int sign, int calls)                           \
{                                                                          \
	static const int is_[NLAY] = {2, 4, 1, 2, 2, 2, 2, 1};             \
	static const int os_[NLAY] = {2, 6, 1, 3, 1, 1, 2, 2};             \
	R *in, *out, *ri, *ii, *ro, *io;                                   \
	ptrdiff_t is, os, ivs, ovs, len, j, k, h, c, jk;                   \
	long double er, ei, xr, xi, cs[2 * KGEN_N1_MAX], big = 0, err = 0; \
	char *used;                                                        \
                                                                           \
	is = is_[lay];                                                     \
	os = os_[lay];                                                     \
	len = 2 * 6 * (ptrdiff_t)n * v + 8;                                \
	in = malloc(len * sizeof *in);                                     \
	out = malloc(len * sizeof *out);                                   \
	used = calloc(len, 1);                                             \
	if (!in || !out || !used)                                          \
		exit(2);                                                   \
	for (j = 0; j < n; j++) {                                          \
		cs[2 * j] = cosl(TWO_PI * j / n);                          \
		cs[2 * j + 1] = sign * sinl(TWO_PI * j / n);               \
	}                                                                  \
	for (j = 0; j < len; j++)                                          \
		in[j] = (R)(rand() / (double)RAND_MAX - 0.5);              \
	/* pairs (lay 0, 1, 4, 5, 6 in; 0, 1, 6, 7 out) or split arrays */ \
	if (lay == 2 || lay == 3 || lay == 7) {                            \
		ri = in; ii = in + len / 2; ivs = n * is;                  \
	} else if (lay == 5 || lay == 6) {                                 \
		ri = in + 1; ii = in; ivs = n * is;                        \
	} else {                                                           \
		ri = in; ii = in + 1; ivs = n * is;                        \
	}                                                                  \
	if (lay == 2 || lay == 3 || lay == 4 || lay == 5) {                \
		ro = out; io = out + len / 2; ovs = n * os;                \
	} else if (lay == 6) {                                             \
		ro = out + 1; io = out; ovs = n * os;                      \
	} else {                                                           \
		ro = out; io = out + 1; ovs = n * os;                      \
	}                                                                  \
	for (h = 0; h < v; h++)                                            \
		for (k = 0; k < n; k++) {                                  \
			used[ro + h * ovs + k * os - out] = 1;             \
			used[io + h * ovs + k * os - out] = 1;             \
		}                                                          \
	for (c = 0; c < calls; c++) {                                      \
		for (j = 0; j < len; j++)                                  \
			out[j] = (R)GUARD;                                 \
		if (DFT(n, sign, ri, ii, ro, io, is, os, v, ivs, ovs)      \
		    != KGEN_OK)                                            \
			return 1e9;                                        \
		for (j = 0; j < len; j++)                                  \
			if (!used[j] && out[j] != (R)GUARD)                \
				return 1e9;                                \
		for (h = 0; h < v; h++)                                    \
			for (k = 0; k < n; k++) {                          \
				er = ei = 0;                               \
				for (j = 0; j < n; j++) {                  \
					xr = ri[h * ivs + j * is];         \
					xi = ii[h * ivs + j * is];         \
					jk = j * k % n;                    \
					er += xr * cs[2 * jk]              \
					    - xi * cs[2 * jk + 1];         \
					ei += xr * cs[2 * jk + 1]          \
					    + xi * cs[2 * jk];             \
				}                                          \
				xr = ro[h * ovs + k * os];                 \
				xi = io[h * ovs + k * os];                 \
				if (fabsl(er - xr) > err)                  \
					err = fabsl(er - xr);              \
				if (fabsl(ei - xi) > err)                  \
					err = fabsl(ei - xi);              \
				if (fabsl(er) > big)                       \
					big = fabsl(er);                   \
			}                                                  \
	}                                                                  \
	free(in);                                                          \
	free(out);                                                         \
	free(used);                                                        \
	return (double)(err / (big > 1 ? big : 1));                        \
}
CHECK(check_d, double, kgen_dft)
CHECK(check_f, float, kgen_dftf)

int
main(void)
{
	double x[16] = {0}, y[16];
	float xf[16] = {0}, yf[16];
	int n, lay, sg, bad = 0;
	double e;

	for (n = 1; n <= KGEN_N1_MAX; n++)
		for (lay = 0; lay < NLAY; lay++)
			for (sg = -1; sg <= 1; sg += 2) {
				e = check_d(n, 1, lay, sg, 3);
				if (e > 1e-13) {
					bad++;
					printf("double n=%d lay=%d sign=%d err=%g\n",
					    n, lay, sg, e);
				}
				e = check_f(n, 1, lay, sg, 3);
				if (e > 1e-4) {
					bad++;
					printf("float n=%d lay=%d sign=%d err=%g\n",
					    n, lay, sg, e);
				}
			}
	for (n = 1; n <= KGEN_N1_MAX; n += 7)
		if (check_d(n, 2, 0, -1, 1) > 1e-13
		    || check_f(n, 2, 0, -1, 1) > 1e-4) {
			bad++;
			printf("v=2 n=%d\n", n);
		}
	/* bad calls, after the sizes are installed: errors, not jumps */
	if (kgen_dft(4, -1, 0, x + 1, y, y + 1, 2, 2, 1, 8, 8) == KGEN_OK
	    || kgen_dft(4, -1, x, x + 1, y, 0, 2, 2, 1, 8, 8) == KGEN_OK
	    || kgen_dft(0, -1, x, x + 1, y, y + 1, 2, 2, 1, 8, 8) == KGEN_OK
	    || kgen_dft(4, -1, x, x + 1, y, y + 1, 2, 2, -1, 8, 8) == KGEN_OK
	    || kgen_dft(4, 0, x, x + 1, y, y + 1, 2, 2, 1, 8, 8) == KGEN_OK
	    || kgen_dftf(4, -1, 0, xf + 1, yf, yf + 1, 2, 2, 1, 8, 8)
	    == KGEN_OK
	    || kgen_dftf(0, -1, xf, xf + 1, yf, yf + 1, 2, 2, 1, 8, 8)
	    == KGEN_OK) {
		bad++;
		printf("a bad call returned KGEN_OK\n");
	}
	/* past the codelets' sizes: no size, on either side of the entry */
	for (n = KGEN_N1_MAX + 1; n <= KGEN_N1_MAX + 3; n++) {
		double *a = calloc(4 * n, sizeof *a);

		if (!a)
			return 2;
		if (kgen_dft(n, -1, a, a + 1, a + 2 * n, a + 2 * n + 1, 2, 2,
		    1, 2 * n, 2 * n) != KGEN_ENOSIZE
		    || kgen_dft(n, -1, a, a + n, a + 2 * n, a + 3 * n, 1, 1,
		    1, n, n) != KGEN_ENOSIZE) {
			bad++;
			printf("n=%d: not KGEN_ENOSIZE\n", n);
		}
		free(a);
	}
	printf("bad %d\n", bad);
	return bad > 0;
}
