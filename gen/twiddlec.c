/* twiddlec.c: the complex-lane DAG (Dag.cxl, cx.h) of a twiddle codelet,
 * FFTW's t1fv kind: one radix-r decimation-in-time step done in place,
 *   y_k = sum_j w_r^(jk) (x_j t_j),   0 <= k < r,
 * one node a complex number.  The twiddled element x_j t_j (j >= 1) is
 * one input slot of its own (Slot.arr 1): a load of x_j multiplied by
 * its twiddle t_j from the codelet's table, the conjugate for the
 * forward transform (FFTW's BYTWJ), the twiddle itself for the backward
 * one (BYTW), both as FFTW's simd-support macros do it in one step; the
 * DAG holds no product of two variables, so the simplifier's FMA
 * contraction never fuses one, and the scheduler sees a load.  The
 * emitter (emit/fftwsimd.c) prints that slot as the macro on the load
 * and counts it as genfft does, one addition and two multiplications.
 * The radix-r DFT is fft.c's complex-lane one (Fftopt.cxl), so the
 * counts are those of n1fv_r plus r - 1 twiddle products (Frigo, PLDI
 * 1999, section 6 for the t1 kind). */
#include "all.h"
#include "cx.h"

/* Slots: input j is x_j (Slot.arr 0 for j = 0, arr 1, twiddled, for
 * j >= 1; Slot.j = j), output k is y_k (arr 0, j = k), over x_k
 * (d->inplace).  requires: g's Fftopt.cxl, 2 <= r <= FFT_MAXN, sign = -1
 * or 1. */
Dag *
twiddlec_build(Fft *g, Arena *ar, int r, int sign)
{
	Dag *d;
	int *x, *y, j;

	d = dag_new(ar);
	d->cxl = 1;
	d->nin = d->nout = r;
	d->inplace = 1;
	d->in = arena_alloc(ar, r * sizeof *d->in);
	d->out = arena_alloc(ar, r * sizeof *d->out);
	for (j = 0; j < r; j++) {
		d->in[j].arr = j > 0;
		d->in[j].i = 0;
		d->in[j].j = j;
		d->out[j].arr = 0;
		d->out[j].i = 0;
		d->out[j].j = j;
	}
	x = arena_alloc(ar, 2 * r * sizeof *x);
	y = arena_alloc(ar, 2 * r * sizeof *y);
	for (j = 0; j < r; j++) {
		x[2 * j] = dag_load(d, j);
		x[2 * j + 1] = CXL_IM;
	}
	fft_dft(g, d, r, sign, x, y);
	for (j = 0; j < r; j++)
		dag_store(d, j, y[2 * j]);
	return d;
}
