# mkcpu.awk: prints, from isa.def, the test of whether this CPU runs an
# ISA's codelets: one case per ISA, all of its CPU features (isa.def's
# fourth string, names __builtin_cpu_supports takes) for runtime/cpu.c to
# include in a switch.  An ISA(...) may go on over several lines.
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
	if (n < 9) {
		printf "mkcpu: isa.def: %s: no CPU features\n", name \
		    > "/dev/stderr"
		exit 1
	}
	nf = split(q[8], feat, " ")
	printf "case CPU_%s:\n\treturn", name
	for (i = 1; i <= nf; i++)
		printf "%s__builtin_cpu_supports(\"%s\")", \
		    (i > 1 ? "\n\t    && " : " "), feat[i]
	print ";"
	s = ""
}
