/* emit/fftwsimd.c: the SIMD families of kgen fft --emit fftw (FFTW
 * 3.3.10's dft/simd/common files), printed through FFTW's simd-support
 * macros (V, LD, ST, VADD, VBYI, ...) so that one file serves every ISA
 * FFTW builds; the frame (both forms, counts, constants) is
 * emit/fftw.c's. */
#include <string.h>
#include "all.h"

static const Fftwfam fams[] = {
	{NULL, NULL, 0, 0, NULL, 0, 0, NULL, NULL, NULL},
};
enum { NFAM = sizeof fams / sizeof fams[0] - 1 };

const Fftwfam *
fftwsimd_find(const char *name)
{
	int i;

	for (i = 0; i < NFAM; i++)
		if (!strcmp(fams[i].name, name))
			return &fams[i];
	return NULL;
}

void
fftwsimd_names(FILE *f)
{
	int i;

	for (i = 0; i < NFAM; i++)
		fprintf(f, " %s", fams[i].name);
}

void
fftwsimd_list(FILE *f)
{
	int i;

	for (i = 0; i < NFAM; i++)
		fftw_listfam(f, &fams[i]);
}
