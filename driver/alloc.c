/* alloc.c: the allocate stage of the pipeline.  For --emit asm (and
 * kgen spills --measure asm) the driver asks the x86 emitter what its
 * copies need (emitasm_new's request), runs the register allocation
 * pass on the DAG and the order (regalloc_asm, sched/regalloc.c:
 * Belady's registers, spill slots, the fused order), and hands the
 * finished assignment to the emitter, which only prints it
 * (docs/design.md, "Belady and the register allocator"). */
#include "all.h"
#include "driver.h"

/* Prints d in order o (n steps) as assembly with e's options, its
 * registers allocated by regalloc_asm.  requires: as emitasm_new. */
void
alloc_emitasm(FILE *f, Dag *d, const Prob *p, int kind, const int *o,
    int n, const Emit *e)
{
	Arena *ar;
	Rareq q;
	Asm *a;

	ar = arena_new();
	a = emitasm_new(d, p, kind, e, &q, ar);
	emitasm_print(f, a, p, e, regalloc_asm(d, o, n, &q, ar));
	arena_free(ar);
}
