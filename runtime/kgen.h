/* kgen.h: the public interface of libkgen, the only header its users
 * include.  libkgen holds kgen's generated n1 codelets (complex DFTs of
 * sizes 1..KGEN_N1_MAX, double and float, forward) and a registry that
 * finds them by size and precision and reports their operation counts.
 *
 * Every codelet has FFTW's n1 calling convention:
 *   v transforms of size n; transform j reads element m from
 *   ri[j*ivs + m*is], ii[j*ivs + m*is] and writes output k to
 *   ro[j*ovs + k*os], io[j*ovs + k*os].
 * Interleaved complex data is ii = ri + 1 with doubled strides.  In-place
 * use (ri == ro, ii == io, is == os, ivs == ovs) works; other overlaps
 * between input and output are not allowed.  Codelets never allocate,
 * print or fail.
 *
 * The library's codelets compute the forward transform,
 *   out[k] = sum_m in[m] * exp(-2 pi i m k / n).
 * kgen_dft and kgen_dftf also give the backward one (sign +1,
 * unnormalised) from the same codelets, by FFTW's trick of swapping real
 * and imaginary parts of input and output.
 *
 * Functions that take caller data return a status (KGEN_OK or a negative
 * KGEN_E* code) or NULL; the library never prints, exits or asserts.
 *
 * Threads: every function may be called from any number of threads at
 * once, with no set-up call first; the tables the library fills on first
 * use (the ISA choice, lookups, dispatch) are atomic and every thread
 * fills them alike (make tsan checks this).  The one rule: a plan holds
 * scratch memory, so one plan runs one kgen_execute* at a time; distinct
 * plans run concurrently, and plans are created and destroyed
 * concurrently.  The library's own threads (kgen_plan_with_nthreads)
 * change none of this: they are a pool that runs one parallel loop at a
 * time, and a call that finds it busy runs on its caller's thread alone
 * (same results, no waiting on another call).  A child of fork starts
 * with no pool threads and makes its own. */
#ifndef KGEN_H
#define KGEN_H

/* The library version at compile time (kgen_version() gives it at run time);
 * tests/test_install.py checks it against dag/all.h's KGEN_VERSION. */
#define KGEN_VERSION_MAJOR 0
#define KGEN_VERSION_MINOR 1
#define KGEN_VERSION_PATCH 0
#define KGEN_VERSION_STRING "0.1.0"

#include <stddef.h>
#include <stdint.h>

/* KGEN_API marks each name libkgen exports.  The library is built with
 * -fvisibility=hidden (mk/lib.mk), so libkgen.so exports exactly the
 * functions and codelets declared below and nothing else
 * (tests/test_symbols.py checks); its other codelets are reached through
 * kgen_n1_isa, kgen_n1_for and the planner. */
#if defined(__GNUC__) && __GNUC__ >= 4
#define KGEN_API __attribute__((visibility("default")))
#else
#define KGEN_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Largest n with a codelet in the library: every n in 1..KGEN_N1_MAX is
 * present in both precisions (the largest n1 of codelets.def, which
 * runtime/dispatch.c asserts). */
#define KGEN_N1_MAX 64

/* Precisions, as kgen_lookup takes them.  Zero is deliberately none. */
#define KGEN_DOUBLE 1
#define KGEN_FLOAT  2

/* Status codes. */
#define KGEN_OK      0
#define KGEN_EINVAL  (-1)  /* a NULL array, a negative or too large count */
#define KGEN_ESIGN   (-2)  /* sign is neither -1 nor +1 */
#define KGEN_ENOSIZE (-3)  /* no codelet of this size and precision */
#define KGEN_ENOMEM  (-4)  /* out of memory (kgen_dgemm) */
#define KGEN_ESELFTEST (-5)  /* kgen_selftest: a check failed */
/* kgen_strerror has a message for each of the codes above. */

typedef void kgen_dft_fn(const double *ri, const double *ii, double *ro,
    double *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs,
    ptrdiff_t ovs);
typedef void kgen_dftf_fn(const float *ri, const float *ii, float *ro,
    float *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs,
    ptrdiff_t ovs);

/* One codelet of the library, with the counts its header comment gives. */
typedef struct kgen_codelet kgen_codelet;
struct kgen_codelet {
	const char *name;   /* its symbol, e.g. "kgen_n1_12" */
	int n;              /* transform size */
	int precision;      /* KGEN_DOUBLE or KGEN_FLOAT */
	int sign;           /* the direction it computes: -1, forward */
	kgen_dft_fn *dft;   /* the codelet when KGEN_DOUBLE, else NULL */
	kgen_dftf_fn *dftf; /* the codelet when KGEN_FLOAT, else NULL */
	int adds, muls, fmas, negs;  /* real operations per transform */
	int consts;         /* distinct constants */
	int loads, stores;  /* real loads and stores per transform */
};

/* The codelet of size n and the given precision, or NULL when the
 * library has none (n outside 1..KGEN_N1_MAX, or an unknown precision). */
KGEN_API const kgen_codelet *kgen_lookup(int n, int precision);

/* Every codelet of the library, ordered by precision then size; *count
 * gets their number when count is not NULL. */
KGEN_API const kgen_codelet *kgen_codelets(int *count);

/* v DFTs of size n in direction sign (-1 forward, +1 backward), with the
 * arguments of an n1 codelet.  Returns KGEN_OK, KGEN_ESIGN, KGEN_ENOSIZE,
 * or KGEN_EINVAL (then nothing is read or written): a NULL array, v < 0,
 * or split pointers that share an element, as no split layout does (ri
 * and ii, or ro and io, a difference apart that two offsets j ivs + m is
 * of the layout also have: ii = ri + 1 at is = 1, say; interleaved data,
 * ii = ri + 1 with even strides, is fine).
 *   double complex x[8];     (C99 <complex.h>; kgen_complex alike)
 *   double *p = (double *)x;
 *   kgen_dft(8, -1, p, p + 1, p, p + 1, 2, 2, 1, 0, 0);    in place
 *   kgen_dft(8, -1, p, p + 1, p, p + 1, 1, 1, 1, 0, 0);  KGEN_EINVAL */
KGEN_API int kgen_dft(int n, int sign, const double *ri, const double *ii,
    double *ro, double *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v,
    ptrdiff_t ivs, ptrdiff_t ovs);
