/* driver.h: the driver's own header, included by the files of driver/
 * after all.h: the command line's options (Opts), the checked Job the
 * pipeline runs, and the stages' functions (driver/main.c calls them in
 * order).  Nothing outside driver/ sees them. */
#ifndef KGEN_DRIVER_H
#define KGEN_DRIVER_H

/* driver/usage.c: kgen --help */
void usage_print(void);

/* driver/cli.c: the command line, read into Opts, checked into one Job */
enum { CMD_FFT, CMD_GEMM, CMD_TILES, CMD_CONV, CMD_SPILLS, CMD_REPORT,
    CMD_VERIFY };
enum {
	EMITTER_C,      /* emit/c.c: scalar C (fft n1, gemm, conv) */
	EMITTER_SIMD,   /* emit/simd.c: n1 across the batch */
	EMITTER_KIND,   /* emit/kinds.c: t1, r2cf, r2cb */
	EMITTER_VEC,    /* emit/vec.c: t1v, n1v, n1w */
	EMITTER_CXL,    /* emit/cxl.c: n1c */
	EMITTER_CXLX,   /* emit/cxl.c: n1x */
	EMITTER_CUDA,   /* emit/cuda.c */
	EMITTER_KLOOP,  /* emit/gemmk.c: GEMM with vectors or a K loop */
	EMITTER_PLAN,   /* emit/plan.c: codelets and a plan, n > FFT_MAXN */
	EMITTER_ASM,    /* x86/asm.c: n1 across the batch, x86-64 assembly */
	EMITTER_CONV,   /* emit/convsimd.c: conv --simd, no DAG */
	EMITTER_FIXED,  /* emit/fixed.c, fixfft.c: --type q15|q31, no DAG */
	EMITTER_FFTW    /* emit/fftw.c: FFTW's codelet files */
};
typedef struct Job Job;
struct Job {
	int cmd;            /* CMD_*; CMD_TILES: gemm --tile auto */
	Prob p;             /* the problem (conv's taps malloc'd) */
	int kind;           /* CK_*: the FFT codelet */
	int lanes;          /* emit/vec.c's lanes of the --simd ISA, or 1 */
	int vlen;           /* gemm: doubles per value, >= 1 */
	int kloop;          /* gemm --kloop: K a run-time argument */
	int fma;            /* --fma: contract a*b+c (simp.c) */
	int dump;           /* -d: dump the DAG after each stage */
	int quiet;          /* --quiet: no progress on a terminal */
	double timelimit;   /* --time-limit seconds, 0 for none */
	int annotate;       /* spills --annotate: the order step by step */
	int sched[NSCHED];  /* SCHED_*: spills' list; else sched[0] alone */
	int nsched;
	Cost cost;          /* what the schedule is made for */
	int checkregs;      /* check cost.regs against the DAG (job_regs) */
	int verify;         /* --verify: check the assembly (verify/verify.c) */
	int plansimd;       /* EMITTER_PLAN: the SIMD section's ISA, or 0 */
	int choose;         /* --choose spills: the top algorithm by spills
	                     * at e.topregs registers too (fft_spills) */
	char top[24];       /* then the one chosen, e.top points here */
	const char *file;   /* verify: the assembly file */
	int *regs;          /* spills: the R list; report: -maxrregcount */
	int nregs;
	int emitter;        /* EMITTER_* */
	Emit e;             /* the codelet's name, header, type and ISA */
	const char *out;    /* -o FILE; NULL: standard output */
	const char *format; /* spills: text, csv or json */
	const char *target; /* spills: --target NAME|all */
	const char *arch;   /* --arch, or NULL */
	Table table;        /* spills: the table's heading and compilers */
	Report report;      /* report: what kgen report prints */
	char *line;         /* the command, for headers (malloc'd) */
	char *buf;          /* spills: table.meas[] in it (malloc'd) */
	char desc[128];     /* spills: the problem, as the table names it */
	char name[64];      /* the default codelet name */
	char schedname[64]; /* the schedule as the codelet header names it */
	const Fftwfam *fam; /* --emit fftw: the family, NULL with --list */
};

