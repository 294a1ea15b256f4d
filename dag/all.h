/* all.h: the one internal header of the generator.
 * Types first, then prototypes grouped by the file that defines them.
 * Data flows one way: build (fft.c, gemm.c, conv.c) -> simplify (simp.c)
 * -> schedule (sched/order.c) -> analyse (sched/belady.c) -> emit (emit/c.c);
 * driver/cli.c turns the command line into a Job, and only driver/main.c knows
 * the whole pipeline. */
#include <stddef.h>
#include <stdio.h>

#define KGEN_VERSION "0.1.0"

/* Largest straight-line DFT size kgen generates. */
enum { FFT_MAXN = 1024 };

enum {
#define X(name, arity, comm, kind, fmt) OP_##name,
#include "ops.h"
#undef X
	NOP
};

enum { FLOP_NONE, FLOP_ADD, FLOP_MUL, FLOP_FMA, FLOP_NEG };

typedef struct OpInfo OpInfo;
struct OpInfo {
	const char *name;
	int arity;      /* value operands */
	int comm;       /* operands 0 and 1 commute */
	int kind;       /* FLOP_* */
	const char *fmt;
};

typedef struct Arena Arena;

/* A node of the expression DAG, named by its index in Dag.node. */
typedef struct Node Node;
struct Node {
	int op;         /* OP_* */
	int a[3];       /* operand ids, -1 when unused, always < own id */
	int k;          /* CONST: index in Dag.con; LOAD/STORE: slot */
};

/* Where a slot lives: array arr, element i + j*stride(arr). */
typedef struct Slot Slot;
struct Slot {
	int arr;
	int i, j;
};

enum { PROB_FFT, PROB_GEMM, PROB_CONV };

typedef struct Dag Dag;
struct Dag {
	Arena *ar;
	Node *node;     /* nnode nodes, in creation (= topological) order */
	int nnode, cap;
	int *tab;       /* open-addressing hash of node ids, -1 empty */
	int tabcap;
	long double *con;  /* constant values, all >= 0 */
	int ncon, concap;
	int *contab;    /* hash of constant indices */
	int contabcap;
	Slot *in, *out; /* slot descriptors, nin and nout of them */
	int nin, nout;
	int inplace;    /* output slot s may alias input slot s */
	int cxl;        /* a node is a complex number (cx.h, fft_n1c) */
};

/* Operation counts of a DAG, as the codelet header reports them. */
typedef struct Count Count;
struct Count {
	int add, mul, fma, neg;
	int con;        /* distinct constants used */
	int load, store;
};

/* FFT codelet kinds (--kind): FFTW's n1 and t1, real-data r2cf and
 * r2cb, the planner's vector t1v and n1v, n1w (emit/vec.c) and n1c
 * (emit/cxl.c). */
enum { CK_N1, CK_T1, CK_R2CF, CK_R2CB, CK_T1V, CK_N1V, CK_N1W, CK_N1C,
    CK_N1X, NCK };

/* The problem a run generates, straight from the command line. */
typedef struct Prob Prob;
struct Prob {
	int kind;       /* PROB_* */
	int n;          /* fft: size; gemm: N; conv: outputs */
	int sign;       /* fft: -1 forward, +1 backward */
	int m, k;       /* gemm: M, K */
	long double *taps;  /* conv: ntaps taps */
	int ntaps;
	int correlate;  /* conv: y[i] = sum h[j] x[i+j], not a convolution */
};

/* dag/util.c */
#if defined(__GNUC__)
#define NORETURN __attribute__((noreturn))
#define PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NORETURN
#define PRINTF(a, b)
#endif
void temp_signals(void);
void temp_add(const char *path);
void temp_drop(const char *path);
NORETURN PRINTF(1, 2) void fail(const char *fmt, ...);
NORETURN PRINTF(1, 2) void die(const char *fmt, ...);
void *emalloc(size_t n);
void *erealloc(void *p, size_t n);
Arena *arena_new(void);
void *arena_alloc(Arena *a, size_t n);
void *arena_grow(Arena *a, void *p, size_t old, size_t n);
void arena_reset(Arena *a);
void arena_free(Arena *a);
unsigned hash_int(unsigned h, int x);
long gcd(long a, long b);
long modinv(long a, long m);

