/* armcheck.c: the library's codelets and plans, through its public API
 * only, against a DFT computed in long double (quad precision on
 * AArch64), so that it needs no FFTW: make check-arm runs it, built with
 * the cross-compiled library, under qemu-aarch64 (tests/test_arm.py
 * holds the bounds).  It builds and runs natively as well:
 *   cc -Iruntime armcheck.c lib/libkgen.a -lm -pthread
 * usage: armcheck [-q] ISA   (KGEN_ISA=ISA in the environment, so that
 * kgen_dft and the planner run that ISA's codelets; -q: fewer plan sizes;
 * ISA "which": only the lines which and desc)
 * Lines:
 *   which NAME                 kgen_isa()'s name
 *   codelet FAM PREC N V LAYOUT ERR HITS
 *       every codelet the library has for ISA (families n1, n1w, n1c,
 *       n1x, n1a through kgen_*_isa; n1 = kgen_n1_isa's, batched across
 *       the transforms for a vector ISA), n = 1..KGEN_N1_MAX, double and
 *       float, v transforms (1..9 for n1, 1 and 3 for the others) in four
 *       layouts: split, interleaved, strided with gaps (is 3, os 5) and
 *       side (the transforms' elements adjacent, is = 2v, ivs = 2)
 *   dft PREC N SIGN V LAYOUT ERR HITS   kgen_dft / kgen_dftf, the same
 *   plan PREC KIND N ERR HITS
 *       kgen_plan_* (kgen_planf_*): KIND fwd (split, out of place), bwd
 *       (interleaved in place, 2 transforms), rt (bwd(fwd x) / n against
 *       x), r2c, c2r (c2r(r2c x) / n against x)
 *   desc N ISA                 the ISA of the plan of size n's first step
 *   done
 * ERR is the largest error over the largest reference magnitude of the
 * transform (the round trips: over the largest |x|); HITS the output
 * elements outside the transform's that changed (guards).  Inputs are
 * floats (in double, exactly the same values), so one reference serves
 * both precisions.  The reference: direct sums in long double for
 * n <= DIRECT_MAX, above it NBINS of the n outputs (k = 0, 1, n - 1 and
 * spread), each a direct sum.  Exits 0 after "done", 2 on bad usage. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

#define PI_L 3.141592653589793238462643383279502884L
#define NPOOL 9         /* distinct input vectors per size */
#define DIRECT_MAX 512
#define NBINS 24        /* outputs checked above DIRECT_MAX */
#define GUARD 1234.5    /* fills every output element not written */

typedef struct Ref Ref;
struct Ref {
	int n, npool;
	float *re, *im;         /* npool x n inputs */
	long double *Re, *Im;   /* their forward DFTs, npool x n */
	char *have;             /* have[k]: output k is in Re, Im */
};

static unsigned long long state = 0x9e3779b97f4a7c15ULL;

static float
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (float)((double)(state >> 11) / 9007199254740992.0 * 2 - 1);
}

static void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "armcheck: out of memory\n");
		exit(1);
	}
	return p;
}

/* wr, wi: exp(-2 pi i m / n) for m = 0..n-1, each 64th from cosl and
 * sinl and those between by one product each (an error of a few hundred
 * ulps of long double: far below double's). */
static void
twiddles(int n, long double *wr, long double *wi)
{
	long double c1 = cosl(2 * PI_L / n), s1 = -sinl(2 * PI_L / n);
	int m;

	for (m = 0; m < n; m++) {
		if (m % 64 == 0) {
			wr[m] = cosl(2 * PI_L * m / n);
			wi[m] = -sinl(2 * PI_L * m / n);
		} else {
			wr[m] = wr[m - 1] * c1 - wi[m - 1] * s1;
			wi[m] = wr[m - 1] * s1 + wi[m - 1] * c1;
		}
	}
}

/* npool random input vectors of size n and their forward DFTs, every
 * output for n <= DIRECT_MAX, else NBINS of them closed under k -> n - k
 * (so that the DFT of the real parts alone follows, r2c_ref). */
