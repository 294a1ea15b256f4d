/* gemm.c: kgen_dgemm, C += A*B for any sizes, on micro-kernels made by
 * `kgen gemm --kloop` (emit/gemmk.c).  The loops are those of Goto and
 * van de Geijn (TOMS 2008) in BLIS's order (Van Zee and van de Geijn,
 * TOMS 2015): for each NC-wide panel of B and KC-deep slice of K, the
 * panel is packed into NR-wide slivers stored row by row (the layout the
 * micro-kernel reads, B(p,j) at j + p*NR); for each MC-tall block of A
 * the block is packed into MR-tall slivers (A(i,p) at i + p*MR); then
 * every MR x NR tile of C is updated by one sliver of each, KC rank-1
 * updates with the tile in registers.  The packed block of A stays in
 * the L2 cache, a sliver of B in L1.  Packing pads the edges with zeros,
 * so the kernel always runs a whole tile.  The last, shorter sliver of a
 * block runs a second kernel one vector tall, once per vector of rows; a
 * tile of C that sticks out of the matrix goes through a small buffer.
 * Each ISA's kernels are in the library (codelets.def's GEMMK lines),
 * each compiled with its ISA's flags; those of the widest ISA the CPU
 * runs are used (cpu.c's kgen_isa(), capped by the environment variable
 * KGEN_ISA as for the FFT codelets).
 * The main tiles are the model's choices of `kgen gemm --tile auto` for
 * the ISA's 16 registers (scalar 3 x 4, SSE2 6 x 4, AVX2 12 x 4), except
 * on AVX-512, where 24 x 8 measured faster than the model's 40 x 5: the
 * model counts loads into registers, not that a taller sliver of A
 * streams from L2 rather than L1.
 * On kgen_plan_with_nthreads's threads (threads.c's pool) a large
 * product is cut along C's longer side into parts of whole tiles, each
 * part packing into space of its own: every element of C then meets the
 * same kernel and the same k blocks as on one thread, and the result is
 * the same to the bit. */
#include <stdint.h>
#include <stdlib.h>
#include "kgen.h"
#include "cpu.h"
#include "threads.h"

typedef void Ukernel(ptrdiff_t k, const double *A, const double *B,
    double *C, ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc);

/* The micro-kernels: codelets.def's GEMMK lines (less the ISAs not built
 * here), MR x NR tiles of C, V doubles a vector. */
#define GEMMK(isa, prec, mr, nr, v, name, opts) extern Ukernel name;
#include "codelets.h"

static const struct {
	int isa, mr, nr, v;
	Ukernel *f;
} ukern[] = {
#define GEMMK(isa, prec, mr, nr, v, name, opts) {CPU_##isa, mr, nr, v, name},
#include "codelets.h"
};

/* Cache blocks by ISA: A's block mc x kc, B's kc x nc. */
static const struct {
	int mc, kc, nc;
} blocks[CPU_N] = {
	[CPU_scalar] = {96, 256, 2048},
	[CPU_sse2] = {120, 256, 2048},
	[CPU_avx2] = {120, 256, 3072},
	[CPU_avx512] = {192, 256, 3072},
};

typedef struct Kern Kern;
struct Kern {
	Ukernel *f;     /* the main kernel */
	int mr, nr;     /* the tile of C it keeps in registers */
	Ukernel *edge;  /* the kernel for the last sliver: er x nr */
	int er;         /* one vector of rows */
	int mc, kc, nc; /* cache blocks: A's block mc x kc, B's kc x nc */
};

enum {
	NUKERN = sizeof ukern / sizeof ukern[0],
	SMALL = 2048,   /* doubles of each static packing buffer */
	TINY = 256,     /* m*n*k up to which the kernels cost more */
	MAXTILE = 256   /* no kernel's mr * nr is larger */
};

/* isa's kernels into *k: the tallest is the main one, the one a vector
 * tall the edge; 0 when the library has no pair for isa. */
