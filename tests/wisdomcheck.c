/* wisdomcheck.c: the wisdom store (runtime/wisdom.c) and KGEN_MEASURE
 * from several threads.  usage: wisdomcheck FILE (a path it may write).
 * Prints one line per check, "name value"; tests/test_plan.py holds the
 * expectations:
 *   empty S        the export of an empty store equals the header
 *   learned K      entries exported after measuring 5 sizes (at least 5:
 *                  Rader and Bluestein plans add their inner sizes)
 *   roundtrip S    export, forget, import, export again: same text
 *   layouts S      an interleaved plan (stride 2) measured after a split
 *                  one of the same size adds a line of its own (di)
 *   v1 S           version 1 text (no layouts) is read, each line for
 *                  both layouts: it exports as a d and a di line
 *   file S         the same through FILE
 *   straddle S     a ct line's straddle word survives the round trip
 *   dft S          kgen_dft's measured picks (dft lines) survive it too
 *   dfttold S      an imported pick is the codelet kgen_dft runs
 *   mutants M A B  M mutants of a valid text imported: A accepted, B
 *                  wrong outcomes (neither KGEN_OK nor KGEN_EINVAL, or
 *                  an accepted one whose export does not import)
 *   bad I ST SAME  bad text number I: its status, and whether the store
 *                  is unchanged
 *   nofile ST      importing a missing file; noexport ST: an unwritable
 *   threads E      the largest relative error of plans measured by 4
 *                  threads at once against a plain O(n^2) DFT */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

static const char *const bad[] = {
	"",
	"kgen-wisdom 4\n",
	"kgen-wisdom 12\n",
	"kgen-wisdom 1\ndi 1031 rader\n",
	"kgen-wisdom 2\nds 1031 rader\n",
	"kgen-wisdom 1\nd 1024 ct avx512 32 vec 0 2 32 33\n",
	"kgen-wisdom 1\nd 1024 ct sve 32 vec 0 1 32\n",
	"kgen-wisdom 1\nd 1024 ct scalar 32 vec 1 1 32\n",
	"kgen-wisdom 1\nx 1024 rader\n",
	"kgen-wisdom 1\nd 1031 rader",
	"kgen-wisdom 1\nd 1031 rader \n",
	"kgen-wisdom 1\nd 0 bluestein\n",
	"kgen-wisdom 1\nd 2053 rader\nd 1024 ct bogus\n",
	"kgen-wisdom 1\nd 1024 ct scalar 32 scalar 0 1 1\n",
	"kgen-wisdom 1\nd 99999999999 rader\n",
	/* n1x: an ISA follows; version 2 only */
	"kgen-wisdom 2\nd 128 n1x\n",
	"kgen-wisdom 2\nd 128 n1x sve\n",
	"kgen-wisdom 1\nd 128 n1x avx2\n",
	/* vecb: version 2 only */
	"kgen-wisdom 1\nd 1024 ct avx512 32 vecb 0 2 16 2\n",
	/* Bluestein's M: at least 2n - 1; version 2 only */
	"kgen-wisdom 2\nd 4099 bluestein 8196\n",
	"kgen-wisdom 1\nd 4099 bluestein 9216\n",
	/* straddle: the last word of a ct line; version 2 only */
	"kgen-wisdom 1\nd 1024 ct avx512 32 vec 0 1 32 straddle\n",
	"kgen-wisdom 2\nd 1024 ct avx512 32 vec 0 1 32 straddles\n",
	"kgen-wisdom 2\nd 1024 ct avx512 32 vec 0 1 32 straddle \n",
	"kgen-wisdom 2\nd 1024 ct avx512 32 vec 0 1 straddle 32\n",
	"kgen-wisdom 2\nd 1024 ct avx512 32 vec 0 1 32 straddle straddle\n",
	"kgen-wisdom 2\nd 1031 rader straddle\n",
	/* dft (kgen_dft's picks): version 3 only; six words; a codelet
	 * the library has, and a candidate on that side of the lanes */
	"kgen-wisdom 2\ndft d 12 few inter n1 scalar\n",
	"kgen-wisdom 3\ndft d 8 many inter n1w avx512\n",
	"kgen-wisdom 3\ndft d 8 few inter n1 avx2\n",
	"kgen-wisdom 3\ndft d 8 few inter n1a avx2\n",
	"kgen-wisdom 3\ndft d 99 few inter n1c avx2\n",
	"kgen-wisdom 3\ndft d 8 few inter n1c\n",
	"kgen-wisdom 3\ndft q 8 few inter n1c avx2\n",
	"kgen-wisdom 3\ndft d 8 some inter n1c avx2\n",
	"kgen-wisdom 3\ndft d 8 few diag n1c avx2\n",
	"kgen-wisdom 3\ndft d 8 few inter n1c avx2 \n",
	"kgen-wisdom 3\ndft d 8 few inter n1c avx2 x\n",
	/* t1v (the planner's C or assembly step): version 3 only; a radix
	 * and ISA with both codelets; c or asm */
	"kgen-wisdom 2\nt1v d avx2 4 asm\n",
	"kgen-wisdom 3\nt1v d avx2 14 asm\n",
	"kgen-wisdom 3\nt1v d sse2 4 asm\n",
	"kgen-wisdom 3\nt1v d avx2 4 gcc\n",
	"kgen-wisdom 3\nt1v d avx2 4\n",
	"kgen-wisdom 3\nt1v d avx2 1 c\n",
};

