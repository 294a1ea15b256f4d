/* fir.c: FIR filters with run-time taps and streaming state, double and
 * float (kgen_fir_plan / kgen_firf_plan and the rest of kgen.h's FIR
 * section): the plan, the buffer that carries the history between calls
 * (fir.h), and the direct form; firfft.c has the FFT method.
 * Direct form: y[i] = sum_j hr[j] w[i+j] over the window w (history then
 * input) with the taps reversed, computed for a group of consecutive
 * outputs at once, one vector lane per output: for each tap, one
 * broadcast of hr[j], one unaligned load of w[i+j ..] per vector and
 * one multiply-add per vector, eight vectors of accumulators (enough to
 * cover the multiply-add latency).  The outputs left after the last
 * whole group are computed as a whole group too (the buffer has slack
 * past its end for the reads), or as one vector where no more than its
 * lanes are left, the extra lanes thrown away: every
 * output gets the same operations in the same order, so an output never
 * depends on where a call's boundaries fall (chunked calls equal one
 * call to the bit), and a call of one sample costs one vector, what one
 * output's chain of dependent multiply-adds would.  The vectors are the widest kgen_isa() allows:
 * AVX-512F, AVX2 with FMA (intrinsics, through target attributes as
 * plansimd.c), else 16 bytes of GCC's vector extensions (SSE2, NEON),
 * else plain C.  This is CMSIS-DSP's arm_fir_f32 (state of L - 1 + block
 * samples) with a plan in kgen's style. */
#include <stdlib.h>
#include <string.h>
#include "fir.h"

#if defined(__GNUC__) && defined(__x86_64__) && !defined(KGEN_NO_SIMD)
#include <immintrin.h>
#define FIR_X86 1
#endif

/* One kernel: VT the vector type, NL its lanes, LD, ST unaligned load
 * and store, BC broadcast, MA(a, b, c) a * b + c.  The last group, of
 * fewer than 8 NL outputs, is computed whole into t (reading the
 * buffer's slack) and the outputs wanted copied out; one vector, where
 * NL outputs or fewer are left. */
#define FIR_KERNEL(name, attr, VT, NL, ZERO, LD, ST, BC, MA) \
attr static void \
name(const R *hr, int L, const R *w, R *y, ptrdiff_t k) \
{ \
	R t[8 * (NL)], *o; \
	ptrdiff_t i; \
	int j; \
\
	for (i = 0; k - i > (NL); i += 8 * (NL)) { \
		VT a0 = ZERO, a1 = ZERO, a2 = ZERO, a3 = ZERO, a4 = ZERO, \
		    a5 = ZERO, a6 = ZERO, a7 = ZERO, h; \
		const R *p = w + i; \
		for (j = 0; j < L; j++, p++) { \
			h = BC(hr[j]); \
			a0 = MA(h, LD(p), a0); \
			a1 = MA(h, LD(p + (NL)), a1); \
			a2 = MA(h, LD(p + 2 * (NL)), a2); \
			a3 = MA(h, LD(p + 3 * (NL)), a3); \
			a4 = MA(h, LD(p + 4 * (NL)), a4); \
			a5 = MA(h, LD(p + 5 * (NL)), a5); \
			a6 = MA(h, LD(p + 6 * (NL)), a6); \
			a7 = MA(h, LD(p + 7 * (NL)), a7); \
		} \
		o = k - i >= 8 * (NL) ? y + i : t; \
		ST(o, a0); \
		ST(o + (NL), a1); \
		ST(o + 2 * (NL), a2); \
		ST(o + 3 * (NL), a3); \
		ST(o + 4 * (NL), a4); \
		ST(o + 5 * (NL), a5); \
		ST(o + 6 * (NL), a6); \
		ST(o + 7 * (NL), a7); \
		if (o == t) \
			memcpy(y + i, t, (k - i) * sizeof *y); \
	} \
	if (i < k) { \
		VT a = ZERO; \
		for (j = 0; j < L; j++) \
			a = MA(BC(hr[j]), LD(w + i + j), a); \
		ST(t, a); \
		memcpy(y + i, t, (k - i) * sizeof *y); \
	} \
}

#define PLAIN_MA(a, b, c) ((a) * (b) + (c))

