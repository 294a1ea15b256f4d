/* ptxas.c: what NVIDIA's register allocator does with a codelet.
 * ptxas_measure takes a codelet as CUDA text (the driver has emit/cuda.c
 * print it, with the kernel kgen_ptxas), has nvcc lower it to PTX once
 * (the PTX uses unbounded virtual registers, so it does not depend on
 * R), then runs ptxas -v on that PTX at each -maxrregcount R and parses
 * its report: registers used, spill stores and loads (bytes of local
 * memory traffic) and the stack frame.  `nvcc -maxrregcount`
 * only forwards the option to ptxas, so this is what nvcc would give, at
 * one front-end run instead of one per R.  ptxas_parse reads the text of
 * `ptxas -v` (or of `nvcc -Xptxas -v`), the formats of CUDA 11 to 13:
 *   ptxas info    : Compiling entry function 'n1_64' for 'sm_80'
 *   ptxas info    : Function properties for n1_64
 *       48 bytes stack frame, 56 bytes spill stores, 56 bytes spill loads
 *   ptxas info    : Used 255 registers, used 0 barriers, 48 bytes ...
 * ptxas raises a limit below its floor (24 on sm_90) and says so in a
 * warning; the limit it applied is kept beside the one asked for. */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "all.h"

enum { BIG = 4096 };

static const char frame[] =
    " %d bytes stack frame, %d bytes spill stores, %d bytes spill loads";

/* First ':'-separated entry of $PATH holding an executable name. */
static int
which(const char *name, char *buf, size_t n)
{
	const char *p, *e;
	size_t len;

	p = getenv("PATH");
	if (!p)
		return 0;
	for (; *p; p = *e ? e + 1 : e) {
		e = strchr(p, ':');
		if (!e)
			e = p + strlen(p);
		len = (size_t)(e - p);
		if (len == 0 || len + strlen(name) + 2 > n)
			continue;
		memcpy(buf, p, len);
		buf[len] = '/';
		strcpy(buf + len + 1, name);
		/* single quotes delimit it in the shell command */
		if (!strchr(buf, '\'') && access(buf, X_OK) == 0)
			return 1;
	}
	return 0;
}

/* NULL when nvcc and ptxas are both on $PATH, else why not. */
const char *
ptxas_missing(void)
{
	char buf[BIG];

	if (!which("nvcc", buf, sizeof buf))
		return "nvcc not found on PATH";
	if (!which("ptxas", buf, sizeof buf))
		return "ptxas not found on PATH";
	return 0;
}

/* Runs cmd through the shell; its output, stdout and stderr together,
 * goes to a malloc'd string in *out.  Returns the exit status, -1 when
 * it could not run. */
