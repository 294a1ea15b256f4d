/* threads.c: kgen_plan_with_nthreads and the parallel loop the plans
 * and kgen_dgemm run their independent parts on (threads.h).
 *
 * A pool of POSIX threads, started on the first parallel loop
 * (pthread_once) and grown to the largest number of parts asked for
 * (at most MAXW workers; a loop asking for more gets fewer, longer
 * parts).  Worker w runs part w of a loop; the caller runs part 0 and
 * then waits for the others.  Each worker has a slot of its own: the
 * caller writes the part into it and bumps the slot's generation, and
 * the worker, which spins on that generation for a while (SPIN pauses,
 * tens of microseconds) before it sleeps on the slot's condition
 * variable, runs the part and counts it done.  The caller waits for the
 * count the same way: spins, then sleeps.  A fork/join so costs a few
 * microseconds when the loops come in quick succession (a plan's
 * passes), and idle workers sleep.  Sleeping uses the usual handshake:
 * the sleeper sets a flag under its mutex before it looks a last time,
 * the waker publishes its change before it looks at the flag (both
 * sequentially consistent), so one of them sees the other.
 *
 * One loop at a time runs in the pool: a caller that finds it busy (a
 * loop from another user thread, or a part calling parfor again) runs
 * its whole loop alone, so that concurrent plans never wait on one
 * another and a nested loop cannot deadlock.  The workers live until
 * the process exits (their slots stay reachable); a child made by fork
 * starts with an empty pool again. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "threads.h"

enum {
	MAXW = 255,	/* workers at most: loops of up to 256 parts */
	SPIN = 2000	/* pauses (about 20 ns) before a waiter sleeps */
};

typedef struct Slot Slot;
struct Slot {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	atomic_uint gen;	/* bumped once per part given */
	atomic_int asleep;	/* the worker waits on cv */
	kgen_priv_task *fn;	/* the part: written before gen */
	void *ctx;
	ptrdiff_t lo, hi;
	int t;
};

static struct {
	pthread_mutex_t mu;	/* with done: the caller's sleep */
	pthread_cond_t done;
	atomic_int asleep;	/* the caller waits on done */
	atomic_int left;	/* parts of the loop not finished */
	atomic_flag busy;	/* a loop runs in the pool */
	int nw;			/* workers running: slot[0..nw-1] */
	int ns;			/* slots allocated: slot[0..ns-1] */
	Slot *slot[MAXW];
} pool = { .busy = ATOMIC_FLAG_INIT };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static atomic_int nthreads = 1;

int
kgen_plan_with_nthreads(int n)
{
	if (n < 1)
		return KGEN_EINVAL;
	atomic_store(&nthreads, n);
	return KGEN_OK;
}

int
kgen_priv_nthreads(void)
{
	return atomic_load(&nthreads);
}

/* The i-th pause of a spin: the CPU's pause, and every 256th time the
 * processor to a thread waiting for it (more threads than cores). */
static void
pause1(int i)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield");
#endif
	if (i % 256 == 255)
		sched_yield();
}

static void *
work(void *arg)
{
	Slot *s = arg;
	unsigned seen = 0;
	int i;

	for (;;) {
		for (i = 0; i < SPIN && atomic_load(&s->gen) == seen; i++)
			pause1(i);
		if (atomic_load(&s->gen) == seen) {
			pthread_mutex_lock(&s->mu);
			atomic_store(&s->asleep, 1);
			while (atomic_load(&s->gen) == seen)
				pthread_cond_wait(&s->cv, &s->mu);
			atomic_store(&s->asleep, 0);
			pthread_mutex_unlock(&s->mu);
		}
		seen = atomic_load(&s->gen);
		s->fn(s->ctx, s->t, s->lo, s->hi);
		if (atomic_fetch_sub(&pool.left, 1) == 1
		    && atomic_load(&pool.asleep)) {
			pthread_mutex_lock(&pool.mu);
			pthread_cond_signal(&pool.done);
			pthread_mutex_unlock(&pool.mu);
		}
	}
	return 0;
}