static int
fill(int isa, Kern *k)
{
	int i, b;

	k->f = k->edge = 0;
	for (i = 0; i < NUKERN; i++) {
		if (ukern[i].isa != isa)
			continue;
		if (!k->f || ukern[i].mr > k->mr) {
			k->f = ukern[i].f;
			k->mr = ukern[i].mr;
			k->nr = ukern[i].nr;
		}
		if (ukern[i].mr == ukern[i].v) {
			k->edge = ukern[i].f;
			k->er = ukern[i].v;
		}
	}
	b = blocks[isa].mc ? isa : CPU_scalar;
	k->mc = blocks[b].mc;
	k->kc = blocks[b].kc;
	k->nc = blocks[b].nc;
	return k->f && k->edge;
}

/* The kernels of the widest ISA up to isa that has them into *k; returns
 * that ISA. */
static int
kernels(int isa, Kern *k)
{
	for (; isa > CPU_scalar; isa--)
		if (fill(isa, k))
			return isa;
	fill(CPU_scalar, k);
	return CPU_scalar;
}

const char *
kgen_dgemm_kernel(int *mr, int *nr)
{
	Kern k;
	int isa;

	isa = kernels(kgen_isa(), &k);
	if (mr)
		*mr = k.mr;
	if (nr)
		*nr = k.nr;
	return kgen_isa_name(isa);
}

static int
rup(int x, int r)
{
	return (x + r - 1) / r * r;
}

/* Packs the mc x kc block of A at A (stride lda) into mr-tall slivers;
 * the last sliver's rows past mc are zero up to a multiple of er, the
 * rows its kernel reads. */
static void
packa(int mc, int kc, const double *A, ptrdiff_t lda, double *Ap, int mr,
    int er)
{
	int i0, i, p, h, hr;

	for (i0 = 0; i0 < mc; i0 += mr) {
		h = mc - i0 < mr ? mc - i0 : mr;
		hr = h == mr ? mr : rup(h, er);
		for (p = 0; p < kc; p++) {
			for (i = 0; i < h; i++)
				Ap[i] = A[i0 + i + p * lda];
			for (; i < hr; i++)
				Ap[i] = 0;
			Ap += mr;
		}
	}
}

/* Packs the kc x nc panel of B at B (stride ldb) into nr-wide slivers
 * stored row by row, columns past nc zero. */
static void
packb(int kc, int nc, const double *B, ptrdiff_t ldb, double *Bp, int nr)
{
	int j0, j, p, w;

	for (j0 = 0; j0 < nc; j0 += nr) {
		w = nc - j0 < nr ? nc - j0 : nr;
		for (j = 0; j < w; j++)
			for (p = 0; p < kc; p++)
				Bp[j + p * nr] = B[p + (j0 + j) * ldb];
		for (; j < nr; j++)
			for (p = 0; p < kc; p++)
				Bp[j + p * nr] = 0;
		Bp += (size_t)nr * kc;
	}
}

/* The h x w corner of an r x nr tile of C through a buffer: the kernel
 * f writes its whole tile.  The buffer's other elements hold whatever an
 * earlier corner left: the kernel's rows and columns are independent, and
 * those are never copied back. */
static void
corner(Ukernel *f, int r, int nr, int kc, const double *a, ptrdiff_t lda,
    const double *b, double *c, ptrdiff_t ldc, int h, int w)
{
	static _Alignas(64) _Thread_local double t[MAXTILE];
	int i, j;

	for (j = 0; j < w; j++)
		for (i = 0; i < h; i++)
			t[i + j * r] = c[i + j * ldc];
	f(kc, a, b, t, lda, nr, r);
	for (j = 0; j < w; j++)
		for (i = 0; i < h; i++)
			c[i + j * ldc] = t[i + j * r];
}

/* Copies h < r rows of A's kc columns (stride lda) into t, r rows a
 * column, the rest zero: the rows an r-tall kernel reads. */