KGEN_API int kgen_dftf(int n, int sign, const float *ri, const float *ii,
    float *ro, float *io, ptrdiff_t is, ptrdiff_t os, ptrdiff_t v,
    ptrdiff_t ivs, ptrdiff_t ovs);

/* A short English description of a status code; never NULL. */
KGEN_API const char *kgen_strerror(int status);

/* The version of kgen that generated the library, e.g. "0.1.0". */
KGEN_API const char *kgen_version(void);

/* Vector ISAs (runtime/cpu.c, dispatch.c).  Every n1 codelet is also in the
 * library vectorized across the batch (one transform per lane) for SSE2,
 * AVX2 with FMA and AVX-512F on x86 (NEON, AArch64's Advanced SIMD, is
 * an ISA of its own architecture: it runs only in a library built for
 * AArch64); those codelets are internal (not exported)
 * and reached through kgen_n1_isa and kgen_n1_for below.  kgen_dft and
 * kgen_dftf run the widest ISA the CPU supports (per size: kgen_isa_for).
 * The environment variable KGEN_ISA=scalar|sse2|avx2|avx512|neon|rvv,
 * read once, caps that choice (tests use it to run every path; an ISA of
 * another architecture caps it to scalar); another non-empty value is
 * ignored, reported by one line on stderr (the library's one message,
 * naming the ISAs of its architecture: "kgen: KGEN_ISA=bogus is not one
 * of scalar, sse2, avx2, avx512; ignored"). */
#define KGEN_ISA_SCALAR 0
#define KGEN_ISA_SSE2   1
#define KGEN_ISA_AVX2   2
#define KGEN_ISA_AVX512 3
#define KGEN_ISA_NEON   4
#define KGEN_ISA_RVV    5   /* RISC-V V: kgen emits its codelets, but
                             * the library is not built for RISC-V */
/* The widest ISA the CPU runs (capped by KGEN_ISA). */
KGEN_API int kgen_isa(void);
/* The ISA kgen_dft (isfloat 0) or kgen_dftf (1) uses for size n: kgen_isa()
 * but where a narrower one measured faster (dispatch.c), and exactly
 * kgen_isa() when KGEN_ISA is set. */
KGEN_API int kgen_isa_for(int n, int isfloat);
/* 1 when this CPU (and OS) runs isa's codelets and the library holds
 * them (a build of chosen ISAs may not), else 0. */
KGEN_API int kgen_isa_supported(int isa);
/* "scalar", "sse2", "avx2", "avx512" or "neon"; NULL for another
 * number. */
KGEN_API const char *kgen_isa_name(int isa);
/* The codelet of size n for isa, or NULL when n is outside
 * 1..KGEN_N1_MAX or the CPU does not run isa. */
KGEN_API kgen_dft_fn *kgen_n1_isa(int n, int isa);
KGEN_API kgen_dftf_fn *kgen_n1f_isa(int n, int isa);
/* The codelet of size n for isa vectorized within one transform (kgen
 * fft --kind n1w: same ABI, fast for v = 1), or NULL where the library
 * has none (n not a multiple of the lanes squared) or the CPU does not
 * run isa. */
KGEN_API kgen_dft_fn *kgen_n1w_isa(int n, int isa);
KGEN_API kgen_dftf_fn *kgen_n1wf_isa(int n, int isa);
/* The codelet of size n for isa with one complex number a vector (kgen
 * fft --kind n1c, FFTW's n1fv layout: same ABI, for v = 1, every n), or
 * NULL where the library has none (it has them for AVX2, which AVX-512
 * CPUs run too) or the CPU does not run isa. */
KGEN_API kgen_dft_fn *kgen_n1c_isa(int n, int isa);
KGEN_API kgen_dftf_fn *kgen_n1cf_isa(int n, int isa);
/* The codelet of size n for isa with W complex numbers of one transform
 * a vector (kgen fft --kind n1x: same ABI, for v = 1; W = 2 for AVX2
 * double and for float n = 6, 10, .., 62 (AVX2 codelets in 16-byte
 * vectors), 8 for AVX-512 float n = 64, else 4), or NULL where the
 * library has none (n not a multiple of W, or below 2W; AVX2 and AVX-512
 * only) or the CPU does not run isa. */
KGEN_API kgen_dft_fn *kgen_n1x_isa(int n, int isa);
KGEN_API kgen_dftf_fn *kgen_n1xf_isa(int n, int isa);
/* The batched codelet of size n for isa (one transform per vector
 * lane, like kgen_n1_isa's) as kgen's x86-64 assembly (kgen fft --simd
 * ISA --emit asm: same ABI, registers allocated by kgen and checked by
 * its translation validator), or NULL where the library has none (it has
 * them for AVX2 and AVX-512, n = 2..64) or the CPU does not run isa.
 * kgen_dft times them beside the C codelets for v that fills the lanes. */
KGEN_API kgen_dft_fn *kgen_n1a_isa(int n, int isa);
KGEN_API kgen_dftf_fn *kgen_n1af_isa(int n, int isa);
/* The codelet kgen_dft (kgen_dftf) runs for v transforms of size n of
 * interleaved data, one transform after another: the fastest of the
 * library's codelets for n up to kgen_isa() (batched across transforms
 * in C and in assembly, n1w, n1c and n1x; one transform at a time the
 * scalar codelet instead of the batched ones), timed on this machine at
 * the first call for each size, precision, layout (interleaved one after
 * another; interleaved side by side, ivs or ovs 2, apart for input and
 * output placed alike and unlike against 64-byte boundaries; split) and
 * side of the lanes (v below kgen_isa_for(n)'s lanes or not; about
 * 0.1-1 ms once, runtime/dispatch.c); when KGEN_ISA is set, v that fills
 * the lanes runs kgen_isa()'s batched codelet.  NULL when n is outside
 * 1..KGEN_N1_MAX. */
KGEN_API kgen_dft_fn *kgen_n1_for(int n, ptrdiff_t v);
KGEN_API kgen_dftf_fn *kgen_n1f_for(int n, ptrdiff_t v);

