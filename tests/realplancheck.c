/* realplancheck.c: measures whole real transforms (kgen_plan_dft_r2c_1d,
 * kgen_plan_dft_c2r_1d, runtime/real.c) against FFTW's r2c and c2r.
 * usage: realplancheck N1 N2 | realplancheck -l N...
 * Prints "n r2c|c2r maxrelerr guardhits" per size; c2r gets random
 * values in Im X_0 (and Im X_n/2), which it must ignore, and its input
 * must come back unchanged (a change counts as a guard hit).  The bound
 * lives in tests/test_real.py.  With -DSINGLE it checks the float plans
 * (kgen_planf_*) against FFTW in double on the same float inputs. */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

#ifdef SINGLE
typedef float R;
#define PLAN kgen_planf
#define PLAN_R2C kgen_planf_dft_r2c_1d
#define PLAN_C2R kgen_planf_dft_c2r_1d
#define EXEC_R2C kgen_executef_r2c
#define EXEC_C2R kgen_executef_c2r
#define DESTROY kgen_destroyf
#else
typedef double R;
#define PLAN kgen_plan
#define PLAN_R2C kgen_plan_dft_r2c_1d
#define PLAN_C2R kgen_plan_dft_c2r_1d
#define EXEC_R2C kgen_execute_r2c
#define EXEC_C2R kgen_execute_c2r
#define DESTROY kgen_destroy
#endif

static const R GUARD = -7.25e3;
static unsigned long long state = 99;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

static void
size(int n)
{
	int h, k;
	double *x, err, mag, e;
	R *xr, *ro, *io, *cr, *ci, *ccr, *cci;
	fftw_complex *c;
	fftw_plan fp;
	PLAN *p;
	long guards;

	h = n / 2;
	x = fftw_malloc((n + 1) * sizeof *x);
	xr = malloc((n + 4) * sizeof *xr);
	ro = malloc((h + 4) * sizeof *ro);
	io = malloc((h + 4) * sizeof *io);
	c = fftw_malloc((h + 1) * sizeof *c);
	/* r2c */
	for (k = 0; k < n; k++)
		x[k] = xr[k] = (R)rnd();
	for (k = 0; k < h + 4; k++)
		ro[k] = io[k] = GUARD;
	p = PLAN_R2C(n, 0);
	fp = fftw_plan_dft_r2c_1d(n, x, c, FFTW_ESTIMATE);
	fftw_execute(fp);
	guards = 0;
	err = mag = 0;
	if (!p || EXEC_R2C(p, xr, ro, io) != KGEN_OK) {
		err = NAN;
	} else {
		for (k = 0; k <= h; k++) {
			e = hypot(ro[k] - c[k][0], io[k] - c[k][1]);
			if (e > err || isnan(e))
				err = isnan(e) ? INFINITY : e;
			e = hypot(c[k][0], c[k][1]);
			if (e > mag)
				mag = e;
		}
		for (k = h + 1; k < h + 4; k++)
			guards += (ro[k] != GUARD) + (io[k] != GUARD);
		for (k = 0; k < n; k++)
			guards += xr[k] != x[k];
	}
	printf("%d r2c %.3e %ld\n", n, mag > 0 ? err / mag : err, guards);
	DESTROY(p);
	fftw_destroy_plan(fp);
	/* c2r: FFTW's c2r overwrites its input, so it gets a copy */
	cr = malloc((h + 1) * sizeof *cr);
	ci = malloc((h + 1) * sizeof *ci);
	ccr = malloc((h + 1) * sizeof *ccr);
	cci = malloc((h + 1) * sizeof *cci);
	for (k = 0; k <= h; k++) {
		cr[k] = ccr[k] = c[k][0] = (R)rnd();
		ci[k] = cci[k] = c[k][1] = (R)rnd();
	}
	for (k = 0; k < n + 4; k++)
		xr[k] = GUARD;
	p = PLAN_C2R(n, 0);
	fp = fftw_plan_dft_c2r_1d(n, c, x, FFTW_ESTIMATE);
	fftw_execute(fp);
	guards = 0;
	err = mag = 0;
	if (!p || EXEC_C2R(p, cr, ci, xr) != KGEN_OK) {
		err = NAN;
	} else {
		for (k = 0; k < n; k++) {
			e = fabs(xr[k] - x[k]);
			if (e > err || isnan(e))
				err = isnan(e) ? INFINITY : e;
			if (fabs(x[k]) > mag)
				mag = fabs(x[k]);
		}
		for (k = n; k < n + 4; k++)
			guards += xr[k] != GUARD;
		for (k = 0; k <= h; k++)
			guards += (cr[k] != ccr[k]) + (ci[k] != cci[k]);
	}
	printf("%d c2r %.3e %ld\n", n, mag > 0 ? err / mag : err, guards);
	DESTROY(p);
	fftw_destroy_plan(fp);
	fftw_free(x);
	fftw_free(c);
	free(xr);
	free(ro);
	free(io);
	free(cr);
	free(ci);
	free(ccr);
	free(cci);
}

int
main(int argc, char **argv)
{
	int i, n;

	printf("seed %llu\n", state);
	if (argc > 1 && !strcmp(argv[1], "-l")) {
		for (i = 2; i < argc; i++)
			size(atoi(argv[i]));
		return 0;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: realplancheck N1 N2 | -l N...\n");
		return 2;
	}
	for (n = atoi(argv[1]); n <= atoi(argv[2]); n++)
		size(n);
	return 0;
}
