/* realnd.c: real transforms in FFTW's layout, any rank and batch.
 * STUB: being written (issue 45). */
#include <stdlib.h>
#include "kgen.h"
#include "plan.h"

void
PRIV(real_describe)(const PLAN *p, Desc *d, int indent)
{
	(void)p, (void)d, (void)indent;
}

PLAN *
PLAN_MANY_R2C(int rank, const int *n, int howmany, const int *inembed,
    ptrdiff_t istride, ptrdiff_t idist, const int *onembed,
    ptrdiff_t ostride, ptrdiff_t odist, unsigned flags)
{
	(void)rank, (void)n, (void)howmany, (void)inembed, (void)istride;
	(void)idist, (void)onembed, (void)ostride, (void)odist, (void)flags;
	return 0;
}

PLAN *
PLAN_MANY_C2R(int rank, const int *n, int howmany, const int *inembed,
    ptrdiff_t istride, ptrdiff_t idist, const int *onembed,
    ptrdiff_t ostride, ptrdiff_t odist, unsigned flags)
{
	(void)rank, (void)n, (void)howmany, (void)inembed, (void)istride;
	(void)idist, (void)onembed, (void)ostride, (void)odist, (void)flags;
	return 0;
}

PLAN *
PLAN_R2C_ND(int rank, const int *n, unsigned flags)
{
	return PLAN_MANY_R2C(rank, n, 1, 0, 1, 0, 0, 1, 0, flags);
}

PLAN *
PLAN_R2C_2D(int n0, int n1, unsigned flags)
{
	int n[2] = { n0, n1 };

	return PLAN_R2C_ND(2, n, flags);
}

PLAN *
PLAN_R2C_3D(int n0, int n1, int n2, unsigned flags)
{
	int n[3] = { n0, n1, n2 };

	return PLAN_R2C_ND(3, n, flags);
}

PLAN *
PLAN_C2R_ND(int rank, const int *n, unsigned flags)
{
	return PLAN_MANY_C2R(rank, n, 1, 0, 1, 0, 0, 1, 0, flags);
}

PLAN *
PLAN_C2R_2D(int n0, int n1, unsigned flags)
{
	int n[2] = { n0, n1 };

	return PLAN_C2R_ND(2, n, flags);
}

PLAN *
PLAN_C2R_3D(int n0, int n1, int n2, unsigned flags)
{
	int n[3] = { n0, n1, n2 };

	return PLAN_C2R_ND(3, n, flags);
}

int
EXECUTE_DFT_R2C(const PLAN *p, const R *in, CPLX *out)
{
	(void)p, (void)in, (void)out;
	return KGEN_EINVAL;
}

int
EXECUTE_DFT_C2R(const PLAN *p, const CPLX *in, R *out)
{
	(void)p, (void)in, (void)out;
	return KGEN_EINVAL;
}
