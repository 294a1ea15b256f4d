/* simdhelpers.h: the checks of tests/simdhelpers.c for one precision,
 * included once for double and once for float with
 *   R       the real type,         V   its vector type (kgen_d4 ..)
 *   VL      lanes,                 P   "d" or "f", for the output
 *   F(f)    the helper kgen_f_ISA_P,  T(f) this file's function f_P
 * and GROUPS (G sizes of kgen_ldgG, 0 ended) and LDN (kgen_ldn exists)
 * when the ISA and precision have them.  Every check compares a helper
 * with the scalar loop it stands for, on distinct values, exactly (the
 * helpers only move data, and the FMA operands are small integers), and
 * prints "P name failures". */

/* a[i]: distinct, exact in float, never 0 */
static void
T(fill)(R *a, int n, R base)
{
	int i;

	for (i = 0; i < n; i++)
		a[i] = base + (R)i + (R)0.25;
}

static void
T(splat)(void)
{
	V v;
	int l, bad;

	v = F(splat)((R)3.5);
	for (l = bad = 0; l < VL; l++)
		bad += v[l] != (R)3.5;
	report(P, "splat", bad);
}

/* kgen_ld then kgen_st at stride 3: lane l is p[3l], and the store puts
 * it back without touching the elements between */
static void
T(ldst)(void)
{
	R p[3 * VL], q[3 * VL];
	V v;
	int l, i, bad;

	T(fill)(p, 3 * VL, 1);
	T(fill)(q, 3 * VL, -1000);
	v = F(ld)(p, 3);
	for (l = bad = 0; l < VL; l++)
		bad += v[l] != p[3 * l];
	F(st)(q, 3, v);
	for (i = 0; i < 3 * VL; i++)
		bad += i % 3 ? q[i] != -1000 + (R)i + (R)0.25 : q[i] != p[i];
	report(P, "ldst", bad);
}

/* lane of pair l after kgen_ldi, found by value: a permutation, the same
 * for the real and the imaginary parts */
static int T(perm)[VL];

/* kgen_ldi and kgen_sti on pairs 5 reals apart (p + l * 5): re and im
 * hold the pairs' halves in one fixed lane order, and kgen_sti puts
 * every pair back, nothing else */
static void
T(ldisti)(void)
{
	R p[5 * VL + 2], q[5 * VL + 2];
	V re, im;
	int l, k, i, seen[VL] = {0}, bad;

	T(fill)(p, 5 * VL + 2, 1);
	T(fill)(q, 5 * VL + 2, -1000);
	F(ldi)(p, 5, &re, &im);
	bad = 0;
	for (l = 0; l < VL; l++) {
		for (k = 0; k < VL && re[k] != p[5 * l]; k++)
			;
		if (k == VL || seen[k]++ || im[k] != p[5 * l + 1]) {
			bad++;
			continue;
		}
		T(perm)[l] = k;
	}
	F(sti)(q, 5, re, im);
	for (i = 0; i < 5 * VL + 2; i++)
		bad += i % 5 < 2 && i < 5 * VL ? q[i] != p[i]
		    : q[i] != -1000 + (R)i + (R)0.25;
	report(P, "ldisti", bad);
	printf("%s perm", P);
	for (l = 0; l < VL; l++)
		printf(" %d", T(perm)[l]);
	printf("\n");
}

#ifdef LDN
/* kgen_ldn and kgen_stn: the pairs in lane order 0 1 2 .., the order of
 * the groups */
static void
T(ldnstn)(void)
{
	R p[5 * VL + 2], q[5 * VL + 2];
	V re, im;
	int l, i, bad;

	T(fill)(p, 5 * VL + 2, 1);
	T(fill)(q, 5 * VL + 2, -1000);
	F(ldn)(p, 5, &re, &im);
	for (l = bad = 0; l < VL; l++)
		bad += re[l] != p[5 * l] || im[l] != p[5 * l + 1];
	F(stn)(q, 5, re, im);
	for (i = 0; i < 5 * VL + 2; i++)
		bad += i % 5 < 2 && i < 5 * VL ? q[i] != p[i]
		    : q[i] != -1000 + (R)i + (R)0.25;
	report(P, "ldnstn", bad);
}
#endif

#ifdef GROUPS
/* kgen_ldgG and kgen_stgG: rows of 2G reals (G elements) s apart, one per
 * transform, against the scalar transpose x[k][l] = p[l * s + k]; the
 * store writes the rows back and nothing between them */
static void
T(group)(int g, void (*ld)(const R *, ptrdiff_t, V *),
    void (*st)(R *, ptrdiff_t, const V *))
{
	enum { S = 2 * 8 + 3 };    /* row stride: past any 2G, odd */
	R p[S * VL], q[S * VL];
	V x[16];
	int k, l, i, bad;
	char name[16];

	T(fill)(p, S * VL, 1);
	T(fill)(q, S * VL, -1000);
	ld(p, S, x);
	bad = 0;
	for (k = 0; k < 2 * g; k++)
		for (l = 0; l < VL; l++)
			bad += x[k][l] != p[l * S + k];
	st(q, S, x);
	for (i = 0; i < S * VL; i++)
		bad += i % S < 2 * g ? q[i] != p[i]
		    : q[i] != -1000 + (R)i + (R)0.25;
	snprintf(name, sizeof name, "group%d", g);
	report(P, name, bad);
}

