# kgen: one top-level GNU Makefile, no recursive make.
CC      = cc
CFLAGS  = -std=c11 -O2 -g -Wall -Wextra -Wpedantic
CPPFLAGS = -D_POSIX_C_SOURCE=200809L
LDLIBS  = -lm
PREFIX  = /usr/local

GEN_O = build/gen/main.o build/gen/util.o build/gen/dag.o build/gen/num.o \
        build/gen/fft.o build/gen/simp.o build/gen/emit.o \
        build/gen/emitcu.o build/gen/emitsimd.o \
        build/gen/gemm.o build/gen/kloop.o build/gen/conv.o \
        build/gen/twiddle.o build/gen/real.o build/gen/emitkind.o
SCHED_O = build/sched/target.o build/sched/ptxas.o build/sched/order.o \
          build/sched/belady.o build/sched/pressure.o build/sched/bound.o \
          build/sched/measure.o build/sched/report.o
GEN_H = gen/all.h gen/ops.h

all: bin/kgen

bin/kgen: $(GEN_O) $(SCHED_O)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

build/gen/%.o: gen/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

build/sched/%.o: sched/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -Igen -c -o $@ $<

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

# ---- bench-spills: Belady's and the compilers' spills per schedule and R,
# beside genfft's (bench/out/spills.csv, spills.md, spills.png).
bench-spills: bin/kgen
	/usr/bin/python3 bench/spills.py

clean:
	rm -rf build bin lib codelets

.PHONY: all clean gpu-check bench-spills
