/* ndtime.c: times kgen's complex plans of rank 2 and 3 against FFTW's
 * (Debian's libfftw3, FFTW_PATIENT, wisdom kept in /tmp/ndtime.wis),
 * one thread, interleaved, out of place; kgen and FFTW alternate, each
 * timing a batch of executions, and the ratio is FFTW's median over
 * kgen's (> 1: kgen faster).  Arguments: sizes as AxB or AxBxC; none:
 * issue 45's list.  NDSIGN=1 times backward, NDSIGN=2 both (in one
 * process, so with the same kgen_dft picks); NDEST=1 kgen's estimate;
 * NDREPS (default 11) repeats.  A size prefixed r (c) times only its
 * rows (columns): the last (first) dim as a batch over the others.
 *   cc -O2 -Iruntime tests/ndtime.c lib/libkgen.a -lfftw3 -lm -lpthread */
#define _POSIX_C_SOURCE 200809L
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kgen.h"

static double
now(void)
{
	struct timespec t;

	/* this thread's CPU time: the machine is shared (NDWALL: wall) */
	clock_gettime(getenv("NDWALL") ? CLOCK_MONOTONIC
	    : CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int
cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static const char *const deflt[] = { "32x32", "64x64", "100x100",
	"128x128", "256x256", "480x640", "512x512", "1000x1000",
	"1024x1024", "2048x2048", "16x16x16", "32x32x32", "60x60x60",
	"64x64x64", "128x128x128", "256x256x256" };

int
main(int argc, char **argv)
{
	const char *const *sz = argc > 1 ? (const char *const *)argv + 1
	    : deflt;
	int nsz = argc > 1 ? argc - 1 : (int)(sizeof deflt / sizeof *deflt);
	int sg = getenv("NDSIGN") ? atoi(getenv("NDSIGN")) : -1;
	int sign;
	int reps = getenv("NDREPS") ? atoi(getenv("NDREPS")) : 11;
	unsigned kf = getenv("NDEST") ? 0 : KGEN_MEASURE;
	double lsum = 0;
	int i, r, k, cnt = 0;

	fftw_import_wisdom_from_filename("/tmp/ndtime.wis");
	for (i = 0; i < nsz * (sg == 2 ? 2 : 1); i++) {
		int n[3], rank;
		size_t tot = 1, j;
		fftw_complex *x, *y, *x0;
		fftw_plan fp;
		kgen_plan *kp;
		double tk[64], tf[64], t, err, mx, rat;
		long it;

		const char *zs = sz[sg == 2 ? i / 2 : i];
		int only = zs[0] == 'r' || zs[0] == 'c' ? zs[0] : 0;
		fftw_iodim fd, fv;

		sign = sg == 2 ? (i % 2 ? 1 : -1) : sg;
		rank = sscanf(zs + !!only, "%dx%dx%d", &n[0], &n[1], &n[2]);
		for (k = 0; k < rank; k++)
			tot *= (size_t)n[k];
		x = fftw_malloc(tot * sizeof *x);
		y = fftw_malloc(tot * sizeof *y);
		x0 = fftw_malloc(tot * sizeof *x);
		if (only == 'r') {
			fd.n = n[rank - 1];
			fd.is = fd.os = 1;
			fv.n = (int)(tot / (size_t)fd.n);
			fv.is = fv.os = fd.n;
		} else if (only) {
			fd.n = n[0];
			fd.is = fd.os = (int)(tot / (size_t)n[0]);
			fv.n = fd.is;
			fv.is = fv.os = 1;
		}
		if (only) {
			kgen_iodim kd = { fd.n, fd.is, fd.os };
			kgen_iodim kv = { fv.n, fv.is, fv.os };

			fp = fftw_plan_guru_dft(1, &fd, 1, &fv, x, y, sign,
			    FFTW_PATIENT);
			kp = kgen_plan_guru_dft(1, &kd, 1, &kv, sign, kf);
		} else {
			fp = fftw_plan_dft(rank, n, x, y, sign, FFTW_PATIENT);
			kp = kgen_plan_dft(rank, n, sign, kf);
		}
		fftw_export_wisdom_to_filename("/tmp/ndtime.wis");
		for (j = 0; j < tot; j++) {
			x0[j][0] = sin(0.37 * j) + 0.1 * (j % 7);
			x0[j][1] = cos(1.3 * j) - 0.05 * (j % 5);
		}
		memcpy(x, x0, tot * sizeof *x);
		fftw_execute(fp);
		{
			fftw_complex *z = fftw_malloc(tot * sizeof *z);

			memcpy(x, x0, tot * sizeof *x);
			kgen_execute_dft(kp, (void *)x, (void *)z);
			err = mx = 0;
			for (j = 0; j < tot; j++)
				for (k = 0; k < 2; k++) {
					t = fabs(z[j][k] - y[j][k]);
					err = t > err ? t : err;
					t = fabs(y[j][k]);
					mx = t > mx ? t : mx;
				}
			fftw_free(z);
		}
		/* iterations a timing: about 20 ms */
		t = now();
		kgen_execute_dft(kp, (void *)x, (void *)y);
		t = now() - t;
		it = (long)(0.02 / (t + 1e-9)) + 1;
		if (reps > 64)
			reps = 64;
		for (r = 0; r < reps; r++) {
			long q;

			t = now();
			for (q = 0; q < it; q++)
				kgen_execute_dft(kp, (void *)x, (void *)y);
			tk[r] = (now() - t) / it;
			t = now();
			for (q = 0; q < it; q++)
				fftw_execute(fp);
			tf[r] = (now() - t) / it;
		}
		qsort(tk, (size_t)reps, sizeof *tk, cmpd);
		qsort(tf, (size_t)reps, sizeof *tf, cmpd);
		rat = tf[reps / 2] / tk[reps / 2];
		printf("%-12s %2d kgen %9.1f us fftw %9.1f us  ratio %.2f "
		    "(min %.2f) err %.1e\n", zs, sign, tk[reps / 2] * 1e6,
		    tf[reps / 2] * 1e6, rat, tf[0] / tk[0], err / mx);
		fflush(stdout);
		lsum += log(rat);
		cnt++;
		kgen_destroy(kp);
		fftw_destroy_plan(fp);
		fftw_free(x);
		fftw_free(y);
		fftw_free(x0);
	}
	printf("geomean %.3f over %d\n", exp(lsum / cnt), cnt);
	return 0;
}
