# mk/codelets.awk: turns codelets.def, the library's one list of
# codelets, into what the build needs (mk/lib.mk runs it):
#   out=mk  build/codelets.mk: the lists CODELETS_C (every codelet file)
#           and REGISTRY_C (the scalar n1 ones, for the registry),
#           CODELETS_S (the assembly ones, N1A and T1A:
#           codelets/n1a/ISA/*.s, codelets/t1a/ISA/*.s), and
#           per codelet its kgen command line (KGEN_ARGS, for the rule
#           codelets/%.c) and its compiler flags (CODELET_FLAGS: its
#           ISA's from isa.def, then its family's, for build/codelets/%.o
#           and the ASan build);
#   out=h   build/runtime/codelets.h: codelets.def itself, less the lines
#           of ISAs not built here, for the runtime's tables.
# isas names the ISAs built here (scalar first), known every ISA there
# is, bld the folder of the objects (build, or build/ARCH for a cross
# build: the Makefile's BLD); a line with an unknown ISA, a name off the
# rule, or a malformed line stops the build.
#   awk -v out=mk -v isas="scalar sse2" -v known="scalar sse2 avx2" \
#       -f mk/codelets.awk codelets.def > build/codelets.mk

BEGIN {
	if (bld == "")
		bld = "build"
	nb = split(isas, b, " ")
	for (i = 1; i <= nb; i++)
		built[b[i]] = 1
	nk = split(known, k, " ")
	for (i = 1; i <= nk; i++)
		ok[k[i]] = 1
	kind["N1"] = ""
	kind["N1W"] = "n1w"
	kind["N1C"] = "n1c"
	kind["N1X"] = "n1x"
	kind["N1A"] = ""
	kind["T1"] = "t1"
	kind["T1V"] = "t1v"
	kind["T1A"] = "t1v"
	kind["N1V"] = "n1v"
	kind["N1XL"] = "n1x"
	kind["GEMMK"] = ""
	if (out == "mk")
		print "# build/codelets.mk: made from codelets.def by " \
		    "mk/codelets.awk; do not edit."
}

function bad(msg) {
	printf "codelets.def:%d: %s\n", FNR, msg > "/dev/stderr"
	failed = 1
	exit 1
}

# A codelet: FAMILY(isa, precision, size..., name, "kgen options").
/^[A-Z][A-Z0-9]*\(/ {
	fam = $0
	sub(/\(.*/, "", fam)
	if (!(fam in kind))
		bad("unknown family " fam)
	line = $0
	if (!match(line, /"[^"]*"\)$/))
		bad("a codelet's line ends with \"kgen options\")")
	opts = substr(line, RSTART + 1, RLENGTH - 3)
	line = substr(line, length(fam) + 2, RSTART - length(fam) - 2)
	gsub(/[ \t]/, "", line)
	nf = split(line, f, ",")
	want = fam == "GEMMK" ? 7 : 5
	if (nf != want)
		bad(fam " takes " want - 1 " columns before its options")
	isa = f[1]
	prec = f[2]
	name = f[nf - 1]
	if (!(isa in ok))
		bad("unknown ISA " isa " (scalar or one of isa.def)")
	if (prec != "double" && prec != "float")
		bad("precision " prec ": double or float")
	for (i = 3; i < nf - 1; i++)
		if (f[i] !~ /^[1-9][0-9]*$/)
			bad("size " f[i] ": a positive number")
	size = fam == "GEMMK" ? f[3] "x" f[4] (f[5] > 1 ? "v" f[5] : "") : f[3]
	lfam = tolower(fam)
	base = lfam (prec == "float" ? "f" : "") \
	    (isa == "scalar" ? "" : "_" isa) "_" size
	if (name != "kgen_" base)
		bad("name " name ": kgen_" base " by the naming rule")
	if (base in seen)
		bad(name " twice")
	seen[base] = 1
	if (out == "h" && isa in built)
		print
	if (out != "mk" || !(isa in built))
		next
	asm = fam == "N1A" || fam == "T1A"
	file = "codelets/" lfam "/" isa "/" base (asm ? ".s" : ".c")
	obj = lfam "/" isa "/" base ".o"
	if (fam == "GEMMK")
		args = "gemm --kloop -m " f[3] " -n " f[4] \
		    (f[5] > 1 ? " --vlen " f[5] : "")
	else
		args = "fft -n " size \
		    (kind[fam] != "" ? " --kind " kind[fam] : "")
	args = args (prec == "float" ? " --type float" : "")
	if (fam != "GEMMK" && isa != "scalar")
		args = args " --simd " isa
	args = args (opts != "" ? " " opts : "") " --name " name
	print ""
	if (asm) {   # assembly: made and assembled by mk/lib.mk's .s rules
		print "CODELETS_S += " file
		print file ": KGEN_ARGS = " args
		next
	}
	print "CODELETS_C += " file
	if (fam == "N1" && isa == "scalar")
		print "REGISTRY_C += " file
	print file ": KGEN_ARGS = " args
	print bld "/codelets/" obj " " bld "/asan/codelets/" obj \
	    ": CODELET_FLAGS = " (isa == "scalar" ? "" : "$(ISA_FLAGS_" isa ") ") \
	    "$(CODELET_FLAGS_" lfam (isa == "scalar" ? "" : "_simd") ")"
	if (isa != "scalar")
		print bld "/asan/codelets/" obj ": ASAN_CODELET_OPT = -O1"
	next
}

/^[A-Z]/ {
	bad("not a codelet's line: " $0)
}

out == "h" {
	print
}
