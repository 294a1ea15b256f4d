/* ndprob.c: the problems of tests/ndcheck.c: FFTW's bench syntax
 * ([i|o][c|r][f|b]DIMS[*LOOPS], ndcheck.c's opening comment) parsed
 * into dimensions and loops with FFTW's default strides, each side's
 * element offsets, and the guarded arrays the checks run on: guard
 * values all around and between the elements, a mask of the positions
 * a call may write, and a count of the others that changed.  Compiled
 * with ndcheck.c, in double or (-DSINGLE) float. */
#define _POSIX_C_SOURCE 200112L  /* posix_memalign */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ndprob.h"

#define PAD 64          /* guard scalars before and after each array */

static const R GUARD = -7.25e3;
unsigned long long rnd_state = 777;

double
rnd(void)
{
	rnd_state = rnd_state * 6364136223846793005ULL
	    + 1442695040888963407ULL;
	return (double)(rnd_state >> 11) / 9007199254740992.0 * 2 - 1;
}

void
die(const char *what, const char *s)
{
	fprintf(stderr, "ndcheck: %s: %s\n", s, what);
	exit(2);
}

int
cplx(const Prob *p, int out)
{
	return !p->real || (p->sign < 0) == out;
}

/* The size of dimension k on one side: the complex side of a real
 * transform holds n/2 + 1 of the last. */
long
shape(const Prob *p, int out, int k)
{
	long n = p->d[k].n;

	return p->real && k == p->rank - 1 && cplx(p, out) ? n / 2 + 1 : n;
}

ptrdiff_t *
stride(Dim *d, int out)
{
	return out ? &d->os : &d->is;
}

static const char *
tensor(const char *s, Dim *d, int *rank, const char *text)
{
	char *end;

	*rank = 0;
	do {
		if (*rank == MAXR)
			die("too many dimensions", text);
		d[*rank].n = strtol(s, &end, 10);
		if (end == s)
			die("expected a size", text);
		s = end;
		d[*rank].given = 0;
		if (*s == ':') {
			d[*rank].is = d[*rank].os = strtol(s + 1, &end, 10);
			s = end;
			if (*s == ':') {
				d[*rank].os = strtol(s + 1, &end, 10);
				s = end;
			}
			d[*rank].given = 1;
		}
		++*rank;
	} while (*s == 'x' && s++);
	return s;
}

/* Fills in the strides the problem leaves out, FFTW's way. */
static void
defaults(Prob *p)
{
	ptrdiff_t s, span;
	long m;
	int out, k, given;

	for (out = 0; out <= 1; out++) {
		s = 1;
		span = 0;
		given = 0;
		for (k = p->rank - 1; k >= 0; k--) {
			m = shape(p, out, k);
			if (p->real && p->inplace && !cplx(p, out)
			    && k == p->rank - 1)
				m = 2 * (p->d[k].n / 2 + 1);
			if (!p->d[k].given)
				*stride(&p->d[k], out) = s;
			given |= p->d[k].given;
			span += (shape(p, out, k) - 1)
			    * llabs(*stride(&p->d[k], out));
			s *= m;
		}
		if (given)
			s = span + 1;
		for (k = p->vrank - 1; k >= 0; k--) {
			if (!p->v[k].given)
				*stride(&p->v[k], out) = s;
			s = p->v[k].n * llabs(*stride(&p->v[k], out));
		}
	}
}

void
parse(const char *text, Prob *p)
{
	const char *s = text;

	memset(p, 0, sizeof *p);
	p->text = text;
	p->sign = -1;
	for (;; s++)
		if (*s == 'i' || *s == 'o')
			p->inplace = *s == 'i';
		else if (*s == 'c' || *s == 'r')
			p->real = *s == 'r';
		else if (*s == 'f' || *s == 'b')
			p->sign = *s == 'f' ? -1 : 1;
		else
			break;
	s = tensor(s, p->d, &p->rank, text);
	if (*s == '*')
		s = tensor(s + 1, p->v, &p->vrank, text);
	if (*s)
		die("trailing characters", text);
	defaults(p);
}

void
elements(const Prob *p, int out, Side *sd)
{
	long n[2 * MAXR], idx[2 * MAXR], e;
	ptrdiff_t st[2 * MAXR], o;
	int r = 0, k;

	for (k = 0; k < p->vrank; k++) {
		n[r] = p->v[k].n;
		st[r++] = out ? p->v[k].os : p->v[k].is;
	}
	for (k = 0; k < p->rank; k++) {
		n[r] = shape(p, out, k);
		st[r++] = out ? p->d[k].os : p->d[k].is;
	}
	sd->cplx = cplx(p, out);
	sd->count = 1;
	for (k = 0; k < r; k++) {
		sd->count *= n[k];
		idx[k] = 0;
	}
	sd->off = malloc(sd->count * sizeof *sd->off);
	for (e = 0; e < sd->count; e++) {
		o = 0;
		for (k = 0; k < r; k++)
			o += idx[k] * st[k];
		sd->off[e] = o;
		for (k = r - 1; k >= 0 && ++idx[k] == n[k]; k--)
			idx[k] = 0;
	}
}

/* The scalar position of part (0 re, 1 im) of element e of a side,
 * in an interleaved (split 0) or split array. */
ptrdiff_t
pos(const Side *s, long e, int part, int split)
{
	return s->cplx && !split ? 2 * s->off[e] + part : s->off[e];
}

static void
bounds(const Side *s, int split, ptrdiff_t *lo, ptrdiff_t *hi)
{
	long e;
	int w = s->cplx && !split;

	for (e = 0; e < s->count; e++) {
		if (pos(s, e, 0, split) < *lo)
			*lo = pos(s, e, 0, split);
		if (pos(s, e, w, split) > *hi)
			*hi = pos(s, e, w, split);
	}
}

/* An array for sides a and b (b NULL: a alone), offset 0 aligned to 64
 * bytes (plus one complex number when shift), guards all over. */
void
arr(Arr *x, const Side *a, const Side *b, int split, int shift)
{
	ptrdiff_t lo = 0, hi = 0, at, vl = 64 / sizeof(R);
	void *v;
	size_t i;

	bounds(a, split, &lo, &hi);
	if (b)
		bounds(b, split, &lo, &hi);
	at = (PAD - lo + vl - 1) / vl * vl + (shift ? 2 : 0);
	x->len = at + hi + 1 + PAD;
	if (posix_memalign(&v, 64, x->len * sizeof(R)))
		die("out of memory", "arrays");
	x->mem = v;
	x->b = x->mem + at;
	for (i = 0; i < x->len; i++)
		x->mem[i] = GUARD;
	x->mask = calloc(x->len, 1);
	x->init = malloc(x->len * sizeof(R));
}

void
allow(Arr *x, const Side *s, int split)
{
	long e;
	int k;

	for (e = 0; e < s->count; e++)
		for (k = 0; k < (s->cplx && !split ? 2 : 1); k++)
			x->mask[x->b - x->mem + pos(s, e, k, split)] = 1;
}

long
changed(const Arr *x, int any)
{
	size_t i;
	long c = 0;

	for (i = 0; i < x->len; i++)
		if ((any || !x->mask[i]) && x->mem[i] != x->init[i])
			c++;
	return c;
}

void
unarr(Arr *x)
{
	free(x->mem);
	free(x->mask);
	free(x->init);
}
