/* mem.c: kgen_malloc and kgen_free, FFTW's fftw_malloc: arrays on a
 * 64-byte boundary (a cache line, one AVX-512 vector). */
#include <stdlib.h>
#include "kgen.h"

void *
kgen_malloc(size_t bytes)
{
	void *v;

	return posix_memalign(&v, 64, bytes ? bytes : 1) ? 0 : v;
}

void
kgen_free(void *p)
{
	free(p);
}