/* Whole transforms of any size n >= 1 (runtime/plan.c), double: transform
 * h of a plan reads x_k = ri[h*dist + k*stride] + i ii[h*dist + k*stride]
 * and writes X_k to ro, io at the same offsets,
 *   X_k = sum_j x_j exp(sign 2 pi i jk / n),  unnormalised.
 * Split arrays: ri, ii (and ro, io) separate, stride 1, dist n.
 * Interleaved complex data (the layout of FFTW's fftw_complex and C99's
 * double complex) is stride 2, dist 2n and ii = ri + 1, io = ro + 1:
 *   kgen_plan *p = kgen_plan_many_dft(n, 1, 2, 2 * n, -1, 0);
 *   kgen_execute(p, (double *)x, (double *)x + 1, (double *)y,
 *       (double *)y + 1);
 * runs as fast as split arrays up to one SIMD (de)interleaving pass each
 * way (AVX2 shuffles where the CPU has AVX2).  In place (ri == ro, ii ==
 * io) works; other overlaps do not.
 * Sizes made of primes up to KGEN_N1_MAX are mixed-radix Cooley-Tukey
 * over the library's codelets (vectorized on AVX2 and AVX-512 CPUs); a
 * prime above KGEN_N1_MAX uses Rader's algorithm (a cyclic convolution of
 * size n - 1 through a plan of that size), other sizes with a prime
 * factor above KGEN_N1_MAX Bluestein's.  flags: KGEN_ESTIMATE (0) plans
 * by rule, at once; KGEN_MEASURE times candidate plans (factorizations,
 * leaf and twiddle codelets, ISAs, cache blocking; Rader against
 * Bluestein) and keeps the fastest, in well under a second for n <= 2^16,
 * and records it as wisdom; other bits are refused (NULL).  Both use
 * wisdom already held for n.  A plan holds scratch memory, so one plan
 * runs one kgen_execute at a time; plans may be made from several
 * threads at once.
 * The plan functions return NULL for n < 1, n > KGEN_PLAN_MAX (or, where
 * Bluestein's algorithm serves n, n > KGEN_PLAN_MAX / 2: its convolution
 * of size >= 2n - 1 must itself be a plan),
 * howmany < 1, a layout whose largest offset (n - 1)|stride| +
 * (howmany - 1)|dist| exceeds PTRDIFF_MAX bytes, a sign other than -1 or
 * +1, unknown flags, or no memory (a plan of size n holds about 4n to 12n
 * complex numbers of scratch and tables). */
#define KGEN_PLAN_MAX (1 << 30)  /* the largest n a plan accepts */
/* Planner flags (the flags argument of the plan functions). */
#define KGEN_ESTIMATE 0U        /* plan by rule, no timing (the default) */
#define KGEN_MEASURE  1U        /* time candidate plans, keep the fastest */
typedef struct kgen_plan kgen_plan;
KGEN_API kgen_plan *kgen_plan_dft_1d(int n, int sign, unsigned flags);
KGEN_API kgen_plan *kgen_plan_many_dft(int n, int howmany, ptrdiff_t stride,
    ptrdiff_t dist, int sign, unsigned flags);
/* Returns KGEN_OK, or KGEN_EINVAL for a NULL plan or array. */
KGEN_API int kgen_execute(const kgen_plan *p, const double *ri,
    const double *ii, double *ro, double *io);
KGEN_API void kgen_destroy(kgen_plan *p);
/* The smallest m >= n whose prime factors are 2, 3, 5 and 7: the sizes
 * the twiddle codelets cover best; 1 for n <= 1, and 0 when no such m
 * fits in an int (n > KGEN_FAST_MAX). */
#define KGEN_FAST_MAX 2144153025  /* 3^6 5^2 7^6, the largest below 2^31 */
KGEN_API int kgen_next_fast_size(int n);

/* Wisdom (runtime/wisdom.c): the plans KGEN_MEASURE chose, per precision,
 * layout (interleaved: stride 2; split: any other stride) and size,
 * shared by every thread: KGEN_MEASURE times candidates on the layout
 * the plan's stride implies; which of a twiddle step's C and assembly
 * codelets a plan's first use timed faster; and the codelets kgen_dft
 * and kgen_dftf measured fastest at their first calls (per size, layout
 * and side of the lanes).  An import makes these the choices with no
 * measurement.
 * The text form (documented in runtime/wisdom.c and the README) is lines
 * of plain ASCII, a header "kgen-wisdom 3" then one line per entry; text
 * of versions 1 (before layouts: each line for both) and 2 (before
 * kgen_dft's picks) is still read; other headers are refused
 * (KGEN_EINVAL).  export returns a string from
 * malloc (free it with free), or NULL out of memory; import checks the
 * whole text and takes all of it (KGEN_OK) or none (KGEN_EINVAL for text
 * that is not kgen wisdom, KGEN_ENOMEM); the file variants return
 * KGEN_EINVAL also when the file cannot be read or written.  Imported
 * entries replace those held for the same size and layout; entries for
 * an ISA the CPU lacks are ignored when planning (kgen_dft's are
 * dropped).  kgen_forget_wisdom empties the store and makes kgen_dft
 * measure again. */
KGEN_API char *kgen_export_wisdom_to_string(void);
KGEN_API int kgen_import_wisdom_from_string(const char *s);
KGEN_API int kgen_export_wisdom_to_filename(const char *path);
KGEN_API int kgen_import_wisdom_from_filename(const char *path);
KGEN_API void kgen_forget_wisdom(void);

/* Whole real-data transforms (runtime/real.c), FFTW's r2c and c2r:
 * r2c reads n reals in[j] and writes X_k = ro[k] + i io[k] for 0 <= k <=
 * n/2, X_k = sum_j in[j] exp(-2 pi i jk/n) (io[0], and io[n/2] for even n,
 * are 0); c2r reads that half spectrum (ignoring ii[0] and, for even n,
 * ii[n/2]) and writes out[j] = sum_k X_k exp(+2 pi i jk/n) over the full
 * Hermitian spectrum: n times the input of r2c.  Unit strides; input and
 * output must not overlap; the input is not modified.  Free with
 * kgen_destroy; kgen_execute rejects these plans and the real executes
 * reject complex ones (KGEN_EINVAL), as they do NULL arrays.  A real
 * plan of even n runs a complex plan of size n/2, of odd n one of size n,
 * and is refused (NULL) where that complex plan is. */
KGEN_API kgen_plan *kgen_plan_dft_r2c_1d(int n, unsigned flags);
KGEN_API kgen_plan *kgen_plan_dft_c2r_1d(int n, unsigned flags);
KGEN_API int kgen_execute_r2c(const kgen_plan *p, const double *in, double *ro,
    double *io);
