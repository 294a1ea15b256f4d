/* ndcheck.c: the FFTW-style interface of runtime/kgen.h (plans of any
 * rank, many and guru layouts, real data in FFTW's layout, threads)
 * against FFTW in double.
 *   ndcheck [-m] [-t T] [-a API] [-S] [-u] [-d] PROBLEM...
 *   ndcheck -e        bad input: one line per call
 * PROBLEM is FFTW's bench syntax, [i|o][c|r][f|b]DIMS[*LOOPS]: i in
 * place, o out of place; c complex (f sign -1, b +1), r real (f r2c,
 * b c2r); DIMS is n[:is[:os]] joined by x, row-major (the last the
 * fastest); LOOPS (the howmany dimensions, same form) the transforms.
 * So ocf100:2:3 is n = 100 read at stride 2 and written at stride 3,
 * ocb200:1*3:200:250 three of n = 200, input distance 200, output 250.
 * Strides count kgen_complex elements, doubles (floats) under -S and
 * on the real side of r2c/c2r.  Strides left out are FFTW's defaults:
 * contiguous, the real side of an in-place r2c/c2r padded to rows of
 * 2 (n/2 + 1), the loops outside the transform.
 * API picks the plan call: dft (kgen_plan_dft, _dft_r2c, _dft_c2r), nd
 * (kgen_plan_dft_1d, _2d, _3d by rank, and their real ones), many
 * (kgen_plan_many_dft_nd, _many_dft_r2c, _c2r: the layout read back as
 * strides, embeds and distances; NULL embeds where they are n), guru
 * (kgen_plan_guru_dft); the default is dft, or for a problem with
 * strides or loops guru (complex) and many (real).  -S executes
 * complex plans by kgen_execute on split arrays (else kgen_execute_dft
 * on interleaved ones), -u places offset 0 one complex number past a
 * 64-byte boundary, -t T calls kgen_plan_with_nthreads(T) first, -m
 * plans with KGEN_MEASURE, -d prints kgen_plan_describe's text on lines
 * starting "# ".  Prints, per problem,
 *   PROBLEM API N STATUS ERR GUARDS INPUT
 * N the transform size (product of DIMS), STATUS the execute's (-100:
 * the plan function returned NULL), ERR the largest error of an output
 * (complex: its modulus) relative to the largest output (docs/design.md;
 * the bound lives in tests/test_nd.py), GUARDS the values changed
 * outside the output (guard values fill every array around and between
 * the elements; in place the input's elements may change), INPUT the
 * values an out-of-place call changed in its input (c2r's included).
 * Inputs come from a fixed-seed generator; c2r's are FFTW's r2c of
 * random reals, so Hermitian.  Built with -DSINGLE it checks the float
 * calls (kgen_planf_*, kgen_executef_*) against FFTW in double on the
 * same (float) inputs.
 * -e prints NAME RESULT TOUCHED for calls the contract refuses: RESULT
 * "null" or "plan" for a plan function, the status for the others
 * ("noplan" when the valid plan the check needs was not made), TOUCHED
 * 1 when a refused call changed its output.
 * The parser of PROBLEM and the guarded arrays are tests/ndprob.c. */
#include <fftw3.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ndprob.h"

#define NOPLAN (-100)

static int
expressible(const Prob *p, int out, int *embed, ptrdiff_t *st)
{
	int k, natural = 1;
	ptrdiff_t a, b;

	*st = *stride((Dim *)&p->d[p->rank - 1], out);
	embed[0] = p->d[0].n;
	for (k = 1; k < p->rank; k++) {
		a = out ? p->d[k - 1].os : p->d[k - 1].is;
		b = out ? p->d[k].os : p->d[k].is;
		if (!b || a % b || a / b < 1 || a / b > 1 << 30)
			die("layout not expressible as many", p->text);
		embed[k] = a / b;
		natural &= embed[k] == shape(p, out, k);
	}
	return natural;
}

