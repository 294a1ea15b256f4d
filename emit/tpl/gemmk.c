/* emit/tpl/gemmk.c: the code emit/gemmk.c prints around the statements
 * of its GEMM micro-kernels, as pieces between "kgen: begin NAME" and
 * "kgen: end" comments; the build turns them into text
 * (emit/text.awk) and emit/tpl.c prints them.  A placeholder @name@
 * stands for a value the emitter passes, described at its piece.  The
 * lines outside the pieces are not printed. */

/* kgen_addc's additions of a 256-bit value @h@ to C at @q@: its first
 * double, its first two, and (after the first two) its third. */
/* kgen: begin addc_1 */
	_mm_store_sd(@q@, _mm_load_sd(@q@) +
	    _mm256_castpd256_pd128(@h@));
/* kgen: end */

/* kgen: begin addc_2 */
	_mm_storeu_pd(@q@, _mm_loadu_pd(@q@) +
	    _mm256_castpd256_pd128(@h@));
/* kgen: end */

/* kgen: begin addc_3 */
	_mm_store_sd(@q@, _mm_load_sd(@q@) +
	    _mm256_extractf128_pd(@h@, 1));
/* kgen: end */

/* kgen_addc, up to the additions. */
/* kgen: begin addc_head */
static inline void
kgen_addc(double *p, __m512d v)
{
/* kgen: end */

/* The vector type of @vl@ doubles (@bytes@ bytes), defined once per
 * translation unit. */
/* kgen: begin kloop_vtype */
#ifndef KGEN_V@vl@
#define KGEN_V@vl@
typedef double kgen_v@vl@ __attribute__((vector_size(@bytes@),
    aligned(8), may_alias));
#endif

/* kgen: end */

/* A codelet of the gemm ABI with n = 1 uses neither ldb nor ldc. */
/* kgen: begin kloop_unit */
	(void)ldb;
	(void)ldc;
/* kgen: end */

/* The micro-kernel @name@ with a run-time k, up to its sums of C. */
/* kgen: begin kloop_head */
void
@name@(ptrdiff_t k, const double *A, const double *B, double *C,
    ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc)
{
/* kgen: end */

/* The header's prototype of a micro-kernel. */
/* kgen: begin kloop_abi */
 * void @name@(ptrdiff_t k, const double *A, const double *B, double *C,
 *     ptrdiff_t lda, ptrdiff_t ldb, ptrdiff_t ldc);
 * C must not overlap A or B; k >= 0 steps (k = 0 leaves C as it is).
/* kgen: end */
