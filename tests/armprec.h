/* armprec.h: armcheck.c's checks in one precision, included twice: R is
 * double or float, S(name) names this precision's copy of a function,
 * and DFT, FN, N1_ISA, ..., PLAN_1D, EXECUTE, ... are that precision's
 * API. */

/* v transforms of pool data (transform j from pool j mod npool) in
 * layout L through f, or through DFT(n, sign, ...) when f is NULL; the
 * error (-1 when the call refused) and, in *hits, the guards changed. */
static double
S(call)(const Ref *r, FN *f, int sign, int v, const Lay *L, long *hits)
{
	int n = r->n, j, k, p, st = KGEN_OK;
	size_t ispan = (n - 1) * L->is + (v - 1) * L->ivs + 2;
	size_t ospan = (n - 1) * L->os + (v - 1) * L->ovs + 2;
	R *in[2], *out[2], *ri, *ii, *ro, *io;
	char *mask[2];
	long double xr, xi, big, e, worst = 0;
	size_t o;

	for (j = 0; j < 2; j++) {
		in[j] = xmalloc(ispan * sizeof(R));
		out[j] = xmalloc(ospan * sizeof(R));
		mask[j] = calloc(ospan, 1);
		if (!mask[j])
			exit(1);
		for (o = 0; o < ispan; o++)
			in[j][o] = (R)GUARD;
		for (o = 0; o < ospan; o++)
			out[j][o] = (R)GUARD;
	}
	ri = in[0];
	ii = L->inter ? in[0] + 1 : in[1];
	ro = out[0];
	io = L->inter ? out[0] + 1 : out[1];
	for (j = 0; j < v; j++)
		for (k = 0; k < n; k++) {
			p = j % r->npool;
			ri[j * L->ivs + k * L->is] = r->re[p * n + k];
			ii[j * L->ivs + k * L->is] = r->im[p * n + k];
		}
	if (f)
		f(ri, ii, ro, io, L->is, L->os, v, L->ivs, L->ovs);
	else
		st = DFT(n, sign, ri, ii, ro, io, L->is, L->os, v, L->ivs,
		    L->ovs);
	*hits = 0;
	for (j = 0; j < v; j++) {
		big = e = 0;
		for (k = 0; k < n; k++) {
			o = j * L->ovs + k * L->os;
			mask[0][o] = 1;
			mask[L->inter ? 0 : 1][o + L->inter] = 1;
			ref_at(r, j % r->npool, sign, k, &xr, &xi);
			big = fmaxl(big, fmaxl(fabsl(xr), fabsl(xi)));
			e = fmaxl(e, fmaxl(fabsl(ro[o] - xr),
			    fabsl(io[o] - xi)));
		}
		/* n = 1 of an input of 0: the error is absolute */
		worst = fmaxl(worst, big > 0 ? e / big : e);
	}
	for (j = 0; j < 2; j++)
		for (o = 0; o < ospan; o++)
			*hits += !mask[j][o] && !(out[j][o] == (R)GUARD);
	for (j = 0; j < 2; j++)
		free(in[j]), free(out[j]), free(mask[j]);
	return st == KGEN_OK ? (double)worst : -1;
}

/* Every codelet the library has for isa at size r->n, each v and
 * layout. */
static void
S(codelets)(const Ref *r, int isa)
{
	static const char *const fams[] = { "n1", "n1w", "n1c", "n1x", "n1a" };
	FN *(*const get[])(int, int) = {
		N1_ISA, N1W_ISA, N1C_ISA, N1X_ISA, N1A_ISA
	};
	int fam, v, l;
	long hits;
	double err;
	FN *f;
	Lay L;

	for (fam = 0; fam < 5; fam++) {
		if (!(f = get[fam](r->n, isa)))
			continue;
		for (v = 1; v <= (fam ? 3 : 9); v += fam ? 2 : 1)
			for (l = 0; l < NLAY; l++) {
				L = lay(l, r->n, v);
				err = S(call)(r, f, -1, v, &L, &hits);
				printf("codelet %s %s %d %d %s %.3g %ld\n",
				    fams[fam], PREC, r->n, v, L.name, err,
				    hits);
			}
	}
}

/* kgen_dft (kgen_dftf) at size r->n: both signs, several v, each
 * layout. */
static void
S(dfts)(const Ref *r)
{
	static const int vs[] = { 1, 2, 3, 5, 8 };
	int sign, i, l;
	long hits;
	double err;
	Lay L;

	for (sign = -1; sign <= 1; sign += 2)
		for (i = 0; i < 5; i++)
			for (l = 0; l < NLAY; l++) {
				L = lay(l, r->n, vs[i]);
				err = S(call)(r, 0, sign, vs[i], &L, &hits);
				printf("dft %s %d %d %d %s %.3g %ld\n", PREC,
				    r->n, sign, vs[i], L.name, err, hits);
			}
}

/* The error of y (length n, stride ys) against pool p's output in
 * direction sign (real: r2c's half spectrum), over the outputs the
 * reference has (k <= n/2 for real), relative to the largest. */
