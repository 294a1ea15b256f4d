/* tapsrun.c: runs kgen's taps parser (driver/taps.c, linked directly) on
 * inputs read from standard input, one per line in hexadecimal, for
 * tests/fuzz/taps.py (tapsrun SCRATCHFILE: the taps files are written
 * there).  Each input is parsed four ways: as --taps text
 * (when it has no NUL byte) and as a --taps-file, each for double and
 * float.  For each input one line comes out:
 *   RESULT RESULT RESULT RESULT
 * in the order text/double, text/float, file/double, file/float, where
 * RESULT is "ok:N:SUM" (N taps; SUM the taps, as doubles, in %a joined
 * by '/', or their count only past 64 taps), "fail:MESSAGE" (hex) or
 * "skip".  Python checks the contract; this program only measures.
 *
 * fail(), emalloc() and erealloc() are this file's: fail() records the
 * message and jumps back, and every allocation made for an input is
 * freed after it, so ASan's leak checker sees the parser alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"

static jmp_buf back;
static char message[512];
static void *live[16];   /* allocations made for the current input */

/* The slot of live[] holding p (NULL: a free one). */
static int
slot(const void *p)
{
	int i;

	for (i = 0; i < 16; i++)
		if (live[i] == p)
			return i;
	fprintf(stderr, "tapsrun: more than 16 allocations\n");
	abort();
}

void *
emalloc(size_t n)
{
	int i = slot(NULL);

	if (!(live[i] = malloc(n ? n : 1)))
		abort();
	return live[i];
}

void *
erealloc(void *old, size_t n)
{
	int i = slot(old);

	if (!(live[i] = realloc(old, n ? n : 1)))
		abort();
	return live[i];
}

void
fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof message, fmt, ap);
	va_end(ap);
	longjmp(back, 1);
}

static void
freeall(void)
{
	int i;

	for (i = 0; i < 16; i++) {
		free(live[i]);
		live[i] = NULL;
	}
}

static void
hexout(const char *s)
{
	for (; *s; s++)
		printf("%02x", (unsigned char)*s);
}

/* Parses text one way and prints its RESULT; path, when not NULL, is
 * loaded first (taps_load) and text ignored. */
static void
one(const char *text, const char *path, int isfloat)
{
	Prob pr;
	const char *what;
	const char *volatile src = text;
	int i;

	memset(&pr, 0, sizeof pr);
	what = path ? "--taps-file" : "--taps";
	if (setjmp(back)) {
		printf("fail:");
		hexout(message);
		freeall();
		return;
	}
	if (path)
		src = taps_load(what, path);
	taps_parse(&pr, what, src, path != NULL, isfloat);
	printf("ok:%d:", pr.ntaps);
	for (i = 0; i < pr.ntaps && pr.ntaps <= 64; i++)
		printf("%s%a", i ? "/" : "", (double)pr.taps[i]);
	freeall();
}

static int
unhex(int c)
{
	return c <= '9' ? c - '0' : (c | 32) - 'a' + 10;
}

int
main(int argc, char **argv)
{
	char *line = NULL, *data = NULL, *path;
	size_t cap = 0, i, n;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: tapsrun SCRATCHFILE < INPUTS\n");
		return 2;
	}
	path = argv[1];
	while (getline(&line, &cap, stdin) > 0) {
		n = strcspn(line, "\n") / 2;
		if (!(data = realloc(data, n + 1)))
			return 1;
		for (i = 0; i < n; i++)
			data[i] = unhex(line[2 * i]) << 4
			    | unhex(line[2 * i + 1]);
		data[n] = 0;
		if (strlen(data) == n) {
			one(data, NULL, 0);
			putchar(' ');
			one(data, NULL, 1);
		} else
			printf("skip skip");
		if (!(f = fopen(path, "wb")) || fwrite(data, 1, n, f) != n
		    || fclose(f))
			return 1;
		putchar(' ');
		one(NULL, path, 0);
		putchar(' ');
		one(NULL, path, 1);
		putchar('\n');
		fflush(stdout);
	}
	remove(path);
	free(data);
	free(line);
	return 0;
}
