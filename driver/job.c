/* job.c: the checks of each command, turning the options (Opts, read
 * by cli.c) into the Job the pipeline runs: the problem within its
 * limits, the codelet kind and its emitter, the schedule and what it is
 * made for, the register lists, names and headers.  The messages and
 * their order are kgen's interface: each check says what was wrong and
 * what is allowed, through fail(). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "all.h"
#include "driver.h"
#include "runtime/factor.h"

/* The codelet kinds of --kind, by CK_*. */
const char *const job_kinds[] = {"n1", "t1", "r2cf", "r2cb", "t1v", "n1v",
    "n1w", "n1c", "n1x", 0};

/* The schedule of --schedule for a command that emits one order of any
 * DAG: its SCHED_* number, build order when none is given. */
static int
sched_one(const char *s)
{
	int k;

	if (!s)
		return SCHED_BUILD;
	if ((k = order_find(s)) < 0)
		fail("--schedule %s: expected naive, build, co, blocked or "
		    "search", s);
	return k;
}

/* kgen spills' --schedule s into sched[]: all (the default, s NULL),
 * or names separated by commas, each once, as kgen fft takes them.
 * Returns how many. */
int
job_sched_list(const char *s, int *sched)
{
	const char *p, *q;
	char name[32];
	int n, i, k;

	n = 0;
	if (!s || !strcmp(s, "all")) {
		for (n = 0; n < NSCHED; n++)
			sched[n] = n;
		return n;
	}
	for (p = s; ; p = q + 1) {
		q = strchr(p, ',');
		k = q ? (int)(q - p) : (int)strlen(p);
		snprintf(name, sizeof name, "%.*s", k, p);
		if (k >= (int)sizeof name || (k = order_find(name)) < 0)
			fail("--schedule %s: expected all, or one or more of "
			    "naive, build, co, blocked and search separated by "
			    "commas", s);
		for (i = 0; i < n; i++)
			if (sched[i] == k)
				fail("--schedule %s: %s listed twice", s, name);
		sched[n++] = k;
		if (!q)
			return n;
	}
}

/* The checks of kgen fft: -n within the limit. */
static void
check_fft(Opts *o)
{
	int vl, w;

	if (!o->seen_n)
		fail("fft: -n N is required (1 <= N <= %d, or for a plain n1 "
		    "codelet up to %d with prime factors up to %d)", FFT_MAXN,
		    STANDALONE_MAXN, STANDALONE_MAXPART);
	if (o->p.n > FFT_MAXN && (o->kind || o->cuda || o->form < 0
	    || !standalone_ok(o->p.n)))
		fail("-n %d: too large for a straight-line codelet (the limit "
		    "is %d); beyond it, a standalone plan (--simd allowed) for "
		    "n up to %d with prime factors up to 64", o->p.n, FFT_MAXN,
		    STANDALONE_MAXN);
	if (o->form > 0 && (o->p.n <= FACTOR_MAXR || !standalone_ok(o->p.n)))
		fail("--plan: a plan needs n above %d with prime factors up "
		    "to 64 (and at most %d)", FACTOR_MAXR, STANDALONE_MAXN);
	if (o->simd != SIMD_NONE && o->cuda)
		fail("--simd: SIMD codelets are C; use --simd none with "
		    "--emit cuda");
	if (o->emitasm && (!o->simd
	    || strcmp(isa_get(o->simd)->arch, "x86_64")))
		fail("--emit asm: x86-64 code vectorized across the batch; "
		    "give --simd sse2, avx2 or avx512");
	if (o->emitasm && o->kind && o->kind != CK_T1V && o->kind != CK_N1V)
		fail("--kind %s: --emit asm makes n1, t1v and n1v codelets only",
		    job_kinds[o->kind]);
	if (o->emitasm && o->simd == SIMD_SSE2 && o->fma)
		fail("--fma: SSE2 has no FMA instructions; use --simd avx2 or "
		    "avx512 with --emit asm --fma");
	if (o->verify && !o->emitasm)
		fail("--verify: checks kgen's assembly; give --emit asm");
	if (o->kind && o->cuda)
		fail("--kind %s: C only; --emit cuda is for n1 codelets",
		    job_kinds[o->kind]);
	w = o->kind == CK_N1X ? emitcxl_xlanes(o->simd, o->isfloat, o->p.n)
	    : 1;
	if (!w)
		fail("--kind n1x: needs 32-byte vectors; give --simd avx2 or "
		    "avx512");
	if (o->kind >= CK_T1V && !o->simd)
		fail("--kind %s: a vector codelet; give --simd sse2, avx2 or "
		    "avx512", job_kinds[o->kind]);
	if (o->kind && o->kind < CK_T1V && o->simd)
		fail("--kind %s: scalar only; --simd goes with n1, t1v or n1v",
		    job_kinds[o->kind]);
	vl = o->simd ? isa_lanes(isa_get(o->simd), o->isfloat) : 1;
	if (o->kind == CK_N1V && o->p.n % vl)
		fail("-n %d: an n1v codelet's size must be a multiple of the "
		    "%d lanes", o->p.n, vl);
	if (o->kind == CK_N1W && (o->p.n % vl || o->p.n < vl * vl))
		fail("-n %d: an n1w codelet's size must be a multiple of the "
		    "%d lanes and at least %d", o->p.n, vl, vl * vl);
	if (o->kind == CK_N1X && (o->p.n % w || o->p.n < 2 * w))
		fail("-n %d: an n1x codelet's size must be a multiple of %d "
		    "(complex numbers a vector) and at least %d", o->p.n, w,
		    2 * w);
	if (o->kind == CK_R2CF && o->p.sign > 0)
		fail("--sign 1: r2cf is the forward real transform; "
		    "--kind r2cb is its inverse");
	if (o->kind == CK_R2CB && o->seen_sign && o->p.sign < 0)
		fail("--sign -1: r2cb is the backward real transform (sign 1); "
		    "--kind r2cf is the forward one");
	if (o->kind == CK_R2CB)
		o->p.sign = 1;
	if ((o->kind == CK_T1 || o->kind == CK_T1V) && o->p.n < 2)
		fail("-n %d: a twiddle codelet needs a radix of at least 2",
		    o->p.n);
	o->p.kind = PROB_FFT;
}