/* dag/dag.c */
extern const OpInfo optab[];
Dag *dag_new(Arena *ar);
int dag_node(Dag *d, int op, int a, int b, int c, int k);
int dag_make(Dag *d, int op, int a, int b, int c, int k);
int dag_load(Dag *d, int slot);
int dag_store(Dag *d, int slot, int v);
int dag_const(Dag *d, long double v);
int dag_add(Dag *d, int a, int b);
int dag_sub(Dag *d, int a, int b);
int dag_mul(Dag *d, int a, int b);
int dag_neg(Dag *d, int a);
int dag_byi(Dag *d, int a);
int dag_isconst(Dag *d, int id, long double *v);
int *dag_uses(Dag *d, Arena *ar);
int *dag_live(Dag *d, Arena *ar);
Count dag_count(Dag *d);
long dag_ops(Dag *d);
void dag_dump(Dag *d, FILE *f);
void dag_check(Dag *d);

/* dag/num.c */
void num_cexp(long num, long den, long double *c, long double *s);
void num_print(FILE *f, long double v, int isfloat);

/* gen/fft.c: the DFT builders.  Fftopt is what the driver asks of them
 * (made from the Job); Fft, made by fft_new, is their context: the
 * options and the algorithm chosen per size. */
typedef struct Fftopt Fftopt;
struct Fftopt {
	int fma;        /* choose by the counts after FMA contraction */
	int cxl;        /* complex-lane DAGs (fft_n1c): no algorithm that
	                 * splits a value into its parts (the CRT) */
	int topn;       /* with spills: size topn is also chosen by them */
	/* --choose spills: the spill loads plus stores of the candidate
	 * n1 DAG d in the codelet's order, -1 where it needs more
	 * registers than the codelet has; the driver's, which schedules */
	long (*spills)(void *ctx, Dag *d);
	void *ctx;
};
typedef struct Fft Fft;
Fft *fft_new(Arena *ar, const Fftopt *o);
const Fftopt *fft_opt(const Fft *g);
Dag *fft_n1(Fft *g, Arena *ar, int n, int sign);
Dag *fft_n1c(Fft *g, Arena *ar, int n, int sign);
Dag *fft_build(Arena *ar, int n, int sign);
void fft_dft(Fft *g, Dag *d, int n, int sign, const int *in, int *out);
const char *fft_top(Fft *g, int n, char *buf, size_t len);
int fft_settop(Fft *g, int n, const char *top);


/* gen/twiddle.c */
Dag *twiddle_build(Fft *g, Arena *ar, int r, int sign);

/* gen/hc2c.c: t2, hc2cf, hc2cb, hc2cfdft, hc2cbdft, hf, hb and the log3
 * twins (FB_* of emit/fftw.c's section) */
int hc2c_is(int fb);
int hc2c_log3x(int n, int t);
int hc2c_log3rule(int n, int i, int *a, int *b, int *cj);
int hc2c_twiddles(int fb, int n, int *ncexp);
Dag *hc2c_build(Fft *g, Arena *ar, int fb, int n);

/* gen/scale.c: a common output factor carried into the constants */
Dag *scale_fold(Dag *s, long double c, int ndata);

/* gen/twiddlec.c: the complex-lane twiddle DAG (t1fv) */
Dag *twiddlec_build(Fft *g, Arena *ar, int r, int sign);
Dag *twiddlec_factor(Dag *s);
Dag *twiddlec_pick(Fft *g, Arena *ar, int n, int sign, int tw);
Dag *twiddlec_hc2cdft(Fft *g, Arena *ar, int n, int backward);
/* gen/twidsq.c: the square twiddle codelets (q1, q1fv) */
Dag *twidsq_build(Fft *g, Arena *ar, int n, int sign, int cxl);
/* gen/realshift.c: r2cfII, r2cbIII */
Dag *realshift_build(Fft *g, Arena *ar, int n, int backward);
Dag *realshift_dct(Fft *g, Arena *ar, int n, int e01);

/* gen/real.c */
Dag *real_build(Fft *g, Arena *ar, int n, int backward);

/* gen/transpose.c: policies, ORed: ties of scales go to the larger
 * (TR_BIG), a product keeps its operand's scale (TR_KEEP) */
enum { TR_BIG = 1, TR_KEEP = 2 };
Dag *transpose_dag(Dag *s, Arena *ar, const long double *w, Slot *in,
    Slot *out, int pol);
Dag *transpose_signs(Dag *d);
Dag *transpose_factor(Dag *d);

/* gen/gemm.c */
enum {
	GEMM_MAXDIM = 512,      /* largest M, N or K of a codelet */
	GEMM_MAXWORK = 65536    /* largest M*N*K: about 2 MB of C */
};
Dag *gemm_build(Arena *ar, int m, int n, int k, int clast);

