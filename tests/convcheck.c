/* convcheck.c: runs the FIR codelets listed in convlist.h, X(name, n,
 * ntaps, corr) beside a taps_name[] array, on random signals in two
 * batched layouts, three signals with gaps between them: strided (is =
 * 2, os = 3) and unit-stride (is = os = 1, the vector kernels of a
 * --simd codelet), and prints per codelet and layout (name@is,os) the
 * largest error in units of (ntaps + 2) u sum_j |h_j x_j'| against a
 * long-double loop, and whether the guard values between and around the
 * outputs survived.  Built with -DSINGLE the codelets are float ones and
 * u is 2^-24, else 2^-53.  A
 * convolution (corr 0), y_i = sum_k h_k x_(i-k), gets x pointing ntaps-1
 * samples into the signal, past its history; a correlation (corr 1),
 * y_i = sum_j h_j x_(i+j), the signal's start.  The assert lives in
 * tests/test_conv.py.  Usage: convcheck SEED */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef SINGLE
typedef float R;
#define U 0x1p-24L
#else
typedef double R;
#define U 0x1p-53L
#endif

#define X(name, n, ntaps, corr) void name(const R *, R *, ptrdiff_t, \
    ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t);
#include "convlist.h"
#undef X
#include "convtaps.h"   /* static const R taps_name[] */

enum { V = 3, GUARD = 8 };
static const R SENT = 1e30f;
static unsigned long long state;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

static void
run(const char *name, void (*f)(const R *, R *, ptrdiff_t,
    ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t), int n, int ntaps,
    const R *h, int corr, int is, int os)
{
	ptrdiff_t ivs, ovs, nx, ny, t, m;
	R *x, *y;
	double worst;
	long double ref, mag, e;
	int s, i, j, ok, isout;

	ivs = (n + ntaps - 1) * is + 5;
	ovs = n * os + 4;
	nx = V * ivs;
	ny = V * ovs;
	x = malloc((nx + 2 * GUARD) * sizeof *x);
	y = malloc((ny + 2 * GUARD) * sizeof *y);
	for (t = 0; t < nx + 2 * GUARD; t++)
		x[t] = NAN;
	for (t = 0; t < ny + 2 * GUARD; t++)
		y[t] = SENT;
	x += GUARD;
	y += GUARD;
	for (s = 0; s < V; s++)
		for (i = 0; i < n + ntaps - 1; i++)
			x[s * ivs + i * is] = (R)rnd();
	f(corr ? x : x + (ntaps - 1) * is, y, is, os, V, ivs, ovs);
	worst = 0;
	for (s = 0; s < V; s++)
		for (i = 0; i < n; i++) {
			ref = mag = 0;
			for (j = 0; j < ntaps; j++) {
				m = corr ? i + j : i + ntaps - 1 - j;
				ref += (long double)h[j] * x[s * ivs + m * is];
				mag += fabsl((long double)h[j] * x[s * ivs
				    + m * is]);
			}
			e = fabsl(y[s * ovs + i * os] - ref);
			if (mag > 0)
				e /= (ntaps + 2) * U * mag;
			if (!(e <= worst))
				worst = isnan((double)e) ? INFINITY
				    : (double)e;
		}
	ok = 1;
	for (t = -GUARD; t < ny + GUARD; t++) {
		isout = t >= 0 && t < ny && t % ovs < n * os
		    && t % ovs % os == 0;
		if (!isout && y[t] != SENT)
			ok = 0;
	}
	printf("%s@%d,%d %d %d %.3g %s\n", name, is, os, n, ntaps, worst,
	    ok ? "ok" : "guard");
	free(x - GUARD);
	free(y - GUARD);
}

int
main(int argc, char **argv)
{
	state = argc > 1 ? strtoull(argv[1], 0, 10) : 1;
	printf("name n ntaps err/bound guards\n");
#define X(name, n, ntaps, corr) \
	run(#name, name, n, ntaps, taps_##name, corr, 2, 3); \
	run(#name, name, n, ntaps, taps_##name, corr, 1, 1);
#include "convlist.h"
#undef X
	return 0;
}
