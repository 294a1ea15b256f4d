/* plancheck.c: measures whole transforms (kgen_plan_*, runtime/plan.c)
 * against FFTW.  usage: plancheck N1 N2 [N...]  checks every n in N1..N2;
 * plancheck -l N...  checks the listed sizes; a first argument -m plans
 * with KGEN_MEASURE (else KGEN_ESTIMATE); -w FILE (after it) imports
 * wisdom from FILE first, so that the plans are the ones it names.  For each n and sign it
 * runs eight layouts: split out of place, split in place, interleaved
 * (stride 2), a batch of 3 with gaps (dist n + 5), interleaved in place,
 * interleaved input to separate output arrays at stride 2, an
 * interleaved batch of 2 with a gap (dist 2n + 6), with guard values
 * after each transform's data, and "ishift": interleaved out of place
 * with the output 0, 1, .. 7 pairs past a 64-byte boundary in turn (one
 * plan, eight transforms, guards on both sides: plan.c's NAME_ios top
 * step), and prints
 *   n sign layout maxrelerr guardhits
 * with the error relative to the largest output (docs/design.md); the bound
 * lives in tests/test_plan.py.  Inputs from a fixed-seed generator.
 * Built with -DSINGLE it checks the float planner (kgen_planf_*) against
 * FFTW in double on the same (float) inputs. */
#define _POSIX_C_SOURCE 200112L  /* posix_memalign */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

#ifdef SINGLE
typedef float R;
#define PLAN kgen_planf
#define PLAN_MANY kgen_planf_many_dft
#define EXECUTE kgen_executef
#define DESTROY kgen_destroyf
#else
typedef double R;
#define PLAN kgen_plan
#define PLAN_MANY kgen_plan_many_dft
#define EXECUTE kgen_execute
#define DESTROY kgen_destroy
#endif

static const R GUARD = -7.25e3;
static unsigned long long state = 777;
static unsigned flags = KGEN_ESTIMATE;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

enum { SPLIT, INPLACE, INTERLEAVED, BATCH, IINPLACE, IMIXED, IBATCH,
    ISHIFT, NLAYOUT };
static const char *const lname[] = {"split", "inplace", "interleaved",
    "batch", "iinplace", "imixed", "ibatch", "ishift"};

/* The ishift layout: one plan, the output at each of eight pair offsets
 * from a 64-byte boundary, guards over the whole block around it; one
 * line, the largest error and all guard hits. */
static void
check_shift(int n, int sign, fftw_complex *x, fftw_complex *ref,
    fftw_plan fp)
{
	PLAN *p;
	R *in, *base, *out;
	void *v;
	double err, mag, e;
	ptrdiff_t c, len;
	int k, sh;
	long guards;

	len = 2 * (ptrdiff_t)n + 16;
	in = malloc(2 * (size_t)n * sizeof *in);
	if (!in || posix_memalign(&v, 64, len * sizeof *base)) {
		printf("%d %d ishift nan 0\n", n, sign);
		free(in);
		return;
	}
	base = v;
	for (k = 0; k < n; k++) {
		in[2 * k] = x[k][0] = (R)rnd();
		in[2 * k + 1] = x[k][1] = (R)rnd();
	}
	fftw_execute(fp);
	p = PLAN_MANY(n, 1, 2, 2 * n, sign, flags);
	if (!p) {
		printf("%d %d ishift nan 0\n", n, sign);
		goto done;
	}
	err = mag = 0;
	guards = 0;
	for (sh = 0; sh < 8; sh++) {
		for (c = 0; c < len; c++)
			base[c] = GUARD;
		out = base + 2 * sh;
		EXECUTE(p, in, in + 1, out, out + 1);
		for (k = 0; k < n; k++) {
			e = hypot(out[2 * k] - ref[k][0],
			    out[2 * k + 1] - ref[k][1]);
			if (e > err || isnan(e))
				err = isnan(e) ? INFINITY : e;
			e = hypot(ref[k][0], ref[k][1]);
			if (e > mag)
				mag = e;
		}
		for (c = 0; c < len; c++)
			if ((c < 2 * sh || c >= 2 * sh + 2 * n)
			    && base[c] != GUARD)
				guards++;
	}
	printf("%d %d ishift %.3e %ld\n", n, sign, mag > 0 ? err / mag : err,
	    guards);
	DESTROY(p);
done:
	free(base);
	free(in);
}

