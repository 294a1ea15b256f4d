/* plannd.c: complex plans of any rank and batch (FFTW's guru problem)
 * and kgen_execute_dft.  STUB: being written (issue 45). */
#include <stdlib.h>
#include "kgen.h"
#include "plan.h"

PLAN *
PRIV(nd_plan)(int rank, const Dim *d, int hr, const Dim *v, int sign,
    unsigned flags, int lay, int nthreads)
{
	(void)rank, (void)d, (void)hr, (void)v, (void)sign, (void)flags;
	(void)lay, (void)nthreads;
	return 0;
}

void
PRIV(nd_execute)(const PLAN *p, const R *xr, const R *xi, R *yr, R *yi,
    int mul)
{
	(void)p, (void)xr, (void)xi, (void)yr, (void)yi, (void)mul;
}

void
PRIV(nd_free)(Nd *nd)
{
	(void)nd;
}

void
PRIV(nd_describe)(const PLAN *p, Desc *d, int indent)
{
	(void)p, (void)d, (void)indent;
}

PLAN *
PLAN_DFT(int rank, const int *n, int sign, unsigned flags)
{
	(void)rank, (void)n, (void)sign, (void)flags;
	return 0;
}

PLAN *
PLAN_2D(int n0, int n1, int sign, unsigned flags)
{
	int n[2] = { n0, n1 };

	return PLAN_DFT(2, n, sign, flags);
}

PLAN *
PLAN_3D(int n0, int n1, int n2, int sign, unsigned flags)
{
	int n[3] = { n0, n1, n2 };

	return PLAN_DFT(3, n, sign, flags);
}

PLAN *
PLAN_MANY_ND(int rank, const int *n, int howmany, const int *inembed,
    ptrdiff_t istride, ptrdiff_t idist, const int *onembed,
    ptrdiff_t ostride, ptrdiff_t odist, int sign, unsigned flags)
{
	(void)rank, (void)n, (void)howmany, (void)inembed, (void)istride;
	(void)idist, (void)onembed, (void)ostride, (void)odist, (void)sign;
	(void)flags;
	return 0;
}

PLAN *
PLAN_GURU(int rank, const kgen_iodim *dims, int howmany_rank,
    const kgen_iodim *howmany_dims, int sign, unsigned flags)
{
	(void)rank, (void)dims, (void)howmany_rank, (void)howmany_dims;
	(void)sign, (void)flags;
	return 0;
}

int
EXECUTE_DFT(const PLAN *p, const CPLX *in, CPLX *out)
{
	(void)p, (void)in, (void)out;
	return KGEN_EINVAL;
}
