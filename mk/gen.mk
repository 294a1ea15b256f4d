# mk/gen.mk: the generator bin/kgen and its ASan/UBSan build; included by
# the Makefile.  Every .c file of its folders is part of it, one concept
# per folder (docs/design.md, "Module map"):
#   driver/  the command line, the pipeline, output
#   dag/     the DAG, its simplifier, constants, the ISA table (all.h)
#   gen/     the builders (FFT, real, prime, GEMM, FIR)
#   sched/   orders, Belady's analysis and register allocation, bounds
#   emit/    C, SIMD C and CUDA printers, their templates
#   x86/     the x86-64 assembly printer and its copies
#   verify/  the assembly reader and the translation validator
GEN_DIRS = driver dag gen sched emit x86 verify
GEN_O = $(patsubst %.c,build/%.o,$(sort $(wildcard \
        $(GEN_DIRS:%=%/*.c))))
GEN_H = dag/all.h dag/ops.h
GEN_INC = -Idag -I. -Ibuild/emit

bin/kgen: $(GEN_O)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

define gen_rules
build/$(1)/%.o: $(1)/%.c $$(GEN_H)
	@mkdir -p $$(@D)
	$$(CC) $$(CPPFLAGS) $$(CFLAGS) $$(DEPFLAGS) $$(GEN_INC) -c -o $$@ $$<

build/asan/$(1)/%.o: $(1)/%.c $$(GEN_H)
	@mkdir -p $$(@D)
	$$(CC) $$(CPPFLAGS) $$(ASAN_CFLAGS) $$(DEPFLAGS) $$(GEN_INC) -c -o $$@ $$<
endef
$(foreach d,$(GEN_DIRS),$(eval $(call gen_rules,$(d))))

# The SIMD helpers are real C in emit/simd/*.h (tested on their own by
# tests/simdhelpers.c), and so is the code around the statements, in
# templates with placeholders @name@ (emit/tpl/*.c); emit/text.awk turns
# both into text, which emit/simd.c and emit/tpl.c print.
SIMD_H = $(sort $(wildcard emit/simd/*.h))
TPL_C = $(sort $(wildcard emit/tpl/*.c))

build/emit/simdtext.h: emit/text.awk $(SIMD_H)
	@mkdir -p $(@D)
	awk -v table=simdtext -f emit/text.awk $(SIMD_H) > $@.tmp
	mv $@.tmp $@

build/emit/tpltext.h: emit/text.awk $(TPL_C)
	@mkdir -p $(@D)
	awk -v table=tpltext -f emit/text.awk $(TPL_C) > $@.tmp
	mv $@.tmp $@

build/emit/simd.o build/asan/emit/simd.o: build/emit/simdtext.h
build/emit/tpl.o build/asan/emit/tpl.o: build/emit/tpltext.h

# the same under ASan and UBSan (make asan)
ASAN_O = $(patsubst build/%,build/asan/%,$(GEN_O))

build/asan/bin/kgen: $(ASAN_O)
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) -o $@ $^ $(LDLIBS)

# The generator less its main, for the C drivers of tests/ (spilldrv.c,
# ptxasparse.c, occdump.c, the measure driver of test_bound.py), which
# link what they call from it.
build/kgengen.a: $(filter-out build/driver/main.o,$(GEN_O))
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^