static void
reset(Slot *s)
{
	pthread_mutex_init(&s->mu, 0);
	pthread_cond_init(&s->cv, 0);
	atomic_store(&s->gen, 0);
	atomic_store(&s->asleep, 0);
}

/* A child of fork has the caller's thread only: the slots wait for
 * workers of its own. */
static void
forked(void)
{
	int i;

	pthread_mutex_init(&pool.mu, 0);
	pthread_cond_init(&pool.done, 0);
	atomic_store(&pool.asleep, 0);
	atomic_store(&pool.left, 0);
	atomic_flag_clear(&pool.busy);
	for (i = 0; i < pool.ns; i++)
		reset(pool.slot[i]);
	pool.nw = 0;
}

static void
init(void)
{
	pthread_mutex_init(&pool.mu, 0);
	pthread_cond_init(&pool.done, 0);
	pthread_atfork(0, 0, forked);
}

/* Starts workers until there are want of them (or one fails to
 * start); returns how many there are.  Called holding busy. */
static int
grow(int want)
{
	pthread_attr_t a;
	pthread_t th;
	Slot *s;

	int e;

	while (pool.nw < want) {
		if (pool.nw == pool.ns) {
			/* a line of its own: no false sharing */
			if (!(s = aligned_alloc(64, (sizeof *s + 63) / 64
			    * 64)))
				break;
			memset(s, 0, sizeof *s);
			reset(s);
			pool.slot[pool.ns++] = s;
		}
		s = pool.slot[pool.nw];
		if (pthread_attr_init(&a))
			break;
		pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
		e = pthread_create(&th, &a, work, s);
		pthread_attr_destroy(&a);
		if (e)
			break;
		pool.nw++;
	}
	return pool.nw;
}

/* The start of part t of n indices cut into k parts (the first n % k
 * parts one longer), without computing t * n. */
static ptrdiff_t
cut(ptrdiff_t n, int k, int t)
{
	return t * (n / k) + (t < n % k ? t : n % k);
}

void
kgen_priv_parfor(int nt, ptrdiff_t n, kgen_priv_task *fn, void *ctx)
{
	Slot *s;
	int k, w, i;

	k = n < nt ? (int)n : nt;
	if (k <= 1) {
		fn(ctx, 0, 0, n);
		return;
	}
	if (atomic_flag_test_and_set(&pool.busy)) {
		fn(ctx, 0, 0, n);
		return;
	}
	pthread_once(&once, init);
	if (k > MAXW + 1)
		k = MAXW + 1;
	if (grow(k - 1) < k - 1)
		k = pool.nw + 1;
	if (k <= 1) {
		atomic_flag_clear(&pool.busy);
		fn(ctx, 0, 0, n);
		return;
	}
	atomic_store(&pool.left, k - 1);
	for (w = 1; w < k; w++) {
		s = pool.slot[w - 1];
		s->fn = fn;
		s->ctx = ctx;
		s->t = w;
		s->lo = cut(n, k, w);
		s->hi = cut(n, k, w + 1);
		atomic_fetch_add(&s->gen, 1);
		if (atomic_load(&s->asleep)) {
			pthread_mutex_lock(&s->mu);
			pthread_cond_signal(&s->cv);
			pthread_mutex_unlock(&s->mu);
		}
	}
	fn(ctx, 0, 0, cut(n, k, 1));
	for (i = 0; i < SPIN && atomic_load(&pool.left); i++)
		pause1(i);
	if (atomic_load(&pool.left)) {
		pthread_mutex_lock(&pool.mu);
		atomic_store(&pool.asleep, 1);
		while (atomic_load(&pool.left))
			pthread_cond_wait(&pool.done, &pool.mu);
		atomic_store(&pool.asleep, 0);
		pthread_mutex_unlock(&pool.mu);
	}
	atomic_flag_clear(&pool.busy);
}

int
kgen_priv_threads_for(int nthreads, double elements)
{
	double most = elements / THREAD_GRAIN;

	if (most < 1)
		return 1;
	return nthreads < most ? nthreads : (int)most;
}