static PLAN *
plan_many(const Prob *p, unsigned flags)
{
	int n[MAXR], ie[MAXR], oe[MAXR], ni, no, k, howmany = 1;
	ptrdiff_t is, os, idist = 0, odist = 0;

	if (p->vrank > 1)
		die("many takes one loop", p->text);
	for (k = 0; k < p->rank; k++)
		n[k] = p->d[k].n;
	ni = expressible(p, 0, ie, &is);
	no = expressible(p, 1, oe, &os);
	if (p->vrank) {
		howmany = p->v[0].n;
		idist = p->v[0].is;
		odist = p->v[0].os;
	}
	if (!p->real)
		return PL(many_dft_nd)(p->rank, n, howmany, ni ? NULL : ie, is,
		    idist, no ? NULL : oe, os, odist, p->sign, flags);
	if (p->sign < 0)
		return PL(many_dft_r2c)(p->rank, n, howmany, ni ? NULL : ie,
		    is, idist, no ? NULL : oe, os, odist, flags);
	return PL(many_dft_c2r)(p->rank, n, howmany, ni ? NULL : ie, is,
	    idist, no ? NULL : oe, os, odist, flags);
}

static PLAN *
plan_guru(const Prob *p, unsigned flags)
{
	kgen_iodim d[MAXR], v[MAXR];
	int k;

	if (p->real)
		die("no real guru plans", p->text);
	for (k = 0; k < p->rank; k++) {
		d[k].n = p->d[k].n;
		d[k].is = p->d[k].is;
		d[k].os = p->d[k].os;
	}
	for (k = 0; k < p->vrank; k++) {
		v[k].n = p->v[k].n;
		v[k].is = p->v[k].is;
		v[k].os = p->v[k].os;
	}
	return PL(guru_dft)(p->rank, d, p->vrank, v, p->sign, flags);
}

/* The rank-specific calls: _1d, _2d, _3d. */
static PLAN *
plan_nd(const Prob *p, unsigned flags)
{
	const Dim *d = p->d;
	int r = p->real ? p->sign : 0;

	if (p->rank == 1)
		return r < 0 ? PL(dft_r2c_1d)(d[0].n, flags)
		    : r > 0 ? PL(dft_c2r_1d)(d[0].n, flags)
		    : PL(dft_1d)(d[0].n, p->sign, flags);
	if (p->rank == 2)
		return r < 0 ? PL(dft_r2c_2d)(d[0].n, d[1].n, flags)
		    : r > 0 ? PL(dft_c2r_2d)(d[0].n, d[1].n, flags)
		    : PL(dft_2d)(d[0].n, d[1].n, p->sign, flags);
	if (p->rank == 3)
		return r < 0 ? PL(dft_r2c_3d)(d[0].n, d[1].n, d[2].n, flags)
		    : r > 0 ? PL(dft_c2r_3d)(d[0].n, d[1].n, d[2].n, flags)
		    : PL(dft_3d)(d[0].n, d[1].n, d[2].n, p->sign, flags);
	die("nd takes rank 1 to 3", p->text);
	return NULL;
}

static PLAN *
plan_dft(const Prob *p, unsigned flags)
{
	int n[MAXR], k;

	for (k = 0; k < p->rank; k++)
		n[k] = p->d[k].n;
	if (!p->real)
		return PL(dft)(p->rank, n, p->sign, flags);
	return p->sign < 0 ? PL(dft_r2c)(p->rank, n, flags)
	    : PL(dft_c2r)(p->rank, n, flags);
}

/* FFTW in double on contiguous copies: loops flattened into one. */
static void
reference(const Prob *p, double *in, double *out)
{
	fftw_iodim64 d[MAXR], h;
	fftw_plan f;
	long si = 1, so = 1;
	int k;

	for (k = p->rank - 1; k >= 0; k--) {
		d[k].n = p->d[k].n;
		d[k].is = si;
		d[k].os = so;
		si *= shape(p, 0, k);
		so *= shape(p, 1, k);
	}
	h.n = 1;
	for (k = 0; k < p->vrank; k++)
		h.n *= p->v[k].n;
	h.is = si;
	h.os = so;
	if (!p->real)
		f = fftw_plan_guru64_dft(p->rank, d, 1, &h, (fftw_complex *)in,
		    (fftw_complex *)out, p->sign, FFTW_ESTIMATE);
	else if (p->sign < 0)
		f = fftw_plan_guru64_dft_r2c(p->rank, d, 1, &h, in,
		    (fftw_complex *)out, FFTW_ESTIMATE);
	else
		f = fftw_plan_guru64_dft_c2r(p->rank, d, 1, &h,
		    (fftw_complex *)in, out, FFTW_ESTIMATE);
	if (!f)
		die("FFTW made no plan", p->text);
	fftw_execute(f);
	fftw_destroy_plan(f);
}

/* The half spectra of random reals, for c2r's input: count complex
 * numbers in FFTW's contiguous layout. */
