/* registry.c: finds the library's codelets by size and precision
 * (kgen_lookup, kgen_codelets), and the status messages.
 *
 * The table is made at build time by runtime/mktable.awk from the header
 * comments of the generated codelets, so the counts it reports are the
 * ones kgen printed for the very code that is linked.  kgen_dft, which
 * gives the backward transform from these forward codelets with FFTW's
 * trick (with swap(a + ib) = b + ia, DFT_+(x) = swap(DFT_-(swap(x))),
 * because swap(z) = i conj(z) and the DFT is linear; swapping is free:
 * pass ii for ri and io for ro), is in dispatch.c. */
#include <stdatomic.h>
#include "kgen.h"

static const kgen_codelet table[] = {
#include "table.h"
};

enum {
	NTABLE = sizeof table / sizeof table[0],
	NWHERE = 256    /* sizes below this have their lookups remembered */
};

/* where[precision - 1][n]: 0 not looked up yet, -1 no codelet, else 1 +
 * its index in table.  A scan of the table took 60-110 ns for a float
 * size (past all the double ones), as long as the transform it finds;
 * threads that race here store the same value. */
static atomic_int where[2][NWHERE];

const kgen_codelet *
kgen_lookup(int n, int precision)
{
	atomic_int *slot;
	int i, w;

	slot = 0;
	if (n >= 1 && n < NWHERE &&
	    (precision == KGEN_DOUBLE || precision == KGEN_FLOAT)) {
		slot = &where[precision - 1][n];
		w = atomic_load_explicit(slot, memory_order_relaxed);
		if (w)
			return w > 0 ? &table[w - 1] : 0;
	}
	for (i = 0; i < NTABLE; i++)
		if (table[i].n == n && table[i].precision == precision)
			break;
	if (slot)
		atomic_store_explicit(slot, i < NTABLE ? i + 1 : -1,
		    memory_order_relaxed);
	return i < NTABLE ? &table[i] : 0;
}

const kgen_codelet *
kgen_codelets(int *count)
{
	if (count)
		*count = NTABLE;
	return table;
}

/* kgen_dft and kgen_dftf are in dispatch.c, beside the choice of codelet
 * they make on every call. */
