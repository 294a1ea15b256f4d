/* clock.h: the one clock and the one timing loop of kgen's measurements
 * (internal; users include only kgen.h).  The runtime times candidates
 * at first use in three places, each with its own policy (how many
 * timings, what is raced, in what order): dispatch (dispmeas.c, which
 * codelet kgen_dft runs), the planner (planmeas.c, KGEN_MEASURE and the
 * straddle race) and plantab.c (a t1v step's C codelet against its
 * assembly twin); all of them read the clock through now() and time
 * their candidates through clock_best.  kgen-wisdom
 * (tools/wisdom.c) and the benchmarks (bench/timing.h) use the same
 * clock, the benchmarks also median().  Header only: every function is
 * static inline, so nothing here is a global name of libkgen.a.
 * Needs _POSIX_C_SOURCE >= 199309L (clock_gettime). */
#ifndef KGEN_CLOCK_H
#define KGEN_CLOCK_H
#include <stdlib.h>
#include <time.h>

/* Seconds on clock id (CLOCK_MONOTONIC: wall time that never steps
 * back; CLOCK_THREAD_CPUTIME_ID: this thread's CPU time). */
static inline double
clock_seconds(clockid_t id)
{
	struct timespec t;

	clock_gettime(id, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Monotonic wall time in seconds. */
static inline double
now(void)
{
	return clock_seconds(CLOCK_MONOTONIC);
}

/* reps calls of f(arg), untimed (a warm-up). */
static inline void
clock_run(void (*f)(void *), void *arg, long reps)
{
	while (reps-- > 0)
		f(arg);
}

/* `times` timings of reps calls of f(arg) each, lowering *best to the
 * least, in seconds: the least, since other processes and interrupts
 * only ever add time.  How many calls make a timing long enough that
 * the clock's own cost does not decide, how many timings, and what is
 * done between them are the caller's policy. */
static inline void
clock_best(void (*f)(void *), void *arg, long reps, int times,
    double *best)
{
	double t;

	while (times-- > 0) {
		t = now();
		clock_run(f, arg, reps);
		t = now() - t;
		if (t < *best)
			*best = t;
	}
}

static inline int
clock_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of x[0..n-1], sorting x (the benchmarks' statistic). */
static inline double
median(double *x, int n)
{
	qsort(x, n, sizeof *x, clock_cmp);
	return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}
#endif