static void
hermitian(const Prob *p, double *spec, long count)
{
	fftw_iodim64 d[MAXR], h;
	fftw_plan f;
	long si = 1, so = 1, e;
	int k;
	double *x;

	for (k = p->rank - 1; k >= 0; k--) {
		d[k].n = p->d[k].n;
		d[k].is = si;
		d[k].os = so;
		si *= p->d[k].n;
		so *= shape(p, 0, k);
	}
	h.n = count / so;
	h.is = si;
	h.os = so;
	x = fftw_malloc(h.n * si * sizeof *x);
	for (e = 0; e < h.n * si; e++)
		x[e] = rnd();
	f = fftw_plan_guru64_dft_r2c(p->rank, d, 1, &h, x,
	    (fftw_complex *)spec, FFTW_ESTIMATE);
	fftw_execute(f);
	fftw_destroy_plan(f);
	fftw_free(x);
}

static int split, shift, describe;
static const char *api;
static unsigned flags = KGEN_ESTIMATE;

static PLAN *
make(const Prob *p, const char **name)
{
	int plain = !p->vrank;
	int k;

	for (k = 0; k < p->rank; k++)
		plain &= !p->d[k].given;
	*name = api ? api : plain ? "dft" : p->real ? "many" : "guru";
	if (!strcmp(*name, "dft")) {
		if (!plain)
			die("dft takes no strides or loops", p->text);
		return plan_dft(p, flags);
	}
	if (!strcmp(*name, "nd")) {
		if (!plain)
			die("nd takes no strides or loops", p->text);
		return plan_nd(p, flags);
	}
	if (!strcmp(*name, "many"))
		return plan_many(p, flags);
	if (!strcmp(*name, "guru"))
		return plan_guru(p, flags);
	die("unknown API", *name);
	return NULL;
}

static void
check(const char *text)
{
	Prob p;
	Side in, out;
	Arr a[4];       /* input (re, im when split), output (re, im) */
	int na, ni, sp, k, st = NOPLAN;
	long e, n = 1, guards = 0, inhits = 0;
	double *rin, *rout, err = 0, mag = 0, d;
	const char *name;
	PLAN *pl;

	parse(text, &p);
	for (k = 0; k < p.rank; k++)
		n *= p.d[k].n;
	if (p.real && split)
		die("split arrays are for complex plans", text);
	sp = split && !p.real;
	elements(&p, 0, &in);
	elements(&p, 1, &out);
	ni = sp ? 2 : 1;
	na = p.inplace ? ni : 2 * ni;
	for (k = 0; k < na; k++) {
		arr(&a[k], &in, p.inplace ? &out : NULL, sp, shift);
		if (!p.inplace && k >= ni) {
			unarr(&a[k]);
			arr(&a[k], &out, NULL, sp, shift);
		}
	}
	rin = fftw_malloc(2 * in.count * sizeof *rin);
	rout = fftw_malloc(2 * out.count * sizeof *rout);
	if (p.real && p.sign > 0)
		hermitian(&p, rin, in.count);
	else
		for (e = 0; e < (in.cplx ? 2 : 1) * in.count; e++)
			rin[e] = rnd();
	for (e = 0; e < in.count; e++)
		for (k = 0; k < (in.cplx ? 2 : 1); k++) {
			R x = (R)rin[(in.cplx ? 2 : 1) * e + k];
			a[sp ? k : 0].b[pos(&in, e, k, sp)] = x;
			rin[(in.cplx ? 2 : 1) * e + k] = x;
		}
	for (k = 0; k < na; k++)
		memcpy(a[k].init, a[k].mem, a[k].len * sizeof(R));
	/* the positions each call may write */
	for (k = 0; k < ni; k++) {
		allow(&a[na - ni + k], &out, sp);
		if (p.inplace)
			allow(&a[k], &in, sp);
	}
	pl = make(&p, &name);
	if (pl) {
		if (describe) {
			char *s = PL(describe)(pl), *line;

			for (line = s ? strtok(s, "\n") : NULL; line;
			    line = strtok(NULL, "\n"))
				printf("# %s\n", line);
			free(s);
		}
		if (p.real && p.sign < 0)
			st = EX(dft_r2c)(pl, a[0].b, (C *)a[na - 1].b);
		else if (p.real)
			st = EX(dft_c2r)(pl, (const C *)a[0].b, a[na - 1].b);
		else if (sp)
			st = EXEC(pl, a[0].b, a[1].b, a[na - 2].b,
			    a[na - 1].b);
		else
			st = EX(dft)(pl, (const C *)a[0].b, (C *)a[na - 1].b);
		DESTROY(pl);
	}
	reference(&p, rin, rout);
	if (st == KGEN_OK)
		for (e = 0; e < out.count; e++) {
			int o = na - ni;
			if (out.cplx) {
				d = hypot(a[o].b[pos(&out, e, 0, sp)]
				    - rout[2 * e], a[o + sp].b[pos(&out, e,
				    1, sp)] - rout[2 * e + 1]);
				mag = fmax(mag, hypot(rout[2 * e],
				    rout[2 * e + 1]));
			} else {
				d = fabs(a[o].b[pos(&out, e, 0, sp)]
				    - rout[e]);
				mag = fmax(mag, fabs(rout[e]));
			}
			if (d > err || isnan(d))
				err = isnan(d) ? INFINITY : d;
		}
	else
		err = NAN;
	for (k = 0; k < na; k++)
		if (!p.inplace && k < ni)
			inhits += changed(&a[k], 1);
		else
			guards += changed(&a[k], 0);
	printf("%s %s %ld %d %.3e %ld %ld\n", text, name, n, st,
	    mag > 0 ? err / mag : err, guards, inhits);
	for (k = 0; k < na; k++)
		unarr(&a[k]);
	free(in.off);
	free(out.off);
	fftw_free(rin);
	fftw_free(rout);
}

