/* num.c: constants.  Twiddle factors are computed in long double from an
 * exactly reduced angle, so that w^k is bit-identical however k/n was
 * reached, +-1, +-i and (+-1 +-i)/sqrt(2) come out exact, and equal
 * constants share one DAG node.  Printing uses 21 significant digits, more
 * than double (17) or float (9) needs to round-trip. */
#include <math.h>
#include <string.h>
#include "all.h"

static const long double PI =
    3.141592653589793238462643383279502884L;

/* *c + i *s = exp(2 pi i num / den), den > 0. */
void
num_cexp(long num, long den, long double *c, long double *s)
{
	long g, t, D;
	int sneg, cneg, swap;
	long double x, y, a;

	num %= den;
	if (num < 0)
		num += den;
	g = gcd(num, den);
	if (g > 1) {
		num /= g;
		den /= g;
	}
	t = 8 * num;    /* the angle is 2 pi t / D */
	D = 8 * den;
	sneg = cneg = swap = 0;
	if (2 * t > D) {
		t = D - t;
		sneg = 1;
	}
	if (4 * t > D) {
		t = D / 2 - t;
		cneg = 1;
	}
	if (8 * t > D) {
		t = D / 4 - t;
		swap = 1;
	}
	if (t == 0) {
		x = 1;
		y = 0;
	} else if (8 * t == D) {
		x = y = sqrtl(0.5L);
	} else {
		a = 2 * PI * (long double)t / (long double)D;
		x = cosl(a);
		y = sinl(a);
	}
	if (swap) {
		a = x;
		x = y;
		y = a;
	}
	*c = cneg ? -x : x;
	*s = sneg ? -y : y;
}

/* Prints v as a C floating constant (float: with an f suffix). */
void
num_print(FILE *f, long double v, int isfloat)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%.21Lg", v);
	if (!strpbrk(buf, ".en"))
		strcat(buf, ".0");
	fputs(buf, f);
	if (isfloat)
		fputc('f', f);
}
