# mk/gen.mk: the generator bin/kgen (gen/ builds DAGs, sched/ orders and
# analyses them, emit/ prints them), and its ASan/UBSan build; included
# by the Makefile.  Every .c file of the three folders is part of it.
GEN_O = $(patsubst %.c,build/%.o,$(sort $(wildcard gen/*.c emit/*.c \
        sched/*.c)))
GEN_H = gen/all.h gen/ops.h

bin/kgen: $(GEN_O)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

build/gen/%.o: gen/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -Igen -I. -c -o $@ $<

build/emit/%.o: emit/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -Igen -I. -Ibuild/emit -c -o $@ $<

build/sched/%.o: sched/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -Igen -I. -c -o $@ $<

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

build/asan/gen/%.o: gen/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASAN_CFLAGS) $(DEPFLAGS) -Igen -I. -c -o $@ $<

build/asan/emit/%.o: emit/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASAN_CFLAGS) $(DEPFLAGS) -Igen -I. -Ibuild/emit \
	    -c -o $@ $<

build/asan/sched/%.o: sched/%.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASAN_CFLAGS) $(DEPFLAGS) -Igen -I. -c -o $@ $<