/* ---- -e: the calls the contract refuses */

static void
said(const char *name, PLAN *p)
{
	printf("%s %s 0\n", name, p ? "plan" : "null");
	if (p)
		DESTROY(p);
}

/* The arrays of the refused executes, and their copy before each. */
static struct {
	R x[3][256];
	double d[3][256];
	float f[3][256];
} mem, snap;

static void
refill(void)
{
	int k, i;

	for (k = 0; k < 3; k++)
		for (i = 0; i < 256; i++) {
			mem.x[k][i] = (R)rnd();
			mem.d[k][i] = rnd();
			mem.f[k][i] = (float)rnd();
		}
	snap = mem;
}

/* name: a call that needs plan need; prints its status and whether it
 * changed any array. */
#define TRY(name, need, call) do { \
	int st_; \
	if (!(need)) { \
		printf("%s noplan 0\n", name); \
		break; \
	} \
	refill(); \
	st_ = (call); \
	printf("%s %d %d\n", name, st_, memcmp(&snap, &mem, \
	    sizeof mem) != 0); \
} while (0)

static int
badinput(void)
{
	int n2[2] = {8, 8}, n0[2] = {8, 0}, nneg[2] = {-8, 8}, n1[1] = {8};
	kgen_iodim d8 = {8, 1, 1}, d0 = {0, 1, 1}, dio = {8, 1, 2};
	kgen_iodim big = {8, PTRDIFF_MAX / 2, 1};
	PLAN *q, *q1, *qi, *qr, *qc, *qg, *qm;
	R *x = mem.x[0], *y = mem.x[1], *z = mem.x[2];
	void *m;

	said("dft_rank0", PL(dft)(0, n2, -1, 0));
	said("dft_rank_neg", PL(dft)(-1, n2, -1, 0));
	said("dft_size0", PL(dft)(2, n0, -1, 0));
	said("dft_size_neg", PL(dft)(2, nneg, -1, 0));
	said("dft_null_n", PL(dft)(2, NULL, -1, 0));
	said("dft_sign0", PL(dft)(2, n2, 0, 0));
	said("dft_sign2", PL(dft)(2, n2, 2, 0));
	said("dft_flags", PL(dft)(2, n2, -1, 1u << 20));
	said("dft_2d_size0", PL(dft_2d)(0, 8, -1, 0));
	said("dft_2d_sign", PL(dft_2d)(8, 8, -3, 0));
	said("dft_3d_size0", PL(dft_3d)(8, 8, 0, 1, 0));
	said("dft_3d_flags", PL(dft_3d)(8, 8, 8, 1, 6));
	said("dft_2d_too_big", PL(dft_2d)(1 << 16, 1 << 16, -1, 0));
	said("dft_3d_too_big", PL(dft_3d)(1 << 11, 1 << 11, 1 << 11, -1,
	    0));
	said("many_rank0", PL(many_dft_nd)(0, n2, 1, NULL, 1, 64, NULL, 1,
	    64, -1, 0));
	said("many_howmany0", PL(many_dft_nd)(2, n2, 0, NULL, 1, 64, NULL,
	    1, 64, -1, 0));
	said("many_null_n", PL(many_dft_nd)(2, NULL, 1, NULL, 1, 64, NULL,
	    1, 64, -1, 0));
	said("many_size0", PL(many_dft_nd)(2, n0, 1, NULL, 1, 64, NULL, 1,
	    64, -1, 0));
	said("many_sign", PL(many_dft_nd)(2, n2, 1, NULL, 1, 64, NULL, 1,
	    64, 0, 0));
	said("many_flags", PL(many_dft_nd)(2, n2, 1, NULL, 1, 64, NULL, 1,
	    64, -1, 1u << 31));
	said("many_overflow", PL(many_dft_nd)(1, n1, 3, NULL, 1,
	    PTRDIFF_MAX / 2, NULL, 1, 8, -1, 0));
	said("guru_rank0", PL(guru_dft)(0, &d8, 0, NULL, -1, 0));
	said("guru_null_dims", PL(guru_dft)(1, NULL, 0, NULL, -1, 0));
	said("guru_size0", PL(guru_dft)(1, &d0, 0, NULL, -1, 0));
	said("guru_loops_neg", PL(guru_dft)(1, &d8, -1, NULL, -1, 0));
	said("guru_null_loops", PL(guru_dft)(1, &d8, 1, NULL, -1, 0));
	said("guru_sign", PL(guru_dft)(1, &d8, 0, NULL, 0, 0));
	said("guru_flags", PL(guru_dft)(1, &d8, 0, NULL, 1, 1u << 8));
	said("guru_overflow", PL(guru_dft)(1, &big, 0, NULL, -1, 0));
	said("r2c_rank0", PL(dft_r2c)(0, n2, 0));
	said("r2c_size0", PL(dft_r2c)(2, n0, 0));
	said("r2c_null_n", PL(dft_r2c)(2, NULL, 0));
	said("r2c_flags", PL(dft_r2c)(2, n2, 1u << 20));
	said("r2c_2d_size0", PL(dft_r2c_2d)(8, 0, 0));
	said("r2c_3d_size0", PL(dft_r2c_3d)(0, 8, 8, 0));
	said("c2r_rank0", PL(dft_c2r)(0, n2, 0));
	said("c2r_size_neg", PL(dft_c2r)(2, nneg, 0));
	said("c2r_null_n", PL(dft_c2r)(1, NULL, 0));
	said("c2r_flags", PL(dft_c2r)(2, n2, 1u << 20));
	said("c2r_2d_size0", PL(dft_c2r_2d)(0, 8, 0));
	said("c2r_3d_size0", PL(dft_c2r_3d)(8, 8, -8, 0));
	said("many_r2c_howmany0", PL(many_dft_r2c)(2, n2, 0, NULL, 1, 64,
	    NULL, 1, 40, 0));
	said("many_r2c_null_n", PL(many_dft_r2c)(2, NULL, 1, NULL, 1, 64,
	    NULL, 1, 40, 0));
	said("many_c2r_rank0", PL(many_dft_c2r)(0, n2, 1, NULL, 1, 40,
	    NULL, 1, 64, 0));
	said("many_c2r_flags", PL(many_dft_c2r)(2, n2, 1, NULL, 1, 40,
	    NULL, 1, 64, 1u << 20));
	printf("nthreads0 %d 0\n", kgen_plan_with_nthreads(0));
	printf("nthreads_neg %d 0\n", kgen_plan_with_nthreads(-2));
	printf("nthreads1 %d 0\n", kgen_plan_with_nthreads(1));
	printf("describe_null %s 0\n", PL(describe)(NULL) ? "text" : "null");
	m = kgen_malloc(1000);
	printf("malloc_align %d 0\n", m ? (int)((uintptr_t)m % 64) : -1);
	kgen_free(m);
	kgen_free(NULL);
	printf("free_null 0 0\n");
	q = PL(dft_2d)(8, 8, -1, 0);
	q1 = PL(many_dft)(8, 1, 1, 8, -1, 0);
	qi = PL(many_dft)(8, 1, 2, 16, 1, 0);
	qr = PL(dft_r2c_2d)(8, 8, 0);
	qc = PL(dft_c2r_2d)(8, 8, 0);
	qg = PL(guru_dft)(1, &dio, 0, NULL, -1, 0);
	qm = PL(many_dft_nd)(1, n1, 2, NULL, 1, 8, NULL, 1, 9, -1, 0);
	TRY("exec_dft_null_plan", 1, EX(dft)(NULL, (C *)x, (C *)y));
	TRY("exec_dft_null_in", q, EX(dft)(q, NULL, (C *)y));
	TRY("exec_dft_null_out", q, EX(dft)(q, (C *)x, NULL));
	TRY("exec_split_null", q, EXEC(q, x, NULL, y, z));
	TRY("exec_dft_real_plan", qr, EX(dft)(qr, (C *)x, (C *)y));
	TRY("exec_r2c_complex_plan", q, EX(dft_r2c)(q, x, (C *)y));
	TRY("exec_r2c_c2r_plan", qc, EX(dft_r2c)(qc, x, (C *)y));
	TRY("exec_c2r_r2c_plan", qr, EX(dft_c2r)(qr, (C *)x, y));
	TRY("exec_r2c_null_plan", 1, EX(dft_r2c)(NULL, x, (C *)y));
	TRY("exec_r2c_null_in", qr, EX(dft_r2c)(qr, NULL, (C *)y));
	TRY("exec_c2r_null_out", qc, EX(dft_c2r)(qc, (C *)x, NULL));
	TRY("inplace_guru_layouts", qg, EX(dft)(qg, (C *)x, (C *)x));
	TRY("inplace_many_layouts", qm, EX(dft)(qm, (C *)x, (C *)x));
	TRY("overlap_in_1d", q1, EXEC(q1, x, x + 1, y, z));
	TRY("overlap_out_1d", q1, EXEC(q1, x, z, y, y + 1));
	TRY("overlap_in_2d", q, EXEC(q, x, x + 1, y, z));
	TRY("overlap_out_2d", q, EXEC(q, x, z, y, y + 1));
	TRY("overlap_kgen_dft", 1, kgen_dft(8, -1, mem.d[0], mem.d[0] + 1,
	    mem.d[1], mem.d[2], 1, 1, 1, 8, 8));
	TRY("overlap_kgen_dft_out", 1, kgen_dft(8, 1, mem.d[0], mem.d[1],
	    mem.d[2], mem.d[2] + 1, 1, 1, 1, 8, 8));
	TRY("overlap_kgen_dftf", 1, kgen_dftf(8, -1, mem.f[0],
	    mem.f[0] + 1, mem.f[1], mem.f[2], 1, 1, 1, 8, 8));
	/* these must run: interleaved through split pointers, in place */
	TRY("ok_interleaved_split", qi, EXEC(qi, x, x + 1, y, y + 1));
	TRY("ok_inplace_2d", q, EX(dft)(q, (C *)x, (C *)x));
	TRY("ok_inplace_2d_split", q, EXEC(q, x, y, x, y));
	TRY("ok_c2r", qc, EX(dft_c2r)(qc, (C *)x, y));
	if (q)
		DESTROY(q);
	if (q1)
		DESTROY(q1);
	if (qi)
		DESTROY(qi);
	if (qr)
		DESTROY(qr);
	if (qc)
		DESTROY(qc);
	if (qg)
		DESTROY(qg);
	if (qm)
		DESTROY(qm);
	return 0;
}

int
main(int argc, char **argv)
{
	int i, t;

	for (i = 1; i < argc && argv[i][0] == '-'; i++)
		if (!strcmp(argv[i], "-e"))
			return badinput();
		else if (!strcmp(argv[i], "-m"))
			flags = KGEN_MEASURE;
		else if (!strcmp(argv[i], "-S"))
			split = 1;
		else if (!strcmp(argv[i], "-u"))
			shift = 1;
		else if (!strcmp(argv[i], "-d"))
			describe = 1;
		else if (!strcmp(argv[i], "-a") && i + 1 < argc)
			api = argv[++i];
		else if (!strcmp(argv[i], "-t") && i + 1 < argc) {
			t = atoi(argv[++i]);
			if (kgen_plan_with_nthreads(t) != KGEN_OK)
				die("kgen_plan_with_nthreads refused",
				    argv[i]);
		} else
			break;
	if (i == argc) {
		fprintf(stderr, "usage: ndcheck [-m] [-t T] [-a API] [-S] "
		    "[-u] [-d] PROBLEM... | ndcheck -e\n");
		return 2;
	}
	printf("seed %llu\n", rnd_state);
	for (; i < argc; i++)
		check(argv[i]);
	return 0;
}
