/* plandesc.c: kgen_plan_describe (FFTW's fftw_sprint_plan): one line per
 * part of a plan.  STUB: being written (issue 45). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "plan.h"

#ifndef KGEN_SINGLE
void
kgen_priv_desc_printf(Desc *d, const char *fmt, ...)
{
	va_list ap;
	int k;
	size_t cap;
	char *s;

	if (d->err)
		return;
	for (;;) {
		va_start(ap, fmt);
		k = vsnprintf(d->s ? d->s + d->len : 0,
		    d->s ? d->cap - d->len : 0, fmt, ap);
		va_end(ap);
		if (k < 0) {
			d->err = 1;
			return;
		}
		if (d->s && d->len + (size_t)k < d->cap) {
			d->len += (size_t)k;
			return;
		}
		cap = (d->cap + (size_t)k + 1) * 2;
		if (!(s = realloc(d->s, cap))) {
			d->err = 1;
			return;
		}
		d->s = s;
		d->cap = cap;
	}
}
#endif

void
PRIV(plandesc_core)(const PLAN *p, Desc *d, int indent)
{
	kgen_priv_desc_printf(d, "%*sdft %d\n", indent, "", p->n);
}

char *
DESCRIBE(const PLAN *p)
{
	Desc d = { 0, 0, 0, 0 };

	if (!p)
		return 0;
	if (p->real)
		PRIV(real_describe)(p, &d, 0);
	else if (p->kind == P_ND)
		PRIV(nd_describe)(p, &d, 0);
	else
		PRIV(plandesc_core)(p, &d, 0);
	if (d.err || !d.s) {
		free(d.s);
		return 0;
	}
	return d.s;
}
