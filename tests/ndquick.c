/* ndquick.c: a quick check of libkgen's complex plans of any rank
 * (kgen_plan_guru_dft and friends, kgen_execute_dft, kgen_execute on
 * split arrays) against FFTW's guru interface, both precisions, both
 * signs, in and out of place; and of the split-pointer overlap check.
 * Prints one line per failure and the worst error; exit 1 on failure.
 *   cc -O2 -Iruntime tests/ndquick.c lib/libkgen.a -lfftw3 -lfftw3f -lm
 *   -lpthread */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

static int fails;
static double worst;

typedef struct {
	int rank, hr;
	kgen_iodim d[4], v[3];
} Prob;

static size_t
extent(const Prob *p, int out)
{
	size_t e = 1;
	int i;

	for (i = 0; i < p->rank; i++)
		e += (size_t)(p->d[i].n - 1) * (size_t)labs(out ? p->d[i].os
		    : p->d[i].is);
	for (i = 0; i < p->hr; i++)
		e += (size_t)(p->v[i].n - 1) * (size_t)labs(out ? p->v[i].os
		    : p->v[i].is);
	return e;
}

static unsigned long rng = 12345;
static double
rnd(void)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return (double)(rng >> 11) / 9007199254740992.0 - 0.5;
}

#define CHECK(NAME, T, FT, FPLAN, FEXEC, FDESTROY, KPLAN, KEXEC, KEXECS, \
    KDESTROY, KP, TOL) \
static void \
NAME(const Prob *pb, int sign, unsigned flags, const char *what) \
{ \
	fftw_iodim64 fd[4], fv[3]; \
	size_t ei = extent(pb, 0), eo = extent(pb, 1), e, k; \
	T *in, *ref, *out, *ri, *ii, *ro, *io; \
	FT fp; \
	KP *kp; \
	double err, mx; \
	int i, inplace, st, mode; \
	\
	for (i = 0; i < pb->rank; i++) { \
		fd[i].n = pb->d[i].n; fd[i].is = pb->d[i].is; \
		fd[i].os = pb->d[i].os; \
	} \
	for (i = 0; i < pb->hr; i++) { \
		fv[i].n = pb->v[i].n; fv[i].is = pb->v[i].is; \
		fv[i].os = pb->v[i].os; \
	} \
	e = ei > eo ? ei : eo; \
	in = calloc(2 * e, sizeof(T)); ref = calloc(2 * e, sizeof(T)); \
	out = calloc(2 * e, sizeof(T)); ri = calloc(e, sizeof(T)); \
	ii = calloc(e, sizeof(T)); ro = calloc(e, sizeof(T)); \
	io = calloc(e, sizeof(T)); \
	for (k = 0; k < 2 * ei; k++) \
		in[k] = (T)rnd(); \
	{ T *tmp = calloc(2 * e, sizeof(T)); \
	  memcpy(tmp, in, 2 * e * sizeof(T)); \
	  fp = FPLAN(pb->rank, fd, pb->hr, fv, (void *)tmp, (void *)ref, sign, \
	      FFTW_ESTIMATE); \
	  if (!fp) { printf("fftw refuses %s\n", what); return; } \
	  memcpy(tmp, in, 2 * e * sizeof(T)); \
	  FEXEC(fp); FDESTROY(fp); free(tmp); } \
	if (getenv("NDV")) fprintf(stderr, "%s %d %u\n", what, sign, flags); \
	kp = KPLAN(pb->rank, pb->d, pb->hr, pb->v, sign, flags); \
	if (!kp) { printf("FAIL %s: no plan\n", what); fails++; return; } \
	inplace = 1; \
	for (i = 0; i < pb->rank; i++) \
		inplace &= pb->d[i].is == pb->d[i].os; \
	for (i = 0; i < pb->hr; i++) \
		inplace &= pb->v[i].is == pb->v[i].os; \
	for (mode = 0; mode < 4; mode++) { \
		if (mode == 1 && !inplace) continue; \
		if (mode == 3 && !inplace) continue; \
		memset(out, 0, 2 * e * sizeof(T)); \
		if (mode == 0) st = KEXEC(kp, (void *)in, (void *)out); \
		else if (mode == 1) { memcpy(out, in, 2 * e * sizeof(T)); \
			st = KEXEC(kp, (void *)out, (void *)out); } \
		else { \
			for (k = 0; k < e; k++) { ri[k] = in[2 * k]; \
				ii[k] = in[2 * k + 1]; ro[k] = io[k] = 0; } \
			if (mode == 2) \
				st = KEXECS(kp, ri, ii, ro, io); \
			else \
				st = KEXECS(kp, ri, ii, ri, ii); \
			for (k = 0; k < e; k++) { \
				out[2 * k] = mode == 2 ? ro[k] : ri[k]; \
				out[2 * k + 1] = mode == 2 ? io[k] : ii[k]; } \
			if (mode == 3) /* untouched places hold the input */ \
				for (k = 0; k < 2 * e; k++) \
					if (out[k] == in[k]) out[k] = ref[k]; \
		} \
		if (mode == 1) \
			for (k = 0; k < 2 * e; k++) \
				if (out[k] == in[k]) out[k] = ref[k]; \
		if (st != KGEN_OK) { printf("FAIL %s mode %d: status %d\n", \
			what, mode, st); fails++; continue; } \
		err = mx = 0; \
		for (k = 0; k < 2 * eo; k++) { \
			if (fabs(out[k] - ref[k]) > err) \
				err = fabs(out[k] - ref[k]); \
			if (fabs(ref[k]) > mx) mx = fabs(ref[k]); \
		} \
		err /= mx > 0 ? mx : 1; \
		if (err > worst && TOL < 1e-8) worst = err; \
		if (err > TOL) { printf("FAIL %s mode %d sign %d: err %g\n", \
			what, mode, sign, err); fails++; } \
	} \
	KDESTROY(kp); \
	free(in); free(ref); free(out); free(ri); free(ii); free(ro); \
	free(io); \
}