/* The checks of commands that need the whole DAG (spills, report):
 * straight-line sizes only, no standalone plans. */
void
job_check_fft_dag(Opts *o)
{
	if (o->seen_n && o->p.n > FFT_MAXN)
		fail("-n %d: %s analyses straight-line codelets; the limit is "
		    "%d", o->p.n, o->cmd, FFT_MAXN);
	check_fft(o);
}

/* kgen fft --emit asm: R, the registers the allocation may use (the
 * ISA's by default), is also what blocked and search order for; the
 * latency places the reloads whatever the schedule. */
static void
asmregs(Job *j, Opts *o)
{
	const Isa *isa;
	char what[96];
	int sched;

	isa = isa_get(o->simd);
	sched = j->sched[0];
	j->emitter = EMITTER_ASM;
	j->verify = o->verify;
	j->cost.regs = isa->nreg;
	if (o->regs) {
		snprintf(what, sizeof what, "1 to %d, the vector registers of "
		    "%s", isa->nreg, isa->name);
		opt_regs(o->regs, 1, isa->nreg, &j->cost.regs, 1, what);
	}
	if (sched != SCHED_BLOCKED && sched != SCHED_SEARCH && o->gamma != 1)
		fail("--gamma: only --schedule blocked or search depends on "
		    "the cost model");
	j->checkregs = 1;
	j->e.alloc = j->cost.regs;
	j->e.latency = o->latency;
	if (sched == SCHED_BLOCKED || sched == SCHED_SEARCH)
		j->e.regs = j->cost.regs;
}

/* kgen verify FILE.s: nothing but the file. */
void
job_verify(Job *j, Opts *o)
{
	opt_only(o, "verify", "-o");
	j->file = o->sub;
}

/* The default name's mark of the variant, so that the defaults of one
 * size differ (the library's kgen_n1f_avx2_16 without kgen_): f for
 * float, b for a backward transform (but r2cb, backward by its name). */
static const char *
variant(const Opts *o)
{
	static char buf[4];

	snprintf(buf, sizeof buf, "%s%s", o->isfloat ? "f" : "",
	    o->p.sign > 0 && o->kind != CK_R2CB ? "b" : "");
	return buf;
}

