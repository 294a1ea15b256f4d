/* asmfuse.c: x86/asmcopy.c's rows copies with the kernel's registers as
 * their ends (fused, x86/asm.c; the choice is sched/regalloc.c's).
 * The rows copies are written for registers 0 .. 2VL-1 and X.
 * asmcopy_fuse prints them into a buffer and renames their vector
 * registers: a value stored to X vector s on the way in is made in
 * in[s] instead (the store dropped), a value loaded from X vector s on
 * the way out is out[s] (the load dropped), where in[s] (out[s]) is a
 * register, and every other value takes a free register at its
 * instruction (linear scan; a source that dies there may be the
 * destination); X vectors whose in[s] (out[s]) is -1 keep their store
 * (load).  On the way in in[s] may be scratch only for values read for
 * the last time before or by the instruction that makes in[s]'s own
 * value; on the way out out[s] is not scratch until its value's last
 * use (the kernel left those outputs in their registers).  The groups
 * go in grouporder's order.  AVX forms only. */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "x86.h"

typedef struct Fins Fins;
struct Fins {
	char *text;             /* the line; mn, opd point into a copy */
	char *mn, *opd[ASM_FOPS];   /* mn NULL: a line kept as it is */
	int nop;
	int val[ASM_FOPS];          /* per register operand: its value, else -1 */
	int rd;                 /* vpermi2pd: the value its destination held
	                         * (the index, read), whose register the new
	                         * value takes; else -1 */
	int drop;               /* an X move the fusion takes away */
};

/* X vector of operand o ("D(%rsp)" within X), else -1: read by
 * verify/asmread.c, the one assembly reader. */
int
asmfuse_xslot(const Acopy *c, const char *o)
{
	Opd x;

	if (!asmread_opd(o, (int)strlen(o), &x) || x.kind != OPD_MEM
	    || strcmp(x.base, "rsp") || x.index[0] || x.label[0] || x.disp < 0
	    || x.disp % c->vb || x.disp >= 2L * c->n * c->vb)
		return -1;
	return (int)(x.disp / c->vb);
}

/* The register number of operand o ("%[xyz]mmN"), else -1. */
int
asmfuse_vreg(const char *o)
{
	Opd x;

	if (!asmread_opd(o, (int)strlen(o), &x) || x.kind != OPD_REG || !x.vk)
		return -1;
	return x.vr;
}

/* Splits an instruction's operands (asmread_split) in place: opd[] the
 * NUL-terminated operands, at most ASM_FOPS; returns how many, -1 where
 * there are more. */
int
asmfuse_operands(char *s, char **opd)
{
	const char *at[ASM_FOPS];
	int len[ASM_FOPS], n, i;

	n = asmread_split(s, at, len, ASM_FOPS);
	for (i = 0; i < n; i++) {
		opd[i] = (char *)at[i];
		opd[i][len[i]] = 0;
	}
	return n;
}

/* The order of the rows copy's groups of VL X vectors on side out:
 * fewer fused values first on the way in (a fused value holds its
 * register from where it is made), more first on the way out (from the
 * start until it is read), so the registers they hold are free for
 * longer; a stable sort.  Malloc'd. */
static int *
grouporder(const Acopy *c, int out)
{
	const int *f;
	int *ord, *nf, ng, g, j, k;

	f = out ? c->out : c->in;
	ng = c->vl / 2 > 1 ? c->n / (c->vl / 2) : 0;
	ord = emalloc(2 * (ng + 1) * sizeof *ord);
	nf = ord + ng + 1;
	for (g = 0; g < ng; g++) {
		ord[g] = g;
		for (k = nf[g] = 0; k < c->vl; k++)
			nf[g] += f[g * c->vl + k] >= 0;
	}
	for (g = 1; g < ng; g++)
		for (j = g; j > 0 && (out ? nf[ord[j]] > nf[ord[j - 1]]
		    : nf[ord[j]] < nf[ord[j - 1]]); j--) {
			k = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = k;
		}
	return ord;
}