static const double *
rows(const double *A, ptrdiff_t lda, int h, int r, int kc, double *t)
{
	int i, p;

	for (p = 0; p < kc; p++)
		for (i = 0; i < r; i++)
			t[i + p * r] = i < h ? A[i + p * lda] : 0;
	return t;
}

/* C += A * Bp for one mc x kc block of A and packed kc x nc panel of B.
 * A is packed (lda 0: slivers of k->mr rows) or read in place. */
static void
block(const Kern *k, int mc, int nc, int kc, const double *A, ptrdiff_t lda,
    const double *Bp, double *C, ptrdiff_t ldc)
{
	static _Alignas(64) _Thread_local double ta[8 * 256];
	const double *a, *b;
	double *c;
	ptrdiff_t la;
	int i0, j0, i, h, w, r;

	la = lda ? lda : k->mr;
	for (j0 = 0; j0 < nc; j0 += k->nr) {
		w = nc - j0 < k->nr ? nc - j0 : k->nr;
		b = Bp + (size_t)j0 * kc;
		for (i0 = 0; i0 < mc; i0 += k->mr) {
			a = lda ? A + i0 : A + (size_t)i0 * kc;
			c = C + i0 + j0 * ldc;
			h = mc - i0 < k->mr ? mc - i0 : k->mr;
			if (h == k->mr && w == k->nr) {
				k->f(kc, a, b, c, la, k->nr, ldc);
				continue;
			}
			if (h == k->mr) {
				corner(k->f, k->mr, k->nr, kc, a, la, b, c,
				    ldc, h, w);
				continue;
			}
			/* the last sliver, one vector at a time; in place,
			 * a last partial vector of rows goes through ta */
			for (i = 0; i < h; i += k->er) {
				r = h - i < k->er ? h - i : k->er;
				if (r == k->er && w == k->nr)
					k->edge(kc, a + i, b, c + i, la,
					    k->nr, ldc);
				else if (r == k->er || !lda)
					corner(k->edge, k->er, k->nr, kc,
					    a + i, la, b, c + i, ldc, r, w);
				else
					corner(k->edge, k->er, k->nr, kc,
					    rows(a + i, lda, r, k->er, kc, ta),
					    k->er, b, c + i, ldc, r, w);
			}
		}
	}
}

/* C += A*B by the definition, for products too small to pay for any
 * packing or buffering. */
static void
tiny(int m, int n, int k, const double *restrict A, ptrdiff_t lda,
    const double *restrict B, ptrdiff_t ldb, double *restrict C,
    ptrdiff_t ldc)
{
	double b;
	int i, j, p;

	for (j = 0; j < n; j++)
		for (p = 0; p < k; p++) {
			b = B[p + j * ldb];
			for (i = 0; i < m; i++)
				C[i + j * ldc] += A[i + p * lda] * b;
		}
}

/* 1 when a rows x cols matrix with leading dimension ld (>= rows) spans
 * at most PTRDIFF_MAX bytes: a larger one cannot exist, and every index
 * i + p*ld into a smaller one fits a ptrdiff_t. */
static int
fits(int rows, int cols, ptrdiff_t ld)
{
	ptrdiff_t lim;

	lim = PTRDIFF_MAX / (ptrdiff_t)sizeof(double);
	return cols <= 1 || ld <= (lim - rows) / (cols - 1);
}

/* The blocked loops over C += A*B, packing into Ap and Bp: a whole
 * product, or one part of a threaded one. */
