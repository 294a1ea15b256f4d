/* util.c: errors, memory and small arithmetic shared by the generator.
 * fail() is for bad input (exit 2), die() for resources (exit 1).
 * The arena is a list of chunks carved by bumping a pointer; one
 * arena_free releases a whole run, so leak checkers stay quiet. */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"

/* Set by gen/out.c: a temporary output file to remove on failure. */
char *fail_unlink;

static void
vmsg(const char *fmt, va_list ap)
{
	fputs("kgen: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	if (fail_unlink)
		remove(fail_unlink);
	exit(2);
}

void
die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	if (fail_unlink)
		remove(fail_unlink);
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
