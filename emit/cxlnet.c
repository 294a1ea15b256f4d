/* emit/cxlnet.c: the shuffles of n1c's blocks of adjacent interleaved
 * transforms (emit/cxl.c, aosfn): W transforms of size n lie in n wide
 * vectors of W complex numbers, transform after transform; the body
 * wants vector q to hold element q of each transform, one a lane, and
 * its outputs go back the same way.  Each vector is made by two-source
 * shuffles (KGEN_CXL_S2_X, GCC's __builtin_shuffle or Clang's
 * __builtin_shufflevector): bitnet's log2 n stages where n is a power
 * of two dividing W (and a W x W transpose per block where W divides n),
 * hybnet's stages and gathers for other even n with W = 8, shufnet's
 * gather of n - 1 shuffles a vector otherwise.  Each stage pairs the
 * vectors v and v ^ 2^j, as the butterflies of an FFT do. */
#include <assert.h>
#include <string.h>
#include "all.h"

/* Prints no vectors dn[o], element e of vector o from the vector
 * sn[sv[o][e]] lane sl[o][e]: each the sources' two-source shuffles
 * merged in the order the elements first need them, one shuffle per
 * source beyond the first (a plain copy for one source in order). */
static void
shufnet(FILE *f, char wide, int w, int no, const int *sv, const int *sl,
    char (*dn)[48], char (*sn)[32])
{
	int o, e, k, ns, src[16], mask[16];
	const char *d, *a, *b;

	for (o = 0; o < no; o++) {
		ns = 0;
		src[0] = 0;
		for (e = 0; e < 2 * w; e++) {
			for (k = 0; k < ns && src[k] != sv[o * 2 * w + e]; k++)
				;
			if (k == ns)
				src[ns++] = sv[o * 2 * w + e];
		}
		d = dn[o];
		a = sn[src[0]];
		for (e = 0; e < 2 * w && sl[o * 2 * w + e] == e; e++)
			;
		if (ns == 1 && e == 2 * w) {
			fprintf(f, "\t%s = %s;\n", d, a);
			continue;
		}
		for (k = ns == 1 ? 0 : 1; k < ns; k++) {
			b = sn[src[k]];
			for (e = 0; e < 2 * w; e++) {
				mask[e] = k > 1 || ns == 1 ? e : 0;
				if (sv[o * 2 * w + e] == src[0] && k == 1)
					mask[e] = sl[o * 2 * w + e];
				if (sv[o * 2 * w + e] == src[k])
					mask[e] = (ns == 1 ? 0 : 2 * w)
					    + sl[o * 2 * w + e];
			}
			fprintf(f, "\t%s = KGEN_CXL_S2_%c(%s, %s", d, wide,
			    k > 1 ? d : a, ns == 1 ? a : b);
			for (e = 0; e < 2 * w; e++)
				fprintf(f, ", %d", mask[e]);
			fputs(");\n", f);
		}
	}
}

/* bitnet's vector names: x%d (the n vectors as they lie: slot v of
 * block blk of nblk is x(v nblk + blk)), sin[%d] and stg[%d] (slot v
 * of block blk is q = blk W + v), and its stage temporaries p/r (read)
 * and P/R (declared: "const kgen_cxX p..."), stage j, slot v, block
 * blk. */
static void
vname(char *buf, size_t sz, const char *kind, int j, int v, int blk,
    int nblk, int w, char wide)
{
	if (!strcmp(kind, "x"))
		snprintf(buf, sz, "x%d", v * nblk + blk);
	else if (!strcmp(kind, "sin") || !strcmp(kind, "stg"))
		snprintf(buf, sz, "%s[%d]", kind, blk * w + v);
	else if (*kind == 'P' || *kind == 'R')
		snprintf(buf, sz, "const kgen_cx%c %c%d_%d_%d", wide,
		    *kind + 32, j, v, blk);
	else
		snprintf(buf, sz, "%s%d_%d_%d", kind, j, v, blk);
}

/* The states of a stages of two-source shuffles on n vectors of W
 * complex numbers (numbered t n + q, transform t, output q, as they lie
 * in st[0]): stage j pairs the vectors v and v ^ 2^j and gives v the W
 * elements whose q has bit j of v (balanced where 2^a divides n and W:
 * eight adjacent complex numbers hold every q mod 2^a equally often),
 * st[j + 1] after it; with final, the last stage puts transform t in
 * lane t (n = 2^a: vector q is then sin[q]). */
enum { NETV = 64 };
typedef int Netst[NETV][8];