static void
loops(const Kern *kern, int pack, int m, int n, int k, const double *A,
    ptrdiff_t lda, const double *B, ptrdiff_t ldb, double *C, ptrdiff_t ldc,
    double *Ap, double *Bp)
{
	int jc, pc, ic, nc, kc, mc;

	/* steps of the block just done: jc + kern->nc could pass INT_MAX */
	for (jc = 0; jc < n; jc += nc) {
		nc = n - jc < kern->nc ? n - jc : kern->nc;
		for (pc = 0; pc < k; pc += kc) {
			kc = k - pc < kern->kc ? k - pc : kern->kc;
			packb(kc, nc, B + pc + jc * ldb, ldb, Bp, kern->nr);
			for (ic = 0; ic < m; ic += mc) {
				mc = m - ic < kern->mc ? m - ic : kern->mc;
				if (!pack) {
					block(kern, mc, nc, kc,
					    A + ic + pc * lda, lda, Bp,
					    C + ic + jc * ldc, ldc);
					continue;
				}
				packa(mc, kc, A + ic + pc * lda, lda, Ap,
				    kern->mr, kern->er);
				block(kern, mc, nc, kc, Ap, 0, Bp,
				    C + ic + jc * ldc, ldc);
			}
		}
	}
}

/* Doubles of packing space for an m x n x k product: A's block, then
 * B's panel; *na gets A's part (a multiple of 8, so that B's stays
 * aligned). */
static size_t
space(const Kern *kern, int pack, int m, int n, int k, size_t *na)
{
	int mc, kc, nc;

	mc = m < kern->mc ? m : kern->mc;
	kc = k < kern->kc ? k : kern->kc;
	nc = n < kern->nc ? n : kern->nc;
	*na = pack ? ((size_t)rup(mc, kern->mr) * kc + 7) / 8 * 8 : 0;
	return *na + (size_t)rup(nc, kern->nr) * kc;
}

/* A threaded product: C's columns (cols) or rows cut at multiples of
 * the tile, unit, so that every part's tiles are the whole product's
 * and each element of C sees the same kernel, the same k blocks and
 * the same order of operations as on one thread: the result is the
 * same to the bit.  Part t packs into its own space at buf + t*per. */
typedef struct Par Par;
struct Par {
	const Kern *kern;
	int pack, m, n, k, cols, unit, wu;
	const double *A, *B;
	double *C, *buf;
	ptrdiff_t lda, ldb, ldc;
	size_t per, na;
};

/* Units lo..hi-1 of q (the loop may give a part more units than the
 * widest part its space was sized for: pieces of at most wu). */
static void
part(void *ctx, int t, ptrdiff_t lo, ptrdiff_t hi)
{
	const Par *q = ctx;
	double *Ap = q->buf + (size_t)t * q->per;
	ptrdiff_t x, y, e;
	int a, b;

	e = q->cols ? q->n : q->m;
	for (x = lo; x < hi; x += q->wu) {
		y = x + q->wu < hi ? x + q->wu : hi;
		a = (int)(x * q->unit);
		b = (int)(y * q->unit < e ? y * q->unit : e);
		if (q->cols)
			loops(q->kern, q->pack, q->m, b - a, q->k, q->A,
			    q->lda, q->B + (ptrdiff_t)a * q->ldb, q->ldb,
			    q->C + (ptrdiff_t)a * q->ldc, q->ldc, Ap,
			    Ap + q->na);
		else
			loops(q->kern, q->pack, b - a, q->n, q->k,
			    q->A + a, q->lda, q->B, q->ldb, q->C + a,
			    q->ldc, Ap, Ap + q->na);
	}
}

/* m*n*k from which a product is cut into parts, and the least m*n*k a
 * part gets: a fork and join, and packing A (or B) once more per part,
 * cost less than a part's share of the work from about there. */
#define PARMIN (96.0 * 96 * 96)

/* The number of parts for an m x n x k product on nt threads: 1 below
 * PARMIN, so that small products stay on the caller. */
static int
parts(int nt, int m, int n, int k)
{
	double w = (double)m * n * k;

	if (nt <= 1 || w < 2 * PARMIN)
		return 1;
	return w / PARMIN < nt ? (int)(w / PARMIN) : nt;
}

