/* selftest_main.c: kgen-selftest, the sweep of `make selftest` (full)
 * and of tests/test_selftest.py (--quick): kgen_selftest over many
 * sizes and layouts, on every ISA path this CPU runs, with no reference
 * library.  Each ISA runs in a child process with KGEN_ISA set (the
 * library reads it once).
 *
 * Sizes: full: every n in 1..300, powers of two to 2^20, powers of 3, 5
 * and 7 up to 10^5, mixed composites, every prime up to 1000 and the
 * primes just below or above 2^k and a geometric grid up to 10^5;
 * --quick: 1..64 and a dozen larger sizes of each kind.
 * Problems per size and precision (double, float): complex plans of both
 * signs out of place and in place, r2c and c2r; up to n = 4096, three
 * batched layouts (gaps between elements and transforms, interleaved in
 * place, negative stride and dist); up to KGEN_N1_MAX, kgen_dft/kgen_dftf
 * for one transform of each sign and batches of 7, 9 and 16 (split,
 * interleaved, in place, strided); and through the FFTW-style calls
 * (rank 1): kgen_plan_dft with kgen_execute_dft, and r2c and c2r in
 * FFTW's layout in place.
 * Multi-dimensional (rank 2 to 4; full: up to 480 x 640 and 64^3;
 * --quick: 2x3 .. 16^3, even and odd last sizes): complex plans of both
 * signs split (kgen_execute) and interleaved (kgen_execute_dft), in and
 * out of place, batches with gaps and backwards through memory
 * (kgen_plan_many_dft_nd), two threads; r2c and c2r in FFTW's layout in and out of place, one thread
 * and two.  --max-n bounds the product of the sizes.
 *
 * Prints one line per failure, a summary per ISA and in total (problems
 * verified, the largest err / bound), and exits 1 when a problem failed,
 * 2 on bad usage.  -v prints every problem. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "kgen.h"

typedef struct Opts Opts;
struct Opts {
	int quick, verbose, max_n;
	unsigned long seed;
};

typedef struct Tally Tally;
struct Tally {
	long problems, failed, transforms;
	double worst;               /* largest err / bound */
	char where[200];            /* the problem it was seen on */
};

static int
isprime(long n)
{
	long d;

	if (n < 2)
		return 0;
	for (d = 2; d * d <= n; d++)
		if (n % d == 0)
			return 0;
	return 1;
}

