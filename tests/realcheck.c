/* realcheck.c: measures real-data codelets (r2cf, r2cb) against FFTW's
 * r2c and c2r transforms.  Built with the codelets and a list of them:
 *   cc -DLIST='"list.h"' realcheck.c r2c*.c -lfftw3 -lm
 * where list.h holds lines X(n, backward, name).  Layouts: contiguous
 * single transform, and a strided batch with gaps (rs 3, csr 2, csi 5,
 * v 3).  r2cb gets random values in Ci[0] (and Ci[n/2] for even n),
 * which it must ignore as FFTW's c2r does.  Prints "name layout
 * maxrelerr guardhits"; the bound lives in tests/test_real.py. */
#include <fftw3.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* r2cf and r2cb differ in which arrays are const */
#define PROTO0(name) void name(const double *, const double *, double *, \
    double *, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t, \
    ptrdiff_t);
#define PROTO1(name) void name(double *, double *, const double *, \
    const double *, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t, \
    ptrdiff_t);
#define X(n, b, name) PROTO##b(name)
#include LIST
#undef X

typedef void Fn(double *, double *, double *, double *, ptrdiff_t,
    ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t);
static const struct {
	int n, backward;
	const char *name;
	Fn *fn;
} tab[] = {
#define X(n, b, name) {n, b, #name, (Fn *)name},
#include LIST
#undef X
};

static const double GUARD = -7.25e3;
static unsigned long long state = 4242;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

static void
check(int t, int batched)
{
	ptrdiff_t rs, csr, csi, v, ivs, ovs, rlen, clen, j, k, c;
	double *R, *Cr, *Ci, *r0, *r1, err, mag, e, *rin;
	fftw_complex *cx;
	fftw_plan p;
	char *tr, *tc;
	int n, h, back;
	long guards;

	n = tab[t].n;
	back = tab[t].backward;
	h = n / 2;
	rs = batched ? 3 : 1;
	csr = batched ? 2 : 1;
	csi = batched ? 5 : 1;
	v = batched ? 3 : 1;
	/* the even and odd samples live in two arrays, R0 and R1 */
	rlen = v * ((n / 2 + 1) * rs + 4);
	clen = v * ((h + 1) * (csi > csr ? csi : csr) + 4);
	R = malloc(2 * rlen * sizeof *R);
	Cr = malloc(clen * sizeof *Cr);
	Ci = malloc(clen * sizeof *Ci);
	tr = calloc(2 * rlen, 1);
	tc = calloc(2 * clen, 1);
	for (c = 0; c < 2 * rlen; c++)
		R[c] = GUARD;
	for (c = 0; c < clen; c++)
		Cr[c] = Ci[c] = GUARD;
	r0 = R;
	r1 = R + rlen;
	ivs = back ? clen / v : rlen / v;
	ovs = back ? rlen / v : clen / v;
	rin = fftw_malloc(n * sizeof *rin);
	cx = fftw_malloc((h + 1) * sizeof *cx);
	if (back)
		p = fftw_plan_dft_c2r_1d(n, cx, rin, FFTW_ESTIMATE);
	else
		p = fftw_plan_dft_r2c_1d(n, rin, cx, FFTW_ESTIMATE);
	for (j = 0; j < v; j++) {
		if (back)
			for (k = 0; k <= h; k++) {
				Cr[j * ivs + k * csr] = rnd();
				Ci[j * ivs + k * csi] = rnd();
			}
		else
			for (k = 0; k < n; k++)
				(k & 1 ? r1 : r0)[j * ivs + (k >> 1) * rs] = rnd();
	}
	if (back) {
		double *ci2 = malloc(clen * sizeof *ci2);
		memcpy(ci2, Ci, clen * sizeof *ci2);
		tab[t].fn(r0, r1, Cr, Ci, rs, csr, csi, v, ivs, ovs);
		for (c = 0; c < clen; c++)
			if (Ci[c] != ci2[c])
				tc[c] = 2;  /* an input was written */
		free(ci2);
	} else {
		tab[t].fn(r0, r1, Cr, Ci, rs, csr, csi, v, ivs, ovs);
	}
	err = mag = 0;
	guards = 0;
	for (j = 0; j < v; j++) {
		if (back) {
			for (k = 0; k <= h; k++) {
				cx[k][0] = Cr[j * ivs + k * csr];
				cx[k][1] = Ci[j * ivs + k * csi];
			}
			fftw_execute(p);
			for (k = 0; k < n; k++) {
				c = j * ovs + (k >> 1) * rs;
				tr[(k & 1) * rlen + c] = 1;
				e = fabs((k & 1 ? r1 : r0)[c] - rin[k]);
				if (e > err || isnan(e))
					err = isnan(e) ? INFINITY : e;
				if (fabs(rin[k]) > mag)
					mag = fabs(rin[k]);
			}
		} else {
			for (k = 0; k < n; k++)
				rin[k] = (k & 1 ? r1 : r0)[j * ivs + (k >> 1) * rs];
			fftw_execute(p);
			for (k = 0; k <= h; k++) {
				c = j * ovs + k * csr;
				tc[c] = 1;
				e = fabs(Cr[c] - cx[k][0]);
				if (k > 0 && 2 * k != n) {
					tc[clen + j * ovs + k * csi] = 1;
					e = hypot(e, Ci[j * ovs + k * csi] - cx[k][1]);
				}
				if (e > err || isnan(e))
					err = isnan(e) ? INFINITY : e;
				e = hypot(cx[k][0], cx[k][1]);
				if (e > mag)
					mag = e;
			}
		}
	}
	if (back) {
		for (c = 0; c < 2 * rlen; c++)
			if (!tr[c] && R[c] != GUARD)
				guards++;
		for (c = 0; c < clen; c++)
			if (tc[c] == 2)
				guards++;
	} else {
		for (c = 0; c < clen; c++) {
			if (!tc[c] && Cr[c] != GUARD)
				guards++;
			if (!tc[clen + c] && Ci[c] != GUARD)
				guards++;
		}
	}
	printf("%s %s %.3e %ld\n", tab[t].name, batched ? "batched" : "single",
	    mag > 0 ? err / mag : err, guards);
	fftw_destroy_plan(p);
	fftw_free(rin);
	fftw_free(cx);
	free(R);
	free(Cr);
	free(Ci);
	free(tr);
	free(tc);
}

int
main(void)
{
	size_t t;

	printf("seed %llu\n", state);
	for (t = 0; t < sizeof tab / sizeof *tab; t++) {
		check((int)t, 0);
		check((int)t, 1);
	}
	return 0;
}
