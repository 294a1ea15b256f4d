/* asmtrans.c: the rows copies of x86/asmcopy.c, for interleaved data
 * with adjacent elements (is == 2): a lane's VL / 2 elements are one
 * vector (a row), and VL rows transposed in registers are the group's
 * VL X vectors (or, on the way out, the transpose takes them back).
 * The full VL x VL transpose (asmcopy_transpose, also n1v's output
 * copy, x86/asmn1v.c); by 128-bit blocks, the rows loaded and stored a
 * block at a time so that no shuffle crosses blocks (rowblocks); and
 * the rows of four elements in 256-bit halves of AVX-512 double (half).
 * The elements left over move as pairs (asmcopy_pairin, asmcopy_pairout).
 * The rows path's own kernel, with each element's transpose where the
 * kernel needs it, is x86/asmrows.c's. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "x86.h"

/* The VL x VL transpose of rows 0..VL-1 (row i in register i): returns
 * the bank (0: registers 0..VL-1, 1: VL..2VL-1) where column j is
 * register j.  Each stage maps the index set it reads to the same
 * indices in the other bank.  Rows are grouped by 128-bit block of W
 * elements: an in-block transpose of each group of W rows (unpckl/h of
 * pd, and ps before it in float) leaves at g W + q the vector whose
 * block B holds column B W + q of group g; the blocks then move by
 * vperm2f128 (two blocks) or two rounds of vshuff64x2 $0x88/$0xdd (four
 * blocks: a 2 x 2 transpose of pairs of blocks, twice). */
int
asmcopy_transpose(const Acopy *c)
{
	int vl, w, nb, g, q, b, i, o, x, y;

	vl = c->vl;
	w = 16 / c->esz;
	nb = vl / w;
	b = 0;
	for (g = 0; g < nb; g++) {
		i = g * w + b * vl;
		o = g * w + (1 - b) * vl;
		if (w == 2) {
			asmcopy_sh(c, "unpcklpd", -1, i, i + 1, o);
			asmcopy_sh(c, "unpckhpd", -1, i, i + 1, o + 1);
			continue;
		}
		asmcopy_sh(c, "unpcklps", -1, i, i + 1, o);
		asmcopy_sh(c, "unpckhps", -1, i, i + 1, o + 1);
		asmcopy_sh(c, "unpcklps", -1, i + 2, i + 3, o + 2);
		asmcopy_sh(c, "unpckhps", -1, i + 2, i + 3, o + 3);
		asmcopy_sh(c, "unpcklpd", -1, o, o + 2, i);
		asmcopy_sh(c, "unpckhpd", -1, o, o + 2, i + 1);
		asmcopy_sh(c, "unpcklpd", -1, o + 1, o + 3, i + 2);
		asmcopy_sh(c, "unpckhpd", -1, o + 1, o + 3, i + 3);
	}
	if (w == 2)
		b = 1;
	if (nb == 1)
		return b;
	for (q = 0; q < w; q++) {
		x = b * vl;
		y = (1 - b) * vl;
		if (nb == 2) {
			asmcopy_sh(c, "perm2f128", 0x20, x + q, x + w + q,
			    y + q);
			asmcopy_sh(c, "perm2f128", 0x31, x + q, x + w + q,
			    y + w + q);
			continue;
		}
		/* V_g' from U_g, U_g+1; then columns from V_0, V_2 and
		 * V_1, V_3 */
		asmcopy_sh(c, "shuff64x2", 0x88, x + q, x + w + q, y + q);
		asmcopy_sh(c, "shuff64x2", 0xdd, x + q, x + w + q, y + w + q);
		asmcopy_sh(c, "shuff64x2", 0x88, x + 2 * w + q, x + 3 * w + q,
		    y + 2 * w + q);
		asmcopy_sh(c, "shuff64x2", 0xdd, x + 2 * w + q, x + 3 * w + q,
		    y + 3 * w + q);
		asmcopy_sh(c, "shuff64x2", 0x88, y + q, y + 2 * w + q, x + q);
		asmcopy_sh(c, "shuff64x2", 0xdd, y + q, y + 2 * w + q,
		    x + 2 * w + q);
		asmcopy_sh(c, "shuff64x2", 0x88, y + w + q, y + 3 * w + q,
		    x + w + q);
		asmcopy_sh(c, "shuff64x2", 0xdd, y + w + q, y + 3 * w + q,
		    x + 3 * w + q);
	}
	return nb == 2 ? 1 - b : b;
}

/* The 4 x 4 transpose within each 128-bit block of registers i..i+3
 * (float) into the same registers, through o..o+3. */