/* Calls T(group) for each G of GROUPS; ldgG is named by token. */
#define GROUP(g) T(group)(g, F(ldg##g), F(stg##g))
#endif

/* kgen_pack then kgen_unpack: n = 3 elements at stride is, transforms
 * ivs apart, lanes 1 .. VL; split arrays, interleaved (ii = ri + 1) and
 * swapped (ri = ii + 1).  pack puts transform l in lane l (lane
 * perm[l] when it loads whole interleaved vectors) and zeros the lanes
 * past lanes; unpack writes those transforms back and nothing else. */
/* What out[a][i] must hold after unpack: the input element unpack
 * writes there, or what it held before. */
static R
T(want)(const R (*in)[LEN], R (*out)[LEN], int a, int i, int lay,
    int lanes)
{
	int m, l, is, ivs, k;
	R *ro, *io;

	is = lay ? 2 * IS : IS;
	ivs = lay ? 2 * IVS : IVS;
	ro = lay == 2 ? out[0] + 1 : out[0];
	io = lay == 0 ? out[1] : lay == 1 ? out[0] + 1 : out[0];
	for (m = 0; m < N; m++)
		for (l = 0; l < lanes; l++) {
			k = m * is + l * ivs;
			if (&out[a][i] == ro + k)
				return lay == 2 ? in[0][k + 1] : in[0][k];
			if (&out[a][i] == io + k)
				return lay == 0 ? in[1][k] : lay == 1
				    ? in[0][k + 1] : in[0][k];
		}
	return (a ? -3000 : -1000) + (R)i + (R)0.25;
}

/* Failures of pack and unpack in layout lay with lanes transforms. */
static int
T(pack1)(int lay, int lanes)
{
	R in[2][LEN], out[2][LEN], want[2][LEN];
	const R *ri, *ii;
	R *ro, *io;
	V x[2 * N];
	int m, l, i, a, lane, bad, is, ivs;

	T(fill)(in[0], LEN, 1);
	T(fill)(in[1], LEN, 1000);
	T(fill)(out[0], LEN, -1000);
	T(fill)(out[1], LEN, -3000);
	is = lay ? 2 * IS : IS;
	ivs = lay ? 2 * IVS : IVS;
	ri = lay == 2 ? in[0] + 1 : in[0];
	ii = lay == 0 ? in[1] : lay == 1 ? in[0] + 1 : in[0];
	ro = lay == 2 ? out[0] + 1 : out[0];
	io = lay == 0 ? out[1] : lay == 1 ? out[0] + 1 : out[0];
	F(pack)(x, ri, ii, N, is, ivs, lanes, lay != 0);
	bad = 0;
	for (m = 0; m < N; m++)
		for (l = 0; l < VL; l++) {
			lane = lay && lanes == VL ? T(perm)[l] : l;
			i = m * is + l * ivs;
			if (l >= lanes)
				bad += x[2 * m][l] != 0
				    || x[2 * m + 1][l] != 0;
			else
				bad += x[2 * m][lane] != ri[i]
				    || x[2 * m + 1][lane] != ii[i];
		}
	F(unpack)(x, ro, io, N, is, ivs, lanes, lay != 0);
	for (a = 0; a < 2; a++)
		for (i = 0; i < LEN; i++)
			want[a][i] = T(want)((const R (*)[LEN])in, out, a, i,
			    lay, lanes);
	for (a = 0; a < 2; a++)
		for (i = 0; i < LEN; i++)
			bad += out[a][i] != want[a][i];
	return bad;
}

static void
T(pack)(void)
{
	static const char *const layout[] = {"split", "inter", "swapped"};
	int lay, lanes;
	char name[32];

	for (lay = 0; lay < 3; lay++)
		for (lanes = 1; lanes <= VL; lanes++) {
			snprintf(name, sizeof name, "pack-%s-%d", layout[lay],
			    lanes);
			report(P, name, T(pack1)(lay, lanes));
		}
}

/* kgen_fma, kgen_fms, kgen_fnms against a * b + c, a * b - c, c - a * b
 * on small integers, where every result is exact */
static void
T(fma)(void)
{
	V a, b, c, r1, r2, r3;
	int l, bad;

	for (l = 0; l < VL; l++) {
		a[l] = (R)(l + 1);
		b[l] = (R)(3 - l);
		c[l] = (R)(2 * l - 5);
	}
	r1 = F(fma)(a, b, c);
	r2 = F(fms)(a, b, c);
	r3 = F(fnms)(a, b, c);
	for (l = bad = 0; l < VL; l++)
		bad += r1[l] != a[l] * b[l] + c[l]
		    || r2[l] != a[l] * b[l] - c[l]
		    || r3[l] != c[l] - a[l] * b[l];
	report(P, "fma", bad);
}

static void
T(all)(void)
{
	T(splat)();
	T(ldst)();
	T(ldisti)();
#ifdef LDN
	T(ldnstn)();
#endif
#ifdef GROUPS
	GROUPS;
#endif
	T(pack)();
	T(fma)();
}
