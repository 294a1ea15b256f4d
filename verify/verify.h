/* verify/verify.h: the validator's state, shared by the files of
 * verify/ (verify.c: the entry point and the reading of lines; vterm.c:
 * terms, the DAG's outputs and the constants; vkern.c: the kernel's
 * instructions and boundary; vaddr.c: memory operands per codelet kind;
 * vgpr.c: general registers and the code around the kernel).  The
 * method is verify.c's opening comment.  Every check reports its
 * failure through verify_bad and returns v->rc (or -1 where it returns
 * a term or a slot). */
enum { T_IN, T_CONST, T_ADD, T_MUL, T_NEG, T_FMA, T_FMS, T_FNMS };
enum { COPIED = -2 };   /* a register a copy in the kernel wrote */

typedef struct Term Term;
struct Term {
	int op, a, b, c;
	unsigned long long v;   /* T_IN: slot; T_CONST: bits */
};

typedef struct Const Const;
struct Const {
	char label[64];
	unsigned long long v[16];
	int n;
};

enum { NCS = 6 };       /* callee-saved GPRs */

typedef struct V V;
struct V {
	Dag *d;
	const Vhead *h;
	const char *file;
	int line;
	int vb, esz, vl;
	int t1v, gemm;      /* the kind: data in the caller's arrays, not X */
	int ndata;          /* data slots: X, or the DAG's inputs */
	int out0, nout;     /* the output slots among them */
	int r, nw;          /* t1v: radix, table entries (slots 2r..) */
	int mv, gk3, gn;    /* gemm: vectors a column, K, N */
	int stk0;           /* the slot of 0(%rsp) */
	long frame;         /* bytes at %rsp for the kernel, -1 unknown */
	long gc[16];        /* general registers: gc * stride gs, where gk */
	int gs[16];
	int gk[16];
	int kpre[16];       /* read by the kernel's addresses before the
	                     * kernel writes it: fixed for the whole loop */
	int kwr[16];        /* written in the kernel */
	int inkernel;       /* in the kernel */
	int after;          /* past the kernel */
	int nkernel;        /* kernels begun */
	int incopy;         /* in a copy inside the kernel */
	int aftercopy;      /* just past one: "# kgen: in" lines may follow */
	int kins;           /* the kernel's instructions so far */
	Vres first;         /* the first kernel's counts */
	Term *t;            /* the term table */
	int nt, cap;
	int *tab, tabcap;
	int reg[32];        /* term in each vector register, -1 undefined */
	long ready[32];     /* step from which a loaded register is ready */
	int *mem;           /* stack slots by offset / vb, -1 undefined */
	int nmem;
	int *loaded;        /* X slot already loaded */
	int *want;          /* per output slot: the DAG's term */
	int *stored;
	int *outreg, *outline;  /* declared "# kgen: out": register, line */
	Const *con;
	int ncon;
	long step, stall;   /* the step being read, stalls so far */
	int stepstall;
	int spilling;       /* reading for a spill store: not a step's read */
	int bcasting;       /* reading for a broadcast */
	int cs[NCS];        /* 0 untouched, 1 saved, 2 written, 3 restored */
	int pushed[64];     /* callee-saved pushed at each depth, -1 none */
	int rspknown;       /* %rsp is entry - rspoff; else aligned to rspal */
	long rspoff, rbpoff;
	int rbpknown;
	long rspal;
	char msg[400];
	int rc;             /* 0 ok, 1 mismatch, 2 parse error */
	Vres res;
};

/* verify/verify.c */
int verify_bad(V *v, int rc, const char *fmt, ...);

/* verify/vterm.c: terms, the DAG's outputs, the constants of .rodata */
int vterm_new(V *v, int op, int a, int b, int c, unsigned long long val);
int vterm_neg(V *v, int a);
int vterm_apply(V *v, int op, int a, int b, int c);
void vterm_show(V *v, char *buf, size_t n, int k, int depth);
void vterm_expect(V *v);
int vterm_rodata(V *v, char **lines, int nline);
int vterm_const(V *v, const Opd *o, int *issign);

/* verify/vaddr.c: memory operands, by codelet kind */
int vaddr_slot(V *v, const Opd *o);
int vaddr_spill(V *v, int k);
int vaddr_bcast(V *v, int k);

/* verify/vgpr.c: general registers, the code around the kernel */
int vgpr_no(const char *r);
int vgpr_cs(const char *r);
int vgpr_track(V *v, const char *mn, const Opd *o, int n);
int vgpr_instr(V *v, const char *mn, Opd *o, int n);

/* verify/vkern.c: the kernel */
void vkern_start(V *v, char **lines, int i, int nline);
int vkern_end(V *v);
int vkern_declare(V *v, const char *s);
int vkern_copy(V *v, const char *mn, Opd *o, int n);
int vkern_instr(V *v, const char *mn, Opd *o, int n);