/* gen/conv.c */
enum { CONV_MAXTAPS = 4096, CONV_MAXWORK = 1 << 20 };
Dag *conv_build(Arena *ar, const long double *h, int ntaps, int n,
    int correlate);

/* dag/simp.c */
Dag *simp_run(Dag *d, int fma);

/* dag/sign.c: the signs of the sums chosen to leave no negation */
Dag *sign_run(Dag *s);

/* dag/fma.c: simp.c's rewrite before contraction (a Rewrite) */
int *fma_marks(Dag *s);
int fma_factor(Dag *d, Dag *s, const int *map, const int *mark, int id);

/* emit/c.c */
typedef struct Emit Emit;
struct Emit {
	const char *name;   /* function name */
	const char *cmd;    /* the command line that made it */
	const char *sched;  /* schedule name */
	int regs;           /* R the order was made for, 0 for none */
	int isfloat;
	int simd;           /* SIMD_*: emit/simd.c's ISA, SIMD_NONE scalar */
	int alloc;          /* x86/asm.c: R it allocates */
	int latency;        /* x86/asm.c: the loads' latency L */
	int fma;            /* x86/asm.c: the DAG was built with --fma */
	int fmaexpr;        /* scalar FMAs as a * b + c, not fma() calls */
	const char *top;    /* --choose spills: the algorithm at the top of
	                     * the DAG (fft_top's "ct:4"), else NULL */
	int topregs;        /* --choose spills: the R it was chosen for */
	int fixed;          /* --type q15|q31: 15 or 31 (emit/fixed.c),
	                     * else 0 */
	int floor;          /* --round floor: fixed-point outputs truncated */
};
void emit_c(FILE *f, Dag *d, const Prob *p, const int *order, int norder,
    const Emit *e);
/* The statement printer of all the C-like emitters.  The defaults print
 * scalar C, arr[i + j*stride]; an emitter whose loads, stores or values
 * look otherwise sets the hooks, and keeps its own state in a struct
 * whose first member is the Printer, so that a hook may cast back. */
typedef struct Printer Printer;
struct Printer {
	FILE *f;
	Dag *d;
	int *name;          /* temporary number of each node, -1 unnamed */
	int next;           /* number of the next temporary */
	int isfloat;        /* constants as float literals */
	const char *tab;    /* indent of a statement */
	const char *type;   /* type of a temporary */
	const char *const *arr;     /* array names by Slot.arr */
	const char *const *stride;  /* their stride names */
	void (*load)(Printer *o, const Slot *s);   /* a load's value */
	void (*store)(Printer *o, int id);  /* a whole store statement */
	int (*var)(Printer *o, int id); /* prints id if not a temporary */
	const char *const *opfmt;   /* by OP_*: optab's fmt, where not NULL */
};
void emit_init(Printer *o, FILE *f, Dag *d, int isfloat, Arena *ar);
const int *emit_order(Dag *d, const int *order, int *norder, Arena *ar);
void emit_operand(Printer *o, int id);
void emit_statement(Printer *o, int id);
void emit_counts(Printer *o, const Emit *e);
void emit_needs(FILE *f, int fma, int isfloat);
void emit_fmacalls(Printer *o, const char **opfmt);
void gemm_open(FILE *f, const Emit *e);
void gemm_close(FILE *f, const Prob *p, const Emit *e);

/* emit/tpl.c: the code templates of emit/tpl/; a value for each
 * placeholder @name@ of a piece: the string s, or the number n when s
 * is NULL.  An array of them ends with a NULL name. */
typedef struct Tplarg Tplarg;
struct Tplarg {
	const char *name;   /* the placeholder, without its @s */
	const char *s;      /* its text, or NULL */
	long n;             /* its number, printed with %ld when s is NULL */
};
/* the values, as initializers: TPL_S("t", "double"), TPL_N("n", 32) */
#define TPL_S(name, s) {name, s, 0}
#define TPL_N(name, n) {name, NULL, n}
#define TPL_END {NULL, NULL, 0}
void tpl_print(FILE *f, const char *name, const Tplarg *arg);

/* emit/gemmk.c: GEMM micro-kernels, K a run-time argument */
void kloop_c(FILE *f, Dag *d, const Prob *p, const int *order, int norder,
    const Emit *e, int vl);

