# mk/fftw.mk: FFTW 3.3.10 built here, the strongest FFTW the benches
# compare with (issue 46): Debian's libfftw3 is built without AVX-512
# codelets, so kgen looks faster against it than against the FFTW a user
# can build.  `make fftw-avx512` (once; the files stay under build/fftw/):
#   1. the source: Debian's source package (`apt-get source fftw3`, its
#      patches applied) into build/fftw/src, after a deb-src entry that
#      mirrors the machine's own Debian deb entries is written to
#      /etc/apt/sources.list.d/kgen-deb-src.sources (dpkg-dev installed
#      when dpkg-source is missing);
#   2. double and float, static, -O3, --enable-threads, with
#      --enable-sse2 --enable-avx --enable-avx2 --enable-fma, and
#      --enable-avx512 where /proc/cpuinfo lists avx512f (else the AVX2
#      build), each configured in build/fftw/obj-PREC, made with make -j2
#      (FFTW's tests are not run) and installed into build/fftw/PREC
#      (include/fftw3.h, lib/libfftw3[f].a, lib/libfftw3[f]_threads.a);
#   3. build/fftw/flags: one line, the configure flags, for the reports.
# Without root, apt-get or deb-src access step 1 writes the reason to
# build/fftw/unavailable and fails; later runs fail at once with that
# reason (remove the file to try again), and the benches compare with
# Debian's build only.  A progress line every 30 s; the logs are
# build/fftw/*.log.  Slow on a shared machine: double made 786 objects
# in 35 minutes on 2 cores under load
# 13 (2026-12-05), of roughly 2000.
FFTW_DIR = build/fftw
FFTW_JOBS = 2
FFTW_AVX512 := $(shell grep -qw avx512f /proc/cpuinfo 2>/dev/null \
                 && echo 1)
FFTW_FLAGS = --disable-shared --enable-static --enable-threads \
             --disable-fortran --enable-sse2 --enable-avx --enable-avx2 \
             $(if $(FFTW_AVX512),--enable-avx512) --enable-fma
FFTW_CFLAGS = -O3
FFTW_LIB_double = $(FFTW_DIR)/double/lib/libfftw3.a
FFTW_LIB_float = $(FFTW_DIR)/float/lib/libfftw3f.a
# deb822 stanzas of type deb whose URIs are Debian's, and one-line deb
# entries ("@@ [options] URI SUITE COMPONENTS..."), as deb-src stanzas
FFTW_DEBSRC = \
  function flush() { if (deb && uri ~ /debian/) { print "Types: deb-src"; \
    printf "%s", body; print "" } deb = 0; uri = ""; body = "" } \
  /^@@ / { flush(); i = 2; if ($$2 ~ /^\[/) { while ($$i !~ /\]$$/) i++; \
    i++ } if ($$i !~ /debian/) next; c = ""; \
    for (j = i + 2; j <= NF; j++) c = c " " $$j; \
    print "Types: deb-src"; print "URIs: " $$i; \
    print "Suites: " $$(i + 1); print "Components:" c; print ""; next } \
  /^[ \t]*$$/ { flush(); next } /^\#/ { next } \
  /^Types:/ { deb = ($$0 ~ /[ \t]deb([ \t]|$$)/); next } \
  /^URIs:/ { uri = $$0 } { body = body $$0 "\n" } END { flush() }

fftw-avx512: $(FFTW_LIB_double) $(FFTW_LIB_float)

# fftw_run LOG CMD: CMD in the background, its output in LOG, a line
# every 30 s with the objects made so far; the status is CMD's.
fftw_run = ( $(2) ) > $(1) 2>&1 & p=$$!; t0=$$(date +%s); t1=$$t0; \
	while kill -0 $$p 2>/dev/null; do sleep 2; \
	  [ $$(date +%s) -ge $$((t1 + 30)) ] && t1=$$(date +%s) && \
	  echo "fftw: $$((t1 - t0)) s, $$(find $(FFTW_DIR) -name '*.o' \
	| wc -l) objects ($(1))"; \
	done; wait $$p || { tail -20 $(1); echo "fftw: failed, see $(1)"; \
	exit 1; }

