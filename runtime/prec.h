/* prec.h: the one place that knows the precision (internal; users
 * include only kgen.h).  The files of mk/lib.mk's PREC_RT (kgen_dft's
 * dispatch, the planner and its tables, real transforms, plansimd.c)
 * are compiled twice, for double and, with -DKGEN_SINGLE, for float, as
 * FFTW builds its single precision: the code says R for the real type
 * and the names below for everything whose name differs by precision,
 * so that one source gives kgen_plan_dft_1d and kgen_planf_dft_1d,
 * kgen_dft and kgen_dftf, and each object's tables name only its
 * precision's codelets (a static link of a program that transforms
 * doubles takes no float codelet).  FFTW's X(name) pastes one prefix;
 * kgen's names put the precision's letter in the middle (kgen_n1f_isa,
 * kgen_planf_many_dft), so X(a, b) pastes a, the letter (f for float,
 * nothing for double) and b.  Functions shared between the runtime's
 * files are named PRIV(name): kgen_priv_name, or kgen_priv_namef for
 * float, so that every global name of libkgen.a starts with kgen
 * (tests/test_symbols.py); none is exported from libkgen.so (no
 * KGEN_API).  Only this header and plansimd.c (whose shuffles differ by
 * lanes) test KGEN_SINGLE, besides #ifndef KGEN_SINGLE around what is
 * defined once, in the double object. */
#ifndef KGEN_PREC_H
#define KGEN_PREC_H

#include <stddef.h>
#include "kgen.h"

#ifdef KGEN_SINGLE
typedef float R;
#define PREC_LETTER f
#define PREC 'f'            /* the wisdom store's key (runtime/wisdom.c) */
#define ISFLOAT 1           /* kgen_isa_for's argument */
#define RSIZE "4"           /* sizeof(R), for assembly text */
/* codelets.def's lines of this precision: KEEP_##prec(x) is x, or
 * nothing for the other precision */
#define KEEP_float(x) x
#define KEEP_double(x)
/* vectors of R (plansimd.c): __m256 and __m512, _ps intrinsics */
#define VEC_D
#define VEC_SUF ps
#define IDX512(...) _mm512_setr_epi32(__VA_ARGS__)
#else
typedef double R;
#define PREC_LETTER
#define PREC 'd'
#define ISFLOAT 0
#define RSIZE "8"
#define KEEP_float(x)
#define KEEP_double(x) x
#define VEC_D d
#define VEC_SUF pd
#define IDX512(...) _mm512_setr_epi64(__VA_ARGS__)
#endif

#define PREC_CAT3(a, b, c) PREC_CAT3_(a, b, c)
#define PREC_CAT3_(a, b, c) a##b##c
#define PREC_STR(x) PREC_STR_(x)
#define PREC_STR_(x) #x
/* a, this precision's letter, b: X(kgen_plan, _dft_1d) is
 * kgen_plan_dft_1d or kgen_planf_dft_1d */
#define X(a, b) PREC_CAT3(a, PREC_LETTER, b)
#define F(name) X(name, )
#define PRIV(name) X(kgen_priv_##name, )

typedef X(kgen_dft, _fn) n1_fn;
typedef X(kgen_plan, ) PLAN;

/* the API (kgen.h) */
#define N1_ISA X(kgen_n1, _isa)
#define N1W_ISA X(kgen_n1w, _isa)
#define N1C_ISA X(kgen_n1c, _isa)
#define N1X_ISA X(kgen_n1x, _isa)
#define N1A_ISA X(kgen_n1a, _isa)
#define N1_FOR X(kgen_n1, _for)
#define N1_SCALAR(n) N1_ISA((n), KGEN_ISA_SCALAR)
#define DFT X(kgen_dft, )
#define PLAN_MANY X(kgen_plan, _many_dft)
#define PLAN_1D X(kgen_plan, _dft_1d)
#define PLAN_R2C X(kgen_plan, _dft_r2c_1d)
#define PLAN_C2R X(kgen_plan, _dft_c2r_1d)
#define EXECUTE X(kgen_execute, )
#define EXECUTE_R2C X(kgen_execute, _r2c)
#define EXECUTE_C2R X(kgen_execute, _c2r)
#define DESTROY X(kgen_destroy, )
/* the FFTW-style interface (plannd.c, realnd.c, plandesc.c) */
typedef X(kgen_complex, ) CPLX;
#define PLAN_DFT X(kgen_plan, _dft)
#define PLAN_2D X(kgen_plan, _dft_2d)
#define PLAN_3D X(kgen_plan, _dft_3d)
#define PLAN_MANY_ND X(kgen_plan, _many_dft_nd)
#define PLAN_GURU X(kgen_plan, _guru_dft)
#define EXECUTE_DFT X(kgen_execute, _dft)
#define PLAN_R2C_ND X(kgen_plan, _dft_r2c)
#define PLAN_R2C_2D X(kgen_plan, _dft_r2c_2d)
#define PLAN_R2C_3D X(kgen_plan, _dft_r2c_3d)
#define PLAN_C2R_ND X(kgen_plan, _dft_c2r)
#define PLAN_C2R_2D X(kgen_plan, _dft_c2r_2d)
#define PLAN_C2R_3D X(kgen_plan, _dft_c2r_3d)
#define PLAN_MANY_R2C X(kgen_plan, _many_dft_r2c)
#define PLAN_MANY_C2R X(kgen_plan, _many_dft_c2r)
#define EXECUTE_DFT_R2C X(kgen_execute, _dft_r2c)
#define EXECUTE_DFT_C2R X(kgen_execute, _dft_c2r)
#define DESCRIBE X(kgen_plan, _describe)

/* kgen_dft's internals (dispatch.c; cpu.h declares the picks), and
 * their names as strings for its assembly entry */
#define DFT_C X(kgen_priv_dft, _c)
#define DFT_PICKED X(kgen_priv_dft, _picked)
#define DFT_PICK X(kgen_priv_dft, _pick)
#define DFT_FORGET X(kgen_priv_dft, _forget)
#define DFT_NAME PREC_STR(DFT)
#define DFT_C_NAME PREC_STR(DFT_C)
#define SLOTS_NAME PREC_STR(X(kgen_priv_dft, _slots))

/* AVX2 and AVX-512 vectors of R and their intrinsics (plansimd.c) */
#define VA PREC_CAT3(__m256, VEC_D, )
#define VA_N (32 / (int)sizeof(R))
#define VA_LD PREC_CAT3(_mm256_loadu_, VEC_SUF, )
#define VA_ST PREC_CAT3(_mm256_storeu_, VEC_SUF, )
#define VA_MUL PREC_CAT3(_mm256_mul_, VEC_SUF, )
#define VA_FMA PREC_CAT3(_mm256_fmadd_, VEC_SUF, )
#define VA_FMS PREC_CAT3(_mm256_fmsub_, VEC_SUF, )
#define V512 PREC_CAT3(__m512, VEC_D, )
#define LD512 PREC_CAT3(_mm512_loadu_, VEC_SUF, )
#define ST512 PREC_CAT3(_mm512_storeu_, VEC_SUF, )
#define PERM512 PREC_CAT3(_mm512_permutex2var_, VEC_SUF, )

/* An n1c or n1x codelet's NAME_v1: one forward transform of interleaved
 * pairs (ii = ri + 1, io = ro + 1), strides is and os; returns 0. */
typedef int v1_fn(const R *ri, R *ro, ptrdiff_t is, ptrdiff_t os);

#endif
