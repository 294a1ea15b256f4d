/* asmlib.c: the library's batched n1 codelets in C (kgen_n1_isa) against
 * the same in kgen's assembly (kgen_n1a_isa), as kgen_dft chooses between
 * them: per ISA this CPU runs (avx2, avx512), precision and n = 2..64,
 * v = 256 interleaved transforms one after another, out of place, the
 * two timed in alternation, best of TRIALS; and which codelet kgen_dft
 * itself picks there (its first-use measurement, runtime/dispatch.c).
 *   cc -O2 -Iruntime bench/asmlib.c lib/libkgen.a -lm -lpthread
 *   usage: asmlib [TRIALS=51]   (make bench-asmlib: bench/out/asmlib.csv)
 * Prints CSV: isa,prec,n,c_ns,asm_ns,c_over_asm,dft_picks (ns per
 * transform; c_over_asm > 1: assembly faster; dft_picks "n1a-avx512",
 * "avx512", "n1w-avx512", ... or "-" for an ISA other than kgen_isa()'s
 * choice for n). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "timing.h"
#include "kgen.h"

enum { V = 256, NMAX = 64 };

typedef void Fn(const void *, const void *, void *, void *, ptrdiff_t,
    ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t);

/* ns per transform of one timed batch of calls */
static double
timeit(Fn *f, int n, size_t sz, char *x, char *y)
{
	double t;
	int k, reps;

	reps = 1 + 20000 / n;
	reps = reps > 40 ? 40 : reps;
	t = now();
	for (k = 0; k < reps; k++)
		f(x, x + sz, y, y + sz, 2, 2, V, 2 * n, 2 * n);
	return (now() - t) * 1e9 / ((double)reps * V);
}

static const char *
picked(void (*f)(void), int n, int isfloat)
{
	static char buf[32];
	void (*a)(void), (*b)(void), (*w)(void), (*c)(void);
	int i;

	for (i = 0; kgen_isa_name(i); i++) {
		a = isfloat ? (void (*)(void))kgen_n1af_isa(n, i)
		    : (void (*)(void))kgen_n1a_isa(n, i);
		b = isfloat ? (void (*)(void))kgen_n1f_isa(n, i)
		    : (void (*)(void))kgen_n1_isa(n, i);
		w = isfloat ? (void (*)(void))kgen_n1wf_isa(n, i)
		    : (void (*)(void))kgen_n1w_isa(n, i);
		c = isfloat ? (void (*)(void))kgen_n1cf_isa(n, i)
		    : (void (*)(void))kgen_n1c_isa(n, i);
		if (f == a || f == b || f == w || f == c) {
			snprintf(buf, sizeof buf, "%s%s",
			    f == a ? "n1a-" : f == w ? "n1w-" : f == c ? "n1c-"
			    : "", kgen_isa_name(i));
			return buf;
		}
	}
	return "?";
}

int
main(int argc, char **argv)
{
	static const char *isas[] = {"avx2", "avx512"};
	int trials, i, isa, fl, n, t;
	size_t es, sz;
	double tc, ta, bc, ba;
	char *x, *y;
	Fn *c, *a;

	trials = argc > 1 ? atoi(argv[1]) : 51;
	x = malloc(2 * (size_t)NMAX * V * sizeof(double));
	y = malloc(2 * (size_t)NMAX * V * sizeof(double));
	if (!x || !y)
		return 1;
	printf("isa,prec,n,c_ns,asm_ns,c_over_asm,dft_picks\n");
	for (i = 0; i < 2; i++) {
		for (isa = 0; kgen_isa_name(isa); isa++)
			if (!strcmp(kgen_isa_name(isa), isas[i]))
				break;
		if (!kgen_isa_name(isa) || !kgen_isa_supported(isa))
			continue;
		for (fl = 0; fl < 2; fl++)
			for (n = 2; n <= NMAX; n++) {
				es = fl ? sizeof(float) : sizeof(double);
				sz = es;        /* ii = ri + 1 element */
				memset(y, 0, 2 * (size_t)n * V * es);
				if (fl) {
					for (t = 0; t < 2 * n * V; t++)
						((float *)x)[t] = (t % 7) * 0.125f;
					c = (Fn *)(void (*)(void))kgen_n1f_isa(n, isa);
					a = (Fn *)(void (*)(void))kgen_n1af_isa(n, isa);
				} else {
					for (t = 0; t < 2 * n * V; t++)
						((double *)x)[t] = (t % 7) * 0.125;
					c = (Fn *)(void (*)(void))kgen_n1_isa(n, isa);
					a = (Fn *)(void (*)(void))kgen_n1a_isa(n, isa);
				}
				if (!c || !a)
					continue;
				bc = ba = 1e30;
				timeit(c, n, sz, x, y);
				timeit(a, n, sz, x, y);
				for (t = 0; t < trials; t++) {
					tc = timeit(c, n, sz, x, y);
					ta = timeit(a, n, sz, x, y);
					bc = tc < bc ? tc : bc;
					ba = ta < ba ? ta : ba;
				}
				printf("%s,%s,%d,%.2f,%.2f,%.3f,%s\n", isas[i],
				    fl ? "float" : "double", n, bc, ba, bc / ba,
				    kgen_isa_for(n, fl) == isa ? picked(fl
				    ? (void (*)(void))kgen_n1f_for(n, V)
				    : (void (*)(void))kgen_n1_for(n, V), n, fl)
				    : "-");
				fflush(stdout);
			}
	}
	free(x);
	free(y);
	return 0;
}
