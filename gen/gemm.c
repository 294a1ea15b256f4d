/* gemm.c: the GEMM builder.
 * gemm_build states C += A*B naively, one rank-1 update per p, so the
 * DAG holds one chain c(i,j) += a(i,p) * b(p,j) per output and the
 * build order is the outer-product order (sched/gemmorder.c tiles it). */
#include <string.h>
#include "all.h"

/* The slots: A(i,p) first, then B(p,j), then C(i,j), each column-major;
 * output slot i + j*m is C(i,j). */
static Slot
slot(int arr, int i, int j)
{
	Slot s;

	s.arr = arr;
	s.i = i;
	s.j = j;
	return s;
}

/* The DAG of C += A*B for an m x k A and a k x n B: arrays 0, 1, 2 are
 * A, B, C at strides lda, ldb, ldc.  Its id order is the outer-product
 * order: per p the column of A, the row of B and the m*n updates, column
 * by column.  Each c(i,j) is one chain: from C(i,j), loaded first; or,
 * with clast, of the K products alone, C(i,j) added last.  Then the
 * load of C is off the chain of K multiply-adds: a codelet called again
 * on the same C waits for the call before only through one addition,
 * not all K (and gemmorder_tiles puts the loads of C after the products).
 * requires: m, n, k >= 1 and m*n*k within GEMM_MAXWORK. */
Dag *
gemm_build(Arena *ar, int m, int n, int k, int clast)
{
	Dag *d;
	int *c, *a, i, j, p, nab, b, t;

	d = dag_new(ar);
	nab = m * k + k * n;
	d->nin = nab + m * n;
	d->nout = m * n;
	d->in = arena_alloc(ar, d->nin * sizeof *d->in);
	d->out = arena_alloc(ar, d->nout * sizeof *d->out);
	for (p = 0; p < k; p++)
		for (i = 0; i < m; i++)
			d->in[i + p * m] = slot(0, i, p);
	for (j = 0; j < n; j++)
		for (p = 0; p < k; p++)
			d->in[m * k + p + j * k] = slot(1, p, j);
	for (j = 0; j < n; j++)
		for (i = 0; i < m; i++) {
			d->in[nab + i + j * m] = slot(2, i, j);
			d->out[i + j * m] = slot(2, i, j);
		}
	c = arena_alloc(ar, m * n * sizeof *c);
	a = arena_alloc(ar, m * sizeof *a);
	for (i = 0; i < m * n; i++)
		c[i] = clast ? -1 : dag_load(d, nab + i);
	for (p = 0; p < k; p++) {
		for (i = 0; i < m; i++)
			a[i] = dag_load(d, i + p * m);
		for (j = 0; j < n; j++) {
			b = dag_load(d, m * k + p + j * k);
			for (i = 0; i < m; i++) {
				t = dag_mul(d, a[i], b);
				c[i + j * m] = c[i + j * m] < 0 ? t :
				    dag_add(d, c[i + j * m], t);
			}
		}
	}
	for (i = 0; i < m * n; i++) {
		if (clast)
			c[i] = dag_add(d, c[i], dag_load(d, nab + i));
		dag_store(d, i, c[i]);
	}
	return d;
}
