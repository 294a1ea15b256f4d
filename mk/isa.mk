# mk/isa.mk: the vector ISAs' compiler flags, read from isa.def (the one
# table of ISA facts), so the Makefile names no flag of its own:
# $(ISA_FLAGS_avx2) is "-mavx2 -mfma".  An ISA(...) may go on over
# several lines, ending with ')'; the flags are its first string.
isa_lp := (
isa_rp := )
ISA_NAMES := $(shell sed -n 's/^ISA$(isa_lp)\([a-z0-9]*\),.*/\1/p' isa.def)
isa_flags = $(shell sed -n ':a;/^ISA$(isa_lp)$(1),/{/$(isa_rp)$$/!{N;ba;};\
    s/\n/ /g;s/^[^"]*"\([^"]*\)".*/\1/p;}' isa.def)
$(foreach i,$(ISA_NAMES),$(eval ISA_FLAGS_$(i) := $(call isa_flags,$(i))))
