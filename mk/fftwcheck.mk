# mk/fftwcheck.mk: FFTW 3.3.10 built with kgen's codelets in place of
# genfft's and checked by FFTW's own tests (issue 47); included by the
# Makefile after mk/fftw.mk, whose source rule and fftw_run it reuses.
# `make check-fftw`:
#   1. FFTW's source (mk/fftw.mk's $(FFTW_DIR)/src, left pristine) is
#      copied to build/fftw-kgen/src once; tests/fftw/replace.sh writes
#      kgen's file over each PATH that `bin/kgen fft --emit fftw --list`
#      names, only where the text changes, so a rerun rebuilds only the
#      codelets that changed (the list: build/fftw-kgen/replaced.txt);
#   2. two double-precision builds, static, -O3, make -j$(FFTW_JOBS),
#      each in its own directory: obj-scalar (no SIMD, no --enable-fma:
#      the plain form of the scalar codelets) and obj-simd (mk/fftw.mk's
#      FFTW_FLAGS: SSE2, AVX, AVX2, AVX-512 where the CPU has it, FMA,
#      threads; the FMA form of the scalar codelets and the SIMD ones)
#      plus --enable-mpi when mpicc is there (Debian's libopenmpi-dev
#      and openmpi-bin are installed when missing and make runs as
#      root).  obj-simd starts as a copy of mk/fftw.mk's stock
#      obj-double when that was built with the same flags
#      (FK_SEED=0: from scratch); make then recompiles what differs.
#      --enable-mpi adds HAVE_MPI and SIZEOF_MPI_FINT to config.h, which
#      no file of FFTW reads: where they are config.h's only change, its
#      copy keeps the stock mtime, so that it does not recompile all;
#   3. tests/fftw/check.sh in each build: FFTW's smallcheck, then
#      tests/bench -o paranoid -o patient --verify over
#      tests/fftw/problems.txt (paranoid: every plan the planner tries
#      is verified, so every codelet that applies runs), again with
#      -o nosimd in obj-simd; then, with MPI, tests/fftw/mpi.sh: FFTW's
#      mpi-bench --verify and tests/fftw/mpi2d.c on two ranks.
# Logs: build/fftw-kgen/*.log; the last line is a one-line summary.
# `make bench-fftw`: bench/fftwbench.py, stock FFTW's tests/bench
# against obj-simd's (no MPI needed), FFTW_PATIENT, interleaved.
FK_DIR = build/fftw-kgen
FK_KGEN = bin/kgen
FK_STOCK := $(FFTW_DIR)
FK_SEED = 1
FK_SCALAR_FLAGS = --disable-shared --enable-static --enable-threads \
                  --disable-fortran
BENCH_FFTW_ARGS =
# FK_BUILDS=scalar: the scalar build and its checks only (no SIMD, no
# MPI; about a third of the compiling)
FK_BUILDS = scalar simd

# fk_build NAME FLAGS SEED: configure $(FK_DIR)/obj-NAME when it has not
# been configured with FLAGS (from a copy of the stock build when SEED
# is 1), then make in it; prints the time taken.
fk_build = d=$(FK_DIR)/obj-$(1); f="$(2)"; fk_t0=$$(date +%s); \
	if [ ! -f $$d/config.status ] || \
	    [ "$$(cat $$d/kgen-flags 2>/dev/null)" != "$$f" ]; then \
	  rm -rf $$d; \
	  if [ "$(3)" = 1 ] && [ -x $(FK_STOCK)/obj-double/tests/bench ] \
	      && [ "$$(cat $(FK_STOCK)/flags 2>/dev/null)" = \
	           "$(FFTW_FLAGS) CFLAGS=$(FFTW_CFLAGS)" ]; then \
	    echo "check-fftw: $(1): starting from a copy of" \
	      "$(FK_STOCK)/obj-double (same flags; FK_SEED=0 to not)"; \
	    cp -a $(FK_STOCK)/obj-double $$d; fi; \
	  mkdir -p $$d; \
	  echo "check-fftw: configure $(1): $$f CFLAGS=$(FFTW_CFLAGS)"; \
	  $(call fftw_run,$(FK_DIR)/configure-$(1).log,cd $$d && \
	    ../src/configure $$f CC="$(CC)" CFLAGS="$(FFTW_CFLAGS)"); \
	  if [ -f $(FK_STOCK)/obj-double/config.h ] && [ -f $$d/tests/bench ] \
	      && ! diff $(FK_STOCK)/obj-double/config.h $$d/config.h \
	      | grep '^[<>]' | grep -qv MPI; then \
	    touch -r $(FK_STOCK)/obj-double/config.h $$d/config.h; fi; \
	  echo "$$f" > $$d/kgen-flags; \
	fi; \
	echo "check-fftw: make -j$(FFTW_JOBS) $(1) (log" \
	  "$(FK_DIR)/make-$(1).log)"; \
	$(call fftw_run,$(FK_DIR)/make-$(1).log,cd $$d && \
	  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -j$(FFTW_JOBS)); \
	echo "check-fftw: build $(1): $$(($$(date +%s) - fk_t0)) s"

