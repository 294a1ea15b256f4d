/* realshift.c: the DAGs of FFTW's shifted real-data codelets r2cfII
 * and r2cbIII (rdft/scalar/r2cf, r2cb), the halfcomplex DFTs of the
 * second and third kinds that the reodft solvers (DCT and DST II, III)
 * call:
 *   r2cfII:  Y_k = sum_j x_j exp(-pi i j (2k+1) / n),  2k + 1 <= n,
 *            Cr[k] = Re Y_k, Ci[k] = Im Y_k (only Cr where 2k + 1 = n);
 *   r2cbIII: x_m = Re sum_k Z_k exp(pi i (2k+1) m / n),  0 <= m < n,
 *            Z_k = Cr[k] + i Ci[k] for 2k + 1 < n, Cr[k] for 2k + 1 =
 *            n, conj(Z_(n-1-k)) above.
 * Each is a real DFT of size 2n (real.c's r2cf or r2cb) of an input
 * that is zero in half of its entries (r2cfII: x_j for j >= n; r2cbIII:
 * the even frequencies), pruned by the simplifier, as genfft's gen_r2cf
 * -dft-II and gen_r2cb -dft-III prune a size-2n complex DFT (FFTW
 * 3.3.10; Frigo and Johnson, Proc. IEEE 93(2), 2005, on the reodft
 * solvers). */
#include "all.h"

/* Copies s into d through the slot maps (old input slot to d's, -1 for
 * a zero; old output slot to d's, -1 to drop it); the simplifying
 * constructors prune what the zeros and the dropped outputs leave. */
static void
restrict_dag(Dag *d, Dag *s, const int *inmap, const int *outmap)
{
	Node *n;
	int *map, i, j, a[3];

	map = arena_alloc(s->ar, (s->nnode + 1) * sizeof *map);
	for (i = 0; i < s->nnode; i++) {
		n = &s->node[i];
		for (j = 0; j < 3; j++)
			a[j] = n->a[j] >= 0 ? map[n->a[j]] : -1;
		switch (n->op) {
		case OP_LOAD:
			map[i] = inmap[n->k] >= 0 ? dag_load(d, inmap[n->k])
			    : dag_const(d, 0);
			break;
		case OP_CONST:
			map[i] = dag_const(d, s->con[n->k]);
			break;
		case OP_STORE:
			map[i] = -1;
			if (outmap[n->k] >= 0)
				map[i] = dag_store(d, outmap[n->k], a[0]);
			break;
		default:
			map[i] = dag_make(d, n->op, a[0], a[1], a[2], n->k);
		}
	}
}

/* Slots as real.c's r2cf and r2cb: x_m is R0[m/2] (m even) or R1
 * (odd) at stride rs; Cr[k], Ci[k] are slots 2k, 2k+1 (arrays 2, 3 at
 * csr, csi).  The DAG is real.c's r2cf (r2cb) of size 2n restricted:
 * r2cfII keeps inputs x_m, m < n (the rest zero) and outputs Cr, Ci at
 * the odd frequencies 2k+1 <= n; r2cbIII keeps the inputs at the odd
 * frequencies 2k+1 <= n (the rest zero), whose Hermitian extension is
 * hcdftIII's, and the outputs x_m, m < n.  requires: 1 <= n, 2n <=
 * FFT_MAXN. */
Dag *
realshift_build(Fft *g, Arena *ar, int n, int backward)
{
	Dag *d, *s;
	Slot *rs, *cs;
	int *inmap, *outmap, h, m, k;

	h = (n + 1) / 2;
	d = dag_new(ar);
	d->nin = backward ? 2 * h : n;
	d->nout = backward ? n : 2 * h;
	d->in = arena_alloc(ar, d->nin * sizeof *d->in);
	d->out = arena_alloc(ar, d->nout * sizeof *d->out);
	rs = backward ? d->out : d->in;
	cs = backward ? d->in : d->out;
	for (m = 0; m < n; m++) {
		rs[m].arr = m & 1;
		rs[m].i = 0;
		rs[m].j = m >> 1;
	}
	for (k = 0; k < 2 * h; k++) {
		cs[k].arr = 2 + (k & 1);
		cs[k].i = 0;
		cs[k].j = k >> 1;
	}
	s = simp_run(real_build(g, ar, 2 * n, backward), 0);
	inmap = arena_alloc(ar, (s->nin + 1) * sizeof *inmap);
	outmap = arena_alloc(ar, (s->nout + 1) * sizeof *outmap);
	for (m = 0; m < s->nin; m++)
		inmap[m] = -1;
	for (m = 0; m < s->nout; m++)
		outmap[m] = -1;
	/* the halfcomplex side: frequency q = 2k+1 <= n, slots 2q, 2q+1 */
	for (k = 0; 2 * k + 1 <= n; k++) {
		m = 2 * (2 * k + 1);
		if (backward) {
			inmap[m] = 2 * k;
			if (2 * k + 1 < n)
				inmap[m + 1] = 2 * k + 1;
		} else {
			outmap[m] = 2 * k;
			if (2 * k + 1 < n)
				outmap[m + 1] = 2 * k + 1;
		}
	}
	for (m = 0; m < n; m++) {
		if (backward)
			outmap[m] = m;
		else
			inmap[m] = m;
	}
	restrict_dag(d, s, inmap, outmap);
	return d;
}