/* isa.c: the vector ISAs of isa.def, numbered SIMD_SSE2, .. in its order */
enum {
	SIMD_NONE,          /* scalar code */
#define ISA(name, NAME, ...) SIMD_##NAME,
#include "../isa.def"
#undef ISA
	NSIMD
};
typedef struct Isa Isa;
struct Isa {
	const char *name;   /* as --simd spells it: "avx2" */
	const char *upper;  /* "AVX2" */
	int bytes;          /* vector width */
	int nreg;           /* architectural vector registers */
	const char *flags;  /* compiler flags that build its codelets */
	const char *macro;  /* the compiler's feature macro, "__AVX2__" */
	const char *pre;    /* intrinsic prefix, "_mm256" */
	const char *cpu;    /* __builtin_cpu_supports names, all needed */
	const char *arch;   /* its architecture: "x86_64", "aarch64" */
};
const Isa *isa_get(int simd);
const Isa *isa_find(const char *name);
int isa_lanes(const Isa *isa, int isfloat);
int isa_bylanes(int lanes, int isfloat);
const char *isa_flag(const Isa *isa, char *buf, size_t len);
const char *isa_header(const Isa *isa);
const char *const *isa_names(void);

/* emit/simd.c */
void emitsimd_c(FILE *f, Dag *d, const Prob *p, const int *order,
    int norder, const Emit *e);

/* emit/convsimd.c: FIR filters vectorized across outputs (conv --simd) */
void emitconv_simd(FILE *f, const Prob *p, const Emit *e);

/* emit/fixed.c, emit/fixfft.c: fixed-point FIR and FFT codelets */
long long fixed_quant(long double h, int q);
void emitfix_conv(FILE *f, const Prob *p, const Emit *e);
int fixfft_ok(int n);
void emitfix_fft(FILE *f, const Prob *p, const Emit *e);

/* x86/asm.c: n1 across the batch in x86-64 assembly, Belady's
 * registers (the backend's own types and files: x86/x86.h) */
typedef struct Asm Asm;
typedef struct Rareq Rareq;
typedef struct Ralloc Ralloc;
int emitasm_fits(Dag *d);
Asm *emitasm_new(Dag *d, const Prob *p, int kind, const Emit *e, Rareq *q,
    Arena *ar);
void emitasm_print(FILE *f, Asm *a, const Prob *p, const Emit *e,
    const Ralloc *ra);

/* emit/kinds.c: FFT codelet kinds beyond n1 (twiddle, real data) */
void emitkind_c(FILE *f, Dag *d, const Prob *p, int kind, const int *order,
    int norder, const Emit *e);

/* emit/plan.c: DFTs beyond STANDALONE_LINE as codelets plus a fixed
 * plan (STANDALONE_SIMD: its vector ISA when --simd is not given) */
enum { STANDALONE_MAXN = 65536, STANDALONE_MAXPART = 64,
	STANDALONE_LINE = 64 };
#define STANDALONE_SIMD SIMD_AVX2
int standalone_ok(int n);
int standalone_plan(int n);
int standalone_parts(int n, int simd, int isfloat, int *kind, int *size,
    int *fma);
void standalone_c(FILE *f, int n, int sign, Dag *const *part,
    const Emit *e, int simd);

/* emit/vec.c: the planner's vector codelets (t1v, n1v) and n1w, an n1
 * codelet vectorized within one transform */
void emitvec_c(FILE *f, Dag *d, Dag *top, const Prob *p, int kind,
    const int *order, int norder, const Emit *e);

/* emit/cxl.c: n1c, an n1 codelet with one complex number a vector, and
 * n1x, several complex numbers of one transform a vector */
void emitcxl_c(FILE *f, Dag *d, const Prob *p, const int *order,
    int norder, const Emit *e);
int emitcxl_xlanes(int simd, int isfloat, int n);
void emitcxl_x(FILE *f, Dag *d, const Prob *p, const int *order,
    int norder, const Emit *e);
/* emit/cxlnet.c: n1c's shuffles between adjacent transforms and lanes */
void cxlnet_aos(FILE *f, char wide, int w, int n, int fwd);

/* emit/fftw.c: kgen fft --emit fftw, FFTW 3.3.10's codelet files.  A
 * family (FFTW's prefix: n1, t1, r2cf, n1fv, ...) is printed from one
 * of the DAGs FB_* names, built twice (with and without FMA
 * contraction) by the driver (driver/fftw.c). */
