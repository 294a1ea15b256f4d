/* occdump.c: kgen's register-limited occupancy for every GPU of
 * sched/target.c, 1..255 registers and several block sizes, one line
 * each: "ARCH REGS BLOCK blocks warps threads".  occref.cc prints the
 * same lines from NVIDIA's cuda_occupancy.h; test_cuda.py compares. */
#include "all.h"

int
main(void)
{
	static const int blocks[] = {32, 64, 96, 128, 192, 256, 512, 1024};
	const Gpu *g;
	Occ o;
	int r, b;

	for (g = target_gpus(); g->name; g++)
		for (r = 1; r <= 255; r++)
			for (b = 0; b < 8; b++) {
				o = target_occupancy(g, r, blocks[b]);
				printf("%s %d %d %d %d %d\n", g->name, r,
				    blocks[b], o.blocks, o.warps, o.threads);
			}
	return 0;
}
