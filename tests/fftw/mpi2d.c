/*
 * tests/fftw/mpi2d.c: FFTW's MPI transforms, built with kgen's codelets,
 * against serial results (make check-fftw, tests/fftw/mpi.sh).  Run on
 * two or more ranks: a 2-D (48 x 40) forward and a 3-D (16 x 12 x 10)
 * backward complex DFT, each planned with fftw_mpi_plan_dft_2d/3d over
 * the ranks' slabs of the first dimension, and compared on each rank
 * with (a) a serial fftw_plan_dft_2d/3d of the whole array and (b) a
 * direct separable DFT (sums over each dimension in turn, O(N sum n_i),
 * no FFT).  The input is a function of the global index, so every rank
 * builds the whole array itself.  Prints the largest relative error
 * (max |y - ref| / max |ref|) over the ranks and exits 1 above 1e-10.
 */
/* fftw3.h before complex.h: fftw_complex stays double[2] */
#include <mpi.h>
#include <fftw3-mpi.h>

#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOL 1e-10
#define TWO_PI 6.28318530717958647692528676655900577

static double complex
input(ptrdiff_t i)
{
	return sin(0.37 * (double)i + 0.1) + I * cos(1.3 * (double)i * i);
}

/* y = the DFT of x along dimension d of the row-major array dims[0..r),
 * by direct sums */
static void
dft_dim(double complex *y, const double complex *x, const ptrdiff_t *dims,
    int r, int d, int sign)
{
	ptrdiff_t n = dims[d], after = 1, before = 1;
	int k;

	for (k = d + 1; k < r; k++)
		after *= dims[k];
	for (k = 0; k < d; k++)
		before *= dims[k];
	for (ptrdiff_t b = 0; b < before; b++)
		for (ptrdiff_t a = 0; a < after; a++)
			for (ptrdiff_t o = 0; o < n; o++) {
				double complex s = 0;
				for (ptrdiff_t i = 0; i < n; i++) {
					double t = TWO_PI * (double)((i * o)
					    % n) / (double)n;
					s += x[(b * n + i) * after + a] *
					    cexp(I * sign * t);
				}
				y[(b * n + o) * after + a] = s;
			}
}

static double
relerr(const fftw_complex *got, const double complex *ref, ptrdiff_t off,
    ptrdiff_t cnt, ptrdiff_t total)
{
	double e = 0, m = 0;

	for (ptrdiff_t i = 0; i < total; i++)
		m = fmax(m, cabs(ref[i]));
	for (ptrdiff_t i = 0; i < cnt; i++) {
		double complex g = got[i][0] + I * got[i][1];
		e = fmax(e, cabs(g - ref[off + i]));
	}
	return m > 0 ? e / m : e;
}

/* one transform of rank r; returns 0 when within TOL */
static int
check(int r, const ptrdiff_t *dims, int sign, int rank)
{
	ptrdiff_t local_n0, start0, alloc, total = 1, row = 1;
	fftw_complex *data, *whole;
	double complex *a, *b;
	fftw_plan p, q;
	double e[2], g[2];
	int k, ok;

	for (k = 0; k < r; k++)
		total *= dims[k];
	row = total / dims[0];
	alloc = fftw_mpi_local_size(r, dims, MPI_COMM_WORLD, &local_n0,
	    &start0);
	data = fftw_alloc_complex(alloc > 0 ? alloc : 1);
	whole = fftw_alloc_complex(total);
	a = malloc(sizeof(*a) * total);
	b = malloc(sizeof(*b) * total);
	if (!data || !whole || !a || !b) {
		fprintf(stderr, "mpi2d: out of memory\n");
		return 1;
	}
	p = r == 2 ? fftw_mpi_plan_dft_2d(dims[0], dims[1], data, data,
	    MPI_COMM_WORLD, sign, FFTW_MEASURE) :
	    fftw_mpi_plan_dft_3d(dims[0], dims[1], dims[2], data, data,
	    MPI_COMM_WORLD, sign, FFTW_MEASURE);
	q = r == 2 ? fftw_plan_dft_2d(dims[0], dims[1], whole, whole, sign,
	    FFTW_MEASURE) : fftw_plan_dft_3d(dims[0], dims[1], dims[2],
	    whole, whole, sign, FFTW_MEASURE);
	if (!p || !q) {
		fprintf(stderr, "mpi2d: no plan\n");
		return 1;
	}
	for (ptrdiff_t i = 0; i < local_n0 * row; i++) {
		double complex v = input(start0 * row + i);
		data[i][0] = creal(v);
		data[i][1] = cimag(v);
	}
	for (ptrdiff_t i = 0; i < total; i++) {
		a[i] = input(i);
		whole[i][0] = creal(a[i]);
		whole[i][1] = cimag(a[i]);
	}
	fftw_execute(p);
	fftw_execute(q);
	for (k = 0; k < r; k++) {
		dft_dim(b, a, dims, r, k, sign);
		memcpy(a, b, sizeof(*a) * total);
	}
	/* (a) against the serial plan, (b) against the direct DFT */
	for (ptrdiff_t i = 0; i < total; i++)
		b[i] = whole[i][0] + I * whole[i][1];
	e[0] = relerr(data, b, start0 * row, local_n0 * row, total);
	e[1] = relerr(data, a, start0 * row, local_n0 * row, total);
	MPI_Allreduce(e, g, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
	ok = g[0] <= TOL && g[1] <= TOL;
	if (rank == 0) {
		printf("mpi2d: %d-D", r);
		for (k = 0; k < r; k++)
			printf("%s%td", k ? " x " : " ", dims[k]);
		printf(" %s: max relative error %.3g against serial FFTW, "
		    "%.3g against a direct DFT: %s\n", sign < 0 ? "forward" :
		    "backward", g[0], g[1], ok ? "ok" : "FAILED");
	}
	fftw_destroy_plan(p);
	fftw_destroy_plan(q);
	fftw_free(data);
	fftw_free(whole);
	free(a);
	free(b);
	return !ok;
}

int
main(int argc, char **argv)
{
	static const ptrdiff_t d2[] = { 48, 40 }, d3[] = { 16, 12, 10 };
	int rank, size, bad = 0;

	MPI_Init(&argc, &argv);
	fftw_mpi_init();
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (rank == 0)
		printf("mpi2d: %d ranks\n", size);
	bad |= check(2, d2, FFTW_FORWARD, rank);
	bad |= check(3, d3, FFTW_BACKWARD, rank);
	fftw_mpi_cleanup();
	MPI_Finalize();
	return bad;
}
