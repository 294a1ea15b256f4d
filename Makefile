# kgen: one top-level GNU Makefile, no recursive make; its pieces are
# included from mk/:
#   mk/isa.mk      vector ISA flags, read from isa.def
#   mk/gen.mk      the generator bin/kgen (gen/, emit/, sched/)
#   mk/lib.mk      the library codelets (codelets/) and lib/libkgen.{a,so}
#   mk/install.mk  make install
#   mk/check.mk    make check, asan, demo, gpu-check, selftest, tsan,
#                  check-slow fuzz
#   mk/bench.mk    the benchmarks and opcounts
#   mk/arm.mk      make check-arm: the AArch64 cross build under qemu
# `make` alone builds bin/kgen, the library and bin/kgen-wisdom.
CC      = cc
CFLAGS  = -std=c11 -O2 -g -Wall -Wextra -Wpedantic
CPPFLAGS = -D_POSIX_C_SOURCE=200809L
LDLIBS  = -lm -pthread
PREFIX  = /usr/local
PYTHON  = /usr/bin/python3
DEPFLAGS = -MMD -MP
VERSION := $(shell sed -n 's/^\#define KGEN_VERSION "\(.*\)"/\1/p' dag/all.h)
ASAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all \
             -fno-omit-frame-pointer
ASAN_CFLAGS = $(CFLAGS) -O1 $(ASAN_FLAGS)
# Codelets at -O0 under ASan: a third of the compile time of -O1, and an
# out-of-bounds access is caught the same.
ASAN_CODELET_CFLAGS = $(CODELET_CFLAGS) -O0 $(ASAN_FLAGS)

# The library is hundreds of codelets, so make runs JOBS jobs at once
# (one per CPU unless set); a -jN on the command line wins, so `make -j1`
# or `make JOBS=1` builds one thing at a time.  A make that this one runs
# (check-arm's cross build) shares its jobs.
JOBS   ?= $(shell nproc 2>/dev/null || echo 2)
ifeq ($(MAKELEVEL),0)
MAKEFLAGS += -j$(JOBS)
endif

# A cross build: `make CROSS=aarch64-linux-gnu-` builds bin/kgen for this
# machine (it writes the codelets, so it runs here) and the library for
# the target with $(CROSS)gcc and $(CROSS)ar, into build/ARCH/ and
# lib/ARCH/ (ARCH: the first word of `$(CROSS)gcc -dumpmachine`, e.g.
# aarch64), so that the native build and a cross build live side by side
# and never share an object.  The codelets' C files (codelets/) are the
# same for every target and shared.  LIB_CC and LIB_AR build the library,
# CC the generator and the native tools.
CROSS =
ifeq ($(CROSS),)
ARCH := $(shell uname -m)
ARCH := $(if $(filter amd64 i686 i386,$(ARCH)),x86_64,$(ARCH))
ARCH := $(if $(filter arm64,$(ARCH)),aarch64,$(ARCH))
BLD = build
LIBD = lib
LIB_CC = $(CC)
LIB_AR = ar
else
ARCH := $(firstword $(subst -, ,$(shell $(CROSS)gcc -dumpmachine \
    2>/dev/null)))
ifeq ($(ARCH),)
$(error CROSS=$(CROSS): $(CROSS)gcc does not run (make check-arm installs \
    Debian's gcc-aarch64-linux-gnu))
endif
BLD = build/$(ARCH)
LIBD = lib/$(ARCH)
LIB_CC = $(CROSS)gcc
LIB_AR = $(CROSS)ar
endif

all: bin/kgen $(LIBD)/libkgen.a $(LIBD)/libkgen.so \
     $(if $(CROSS),,bin/kgen-wisdom)

include mk/isa.mk mk/gen.mk mk/lib.mk mk/install.mk mk/check.mk mk/fftw.mk \
        mk/bench.mk mk/arm.mk
include mk/fftwcheck.mk

clean:
	rm -rf build bin lib codelets bench/out .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

-include $(wildcard build/*/*.d build/asan/*/*.d \
    $(if $(CROSS),$(BLD)/*/*.d))

.PHONY: all clean gpu-check codelets install check asan demo opcounts \
        bench-fft bench-plan bench-spills bench-gemm bench-asm bench-asmab bench-asmparts bench-asmlib bench-t1a bench-n1va bench-pick \
        bench-ports \
        bench-gemmasm \
        selftest tsan check-slow fuzz check-arm