#if defined(__GNUC__)
/* 16 bytes of R, any alignment of R */
typedef R V16 __attribute__((vector_size(16), aligned(sizeof(R))));
static inline V16
ld16(const R *p)
{
	V16 v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline void
st16(R *p, V16 v)
{
	memcpy(p, &v, sizeof v);
}

static inline V16
bc16(R x)
{
	V16 v = { 0 };

	return v + x;
}

FIR_KERNEL(kern_v16, , V16, (int)(16 / sizeof(R)), ((V16){ 0 }), ld16, st16,
    bc16, PLAIN_MA)
#define KERN_BASE kern_v16
#else
#define LD1(p) (*(p))
#define ST1(p, a) (*(p) = (a))
#define BC1(x) (x)
FIR_KERNEL(kern_c, , R, 1, 0, LD1, ST1, BC1, PLAIN_MA)
#define KERN_BASE kern_c
#endif

#ifdef FIR_X86
#if ISFLOAT
#define LD256 _mm256_loadu_ps
#define ST256 _mm256_storeu_ps
#define BC256 _mm256_set1_ps
#define MA256 _mm256_fmadd_ps
#define Z256 _mm256_setzero_ps()
#define BC512 _mm512_set1_ps
#define MA512 _mm512_fmadd_ps
#define Z512 _mm512_setzero_ps()
#else
#define LD256 _mm256_loadu_pd
#define ST256 _mm256_storeu_pd
#define BC256 _mm256_set1_pd
#define MA256 _mm256_fmadd_pd
#define Z256 _mm256_setzero_pd()
#define BC512 _mm512_set1_pd
#define MA512 _mm512_fmadd_pd
#define Z512 _mm512_setzero_pd()
#endif
FIR_KERNEL(kern_avx2, __attribute__((target("avx2,fma"))), VA, VA_N, Z256,
    LD256, ST256, BC256, MA256)
FIR_KERNEL(kern_avx512, __attribute__((target("avx512f"))), V512,
    (int)(64 / sizeof(R)), Z512, LD512, ST512, BC512, MA512)
#endif

fir_kern *
PRIV(fir_kernel)(void)
{
#ifdef FIR_X86
	if (kgen_isa() >= KGEN_ISA_AVX512)
		return kern_avx512;
	if (kgen_isa() >= KGEN_ISA_AVX2)
		return kern_avx2;
#endif
	return KERN_BASE;
}

FIR *
FIR_PLAN(int ntaps, const R *h, int maxblock, unsigned flags)
{
	FIR *f;
	unsigned meth;
	int j;

	meth = flags & (KGEN_FIR_DIRECT | KGEN_FIR_FFT);
	if (ntaps < 1 || ntaps > KGEN_FIR_MAX || maxblock < 1
	    || maxblock > KGEN_FIR_MAX || !h || meth == (KGEN_FIR_DIRECT
	    | KGEN_FIR_FFT) || (flags & ~(meth | KGEN_MEASURE)))
		return NULL;
	f = calloc(1, sizeof *f);
	if (!f)
		return NULL;
	f->L = ntaps;
	f->block = maxblock;
	f->kern = PRIV(fir_kernel)();
	f->hr = malloc((size_t)ntaps * sizeof *f->hr);
	if (!f->hr)
		goto fail;
	for (j = 0; j < ntaps; j++)
		f->hr[j] = h[ntaps - 1 - j];
	f->m = meth == KGEN_FIR_DIRECT ? 0 : PRIV(firfft_size)(ntaps,
	    maxblock, meth == KGEN_FIR_FFT);
	f->method = f->m ? KGEN_FIR_FFT : KGEN_FIR_DIRECT;
	f->force = meth == KGEN_FIR_FFT;
	/* pieces of at least maxblock and L samples (the history moves at
	 * most once per L samples); for the FFT a whole number of its
	 * blocks, at least one */
	f->piece = maxblock > ntaps ? maxblock : ntaps;
	if (f->m) {
		f->s = f->m - ntaps + 1;
		f->piece = (f->piece + f->s - 1) / f->s * f->s;
	}
	f->cap = ntaps - 1 + f->piece;
	f->w = calloc((size_t)f->cap + SLACK, sizeof *f->w);
	if (!f->w || (f->m && PRIV(firfft_init)(f, flags & KGEN_MEASURE)))
		goto fail;
	f->pos = ntaps - 1;
	return f;
fail:
	FIR_DESTROY(f);
	return NULL;
}

int
FIR_RUN(FIR *f, const R *x, R *y, size_t n)
{
	ptrdiff_t k, h;

	if (!f || (n && (!x || !y)))
		return KGEN_EINVAL;
	h = f->L - 1;
	while (n) {
		k = n < (size_t)f->piece ? (ptrdiff_t)n : f->piece;
		if (f->pos + k > f->cap) {
			memmove(f->w, f->w + f->pos - h, h * sizeof *f->w);
			f->pos = h;
		}
		memcpy(f->w + f->pos, x, k * sizeof *x);
		if (f->method == KGEN_FIR_FFT)
			PRIV(firfft_run)(f, y, k);
		else
			f->kern(f->hr, f->L, f->w + f->pos - h, y, k);
		f->pos += k;
		x += k;
		y += k;
		n -= k;
	}
	return KGEN_OK;
}

int
FIR_RESET(FIR *f)
{
	if (!f)
		return KGEN_EINVAL;
	memset(f->w, 0, ((size_t)f->cap + SLACK) * sizeof *f->w);
	f->pos = f->L - 1;
	return KGEN_OK;
}

int
FIR_METHOD(const FIR *f)
{
	return f ? f->method : KGEN_EINVAL;
}

void
FIR_DESTROY(FIR *f)
{
	if (!f)
		return;
	PRIV(firfft_free)(f);
	free(f->hr);
	free(f->w);
	free(f);
}
