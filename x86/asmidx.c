/* asmidx.c: the index registers of t1v and gemm codelets (x86/asm.c),
 * whose addresses are base + index * scale + disp in the caller's
 * arrays: which multiples of the strides registers hold before the
 * kernel (greedy), and which the rest hold as scratch in it, made by
 * an imul where Belady's choice among them misses (belidx). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "x86.h"

static const char *const t1vfree[] = {"rax", "r9", "r10", "r11", "rbx",
    "r12", "r13", "r14", "r15", 0};
static const char *const gemmfree[] = {"rax", "r10", "r11", "rbx", "r12",
    "r13", "r14", "r15", 0};

/* t1v, gemm: the first lim index registers (freeregs' first), each a
 * multiple (stride st, q) chosen greedily: it covers q, 2q, 4q and 8q
 * of its stride through the address's scale, the stride register itself
 * q = 1 .. 8; the one that covers the most addresses not yet covered
 * first (ties: the lower stride, then the lower q).  need: stride *
 * qmax + q of every address. */
static void
greedy(Asm *a, const char *const *freeregs, int lim, const char *need,
    char *cov)
{
	int qmax, left, st, q, k, c, bn, bst, bq;

	qmax = a->qmax;
	memcpy(cov, need, 3 * qmax);
	left = 0;
	for (st = 0; st < 3; st++) {
		for (k = 1; k <= 8 && k < qmax; k *= 2)
			cov[st * qmax + k] = 0;
		for (q = 1; q < qmax; q++)
			left += cov[st * qmax + q];
	}
	/* cov: 1 where an address still needs a register */
	for (a->nidx = 0; left > 0 && a->nidx < lim; a->nidx++) {
		bn = 0;
		bst = bq = 0;
		for (st = 0; st < a->nstride; st++)
			for (q = 2; q < qmax; q++) {
				for (c = 0, k = 1; k <= 8 && q * k < qmax; k *= 2)
					c += cov[st * qmax + q * k];
				if (c > bn) {
					bn = c;
					bst = st;
					bq = q;
				}
			}
		if (bn == 0)
			break;
		a->ireg[a->nidx] = freeregs[a->nidx];
		a->ist[a->nidx] = bst;
		a->iq[a->nidx] = bq;
		for (k = 1; k <= 8 && bq * k < qmax; k *= 2) {
			left -= cov[bst * qmax + bq * k];
			cov[bst * qmax + bq * k] = 0;
		}
	}
}

/* Belady over ndyn scratch registers for the addresses seq[0..n) (keys
 * stride * qmax + q): each that is not in a register evicts the one
 * whose next use is furthest; reg and miss (when not NULL) get the
 * register and whether an imul makes it.  Returns the misses; -1 when
 * there are addresses and no registers. */
static int
belidx(const int *seq, int n, int ndyn, int nkey, int *reg, int *miss)
{
	int *next, *last, *held, *at, i, r, far, v, misses;

	if (n && !ndyn)
		return -1;
	next = emalloc((n + 1) * sizeof *next);
	last = emalloc((nkey + 1) * sizeof *last);
	held = emalloc((ndyn + 1) * sizeof *held);
	at = emalloc((nkey + 1) * sizeof *at);
	for (v = 0; v < nkey; v++) {
		last[v] = n;
		at[v] = -1;
	}
	for (i = n - 1; i >= 0; i--) {
		next[i] = last[seq[i]];
		last[seq[i]] = i;
	}
	for (r = 0; r < ndyn; r++)
		held[r] = -1;
	misses = 0;
	for (i = 0; i < n; i++) {
		r = at[seq[i]];
		if (miss)
			miss[i] = r < 0;
		if (r < 0) {
			misses++;
			for (r = 0; r < ndyn && held[r] >= 0; r++)
				;
			if (r == ndyn) {
				/* the held key used furthest ahead: last[] is
				 * each key's next use from i on */
				for (far = 0, v = 1; v < ndyn; v++)
					if (last[held[v]] > last[held[far]])
						far = v;
				r = far;
				at[held[r]] = -1;
			}
			held[r] = seq[i];
			at[seq[i]] = r;
		}
		if (reg)
			reg[i] = r;
		last[seq[i]] = next[i];
	}
	free(next);
	free(last);
	free(held);
	free(at);
	return misses;
}