/* The options as given, before the command's checks (driver/job.c). */
typedef struct Opts Opts;
struct Opts {
	const char *cmd;    /* fft, gemm, conv, spills, report */
	const char *sub;    /* spills, report: the problem, fft or gemm */
	Prob p;
	int seen_m, seen_n, seen_k;
	const char *name;   /* --name */
	const char *out;    /* -o */
	int isfloat;        /* --type float */
	int fixed;          /* --type q15|q31: 15 or 31, else 0 */
	const char *round;  /* --round nearest|floor (conv --type q15|q31) */
	int fma;            /* --fma */
	int dump;           /* -d: dump the DAG after each stage */
	int quiet;          /* --quiet */
	double timelimit;   /* --time-limit, 0 for none */
	int annotate;       /* --annotate */
	const char *sched;  /* --schedule */
	const char *regs;   /* --regs LIST, parsed by the command */
	int latency;        /* --latency */
	const char *format; /* --format text|csv|json */
	const char *measure;    /* --measure gcc|clang|ptxas */
	int simd;               /* --simd: SIMD_* (emit/simd.c) */
	int cuda;               /* --emit cuda (emit/cuda.c) instead of C */
	int emitasm;            /* --emit asm (x86/asm.c) */
	int fftw;               /* --emit fftw (emit/fftw.c) */
	int list;               /* --list (--emit fftw) */
	const char *famname;    /* --kind's word as given */
	const char *badkind;    /* --kind's word, not one of job_kinds */
	int verify;             /* --verify */
	int form;               /* --plan 1, --straight -1, else 0 */
	int choose;             /* --choose spills (1) or ops (0) */
	int kind;               /* --kind: CK_* */
	const char *target;     /* --target NAME|all (sched/target.c) */
	const char *arch;       /* --arch sm_80 (ptxas, occupancy) */
	int maxregs;            /* --max-regs: register budget, 0 none */
	int block;              /* --block: CUDA threads per block */
	const char *taps;       /* --taps h0,h1,... */
	const char *tapsfile;   /* --taps-file FILE */
	int correlate;          /* --correlate (conv) */
	const char *tile;       /* --tile auto|MxN */
	double gamma;           /* --gamma */
	int kloop;              /* --kloop: gemm micro-kernel, K at run time */
	int vlen;               /* --vlen: doubles per register, gemm */
	int seen_sign;          /* --sign given */
	const char *kindopt;    /* the option that set kind, for messages */
	char kindbuf[32];       /* "--kind X", kindopt's text */
	const char *given[64];  /* each option given, once, in argv order */
	int ngiven;
};
void cli_parse(Job *j, int argc, char **argv);
void cli_free(Job *j);

/* driver/opt.c: checks on option values that cli.c and job.c share */
long opt_num(const char *opt, const char *s, long lo, long hi,
    const char *what);
int opt_regs(const char *s, int lo, int hi, int *r, int max,
    const char *what);
void opt_only(const Opts *o, const char *what, const char *allowed);

/* driver/job.c: each command's checks, from Opts into the Job */
extern const char *const job_kinds[];
void job_fft(Job *j, Opts *o);
void job_gemm(Job *j, Opts *o);
void job_conv(Job *j, Opts *o);
void job_verify(Job *j, Opts *o);
int job_sched_list(const char *s, int *sched);
void job_check_fft_dag(Opts *o);

/* driver/fftw.c: kgen fft --emit fftw, its checks and its pipeline */
void job_fftw(Job *j, Opts *o);
void fftw_generate(const Job *j);

/* driver/jobspills.c: the checks of kgen spills and kgen report */
void job_spills(Job *j, Opts *o);
void job_report(Job *j, Opts *o);
void job_regs(Dag *d, const int *r, int nr);

/* driver/compile.c: codelets for the compilers kgen spills, report run */
char *compile_cuda(Dag *d, const Prob *p, const int *o, int n,
    int isfloat);
void compile_row(const void *job, Dag *d, const int *o, int n, int regs,
    const Table *t, Row *r);

/* driver/build.c: the builders and the simplifier as the Job asks */
Fft *build_fft(const Job *j, Arena *ar);
Dag *build_dag(const Job *j, Fft *g, Arena *ar);
Dag *build_simp(const Job *j, Dag *d, int fma);
Dag *build_asm(const Job *j, const Vhead *h, const char *file, Arena *ar);

/* driver/alloc.c: the allocate stage (regalloc_asm) and --emit asm */
void alloc_emitasm(FILE *f, Dag *d, const Prob *p, int kind, const int *o,
    int n, const Emit *e);

/* driver/validate.c: kgen verify, and --verify's check */
Vres validate_text(const Job *j, const char *text, const char *file);
void validate_file(const Job *j);

/* driver/analyse.c: kgen spills, kgen report, gemm --tile auto */
void analyse_tiles(const Job *j);
void analyse_spills(Job *j);
void analyse_report(Job *j);

#endif