static void
netstates(Netst *st, int w, int n, int a, int final)
{
	int j, v, k, e, c;

	assert(n <= NETV && w <= 8 && "netstates: n <= 64, W <= 8");
	for (v = 0; v < n; v++)
		for (k = 0; k < w; k++)
			st[0][v][k] = v * w + k;
	for (j = 0; j < a; j++)
		for (v = 0; v < n; v++) {
			for (c = 0, k = 0; k < 2 * w; k++) {
				e = st[j][k < w ? v & ~(1 << j) : v | (1 << j)]
				    [k % w];
				if ((e % n >> j & 1) == (v >> j & 1))
					st[j + 1][v][final && j == a - 1 ? e / n
					    : c++] = e;
			}
			assert((final && j == a - 1) || c == w);
		}
}

/* Prints stage j of a (netstates' st) as n shuffles, fwd: to the state
 * after it from the one before, else back.  Names (vname): forward from
 * x (j = 0) or p, to sin (the last stage of a final net) or P; back
 * from stg (the last stage of a final net) or r, to x (j = 0) or R. */
static void
netstage(FILE *f, char wide, int w, int n, Netst *st, int j, int a,
    int final, int fwd, int blk, int nblk)
{
	int v, p, u, e, sa, sb, top, mask[16];
	char d[48], na[32], nb[32];

	top = final && j == a - 1;
	for (v = 0; v < n; v++) {
		sa = v & ~(1 << j);
		sb = v | (1 << j);
		/* the destination's state (after stage j forward, before
		 * it back), the sources' the other */
		for (p = 0; p < w; p++) {
			e = st[fwd ? j + 1 : j][v][p];
			for (u = 0; u < 2 * w && st[fwd ? j : j + 1][u < w ? sa
			    : sb][u % w] != e; u++)
				;
			assert(u < 2 * w && "netstage: an element is lost");
			mask[2 * p] = 2 * u;
			mask[2 * p + 1] = 2 * u + 1;
		}
		if (fwd) {
			vname(na, sizeof na, j ? "p" : "x", j - 1, sa, blk,
			    nblk, w, wide);
			vname(nb, sizeof nb, j ? "p" : "x", j - 1, sb, blk,
			    nblk, w, wide);
			vname(d, sizeof d, top ? "sin" : "P", j, v, blk, nblk,
			    w, wide);
		} else {
			vname(na, sizeof na, top ? "stg" : "r", j + 1, sa, blk,
			    nblk, w, wide);
			vname(nb, sizeof nb, top ? "stg" : "r", j + 1, sb, blk,
			    nblk, w, wide);
			vname(d, sizeof d, j ? "R" : "x", j, v, blk, nblk, w,
			    wide);
		}
		fprintf(f, "\t%s = KGEN_CXL_S2_%c(%s, %s", d, wide, na, nb);
		for (p = 0; p < 2 * w; p++)
			fprintf(f, ", %d", mask[p]);
		fputs(");\n", f);
	}
}

/* The same for n a power of two that divides W, in log2 n stages of
 * n two-source shuffles (where shufnet takes n - 1 a vector), the last
 * putting transform t in lane t: fwd x%d (n vectors of W transforms as
 * they lie) to sin[q], else stg[q] back to x%d, the stages in reverse;
 * block blk of nblk (vname) for the W x W transposes where W divides
 * n. */
static void
bitnet(FILE *f, char wide, int w, int n, int fwd, int blk, int nblk)
{
	Netst st[4];
	int a, k;

	for (a = 0; (1 << a) < n; a++)
		;
	netstates(st, w, n, a, 1);
	for (k = 0; k < a; k++)
		netstage(f, wide, w, n, st, fwd ? k : a - 1 - k, a, 1, fwd,
		    blk, nblk);
}

/* cxlnet_aos for even n that W does not divide and that does not divide W
 * (float n = 6, 10, 12, 14, ..): first netstates' a stages for the
 * factor 2^a of n (a = 1 or 2), then within each class of q mod 2^a
 * shufnet's gather over its n / 2^a vectors: a + n / 2^a - 1 shuffles
 * a vector each way where shufnet alone takes n - 1 (6: 3 for 5, 12: 4
 * for 11).  fwd as cxlnet_aos's; the other way the gathers first, then the
 * stages in reverse. */
