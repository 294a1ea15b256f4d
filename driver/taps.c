/* taps.c: the taps of kgen conv, strictly parsed from --taps h0,h1,...
 * or a taps file: decimal or hexadecimal floating constants, zero or
 * normal numbers in the codelet's type (finite, not rounded to zero nor
 * denormal: the compiler would warn, and the filter would not be the one
 * written), at most CONV_MAXTAPS; bad input fails with the tap's number
 * (and line, in a file).  For --type q15|q31 a tap is a real number
 * whose Q15 or Q31 value, round(h 2^Q) (emit/fixed.c), is in range:
 * h from -1 to just below 1; a tap that rounds to zero costs nothing. */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "driver.h"

/* Appends the tap in s[0..len) to p->taps; item counts from 1 for the
 * messages, which name where the taps came from (what). */
static void
addtap(Prob *p, const char *what, int line, const char *s, size_t len,
    int *cap, int type)
{
	const char *tname;
	char buf[128], where[32];
	char *end;
	long double v, max, min;
	int isfloat;

	where[0] = 0;
	if (line)
		snprintf(where, sizeof where, "line %d: ", line);
	if (len == 0)
		fail("%s: %stap %d is empty; expected numbers separated by "
		    "commas", what, where, p->ntaps + 1);
	if (len >= sizeof buf)
		fail("%s: %stap %d is longer than %zu characters", what, where,
		    p->ntaps + 1, sizeof buf - 1);
	memcpy(buf, s, len);
	buf[len] = 0;
	errno = 0;
	v = strtold(buf, &end);
	if (end == buf || *end || isspace((unsigned char)buf[0]))
		fail("%s: %stap %d, '%s', is not a number", what, where,
		    p->ntaps + 1, buf);
	/* round(h 2^Q) as emit/fixed.c's fixed_quant rounds it (this file
	 * stands alone in the taps fuzzer) */
	if (type >= 15 && (!isfinite(v) || fabsl(v) > 2
	    || llroundl(ldexpl(v, type)) < -(1LL << type)
	    || llroundl(ldexpl(v, type)) >= 1LL << type))
		fail("%s: %stap %d, '%s', is out of range for q%d: round(h "
		    "2^%d) must lie in %lld..%lld (h from -1 to just below 1)",
		    what, where, p->ntaps + 1, buf, type, type,
		    -(1LL << type), (1LL << type) - 1);
	isfloat = type == 1;
	tname = isfloat ? "float" : "double";
	max = isfloat ? FLT_MAX : DBL_MAX;
	min = isfloat ? FLT_MIN : DBL_MIN;
	if (type < 15 && ((errno == ERANGE && fabsl(v) >= 1)
	    || !isfinite(v) || fabsl(v) > max))
		fail("%s: %stap %d, '%s', is out of range for a %s (magnitude "
		    "at most %Lg)", what, where, p->ntaps + 1, buf, tname,
		    max);
	if (type < 15 && (v != 0 ? fabsl(v) < min : errno == ERANGE))
		fail("%s: %stap %d, '%s', is too small for a %s (zero, or a "
		    "magnitude of at least %Lg)", what, where, p->ntaps + 1,
		    buf, tname, min);
	if (p->ntaps == CONV_MAXTAPS)
		fail("%s: more than %d taps", what, CONV_MAXTAPS);
	if (p->ntaps == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		p->taps = erealloc(p->taps, *cap * sizeof *p->taps);
	}
	p->taps[p->ntaps++] = v;
}

/* Skips white space and # comments in a taps file, counting lines. */
static const char *
skip(const char *p, int file, int *line)
{
	while (file && (isspace((unsigned char)*p) || *p == '#')) {
		if (*p == '#')
			while (*p && *p != '\n')
				p++;
		else if (*p++ == '\n')
			++*line;
	}
	return p;
}

/* Reads taps from text into pr->taps (malloc'd): numbers separated by
 * commas, and in a taps file (file != 0) also by white space, with #
 * starting a comment.  A comma stands between two numbers, never first,
 * last or doubled.  Messages start with what, the option given.  type:
 * 0 double, 1 float, 15 or 31 fixed point (Q15, Q31). */
void
taps_parse(Prob *pr, const char *what, const char *text, int file,
    int type)
{
	const char *p, *q;
	int cap, line;

	cap = 0;
	line = 1;
	for (p = text; *p; p++)
		if (!file && isspace((unsigned char)*p))
			fail("%s: white space in the taps; expected numbers "
			    "separated by commas only", what);
	p = skip(text, file, &line);
	if (!*p)
		fail("%s: no taps", what);
	for (;;) {
		for (q = p; *q && *q != ',' && !(file && (*q == '#'
		    || isspace((unsigned char)*q))); q++)
			;
		addtap(pr, what, file ? line : 0, p, q - p, &cap, type);
		p = skip(q, file, &line);
		if (!*p)
			break;
		if (*p == ',') {
			p = skip(p + 1, file, &line);
			if (!*p)
				fail("%s: a comma ends the taps; expected a "
				    "number after it", what);
		}
	}
}

/* The text of taps file path (malloc'd), at most 1 MB and no NUL byte;
 * messages start with what, the option given. */
char *
taps_load(const char *what, const char *path)
{
	FILE *f;
	char *text;
	size_t len;

	if (!(f = fopen(path, "r")))
		fail("%s: cannot read: %s", what, strerror(errno));
	text = emalloc(1 << 20);
	len = fread(text, 1, (1 << 20) - 1, f);
	if (ferror(f))
		fail("%s: cannot read: %s", what, strerror(errno));
	if (!feof(f) && fgetc(f) != EOF)
		fail("%s: larger than 1 MB", what);
	fclose(f);
	text[len] = 0;
	if (strlen(text) != len)
		fail("%s: a NUL byte; expected text", what);
	return text;
}
