/* wisdom.c: what the measuring planner (runtime/plan.c, KGEN_MEASURE)
 * learned, kept per precision, layout and size, and its text form.
 *
 * The store is a growable array behind one mutex, so plans may be made
 * from several threads at once.  The text form is a header line and one
 * line per entry, in the order the entries were learned, then the
 * planner's choices between C and assembly twiddle steps and kgen_dft's
 * picks:
 *   kgen-wisdom 3
 *   PREC N ALG [ISA M0 LEAF NIN K R_0 ... R_(K-1) [straddle]]
 *   PREC N n1x ISA
 *   PREC N bluestein [M]
 *   t1v P ISA R c|asm
 *   dft P N SIDE LAYOUT FAMILY ISA
 *   nd P N IS OS VIS VOS core|buf|bufi|ct|ctt B
 * PREC is d or f for plans timed on split arrays (stride 1, and every
 * layout but stride 2), di or fi for plans timed on interleaved data
 * (stride 2, ii = ri + 1); ALG ct, rader, bluestein or n1x (Rader and
 * Bluestein plans learn their inner sizes, split, as entries of their
 * own); for ct, ISA is kgen_isa_name's name of the codelets, M0 the leaf
 * size, LEAF scalar, batch, vec, cx (n1c codelets: a complex number
 * a vector; version 2 only), cxw (the n1c codelets of the widest ISA
 * the CPU has, under a plan of ISA; version 2 only) or vecb (vector
 * leaves, interleaved data out of place run block-split in the output
 * array; version 2 only), NIN the number of
 * deepest radices run block by block, and R_0 (top) .. R_(K-1) the
 * radices, with
 * M0 R_0 ... R_(K-1) = N, and the word straddle (version 2 only) where
 * KGEN_MEASURE timed the top step's straddling pair stores faster than
 * NAME_ios for output off a vector boundary (planmeas.c, ios_race);
 * for n1x, ISA is that of the one n1x codelet of size N that does the
 * whole transform (codelets.def's N1XL; version 2 only); for bluestein, M
 * (version 2 only; at least 2N - 1) is the size of its convolution,
 * without it the rule's (planconv.c's bluestein_m).  A t1v line (version 3
 * only) is the planner's choice for the twiddle step of radix R and ISA
 * in precision P (d or f), where the library has it both in C (c) and in
 * kgen's assembly (asm), which plantab.c otherwise times at its first
 * use (the lines come by precision, ISA and radix).  A dft line (version 3
 * only) is the codelet kgen_dft (P d) or kgen_dftf (P f) measured fastest
 * at its first call for size N (1..KGEN_N1_MAX), SIDE few (v below the
 * lanes of its batched codelets) or many, and LAYOUT inter (interleaved
 * pairs), split, side (interleaved, the transforms side by side) or skew
 * (the same, output and input placed unlike against 64-byte
 * boundaries): FAMILY n1 (batched, or scalar), n1w, n1c, n1x or n1a of
 * ISA (dispatch.c; the lines come by precision, size, side and layout).
 * An imported dft or t1v line is that pick at once, with no
 * measurement, where the process may run it; where the CPU lacks its
 * ISA, KGEN_ISA caps kgen_isa() below it or forces batched calls (or
 * KGEN_T1V forces the steps), it is dropped.  Fields
 * are separated by single spaces, lines end in '\n'.  Text of versions
 * 1 and 2 is still read: version 2 has no t1v or dft lines, and version 1
 * (PREC d or f only, from before plans were timed per layout) holds each
 * line for both layouts.  An import checks every line (a dft line must
 * name a codelet the library has, on a side where it is a candidate; a
 * t1v line a step it has in both forms) and takes all of them or none.
 * Plan entries that name an ISA the CPU lacks are kept but unused (the
 * planner plans afresh).
 * An nd line (version 3 only) is KGEN_MEASURE's choice for a pass of a
 * multi-dimensional plan (plannd.c, ndmeas.c) over a dim of size N at
 * strides IS (input) and OS (output) for transforms VIS and VOS apart
 * (magnitudes, in elements): a 1-D plan on each transform (core) or
 * blocks of B transforms buffered (buf: split, bufi: interleaved; B 0
 * for core) or run as one Cooley-Tukey step of N1 x N / N1 on vectors
 * of transforms (ct, its number 4096 N1 + B; ctt the same on blocks of
 * rows transposed).
 * kgen_forget_wisdom drops kgen_dft's picks and the t1v choices too:
 * each is measured again at its next use. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kgen.h"
#include "cpu.h"
#include "plan.h"
#include "plannd.h"

/* kgen_dft's picks (dispatch.c) and the t1v choices (plantab.c), one
 * object per precision: referenced weakly, so that a static program that
 * plans one precision does not link the other's codelets through this
 * file (tests/test_symbols.py); where a precision's object is not linked,
 * it has nothing to export, and its dft and t1v lines are checked for
 * their form only and then dropped. */
