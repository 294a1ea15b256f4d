# mk/bench.mk: the benchmarks (bench-*) and opcounts; included by the
# Makefile.  Each bench first names the machine it runs on
# (bench/machine.sh: CPU, CPUs, ISA, load, time), on the terminal and in
# bench/out/NAME.machine, and ends with bench/results.py, which puts the
# table of the CSV it wrote into its section of docs/results.md (the
# machine, the command, the date; no figure there is typed by hand).
RESULTS = $(PYTHON) bench/results.py

# ---- bench-gemm: small GEMM streamed over independent triples (many
# distinct small matrices, as a batch is called), kgen's fixed-size
# codelets against LIBXSMM and OpenBLAS (one thread), then kgen_dgemm
# against OpenBLAS for n = 256..1024 (bench/gemm.c, bench/gemm.py).  One
# binary per contender, so that no two libraries' symbols meet; a
# contender whose library cannot be installed or linked is skipped, and
# the bench says so.  kgen's codelets, four per shape: kgen gemm, with
# --fma, with --simd ISA (the vector form; ISA the CPU's widest) and with
# both, built by $(CC) -O3 -march=native.  Shapes MxNxK: 2..16 cubed and
# thin ones.  CSV to bench/out/, the table to docs/results.md.
BENCH_GEMM_SQ = 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
BENCH_GEMM = $(foreach n,$(BENCH_GEMM_SQ),$(n)x$(n)x$(n)) 2x2x32 4x4x32 \
             8x8x32 32x4x4 4x32x4 32x8x8 8x32x8 16x2x16 2x16x16 3x5x7
BENCH_GEMM_O = $(foreach v,kgen kgenf kgenv kgenvf,\
               $(BENCH_GEMM:%=build/bench/gemm/$(v)_%.o))
BENCH_AVX512 := $(shell grep -qw avx512f /proc/cpuinfo 2>/dev/null \
                  && echo 1)
BENCH_ISA := $(if $(BENCH_AVX512),avx512,$(if $(shell grep -qw avx2 \
               /proc/cpuinfo 2>/dev/null && echo 1),avx2,sse2))
BENCH_CFLAGS = -std=gnu11 -O3 -march=native -mprefer-vector-width=512
gemmb_w = $(word $(1),$(subst x, ,$(lastword $(subst _, ,$*))))
gemmb_opt = $(if $(filter kgenf_%,$*),--fma,$(if $(filter kgenv_%,$*),\
            --simd $(BENCH_ISA),$(if $(filter kgenvf_%,$*),\
            --simd $(BENCH_ISA) --fma)))

build/bench/gemm/%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen gemm -m $(call gemmb_w,1) -n $(call gemmb_w,2) \
	    -k $(call gemmb_w,3) $(gemmb_opt) --name $* -o $@

build/bench/gemm/%.o: build/bench/gemm/%.c
	$(CC) $(BENCH_CFLAGS) -c -o $@ $<

build/bench/gemm/gemmlist.h: mk/bench.mk
	@mkdir -p $(@D)
	for s in $(BENCH_GEMM); do echo "S($$s)"; done | \
	    sed 's/^S(\([0-9]*\)x\([0-9]*\)x\([0-9]*\)/S(\1, \2, \3/' > $@

GEMMB_CC = $(CC) $(BENCH_CFLAGS) -Iruntime -Ibuild/bench/gemm bench/gemm.c
build/bench/gemm-kgen: bench/gemm.c build/bench/gemm/gemmlist.h \
    $(BENCH_GEMM_O) lib/libkgen.a
	$(GEMMB_CC) -DCONTENDER=1 -o $@ $(BENCH_GEMM_O) lib/libkgen.a \
	    -lpthread -ldl -lm

# the contenders: built where their library links, else skipped
bench-gemm-contenders: bench/gemm.c build/bench/gemm/gemmlist.h
	@sh tests/deps.sh libopenblas-dev libxsmm-dev
	@$(GEMMB_CC) -DCONTENDER=2 -o build/bench/gemm-xsmm -lxsmm \
	    -lxsmmnoblas -lpthread -ldl -lm 2>/dev/null || { rm -f \
	    build/bench/gemm-xsmm; echo "bench-gemm: LIBXSMM (libxsmm-dev)" \
	    "does not build here: skipping it"; }
	@$(GEMMB_CC) -DCONTENDER=3 -I/usr/include/x86_64-linux-gnu \
	    -o build/bench/gemm-openblas -lopenblas -lpthread -lm \
	    2>/dev/null || { rm -f build/bench/gemm-openblas; echo \
	    "bench-gemm: OpenBLAS (libopenblas-dev) does not build here:" \
	    "skipping it"; }

