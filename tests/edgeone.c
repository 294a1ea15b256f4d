/* edgeone.c: size-1 transforms, the case libbench2's accuracy mode
 * aborted on (issue 15), with arrays of exactly the size the layout
 * needs.  Every complex layout of plancheck.c at n = 1 (split and
 * interleaved, in and out of place, batches of 1 to 33 with and without
 * gaps, both signs), kgen_dft itself, and the r2c and c2r plans; each
 * runs twice, once in arrays from malloc of exactly the extent (so that
 * valgrind sees any access past them) and once with GUARD values on both
 * sides.  A size-1 DFT is the identity: every output must equal its
 * input, every element that is not an output keep its value, and the
 * input of an out-of-place transform stay as it was.
 * Prints "case bad" per case (bad: elements wrong, guards hit or a
 * status that is not KGEN_OK); the assert is in tests/test_edge.py.
 * With -DSINGLE it checks the float functions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

#ifdef SINGLE
typedef float R;
#define PLAN kgen_planf
#define PLAN_MANY kgen_planf_many_dft
#define PLAN_1D kgen_planf_dft_1d
#define PLAN_R2C kgen_planf_dft_r2c_1d
#define PLAN_C2R kgen_planf_dft_c2r_1d
#define EXEC kgen_executef
#define EXEC_R2C kgen_executef_r2c
#define EXEC_C2R kgen_executef_c2r
#define DESTROY kgen_destroyf
#define DFT kgen_dftf
#else
typedef double R;
#define PLAN kgen_plan
#define PLAN_MANY kgen_plan_many_dft
#define PLAN_1D kgen_plan_dft_1d
#define PLAN_R2C kgen_plan_dft_r2c_1d
#define PLAN_C2R kgen_plan_dft_c2r_1d
#define EXEC kgen_execute
#define EXEC_R2C kgen_execute_r2c
#define EXEC_C2R kgen_execute_c2r
#define DESTROY kgen_destroy
#define DFT kgen_dft
#endif

enum { G = 8 };                 /* guard elements on each side */
static const R GUARD = -7.25e3;
static unsigned long long state = 7;

static R
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (R)((double)(state >> 11) / 9007199254740992.0 * 2 - 1);
}

/* An array of len elements, g guards on each side, random inside. */
static R *
mk(size_t len, int g)
{
	R *b;
	size_t i;

	b = malloc((len + 2 * g) * sizeof *b);
	if (!b) {
		fprintf(stderr, "edgeone: out of memory\n");
		exit(1);
	}
	for (i = 0; i < len + 2 * g; i++)
		b[i] = i < (size_t)g || i >= len + g ? GUARD : rnd();
	return b + g;
}

/* Elements of a (len, g guards) that differ from want (NULL: only the
 * guards are checked), counting the guards against GUARD. */
static long
diff(const R *a, const R *want, size_t len, int g)
{
	long bad;
	size_t i;

	bad = 0;
	for (i = 0; i < (size_t)g; i++)
		bad += (a[-1 - (ptrdiff_t)i] != GUARD) + (a[len + i] != GUARD);
	for (i = 0; want && i < len; i++)
		bad += a[i] != want[i];
	return bad;
}

static void
rm(R *a, int g)
{
	free(a - g);
}

/* howmany size-1 transforms at distance dist, split (two arrays) or
 * interleaved (one, ii = ri + 1), in place or not; via a plan, or via
 * kgen_dft when dft is set. */
static long
complex1(int howmany, ptrdiff_t dist, int inter, int inplace, int sign,
    int dft, int g)
{
	size_t len, at;
	R *in[2], *out[2], *orig[2], *want[2];
	PLAN *p;
	long bad;
	int a, na, h, c;

	/* one array interleaved, holding both parts; two split */
	na = inter ? 1 : 2;
	len = (size_t)(howmany - 1) * dist + 1 + (inter ? 1 : 0);
	for (a = 0; a < na; a++) {
		in[a] = mk(len, g);
		out[a] = inplace ? in[a] : mk(len, g);
		orig[a] = malloc(len * sizeof *orig[a]);
		want[a] = malloc(len * sizeof *want[a]);
		memcpy(orig[a], in[a], len * sizeof *orig[a]);
		/* a size-1 DFT is the identity: the outputs get the inputs,
		 * the other elements keep their values */
		memcpy(want[a], out[a], len * sizeof *want[a]);
		for (h = 0; h < howmany; h++)
			for (c = 0; c < (inter ? 2 : 1); c++) {
				at = (size_t)h * dist + c;
				want[a][at] = in[a][at];
			}
	}
	bad = 0;
	if (dft) {
		bad += DFT(1, sign, in[0], inter ? in[0] + 1 : in[1], out[0],
		    inter ? out[0] + 1 : out[1], 1, 1, howmany, dist,
		    dist) != KGEN_OK;
	} else {
		p = PLAN_MANY(1, howmany, inter ? 2 : 1, dist, sign, 0);
		bad += !p || EXEC(p, in[0], inter ? in[0] + 1 : in[1],
		    out[0], inter ? out[0] + 1 : out[1]) != KGEN_OK;
		DESTROY(p);
	}
	for (a = 0; a < na; a++) {
		bad += diff(out[a], want[a], len, g);
		if (!inplace) {
			bad += diff(in[a], orig[a], len, g);
			rm(out[a], g);
		}
		rm(in[a], g);
		free(orig[a]);
		free(want[a]);
	}
	return bad;
}

/* r2c and c2r of size 1: X_0 = x_0, Im X_0 = 0; c2r ignores Im X_0. */
static long
real1(int g)
{
	R *x, *ro, *io, *out, x0, r0, i0;
	PLAN *p;
	long bad;

	bad = 0;
	x = mk(1, g);
	ro = mk(1, g);
	io = mk(1, g);
	x0 = x[0];
	p = PLAN_R2C(1, 0);
	bad += !p || EXEC_R2C(p, x, ro, io) != KGEN_OK;
	DESTROY(p);
	bad += diff(x, &x0, 1, g) + diff(ro, &x0, 1, g);
	i0 = 0;
	bad += diff(io, &i0, 1, g);
	out = mk(1, g);
	ro[0] = r0 = rnd();
	io[0] = i0 = rnd();
	p = PLAN_C2R(1, 0);
	bad += !p || EXEC_C2R(p, ro, io, out) != KGEN_OK;
	DESTROY(p);
	bad += diff(out, &r0, 1, g) + diff(ro, &r0, 1, g)
	    + diff(io, &i0, 1, g);
	rm(x, g);
	rm(ro, g);
	rm(io, g);
	rm(out, g);
	return bad;
}

int
main(void)
{
	static const int many[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33};
	int i, g, c, inter, gap, inplace, sign, dft;
	ptrdiff_t dist;

	for (g = 0; g <= G; g += G) {
		printf("real g%d %ld\n", g, real1(g));
		for (i = 0; i < (int)(sizeof many / sizeof *many); i++)
			for (c = 0; c < 32; c++) {
				inter = c & 1;
				gap = c >> 1 & 1;
				inplace = c >> 2 & 1;
				sign = c >> 3 & 1 ? 1 : -1;
				dft = c >> 4 & 1;
				dist = (inter ? 2 : 1) + 3 * gap;
				printf("complex g%d howmany%d dist%td %s %s "
				    "sign%+d %s %ld\n", g, many[i], dist,
				    inter ? "interleaved" : "split",
				    inplace ? "inplace" : "outofplace", sign,
				    dft ? "kgen_dft" : "plan",
				    complex1(many[i], dist, inter, inplace,
				    sign, dft, g));
			}
	}
	return 0;
}