#pragma weak kgen_priv_dft_picked
#pragma weak kgen_priv_dft_pick
#pragma weak kgen_priv_dft_forget
#pragma weak kgen_priv_dftf_picked
#pragma weak kgen_priv_dftf_pick
#pragma weak kgen_priv_dftf_forget
#pragma weak kgen_priv_t1v_picked
#pragma weak kgen_priv_t1v_pick
#pragma weak kgen_priv_t1v_forget
#pragma weak kgen_priv_t1v_pickedf
#pragma weak kgen_priv_t1v_pickf
#pragma weak kgen_priv_t1v_forgetf

typedef struct {
	int prec, lay, n;   /* 'd' or 'f'; LAY_*; size */
	Cfg c;
} Entry;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static Entry *tab;
static int ntab, cap;

/* An nd line: prec 'd' or 'f', the pass's size and strides, its choice */
typedef struct {
	int prec;
	ptrdiff_t key[5];
	int method, B;
} NdEnt;
static NdEnt *ndtab;
static int nnd, ndcap;
static const char *const ndmethod[] = {0, "core", "buf", "bufi", "ct",
    "ctt"};

static const char *const algname[ALG_N] = {"ct", "rader", "bluestein",
    "n1x"};
static const char *const leafname[LEAF_N] = {"scalar", "batch", "vec",
    "cx", "cxw", "vecb"};
static const char *const straddlename[] = {"straddle"};
static const char *const precname[] = {"d", "f"};
static const char *const sidename[] = {"few", "many"};
static const char *const layname[DFT_NLAY] = {"inter", "split", "side",
    "skew"};
static const char *const famname[DFT_NFAM] = {"n1", "n1w", "n1c", "n1x",
    "n1a"};

static const char *const t1vname[] = {"c", "asm"};

/* A dft line: kgen_dft's pick for one size, side and layout; a t1v line
 * (t1v set): the planner's choice for one t1v step, pick 1 (C) or 2. */
typedef struct {
	int prec, n, many, lay, fam, isa;   /* prec 0 double, 1 float */
	int t1v, r, pick;
} Pick;

/* dispatch.c's functions of precision prec (0 double, 1 float), NULL
 * where that object is not linked. */
static int (*picked(int prec))(int, int, int, int *, int *)
{
	return prec ? kgen_priv_dftf_picked : kgen_priv_dft_picked;
}

static int (*pickfn(int prec))(int, int, int, int, int, int)
{
	return prec ? kgen_priv_dftf_pick : kgen_priv_dft_pick;
}

/* plantab.c's, likewise */
static int (*t1picked(int prec))(int, int *, int *, int *)
{
	return prec ? kgen_priv_t1v_pickedf : kgen_priv_t1v_picked;
}

static int (*t1pickfn(int prec))(int, int, int, int)
{
	return prec ? kgen_priv_t1v_pickf : kgen_priv_t1v_pick;
}

