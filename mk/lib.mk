# mk/lib.mk: the library codelets (codelets/, made by bin/kgen), the
# runtime, and lib/libkgen.{a,so}; included by the Makefile.

# ---- library: codelets made by bin/kgen, registry, lib/libkgen.{a,so}
# Every n in 1..LIB_NMAX, double (kgen_n1_N) and float (kgen_n1f_N); the
# registry's table comes from the codelets' own header comments.
# LIB_NMAX must equal KGEN_N1_MAX in runtime/kgen.h.
LIB_NMAX = 64
LIB_SIZES := $(shell seq 1 $(LIB_NMAX))
LIB_C = $(LIB_SIZES:%=codelets/n1_%.c) $(LIB_SIZES:%=codelets/n1f_%.c)
LIB_CO = $(LIB_C:codelets/%.c=build/codelets/%.o)
RT_O = build/runtime/registry.o
RT_FLAGS = -Iruntime -Ibuild/runtime -DKGEN_VERSION='"$(VERSION)"'

# Whole transforms (runtime/plan.c, runtime/plantab.c): scalar twiddle
# codelets kgen_t1_R, and per vector ISA twiddle codelets kgen_t1v_R_ISA
# and leaves kgen_n1v_N_ISA (lists as in runtime/plantab.c), each built
# with its ISA's flags.
# (float: kgen_t1f_R, kgen_t1vf_R_ISA, kgen_n1vf_N_ISA, twice the lanes).
PLAN_T1 = 2 3 4 5 7 8 16 32 64
PLAN_LEAF_avx2 = 4 8 12 16 20 24 32 40 48 64
PLAN_LEAF_avx512 = 8 16 24 32 40 48 64
PLAN_LEAFF_avx2 = 8 16 24 32 40 48 64
PLAN_LEAFF_avx512 = 16 32 48 64
PLAN_FLAGS_avx2 = -mavx2 -mfma -ffp-contract=fast
PLAN_FLAGS_avx512 = -mavx512f -mfma -ffp-contract=fast
# t1v codelets ordered for the ISA's register file (about 15% faster than
# build order for t1v_32 on AVX-512; n1v leaves gain nothing from it)
PLAN_SCHED_avx2 = --schedule blocked --regs 16
PLAN_SCHED_avx512 = --schedule blocked --regs 32
PLAN_VC = $(foreach i,avx2 avx512,$(PLAN_T1:%=codelets/t1v_%_$(i).c) \
          $(PLAN_LEAF_$(i):%=codelets/n1v_%_$(i).c) \
          $(PLAN_T1:%=codelets/t1vf_%_$(i).c) \
          $(PLAN_LEAFF_$(i):%=codelets/n1vf_%_$(i).c))
PLAN_C = $(PLAN_T1:%=codelets/t1_%.c) $(PLAN_T1:%=codelets/t1f_%.c) \
         $(PLAN_VC)
PLAN_CO = $(PLAN_C:codelets/%.c=build/codelets/%.o)
LIB_CO += $(PLAN_CO)
PLAN_RT = plan plantab real
# named here so that make keeps them (not intermediate files)
codelets: $(PLAN_C)

# bench-plan: whole transforms against FFTW_MEASURE (bench/plan.c,
# bench/plan.py), n = 2^7 .. 2^20, composites and primes, double and
# float; CSV and plot in bench/out/plan.*; KGEN_ISA=avx2 etc. picks the
# path.
.PHONY: bench-plan
bench-plan: lib/libkgen.a build/bench/fft
	@mkdir -p build/bench bench/out
	$(CC) -std=c11 -O2 -Iruntime -o build/bench/plan bench/plan.c \
	    lib/libkgen.a -lfftw3 -lm
	$(CC) -std=c11 -O2 -Iruntime -DSINGLE -o build/bench/planf \
	    bench/plan.c lib/libkgen.a -lfftw3f -lm
	$(PYTHON) bench/plan.py
RT_O += $(PLAN_RT:%=build/runtime/%.o) $(PLAN_RT:%=build/runtime/%f.o)

codelets/t1_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen fft -n $* --twiddle --name kgen_t1_$* -o $@

codelets/t1f_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen fft -n $* --twiddle --type float --name kgen_t1f_$* -o $@

codelets/t1vf_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen fft -n $(word 1,$(subst _, ,$*)) --kind t1v --type float \
	    --simd $(word 2,$(subst _, ,$*)) \
	    $(PLAN_SCHED_$(word 2,$(subst _, ,$*))) --name kgen_t1vf_$* -o $@

codelets/n1vf_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen fft -n $(word 1,$(subst _, ,$*)) --kind n1v --type float \
	    --simd $(word 2,$(subst _, ,$*)) --name kgen_n1vf_$* -o $@