/* kgen fft's default schedule for an n1 codelet of size n on a target
 * with regs vector registers (--regs, else the ISA's: 16 for scalar and
 * SSE2/AVX2, 32 for AVX-512): search made for R = searchregs, the order
 * with the fewest stack spills gcc 12 -O2 left in it, stores and loads
 * both below genfft's n1_64 (kgen spills --measure gcc; README, Spills).
 * At 32 registers search made for 21 beats search made for 32 (106/109
 * stores/loads with --fma, 107/113 without, against 120/126 and genfft's
 * 108/136): gcc needs a few registers of its own.  Search takes about a
 * second at n = 64.  Elsewhere: the build order. */
static const struct {
	int n, regs, searchregs;
} fftdefault[] = {
	{64, 8, 8}, {64, 16, 16}, {64, 32, 21},
};

static int
fft_default(int n, int regs)
{
	size_t i;

	for (i = 0; i < sizeof fftdefault / sizeof fftdefault[0]; i++)
		if (fftdefault[i].n == n && fftdefault[i].regs == regs)
			return fftdefault[i].searchregs;
	return 0;
}

/* kgen fft --choose spills: the DAG's top algorithm is chosen by its
 * spills at regs registers too (gen/fft.c, Fftopt; driver/build.c). */
static void
choose(Job *j, const Opts *o, int regs)
{
	j->choose = o->choose;
	j->e.topregs = o->choose ? regs : 0;
}

/* Whether kgen fft writes a standalone plan (emit/plan.c) by default:
 * n beyond one codelet, or n above STANDALONE_LINE, where straight line
 * stops paying (docs/design.md), unless an option that shapes a
 * codelet is given. */
static int
plan_default(const Opts *o)
{
	char buf[64];
	int i;

	if (o->p.n > FFT_MAXN)
		return 1;
	if (!standalone_plan(o->p.n))
		return 0;
	for (i = 0; i < o->ngiven; i++) {
		snprintf(buf, sizeof buf, " %s ", o->given[i]);
		if (!strstr(" -n --sign --type --name -o -d --plan --straight ",
		    buf))
			return 0;
	}
	return 1;
}

/* Whether kgen fft writes a standalone plan: the default, or --plan
 * and --straight where they change it (else they are rejected). */
static int
plan_form(const Opts *o)
{
	int d;

	d = plan_default(o);
	if (o->form > 0 && d)
		fail("--plan: -n %d with these options writes a plan already",
		    o->p.n);
	if (o->form < 0 && !d)
		fail("--straight: -n %d with these options writes a "
		    "straight-line codelet already (--straight applies to "
		    "%d < n <= %d)", o->p.n, STANDALONE_LINE, FFT_MAXN);
	return o->form ? o->form > 0 : d;
}

/* The ISA of a plan's SIMD section: --simd's, else STANDALONE_SIMD. */
static int
plan_simd(const Opts *o)
{
	int i;

	for (i = 0; i < o->ngiven; i++)
		if (!strcmp(o->given[i], "--simd"))
			return o->simd;
	return STANDALONE_SIMD;
}

/* kgen fft --type q15|q31: a radix-2 n1 codelet (emit/fixfft.c), N a
 * power of two up to FFT_MAXN; no other kind or option applies. */
static void
fixfft(Job *j, Opts *o)
{
	char what[32];

	snprintf(what, sizeof what, "fft --type q%d", o->fixed);
	opt_only(o, what, "-n --sign --type --kind --name -o");
	if (o->kind != CK_N1)
		fail("%s: %s does not apply; fixed-point FFTs are n1 "
		    "codelets", what, o->kindopt);
	if (!o->seen_n || !fixfft_ok(o->p.n))
		fail("%s: -n N, a power of two from 1 to %d, is required "
		    "(radix-2 stages, each scaling by 1/2)", what, FFT_MAXN);
	o->p.kind = PROB_FFT;
	j->emitter = EMITTER_FIXED;
	snprintf(j->name, sizeof j->name, "n1q%d%s_%d", o->fixed,
	    o->p.sign > 0 ? "b" : "", o->p.n);
}

/* kgen fft: the codelet kind picks the emitter; the schedule and R
 * matter to straight-line codelets only. */
