/* emit/fftwrdft.c: the twiddle families of kgen fft --emit fftw beyond
 * t1, built by gen/hc2c.c: t2 (dft/scalar/codelets) and the real-data
 * ones, hc2cf, hc2cfdft, hf and their log3 twins in rdft/scalar/r2cf,
 * hc2cb, hc2cbdft, hb and theirs in rdft/scalar/r2cb.  The frame (both
 * forms, counts, constants) is emit/fftw.c's; this file has the
 * families' rows and their scalar printer: FFTW's arrays and strides
 * (Rp, Ip, Rm, Im or cr, ci at stride rs, the table W indexed
 * directly), the loop, the twinstr list (TW_FULL, or TW_CEXP per loaded
 * twiddle under the log3 policy) and the descriptor.  The text is
 * emit/tpl/fftwrdft.c. */
#include <stdlib.h>
#include <string.h>
#include "all.h"

static void print(FILE *f, const Fftwfam *m, int n, const Fftwform *fm,
    const Emit *e);

#define HC2C "2 4 6 8 10 12 16 20 32"
#define HC2C2 "4 8 16 20 32"
#define HC2HC "2 3 4 5 6 7 8 9 10 12 15 16 20 25 32 64"
#define HC2HC2 "4 5 8 16 20 25 32"
#define RF "rdft/scalar/r2cf"
#define RB "rdft/scalar/r2cb"
#define RTOP "rdft/codelet-rdft.h"

static const Fftwfam fams[] = {
	{"t2", "dft/scalar/codelets", FB_T2, -1, "4 5 8 10 16 20 25 32 64",
		2, FFT_MAXN, "dft/codelet-dft.h", "dft/scalar/t.h", print},
	{"hc2cf", RF, FB_HC2CF, -1, HC2C, 2, FFT_MAXN, RTOP,
		"rdft/scalar/hc2cf.h", print},
	{"hc2cb", RB, FB_HC2CB, 1, HC2C, 2, FFT_MAXN, RTOP,
		"rdft/scalar/hc2cb.h", print},
	{"hc2cfdft", RF, FB_HC2CFDFT, -1, HC2C, 2, FFT_MAXN, RTOP,
		"rdft/scalar/hc2cf.h", print},
	{"hc2cbdft", RB, FB_HC2CBDFT, 1, HC2C, 2, FFT_MAXN, RTOP,
		"rdft/scalar/hc2cb.h", print},
	{"hf", RF, FB_HF, -1, HC2HC, 2, FFT_MAXN, RTOP, "rdft/scalar/hf.h",
		print},
	{"hb", RB, FB_HB, 1, HC2HC, 2, FFT_MAXN, RTOP, "rdft/scalar/hb.h",
		print},
	{"hc2cf2", RF, FB_HC2CF2, -1, HC2C2, 2, FFT_MAXN, RTOP,
		"rdft/scalar/hc2cf.h", print},
	{"hc2cb2", RB, FB_HC2CB2, 1, HC2C2, 2, FFT_MAXN, RTOP,
		"rdft/scalar/hc2cb.h", print},
	{"hc2cfdft2", RF, FB_HC2CFDFT2, -1, HC2C2, 2, FFT_MAXN, RTOP,
		"rdft/scalar/hc2cf.h", print},
	{"hc2cbdft2", RB, FB_HC2CBDFT2, 1, HC2C2, 2, FFT_MAXN, RTOP,
		"rdft/scalar/hc2cb.h", print},
	{"hf2", RF, FB_HF2, -1, HC2HC2, 2, FFT_MAXN, RTOP, "rdft/scalar/hf.h",
		print},
	{"hb2", RB, FB_HB2, 1, HC2HC2, 2, FFT_MAXN, RTOP, "rdft/scalar/hb.h",
		print},
};
enum { NFAM = sizeof fams / sizeof fams[0] };

/* The table (emit/fftw.c searches it), n entries. */
const Fftwfam *
fftwrdft_fams(int *n)
{
	*n = NFAM;
	return fams;
}

static const char *const arr4[] = {"Rp", "Ip", "Rm", "Im", "W"};
static const char *const str4[] = {"rs", "rs", "rs", "rs", NULL};
static const char *const arr2hc[] = {"cr", "ci", "W"};
static const char *const arr2t[] = {"ri", "ii", "W"};
static const char *const str2[] = {"rs", "rs", NULL};

/* Family m's form fm at size n: E temporaries, one statement per node
 * in fm's order, in the family's loop, then the twinstr list and the
 * descriptor. */
static void
print(FILE *f, const Fftwfam *m, int n, const Fftwform *fm, const Emit *e)
{
	const char *tpl;
	Printer o;
	Arena *ar;
	FILE *b;
	char *body, ops[64], piece[32];
	size_t len;
	int i, nw, nc, v, mv;

	ar = arena_new();
	b = fftw_memopen(&body, &len);
	emit_init(&o, b, fm->d, 0, ar);
	o.type = "E";
	o.tab = "\t       ";
	if (m->build == FB_T2) {
		tpl = "t2";
		o.arr = arr2t;
		o.stride = str2;
	} else if (m->build == FB_HF || m->build == FB_HB
	    || m->build == FB_HF2 || m->build == FB_HB2) {
		tpl = "hc2hc";
		o.arr = arr2hc;
		o.stride = str2;
	} else {
		tpl = "hc2c";
		o.arr = arr4;
		o.stride = str4;
	}
	fftw_scalarhooks(&o);
	for (i = 0; i < fm->n; i++)
		emit_statement(&o, fm->o[i]);
	fftw_memclose(b);
	fftw_formhead(f, m, fm, o.next);
	nw = hc2c_twiddles(m->build, n, &nc);
	mv = (strcmp(tpl, "hc2c") ? 2 : 4) * n;
	snprintf(piece, sizeof piece, "%s_open", tpl);
	tpl_print(f, piece, (const Tplarg[]){TPL_S("name", e->name),
		TPL_END});
	fftw_consts(f, fm, 0);
	snprintf(piece, sizeof piece, "%s_loop", tpl);
	tpl_print(f, piece, (const Tplarg[]){TPL_N("nw", nw),
		TPL_N("mv", mv), TPL_END});
	fputs(body, f);
	free(body);
	tpl_print(f, "tw_close", (const Tplarg[]){TPL_END});
	v = m->build != FB_T2;
	if (!nc)
		tpl_print(f, "twinstr_full", (const Tplarg[]){TPL_N("v", v),
			TPL_N("n", n), TPL_END});
	for (i = 0; i < nc; i++)
		tpl_print(f, "twinstr_cexp", (const Tplarg[]){
			TPL_N("v", v), TPL_N("x", hc2c_log3x(n, i)),
			TPL_END});
	snprintf(piece, sizeof piece, "%s_desc", tpl);
	fftw_ops(ops, sizeof ops, fm);
	if (!strcmp(tpl, "hc2c"))
		tpl_print(f, piece, (const Tplarg[]){TPL_N("n", n),
			TPL_S("name", e->name), TPL_S("ops", ops),
			TPL_S("via", strstr(m->name, "dft") ? "HC2C_VIA_DFT"
			: "HC2C_VIA_RDFT"), TPL_END});
	else
		tpl_print(f, piece, (const Tplarg[]){TPL_N("n", n),
			TPL_S("name", e->name), TPL_S("ops", ops), TPL_END});
	arena_free(ar);
}
