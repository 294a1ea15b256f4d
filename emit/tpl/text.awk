# emit/tpl/text.awk: turns the code templates (emit/tpl/*.c) into
# build/emit/tpltext.h, the text emit/tpl.c prints into codelets:
#   awk -f emit/tpl/text.awk emit/tpl/c.c emit/tpl/vec.c ...
# Each piece, the lines between "/* kgen: begin NAME */" and
# "/* kgen: end */", becomes entries {"NAME", "text"} of tpltext[], in
# the order read, cut at line ends into strings of at most about 3000
# bytes (C99 promises 4095); lines outside pieces are not copied.  A
# placeholder @name@ (lower case, digits, '_') stands for a value the
# emitter passes to tpl_print, which substitutes it; any other '@' in a
# piece, a piece named twice or one not ended is an error.

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
	return s
}

function emit(line,    s) {
	s = quote(line)
	gsub(/\t/, "\\t", s)
	if (size + length(s) > 3000)
		flush()
	chunk = chunk "\t\"" s "\\n\"\n"
	size += length(line) + 1
}

function die(msg) {
	printf "text.awk: %s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
	bad = 1
	exit 1
}

BEGIN {
	print "/* build/emit/tpltext.h: made by emit/tpl/text.awk from " \
	    "the templates of emit/tpl/.  DO NOT EDIT. */"
	print "static const char *const tpltext[][2] = {"
}

/^\/\* kgen: begin [a-z0-9_]+ \*\/$/ {
	if (inside)
		die("piece " name " is not ended")
	name = $4
	if (name in seen)
		die("piece " name " twice")
	seen[name] = 1
	inside = 1
	next
}

/^\/\* kgen: end \*\/$/ {
	if (!inside)
		die("end outside a piece")
	if (chunk == "")
		die("piece " name " is empty")
	flush()
	inside = 0
	next
}

!inside {
	next
}

{
	s = $0
	gsub(/@[a-z][a-z0-9_]*@/, "", s)
	if (index(s, "@"))
		die("an '@' outside a placeholder @name@")
	emit($0)
}

END {
	if (bad)
		exit 1
	if (inside) {
		print "text.awk: piece " name " is not ended" > "/dev/stderr"
		exit 1
	}
	print "};"
}
