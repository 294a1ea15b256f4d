/* main.c: the command line, every check on input, and the pipeline.
 *   build (fft.c, gemm.c, conv.c) -> simplify (simp.c)
 *   -> schedule (sched/order.c) -> analyse (sched/belady.c) -> emit (emit/c.c)
 * Output goes to a temporary file beside the target and is renamed into
 * place on success, so a failure never leaves a partial file. */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "all.h"

extern char *fail_unlink;

typedef struct Opts Opts;
struct Opts {
	const char *cmd;    /* fft, gemm, conv, spills */
	const char *sub;    /* spills: the problem, fft or gemm */
	Prob p;
	int seen_m, seen_n, seen_k;
	const char *name;   /* --name */
	const char *out;    /* -o */
	int isfloat;        /* --type float */
	int fma;            /* --fma */
	int dump;           /* -d: dump the DAG after each stage */
	const char *sched;  /* --schedule */
	const char *regs;   /* --regs LIST, parsed by the command */
	int latency;        /* --latency */
	const char *format; /* --format text|csv|json */
	const char *measure;    /* --measure gcc|clang|ptxas */
	int simd;               /* --simd: SIMD_* (emit/simd.c) */
	int cuda;               /* --emit cuda (emit/cuda.c) instead of C */
	int ckind;              /* --kind: 0 n1, else 1 + CK_* (emit/kinds.c) */
	const char *target;     /* --target NAME|all (sched/target.c) */
	const char *arch;       /* --arch sm_80 (ptxas, occupancy) */
	int maxregs;            /* --max-regs: register budget, 0 none */
	int block;              /* --block: CUDA threads per block */
	const char *taps;       /* --taps h0,h1,... */
	const char *tapsfile;   /* --taps-file FILE */
	const char *tile;       /* --tile auto|MxN */
	double gamma;           /* --gamma */
	int kloop;              /* --kloop: gemm micro-kernel, K at run time */
	int vlen;               /* --vlen: doubles per register, gemm */
	char *line;         /* the command, as the codelet header gives it */
};

static const char usage[] =
"usage: kgen COMMAND [options]\n"
"\n"
"kgen generates straight-line C codelets (FFT, GEMM, FIR filters) from an\n"
"expression DAG, orders them with a register-aware schedule, and predicts\n"
"their register spills for any register count R.\n"
"\n"
"commands:\n"
"  fft  -n N [--sign -1|1] [--type double|float] [--fma] [--name NAME]\n"
"       [--simd none|sse2|avx2|avx512] [-o FILE]\n"
"      an n1 codelet: v complex DFTs of size N (1 <= N <= %d), in FFTW's\n"
"      n1 calling convention:\n"
"        void NAME(const double *ri, const double *ii, double *ro,\n"
"                  double *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v,\n"
"                  ptrdiff_t ivs, ptrdiff_t ovs);\n"
"      --sign -1 (default) is the forward transform, exp(-2 pi i jk/N);\n"
"      --sign 1 the backward one (unnormalised).  --fma fuses a*b+c.\n"
"      --simd vectorizes across the batch (one transform per lane, any\n"
"      layout, same ABI); compile the result with -msse2, -mavx2 -mfma\n"
"      or -mavx512f.\n"
"      The default NAME is n1_N.  Without -o the codelet goes to standard\n"
"      output.\n"
"  fft  -n N --kind n1|t1|r2cf|r2cb  (--twiddle = --kind t1,\n"
"       --real = --kind r2cf; same other options, no --simd)\n"
"      t1: FFTW's twiddle codelet, one in-place radix-N DIT step over\n"
"      butterflies m = mb..me-1 (2 <= N), default NAME t1_N:\n"
"        void NAME(double *ri, double *ii, const double *W, ptrdiff_t rs,\n"
"                  ptrdiff_t mb, ptrdiff_t me, ptrdiff_t ms);\n"
"      x_j = ri[m*ms + j*rs]; row m of W holds cos, sin of 2 pi jm/n for\n"
"      j = 1..N-1 (2(N-1) reals); x_j is multiplied by cos - i sin\n"
"      (forward; cos + i sin with --sign 1), then DFT'd in place.\n"
"      r2cf / r2cb: FFTW's real-data codelets, default NAME r2cf_N:\n"
"        void NAME(const double *R0, const double *R1, double *Cr,\n"
"                  double *Ci, ptrdiff_t rs, ptrdiff_t csr, ptrdiff_t csi,\n"
"                  ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);\n"
"      R0/R1 hold the even/odd real samples, Cr/Ci X_0..X_N/2 (r2cb:\n"
"      const on Cr, Ci instead, the unnormalised inverse).\n"
"      N > %d (n1 only): one self-contained file with the codelets and\n"
"      a fixed Cooley-Tukey plan, NAME(ri, ii, ro, io) for split arrays,\n"
"      out of place (default NAME fft_N; N up to %d, primes up to 64).\n"
"      t1v / n1v (with --simd sse2|avx2|avx512): the planner's vector\n"
"      codelets for split arrays, lane = butterfly (t1v) or transform\n"
"      (n1v, outputs transposed in registers); see the codelet header.\n"
"      n1w (with --simd): the n1 ABI vectorized within one transform\n"
"      (FFTW's n1fv idea), for v = 1: N = VL x N/VL, N a multiple of\n"
"      VL and at least VL^2 (VL = lanes: sse2 2, avx2 4, avx512 8\n"
"      doubles; twice that in float).\n"
"  fft  -n N --emit cuda [--type float] [--name NAME] [-o FILE]\n"
"      the codelet as CUDA for nvcc: a __device__ NAME_one in SSA form\n"
"      and a __global__ NAME with the n1 signature (device pointers),\n"
"      one transform per thread, j = blockIdx.x*blockDim.x+threadIdx.x.\n"
"%s";