static int
capture(const char *cmd, char **out)
{
	FILE *p;
	char *s;
	size_t n, cap;
	int st;

	p = popen(cmd, "r");
	if (!p) {
		*out = 0;
		return -1;
	}
	cap = BIG;
	n = 0;
	s = emalloc(cap);
	while (!feof(p) && !ferror(p)) {
		if (cap - n < BIG)
			s = erealloc(s, cap *= 2);
		n += fread(s + n, 1, cap - n - 1, p);
	}
	s[n] = 0;
	*out = s;
	st = pclose(p);
	if (st == -1 || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

/* Copies the name in 'quotes' (or up to the end of the line) after s. */
static void
fname(const char *s, char *buf, size_t n)
{
	size_t i;

	while (*s == ' ')
		s++;
	if (*s == '\'')
		s++;
	for (i = 0; i + 1 < n && s[i] && s[i] != '\'' && s[i] != '\n'
	    && s[i] != ' '; i++)
		buf[i] = s[i];
	buf[i] = 0;
}

/* Reads the report of `ptxas -v` in text for entry function fn (the
 * first entry function when fn is NULL) into *r; r->maxreg is left as it
 * is.  Returns 1 when a "Used N registers" line for it was found.  Device
 * functions that were not inlined get properties lines of their own;
 * they are skipped, so their frames are not added to the kernel's. */
int
ptxas_parse(const char *text, const char *fn, Ptxas *r)
{
	char want[256], entry[256], props[256], *q;
	const char *s, *t;
	int found, v;

	want[0] = entry[0] = props[0] = 0;
	if (fn)
		snprintf(want, sizeof want, "%s", fn);
	found = 0;
	r->regs = r->stack = r->spst = r->spld = 0;
	r->limit = 0;
	for (s = text; *s; s = *t ? t + 1 : t) {
		t = strchr(s, '\n');
		if (!t)
			t = s + strlen(s);
		if ((q = strstr(s, "Compiling entry function")) && q < t) {
			fname(q + strlen("Compiling entry function"), entry,
			    sizeof entry);
			if (!want[0])
				strcpy(want, entry);
		} else if ((q = strstr(s, "Function properties for"))
		    && q < t) {
			fname(q + strlen("Function properties for"), props,
			    sizeof props);
		} else if ((q = strstr(s, "bytes stack frame")) && q < t) {
			/* from the number on: Visual Studio prefixes "1>" */
			while (q > s && (q[-1] == ' '
			    || isdigit((unsigned char)q[-1])))
				q--;
			if (want[0] && !strcmp(props, want))
				sscanf(q, frame, &r->stack, &r->spst,
				    &r->spld);
		} else if ((q = strstr(s, "Used ")) && q < t
		    && sscanf(q, "Used %d registers", &v) == 1) {
			if (!found && want[0] && !strcmp(entry, want)) {
				r->regs = v;
				found = 1;
			}
		} else if ((q = strstr(s, "lower bound of ")) && q < t) {
			r->limit = atoi(q + strlen("lower bound of "));
		} else if ((q = strstr(s, " of maxrregcount")) && q < t
		    && (q = strstr(s, " with ")) && q < t && !r->limit) {
			r->limit = atoi(q + strlen(" with "));
		}
	}
	return found;
}

/* The first line of s, for a one-line reason. */
static const char *
firstline(const char *s, char *buf, size_t n)
{
	size_t i;

	while (*s == '\n' || *s == ' ')
		s++;
	for (i = 0; i + 1 < n && s[i] && s[i] != '\n'; i++)
		buf[i] = s[i];
	buf[i] = 0;
	return buf;
}

/* The PTX of the last codelet lowered.  kgen report and kgen spills
 * measure one order at several R and -O levels, and nvcc is the slow
 * part, so the PTX is kept until the text changes or kgen exits. */
static struct {
	char dir[BIG];  /* its directory, "" when none */
	char *cuda;     /* a copy of the CUDA text lowered */
	char arch[16];
} last;

/* The files lower() and ptxas_measure() make in last.dir. */
static const char *const files[] = {"k.cu", "k.ptx", "k.cubin", 0};

static void
forget(void)
{
	char path[BIG + 16];
	int i;

	if (!last.dir[0])
		return;
	for (i = 0; files[i]; i++) {
		snprintf(path, sizeof path, "%s/%s", last.dir, files[i]);
		remove(path);
		temp_drop(path);
	}
	rmdir(last.dir);
	temp_drop(last.dir);
	last.dir[0] = 0;
	free(last.cuda);
	last.cuda = 0;
}

/* Writes the CUDA text cuda to last.dir and has nvcc lower it to PTX
 * there; NULL on success, else why not (in why). */
static const char *
lower(const char *cuda, const char *arch, char *why, size_t nwhy)
{
	static int registered;
	char cu[BIG + 8], ptx[BIG + 8], cmd[4 * BIG], nvcc[BIG], line[400];
	char *out;
	const char *tmp;
	FILE *f;
	int i, st;

	if (last.dir[0] && !strcmp(last.cuda, cuda)
	    && !strcmp(last.arch, arch))
		return 0;
	forget();
	if (!registered++)
		atexit(forget);
	which("nvcc", nvcc, sizeof nvcc);
	tmp = getenv("TMPDIR");
	if (!tmp || !*tmp || strchr(tmp, '\'') || strlen(tmp) > BIG / 2)
		tmp = "/tmp";
	snprintf(last.dir, sizeof last.dir, "%s/kgen-ptxas.XXXXXX", tmp);
	if (!mkdtemp(last.dir)) {
		last.dir[0] = 0;
		snprintf(why, nwhy, "cannot make a directory in %.200s: %s",
		    tmp, strerror(errno));
		return why;
	}
	/* removed by fail(), die() or a fatal signal, too */
	temp_add(last.dir);
	for (i = 0; files[i]; i++) {
		snprintf(cu, sizeof cu, "%s/%s", last.dir, files[i]);
		temp_add(cu);
	}
	snprintf(cu, sizeof cu, "%s/k.cu", last.dir);
	snprintf(ptx, sizeof ptx, "%s/k.ptx", last.dir);
	f = fopen(cu, "w");
	if (!f) {
		snprintf(why, nwhy, "cannot write %.200s: %s", cu,
		    strerror(errno));
		forget();
		return why;
	}
	fputs(cuda, f);
	if (fclose(f)) {
		snprintf(why, nwhy, "cannot write %.200s", cu);
		forget();
		return why;
	}
	snprintf(cmd, sizeof cmd, "'%s' -arch=%s -ptx -o '%s' '%s' 2>&1",
	    nvcc, arch, ptx, cu);
	st = capture(cmd, &out);
	if (st != 0) {
		snprintf(why, nwhy, "nvcc -arch=%s -ptx failed: %s", arch,
		    out ? firstline(out, line, sizeof line) : "cannot run");
		free(out);
		forget();
		return why;
	}
	free(out);
	last.cuda = emalloc(strlen(cuda) + 1);
	strcpy(last.cuda, cuda);
	snprintf(last.arch, sizeof last.arch, "%s", arch);
	return 0;
}

/* Compiles the CUDA text cuda (a codelet whose kernel is kgen_ptxas) for
 * arch and measures it with ptxas -O opt (3 is ptxas's default) at
 * -maxrregcount maxreg[i] for i < nr; res[i] gets the figures.
 * Returns NULL on success, else one line saying why nothing was
 * measured (no nvcc, a failed compile); the caller prints it as a note.
 * The files live in a fresh directory under $TMPDIR, removed at exit
 * or when another text is measured.
 * requires: arch names a GPU of target.c, 0 <= opt <= 3,
 * 1 <= maxreg[i] <= 255. */
const char *
ptxas_measure(const char *cuda, const char *arch, int opt,
    const int *maxreg, int nr, Ptxas *res)
{
	static char why[512];
	char ptx[BIG + 8], bin[BIG + 8], cmd[4 * BIG], ptxas[BIG];
	char line[400], *out;
	const char *miss;
	int i, st;

	assert(target_gpu(arch) && "driver/cli.c checks --arch");
	if ((miss = ptxas_missing()))
		return miss;
	if (lower(cuda, arch, why, sizeof why))
		return why;
	which("ptxas", ptxas, sizeof ptxas);
	snprintf(ptx, sizeof ptx, "%s/k.ptx", last.dir);
	snprintf(bin, sizeof bin, "%s/k.cubin", last.dir);
	for (i = 0; i < nr; i++) {
		snprintf(cmd, sizeof cmd, "'%s' -arch=%s -O%d -v "
		    "-maxrregcount %d -o '%s' '%s' 2>&1", ptxas, arch, opt,
		    maxreg[i], bin, ptx);
		st = capture(cmd, &out);
		res[i].maxreg = maxreg[i];
		if (st != 0 || !ptxas_parse(out, "kgen_ptxas", &res[i])) {
			snprintf(why, sizeof why, "ptxas -arch=%s "
			    "-maxrregcount %d failed: %s", arch, maxreg[i],
			    out ? firstline(out, line, sizeof line) :
			    "cannot run");
			free(out);
			return why;
		}
		free(out);
	}
	return 0;
}

/* kgen spills --measure ptxas: ptxas's spills of the CUDA text at R
 * values, in values (bytes / 8 for double, / 4 for float) as the other
 * compilers' counts are.  A double takes two 32-bit registers, so ptxas
 * runs at -maxrregcount 2R (at most 255); m.flags names it. */
Measure
ptxas_spills(const char *cuda, int isfloat, const char *arch, int regs)
{
	Measure m;
	Ptxas px;
	const char *why;
	int mr, size;

	memset(&m, 0, sizeof m);
	memset(&px, 0, sizeof px);
	size = isfloat ? 4 : 8;
	mr = isfloat ? regs : 2 * regs;
	if (mr > 255)
		mr = 255;
	why = ptxas_measure(cuda, arch, 3, &mr, 1, &px);
	snprintf(m.flags, sizeof m.flags, "ptxas -arch=%s -maxrregcount %d "
	    "(%d registers used)", arch, mr, px.regs);
	if (why) {
		snprintf(m.why, sizeof m.why, "%.127s", why);
		return m;
	}
	m.ok = 1;
	m.stores = px.spst / size;
	m.loads = px.spld / size;
	return m;
}

/* nvcc's release line ("release 13.0, V13.0.88"), or NULL. */
const char *
ptxas_version(void)
{
	static char v[128];
	char nvcc[BIG], cmd[BIG + 32], *out, *q;

	if (v[0])
		return v;
	if (!which("nvcc", nvcc, sizeof nvcc))
		return 0;
	snprintf(cmd, sizeof cmd, "'%s' --version 2>&1", nvcc);
	if (capture(cmd, &out) != 0 || !(q = strstr(out, "release "))) {
		free(out);
		return 0;
	}
	firstline(q, v, sizeof v);
	free(out);
	return v;
}