/* Adds or replaces; the caller holds the lock.  0, or -1 out of memory */
static int
put(int prec, int lay, int n, const Cfg *c)
{
	Entry *t;
	int i;

	for (i = 0; i < ntab; i++)
		if (tab[i].prec == prec && tab[i].lay == lay
		    && tab[i].n == n) {
			tab[i].c = *c;
			return 0;
		}
	if (ntab == cap) {
		t = realloc(tab, (size_t)(cap ? 2 * cap : 16) * sizeof *t);
		if (!t)
			return -1;
		tab = t;
		cap = cap ? 2 * cap : 16;
	}
	tab[ntab].prec = prec;
	tab[ntab].lay = lay;
	tab[ntab].n = n;
	tab[ntab].c = *c;
	ntab++;
	return 0;
}

int
kgen_priv_wisdom_get(int prec, int lay, int n, Cfg *c)
{
	int i, found;

	found = 0;
	pthread_mutex_lock(&lock);
	for (i = 0; i < ntab && !found; i++)
		if (tab[i].prec == prec && tab[i].lay == lay
		    && tab[i].n == n) {
			*c = tab[i].c;
			found = 1;
		}
	pthread_mutex_unlock(&lock);
	return found;
}

void
kgen_priv_wisdom_put(int prec, int lay, int n, const Cfg *c)
{
	pthread_mutex_lock(&lock);
	put(prec, lay, n, c);
	pthread_mutex_unlock(&lock);
}

/* Adds or replaces an nd entry; the caller holds the lock.  0, or -1
 * out of memory */
static int
ndput(const NdEnt *e)
{
	NdEnt *t;
	int i;

	for (i = 0; i < nnd; i++)
		if (ndtab[i].prec == e->prec && !memcmp(ndtab[i].key, e->key,
		    sizeof e->key)) {
			ndtab[i] = *e;
			return 0;
		}
	if (nnd == ndcap) {
		t = realloc(ndtab, (size_t)(ndcap ? 2 * ndcap : 16)
		    * sizeof *t);
		if (!t)
			return -1;
		ndtab = t;
		ndcap = ndcap ? 2 * ndcap : 16;
	}
	ndtab[nnd++] = *e;
	return 0;
}

int
kgen_priv_wisdom_nd_get(int prec, const ptrdiff_t key[5], int *method,
    int *B)
{
	int i, found;

	found = 0;
	pthread_mutex_lock(&lock);
	for (i = 0; i < nnd && !found; i++)
		if (ndtab[i].prec == prec && !memcmp(ndtab[i].key, key,
		    sizeof ndtab[i].key)) {
			*method = ndtab[i].method;
			*B = ndtab[i].B;
			found = 1;
		}
	pthread_mutex_unlock(&lock);
	return found;
}

void
kgen_priv_wisdom_nd_put(int prec, const ptrdiff_t key[5], int method,
    int B)
{
	NdEnt e;

	e.prec = prec;
	memcpy(e.key, key, sizeof e.key);
	e.method = method;
	e.B = B;
	pthread_mutex_lock(&lock);
	ndput(&e);
	pthread_mutex_unlock(&lock);
}

void
kgen_forget_wisdom(void)
{
	pthread_mutex_lock(&lock);
	free(tab);
	tab = 0;
	ntab = cap = 0;
	free(ndtab);
	ndtab = 0;
	nnd = ndcap = 0;
	if (kgen_priv_dft_forget)
		kgen_priv_dft_forget();
	if (kgen_priv_dftf_forget)
		kgen_priv_dftf_forget();
	if (kgen_priv_t1v_forget)
		kgen_priv_t1v_forget();
	if (kgen_priv_t1v_forgetf)
		kgen_priv_t1v_forgetf();
	pthread_mutex_unlock(&lock);
}

