# mk/lib.mk: the library: its codelets (codelets/, made by bin/kgen from
# the list in codelets.def), the runtime (runtime/) and lib/libkgen.{a,so};
# included by the Makefile.

# ---- codelets: mk/codelets.awk turns codelets.def into build/codelets.mk,
# which lists them (CODELETS_C; REGISTRY_C the scalar n1 ones) and gives
# each its kgen command line (KGEN_ARGS) and compiler flags (CODELET_FLAGS:
# its ISA's from isa.def, then its family's below).  Each vector ISA is
# built for its architecture only (isa.def's last column, mk/isa.mk's
# ISA_NAMES_<arch>: sse2, avx2, avx512 on x86_64, neon on aarch64); where
# the target has none of them the runtime gets -DKGEN_NO_SIMD.  The
# target is this machine (ARCH), or the cross compiler's (make
# CROSS=..., the Makefile): BLD and LIBD are build/ and lib/, or
# build/ARCH/ and lib/ARCH/ for a cross build.
# A smaller library: `make CODELET_ISAS="scalar avx2"` builds the
# scalar codelets and those ISAs' only (scalar is always built: the
# runtime's registry and fallback; ISAs of another architecture are
# dropped, so that the value passes to check-arm's cross build as it
# is); the runtime then picks among what it has (README, "The library's
# size").  The choice is stamped
# (ISAS_STAMP) so that changing it remakes the lists, the runtime and the
# library.
CODELET_ISAS ?= $(strip scalar $(ISA_NAMES_$(ARCH)))
override CODELET_ISAS := scalar $(filter $(ISA_NAMES_$(ARCH)),$(CODELET_ISAS))
ISAS_STAMP := $(BLD)/isas-$(firstword $(shell echo '$(CODELET_ISAS)' | cksum))
$(ISAS_STAMP):
	@mkdir -p $(@D)
	rm -f $(BLD)/isas-*
	echo '$(CODELET_ISAS)' > $@
RT_FLAGS = -I. -Iruntime -I$(BLD)/runtime -DKGEN_VERSION='"$(VERSION)"' \
           -fvisibility=hidden \
           $(if $(filter-out scalar,$(CODELET_ISAS)),,-DKGEN_NO_SIMD)

$(BLD)/codelets.mk: codelets.def mk/codelets.awk isa.def $(ISAS_STAMP)
	@mkdir -p $(@D)
	awk -v out=mk -v isas="$(CODELET_ISAS)" -v known="scalar $(ISA_ALL)" \
	    -v bld=$(BLD) -f mk/codelets.awk codelets.def > $@.tmp \
	    && mv $@.tmp $@

ifneq ($(MAKECMDGOALS),clean)
include $(BLD)/codelets.mk
endif

# No -g for codelets: gcc's variable tracking takes gigabytes and minutes
# on the larger ones (n1_58: 4 GB with -g, 57 MB without).
# Everything in the library is hidden (-fvisibility=hidden) but the names
# kgen.h declares with KGEN_API: libkgen.so exports its API and nothing
# else (tests/test_symbols.py).  The scalar n1 codelets are part of that
# API: they are compiled with kgen.h included first (CODELET_FLAGS_n1),
# whose declarations make them visible and check their prototypes.
CODELET_CFLAGS = -std=c99 -O2 -Wall -Wextra -Wpedantic -fvisibility=hidden
# Each family's flags beyond its ISA's, for its scalar codelets and for
# those of a vector ISA (_simd).  No second scheduling pass for the large
# straight-line vector n1 ones: it triples their compile time, and the
# order is kgen's already.  -ffp-contract=fast makes a*b+c one FMA where
# the ISA has it.
CODELET_FLAGS_n1 = -include runtime/kgen.h
CODELET_FLAGS_n1_simd = -fno-schedule-insns2
CODELET_FLAGS_n1w_simd = -fno-schedule-insns2 -ffp-contract=fast
CODELET_FLAGS_n1c_simd = -fno-schedule-insns2 -ffp-contract=fast
CODELET_FLAGS_n1x_simd = -fno-schedule-insns2 -ffp-contract=fast
CODELET_FLAGS_n1xl_simd = $(CODELET_FLAGS_n1x_simd)
CODELET_FLAGS_t1v_simd = -ffp-contract=fast
CODELET_FLAGS_n1v_simd = -ffp-contract=fast
CODELET_FLAGS_gemmk = -ffp-contract=fast
CODELET_FLAGS_gemmk_simd = -ffp-contract=fast
# On AArch64 gcc -O2 also schedules before register allocation, which
# undoes kgen's order: n1_64's spills at R = 32 go from 117/100 to
# 849/505 (kgen spills --target neon --measure aarch64-gcc,
# aarch64-gcc-nosched), so NEON's codelets are built without that pass.
ISA_FLAGS_neon += -fno-schedule-insns

