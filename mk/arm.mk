# mk/arm.mk: make check-arm, the library cross-built for AArch64 and
# tested under qemu-aarch64; included by the Makefile.
#
# check-arm installs Debian's cross compiler, its C library and qemu-user
# when they are missing (tests/deps.sh: as root), proves them on a static
# program run under qemu, then builds with `make CROSS=$(ARM_CROSS)`
# (the Makefile: bin/kgen for this machine, the library into
# build/aarch64/ and lib/aarch64/) the library and the test programs
# below, and runs tests/test_arm.py, which runs them under qemu.  Where
# the tools cannot be had it fails with the reason; make check runs it
# with ARM_OPTIONAL=1, which prints that reason as one line and goes on.
# Its two parts are timed (ARM_TIME lines).
ARM_CROSS ?= aarch64-linux-gnu-
ARM_QEMU ?= qemu-aarch64
ARM_DEPS = gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
ARM_DIR = build/aarch64
ARM_OPTIONAL =

# The programs, linked statically with lib/aarch64/libkgen.a (qemu runs
# them as they are) but rtapi-so, linked with lib/aarch64/libkgen.so
# (qemu -L /usr/aarch64-linux-gnu finds the target's ld.so): armcheck
# (tests/armcheck.c: every codelet and plans against a long-double DFT),
# kgen-selftest (tests/selftest_main.c) and rtapi (tests/rtapi.c: the
# registry API).  Their rules are for a cross build (CROSS set).
ARM_PROGS = $(BLD)/tests/armcheck $(BLD)/tests/kgen-selftest \
            $(BLD)/tests/rtapi-so

$(BLD)/tests/armcheck: tests/armcheck.c tests/armprec.h runtime/kgen.h \
    $(LIBD)/libkgen.a
	@mkdir -p $(@D)
	$(LIB_CC) $(CPPFLAGS) $(CFLAGS) -Iruntime -static -o $@ $< \
	    $(LIBD)/libkgen.a $(LDLIBS)

$(BLD)/tests/kgen-selftest: tests/selftest_main.c runtime/kgen.h \
    $(LIBD)/libkgen.a
	@mkdir -p $(@D)
	$(LIB_CC) $(CPPFLAGS) $(CFLAGS) -Iruntime -static -o $@ $< \
	    $(LIBD)/libkgen.a $(LDLIBS)

$(BLD)/tests/rtapi-so: tests/rtapi.c runtime/kgen.h $(LIBD)/libkgen.so
	@mkdir -p $(@D)
	$(LIB_CC) $(CPPFLAGS) $(CFLAGS) -Iruntime -o $@ $< -L$(LIBD) -lkgen \
	    $(LDLIBS)

# what check-arm builds in its cross make
arm-build: bin/kgen $(LIBD)/libkgen.a $(LIBD)/libkgen.so $(ARM_PROGS)

# A static program through the cross compiler, run by qemu: the whole
# tool chain check-arm needs, or the reason it is not there.
ARM_PROBE = build/arm-probe

arm-tools:
	@mkdir -p build
	@printf 'int main(void) { return 0; }\n' > $(ARM_PROBE).c
	@apt=; sh tests/deps.sh $(ARM_DEPS) python3-pytest \
	    || apt=" (apt-get could not install them)"; \
	if ! command -v $(ARM_CROSS)gcc >/dev/null 2>&1; then \
	    echo "no $(ARM_CROSS)gcc (Debian: $(ARM_DEPS))$$apt"; \
	elif ! command -v $(ARM_QEMU) >/dev/null 2>&1; then \
	    echo "no $(ARM_QEMU) (Debian: qemu-user)$$apt"; \
	elif ! $(ARM_CROSS)gcc -static -o $(ARM_PROBE) $(ARM_PROBE).c \
	    >/dev/null 2>&1; then \
	    echo "$(ARM_CROSS)gcc cannot link a static program" \
	        "(Debian: libc6-dev-arm64-cross)$$apt"; \
	elif ! $(ARM_QEMU) $(ARM_PROBE); then \
	    echo "$(ARM_QEMU) does not run an AArch64 program"; \
	fi > $(ARM_PROBE).why
	@rm -f $(ARM_PROBE) $(ARM_PROBE).c

check-arm: arm-tools
	@why=$$(cat $(ARM_PROBE).why); if [ -n "$$why" ]; then \
	    if [ -n "$(ARM_OPTIONAL)" ]; then \
	        echo "check-arm: skipped: $$why"; exit 0; fi; \
	    echo "check-arm: $$why" >&2; exit 1; \
	fi; \
	t0=$$(date +%s); \
	$(MAKE) --no-print-directory CROSS=$(ARM_CROSS) arm-build || exit 1; \
	t1=$$(date +%s); \
	KGEN_ARM=$(ARM_DIR) KGEN_QEMU=$(ARM_QEMU) \
	    $(PYTHON) -m pytest -q -rs tests/test_arm.py || exit 1; \
	t2=$$(date +%s); \
	echo "check-arm: cross build $$((t1 - t0)) s, tests under qemu" \
	    "$$((t2 - t1)) s"

.PHONY: arm-build arm-tools check-arm