KGEN_API int kgen_execute_c2r(const kgen_plan *p, const double *ri,
    const double *ii, double *out);

/* The same in single precision: kgen_planf, kgen_planf_dft_1d, ...,
 * kgen_executef, kgen_destroyf; float arrays, otherwise as above. */
typedef struct kgen_planf kgen_planf;
KGEN_API kgen_planf *kgen_planf_dft_1d(int n, int sign, unsigned flags);
KGEN_API kgen_planf *kgen_planf_many_dft(int n, int howmany, ptrdiff_t stride,
    ptrdiff_t dist, int sign, unsigned flags);
KGEN_API int kgen_executef(const kgen_planf *p, const float *ri,
    const float *ii, float *ro, float *io);
KGEN_API void kgen_destroyf(kgen_planf *p);
KGEN_API kgen_planf *kgen_planf_dft_r2c_1d(int n, unsigned flags);
KGEN_API kgen_planf *kgen_planf_dft_c2r_1d(int n, unsigned flags);
KGEN_API int kgen_executef_r2c(const kgen_planf *p, const float *in, float *ro,
    float *io);
KGEN_API int kgen_executef_c2r(const kgen_planf *p, const float *ri,
    const float *ii, float *out);

/* ---- The FFTW-style interface: interleaved complex data, any rank,
 * real data in FFTW's layout, threads (runtime/plannd.c, realnd.c,
 * threads.c).  Every call below has FFTW's meaning; README.md has the
 * FFTW-to-kgen table.
 *
 * kgen_complex is FFTW's fftw_complex: layout-compatible with C99
 * double complex and C++ std::complex<double> (re, im), so a pointer to
 * any of them may be cast to kgen_complex *.  kgen_complexf for float. */
typedef double kgen_complex[2];
typedef float kgen_complexf[2];

/* One dimension of a guru problem (FFTW's fftw_iodim64): size n >= 1,
 * input stride is and output stride os, counted in elements of the
 * array the execute call is given (kgen_complex for kgen_execute_dft,
 * double for the split kgen_execute; may be negative or 0 only where no
 * two elements meet). */
typedef struct kgen_iodim kgen_iodim;
struct kgen_iodim {
	int n;
	ptrdiff_t is, os;
};

/* Complex DFTs of any rank >= 1 over row-major arrays (FFTW's
 * fftw_plan_dft): n[0] x n[1] x ... x n[rank-1], the last index the
 * fastest, unnormalised, sign -1 forward and +1 backward:
 *   kgen_complex *x = kgen_malloc(sizeof *x * 64 * 48);
 *   kgen_plan *p = kgen_plan_dft_2d(64, 48, -1, KGEN_MEASURE);
 *   ...fill x...
 *   kgen_execute_dft(p, x, x);      (in place; out of place: x, y)
 *   kgen_destroy(p); kgen_free(x);
 * The plans hold no pointers; execute any arrays of the planned layout.
 * kgen_plan_dft_1d's plans are these of rank 1.  Plans made by these
 * calls are tuned (KGEN_MEASURE) for interleaved data; kgen_execute on
 * split arrays (strides in doubles) runs them correctly too.
 * The plan functions return NULL for rank < 1, a size < 1, a product of
 * sizes above KGEN_PLAN_MAX, a sign other than -1 or +1, unknown flags,
 * a layout whose extent overflows, or no memory. */
KGEN_API kgen_plan *kgen_plan_dft(int rank, const int *n, int sign,
    unsigned flags);
KGEN_API kgen_plan *kgen_plan_dft_2d(int n0, int n1, int sign,
    unsigned flags);
KGEN_API kgen_plan *kgen_plan_dft_3d(int n0, int n1, int n2, int sign,
    unsigned flags);
/* FFTW's fftw_plan_many_dft without the arrays: howmany transforms of
 * rank and n, element (i_0, .., i_(rank-1)) of transform h at
 *   in[h idist + istride (i_(rank-1) + inembed[rank-1] (i_(rank-2) + ...))]
 * and likewise out with onembed, ostride, odist; inembed (onembed) NULL
 * means n.  Strides and distances in elements, as for kgen_iodim:
 *   int n[2] = {100, 64};   (64 rows of 100 columns, transposed below)
 *   kgen_plan *p = kgen_plan_many_dft_nd(1, n, 64, NULL, 1, 100,
 *       NULL, 64, 1, -1, 0);   (each row in, each column out)
 *   kgen_execute_dft(p, x, y); */
KGEN_API kgen_plan *kgen_plan_many_dft_nd(int rank, const int *n,
    int howmany, const int *inembed, ptrdiff_t istride, ptrdiff_t idist,
    const int *onembed, ptrdiff_t ostride, ptrdiff_t odist, int sign,
    unsigned flags);
/* FFTW's guru interface: a transform of rank dimensions dims[], done
 * for every index of the howmany_rank dimensions howmany_dims[] (loops,
 * each with its own input and output stride; howmany_rank 0 is one
 * transform).  In place (in == out) requires the same input and output
 * strides (else KGEN_EINVAL at execute).
 *   kgen_iodim d = {100, 2, 3};    (n = 100, input stride 2, output 3)
 *   kgen_plan *p = kgen_plan_guru_dft(1, &d, 0, NULL, -1, 0);
 *   kgen_execute_dft(p, x, y); */
KGEN_API kgen_plan *kgen_plan_guru_dft(int rank, const kgen_iodim *dims,
    int howmany_rank, const kgen_iodim *howmany_dims, int sign,
    unsigned flags);
/* Runs complex plan p on interleaved arrays (in == out: in place).
 * Returns KGEN_OK, or KGEN_EINVAL for a NULL plan or array, a real
 * plan, or in place where the plan's input and output layouts differ.
 * kgen_execute (split) runs the same plans; both reject split pointers
 * that overlap in a way no split layout can (ii = ri + 1 at stride 1),
 * as kgen_dft and kgen_dftf do: KGEN_EINVAL, nothing written. */
KGEN_API int kgen_execute_dft(const kgen_plan *p, const kgen_complex *in,
    kgen_complex *out);