bench-gemm: build/bench/gemm-kgen bench-gemm-contenders
	@sh bench/machine.sh gemm
	$(PYTHON) bench/gemm.py build/bench bench/out
	$(RESULTS) gemm

# keep the generated benchmark codelets for reading
.PRECIOUS: build/bench/gemm/%.c
.PHONY: bench-gemm-contenders

# ---- bench-fft: n1 transforms, n = 2..64, double and float: one at a
# time (v = 1, interleaved and split) and batched (v = 256 interleaved);
# kgen_dft and each of its codelets against FFTW_MEASURE and FFTW_PATIENT,
# one process per precision, layout and FFTW build (bench/fft.c,
# bench/fft.py); CSV and plots go to bench/out/ (about 10-16 minutes).
# As bench-nd: fft-debian links Debian's libfftw3 (both precisions),
# fft-built and fftf-built each precision of the FFTW 3.3.10 of make
# fftw-avx512 (separate archives; built on first use, tens of minutes
# per precision on 2 busy cores; where it cannot be built the bench says
# so and compares with Debian's build only).  BENCH_FFT_ARGS passes
# options, e.g. --quick (n = 2..16, 7 trials), --prec double,
# --only built.

# bench_built ARGS,DOUBLE_EXE,FLOAT_EXE: make the binaries linked with
# the FFTW of make fftw-avx512 (that FFTW built on first use), saying
# which could not be made, never failing; none where ARGS (a bench's
# options) say --only debian, one where they name the other precision
bench_built = for e in $(if $(findstring debian,$(1)),,$(if $(findstring \
	float,$(1)),,$(2)) $(if $(findstring double,$(1)),,$(3))); do \
	  $(MAKE) --no-print-directory $$e || echo "$$e: no FFTW built \
	here: Debian's build only"; done

FFT_CC = $(CC) -std=gnu11 -O2 -Wall -Iruntime
FFT_DEPS = bench/fft.c bench/timing.h runtime/kgen.h lib/libkgen.a
build/bench/fft-debian: $(FFT_DEPS)
	@sh tests/deps.sh libfftw3-dev
	@mkdir -p $(@D)
	$(FFT_CC) -o $@ bench/fft.c lib/libkgen.a -lfftw3 -lfftw3f -lm

build/bench/fft-built: $(FFT_DEPS) $(FFTW_LIB_double)
	@mkdir -p $(@D)
	$(FFT_CC) -DFFTW_DOUBLE_ONLY -I$(FFTW_DIR)/double/include -o $@ \
	    bench/fft.c lib/libkgen.a $(FFTW_LIB_double) -lm

build/bench/fftf-built: $(FFT_DEPS) $(FFTW_LIB_float)
	@mkdir -p $(@D)
	$(FFT_CC) -DFFTW_FLOAT_ONLY -I$(FFTW_DIR)/float/include -o $@ \
	    bench/fft.c lib/libkgen.a $(FFTW_LIB_float) -lm

bench-fft: build/bench/fft-debian
	@sh bench/machine.sh fft
	@sh tests/deps.sh python3-matplotlib
	@+$(call bench_built,$(BENCH_FFT_ARGS),build/bench/fft-built,\
	    build/bench/fftf-built)
	$(PYTHON) bench/fft.py $(BENCH_FFT_ARGS)
	$(RESULTS) fft --command "make bench-fft$(if $(BENCH_FFT_ARGS), \
	    BENCH_FFT_ARGS='$(BENCH_FFT_ARGS)')"

.PHONY: bench-fft

