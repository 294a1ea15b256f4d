/* threads.c: kgen_plan_with_nthreads and the parallel loop the plans
 * and kgen_dgemm run their independent parts on (threads.h). */
#include <stdatomic.h>
#include "kgen.h"
#include "threads.h"

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

void
kgen_priv_parfor(int nt, ptrdiff_t n, kgen_priv_task *fn, void *ctx)
{
	(void)nt;
	fn(ctx, 0, 0, n);
}