static const int sizes[] = {2048, 1536, 1031, 720, 2187};
enum { NSIZE = sizeof sizes / sizeof *sizes, NTHREAD = 4 };

static double errs[NTHREAD];

/* max |a - b| / max |b| over n complex values (split) */
static double
relerr(const double *a, const double *b, int n)
{
	double e, m;
	int k;

	e = m = 0;
	for (k = 0; k < 2 * n; k++) {
		e = fmax(e, fabs(a[k] - b[k]));
		m = fmax(m, fabs(b[k]));
	}
	return e / m;
}

/* the forward DFT of x (split, n) into y, the plain way */
static void
dft(const double *x, double *y, int n)
{
	static const double PI = 3.14159265358979323846;
	double *w, sr, si;
	int j, k;
	long t;

	w = malloc(2 * n * sizeof *w);
	for (t = 0; t < n; t++) {
		w[2 * t] = cos(2 * PI * t / n);
		w[2 * t + 1] = -sin(2 * PI * t / n);
	}
	for (k = 0; k < n; k++) {
		sr = si = 0;
		for (j = 0; j < n; j++) {
			t = 2 * ((long)j * k % n);
			sr += x[j] * w[t] - x[n + j] * w[t + 1];
			si += x[j] * w[t + 1] + x[n + j] * w[t];
		}
		y[k] = sr;
		y[n + k] = si;
	}
	free(w);
}

static void *
worker(void *arg)
{
	int t, i, n, k;
	double *x, *y, *z, e;
	kgen_plan *p;

	t = (int)(size_t)arg;
	e = 0;
	for (i = 0; i < NSIZE; i++) {
		n = sizes[(i + t) % NSIZE];
		x = malloc(6 * n * sizeof *x);
		y = x + 2 * n;
		z = y + 2 * n;
		for (k = 0; k < 2 * n; k++)
			x[k] = sin(k * 0.61 + t);
		p = kgen_plan_dft_1d(n, -1, KGEN_MEASURE);
		if (!p)
			e = INFINITY;
		else {
			kgen_execute(p, x, x + n, y, y + n);
			dft(x, z, n);
			e = fmax(e, relerr(y, z, n));
		}
		kgen_destroy(p);
		free(x);
	}
	errs[t] = e;
	return 0;
}

/* kgen_dft's picks in the wisdom (dft lines, version 3): what it
 * measured goes out and comes back as it was ("dft"), and a pick it is
 * told is the codelet it then runs ("dfttold": the scalar codelet of
 * 12, which it would not measure fastest where a vector ISA runs, gives
 * kgen_dft's results bit for bit, and kgen_n1_for returns it). */
