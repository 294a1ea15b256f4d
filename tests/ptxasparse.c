/* ptxasparse.c: prints what ptxas_parse reads from a saved `ptxas -v`.
 * usage: ptxasparse FILE [FUNCTION]
 * Prints "found F regs R stack S spst X spld Y limit L"; the expected
 * figures live in test_cuda.py. */
#include <stdlib.h>
#include <string.h>
#include "all.h"

int
main(int argc, char **argv)
{
	FILE *f;
	char *s;
	size_t n;
	Ptxas r;
	int found;

	if (argc < 2 || !(f = fopen(argv[1], "r")))
		return 1;
	s = emalloc(1 << 20);
	n = fread(s, 1, (1 << 20) - 1, f);
	s[n] = 0;
	fclose(f);
	memset(&r, 0, sizeof r);
	found = ptxas_parse(s, argc > 2 ? argv[2] : 0, &r);
	printf("found %d regs %d stack %d spst %d spld %d limit %d\n", found,
	    r.regs, r.stack, r.spst, r.spld, r.limit);
	free(s);
	return 0;
}