static void
check(int n, int sign, int layout, fftw_complex *x, fftw_complex *ref,
    fftw_plan fp)
{
	PLAN *p;
	R *in, *out, *ri, *ii, *ro, *io;
	double err, mag, e;
	ptrdiff_t stride, dist, len, c;
	int h, howmany, k;
	long guards;
	char *touched;

	howmany = layout == BATCH ? 3 : layout == IBATCH ? 2 : 1;
	stride = layout >= IINPLACE || layout == INTERLEAVED ? 2 : 1;
	dist = layout == BATCH ? n + 5 : layout == IBATCH ? 2 * n + 6
	    : (ptrdiff_t)n * stride;
	len = (howmany - 1) * dist + (n - 1) * stride + 1 + 7;
	/* split: ri and ii are the two halves of one block */
	in = malloc(2 * len * sizeof *in);
	out = layout == INPLACE || layout == IINPLACE ? in
	    : malloc(2 * len * sizeof *out);
	touched = calloc(2 * len, 1);
	for (c = 0; c < 2 * len; c++)
		in[c] = out[c] = GUARD;
	if (stride == 2) {
		/* interleaved input; output interleaved, or two arrays */
		ri = in;
		ii = in + 1;
		ro = out;
		io = layout == IMIXED ? out + len : out + 1;
	} else {
		ri = in;
		ii = in + len;
		ro = out;
		io = out + len;
	}
	p = PLAN_MANY(n, howmany, stride, dist, sign, flags);
	if (!p) {
		printf("%d %d %s nan 0\n", n, sign, lname[layout]);
		goto done;
	}
	err = mag = 0;
	for (h = 0; h < howmany; h++)
		for (k = 0; k < n; k++) {
			ri[h * dist + k * stride] = (R)rnd();
			ii[h * dist + k * stride] = (R)rnd();
		}
	/* the reference sees the same inputs, transform by transform */
	{
		R *copy = malloc(2 * len * sizeof *copy);
		memcpy(copy, in, 2 * len * sizeof *copy);
		EXECUTE(p, ri, ii, ro, io);
		for (h = 0; h < howmany; h++) {
			for (k = 0; k < n; k++) {
				x[k][0] = copy[(ri - in) + h * dist + k * stride];
				x[k][1] = copy[(ii - in) + h * dist + k * stride];
			}
			fftw_execute(fp);
			for (k = 0; k < n; k++) {
				c = h * dist + k * stride;
				touched[(ro - out) + c] = touched[(io - out) + c] = 1;
				e = hypot(ro[c] - ref[k][0], io[c] - ref[k][1]);
				if (e > err || isnan(e))
					err = isnan(e) ? INFINITY : e;
				e = hypot(ref[k][0], ref[k][1]);
				if (e > mag)
					mag = e;
			}
		}
		free(copy);
	}
	guards = 0;
	if (out != in)
		for (c = 0; c < 2 * len; c++)
			if (!touched[c] && out[c] != GUARD)
				guards++;
	printf("%d %d %s %.3e %ld\n", n, sign, lname[layout],
	    mag > 0 ? err / mag : err, guards);
	DESTROY(p);
done:
	if (out != in)
		free(out);
	free(in);
	free(touched);
}

static void
size(int n)
{
	fftw_complex *x, *ref;
	fftw_plan fp;
	int sign, l;

	x = fftw_malloc(n * sizeof *x);
	ref = fftw_malloc(n * sizeof *ref);
	for (sign = -1; sign <= 1; sign += 2) {
		fp = fftw_plan_dft_1d(n, x, ref, sign, FFTW_ESTIMATE);
		for (l = 0; l < ISHIFT; l++)
			check(n, sign, l, x, ref, fp);
		check_shift(n, sign, x, ref, fp);
		fftw_destroy_plan(fp);
	}
	fftw_free(x);
	fftw_free(ref);
}

int
main(int argc, char **argv)
{
	int i, n;

	printf("seed %llu\n", state);
	if (argc > 1 && !strcmp(argv[1], "-m")) {
		flags = KGEN_MEASURE;
		argc--;
		argv++;
	}
	if (argc > 2 && !strcmp(argv[1], "-w")) {
		if (kgen_import_wisdom_from_filename(argv[2]) != KGEN_OK) {
			fprintf(stderr, "plancheck: %s: not kgen wisdom\n",
			    argv[2]);
			return 2;
		}
		argc -= 2;
		argv += 2;
	}
	if (argc > 1 && !strcmp(argv[1], "-l")) {
		for (i = 2; i < argc; i++)
			size(atoi(argv[i]));
		return 0;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: plancheck N1 N2 | plancheck -l N...\n");
		return 2;
	}
	for (n = atoi(argv[1]); n <= atoi(argv[2]); n++)
		size(n);
	return 0;
}
