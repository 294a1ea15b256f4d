/* neoncheck.c: runs NEON n1 and n1c codelets (kgen fft --simd neon,
 * --kind n1 or n1c), cross-compiled for AArch64 and run under qemu by
 * tests/test_neon.py, against a naive DFT in long double.  Built with a
 * list of the codelets of one precision:
 *   aarch64-linux-gnu-gcc [-DSINGLE] -DLIST='"list.h"' neoncheck.c
 *       codelets... -lm -static
 * where list.h holds lines N1(n, name) for n1 codelets and N1C(n, name)
 * for n1c ones (which have NAME_v1 and NAME_v1s too).  Each codelet runs
 * in every layout the n1 ABI allows that its paths tell apart:
 *   inter   interleaved pairs (ii = ri + 1, is = os = 2), v = 7 transforms
 *           2n + 2 apart: the direct body and the leftover through the
 *           buffer (n1), or the pair accesses (n1c)
 *   swap    interleaved with the parts swapped (ri = ii + 1), v = 5
 *   split   split arrays, the batch adjacent (ivs = ovs = 1, is = 3,
 *           os = 6, v = 6): the buffered body, no pairs
 *   inplace interleaved, in place, v = 4
 *   v1      (n1c) NAME_v1 on one interleaved transform, is = os = 2;
 *           v1s: NAME_v1s on one split one, is = 1, os = 3
 * Inputs are random in [-1, 1); every element of the output arrays that
 * the codelet must not write holds a guard value.  Prints per codelet
 * and layout "name layout n err hits": err the largest |y - Y| over the
 * largest |Y| of the transforms (Y the long-double DFT of the inputs as
 * rounded), hits the guards overwritten.  The bound lives in the test. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SINGLE
typedef float R;
#else
typedef double R;
#endif

typedef void n1_fn(const R *, const R *, R *, R *, ptrdiff_t, ptrdiff_t,
    ptrdiff_t, ptrdiff_t, ptrdiff_t);
typedef int v1_fn(const R *, R *, ptrdiff_t, ptrdiff_t);
typedef int v1s_fn(const R *, const R *, R *, R *, ptrdiff_t, ptrdiff_t);

#define N1(n, name) n1_fn name;
#define N1C(n, name) n1_fn name; v1_fn name##_v1; v1s_fn name##_v1s;
#include LIST
#undef N1
#undef N1C

static const struct {
	int n;
	const char *name;
	n1_fn *f;
	v1_fn *v1;
	v1s_fn *v1s;
} list[] = {
#define N1(n, name) {n, #name, name, 0, 0},
#define N1C(n, name) {n, #name, name, name##_v1, name##_v1s},
#include LIST
#undef N1
#undef N1C
};

static const R GUARD = (R)12345.5;
static unsigned long long state = 88172645463325252ULL;

static R
rnd(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (R)((double)(state >> 11) / 9007199254740992.0 * 2 - 1);
}

/* cos and sin of 2 pi k / n, k < n, for dft (n at most NMAX) */
enum { NMAX = 4096 };
static long double cs[NMAX][2];
static int csn;

/* Y = the DFT of sign -1 of x (n complex numbers at stride s, parts at
 * xr, xi), in long double (binary128 on AArch64), the angles reduced
 * exactly (mk mod n). */
static void
dft(int n, const R *xr, const R *xi, ptrdiff_t s, long double *yr,
    long double *yi)
{
	const long double tau = 6.283185307179586476925286766559L;
	long double c, d;
	int k, m, q;

	if (csn != n)
		for (csn = n, k = 0; k < n; k++) {
			cs[k][0] = cosl(tau * k / n);
			cs[k][1] = -sinl(tau * k / n);
		}
	for (k = 0; k < n; k++) {
		yr[k] = yi[k] = 0;
		for (m = q = 0; m < n; m++, q = (q + k) % n) {
			c = cs[q][0];
			d = cs[q][1];
			yr[k] += c * xr[m * s] - d * xi[m * s];
			yi[k] += c * xi[m * s] + d * xr[m * s];
		}
	}
}

