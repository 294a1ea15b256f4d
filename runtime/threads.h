/* threads.h: the library's threads (internal; runtime/threads.c).
 * Compiled once, shared by both precisions. */
#ifndef KGEN_THREADS_H
#define KGEN_THREADS_H

#include <stddef.h>

/* The count kgen_plan_with_nthreads set (>= 1; 1 by default). */
int kgen_priv_nthreads(void);

/* The threads a plan of `elements` complex (or real) numbers in all
 * runs on: nthreads, but one per THREAD_GRAIN elements at most (at
 * least 1).  Below that a fork and join costs more than the second
 * thread saves: on two idle Zen 5 cores a 32x32 transform took 1.05 us
 * on one thread and 4.9 us on two, 128x128 23 us and 60 us, where
 * 256x256 took 166 us and 117 us (make bench-nd). */
enum { THREAD_GRAIN = 1 << 15 };
int kgen_priv_threads_for(int nthreads, double elements);

/* One part of a parallel loop: indices lo..hi-1 of it, run as part t
 * (0 <= t < the nthreads given to parfor; a part's scratch can be
 * indexed by t). */
typedef void kgen_priv_task(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi);

/* Runs fn over 0..n-1 cut into at most nthreads contiguous parts, each
 * on its own thread (part 0 on the caller's), and returns when all are
 * done.  Safe to call from several threads at once; nthreads <= 1 (or
 * n <= 1) runs fn(ctx, 0, 0, n) on the caller. */
void kgen_priv_parfor(int nthreads, ptrdiff_t n, kgen_priv_task *fn,
    void *ctx);

#endif