/* Appends entry e's line to s (room for it is there). */
static size_t
line(char *s, const Entry *e)
{
	size_t at;
	int i;

	at = (size_t)sprintf(s, "%c%s %d %s", e->prec,
	    e->lay == LAY_INTER ? "i" : "", e->n, algname[e->c.alg]);
	if (e->c.alg == ALG_CT) {
		at += (size_t)sprintf(s + at, " %s %d %s %d %d",
		    kgen_isa_name(e->c.isa), e->c.m0, leafname[e->c.leaf],
		    e->c.nin, e->c.k);
		for (i = 0; i < e->c.k; i++)
			at += (size_t)sprintf(s + at, " %d", e->c.r[i]);
		if (e->c.straddle)
			at += (size_t)sprintf(s + at, " straddle");
	} else if (e->c.alg == ALG_N1X)
		at += (size_t)sprintf(s + at, " %s", kgen_isa_name(e->c.isa));
	else if (e->c.alg == ALG_BLUESTEIN && e->c.m0)
		at += (size_t)sprintf(s + at, " %d", e->c.m0);
	s[at++] = '\n';
	s[at] = 0;
	return at;
}

/* the longest line: 3 + 11 + 10 + 7 + 3 + 7 + 12 + 3 + 32 * 3 + 9; the
 * dft lines: at most 2 precisions x KGEN_N1_MAX sizes x 2 sides x
 * DFT_NLAY layouts, each "dft f 64 many split n1c avx512\n"; the t1v
 * lines, "t1v f avx512 64 asm\n", fewer (a radix and ISA each) */
enum { LINE_MAX = 200, NPICKLINE = 2 * KGEN_N1_MAX * 2 * DFT_NLAY,
    PICKLINE_MAX = 48 };

/* Appends the t1v lines of precision prec to s; with room (NULL s),
 * only counts their bytes. */
static size_t
t1vlines(char *s, int prec)
{
	int (*f)(int, int *, int *, int *);
	char buf[PICKLINE_MAX];
	size_t at, len;
	int i, isa, r, pick, has;

	at = 0;
	for (i = 0; (f = t1picked(prec)) && (has = f(i, &isa, &r, &pick)) >= 0;
	    i++)
		if (has) {
			len = (size_t)sprintf(buf, "t1v %s %s %d %s\n",
			    precname[prec], kgen_isa_name(isa), r,
			    t1vname[pick - 1]);
			if (s)
				memcpy(s + at, buf, len + 1);
			at += len;
		}
	return at;
}

/* Appends the dft lines, by precision, size, side and layout, to s. */
static size_t
picklines(char *s)
{
	int (*f)(int, int, int, int *, int *);
	size_t at;
	int prec, n, many, lay, fam, isa;

	at = 0;
	for (prec = 0; prec < 2; prec++)
		for (n = 1; (f = picked(prec)) && n <= KGEN_N1_MAX; n++)
			for (many = 0; many < 2; many++)
				for (lay = 0; lay < DFT_NLAY; lay++)
					if (f(n, many, lay, &fam, &isa))
						at += (size_t)sprintf(s + at,
						    "dft %s %d %s %s %s %s\n",
						    precname[prec], n,
						    sidename[many], layname[lay],
						    famname[fam],
						    kgen_isa_name(isa));
	return at;
}

char *
kgen_export_wisdom_to_string(void)
{
	char *s;
	size_t at;
	int i;

	pthread_mutex_lock(&lock);
	s = malloc((size_t)(ntab + nnd + 1) * LINE_MAX
	    + (size_t)NPICKLINE * PICKLINE_MAX + t1vlines(0, 0)
	    + t1vlines(0, 1));
	if (s) {
		at = (size_t)sprintf(s, "kgen-wisdom 3\n");
		s[at] = 0;
		for (i = 0; i < ntab; i++)
			at += line(s + at, &tab[i]);
		for (i = 0; i < nnd; i++)
			at += (size_t)sprintf(s + at, "nd %c %td %td %td %td "
			    "%td %s %d\n", ndtab[i].prec, ndtab[i].key[0],
			    ndtab[i].key[1], ndtab[i].key[2], ndtab[i].key[3],
			    ndtab[i].key[4], ndmethod[ndtab[i].method],
			    ndtab[i].B);
		at += t1vlines(s + at, 0);
		at += t1vlines(s + at, 1);
		picklines(s + at);
	}
	pthread_mutex_unlock(&lock);
	return s;
}