enum { FB_N1, FB_T1, FB_R2CF, FB_R2CB, FB_N1C, FB_T1C,
    /* gen/hc2c.c's twiddle families (emit/fftwrdft.c) */
    FB_T2, FB_HC2CF, FB_HC2CB, FB_HC2CFDFT, FB_HC2CBDFT, FB_HF, FB_HB,
    FB_HC2CF2, FB_HC2CB2, FB_HC2CFDFT2, FB_HC2CBDFT2, FB_HF2, FB_HB2,
    /* gen/twiddlec.c: the SIMD hc2cfdftv, hc2cbdftv (emit/fftwsimd.c) */
    FB_HC2CFDFTC, FB_HC2CBDFTC,
    FB_Q1, FB_Q1C,         /* gen/twidsq.c */
    FB_R2CFII, FB_R2CBIII, FB_E10, FB_E01, /* gen/realshift.c */
    NFB };
typedef struct Fftwform Fftwform;
struct Fftwform {       /* one form of a file: a DAG in its order */
	Dag *d;
	const int *o;
	int n;              /* entries of o */
	int fma;            /* built with FMA contraction */
};
typedef struct Fftwfam Fftwfam;
struct Fftwfam {
	const char *name;   /* FFTW's prefix, "n1" */
	const char *dir;    /* its folder in FFTW's tree */
	int build;          /* FB_*: the DAG it prints */
	int sign;           /* of the DFT: -1 forward, 1 backward */
	const char *sizes;  /* FFTW 3.3.10's files, "2 3 4 ..." */
	int minn, maxn;     /* the sizes kgen makes */
	const char *top;    /* the file's first include */
	const char *inc;    /* the family's header */
	/* one form: the function, descriptor and registration */
	void (*print)(FILE *f, const Fftwfam *m, int n, const Fftwform *fm,
	    const Emit *e);
};
const Fftwfam *fftw_find(const char *name);
void fftw_names(FILE *f);
void fftw_list(FILE *f);
void fftw_listfam(FILE *f, const Fftwfam *m);
void fftw_kname(char *buf, size_t len, Dag *d, int k);
void fftw_consts(FILE *f, const Fftwform *fm, int simd);
const char *fftw_ops(char *buf, size_t len, const Fftwform *fm);
void fftw_formhead(FILE *f, const Fftwfam *m, const Fftwform *fm,
    int vars);
FILE *fftw_memopen(char **buf, size_t *len);
void fftw_memclose(FILE *b);
void fftw_scalarhooks(Printer *o);
void emitfftw(FILE *f, const Fftwfam *m, int n, const Fftwform fm[2],
    const Emit *e);
/* emit/fftwsimd.c: the SIMD families (FFTW's simd-support macros) */
const Fftwfam *fftwsimd_fams(int *n);
/* emit/fftwrdft.c: t2 and the real-data twiddle families (hc2c, hc2hc) */
const Fftwfam *fftwrdft_fams(int *n);

/* emit/cuda.c */
void emitcu_print(FILE *f, Dag *d, const Prob *p, const int *order,
    int norder, const Emit *e);

/* sched/target.c: register files as data, GPU occupancy */
typedef struct Target Target;
struct Target {
	const char *name;   /* --target NAME */
	const char *desc;
	int nreg;           /* architectural registers for values */
	int bits;           /* width of one register */
	int vec;            /* SIMD: one register = a vector of transforms */
};
typedef struct Gpu Gpu;
struct Gpu {
	const char *name;   /* sm_80 */
	int major, minor;
	int nregs;          /* 32-bit registers per SM */
	int maxreg;         /* per thread */
	int gran;           /* registers are given to warps in these units */
	int nsub;           /* SM sub-partitions, each with nregs/nsub */
	int maxthreads;     /* resident threads per SM */
	int maxblocks;      /* resident blocks per SM */
};
typedef struct Occ Occ;
struct Occ {
	int regwarp;        /* registers one warp is given */
	int warpsregs;      /* warps per SM the registers allow */
	int blocks, warps, threads;     /* resident per SM */
	double pct;         /* warps / most warps per SM, in percent */
	const char *limit;  /* registers, warps or blocks; NULL: no launch */
};
const Target *target_list(void);
const Target *target_find(const char *name);
int target_regs(const Target *t, int isfloat);
int target_lanes(const Target *t, int isfloat);
const Gpu *target_gpus(void);
const Gpu *target_gpu(const char *arch);
Occ target_occupancy(const Gpu *g, int regs, int block);
int target_maxregs(const Gpu *g, int warps, int block);
int target_regset(const char *name, int isfloat, int *r, int max);
void target_print(FILE *f, const char *name, int isfloat);

