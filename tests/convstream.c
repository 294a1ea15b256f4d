/* convstream.c: runs one FIR codelet on a long signal read from standard
 * input (its length, then the samples, one a line) and prints the
 * outputs, one a line, with 17 digits.  Built with the codelet included:
 *   cc -DCODELET='"conv.c"' -DNAME=conv -DN=64 -DH=4 convstream.c
 * (N outputs a block, H = taps - 1; -DSINGLE: a float codelet, the
 * samples rounded to float).  Usage:
 *   convstream block      convolution block by block, x padded with H
 *                         leading zeros: numpy.convolve(x, h)[:len]
 *   convstream corr       correlation block by block over x itself:
 *                         numpy.correlate(x, h, 'valid')
 *   convstream stream B   NAME_stream in calls of B samples (the last
 *                         shorter), the history in a state of H samples
 * The comparison lives in tests/test_conv.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SINGLE
typedef float R;
#else
typedef double R;
#endif

#include CODELET

#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)

int
main(int argc, char **argv)
{
	R *x, *y;
	double v;
	long len, i, b, nout;

	if (argc < 2 || scanf("%ld", &len) != 1 || len < 0)
		return 2;
	x = calloc(len + H + N, sizeof *x);
	y = calloc(len + N, sizeof *y);
	if (!x || !y)
		return 1;
	for (i = 0; i < len; i++)
		if (scanf("%lf", &v) != 1)
			return 2;
		else
			x[H + i] = (R)v;
	nout = len;
	if (!strcmp(argv[1], "block")) {
		for (b = 0; b + N <= len; b += N)
			NAME(x + H + b, y + b, 1, 1, 1, 0, 0);
		nout = b;
	} else if (!strcmp(argv[1], "corr")) {
		for (b = 0; b + N + H <= len; b += N)
			NAME(x + H + b, y + b, 1, 1, 1, 0, 0);
		nout = b;
#ifdef STREAM
	} else if (!strcmp(argv[1], "stream") && argc == 3) {
		long blk = atol(argv[2]);
		R state[H + 1] = {0};   /* + 1: H may be 0 */

		for (b = 0; b < len; b += blk)
			XCAT(NAME, _stream)(state, x + H + b, y + b,
			    len - b < blk ? len - b : blk);
#endif
	} else {
		return 2;
	}
	for (i = 0; i < nout; i++)
		printf("%.17g\n", (double)y[i]);
	free(x);
	free(y);
	return 0;
}
