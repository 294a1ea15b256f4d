# emit/text.awk: turns real C files into a table of text that an emitter
# prints into codelets:
#   awk -v table=simdtext -f emit/text.awk emit/simd/types.h ...
#       (the SIMD helpers, emit/simd/*.h, printed by emit/simd.c)
#   awk -v table=tpltext -f emit/text.awk emit/tpl/c.c ...
#       (the code templates, emit/tpl/*.c, printed by emit/tpl.c)
# Each piece, the lines between "/* kgen: begin NAME */" and
# "/* kgen: end */", becomes entries {"NAME", "text"} of the array
# table[], in the order read, cut at line ends into strings of at most
# about 3000 bytes (C99 promises 4095); lines outside pieces are not
# copied, and a name may recur (the printers print every entry called
# NAME, in order).
#
# Placeholders: @name@ (lower case, digits, '_') stands for a value the
# emitter passes to tpl_print, which substitutes it; it is copied as it
# is, and any other '@' in a piece is an error.
#
# Templates within templates (emit/simd/): inside a piece,
# "#define TPL_X value" and "#define TPL_X(f) pre##f##post" set template
# parameters and "#undef TPL_X" clears them (neither is copied);
# '#include "file.h"' copies that file's template piece (the lines
# between "/* kgen: begin */" and "/* kgen: end */", which the main pass
# skips) with every TPL_X and TPL_X(f) replaced.

function flush() {
	if (chunk == "")
		return
	printf "\t{\"%s\",\n%s},\n", name, chunk
	chunk = ""
	size = 0
}

# line as the inside of a C string; backslashes by hand, since awks
# differ on "\\" in gsub's replacement
function quote(line,    s, i) {
	s = ""
	while ((i = index(line, "\\")) > 0) {
		s = s substr(line, 1, i - 1) "\\\\"
		line = substr(line, i + 1)
	}
	s = s line
	gsub(/"/, "\\\"", s)
	gsub(/\t/, "\\t", s)
	return s
}

function emit(line,    s) {
	s = line
	gsub(/@[a-z][a-z0-9_]*@/, "", s)
	if (index(s, "@"))
		die("an '@' outside a placeholder @name@")
	s = quote(line)
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

# copies the template piece of file f
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
	if (table !~ /^[a-z]+$/) {
		print "text.awk: say -v table=NAME" > "/dev/stderr"
		bad = 1
		exit 1
	}
	print "/* build/emit/" table ".h: made by emit/text.awk.  " \
	    "DO NOT EDIT. */"
	print "static const char *const " table "[][2] = {"
}

/^\/\* kgen: begin [a-z0-9_]+ \*\/$/ {
	if (inside)
		die("piece " name " is not ended")
	name = $4
	inside = 1
	next
}

# a template piece, copied only where included
/^\/\* kgen: begin \*\/$/ {
	if (inside)
		die("piece " name " is not ended")
	intpl = 1
	next
}

/^\/\* kgen: end \*\/$/ {
	if (intpl) {
		intpl = 0
		next
	}
	if (!inside)
		die("an end outside a piece")
	if (chunk == "")
		die("piece " name " is empty")
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
	if (inside || intpl) {
		print "text.awk: a piece is not ended" > "/dev/stderr"
		exit 1
	}
	print "};"
}
