/* registry.c: finds the library's codelets by size and precision, and
 * gives the backward transform from the forward codelets.
 *
 * The table is made at build time by runtime/mktable.awk from the header
 * comments of the generated codelets, so the counts it reports are the
 * ones kgen printed for the very code that is linked.
 *
 * Backward transforms use FFTW's trick: with swap(a + ib) = b + ia,
 * DFT_+(x) = swap(DFT_-(swap(x))), because swap(z) = i conj(z) and the
 * DFT is linear.  Swapping is free: pass ii for ri and io for ro. */
#include <stdatomic.h>
#include "kgen.h"
#include "cpu.h"

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

/* kgen_dft and kgen_dftf in precision prec: the checks, then the codelet
 * dispatch.c picks for n, v, the CPU and the layout; the other sign is
 * the same codelet with real and imaginary parts swapped (the library's
 * n1 codelets are all forward: codelets.def gives none --sign, and
 * test_runtime.py checks the table).  No kgen_lookup here: its table
 * walk and checks cost as much as a size-4 transform. */
static int
dft(int n, int prec, int sign, const void *ri, const void *ii, void *ro,
    void *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs,
    ptrdiff_t ovs)
{
	const void *in;
	void *out;
	cpu_fn *f;
	size_t sz;
	int split;

	if (sign != -1 && sign != 1)
		return KGEN_ESIGN;
	if (!ri || !ii || !ro || !io || v < 0)
		return KGEN_EINVAL;
	if (sign > 0) {
		in = ri;
		ri = ii;
		ii = in;
		out = ro;
		ro = io;
		io = out;
	}
	/* interleaved pairs, either way round, or anything else */
	sz = prec == KGEN_DOUBLE ? sizeof(double) : sizeof(float);
	split = !(((const char *)ii == (const char *)ri + sz
	    && (char *)io == (char *)ro + sz)
	    || ((const char *)ii == (const char *)ri - sz
	    && (char *)io == (char *)ro - sz));
	if (!(f = dispatch_pick(n, v, prec == KGEN_FLOAT, split)))
		return KGEN_ENOSIZE;
	if (prec == KGEN_DOUBLE)
		((kgen_dft_fn *)f)(ri, ii, ro, io, is, os, v, ivs, ovs);
	else
		((kgen_dftf_fn *)f)(ri, ii, ro, io, is, os, v, ivs, ovs);
	return KGEN_OK;
}

int
kgen_dft(int n, int sign, const double *ri, const double *ii, double *ro,
    double *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs,
    ptrdiff_t ovs)
{
	return dft(n, KGEN_DOUBLE, sign, ri, ii, ro, io, is, os, v, ivs, ovs);
}

int
kgen_dftf(int n, int sign, const float *ri, const float *ii, float *ro,
    float *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs,
    ptrdiff_t ovs)
{
	return dft(n, KGEN_FLOAT, sign, ri, ii, ro, io, is, os, v, ivs, ovs);
}

const char *
kgen_strerror(int status)
{
	switch (status) {
	case KGEN_OK:
		return "success";
	case KGEN_EINVAL:
		return "invalid argument: a NULL array, or a count out of range";
	case KGEN_ESIGN:
		return "invalid sign: expected -1 (forward) or +1 (backward)";
	case KGEN_ENOSIZE:
		return "no codelet of this size and precision in the library";
	case KGEN_ENOMEM:
		return "out of memory";
	}
	return "unknown status";
}

const char *
kgen_version(void)
{
	return KGEN_VERSION;
}