/* The help text goes on here: ISO C limits one string to 4095 bytes. */
static const char usage2[] =
"  gemm -m M -n N -k K [--schedule outer|inner] [--tile MxN] [--fma]\n"
"       [--vlen V] [--type double|float] [--name NAME] [-o FILE]\n"
"      a GEMM codelet, C += A*B for an M x K A and a K x N B, column-\n"
"      major (A(i,p) = A[i + p*lda], B(p,j) = B[p + j*ldb],\n"
"      C(i,j) = C[i + j*ldc]); 1 <= M, N, K <= %d and M*N*K <= %d:\n"
"        void NAME(const double *A, const double *B, double *C,\n"
"                  ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc);\n"
"      Statements follow the outer-product order (rank-1 updates, the\n"
"      default), the inner-product order (one C element at a time), or\n"
"      with --tile MxN the outer-product order on each M x N tile of C.\n"
"      --vlen V (V divides M) holds V rows of A and C per value, in\n"
"      GCC/Clang vector extensions; --vlen 8 with any M uses AVX-512\n"
"      intrinsics and masks the last rows.  The default NAME is\n"
"      gemm_MxNxK.\n"
"  gemm -m MR -n NR --kloop [--vlen V] [--name NAME] [-o FILE]\n"
"      a micro-kernel: an MR x NR tile of C kept in registers across a\n"
"      loop over a run-time k, one unrolled rank-1 update per step\n"
"      (MR, NR <= 64, V divides MR):\n"
"        void NAME(ptrdiff_t k, const double *A, const double *B,\n"
"                  double *C, ptrdiff_t lda, ptrdiff_t ldb,\n"
"                  ptrdiff_t ldc);\n"
"      step p reads A[i + p*lda] and B[j + p*ldb] (B by rows, as in a\n"
"      packed panel).  --vlen V > 1 holds V rows per value with GCC/Clang\n"
"      vector extensions.  The default NAME is gemmk_MRxNR (vV).\n"
"  gemm --tile auto --regs R [--gamma G] [--vlen V] [-k STEPS]\n"
"      the register-tile model: for R registers of V doubles and a\n"
"      store costing G loads (default 1), every tile that fits, its\n"
"      (loads + G*stores)/flop for blocks of STEPS steps (default 256),\n"
"      and the choice.\n"
"  conv --taps h0,h1,... -n N | --taps-file FILE -n N  [--fma]\n"
"       [--type double|float] [--name NAME] [-o FILE]\n"
"      an FIR filter, y[i] = sum_j h[j] x[i+j] for i < N, taps as\n"
"      constants (at most %d taps, taps*N <= %d); zero taps cost\n"
"      nothing and taps of equal magnitude share one multiplication:\n"
"        void NAME(const double *x, double *y, ptrdiff_t is,\n"
"                  ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs,\n"
"                  ptrdiff_t ovs);\n"
"      x[m] is x[m*is], y[i] is y[i*os]; v signals ivs and ovs apart.\n"
"      Taps are decimal or hexadecimal floating constants; a taps file\n"
"      holds them separated by commas or white space, # to end of line\n"
"      a comment.  The default NAME is conv_TAPS_N.\n"
"  report fft -n N | report gemm -m M -n N -k K  [--schedule S]\n"
"       [--type float] [--target NAME|all] [--arch ARCH] [--regs LIST]\n"
"       [--block B] [--max-regs B] [--measure ptxas|none] [--latency L]\n"
"      register pressure at a glance: max live values; Belady's spills\n"
"      on each target register file (sse2, avx2, avx512, neon, rvv, ppc,\n"
"      ptx); ptxas -v at each -maxrregcount in LIST (default\n"
"      32,64,128,255; skipped when nvcc is not on PATH) beside Belady's\n"
"      prediction; register-limited occupancy on sm_80 and sm_90 (or\n"
"      ARCH) for blocks of B threads (default 128).  --max-regs B warns\n"
"      when the codelet needs more than B registers per thread.\n"
"%s"
"\n"
"options:\n"
"  -d           dump the DAG after each stage to standard error\n"
"  -h, --help   print this help\n"
"  --version    print kgen's version\n"
"\n"
"examples:\n"
"  kgen fft -n 16 -o n1_16.c          16-point forward codelet, double\n"
"  kgen fft -n 12 --type float --sign 1 --name b12 -o b12.c\n"
"  kgen gemm -m 4 -n 4 -k 4 -o gemm_4x4x4.c\n"
"  kgen gemm -m 8 -n 6 --kloop --vlen 4     AVX2-shaped micro-kernel\n"
"  kgen gemm --tile auto --regs 16 --vlen 4 --gamma 1\n"
"  kgen conv --taps 0.25,0.5,0.25 -n 64\n"
"\n"
"Exit status: 0 on success, 2 on bad input (one line on stderr starting\n"
"'kgen:'), 1 when out of memory.\n";

static long
num(const char *opt, const char *s, long lo, long hi, const char *what)
{
	char *end;
	long v;

	if (!s)
		fail("%s: missing value; expected %s", opt, what);
	errno = 0;
	v = strtol(s, &end, 10);
	if (end == s || *end || errno)
		fail("%s %s: not an integer; expected %s", opt, s, what);
	if (v < lo || v > hi)
		fail("%s %s: out of range; expected %s", opt, s, what);
	return v;
}

static void
need(const char *opt, const char *val)
{
	if (!val)
		fail("%s: missing value", opt);
}

