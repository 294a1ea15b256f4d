# kgen: one top-level GNU Makefile, no recursive make.
# Sections: settings; the generator bin/kgen; the library codelets
# (codelets/, made by bin/kgen) and lib/libkgen.{a,so}; install; check,
# asan, demo, opcounts; clean.  `make` alone builds bin/kgen and the library.
CC      = cc
CFLAGS  = -std=c11 -O2 -g -Wall -Wextra -Wpedantic
CPPFLAGS = -D_POSIX_C_SOURCE=200809L
LDLIBS  = -lm
PREFIX  = /usr/local
PYTHON  = /usr/bin/python3
DEPFLAGS = -MMD -MP
VERSION := $(shell sed -n 's/^\#define KGEN_VERSION "\(.*\)"/\1/p' gen/all.h)
# Build in parallel unless the command line says otherwise (-j1 wins):
# the library is 128 codelets.
JOBS    := $(shell nproc 2>/dev/null || echo 2)
MAKEFLAGS += -j$(JOBS)

GEN_O = build/gen/main.o build/gen/util.o build/gen/dag.o build/gen/num.o \
        build/gen/fft.o build/gen/simp.o build/gen/emit.o \
        build/gen/emitcu.o build/gen/emitsimd.o \
        build/gen/gemm.o build/gen/kloop.o build/gen/conv.o \
        build/gen/twiddle.o build/gen/real.o build/gen/emitkind.o \
        build/gen/emitvec.o build/gen/standalone.o
SCHED_O = build/sched/target.o build/sched/ptxas.o build/sched/order.o \
          build/sched/belady.o build/sched/pressure.o build/sched/bound.o \
          build/sched/measure.o build/sched/report.o
GEN_H = gen/all.h gen/ops.h

all: bin/kgen lib/libkgen.a lib/libkgen.so

bin/kgen: $(GEN_O) $(SCHED_O)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

build/gen/%.o: gen/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

build/sched/%.o: sched/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -Igen -c -o $@ $<

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

# ---- install: make install PREFIX=/opt/kgen (DESTDIR for staging)
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include \
	    $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 bin/kgen $(DESTDIR)$(PREFIX)/bin/kgen
	install -m 644 runtime/kgen.h $(DESTDIR)$(PREFIX)/include/kgen.h
	install -m 644 lib/libkgen.a $(DESTDIR)$(PREFIX)/lib/libkgen.a
	install -m 755 lib/libkgen.so $(DESTDIR)$(PREFIX)/lib/libkgen.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	    kgen.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/kgen.pc

# ---- check: installs missing Debian packages (as root), then pytest.
CHECK_DEPS = libfftw3-dev python3-pytest python3-numpy valgrind \
             pkg-config clang
check: all
	@sh tests/deps.sh $(CHECK_DEPS)
	$(PYTHON) -m pytest -q tests

# ---- asan: generator and runtime rebuilt under ASan and UBSan into
# build/asan/, and the tests that run them rerun against that build.
ASAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all \
             -fno-omit-frame-pointer
ASAN_CFLAGS = $(CFLAGS) -O1 $(ASAN_FLAGS)
# Codelets at -O0: a third of the compile time of -O1 under ASan, and an
# out-of-bounds access is caught the same.
ASAN_CODELET_CFLAGS = $(CODELET_CFLAGS) -O0 $(ASAN_FLAGS)
ASAN_O = $(patsubst build/%,build/asan/%,$(GEN_O) $(SCHED_O))
ASAN_LIB_O = $(patsubst build/%,build/asan/%,$(LIB_CO) $(RT_O))
ASAN_TESTS = tests/test_cli.py tests/test_fft.py tests/test_selfcheck.py \
             tests/test_runtime.py tests/test_conv.py tests/test_dgemm.py

build/asan/bin/kgen: $(ASAN_O)
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) -o $@ $^ $(LDLIBS)

build/asan/gen/%.o: gen/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASAN_CFLAGS) $(DEPFLAGS) -c -o $@ $<

build/asan/sched/%.o: sched/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASAN_CFLAGS) $(DEPFLAGS) -Igen -c -o $@ $<

build/asan/codelets/%.o: codelets/%.c
	@mkdir -p $(@D)
	$(CC) $(ASAN_CODELET_CFLAGS) -c -o $@ $<

build/asan/runtime/%.o: runtime/%.c runtime/kgen.h build/runtime/table.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASAN_CFLAGS) $(RT_FLAGS) -c -o $@ $<

