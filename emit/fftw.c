/* emit/fftw.c: kgen fft --emit fftw, a codelet file of FFTW 3.3.10's
 * tree written by kgen in place of genfft's (Frigo, PLDI 1999): the same
 * file name, includes, function, descriptor and registration, so that
 * FFTW builds with it unchanged.  Like genfft's, a file holds two forms
 * of the codelet, each from its own DAG:
 *   #if defined(ARCH_PREFERS_FMA) || defined(ISA_EXTENSION_PREFERS_FMA)
 *     the DAG built and simplified with FMA contraction (FMA, FMS, FNMS:
 *     FFTW's macros, fused where FFTW's build asks for it)
 *   #else
 *     the DAG without (plain additions and multiplications)
 *   #endif
 * each ordered by kgen's schedule for the target's registers (the
 * driver's, driver/fftw.c), and opened by its counts in genfft's words
 * ("This function contains N FP additions, ...").  Constants are
 * FFTW's DK(KPname, value), so one file serves every precision.
 * The families are a table: FFTW's prefix, its folder, the DAG it is
 * printed from (FB_*), its sign and FFTW 3.3.10's sizes (kgen makes any
 * size in the builder's range; `--list` names FFTW's files).  The
 * scalar families are printed here; the SIMD ones (V, LD, ST, VADD, ...
 * of FFTW's simd-support) by emit/fftwsimd.c through the same frame.
 * The text around the statements is emit/tpl/fftw.c. */
#define _GNU_SOURCE     /* open_memstream */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"

static void scalar(FILE *f, const Fftwfam *m, int n, const Fftwform *fm,
    const Emit *e);

/* The scalar families: arrays by Slot.arr and their strides (NULL: an
 * array indexed directly, the twiddle table), the template prefix. */
typedef struct Sfam Sfam;
struct Sfam {
	const char *arr[4], *stride[4];
	const char *tpl;
};
static const Sfam sfam[] = {
	[FB_N1] = {{"ri", "ii", "ro", "io"}, {"is", "is", "os", "os"}, "n1"},
	[FB_T1] = {{"ri", "ii", "W"}, {"rs", "rs", NULL}, "t1"},
	[FB_R2CF] = {{"R0", "R1", "Cr", "Ci"}, {"rs", "rs", "csr", "csi"},
		"r2c"},
	[FB_R2CB] = {{"R0", "R1", "Cr", "Ci"}, {"rs", "rs", "csr", "csi"},
		"r2c"},
	[FB_R2CFII] = {{"R0", "R1", "Cr", "Ci"}, {"rs", "rs", "csr", "csi"},
		"r2c"},
	[FB_R2CBIII] = {{"R0", "R1", "Cr", "Ci"}, {"rs", "rs", "csr", "csi"},
		"r2c"},
	[FB_E10] = {{"I", "O"}, {"is", "os"}, "r2r"},
	[FB_E01] = {{"I", "O"}, {"is", "os"}, "r2r"},
	[FB_Q1] = {{"rio", "iio", "W"}, {"rs", "rs", NULL}, "q1"},
};

#define N1SIZES "2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 20 25 32 64"
#define T1SIZES "2 3 4 5 6 7 8 9 10 12 15 16 20 25 32 64"
#define SHIFTSIZES "2 3 4 5 6 7 8 9 10 12 15 16 20 25 32 64"
#define R2CSIZES "2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 20 25 32 64 128"

