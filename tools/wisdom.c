/* wisdom.c: kgen-wisdom, which measures once what kgen's first calls
 * would measure and writes it as wisdom (runtime/wisdom.c's text), as
 * FFTW's fftw-wisdom does: a program that imports the file makes its
 * KGEN_MEASURE plans and its first kgen_dft calls with no timing.
 *
 * usage: kgen-wisdom [-o FILE] [-w FILE] [-t double|float|both]
 *                    [-l inter|split|both] [-q] SIZE...
 * SIZE is N or a range A-B (every N from A to B).  For each size,
 * precision and layout it makes a KGEN_MEASURE plan (interleaved: stride
 * 2; split: stride 1, both through kgen_plan_many_dft), which learns the
 * plan's shape and its twiddle steps' C or assembly codelets; for sizes
 * up to KGEN_N1_MAX it also calls kgen_dft (kgen_dftf) once with one
 * transform and once with 256, which picks their codelets.  -w imports a
 * wisdom file first (what it holds is not measured again), -o writes to
 * FILE (through a temporary name and a rename; else standard output),
 * -q drops the progress lines on standard error.  Bad usage: one line
 * "kgen-wisdom: ..." and exit 2; a failure to plan, import or write:
 * exit 1. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kgen.h"
#include "clock.h"

enum { MAXSIZE = 1 << 22, MANY = 256 };

static const char usage[] =
    "usage: kgen-wisdom [-o FILE] [-w FILE] [-t double|float|both]\n"
    "                   [-l inter|split|both] [-q] SIZE...\n"
    "Measures what kgen's first calls would (KGEN_MEASURE plans of each\n"
    "SIZE, N or a range A-B; for N <= 64 also kgen_dft with 1 and 256\n"
    "transforms) and writes it as wisdom, for\n"
    "kgen_import_wisdom_from_filename.\n"
    "  -o FILE  write to FILE (default: standard output)\n"
    "  -w FILE  import FILE first: what it holds is kept, not measured\n"
    "  -t T     precisions (default both)\n"
    "  -l L     layouts: interleaved (stride 2) and/or split (default both)\n"
    "  -q       no progress on standard error\n"
    "example: kgen-wisdom -o kgen.wisdom 2-64 128 1024 4096 65536\n";

static void
die(const char *fmt, const char *arg)
{
	fprintf(stderr, "kgen-wisdom: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	exit(2);
}

/* A decimal size in [1, MAXSIZE] at s up to end, or -1. */
static long
size(const char *s, const char *end)
{
	long n;

	if (s == end || end - s > 8)
		return -1;
	for (n = 0; s < end; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		n = 10 * n + (*s - '0');
	}
	return n >= 1 && n <= MAXSIZE ? n : -1;
}

/* Size argument a, N or A-B, into *lo and *hi; 0, or -1 malformed. */
static int
range(const char *a, long *lo, long *hi)
{
	const char *dash;

	dash = strchr(a, '-');
	if (!dash) {
		*lo = *hi = size(a, a + strlen(a));
		return *lo < 0 ? -1 : 0;
	}
	*lo = size(a, dash);
	*hi = size(dash + 1, dash + 1 + strlen(dash + 1));
	return *lo < 0 || *hi < *lo ? -1 : 0;
}

/* A KGEN_MEASURE plan of size n in precision f (0 double, 1 float),
 * interleaved (stride 2) or split; 0, or -1 where none was made. */
static int
plan(int f, long n, int inter)
{
	kgen_planf *pf;
	kgen_plan *p;

	if (f) {
		pf = inter ? kgen_planf_many_dft((int)n, 1, 2, 2 * n, -1,
		    KGEN_MEASURE) : kgen_planf_many_dft((int)n, 1, 1, n, -1,
		    KGEN_MEASURE);
		kgen_destroyf(pf);
		return pf ? 0 : -1;
	}
	p = inter ? kgen_plan_many_dft((int)n, 1, 2, 2 * n, -1, KGEN_MEASURE)
	    : kgen_plan_many_dft((int)n, 1, 1, n, -1, KGEN_MEASURE);
	kgen_destroy(p);
	return p ? 0 : -1;
}

/* kgen_dft (f 0) or kgen_dftf (f 1) of m transforms of size n, out of
 * place, interleaved or split, on x (room for 4 n m values); its
 * status. */
static int
dft(int f, long n, long m, int inter, double *x)
{
	float *y;
	long k;

	y = (float *)x;
	k = n * m;
	if (f)
		return inter ? kgen_dftf((int)n, -1, y, y + 1, y + 2 * k,
		    y + 2 * k + 1, 2, 2, m, 2 * n, 2 * n) : kgen_dftf((int)n, -1,
		    y, y + k, y + 2 * k, y + 3 * k, 1, 1, m, n, n);
	return inter ? kgen_dft((int)n, -1, x, x + 1, x + 2 * k, x + 2 * k + 1,
	    2, 2, m, 2 * n, 2 * n) : kgen_dft((int)n, -1, x, x + k, x + 2 * k,
	    x + 3 * k, 1, 1, m, n, n);
}

