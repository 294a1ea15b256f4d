/* gemmtile.c: the register tiles of GEMM, schedule decisions.
 * gemmtile_model models the traffic between registers and memory of
 * three register kernels (which operand stays in registers while the
 * others stream) and picks the tile with the least (loads + gamma
 * stores) per flop that fits in R registers.  Keeping B's kr x nr block
 * and streaming rows of A and C gives the classic kr/nr = 1 + gamma
 * (Frigo 2007, after Yotov et al., Proc. IEEE 2005); keeping C's tile
 * amortises its stores over K, which is why BLAS micro-kernels keep C.
 * gemmtile_vector picks the columns a vector codelet's outer product
 * works on at a time, so that its accumulators fit in the registers. */
#include <assert.h>
#include "all.h"

/* The register kernels of the tile model, named by the operand that
 * stays in registers while the other two stream through. */
enum { KEEP_C, KEEP_B, KEEP_A, NKEEP };

static const char *const keepname[] = {"C", "B", "A"};
static const char *const keepdims[] = {"mr x nr", "kr x nr", "mr x kr"};

/* Registers and traffic of one block of kernel q with tile x by y that
 * runs s steps, vl doubles to a register.  A vector load, a broadcast
 * and a vector store each count as one transfer.
 *   keep C: per step (one rank-1 update) x/vl vectors of A and y
 *     broadcasts of B; the tile is loaded and stored once per block.
 *   keep B: B's x by y block is y*x broadcast registers; per step (vl
 *     rows of A and C) x vectors of A, and y of C loaded and stored.
 *   keep A: A's x by y block in x/vl * y vectors; per step (a column of
 *     B and C) y broadcasts of B, and x/vl vectors of C loaded and stored.
 * Registers: the kept block, the accumulators, one operand in flight. */
static void
model(int q, int x, int y, int vl, int s, double t[4])
{
	double blk, acc, ld, st, flops;

	switch (q) {
	case KEEP_C:
		blk = x / vl * y;
		acc = x / vl;
		ld = (double)s * (x / vl + y) + blk;
		st = blk;
		flops = 2.0 * x * y * s;
		break;
	case KEEP_B:
		blk = x * y;
		acc = y;
		ld = blk + (double)s * (x + y);
		st = (double)s * y;
		flops = 2.0 * vl * x * y * s;
		break;
	default:
		blk = x / vl * y;
		acc = x / vl;
		ld = blk + (double)s * (y + x / vl);
		st = (double)s * x / vl;
		flops = 2.0 * x * y * s;
		break;
	}
	t[0] = blk + acc + 1;
	t[1] = ld / flops;
	t[2] = st / flops;
	t[3] = 0;
}

/* The classic model: B's kr x nr block fills the R registers alone and
 * each row of A and C streams past it, costing kr + (1 + gamma) nr per
 * 2 kr nr flops; the best integer block goes to *kr, *nr. */
static void
classic(int regs, double gamma, int *kr, int *nr)
{
	double c, best;
	int x, y;

	best = -1;
	*kr = *nr = 1;
	for (y = 1; y <= regs; y++)
		for (x = 1; x * y <= regs; x++) {
			c = (x + (1 + gamma) * y) / (2.0 * x * y);
			if (best < 0 || c < best - 1e-12) {
				best = c;
				*kr = x;
				*nr = y;
			}
		}
}

/* Prints the register-tile model for regs registers of vl doubles, a
 * store costing gamma loads and blocks of steps steps: per kernel every
 * tile that fits and cannot grow in either dimension, its registers and
 * (loads + gamma*stores) per flop; then the choice.  *mr and *nr get the
 * best tile of the kernel that keeps C, the micro-kernel --kloop makes.
 * requires: regs >= 3, vl >= 1, steps >= 1, gamma >= 0. */