static void
dftpicks(void)
{
	double *x, *y, *z;
	float *xf, *yf;
	char *s, *s2;
	kgen_dft_fn *f;
	int k, st, ok;

	x = calloc(3 * 2 * 12, sizeof *x);
	y = x + 2 * 12;
	z = y + 2 * 12;
	xf = calloc(2 * 2 * 20 * 3, sizeof *xf);
	yf = xf + 2 * 20 * 3;
	for (k = 0; k < 2 * 12; k++)
		x[k] = sin(k * 0.37);
	kgen_dft(12, -1, x, x + 1, y, y + 1, 2, 2, 1, 24, 24);
	kgen_dftf(20, -1, xf, xf + 60, yf, yf + 60, 1, 1, 3, 20, 20);
	f = kgen_n1_for(12, 1);
	s = kgen_export_wisdom_to_string();
	ok = strstr(s, "\ndft d 12 few inter ") && strstr(s,
	    "\ndft f 20 few split ");
	kgen_forget_wisdom();
	st = kgen_import_wisdom_from_string(s);
	s2 = kgen_export_wisdom_to_string();
	printf("dft %d\n", ok && st == KGEN_OK && !strcmp(s, s2)
	    && kgen_n1_for(12, 1) == f);
	free(s);
	free(s2);
	kgen_forget_wisdom();
	st = kgen_import_wisdom_from_string("kgen-wisdom 3\n"
	    "dft d 12 few inter n1 scalar\n");
	kgen_dft(12, -1, x, x + 1, y, y + 1, 2, 2, 1, 24, 24);
	kgen_n1_12(x, x + 1, z, z + 1, 2, 2, 1, 24, 24);
	printf("dfttold %d\n", st == KGEN_OK && !memcmp(y, z, 24 * sizeof *y)
	    && kgen_n1_for(12, 1) == kgen_n1_isa(12, KGEN_ISA_SCALAR));
	free(x);
	free(xf);
}

/* Mutants of a valid text (a byte changed, dropped or doubled, a line
 * cut or doubled): each import must return KGEN_OK or KGEN_EINVAL, and
 * after an accepted one the store must export text that imports again.
 * Prints "mutants M A BAD": M tried, A accepted, BAD the wrong outcomes. */
static void
mutants(void)
{
	static const char base[] = "kgen-wisdom 3\n"
	    "di 1024 ct avx2 16 vecb 0 2 8 8 straddle\n"
	    "d 1009 rader\nfi 4099 bluestein 9216\nd 128 n1x avx2\n"
	    "t1v d avx2 16 asm\nt1v f avx2 8 c\n"
	    "dft d 12 few inter n1c avx2\ndft f 64 many split n1 avx2\n";
	static const char alpha[] = "0123456789 \nadfiltvx-";
	char buf[sizeof base * 2], *s;
	unsigned seed;
	size_t len, at;
	int m, accepted, wrong, st;

	seed = 12345;
	accepted = wrong = 0;
	for (m = 0; m < 3000; m++) {
		memcpy(buf, base, sizeof base);
		len = sizeof base - 1;
		seed = seed * 1103515245u + 12345u;
		at = 14 + (seed >> 8) % (len - 14);
		switch ((seed >> 4) % 4) {
		case 0:     /* a byte changed */
			buf[at] = alpha[(seed >> 20) % (sizeof alpha - 1)];
			break;
		case 1:     /* a byte dropped */
			memmove(buf + at, buf + at + 1, len - at);
			break;
		case 2:     /* a byte doubled */
			memmove(buf + at + 1, buf + at, len - at + 1);
			break;
		case 3:     /* the text cut there */
			buf[at] = 0;
			break;
		}
		kgen_forget_wisdom();
		st = kgen_import_wisdom_from_string(buf);
		if (st == KGEN_OK) {
			accepted++;
			s = kgen_export_wisdom_to_string();
			kgen_forget_wisdom();
			if (!s || kgen_import_wisdom_from_string(s) != KGEN_OK)
				wrong++;
			free(s);
		} else if (st != KGEN_EINVAL)
			wrong++;
	}
	kgen_forget_wisdom();
	printf("mutants %d %d %d\n", m, accepted, wrong);
}

