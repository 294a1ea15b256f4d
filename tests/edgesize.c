/* edgesize.c: the runtime at the edges of int and ptrdiff_t (issue 15).
 * usage: edgesize fast N...     prints "fast N kgen_next_fast_size(N)"
 *        edgesize plan N...     prints "plan KIND N null|plan" for the
 *                               complex, batched, r2c and c2r plans of
 *                               size N in both precisions
 *        edgesize many          prints "many CASE null|plan" for layouts
 *                               whose offsets overflow ptrdiff_t
 *        edgesize gemm          prints "gemm CASE STATUS" for huge sizes
 * With -m MB first, the address space is capped at MB megabytes, so that
 * a plan the planner accepts fails for want of memory instead of taking
 * gigabytes.  The test (tests/test_edge.py) builds this driver with the
 * runtime's plan.c, real.c and gemm.c under -fsanitize=undefined, so
 * signed overflow on these paths aborts it, and runs it with a timeout,
 * so a planner that spins fails. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#include "kgen.h"

static const char *
res(const void *p)
{
	return p ? "plan" : "null";
}

static void
plan(int n)
{
	kgen_plan *p;
	kgen_planf *q;

	p = kgen_plan_dft_1d(n, -1, 0);
	printf("plan dft_1d %d %s\n", n, res(p));
	kgen_destroy(p);
	p = kgen_plan_many_dft(n, 3, 1, n, 1, 0);
	printf("plan many_dft %d %s\n", n, res(p));
	kgen_destroy(p);
	p = kgen_plan_dft_r2c_1d(n, 0);
	printf("plan r2c %d %s\n", n, res(p));
	kgen_destroy(p);
	p = kgen_plan_dft_c2r_1d(n, 0);
	printf("plan c2r %d %s\n", n, res(p));
	kgen_destroy(p);
	q = kgen_planf_dft_1d(n, 1, 0);
	printf("plan planf_dft_1d %d %s\n", n, res(q));
	kgen_destroyf(q);
	q = kgen_planf_many_dft(n, 2, 2, 2 * (ptrdiff_t)n, -1, 0);
	printf("plan planf_many_dft %d %s\n", n, res(q));
	kgen_destroyf(q);
	q = kgen_planf_dft_r2c_1d(n, 0);
	printf("plan planf_r2c %d %s\n", n, res(q));
	kgen_destroyf(q);
	q = kgen_planf_dft_c2r_1d(n, 0);
	printf("plan planf_c2r %d %s\n", n, res(q));
	kgen_destroyf(q);
	fflush(stdout);
}

/* Layouts of kgen_plan_many_dft whose largest offset does not fit, and
 * one that does, as a control. */
static void
many(void)
{
	static const struct {
		const char *name;
		int n, howmany;
		ptrdiff_t stride, dist;
	} c[] = {
		{"howmany_x_dist", 1, 0x7fffffff, 1, PTRDIFF_MAX / 4},
		{"howmany_x_dist2", 4, 3, 1, PTRDIFF_MAX / 2},
		{"n_x_stride", 64, 1, PTRDIFF_MAX / 16, 64},
		{"stride_min", 2, 1, PTRDIFF_MIN, 2},
		{"dist_min", 2, 2, 1, PTRDIFF_MIN},
		{"sum", 2, 2, PTRDIFF_MAX / 6, PTRDIFF_MAX / 6},
		{"control", 4, 2, 1, -4},
	};
	kgen_plan *p;
	kgen_planf *q;
	int i;

	for (i = 0; i < (int)(sizeof c / sizeof *c); i++) {
		p = kgen_plan_many_dft(c[i].n, c[i].howmany, c[i].stride,
		    c[i].dist, -1, 0);
		q = kgen_planf_many_dft(c[i].n, c[i].howmany, c[i].stride,
		    c[i].dist, 1, 0);
		printf("many %s %s %s\n", c[i].name, res(p), res(q));
		kgen_destroy(p);
		kgen_destroyf(q);
	}
}

static void
reached(int sig)
{
	static const char msg[] = "reached the matrices\n";

	(void)sig;
	if (write(1, msg, sizeof msg - 1) < 0)
		_exit(3);
	_exit(0);
}

/* Huge sizes whose matrices cannot exist: KGEN_EINVAL, without touching
 * them.  Then 2^21 + 1 cubed, which overflows a 64-bit m*n*k but whose
 * matrices (2^42 doubles each) do fit a ptrdiff_t: kgen_dgemm must get
 * to reading them, a page that faults, without signed overflow. */
static void
gemm(void)
{
	const int M = 0x7fffffff, B = (1 << 21) + 1;
	double *a;
	int st;

	a = mmap(0, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	st = kgen_dgemm(M, M, M, a, M, a, M, a, M);
	printf("gemm intmax %d\n", st);
	st = kgen_dgemm(2, 3, 4, a, PTRDIFF_MAX / 2, a, 4, a, 2);
	printf("gemm lda %d\n", st);
	st = kgen_dgemm(2, 3, 4, a, 2, a, 4, a, PTRDIFF_MAX / 4);
	printf("gemm ldc %d\n", st);
	st = kgen_dgemm(1, M, 2, a, 1, a, PTRDIFF_MAX / 8, a, 1);
	printf("gemm ldb %d\n", st);
	fflush(stdout);
	signal(SIGSEGV, reached);
	signal(SIGBUS, reached);
	st = kgen_dgemm(B, B, B, a, B, a, B, a, B);
	printf("gemm cube returned %d\n", st);
}

int
main(int argc, char **argv)
{
	struct rlimit rl;
	int i;

	if (argc > 2 && !strcmp(argv[1], "-m")) {
		rl.rlim_cur = rl.rlim_max = (rlim_t)atol(argv[2]) << 20;
		if (setrlimit(RLIMIT_AS, &rl)) {
			perror("setrlimit");
			return 1;
		}
		argc -= 2;
		argv += 2;
	}
	if (argc < 2)
		return 2;
	if (!strcmp(argv[1], "fast"))
		for (i = 2; i < argc; i++) {
			printf("fast %s %d\n", argv[i],
			    kgen_next_fast_size(atoi(argv[i])));
			fflush(stdout);
		}
	else if (!strcmp(argv[1], "plan"))
		for (i = 2; i < argc; i++)
			plan(atoi(argv[i]));
	else if (!strcmp(argv[1], "many"))
		many();
	else if (!strcmp(argv[1], "gemm"))
		gemm();
	else
		return 2;
	return 0;
}