/* One size n in precision f and the layouts asked for: the measured
 * plans, and kgen_dft's picks (one transform, and MANY) for n <=
 * KGEN_N1_MAX.  0, or -1 where a plan or a call failed. */
static int
measure(long n, int f, int inter, int split, int quiet)
{
	double *x, t;
	int bad, lay;

	t = now();
	bad = 0;
	x = calloc(n <= KGEN_N1_MAX ? 4 * (size_t)n * MANY : 1, sizeof *x);
	if (!x)
		return -1;
	for (lay = 0; lay < 2; lay++) {
		if (!(lay ? split : inter))
			continue;
		bad |= plan(f, n, !lay);
		if (n <= KGEN_N1_MAX)
			bad |= dft(f, n, 1, !lay, x) | dft(f, n, MANY, !lay, x);
	}
	free(x);
	if (!quiet)
		fprintf(stderr, "kgen-wisdom: %s %ld: %.1f ms%s\n",
		    f ? "float" : "double", n, 1e3 * (now() - t),
		    bad ? " (FAILED)" : "");
	return bad ? -1 : 0;
}

/* Writes s to path through a temporary name in the same folder and a
 * rename, so that a reader never sees half a file; 0, or -1. */
static int
writefile(const char *path, const char *s)
{
	char *tmp;
	FILE *f;
	int ok;

	if (!(tmp = malloc(strlen(path) + 32)))
		return -1;
	sprintf(tmp, "%s.tmp%ld", path, (long)getpid());
	ok = 0;
	if ((f = fopen(tmp, "w"))) {
		ok = fputs(s, f) >= 0;
		ok &= fclose(f) == 0;
		if (ok)
			ok = rename(tmp, path) == 0;
		if (!ok)
			remove(tmp);
	}
	free(tmp);
	return ok ? 0 : -1;
}

int
main(int argc, char **argv)
{
	const char *out, *in, *t, *l;
	long lo, hi, n;
	char *s;
	double t0;
	int i, j, first, quiet, prec[2], inter, split, bad, nsize, f;

	out = in = 0;
	t = "both";
	l = "both";
	quiet = 0;
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]
	    && (argv[i][1] < '0' || argv[i][1] > '9'); i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(usage, stdout);
			return 0;
		}
		if (!strcmp(argv[i], "-q")) {
			quiet = 1;
			continue;
		}
		if (strlen(argv[i]) != 2 || !strchr("owtl", argv[i][1]))
			die("unknown option %s (kgen-wisdom --help)", argv[i]);
		if (i + 1 >= argc)
			die("%s needs a value", argv[i]);
		switch (argv[i][1]) {
		case 'o': out = argv[++i]; break;
		case 'w': in = argv[++i]; break;
		case 't': t = argv[++i]; break;
		case 'l': l = argv[++i]; break;
		}
	}
	prec[0] = !strcmp(t, "double") || !strcmp(t, "both");
	prec[1] = !strcmp(t, "float") || !strcmp(t, "both");
	if (!prec[0] && !prec[1])
		die("-t takes double, float or both, not %s", t);
	inter = !strcmp(l, "inter") || !strcmp(l, "both");
	split = !strcmp(l, "split") || !strcmp(l, "both");
	if (!inter && !split)
		die("-l takes inter, split or both, not %s", l);
	if (i == argc)
		die("%s", "no sizes (kgen-wisdom --help)");
	first = i;
	for (nsize = 0, j = first; j < argc; j++) {
		if (range(argv[j], &lo, &hi) < 0)
			die("bad size %s: N or A-B, 1 <= A <= B <= 4194304",
			    argv[j]);
		nsize += (int)(hi - lo + 1);
	}
	if (in && kgen_import_wisdom_from_filename(in) != KGEN_OK)
		die("cannot read %s as kgen wisdom", in);
	t0 = now();
	bad = 0;
	for (f = 0; f < 2; f++)
		for (j = first; prec[f] && j < argc; j++) {
			range(argv[j], &lo, &hi);
			for (n = lo; n <= hi; n++)
				bad |= measure(n, f, inter, split, quiet);
		}
	if (!(s = kgen_export_wisdom_to_string())) {
		fprintf(stderr, "kgen-wisdom: out of memory\n");
		return 1;
	}
	if (out ? writefile(out, s) < 0 : fputs(s, stdout) < 0) {
		fprintf(stderr, "kgen-wisdom: cannot write %s\n", out ? out
		    : "standard output");
		free(s);
		return 1;
	}
	free(s);
	if (!quiet)
		fprintf(stderr, "kgen-wisdom: %d sizes measured in %.2f s%s\n",
		    nsize, now() - t0, bad ? "; some FAILED" : "");
	return bad ? 1 : 0;
}