/* The addresses of seq[0..n) that the index registers leave (cov[key]
 * set), into out; returns how many. */
static int
uncovered(const int *seq, int n, const char *cov, int *out)
{
	int i, k;

	for (i = k = 0; i < n; i++)
		if (cov[seq[i]])
			out[k++] = seq[i];
	return k;
}

/* t1v, gemm: which addresses the index registers made before the kernel
 * cover (greedy), and which Belady's scratch registers do in it.  The
 * kernel is run dry once for the order of its addresses; then every
 * split of freeregs between the two is tried, and the one with the
 * fewest imuls kept (a t1v kernel runs in a loop: only its own imuls
 * count; a gemm kernel runs once: both), ties to more index registers. */
void
asmidx_plan(Asm *a, Arena *ar)
{
	const char *const *freeregs;
	Dag *d;
	const char *base;
	char *need, *cov, *buf;
	int nfree, qmax, i, st, q, disp, bc, ns, best, cost, bestcost, n, m,
	    *fseq;
	FILE *real;
	size_t len;

	d = a->d;
	freeregs = a->kind == ASM_GEMM ? gemmfree : t1vfree;
	for (nfree = 0; freeregs[nfree]; nfree++)
		;
	qmax = 1;
	for (i = 0; i < d->nin; i++) {
		emitasm_where(a, &d->in[i], &base, &disp, &st, &q, &bc);
		qmax = q >= qmax ? q + 1 : qmax;
	}
	a->qmax = qmax;
	need = arena_alloc(ar, 3 * qmax);
	cov = arena_alloc(ar, 3 * qmax);
	memset(need, 0, 3 * qmax);
	for (i = 0; i < d->nin; i++) {
		emitasm_where(a, &d->in[i], &base, &disp, &st, &q, &bc);
		need[st * qmax + q] = q > 0;
	}
	/* the kernel's addresses, in order */
	a->nidx = 0;
	a->dry = 1;
	real = a->f;
	if (!(a->f = open_memstream(&buf, &len)))
		die("cannot print to memory");
	emitasm_kernel(a, ar);
	fclose(a->f);
	free(buf);
	a->f = real;
	a->dry = 0;
	fseq = arena_alloc(ar, (a->nseq + 1) * sizeof *fseq);
	best = 0;
	bestcost = -1;
	for (ns = 0; ns <= nfree; ns++) {
		greedy(a, freeregs, ns, need, cov);
		n = uncovered(a->seq, a->nseq, cov, fseq);
		m = belidx(fseq, n, nfree - a->nidx, 3 * qmax, 0, 0);
		if (m < 0)
			continue;
		cost = m + (a->kind == ASM_GEMM ? a->nidx : 0);
		if (bestcost < 0 || cost <= bestcost) {
			bestcost = cost;
			best = ns;
		}
	}
	greedy(a, freeregs, best, need, cov);
	n = uncovered(a->seq, a->nseq, cov, fseq);
	a->ndyn = nfree - a->nidx;
	a->accreg = arena_alloc(ar, (n + 1) * sizeof *a->accreg);
	a->accmiss = arena_alloc(ar, (n + 1) * sizeof *a->accmiss);
	m = belidx(fseq, n, a->ndyn, 3 * qmax, a->accreg, a->accmiss);
	assert(m >= 0 && "every split tried leaves a register or no address");
	for (i = 0; i < a->ndyn; i++) {
		a->dyn[i] = freeregs[a->nidx + i];
		a->dynused[i] = 0;
	}
	for (i = 0; i < n; i++)
		a->dynused[a->accreg[i]] = 1;
	a->nacc = 0;
	free(a->seq);
	a->seq = 0;
}

/* t1v, gemm: the imuls that make the index registers, before the
 * kernel (its loop, for t1v). */
void
asmidx_setup(Asm *a)
{
	int i;

	if (a->nidx)
		fputs("\t# index registers: multiples of the strides\n", a->f);
	for (i = 0; i < a->nidx; i++)
		fprintf(a->f, "\timulq $%d, %%%s, %%%s\n", a->iq[i],
		    a->sreg[a->ist[i]], a->ireg[i]);
}