# ---- bench-plan: whole transforms, kgen_plan_dft_1d (KGEN_MEASURE and
# flags 0) run by kgen_execute_dft on interleaved data, against
# FFTW_PATIENT and FFTW_MEASURE, with each library's planning time
# (bench/plan.c, bench/plan.py): n = 2^7 .. 2^20, powers of 3, 5 and 7,
# mixed 7-smooth sizes (720, 1000, 3000, 6000, 100000, ...), primes;
# double and float; the geometric means per group and issue 46's goals
# against the strongest FFTW.  As bench-nd, one binary per precision and
# FFTW build: plan[f]-debian links Debian's libfftw3, plan[f]-built the
# FFTW 3.3.10 of make fftw-avx512 (mk/fftw.mk; built on first use, tens
# of minutes per precision on 2 busy cores; where it cannot be built the
# bench says so and compares with Debian's build only).  CSV and plot in
# bench/out/plan.*; KGEN_ISA=avx2 etc. picks kgen's path.  About an hour
# in full (FFTW_PATIENT's planning, up to n = 100000).
# BENCH_PLAN_ARGS passes options: --quick (720 1000 1024 6000, a few
# minutes), sizes, --prec double, --patient-max N, --only built, e.g.
#   make bench-plan BENCH_PLAN_ARGS="--prec double 1000 1024 6000"
PLAN_CC = $(CC) -std=c11 -O2 -Wall -Wextra -Iruntime
PLAN_DEPS = bench/plan.c bench/timing.h runtime/kgen.h lib/libkgen.a
build/bench/plan-debian: $(PLAN_DEPS)
	@sh tests/deps.sh libfftw3-dev
	@mkdir -p $(@D)
	$(PLAN_CC) -o $@ bench/plan.c lib/libkgen.a -lfftw3 -lm -lpthread

build/bench/planf-debian: $(PLAN_DEPS)
	@sh tests/deps.sh libfftw3-dev
	@mkdir -p $(@D)
	$(PLAN_CC) -DSINGLE -o $@ bench/plan.c lib/libkgen.a -lfftw3f -lm \
	    -lpthread

build/bench/plan-built: $(PLAN_DEPS) $(FFTW_LIB_double)
	@mkdir -p $(@D)
	$(PLAN_CC) -I$(FFTW_DIR)/double/include -o $@ bench/plan.c \
	    lib/libkgen.a $(FFTW_LIB_double) -lm -lpthread

build/bench/planf-built: $(PLAN_DEPS) $(FFTW_LIB_float)
	@mkdir -p $(@D)
	$(PLAN_CC) -DSINGLE -I$(FFTW_DIR)/float/include -o $@ bench/plan.c \
	    lib/libkgen.a $(FFTW_LIB_float) -lm -lpthread

bench-plan: build/bench/plan-debian build/bench/planf-debian
	@sh bench/machine.sh plan
	@sh tests/deps.sh python3-matplotlib
	@+$(call bench_built,$(BENCH_PLAN_ARGS),build/bench/plan-built,\
	    build/bench/planf-built)
	$(PYTHON) bench/plan.py $(BENCH_PLAN_ARGS)
	$(RESULTS) plan --command "make bench-plan$(if $(BENCH_PLAN_ARGS), \
	    BENCH_PLAN_ARGS='$(BENCH_PLAN_ARGS)')"

.PHONY: bench-plan

# ---- bench-nd: 2-D and 3-D transforms, c2c and r2c, one thread and
# two, kgen (KGEN_MEASURE, kgen_execute_dft / _dft_r2c) against
# FFTW_PATIENT on interleaved data in FFTW's layouts (bench/nd.c, one
# process per problem and FFTW build; bench/nd.py: the table, the goals
# of issue 45, CSV and plot in bench/out/nd.*).  Two binaries of the
# same source: nd-debian links Debian's libfftw3, nd-built the FFTW
# 3.3.10 of make fftw-avx512 (mk/fftw.mk; its double precision built
# on first use, 10-30 minutes on 2 busy cores; where it cannot be built
# the bench says it compares with Debian's build only).  BENCH_ND_ARGS
# passes options, e.g. --quick or problems (c2c:64x64 r2c:60x60x60).
# Tens of minutes in full.
ND_CC = $(CC) -std=c11 -O2 -Wall -Wextra -Iruntime
build/bench/nd-debian: bench/nd.c bench/timing.h runtime/kgen.h \
    lib/libkgen.a
	@sh tests/deps.sh libfftw3-dev
	@mkdir -p $(@D)
	$(ND_CC) -o $@ bench/nd.c lib/libkgen.a -lfftw3_threads -lfftw3 \
	    -lm -lpthread

