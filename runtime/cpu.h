/* cpu.h: the ISAs as the runtime numbers them, for cpu.c and the files
 * whose tables come from codelets.def (disptab.c, plantab.c, gemm.c;
 * internal: users include only kgen.h).  CPU_scalar is 0 and the vector
 * ISAs follow in isa.def's order, which is kgen.h's KGEN_ISA_* (cpu.c
 * checks), so CPU_##isa turns a codelets.def line's ISA into its number.
 * KGEN_ARCH_x86_64 or KGEN_ARCH_aarch64 names the architecture compiled
 * for as isa.def's last column does; only its ISAs can run (cpu.c).  On
 * another architecture, or with -DKGEN_NO_SIMD, only the scalar codelets
 * exist. */
#ifndef KGEN_CPU_H
#define KGEN_CPU_H
#include <stddef.h>

#if defined(__x86_64__) || defined(__i386__)
#define KGEN_ARCH_x86_64 1
#elif defined(__aarch64__)
#define KGEN_ARCH_aarch64 1
#elif !defined(KGEN_NO_SIMD)
#define KGEN_NO_SIMD
#endif

enum {
	CPU_scalar,
#define ISA(name, ...) CPU_##name,
#include "isa.def"
#undef ISA
	CPU_N       /* ISAs, scalar included */
};

/* Vector bytes of isa (isa.def), 0 for scalar.  (kgen_priv_: internal,
 * not exported, but in kgen's namespace in libkgen.a.) */
int kgen_priv_cpu_bytes(int isa);
/* 1 when the environment variable KGEN_ISA named the ISA kgen_isa()
 * returns: callers then run that ISA's codelets, not a measured choice,
 * so that tests reach every path. */
int kgen_priv_isa_forced(void);

/* kgen_dft's measured picks (dispatch.c) in the wisdom text (wisdom.c),
 * kgen_priv_dft_* for double and kgen_priv_dftf_* for float.  A pick is
 * keyed by size n, side of the lanes (many: v fills the batched
 * codelets' lanes) and layout class lay (PICK_INTER, PICK_SPLIT,
 * PICK_SIDE, PICK_SKEW: 0..3), and names a codelet by family (DFT_N1
 * batched or scalar, DFT_N1W, DFT_N1C, DFT_N1X, DFT_N1A) and ISA.
 * _picked: 1 and the pick's family and ISA where kgen_dft measured (or
 * was told) one, else 0.  _pick: -1 where the library has no such
 * candidate (no codelet of that family, ISA and size, or one that is not
 * a candidate on that side of the lanes); else, with put, makes it
 * the pick as if measured, unless the process cannot or may not run it
 * (the CPU lacks the ISA, it is above kgen_isa(), or KGEN_ISA forces
 * batched calls): 0 installed or installable, 1 not for this process.
 * _forget: every pick is measured again at its next use. */
enum { DFT_N1, DFT_N1W, DFT_N1C, DFT_N1X, DFT_N1A, DFT_NFAM, DFT_NLAY = 4 };
int kgen_priv_dft_picked(int n, int many, int lay, int *fam, int *isa);
int kgen_priv_dft_pick(int n, int many, int lay, int fam, int isa,
    int put);
void kgen_priv_dft_forget(void);
int kgen_priv_dftf_picked(int n, int many, int lay, int *fam, int *isa);
int kgen_priv_dftf_pick(int n, int many, int lay, int fam, int isa,
    int put);
void kgen_priv_dftf_forget(void);

/* The planner's choice between a t1v step's C codelet (1) and its
 * assembly twin (2) (plantab.c, timed at first use) in the wisdom text,
 * kgen_priv_t1v_* for double and kgen_priv_t1v_*f for float.  _picked:
 * -1 past the last t1v codelet, else its ISA and radix, the choice (0 not
 * yet made), and 1 where it was made and the codelet has a twin.  _pick:
 * -1 where the library has no such pair (or pick is not 1 or 2); else,
 * with put, makes it the choice unless the process cannot or may not run
 * it (the CPU lacks the ISA, it is above kgen_isa(), or KGEN_T1V forces
 * one): 0 made or to be made, 1 not for this process.  _forget: each is
 * timed again at its next use. */
int kgen_priv_t1v_picked(int i, int *isa, int *r, int *pick);
int kgen_priv_t1v_pick(int isa, int r, int pick, int put);
void kgen_priv_t1v_forget(void);
int kgen_priv_t1v_pickedf(int i, int *isa, int *r, int *pick);
int kgen_priv_t1v_pickf(int isa, int r, int pick, int put);
void kgen_priv_t1v_forgetf(void);

#endif
