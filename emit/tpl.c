/* emit/tpl.c: prints the pieces of C code kept in the templates of
 * emit/tpl/ (real C files, one piece between "kgen: begin NAME" and
 * "kgen: end" comments), which the build turns into tpltext[]
 * (emit/text.awk).  A placeholder @name@ in a piece stands for a
 * value the emitter passes: a string, or a number printed with %ld.
 * Every placeholder must have a value and every value a placeholder, so
 * a misspelt name fails an assert rather than printing '@' into a
 * codelet. */
#include <assert.h>
#include <string.h>
#include "all.h"
#include "tpltext.h"      /* tpltext[]: the pieces of emit/tpl/ */

enum { NTPL = sizeof tpltext / sizeof tpltext[0] };

/* Prints s up to its end, each @name@ replaced by its value in arg. */
static void
subst(FILE *f, const char *s, const Tplarg *arg, unsigned *used)
{
	const char *at, *end;
	size_t len;
	int i;

	while ((at = strchr(s, '@')) != NULL) {
		fwrite(s, 1, at - s, f);
		end = strchr(at + 1, '@');
		assert(end && "text.awk checks the placeholders");
		len = end - at - 1;
		for (i = 0; arg[i].name; i++)
			if (strlen(arg[i].name) == len
			    && memcmp(arg[i].name, at + 1, len) == 0)
				break;
		assert(arg[i].name && "every placeholder has a value");
		if (arg[i].s)
			fputs(arg[i].s, f);
		else
			fprintf(f, "%ld", arg[i].n);
		*used |= 1u << i;
		s = end + 1;
	}
	fputs(s, f);
}

/* Prints the piece called name with its placeholders replaced by the
 * values of arg (an array ended by a NULL name, or NULL for none).
 * requires: the piece exists and arg names each of its placeholders,
 * and only those. */
void
tpl_print(FILE *f, const char *name, const Tplarg *arg)
{
	static const Tplarg none[] = {{NULL, NULL, 0}};
	unsigned used;
	int i, n, found;

	if (!arg)
		arg = none;
	for (n = 0; arg[n].name; n++)
		;
	assert(n < 32 && "used is a mask of the values");
	used = 0;
	found = 0;
	for (i = 0; i < NTPL; i++)
		if (strcmp(tpltext[i][0], name) == 0) {
			subst(f, tpltext[i][1], arg, &used);
			found = 1;
		}
	assert(found && "the piece is in emit/tpl/");
	assert(used == (n ? (1u << n) - 1 : 0) && "every value is used");
	(void)found;
}
