/* plandesc.c: kgen_plan_describe (FFTW's fftw_sprint_plan): one line
 * per part of a plan, the parts of a sub-plan indented below it.  A 1-D
 * complex plan (plandesc_core) is one codelet (its name and ISA, found
 * by comparing the plan's pointer with kgen_n1*_isa's), or Cooley-Tukey
 * (n = r0 x r1 x .. x m0: the leaf's kind, then each step's radix,
 * butterflies and codelet, then the blocking), or Rader or Bluestein
 * (the convolution's size, its sub-plan indented); multi-dimensional
 * and real plans go to plannd.c's and realnd.c's describers. */
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

#define say(d, indent, ...) do { \
	kgen_priv_desc_printf(d, "%*s", indent, ""); \
	kgen_priv_desc_printf(d, __VA_ARGS__); \
} while (0)

#ifdef KGEN_SINGLE
#define PF "f"
#else
#define PF ""
#endif

/* The library's name of n1 codelet f of size n ("kgen_n1w_avx2_16") to
 * buf, or "a codelet" where f is none of the library's n1 codelets. */
static const char *
n1name(n1_fn *f, int n, char *buf, size_t size)
{
	static const char *const fam[] = {"n1", "n1w", "n1c", "n1x", "n1a"};
	n1_fn *(*const get[])(int, int) = {N1_ISA, N1W_ISA, N1C_ISA, N1X_ISA,
	    N1A_ISA};
	int k, isa;

	for (k = 0; k < 5; k++)
		for (isa = 0; f && isa < CPU_N; isa++)
			if (get[k](n, isa) == f) {
				if (isa == CPU_scalar)
					snprintf(buf, size, "kgen_%s%s_%d",
					    fam[k], PF, n);
				else
					snprintf(buf, size, "kgen_%s%s_%s_%d",
					    fam[k], PF, kgen_isa_name(isa), n);
				return buf;
			}
	return "a codelet";
}

static const char *const leafkind[LEAF_N] = {
	"scalar n1", "batched n1", "vector n1v", "n1c", "n1c of the widest ISA",
	"vector n1v, interleaved data run block-split",
};

static void
ct(const PLAN *p, Desc *d, int indent)
{
	const Cfg *c = &p->cfg;
	const Step *st;
	const char *isa;
	char buf[64];
	int i;

	isa = kgen_isa_name(c->isa) ? kgen_isa_name(c->isa) : "?";
	say(d, indent, "Cooley-Tukey %d =", p->n);
	for (i = 0; i < p->nstep; i++)
		kgen_priv_desc_printf(d, " %d x", p->step[i].r);
	kgen_priv_desc_printf(d, " %d (%s)\n", p->m0, isa);
	indent += 2;
	say(d, indent, "leaves: %d x size %d, %s", p->n / p->m0, p->m0,
	    c->leaf >= 0 && c->leaf < LEAF_N ? leafkind[c->leaf] : "?");
	if (p->leafv)
		kgen_priv_desc_printf(d, " (kgen_n1v%s_%s_%d)\n", PF, isa,
		    p->m0);
	else
		kgen_priv_desc_printf(d, " (%s)\n", n1name(p->n1, p->m0, buf,
		    sizeof buf));
	for (i = p->nstep - 1; i >= 0; i--) {
		st = &p->step[i];
		say(d, indent, "step %d: radix %d, %d butterflies, ",
		    p->nstep - i, st->r, st->m);
		if (st->t1v && st->mv == st->m)
			kgen_priv_desc_printf(d, "t1v %s\n", isa);
		else if (st->t1v)
			kgen_priv_desc_printf(d, "t1v %s (%d), tail %s\n", isa,
			    st->mv, st->t1vt ? "t1v NAME_t" : "scalar t1");
		else if (st->t1)
			kgen_priv_desc_printf(d, "t1 scalar (kgen_t1%s_%d)\n",
			    PF, st->r);
		else
			kgen_priv_desc_printf(d, "generic radix, batched n1 "
			    "(%s)\n", n1name(st->n1, st->r, buf, sizeof buf));
	}
	if (c->nin > 0)
		say(d, indent, "blocking: the deepest %d step%s run in blocks "
		    "of %d elements\n", c->nin, c->nin > 1 ? "s" : "",
		    p->blk);
}

void
PRIV(plandesc_core)(const PLAN *p, Desc *d, int indent)
{
	char buf[64];

	say(d, indent, "dft%s n = %d, %s, %d transform%s (stride %td, "
	    "distance %td)\n", PF, p->n, p->sign < 0 ? "forward"
	    : "backward", p->howmany, p->howmany == 1 ? "" : "s", p->stride,
	    p->dist);
	indent += 2;
	switch (p->kind) {
	case P_DIRECT:
		say(d, indent, "one codelet: %s\n", n1name(p->n1, p->n, buf,
		    sizeof buf));
		break;
	case P_CT:
		if (p->cfg.alg == ALG_N1X) {
			say(d, indent, "one codelet: kgen_n1xl%s_%s_%d\n", PF,
			    kgen_isa_name(p->cfg.isa) ? kgen_isa_name(p->cfg.isa)
			    : "?", p->n);
			break;
		}
		ct(p, d, indent);
		break;
	case P_RADER:
		say(d, indent, "Rader: prime %d, a cyclic convolution of %d "
		    "through the sub-plan\n", p->n, p->M);
		if (p->fwd)
			PRIV(plandesc_core)(p->fwd, d, indent + 2);
		break;
	case P_BLUESTEIN:
		say(d, indent, "Bluestein: %d as a convolution of size %d "
		    "through the sub-plan\n", p->n, p->M);
		if (p->fwd)
			PRIV(plandesc_core)(p->fwd, d, indent + 2);
		break;
	default:
		say(d, indent, "kind %d\n", p->kind);
	}
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
	else if (p->kind == P_BIG)
		PRIV(big_describe)(p, &d, 0);
	else
		PRIV(plandesc_core)(p, &d, 0);
	if (d.err || !d.s) {
		free(d.s);
		return 0;
	}
	return d.s;
}