static Ref *
ref_new(int n, int npool)
{
	Ref *r = xmalloc(sizeof *r);
	size_t tot = (size_t)npool * n;
	long double *wr = xmalloc(n * sizeof *wr), *wi = xmalloc(n * sizeof *wi);
	long double sr, si;
	const float *xr, *xi;
	int b, j, k, p;

	r->n = n;
	r->npool = npool;
	r->re = xmalloc(tot * sizeof *r->re);
	r->im = xmalloc(tot * sizeof *r->im);
	r->Re = xmalloc(tot * sizeof *r->Re);
	r->Im = xmalloc(tot * sizeof *r->Im);
	r->have = xmalloc(n);
	for (k = 0; k < (int)tot; k++) {
		r->re[k] = rnd();
		r->im[k] = rnd();
	}
	memset(r->have, n <= DIRECT_MAX, n);
	for (b = 0; n > DIRECT_MAX && b < NBINS / 2; b++) {
		k = b < 2 ? b : (int)((long long)n * (2 * b - 3) / NBINS);
		r->have[k] = r->have[(n - k) % n] = 1;
	}
	twiddles(n, wr, wi);
	for (p = 0; p < npool; p++)
		for (k = 0; k < n; k++) {
			if (!r->have[k])
				continue;
			xr = r->re + (size_t)p * n;
			xi = r->im + (size_t)p * n;
			sr = si = 0;
			for (j = 0; j < n; j++) {
				long double c = wr[(long long)j * k % n];
				long double s = wi[(long long)j * k % n];

				sr += xr[j] * c - xi[j] * s;
				si += xr[j] * s + xi[j] * c;
			}
			r->Re[(size_t)p * n + k] = sr;
			r->Im[(size_t)p * n + k] = si;
		}
	free(wr);
	free(wi);
	return r;
}

static void
ref_free(Ref *r)
{
	free(r->re), free(r->im), free(r->Re), free(r->Im), free(r->have);
	free(r);
}

/* Output k (have[k]) of the DFT of pool p in direction sign. */
static void
ref_at(const Ref *r, int p, int sign, int k, long double *xr,
    long double *xi)
{
	size_t i = (size_t)p * r->n + (sign < 0 ? k : (r->n - k) % r->n);

	*xr = r->Re[i];
	*xi = r->Im[i];
}

/* Output k of the forward DFT of pool p's real parts alone:
 * (X_k + conj X_{n-k}) / 2. */
static void
r2c_ref(const Ref *r, int p, int k, long double *xr, long double *xi)
{
	size_t a = (size_t)p * r->n + k, b = (size_t)p * r->n +
	    (r->n - k) % r->n;

	*xr = (r->Re[a] + r->Re[b]) / 2;
	*xi = (r->Im[a] - r->Im[b]) / 2;
}

/* The layouts of v transforms of size n: split (ri, ii apart, each
 * transform after the one before), interleaved, strided with gaps
 * (split, is 3, os 5, gaps between transforms) and side (interleaved,
 * the transforms' elements adjacent: is = 2v, ivs = 2). */
enum { NLAY = 4 };
typedef struct Lay Lay;
struct Lay {
	const char *name;
	int inter;              /* ii = ri + 1, io = ro + 1 */
	ptrdiff_t is, os, ivs, ovs;
};

static Lay
lay(int l, int n, int v)
{
	Lay L[NLAY] = {
		{ "split", 0, 1, 1, n, n },
		{ "inter", 1, 2, 2, 2 * n, 2 * n },
		{ "gaps", 0, 3, 5, 3 * n + 7, 5 * n + 3 },
		{ "side", 1, 2 * v, 2 * v, 2, 2 },
	};

	return L[l];
}

/* Both precisions from one text: armprec.h, included twice. */
#define R double
#define S(name) name
#define PREC "double"
#define DFT kgen_dft
#define FN kgen_dft_fn
#define N1_ISA kgen_n1_isa
#define N1W_ISA kgen_n1w_isa
#define N1C_ISA kgen_n1c_isa
#define N1X_ISA kgen_n1x_isa
#define N1A_ISA kgen_n1a_isa
#define PLAN kgen_plan
#define PLAN_1D kgen_plan_dft_1d
#define PLAN_MANY kgen_plan_many_dft
#define EXECUTE kgen_execute
#define DESTROY kgen_destroy
#define PLAN_R2C kgen_plan_dft_r2c_1d
#define PLAN_C2R kgen_plan_dft_c2r_1d
#define EXEC_R2C kgen_execute_r2c
#define EXEC_C2R kgen_execute_c2r
#include "armprec.h"
#undef R
#undef S
#undef PREC
#undef DFT
#undef FN
#undef N1_ISA
#undef N1W_ISA
#undef N1C_ISA
#undef N1X_ISA
#undef N1A_ISA
#undef PLAN
#undef PLAN_1D
#undef PLAN_MANY
#undef EXECUTE
#undef DESTROY
#undef PLAN_R2C
#undef PLAN_C2R
#undef EXEC_R2C
#undef EXEC_C2R
#define R float
#define S(name) name##f
#define PREC "float"
#define DFT kgen_dftf
#define FN kgen_dftf_fn
#define N1_ISA kgen_n1f_isa
#define N1W_ISA kgen_n1wf_isa
#define N1C_ISA kgen_n1cf_isa
#define N1X_ISA kgen_n1xf_isa
#define N1A_ISA kgen_n1af_isa
#define PLAN kgen_planf
#define PLAN_1D kgen_planf_dft_1d
#define PLAN_MANY kgen_planf_many_dft
#define EXECUTE kgen_executef
#define DESTROY kgen_destroyf
#define PLAN_R2C kgen_planf_dft_r2c_1d
#define PLAN_C2R kgen_planf_dft_c2r_1d
#define EXEC_R2C kgen_executef_r2c
#define EXEC_C2R kgen_executef_c2r
#include "armprec.h"

