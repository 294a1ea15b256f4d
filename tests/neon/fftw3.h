/* tests/neon/fftw3.h: the few calls of FFTW's API that tests/t1vcheck.c
 * and tests/n1vcheck.c make (fftw_plan_dft_1d, fftw_plan_many_dft of
 * rank 1, fftw_execute, fftw_malloc), as a naive DFT in long double
 * (binary128 on AArch64), for tests/test_neon.py, which runs those
 * drivers under qemu-aarch64 where no FFTW for AArch64 is installed:
 * the checks keep their reference, the DFT by its definition, and only
 * lose FFTW's speed.  Put first on the include path (-I tests/neon); no
 * library to link. */
#ifndef KGEN_TEST_FFTW3_H
#define KGEN_TEST_FFTW3_H
#include <math.h>
#include <stdlib.h>

typedef double fftw_complex[2];
typedef struct fftw_plan_s *fftw_plan;
struct fftw_plan_s {
	int n, howmany, is, idist, os, odist, sign;
	fftw_complex *in, *out;
	long double (*w)[2];        /* exp(sign 2 pi i k / n), k < n */
	long double (*y)[2];        /* one transform's result */
};
#define FFTW_ESTIMATE (1U << 6)

static inline void *
fftw_malloc(size_t n)
{
	return malloc(n);
}

static inline void
fftw_free(void *p)
{
	free(p);
}

static inline fftw_plan
fftw_plan_many_dft(int rank, const int *n, int howmany, fftw_complex *in,
    const int *inembed, int is, int idist, fftw_complex *out,
    const int *onembed, int os, int odist, int sign, unsigned flags)
{
	const long double tau = 6.283185307179586476925286766559L;
	fftw_plan p;
	int k;

	(void)inembed;
	(void)onembed;
	(void)flags;
	if (rank != 1 || !(p = malloc(sizeof *p)))
		return 0;
	p->n = n[0];
	p->howmany = howmany;
	p->is = is;
	p->idist = idist;
	p->os = os;
	p->odist = odist;
	p->sign = sign;
	p->in = in;
	p->out = out;
	p->w = malloc(2 * (size_t)p->n * sizeof *p->w);
	p->y = p->w + p->n;
	for (k = 0; k < p->n; k++) {
		p->w[k][0] = cosl(tau * k / p->n);
		p->w[k][1] = sign * sinl(tau * k / p->n);
	}
	return p;
}

static inline fftw_plan
fftw_plan_dft_1d(int n, fftw_complex *in, fftw_complex *out, int sign,
    unsigned flags)
{
	return fftw_plan_many_dft(1, &n, 1, in, 0, 1, n, out, 0, 1, n, sign,
	    flags);
}

/* y_k = sum_m x_m w^(mk), the exponent reduced mod n exactly; in place
 * works (each transform's result is kept until it is written). */
static inline void
fftw_execute(const fftw_plan p)
{
	const fftw_complex *x;
	long double re, im;
	int t, k, m, q;

	for (t = 0; t < p->howmany; t++) {
		x = p->in + (size_t)t * p->idist;
		for (k = 0; k < p->n; k++) {
			re = im = 0;
			for (m = q = 0; m < p->n; m++, q = (q + k) % p->n) {
				re += p->w[q][0] * x[m * p->is][0]
				    - p->w[q][1] * x[m * p->is][1];
				im += p->w[q][0] * x[m * p->is][1]
				    + p->w[q][1] * x[m * p->is][0];
			}
			p->y[k][0] = re;
			p->y[k][1] = im;
		}
		for (k = 0; k < p->n; k++) {
			p->out[(size_t)t * p->odist + k * p->os][0] =
			    (double)p->y[k][0];
			p->out[(size_t)t * p->odist + k * p->os][1] =
			    (double)p->y[k][1];
		}
	}
}

static inline void
fftw_destroy_plan(fftw_plan p)
{
	free(p->w);
	free(p);
}
#endif