void
job_fft(Job *j, Opts *o)
{
	char what[64];
	int sched, r;

	if (o->fixed) {
		fixfft(j, o);
		return;
	}
	if (o->fftw) {
		job_fftw(j, o);
		return;
	}
	check_fft(o);
	if (plan_form(o)) {
		snprintf(what, sizeof what, "fft -n %d (a standalone plan)",
		    o->p.n);
		opt_only(o, what, "-n --sign --type --name -o -d --simd "
		    "--plan");
		j->emitter = EMITTER_PLAN;
		j->plansimd = plan_simd(o);
		snprintf(j->name, sizeof j->name, "%s%s_%d", o->p.n > FFT_MAXN
		    ? "fft" : "n1", variant(o), o->p.n);
		j->e.sched = "build order";
		j->sched[0] = SCHED_IDS;
		return;
	}
	opt_only(o, "fft", "-n --sign --type --name -o --schedule --regs "
	    "--latency --gamma --fma --simd --kind --twiddle --real --emit "
	    "--verify --choose --straight -d");
	if (o->choose && (o->kind != CK_N1 || o->cuda))
		fail("--choose spills: only n1 codelets in C or assembly (not "
		    "%s)", o->cuda ? "--emit cuda" : o->kindopt);
	j->kind = o->kind;
	j->lanes = o->kind == CK_N1X ? emitcxl_xlanes(o->simd, o->isfloat,
	    o->p.n) : o->simd ? isa_lanes(isa_get(o->simd), o->isfloat) : 1;
	j->e.simd = o->simd;
	snprintf(j->name, sizeof j->name, "%s%s%s%s_%d", job_kinds[o->kind],
	    variant(o), o->simd || o->cuda ? "_" : "", o->simd
	    ? isa_get(o->simd)->name : o->cuda ? "cuda" : "", o->p.n);
	j->emitter = o->kind == CK_N1C ? EMITTER_CXL
	    : o->kind == CK_N1X ? EMITTER_CXLX
	    : o->kind >= CK_T1V ? EMITTER_VEC : o->kind ? EMITTER_KIND
	    : o->cuda ? EMITTER_CUDA : o->simd ? EMITTER_SIMD : EMITTER_C;
	/* the schedule: R matters to blocked and search only */
	sched = j->sched[0] = sched_one(o->sched);
	j->cost.regs = 16;
	if (o->emitasm)
		;       /* asmregs below: the ISA's registers */
	else if (o->regs)
		opt_regs(o->regs, 1, SPILLS_MAXR, &j->cost.regs, 1,
		    "one register count");
	else if (o->simd)
		j->cost.regs = isa_get(o->simd)->nreg;
	if (!o->sched && o->kind == CK_N1 && !o->cuda && !o->emitasm
	    && (r = fft_default(o->p.n, j->cost.regs))) {
		sched = j->sched[0] = SCHED_SEARCH;
		j->cost.regs = r;
	} else if (!o->regs) {
		j->cost.regs = 16;
	}
	j->e.sched = order_names[sched];
	if (o->gamma != 1 && (sched == SCHED_BLOCKED
	    || sched == SCHED_SEARCH)) {
		snprintf(j->schedname, sizeof j->schedname, "%s (a store "
		    "costs %g loads)", order_names[sched], o->gamma);
		j->e.sched = j->schedname;
	}
	if (o->emitasm) {
		asmregs(j, o);
		choose(j, o, j->cost.regs);
		return;
	}
	if (o->regs && sched != SCHED_BLOCKED && sched != SCHED_SEARCH
	    && !o->choose)
		fail("--regs %s: only --schedule blocked or search (or --choose "
		    "spills) depends on R", o->regs);
	choose(j, o, o->regs ? j->cost.regs : o->simd
	    ? isa_get(o->simd)->nreg : 16);
	if (sched != SCHED_BLOCKED && sched != SCHED_SEARCH
	    && (o->latency || o->gamma != 1))
		fail("%s: only --schedule blocked or search depends on the "
		    "cost model", o->latency ? "--latency" : "--gamma");
	if (sched == SCHED_BLOCKED || sched == SCHED_SEARCH) {
		j->checkregs = 1;
		j->e.regs = j->cost.regs;
	}
}

/* gemm --simd ISA: the vector form, --vlen the doubles one vector of the
 * ISA holds; AVX-512 masks a column's last rows, a narrower ISA halves
 * its vector until it divides M (a micro-kernel's always must), down to
 * the scalar form; M a smaller power of two is one vector of M rows.
 * --vlen beside it must agree. */
