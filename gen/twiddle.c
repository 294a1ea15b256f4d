/* twiddle.c: the DAG of a twiddle codelet (FFTW's t1 kind), one radix-r
 * step of a decimation-in-time Cooley-Tukey FFT done in place:
 *   y_k = sum_j w_r^(jk) (x_j * t_j),   0 <= k < r,
 * where x_j is element j of the butterfly and t_j its twiddle factor,
 * read from a table W as t_j = W[2(j-1)] - i W[2(j-1)+1] for the forward
 * transform (FFTW's convention: the table holds exp(+2 pi i j m / n) and
 * the forward codelet multiplies by its conjugate) and t_j = W[2(j-1)] +
 * i W[2(j-1)+1] for the backward one, so both directions share a table.
 * x_0 has no twiddle.  The product costs 4 multiplications and 2
 * additions per twiddled element; the radix-r DFT is fft.c's, so the
 * counts are those of n1_r plus (r-1) complex products, which equals
 * genfft's t1 counts wherever n1_r equals genfft's n1 (Frigo, PLDI 1999,
 * section 6 for the t1 kind). */
#include <stdlib.h>
#include "all.h"

/* Slots: inputs 2j, 2j+1 are re and im of x_j (arrays ri, ii at stride
 * rs), inputs 2r + 2(j-1) + c the table entries W[2(j-1) + c]; output
 * slot 2k, 2k+1 is y_k, written back over x_k (d->inplace).  g is
 * fft.c's context for the radix-r DFT.
 * requires: 2 <= r <= FFT_MAXN, sign = -1 or 1. */
Dag *
twiddle_build(Fft *g, Arena *ar, int r, int sign)
{
	Dag *d;
	int *x, *y, j, wr, wi, xr, xi;

	d = dag_new(ar);
	d->nin = 2 * r + 2 * (r - 1);
	d->nout = 2 * r;
	d->inplace = 1;
	d->in = arena_alloc(ar, d->nin * sizeof *d->in);
	d->out = arena_alloc(ar, d->nout * sizeof *d->out);
	for (j = 0; j < 2 * r; j++) {
		d->in[j].arr = d->out[j].arr = j & 1;
		d->in[j].i = d->out[j].i = 0;
		d->in[j].j = d->out[j].j = j >> 1;
	}
	for (j = 2 * r; j < d->nin; j++) {
		d->in[j].arr = 2;
		d->in[j].i = j - 2 * r;
		d->in[j].j = 0;
	}
	x = arena_alloc(ar, 2 * r * sizeof *x);
	y = arena_alloc(ar, 2 * r * sizeof *y);
	x[0] = dag_load(d, 0);
	x[1] = dag_load(d, 1);
	for (j = 1; j < r; j++) {
		xr = dag_load(d, 2 * j);
		xi = dag_load(d, 2 * j + 1);
		wr = dag_load(d, 2 * r + 2 * (j - 1));
		wi = dag_load(d, 2 * r + 2 * (j - 1) + 1);
		if (sign < 0) {
			/* (xr + i xi)(wr - i wi) */
			x[2 * j] = dag_add(d, dag_mul(d, wr, xr),
			    dag_mul(d, wi, xi));
			x[2 * j + 1] = dag_sub(d, dag_mul(d, wr, xi),
			    dag_mul(d, wi, xr));
		} else {
			x[2 * j] = dag_sub(d, dag_mul(d, wr, xr),
			    dag_mul(d, wi, xi));
			x[2 * j + 1] = dag_add(d, dag_mul(d, wr, xi),
			    dag_mul(d, wi, xr));
		}
	}
	fft_dft(g, d, r, sign, x, y);
	for (j = 0; j < 2 * r; j++)
		dag_store(d, j, y[j]);
	return d;
}
