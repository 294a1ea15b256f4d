/* pick.c: what kgen_dft's first-use measurement (runtime/dispatch.c)
 * picks for v transforms of size n, and what that first call costs,
 * over several processes (the pick is made once per process, so its
 * spread shows only across processes), beside each candidate's own time.
 * Each of PROCS child processes makes one kgen_dft (kgen_dftf) call on
 * v = V interleaved transforms (timing it: the measurement is inside),
 * names the codelet kgen_n1_for then returns, and times every codelet
 * of size n directly on the same arrays (best of 21 timings, codelets in
 * turn; for v = 1 through their 9-argument entry, not the NAME_v1 one
 * kgen_dft jumps to).
 *   cc -O2 -Iruntime bench/pick.c lib/libkgen.a -lm -lpthread
 *   usage: pick [double|float] N [V=256] [PROCS=10]
 * Prints one line per process (the pick, the first call's ms, the
 * candidates' ns per transform), then how often each codelet was
 * picked. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "kgen.h"
#include "timing.h"

enum { MAXC = 24, MAXP = 64 };

typedef struct Cand Cand;
struct Cand {
	char name[24];
	kgen_dft_fn *d;
	kgen_dftf_fn *f;
};

/* Every codelet kgen_dft may pick, for any v: batched (scalar too),
 * n1w, n1c, n1a and n1x, of every ISA the CPU runs. */
static int
cands(Cand *c, int n, int fl)
{
	static const char *const fam[5] = {"", "n1w-", "n1c-", "n1a-",
	    "n1x-"};
	int isa, k, nc;

	nc = 0;
	for (isa = KGEN_ISA_SCALAR; kgen_isa_name(isa); isa++) {
		if (!kgen_isa_supported(isa))
			continue;
		for (k = 0; k < 5; k++) {
			c[nc].d = k == 0 ? kgen_n1_isa(n, isa) : k == 1
			    ? kgen_n1w_isa(n, isa) : k == 2 ? kgen_n1c_isa(n, isa)
			    : k == 3 ? kgen_n1a_isa(n, isa) : kgen_n1x_isa(n, isa);
			c[nc].f = k == 0 ? kgen_n1f_isa(n, isa) : k == 1
			    ? kgen_n1wf_isa(n, isa) : k == 2 ? kgen_n1cf_isa(n, isa)
			    : k == 3 ? kgen_n1af_isa(n, isa) : kgen_n1xf_isa(n, isa);
			if (fl ? !c[nc].f : !c[nc].d)
				continue;
			snprintf(c[nc].name, sizeof c[nc].name, "%s%s", fam[k],
			    kgen_isa_name(isa));
			nc++;
		}
	}
	return nc;
}

static void
call(const Cand *c, int fl, int n, int v, void *x, void *y)
{
	if (fl)
		c->f(x, (float *)x + 1, y, (float *)y + 1, 2, 2, v, 2 * n,
		    2 * n);
	else
		c->d(x, (double *)x + 1, y, (double *)y + 1, 2, 2, v, 2 * n,
		    2 * n);
}

/* One process: the first kgen_dft call, the pick, the candidates. */
static int
child(int fl, int n, int v)
{
	Cand c[MAXC];
	double t, b[MAXC], first;
	size_t sz, k;
	void *mem, *x, *y;
	int nc, i, j, r, pick, reps;

	nc = cands(c, n, fl);
	sz = (size_t)2 * n * v * (fl ? 4 : 8);
	if (posix_memalign(&mem, 4096, (sz + 4095) / 4096 * 4096 + 1024 + sz))
		return 1;
	x = mem;
	y = (char *)mem + (sz + 4095) / 4096 * 4096 + 1024;
	for (k = 0; k < (size_t)2 * n * v; k++)
		if (fl)
			((float *)x)[k] = (float)(k % 7) * 0.125f;
		else
			((double *)x)[k] = (double)(k % 7) * 0.125;
	t = now();
	if (fl)
		kgen_dftf(n, -1, x, (float *)x + 1, y, (float *)y + 1, 2, 2, v,
		    2 * n, 2 * n);
	else
		kgen_dft(n, -1, x, (double *)x + 1, y, (double *)y + 1, 2, 2, v,
		    2 * n, 2 * n);
	first = (now() - t) * 1e3;
	pick = -1;
	for (i = 0; i < nc; i++)
		if (fl ? c[i].f == kgen_n1f_for(n, v) : c[i].d == kgen_n1_for(n, v))
			pick = i;
	reps = 1 + (int)(2e5 / ((double)n * v));
	for (i = 0; i < nc; i++)
		b[i] = 1e300;
	for (r = 0; r < 21; r++)
		for (i = 0; i < nc; i++) {
			t = now();
			for (j = 0; j < reps; j++)
				call(&c[i], fl, n, v, x, y);
			t = (now() - t) * 1e9 / reps / v;
			if (t < b[i])
				b[i] = t;
		}
	printf("pick %s first call %.2f ms |", pick < 0 ? "?" : c[pick].name,
	    first);
	for (i = 0; i < nc; i++)
		printf(" %s %.2f", c[i].name, b[i]);
	printf("\n");
	free(mem);
	return 0;
}

int
main(int argc, char **argv)
{
	char line[1024], picks[MAXP][24];
	int fl, n, v, procs, p, fd[2], k, j, cnt;
	FILE *f;

	fl = argc > 1 && !strcmp(argv[1], "float");
	n = argc > 2 ? atoi(argv[2]) : 32;
	v = argc > 3 ? atoi(argv[3]) : 256;
	procs = argc > 4 ? atoi(argv[4]) : 10;
	if (n < 2 || n > 64 || v < 1 || v > 65536 || procs < 1
	    || procs > MAXP) {
		fprintf(stderr, "usage: pick [double|float] N [V] [PROCS]\n");
		return 2;
	}
	printf("%s n = %d, v = %d, %d processes\n", fl ? "float" : "double",
	    n, v, procs);
	for (p = 0; p < procs; p++) {
		if (pipe(fd))
			return 1;
		fflush(stdout);
		if (fork() == 0) {
			close(fd[0]);
			dup2(fd[1], 1);
			exit(child(fl, n, v));
		}
		close(fd[1]);
		f = fdopen(fd[0], "r");
		picks[p][0] = 0;
		while (f && fgets(line, sizeof line, f)) {
			fputs(line, stdout);
			sscanf(line, "pick %23s", picks[p]);
		}
		if (f)
			fclose(f);
		wait(0);
	}
	for (p = 0; p < procs; p++) {
		for (k = 0; k < p && strcmp(picks[k], picks[p]); k++)
			;
		if (k < p)
			continue;
		for (cnt = 0, j = p; j < procs; j++)
			cnt += !strcmp(picks[j], picks[p]);
		printf("picked %s in %d of %d\n", picks[p], cnt, procs);
	}
	return 0;
}
