/* selftestbad.c: kgen_selftest_with on deliberately broken transforms,
 * for tests/test_selftest.py, which asserts that each is rejected by the
 * check that should see it (and the intact one passes).  Each is a
 * double plan of size N wrapped as a kgen_selftest_fn with one defect:
 *   good       none
 *   wrongsign  a plan of sign +1 presented as sign -1
 *   swap       outputs 1 and 2 exchanged
 *   offset     1e-3 added to output 0
 *   scale      every output times 1 + 1e-9
 *   nudge      output 3 moved by 1e-12 of the largest output
 * then the status kgen_selftest returns for problems out of range.
 * Prints "name status linearity impulse shift bound" per case. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "kgen.h"

enum { N = 64 };

typedef struct Bad Bad;
struct Bad {
	kgen_plan *p;
	int defect;
};

static int
broken(void *ctx, const double *in, double *out)
{
	Bad *b = ctx;
	double ri[N], ii[N], ro[N], io[N], m = 0, t;
	int k, st;

	for (k = 0; k < N; k++) {
		ri[k] = in[2 * k];
		ii[k] = in[2 * k + 1];
	}
	if ((st = kgen_execute(b->p, ri, ii, ro, io)))
		return st;
	for (k = 0; k < N; k++)
		if (fabs(ro[k]) > m)
			m = fabs(ro[k]);
	switch (b->defect) {
	case 2:
		t = ro[1], ro[1] = ro[2], ro[2] = t;
		t = io[1], io[1] = io[2], io[2] = t;
		break;
	case 3:
		ro[0] += 1e-3;
		break;
	case 4:
		for (k = 0; k < N; k++)
			ro[k] *= 1 + 1e-9, io[k] *= 1 + 1e-9;
		break;
	case 5:
		ro[3] += 1e-12 * m;
		break;
	}
	for (k = 0; k < N; k++) {
		out[2 * k] = ro[k];
		out[2 * k + 1] = io[k];
	}
	return KGEN_OK;
}

static void
show(const char *name, int st, const kgen_selftest_result *r)
{
	printf("%s %d %.3g %.3g %.3g %.3g\n", name, st, r->linearity,
	    r->impulse, r->shift, r->bound);
}

int
main(void)
{
	static const char *const names[] = {
		"good", "wrongsign", "swap", "offset", "scale", "nudge"
	};
	kgen_selftest_problem p = { 0 };
	kgen_selftest_result r;
	Bad b;
	int d, st;

	p.n = N;
	p.sign = -1;
	p.seed = 12345;
	for (d = 0; d < 6; d++) {
		b.p = kgen_plan_dft_1d(N, d == 1 ? 1 : -1, 0);
		b.defect = d;
		if (!b.p)
			return 1;
		st = kgen_selftest_with(&p, broken, &b, &r);
		show(names[d], st, &r);
		kgen_destroy(b.p);
	}
	/* problems out of range */
	p.sign = 0;
	show("sign0", kgen_selftest(&p, &r), &r);
	p.sign = -1, p.howmany = 2, p.dist = N - 1;
	show("overlap", kgen_selftest(&p, &r), &r);
	p.howmany = 0, p.dist = 0, p.n = KGEN_N1_MAX + 1;
	p.api = KGEN_SELFTEST_N1;
	show("n1big", kgen_selftest(&p, &r), &r);
	p.api = KGEN_SELFTEST_PLAN, p.n = 8, p.sign = 0;
	p.kind = KGEN_SELFTEST_R2C, p.howmany = 2;
	show("realmany", kgen_selftest(&p, &r), &r);
	p.howmany = 1, p.sign = 1;
	show("r2cplus", kgen_selftest(&p, &r), &r);
	show("null", kgen_selftest(0, &r), &r);
	/* a layout past the address space: refused before any arithmetic
	 * could overflow (UBSan under make asan) */
	p.kind = KGEN_SELFTEST_DFT, p.sign = -1, p.n = KGEN_PLAN_MAX;
	p.howmany = 1 << 30;
	show("huge", kgen_selftest(&p, &r), &r);
	p.howmany = 1, p.stride = PTRDIFF_MAX / 2;
	show("hugestride", kgen_selftest(&p, &r), &r);
	return 0;
}
