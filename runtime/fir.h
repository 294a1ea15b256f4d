/* fir.h: what fir.c (the API, the buffer, the direct form) and firfft.c
 * (overlap-save) share (internal; users include only kgen.h).  Both are
 * compiled twice, double and float (prec.h): struct kgen_fir and struct
 * kgen_firf are the one struct FIR below.
 *
 * The buffer w holds the signal: w[pos - (L-1) .. pos) the last L - 1
 * samples seen (the history, zeros at first), then room for a piece of
 * up to `piece` new samples, then SLACK elements that the direct form's
 * last group of outputs reads past the piece (zeros or old samples:
 * their outputs are thrown away).  A call
 * copies each piece of its input to w[pos ..], filters it from there
 * (the outputs of the piece depend on w[pos - (L-1) .. pos + piece)
 * only) and advances pos; when the next piece would not fit, the history
 * moves back to the front (w[0 .. L-1)). */
#ifndef KGEN_FIR_H
#define KGEN_FIR_H

#include "kgen.h"
#include "plan.h"
#include "prec.h"

#define FIR X(kgen_fir, )
#define FIR_PLAN X(kgen_fir, _plan)
#define FIR_RUN X(kgen_fir, _run)
#define FIR_RESET X(kgen_fir, _reset)
#define FIR_METHOD X(kgen_fir, _method)
#define FIR_DESTROY X(kgen_fir, _destroy)

/* the most a direct kernel reads past its outputs' inputs: one group of
 * 8 vectors of 64 bytes */
#define SLACK ((ptrdiff_t)(512 / sizeof(R)))

/* y[i] = sum_j hr[j] w[i + j] for 0 <= i < k: hr the reversed taps,
 * w the window (the history then the piece), read up to SLACK past
 * w[k + L - 2]. */
typedef void fir_kern(const R *hr, int L, const R *w, R *y, ptrdiff_t k);

struct FIR {
	int L;              /* taps */
	int block;          /* maxblock */
	int method;         /* KGEN_FIR_DIRECT or KGEN_FIR_FFT */
	R *hr;              /* the taps reversed, hr[j] = h[L-1-j] */
	R *w;               /* the buffer: cap + SLACK elements */
	ptrdiff_t cap;      /* L - 1 + piece */
	ptrdiff_t piece;    /* the most samples filtered at once */
	ptrdiff_t pos;      /* where the next sample goes */
	fir_kern *kern;     /* the direct form for this CPU */
	/* the FFT method (firfft.c): transforms of size m, s = m - L + 1
	 * outputs each */
	int m, s;
	int force;          /* KGEN_FIR_FFT: no direct form for tails */
	double fcost;       /* one block's cost in the model's units */
	PLAN *fr, *fc;      /* r2c and c2r of size m */
	R *hre, *him;       /* the taps' spectrum / m, m/2 + 1 each */
	R *re, *im;         /* a block's spectrum */
	R *t;               /* m: a partial block's input, then the output */
};

/* fir.c: the direct kernel kgen_isa() allows */
fir_kern *PRIV(fir_kernel)(void);
/* firfft.c: the transform size the cost model picks for L taps and
 * calls of `block` samples (0 when the direct form is cheaper, unless
 * force); the FFT method's set-up (plans, spectrum, work; 0 or
 * KGEN_ENOMEM); its filter of the k samples at f->w + f->pos; and the
 * memory it holds, freed (any of it NULL). */
int PRIV(firfft_size)(int L, int block, int force);
int PRIV(firfft_init)(FIR *f, unsigned flags);
void PRIV(firfft_run)(FIR *f, R *y, ptrdiff_t k);
void PRIV(firfft_free)(FIR *f);

#endif
