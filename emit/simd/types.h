/* emit/simd/types.h: what every SIMD n1 codelet defines before its
 * helpers: <immintrin.h> (the x86 "prelude"; NEON's codelets print
 * neon.h's "neon_prelude", <arm_neon.h>, instead), KGEN_INLINE
 * ("inline") and the vector types kgen_d2 .. kgen_d8 and kgen_f2 ..
 * kgen_f16 (GCC/Clang vector extensions, so that lanes index as x[l]
 * and arithmetic is written a * b + c).  text.awk copies the pieces
 * between the kgen markers into the emitter's text
 * (build/emit/simdtext.h), the pieces of one name one after the other:
 * the prelude, "inline", then one per type, of which a codelet prints
 * those up to its vector width.  The ISA headers (sse2.h, avx2.h,
 * avx512.h, neon.h) include this one; compiled for AArch64 (neon.h, in
 * tests/simdhelpers.c) it leaves the x86 prelude out. */
#include <stddef.h>

/* g++ 12 warns that _mm512_undefined_pd(), in its own header, "may be
 * used uninitialized" wherever it inlines _mm512_unpacklo_pd: a bug of
 * the header, silenced from before the include (where the warning
 * points) to the end of the codelet (postlude) */
#if !defined(__aarch64__)
/* kgen: begin prelude */
#if defined(__cplusplus) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

/* kgen: end */
#endif
/* gcc -O2 leaves the larger helpers out of line, and then every vector
 * goes through memory; unused: a codelet calls only some of them, and
 * clang -Wall warns about the others otherwise */
/* kgen: begin inline */
#ifndef KGEN_INLINE
#define KGEN_INLINE static inline __attribute__((always_inline, unused))
#endif
/* kgen: end */
/* kgen: begin d2 */
#ifndef KGEN_D2
#define KGEN_D2
typedef double kgen_d2 __attribute__((vector_size(16)));
#endif
/* kgen: end */
/* kgen: begin d4 */
#ifndef KGEN_D4
#define KGEN_D4
typedef double kgen_d4 __attribute__((vector_size(32)));
#endif
/* kgen: end */
/* kgen: begin d8 */
#ifndef KGEN_D8
#define KGEN_D8
typedef double kgen_d8 __attribute__((vector_size(64)));
#endif
/* kgen: end */
/* kgen: begin f2 */
#ifndef KGEN_F2
#define KGEN_F2
typedef float kgen_f2 __attribute__((vector_size(8)));
#endif
/* kgen: end */
/* kgen: begin f4 */
#ifndef KGEN_F4
#define KGEN_F4
typedef float kgen_f4 __attribute__((vector_size(16)));
#endif
/* kgen: end */
/* kgen: begin f8 */
#ifndef KGEN_F8
#define KGEN_F8
typedef float kgen_f8 __attribute__((vector_size(32)));
#endif
/* kgen: end */
/* kgen: begin f16 */
#ifndef KGEN_F16
#define KGEN_F16
typedef float kgen_f16 __attribute__((vector_size(64)));
#endif
/* kgen: end */
/* kgen: begin postlude */
#if defined(__cplusplus) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
/* kgen: end */