/* sched/ptxas.c: nvcc + ptxas -v at each -maxrregcount */
typedef struct Ptxas Ptxas;
struct Ptxas {
	int maxreg;     /* -maxrregcount asked for */
	int limit;      /* the limit ptxas applied (it raises small ones) */
	int regs;       /* registers used per thread */
	int stack;      /* stack frame, bytes */
	int spst, spld; /* spill stores, spill loads, bytes */
};
const char *ptxas_missing(void);
int ptxas_parse(const char *text, const char *fn, Ptxas *r);
const char *ptxas_measure(const char *cuda, const char *arch, int opt,
    const int *maxreg, int nr, Ptxas *res);
const char *ptxas_version(void);

/* sched/graph.c: the graph the schedulers work on: schedulable nodes
 * with operand and user lists (value operands that are schedulable,
 * plus a store's ordering-only operand). */
typedef struct Graph Graph;
struct Graph {
	Dag *d;
	Arena *ar;
	int *in;        /* in[v]: schedulable */
	int nsched;
	int *pred;      /* 4 per node, -1 unused */
	int *ufirst, *nuser, *user;     /* users of each node */
	int *mark;      /* scratch stamps */
	int stamp;
	int *depth;     /* scratch */
	int *pos;       /* position of each node in the order being built */
	int *out;       /* the order being built */
	int nout;
};
Graph *graph_new(Dag *d, Arena *ar);
void graph_put(Graph *g, int v);
void graph_levels(Graph *g, int *lev);
int graph_pieces(Graph *g, int *s, int n, int *start);
int graph_cmpint(const void *a, const void *b);
void graph_halves(Graph *g, int *s, int n, int *bot, int *nb, int *top,
    int *nt);
int graph_npieces(Graph *g, int *s, int n, int *start);
int *graph_finish(Graph *g, int *n);
int *graph_nodes(Graph *g, int *ns);

/* sched/order.c: schedules (topological orders of the live nodes) */
enum {
	SCHED_NAIVE, SCHED_BUILD, SCHED_CO, SCHED_BLOCKED, SCHED_SEARCH,
	NSCHED,                 /* order.c's, for any DAG; then GEMM's: */
	SCHED_OUTER = NSCHED,   /* rank-1 updates over all of C */
	SCHED_INNER,            /* one element of C at a time */
	SCHED_TILE,             /* rank-1 updates on Cost.mr x Cost.nr tiles */
	SCHED_IDS               /* no schedule: the builder's ids (conv) */
};
extern const char *const order_names[];
int order_find(const char *s);
int order_check(Dag *d, const int *o, int n);
int *order_naive(Dag *d, Arena *ar, int *n);
int *order_build(Dag *d, Arena *ar, int *n);
int *order_co(Dag *d, Arena *ar, int *n);
typedef struct Cost Cost;
struct Cost {
	int regs, latency;
	double gamma;           /* a spill store costs gamma loads */
	int mr, nr;             /* SCHED_TILE: the tile, rows in values */
	double stop;            /* search: stop improving at this time
	                         * (CLOCK_MONOTONIC seconds), 0: never */
	int *stopped;           /* search: set to 1 when it stopped so */
};
int *order_blocked(Dag *d, Arena *ar, const Cost *k, int *n);
double order_cost(Dag *d, const int *o, int n, const Cost *k);
int *order_for(Dag *d, Arena *ar, int sched, const Cost *k, int *n);
int *order_make(Dag *d, Arena *ar, int sched, int regs, int latency,
    int *n);

/* sched/search.c: the search schedule */
int *search_order(Dag *d, Arena *ar, const Cost *k, int *n);

/* sched/gemmorder.c: GEMM's schedules, and every schedule by number */
int *gemmorder_tiles(Dag *d, Arena *ar, int mr, int nr, int *norder);
int gemmorder_find(const char *s);
int *gemmorder_for(Dag *d, Arena *ar, int sched, const Cost *k, int *n);

/* sched/gemmtile.c: GEMM's register tiles */
void gemmtile_model(FILE *f, int regs, double gamma, int vl, int steps,
    int *mr, int *nr);
int gemmtile_vector(int m, int n, int vl, int *nr);

/* sched/belady.c: spills of an order for R registers */
enum { SPILLS_MAXR = 1024 };   /* largest R kgen spills takes */
typedef struct Spill Spill;
struct Spill {
	int loads, stores;      /* spill traffic */
	int inloads;            /* loads of inputs from their own arrays */
	int cloads, cstores;    /* compulsory: first loads, output stores */
	int maxlive;            /* most values live at once */
	long stalls;            /* steps lost waiting on loads (latency) */
};
typedef struct Belady Belady;
int belady_isreg(Dag *d, int id);
int belady_minregs(Dag *d);
Belady *belady_new(Dag *d, const int *o, int n, Arena *ar);
Spill belady_count(Belady *b, int regs, int latency, Arena *ar);
Spill belady_run(Dag *d, const int *o, int n, int regs, int latency);
enum { BELADY_RELOAD, BELADY_RELOADIN, BELADY_SPILL };
typedef struct Event Event;
struct Event {
	int step, kind, v;      /* at step, BELADY_* on value v */
};
Spill belady_events(Belady *b, int regs, int latency, Arena *ar, Event **ev,
    int *nev);
