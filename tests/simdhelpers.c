/* simdhelpers.c: checks the SIMD helpers of emit/simd/ (the loads,
 * stores, transposes, packing and FMAs that SIMD n1 codelets embed)
 * against scalar code, on their own: round trips (load then store gives
 * the input back and touches nothing else), transposes against a scalar
 * transpose, packs against scalar packing, in every layout and lane
 * count the emitter uses and in both precisions (tests/simdhelpers.h,
 * included once per precision).  Compile with ISA=1 (SSE2), 2 (AVX2) or
 * 3 (AVX-512) and that ISA's flags from isa.def, or ISA=4 (NEON) with
 * an AArch64 compiler (run under qemu-aarch64 by tests/test_neon.py);
 * it prints one line "precision check failures" per check, and "perm"
 * lines giving each precision's kgen_ldi lane order.
 * tests/test_simdhelpers.py asserts (test_neon.py for NEON, which has
 * one check more, "ldisti2": kgen_ldi and kgen_sti on adjacent pairs,
 * its vld2q/vst2q path). */
#include <stdio.h>

#if ISA == 1
#include "../emit/simd/sse2.h"
#define ISA_D sse2_d
#define ISA_F sse2_f
#define VL_D 2
#define VL_F 4
#define VEC_D kgen_d2
#define VEC_F kgen_f4
#elif ISA == 2
#include "../emit/simd/avx2.h"
#define ISA_D avx2_d
#define ISA_F avx2_f
#define VL_D 4
#define VL_F 8
#define VEC_D kgen_d4
#define VEC_F kgen_f8
#define GROUPS_F GROUP(4); GROUP(2)
#elif ISA == 3
#include "../emit/simd/avx512.h"
#define ISA_D avx512_d
#define ISA_F avx512_f
#define VL_D 8
#define VL_F 16
#define VEC_D kgen_d8
#define VEC_F kgen_f16
#define GROUPS_D GROUP(4); GROUP(2)
#define GROUPS_F GROUP(8); GROUP(2)
#elif ISA == 4
#include "../emit/simd/neon.h"
#define ISA_D neon_d
#define ISA_F neon_f
#define VL_D 2
#define VL_F 4
#define VEC_D kgen_d2
#define VEC_F kgen_f4
#else
#error "compile with -DISA=1, 2, 3 or 4"
#endif

#define CAT_(a, b) a##_##b
#define CAT(a, b) CAT_(a, b)

/* pack's test: N elements IS apart (IS past the widest pair load),
 * transforms IVS apart, in arrays of LEN */
enum { N = 3, IS = 2 * 16 + 3, IVS = 2, LEN = 2 * N * IS + 2 };

static void
report(const char *prec, const char *name, int bad)
{
	printf("%s %s %d\n", prec, name, bad);
}

#define R double
#define V VEC_D
#define VL VL_D
#define P "d"
#define F(f) CAT(kgen_##f, ISA_D)
#define T(f) f##_d
#ifdef GROUPS_D
#define GROUPS GROUPS_D
#endif
#include "simdhelpers.h"
#undef R
#undef V
#undef VL
#undef P
#undef F
#undef T
#undef GROUPS
#undef GROUP

#define R float
#define V VEC_F
#define VL VL_F
#define P "f"
#define F(f) CAT(kgen_##f, ISA_F)
#define T(f) f##_f
#ifdef GROUPS_F
#define GROUPS GROUPS_F
#define LDN
#endif
#include "simdhelpers.h"

#if ISA == 4
/* kgen_ldi and kgen_sti at s == 2, adjacent pairs: lane l for pair l,
 * and the store puts back exactly the 2 VL elements */
#define ADJ(R, VL, P, LDI, STI, V) do { \
	R p[2 * VL + 2], q[2 * VL + 2]; \
	V re, im; \
	int l, bad = 0; \
	for (l = 0; l < 2 * VL + 2; l++) { \
		p[l] = (R)l + (R)0.25; \
		q[l] = -1; \
	} \
	LDI(p, 2, &re, &im); \
	for (l = 0; l < VL; l++) \
		bad += re[l] != p[2 * l] || im[l] != p[2 * l + 1]; \
	STI(q, 2, re, im); \
	for (l = 0; l < 2 * VL + 2; l++) \
		bad += l < 2 * VL ? q[l] != p[l] : q[l] != -1; \
	report(P, "ldisti2", bad); \
} while (0)
#endif

int
main(void)
{
	all_d();
#if ISA == 4
	ADJ(double, VL_D, "d", kgen_ldi_neon_d, kgen_sti_neon_d, kgen_d2);
#endif
	all_f();
#if ISA == 4
	ADJ(float, VL_F, "f", kgen_ldi_neon_f, kgen_sti_neon_f, kgen_f4);
#endif
	return 0;
}
