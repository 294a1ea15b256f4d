/* t1a.c: the library's t1v twiddle codelets in C (codelets.def T1V,
 * gcc -O2 -ffp-contract=fast) against the same steps in kgen's assembly
 * (T1A: the same order and R, --fma, Belady's registers), as the planner
 * chooses between them (runtime/plantab.c): per ISA this CPU runs,
 * precision and radix, one step of m butterflies in place (the blocked
 * table of a real transform) on split arrays (NAME, rs = m) and on
 * block-split data (NAME_b, rs = 2m: the layout of the plans that
 * interleaved data run), the two codelets timed in alternation from the
 * same data each trial, best of TRIALS.  The
 * codelets are hidden in libkgen.so; linked from lib/libkgen.a they are
 * plain symbols.
 *   cc -O2 -Iruntime -Ibuild/runtime bench/t1a.c lib/libkgen.a -lm
 *   usage: t1a [M=64] [TRIALS=31]   (make bench-t1a: bench/out/t1a.csv)
 * Prints CSV: isa,prec,r,m,c_ns,asm_ns,c_over_asm,c_b_ns,asm_b_ns,
 * c_over_asm_b (ns per butterfly, split then block-split; c_over_asm > 1:
 * the assembly is faster). */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "timing.h"
#include "kgen.h"

typedef void Fn_double(double *, double *, const double *, ptrdiff_t,
    ptrdiff_t, ptrdiff_t);
typedef void Fn_float(float *, float *, const float *, ptrdiff_t, ptrdiff_t,
    ptrdiff_t);
typedef void Fb_double(double *, const double *, ptrdiff_t, ptrdiff_t,
    ptrdiff_t);
typedef void Fb_float(float *, const float *, ptrdiff_t, ptrdiff_t, ptrdiff_t);

#define ISA_avx2 KGEN_ISA_AVX2
#define ISA_avx512 KGEN_ISA_AVX512

/* T1V lines' names by (isa, prec, r); T1A's the same way */
#define T1V(isa, prec, r, name, opts) Fn_##prec name; Fb_##prec name##_b;
#define T1A(isa, prec, r, name, opts) Fn_##prec name; Fb_##prec name##_b;
#include "codelets.h"

static const struct {
	int isa, isfloat, r;
	void (*f)(void), (*b)(void);
} cs[] = {
#define T1V(isa, prec, r, name, opts) {ISA_##isa, sizeof(#prec) == 6, r, \
	(void (*)(void))name, (void (*)(void))name##_b},
#include "codelets.h"
	{0, 0, 0, 0, 0}
}, as[] = {
#define T1A(isa, prec, r, name, opts) {ISA_##isa, sizeof(#prec) == 6, r, \
	(void (*)(void))name, (void (*)(void))name##_b},
#include "codelets.h"
	{0, 0, 0, 0, 0}
};

/* ns per butterfly of calls on y (a copy of x), f a t1v codelet of
 * radix r in precision isfloat over m butterflies (blk: f is a NAME_b,
 * on y as block-split data): enough calls (up to 32) for a few
 * microseconds; each grows the data by about sqrt(r), which 32 calls of
 * radix 64 keep within float's range. */
static double
timeit(void (*f)(void), int blk, int isfloat, int r, int m, const void *x,
    void *y, const void *w)
{
	size_t esz, n;
	double t;
	int k, calls;

	esz = isfloat ? sizeof(float) : sizeof(double);
	n = 2 * (size_t)r * m;
	calls = 16384 / (r * m);
	calls = calls < 1 ? 1 : calls > 32 ? 32 : calls;
	memcpy(y, x, n * esz);
	t = now();
	for (k = 0; k < calls; k++)
		if (blk && isfloat)
			((Fb_float *)f)(y, w, 2 * m, 0, m);
		else if (blk)
			((Fb_double *)f)(y, w, 2 * m, 0, m);
		else if (isfloat)
			((Fn_float *)f)(y, (float *)y + (size_t)r * m, w, m, 0,
			    m);
		else
			((Fn_double *)f)(y, (double *)y + (size_t)r * m, w, m,
			    0, m);
	return (now() - t) * 1e9 / ((double)calls * m);
}

int
main(int argc, char **argv)
{
	int m, trials, i, j, k, b, l, q, r, vl, fl, blk;
	double tc, ta, bc[2], ba[2], a;
	size_t n, nw;
	void *x, *y, *w;

	m = argc > 1 ? atoi(argv[1]) : 64;
	trials = argc > 2 ? atoi(argv[2]) : 31;
	if (m < 16 || m % 16 || trials < 1) {
		fprintf(stderr, "usage: t1a [M=64, a multiple of 16] "
		    "[TRIALS=31]\n");
		return 2;
	}
	printf("isa,prec,r,m,c_ns,asm_ns,c_over_asm,c_b_ns,asm_b_ns,"
	    "c_over_asm_b\n");
	for (i = 0; cs[i].f; i++) {
		for (j = 0; as[j].f && (as[j].isa != cs[i].isa || as[j].isfloat
		    != cs[i].isfloat || as[j].r != cs[i].r); j++)
			;
		if (!as[j].f || !kgen_isa_supported(cs[i].isa))
			continue;
		r = cs[i].r;
		fl = cs[i].isfloat;
		vl = (cs[i].isa == KGEN_ISA_AVX512 ? 64 : 32) / (fl ? 4 : 8);
		n = 2 * (size_t)r * m;
		nw = 2 * (size_t)(r - 1) * m;
		x = malloc(n * 8);
		y = malloc(n * 8);
		w = malloc(nw * 8);
		if (!x || !y || !w)
			return 1;
		for (k = 0; k < (int)n; k++) {
			a = ((k * 37 % 101) - 50) / 64.0;
			if (fl)
				((float *)x)[k] = (float)a;
			else
				((double *)x)[k] = a;
		}
		/* the t1v table of a size r m transform (its magnitudes keep
		 * the data from growing past a few calls' worth) */
		for (b = 0; b < m / vl; b++)
			for (q = 1; q < r; q++)
				for (l = 0; l < vl; l++) {
					a = 2 * M_PI * ((long)q * (b * vl + l))
					    / ((double)r * m);
					k = (b * 2 * (r - 1) + 2 * (q - 1)) * vl + l;
					if (fl) {
						((float *)w)[k] = (float)cos(a);
						((float *)w)[k + vl] = (float)sin(a);
					} else {
						((double *)w)[k] = cos(a);
						((double *)w)[k + vl] = sin(a);
					}
				}
		for (blk = 0; blk < 2; blk++) {
			bc[blk] = ba[blk] = 1e30;
			for (k = 0; k < trials; k++) {
				tc = timeit(blk ? cs[i].b : cs[i].f, blk, fl, r, m, x,
				    y, w);
				ta = timeit(blk ? as[j].b : as[j].f, blk, fl, r, m, x,
				    y, w);
				bc[blk] = tc < bc[blk] ? tc : bc[blk];
				ba[blk] = ta < ba[blk] ? ta : ba[blk];
			}
		}
		printf("%s,%s,%d,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f\n",
		    kgen_isa_name(cs[i].isa), fl ? "float" : "double", r, m,
		    bc[0], ba[0], bc[0] / ba[0], bc[1], ba[1], bc[1] / ba[1]);
		free(x);
		free(y);
		free(w);
	}
	return 0;
}