LIB_AO = $(CODELETS_S:codelets/%.s=$(BLD)/codelets/%.o)
LIB_CO = $(CODELETS_C:codelets/%.c=$(BLD)/codelets/%.o) $(LIB_AO)

# named here so that make keeps them (not intermediate files)
codelets: $(CODELETS_C) $(CODELETS_S)

codelets/%.c: bin/kgen
	@mkdir -p $(@D)
	bin/kgen $(KGEN_ARGS) -o $@

# The assembly codelets (N1A, T1A): internal codelets like the
# vector C ones, so hidden: the line ".hidden NAME" goes in after the
# file's ".globl NAME" (what -fvisibility=hidden does for C), and the
# file is what kgen emitted otherwise (kgen verify accepts it, make check
# runs it on every one, tests/test_asm_lib.py).  --verify in their options
# stops the build on one the validator rejects.  Static pattern rules, so
# that make never looks for a .c of the same name.
$(CODELETS_S): codelets/%.s: bin/kgen
	@mkdir -p $(@D)
	bin/kgen $(KGEN_ARGS) -o $@.tmp
	awk '{ print } /^\t\.globl / { print "\t.hidden " $$2 }' $@.tmp > $@.tmp2
	grep -q '^	\.hidden ' $@.tmp2
	rm -f $@.tmp && mv $@.tmp2 $@

$(LIB_AO): $(BLD)/codelets/%.o: codelets/%.s
	@mkdir -p $(@D)
	@sh mk/ifchanged.sh $@ "$^" $(LIB_CC) -c -o $@ $<

$(LIB_AO:$(BLD)/%=build/asan/%): build/asan/codelets/%.o: codelets/%.s
	@mkdir -p $(@D)
	$(CC) -c -o $@ $<

# make sees files, not flags: each value of CODELET_CFLAGS gets its own
# stamp file, named by its checksum, so that a change of those flags
# remakes every codelet object (a plain make after editing them is
# right) while `make -q` stays quiet when nothing changed.
CODELET_STAMP := $(BLD)/codelets/cflags-$(firstword \
    $(shell echo '$(CODELET_CFLAGS)' | cksum))
$(CODELET_STAMP):
	@mkdir -p $(@D)
	echo '$(CODELET_CFLAGS)' > $@

$(REGISTRY_C:codelets/%.c=$(BLD)/codelets/%.o) \
$(REGISTRY_C:codelets/%.c=build/asan/codelets/%.o): runtime/kgen.h

# mk/ifchanged.sh skips the compiler (it touches the object) when the
# codelet, its other inputs and the command are as they were last time:
# a change to bin/kgen remakes every codelet, but recompiles only those
# whose bytes changed.
$(BLD)/codelets/%.o: codelets/%.c $(CODELET_STAMP)
	@mkdir -p $(@D)
	@sh mk/ifchanged.sh $@ "$^" \
	    $(LIB_CC) $(CODELET_CFLAGS) $(CODELET_FLAGS) -fPIC -c -o $@ $<

# the same under ASan (make asan, mk/check.mk); a vector ISA's at -O1
# (ASAN_CODELET_OPT): at -O0 gcc warns of overflows in the n1w codelets'
# partial stores that are not there.
build/asan/codelets/%.o: codelets/%.c $(CODELET_STAMP)
	@mkdir -p $(@D)
	@sh mk/ifchanged.sh $@ "$^" $(CC) $(ASAN_CODELET_CFLAGS) \
	    $(ASAN_CODELET_OPT) $(CODELET_FLAGS) -c -o $@ $<

