/* isa.c: the vector ISAs kgen emits for, as one table read from isa.def
 * (the top-level X-macro file that the Makefile and the runtime read
 * too), so that a width, a register count or a compiler flag is written
 * once.  Rows are numbered by SIMD_* (all.h), which isa.def orders;
 * SIMD_NONE, scalar code, has no row. */
#include <assert.h>
#include <string.h>
#include "all.h"

static const Isa isas[] = {
#define ISA(name, NAME, bytes, nreg, flags, macro, pre, cpu, arch) \
	{#name, #NAME, bytes, nreg, flags, macro, pre, cpu, arch},
#include "../isa.def"
#undef ISA
};

/* --simd's words: "none", then every ISA, then NULL. */
static const char *const names[] = {
	"none",
#define ISA(name, ...) #name,
#include "../isa.def"
#undef ISA
	0
};

/* The row of ISA simd (SIMD_*).  requires: simd is not SIMD_NONE. */
const Isa *
isa_get(int simd)
{
	assert(simd > SIMD_NONE && simd < NSIMD && "SIMD_NONE has no ISA");
	return &isas[simd - 1];
}

/* The ISA --simd calls name, or NULL. */
const Isa *
isa_find(const char *name)
{
	int i;

	for (i = SIMD_NONE + 1; i < NSIMD; i++)
		if (!strcmp(isas[i - 1].name, name))
			return &isas[i - 1];
	return 0;
}

/* Independent transforms one vector of the ISA holds. */
int
isa_lanes(const Isa *isa, int isfloat)
{
	return isa->bytes / (isfloat ? 4 : 8);
}

/* The words --simd takes, "none" first, ended by NULL; word i is
 * SIMD_* value i. */
const char *const *
isa_names(void)
{
	return names;
}

/* The ISA (SIMD_*) whose vectors hold lanes values, double or float,
 * SIMD_NONE where none does. */
int
isa_bylanes(int lanes, int isfloat)
{
	int i;

	for (i = SIMD_NONE + 1; i < NSIMD; i++)
		if (isa_lanes(&isas[i - 1], isfloat) == lanes)
			return i;
	return SIMD_NONE;
}

/* The C header of the ISA's intrinsics: <arm_neon.h> for AArch64's,
 * <riscv_vector.h> for RISC-V's, <immintrin.h> for x86's. */
const char *
isa_header(const Isa *isa)
{
	if (!strcmp(isa->arch, "aarch64"))
		return "arm_neon.h";
	if (!strcmp(isa->arch, "riscv64"))
		return "riscv_vector.h";
	return "immintrin.h";
}

/* The first of the ISA's compiler flags, the one that gives its
 * instructions and registers ("-mavx512f"), in buf. */
const char *
isa_flag(const Isa *isa, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s", (int)strcspn(isa->flags, " "), isa->flags);
	return buf;
}
