# mktable.awk: prints the registry's table (runtime/registry.c includes
# it) from kgen codelet files, one initialiser per file, in the order the
# files are given.  Everything comes from the file itself: the size, sign
# and precision and the counts from its header comment, the symbol from
# the line that opens its definition.  A file missing any of them stops
# the build rather than giving a registry that lies.
#   awk -f runtime/mktable.awk codelets/n1_1.c ... > build/runtime/table.h

FNR == 1 {
	if (NR > 1)
		finish()
	file = FILENAME
	n = sign = prec = sym = ""
	split("", c)
	head = 1
}

head && /DFT of size/ {
	for (i = 1; i < NF; i++) {
		if ($i == "size")
			n = $(i + 1) + 0
		if ($i == "sign")
			sign = $(i + 1) + 0
	}
	if ($0 ~ /double\.?$/)
		prec = "KGEN_DOUBLE"
	if ($0 ~ /float\.?$/)
		prec = "KGEN_FLOAT"
}

# "96 additions, 16 multiplications, 0 FMAs, ...": each count precedes
# its word.
head {
	for (i = 2; i <= NF; i++) {
		w = $i
		sub(/[,.]$/, "", w)
		if ($(i - 1) ~ /^[0-9]+$/)
			c[w] = $(i - 1)
	}
}

head && /\*\// {
	head = 0
}

!head && sym == "" && /^[A-Za-z_][A-Za-z0-9_]*\(/ {
	sym = $0
	sub(/\(.*/, "", sym)
}

END {
	if (NR > 0)
		finish()
}

function need(k) {
	if (!(k in c)) {
		printf "mktable: %s: no count of %s in its header\n", file, k \
		    > "/dev/stderr"
		exit 1
	}
	return c[k]
}

function finish() {
	if (n == "" || sign == "" || prec == "" || sym == "") {
		printf "mktable: %s: not a kgen n1 codelet\n", file > "/dev/stderr"
		exit 1
	}
	printf "{\"%s\", %d, %s, %d, %s, %s, ", sym, n, prec, sign,
	    prec == "KGEN_DOUBLE" ? sym : "0", prec == "KGEN_FLOAT" ? sym : "0"
	printf "%d, %d, %d, %d, %d, %d, %d},\n", need("additions"),
	    need("multiplications"), need("FMAs"), need("negations"),
	    need("constants"), need("loads"), need("stores")
}
