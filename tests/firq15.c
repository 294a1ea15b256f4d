/* firq15.c: kgen_fir_q15 on the data of a file, for tests/test_fir.py
 * (which checks the outputs against its own model of CMSIS's
 * arm_fir_q15 in Python integers).
 * usage: firq15 FILE MAXBLOCK CHUNKING OUT [round]
 *   FILE      int32 L, int32 N, then L taps and N samples as int16
 *             (native byte order)
 *   CHUNKING  one, single, random (calls of 0 .. 2 MAXBLOCK samples) or
 *             big (3 MAXBLOCK + 1)
 * round: the plan's flag KGEN_FIR_ROUND.
 * Writes the N outputs as int16 to OUT, twice over (the second pass
 * after kgen_fir_q15_reset); exit 1 on an error. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"

int
main(int argc, char **argv)
{
	unsigned long long st = 77;
	int32_t hd[2];
	int16_t *h, *x, *y;
	kgen_fir_q15 *f;
	size_t n, i, k;
	int mb, pass;
	FILE *in, *out;

	if (argc < 5 || argc > 6 || !(in = fopen(argv[1], "rb")) || fread(hd, 4, 2, in)
	    != 2)
		return 2;
	mb = atoi(argv[2]);
	n = (size_t)hd[1];
	h = malloc(hd[0] * sizeof *h);
	x = malloc(n * sizeof *x);
	y = malloc(n * sizeof *y);
	if (fread(h, 2, hd[0], in) != (size_t)hd[0] || fread(x, 2, n, in) != n)
		return 2;
	fclose(in);
	if (!(f = kgen_fir_q15_plan(hd[0], h, mb, argc == 6 ? KGEN_FIR_ROUND
	    : 0))
	    || !(out = fopen(argv[4], "wb")))
		return 1;
	for (pass = 0; pass < 2; pass++) {
		if (pass)
			kgen_fir_q15_reset(f);
		for (i = 0; i < n; i += k) {
			if (!strcmp(argv[3], "one"))
				k = n;
			else if (!strcmp(argv[3], "single"))
				k = 1;
			else if (!strcmp(argv[3], "big"))
				k = 3 * (size_t)mb + 1;
			else {
				st = st * 6364136223846793005ULL
				    + 1442695040888963407ULL;
				k = (size_t)((st >> 33) % (2 * (unsigned)mb
				    + 1));
			}
			if (k > n - i)
				k = n - i;
			if (kgen_fir_q15_run(f, x + i, y + i, k) != KGEN_OK)
				return 1;
		}
		if (fwrite(y, 2, n, out) != n)
			return 1;
	}
	fclose(out);
	kgen_fir_q15_destroy(f);
	free(h);
	free(x);
	free(y);
	return 0;
}