/* One reload of belady_alloc: value v into register reg for step step,
 * issued before step issue (issue <= step; earlier with latency). */
typedef struct Reload Reload;
struct Reload {
	int step, issue, v, reg;
	int stack;      /* from its stack slot, else its input slot */
};
/* The register allocation of Belady's simulation: steps as belady_new
 * makes them (a register value or a store each), registers 0 .. nregs-1 */
typedef struct Alloc Alloc;
struct Alloc {
	int nstep;
	const int *node;    /* node of each step */
	const int *opd;     /* 3 per step: register operands, -1 unused */
	int *opreg;         /* 3 per step: their registers */
	int *reg;           /* per step: the result's register, -1 none */
	int *spill;         /* per node: stored to a stack slot (once) */
	Reload *re;         /* reloads in the simulation's order */
	int nre;
	int nregs;          /* registers used */
	Spill s;            /* belady_count's counts */
};
Alloc *belady_alloc(Belady *b, int regs, int latency, Arena *ar);

/* sched/regalloc.c: the assembly emitter's register assignment */
struct Ralloc {
	Alloc *al;      /* the order emitted (steps), registers, reloads */
	char *isreg;    /* per node: a register value, else a constant */
	int *slot;      /* per node: its spill slot, -1 none */
	int nslot;
	int *in, *out;  /* fused: X vector s's register on entry to and on
	                 * exit from the kernel, -1 not fused; NULL: none */
};
/* What regalloc_asm needs from the emitter: the callbacks answer for
 * the copies around the kernel (ctx is theirs) */
struct Rareq {
	int regs, latency;
	int nx;                 /* n1 with fusion: X's vectors (2n); else 0 */
	const int *xin, *xout;  /* per input, output slot: its X vector */
	void *ctx;
	int (*rows)(void *ctx, const Ralloc *ra);  /* rows kernel taken */
	int (*fits)(void *ctx, const int *in, const int *out);
	void (*unfit)(void *ctx);
};
int regalloc_isreg(Dag *d, int x);
Ralloc *regalloc_asm(Dag *d, const int *order, int norder, const Rareq *q,
    Arena *ar);

/* sched/bound.c: lower bounds over all orders */
long bound_fft(int n, int regs);
double bound_hk(int n, int regs);
long bound_gemm(int m, int n, int k, int regs);
long bound_cut(Dag *d);
/* sched/exact.c: the exact minimum over all orders, for tiny DAGs (named
 * bound_ as the bounds it stands beside) */
long bound_exhaustive(Dag *d, int regs, long limit);
long bound_exact(Dag *d, int regs, long limit, Arena *ar,
    int **order, int *norder, int *exact);

/* sched/measure.c: spills a compiler produces at R registers */
typedef struct Measure Measure;
struct Measure {
	int ok;                 /* 0: not measured, why says why */
	int loads, stores;      /* FP stack-slot loads and stores */
	int iloads, istores;    /* integer ones */
	char flags[768];        /* the compiler's options */
	char why[128];
};
int measure_known(const char *name);
const char *measure_names(void);
Measure measure_c(const char *name, const char *path, int regs);
/* sched/ptxas.c, for kgen spills --measure ptxas */
Measure ptxas_spills(const char *cuda, int isfloat, const char *arch,
    int regs);

/* sched/spills.c: kgen spills tables */
enum { MEASURE_MAX = 4 };
typedef struct Row Row;
struct Row {
	const char *sched;
	int regs;
	Spill s;
	long bound;             /* spill loads every order needs */
	int stopped;            /* search cut short by the time limit */
	Measure m[MEASURE_MAX];
};
typedef struct Table Table;
struct Table {
	const char *problem;    /* fft or gemm */
	const char *desc;       /* e.g. "fft -n 64 --sign -1" */
	const char *boundnote;  /* what the bound column is */
	const Prob *p;
	Count c;
	int nnode, latency;
	const char *meas[MEASURE_MAX];  /* measured compilers */
	int nmeas;
	Row *row;
	int nrow;               /* rows made; fewer than nwant when the
	                         * time limit cut the run */
	int nwant;              /* rows asked for */
	double limit;           /* --time-limit seconds, 0 for none */
	int quiet;              /* --quiet */
};
/* what kgen spills --measure does with a row (the driver's compile_row) */
typedef void (*Measurer)(const void *ctx, Dag *d, const int *o, int n,
    int regs, const Table *t, Row *r);