/* C += A*B on nt > 1 parts; KGEN_ENOMEM leaves C unchanged. */
static int
threaded(const Kern *kern, int pack, int nt, int m, int n, int k,
    const double *A, ptrdiff_t lda, const double *B, ptrdiff_t ldb,
    double *C, ptrdiff_t ldc)
{
	Par q;
	int ext, units, w;

	q.cols = n >= m;
	q.unit = q.cols ? kern->nr : kern->mr;
	ext = q.cols ? n : m;
	units = (ext + q.unit - 1) / q.unit;
	if (nt > units)
		nt = units;
	/* the widest part: units / nt rounded up */
	q.wu = (units + nt - 1) / nt;
	w = q.wu * q.unit;
	if (w > ext)
		w = ext;
	q.per = q.cols ? space(kern, pack, m, w, k, &q.na)
	    : space(kern, pack, w, n, k, &q.na);
	q.per = (q.per + 7) / 8 * 8;
	/* C11 wants the size a multiple of the alignment: per is of 8 */
	q.buf = aligned_alloc(64, q.per * nt * sizeof(double));
	if (!q.buf)
		return KGEN_ENOMEM;
	q.kern = kern;
	q.pack = pack;
	q.m = m, q.n = n, q.k = k;
	q.A = A, q.B = B, q.C = C;
	q.lda = lda, q.ldb = ldb, q.ldc = ldc;
	kgen_priv_parfor(nt, units, part, &q);
	free(q.buf);
	return KGEN_OK;
}

/* C += A*B as kgen.h says.  Each mc x kc block of A is packed only when
 * more than four slivers of B will use it: packing costs a pass over the
 * block, and a wide kernel reads an unpacked A just as well when the
 * block stays in L1 for its few uses.  Products of PARMIN and more run
 * on kgen_plan_with_nthreads's threads. */
int
kgen_dgemm(int m, int n, int k, const double *A, ptrdiff_t lda,
    const double *B, ptrdiff_t ldb, double *C, ptrdiff_t ldc)
{
	/* small products pack into these, without malloc */
	static _Alignas(64) _Thread_local double sa[SMALL], sb[SMALL];
	Kern kern;
	double *Ap, *Bp;
	size_t na, nb;
	int isa, pack, nt;

	if (m < 0 || n < 0 || k < 0 || lda < (m > 1 ? m : 1)
	    || ldb < (k > 1 ? k : 1) || ldc < (m > 1 ? m : 1)
	    || !fits(m, k, lda) || !fits(k, n, ldb) || !fits(m, n, ldc))
		return KGEN_EINVAL;
	if (m == 0 || n == 0 || k == 0)
		return KGEN_OK;
	if (!A || !B || !C)
		return KGEN_EINVAL;
	/* m * n * k in int only once each factor is small */
	if (m <= TINY && n <= TINY && k <= TINY && m * n * k <= TINY) {
		tiny(m, n, k, A, lda, B, ldb, C, ldc);
		return KGEN_OK;
	}
	/* fewer rows than a vector: a narrower ISA's kernels waste less */
	isa = kernels(kgen_isa(), &kern);
	while (isa > CPU_scalar && m < kern.er)
		isa = kernels(isa - 1, &kern);
	pack = n > 4 * kern.nr;
	nt = parts(kgen_priv_nthreads(), m, n, k);
	if (nt > 1)
		return threaded(&kern, pack, nt, m, n, k, A, lda, B, ldb, C,
		    ldc);
	nb = space(&kern, pack, m, n, k, &na) - na;
	if (na <= SMALL && nb <= SMALL) {
		Ap = sa;
		Bp = sb;
	} else {
		/* C11 wants the size a multiple of the alignment */
		Ap = aligned_alloc(64, (na + nb + 7) / 8 * 8 * sizeof(double));
		if (!Ap)
			return KGEN_ENOMEM;
		Bp = Ap + na;
	}
	loops(&kern, pack, m, n, k, A, lda, B, ldb, C, ldc, Ap, Bp);
	if (Ap != sa)
		free(Ap);
	return KGEN_OK;
}
