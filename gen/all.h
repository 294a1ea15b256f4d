/* all.h: the one internal header of the generator.
 * Types first, then prototypes grouped by the file that defines them.
 * Data flows one way: build (fft.c, gemm.c, conv.c) -> simplify (simp.c)
 * -> schedule (sched/order.c) -> analyse (sched/belady.c) -> emit (emit/c.c);
 * only main.c knows the whole pipeline. */
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
};

/* Operation counts of a DAG, as the codelet header reports them. */
typedef struct Count Count;
struct Count {
	int add, mul, fma, neg;
	int con;        /* distinct constants used */
	int load, store;
};

/* The problem a run generates, straight from the command line. */
typedef struct Prob Prob;
struct Prob {
	int kind;       /* PROB_* */
	int n;          /* fft: size; gemm: N; conv: outputs */
	int sign;       /* fft: -1 forward, +1 backward */
	int m, k;       /* gemm: M, K */
	long double *taps;  /* conv: ntaps taps */
	int ntaps;
};

/* util.c */
#if defined(__GNUC__)
#define NORETURN __attribute__((noreturn))
#define PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NORETURN
#define PRINTF(a, b)
#endif
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

/* dag.c */
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
int dag_isconst(Dag *d, int id, long double *v);
int *dag_uses(Dag *d, Arena *ar);
int *dag_live(Dag *d, Arena *ar);
Count dag_count(Dag *d);
void dag_dump(Dag *d, FILE *f);
void dag_check(Dag *d);

/* num.c */
void num_cexp(long num, long den, long double *c, long double *s);
void num_print(FILE *f, long double v, int isfloat);

/* fft.c */
Dag *fft_build(Arena *ar, int n, int sign);
void fft_dft(Dag *d, int n, int sign, const int *in, int *out);
void fft_fma(int on);

/* twiddle.c */
Dag *twiddle_build(Arena *ar, int r, int sign);

/* real.c */
Dag *real_build(Arena *ar, int n, int backward);

/* gemm.c */
enum {
	GEMM_MAXDIM = 512,      /* largest M, N or K of a codelet */
	GEMM_MAXWORK = 65536    /* largest M*N*K: about 2 MB of C */
};
Dag *gemm_build(Arena *ar, int m, int n, int k, int clast);
int *gemm_order(Dag *d, Arena *ar, int mr, int nr, int *norder);
void gemm_tile(FILE *f, int regs, double gamma, int vl, int steps, int *mr,
    int *nr);

/* conv.c */
enum { CONV_MAXTAPS = 4096, CONV_MAXWORK = 1 << 20 };
Dag *conv_build(Arena *ar, const long double *taps, int ntaps, int n);

/* simp.c */
Dag *simp_run(Dag *d, int fma);

/* emit/c.c */
typedef struct Emit Emit;
struct Emit {
	const char *name;   /* function name */
	const char *cmd;    /* the command line that made it */
	const char *sched;  /* schedule name */
	int regs;           /* R the order was made for, 0 for none */
	int isfloat;
	int lib;            /* library codelet: no main-less extras */
	int simd;           /* SIMD_*: emit/simd.c's ISA, SIMD_NONE scalar */
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
void gemm_open(FILE *f, const Emit *e);
void gemm_close(FILE *f, const Prob *p, const Emit *e);

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
};
const Isa *isa_get(int simd);
const Isa *isa_find(const char *name);
int isa_lanes(const Isa *isa, int isfloat);
const char *const *isa_names(void);

/* emit/simd.c */
void emitsimd_c(FILE *f, Dag *d, const Prob *p, const int *order,
    int norder, const Emit *e);

/* emit/kinds.c: FFT codelet kinds beyond n1 (twiddle, real data) */
enum { CK_T1, CK_R2CF, CK_R2CB, CK_T1V, CK_N1V, CK_N1W };
void emitkind_c(FILE *f, Dag *d, const Prob *p, int kind, const int *order,
    int norder, const Emit *e);

/* emit/plan.c: DFTs beyond FFT_MAXN as codelets plus a fixed plan */
enum { STANDALONE_MAXN = 65536 };
int standalone_ok(int n);
void standalone_c(FILE *f, int n, int sign, const Emit *e);

/* emit/vec.c: the planner's vector codelets (t1v, n1v) and n1w, an n1
 * codelet vectorized within one transform */
int emitvec_lanes(int simd, int isfloat);
void emitvec_c(FILE *f, Dag *d, const Prob *p, int kind, const int *order,
    int norder, const Emit *e);

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
const char *ptxas_measure(Dag *d, const Prob *p, const int *order,
    int norder, int isfloat, const char *arch, int opt, const int *maxreg,
    int nr, Ptxas *res);
const char *ptxas_version(void);

/* sched/report.c: kgen report */
typedef struct Report Report;
struct Report {
	int sched;          /* SCHED_*, or -1: gemm_order's mr x nr tiles */
	int mr, nr;         /* gemm tiles: M x N outer, 1 x 1 inner */
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
};
void pressure_report(FILE *f, Dag *d, const Prob *p, const Report *r);

/* sched/order.c: schedules (topological orders of the live nodes) */
enum { SCHED_NAIVE, SCHED_BUILD, SCHED_CO, SCHED_BLOCKED, SCHED_SEARCH,
    NSCHED };
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
};
int *order_blocked(Dag *d, Arena *ar, const Cost *k, int *n);
int *order_search(Dag *d, Arena *ar, const Cost *k, int *n);
int *order_for(Dag *d, Arena *ar, int sched, const Cost *k, int *n);
int *order_make(Dag *d, Arena *ar, int sched, int regs, int latency,
    int *n);

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

/* sched/bound.c: lower bounds over all orders */
long bound_fft(int n, int regs);
double bound_hk(int n, int regs);
long bound_gemm(int m, int n, int k, int regs);
long bound_exhaustive(Dag *d, int regs, long limit);

/* sched/measure.c: spills a compiler produces at R registers */
typedef struct Measure Measure;
struct Measure {
	int ok;                 /* 0: not measured, why says why */
	int loads, stores;      /* FP stack-slot loads and stores */
	int iloads, istores;    /* integer ones */
	char flags[400];        /* the compiler's options */
	char why[128];
};
int measure_known(const char *name);
const char *measure_names(void);
Measure measure_c(const char *name, const char *path, int regs);
/* sched/ptxas.c, for kgen spills --measure ptxas */
Measure ptxas_spills(Dag *d, const Prob *p, const int *order, int norder,
    int isfloat, const char *arch, int regs);

/* sched/spills.c: kgen spills tables */
enum { MEASURE_MAX = 4 };
typedef struct Row Row;
struct Row {
	const char *sched;
	int regs;
	Spill s;
	long bound;             /* spill loads every order needs */
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
	int nrow;
};
void report_print(FILE *f, const char *format, const Table *t);