# ---- runtime: the registry (its table made from the scalar n1 codelets'
# header comments), kgen_strerror and kgen_version (status.c), the one
# CPU detector, run-time dispatch (dispatch, disptab, dispmeas), the
# planner (plan, planest, planmeas, planexec, planconv, plantab,
# plansimd; real.c for real data), kgen_dgemm and kgen_selftest, and the
# wisdom store.  The files of PREC_RT are compiled twice, the second
# time for float with -DKGEN_SINGLE (runtime/prec.h), so that a static
# link of a program using one precision takes only that precision's
# codelets.  The tables of disptab.c, plantab.c and gemm.c come from
# codelets.def, less the ISAs not built here (build/runtime/codelets.h).
PREC_RT = dispatch disptab dispmeas plan planest planmeas planexec plannd \
          ndexec ndmeas ndct \
          planconv plantab real realnd plansimd plandesc planbig \
          fir firfft
RT_O = $(patsubst %,$(BLD)/runtime/%.o,registry status cpu gemm selftest \
       stcheck stlayout \
       wisdom threads mem firq15 $(PREC_RT) $(PREC_RT:%=%f))
RT_GEN = $(BLD)/runtime/table.h $(BLD)/runtime/codelets.h \
         $(BLD)/runtime/cpufeat.h

$(BLD)/runtime/table.h: runtime/mktable.awk $(REGISTRY_C)
	@mkdir -p $(@D)
	awk -f runtime/mktable.awk $(REGISTRY_C) > $@.tmp && mv $@.tmp $@

$(BLD)/runtime/codelets.h: codelets.def mk/codelets.awk isa.def $(ISAS_STAMP)
	@mkdir -p $(@D)
	awk -v out=h -v isas="$(CODELET_ISAS)" -v known="scalar $(ISA_ALL)" \
	    -f mk/codelets.awk codelets.def > $@.tmp && mv $@.tmp $@

$(BLD)/runtime/cpufeat.h: runtime/mkcpu.awk isa.def
	@mkdir -p $(@D)
	awk -f runtime/mkcpu.awk isa.def > $@.tmp && mv $@.tmp $@

$(BLD)/runtime/%.o: runtime/%.c runtime/kgen.h $(RT_GEN)
	@mkdir -p $(@D)
	$(LIB_CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -fPIC $(RT_FLAGS) -c -o $@ $<

$(BLD)/runtime/%f.o: runtime/%.c runtime/kgen.h $(RT_GEN)
	@mkdir -p $(@D)
	$(LIB_CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -fPIC $(RT_FLAGS) -DKGEN_SINGLE \
	    -c -o $@ $<

build/asan/runtime/%.o: runtime/%.c runtime/kgen.h $(RT_GEN)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASAN_CFLAGS) $(DEPFLAGS) $(RT_FLAGS) -c -o $@ $<

build/asan/runtime/%f.o: runtime/%.c runtime/kgen.h $(RT_GEN)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASAN_CFLAGS) $(DEPFLAGS) $(RT_FLAGS) -DKGEN_SINGLE \
	    -c -o $@ $<

# kgen-wisdom (tools/wisdom.c): measures what kgen's first calls would
# and writes it as wisdom.  It links libkgen.so (a static link would copy
# the whole library: both precisions' codelets, 72 MB), found through
# $ORIGIN/../lib: lib/ here, PREFIX/lib once installed.
bin/kgen-wisdom: tools/wisdom.c runtime/kgen.h runtime/clock.h lib/libkgen.so
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -Iruntime -o $@ tools/wisdom.c \
	    -Llib -lkgen -Wl,-rpath,'$$ORIGIN/../lib' $(LDLIBS)

$(LIBD)/libkgen.a: $(LIB_CO) $(RT_O)
	@mkdir -p $(@D)
	rm -f $@
	$(LIB_AR) rcs $@ $^

# lib/libkgen.so.X.Y.Z (SONAME libkgen.so.X) and its two symlinks; nodelete:
# dlclose never unmaps it, since the thread pool's workers (threads.c)
# run its code until the process ends
$(LIBD)/libkgen.so: $(LIB_CO) $(RT_O)
	@mkdir -p $(@D)
	$(LIB_CC) $(CFLAGS) -shared \
	    -Wl,-soname,libkgen.so.$(firstword $(subst ., ,$(VERSION))) \
	    -Wl,-z,nodelete -o $@.$(VERSION) $^ $(LDLIBS)
	ln -sf libkgen.so.$(VERSION) \
	    $@.$(firstword $(subst ., ,$(VERSION)))
	ln -sf libkgen.so.$(firstword $(subst ., ,$(VERSION))) $@
