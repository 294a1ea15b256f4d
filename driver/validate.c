/* validate.c: the validator in the pipeline.  kgen verify FILE.s and
 * kgen fft --emit asm --verify both rebuild the DAG an assembly codelet's
 * header names (build.c) and run verify/verify.c on the text against
 * it: every output must be the DAG's. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "driver.h"

/* Checks text, the assembly of file, with verify/verify.c: exits 1 on a
 * failed check, 2 when it cannot be read; else returns the counts. */
Vres
validate_text(const Job *j, const char *text, const char *file)
{
	Arena *ar;
	Vhead h;
	Vres r;
	char msg[512];
	int rc;

	if (!asmread_head(text, &h, msg, sizeof msg))
		fail("verify %s: %s", file, msg);
	ar = arena_new();
	rc = verify_run(text, file, build_asm(j, &h, file, ar), &h, &r, msg,
	    sizeof msg);
	arena_free(ar);
	if (rc == 2)
		fail("verify %s", msg);
	if (rc)
		die("verify %s", msg);
	return r;
}

/* kgen verify FILE.s: the validator on an assembly codelet. */
void
validate_file(const Job *j)
{
	char *text;
	Vres r;

	text = asmread_load(j->file);
	r = validate_text(j, text, j->file);
	printf("%s: ok: every output is the DAG's; %d kernel instructions, "
	    "%d spill loads, %d spill stores, %ld stalls\n", j->file,
	    r.instrs, r.loads, r.stores, r.stalls);
	free(text);
	if (fflush(stdout) || ferror(stdout))
		fail("verify: cannot write: %s", strerror(errno));
}