build/bench/nd-built: bench/nd.c bench/timing.h runtime/kgen.h \
    lib/libkgen.a $(FFTW_LIB_double)
	@mkdir -p $(@D)
	$(ND_CC) -I$(FFTW_DIR)/double/include -o $@ bench/nd.c \
	    lib/libkgen.a $(FFTW_DIR)/double/lib/libfftw3_threads.a \
	    $(FFTW_LIB_double) -lm -lpthread

bench-nd: build/bench/nd-debian
	@sh bench/machine.sh nd
	@sh tests/deps.sh python3-matplotlib
	@$(MAKE) --no-print-directory build/bench/nd-built \
	    || echo "bench-nd: no FFTW built here: Debian's build only"
	$(PYTHON) bench/nd.py $(BENCH_ND_ARGS)
	$(RESULTS) nd --command "make bench-nd$(if $(BENCH_ND_ARGS), BENCH_ND_ARGS='$(BENCH_ND_ARGS)')"

.PHONY: bench-nd

# ---- opcounts: kgen's operation counts beside genfft's (markdown).
opcounts: bin/kgen
	$(PYTHON) bench/opcounts.py --csv bench/out/opcounts.csv
	$(RESULTS) opcounts --command "make opcounts"

# ---- bench-spills: Belady's and the compilers' spills per schedule and R,
# beside genfft's (bench/out/spills.csv, spills.md, spills.png); rows are
# written as they are measured, and the run is bounded (under 10 minutes
# on 2 cores, see bench/spills.py).  matplotlib draws the plot.
bench-spills: bin/kgen
	@sh bench/machine.sh spills
	@sh tests/deps.sh python3-matplotlib clang
	$(PYTHON) bench/spills.py
	$(RESULTS) spills

# ---- bench-asm: the assembly codelets (--emit asm, Belady's registers)
# against the gcc -O2 C --simd codelets of the same order and FFTW, per
# n = 2..64, avx2 and avx512, double and float, on v = 256 interleaved
# transforms (bench/asm.c times the three in one process, bench/asm.py
# builds and reports); CSV and plot in bench/out/asm.* (5-8 minutes).
# BENCH_ASM_ARGS passes options, e.g. --prec double --sizes 8-64.
bench-asm: bin/kgen
	@sh bench/machine.sh asm
	@sh tests/deps.sh libfftw3-dev python3-matplotlib
	$(PYTHON) bench/asm.py $(BENCH_ASM_ARGS)
	$(RESULTS) asm --command "make bench-asm $(BENCH_ASM_ARGS)"

# ---- bench-asmab: an older kgen's asm n1 codelets against this one's and
# the same order's C, in one process per size (bench/asmab.c, six
# placements of the output array; bench/asmab.py): how an emitter change
# is judged.  BENCH_ASMAB_ARGS must name the older kgen, e.g.
#   git worktree add /tmp/old HEAD~1 && make -C /tmp/old bin/kgen
#   make bench-asmab BENCH_ASMAB_ARGS="--old /tmp/old/bin/kgen"
# CSV in bench/out/asmab.csv (about 3 s a size with the defaults).
bench-asmab: bin/kgen
	@sh bench/machine.sh asmab
	$(PYTHON) bench/asmab.py $(BENCH_ASMAB_ARGS)
	$(RESULTS) asmab --command "make bench-asmab $(BENCH_ASMAB_ARGS)"

# ---- bench-asmparts: where an asm n1 codelet's time goes on the rows
# path: the copy in, the kernel and the copy out timed apart (cuts of
# its text) beside the whole and the same order's C (bench/asmparts.c,
# bench/asmparts.py; CSV in bench/out/asmparts.csv, about a second a
# configuration).  BENCH_ASMPARTS_ARGS passes options, e.g. --sizes 32.
bench-asmparts: bin/kgen
	@sh bench/machine.sh asmparts
	$(PYTHON) bench/asmparts.py $(BENCH_ASMPARTS_ARGS)
	$(RESULTS) asmparts --command \
	    "make bench-asmparts $(BENCH_ASMPARTS_ARGS)"