static double
S(against)(const Ref *r, int p, int sign, int real, const R *yr,
    const R *yi, int ys)
{
	long double xr, xi, big = 0, e = 0;
	int k;

	for (k = 0; k < (real ? r->n / 2 + 1 : r->n); k++) {
		if (!r->have[k])
			continue;
		if (real)
			r2c_ref(r, p, k, &xr, &xi);
		else
			ref_at(r, p, sign, k, &xr, &xi);
		big = fmaxl(big, fmaxl(fabsl(xr), fabsl(xi)));
		e = fmaxl(e, fmaxl(fabsl(yr[k * ys] - xr),
		    fabsl(yi[k * ys] - xi)));
	}
	return (double)(big > 0 ? e / big : e);
}

/* The error of y / n against x (length n). */
static double
S(back)(const R *x, const R *y, int n)
{
	double big = 0, e = 0;
	int k;

	for (k = 0; k < n; k++) {
		big = fmax(big, fabs((double)x[k]));
		e = fmax(e, fabs((double)y[k] / n - (double)x[k]));
	}
	return big > 0 ? e / big : e;
}

/* Guards in a[from..from+3] changed. */
static long
S(guards)(const R *a, int from)
{
	long h = 0;
	int k;

	for (k = from; k < from + 4; k++)
		h += !(a[k] == (R)GUARD);
	return h;
}

static void
S(fill)(R *a, int len)
{
	while (len-- > 0)
		a[len] = (R)GUARD;
}

/* The planner at size r->n: forward out of place (split), backward in
 * place (interleaved, two transforms), their round trip, r2c and c2r. */
static void
S(plans)(const Ref *r)
{
	int n = r->n, h = n / 2 + 1, j, k;
	R *xr = xmalloc(n * sizeof(R)), *xi = xmalloc(n * sizeof(R));
	R *yr = xmalloc((n + 4) * sizeof(R)), *yi = xmalloc((n + 4) *
	    sizeof(R));
	R *wr = xmalloc((n + 4) * sizeof(R)), *wi = xmalloc((n + 4) *
	    sizeof(R));
	R *z = xmalloc((4 * (size_t)n + 4) * sizeof(R));
	PLAN *f = PLAN_1D(n, -1, KGEN_ESTIMATE);
	PLAN *b = PLAN_1D(n, 1, KGEN_ESTIMATE);
	PLAN *m = PLAN_MANY(n, 2, 2, 2 * n, 1, KGEN_ESTIMATE);
	PLAN *rc = PLAN_R2C(n, KGEN_ESTIMATE);
	PLAN *cr = PLAN_C2R(n, KGEN_ESTIMATE);
	double e;

	if (!f || !b || !m || !rc || !cr) {
		printf("plan %s none %d\n", PREC, n);
		goto out;
	}
	for (k = 0; k < n; k++)
		xr[k] = r->re[k], xi[k] = r->im[k];
	S(fill)(yr, n + 4), S(fill)(yi, n + 4);
	S(fill)(wr, n + 4), S(fill)(wi, n + 4);
	e = EXECUTE(f, xr, xi, yr, yi) ? -1 : S(against)(r, 0, -1, 0,
	    yr, yi, 1);
	printf("plan %s fwd %d %.3g %ld\n", PREC, n, e,
	    S(guards)(yr, n) + S(guards)(yi, n));
	e = EXECUTE(b, yr, yi, wr, wi) ? -1 : fmax(S(back)(xr, wr, n),
	    S(back)(xi, wi, n));
	printf("plan %s rt %d %.3g %ld\n", PREC, n, e,
	    S(guards)(wr, n) + S(guards)(wi, n));

	S(fill)(z, 4 * n + 4);
	for (j = 0; j < 2; j++)
		for (k = 0; k < n; k++) {
			z[2 * n * j + 2 * k] = r->re[j * n + k];
			z[2 * n * j + 2 * k + 1] = r->im[j * n + k];
		}
	e = EXECUTE(m, z, z + 1, z, z + 1) ? -1 : fmax(S(against)(r, 0, 1,
	    0, z, z + 1, 2), S(against)(r, 1, 1, 0, z + 2 * n,
	    z + 2 * n + 1, 2));
	printf("plan %s bwd %d %.3g %ld\n", PREC, n, e, S(guards)(z, 4 * n));

	S(fill)(yr, n + 4), S(fill)(yi, n + 4), S(fill)(wr, n + 4);
	e = EXEC_R2C(rc, xr, yr, yi) ? -1 : S(against)(r, 0, -1, 1, yr,
	    yi, 1);
	printf("plan %s r2c %d %.3g %ld\n", PREC, n, e,
	    S(guards)(yr, h) + S(guards)(yi, h));
	e = EXEC_C2R(cr, yr, yi, wr) ? -1 : S(back)(xr, wr, n);
	printf("plan %s c2r %d %.3g %ld\n", PREC, n, e, S(guards)(wr, n));
out:
	DESTROY(f), DESTROY(b), DESTROY(m), DESTROY(rc), DESTROY(cr);
	free(xr), free(xi), free(yr), free(yi), free(wr), free(wi), free(z);
}