static void
simd_vlen(Opts *o)
{
	const Isa *isa;
	int v;

	if (o->cuda || o->emitasm || (o->tile && !strcmp(o->tile, "auto")))
		fail("gemm --simd: for C codelets and micro-kernels; give "
		    "--vlen with --emit asm or --tile auto");
	isa = isa_get(o->simd);
	v = isa_lanes(isa, 0);
	if (o->vlen && o->vlen != v)
		fail("--vlen %d: --simd %s holds %d doubles; give one of "
		    "them", o->vlen, isa->name, v);
	if (o->isfloat)
		fail("--simd %s: vector GEMM codelets are double; drop --type "
		    "float", isa->name);
	while (v > 1 && o->p.m % v && (o->kloop || v != 8))
		v /= 2;
	/* M a power of two below the vector: M rows a vector, unmasked
	 * (streamed 4x4x4 and 2x2x32, gcc and clang -O3: 10-25% faster
	 * than 8 rows masked) */
	if (o->p.m > 0 && o->p.m < v && !(o->p.m & (o->p.m - 1)))
		v = o->p.m;
	o->vlen = v;
}

/* The checks of kgen gemm: the codelet's shape within the limits, the
 * micro-kernel's tile, or the tile model's registers. */
static void
check_gemm(Opts *o)
{
	char *end;
	long a, b;
	int r;

	o->p.kind = PROB_GEMM;
	if (o->simd)
		simd_vlen(o);
	if (o->cuda && (o->kloop || o->tile))
		fail("gemm --emit cuda: for fixed-size codelets (-m -n -k, "
		    "--schedule outer|inner), not --kloop or --tile");
	if (o->cuda && o->vlen)
		fail("gemm --emit cuda: --vlen is for C codelets");
	if (!o->vlen)
		o->vlen = 1;
	if (o->tile && !strcmp(o->tile, "auto")) {
		if (!o->regs)
			fail("--tile auto: --regs R is required (3 <= R <= "
			    "1024)");
		opt_regs(o->regs, 3, 1024, &r, 1, "3 to 1024 registers");
		o->p.n = r;
		if (!o->seen_k)
			o->p.k = 256;
		return;
	}
	if (o->tile) {
		errno = 0;
		a = strtol(o->tile, &end, 10);
		b = *end == 'x' && end > o->tile ? strtol(end + 1, &end, 10) : 0;
		if (*end || errno || a < 1 || b < 1 || a > GEMM_MAXDIM
		    || b > GEMM_MAXDIM || !(o->tile[0] >= '0'
		    && o->tile[0] <= '9'))
			fail("--tile %s: expected auto or MxN, as in 4x2, with "
			    "1 <= M, N <= %d", o->tile, GEMM_MAXDIM);
	}
	if (o->kloop) {
		if (!o->seen_m || !o->seen_n)
			fail("gemm --kloop: -m MR and -n NR are required "
			    "(1 <= MR, NR <= 64)");
		if (o->seen_k)
			fail("-k: a --kloop micro-kernel takes k at run time; "
			    "give only -m and -n");
		if (o->p.m > 64 || o->p.n > 64)
			fail("-m %d -n %d: a micro-kernel tile is at most 64 x "
			    "64", o->p.m, o->p.n);
		if (o->p.m % o->vlen)
			fail("--vlen %d: must divide -m %d", o->vlen, o->p.m);
		if (o->tile || o->sched)
			fail("gemm --kloop: the body is one rank-1 update; "
			    "--tile and --schedule do not apply");
		return;
	}
	if (!o->seen_m || !o->seen_n || !o->seen_k)
		fail("gemm: -m M -n N -k K are all required (1 <= M, N, K <= "
		    "%d, M*N*K <= %d)", GEMM_MAXDIM, GEMM_MAXWORK);
	if (o->p.m > GEMM_MAXDIM || o->p.n > GEMM_MAXDIM
	    || o->p.k > GEMM_MAXDIM)
		fail("-m %d -n %d -k %d: too large; each size is at most %d",
		    o->p.m, o->p.n, o->p.k, GEMM_MAXDIM);
	if ((long)o->p.m * o->p.n * o->p.k > GEMM_MAXWORK)
		fail("-m %d -n %d -k %d: M*N*K = %ld is too large for a "
		    "straight-line codelet; the limit is %d", o->p.m, o->p.n,
		    o->p.k, (long)o->p.m * o->p.n * o->p.k, GEMM_MAXWORK);
	if (o->sched && gemmorder_find(o->sched) != SCHED_OUTER
	    && gemmorder_find(o->sched) != SCHED_INNER)
		fail("--schedule %s: gemm codelets take outer or inner",
		    o->sched);
	if (o->p.m % o->vlen && o->vlen != 8)
		fail("--vlen %d: must divide -m %d, or be 8 (AVX-512 masks "
		    "the last rows)", o->vlen, o->p.m);
	if (o->vlen > 1 && o->isfloat)
		fail("--vlen %d: vector codelets are double; drop --type "
		    "float", o->vlen);
	if (o->sched && o->tile)
		fail("--tile %s: a tile is its own schedule; drop --schedule",
		    o->tile);
}