/* A layout: real and imaginary parts at offsets ro_, io_ of the array
 * (inputs ri_, ii_), strides and the batch. */
typedef struct {
	const char *name;
	ptrdiff_t ri, ii, ro, io, is, os, v, ivs, ovs;
	int inplace, entry;     /* entry 0 NAME, 1 NAME_v1, 2 NAME_v1s */
} Lay;

/* Runs list[c] in layout L, prints its line. */
static void
run(int c, const Lay *L)
{
	int n, k, j, l;
	size_t len, i;
	R *in, *out, *src;
	char *mark;
	long double *yr, *yi, err, mag, e;
	long hits;

	n = list[c].n;
	len = 64 * (size_t)n + 64;     /* past every layout of main's */
	in = malloc(len * sizeof *in);
	out = malloc(len * sizeof *out);
	mark = calloc(len, 1);
	yr = malloc(2 * (size_t)n * sizeof *yr);
	yi = yr + n;
	for (i = 0; i < len; i++) {
		in[i] = rnd();
		out[i] = GUARD;
	}
	if (L->inplace)
		memcpy(out, in, len * sizeof *in);
	for (j = 0; j < L->v; j++)
		for (k = 0; k < n; k++) {
			mark[L->ro + j * L->ovs + k * L->os] = 1;
			mark[L->io + j * L->ovs + k * L->os] = 1;
		}
	src = L->inplace ? out : in;
	if (L->entry == 1)
		list[c].v1(src + L->ri, out + L->ro, L->is, L->os);
	else if (L->entry == 2)
		list[c].v1s(src + L->ri, src + L->ii, out + L->ro,
		    out + L->io, L->is, L->os);
	else
		list[c].f(src + L->ri, src + L->ii, out + L->ro, out + L->io,
		    L->is, L->os, L->v, L->ivs, L->ovs);
	err = mag = 0;
	for (j = 0; j < L->v; j++) {
		dft(n, in + L->ri + j * L->ivs, in + L->ii + j * L->ivs, L->is,
		    yr, yi);
		for (k = 0; k < n; k++) {
			l = (int)(L->ro + j * L->ovs + k * L->os);
			e = fabsl(out[l] - yr[k]);
			e += fabsl(out[L->io - L->ro + l] - yi[k]);
			err = e > err ? e : err;
			e = fabsl(yr[k]) + fabsl(yi[k]);
			mag = e > mag ? e : mag;
		}
	}
	for (i = hits = 0; i < len; i++)
		hits += !mark[i] && !L->inplace && out[i] != GUARD;
	printf("%s %s %d %.3Le %ld\n", list[c].name, L->name, n,
	    mag > 0 ? err / mag : err, hits);
	free(in);
	free(out);
	free(mark);
	free(yr);
}

int
main(void)
{
	size_t c;
	ptrdiff_t n;

	for (c = 0; c < sizeof list / sizeof list[0]; c++) {
		n = list[c].n;
		{
			const Lay lays[] = {
				{"inter", 0, 1, 0, 1, 2, 2, 7, 2 * n + 2,
				    2 * n + 2, 0, 0},
				{"swap", 1, 0, 1, 0, 2, 2, 5, 2 * n, 2 * n, 0, 0},
				{"split", 0, 21 * n + 5, 0, 14 * n + 3, 3, 6,
				    6, 1, 1, 0, 0},
				{"inplace", 0, 1, 0, 1, 2, 2, 4, 2 * n, 2 * n,
				    1, 0},
				{"v1", 0, 1, 0, 1, 2, 2, 1, 0, 0, 0, 1},
				{"v1s", 0, n, 0, 3 * n, 1, 3, 1, 0, 0, 0, 2},
			};
			int k, nl;

			nl = list[c].v1 ? 6 : 4;
			for (k = 0; k < nl; k++)
				run((int)c, &lays[k]);
		}
	}
	return 0;
}