static void
tr4(const Acopy *c, int i, int o)
{
	asmcopy_sh(c, "unpcklps", -1, i, i + 1, o);
	asmcopy_sh(c, "unpckhps", -1, i, i + 1, o + 1);
	asmcopy_sh(c, "unpcklps", -1, i + 2, i + 3, o + 2);
	asmcopy_sh(c, "unpckhps", -1, i + 2, i + 3, o + 3);
	asmcopy_sh(c, "unpcklpd", -1, o, o + 2, i);
	asmcopy_sh(c, "unpckhpd", -1, o, o + 2, i + 1);
	asmcopy_sh(c, "unpcklpd", -1, o + 1, o + 3, i + 2);
	asmcopy_sh(c, "unpckhpd", -1, o + 1, o + 3, i + 3);
}

/* Two adjacent elements k, k + 1 of a full row's VL / 2 (AVX2 float,
 * AVX-512): four reals a lane, four X vectors.  Float: register j holds
 * lane 4B + j's four reals in block B, and the 4 x 4 transpose within
 * the blocks gives the columns (and, being its own inverse, the lanes
 * back).  AVX-512 double: registers 0, 1, 4, 5 hold the 256-bit rows of
 * lanes (0, 2), (1, 3), (4, 6), (5, 7) side by side; unpck then
 * vshuff64x2 give the columns, and the inverse takes them back. */
static void
half(const Acopy *c, const Side *s, int k, int out)
{
	static const int zd[4] = {0, 1, 4, 5};      /* double: z regs */
	char m[40], x[40];
	int j, b, nb, disp, l;

	disp = 2 * k * c->esz;
	nb = c->vb / 16;
	if (c->esz == 4) {
		for (j = 0; out && j < 4; j++)
			asmcopy_op(c, "movaps %s, %%%cmm%d", asmcopy_xvec(c, x,
			    k, j), c->rn, j);
		for (j = 0; !out && j < 4; j++)
			for (b = 0; b < nb; b++) {
				asmcopy_lane(m, 4 * b + j, s->vs, disp);
				if (b == 0)
					asmcopy_op(c, "movups %s, %%xmm%d", m,
					    j);
				else if (nb == 2)
					asmcopy_op(c,
					    "insertf128 $1, %s, %%ymm%d, "
					    "%%ymm%d", m,
					    j, j);
				else
					asmcopy_op(c,
					    "insertf32x4 $%d, %s, %%zmm%d, "
					    "%%zmm%d",
					    b, m, j, j);
			}
		tr4(c, 0, 4);
		for (j = 0; !out && j < 4; j++)
			asmcopy_op(c, "movaps %%%cmm%d, %s", c->rn, j,
			    asmcopy_xvec(c, x, k, j));
		for (j = 0; out && j < 4; j++)
			for (b = 0; b < nb; b++) {
				asmcopy_lane(m, 4 * b + j, s->vs, disp);
				if (b == 0)
					asmcopy_op(c, "movups %%xmm%d, %s", j,
					    m);
				else if (nb == 2)
					asmcopy_op(c,
					    "extractf128 $1, %%ymm%d, %s", j,
					    m);
				else
					asmcopy_op(c,
					    "extractf32x4 $%d, %%zmm%d, %s", b,
					    j, m);
			}
		return;
	}
	assert(c->avx512d && "only AVX-512 double has rows of 4 elements");
	if (!out) {
		for (j = 0; j < 4; j++) {
			l = j < 2 ? j : j + 2;          /* lanes 0, 1, 4, 5 */
			asmcopy_op(c, "movupd %s, %%ymm%d", asmcopy_lane(m, l,
			    s->vs, disp), zd[j]);
			asmcopy_op(c, "insertf64x4 $1, %s, %%zmm%d, %%zmm%d",
			    asmcopy_lane(m,
			    l + 2, s->vs, disp), zd[j], zd[j]);
		}
		asmcopy_sh(c, "unpcklpd", -1, 0, 1, 8);
		asmcopy_sh(c, "unpckhpd", -1, 0, 1, 9);
		asmcopy_sh(c, "unpcklpd", -1, 4, 5, 10);
		asmcopy_sh(c, "unpckhpd", -1, 4, 5, 11);
		asmcopy_sh(c, "shuff64x2", 0x88, 8, 10, 12);    /* re k */
		asmcopy_sh(c, "shuff64x2", 0x88, 9, 11, 13);    /* im k */
		asmcopy_sh(c, "shuff64x2", 0xdd, 8, 10, 14);    /* re k + 1 */
		asmcopy_sh(c, "shuff64x2", 0xdd, 9, 11, 15);    /* im k + 1 */
		for (j = 0; j < 4; j++)
			asmcopy_op(c, "movapd %%zmm%d, %s", 12 + j,
			    asmcopy_xvec(c, x, k, j));
		return;
	}
	for (j = 0; j < 4; j++)
		asmcopy_op(c, "movapd %s, %%zmm%d", asmcopy_xvec(c, x, k, j),
		    12 + j);
	/* t8 = (c0.B0, c2.B0, c0.B1, c2.B1), t10 = the same of B2, B3; t9,
	 * t11 from c1, c3: one two-table permute each, its index loaded
	 * into the destination just before (.Lperm0, .Lperm1; gcc's form of
	 * kgen_stg2).  Two vshuff64x2 each before: AVX-512 double n = 2,
	 * v = 256, 1.14x faster this way on a Zen 4 (docs/design.md). */
	for (j = 0; j < 4; j++) {
		asmcopy_op(c, "movdqa64 .Lperm%d(%%rip), %%zmm%d", j / 2,
		    8 + 2 * (j / 2)
		    + j % 2);
		asmcopy_op(c, "permi2pd %%zmm%d, %%zmm%d, %%zmm%d", 14 + j % 2,
		    12 + j % 2,
		    8 + 2 * (j / 2) + j % 2);
	}
	asmcopy_sh(c, "unpcklpd", -1, 8, 9, 0);
	asmcopy_sh(c, "unpckhpd", -1, 8, 9, 1);
	asmcopy_sh(c, "unpcklpd", -1, 10, 11, 4);
	asmcopy_sh(c, "unpckhpd", -1, 10, 11, 5);
	for (j = 0; j < 4; j++) {
		l = j < 2 ? j : j + 2;
		asmcopy_op(c, "movupd %%ymm%d, %s", zd[j], asmcopy_lane(m, l,
		    s->vs, disp));
		asmcopy_op(c, "extractf64x4 $1, %%zmm%d, %s", zd[j],
		    asmcopy_lane(m, l + 2,
		    s->vs, disp));
	}
}