/* kgen gemm: the tile model, a micro-kernel (one rank-1 update per step
 * of a K loop), or a fixed-size codelet in the outer-product order, the
 * inner-product order or on tiles of C (--tile MxN, or for vectors
 * gemmtile_vector's choice when the accumulators would not fit). */
void
job_gemm(Job *j, Opts *o)
{
	char *end;
	int mr, nr, s;

	check_gemm(o);
	if (o->tile && !strcmp(o->tile, "auto"))
		opt_only(o, "gemm --tile auto", "--tile --regs --gamma --vlen "
		    "-k -o");
	else if (o->kloop)
		opt_only(o, "gemm --kloop", "-m -n --kloop --vlen --simd --fma "
		    "--name -o -d");
	else if (o->emitasm)
		opt_only(o, "gemm --emit asm", "-m -n -k --schedule --tile "
		    "--fma --vlen --type --emit --regs --latency --verify "
		    "--name -o -d");
	else
		opt_only(o, "gemm", "-m -n -k --schedule --tile --fma --vlen "
		    "--simd --type --emit --name -o -d");
	j->vlen = o->vlen;
	if (o->tile && !strcmp(o->tile, "auto")) {
		j->cmd = CMD_TILES;
		j->cost.regs = o->p.n;
		return;
	}
	j->sched[0] = SCHED_OUTER;
	if (o->kloop) {
		j->kloop = 1;
		j->emitter = EMITTER_KLOOP;
		if (o->vlen > 1)
			snprintf(j->name, sizeof j->name, "gemmk_%dx%dv%d",
			    o->p.m, o->p.n, o->vlen);
		else
			snprintf(j->name, sizeof j->name, "gemmk_%dx%d",
			    o->p.m, o->p.n);
		j->e.sched = "outer product (one rank-1 update per step)";
		return;
	}
	snprintf(j->name, sizeof j->name, "gemm%s%s_%dx%dx%d", o->isfloat
	    ? "f" : "", o->cuda ? "_cuda" : "", o->p.m, o->p.n, o->p.k);
	if (o->vlen > 1)
		snprintf(j->name + strlen(j->name), sizeof j->name
		    - strlen(j->name), "v%d", o->vlen);
	if (o->emitasm && o->vlen != 4 && o->vlen != 8)
		fail("gemm --emit asm: the codelet on vectors of rows; give "
		    "--vlen 4 (avx2) or 8 (avx512)");
	if (o->emitasm && o->p.m % o->vlen)
		fail("gemm --emit asm: --vlen %d must divide -m %d (no masked "
		    "rows in assembly)", o->vlen, o->p.m);
	j->emitter = o->cuda ? EMITTER_CUDA : o->vlen > 1 ? EMITTER_KLOOP
	    : EMITTER_C;
	if (o->emitasm) {
		/* asmregs: R of the ISA whose vectors hold --vlen doubles
		 * (or --regs), Belady's allocation */
		o->simd = isa_bylanes(o->vlen, 0);
		j->e.simd = o->simd;
	}
	j->e.sched = "outer product (rank-1 updates)";
	mr = o->p.m;
	nr = o->p.n;
	if (o->sched && gemmorder_find(o->sched) == SCHED_INNER) {
		j->sched[0] = SCHED_INNER;
		j->e.sched = "inner product (one C element at a time)";
		if (o->emitasm)
			asmregs(j, o);
		return;
	} else if (o->tile) {
		mr = (int)strtol(o->tile, &end, 10);
		nr = (int)strtol(end + 1, 0, 10);
	} else if (o->sched || o->vlen == 1
	    || !gemmtile_vector(o->p.m, o->p.n, o->vlen, &nr)) {
		if (o->emitasm)
			asmregs(j, o);
		return;
	} else {
		/* the registers of the ISA whose vectors hold --vlen doubles
		 * (16 where none does) */
		s = isa_bylanes(o->vlen, 0);
		j->e.regs = s ? isa_get(s)->nreg : 16;
	}
	/* a tile's rows count vectors when a value is one */
	j->sched[0] = SCHED_TILE;
	j->cost.mr = (mr + o->vlen - 1) / o->vlen;
	j->cost.nr = nr;
	snprintf(j->schedname, sizeof j->schedname, "outer product on %d x "
	    "%d tiles of C", mr, nr);
	j->e.sched = j->schedname;
	if (o->emitasm)
		asmregs(j, o);
}