static int
validname(const char *s)
{
	const char *p;

	if (!*s || (*s >= '0' && *s <= '9'))
		return 0;
	for (p = s; *p; p++)
		if (!(*p == '_' || (*p >= 'a' && *p <= 'z')
		    || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
			return 0;
	return 1;
}

/* The command as the codelet header records it: argv without -o FILE, so
 * the text does not depend on where it is written. */
static char *
cmdline(int argc, char **argv)
{
	size_t len;
	char *s;
	int i;

	len = 8;
	for (i = 1; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = emalloc(len);
	strcpy(s, "kgen");
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc) {
			i++;
			continue;
		}
		strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

static const char *
word(const char *opt, const char *v, const char *const *allowed)
{
	char buf[256];
	int i;

	need(opt, v);
	for (i = 0; allowed[i]; i++)
		if (!strcmp(v, allowed[i]))
			return v;
	buf[0] = 0;
	for (i = 0; allowed[i]; i++) {
		strncat(buf, allowed[i], sizeof buf - strlen(buf) - 1);
		if (allowed[i + 1])
			strncat(buf, allowed[i + 2] ? ", " : " or ",
			    sizeof buf - strlen(buf) - 1);
	}
	fail("%s %s: expected %s", opt, v, buf);
}

/* "sse2, avx2, ..." for messages. */
static const char *
targetnames(void)
{
	static char buf[256];
	const Target *t;

	buf[0] = 0;
	for (t = target_list(); t->name; t++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s",
		    buf[0] ? ", " : "", t->name);
	return buf;
}

static const char *
gpunames(void)
{
	static char buf[256];
	const Gpu *g;

	buf[0] = 0;
	for (g = target_gpus(); g->name; g++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s",
		    buf[0] ? ", " : "", g->name);
	return buf;
}

/* kgen spills and the schedules, in the help (apart: ISO C's 4095). */
static const char usage3[] =
"  spills fft -n N | spills gemm -m M -n N -k K  --regs LIST\n"
"       [--schedule S|all] [--latency L] [--gamma G] [--fma]\n"
"       [--measure gcc,gcc-nosched,gcc-sched,clang] [--format text|csv|json]\n"
"      per schedule and per R in LIST (16, 8,16,32 or 4-64; R <= 1024):\n"
"      Belady's spill loads (optimal for the order) and stores, max live,\n"
"      stalls with load latency L, and a lower bound over all orders;\n"
"      --measure compiles each order at R vector registers and counts\n"
"      the stack loads and stores in the assembly.\n"
"  Schedules (--schedule, also for kgen fft, default build): naive\n"
"      (breadth first), build (the builder's recursion), co (recursive\n"
"      partition, cache-oblivious), blocked and search (for one R, given\n"
"      to kgen fft as --regs R, default 16; they minimise Belady's loads\n"
"      + G stores + stalls, G = --gamma, default 1).\n";

static void
help(void)
{
	char more[8192];

	snprintf(more, sizeof more, usage2, GEMM_MAXDIM, GEMM_MAXWORK,
	    CONV_MAXTAPS, CONV_MAXWORK, usage3);
	printf(usage, FFT_MAXN, FFT_MAXN, STANDALONE_MAXN, more);
	exit(0);
}

/* Reads every option into o; the command's own checks come after. */
static void
parse(Opts *o, int argc, char **argv)
{
	static const char *const types[] = {"double", "float", 0};
	static const char *const formats[] = {"text", "csv", "json", 0};
	static const char *const emits[] = {"c", "cuda", 0};
	/* in the order 0, then 1 + CK_* */
	static const char *const kinds[] = {"n1", "t1", "r2cf", "r2cb", "t1v",
	    "n1v", "n1w", 0};
	char *a, *v;
	int i, takes;

	memset(o, 0, sizeof *o);
	o->p.sign = -1;
	o->format = "text";
	o->gamma = 1;
	if (argc < 2)
		fail("no command; try 'kgen --help'");
	o->cmd = argv[1];
	if (!strcmp(o->cmd, "-h") || !strcmp(o->cmd, "--help"))
		help();
	if (!strcmp(o->cmd, "--version")) {
		printf("kgen %s\n", KGEN_VERSION);
		exit(0);
	}
	if (strcmp(o->cmd, "fft") && strcmp(o->cmd, "gemm")
	    && strcmp(o->cmd, "conv") && strcmp(o->cmd, "spills")
	    && strcmp(o->cmd, "report"))
		fail("%s: unknown command; expected fft, gemm, conv, spills "
		    "or report (see kgen --help)", o->cmd);
	i = 2;
	if (!strcmp(o->cmd, "spills") || !strcmp(o->cmd, "report")) {
		if (argc < 3 || (strcmp(argv[2], "fft")
		    && strcmp(argv[2], "gemm")))
			fail("%s: expected a problem, fft or gemm, as in "
			    "'kgen %s fft -n 64'", o->cmd, o->cmd);
		o->sub = argv[2];
		i = 3;
	}
	for (; i < argc; i++) {
		a = argv[i];
		v = i + 1 < argc ? argv[i + 1] : 0;
		takes = 1;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			help();
		} else if (!strcmp(a, "-n")) {
			o->p.n = (int)num(a, v, 1, INT_MAX, "a positive size");
			o->seen_n = 1;
		} else if (!strcmp(a, "-m")) {
			o->p.m = (int)num(a, v, 1, INT_MAX, "a positive size");
			o->seen_m = 1;
		} else if (!strcmp(a, "-k")) {
			o->p.k = (int)num(a, v, 1, INT_MAX, "a positive size");
			o->seen_k = 1;
		} else if (!strcmp(a, "--sign")) {
			o->p.sign = (int)num(a, v, -1, 1, "-1 or 1");
			if (o->p.sign == 0)
				fail("--sign 0: expected -1 or 1");
		} else if (!strcmp(a, "--type")) {
			o->isfloat = !strcmp(word(a, v, types), "float");
		} else if (!strcmp(a, "--name")) {
			need(a, v);
			if (!validname(v))
				fail("--name %s: not a C identifier", v);
			o->name = v;
		} else if (!strcmp(a, "-o")) {
			need(a, v);
			o->out = v;
		} else if (!strcmp(a, "--schedule")) {
			need(a, v);
			o->sched = v;
		} else if (!strcmp(a, "--regs")) {
			need(a, v);
			o->regs = v;
		} else if (!strcmp(a, "--latency")) {
			o->latency = (int)num(a, v, 0, 1000, "0 to 1000 steps");
		} else if (!strcmp(a, "--format")) {
			o->format = word(a, v, formats);
		} else if (!strcmp(a, "--target")) {
			need(a, v);
			if (strcmp(v, "all") && !target_find(v))
				fail("--target %s: unknown; expected all or one of "
				    "%s", v, targetnames());
			o->target = v;
		} else if (!strcmp(a, "--arch")) {
			need(a, v);
			if (!target_gpu(v))
				fail("--arch %s: unknown; expected one of %s", v,
				    gpunames());
			o->arch = v;
		} else if (!strcmp(a, "--max-regs")) {
			o->maxregs = (int)num(a, v, 1, 255, "1 to 255 registers "
			    "per thread");
		} else if (!strcmp(a, "--block")) {
			o->block = (int)num(a, v, 1, 1024, "1 to 1024 threads");
		} else if (!strcmp(a, "--kind")) {
			word(a, v, kinds);
			for (o->ckind = 0; strcmp(kinds[o->ckind], v); o->ckind++)
				;
		} else if (!strcmp(a, "--twiddle")) {
			o->ckind = 1 + CK_T1;
			takes = 0;
		} else if (!strcmp(a, "--real")) {
			o->ckind = 1 + CK_R2CF;
			takes = 0;
		} else if (!strcmp(a, "--simd")) {
			word(a, v, isa_names());
			for (o->simd = 0; strcmp(isa_names()[o->simd], v);
			    o->simd++)
				;
		} else if (!strcmp(a, "--emit")) {
			o->cuda = !strcmp(word(a, v, emits), "cuda");
		} else if (!strcmp(a, "--measure")) {
			need(a, v);
			o->measure = v;
		} else if (!strcmp(a, "--taps")) {
			need(a, v);
			o->taps = v;
		} else if (!strcmp(a, "--taps-file")) {
			need(a, v);
			o->tapsfile = v;
		} else if (!strcmp(a, "--tile")) {
			need(a, v);
			o->tile = v;
		} else if (!strcmp(a, "--gamma")) {
			need(a, v);
			o->gamma = strtod(v, &a);
			if (*a || !(o->gamma >= 0 && o->gamma <= 100))
				fail("--gamma %s: expected a number from 0 to "
				    "100", v);
		} else if (!strcmp(a, "--kloop")) {
			o->kloop = 1;
			takes = 0;
		} else if (!strcmp(a, "--vlen")) {
			o->vlen = (int)num(a, v, 1, 16, "1, 2, 4, 8 or 16");
			if (o->vlen & (o->vlen - 1))
				fail("--vlen %s: expected 1, 2, 4, 8 or 16", v);
		} else if (!strcmp(a, "--fma")) {
			o->fma = 1;
			takes = 0;
		} else if (!strcmp(a, "-d")) {
			o->dump = 1;
			takes = 0;
		} else {
			fail("%s: unknown option (see kgen --help)", a);
		}
		i += takes;
	}
}

/* Codelet kinds by Opts.ckind: n1, then 1 + CK_*. */
static const char *const ckname[] = {"n1", "t1", "r2cf", "r2cb", "t1v",
    "n1v", "n1w"};

static void check_fft(Opts *o);

/* The checks of commands that need the whole DAG (spills, report):
 * straight-line sizes only, no standalone plans. */
static void
check_fft_dag(Opts *o)
{
	if (o->seen_n && o->p.n > FFT_MAXN)
		fail("-n %d: %s analyses straight-line codelets; the limit is "
		    "%d", o->p.n, o->cmd, FFT_MAXN);
	check_fft(o);
}

/* The checks of kgen fft: -n within the limit. */
static void
check_fft(Opts *o)
{
	int vl;

	if (!o->seen_n)
		fail("fft: -n N is required (1 <= N <= %d)", FFT_MAXN);
	if (o->p.n > FFT_MAXN && (o->ckind || o->simd || o->cuda
	    || !standalone_ok(o->p.n)))
		fail("-n %d: too large for a straight-line codelet (the limit "
		    "is %d); beyond it, plain n1 C only: a standalone plan for "
		    "n up to %d with prime factors up to 64", o->p.n, FFT_MAXN,
		    STANDALONE_MAXN);
	if (o->simd != SIMD_NONE && o->cuda)
		fail("--simd: SIMD codelets are C; use --simd none with "
		    "--emit cuda");
	if (o->ckind && o->cuda)
		fail("--kind %s: C only; --emit cuda is for n1 codelets",
		    ckname[o->ckind]);
	if (o->ckind >= 1 + CK_T1V && !o->simd)
		fail("--kind %s: a vector codelet; give --simd sse2, avx2 or "
		    "avx512", ckname[o->ckind]);
	if (o->ckind && o->ckind < 1 + CK_T1V && o->simd)
		fail("--kind %s: scalar only; --simd goes with n1, t1v or n1v",
		    ckname[o->ckind]);
	if (o->ckind == 1 + CK_N1V && o->p.n % emitvec_lanes(o->simd,
	    o->isfloat))
		fail("-n %d: an n1v codelet's size must be a multiple of the "
		    "%d lanes", o->p.n, emitvec_lanes(o->simd, o->isfloat));
	vl = o->simd ? emitvec_lanes(o->simd, o->isfloat) : 1;
	if (o->ckind == 1 + CK_N1W && (o->p.n % vl || o->p.n < vl * vl))
		fail("-n %d: an n1w codelet's size must be a multiple of the "
		    "%d lanes and at least %d", o->p.n, vl, vl * vl);
	if (o->ckind == 1 + CK_R2CF && o->p.sign > 0)
		fail("--sign 1: r2cf is the forward real transform; "
		    "--kind r2cb is its inverse");
	if (o->ckind == 1 + CK_R2CB)
		o->p.sign = 1;
	if ((o->ckind == 1 + CK_T1 || o->ckind == 1 + CK_T1V) && o->p.n < 2)
		fail("-n %d: a twiddle codelet needs a radix of at least 2",
		    o->p.n);
	o->p.kind = PROB_FFT;
}

/* Opens the temporary file beside path; *tmp gets its name. */
static FILE *
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

static void
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

static void
dump(Opts *o, Dag *d, const char *stage)
{
	if (!o->dump)
		return;
	dag_check(d);
	fprintf(stderr, "## after %s: %d nodes\n", stage, d->nnode);
	dag_dump(d, stderr);
}

/* Reads the register counts of --regs LIST (16, 8,16,32 or 4-64, 1 to
 * SPILLS_MAXR each) into r; returns how many. */
static int
regs_list(const char *s, int *r, int max)
{
	const char *p;
	char *end;
	long a, b;
	int n;

	n = 0;
	for (p = s; ; p = end + 1) {
		errno = 0;
		a = strtol(p, &end, 10);
		b = a;
		if (end != p && *end == '-')
			b = strtol(p = end + 1, &end, 10);
		if (end == p || (*end && *end != ',') || errno || a < 1
		    || b > SPILLS_MAXR || a > b)
			fail("--regs %s: expected register counts from 1 to %d,"
			    " as 16, 8,16,32 or 4-64", s, SPILLS_MAXR);
		for (; a <= b; a++) {
			if (n == max)
				fail("--regs %s: more than %d values", s, max);
			r[n++] = (int)a;
		}
		if (!*end)
			return n;
	}
}

/* The schedule of --schedule for a command that emits one order: its
 * SCHED_* number, build order when none is given. */
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

/* R checked against the DAG: every step's operands must fit. */
static void
check_regs(Dag *d, const int *r, int nr)
{
	int i, min;

	min = belady_minregs(d);
	for (i = 0; i < nr; i++)
		if (r[i] < min)
			fail("--regs %d: too few registers; one instruction of "
			    "this codelet reads %d values, so R >= %d", r[i],
			    min, min);
}

/* A size beyond straight-line code: codelets and a fixed plan in one
 * file (emit/plan.c). */
static void
run_standalone(Opts *o)
{
	Emit e;
	FILE *f;
	char *tmp, defname[32];

	memset(&e, 0, sizeof e);
	snprintf(defname, sizeof defname, "fft_%d", o->p.n);
	e.name = o->name ? o->name : defname;
	e.cmd = o->line;
	e.sched = "build order";
	e.isfloat = o->isfloat;
	f = out_open(o->out, &tmp);
	standalone_c(f, o->p.n, o->p.sign, &e);
	out_close(f, o->out, tmp);
}

/* The pipeline: build, simplify, schedule, emit. */
static void
run_fft(Opts *o)
{
	Arena *ar;
	Dag *d;
	Emit e;
	FILE *f;
	char *tmp, defname[32];
	int sched, regs, *order, norder;
	Cost cost;
	char schedname[64];

	if (o->p.n > FFT_MAXN) {
		run_standalone(o);
		return;
	}
	ar = arena_new();
	if (o->ckind == 1 + CK_T1 || o->ckind == 1 + CK_T1V)
		d = twiddle_build(ar, o->p.n, o->p.sign);
	else if (o->ckind == 1 + CK_R2CF || o->ckind == 1 + CK_R2CB)
		d = real_build(ar, o->p.n, o->ckind == 1 + CK_R2CB);
	else if (o->ckind == 1 + CK_N1W)    /* the leaf: one DFT a lane */
		d = fft_build(ar, o->p.n / emitvec_lanes(o->simd, o->isfloat),
		    o->p.sign);
	else
		d = fft_build(ar, o->p.n, o->p.sign);
	dump(o, d, "build");
	d = simp_run(d, o->fma);
	dump(o, d, "simp");
	memset(&e, 0, sizeof e);
	snprintf(defname, sizeof defname, "%s_%d", ckname[o->ckind], o->p.n);
	e.name = o->name ? o->name : defname;
	e.cmd = o->line;
	e.isfloat = o->isfloat;
	e.simd = o->simd;
	/* the schedule: R matters to blocked and search only */
	sched = sched_one(o->sched);
	e.sched = order_names[sched];
	if (o->gamma != 1 && (sched == SCHED_BLOCKED
	    || sched == SCHED_SEARCH)) {
		snprintf(schedname, sizeof schedname, "%s (a store costs %g "
		    "loads)", order_names[sched], o->gamma);
		e.sched = schedname;
	}
	regs = 16;
	if (o->regs) {
		if (sched != SCHED_BLOCKED && sched != SCHED_SEARCH)
			fail("--regs %s: only --schedule blocked or search "
			    "depends on R", o->regs);
		regs = (int)num("--regs", o->regs, 1, SPILLS_MAXR,
		    "one register count");
	}
	if (sched == SCHED_BLOCKED || sched == SCHED_SEARCH) {
		check_regs(d, &regs, 1);
		e.regs = regs;
	}
	cost.regs = regs;
	cost.latency = o->latency;
	cost.gamma = o->gamma;
	order = order_for(d, ar, sched, &cost, &norder);
	f = out_open(o->out, &tmp);
	if (o->ckind >= 1 + CK_T1V)
		emitvec_c(f, d, &o->p, o->ckind - 1, order, norder, &e);
	else if (o->ckind)
		emitkind_c(f, d, &o->p, o->ckind - 1, order, norder, &e);
	else if (o->cuda)
		emitcu_print(f, d, &o->p, order, norder, &e);
	else if (o->simd != SIMD_NONE)
		emitsimd_c(f, d, &o->p, order, norder, &e);
	else
		emit_c(f, d, &o->p, order, norder, &e);
	out_close(f, o->out, tmp);
	arena_free(ar);
}

/* The checks of kgen gemm: the codelet's shape within the limits, the
 * micro-kernel's tile, or the tile model's registers. */
static void
check_gemm(Opts *o)
{
	char *end;
	long a, b;

	o->p.kind = PROB_GEMM;
	if (o->simd)
		fail("gemm: --simd is for fft; see --kloop --vlen V for vector "
		    "GEMM kernels");
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
		a = num("--regs", o->regs, 3, 1024, "3 to 1024 registers");
		o->p.n = (int)a;
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
	if (o->sched && strcmp(o->sched, "outer") && strcmp(o->sched, "inner"))
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

/* The columns of C a vector codelet's outer product should work on at
 * a time, to *nr, when all of them at once need more accumulators than
 * the registers hold (32 for vl = 8, AVX-512; else 16), with one column
 * of A and a broadcast of B in flight: as few tiles as that allows, of
 * equal width (the last may be narrower).  Returns whether to tile.
 * (16x16x16 on AVX-512: two tiles of 16 x 8 ran 1.4x faster than the
 * whole outer product, whose 32 accumulators spill.) */
static int
vtile(int m, int n, int vl, int *nr)
{
	int mv, regs, most, tiles;

	mv = (m + vl - 1) / vl;
	regs = vl == 8 ? 32 : 16;
	most = (regs - mv - 1) / mv;
	if (mv * n <= regs - mv - 1 || most < 1)
		return 0;
	tiles = (n + most - 1) / most;
	*nr = (n + tiles - 1) / tiles;
	return 1;
}

/* kgen gemm: the tile model, a micro-kernel, or a fixed-size codelet. */
static void
run_gemm(Opts *o)
{
	Arena *ar;
	Dag *d;
	Emit e;
	FILE *f;
	char *tmp, *end, defname[64], schedname[64];
	int *order, norder, mr, nr;

	f = out_open(o->out, &tmp);
	ar = arena_new();
	memset(&e, 0, sizeof e);
	e.cmd = o->line;
	e.isfloat = o->isfloat;
	if (o->tile && !strcmp(o->tile, "auto")) {
		gemm_tile(f, o->p.n, o->gamma, o->vlen, o->p.k, &mr, &nr);
	} else if (o->kloop) {
		d = gemm_build(ar, o->p.m / o->vlen, o->p.n, 1, 0);
		dump(o, d, "build");
		d = simp_run(d, o->fma);
		dump(o, d, "simp");
		order = gemm_order(d, ar, o->p.m, o->p.n, &norder);
		if (o->vlen > 1)
			snprintf(defname, sizeof defname, "gemmk_%dx%dv%d",
			    o->p.m, o->p.n, o->vlen);
		else
			snprintf(defname, sizeof defname, "gemmk_%dx%d",
			    o->p.m, o->p.n);
		e.name = o->name ? o->name : defname;
		e.sched = "outer product (one rank-1 update per step)";
		kloop_c(f, d, &o->p, order, norder, &e, o->vlen);
	} else {
		d = gemm_build(ar, (o->p.m + o->vlen - 1) / o->vlen, o->p.n,
		    o->p.k, o->vlen > 1);
		dump(o, d, "build");
		d = simp_run(d, o->fma);
		dump(o, d, "simp");
		mr = o->p.m;
		nr = o->p.n;
		strcpy(schedname, "outer product (rank-1 updates)");
		if (o->sched && !strcmp(o->sched, "inner")) {
			mr = nr = 1;
			strcpy(schedname, "inner product (one C element at "
			    "a time)");
		} else if (o->tile) {
			mr = (int)strtol(o->tile, &end, 10);
			nr = (int)strtol(end + 1, 0, 10);
			snprintf(schedname, sizeof schedname, "outer product "
			    "on %d x %d tiles of C", mr, nr);
		} else if (!o->sched && o->vlen > 1 &&
		    vtile(o->p.m, o->p.n, o->vlen, &nr)) {
			snprintf(schedname, sizeof schedname, "outer product "
			    "on %d x %d tiles of C", mr, nr);
			e.regs = o->vlen == 8 ? 32 : 16;
		}
		/* a tile's rows count vectors when a value is one */
		order = gemm_order(d, ar, (mr + o->vlen - 1) / o->vlen, nr,
		    &norder);
		snprintf(defname, sizeof defname, "gemm_%dx%dx%d", o->p.m,
		    o->p.n, o->p.k);
		e.name = o->name ? o->name : defname;
		e.sched = schedname;
		if (o->cuda)
			emitcu_print(f, d, &o->p, order, norder, &e);
		else if (o->vlen > 1)
			kloop_c(f, d, &o->p, order, norder, &e, o->vlen);
		else
			emit_c(f, d, &o->p, order, norder, &e);
	}
	out_close(f, o->out, tmp);
	arena_free(ar);
}

/* Appends the tap in s[0..len) to o->p.taps; item counts from 1 for the
 * messages, which name where the taps came from (what). */
static void
addtap(Opts *o, const char *what, int line, const char *s, size_t len,
    int *cap)
{
	char buf[128], where[32];
	char *end;
	long double v;

	where[0] = 0;
	if (line)
		snprintf(where, sizeof where, "line %d: ", line);
	if (len == 0)
		fail("%s: %stap %d is empty; expected numbers separated by "
		    "commas", what, where, o->p.ntaps + 1);
	if (len >= sizeof buf)
		fail("%s: %stap %d is longer than %zu characters", what, where,
		    o->p.ntaps + 1, sizeof buf - 1);
	memcpy(buf, s, len);
	buf[len] = 0;
	errno = 0;
	v = strtold(buf, &end);
	if (end == buf || *end || isspace((unsigned char)buf[0]))
		fail("%s: %stap %d, '%s', is not a number", what, where,
		    o->p.ntaps + 1, buf);
	if (errno == ERANGE || !isfinite(v) || fabsl(v) > DBL_MAX)
		fail("%s: %stap %d, '%s', is out of range for a double", what,
		    where, o->p.ntaps + 1, buf);
	if (o->p.ntaps == CONV_MAXTAPS)
		fail("%s: more than %d taps", what, CONV_MAXTAPS);
	if (o->p.ntaps == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		o->p.taps = erealloc(o->p.taps, *cap * sizeof *o->p.taps);
	}
	o->p.taps[o->p.ntaps++] = v;
}

/* Skips white space and # comments in a taps file, counting lines. */
static const char *
skip(const char *p, int file, int *line)
{
	while (file && (isspace((unsigned char)*p) || *p == '#')) {
		if (*p == '#')
			while (*p && *p != '\n')
				p++;
		else if (*p++ == '\n')
			++*line;
	}
	return p;
}

/* Reads taps from text: numbers separated by commas, and in a taps file
 * (file != 0) also by white space, with # starting a comment.  A comma
 * stands between two numbers, never first, last or doubled. */
static void
readtaps(Opts *o, const char *what, const char *text, int file)
{
	const char *p, *q;
	int cap, line;

	cap = 0;
	line = 1;
	for (p = text; *p; p++)
		if (!file && isspace((unsigned char)*p))
			fail("%s: white space in the taps; expected numbers "
			    "separated by commas only", what);
	p = skip(text, file, &line);
	if (!*p)
		fail("%s: no taps", what);
	for (;;) {
		for (q = p; *q && *q != ',' && !(file && (*q == '#'
		    || isspace((unsigned char)*q))); q++)
			;
		addtap(o, what, file ? line : 0, p, q - p, &cap);
		p = skip(q, file, &line);
		if (!*p)
			break;
		if (*p == ',') {
			p = skip(p + 1, file, &line);
			if (!*p)
				fail("%s: a comma ends the taps; expected a "
				    "number after it", what);
		}
	}
}

/* The checks of kgen conv: taps from --taps or --taps-file, strictly
 * parsed, and -n within the limits. */
static void
check_conv(Opts *o)
{
	char what[300], *text;
	FILE *f;
	size_t len;

	o->p.kind = PROB_CONV;
	if (o->simd || o->cuda || o->kloop || o->tile || o->vlen)
		fail("conv: only --taps, --taps-file, -n, --fma, --type, "
		    "--name and -o apply");
	if (!o->taps == !o->tapsfile)
		fail("conv: give the taps with exactly one of --taps "
		    "h0,h1,... and --taps-file FILE");
	if (o->taps) {
		snprintf(what, sizeof what, "--taps %.200s", o->taps);
		readtaps(o, what, o->taps, 0);
	} else {
		snprintf(what, sizeof what, "--taps-file %.200s", o->tapsfile);
		if (!(f = fopen(o->tapsfile, "r")))
			fail("%s: cannot read: %s", what, strerror(errno));
		text = emalloc(1 << 20);
		len = fread(text, 1, (1 << 20) - 1, f);
		if (ferror(f))
			fail("%s: cannot read: %s", what, strerror(errno));
		if (!feof(f) && fgetc(f) != EOF)
			fail("%s: larger than 1 MB", what);
		fclose(f);
		text[len] = 0;
		if (strlen(text) != len)
			fail("%s: a NUL byte; expected text", what);
		readtaps(o, what, text, 1);
		free(text);
	}
	if (!o->seen_n)
		fail("conv: -n N, the number of outputs, is required");
	if ((long)o->p.n * o->p.ntaps > CONV_MAXWORK)
		fail("-n %d: %d outputs of %d taps is too large for a "
		    "straight-line codelet; taps*N is at most %d", o->p.n,
		    o->p.n, o->p.ntaps, CONV_MAXWORK);
}

/* kgen conv: build, simplify, emit in build order. */
static void
run_conv(Opts *o)
{
	Arena *ar;
	Dag *d;
	Emit e;
	FILE *f;
	char *tmp, defname[64];

	ar = arena_new();
	d = conv_build(ar, o->p.taps, o->p.ntaps, o->p.n);
	dump(o, d, "build");
	d = simp_run(d, o->fma);
	dump(o, d, "simp");
	memset(&e, 0, sizeof e);
	snprintf(defname, sizeof defname, "conv_%d_%d", o->p.ntaps, o->p.n);
	e.name = o->name ? o->name : defname;
	e.cmd = o->line;
	e.sched = "build order";
	e.isfloat = o->isfloat;
	f = out_open(o->out, &tmp);
	emit_c(f, d, &o->p, 0, 0, &e);
	out_close(f, o->out, tmp);
	arena_free(ar);
	free(o->p.taps);
}

/* The checks of kgen spills: the problem's own, --regs, --schedule and
 * --measure. */
static void
check_spills(Opts *o, int *regs, int *nregs, int *sched, int *nsched,
    const char **meas, int *nmeas)
{
	char *list, *p, *q;
	int i;

	if (!strcmp(o->sub, "fft")) {
		check_fft_dag(o);
		if (o->ckind || o->simd || o->cuda)
			fail("spills fft: n1 codelets only; --kind, --simd and "
			    "--emit do not apply");
	} else {
		o->p.kind = PROB_GEMM;
		if (!o->seen_m || !o->seen_n || !o->seen_k)
			fail("spills gemm: -m M -n N -k K are all required "
			    "(1 <= M, N, K <= %d, M*N*K <= %d)", GEMM_MAXDIM,
			    GEMM_MAXWORK);
		if (o->p.m > GEMM_MAXDIM || o->p.n > GEMM_MAXDIM
		    || o->p.k > GEMM_MAXDIM
		    || (long)o->p.m * o->p.n * o->p.k > GEMM_MAXWORK)
			fail("spills gemm: -m %d -n %d -k %d: too large; the "
			    "limits are %d per size and M*N*K <= %d", o->p.m,
			    o->p.n, o->p.k, GEMM_MAXDIM, GEMM_MAXWORK);
		if (o->kloop || o->tile)
			fail("spills gemm: fixed-size codelets only; --kloop "
			    "and --tile do not apply");
	}
	if (!o->regs == !o->target)
		fail("spills: give one of --regs LIST (as 16, 8,16,32 or "
		    "4-64) and --target NAME|all");
	if (o->target)
		*nregs = target_regset(o->target, o->isfloat, regs,
		    SPILLS_MAXR);
	else
		*nregs = regs_list(o->regs, regs, SPILLS_MAXR);
	*nsched = 0;
	if (!o->sched || !strcmp(o->sched, "all")) {
		for (i = 0; i < NSCHED; i++)
			sched[(*nsched)++] = i;
	} else {
		sched[(*nsched)++] = sched_one(o->sched);
	}
	*nmeas = 0;
	if (!o->measure)
		return;
	list = emalloc(strlen(o->measure) + 1);
	strcpy(list, o->measure);
	for (p = list; p; p = q) {
		if ((q = strchr(p, ',')))
			*q++ = 0;
		if (strcmp(p, "ptxas") && !measure_known(p))
			fail("--measure %s: expected %s, ptxas, or several "
			    "separated by commas", p, measure_names());
		if (*nmeas == MEASURE_MAX)
			fail("--measure %s: at most %d compilers", o->measure,
			    MEASURE_MAX);
		meas[(*nmeas)++] = p;
	}
}

/* Compiles order ord of d with each compiler of t at regs registers: the
 * codelet goes to a file in a fresh temporary directory. */
static void
spills_measure(Opts *o, Dag *d, const int *ord, int n, int regs,
    const Table *t, Row *r)
{
	char dir[64], path[80];
	FILE *f;
	Emit e;
	int j;

	strcpy(dir, "/tmp/kgen-spills-XXXXXX");
	if (!mkdtemp(dir))
		die("cannot make a temporary directory in /tmp: %s",
		    strerror(errno));
	snprintf(path, sizeof path, "%s/codelet.c", dir);
	if (!(f = fopen(path, "w")))
		die("%s: cannot write: %s", path, strerror(errno));
	fail_unlink = path;
	memset(&e, 0, sizeof e);
	e.name = "kgen_measured";
	e.cmd = o->line;
	e.sched = r->sched;
	e.regs = regs;
	emit_c(f, d, &o->p, ord, n, &e);
	if (fclose(f))
		die("%s: cannot write: %s", path, strerror(errno));
	for (j = 0; j < t->nmeas; j++)
		/* ptxas builds the same order as CUDA (sched/ptxas.c) */
		r->m[j] = strcmp(t->meas[j], "ptxas")
		    ? measure_c(t->meas[j], path, regs)
		    : ptxas_spills(d, &o->p, ord, n, o->isfloat, o->arch
		    ? o->arch : "sm_80", regs);
	remove(path);
	rmdir(dir);
	fail_unlink = 0;
}

/* kgen spills: for each schedule and each R, Belady's counts, the bound
 * and what the compilers did. */
static void
run_spills(Opts *o)
{
	Arena *ar, *tmp;
	Dag *d;
	Table t;
	Row *r;
	int regs[SPILLS_MAXR], nregs, sched[NSCHED], nsched, i, j, n, *ord;
	char desc[128], note[200];
	Cost cost;

	memset(&t, 0, sizeof t);
	check_spills(o, regs, &nregs, sched, &nsched, t.meas, &t.nmeas);
	ar = arena_new();
	if (o->p.kind == PROB_FFT) {
		d = fft_build(ar, o->p.n, o->p.sign);
		snprintf(desc, sizeof desc, "fft -n %d --sign %d%s --gamma %g",
		    o->p.n, o->p.sign, o->fma ? " --fma" : "", o->gamma);
		snprintf(note, sizeof note, "spill loads every order needs, "
		    "n - R (rank bound, sched/bound.c)");
	} else {
		d = gemm_build(ar, o->p.m, o->p.n, o->p.k, 0);
		snprintf(desc, sizeof desc, "gemm -m %d -n %d -k %d%s --gamma %g",
		    o->p.m, o->p.n, o->p.k, o->fma ? " --fma" : "", o->gamma);
		snprintf(note, sizeof note, "spill loads + stores every order "
		    "needs (Irony, Toledo and Tiskin 2004)");
	}
	d = simp_run(d, o->fma);
	check_regs(d, regs, nregs);
	t.problem = o->sub;
	t.desc = desc;
	t.boundnote = note;
	t.p = &o->p;
	t.c = dag_count(d);
	t.nnode = d->nnode;
	t.latency = o->latency;
	t.nrow = nsched * nregs;
	t.row = arena_alloc(ar, t.nrow * sizeof *t.row);
	tmp = arena_new();
	cost.latency = o->latency;
	cost.gamma = o->gamma;
	for (i = 0; i < nsched; i++) {
		ord = 0;
		for (j = 0; j < nregs; j++) {
			r = &t.row[i * nregs + j];
			/* naive, build and co do not depend on R */
			if (!ord || sched[i] == SCHED_BLOCKED
			    || sched[i] == SCHED_SEARCH) {
				arena_reset(tmp);
				cost.regs = regs[j];
				ord = order_for(d, tmp, sched[i], &cost, &n);
			}
			r->sched = order_names[sched[i]];
			r->regs = regs[j];
			r->s = belady_run(d, ord, n, regs[j], o->latency);
			r->bound = o->p.kind == PROB_FFT
			    ? bound_fft(o->p.n, regs[j])
			    : bound_gemm(o->p.m, o->p.n, o->p.k, regs[j]);
			if (t.nmeas > 0)
				spills_measure(o, d, ord, n, regs[j], &t, r);
		}
	}
	if (o->target && !strcmp(o->format, "text"))
		target_print(stdout, o->target, o->isfloat);
	report_print(stdout, o->format, &t);
	if (fflush(stdout) || ferror(stdout))
		fail("standard output: cannot write: %s", strerror(errno));
	arena_free(tmp);
	arena_free(ar);
}

/* Reads LIST (16, 8,16,32 or 4-64) of -maxrregcount values into r. */
static int
maxrreg_list(const char *s, int *r, int max)
{
	const char *p;
	char *end;
	long a, b;
	int n;

	n = 0;
	for (p = s; ; p = end + 1) {
		a = strtol(p, &end, 10);
		b = a;
		if (end != p && *end == '-')
			b = strtol(p = end + 1, &end, 10);
		if (end == p || (*end && *end != ',') || a < 1 || b > 255
		    || a > b)
			fail("--regs %s: expected registers per thread from 1 "
			    "to 255, as 64, 32,64,128 or 32-40", s);
		for (; a <= b; a++) {
			if (n == max)
				fail("--regs %s: more than %d values", s, max);
			r[n++] = (int)a;
		}
		if (!*end)
			return n;
	}
}

/* kgen report: checks, then build, simplify and the report. */
static void
run_report(Opts *o)
{
	static const int defregs[] = {32, 64, 128, 255};
	Report r;
	Arena *ar;
	Dag *d;
	int regs[256];

	memset(&r, 0, sizeof r);
	if (!strcmp(o->sub, "fft")) {
		check_fft_dag(o);
	} else {
		if (!o->seen_m || !o->seen_n || !o->seen_k)
			fail("report gemm: -m M -n N -k K are all required");
		if (o->p.m > GEMM_MAXDIM || o->p.n > GEMM_MAXDIM
		    || o->p.k > GEMM_MAXDIM
		    || (long)o->p.m * o->p.n * o->p.k > GEMM_MAXWORK)
			fail("report gemm: -m %d -n %d -k %d: too large; the "
			    "limits are %d per size and M*N*K <= %d", o->p.m,
			    o->p.n, o->p.k, GEMM_MAXDIM, GEMM_MAXWORK);
		o->p.kind = PROB_GEMM;
	}
	/* by default the order `kgen fft` and `kgen gemm` emit */
	r.sched = o->p.kind == PROB_GEMM ? -1 : SCHED_BUILD;
	r.mr = o->p.m;
	r.nr = o->p.n;
	if (o->p.kind == PROB_GEMM && o->sched && !strcmp(o->sched, "inner"))
		r.mr = r.nr = 1;
	else if (o->sched && (o->p.kind == PROB_FFT
	    || strcmp(o->sched, "outer")) && (r.sched = order_find(o->sched))
	    < 0)
		fail("--schedule %s: expected naive, build, co, blocked or "
		    "search%s", o->sched, o->p.kind == PROB_GEMM ? ", outer or "
		    "inner" : "");
	if (o->measure && strcmp(o->measure, "ptxas")
	    && strcmp(o->measure, "none"))
		fail("report: --measure %s: expected ptxas or none",
		    o->measure);
	r.measure = !o->measure || !strcmp(o->measure, "ptxas");
	r.latency = o->latency;
	r.isfloat = o->isfloat;
	r.target = o->target;
	r.arch = o->arch ? o->arch : "sm_80";
	r.occarch = o->arch;
	r.block = o->block ? o->block : 128;
	r.budget = o->maxregs;
	if (o->regs) {
		r.nmaxreg = maxrreg_list(o->regs, regs, 256);
		r.maxreg = regs;
	} else {
		r.maxreg = defregs;
		r.nmaxreg = 4;
	}
	ar = arena_new();
	if (o->p.kind == PROB_FFT)
		d = fft_build(ar, o->p.n, o->p.sign);
	else
		d = gemm_build(ar, o->p.m, o->p.n, o->p.k, 0);
	d = simp_run(d, o->fma);
	pressure_report(stdout, d, &o->p, &r);
	if (fflush(stdout) || ferror(stdout))
		fail("standard output: cannot write: %s", strerror(errno));
	arena_free(ar);
}

int
main(int argc, char **argv)
{
	Opts o;

	parse(&o, argc, argv);
	o.line = cmdline(argc, argv);
	/* with --fma, DFT algorithms are chosen by their fused counts */
	fft_fma(o.fma);
	if (!strcmp(o.cmd, "fft")) {
		check_fft(&o);
		run_fft(&o);
	} else if (!strcmp(o.cmd, "gemm")) {
		check_gemm(&o);
		run_gemm(&o);
	} else if (!strcmp(o.cmd, "conv")) {
		check_conv(&o);
		run_conv(&o);
	} else if (!strcmp(o.cmd, "report")) {
		run_report(&o);
	} else if (!strcmp(o.cmd, "spills")) {
		run_spills(&o);
	} else {
		fail("%s: not built yet", o.cmd);
	}
	free(o.line);
	return 0;
}