/* One group of asmcopy_rows() by 128-bit blocks: the group's VL X vectors are
 * W columns of each of the VL / W blocks of the rows.  Vector b W + q
 * holds block b of rows q, W + q, 2 W + q, ... (a 128-bit load and
 * inserts from memory; on the way out a 128-bit store and extracts to
 * memory), and the in-block transpose of vectors b W .. b W + W - 1
 * gives columns b W .. b W + W - 1: no shuffle across 128-bit blocks
 * (vperm2f128, vshuff64x2, which Intel cores run on one port that the
 * in-block shuffles share),
    for one memory access a block.  asmcopy_rows() takes
 * it on the way in, and on the way out in AVX2 only, where the stores it
 * adds cost less than the shuffles it saves (in double, half the rows
 * whole after one insert, the other half by extracts): on a Xeon
 * (family 6 model 207), n = 2..64 at v = 256, the asm codelets with it
 * against those without in one process (docs/design.md,
 * "Transposes by 128-bit blocks"). */
static void
rowblocks(const Acopy *c, const Side *s, int k, int out)
{
	const char *sf, *ins, *ext;
	char m[40], x[40];
	int w, nb, b, q, pp, r, res;

	sf = c->sfx;
	w = 16 / c->esz;
	nb = c->vl / w;
	ins = nb == 2 ? "insertf128" : "insertf32x4";
	ext = nb == 2 ? "extractf128" : "extractf32x4";
	res = w == 2 ? c->vl : 0;   /* where the in-block stage leaves them */
	for (r = 0; out && r < c->vl; r++)
		asmcopy_op(c, "mova%s %s, %%%cmm%d", sf, asmcopy_xvec(c, x, k,
		    r), c->rn, r);
	for (b = 0; !out && b < nb; b++)
		for (q = 0; q < w; q++)
			for (pp = 0; pp < nb; pp++) {
				r = b * w + q;
				asmcopy_lane(m, pp * w + q, s->vs,
				    2 * k * c->esz + 16 * b);
				if (pp == 0)
					asmcopy_op(c, "movu%s %s, %%xmm%d", sf,
					    m, r);
				else
					asmcopy_op(c,
					    "%s $%d, %s, %%%cmm%d, %%%cmm%d",
					    ins,
					    pp, m, c->rn, r, c->rn, r);
			}
	for (b = 0; b < nb; b++) {
		r = b * w;
		if (w == 2) {
			asmcopy_sh(c, "unpcklpd", -1, r, r + 1, c->vl + r);
			asmcopy_sh(c, "unpckhpd", -1, r, r + 1, c->vl + r + 1);
		} else
			tr4(c, r, c->vl + r);
	}
	for (r = 0; !out && r < c->vl; r++)
		asmcopy_op(c, "mova%s %%%cmm%d, %s", sf, c->rn, res + r,
		    asmcopy_xvec(c, x,
		    k, r));
	/* AVX2 double out: row q whole (one register insert of the other
	 * block), row W + q by two extracts */
	if (out && nb == 2 && w == 2) {
		for (q = 0; q < w; q++) {
			asmcopy_op(c, "%s $1, %%xmm%d, %%ymm%d, %%ymm%d", ins,
			    res + w + q,
			    res + q, q);
			asmcopy_op(c, "movu%s %%ymm%d, %s", sf, q,
			    asmcopy_lane(m, q, s->vs,
			    2 * k * c->esz));
			asmcopy_op(c, "%s $1, %%ymm%d, %s", ext, res + q,
			    asmcopy_lane(m, w + q,
			    s->vs, 2 * k * c->esz));
			asmcopy_op(c, "%s $1, %%ymm%d, %s", ext, res + w + q,
			    asmcopy_lane(m, w + q,
			    s->vs, 2 * k * c->esz + 16));
		}
		return;
	}
	for (b = 0; out && b < nb; b++)
		for (q = 0; q < w; q++)
			for (pp = 0; pp < nb; pp++) {
				r = res + b * w + q;
				asmcopy_lane(m, pp * w + q, s->vs,
				    2 * k * c->esz + 16 * b);
				if (pp == 0)
					asmcopy_op(c, "movu%s %%xmm%d, %s", sf,
					    r, m);
				else
					asmcopy_op(c, "%s $%d, %%%cmm%d, %s",
					    ext, pp, c->rn,
					    r, m);
			}
}