/* Real data in FFTW's layout (fftw_plan_dft_r2c, _c2r): r2c reads the
 * n[0] x .. x n[rank-1] reals and writes the half spectrum n[0] x .. x
 * (n[rank-1]/2 + 1) of interleaved complex numbers, forward (sign -1);
 * c2r the unnormalised inverse (sign +1) from the half spectrum (the
 * imaginary parts that must be 0 for Hermitian data are ignored).
 * Out of place the reals are rows of n[rank-1]; in place (in and out
 * the same address) rows of 2 (n[rank-1]/2 + 1) doubles, FFTW's padding.
 *   double *x = kgen_malloc(sizeof *x * 64 * 2 * (64 / 2 + 1));
 *   kgen_plan *f = kgen_plan_dft_r2c_2d(64, 64, 0);
 *   kgen_plan *b = kgen_plan_dft_c2r_2d(64, 64, 0);
 *   kgen_execute_dft_r2c(f, x, (kgen_complex *)x);   (in place)
 *   kgen_execute_dft_c2r(b, (kgen_complex *)x, x);   (64^2 x again)
 * c2r out of place never modifies its input (FFTW's may); in place it
 * overwrites it with the result. */
KGEN_API kgen_plan *kgen_plan_dft_r2c(int rank, const int *n,
    unsigned flags);
KGEN_API kgen_plan *kgen_plan_dft_r2c_2d(int n0, int n1, unsigned flags);
KGEN_API kgen_plan *kgen_plan_dft_r2c_3d(int n0, int n1, int n2,
    unsigned flags);
KGEN_API kgen_plan *kgen_plan_dft_c2r(int rank, const int *n,
    unsigned flags);
KGEN_API kgen_plan *kgen_plan_dft_c2r_2d(int n0, int n1, unsigned flags);
KGEN_API kgen_plan *kgen_plan_dft_c2r_3d(int n0, int n1, int n2,
    unsigned flags);
/* fftw_plan_many_dft_r2c and _c2r: as kgen_plan_many_dft_nd, strides in
 * doubles on the real side, in kgen_complex on the complex side (its
 * embed's last size counts complex numbers); in place is the caller's
 * layout, which must keep the two sides' elements apart as FFTW's
 * padding does. */
KGEN_API kgen_plan *kgen_plan_many_dft_r2c(int rank, const int *n,
    int howmany, const int *inembed, ptrdiff_t istride, ptrdiff_t idist,
    const int *onembed, ptrdiff_t ostride, ptrdiff_t odist,
    unsigned flags);
KGEN_API kgen_plan *kgen_plan_many_dft_c2r(int rank, const int *n,
    int howmany, const int *inembed, ptrdiff_t istride, ptrdiff_t idist,
    const int *onembed, ptrdiff_t ostride, ptrdiff_t odist,
    unsigned flags);
/* Return KGEN_OK, or KGEN_EINVAL for a NULL plan or array or a plan of
 * another kind.  kgen_plan_dft_r2c_1d's and _c2r_1d's plans run here too
 * (FFTW's layout), and in kgen_execute_r2c / _c2r (split spectrum),
 * which take only those rank-1 plans of one transform. */
KGEN_API int kgen_execute_dft_r2c(const kgen_plan *p, const double *in,
    kgen_complex *out);
KGEN_API int kgen_execute_dft_c2r(const kgen_plan *p,
    const kgen_complex *in, double *out);

/* Threads (FFTW's fftw_plan_with_nthreads; no init call is needed):
 * plans of either precision made after this call, and kgen_dgemm calls,
 * use up to nthreads threads (POSIX threads, a pool the library starts
 * on first use); 1, the default, runs on the caller's thread only.
 *   kgen_plan_with_nthreads(2);
 *   kgen_plan *p = kgen_plan_dft_2d(1024, 1024, -1, 0);   (2 threads)
 *   kgen_execute_dft(p, x, x);
 * The setting is global (all threads), read when a plan is made (by
 * kgen_dgemm at each call).  The pool's threads start on the first
 * parallel run, grow to the most ever asked for (more than the machine
 * has cores is allowed, if slower), sleep when idle and last until the
 * process exits.  Small problems stay on the caller's thread whatever
 * the setting: kgen_dgemm below m n k = 2 * 96^3 (its results are the
 * same to the bit on any number of threads).
 * Returns KGEN_OK, or KGEN_EINVAL for nthreads < 1 (setting unchanged). */
KGEN_API int kgen_plan_with_nthreads(int nthreads);

/* What plan p does, as FFTW's fftw_sprint_plan: one line per part (the
 * algorithm, sizes, codelets and their ISA, threads), from malloc (free
 * it with free); NULL for a NULL plan or out of memory.
 *   char *s = kgen_plan_describe(p); puts(s); free(s); */
KGEN_API char *kgen_plan_describe(const kgen_plan *p);

/* Memory on a 64-byte boundary for the arrays (fftw_malloc); NULL out of
 * memory; kgen_free(NULL) does nothing.  Any alignment works; this
 * one runs fastest. */
KGEN_API void *kgen_malloc(size_t bytes);
KGEN_API void kgen_free(void *p);

/* The same in single precision, f after kgen_plan / kgen_execute:
 * kgen_planf_dft, _dft_2d, _dft_3d, kgen_planf_many_dft_nd,
 * kgen_planf_guru_dft, kgen_executef_dft, the real plans and
 * executes, kgen_planf_describe. */
KGEN_API kgen_planf *kgen_planf_dft(int rank, const int *n, int sign,
    unsigned flags);
KGEN_API kgen_planf *kgen_planf_dft_2d(int n0, int n1, int sign,
    unsigned flags);
KGEN_API kgen_planf *kgen_planf_dft_3d(int n0, int n1, int n2, int sign,
    unsigned flags);
KGEN_API kgen_planf *kgen_planf_many_dft_nd(int rank, const int *n,
    int howmany, const int *inembed, ptrdiff_t istride, ptrdiff_t idist,
    const int *onembed, ptrdiff_t ostride, ptrdiff_t odist, int sign,
    unsigned flags);
KGEN_API kgen_planf *kgen_planf_guru_dft(int rank, const kgen_iodim *dims,
    int howmany_rank, const kgen_iodim *howmany_dims, int sign,
    unsigned flags);
KGEN_API int kgen_executef_dft(const kgen_planf *p, const kgen_complexf *in,
    kgen_complexf *out);
KGEN_API kgen_planf *kgen_planf_dft_r2c(int rank, const int *n,
    unsigned flags);
