/* gpucheck.cu: runs a kgen CUDA batch kernel on the GPU and compares it
 * with the same codelet compiled for the CPU (kgen's C emitter).
 * Build (test_gpu.py does it):
 *   kgen fft -n 16 --emit cuda --name gpu_16 -o k.cu
 *   kgen fft -n 16 --name cpu_16 -o c.c && cc -c c.c
 *   nvcc -arch=native -DKERNEL='"k.cu"' -DKNAME=gpu_16 -DCPU=cpu_16
 *        gpucheck.cu c.o
 * usage: gpucheck N [SEED]
 * For each layout (split, interleaved, strided, batched with gaps,
 * in-place) it prints "layout maxrelerr guardhits ulps": the largest
 * difference relative to the largest output, the output elements that
 * changed but should not have, and the number of outputs that are not
 * bitwise equal.  Built with --fmad=false the GPU does the codelet's own
 * IEEE operations in the codelet's own order, so every output should be
 * bitwise equal; the asserts live in test_gpu.py.  The batch has 1000
 * transforms, so several blocks and a partial last block run. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef REAL
#define REAL double
#endif

#include KERNEL

extern "C" void CPU(const REAL *ri, const REAL *ii, REAL *ro, REAL *io,
    ptrdiff_t is, ptrdiff_t os, ptrdiff_t v, ptrdiff_t ivs, ptrdiff_t ovs);

static const REAL GUARD = (REAL)-7.25e3;
static unsigned long long state;

static double
rnd(void)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(state >> 11) / 9007199254740992.0 * 2 - 1;
}

static void
cuda(cudaError_t e, const char *what)
{
	if (e != cudaSuccess) {
		fprintf(stderr, "gpucheck: %s: %s\n", what,
		    cudaGetErrorString(e));
		exit(1);
	}
}

typedef struct {
	const char *name;
	int interleaved, inplace;
	ptrdiff_t is, os;	/* in complex elements */
} Layout;

static int n;

/* One layout: the same inputs through the GPU kernel and the CPU
 * codelet, each into its own guarded copy of the output arrays. */
static void
check(const Layout *L, ptrdiff_t v)
{
	ptrdiff_t ivs, ovs, is, os, k, iv, ov;
	size_t insz, outsz, tot, i, ri, ii, ro, io;
	REAL *in, *gpu, *cpu, *din, *dout;
	double err, mag;
	long guards, ulps;

	ivs = (n - 1) * L->is + 1 + (L->inplace ? 0 : 7);
	ovs = L->inplace ? ivs : (n - 1) * L->os + 1 + 3;
	insz = (size_t)((v - 1) * ivs + (n - 1) * L->is + 1);
	outsz = (size_t)((v - 1) * ovs + (n - 1) * L->os + 1);
	if (L->inplace)
		insz = outsz = insz > outsz ? insz : outsz;
	/* two REALs per element; split arrays are the halves */
	tot = 2 * (insz > outsz ? insz : outsz);
	in = (REAL *)malloc(tot * sizeof *in);
	gpu = (REAL *)malloc(tot * sizeof *gpu);
	cpu = (REAL *)malloc(tot * sizeof *cpu);
	for (i = 0; i < tot; i++)
		in[i] = GUARD;
	if (L->interleaved) {
		ri = 0, ii = 1, ro = 0, io = 1;
		is = 2 * L->is, os = 2 * L->os, iv = 2 * ivs, ov = 2 * ovs;
	} else {
		ri = 0, ii = insz, ro = 0, io = outsz;
		is = L->is, os = L->os, iv = ivs, ov = ovs;
	}
	for (k = 0; k < v * n; k++) {
		in[ri + (k / n) * iv + (k % n) * is] = (REAL)rnd();
		in[ii + (k / n) * iv + (k % n) * is] = (REAL)rnd();
	}
	cuda(cudaMalloc(&din, tot * sizeof *din), "cudaMalloc");
	cuda(cudaMemcpy(din, in, tot * sizeof *in, cudaMemcpyHostToDevice),
	    "copy in");
	dout = din;
	if (!L->inplace) {
		/* the output arrays start as guards too */
		for (i = 0; i < tot; i++)
			gpu[i] = GUARD;
		cuda(cudaMalloc(&dout, tot * sizeof *dout), "cudaMalloc");
		cuda(cudaMemcpy(dout, gpu, tot * sizeof *gpu,
		    cudaMemcpyHostToDevice), "copy guards");
	}
	KNAME<<<(unsigned)((v + 127) / 128), 128>>>(din + ri, din + ii,
	    dout + ro, dout + io, is, os, v, iv, ov);
	cuda(cudaGetLastError(), "launch");
	cuda(cudaMemcpy(gpu, dout, tot * sizeof *gpu, cudaMemcpyDeviceToHost),
	    "copy out");
	memcpy(cpu, in, tot * sizeof *in);
	if (L->inplace) {
		CPU(cpu + ri, cpu + ii, cpu + ro, cpu + io, is, os, v, iv, ov);
	} else {
		REAL *out = (REAL *)malloc(tot * sizeof *out);
		for (i = 0; i < tot; i++)
			out[i] = GUARD;
		CPU(cpu + ri, cpu + ii, out + ro, out + io, is, os, v, iv, ov);
		memcpy(cpu, out, tot * sizeof *out);
		free(out);
	}
	/* every element, outputs and gaps alike: the CPU codelet, checked
	 * against FFTW elsewhere, left guards where nothing is written */
	err = mag = 0;
	guards = ulps = 0;
	for (i = 0; i < tot; i++) {
		if (cpu[i] == GUARD && gpu[i] != GUARD)
			guards++;
		if (memcmp(&cpu[i], &gpu[i], sizeof cpu[i]))
			ulps++;
		if (fabs((double)gpu[i] - cpu[i]) > err
		    || isnan((double)gpu[i]))
			err = isnan((double)gpu[i]) ? INFINITY :
			    fabs((double)gpu[i] - cpu[i]);
		if (cpu[i] != GUARD && fabs((double)cpu[i]) > mag)
			mag = fabs((double)cpu[i]);
	}
	printf("%-12s %.3e %ld %ld\n", L->name, mag > 0 ? err / mag : err,
	    guards, ulps);
	cuda(cudaFree(din), "cudaFree");
	if (!L->inplace)
		cuda(cudaFree(dout), "cudaFree");
	free(in);
	free(gpu);
	free(cpu);
}

int
main(int argc, char **argv)
{
	static const Layout layouts[] = {
		{"split", 0, 0, 1, 1},
		{"interleaved", 1, 0, 1, 1},
		{"strided", 0, 0, 3, 5},
		{"batched", 1, 0, 1, 2},
		{"inplace", 1, 1, 1, 1},
		{"inplace-str", 0, 1, 3, 3},
	};
	size_t i;

	if (argc < 2) {
		fprintf(stderr, "usage: gpucheck N [SEED]\n");
		return 2;
	}
	n = atoi(argv[1]);
	state = argc > 2 ? strtoull(argv[2], 0, 10) : 12345;
	printf("seed %llu\n", state);
	for (i = 0; i < sizeof layouts / sizeof *layouts; i++)
		check(&layouts[i], 1000);
	return 0;
}
