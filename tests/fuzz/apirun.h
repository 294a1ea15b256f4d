/* apirun.h: what tests/fuzz/apirun.c and apind.c (its nd lines)
 * share: the guarded arrays (apirun.c) and the line runners. */
#ifndef APIRUN_H
#define APIRUN_H
#include <stddef.h>
#include "kgen.h"

#define SENTINEL 12345.0
#define NOPLAN (-100)   /* a plan function returned NULL */
#define MADE 1          /* the plan was made, not run (EXEC 0, or huge) */

typedef struct Arr Arr;
struct Arr {
	void *map;      /* the mapping: the array and its guard page */
	size_t maplen;
	char *p;        /* the array: len elements of size */
	size_t len, size;
};

double uniform(void);
Arr alloc(size_t len, size_t size, int side);
void release(Arr *a);
double get(const Arr *a, ptrdiff_t i);
void set(Arr *a, ptrdiff_t i, double v);
int touched(const Arr *a);
Arr copy(const Arr *a);
void *base(const Arr *a, int k, int nulls, long long lo);
void nd(long long *x);

#endif