build/asan/lib/libkgen.a: $(ASAN_LIB_O)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

asan: all build/asan/bin/kgen build/asan/lib/libkgen.a
	@sh tests/deps.sh $(CHECK_DEPS)
	KGEN=build/asan/bin/kgen KGEN_LIBDIR=build/asan/lib \
	    KGEN_SANITIZE="$(ASAN_FLAGS)" $(PYTHON) -m pytest -q $(ASAN_TESTS)

# ---- demo: a 16-point codelet, checked against FFTW, and its counts.
demo: bin/kgen
	@sh tests/deps.sh libfftw3-dev
	@mkdir -p build/demo
	bin/kgen fft -n 16 -o build/demo/n1_16.c
	$(CC) -std=c99 -O2 -DREAL=double -DFUNC=n1_16 -o build/demo/fftcheck \
	    tests/fftcheck.c build/demo/n1_16.c -lfftw3 -lm
	@echo "n1_16 against FFTW: layout, max relative error, guard hits"
	@echo "(bound: 1e-14 * (1 + log2 16) = 5e-14, and no guard hits)"
	@build/demo/fftcheck 16 -1
	@echo "its counts, from the codelet's header:"
	@sed -n '/additions/,/stores/p' build/demo/n1_16.c

# ---- bench-gemm: fixed-size GEMM codelets and kgen_dgemm against
# OpenBLAS (cblas_dgemm, one thread) and LIBXSMM in one process, then
# GFLOP/s for n = 256..1024 (bench/gemm.c, bench/gemm.py); CSV and a plot
# go to bench/out/.  Each codelet is built twice, by $(CC) and by clang,
# -O3 -march=native (512-bit vectors where the CPU has them): the
# compilers vectorize the same straight-line code differently; and once
# more by $(CC) in vector form: --vlen 8 on AVX-512 CPUs (a column's
# last M % 8 rows masked or in pieces), else the largest of 4, 2, 1 that
# divides M.
# LIBXSMM's kernels know the leading dimensions when they are made; for
# the same footing lgemm_* and wgemm_* call the gcc and vector codelets
# with constant ones, inlined.  Shapes MxNxK; codelets up to 16^3, larger
# shapes (BENCH_GEMM_BIG) without.
BENCH_GEMM_SQ = 2 3 4 5 6 7 8 10 12 16
BENCH_GEMM = $(foreach n,$(BENCH_GEMM_SQ),$(n)x$(n)x$(n)) 2x2x32 4x4x32 \
             8x8x32 32x4x4 4x32x4 32x8x8 8x32x8 16x2x16 2x16x16 3x5x7
BENCH_GEMM_BIG = 20x20x20 24x24x24 32x32x32
BENCH_GEMM_O = $(foreach v,gemm cgemm vgemm lgemm wgemm,\
               $(BENCH_GEMM:%=build/bench/$(v)_%.o))
BENCH_CLANG = clang
BENCH_AVX512 := $(shell grep -qw avx512f /proc/cpuinfo 2>/dev/null \
                  && echo 1)
BENCH_CFLAGS = -std=gnu11 -O3 -march=native -mprefer-vector-width=512
BENCH_LIBS = -lxsmm -lopenblas -lpthread -ldl -lm
gemmb_w = $(word $(1),$(subst x, ,$*))

build/bench/gemm_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen gemm -m $(call gemmb_w,1) -n $(call gemmb_w,2) \
	    -k $(call gemmb_w,3) --fma --name bgemm_$* -o $@

build/bench/cgemm_%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen gemm -m $(call gemmb_w,1) -n $(call gemmb_w,2) \
	    -k $(call gemmb_w,3) --fma --name cgemm_$* -o $@

build/bench/vgemm_%.c: bin/kgen
	@mkdir -p $(@D)
	v=$(if $(BENCH_AVX512),8,4); m=$(call gemmb_w,1); \
	    while [ -z "$(BENCH_AVX512)" ] && [ $$((m % v)) -ne 0 ]; \
	    do v=$$((v / 2)); done; \
	    bin/kgen gemm -m $$m -n $(call gemmb_w,2) -k $(call gemmb_w,3) \
	    --fma --vlen $$v --name vgemm_$* -o $@

build/bench/gemm_%.o: build/bench/gemm_%.c
	$(CC) $(BENCH_CFLAGS) -c -o $@ $<

build/bench/vgemm_%.o: build/bench/vgemm_%.c
	$(CC) $(BENCH_CFLAGS) -c -o $@ $<