/* kgen conv: taps from --taps or --taps-file, strictly parsed, and -n
 * within the limits; statements in build order. */
void
job_conv(Job *j, Opts *o)
{
	char what[300], *text;

	o->p.kind = PROB_CONV;
	if (o->cuda || o->kloop || o->tile || o->vlen)
		fail("conv: only --taps, --taps-file, -n, --correlate, --fma, "
		    "--simd, --type, --round, --name and -o apply");
	opt_only(o, "conv", "--taps --taps-file -n --correlate --fma --simd "
	    "--type --round --name -o -d");
	if (o->round && !o->fixed)
		fail("--round %s: rounds fixed-point outputs; give --type q15 "
		    "or q31", o->round);
	if (o->fixed && (o->simd || o->fma || o->correlate || o->dump))
		fail("conv --type q%d: %s does not apply; fixed-point filters "
		    "are scalar C convolutions, printed with no DAG", o->fixed,
		    o->simd ? "--simd" : o->fma ? "--fma" : o->correlate
		    ? "--correlate" : "-d");
	if (o->simd && o->fma)
		fail("conv --simd: --fma changes nothing; the vector kernels "
		    "use FMA instructions wherever the target has them");
	if (o->simd && !strcmp(isa_get(o->simd)->arch, "riscv64"))
		fail("conv --simd rvv: vector filters are x86's and NEON's; "
		    "for RISC-V give no --simd (plain C99)");
	o->p.correlate = o->correlate;
	if (!o->taps == !o->tapsfile)
		fail("conv: give the taps with exactly one of --taps "
		    "h0,h1,... and --taps-file FILE");
	if (o->taps) {
		snprintf(what, sizeof what, "--taps %.200s", o->taps);
		taps_parse(&o->p, what, o->taps, 0, o->fixed ? o->fixed
		    : o->isfloat);
	} else {
		snprintf(what, sizeof what, "--taps-file %.200s", o->tapsfile);
		text = taps_load(what, o->tapsfile);
		taps_parse(&o->p, what, text, 1, o->fixed ? o->fixed
		    : o->isfloat);
		free(text);
	}
	if (!o->seen_n)
		fail("conv: -n N, the number of outputs, is required");
	if ((long)o->p.n * o->p.ntaps > CONV_MAXWORK)
		fail("-n %d: %d outputs of %d taps is too large for a "
		    "straight-line codelet; taps*N is at most %d", o->p.n,
		    o->p.n, o->p.ntaps, CONV_MAXWORK);
	snprintf(j->name, sizeof j->name, "%s%s%s%s_%d_%d", o->correlate
	    ? "corr" : "conv", o->isfloat ? "f" : o->fixed == 15 ? "q15"
	    : o->fixed ? "q31" : "", o->simd ? "_" : "",
	    o->simd ? isa_get(o->simd)->name : "", o->p.ntaps, o->p.n);
	j->e.simd = o->simd;
	j->emitter = o->fixed ? EMITTER_FIXED : o->simd ? EMITTER_CONV
	    : EMITTER_C;
	j->sched[0] = SCHED_IDS;
	j->e.sched = "build order";
}
