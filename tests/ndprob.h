/* ndprob.h: what tests/ndcheck.c and tests/ndprob.c share: the
 * precision (double, or float under -DSINGLE), a problem in FFTW's
 * bench syntax with its strides, each side's element offsets, and the
 * guarded arrays (ndprob.c). */
#ifndef NDPROB_H
#define NDPROB_H
#include <stddef.h>
#include "kgen.h"

#ifdef SINGLE
typedef float R;
typedef kgen_complexf C;
typedef kgen_planf PLAN;
#define PL(x) kgen_planf_##x
#define EXEC kgen_executef
#define EX(x) kgen_executef_##x
#define DESTROY kgen_destroyf
#else
typedef double R;
typedef kgen_complex C;
typedef kgen_plan PLAN;
#define PL(x) kgen_plan_##x
#define EXEC kgen_execute
#define EX(x) kgen_execute_##x
#define DESTROY kgen_destroy
#endif

#define MAXR 8

typedef struct Dim Dim;
struct Dim {
	long n;
	ptrdiff_t is, os;
	int given;      /* strides given in the problem */
};

typedef struct Prob Prob;
struct Prob {
	const char *text;
	int inplace, real, sign;  /* real: sign -1 r2c, +1 c2r */
	int rank, vrank;
	Dim d[MAXR], v[MAXR];
};

/* One side of a problem: its elements in row-major order (loops
 * outside), each one's offset in elements. */
typedef struct Side Side;
struct Side {
	int cplx;
	long count;
	ptrdiff_t *off;
};

/* An array of scalars with guard values around its elements; b is the
 * address of offset 0. */
typedef struct Arr Arr;
struct Arr {
	R *mem, *b, *init;
	char *mask;     /* positions a call may write */
	size_t len;
};

extern unsigned long long rnd_state;   /* rnd's; fixed seed */

double rnd(void);
void die(const char *what, const char *s);
int cplx(const Prob *p, int out);
long shape(const Prob *p, int out, int k);
ptrdiff_t *stride(Dim *d, int out);
void parse(const char *text, Prob *p);
void elements(const Prob *p, int out, Side *sd);
ptrdiff_t pos(const Side *s, long e, int part, int split);
void arr(Arr *x, const Side *a, const Side *b, int split, int shift);
void allow(Arr *x, const Side *s, int split);
long changed(const Arr *x, int any);
void unarr(Arr *x);

#endif