/* Reads a decimal int in [lo, hi] at *s, then one space or the end of
 * the line; advances *s.  0, or -1 when malformed. */
static int
num(const char **s, int lo, int hi, int *v)
{
	long x;
	const char *p;

	p = *s;
	if (*p < '0' || *p > '9')
		return -1;
	for (x = 0; *p >= '0' && *p <= '9'; p++)
		if ((x = x * 10 + (*p - '0')) > hi)
			return -1;
	if (x < lo || (*p != ' ' && *p != '\n') || (*p == ' ' && p[1] == '\n'))
		return -1;
	*v = (int)x;
	*s = *p == ' ' ? p + 1 : p;
	return 0;
}

/* Reads one of the k names at *s, then a space or the end of the line. */
static int
word(const char **s, const char *const *names, int k, int *v)
{
	size_t len;
	int i;

	for (i = 0; i < k; i++) {
		if (!names[i])
			continue;
		len = strlen(names[i]);
		if (!strncmp(*s, names[i], len) && ((*s)[len] == '\n'
		    || ((*s)[len] == ' ' && (*s)[len + 1] != '\n'))) {
			*v = i;
			*s += len + ((*s)[len] == ' ');
			return 0;
		}
	}
	return -1;
}

/* Parses one line of version ver at *s into e and steps past its
 * '\n'. */
static int
parse(const char **s, int ver, Entry *e)
{
	const char *isas[CPU_N];
	long long prod;
	int i;

	for (i = 0; i < CPU_N; i++)
		isas[i] = kgen_isa_name(i);
	memset(e, 0, sizeof *e);
	if (**s != 'd' && **s != 'f')
		return -1;
	e->prec = **s;
	e->lay = LAY_SPLIT;
	if (ver > 1 && (*s)[1] == 'i') {
		e->lay = LAY_INTER;
		(*s)++;
	}
	if ((*s)[1] != ' ')
		return -1;
	*s += 2;
	if (num(s, 1, KGEN_PLAN_MAX, &e->n) < 0
	    || word(s, algname, ALG_N, &e->c.alg) < 0)
		return -1;
	if (e->c.alg == ALG_CT) {
		if (word(s, isas, CPU_N, &e->c.isa) < 0
		    || num(s, 1, KGEN_N1_MAX, &e->c.m0) < 0
		    || word(s, leafname, LEAF_N, &e->c.leaf) < 0
		    || num(s, 0, CFG_MAXSTEP, &e->c.nin) < 0
		    || num(s, 1, CFG_MAXSTEP, &e->c.k) < 0
		    || (ver == 1 && e->c.leaf >= LEAF_CX))
			return -1;
		prod = e->c.m0;
		for (i = 0; i < e->c.k; i++) {
			if (num(s, 2, KGEN_N1_MAX, &e->c.r[i]) < 0)
				return -1;
			prod *= e->c.r[i];
			if (prod > e->n)
				return -1;
		}
		if (prod != e->n || e->c.nin >= e->c.k)
			return -1;
		/* the optional last word (version 2) */
		if (**s != '\n') {
			if (ver == 1 || word(s, straddlename, 1, &i) < 0)
				return -1;
			e->c.straddle = 1;
		}
	} else if (e->c.alg == ALG_N1X && (ver == 1
	    || word(s, isas, CPU_N, &e->c.isa) < 0))
		return -1;
	else if (e->c.alg == ALG_BLUESTEIN && **s != '\n' && (ver == 1
	    || num(s, 1, KGEN_PLAN_MAX, &e->c.m0) < 0
	    || (long long)e->c.m0 < 2LL * e->n - 1))
		return -1;
	if (**s != '\n')
		return -1;
	(*s)++;
	return 0;
}

