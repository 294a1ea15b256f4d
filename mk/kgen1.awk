# mk/kgen1.awk: the man page kgen(1), made from `bin/kgen --help` at
# build time (mk/install.mk), so that the two cannot drift apart: every
# word of the help is in the page, in the same order, and nothing else
# is but the NAME and SEE ALSO sections below (tests/test_install.py
# checks).  Every `kgen COMMAND --help` prints that same help.
#   bin/kgen --help | awk -v version=0.1.0 -f mk/kgen1.awk > build/kgen.1
# The help's layout, read here:
#   usage: kgen COMMAND [options]         -> SYNOPSIS
#   unindented paragraphs before the first heading -> DESCRIPTION
#   a heading "word:" alone on a line     -> a section WORD; its indented
#       lines kept as they are (no-fill), except options: "  -x  text"
#       lines become tagged paragraphs
#   an unindented paragraph "Some words: text" -> a section SOME WORDS

# Text for troff: a backslash is \e; a minus is \- (an ASCII hyphen-minus
# in the output, so that options and code copy as typed); a leading dot
# or quote would start a request.
function esc(s) {
	gsub(/\\/, "\\e", s)
	gsub(/-/, "\\-", s)
	if (s ~ /^[.']/)
		s = "\\&" s
	return s
}

function endblock() {
	if (nofill)
		print ".fi"
	nofill = 0
}

function section(name) {
	endblock()
	cur = toupper(name)
	print ".SH \"" cur "\""
}

BEGIN {
	print ".\\\" kgen.1: made by mk/kgen1.awk from kgen --help;" \
	    " do not edit."
	print ".TH KGEN 1 \"\" \"kgen " version "\" \"User Commands\""
	print ".nh"
	print ".ad l"
	print ".SH NAME"
	print "kgen \\- generate register\\-aware straight\\-line FFT,"
	print "GEMM and FIR codelets, and predict their spills"
}

/^usage: / {
	section("synopsis")
	n = split(substr($0, 8), w, " ")
	line = ".B " esc(w[1])
	for (i = 2; i <= n; i++)
		line = line "\n" esc(w[i])
	print line
	next
}

/^$/ {
	endblock()
	para = 0
	next
}

/^[a-z][a-z ]*:$/ {
	section(substr($0, 1, length($0) - 1))
	options = $0 == "options:"
	next
}

# an option: "  -d, --long   text" (two or more spaces before the text)
options && /^  -/ {
	endblock()
	tag = $0
	sub(/^  /, "", tag)
	text = tag
	sub(/  .*/, "", tag)
	sub(/^[^ ]+( [^ ]+)*  +/, "", text)
	print ".TP"
	print "\\fB" esc(tag) "\\fR"
	print esc(text)
	next
}

options && /^   / {
	t = $0
	sub(/^ +/, "", t)
	print esc(t)
	next
}

# an indented line of a section: kept as it is, less two spaces
/^  / {
	if (!nofill)
		print ".nf"
	nofill = 1
	t = $0
	sub(/^  /, "", t)
	print esc(t)
	next
}

# an unindented paragraph: "Heading: text" starts a section HEADING; the
# first after the synopsis is the description
{
	t = $0
	if (!para && match(t, /^[A-Z][a-z]*( [a-z]+)*: /)) {
		section(substr(t, 1, RLENGTH - 2))
		t = substr(t, RLENGTH + 1)
	} else if (cur == "SYNOPSIS") {
		section("description")
	} else if (!para) {
		print ".PP"
	}
	para = 1
	print esc(t)
}

END {
	endblock()
	print ".SH \"SEE ALSO\""
	print "README.md of the kgen sources;"
	print ".I kgen.h"
	print "(the library's interface, installed in PREFIX/include);"
	print ".BR pkg\\-config (1)"
	print "with the package kgen."
}
