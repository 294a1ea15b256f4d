/* util.c: errors, memory and small arithmetic shared by the generator.
 * fail() is for bad input (exit 2), die() for resources (exit 1).
 * The arena is a list of chunks carved by bumping a pointer; one
 * arena_free releases a whole run, so leak checkers stay quiet. */
#include <assert.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "all.h"

/* Temporary files and folders (out.c's output, spills' and report's
 * compiler scratch), removed by fail(), die() and a fatal signal.  A
 * slot's path is complete before its flag is set, so the signal handler
 * sees whole paths only. */
enum { NTEMP = 8 };
static char temps[NTEMP][PATH_MAX];
static volatile sig_atomic_t used[NTEMP];

/* Removes every registered path, files before their folders (the
 * reverse order of registration): unlink and rmdir only, so that the
 * signal handler may call it. */
static void
temp_clean(void)
{
	int i;

	for (i = NTEMP - 1; i >= 0; i--)
		if (used[i] && unlink(temps[i]) < 0)
			rmdir(temps[i]);
}

static void
onsignal(int sig)
{
	temp_clean();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Removes the temporary files when kgen is interrupted or killed
 * (SIGINT, SIGTERM, SIGHUP), then dies of the same signal; a signal
 * ignored at startup (nohup) stays ignored. */
void
temp_signals(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = onsignal;
	sigfillset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], 0, &old) == 0
		    && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, 0);
}

/* Registers path (a file, or a folder: register it before its files)
 * for removal on failure or signal; temp_drop(path) forgets it. */
void
temp_add(const char *path)
{
	int i;

	assert(strlen(path) < PATH_MAX && "temporary paths are short");
	for (i = 0; i < NTEMP && used[i]; i++)
		;
	assert(i < NTEMP && "at most NTEMP temporary paths at once");
	strcpy(temps[i], path);
	used[i] = 1;
}

void
temp_drop(const char *path)
{
	int i;

	for (i = NTEMP - 1; i >= 0; i--)
		if (used[i] && !strcmp(temps[i], path)) {
			used[i] = 0;
			return;
		}
}

/* Prints "kgen: MESSAGE" as one line: a control character that an
 * argument brought in (a file or command name holding a newline) is
 * printed as '?'. */
static void
vmsg(const char *fmt, va_list ap)
{
	char buf[1024];
	size_t i;

	vsnprintf(buf, sizeof buf, fmt, ap);
	for (i = 0; buf[i]; i++)
		if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7f)
			buf[i] = '?';
	fputs("kgen: ", stderr);
	fputs(buf, stderr);
	fputc('\n', stderr);
}

void
fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	temp_clean();
	exit(2);
}

void
die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	temp_clean();
	exit(1);
}

void *
emalloc(size_t n)
{
	void *p;

	p = malloc(n ? n : 1);
	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

void *
erealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

typedef struct Chunk Chunk;
struct Chunk {
	Chunk *next;
	size_t size, used;
	max_align_t data[];
};

struct Arena {
	Chunk *head;
};

Arena *
arena_new(void)
{
	Arena *a;

	a = emalloc(sizeof *a);
	a->head = 0;
	return a;
}

void *
arena_alloc(Arena *a, size_t n)
{
	Chunk *c;
	size_t sz;
	void *p;

	n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	c = a->head;
	if (!c || c->size - c->used < n) {
		sz = n > 1 << 20 ? n : 1 << 20;
		c = emalloc(sizeof *c + sz);
		c->size = sz;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	p = (char *)c->data + c->used;
	c->used += n;
	memset(p, 0, n);
	return p;
}

/* Returns a block of n bytes holding the first old bytes of p. */
void *
arena_grow(Arena *a, void *p, size_t old, size_t n)
{
	void *q;

	q = arena_alloc(a, n);
	if (p && old)
		memcpy(q, p, old < n ? old : n);
	return q;
}

/* Frees all chunks but keeps the arena usable. */
void
arena_reset(Arena *a)
{
	Chunk *c, *next;

	for (c = a->head; c; c = next) {
		next = c->next;
		free(c);
	}
	a->head = 0;
}

void
arena_free(Arena *a)
{
	if (!a)
		return;
	arena_reset(a);
	free(a);
}

unsigned
hash_int(unsigned h, int x)
{
	h ^= (unsigned)x + 0x9e3779b9u + (h << 6) + (h >> 2);
	return h;
}

long
gcd(long a, long b)
{
	long t;

	if (a < 0)
		a = -a;
	if (b < 0)
		b = -b;
	while (b) {
		t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* The inverse of a modulo m, for gcd(a, m) = 1 (1 if there is none). */
long
modinv(long a, long m)
{
	long x;

	for (x = 1; x < m; x++)
		if (a * x % m == 1)
			return x;
	return 1;
}
