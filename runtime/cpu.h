/* cpu.h: the ISAs as the runtime numbers them, for cpu.c and the files
 * whose tables come from codelets.def (dispatch.c, plantab.c, gemm.c;
 * internal: users include only kgen.h).  CPU_scalar is 0 and the vector
 * ISAs follow in isa.def's order, which is kgen.h's KGEN_ISA_* (cpu.c
 * checks), so CPU_##isa turns a codelets.def line's ISA into its number.
 * On a CPU other than x86, or with -DKGEN_NO_SIMD, only the scalar
 * codelets exist. */
#ifndef KGEN_CPU_H
#define KGEN_CPU_H
#include <stddef.h>

#if !defined(KGEN_NO_SIMD) && !(defined(__x86_64__) || defined(__i386__))
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

#endif
