/* main.c: the command line, every check on input, and the pipeline.
 *   build (fft.c, gemm.c, conv.c) -> simplify (simp.c)
 *   -> schedule (sched/order.c) -> analyse (sched/belady.c) -> emit (emit.c)
 * Output goes to a temporary file beside the target and is renamed into
 * place on success, so a failure never leaves a partial file. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "all.h"

extern char *fail_unlink;

typedef struct Opts Opts;
struct Opts {
	const char *cmd;    /* fft, gemm, conv, spills */
	const char *sub;    /* spills: the problem, fft or gemm */
	Prob p;
	int seen_m, seen_n, seen_k;
	const char *name;   /* --name */
	const char *out;    /* -o */
	int isfloat;        /* --type float */
	int fma;            /* --fma */
	int dump;           /* -d: dump the DAG after each stage */
	const char *sched;  /* --schedule */
	const char *regs;   /* --regs LIST, parsed by the command */
	int latency;        /* --latency */
	const char *format; /* --format text|csv|json */
	const char *measure;    /* --measure gcc|clang|ptxas */
	int cuda;               /* --emit cuda (emitcu.c) instead of C */
	int simd;               /* --simd: SIMD_* (emitsimd.c) */
	const char *target;     /* --target NAME|all (sched/target.c) */
	const char *arch;       /* --arch sm_80 (ptxas, occupancy) */
	int maxregs;            /* --max-regs: register budget, 0 none */
	int block;              /* --block: CUDA threads per block */
	const char *taps;       /* --taps h0,h1,... */
	const char *tapsfile;   /* --taps-file FILE */
	const char *tile;       /* --tile auto|MxN */
	double gamma;           /* --gamma */
	char *line;         /* the command, as the codelet header gives it */
};

static const char usage[] =
"usage: kgen COMMAND [options]\n"
"\n"
"kgen generates straight-line C codelets (FFT, GEMM, FIR filters) from an\n"
"expression DAG, orders them with a register-aware schedule, and predicts\n"
"their register spills for any register count R.\n"
"\n"
"commands:\n"
"  fft  -n N [--sign -1|1] [--type double|float] [--fma] [--name NAME]\n"
"       [--simd none|sse2|avx2|avx512] [-o FILE]\n"
"      an n1 codelet: v complex DFTs of size N (1 <= N <= %d), in FFTW's\n"
"      n1 calling convention:\n"
"        void NAME(const double *ri, const double *ii, double *ro,\n"
"                  double *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v,\n"
"                  ptrdiff_t ivs, ptrdiff_t ovs);\n"
"      --sign -1 (default) is the forward transform, exp(-2 pi i jk/N);\n"
"      --sign 1 the backward one (unnormalised).  --fma fuses a*b+c.\n"
"      --simd vectorizes across the batch (one transform per lane, any\n"
"      layout, same ABI); compile the result with -msse2, -mavx2 -mfma\n"
"      or -mavx512f.\n"
"      The default NAME is n1_N.  Without -o the codelet goes to standard\n"
"      output.\n"
"\n"
"options:\n"
"  -d           dump the DAG after each stage to standard error\n"
"  -h, --help   print this help\n"
"  --version    print kgen's version\n"
"\n"
"examples:\n"
"  kgen fft -n 16 -o n1_16.c          16-point forward codelet, double\n"
"  kgen fft -n 12 --type float --sign 1 --name b12 -o b12.c\n"
"\n"
"Exit status: 0 on success, 2 on bad input (one line on stderr starting\n"
"'kgen:'), 1 when out of memory.\n";

static long
num(const char *opt, const char *s, long lo, long hi, const char *what)
{
	char *end;
	long v;

	if (!s)
		fail("%s: missing value; expected %s", opt, what);
	errno = 0;
	v = strtol(s, &end, 10);
	if (end == s || *end || errno)
		fail("%s %s: not an integer; expected %s", opt, s, what);
	if (v < lo || v > hi)
		fail("%s %s: out of range; expected %s", opt, s, what);
	return v;
}

static void
need(const char *opt, const char *val)
{
	if (!val)
		fail("%s: missing value", opt);
}