# ---- bench-asmlib: the library's batched codelets in C (kgen_n1_isa)
# against its assembly ones (kgen_n1a_isa), n = 2..64, avx2 and avx512,
# double and float, v = 256 interleaved, and which one kgen_dft picks
# there by its first-use measurement (bench/asmlib.c; seconds).  CSV in
# bench/out/asmlib.csv.
build/bench/asmlib: bench/asmlib.c runtime/kgen.h lib/libkgen.a
	@mkdir -p $(@D)
	$(CC) -std=c99 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=199309L -Iruntime \
	    -o $@ $< lib/libkgen.a $(LDLIBS)

# ---- bench-gemmasm: fixed-size GEMM codelets on vectors of rows (--vlen
# 8 on AVX-512 CPUs, else 4), gcc's C against kgen's assembly of the same
# DAG and order (bench/gemmasm.c; seconds).  Shapes whose M the vector
# length divides.  CSV in bench/out/gemmasm.csv.
BENCH_GEMMASM = 8x8x8 16x16x16 8x8x32 32x4x4 32x8x8 8x32x8 16x2x16 \
                24x24x24 32x32x32 8x4x4 16x8x8 24x8x8
bench-gemmasm: bin/kgen bench/gemmasm.c
	@sh bench/machine.sh gemmasm
	@mkdir -p build/bench/gemmasm-src bench/out
	@v=$(if $(BENCH_AVX512),8,4); d=build/bench/gemmasm-src; : > $$d/list; \
	for s in $(BENCH_GEMMASM); do \
	  m=$${s%%x*}; r=$${s#*x}; n=$${r%%x*}; k=$${r#*x}; \
	  [ $$((m % v)) -eq 0 ] || continue; \
	  bin/kgen gemm -m $$m -n $$n -k $$k --vlen $$v --fma \
	    --name cg_$$s -o $$d/cg_$$s.c || exit 1; \
	  bin/kgen gemm -m $$m -n $$n -k $$k --vlen $$v --fma --emit asm \
	    --verify --name ag_$$s -o $$d/ag_$$s.s || exit 1; \
	  echo "G($$m, $$n, $$k, cg_$$s, ag_$$s)" >> $$d/list; \
	done; mv $$d/list $$d/gemmasmlist.h; \
	$(CC) $(BENCH_CFLAGS) -I$$d -o build/bench/gemmasm bench/gemmasm.c \
	    $$d/cg_*.c $$d/ag_*.s
	build/bench/gemmasm > bench/out/gemmasm.csv.tmp
	mv bench/out/gemmasm.csv.tmp bench/out/gemmasm.csv
	@column -t -s, bench/out/gemmasm.csv 2>/dev/null \
	    || cat bench/out/gemmasm.csv
	$(RESULTS) gemmasm

# ---- bench-t1a: the library's t1v codelets in C (T1V) against its
# assembly ones (T1A), every radix, avx2 and avx512, double and float, one
# step of 64 butterflies in place (bench/t1a.c; seconds).  CSV in
# bench/out/t1a.csv.
build/bench/t1a: bench/t1a.c runtime/kgen.h lib/libkgen.a
	@mkdir -p $(@D)
	$(CC) -std=c99 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=199309L \
	    -D_DEFAULT_SOURCE -Iruntime -Ibuild/runtime -o $@ $< lib/libkgen.a \
	    $(LDLIBS)

bench-t1a: build/bench/t1a
	@sh bench/machine.sh t1a
	@mkdir -p bench/out
	build/bench/t1a > bench/out/t1a.csv.tmp
	mv bench/out/t1a.csv.tmp bench/out/t1a.csv
	@echo "bench/out/t1a.csv: c_over_asm > 1 where the assembly is faster"
	$(RESULTS) t1a

# ---- bench-n1va: the library's n1v leaf codelets in C (N1V) against
# the same DAG and order as kgen's assembly (kgen fft --kind n1v --emit
# asm --verify, made here), every N1V line, avx2 and avx512, double and
# float, v = 256 as a plan's leaf pass (bench/n1va.c; seconds).  CSV in
# bench/out/n1va.csv.
bench-n1va: bin/kgen bench/n1va.c lib/libkgen.a
	@sh bench/machine.sh n1va
	@mkdir -p build/bench/n1va-src bench/out
	@d=build/bench/n1va-src; : > $$d/list; \
	sed -n 's/^N1V(\([a-z0-9]*\), *\([a-z]*\), *\([0-9]*\), *\([a-z0-9_]*\), *"\(.*\)")$$/\1 \2 \3 \4 \5/p' \
	  codelets.def | while read isa prec n name opts; do \
	  bin/kgen fft -n $$n --kind n1v --simd $$isa --type $$prec $$opts \
	    --emit asm --verify --name a_$$name -o $$d/a_$$name.s || exit 1; \
	  echo "A($$isa, $$prec, $$n, $$name, a_$$name)" >> $$d/list; \
	done && mv $$d/list $$d/n1valist.h
	$(CC) -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -Iruntime \
	    -Ibuild/bench/n1va-src -o build/bench/n1va bench/n1va.c \
	    build/bench/n1va-src/a_*.s lib/libkgen.a $(LDLIBS)
	build/bench/n1va > bench/out/n1va.csv.tmp
	mv bench/out/n1va.csv.tmp bench/out/n1va.csv
	@column -t -s, bench/out/n1va.csv 2>/dev/null || cat bench/out/n1va.csv
	$(RESULTS) n1va

# ---- bench-pick: what kgen_dft's first-use measurement picks for v
# transforms of size n, over several processes, what the first call
# costs, and every candidate's own time beside it (bench/pick.c;
# seconds; its report, bench/out/pick.txt, goes to docs/results.md as
# it is).  BENCH_PICK_ARGS: [double|float] N [V] [PROCS], default
# double 32 256 10.
build/bench/pick: bench/pick.c runtime/kgen.h lib/libkgen.a
	@mkdir -p $(@D)
	$(CC) -std=c99 -O2 -Wall -Wextra -Iruntime -o $@ $< lib/libkgen.a \
	    $(LDLIBS)

bench-pick: build/bench/pick
	@sh bench/machine.sh pick
	@mkdir -p bench/out
	build/bench/pick $(BENCH_PICK_ARGS) > bench/out/pick.txt.tmp
	mv bench/out/pick.txt.tmp bench/out/pick.txt
	@cat bench/out/pick.txt
	$(RESULTS) pick --command "make bench-pick $(BENCH_PICK_ARGS)"

# ---- bench-ports: instructions a cycle of one core for the vector
# additions, FMAs and shuffles of kgen's codelets, alone and mixed
# (bench/ports.c; seconds); CSV in bench/out/ports.csv.
build/bench/ports: bench/ports.c
	@mkdir -p $(@D)
	$(CC) -O2 -Wall -Wextra -o $@ bench/ports.c

bench-ports: build/bench/ports
	@sh bench/machine.sh ports
	@mkdir -p bench/out
	build/bench/ports bench/out/ports.csv
	$(RESULTS) ports

bench-asmlib: build/bench/asmlib
	@sh bench/machine.sh asmlib
	@mkdir -p bench/out
	build/bench/asmlib > bench/out/asmlib.csv.tmp
	mv bench/out/asmlib.csv.tmp bench/out/asmlib.csv
	@echo "bench/out/asmlib.csv: c_over_asm > 1 where the assembly is faster"
	$(RESULTS) asmlib


# ---- bench-conv: FIR filters of 4..1024 taps, double and float: kgen's
# scalar codelet (up to 128 taps) and --simd codelets (each ISA the CPU
# runs) against the naive loop (bench/convnaive.c, gcc -O3 -march=native,
# its own unit), overlap-save FFT convolution (FFTW's and kgen's r2c
# and c2r) and the library's kgen_fir (direct, FFT, its own pick, in
# calls of 1024 samples), ns a sample on a signal of 16384 samples, one
# process per filter (bench/conv.c; bench/conv.py builds, runs, reports
# the crossovers and issue 46's goal; CSV and plot in bench/out/conv.*).
# BENCH_CONV_ARGS passes options, e.g. --taps 16,64 --prec float.  About
# 10 minutes.
bench-conv: bin/kgen lib/libkgen.a
	@sh bench/machine.sh conv
	@sh tests/deps.sh libfftw3-dev
	$(PYTHON) bench/conv.py $(BENCH_CONV_ARGS)
	$(RESULTS) conv --command "make bench-conv$(if $(BENCH_CONV_ARGS), BENCH_CONV_ARGS='$(BENCH_CONV_ARGS)')"

.PHONY: bench-conv