static int
cmp(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

/* The sizes of the sweep into s (room for 2000), sorted, unique;
 * returns their number. */
static int
sizes(const Opts *o, long *s)
{
	static const long mixed[] = {
		360, 480, 500, 720, 768, 960, 1000, 1001, 1536, 2000, 2310,
		3072, 3600, 4036, 6000, 8633, 10000, 10080, 16256, 20480,
		30030, 44100, 48000, 65520, 86400, 99000, 100000
	};
	static const long quick[] = {
		65, 97, 100, 128, 210, 243, 256, 257, 300, 343, 625, 1000,
		1021, 4096, 10007, 65536
	};
	long p, m;
	int n = 0, i, j;

	if (o->quick) {
		for (i = 1; i <= 64; i++)
			s[n++] = i;
		for (i = 0; i < (int)(sizeof quick / sizeof *quick); i++)
			s[n++] = quick[i];
	} else {
		for (i = 1; i <= 300; i++)
			s[n++] = i;
		for (p = 512; p <= 1 << 20; p *= 2)
			s[n++] = p;
		for (p = 3; p <= 100000; p *= 3)
			s[n++] = p;
		for (p = 5; p <= 100000; p *= 5)
			s[n++] = p;
		for (p = 7; p <= 100000; p *= 7)
			s[n++] = p;
		for (i = 0; i < (int)(sizeof mixed / sizeof *mixed); i++)
			s[n++] = mixed[i];
		for (p = 301; p < 1000; p++)
			if (isprime(p))
				s[n++] = p;
		/* the primes next to 2^k, and below a grid of ratio 1.2 */
		for (p = 1024; p <= 65536; p *= 2) {
			for (m = p - 1; !isprime(m); m--)
				;
			s[n++] = m;
			for (m = p + 1; !isprime(m); m++)
				;
			s[n++] = m;
		}
		for (p = 1000; p <= 100000; p = p * 6 / 5) {
			for (m = p; !isprime(m); m--)
				;
			s[n++] = m;
		}
		s[n++] = 99991;     /* the largest prime below 10^5 */
	}
	qsort(s, n, sizeof *s, cmp);
	for (i = j = 0; i < n; i++)
		if (s[i] <= o->max_n && (j == 0 || s[i] != s[j - 1]))
			s[j++] = s[i];
	return j;
}

static const char *
describe(const kgen_selftest_problem *p, char *buf, size_t len)
{
	static const char *const kinds[] = { "dft", "r2c", "c2r" };
	char size[80];
	int d, at;

	if (p->rank == 0)
		snprintf(size, sizeof size, "n=%d", p->n);
	else
		for (d = at = 0; d < p->rank; d++)
			at += snprintf(size + at, sizeof size - at, "%s%d",
			    d ? "x" : "dims=", p->dims[d]);
	snprintf(buf, len, "%s %s %s sign=%+d %s %s%s howmany=%d "
	    "stride=%td dist=%td threads=%d", size,
	    p->precision == KGEN_FLOAT ? "float" : "double", kinds[p->kind],
	    p->sign ? p->sign : p->kind == KGEN_SELFTEST_R2C ? -1 : 1,
	    p->api == KGEN_SELFTEST_N1 ? "kgen_dft" : p->rank ? "plan-nd"
	    : "plan", p->inplace ? "in-place" : "out-of-place",
	    p->interleaved ? " interleaved" : "", p->howmany ? p->howmany : 1,
	    p->stride ? p->stride : 1, p->dist,
	    p->nthreads ? p->nthreads : 1);
	return buf;
}

static void
one(const Opts *o, const char *isa, kgen_selftest_problem *p, Tally *t)
{
	kgen_selftest_result r;
	char buf[200];
	double ratio;
	int st;

	p->seed = o->seed + (unsigned long)t->problems * 7919;
	st = kgen_selftest(p, &r);
	t->problems++;
	t->transforms += r.transforms;
	ratio = r.bound > 0 ? r.err / r.bound : 0;
	if (st != KGEN_OK || !(ratio <= 1)) {
		t->failed++;
		printf("FAIL %s %s: %s; linearity %.3g impulse %.3g shift %.3g"
		    " bound %.3g stray %ld seed %lu\n", isa,
		    describe(p, buf, sizeof buf), kgen_strerror(st),
		    r.linearity, r.impulse, r.shift, r.bound, r.stray,
		    p->seed);
	} else if (o->verbose)
		printf("ok %s %s: err %.3g bound %.3g\n", isa,
		    describe(p, buf, sizeof buf), r.err, r.bound);
	if (!(ratio <= t->worst)) {
		t->worst = ratio;
		describe(p, t->where, sizeof t->where);
	}
}

/* Every problem of the sweep for size n in precision prec. */
static void
size_problems(const Opts *o, const char *isa, int n, int prec, Tally *t)
{
	kgen_selftest_problem p;
	int sign, kind, i;

	for (i = 0; i < 4; i++) {
		memset(&p, 0, sizeof p);
		p.n = n;
		p.precision = prec;
		p.sign = i % 2 ? 1 : -1;
		p.inplace = i / 2;
		one(o, isa, &p, t);
	}
	for (kind = KGEN_SELFTEST_R2C; kind <= KGEN_SELFTEST_C2R; kind++) {
		memset(&p, 0, sizeof p);
		p.n = n;
		p.precision = prec;
		p.kind = kind;
		one(o, isa, &p, t);
	}
	/* the FFTW-style calls of rank 1 */
	for (i = 0; i < 4; i++) {
		memset(&p, 0, sizeof p);
		p.rank = 1, p.dims[0] = n, p.precision = prec;
		p.kind = i < 2 ? KGEN_SELFTEST_DFT : i - 1;
		p.sign = i == 0 ? -1 : i == 1 ? 1 : 0;
		p.interleaved = 1, p.inplace = i > 0;
		one(o, isa, &p, t);
	}
	if (n <= 4096) {
		/* gaps between elements and between transforms */
		memset(&p, 0, sizeof p);
		p.n = n, p.precision = prec, p.sign = -1;
		p.howmany = 3, p.stride = 2, p.dist = 2 * n + 5;
		one(o, isa, &p, t);
		/* interleaved, in place */
		memset(&p, 0, sizeof p);
		p.n = n, p.precision = prec, p.sign = 1;
		p.howmany = 2, p.interleaved = 1, p.inplace = 1;
		one(o, isa, &p, t);
		/* backwards through memory */
		memset(&p, 0, sizeof p);
		p.n = n, p.precision = prec, p.sign = -1;
		p.howmany = 2, p.stride = -1, p.dist = -(n + 3);
		one(o, isa, &p, t);
	}
	if (n > KGEN_N1_MAX)
		return;
	for (sign = -1; sign <= 1; sign += 2) {
		memset(&p, 0, sizeof p);
		p.n = n, p.precision = prec, p.sign = sign;
		p.api = KGEN_SELFTEST_N1;
		one(o, isa, &p, t);
	}
	memset(&p, 0, sizeof p);
	p.n = n, p.precision = prec, p.sign = -1, p.api = KGEN_SELFTEST_N1;
	p.howmany = 7, p.interleaved = 1;
	one(o, isa, &p, t);
	memset(&p, 0, sizeof p);
	p.n = n, p.precision = prec, p.sign = 1, p.api = KGEN_SELFTEST_N1;
	p.howmany = 9, p.inplace = 1, p.stride = 3, p.dist = 3 * n + 1;
	one(o, isa, &p, t);
	memset(&p, 0, sizeof p);
	p.n = n, p.precision = prec, p.sign = -1, p.api = KGEN_SELFTEST_N1;
	p.howmany = 16;
	one(o, isa, &p, t);
}

/* Every problem of the sweep for sizes dims[0..rank-1] in precision
 * prec. */
static void
nd_problems(const Opts *o, const char *isa, int rank, const int *dims,
    int prec, Tally *t)
{
	kgen_selftest_problem p, base;
	long n = 1;
	int d, i;

	memset(&base, 0, sizeof base);
	base.rank = rank;
	for (d = 0; d < rank; d++)
		n *= base.dims[d] = dims[d];
	if (n > o->max_n)
		return;
	base.precision = prec;
	/* complex: both signs, split and interleaved, in and out of place;
	 * two threads */
	for (i = 0; i < 5; i++) {
		p = base;
		p.sign = i % 2 ? 1 : -1;
		p.interleaved = i % 4 != 0;
		p.inplace = i / 2 % 2;
		p.nthreads = i == 4 ? 2 : 0;
		one(o, isa, &p, t);
	}
	/* a batch with gaps between elements and between transforms */
	p = base;
	p.sign = -1, p.interleaved = 1;
	p.howmany = 3, p.stride = 2, p.dist = 2 * n + 5;
	one(o, isa, &p, t);
	/* split, backwards through memory */
	p = base;
	p.sign = 1;
	p.howmany = 2, p.stride = -1, p.dist = -(n + 3);
	one(o, isa, &p, t);
	/* real, FFTW's layout: in and out of place, one thread and two */
	for (i = 0; i < 6; i++) {
		p = base;
		p.kind = i % 2 ? KGEN_SELFTEST_C2R : KGEN_SELFTEST_R2C;
		p.inplace = i / 2 % 2;
		p.nthreads = i >= 4 ? 2 : 0;
		one(o, isa, &p, t);
	}
}

/* The multi-dimensional sizes of the sweep: rank, then the sizes (plans
 * of 2^16 numbers and more run their two-thread problems on two threads:
 * threads.h, THREAD_GRAIN). */
static const int nd_quick[][5] = {
	{ 2, 2, 3 }, { 3, 2, 2, 2 }, { 2, 8, 8 }, { 2, 12, 20 },
	{ 2, 7, 9 }, { 2, 64, 48 }, { 2, 1, 16 }, { 2, 10, 1 },
	{ 3, 4, 6, 8 }, { 3, 5, 3, 7 }, { 3, 16, 16, 16 },
	{ 4, 2, 3, 4, 5 }, { 2, 256, 256 },
};
static const int nd_full[][5] = {
	{ 2, 2, 3 }, { 3, 2, 2, 2 }, { 2, 8, 8 }, { 2, 12, 20 },
	{ 2, 7, 9 }, { 2, 64, 48 }, { 2, 1, 16 }, { 2, 10, 1 },
	{ 3, 4, 6, 8 }, { 3, 5, 3, 7 }, { 3, 16, 16, 16 },
	{ 4, 2, 3, 4, 5 }, { 2, 32, 32 }, { 2, 100, 100 }, { 2, 17, 257 },
	{ 2, 128, 128 }, { 2, 64, 65 }, { 2, 480, 640 }, { 2, 1024, 2 },
	{ 3, 60, 60, 60 }, { 3, 64, 64, 64 }, { 3, 9, 25, 13 },
	{ 3, 1, 32, 33 }, { 4, 8, 8, 8, 8 }, { 4, 6, 1, 10, 7 },
};

/* The sweep on the ISA the library chose (KGEN_ISA is set); the tally
 * goes to fd as one line: problems failed transforms worst where. */
static int
sweep(const Opts *o, int fd)
{
	static long s[2000];
	const char *isa = kgen_isa_name(kgen_isa());
	Tally t = { 0 };
	const int (*nd)[5] = o->quick ? nd_quick : nd_full;
	int nnd = o->quick ? (int)(sizeof nd_quick / sizeof *nd_quick)
	    : (int)(sizeof nd_full / sizeof *nd_full);
	int i, n = sizes(o, s);
	FILE *f;

	for (i = 0; i < n; i++) {
		size_problems(o, isa, (int)s[i], KGEN_DOUBLE, &t);
		size_problems(o, isa, (int)s[i], KGEN_FLOAT, &t);
	}
	for (i = 0; i < nnd; i++) {
		nd_problems(o, isa, nd[i][0], nd[i] + 1, KGEN_DOUBLE, &t);
		nd_problems(o, isa, nd[i][0], nd[i] + 1, KGEN_FLOAT, &t);
	}
	printf("%s: %ld problems, %ld failed, %ld transforms; largest "
	    "err/bound %.3g (%s)\n", isa, t.problems, t.failed,
	    t.transforms, t.worst, t.where);
	fflush(stdout);
	if ((f = fdopen(fd, "w"))) {
		fprintf(f, "%ld %ld %ld %.17g %s\n", t.problems, t.failed,
		    t.transforms, t.worst, t.where);
		fclose(f);
	}
	return t.failed ? 1 : 0;
}

/* whether name is an item of the comma-separated list */
static int
listed(const char *list, const char *name)
{
	size_t len = strlen(name);
	const char *q;

	for (q = strstr(list, name); q; q = strstr(q + 1, name))
		if ((q == list || q[-1] == ',')
		    && (q[len] == 0 || q[len] == ','))
			return 1;
	return 0;
}

/* whether every item of the list names an ISA */
static int
known(const char *list)
{
	char item[16];
	int isa, len;

	while (*list) {
		len = (int)strcspn(list, ",");
		if (len == 0 || len >= (int)sizeof item)
			return 0;
		memcpy(item, list, len);
		item[len] = 0;
		for (isa = 0; kgen_isa_name(isa); isa++)
			if (!strcmp(item, kgen_isa_name(isa)))
				break;
		if (!kgen_isa_name(isa))
			return 0;
		if (list[len] == ',' && !list[len + 1])
			return 0;   /* a trailing comma: an empty item */
		list += len + (list[len] == ',');
	}
	return 1;
}

static void
usage(void)
{
	fprintf(stderr, "kgen: usage: kgen-selftest [--quick] [--max-n N] "
	    "[--isa scalar,sse2,avx2,avx512,neon] [--seed S] [-v]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	Opts o = { 0, 0, 1 << 20, 1 };
	const char *isas = 0;
	char line[400], where[200] = "", *end;
	Tally all = { 0 };
	int i, isa, fds[2], status, nisa = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			o.quick = 1;
		else if (!strcmp(argv[i], "-v"))
			o.verbose = 1;
		else if (!strcmp(argv[i], "--max-n") && i + 1 < argc) {
			o.max_n = (int)strtol(argv[++i], &end, 10);
			if (*end || o.max_n < 1)
				usage();
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			o.seed = strtoul(argv[++i], &end, 10);
			if (*end)
				usage();
		} else if (!strcmp(argv[i], "--isa") && i + 1 < argc) {
			isas = argv[++i];
			if (!known(isas))
				usage();
		} else
			usage();
	}
	for (isa = KGEN_ISA_SCALAR; kgen_isa_name(isa); isa++) {
		const char *name = kgen_isa_name(isa);
		pid_t pid;
		long p, f, tr;
		double w;
		FILE *in;

		if (isas && !listed(isas, name))
			continue;
		if (!kgen_isa_supported(isa)) {
			printf("%s: not run by this CPU or not in this build, "
			    "skipped\n", name);
			continue;
		}
		fflush(stdout);
		if (pipe(fds) || (pid = fork()) < 0) {
			perror("kgen: fork");
			return 2;
		}
		if (pid == 0) {
			close(fds[0]);
			setenv("KGEN_ISA", name, 1);
			_exit(sweep(&o, fds[1]));
		}
		close(fds[1]);
		nisa++;
		in = fdopen(fds[0], "r");
		if (in && fgets(line, sizeof line, in)
		    && sscanf(line, "%ld %ld %ld %lg %199[^\n]", &p, &f, &tr,
		    &w, where) >= 4) {
			all.problems += p;
			all.failed += f;
			all.transforms += tr;
			if (!(w <= all.worst)) {
				all.worst = w;
				snprintf(all.where, sizeof all.where, "%s: %s",
				    name, where);
			}
		} else
			all.failed++;   /* a child that died tells nothing */
		if (in)
			fclose(in);
		if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status)
		    || WEXITSTATUS(status) > 1) {
			printf("FAIL %s: the sweep died (status %d)\n", name,
			    status);
			all.failed++;
		}
	}
	printf("total: %d ISAs, %ld problems verified, %ld failed, %ld "
	    "transforms; largest err/bound %.3g (%s)\n", nisa, all.problems,
	    all.failed, all.transforms, all.worst, all.where);
	return all.failed || !nisa ? 1 : 0;
}