/* Interleaved and adjacent elements (is == 2): straight-line code over
 * groups of VL / 2 elements, a lane's group one vector (a row), VL rows
 * transposed into the group's VL X vectors (or back); the elements left
 * over move as pairs.  Displacements are constant: r14 stays at the
 * block's first transform. */
void
asmcopy_rows(const Acopy *c, const Side *s, int out)
{
	const char *sf;
	char m[40], x[40];
	int g, k, i, b, ng, row, blocks;

	sf = c->sfx;
	row = c->vl / 2;            /* elements per row */
	blocks = c->vex && c->vl > 16 / c->esz && (!out || c->vb == 32);
	asmcopy_multiples(c, s);
	if (c->vl > 8)
		fprintf(c->f, "\tleaq (%%r14,%s,8), %%r12\n", s->vs);
	ng = row > 1 ? c->n / row : 0;
	/* AVX-512 double in: every two elements by half (256-bit halves
	 * of four rows, unpck and one vshuff64x2 stage), not the 128-bit
	 * blocks: on a Zen 4 the blocks' 48 inserts from
	 * memory a group took 4-15% longer (bench-asmab, n = 4..64), and
	 * half ran as the full 8 x 8 transpose (within 3%) with half its
	 * cross-block shuffles (docs/design.md, "The copy in on Zen 4") */
	if (!out && c->avx512d)
		ng = 0;
	for (g = 0; g < ng; g++) {
		k = (c->gord ? c->gord[g] : g) * row;
		if (blocks) {
			rowblocks(c, s, k, out);
			continue;
		}
		for (i = 0; i < c->vl; i++)
			if (out)
				asmcopy_op(c, "mova%s %s, %%%cmm%d", sf,
				    asmcopy_xvec(c, x, k,
				    i), c->rn, i);
			else
				asmcopy_op(c, "movu%s %s, %%%cmm%d", sf,
				    asmcopy_lane(m, i, s->vs,
				    2 * k * c->esz), c->rn, i);
		b = asmcopy_transpose(c);
		for (i = 0; i < c->vl; i++)
			if (out)
				asmcopy_op(c, "movu%s %%%cmm%d, %s", sf, c->rn,
				    i + b
				    * c->vl, asmcopy_lane(m, i, s->vs,
				    2 * k * c->esz));
			else
				asmcopy_op(c, "mova%s %%%cmm%d, %s", sf, c->rn,
				    i + b
				    * c->vl, asmcopy_xvec(c, x, k, i));
	}
	k = ng * row;
	for (; row > 2 && k + 2 <= c->n; k += 2)
		half(c, s, k, out);
	for (; k < c->n; k++)
		if (out)
			asmcopy_pairout(c, s, k, 2 * k * c->esz);
		else
			asmcopy_pairin(c, s, k, 2 * k * c->esz);
}
