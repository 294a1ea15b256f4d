# emit/simd/text.awk: turns the SIMD helper headers (emit/simd/*.h) into
# build/emit/simdtext.h, the text emit/simd.c prints into codelets:
#   awk -f emit/simd/text.awk emit/simd/types.h emit/simd/sse2.h ...
# Each piece, the lines between "/* kgen: begin NAME */" and
# "/* kgen: end */", becomes entries {"NAME", "text"} of simdtext[], in
# the order read, cut at line ends into strings of at most about 3000
# bytes (C99 promises 4095).  Inside a piece, "#define TPL_X value" and
# "#define TPL_X(f) pre##f##post" set template parameters and
# "#undef TPL_X" clears them (neither is copied); '#include "file.h"'
# copies that template's piece (the lines between "/* kgen: begin */"
# and "/* kgen: end */") with every TPL_X and TPL_X(f) replaced.

function flush() {
	if (chunk == "")
		return
	printf "\t{\"%s\",\n%s},\n", name, chunk
	chunk = ""
	size = 0
}

function emit(line,    s) {
	s = line
	gsub(/\\/, "\\\\", s)
	gsub(/"/, "\\\"", s)
	gsub(/\t/, "\\t", s)
	if (size + length(s) > 3000)
		flush()
	chunk = chunk "\t\"" s "\\n\"\n"
	size += length(line) + 1
}

# line with the template parameters replaced
function subst(line,    out, k, m, arg) {
	out = ""
	while (match(line, /TPL_[A-Z]+(\([a-z0-9_]+\))?/)) {
		m = substr(line, RSTART, RLENGTH)
		out = out substr(line, 1, RSTART - 1)
		line = substr(line, RSTART + RLENGTH)
		if (index(m, "(")) {
			k = substr(m, 1, index(m, "(") - 1)
			arg = substr(m, index(m, "(") + 1)
			arg = substr(arg, 1, length(arg) - 1)
			if (!(k in pre))
				die("undefined " k "(f)")
			out = out pre[k] arg post[k]
		} else {
			if (!(m in val))
				die("undefined " m)
			out = out val[m]
		}
	}
	return out line
}

function die(msg) {
	printf "text.awk: %s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
	bad = 1
	exit 1
}

# copies the piece of template file f
function splice(f,    line, in_piece, dir, r) {
	dir = FILENAME
	sub(/[^\/]*$/, "", dir)
	f = dir f
	in_piece = 0
	while ((r = (getline line < f)) > 0) {
		if (line ~ /^\/\* kgen: begin \*\/$/)
			in_piece = 1
		else if (line ~ /^\/\* kgen: end \*\/$/)
			in_piece = 0
		else if (in_piece)
			emit(subst(line))
	}
	if (r < 0)
		die("cannot read " f)
	close(f)
}

BEGIN {
	print "/* build/emit/simdtext.h: made by emit/simd/text.awk from " \
	    "the headers of emit/simd/.  DO NOT EDIT. */"
	print "static const char *const simdtext[][2] = {"
}

/^\/\* kgen: begin [a-z0-9_]+ \*\/$/ {
	name = $4
	inside = 1
	next
}

/^\/\* kgen: end \*\/$/ {
	flush()
	inside = 0
	next
}

!inside {
	next
}

/^#define TPL_[A-Z]+\(f\) / {
	k = substr($2, 1, index($2, "(") - 1)
	v = $3
	pre[k] = substr(v, 1, index(v, "##f##") - 1)
	post[k] = substr(v, index(v, "##f##") + 5)
	next
}

/^#define TPL_[A-Z]+ / {
	val[$2] = $3
	next
}

/^#undef TPL_/ {
	delete val[$2]
	delete pre[$2]
	delete post[$2]
	next
}

/^#include "[a-z0-9]+\.h"$/ {
	f = $2
	gsub(/"/, "", f)
	splice(f)
	next
}

{
	emit($0)
}

END {
	if (bad)
		exit 1
	if (inside) {
		print "text.awk: a piece is not ended" > "/dev/stderr"
		exit 1
	}
	print "};"
}
