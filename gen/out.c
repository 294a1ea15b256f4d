/* out.c: a run's output.  The codelet goes to a temporary file beside
 * the target and is renamed into place on success, so a failure never
 * leaves a partial file: fail() removes the file fail_unlink names.  A
 * target that is no regular file (-o /dev/stdout) is written directly. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "all.h"

/* Opens the temporary file beside path (NULL: standard output); *tmp
 * gets its name, NULL when there is none. */
FILE *
out_open(const char *path, char **tmp)
{
	struct stat st;
	FILE *f;
	int fd;

	*tmp = 0;
	if (!path)
		return stdout;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* a device or pipe (-o /dev/stdout): renaming would replace it */
		f = fopen(path, "w");
		if (!f)
			fail("-o %s: cannot write: %s", path, strerror(errno));
		return f;
	}
	*tmp = emalloc(strlen(path) + 16);
	sprintf(*tmp, "%s.tmpXXXXXX", path);
	fd = mkstemp(*tmp);
	if (fd < 0)
		fail("-o %s: cannot write: %s", path, strerror(errno));
	fail_unlink = *tmp;
	f = fdopen(fd, "w");
	if (!f)
		fail("-o %s: cannot write: %s", path, strerror(errno));
	return f;
}

/* Closes f and renames the temporary file tmp over path: the output
 * is complete, or fail() names the file and removes tmp. */
void
out_close(FILE *f, const char *path, char *tmp)
{
	if (!tmp) {
		if (fflush(f) || ferror(f))
			fail("%s: cannot write: %s", path ? path :
			    "standard output", strerror(errno));
		if (f != stdout)
			fclose(f);
		return;
	}
	if (fflush(f) || ferror(f) || fsync(fileno(f)) < 0) {
		fclose(f);
		fail("-o %s: cannot write: %s", path, strerror(errno));
	}
	if (fclose(f))
		fail("-o %s: cannot write: %s", path, strerror(errno));
	if (rename(tmp, path) < 0)
		fail("-o %s: cannot write: %s", path, strerror(errno));
	fail_unlink = 0;
	free(tmp);
}
