/* out.c: a run's output.  The text goes to a temporary file beside the
 * target and is renamed onto it on success, so a failure or a fatal
 * signal never leaves a partial file: fail(), die() and util.c's signal
 * handler remove the temporary file (temp_add).
 *   - A symbolic link is followed: the temporary file goes beside the
 *     file the link names and is renamed onto that file, so the link
 *     stays.  A link into /proc or /dev/fd (-o /dev/stdout) and any
 *     target that is no regular file (a device, a pipe) is written
 *     directly, as writing it was always meant to.
 *   - The temporary name is short (.kgenXXXXXX), so a target name near
 *     NAME_MAX still fits.
 *   - The new file gets the target's permissions, or 0666 less the
 *     umask for a new one, as a plain open would give it.
 *   - A writable target in a folder where no file can be made (a
 *     read-only folder) is written in place, truncated first: there the
 *     promise of no partial file cannot hold, since a failure or a
 *     signal midway leaves the target cut short. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "all.h"
#include "driver.h"

enum { MAXHOPS = 40 };  /* links followed, as Linux's ELOOP limit */

static char *target;  /* the file renamed onto (malloc'd), or NULL */

static char *
copy(const char *s, size_t n)
{
	char *p;

	p = emalloc(n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

/* The file path names once its links are followed (malloc'd), or NULL
 * when a link leads into /proc or /dev/fd: such a path is opened, not
 * replaced.  A link to a missing file gives that file's path. */
static char *
resolve(const char *path)
{
	char buf[PATH_MAX], *p, *q, *slash;
	struct stat st;
	ssize_t len;
	int hops;

	p = copy(path, strlen(path));
	for (hops = 0; lstat(p, &st) == 0 && S_ISLNK(st.st_mode); hops++) {
		if (hops == MAXHOPS)
			fail("-o %s: cannot write: %s", path, strerror(ELOOP));
		len = readlink(p, buf, sizeof buf - 1);
		if (len < 0)
			fail("-o %s: cannot write: %s", path, strerror(errno));
		buf[len] = 0;
		if (!strncmp(buf, "/proc/", 6)
		    || !strncmp(buf, "/dev/fd/", 8)) {
			free(p);
			return 0;
		}
		slash = strrchr(p, '/');
		if (buf[0] == '/' || !slash) {
			q = copy(buf, len);
		} else {
			/* relative to the folder holding the link */
			q = emalloc(slash - p + 1 + len + 1);
			memcpy(q, p, slash - p + 1);
			strcpy(q + (slash - p + 1), buf);
		}
		free(p);
		p = q;
	}
	return p;
}

static FILE *
direct(const char *path, const char *shown)
{
	FILE *f;

	if (!(f = fopen(path, "w")))
		fail("-o %s: cannot write: %s", shown, strerror(errno));
	return f;
}

/* Opens the output for path (NULL: standard output); *tmp gets the
 * temporary file's name, NULL when the target is written directly. */
FILE *
out_open(const char *path, char **tmp)
{
	struct stat st;
	mode_t mask;
	char *slash;
	FILE *f;
	int fd, exists, err;

	*tmp = 0;
	if (!path)
		return stdout;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)
	    && !S_ISDIR(st.st_mode))
		return direct(path, path);  /* a device or pipe */
	if (!(target = resolve(path)))
		return direct(path, path);  /* /dev/stdout and its kin */
	exists = stat(target, &st) == 0;
	slash = strrchr(target, '/');
	if (slash) {
		*tmp = emalloc(slash - target + 16);
		memcpy(*tmp, target, slash - target + 1);
		strcpy(*tmp + (slash - target + 1), ".kgenXXXXXX");
	} else {
		*tmp = copy(".kgenXXXXXX", 11);
	}
	fd = mkstemp(*tmp);
	if (fd < 0) {
		err = errno;
		free(*tmp);
		*tmp = 0;
		if (exists && S_ISREG(st.st_mode) && (err == EACCES
		    || err == EPERM) && access(target, W_OK) == 0)
			return direct(target, path);  /* in place, see above */
		fail("-o %s: cannot write: %s", path, strerror(err));
	}
	temp_add(*tmp);
	if (!exists) {
		mask = umask(0);
		umask(mask);
		st.st_mode = 0666 & ~mask;
	}
	if (fchmod(fd, st.st_mode & 07777) < 0 || !(f = fdopen(fd, "w")))
		fail("-o %s: cannot write: %s", path, strerror(errno));
	return f;
}

/* Closes f and renames the temporary file tmp onto the target: the
 * output is complete, or fail() names the file and removes tmp. */
void
out_close(FILE *f, const char *path, char *tmp)
{
	if (!tmp) {
		if (fflush(f) || ferror(f))
			fail("%s: cannot write: %s", path ? path :
			    "standard output", strerror(errno));
		if (f != stdout && fclose(f))
			fail("-o %s: cannot write: %s", path, strerror(errno));
		free(target);
		target = 0;
		return;
	}
	if (fflush(f) || ferror(f) || fsync(fileno(f)) < 0) {
		fclose(f);
		fail("-o %s: cannot write: %s", path, strerror(errno));
	}
	if (fclose(f))
		fail("-o %s: cannot write: %s", path, strerror(errno));
	if (rename(tmp, target) < 0)
		fail("-o %s: cannot write: %s", path, strerror(errno));
	temp_drop(tmp);
	free(tmp);
	free(target);
	target = 0;
}

/* A standard descriptor closed at startup (kgen ... 2>&-) would be
 * reused by the first file kgen opens, and -d's dump or an error would
 * land in the output file: each closed one gets /dev/null, read-only,
 * so that writes to it fail instead of going anywhere. */
void
out_stdfds(void)
{
	int fd;

	for (fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDONLY) != fd)
			die("cannot open /dev/null for descriptor %d", fd);
}