KGEN_API kgen_planf *kgen_planf_dft_r2c_2d(int n0, int n1, unsigned flags);
KGEN_API kgen_planf *kgen_planf_dft_r2c_3d(int n0, int n1, int n2,
    unsigned flags);
KGEN_API kgen_planf *kgen_planf_dft_c2r(int rank, const int *n,
    unsigned flags);
KGEN_API kgen_planf *kgen_planf_dft_c2r_2d(int n0, int n1, unsigned flags);
KGEN_API kgen_planf *kgen_planf_dft_c2r_3d(int n0, int n1, int n2,
    unsigned flags);
KGEN_API kgen_planf *kgen_planf_many_dft_r2c(int rank, const int *n,
    int howmany, const int *inembed, ptrdiff_t istride, ptrdiff_t idist,
    const int *onembed, ptrdiff_t ostride, ptrdiff_t odist,
    unsigned flags);
KGEN_API kgen_planf *kgen_planf_many_dft_c2r(int rank, const int *n,
    int howmany, const int *inembed, ptrdiff_t istride, ptrdiff_t idist,
    const int *onembed, ptrdiff_t ostride, ptrdiff_t odist,
    unsigned flags);
KGEN_API int kgen_executef_dft_r2c(const kgen_planf *p, const float *in,
    kgen_complexf *out);
KGEN_API int kgen_executef_dft_c2r(const kgen_planf *p,
    const kgen_complexf *in, float *out);
KGEN_API char *kgen_planf_describe(const kgen_planf *p);

/* FIR filters with run-time taps and streaming state (runtime/fir.c,
 * firfft.c, firq15.c), CMSIS-DSP's shape (arm_fir_init_f32 then
 * arm_fir_f32 per block): plan once with the taps, then run the signal
 * through in calls of any length; the last ntaps - 1 samples are kept
 * between calls, so that a stream cut into any chunks gives the outputs
 * of one call (to the bit for the direct method, within rounding for the
 * FFT method).  Starting from zero history,
 *   y[i] = sum_{k=0}^{ntaps-1} h[k] x[i-k]     (x[i] = 0 for i < 0).
 *   kgen_fir *f = kgen_fir_plan(2000, h, 4096, 0);
 *   for (each block of n <= 4096 samples)
 *       kgen_fir_run(f, x, y, n);        (y may be x: in place)
 *   kgen_fir_destroy(f);
 * The taps are copied: h may be freed after the plan.  maxblock is the
 * length of the calls expected (any length is accepted; a longer call
 * runs in pieces): it sizes the buffers and, with ntaps, picks the
 * method.  Methods: direct form (a loop over outputs in vectors of the
 * widest ISA of kgen_isa()) for short filters, overlap-save FFT
 * convolution on kgen's r2c and c2r plans for long ones; by default
 * the cheaper by the cost model docs/design.md gives ("FIR filters").
 * flags: KGEN_FIR_DIRECT or KGEN_FIR_FFT forces a method, KGEN_MEASURE
 * plans the FFTs with KGEN_MEASURE; other bits, or both methods, are
 * refused (NULL).  The plan functions return NULL for ntaps or maxblock
 * outside 1..KGEN_FIR_MAX, NULL taps, bad flags or no memory.
 * kgen_fir_run returns KGEN_OK, or KGEN_EINVAL for a NULL filter, or a
 * NULL x or y with n > 0 (nothing written); x and y may be the same
 * array but must not overlap otherwise.  kgen_fir_reset zeroes the
 * history (KGEN_OK, KGEN_EINVAL for NULL); kgen_fir_method says which
 * method the filter runs (KGEN_FIR_DIRECT or KGEN_FIR_FFT; KGEN_EINVAL
 * for NULL).  A filter holds its state: one kgen_fir_run at a time per
 * filter; distinct filters run concurrently. */
#define KGEN_FIR_MAX (1 << 24)  /* the largest ntaps and maxblock */
#define KGEN_FIR_DIRECT 2U      /* flags: the direct form */
#define KGEN_FIR_FFT    4U      /* flags: overlap-save FFT convolution */
typedef struct kgen_fir kgen_fir;
KGEN_API kgen_fir *kgen_fir_plan(int ntaps, const double *h, int maxblock,
    unsigned flags);
KGEN_API int kgen_fir_run(kgen_fir *f, const double *x, double *y,
    size_t n);
KGEN_API int kgen_fir_reset(kgen_fir *f);
KGEN_API int kgen_fir_method(const kgen_fir *f);
KGEN_API void kgen_fir_destroy(kgen_fir *f);
/* The same in single precision: kgen_firf_plan, _run, _reset, _method,
 * _destroy on float arrays. */
typedef struct kgen_firf kgen_firf;
KGEN_API kgen_firf *kgen_firf_plan(int ntaps, const float *h, int maxblock,
    unsigned flags);
KGEN_API int kgen_firf_run(kgen_firf *f, const float *x, float *y,
    size_t n);
KGEN_API int kgen_firf_reset(kgen_firf *f);
KGEN_API int kgen_firf_method(const kgen_firf *f);
KGEN_API void kgen_firf_destroy(kgen_firf *f);
/* Q15 fixed point (CMSIS's arm_fir_q15 convention): taps and samples
 * int16_t, read as value / 2^15; each output sums the exact products
 * h[k] x[i-k] in a 64-bit accumulator (no overflow up to KGEN_FIR_MAX
 * taps), then truncates and saturates,
 *   y[i] = sat16(floor(acc / 2^15)),  sat16 clamping to -32768..32767
 * (CMSIS's truncation, kgen conv --type q15 --round floor); with the
 * flag KGEN_FIR_ROUND, y[i] = sat16(floor((acc + 2^14) / 2^15)), round
 * to nearest, halves up (kgen conv --type q15's default).  Direct form
 * only; flags: KGEN_FIR_DIRECT and KGEN_FIR_ROUND, others refused
 * (NULL).  Same calls and statuses as kgen_fir's. */
#define KGEN_FIR_ROUND  8U      /* Q15 flags: round, not truncate */
typedef struct kgen_fir_q15 kgen_fir_q15;
KGEN_API kgen_fir_q15 *kgen_fir_q15_plan(int ntaps, const int16_t *h,
    int maxblock, unsigned flags);
KGEN_API int kgen_fir_q15_run(kgen_fir_q15 *f, const int16_t *x,
    int16_t *y, size_t n);