$(FK_DIR)/src/configure: $(FFTW_DIR)/src/configure
	rm -rf $(FK_DIR)/src $(FK_DIR)/src.tmp
	@mkdir -p $(FK_DIR)
	cp -a $(FFTW_DIR)/src $(FK_DIR)/src.tmp
	mv $(FK_DIR)/src.tmp $(FK_DIR)/src

fk-src: $(FK_KGEN) $(FK_DIR)/src/configure
	@sh tests/fftw/replace.sh $(FK_KGEN) $(FFTW_DIR)/src $(FK_DIR)/src \
	    $(FK_DIR)

# Debian's Open MPI, when missing and root; $(FK_DIR)/mpi says whether
# the SIMD build has MPI ("yes", or why not).
fk-mpi:
	@mkdir -p $(FK_DIR); \
	if ! command -v mpicc >/dev/null || ! command -v mpirun >/dev/null; \
	then if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "check-fftw: apt-get install libopenmpi-dev openmpi-bin"; \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
	    --no-install-recommends libopenmpi-dev openmpi-bin \
	    > $(FK_DIR)/mpi-install.log 2>&1 || \
	    echo "check-fftw: (failed, see $(FK_DIR)/mpi-install.log)"; \
	fi; fi; \
	if command -v mpicc >/dev/null && command -v mpirun >/dev/null; then \
	  echo yes > $(FK_DIR)/mpi; \
	else echo "no mpicc/mpirun (Debian's libopenmpi-dev, openmpi-bin)" \
	  > $(FK_DIR)/mpi; \
	  echo "check-fftw: MPI part skipped: $$(cat $(FK_DIR)/mpi)"; fi

fk-scalar: private FFTW_DIR = $(FK_DIR)/obj-scalar
fk-scalar: fk-src
	@$(call fk_build,scalar,$(FK_SCALAR_FLAGS),0)

# after the scalar build: each make already uses FFTW_JOBS cores
fk-simd: private FFTW_DIR = $(FK_DIR)/obj-simd
fk-simd: fk-src fk-mpi | fk-scalar
	@$(call fk_build,simd,$(FFTW_FLAGS) $(if $(filter yes,$(shell \
	  cat $(FK_DIR)/mpi 2>/dev/null)),--enable-mpi),$(FK_SEED))

check-fftw: $(addprefix fk-,$(FK_BUILDS))
	@FK_BUILDS="$(FK_BUILDS)" sh tests/fftw/check.sh $(FK_DIR)

bench-fftw: fk-simd
	@mkdir -p build/bench
	$(PYTHON) bench/fftwbench.py --stock $(FK_STOCK)/obj-double/tests/bench \
	    --kgen $(FK_DIR)/obj-simd/tests/bench $(BENCH_FFTW_ARGS)

.PHONY: check-fftw bench-fftw fk-src fk-mpi fk-scalar fk-simd

# ---- fftw-opcounts: every file --emit fftw writes against genfft's of
# the same path, both forms (bench/fftwops.py; the table goes to
# docs/results.md, per file to build/bench/fftwops.csv).
fftw-opcounts: bin/kgen $(FFTW_DIR)/src/configure
	$(PYTHON) bench/fftwops.py --doc

.PHONY: fftw-opcounts