# the float planner: runtime/plan.c, plantab.c, real.c with -DKGEN_SINGLE
$(PLAN_RT:%=build/runtime/%f.o): build/runtime/%f.o: runtime/%.c \
    runtime/kgen.h runtime/plan.h build/runtime/table.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -fPIC $(RT_FLAGS) -DKGEN_SINGLE \
	    -c -o $@ $<

$(PLAN_RT:%=build/asan/runtime/%f.o): build/asan/runtime/%f.o: \
    runtime/%.c runtime/kgen.h runtime/plan.h build/runtime/table.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASAN_CFLAGS) $(RT_FLAGS) -DKGEN_SINGLE -c -o $@ $<

codelets/t1v_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen fft -n $(word 1,$(subst _, ,$*)) --kind t1v \
	    --simd $(word 2,$(subst _, ,$*)) \
	    $(PLAN_SCHED_$(word 2,$(subst _, ,$*))) --name kgen_t1v_$* -o $@

codelets/n1v_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen fft -n $(word 1,$(subst _, ,$*)) --kind n1v \
	    --simd $(word 2,$(subst _, ,$*)) --name kgen_n1v_$* -o $@

$(filter %_avx2.o,$(PLAN_CO)): build/codelets/%.o: codelets/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(PLAN_FLAGS_avx2) -fPIC -c -o $@ $<

$(filter %_avx512.o,$(PLAN_CO)): build/codelets/%.o: codelets/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(PLAN_FLAGS_avx512) -fPIC -c -o $@ $<

$(patsubst build/%,build/asan/%,$(filter %_avx2.o,$(PLAN_CO))): \
    build/asan/codelets/%.o: codelets/%.c
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(PLAN_FLAGS_avx2) -c -o $@ $<

$(patsubst build/%,build/asan/%,$(filter %_avx512.o,$(PLAN_CO))): \
    build/asan/codelets/%.o: codelets/%.c
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(PLAN_FLAGS_avx512) -c -o $@ $<
# No -g for codelets: gcc's variable tracking takes gigabytes and minutes
# on the larger ones (n1_58: 4 GB with -g, 57 MB without).
CODELET_CFLAGS = -std=c99 -O2 -Wall -Wextra -Wpedantic

# SIMD n1 codelets (gen/emitsimd.c): every library size and precision
# vectorized across the batch for each x86 ISA, each file built with its
# ISA's flags; runtime/dispatch.c runs the widest one the CPU supports.
# codelets/simd_ISA_n1_N.c holds kgen_n1_ISA_N, simd_ISA_n1f_N.c the float
# kgen_n1f_ISA_N.  Other CPUs get none (dispatch.c: -DKGEN_NO_SIMD).
SIMD_ISAS := $(if $(filter x86_64 amd64 i686,$(shell uname -m)),\
             sse2 avx2 avx512)
# No -g and no second scheduling pass: they triple the compile time of
# these large straight-line functions, and the order is kgen's already.
SIMD_CFLAGS = $(filter-out -g,$(CFLAGS)) -fno-schedule-insns2
SIMD_FLAGS_sse2 = -msse2
SIMD_FLAGS_avx2 = -mavx2 -mfma
# AVX-512 as every AVX-512 CPU since Skylake-SP has it: VL gives 256- and
# 128-bit operations the 32 registers (dispatch.c checks f, vl and dq).
SIMD_FLAGS_avx512 = -mavx512f -mavx512vl -mavx512dq
SIMD_OPTS_sse2 = --schedule co
SIMD_OPTS_avx2 = --fma --schedule co
SIMD_OPTS_avx512 = --fma --schedule co
SIMD_C = $(foreach i,$(SIMD_ISAS),$(LIB_SIZES:%=codelets/simd_$(i)_n1_%.c) \
         $(LIB_SIZES:%=codelets/simd_$(i)_n1f_%.c))
# and vectorized within one transform (--kind n1w, FFTW's n1fv idea) for
# v below the lanes: simd_ISA_n1w_N.c holds kgen_n1w_ISA_N (float n1wf),
# N a multiple of the lanes VL and at least VL^2; dispatch.c's lists match.
N1W_MUL4 = 16 20 24 28 32 36 40 44 48 52 56 60 64
N1W_sse2 = 4 8 12 $(N1W_MUL4)
N1W_avx2 = $(N1W_MUL4)
N1W_avx512 = 64
N1WF_sse2 = $(N1W_MUL4)
N1WF_avx2 = 64
SIMD_C += $(foreach i,$(SIMD_ISAS),$(N1W_$(i):%=codelets/simd_$(i)_n1w_%.c) \
          $(N1WF_$(i):%=codelets/simd_$(i)_n1wf_%.c))
SIMD_CO = $(SIMD_C:codelets/%.c=build/codelets/%.o)
LIB_CO += $(SIMD_CO)
RT_O += build/runtime/dispatch.o
$(if $(SIMD_ISAS),,$(eval RT_FLAGS += -DKGEN_NO_SIMD))
simd_w = $(word $(1),$(subst _, ,$*))

