/* conv.c: FIR filters with the taps h known when the codelet is made:
 * by default the convolution of DSP texts, numpy.convolve and
 * scipy.signal.lfilter, y[i] = sum_k h[k] x[i-k] for i < n, which reads
 * the L-1 samples before x[0] (the history); with correlate, the
 * correlation y[i] = sum_j h[j] x[i+j] (numpy.correlate, 'valid').  A
 * convolution is the correlation with the taps reversed and the inputs
 * moved L-1 places back, so both are one builder.  The taps are constants of the
 * DAG, so a zero tap makes no node at all (sparsity never occupies a
 * register) and a tap of +-1 no multiplication.  Taps of equal magnitude
 * share one multiplication per output: the inputs they weigh are added
 * or subtracted first, so a symmetric (linear-phase) filter of L taps
 * costs ceil(L/2) multiplications per output instead of L, and an
 * antisymmetric one the same.  Hash-consing shares any sum that two
 * outputs have in common. */
#include <assert.h>
#include <math.h>
#include "all.h"

/* The DAG of n outputs of the FIR filter h[0..ntaps-1], a convolution
 * or with correlate a correlation: output slot i is y[i*os] (array 1);
 * input slot s is x[s*is] (array 0) for a correlation, x[(s - ntaps +
 * 1)*is] for a convolution.
 * requires: 1 <= ntaps, 1 <= n, taps finite. */
Dag *
conv_build(Arena *ar, const long double *h, int ntaps, int n,
    int correlate)
{
	Dag *d;
	long double v, *taps;
	int *first, i, j, q, s, sum, y;

	/* y[i] = sum_j taps[j] x[i + j - (ntaps-1)], taps[j] = h[L-1-j] */
	taps = arena_alloc(ar, ntaps * sizeof *taps);
	for (j = 0; j < ntaps; j++)
		taps[j] = correlate ? h[j] : h[ntaps - 1 - j];
	d = dag_new(ar);
	d->nin = n + ntaps - 1;
	d->nout = n;
	d->in = arena_alloc(ar, d->nin * sizeof *d->in);
	d->out = arena_alloc(ar, d->nout * sizeof *d->out);
	for (s = 0; s < d->nin; s++) {
		d->in[s].arr = 0;
		d->in[s].i = 0;
		d->in[s].j = correlate ? s : s - (ntaps - 1);
	}
	for (i = 0; i < n; i++) {
		d->out[i].arr = 1;
		d->out[i].i = 0;
		d->out[i].j = i;
	}
	/* first[j]: the first tap with the magnitude of tap j */
	first = arena_alloc(ar, ntaps * sizeof *first);
	for (j = 0; j < ntaps; j++)
		for (first[j] = 0; fabsl(taps[first[j]]) != fabsl(taps[j]);
		    first[j]++)
			;
	for (i = 0; i < n; i++) {
		y = dag_const(d, 0);
		for (j = 0; j < ntaps; j++) {
			if (first[j] != j || taps[j] == 0)
				continue;
			v = fabsl(taps[j]);
			sum = dag_const(d, 0);
			for (q = j; q < ntaps; q++) {
				if (first[q] != j)
					continue;
				if (taps[q] > 0)
					sum = dag_add(d, sum,
					    dag_load(d, i + q));
				else
					sum = dag_sub(d, sum,
					    dag_load(d, i + q));
			}
			y = dag_add(d, y, dag_mul(d, dag_const(d, v), sum));
		}
		dag_store(d, i, y);
	}
	assert(d->nnode > 0);
	return d;
}
