# mkcpu.awk: prints, from isa.def, the test of whether this CPU runs an
# ISA's codelets: one case per ISA for runtime/cpu.c to include in a
# switch.  An ISA runs only where the library is compiled for its
# architecture (isa.def's last string, tested by runtime/cpu.h's
# KGEN_ARCH_*), and there when the CPU has all of its features (the
# fourth string, names __builtin_cpu_supports takes); one with no
# features runs on every CPU of its architecture.  An ISA(...) may go on
# over several lines.
#   awk -f runtime/mkcpu.awk isa.def > build/runtime/cpufeat.h

BEGIN {
	print "/* made from isa.def by runtime/mkcpu.awk; do not edit. */"
}

/^ISA\(/ {
	s = $0
}

s != "" && !/^ISA\(/ {
	s = s " " $0
}

s != "" && /\)[ \t]*$/ {
	name = s
	sub(/^ISA\([ \t]*/, "", name)
	sub(/[ \t]*,.*/, "", name)
	# the strings sit at the even places between quotes
	n = split(s, q, "\"")
	if (n < 11 || q[10] !~ /^[a-z0-9_]+$/) {
		printf "mkcpu: isa.def: %s: no architecture\n", name \
		    > "/dev/stderr"
		exit 1
	}
	nf = split(q[8], feat, " ")
	printf "case CPU_%s:\n#ifdef KGEN_ARCH_%s\n", name, q[10]
	if (nf)
		print "\t__builtin_cpu_init();"
	printf "\treturn"
	for (i = 1; i <= nf; i++)
		printf "%s__builtin_cpu_supports(\"%s\")", \
		    (i > 1 ? "\n\t    && " : " "), feat[i]
	if (!nf)
		printf " 1"
	print ";\n#else\n\treturn 0;\n#endif"
	s = ""
}