/* The rows copy of side out (0 in, 1 out) renamed as above; NULL where
 * the registers do not suffice. */
static char *
fuserows(const Acopy *c, int out)
{
	Acopy t;
	Fins *fi;
	char *text, *p, *q, *res, buf[64];
	size_t len;
	int *pin, *last, *reg, *gord, cur[32], hold[32], busy[32], fdef[32],
	    ni, nv, i, j, r, k, x, v, nreg, ok;

	t = *c;
	t.in = t.out = 0;
	t.gord = gord = grouporder(c, out);
	if (!(t.f = open_memstream(&text, &len))) {
		free(gord);
		return 0;
	}
	asmcopy_rows(&t, &asmcopy_sides[out], out);
	free(gord);
	fclose(t.f);
	for (ni = 1, p = text; *p; p++)
		ni += *p == '\n';
	fi = emalloc(ni * sizeof *fi);
	pin = emalloc(ni * ASM_FOPS * sizeof *pin);
	last = emalloc(ni * ASM_FOPS * sizeof *last);
	reg = emalloc(ni * ASM_FOPS * sizeof *reg);
	nreg = c->vb == 64 ? 32 : 16;
	for (r = 0; r < 32; r++)
		cur[r] = hold[r] = -1;
	ok = 1;
	nv = 0;
	/* values: what each register operand reads or writes */
	for (i = 0, p = text; ok && *p; i++, p = q) {
		q = strchr(p, '\n');
		*q++ = 0;
		memset(&fi[i], 0, sizeof fi[i]);
		fi[i].text = p;
		if (strncmp(p, "\tv", 2))
			continue;
		fi[i].mn = p + 1;
		for (j = 0; p[1 + j] && p[1 + j] != ' '; j++)
			;
		if (!p[1 + j] || (fi[i].nop = asmfuse_operands(p + 2 + j,
		    fi[i].opd)) < 1) {
			ok = 0;
			break;
		}
		p[1 + j] = 0;
		for (j = 0; j < ASM_FOPS; j++)
			fi[i].val[j] = -1;
		fi[i].rd = -1;
		k = fi[i].nop - 1;
		if (!strncmp(fi[i].mn, "vmova", 5) && fi[i].nop == 2) {
			x = asmfuse_xslot(c, fi[i].opd[out ? 0 : 1]);
			r = asmfuse_vreg(fi[i].opd[out ? 1 : 0]);
			if (x >= 0 && r >= 0 && !out && c->in[x] >= 0) {
				/* the value stored to X vector x: made in in[x] */
				if ((v = cur[r]) < 0 || pin[v] >= 0) {
					ok = 0;
					break;
				}
				pin[v] = c->in[x];
				fi[i].drop = 1;
				continue;
			}
			if (x >= 0 && r >= 0 && out && c->out[x] >= 0) {
				/* the kernel's output x, in out[x] */
				pin[nv] = c->out[x];
				last[nv] = -1;
				hold[c->out[x]] = nv;
				cur[r] = nv++;
				fi[i].drop = 1;
				continue;
			}
		}
		for (j = 0; j < fi[i].nop; j++)
			if ((r = asmfuse_vreg(fi[i].opd[j])) >= 0 && j < k) {
				if ((v = cur[r]) < 0) {
					ok = 0;
					break;
				}
				fi[i].val[j] = v;
				last[v] = i;
			}
		if (ok && !strcmp(fi[i].mn, "vpermi2pd")) {
			if ((r = asmfuse_vreg(fi[i].opd[k])) < 0 || (v = cur[r]) < 0
			    || pin[v] >= 0) {
				ok = 0;
				break;
			}
			fi[i].rd = v;
			last[v] = i;
		}
		if (ok && (r = asmfuse_vreg(fi[i].opd[k])) >= 0) {
			pin[nv] = -1;
			last[nv] = i;
			fi[i].val[k] = nv;
			cur[r] = nv++;
		}
	}
	ni = i;
	/* registers: busy[r] the value in r, -1 free */
	for (r = 0; r < 32; r++)
		busy[r] = out ? hold[r] : -1;
	/* on the way in, in[x] is the kernel's from the instruction that
	 * makes its value (fdef) on; scratch may use it before, if that
	 * scratch value dies first */
	for (r = 0; r < 32; r++)
		fdef[r] = ni;
	for (i = 0; !out && i < ni; i++)
		if (fi[i].mn && !fi[i].drop && (v = fi[i].val[fi[i].nop - 1]) >= 0
		    && pin[v] >= 0)
			fdef[pin[v]] = i;
	for (v = 0; v < nv; v++)
		reg[v] = pin[v];
	for (i = 0; ok && i < ni; i++) {
		if (!fi[i].mn || fi[i].drop)
			continue;
		k = fi[i].nop - 1;
		if ((v = fi[i].val[k]) < 0 || asmfuse_vreg(fi[i].opd[k]) < 0)
			continue;
		if (pin[v] >= 0) {
			busy[pin[v]] = v;
			continue;
		}
		/* the destination: a register free here (never used, or its
		 * value read for the last time at or before i: on the way in
		 * a scratch value, not an input) that no input takes before
		 * v's last use (at it, the instruction reads v first) */
		if (fi[i].rd >= 0) {
			/* a permute that reads its destination (the index)
			 * writes it in place */
			r = reg[fi[i].rd];
			if (!out && last[v] > fdef[r])
				r = nreg;
		} else {
			for (r = 0; r < nreg; r++)
				if ((busy[r] == -1 || (busy[r] >= 0 && busy[r] != v
				    && last[busy[r]] <= i && (out
				    || pin[busy[r]] < 0))) && (out
				    || last[v] <= fdef[r]))
					break;
		}
		if (r == nreg) {
			ok = 0;
			break;
		}
		reg[v] = r;
		busy[r] = v;
	}
	res = 0;
	if (ok) {
		FILE *f;

		if (!(f = open_memstream(&res, &len)))
			ok = 0;
		for (i = 0; ok && i < ni; i++) {
			if (fi[i].drop)
				continue;
			if (!fi[i].mn) {
				if (fi[i].text[0] || i < ni - 1)
					fprintf(f, "%s\n", fi[i].text);
				continue;
			}
			fprintf(f, "\t%s ", fi[i].mn);
			for (j = 0; j < fi[i].nop; j++) {
				if (fi[i].val[j] >= 0) {
					sprintf(buf, "%%%cmm%d", fi[i].opd[j][1],
					    reg[fi[i].val[j]]);
					fputs(buf, f);
				} else
					fputs(fi[i].opd[j], f);
				fputs(j + 1 < fi[i].nop ? ", " : "\n", f);
			}
		}
		if (f)
			fclose(f);
		if (!ok) {
			free(res);
			res = 0;
		}
	}
	free(reg);
	free(last);
	free(pin);
	free(fi);
	free(text);
	return res;
}

/* Whether the rows copies can take the data straight to in[] and from
 * out[] (registers of the kernel's inputs and outputs by X vector):
 * 1, with c->in, c->out and the renamed copies set; else 0, c
 * unchanged. */
int
asmcopy_fuse(Acopy *c, const int *in, const int *out)
{
	Acopy t;

	if (!c->vex)
		return 0;
	t = *c;
	t.in = in;
	t.out = out;
	t.rowsin = fuserows(&t, 0);
	t.rowsout = t.rowsin ? fuserows(&t, 1) : 0;
	if (!t.rowsout) {
		free(t.rowsin);
		return 0;
	}
	*c = t;
	return 1;
}

void
asmcopy_unfuse(Acopy *c)
{
	free(c->rowsin);
	free(c->rowsout);
	free(c->rowskern);
	c->in = c->out = 0;
	c->rowsin = c->rowsout = c->rowskern = 0;
}

