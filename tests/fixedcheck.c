/* fixedcheck.c: runs one fixed-point codelet of kgen conv or kgen fft
 * --type q15|q31 on integers read from standard input and prints what it
 * wrote, one integer a line; tests/test_fixed.py supplies the inputs and
 * checks the outputs against its own model (bit-exact for the filter,
 * the exact DFT for the FFT), natively and under qemu-aarch64.  Built
 * with -DNAME=codelet -DT=int16_t|int32_t, and -DFFT for an FFT.
 *   fixedcheck block L N V IS OS   conv: V signals of L-1+N samples each,
 *                                  x strided by IS, y by OS, signals apart
 *   fixedcheck stream L LEN C...   conv: NAME_stream on LEN samples in
 *                                  chunks of C... (cycled)
 *   fixedcheck fft N V IS OS       fft: V transforms, N pairs re im each
 * Every element between the strided ones is a guard value; a guard
 * overwritten exits 1 with a message. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

#define GUARD 12345

#ifdef FFT
void NAME(const T *ri, const T *ii, T *ro, T *io, ptrdiff_t is,
    ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);
#else
void NAME(const T *x, T *y, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v,
    ptrdiff_t ivs, ptrdiff_t ovs);
void CAT(NAME, _stream)(T *state, const T *x, T *y, ptrdiff_t len);
#endif

static T
next(void)
{
	long long v;

	if (scanf("%lld", &v) != 1) {
		fprintf(stderr, "fixedcheck: input ends early\n");
		exit(2);
	}
	return (T)v;
}

static T *
array(size_t n)
{
	T *p;
	size_t i;

	if (!(p = malloc((n ? n : 1) * sizeof *p))) {
		fprintf(stderr, "fixedcheck: out of memory\n");
		exit(2);
	}
	for (i = 0; i < n; i++)
		p[i] = GUARD;
	return p;
}

/* Exits 1 unless a[0..n) holds GUARD but at multiples of step. */
static void
guards(const T *a, size_t n, size_t step, const char *what)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (i % step && a[i] != GUARD) {
			fprintf(stderr, "fixedcheck: %s[%zu] overwritten\n",
			    what, i);
			exit(1);
		}
}

#ifndef FFT
static void
block(int argc, char **argv)
{
	long l, n, v, is, os, s, m, per, len;
	T *x, *y;

	if (argc != 7)
		exit(2);
	l = atol(argv[2]);
	n = atol(argv[3]);
	v = atol(argv[4]);
	is = atol(argv[5]);
	os = atol(argv[6]);
	len = l - 1 + n;
	per = len * is;
	x = array(v * per);
	y = array(v * n * os);
	for (s = 0; s < v; s++)
		for (m = 0; m < len; m++)
			x[s * per + m * is] = next();
	NAME(x + (l - 1) * is, y, is, os, v, per, n * os);
	guards(x, v * per, is, "x");
	guards(y, v * n * os, os, "y");
	for (s = 0; s < v * n; s++)
		printf("%lld\n", (long long)y[s * os]);
	free(x);
	free(y);
}

static void
stream(int argc, char **argv)
{
	long l, len, i, c, k;
	T *x, *y, *state;

	if (argc < 5)
		exit(2);
	l = atol(argv[2]);
	len = atol(argv[3]);
	x = array(len);
	y = array(len + 1);
	state = array(l);
	for (i = 0; i < l; i++)
		state[i] = 0;
	state[l - 1] = GUARD;   /* one past the l-1 samples of history */
	for (i = 0; i < len; i++)
		x[i] = next();
	for (i = 0, k = 4; i < len; i += c, k = k + 1 < argc ? k + 1 : 4) {
		c = atol(argv[k]);
		if (c > len - i)
			c = len - i;
		CAT(NAME, _stream)(state, x + i, y + i, c);
	}
	if (y[len] != GUARD || state[l - 1] != GUARD) {
		fprintf(stderr, "fixedcheck: stream wrote past its arrays\n");
		exit(1);
	}
	for (i = 0; i < len; i++)
		printf("%lld\n", (long long)y[i]);
	free(x);
	free(y);
	free(state);
}
#else
static void
fft(int argc, char **argv)
{
	long n, v, is, os, s, m, per, oper;
	T *ri, *ii, *ro, *io;

	if (argc != 6)
		exit(2);
	n = atol(argv[2]);
	v = atol(argv[3]);
	is = atol(argv[4]);
	os = atol(argv[5]);
	per = n * is;
	oper = n * os;
	ri = array(v * per);
	ii = array(v * per);
	ro = array(v * oper);
	io = array(v * oper);
	for (s = 0; s < v; s++)
		for (m = 0; m < n; m++) {
			ri[s * per + m * is] = next();
			ii[s * per + m * is] = next();
		}
	NAME(ri, ii, ro, io, is, os, v, per, oper);
	guards(ro, v * oper, os, "ro");
	guards(io, v * oper, os, "io");
	for (s = 0; s < v * n; s++)
		printf("%lld %lld\n", (long long)ro[s * os],
		    (long long)io[s * os]);
	free(ri);
	free(ii);
	free(ro);
	free(io);
}
#endif

int
main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
#ifdef FFT
	if (!strcmp(argv[1], "fft"))
		fft(argc, argv);
	else
		return 2;
#else
	if (!strcmp(argv[1], "block"))
		block(argc, argv);
	else if (!strcmp(argv[1], "stream"))
		stream(argc, argv);
	else
		return 2;
#endif
	return fflush(stdout) != 0;
}
