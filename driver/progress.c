/* progress.c: what a long analysis (kgen spills, kgen report) says while
 * it runs, and when it stops.  On a terminal it states the work up
 * front, then keeps one counter line on standard error, rewritten with
 * '\r' at most five times a second and cleared at the end; with --quiet,
 * or when standard error is a file or a pipe, it prints nothing, so the
 * output of a script does not depend on where it runs.  --time-limit
 * sets the time after which the work stops and reports what it has. */
#include <stdarg.h>
#include <time.h>
#include <unistd.h>
#include "all.h"
#include "driver.h"

static struct {
	int show;       /* a terminal, and no --quiet */
	double start, stop, last;
	long done, total;
	int width;      /* of the counter line, to clear it */
	char what[16];
} pr;

/* The time in seconds (CLOCK_MONOTONIC, as Cost.stop). */
double
progress_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Starts cmd's work of total steps: with limit > 0 seconds it stops
 * after that time; unless quiet, a terminal is told the work as fmt
 * says, as one line "kgen: cmd: ...". */
void
progress_start(const char *cmd, int quiet, double limit, long total,
    const char *fmt, ...)
{
	va_list ap;

	pr.show = !quiet && isatty(2);
	pr.start = pr.last = progress_now();
	pr.stop = limit > 0 ? pr.start + limit : 0;
	pr.done = 0;
	pr.total = total;
	pr.width = 0;
	snprintf(pr.what, sizeof pr.what, "%s", cmd);
	if (!pr.show)
		return;
	fprintf(stderr, "kgen: %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (limit > 0)
		fprintf(stderr, "; time limit %g s", limit);
	fputc('\n', stderr);
}

/* One more step done (label: what it was, or NULL). */
void
progress_step(const char *label)
{
	double t;
	int w;

	pr.done++;
	if (!pr.show)
		return;
	t = progress_now();
	if (t - pr.last < 0.2 && pr.done < pr.total)
		return;
	pr.last = t;
	w = fprintf(stderr, "\rkgen: %s: %ld/%ld done, %.0f s%s%s", pr.what,
	    pr.done, pr.total, t - pr.start, label ? ", " : "",
	    label ? label : "");
	if (w < pr.width)
		fprintf(stderr, "%*s", pr.width - w, "");
	if (w > pr.width)
		pr.width = w;
	fflush(stderr);
}

/* Has the time limit passed? */
int
progress_over(void)
{
	return pr.stop > 0 && progress_now() >= pr.stop;
}

/* The time limit as Cost.stop takes it: 0 for none. */
double
progress_stop(void)
{
	return pr.stop;
}

/* The work ended: clears the counter line. */
void
progress_end(void)
{
	if (pr.show && pr.width)
		fprintf(stderr, "\r%*s\r", pr.width, "");
	pr.width = 0;
}