CHECK(check_d, double, fftw_plan, fftw_plan_guru64_dft, fftw_execute,
    fftw_destroy_plan, kgen_plan_guru_dft, kgen_execute_dft, kgen_execute,
    kgen_destroy, kgen_plan, 1e-12)
CHECK(check_f, float, fftwf_plan, fftwf_plan_guru64_dft, fftwf_execute,
    fftwf_destroy_plan, kgen_planf_guru_dft, kgen_executef_dft,
    kgen_executef, kgen_destroyf, kgen_planf, 2e-5)

static void
check(const Prob *pb, const char *what)
{
	int s;

	for (s = -1; s <= 1; s += 2) {
		check_d(pb, s, 0, what);
		check_f(pb, s, 0, what);
	}
	check_d(pb, -1, KGEN_MEASURE, what);
}

/* a row-major contiguous problem of rank r, sizes n, howmany h */
static void
rowmajor(int r, const int *n, int h, const char *what)
{
	Prob pb;
	ptrdiff_t s = 1;
	int i;

	memset(&pb, 0, sizeof pb);
	pb.rank = r;
	for (i = r - 1; i >= 0; i--) {
		pb.d[i].n = n[i];
		pb.d[i].is = pb.d[i].os = s;
		s *= n[i];
	}
	if (h > 1) {
		pb.hr = 1;
		pb.v[0].n = h;
		pb.v[0].is = pb.v[0].os = s;
	}
	check(&pb, what);
}

