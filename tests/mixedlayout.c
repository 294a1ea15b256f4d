/* mixedlayout.c: kgen_dft and kgen_dftf with input and output in
 * different layouts (interleaved pairs in, split arrays out, and the
 * other way round; either way round of the pairs), every n = 1..64, for
 * v = 1, 3 and 64 (the batched codelets' buffered path packs interleaved
 * pairs with a lane permutation that only the matching interleaved store
 * undoes: issue 12's report), against an O(n^2) DFT in long double.
 * usage: mixedlayout   (the ISA from KGEN_ISA); prints "bad K" and the
 * failing cases; exit 1 when K > 0. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "kgen.h"

#define TWO_PI 6.283185307179586476925286766559L

/* The largest error of case (n, v, lay, sign) relative to the largest
 * output, for prec R; lay 0: pairs in, split out; 1: split in, pairs
 * out; 2: swapped pairs (ri == ii + 1) in, split out. */
#define CHECK(NAME, R, DFT)                                                \
static double                                                              \
NAME(int n, int v, int lay, int sign)                                      \
{                                                                          \
	R *pin, *pout, *si, *so, *ri, *ii, *ro, *io;                       \
	ptrdiff_t is, os, ivs, ovs;                                        \
	long double er, ei, xr, xi, c, s, big = 0, err = 0;                \
	long double cs[2 * KGEN_N1_MAX];                                   \
	int h, j, k, jk;                                                   \
                                                                           \
	for (j = 0; j < n; j++) {                                          \
		cs[2 * j] = cosl(TWO_PI * j / n);                          \
		cs[2 * j + 1] = sign * sinl(TWO_PI * j / n);               \
	}                                                                  \
	pin = malloc(2 * sizeof *pin * n * v);                             \
	pout = malloc(2 * sizeof *pout * n * v);                           \
	si = malloc(2 * sizeof *si * n * v);                               \
	so = malloc(2 * sizeof *so * n * v);                               \
	if (!pin || !pout || !si || !so)                                   \
		exit(2);                                                   \
	for (j = 0; j < 2 * n * v; j++) {                                  \
		pin[j] = (R)(rand() / (double)RAND_MAX - 0.5);             \
		si[j] = pin[j];                                            \
	}                                                                  \
	if (lay == 1) {                                                    \
		ri = si; ii = si + n * v; is = 1; ivs = n;                 \
		ro = pout; io = pout + 1; os = 2; ovs = 2 * n;             \
	} else {                                                           \
		ri = lay ? pin + 1 : pin; ii = lay ? pin : pin + 1;        \
		is = 2; ivs = 2 * n;                                       \
		ro = so; io = so + n * v; os = 1; ovs = n;                 \
	}                                                                  \
	if (DFT(n, sign, ri, ii, ro, io, is, os, v, ivs, ovs) != KGEN_OK)  \
		return 1e9;                                                \
	for (h = 0; h < v; h++)                                            \
		for (k = 0; k < n; k++) {                                  \
			er = ei = 0;                                       \
			for (j = 0; j < n; j++) {                          \
				xr = ri[h * ivs + j * is];                 \
				xi = ii[h * ivs + j * is];                 \
				jk = j * k % n;                            \
				c = cs[2 * jk];                            \
				s = cs[2 * jk + 1];                        \
				er += xr * c - xi * s;                     \
				ei += xr * s + xi * c;                     \
			}                                                  \
			er -= ro[h * ovs + k * os];                        \
			ei -= io[h * ovs + k * os];                        \
			if (fabsl(er) > err) err = fabsl(er);              \
			if (fabsl(ei) > err) err = fabsl(ei);              \
			xr = ro[h * ovs + k * os];                         \
			if (fabsl(xr) > big) big = fabsl(xr);              \
		}                                                          \
	free(pin); free(pout); free(si); free(so);                         \
	return (double)(err / (big > 1 ? big : 1));                        \
}
CHECK(check_d, double, kgen_dft)
CHECK(check_f, float, kgen_dftf)

int
main(void)
{
	static const int vs[] = {1, 3, 64};
	int n, iv, lay, sg, bad = 0;
	double e;

	for (n = 1; n <= KGEN_N1_MAX; n++)
		for (iv = 0; iv < 3; iv++)
			for (lay = 0; lay < 3; lay++)
				for (sg = -1; sg <= 1; sg += 2) {
					e = check_d(n, vs[iv], lay, sg);
					if (e > 1e-13) {
						bad++;
						printf("double n=%d v=%d lay=%d sign=%d err=%g\n", n, vs[iv], lay, sg, e);
					}
					e = check_f(n, vs[iv], lay, sg);
					if (e > 1e-4) {
						bad++;
						printf("float n=%d v=%d lay=%d sign=%d err=%g\n", n, vs[iv], lay, sg, e);
					}
				}
	printf("bad %d\n", bad);
	return bad > 0;
}