void
gemmtile_model(FILE *f, int regs, double gamma, int vl, int steps,
    int *mr, int *nr)
{
	double t[4], best, bestq[NKEEP];
	int q, x, y, ux, bq, bx, by, qx[NKEEP], qy[NKEEP];

	assert(regs >= 3 && vl >= 1 && steps >= 1);
	fprintf(f, "register tile for R = %d registers of %d double%s, "
	    "gamma = %g,\n%d steps per block\n", regs, vl, vl > 1 ? "s" : "",
	    gamma, steps);
	fprintf(f, "cost = (loads + gamma * stores) / flops\nregisters = "
	    "kept block + accumulators + 1 operand in flight\n\n");
	fprintf(f, "keep  tile          dims      regs  loads/flop  "
	    "stores/flop      cost\n");
	best = -1;
	bq = bx = by = 0;
	for (q = 0; q < NKEEP; q++) {
		ux = q == KEEP_B ? 1 : vl;
		bestq[q] = -1;
		for (x = ux; ; x += ux) {
			model(q, x, 1, vl, steps, t);
			if (t[0] > regs)
				break;
			for (y = 1; model(q, x, y + 1, vl, steps, t),
			    t[0] <= regs; y++)
				;
			model(q, x + ux, y, vl, steps, t);
			if (t[0] <= regs)
				continue;
			model(q, x, y, vl, steps, t);
			t[3] = t[1] + gamma * t[2];
			fprintf(f, "%-5s %3d x %-3d     %-8s %5.0f  %10.5f  "
			    "%11.5f  %8.5f\n", keepname[q], x, y, keepdims[q],
			    t[0], t[1], t[2], t[3]);
			if (bestq[q] < 0 || t[3] < bestq[q] - 1e-12) {
				bestq[q] = t[3];
				qx[q] = x;
				qy[q] = y;
			}
		}
		if (bestq[q] >= 0 && (best < 0 || bestq[q] < best - 1e-12)) {
			best = bestq[q];
			bq = q;
			bx = qx[q];
			by = qy[q];
		}
	}
	fprintf(f, "\nchoice: keep %s, %s = %d x %d, cost %.5f per flop\n",
	    keepname[bq], keepdims[bq], bx, by, best);
	if (bestq[KEEP_C] >= 0)
		fprintf(f, "micro-kernel (keep C, loop over K): mr x nr = "
		    "%d x %d;\n  C's tile is loaded and stored once per %d "
		    "steps\n", qx[KEEP_C], qy[KEEP_C], steps);
	if (bestq[KEEP_B] >= 0) {
		fprintf(f, "streaming C (keep B): kr x nr = %d x %d, kr/nr = "
		    "%.2f\n", qx[KEEP_B], qy[KEEP_B],
		    (double)qx[KEEP_B] / qy[KEEP_B]);
		classic(regs, gamma, &x, &y);
		fprintf(f, "  counting B's block alone (kr*nr <= R): %d x %d, "
		    "kr/nr = %.2f;\n  the continuous optimum is kr/nr = 1 + "
		    "gamma = %.2f (Frigo 2007,\n  after Yotov et al.)\n", x,
		    y, (double)x / y, 1 + gamma);
	}
	*mr = bestq[KEEP_C] >= 0 ? qx[KEEP_C] : 0;
	*nr = bestq[KEEP_C] >= 0 ? qy[KEEP_C] : 0;
}

/* The columns of C a vector codelet's outer product should work on at
 * a time, to *nr, when all of them at once need more accumulators than
 * the registers hold (32 for vl = 8, AVX-512; else 16), with one column
 * of A and a broadcast of B in flight: as few tiles as that allows, of
 * equal width (the last may be narrower).  Returns whether to tile.
 * (16x16x16 on AVX-512: two tiles of 16 x 8 ran 1.4x faster than the
 * whole outer product, whose 32 accumulators spill.) */
int
gemmtile_vector(int m, int n, int vl, int *nr)
{
	int mv, regs, most, tiles;

	mv = (m + vl - 1) / vl;
	regs = vl == 8 ? 32 : 16;
	most = (regs - mv - 1) / mv;
	if (mv * n <= regs - mv - 1 || most < 1)
		return 0;
	tiles = (n + most - 1) / most;
	*nr = (n + tiles - 1) / tiles;
	return 1;
}
