/* occref.cc: NVIDIA's occupancy calculator (cuda_occupancy.h, shipped
 * with the CUDA toolkit) on the GPUs of occdump.c, same lines and order.
 * Device limits per compute capability are the CUDA C++ Programming
 * Guide's (threads per SM); the header supplies the rest.
 * Build: c++ -I$CUDA/include occref.cc  (no GPU or CUDA runtime needed) */
#include <stdio.h>
#include <string.h>
#include <cuda_occupancy.h>

/* Resident blocks per SM, -1 when the calculator refuses. */
static int
blocks_on(const cudaOccDeviceProp *p, int regs, int block)
{
	cudaOccFuncAttributes a;
	cudaOccDeviceState s;	/* its constructor: default carveout */
	cudaOccResult res;

	a.maxThreadsPerBlock = 1024;
	a.numRegs = regs;
	memset(&res, 0, sizeof res);
	if (cudaOccMaxActiveBlocksPerMultiprocessor(&res, p, &a, &s, block,
	    0) != CUDA_OCC_SUCCESS)
		return -1;
	return res.activeBlocksPerMultiprocessor;
}

int
main(void)
{
	/* shared memory per SM in KiB, also from the Guide; it only has to
	 * be valid, as the codelets use none */
	static const struct {
		const char *name;
		int major, minor, threads, smem;
	} gpus[] = {
		{"sm_75", 7, 5, 1024, 64}, {"sm_80", 8, 0, 2048, 164},
		{"sm_86", 8, 6, 1536, 100}, {"sm_89", 8, 9, 1536, 100},
		{"sm_90", 9, 0, 2048, 228}, {"sm_100", 10, 0, 2048, 228},
		{"sm_120", 12, 0, 1536, 100},
	};
	static const int blocks[] = {32, 64, 96, 128, 192, 256, 512, 1024};
	cudaOccDeviceProp p;
	int g, r, b, nb;

	for (g = 0; g < 7; g++) {
		p.computeMajor = gpus[g].major;
		p.computeMinor = gpus[g].minor;
		p.maxThreadsPerBlock = 1024;
		p.maxThreadsPerMultiprocessor = gpus[g].threads;
		p.regsPerBlock = 65536;
		p.regsPerMultiprocessor = 65536;
		p.warpSize = 32;
		p.sharedMemPerBlock = 48 * 1024;
		p.sharedMemPerMultiprocessor = gpus[g].smem * 1024;
		p.numSms = 100;
		p.sharedMemPerBlockOptin = (gpus[g].smem - 1) * 1024;
		p.reservedSharedMemPerBlock = 1024;
		for (r = 1; r <= 255; r++)
			for (b = 0; b < 8; b++) {
				nb = blocks_on(&p, r, blocks[b]);
				printf("%s %d %d %d %d %d\n", gpus[g].name, r,
				    blocks[b], nb, nb * ((blocks[b] + 31)
				    / 32), nb * blocks[b]);
			}
	}
	return 0;
}