static int
validname(const char *s)
{
	const char *p;

	if (!*s || (*s >= '0' && *s <= '9'))
		return 0;
	for (p = s; *p; p++)
		if (!(*p == '_' || (*p >= 'a' && *p <= 'z')
		    || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
			return 0;
	return 1;
}

/* The command as the codelet header records it: argv without -o FILE, so
 * the text does not depend on where it is written. */
static char *
cmdline(int argc, char **argv)
{
	size_t len;
	char *s;
	int i;

	len = 8;
	for (i = 1; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = emalloc(len);
	strcpy(s, "kgen");
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc) {
			i++;
			continue;
		}
		strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

static const char *
word(const char *opt, const char *v, const char *const *allowed)
{
	char buf[256];
	int i;

	need(opt, v);
	for (i = 0; allowed[i]; i++)
		if (!strcmp(v, allowed[i]))
			return v;
	buf[0] = 0;
	for (i = 0; allowed[i]; i++) {
		strncat(buf, allowed[i], sizeof buf - strlen(buf) - 1);
		if (allowed[i + 1])
			strncat(buf, allowed[i + 2] ? ", " : " or ",
			    sizeof buf - strlen(buf) - 1);
	}
	fail("%s %s: expected %s", opt, v, buf);
}

/* "sse2, avx2, ..." for messages. */
static const char *
targetnames(void)
{
	static char buf[256];
	const Target *t;

	buf[0] = 0;
	for (t = target_list(); t->name; t++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s",
		    buf[0] ? ", " : "", t->name);
	return buf;
}

static const char *
gpunames(void)
{
	static char buf[256];
	const Gpu *g;

	buf[0] = 0;
	for (g = target_gpus(); g->name; g++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s",
		    buf[0] ? ", " : "", g->name);
	return buf;
}

static void
help(void)
{
	printf(usage, FFT_MAXN);
	exit(0);
}

/* Reads every option into o; the command's own checks come after. */
static void
parse(Opts *o, int argc, char **argv)
{
	static const char *const types[] = {"double", "float", 0};
	static const char *const formats[] = {"text", "csv", "json", 0};
	static const char *const emits[] = {"c", "cuda", 0};
	static const char *const simds[] = {"none", "sse2", "avx2", "avx512",
	    0};
	char *a, *v;
	int i, takes;

	memset(o, 0, sizeof *o);
	o->p.sign = -1;
	o->format = "text";
	o->gamma = 1;
	if (argc < 2)
		fail("no command; try 'kgen --help'");
	o->cmd = argv[1];
	if (!strcmp(o->cmd, "-h") || !strcmp(o->cmd, "--help"))
		help();
	if (!strcmp(o->cmd, "--version")) {
		printf("kgen %s\n", KGEN_VERSION);
		exit(0);
	}
	if (strcmp(o->cmd, "fft") && strcmp(o->cmd, "gemm")
	    && strcmp(o->cmd, "conv") && strcmp(o->cmd, "spills")
	    && strcmp(o->cmd, "report"))
		fail("%s: unknown command; expected fft, gemm, conv, spills "
		    "or report (see kgen --help)", o->cmd);
	i = 2;
	if (!strcmp(o->cmd, "spills") || !strcmp(o->cmd, "report")) {
		if (argc < 3 || (strcmp(argv[2], "fft")
		    && strcmp(argv[2], "gemm")))
			fail("%s: expected a problem, fft or gemm, as in "
			    "'kgen %s fft -n 64'", o->cmd, o->cmd);
		o->sub = argv[2];
		i = 3;
	}
	for (; i < argc; i++) {
		a = argv[i];
		v = i + 1 < argc ? argv[i + 1] : 0;
		takes = 1;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			help();
		} else if (!strcmp(a, "-n")) {
			o->p.n = (int)num(a, v, 1, INT_MAX, "a positive size");
			o->seen_n = 1;
		} else if (!strcmp(a, "-m")) {
			o->p.m = (int)num(a, v, 1, INT_MAX, "a positive size");
			o->seen_m = 1;
		} else if (!strcmp(a, "-k")) {
			o->p.k = (int)num(a, v, 1, INT_MAX, "a positive size");
			o->seen_k = 1;
		} else if (!strcmp(a, "--sign")) {
			o->p.sign = (int)num(a, v, -1, 1, "-1 or 1");
			if (o->p.sign == 0)
				fail("--sign 0: expected -1 or 1");
		} else if (!strcmp(a, "--type")) {
			o->isfloat = !strcmp(word(a, v, types), "float");
		} else if (!strcmp(a, "--name")) {
			need(a, v);
			if (!validname(v))
				fail("--name %s: not a C identifier", v);
			o->name = v;
		} else if (!strcmp(a, "-o")) {
			need(a, v);
			o->out = v;
		} else if (!strcmp(a, "--schedule")) {
			need(a, v);
			o->sched = v;
		} else if (!strcmp(a, "--regs")) {
			need(a, v);
			o->regs = v;
		} else if (!strcmp(a, "--latency")) {
			o->latency = (int)num(a, v, 0, 1000, "0 to 1000 steps");
		} else if (!strcmp(a, "--format")) {
			o->format = word(a, v, formats);
		} else if (!strcmp(a, "--target")) {
			need(a, v);
			if (strcmp(v, "all") && !target_find(v))
				fail("--target %s: unknown; expected all or one of "
				    "%s", v, targetnames());
			o->target = v;
		} else if (!strcmp(a, "--arch")) {
			need(a, v);
			if (!target_gpu(v))
				fail("--arch %s: unknown; expected one of %s", v,
				    gpunames());
			o->arch = v;
		} else if (!strcmp(a, "--max-regs")) {
			o->maxregs = (int)num(a, v, 1, 255, "1 to 255 registers "
			    "per thread");
		} else if (!strcmp(a, "--block")) {
			o->block = (int)num(a, v, 1, 1024, "1 to 1024 threads");
		} else if (!strcmp(a, "--simd")) {
			word(a, v, simds);
			for (o->simd = 0; strcmp(simds[o->simd], v); o->simd++)
				;
		} else if (!strcmp(a, "--emit")) {
			o->cuda = !strcmp(word(a, v, emits), "cuda");
		} else if (!strcmp(a, "--measure")) {
			need(a, v);
			o->measure = v;
		} else if (!strcmp(a, "--taps")) {
			need(a, v);
			o->taps = v;
		} else if (!strcmp(a, "--taps-file")) {
			need(a, v);
			o->tapsfile = v;
		} else if (!strcmp(a, "--tile")) {
			need(a, v);
			o->tile = v;
		} else if (!strcmp(a, "--gamma")) {
			need(a, v);
			o->gamma = strtod(v, &a);
			if (*a || !(o->gamma >= 0 && o->gamma <= 100))
				fail("--gamma %s: expected a number from 0 to "
				    "100", v);
		} else if (!strcmp(a, "--fma")) {
			o->fma = 1;
			takes = 0;
		} else if (!strcmp(a, "-d")) {
			o->dump = 1;
			takes = 0;
		} else {
			fail("%s: unknown option (see kgen --help)", a);
		}
		i += takes;
	}
}

/* The checks of kgen fft: -n within the limit. */
static void
check_fft(Opts *o)
{
	if (!o->seen_n)
		fail("fft: -n N is required (1 <= N <= %d)", FFT_MAXN);
	if (o->p.n > FFT_MAXN)
		fail("-n %d: too large for a straight-line codelet; the limit "
		    "is %d", o->p.n, FFT_MAXN);
	if (o->simd != SIMD_NONE && o->cuda)
		fail("--simd: SIMD codelets are C; use --simd none with "
		    "--emit cuda");
	o->p.kind = PROB_FFT;
}

/* Opens the temporary file beside path; *tmp gets its name. */
static FILE *
out_open(const char *path, char **tmp)
{
	struct stat st;
	FILE *f;
	int fd;

	*tmp = 0;
	if (!path)
		return stdout;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* a device or pipe (-o /dev/stdout): renaming would replace it */
		f = fopen(path, "w");
		if (!f)
			fail("-o %s: cannot write: %s", path, strerror(errno));
		return f;
	}
	*tmp = emalloc(strlen(path) + 16);
	sprintf(*tmp, "%s.tmpXXXXXX", path);
	fd = mkstemp(*tmp);
	if (fd < 0)
		fail("-o %s: cannot write: %s", path, strerror(errno));
	fail_unlink = *tmp;
	f = fdopen(fd, "w");
	if (!f)
		fail("-o %s: cannot write: %s", path, strerror(errno));
	return f;
}

static void
out_close(FILE *f, const char *path, char *tmp)
{
	if (!tmp) {
		if (fflush(f) || ferror(f))
			fail("%s: cannot write: %s", path ? path :
			    "standard output", strerror(errno));
		if (f != stdout)
			fclose(f);
		return;
	}
	if (fflush(f) || ferror(f) || fsync(fileno(f)) < 0) {
		fclose(f);
		fail("-o %s: cannot write: %s", path, strerror(errno));
	}
	if (fclose(f))
		fail("-o %s: cannot write: %s", path, strerror(errno));
	if (rename(tmp, path) < 0)
		fail("-o %s: cannot write: %s", path, strerror(errno));
	fail_unlink = 0;
	free(tmp);
}

static void
dump(Opts *o, Dag *d, const char *stage)
{
	if (!o->dump)
		return;
	dag_check(d);
	fprintf(stderr, "## after %s: %d nodes\n", stage, d->nnode);
	dag_dump(d, stderr);
}

/* The pipeline: build, simplify, schedule, emit. */
static void
run_fft(Opts *o)
{
	Arena *ar;
	Dag *d;
	Emit e;
	FILE *f;
	char *tmp, defname[32];

	ar = arena_new();
	d = fft_build(ar, o->p.n, o->p.sign);
	dump(o, d, "build");
	d = simp_run(d, o->fma);
	dump(o, d, "simp");
	memset(&e, 0, sizeof e);
	snprintf(defname, sizeof defname, "n1_%d", o->p.n);
	e.name = o->name ? o->name : defname;
	e.cmd = o->line;
	e.sched = "build order";
	e.isfloat = o->isfloat;
	e.simd = o->simd;
	f = out_open(o->out, &tmp);
	if (o->cuda)
		emitcu_print(f, d, &o->p, 0, 0, &e);
	else if (o->simd != SIMD_NONE)
		emitsimd_c(f, d, &o->p, 0, 0, &e);
	else
		emit_c(f, d, &o->p, 0, 0, &e);
	out_close(f, o->out, tmp);
	arena_free(ar);
}

int
main(int argc, char **argv)
{
	Opts o;

	parse(&o, argc, argv);
	o.line = cmdline(argc, argv);
	if (!strcmp(o.cmd, "fft")) {
		check_fft(&o);
		run_fft(&o);
	} else {
		fail("%s: not built yet", o.cmd);
	}
	free(o.line);
	return 0;
}