static const Fftwfam fams[] = {
	{"n1", "dft/scalar/codelets", FB_N1, -1, N1SIZES, 1, FFT_MAXN,
		"dft/codelet-dft.h", "dft/scalar/n.h", scalar},
	{"t1", "dft/scalar/codelets", FB_T1, -1, T1SIZES, 2, FFT_MAXN,
		"dft/codelet-dft.h", "dft/scalar/t.h", scalar},
	{"r2cf", "rdft/scalar/r2cf", FB_R2CF, -1, R2CSIZES, 1, FFT_MAXN,
		"rdft/codelet-rdft.h", "rdft/scalar/r2cf.h", scalar},
	{"r2cb", "rdft/scalar/r2cb", FB_R2CB, 1, R2CSIZES, 1, FFT_MAXN,
		"rdft/codelet-rdft.h", "rdft/scalar/r2cb.h", scalar},
	{"r2cfII", "rdft/scalar/r2cf", FB_R2CFII, -1, SHIFTSIZES, 1,
		FFT_MAXN / 2, "rdft/codelet-rdft.h", "rdft/scalar/r2cfII.h",
		scalar},
	{"r2cbIII", "rdft/scalar/r2cb", FB_R2CBIII, 1, SHIFTSIZES, 1,
		FFT_MAXN / 2, "rdft/codelet-rdft.h", "rdft/scalar/r2cbIII.h",
		scalar},
	{"e10", "rdft/scalar/r2r", FB_E10, -1, "8", 1, FFT_MAXN / 4,
		"rdft/codelet-rdft.h", "rdft/scalar/r2r.h", scalar},
	{"e01", "rdft/scalar/r2r", FB_E01, 1, "8", 1, FFT_MAXN / 4,
		"rdft/codelet-rdft.h", "rdft/scalar/r2r.h", scalar},
	{"q1", "dft/scalar/codelets", FB_Q1, -1, "2 3 4 5 6 8", 2, FFT_MAXN,
		"dft/codelet-dft.h", "dft/scalar/q.h", scalar},
};
enum { NFAM = sizeof fams / sizeof fams[0] };

/* The three tables: this file's scalar dft and r2c families, then
 * emit/fftwrdft.c's and emit/fftwsimd.c's. */
static const Fftwfam *
table(int t, int *n)
{
	if (t == 0) {
		*n = NFAM;
		return fams;
	}
	return t == 1 ? fftwrdft_fams(n) : fftwsimd_fams(n);
}

/* The family called name, or NULL. */
const Fftwfam *
fftw_find(const char *name)
{
	const Fftwfam *f;
	int t, i, n;

	for (t = 0; t < 3; t++)
		for (f = table(t, &n), i = 0; i < n; i++)
			if (!strcmp(f[i].name, name))
				return &f[i];
	return NULL;
}

/* Prints the families' names, separated by spaces, to f. */
void
fftw_names(FILE *out)
{
	const Fftwfam *f;
	int t, i, n;

	for (t = 0; t < 3; t++)
		for (f = table(t, &n), i = 0; i < n; i++)
			fprintf(out, "%s%s", t || i ? " " : "", f[i].name);
}

/* One family's lines of --list: "NAME N PATH" per FFTW file. */
void
fftw_listfam(FILE *f, const Fftwfam *m)
{
	const char *s;
	char *end;
	long n;

	for (s = m->sizes; *s; s = end) {
		n = strtol(s, &end, 10);
		if (end == s)
			break;
		fprintf(f, "%s %ld %s/%s_%ld.c\n", m->name, n, m->dir, m->name,
		    n);
	}
}

/* kgen fft --emit fftw --list: every FFTW 3.3.10 file kgen writes. */
void
fftw_list(FILE *out)
{
	const Fftwfam *f;
	int t, i, n;

	for (t = 0; t < 3; t++)
		for (f = table(t, &n), i = 0; i < n; i++)
			fftw_listfam(out, &f[i]);
}

/* FFTW's name of constant k of d, as genfft makes them: KP and nine
 * decimals, the integer part and an underscore first when it is not
 * zero (KP707106781, KP1_732050807); a later constant whose name would
 * repeat an earlier one's gets its index after it. */
void
fftw_kname(char *buf, size_t len, Dag *d, int k)
{
	long double v;
	char other[48];
	long ip, fr;
	int i;

	v = d->con[k];
	ip = (long)floorl(v);
	fr = (long)((v - ip) * 1e9L);
	if (ip)
		snprintf(buf, len, "KP%ld_%09ld", ip, fr);
	else
		snprintf(buf, len, "KP%09ld", fr);
	for (i = 0; i < k; i++) {
		v = d->con[i];
		ip = (long)floorl(v);
		fr = (long)((v - ip) * 1e9L);
		if (ip)
			snprintf(other, sizeof other, "KP%ld_%09ld", ip, fr);
		else
			snprintf(other, sizeof other, "KP%09ld", fr);
		if (!strcmp(other, buf)) {
			snprintf(buf + strlen(buf), len - strlen(buf), "_%d",
			    k);
			return;
		}
	}
}

/* The declarations of the constants form fm uses, one per line: FFTW's
 * DK (scalar E) or DVK (SIMD V) with the value to long double's
 * precision. */
