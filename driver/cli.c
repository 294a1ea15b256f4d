/* cli.c: the command line, checked into one Job.  Every check on input
 * lives here, in job.c and in opt.c (the checks both share) and reports
 * through fail(); what comes out is a validated job description
 * (problem, codelet kind, schedule, cost model, register list, emitter,
 * names), so that the code below driver/main.c may assume its arguments
 * are valid.  options() reads the options in argv order, each checked
 * on its own; job.c's job_* functions then check each command's
 * combination and fill the Job, in the order of the messages kgen has
 * always given.  Calls run one way: cli.c -> job.c -> opt.c. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "driver.h"

/* --help and --version: the text, or a failure when it cannot be
 * written (kgen --help > /dev/full). */
static void
help(int version)
{
	if (version)
		printf("kgen %s\n", KGEN_VERSION);
	else
		usage_print();
	if (fflush(stdout) || ferror(stdout))
		fail("%s: cannot write: %s", version ? "--version" : "--help",
		    strerror(errno));
	exit(0);
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
 * the text does not depend on where it is written (malloc'd). */
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

/* Records option a as given (once). */
static void
given(Opts *o, const char *a)
{
	int i;

	for (i = 0; i < o->ngiven; i++)
		if (!strcmp(o->given[i], a))
			return;
	if (o->ngiven < (int)(sizeof o->given / sizeof o->given[0]))
		o->given[o->ngiven++] = a;
}

/* Sets the codelet kind from option opt (text: the option as given);
 * two different kinds conflict instead of the last one winning. */
static void
setkind(Opts *o, int kind, const char *text)
{
	if (o->kindopt && o->kind != kind)
		fail("%s: conflicts with %s; give one codelet kind", text,
		    o->kindopt);
	o->kind = kind;
	o->kindopt = text;
}

/* The global options, which may also come before the command
 * (kgen -d spills fft -n 16): they mean the same for every command. */
static const char *const globals[] = {"-d", "-o", "--quiet", "--time-limit",
    0};

/* Moves the global options given before the command to just after it
 * (and after spills' and report's problem), in place, so that options()
 * reads one form and headers record it. */
static void
hoist(int argc, char **argv)
{
	char *tmp[8];
	int g, i, k, nw;

	for (g = 1; g < argc && argv[g][0] == '-' && argv[g][1]; g++) {
		if (!strcmp(argv[g], "-h") || !strcmp(argv[g], "--help"))
			help(0);
		if (!strcmp(argv[g], "--version"))
			help(1);
		for (k = 0; globals[k] && strcmp(argv[g], globals[k]); k++)
			;
		if (!globals[k])
			fail("%s: not a global option; before the command kgen "
			    "takes -d, -o FILE, --quiet and --time-limit S",
			    argv[g]);
		if ((k == 1 || k == 3) && ++g == argc)
			fail("%s: missing value", argv[g - 1]);
		if (g >= (int)(sizeof tmp / sizeof tmp[0]))
			fail("%s: too many options before the command",
			    argv[g]);
	}
	if (g == argc)
		fail("no command; try 'kgen --help'");
	if (g == 1)
		return;
	/* the command words: the command, and spills' and report's
	 * problem */
	nw = 1;
	if ((!strcmp(argv[g], "spills") || !strcmp(argv[g], "report"))
	    && g + 1 < argc)
		nw = 2;
	memcpy(tmp, argv + 1, (g - 1) * sizeof *tmp);
	memmove(argv + 1, argv + g, nw * sizeof *argv);
	for (i = 0; i < g - 1; i++)
		argv[1 + nw + i] = tmp[i];
}

/* Reads every option into o; the command's own checks come after. */
static void
options(Opts *o, int argc, char **argv)
{
	static const char *const types[] = {"double", "float", "q15", "q31",
	    0};
	static const char *const rounds[] = {"nearest", "floor", 0};
	static const char *const formats[] = {"text", "csv", "json", 0};
	static const char *const emits[] = {"c", "cuda", "asm", "fftw", 0};
	static const char *const chooses[] = {"ops", "spills", 0};
	char *a, *v;
	int i, k, takes;

	memset(o, 0, sizeof *o);
	o->p.sign = -1;
	o->format = "text";
	o->gamma = 1;
	if (argc < 2)
		fail("no command; try 'kgen --help'");
	hoist(argc, argv);
	o->cmd = argv[1];
	if (!strcmp(o->cmd, "-h") || !strcmp(o->cmd, "--help"))
		help(0);
	if (!strcmp(o->cmd, "--version"))
		help(1);
	if (strcmp(o->cmd, "fft") && strcmp(o->cmd, "gemm")
	    && strcmp(o->cmd, "conv") && strcmp(o->cmd, "spills")
	    && strcmp(o->cmd, "report") && strcmp(o->cmd, "verify"))
		fail("%s: unknown command; expected fft, gemm, conv, spills, "
		    "report or verify (see kgen --help)", o->cmd);
	i = 2;
	if (argc >= 3 && (!strcmp(argv[2], "-h")
	    || !strcmp(argv[2], "--help")))
		help(0);  /* kgen spills --help, as kgen fft --help */
	if (!strcmp(o->cmd, "verify")) {
		if (argc < 3 || argv[2][0] == '-')
			fail("verify: expected an assembly file, as in 'kgen "
			    "verify n1_16.s'");
		o->sub = argv[2];
		i = 3;
	}
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
		if (a[0] == '-' && a[1])
			given(o, a);
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			help(0);
		} else if (!strcmp(a, "-n")) {
			o->p.n = (int)opt_num(a, v,
			    1, INT_MAX, "a positive size");
			o->seen_n = 1;
		} else if (!strcmp(a, "-m")) {
			o->p.m = (int)opt_num(a, v,
			    1, INT_MAX, "a positive size");
			o->seen_m = 1;
		} else if (!strcmp(a, "-k")) {
			o->p.k = (int)opt_num(a, v,
			    1, INT_MAX, "a positive size");
			o->seen_k = 1;
		} else if (!strcmp(a, "--sign")) {
			o->p.sign = (int)opt_num(a, v, -1, 1, "-1 or 1");
			if (o->p.sign == 0)
				fail("--sign 0: expected -1 or 1");
			o->seen_sign = 1;
		} else if (!strcmp(a, "--type")) {
			o->isfloat = !strcmp(word(a, v, types), "float");
			o->fixed = !strcmp(v, "q15") ? 15 : !strcmp(v, "q31")
			    ? 31 : 0;
		} else if (!strcmp(a, "--round")) {
			o->round = word(a, v, rounds);
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
			o->latency = (int)opt_num(a, v,
			    0, 1000, "0 to 1000 steps");
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
			o->maxregs = (int)opt_num(a, v, 1, 255,
			    "1 to 255 registers per thread");
		} else if (!strcmp(a, "--block")) {
			o->block = (int)opt_num(a, v,
			    1, 1024, "1 to 1024 threads");
		} else if (!strcmp(a, "--kind")) {
			/* --emit fftw takes FFTW's family names (job_fftw) */
			need(a, v);
			o->famname = v;
			for (k = 0; job_kinds[k] && strcmp(job_kinds[k], v); k++)
				;
			if (!job_kinds[k]) {
				o->badkind = v;
			} else {
				snprintf(o->kindbuf, sizeof o->kindbuf,
				    "--kind %.20s", v);
				setkind(o, k, o->kindbuf);
			}
		} else if (!strcmp(a, "--twiddle")) {
			setkind(o, CK_T1, "--twiddle");
			takes = 0;
		} else if (!strcmp(a, "--real")) {
			setkind(o, CK_R2CF, "--real");
			takes = 0;
		} else if (!strcmp(a, "--simd")) {
			word(a, v, isa_names());
			for (o->simd = 0; strcmp(isa_names()[o->simd], v);
			    o->simd++)
				;
		} else if (!strcmp(a, "--emit")) {
			word(a, v, emits);
			o->cuda = !strcmp(v, "cuda");
			o->emitasm = !strcmp(v, "asm");
			o->fftw = !strcmp(v, "fftw");
		} else if (!strcmp(a, "--choose")) {
			o->choose = !strcmp(word(a, v, chooses), "spills");
		} else if (!strcmp(a, "--plan")) {
			o->form = 1;
			takes = 0;
		} else if (!strcmp(a, "--straight")) {
			o->form = -1;
			takes = 0;
		} else if (!strcmp(a, "--verify")) {
			o->verify = 1;
			takes = 0;
		} else if (!strcmp(a, "--list")) {
			o->list = 1;
			takes = 0;
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
			if (a == v || *a || !(o->gamma >= 0 && o->gamma <= 100))
				fail("--gamma %s: expected a number from 0 to "
				    "100", v);
		} else if (!strcmp(a, "--kloop")) {
			o->kloop = 1;
			takes = 0;
		} else if (!strcmp(a, "--vlen")) {
			o->vlen = (int)opt_num(a, v,
			    1, 16, "1, 2, 4, 8 or 16");
			if (o->vlen & (o->vlen - 1))
				fail("--vlen %s: expected 1, 2, 4, 8 or 16", v);
		} else if (!strcmp(a, "--correlate")) {
			o->correlate = 1;
			takes = 0;
		} else if (!strcmp(a, "--fma")) {
			o->fma = 1;
			takes = 0;
		} else if (!strcmp(a, "-d")) {
			o->dump = 1;
			takes = 0;
		} else if (!strcmp(a, "--quiet")) {
			o->quiet = 1;
			takes = 0;
		} else if (!strcmp(a, "--annotate")) {
			o->annotate = 1;
			takes = 0;
		} else if (!strcmp(a, "--time-limit")) {
			need(a, v);
			o->timelimit = strtod(v, &a);
			if (a == v || *a || !(o->timelimit > 0
			    && o->timelimit <= 1e6))
				fail("--time-limit %s: expected seconds, more "
				    "than 0 and at most 1e6", v);
		} else {
			fail("%s: unknown option (see kgen --help)", a);
		}
		i += takes;
	}
}


