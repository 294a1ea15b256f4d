#!/bin/sh
# tests/fftw/replace.sh KGEN PRISTINE COPY OUT: puts kgen's codelets in
# place of genfft's in COPY, a copy of FFTW's source tree PRISTINE
# (make check-fftw, mk/fftwcheck.mk).  Each line "FAMILY N PATH" of
# `KGEN fft --emit fftw --list` is regenerated with
# `KGEN fft --emit fftw --kind FAMILY -n N` and written over COPY/PATH
# only when its content differs, so that FFTW's make rebuilds only what
# changed; a file replaced by an earlier run but no longer listed gets
# FFTW's own text back (with a new mtime, so that it is rebuilt too).
# OUT/replaced.txt: the list as applied; one summary line on stdout.
set -eu
kgen=$1 pristine=$2 copy=$3 out=$4
mkdir -p "$out"
list=$out/list.tmp
"$kgen" fft --emit fftw --list > "$list" || {
	echo "check-fftw: '$kgen fft --emit fftw --list' failed"; exit 1; }
awk 'NF != 3 || $2 !~ /^[0-9]+$/ || $3 !~ /\.c$/ {
	print "check-fftw: bad --list line " NR ": " $0; bad = 1 }
	END { exit bad }' "$list"
[ -s "$list" ] || { echo "check-fftw: kgen lists no FFTW file"; exit 1; }
restored=0
if [ -f "$out/replaced.txt" ]; then
	for p in $(awk '{ print $3 }' "$out/replaced.txt"); do
		awk -v p="$p" '$3 == p { f = 1 } END { exit !f }' "$list" \
		    && continue
		cp "$pristine/$p" "$copy/$p"
		restored=$((restored + 1))
	done
fi
tmp=$out/codelet.tmp
changed=0
while read -r fam n path; do
	[ -f "$pristine/$path" ] || {
		echo "check-fftw: $path (kgen $fam $n) is not in FFTW's tree"
		exit 1; }
	"$kgen" fft --emit fftw --kind "$fam" -n "$n" -o "$tmp" || {
		echo "check-fftw: kgen fft --emit fftw --kind $fam -n $n" \
		    "failed"; exit 1; }
	if ! cmp -s "$tmp" "$copy/$path"; then
		mv "$tmp" "$copy/$path"
		changed=$((changed + 1))
	fi
done < "$list"
rm -f "$tmp"
mv "$list" "$out/replaced.txt"
echo "check-fftw: $(wc -l < "$out/replaced.txt") files replaced by" \
    "kgen's ($(awk '{ c[$1]++ } END { for (f in c) printf "%s %d\n", f,
    c[f] }' "$out/replaced.txt" | sort | paste -sd, | sed 's/,/, /g'));" \
    "$changed rewritten, $restored restored to FFTW's"