/* Reads a decimal ptrdiff_t >= 0 at *s as num does. */
static int
numl(const char **s, ptrdiff_t *v)
{
	ptrdiff_t x;
	const char *p;

	p = *s;
	if (*p < '0' || *p > '9')
		return -1;
	for (x = 0; *p >= '0' && *p <= '9'; p++) {
		if (x > (PTRDIFF_MAX - 9) / 10)
			return -1;
		x = x * 10 + (*p - '0');
	}
	if (*p != ' ' && *p != '\n')
		return -1;
	*v = x;
	*s = *p == ' ' ? p + 1 : p;
	return 0;
}

/* Parses an nd line (version 3) at *s into e, past its '\n'. */
static int
parsend(const char **s, NdEnt *e)
{
	int i, prec;

	if (strncmp(*s, "nd ", 3))
		return -1;
	*s += 3;
	if (word(s, precname, 2, &prec) < 0)
		return -1;
	e->prec = prec ? 'f' : 'd';
	for (i = 0; i < 5; i++)
		if (numl(s, &e->key[i]) < 0)
			return -1;
	if (e->key[0] < 1 || e->key[0] > KGEN_PLAN_MAX
	    || word(s, ndmethod, 6, &e->method) < 0
	    || num(s, 0, 1 << 20, &e->B) < 0 || **s != '\n'
	    || (e->method != M_CORE) != (e->B > 0))
		return -1;
	(*s)++;
	return 0;
}

/* Whether the line at s is a dft or t1v line (version 3). */
static int
ispick(const char *s)
{
	return !strncmp(s, "dft ", 4) || !strncmp(s, "t1v ", 4);
}

/* Parses a dft or t1v line (version 3) at *s into k and steps past its
 * '\n': -1 when malformed or when the library has no such candidate (a
 * t1v line: no such C codelet with an assembly twin). */
static int
parsepick(const char **s, Pick *k)
{
	int (*f)(int, int, int, int, int, int);
	int (*g)(int, int, int, int);
	const char *isas[CPU_N];
	int i;

	for (i = 0; i < CPU_N; i++)
		isas[i] = kgen_isa_name(i);
	memset(k, 0, sizeof *k);
	if (!strncmp(*s, "t1v ", 4)) {
		*s += 4;
		k->t1v = 1;
		if (word(s, precname, 2, &k->prec) < 0
		    || word(s, isas, CPU_N, &k->isa) < 0
		    || num(s, 2, KGEN_N1_MAX, &k->r) < 0
		    || word(s, t1vname, 2, &k->pick) < 0 || **s != '\n')
			return -1;
		(*s)++;
		k->pick++;
		g = t1pickfn(k->prec);
		return g && g(k->isa, k->r, k->pick, 0) < 0 ? -1 : 0;
	}
	if (strncmp(*s, "dft ", 4))
		return -1;
	*s += 4;
	if (word(s, precname, 2, &k->prec) < 0
	    || num(s, 1, KGEN_N1_MAX, &k->n) < 0
	    || word(s, sidename, 2, &k->many) < 0
	    || word(s, layname, DFT_NLAY, &k->lay) < 0
	    || word(s, famname, DFT_NFAM, &k->fam) < 0
	    || word(s, isas, CPU_N, &k->isa) < 0 || **s != '\n')
		return -1;
	(*s)++;
	f = pickfn(k->prec);
	return f && f(k->n, k->many, k->lay, k->fam, k->isa, 0) < 0 ? -1 : 0;
}

