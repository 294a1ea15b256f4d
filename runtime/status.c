/* status.c: kgen_strerror and kgen_version.  They live apart from the
 * registry so that a program linked statically that calls them (and
 * kgen_dgemm, say) does not pull in registry.c's table and with it every
 * codelet: each object of libkgen.a is linked only when a program uses
 * one of its names (tests/test_symbols.py checks a kgen_dgemm program's
 * size). */
#include "kgen.h"

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
	case KGEN_ESELFTEST:
		return "self-test failed: an error above its bound, or a "
		    "write outside the output";
	}
	return "unknown status";
}

const char *
kgen_version(void)
{
	return KGEN_VERSION;
}