void
fftw_consts(FILE *f, const Fftwform *fm, int simd)
{
	Dag *d;
	char name[48];
	int *used, i, id;

	d = fm->d;
	used = calloc(d->ncon + 1, sizeof *used);
	if (!used)
		die("out of memory");
	for (i = 0; i < fm->n; i++) {
		Node *x = &d->node[fm->o[i]];
		int a;

		for (a = 0; a < 3; a++) {
			id = x->a[a];
			if (id < 0)
				continue;
			if (d->node[id].op == OP_NEG)
				id = d->node[id].a[0];
			if (d->node[id].op == OP_CONST)
				used[d->node[id].k] = 1;
		}
	}
	for (i = 0; i < d->ncon; i++) {
		if (!used[i])
			continue;
		fftw_kname(name, sizeof name, d, i);
		fprintf(f, "     %s(%s, %+.21Lg);\n", simd ? "DVK" : "DK",
		    name, d->con[i]);
	}
	free(used);
}

/* The descriptor's counts "add, mul, fma, other" of form fm: a
 * negation is an other (genfft folds them all away). */
const char *
fftw_ops(char *buf, size_t len, const Fftwform *fm)
{
	Count c;

	c = dag_count(fm->d);
	snprintf(buf, len, "%d, %d, %d, %d", c.add, c.mul, c.fma, c.neg);
	return buf;
}

/* The comment that opens form fm of family m (vars: its temporaries)
 * and the family's include. */
void
fftw_formhead(FILE *f, const Fftwfam *m, const Fftwform *fm, int vars)
{
	Count c;

	c = dag_count(fm->d);
	tpl_print(f, "form_head", (const Tplarg[]){
		TPL_S("form", fm->fma ? "FMA (built with FMA contraction)"
		    : "plain (built without FMA contraction)"),
		TPL_N("adds", c.add + c.fma + c.neg),
		TPL_N("muls", c.mul + c.fma),
		TPL_N("add", c.add + c.neg), TPL_N("mul", c.mul),
		TPL_N("fma", c.fma), TPL_N("vars", vars),
		TPL_N("cons", c.con), TPL_N("mem", c.load + c.store),
		TPL_S("inc", m->inc), TPL_END});
}

/* A memory stream for a form's body, printed before its head so that
 * the head can count the temporaries. */
FILE *
fftw_memopen(char **buf, size_t *len)
{
	FILE *b;

	if (!(b = open_memstream(buf, len)))
		die("cannot print to memory: %s", strerror(errno));
	return b;
}

void
fftw_memclose(FILE *b)
{
	if (fclose(b))
		die("cannot print to memory: %s", strerror(errno));
}

/* ---- the scalar families */

/* The Printer's hooks: a slot as FFTW writes it, a constant by its
 * FFTW name. */
static void
saddr(Printer *o, const Slot *s)
{
	if (!o->stride[s->arr] || s->j == 0)
		fprintf(o->f, "%s[%d]", o->arr[s->arr], s->i);
	else
		fprintf(o->f, "%s[WS(%s, %d)]", o->arr[s->arr],
		    o->stride[s->arr], s->j);
}

static void
sload(Printer *o, const Slot *s)
{
	saddr(o, s);
}

/* q1's slots: data element (i, j) at vs stride i and rs stride j. */
static void
qaddr(Printer *o, const Slot *s)
{
	if (!o->stride[s->arr] || (s->i == 0 && s->j == 0))
		fprintf(o->f, "%s[%d]", o->arr[s->arr], s->arr == 2 ? s->i : 0);
	else if (s->i == 0)
		fprintf(o->f, "%s[WS(rs, %d)]", o->arr[s->arr], s->j);
	else if (s->j == 0)
		fprintf(o->f, "%s[WS(vs, %d)]", o->arr[s->arr], s->i);
	else
		fprintf(o->f, "%s[WS(vs, %d) + WS(rs, %d)]", o->arr[s->arr],
		    s->i, s->j);
}

static void
qstore(Printer *o, int id)
{
	Node *n;

	n = &o->d->node[id];
	fputs(o->tab, o->f);
	qaddr(o, &o->d->out[n->k]);
	fputs(" = ", o->f);
	emit_operand(o, n->a[0]);
	fputs(";\n", o->f);
}

static void
sstore(Printer *o, int id)
{
	Node *n;

	n = &o->d->node[id];
	fputs(o->tab, o->f);
	saddr(o, &o->d->out[n->k]);
	fputs(" = ", o->f);
	emit_operand(o, n->a[0]);
	fputs(";\n", o->f);
}