int
kgen_import_wisdom_from_string(const char *s)
{
	static const char head[] = "kgen-wisdom ";
	int (*f)(int, int, int, int, int, int);
	int (*g)(int, int, int, int);
	const char *p;
	Entry *es, e;
	Pick *ks, k;
	NdEnt *ds, d;
	int ne, nk, nn, i, j, l, st, ver;

	/* versions 1, 2 and 3; the line after the number */
	if (!s || strncmp(s, head, sizeof head - 1))
		return KGEN_EINVAL;
	p = s + sizeof head - 1;
	ver = *p - '0';
	if (ver < 1 || ver > 3 || p[1] != '\n')
		return KGEN_EINVAL;
	s = p + 2;
	/* check everything first: all lines or none */
	p = s;
	for (ne = nk = nn = 0; *p; )
		if (ver >= 3 && !strncmp(p, "nd ", 3)) {
			if (parsend(&p, &d) < 0)
				return KGEN_EINVAL;
			nn++;
		} else if (ver >= 3 && ispick(p)) {
			if (parsepick(&p, &k) < 0)
				return KGEN_EINVAL;
			nk++;
		} else if (parse(&p, ver, &e) < 0)
			return KGEN_EINVAL;
		else
			ne++;
	es = malloc((size_t)(ne ? ne : 1) * sizeof *es);
	ks = malloc((size_t)(nk ? nk : 1) * sizeof *ks);
	ds = malloc((size_t)(nn ? nn : 1) * sizeof *ds);
	if (!es || !ks || !ds) {
		free(es);
		free(ks);
		free(ds);
		return KGEN_ENOMEM;
	}
	p = s;
	for (i = j = l = 0; *p; )
		if (ver >= 3 && !strncmp(p, "nd ", 3))
			parsend(&p, &ds[l++]);
		else if (ver >= 3 && ispick(p))
			parsepick(&p, &ks[j++]);
		else
			parse(&p, ver, &es[i++]);
	st = KGEN_OK;
	pthread_mutex_lock(&lock);
	/* a version 1 line holds for both layouts */
	for (i = 0; i < ne && st == KGEN_OK; i++)
		if (put(es[i].prec, es[i].lay, es[i].n, &es[i].c) < 0
		    || (ver == 1 && put(es[i].prec, LAY_INTER, es[i].n,
		    &es[i].c) < 0))
			st = KGEN_ENOMEM;
	for (l = 0; l < nn && st == KGEN_OK; l++)
		if (ndput(&ds[l]) < 0)
			st = KGEN_ENOMEM;
	/* kgen_dft's picks and the t1v choices, where this process may
	 * run them */
	for (j = 0; j < nk && st == KGEN_OK; j++)
		if (ks[j].t1v && (g = t1pickfn(ks[j].prec)))
			g(ks[j].isa, ks[j].r, ks[j].pick, 1);
		else if (!ks[j].t1v && (f = pickfn(ks[j].prec)))
			f(ks[j].n, ks[j].many, ks[j].lay, ks[j].fam, ks[j].isa,
			    1);
	pthread_mutex_unlock(&lock);
	free(es);
	free(ks);
	free(ds);
	return st;
}

int
kgen_export_wisdom_to_filename(const char *path)
{
	FILE *f;
	char *s;
	int st;

	if (!path)
		return KGEN_EINVAL;
	if (!(s = kgen_export_wisdom_to_string()))
		return KGEN_ENOMEM;
	st = KGEN_EINVAL;
	if ((f = fopen(path, "w"))) {
		if (fputs(s, f) >= 0)
			st = KGEN_OK;
		if (fclose(f) != 0)
			st = KGEN_EINVAL;
	}
	free(s);
	return st;
}

int
kgen_import_wisdom_from_filename(const char *path)
{
	FILE *f;
	char *s, *t;
	size_t len, got, cap;
	int st;

	if (!path || !(f = fopen(path, "r")))
		return KGEN_EINVAL;
	cap = 4096;
	len = 0;
	s = malloc(cap);
	while (s && (got = fread(s + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (len + 1 == cap) {
			if (!(t = realloc(s, 2 * cap)))
				free(s);
			s = t;
			cap *= 2;
		}
	}
	st = ferror(f) ? KGEN_EINVAL : KGEN_OK;
	fclose(f);
	if (!s)
		return KGEN_ENOMEM;
	s[len] = 0;
	if (st == KGEN_OK)
		st = strlen(s) == len ? kgen_import_wisdom_from_string(s)
		    : KGEN_EINVAL;
	free(s);
	return st;
}
