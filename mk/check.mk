# mk/check.mk: make check, asan, demo, gpu-check, selftest, tsan and
# check-slow; included by the Makefile.

# ---- check: installs missing Debian packages (as root), then pytest,
# then check-arm (mk/arm.mk) where its cross tools install, else one line
# saying why it was skipped.  The cross tools (CROSS_DEPS) are optional:
# without them tests/test_neon.py and tests/test_rvv.py skip, each with
# its reason.
CHECK_DEPS = libfftw3-dev python3-pytest python3-numpy valgrind \
             pkg-config clang
CROSS_DEPS = $(ARM_DEPS) gcc-riscv64-linux-gnu libc6-dev-riscv64-cross
check: all
	@sh tests/deps.sh $(CHECK_DEPS)
	@sh tests/deps.sh $(CROSS_DEPS) || echo "check: the cross tools" \
	    "did not install; the NEON and RVV tests skip"
	$(PYTHON) -m pytest -q tests
	@$(MAKE) --no-print-directory check-arm ARM_OPTIONAL=1

# ---- asan: generator and runtime rebuilt under ASan and UBSan into
# build/asan/, and the tests that run them rerun against that build
# (conftest.py passes KGEN, KGEN_LIBDIR and KGEN_SANITIZE to every test).
# Left out for time: test_golden (237 sanitized runs, about 4 minutes of
# CPU), test_spill and test_gemm (thousands of generator runs), test_simd
# and the library sweeps of test_plan and test_real (unmeasured under
# ASan); test_leaks skips itself under the sanitizers.
ASAN_LIB_O = $(patsubst build/%,build/asan/%,$(LIB_CO) $(RT_O))
ASAN_TESTS = tests/test_cli.py tests/test_fft.py tests/test_selfcheck.py \
             tests/test_runtime.py tests/test_conv.py tests/test_dgemm.py \
             tests/test_t1.py tests/test_real.py::test_real_against_fftw \
             tests/test_real.py::test_real_bad_input \
             tests/test_plan.py::test_standalone_against_fftw \
             tests/test_plan.py::test_standalone_limits \
             tests/test_selftest.py

# (the objects' rules are in mk/lib.mk)
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

# ---- selftest: kgen_selftest (runtime/selftest.c) over the full sweep
# of tests/selftest_main.c on every ISA this CPU runs, no FFTW needed;
# make check runs its --quick subset (tests/test_selftest.py).
build/kgen-selftest: tests/selftest_main.c runtime/kgen.h lib/libkgen.a
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -Iruntime -o $@ $< lib/libkgen.a $(LDLIBS)

selftest: build/kgen-selftest
	build/kgen-selftest

# ---- tsan: the runtime built with ThreadSanitizer into build/tsan/ (the
# codelets, which touch only their arguments, are the normal build's),
# and tests/tsancheck.c run on 2, 4 and 8 threads from a cold start on
# every ISA, its threads also running parts on the library's pool
# (threads.c: kgen_dgemm and 2-D plans, kgen_plan_with_nthreads 2..5;
# tests/test_tsan.py).
TSAN_FLAGS = -fsanitize=thread -fno-omit-frame-pointer
TSAN_RT_O = $(patsubst build/%,build/tsan/%,$(RT_O))

build/tsan/runtime/%.o: runtime/%.c runtime/kgen.h $(RT_GEN)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -O1 $(TSAN_FLAGS) $(DEPFLAGS) $(RT_FLAGS) \
	    -c -o $@ $<

build/tsan/runtime/%f.o: runtime/%.c runtime/kgen.h $(RT_GEN)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -O1 $(TSAN_FLAGS) $(DEPFLAGS) $(RT_FLAGS) \
	    -DKGEN_SINGLE -c -o $@ $<

build/tsan/lib/libkgen.a: $(LIB_CO) $(TSAN_RT_O)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

build/tsan/tsancheck: tests/tsancheck.c runtime/kgen.h \
    build/tsan/lib/libkgen.a
	$(CC) $(CPPFLAGS) $(CFLAGS) -O1 $(TSAN_FLAGS) -pthread -Iruntime \
	    -o $@ $< build/tsan/lib/libkgen.a $(LDLIBS)

tsan: build/tsan/tsancheck
	@sh tests/deps.sh $(CHECK_DEPS)
	KGEN_TSAN=build/tsan/tsancheck $(PYTHON) -m pytest -q tests/test_tsan.py

-include $(wildcard build/tsan/*/*.d)

# ---- check-slow: the tests marked slow (tests/test_slow.py: n = 2^20,
# 2^22 and primes near 10^6 against FFTW), which make check deselects.
check-slow: all
	@sh tests/deps.sh $(CHECK_DEPS)
	$(PYTHON) -m pytest -q --slow -m slow tests


# ---- fuzz: the fuzzers of tests/fuzz/ (command line, taps parser,
# library API) for FUZZ_SECONDS in all, under ASan and UBSan, seeded by
# FUZZ_SEED (random when empty; printed).  Findings are saved under
# tests/fuzz/corpus/, which make check replays (tests/test_fuzz.py, with a
# short smoke run of each fuzzer).  The API harness links the runtime
# rebuilt under the sanitizers with the library's codelets as they are;
# its arrays lie against inaccessible pages, so a codelet that reads or
# writes past them faults all the same.
FUZZ_SECONDS ?= 300
FUZZ_SEED ?=
ASAN_RT_O = $(patsubst build/%,build/asan/%,$(RT_O))

build/fuzz/tapsrun: tests/fuzz/tapsrun.c driver/taps.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -Idag -I. -o $@ tests/fuzz/tapsrun.c \
	    driver/taps.c -lm

build/fuzz/tapsrun-asan: tests/fuzz/tapsrun.c driver/taps.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASAN_CFLAGS) -Idag -I. -o $@ tests/fuzz/tapsrun.c \
	    driver/taps.c -lm

APIRUN_SRC = tests/fuzz/apirun.c tests/fuzz/apind.c
APIRUN_DEP = $(APIRUN_SRC) tests/fuzz/apirun.h runtime/kgen.h

build/fuzz/apirun: $(APIRUN_DEP) lib/libkgen.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Iruntime -o $@ $(APIRUN_SRC) lib/libkgen.a -lm

build/fuzz/apirun-asan: $(APIRUN_DEP) $(ASAN_RT_O) lib/libkgen.a
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) -Iruntime -o $@ $(APIRUN_SRC) \
	    $(ASAN_RT_O) lib/libkgen.a -lm

fuzz: all build/asan/bin/kgen build/fuzz/tapsrun-asan build/fuzz/apirun-asan
	$(PYTHON) tests/fuzz/fuzz.py --seconds $(FUZZ_SECONDS) \
	    $(if $(FUZZ_SEED),--seed $(FUZZ_SEED)) --kgen build/asan/bin/kgen \
	    --tapsrun build/fuzz/tapsrun-asan --apirun build/fuzz/apirun-asan

.PHONY: fuzz
