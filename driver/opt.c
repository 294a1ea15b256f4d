/* opt.c: the checks on option values that both cli.c (reading each
 * option) and job.c (each command's combination) make: numbers within
 * their range, register lists, and options that do not apply.  It calls
 * neither of them, so that the arrows run cli.c -> job.c -> opt.c. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "driver.h"

/* The integer s of option opt, from lo to hi (what says which). */
long
opt_num(const char *opt, const char *s, long lo, long hi, const char *what)
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

/* Reads --regs s, register counts from lo to hi, into r (at most max of
 * them): a list such as 16, 8,16,32 or 4-64, where what says what is
 * expected; or, with max 1, one count, what naming it. */
int
opt_regs(const char *s, int lo, int hi, int *r, int max,
    const char *what)
{
	const char *p;
	char *end;
	long a, b;
	int n;

	if (max == 1) {
		r[0] = (int)opt_num("--regs", s, lo, hi, what);
		return 1;
	}
	n = 0;
	for (p = s; ; p = end + 1) {
		errno = 0;
		a = strtol(p, &end, 10);
		b = a;
		if (end != p && *end == '-')
			b = strtol(p = end + 1, &end, 10);
		if (end == p || (*end && *end != ',') || errno || a < lo
		    || b > hi || a > b)
			fail("--regs %s: expected %s", s, what);
		for (; a <= b; a++) {
			if (n == max)
				fail("--regs %s: more than %d values", s, max);
			r[n++] = (int)a;
		}
		if (!*end)
			return n;
	}
}

/* Fails unless every option given is in allowed (space separated): an
 * option that would do nothing is rejected, never silently ignored.
 * what names the command, or the form of it, for the message. */
void
opt_only(const Opts *o, const char *what, const char *allowed)
{
	const char *p;
	size_t len;
	int i;

	for (i = 0; i < o->ngiven; i++) {
		len = strlen(o->given[i]);
		for (p = allowed; (p = strstr(p, o->given[i])); p += len)
			if ((p == allowed || p[-1] == ' ')
			    && (p[len] == ' ' || !p[len]))
				break;
		if (!p)
			fail("%s: %s does not apply; it takes %s", what,
			    o->given[i], allowed);
	}
}