static int
svar(Printer *o, int id)
{
	char name[48];
	Node *n;

	n = &o->d->node[id];
	if (n->op != OP_CONST)
		return 0;
	fftw_kname(name, sizeof name, o->d, n->k);
	fputs(name, o->f);
	return 1;
}

static const char *const sfmt[NOP] = {
	[OP_FMA] = "FMA(%0, %1, %2)",
	[OP_FMS] = "FMS(%0, %1, %2)",
	[OP_FNMS] = "FNMS(%0, %1, %2)",
};

/* Sets o's hooks to the scalar families' (emit/fftwrdft.c's too): slots
 * as FFTW writes them, constants by their FFTW names, FFTW's FMA
 * macros. */
void
fftw_scalarhooks(Printer *o)
{
	o->load = sload;
	o->store = sstore;
	o->var = svar;
	o->opfmt = sfmt;
}

/* Family m's form fm at size n, scalar: E temporaries, one statement
 * per node in fm's order, in the family's loop. */
static void
scalar(FILE *f, const Fftwfam *m, int n, const Fftwform *fm, const Emit *e)
{
	const Sfam *sf;
	Printer o;
	Arena *ar;
	FILE *b;
	char *body, ops[64], open[32], loop[32], desc[32];
	size_t len;
	int i, mv;

	(void)e;
	sf = &sfam[m->build];
	ar = arena_new();
	b = fftw_memopen(&body, &len);
	emit_init(&o, b, fm->d, 0, ar);
	o.type = "E";
	o.tab = "\t       ";
	o.arr = sf->arr;
	o.stride = sf->stride;
	o.load = m->build == FB_Q1 ? qaddr : sload;
	o.store = m->build == FB_Q1 ? qstore : sstore;
	o.var = svar;
	o.opfmt = sfmt;
	for (i = 0; i < fm->n; i++)
		emit_statement(&o, fm->o[i]);
	fftw_memclose(b);
	fftw_formhead(f, m, fm, o.next);
	snprintf(open, sizeof open, "%s_open", sf->tpl);
	snprintf(loop, sizeof loop, "%s_loop", sf->tpl);
	snprintf(desc, sizeof desc, "%s_desc", sf->tpl);
	mv = m->build == FB_T1 || m->build == FB_Q1 ? 2 * n : 4 * n;
	tpl_print(f, open, (const Tplarg[]){TPL_S("name", e->name),
		TPL_END});
	fftw_consts(f, fm, 0);
	if (m->build == FB_T1 || m->build == FB_Q1)
		tpl_print(f, loop, (const Tplarg[]){TPL_N("nw", 2 * (n - 1)),
			TPL_N("mv", mv), TPL_END});
	else if (m->build == FB_N1)
		tpl_print(f, loop, (const Tplarg[]){TPL_N("mv", mv), TPL_END});
	else if (m->build == FB_E10 || m->build == FB_E01)
		tpl_print(f, loop, (const Tplarg[]){TPL_N("mv", 2 * n),
			TPL_END});
	else
		tpl_print(f, loop, (const Tplarg[]){
			TPL_S("rv", m->sign < 0 ? "ivs" : "ovs"),
			TPL_S("cv", m->sign < 0 ? "ovs" : "ivs"),
			TPL_N("mv", mv), TPL_END});
	fputs(body, f);
	free(body);
	fftw_ops(ops, sizeof ops, fm);
	if (m->build == FB_E10 || m->build == FB_E01)
		tpl_print(f, desc, (const Tplarg[]){TPL_N("n", n),
			TPL_S("name", e->name), TPL_S("ops", ops),
			TPL_S("kind", m->build == FB_E10 ? "REDFT10"
			    : "REDFT01"), TPL_END});
	else
		tpl_print(f, desc, (const Tplarg[]){TPL_N("n", n),
			TPL_S("name", e->name), TPL_S("ops", ops), TPL_END});
	arena_free(ar);
}

/* The whole file of family m at size n: both forms, FMA first. */
void
emitfftw(FILE *f, const Fftwfam *m, int n, const Fftwform fm[2],
    const Emit *e)
{
	tpl_print(f, "file_head", (const Tplarg[]){TPL_S("cmd", e->cmd),
		TPL_S("sched", e->sched), TPL_S("top", m->top), TPL_END});
	m->print(f, m, n, &fm[0], e);
	fputs("\n#else\n", f);
	m->print(f, m, n, &fm[1], e);
	fputs("\n#endif\n", f);
}
