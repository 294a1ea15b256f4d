# mk/isa.mk: the vector ISAs' compiler flags and architectures, read from
# isa.def (the one table of ISA facts), so the Makefile names no flag of
# its own: $(ISA_FLAGS_avx2) is "-mavx2 -mfma", $(ISA_ARCH_neon) is
# "aarch64".  An ISA(...) may go on over several lines, ending with ')';
# the flags are its first string, the architecture its last.
#   ISA_ALL             every ISA of isa.def, in its order
#   ISA_NAMES_<arch>    those of one architecture (x86_64, aarch64)
#   ISA_NAMES           those of the machine make runs on (uname -m;
#                       empty on another), which a native build makes
isa_lp := (
isa_rp := )
ISA_ALL := $(shell sed -n 's/^ISA$(isa_lp)\([a-z0-9]*\),.*/\1/p' isa.def)
isa_entry = sed -n ':a;/^ISA$(isa_lp)$(1),/{/$(isa_rp)$$/!{N;ba;};\
    s/\n/ /g;$(2)p;}' isa.def
isa_flags = $(shell $(call isa_entry,$(1),s/^[^"]*"\([^"]*\)".*/\1/))
isa_arch = $(shell $(call isa_entry,$(1),s/.*"\([^"]*\)"[ 	]*$(isa_rp)$$/\1/))
$(foreach i,$(ISA_ALL),$(eval ISA_FLAGS_$(i) := $(call isa_flags,$(i))))
$(foreach i,$(ISA_ALL),$(eval ISA_ARCH_$(i) := $(call isa_arch,$(i))))
$(foreach a,$(sort $(foreach i,$(ISA_ALL),$(ISA_ARCH_$(i)))),\
    $(eval ISA_NAMES_$(a) := \
        $(strip $(foreach i,$(ISA_ALL),\
            $(if $(filter $(a),$(ISA_ARCH_$(i))),$(i))))))
isa_host := $(shell uname -m)
isa_host := $(if $(filter amd64 i686 i386,$(isa_host)),x86_64,$(isa_host))
isa_host := $(if $(filter arm64,$(isa_host)),aarch64,$(isa_host))
ISA_NAMES := $(ISA_NAMES_$(isa_host))