KGEN_API int kgen_fir_q15_reset(kgen_fir_q15 *f);
KGEN_API void kgen_fir_q15_destroy(kgen_fir_q15 *f);

/* GEMM (runtime/gemm.c): C += A*B for an m x k matrix A and a k x n
 * matrix B, all column-major: A(i,p) = A[i + p*lda], B(p,j) =
 * B[p + j*ldb], C(i,j) = C[i + j*ldc]; any sizes m, n, k >= 0.  C must
 * not overlap A or B.  Runs on kgen_plan_with_nthreads's threads; the
 * micro-kernels are kgen's
 * (kgen gemm --kloop), see kgen_dgemm_kernel.  Large products
 * pack A and B into a buffer from malloc, freed before returning.
 * Returns KGEN_OK; KGEN_EINVAL for a negative size, a leading dimension
 * below max(1, rows), a matrix spanning more than PTRDIFF_MAX bytes
 * ((cols - 1) ld + rows doubles), or a NULL array in a non-empty
 * product; or KGEN_ENOMEM.  On an error C is unchanged. */
KGEN_API int kgen_dgemm(int m, int n, int k, const double *A, ptrdiff_t lda,
    const double *B, ptrdiff_t ldb, double *C, ptrdiff_t ldc);
/* The ISA of the micro-kernels kgen_dgemm runs ("scalar", "sse2", "avx2"
 * or "avx512": the widest the CPU has, capped by the environment variable
 * KGEN_ISA, read once); *mr x *nr gets their tile of C when not NULL. */
KGEN_API const char *kgen_dgemm_kernel(int *mr, int *nr);

/* Self-test (runtime/selftest.c, stcheck.c, stlayout.c): checks that a
 * transform of the library is the DFT without any reference library, by
 * Ergun's randomized tests
 * (F. Ergun, "Testing multivariate linear functions: overcoming the
 * generator bottleneck", STOC 1995), the method of FFTW's own verifier.
 * Each trial draws random inputs x, y and random scalars a, b and checks
 *   linearity  F(a x + b y) = a F(x) + b F(y),
 *   impulse    F(x + c e_0) - F(x) = c (1, 1, ..., 1),
 *   shift      F(x shifted by s)_k = exp(sign 2 pi i s k / n) F(x)_k
 * (for c2r: the spectrum modulated by exp(-2 pi i s k / n) gives the
 * output shifted by s).  A linear map that passes the impulse and shift
 * checks exactly is the DFT, and a map far from linear fails linearity
 * on random inputs with high probability; a wrong twiddle, index or sign
 * gives errors of order 1.  Each check's error is the largest component
 * of its residual divided by the sum of the largest components of the
 * transforms it compares, so a transform whose outputs have a relative
 * error (the largest real or imaginary part of out - exact over the
 * largest of exact) within
 *   bound = 1e-14 (1 + log2 n) in double, 2e-5 (1 + log2 n) in float
 * (docs/design.md's bound against FFTW, which takes moduli instead: within a
 * factor sqrt 2) passes every check.  The arrays get guard values around
 * and between the layout's elements: a write outside the output, or a
 * change to the input of an out-of-place transform (its arrays are
 * const), fails the test, and a read of a guard gives an error of order
 * 2^25.
 * Multi-dimensional (rank >= 1 below): n is the product of the sizes,
 * e_0 the element (0, .., 0), and the shift check is made along each
 * dimension d in turn: F(x shifted by s along d)_k = exp(sign 2 pi i s
 * k_d / n_d) F(x)_k (so a transform that transposes its output or
 * skips a dimension fails); r2c and c2r by the same rules on FFTW's half
 * spectrum, whose inputs to c2r are Hermitian (the pairs k, -k of the
 * planes k_(rank-1) = 0 and n_(rank-1)/2 conjugate) with random values
 * in the imaginary parts that must be 0, which c2r must ignore. */
#define KGEN_SELFTEST_DFT 0  /* kind: complex, kgen_plan_*_dft / kgen_dft */
#define KGEN_SELFTEST_R2C 1  /* kind: kgen_plan_dft_r2c_1d / _r2c */
#define KGEN_SELFTEST_C2R 2  /* kind: kgen_plan_dft_c2r_1d / _c2r */
#define KGEN_SELFTEST_PLAN 0 /* api: plans and kgen_execute* */
#define KGEN_SELFTEST_N1   1 /* api: kgen_dft / kgen_dftf (complex) */
#define KGEN_SELFTEST_MAXRANK 8
/* One problem to check.  Zero fields take the default in brackets.
 * rank 0 is the one-dimensional problem of n through the calls of one
 * dimension: kgen_plan_many_dft and kgen_execute / kgen_executef (split;
 * interleaved: ii = ri + 1 and strides doubled), kgen_dft, and
 * kgen_plan_dft_r2c_1d / _c2r_1d with kgen_execute_r2c / _c2r (split
 * spectrum).  rank >= 1 is the problem of sizes dims[0..rank-1]
 * (row-major; n 0 or their product) through the FFTW-style interface:
 * complex plans from kgen_plan_dft(rank, dims) (one transform at unit
 * stride) or kgen_plan_many_dft_nd (howmany, stride and dist applied to
 * the row-major index on both sides), run by kgen_execute_dft when
 * interleaved, else kgen_execute on split arrays; real kinds by
 * kgen_plan_dft_r2c / _c2r(rank, dims) and kgen_execute_dft_r2c / _c2r
 * on FFTW's layout (one transform; in place: rows of the reals padded to
 * 2 (dims[rank-1]/2 + 1); interleaved is ignored); api must be PLAN.
 * nthreads > 1 makes the plan after kgen_plan_with_nthreads(nthreads),
 * under a lock of kgen_selftest's, and puts the global setting back
 * after: a plan made elsewhere at that moment gets nthreads threads. */