/* The ISA named on the first step of a plan's description: "(NAME)" on
 * its Cooley-Tukey line, else the ISA of its one codelet's name. */
static void
describe(int n)
{
	kgen_plan *p = kgen_plan_dft_1d(n, -1, KGEN_ESTIMATE);
	char *d = p ? kgen_plan_describe(p) : 0;
	const char *s, *e;
	int isa;

	if (!d) {
		printf("desc %d none\n", n);
		kgen_destroy(p);
		return;
	}
	s = strstr(d, "Cooley-Tukey");
	if (s && (s = strchr(s, '(')) && (e = strchr(s, ')'))) {
		printf("desc %d %.*s\n", n, (int)(e - s - 1), s + 1);
	} else {
		for (isa = 0; kgen_isa_name(isa); isa++)
			if (isa && strstr(d, kgen_isa_name(isa)))
				break;
		printf("desc %d %s\n", n, kgen_isa_name(isa) ?
		    kgen_isa_name(isa) : "scalar");
	}
	free(d);
	kgen_destroy(p);
}

int
main(int argc, char **argv)
{
	static const int plans_quick[] = {
		1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 16, 20, 24, 27, 30,
		32, 36, 45, 48, 60, 64, 67, 72, 96, 100, 128, 160, 210, 243,
		256, 343, 384, 500, 512, 625, 1000, 1009, 1024, 2048, 4096,
		10000, 65536
	};
	static const int plans_more[] = {
		11, 13, 14, 17, 18, 25, 28, 35, 40, 49, 50, 56, 80, 81, 97,
		112, 120, 125, 144, 192, 200, 224, 240, 288, 320, 360, 400,
		480, 576, 640, 720, 768, 800, 960, 1536, 3000, 4097, 6561,
		8192, 16384, 32768
	};
	int quick = 0, isa, n, i;
	const char *name;
	Ref *r;

	if (argc > 1 && !strcmp(argv[1], "-q"))
		quick = 1, argc--, argv++;
	if (argc != 2) {
		fprintf(stderr, "usage: armcheck [-q] ISA|which\n");
		return 2;
	}
	printf("which %s\n", kgen_isa_name(kgen_isa()));
	if (!strcmp(argv[1], "which"))
		goto describe;
	for (isa = 0; (name = kgen_isa_name(isa)); isa++)
		if (!strcmp(name, argv[1]))
			break;
	if (!name) {
		fprintf(stderr, "armcheck: %s: no such ISA\n", argv[1]);
		return 2;
	}
	if (!kgen_isa_supported(isa)) {
		printf("%s: not run by this CPU or not in this build\n",
		    argv[1]);
		printf("done\n");
		return 0;
	}
	for (n = 1; n <= KGEN_N1_MAX; n++) {
		r = ref_new(n, NPOOL);
		codelets(r, isa);
		codeletsf(r, isa);
		dfts(r);
		dftsf(r);
		ref_free(r);
		fflush(stdout);
	}
	for (i = 0; i < (int)(sizeof plans_quick / sizeof *plans_quick); i++) {
		r = ref_new(plans_quick[i], 2);
		plans(r);
		plansf(r);
		ref_free(r);
		fflush(stdout);
	}
	for (i = 0; !quick && i < (int)(sizeof plans_more /
	    sizeof *plans_more); i++) {
		r = ref_new(plans_more[i], 2);
		plans(r);
		plansf(r);
		ref_free(r);
		fflush(stdout);
	}
describe:
	describe(12);
	describe(64);
	describe(100);
	describe(1024);
	describe(4096);
	printf("done\n");
	return 0;
}