codelets/simd_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen fft -n $(call simd_w,3) --simd $(call simd_w,1) \
	    $(SIMD_OPTS_$(call simd_w,1)) \
	    $(if $(filter n1f n1wf,$(call simd_w,2)),--type float) \
	    $(if $(filter n1w n1wf,$(call simd_w,2)),--kind n1w) \
	    --name kgen_$(call simd_w,2)_$(call simd_w,1)_$(call simd_w,3) -o $@

define simd_rules
$(filter build/codelets/simd_$(1)_%,$(SIMD_CO)): build/codelets/%.o: \
    codelets/%.c
	@mkdir -p $$(@D)
	$$(CC) $$(SIMD_CFLAGS) $$(SIMD_FLAGS_$(1)) \
	    $$(if $$(findstring _n1w,$$@),-ffp-contract=fast) -fPIC -c -o $$@ $$<
$(patsubst build/%,build/asan/%,$(filter build/codelets/simd_$(1)_%,\
    $(SIMD_CO))): build/asan/codelets/%.o: codelets/%.c
	@mkdir -p $$(@D)
	$$(CC) $$(ASAN_CFLAGS) $$(SIMD_FLAGS_$(1)) -c -o $$@ $$<
endef
$(foreach i,$(SIMD_ISAS),$(eval $(call simd_rules,$(i))))

codelets: $(SIMD_C)

codelets/n1_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen fft -n $* --name kgen_n1_$* -o $@

codelets/n1f_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen fft -n $* --type float --name kgen_n1f_$* -o $@

codelets: $(LIB_C)

# GEMM micro-kernels (gen/kloop.c) for kgen_dgemm (runtime/gemm.c): per
# ISA a main kernel and one a vector tall for the last rows, named by the
# tile (MRxNR, vV: V doubles per register), built with the ISA's flags and
# -ffp-contract=fast so that a*b+c is one FMA.  runtime/gemm.c's table
# names the same tiles (a mismatch fails to link).
GEMMK_scalar = 3x4 1x4
GEMMK_sse2 = 6x4v2 2x4v2
GEMMK_avx2 = 12x4v4 4x4v4
GEMMK_avx512 = 24x8v8 8x8v8
GEMMK_FLAGS_sse2 = -msse2
GEMMK_FLAGS_avx2 = -mavx2 -mfma
GEMMK_FLAGS_avx512 = -mavx512f -mfma
GEMMK_ISAS := scalar $(if $(filter x86_64 amd64,$(shell uname -m)),\
              sse2 avx2 avx512)
GEMMK_C = $(foreach i,$(GEMMK_ISAS),$(GEMMK_$(i):%=codelets/gemmk_%.c))
GEMMK_CO = $(GEMMK_C:codelets/%.c=build/codelets/%.o)
LIB_CO += $(GEMMK_CO)
RT_O += build/runtime/gemm.o
gemmk_w = $(word $(1),$(subst x, ,$(subst v, ,$*)))

codelets/gemmk_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen gemm --kloop --fma -m $(call gemmk_w,1) -n $(call gemmk_w,2) \
	    $(if $(call gemmk_w,3),--vlen $(call gemmk_w,3)) \
	    --name kgen_gemmk_$* -o $@

define gemmk_rules
$(GEMMK_$(1):%=build/codelets/gemmk_%.o): build/codelets/%.o: codelets/%.c
	@mkdir -p $$(@D)
	$$(CC) $$(CODELET_CFLAGS) -ffp-contract=fast $$(GEMMK_FLAGS_$(1)) \
	    -fPIC -c -o $$@ $$<
$(GEMMK_$(1):%=build/asan/codelets/gemmk_%.o): build/asan/codelets/%.o: \
    codelets/%.c
	@mkdir -p $$(@D)
	$$(CC) $$(CODELET_CFLAGS) -O1 $$(ASAN_FLAGS) -ffp-contract=fast \
	    $$(GEMMK_FLAGS_$(1)) -c -o $$@ $$<
endef
$(foreach i,$(GEMMK_ISAS),$(eval $(call gemmk_rules,$(i))))

codelets: $(GEMMK_C)

build/codelets/%.o: codelets/%.c
	@mkdir -p $(@D)
	$(CC) $(CODELET_CFLAGS) -fPIC -c -o $@ $<

build/runtime/table.h: runtime/mktable.awk $(LIB_C)
	@mkdir -p $(@D)
	awk -f runtime/mktable.awk $(LIB_C) > $@.tmp && mv $@.tmp $@

build/runtime/%.o: runtime/%.c runtime/kgen.h build/runtime/table.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -fPIC $(RT_FLAGS) -c -o $@ $<

lib/libkgen.a: $(LIB_CO) $(RT_O)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

lib/libkgen.so: $(LIB_CO) $(RT_O)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -shared -o $@ $^ $(LDLIBS)