int
main(int argc, char **argv)
{
	char *s, *s2;
	const char *c;
	pthread_t th[NTHREAD];
	double e;
	int i, k, st;
	kgen_plan *p;
	kgen_planf *pf;

	if (argc != 2) {
		fprintf(stderr, "usage: wisdomcheck FILE\n");
		return 2;
	}
	s = kgen_export_wisdom_to_string();
	printf("empty %d\n", !strcmp(s, "kgen-wisdom 3\n"));
	free(s);
	/* split (stride 1), then interleaved (kgen_plan_dft_1d's layout) */
	p = kgen_plan_many_dft(2048, 1, 1, 2048, -1, KGEN_MEASURE);
	kgen_destroy(p);
	p = kgen_plan_dft_1d(2048, 1, KGEN_MEASURE);
	kgen_destroy(p);
	s = kgen_export_wisdom_to_string();
	printf("layouts %d\n", !strncmp(s, "kgen-wisdom 3\nd 2048 ct ", 24)
	    && strstr(s, "\ndi 2048 ct ") != 0);
	free(s);
	kgen_forget_wisdom();
	st = kgen_import_wisdom_from_string("kgen-wisdom 1\n"
	    "d 1031 rader\nf 1536 ct scalar 48 scalar 0 1 32\n");
	s = kgen_export_wisdom_to_string();
	printf("v1 %d\n", st == KGEN_OK && !strcmp(s, "kgen-wisdom 3\n"
	    "d 1031 rader\ndi 1031 rader\nf 1536 ct scalar 48 scalar 0 1 32\n"
	    "fi 1536 ct scalar 48 scalar 0 1 32\n"));
	free(s);
	kgen_forget_wisdom();
	/* straddle (plan.c's ios_race) survives the round trip */
	c = "kgen-wisdom 3\ndi 16384 ct avx2 16 vecb 0 2 32 32 straddle\n"
	    "d 16384 ct avx2 16 vec 0 2 32 32\n";
	st = kgen_import_wisdom_from_string(c);
	s = kgen_export_wisdom_to_string();
	printf("straddle %d\n", st == KGEN_OK && !strcmp(s, c));
	free(s);
	kgen_forget_wisdom();
	dftpicks();
	kgen_forget_wisdom();
	mutants();
	for (i = 0; i < 4; i++) {
		p = kgen_plan_dft_1d((int[]){1024, 1009, 4099, 720}[i], -1,
		    KGEN_MEASURE);
		kgen_destroy(p);
	}
	pf = kgen_planf_dft_1d(1024, 1, KGEN_MEASURE);
	kgen_destroyf(pf);
	/* an interleaved entry (di) goes through the round trips too */
	p = kgen_plan_many_dft(720, 1, 2, 1440, -1, KGEN_MEASURE);
	kgen_destroy(p);
	/* 4099's Rader or Bluestein plan learns its inner size too */
	s = kgen_export_wisdom_to_string();
	for (k = 0, c = s; (c = strchr(c, '\n')); c++)
		k++;
	printf("learned %d\n", k - 1);
	kgen_forget_wisdom();
	st = kgen_import_wisdom_from_string(s);
	s2 = kgen_export_wisdom_to_string();
	printf("roundtrip %d\n", st == KGEN_OK && !strcmp(s, s2));
	free(s2);
	st = kgen_export_wisdom_to_filename(argv[1]);
	kgen_forget_wisdom();
	if (st == KGEN_OK)
		st = kgen_import_wisdom_from_filename(argv[1]);
	s2 = kgen_export_wisdom_to_string();
	printf("file %d\n", st == KGEN_OK && !strcmp(s, s2));
	free(s2);
	for (i = 0; i < (int)(sizeof bad / sizeof *bad); i++) {
		st = kgen_import_wisdom_from_string(bad[i]);
		s2 = kgen_export_wisdom_to_string();
		printf("bad %d %d %d\n", i, st, !strcmp(s, s2));
		free(s2);
	}
	printf("bad null %d\n", kgen_import_wisdom_from_string(0));
	printf("nofile %d\n",
	    kgen_import_wisdom_from_filename("/nonexistent/kgen/wisdom"));
	printf("noexport %d\n",
	    kgen_export_wisdom_to_filename("/nonexistent/kgen/wisdom"));
	free(s);
	kgen_forget_wisdom();
	for (i = 0; i < NTHREAD; i++)
		pthread_create(&th[i], 0, worker, (void *)(size_t)i);
	e = 0;
	for (i = 0; i < NTHREAD; i++) {
		pthread_join(th[i], 0);
		e = fmax(e, errs[i]);
	}
	printf("threads %.3e\n", e);
	kgen_forget_wisdom();
	return 0;
}