typedef struct kgen_selftest_problem kgen_selftest_problem;
struct kgen_selftest_problem {
	int n;              /* transform size >= 1 (N1: <= KGEN_N1_MAX) */
	int precision;      /* KGEN_DOUBLE or KGEN_FLOAT [KGEN_DOUBLE] */
	int kind;           /* KGEN_SELFTEST_DFT, _R2C or _C2R */
	int sign;           /* DFT: -1 or +1; real kinds: 0 or their own */
	int api;            /* KGEN_SELFTEST_PLAN or _N1 */
	int inplace;        /* 1: output over the input (DFT only) */
	int interleaved;    /* 1: ii = ri + 1 (DFT only) */
	int howmany;        /* transforms per call [1] (real kinds: 1) */
	ptrdiff_t stride;   /* complex elements, may be negative [1] */
	ptrdiff_t dist;     /* between transforms, may be negative
	                       [n |stride|] */
	int trials;         /* rounds of the three checks [2] */
	unsigned long seed; /* of the random inputs; a seed reproduces */
	int rank;           /* 0 (one dimension of n) or 1..MAXRANK */
	int dims[KGEN_SELFTEST_MAXRANK];  /* rank >= 1: the sizes, >= 1 */
	int nthreads;       /* threads of the plan (not N1) [1] */
};
typedef struct kgen_selftest_result kgen_selftest_result;
struct kgen_selftest_result {
	double linearity, impulse, shift;  /* the largest errors seen */
	double err;         /* the largest of the three */
	double bound;       /* the bound above for n and the precision */
	long stray;         /* guard values changed (0 unless failed) */
	long transforms;    /* transforms of the batch computed */
};
/* Checks problem p, filling *r when r is not NULL.  Returns KGEN_OK when
 * every check is within r->bound and no guard changed; KGEN_ESELFTEST
 * when one is not; KGEN_EINVAL for a NULL p or a problem out of range
 * (a layout that maps two elements to one place, real kinds with other
 * than one unit-stride transform (rank 0: out of place), a size below 1
 * or a product of sizes above KGEN_PLAN_MAX); KGEN_ESIGN;
 * KGEN_ENOSIZE when the library has no such transform (its plan
 * function returned NULL, or kgen_dft has no codelet of size n); or
 * KGEN_ENOMEM.  Deterministic for a given p.  Thread-safe. */
KGEN_API int kgen_selftest(const kgen_selftest_problem *p, kgen_selftest_result *r);
/* The same checks on any transform: fn(ctx, in, out) must compute out
 * from in for p->howmany transforms of p->kind, size p->n (or rank and
 * dims) and sign p->sign (other layout fields and nthreads are
 * ignored), both arrays contiguous doubles, row-major: DFT: n complex
 * numbers (re, im) per transform, in and out; R2C: n reals in, n/2 + 1
 * complex out (rank >= 1: FFTW's half spectrum, n / n_last (n_last/2 + 1)
 * complex); C2R: that spectrum in (Hermitian: for rank 0 or 1 the
 * imaginary parts of X_0 and, for even n, X_(n/2) zero), n reals out.
 * fn returns KGEN_OK or a status, which kgen_selftest_with returns. */
typedef int kgen_selftest_fn(void *ctx, const double *in, double *out);
KGEN_API int kgen_selftest_with(const kgen_selftest_problem *p, kgen_selftest_fn *fn,
    void *ctx, kgen_selftest_result *r);

/* The codelets themselves, callable directly: kgen_n1_N (double) and
 * kgen_n1f_N (float) for N = 1..KGEN_N1_MAX, all forward. */
KGEN_API extern kgen_dft_fn
    kgen_n1_1, kgen_n1_2, kgen_n1_3, kgen_n1_4, kgen_n1_5, kgen_n1_6,
    kgen_n1_7, kgen_n1_8, kgen_n1_9, kgen_n1_10, kgen_n1_11, kgen_n1_12,
    kgen_n1_13, kgen_n1_14, kgen_n1_15, kgen_n1_16, kgen_n1_17, kgen_n1_18,
    kgen_n1_19, kgen_n1_20, kgen_n1_21, kgen_n1_22, kgen_n1_23, kgen_n1_24,
    kgen_n1_25, kgen_n1_26, kgen_n1_27, kgen_n1_28, kgen_n1_29, kgen_n1_30,
    kgen_n1_31, kgen_n1_32, kgen_n1_33, kgen_n1_34, kgen_n1_35, kgen_n1_36,
    kgen_n1_37, kgen_n1_38, kgen_n1_39, kgen_n1_40, kgen_n1_41, kgen_n1_42,
    kgen_n1_43, kgen_n1_44, kgen_n1_45, kgen_n1_46, kgen_n1_47, kgen_n1_48,
    kgen_n1_49, kgen_n1_50, kgen_n1_51, kgen_n1_52, kgen_n1_53, kgen_n1_54,
    kgen_n1_55, kgen_n1_56, kgen_n1_57, kgen_n1_58, kgen_n1_59, kgen_n1_60,
    kgen_n1_61, kgen_n1_62, kgen_n1_63, kgen_n1_64;
KGEN_API extern kgen_dftf_fn
    kgen_n1f_1, kgen_n1f_2, kgen_n1f_3, kgen_n1f_4, kgen_n1f_5, kgen_n1f_6,
    kgen_n1f_7, kgen_n1f_8, kgen_n1f_9, kgen_n1f_10, kgen_n1f_11,
    kgen_n1f_12, kgen_n1f_13, kgen_n1f_14, kgen_n1f_15, kgen_n1f_16,
    kgen_n1f_17, kgen_n1f_18, kgen_n1f_19, kgen_n1f_20, kgen_n1f_21,
    kgen_n1f_22, kgen_n1f_23, kgen_n1f_24, kgen_n1f_25, kgen_n1f_26,
    kgen_n1f_27, kgen_n1f_28, kgen_n1f_29, kgen_n1f_30, kgen_n1f_31,
    kgen_n1f_32, kgen_n1f_33, kgen_n1f_34, kgen_n1f_35, kgen_n1f_36,
    kgen_n1f_37, kgen_n1f_38, kgen_n1f_39, kgen_n1f_40, kgen_n1f_41,
    kgen_n1f_42, kgen_n1f_43, kgen_n1f_44, kgen_n1f_45, kgen_n1f_46,
    kgen_n1f_47, kgen_n1f_48, kgen_n1f_49, kgen_n1f_50, kgen_n1f_51,
    kgen_n1f_52, kgen_n1f_53, kgen_n1f_54, kgen_n1f_55, kgen_n1f_56,
    kgen_n1f_57, kgen_n1f_58, kgen_n1f_59, kgen_n1f_60, kgen_n1f_61,
    kgen_n1f_62, kgen_n1f_63, kgen_n1f_64;

#ifdef __cplusplus
}
#endif

#endif