$(FFTW_DIR)/src/configure:
	@if [ -f $(FFTW_DIR)/unavailable ]; then \
	  echo "fftw: not built: $$(cat $(FFTW_DIR)/unavailable)"; \
	  echo "fftw: (rm $(FFTW_DIR)/unavailable to try again)"; exit 1; fi
	@mkdir -p $(FFTW_DIR)/dl
	@why=; \
	if [ "$$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then \
	  why="apt-get source needs root and apt-get"; \
	else \
	  export DEBIAN_FRONTEND=noninteractive; \
	  l=/etc/apt/sources.list.d/kgen-deb-src.sources; \
	  [ -f $$l ] || { echo "fftw: writing $$l"; \
	    { cat /etc/apt/sources.list.d/*.sources 2>/dev/null; \
	      echo; sed -n 's/^deb \(.*\)/@@ \1/p' \
	      /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
	      2>/dev/null; } | awk '$(FFTW_DEBSRC)' > $$l.tmp \
	    && mv $$l.tmp $$l; }; \
	  command -v dpkg-source >/dev/null || \
	    apt-get install -y -q --no-install-recommends dpkg-dev \
	    >/dev/null || why="dpkg-dev could not be installed"; \
	  [ -n "$$why" ] || { echo "fftw: apt-get update"; \
	    apt-get update -q -o DPkg::Lock::Timeout=300 >/dev/null; }; \
	  [ -n "$$why" ] || { echo "fftw: apt-get source fftw3"; \
	    (cd $(FFTW_DIR)/dl && apt-get source -q fftw3) \
	    > $(FFTW_DIR)/source.log 2>&1 || why="apt-get source fftw3 \
	failed (no deb-src access?), see $(FFTW_DIR)/source.log"; }; \
	  d=$$(ls -d $(FFTW_DIR)/dl/fftw3-3.3.10 2>/dev/null); \
	  [ -n "$$why" ] || [ -n "$$d" ] || \
	    why="the source package is not FFTW 3.3.10 ($$(ls \
	$(FFTW_DIR)/dl))"; \
	fi; \
	if [ -n "$$why" ]; then echo "$$why" > $(FFTW_DIR)/unavailable; \
	  echo "fftw: not built: $$why"; exit 1; fi; \
	rm -rf $(FFTW_DIR)/src && mv $$d $(FFTW_DIR)/src && \
	touch $(FFTW_DIR)/src/configure

# one rule for both precisions, PREC set per target
$(FFTW_LIB_double): PREC = double
$(FFTW_LIB_float): PREC = float
$(FFTW_LIB_double) $(FFTW_LIB_float): $(FFTW_DIR)/src/configure
	@mkdir -p $(FFTW_DIR); mkdir $(FFTW_DIR)/lock-$(PREC) 2>/dev/null \
	  || { echo "fftw: $(PREC) is being built by another make (else \
	rmdir $(FFTW_DIR)/lock-$(PREC))"; exit 1; }; \
	trap 'rmdir $(FFTW_DIR)/lock-$(PREC)' EXIT; \
	rm -rf $(FFTW_DIR)/obj-$(PREC) $(FFTW_DIR)/$(PREC); \
	mkdir -p $(FFTW_DIR)/obj-$(PREC); \
	f="$(FFTW_FLAGS) $(if $(filter float,$(PREC)),--enable-float)"; \
	echo "fftw: configure $(PREC): $$f CFLAGS=$(FFTW_CFLAGS)"; \
	$(call fftw_run,$(FFTW_DIR)/configure-$(PREC).log,cd $(FFTW_DIR)/obj-$(PREC) \
	  && ../src/configure --prefix=$(abspath $(FFTW_DIR))/$(PREC) $$f \
	  CC="$(CC)" CFLAGS="$(FFTW_CFLAGS)"); \
	echo "fftw: make -j$(FFTW_JOBS) $(PREC) (log $(FFTW_DIR)/make-$(PREC).log)"; \
	$(call fftw_run,$(FFTW_DIR)/make-$(PREC).log,cd $(FFTW_DIR)/obj-$(PREC) && \
	  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -j$(FFTW_JOBS) && \
	  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make install); \
	echo "$(FFTW_FLAGS) CFLAGS=$(FFTW_CFLAGS)" > $(FFTW_DIR)/flags; \
	echo "fftw: $(PREC) installed in $(FFTW_DIR)/$(PREC)"

# one precision at a time: each make already uses FFTW_JOBS cores
$(FFTW_LIB_float): | $(FFTW_LIB_double)

.PHONY: fftw-avx512