/* Parses and checks argv into j; fails on bad input, exits 0 after
 * --help and --version. */
void
cli_parse(Job *j, int argc, char **argv)
{
	Opts o;

	options(&o, argc, argv);
	if (o.badkind && !o.fftw)
		word("--kind", o.badkind, job_kinds);   /* fails, listing them */
	if (o.list && !o.fftw)
		fail("--list: lists the FFTW files --emit fftw writes; give "
		    "--emit fftw");
	if (o.fixed && strcmp(o.cmd, "fft") && strcmp(o.cmd, "conv"))
		fail("--type q%d: fixed point is for kgen conv and kgen fft "
		    "(n1); %s takes double or float", o.fixed, o.cmd);
	if (o.round && strcmp(o.cmd, "conv"))
		fail("--round: rounds the outputs of kgen conv --type q15|q31");
	memset(j, 0, sizeof *j);
	j->e.cmd = j->line = cmdline(argc, argv);
	j->nsched = 1;
	j->vlen = 1;
	if (!strcmp(o.cmd, "fft")) {
		j->cmd = CMD_FFT;
		job_fft(j, &o);
	} else if (!strcmp(o.cmd, "gemm")) {
		j->cmd = CMD_GEMM;
		job_gemm(j, &o);
	} else if (!strcmp(o.cmd, "conv")) {
		j->cmd = CMD_CONV;
		job_conv(j, &o);
	} else if (!strcmp(o.cmd, "report")) {
		j->cmd = CMD_REPORT;
		job_report(j, &o);
	} else if (!strcmp(o.cmd, "verify")) {
		j->cmd = CMD_VERIFY;
		job_verify(j, &o);
	} else {
		j->cmd = CMD_SPILLS;
		job_spills(j, &o);
	}
	j->p = o.p;
	j->fma = o.fma;
	j->dump = o.dump;
	j->quiet = o.quiet;
	j->timelimit = o.timelimit;
	j->cost.latency = o.latency;
	j->cost.gamma = o.gamma;
	j->out = o.out;
	j->arch = o.arch;
	j->e.name = o.name ? o.name : j->name;
	j->e.isfloat = o.isfloat;
	j->e.fma = o.fma;
	j->e.fixed = o.fixed;
	j->e.floor = o.round && !strcmp(o.round, "floor");
}

/* Frees what cli_parse allocated. */
void
cli_free(Job *j)
{
	free(j->line);
	free(j->buf);
	free(j->regs);
	free(j->p.taps);
}