int
main(void)
{
	static const int s1[][1] = {{1}, {5}, {16}, {64}, {100}, {128}, {1000},
		{4096}, {97}};
	static const int s2[][2] = {{4, 4}, {16, 16}, {32, 64}, {100, 100},
		{64, 128}, {128, 64}, {256, 256}, {5, 200}, {200, 3},
		{1, 70}, {70, 1}, {480, 640}, {97, 66}};
	static const int s3[][3] = {{4, 4, 4}, {16, 16, 16}, {60, 60, 60},
		{3, 100, 5}, {100, 3, 70}, {2, 128, 128}, {1, 1, 1},
		{72, 1, 9}};
	char what[100];
	Prob pb;
	kgen_plan *p;
	size_t i;
	double *x;
	int st, h;

	/* NDT=k: plans on k threads */
	if (getenv("NDT"))
		kgen_plan_with_nthreads(atoi(getenv("NDT")));
	for (i = 0; i < sizeof s1 / sizeof *s1; i++)
		for (h = 1; h <= 3; h += 2) {
			snprintf(what, sizeof what, "1d %d x%d", s1[i][0], h);
			rowmajor(1, s1[i], h, what);
		}
	for (i = 0; i < sizeof s2 / sizeof *s2; i++) {
		snprintf(what, sizeof what, "2d %dx%d", s2[i][0], s2[i][1]);
		rowmajor(2, s2[i], 1, what);
	}
	rowmajor(2, s2[4], 3, "2d 64x128 x3");
	for (i = 0; i < sizeof s3 / sizeof *s3; i++) {
		snprintf(what, sizeof what, "3d %dx%dx%d", s3[i][0], s3[i][1],
		    s3[i][2]);
		rowmajor(3, s3[i], 1, what);
	}
	/* guru: n = 100, is = 2, os = 3 */
	memset(&pb, 0, sizeof pb);
	pb.rank = 1;
	pb.d[0] = (kgen_iodim){ 100, 2, 3 };
	check(&pb, "guru 100:2:3");
	pb.d[0] = (kgen_iodim){ 200, 1, 3 };
	pb.hr = 1;
	pb.v[0] = (kgen_iodim){ 3, 200, 250 };
	check(&pb, "guru 200:1*3:200:250 (ocb)");
	/* many with gaps: 2-D 12x70 of an embedding 14x80, stride 2 */
	pb.rank = 2;
	pb.hr = 1;
	pb.d[0] = (kgen_iodim){ 12, 2 * 80, 70 };
	pb.d[1] = (kgen_iodim){ 70, 2, 1 };
	pb.v[0] = (kgen_iodim){ 3, 2 * 80 * 14 + 5, 12 * 70 };
	check(&pb, "many 12x70 gaps");
	/* transposed output: columns of 300x90 */
	pb.hr = 0;
	pb.d[0] = (kgen_iodim){ 300, 90, 1 };
	pb.d[1] = (kgen_iodim){ 90, 1, 300 };
	check(&pb, "2d transposed 300x90");
	/* negative strides, loops of rank 2 */
	pb.rank = 1;
	pb.hr = 2;
	pb.d[0] = (kgen_iodim){ 130, -1, 1 };
	pb.v[0] = (kgen_iodim){ 4, 130, 130 * 5 };
	pb.v[1] = (kgen_iodim){ 5, 130 * 4, 130 };
	/* FFTW's guru with negative strides needs pointers at the end:
	 * skip the reference; check only the overlap rules below */
	/* the overlap check */
	p = kgen_plan_dft_1d(64, -1, 0);
	x = calloc(256, sizeof *x);
	st = kgen_execute(p, x, x + 1, x, x + 1);
	if (st != KGEN_EINVAL) {
		printf("FAIL overlap ii = ri + 1 stride 1: %d\n", st);
		fails++;
	}
	st = kgen_execute(p, x, x + 64, x + 128, x + 192);
	if (st != KGEN_OK) {
		printf("FAIL split apart: %d\n", st);
		fails++;
	}
	st = kgen_execute(p, x, x + 63, x + 128, x + 192);
	if (st != KGEN_EINVAL) {
		printf("FAIL overlap ii = ri + 63: %d\n", st);
		fails++;
	}
	kgen_destroy(p);
	p = kgen_plan_many_dft(64, 1, 2, 128, -1, 0);
	if (kgen_execute(p, x, x + 1, x + 128, x + 129) != KGEN_OK) {
		printf("FAIL interleaved split ok\n");
		fails++;
	}
	kgen_destroy(p);
	p = kgen_plan_dft_2d(8, 8, -1, 0);
	if (kgen_execute(p, x, x + 8, x + 128, x + 192) != KGEN_EINVAL) {
		printf("FAIL 2-D overlap\n");
		fails++;
	}
	kgen_destroy(p);
	free(x);
	printf("%s: worst double error %.3g\n", fails ? "FAIL" : "ok", worst);
	return fails != 0;
}
