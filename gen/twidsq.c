/* twidsq.c: the DAG of FFTW's square twiddle codelets q1 (scalar) and
 * q1fv, q1bv (complex-lane, SIMD): n DFTs of size n, each followed by
 * its twiddles (decimation in frequency), with the n x n block they
 * work on transposed on the way back:
 *   Y_v = DFT(x_(v,0..n-1)),  x_(k,v) <- w_k Y_v[k]  (conj(w_k) when
 *   forward),
 * where x_(a,b) is the element at vs stride a and rs stride b, and w_k
 * the k-th entry of the butterfly's table (TW_FULL: k = 1..n-1, shared
 * by the n DFTs).  This is genfft's gen_twidsq (Frigo, PLDI 1999): the
 * planner uses it for the square step of a transform whose vector
 * stride and length match the radix.
 * Scalar: real arithmetic, the table's entries inputs of the DAG.
 * Complex-lane: the twiddle is a product of two variables, which the
 * DAG does not hold; output x_(k,v) is Y_v[k] itself and the printer
 * (emit/fftwsimd.c) multiplies it by w_k at the store (BYTWJ, BYTW of
 * FFTW's simd-support). */
#include "all.h"
#include "cx.h"

/* Slots: data element (a, b), at vs stride a and rs stride b, is input
 * and output slot c (a n + b) (+1 for the imaginary part when scalar:
 * c = 2, Slot.arr 0 or 1; complex-lane: c = 1, arr 0) with Slot.i = a,
 * Slot.j = b; the scalar table entries follow the data (arr 2, Slot.i
 * the real's index).  requires: 2 <= n <= FFT_MAXN, sign = -1 or 1;
 * g's Fftopt.cxl when cxl. */
Dag *
twidsq_build(Fft *g, Arena *ar, int n, int sign, int cxl)
{
	Dag *d;
	int *x, *y, c, nd, v, k, j, wr, wi, yr, yi;

	c = cxl ? 1 : 2;
	nd = c * n * n;
	d = dag_new(ar);
	d->cxl = cxl;
	d->nin = nd + (cxl ? 0 : 2 * (n - 1));
	d->nout = nd;
	d->inplace = 1;
	d->in = arena_alloc(ar, d->nin * sizeof *d->in);
	d->out = arena_alloc(ar, d->nout * sizeof *d->out);
	for (j = 0; j < nd; j++) {
		d->in[j].arr = d->out[j].arr = j % c;
		d->in[j].i = d->out[j].i = j / c / n;
		d->in[j].j = d->out[j].j = j / c % n;
	}
	for (j = nd; j < d->nin; j++) {
		d->in[j].arr = 2;
		d->in[j].i = j - nd;
		d->in[j].j = 0;
	}
	x = arena_alloc(ar, 2 * n * sizeof *x);
	y = arena_alloc(ar, 2 * n * sizeof *y);
	for (v = 0; v < n; v++) {
		for (j = 0; j < n; j++) {
			if (cxl) {
				x[2 * j] = dag_load(d, v * n + j);
				x[2 * j + 1] = CXL_IM;
			} else {
				x[2 * j] = dag_load(d, 2 * (v * n + j));
				x[2 * j + 1] = dag_load(d, 2 * (v * n + j) + 1);
			}
		}
		fft_dft(g, d, n, sign, x, y);
		for (k = 0; k < n; k++) {
			if (cxl) {
				dag_store(d, k * n + v, y[2 * k]);
				continue;
			}
			yr = y[2 * k];
			yi = y[2 * k + 1];
			if (k > 0) {
				wr = dag_load(d, nd + 2 * (k - 1));
				wi = dag_load(d, nd + 2 * (k - 1) + 1);
				if (sign < 0) {
					yr = dag_add(d, dag_mul(d, wr, y[2 * k]),
					    dag_mul(d, wi, y[2 * k + 1]));
					yi = dag_sub(d, dag_mul(d, wr,
					    y[2 * k + 1]), dag_mul(d, wi,
					    y[2 * k]));
				} else {
					yr = dag_sub(d, dag_mul(d, wr, y[2 * k]),
					    dag_mul(d, wi, y[2 * k + 1]));
					yi = dag_add(d, dag_mul(d, wr,
					    y[2 * k + 1]), dag_mul(d, wi,
					    y[2 * k]));
				}
			}
			dag_store(d, 2 * (k * n + v), yr);
			dag_store(d, 2 * (k * n + v) + 1, yi);
		}
	}
	return d;
}
