/* asmab.c: two builds of one assembly n1 codelet (o_N: an older kgen's,
 * n_N: this kgen's) and the gcc-compiled C codelet of the same order
 * (c_N), in one process, on v interleaved transforms one after another
 * (FFTW's usual batched layout, out of place).  Each of the three has
 * its own arrays; the output arrays are placed at six offsets from a
 * 64-byte boundary in turn (0 to 1032 doubles), since where the output
 * lies against the input moves such a codelet's time.  Trials
 * interleave the three in rotation, a trial about a millisecond.
 * Build: cc -O2 -DN=n asmab.c o.o n.o c.o -lm
 * usage: asmab V TRIALS
 * Prints one line: N, the geometric means over the placements of the
 * medians of old's and C's time over new's in the same trial (> 1: new
 * is faster), the new codelet's median ns, and the largest relative
 * difference of old's and new's output from C's. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "timing.h"

typedef void Fn(const double *, const double *, double *, double *,
    ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t);
#define CAT(a, b) a##b
#define NAME(p, n) CAT(p, n)
Fn NAME(o_, N), NAME(n_, N), NAME(c_, N);

enum { NW = 3, MAXTRIAL = 201, NOFF = 6 };

int
main(int argc, char **argv)
{
	static const int off[NOFF] = {0, 8, 136, 264, 520, 1032};
	static double ns[NW][MAXTRIAL], r[2][MAXTRIAL];
	Fn *f[NW] = {NAME(o_, N), NAME(n_, N), NAME(c_, N)};
	double *base[NW], *in[NW], *out[NW], lo = 0, lc = 0, t0, e, m, d;
	double newns = 0;
	size_t len, i;
	long reps, k;
	int v, trials, n = N, o, w, t;

	if (argc < 3 || (v = atoi(argv[1])) < 1 || (trials = atoi(argv[2]))
	    < 1 || trials > MAXTRIAL) {
		fprintf(stderr, "usage: asmab V TRIALS (1..%d)\n", MAXTRIAL);
		return 2;
	}
	len = 2 * (size_t)n * v;
	e = 0;
	for (o = 0; o < NOFF; o++) {
		for (w = 0; w < NW; w++) {
			in[w] = aligned_alloc(64, (len * sizeof(double) + 63)
			    / 64 * 64);
			base[w] = aligned_alloc(64, ((len + 1032) * sizeof(double)
			    + 63) / 64 * 64);
			if (!in[w] || !base[w])
				return 1;
			out[w] = base[w] + off[o];
			srand(12345);
			for (i = 0; i < len; i++)
				in[w][i] = rand() / (double)RAND_MAX - 0.5;
			f[w](in[w], in[w] + 1, out[w], out[w] + 1, 2, 2, v, 2 * n,
			    2 * n);
		}
		for (w = 0; w < 2; w++) {
			d = m = 0;
			for (i = 0; i < len; i++) {
				d = fmax(d, fabs(out[w][i] - out[2][i]));
				m = fmax(m, fabs(out[2][i]));
			}
			e = fmax(e, m > 0 ? d / m : d);
		}
		t0 = now();
		f[1](in[1], in[1] + 1, out[1], out[1] + 1, 2, 2, v, 2 * n, 2 * n);
		d = now() - t0;
		reps = d > 0 ? (long)(1e-3 / d) + 1 : 1000;
		for (t = 0; t < trials; t++)
			for (k = 0; k < NW; k++) {
				w = (int)((k + t) % NW);
				t0 = now();
				for (i = 0; i < (size_t)reps; i++)
					f[w](in[w], in[w] + 1, out[w], out[w] + 1, 2, 2,
					    v, 2 * n, 2 * n);
				ns[w][t] = (now() - t0) * 1e9 / ((double)reps * v);
			}
		for (t = 0; t < trials; t++) {
			r[0][t] = ns[0][t] / ns[1][t];
			r[1][t] = ns[2][t] / ns[1][t];
		}
		lo += log(median(r[0], trials));
		lc += log(median(r[1], trials));
		newns += median(ns[1], trials) / NOFF;
		for (w = 0; w < NW; w++) {
			free(in[w]);
			free(base[w]);
		}
	}
	printf("%d,%.4f,%.4f,%.3f,%.3g\n", n, exp(lo / NOFF), exp(lc / NOFF),
	    newns, e);
	return 0;
}