# $(1): wrapper prefix, $(2): prefix of the codelet it inlines
define gemmb_ld
build/bench/$(1)_%.c: build/bench/$(2)_%.c
	{ echo '#define $(3)_$$* $(1)in_$$*'; echo '#include "$(2)_$$*.c"'; \
	  echo '__attribute__((flatten)) void'; \
	  echo '$(1)_$$*(const double *A, const double *B, double *C,'; \
	  echo '    ptrdiff_t a, ptrdiff_t b, ptrdiff_t c)'; \
	  echo '{'; echo '	(void)a; (void)b; (void)c;'; \
	  echo '	$(1)in_$$*(A, B, C, $$(call gemmb_w,1), $$(call gemmb_w,3),'; \
	  echo '	    $$(call gemmb_w,1));'; echo '}'; } > $$@
build/bench/$(1)_%.o: build/bench/$(1)_%.c
	$$(CC) $$(BENCH_CFLAGS) -c -o $$@ $$<
endef
$(eval $(call gemmb_ld,lgemm,gemm,bgemm))
$(eval $(call gemmb_ld,wgemm,vgemm,vgemm))

build/bench/cgemm_%.o: build/bench/cgemm_%.c
	$(BENCH_CLANG) $(BENCH_CFLAGS) -c -o $@ $<

build/bench/gemmlist.h: Makefile
	@mkdir -p $(@D)
	for s in $(BENCH_GEMM); do echo "S($$s, bgemm_$$s, cgemm_$$s, \
	    vgemm_$$s, lgemm_$$s, wgemm_$$s)"; done > $@.tmp
	for s in $(BENCH_GEMM_BIG); do echo "D($$s)"; done >> $@.tmp
	sed 's/^\(.\)(\([0-9]*\)x\([0-9]*\)x\([0-9]*\)/\1(\2, \3, \4/' \
	    $@.tmp > $@
	rm -f $@.tmp

build/bench/gemm: bench/gemm.c build/bench/gemmlist.h $(BENCH_GEMM_O) \
    lib/libkgen.a
	@sh tests/deps.sh libopenblas-dev libxsmm-dev clang
	$(CC) $(BENCH_CFLAGS) -Iruntime -Ibuild/bench \
	    -I/usr/include/x86_64-linux-gnu -o $@ bench/gemm.c \
	    $(BENCH_GEMM_O) lib/libkgen.a $(BENCH_LIBS)

bench-gemm: build/bench/gemm
	$(PYTHON) bench/gemm.py build/bench/gemm bench/out

# keep the generated benchmark codelets for reading
.PRECIOUS: build/bench/gemm_%.c build/bench/cgemm_%.c build/bench/vgemm_%.c \
           build/bench/lgemm_%.c build/bench/wgemm_%.c

# ---- bench-fft: batched n1 transforms (v = 256 interleaved, n = 2..64,
# double and float), kgen's dispatched codelets and each ISA against FFTW
# (FFTW_MEASURE) in one process (bench/fft.c, bench/fft.py); CSV and a
# plot go to bench/out/.
build/bench/fft: bench/fft.c runtime/kgen.h lib/libkgen.a
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -Wall -Iruntime -o $@ bench/fft.c lib/libkgen.a \
	    -lfftw3 -lfftw3f -lm

bench-fft: build/bench/fft
	$(PYTHON) bench/fft.py

# ---- opcounts: kgen's operation counts beside genfft's (markdown).
opcounts: bin/kgen
	$(PYTHON) bench/opcounts.py

# ---- bench-spills: Belady's and the compilers' spills per schedule and R,
# beside genfft's (bench/out/spills.csv, spills.md, spills.png).
bench-spills: bin/kgen
	$(PYTHON) bench/spills.py

# Runs the CUDA batch kernel on the GPU against the CPU codelet
# (tests/test_gpu.py); make check never needs a GPU.
gpu-check: bin/kgen
	@if nvidia-smi -L 2>/dev/null | grep -q GPU \
	    && command -v nvcc >/dev/null 2>&1; then \
		/usr/bin/python3 -m pytest -q -rs tests/test_gpu.py; \
	else \
		echo "gpu-check: skipped: needs an NVIDIA GPU (nvidia-smi -L" \
		    "lists none here) and nvcc on PATH"; \
	fi

clean:
	rm -rf build bin lib codelets bench/out .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

-include $(wildcard build/*/*.d build/asan/*/*.d)

.PHONY: all clean gpu-check codelets install check asan demo opcounts \
        bench-fft \
        bench-spills bench-gemm