static void
hybnet(FILE *f, char wide, int w, int n, int fwd)
{
	static char dn[NETV][48], sn[NETV][32];
	Netst st[3];
	int a, v, p, e, k, o, no, q, cls, sv[NETV * 16], sl[NETV * 16];

	for (a = 0; n % (2 << a) == 0 && w % (2 << a) == 0; a++)
		;
	assert(a >= 1 && a <= 2 && w == 8 && "hybnet: n even, W = 8");
	netstates(st, w, n, a, 0);
	for (k = 0; fwd && k < a; k++)
		netstage(f, wide, w, n, st, k, a, 0, 1, 0, 1);
	/* the gathers, class by class: outputs q (forward) or the stages'
	 * vectors o (back) of class cls */
	if (!fwd) {
		fprintf(f, "\tkgen_cx%c", wide);
		for (v = 0; v < n; v++)
			fprintf(f, " r%d_%d_0%s", a, v, v + 1 < n ? "," : ";\n");
	}
	for (v = 0; v < n; v++)
		snprintf(sn[v], sizeof sn[v], fwd ? "p%d_%d_0" : "stg[%d]",
		    fwd ? a - 1 : v, v);
	for (cls = 0; cls < 1 << a; cls++) {
		no = 0;
		for (o = cls; o < n; o += 1 << a, no++) {
			for (e = 0; e < 2 * w; e++) {
				if (fwd) {
					/* sin[o] lane e / 2: complex (e / 2) n
					 * + o, somewhere in the class */
					q = (e / 2) * n + o;
					for (v = cls; v < n; v += 1 << a) {
						for (p = 0; p < w
						    && st[a][v][p] != q; p++)
							;
						if (p < w)
							break;
					}
					assert(v < n && "hybnet: lost");
					sv[no * 2 * w + e] = v;
					sl[no * 2 * w + e] = 2 * p + e % 2;
				} else {
					/* vector o lane e / 2: complex q, of
					 * transform q / n, from stg[q mod n] */
					q = st[a][o][e / 2];
					sv[no * 2 * w + e] = q % n;
					sl[no * 2 * w + e] = 2 * (q / n) + e % 2;
				}
			}
			if (fwd)
				snprintf(dn[no], sizeof dn[no], "sin[%d]", o);
			else
				snprintf(dn[no], sizeof dn[no], "r%d_%d_0", a, o);
		}
		shufnet(f, wide, w, no, sv, sl, dn, sn);
	}
	for (k = a - 1; !fwd && k >= 0; k--)
		netstage(f, wide, w, n, st, k, a, 0, 0, 0, 1);
}

/* aosfn's shuffles (emit/cxl.c), fwd: the n vectors x%d of W adjacent
 * transforms as they lie to sin[q] (lane t: x_q of transform t); else
 * stg[q] back to x%d.  bitnet where n is a power of two dividing W, or
 * per block of W outputs (a W x W transpose) where W divides n; hybnet
 * for the other even n with W = 8, shufnet for the rest. */
void
cxlnet_aos(FILE *f, char wide, int w, int n, int fwd)
{
	static char dn[8][48], sn[8][32];
	int k, e, flat, idx, sv[8 * 16], sl[8 * 16];

	if (n > 1 && w % n == 0) {
		bitnet(f, wide, w, n, fwd, 0, 1);
		return;
	}
	if (n % w == 0) {
		for (k = 0; k < n / w; k++)
			bitnet(f, wide, w, w, fwd, k, n / w);
		return;
	}
	if (n % 2 == 0 && w == 8) {
		hybnet(f, wide, w, n, fwd);
		return;
	}
	assert(n < w && w <= 8 && "cxlnet_aos: shufnet for n < W <= 8");
	for (k = 0; k < n; k++)
		for (e = 0; e < 2 * w; e++) {
			if (fwd) {
				/* sin[k] lane e / 2: complex (e / 2) n + k */
				flat = 2 * ((e / 2) * n + k) + e % 2;
				sv[k * 2 * w + e] = flat / (2 * w);
				sl[k * 2 * w + e] = flat % (2 * w);
			} else {
				/* x_k element e: complex idx of transform
				 * idx / n, output idx mod n */
				flat = 2 * w * k + e;
				idx = flat / 2;
				sv[k * 2 * w + e] = idx % n;
				sl[k * 2 * w + e] = 2 * (idx / n) + flat % 2;
			}
		}
	for (k = 0; k < n; k++) {
		snprintf(dn[k], sizeof dn[k], fwd ? "sin[%d]" : "x%d", k);
		snprintf(sn[k], sizeof sn[k], fwd ? "x%d" : "stg[%d]", k);
	}
	shufnet(f, wide, w, n, sv, sl, dn, sn);
}