void spills_rows(Table *t, Dag *d, const int *sched, int nsched,
    const int *regs, int nregs, const Cost *k, Arena *ar,
    Measurer measure, const void *ctx);
enum { SPILLS_EXACT = 200000 };  /* states bound_exact may visit */
long spills_bound(Dag *d, const Prob *p, long w, int regs);
void spills_print(FILE *f, const char *format, const Table *t);

/* sched/annotate.c: kgen spills --annotate */
void annotate_print(FILE *f, Dag *d, const int *o, int n, int regs,
    int latency, const char *title);

/* sched/report.c: kgen report */
typedef struct Report Report;
struct Report {
	int sched;          /* SCHED_*, GEMM's outer and inner included */
	int latency;
	int isfloat;
	const char *target; /* one target's row; NULL or "all": every row */
	const char *arch;   /* ptxas -arch */
	const char *occarch;    /* occupancy on this GPU; NULL: sm_80, sm_90 */
	const int *maxreg;  /* the -maxrregcount list */
	int nmaxreg;
	int block;          /* CUDA threads per block */
	int budget;         /* --max-regs, 0 for none */
	int measure;        /* run nvcc and ptxas where they are found */
	int quiet;          /* --quiet: no progress on a terminal */
	double limit;       /* --time-limit seconds, 0 for none */
	/* the driver's CUDA printer: d in order o as text (malloc'd), its
	 * kernel named kgen_ptxas, for ptxas_measure */
	char *(*cuda)(Dag *d, const Prob *p, const int *o, int n,
	    int isfloat);
};
void report_print(FILE *f, Dag *d, const Prob *p, const Report *r);

/* driver/out.c: output through a temporary file renamed into place */
void out_stdfds(void);
FILE *out_open(const char *path, char **tmp);
void out_close(FILE *f, const char *path, char *tmp);

/* driver/progress.c: the work of spills and report on a terminal, and
 * --time-limit */
double progress_now(void);
void progress_start(const char *cmd, int quiet, double limit, long total,
    const char *fmt, ...);
void progress_step(const char *label);
int progress_over(void);
double progress_stop(void);
void progress_end(void);

/* driver/taps.c: the taps of kgen conv */
void taps_parse(Prob *p, const char *what, const char *text, int file,
    int type);
char *taps_load(const char *what, const char *path);

/* verify/verify.c: kgen verify, the validator of x86/asm.c's codelets */
typedef struct Vhead Vhead;
struct Vhead {          /* the "# kgen asm:" line */
	int kind;           /* CK_N1, CK_T1V, or -1 for gemm */
	int n, sign, isfloat, simd, fma, regs, latency;
	int m, k;           /* gemm: C is m x n, K = k */
	char top[24];       /* n1 with --choose spills: its top=NAME:ARG,
	                     * else "" */
};
typedef struct Vres Vres;
struct Vres {           /* the kernel's counts */
	int loads, stores;  /* spill loads and stores */
	int cloads;         /* first loads of the inputs */
	int instrs;
	long stalls;        /* with the header's latency */
};
int verify_run(const char *text, const char *file, Dag *d, const Vhead *h,
    Vres *r, char *msg, size_t nmsg);

/* verify/asmread.c: reading x86/asm.c's assembly for verify/verify.c */
enum { OPD_NONE, OPD_REG, OPD_MEM, OPD_IMM };
/* An operand: a register (vector: kind x, y, z and number; else a GPR
 * name), memory disp(base,index,scale) or label(%rip), or $imm. */
typedef struct Opd Opd;
struct Opd {
	int kind;
	char vk;            /* x, y, z for vector registers, else 0 */
	int vr;             /* vector register number */
	char gpr[8];        /* general register, without % */
	long disp;
	char base[8], index[8], label[64];
	int scale;          /* of the index: 1, 2, 4 or 8 */
	long imm;
};

const char *asmread_skip(const char *s);
int asmread_instr(const char *s, char *mn, Opd *o);
int asmread_opd(const char *s, int len, Opd *o);
int asmread_split(const char *s, const char **at, int *len, int max);
int asmread_head(const char *text, Vhead *h, char *msg, size_t nmsg);
char *asmread_load(const char *path);

/* driver/: the command line, the Job and the stages: driver/driver.h */
