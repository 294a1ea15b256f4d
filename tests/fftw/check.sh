#!/bin/sh
# tests/fftw/check.sh DIR: FFTW's own tests against FFTW built with
# kgen's codelets (make check-fftw, mk/fftwcheck.mk), in DIR/obj-scalar
# and DIR/obj-simd:
#   - FFTW's smallcheck (`make -C tests smallcheck`: check.pl's random
#     problems, measured, estimated and threaded);
#   - tests/bench --verify over tests/fftw/problems.txt, one process per
#     problem, with -o paranoid (tests/hook.c verifies every plan the
#     planner tries, so each codelet that applies is run) and -o patient
#     unless the line gives its own options; in obj-simd again with
#     -o nosimd.  bench exits nonzero, after "Found relative error",
#     when a result is off by more than 1e-10 relative;
#   - with MPI (DIR/mpi says "yes"), tests/fftw/mpi.sh DIR/obj-simd.
# FK_BUILDS (default "scalar simd") names the builds to check.
# Every failure is named; the last line sums up; nonzero exit on any.
set -u
dir=$1
here=$(dirname "$0")
list=${FK_PROBLEMS:-$here/problems.txt}
fails=0
summary=
note() { echo "check-fftw: $*"; }

# verify BUILD LABEL [OPTIONS]: the list in BUILD's tests/bench
verify() {
	b=$dir/obj-$1/tests/bench label=$2
	shift 2
	n=0 bad=0 t0=$(date +%s)
	log=$dir/verify-$label.log
	: > "$log"
	while read -r prob opts; do
		case $prob in ''|\#*) continue ;; esac
		[ -n "$opts" ] || opts="-o paranoid -o patient"
		# shellcheck disable=SC2086
		if ! "$b" $opts "$@" --verify "$prob" >> "$log" 2>&1; then
			note "FAILED: $label: bench $opts $* --verify $prob" \
			    "(see $log)"
			bad=$((bad + 1))
		fi
		n=$((n + 1))
	done < "$list"
	note "$label: $((n - bad)) of $n problems verified" \
	    "($(($(date +%s) - t0)) s)"
	fails=$((fails + bad))
	summary="$summary, $((n - bad))/$n in $label"
}

# fresh BUILD: every replaced file's objects in BUILD are newer than the
# file (a build that kept genfft's object would pass for the wrong reason)
fresh() {
	o=$dir/obj-$1 stale=0 seen=0
	while read -r fam n path; do
		base=$(basename "$path" .c) d=$(dirname "$path")
		case $d in
		*/simd/common) objs=$(ls "$o/${d%/common}"/*/"$base.o" \
		    2>/dev/null) ;;
		*) objs=$o/$d/$base.o ;;
		esac
		for f in $objs; do
			[ -f "$f" ] || continue
			seen=$((seen + 1))
			[ "$f" -nt "$dir/src/$path" ] && continue
			note "FAILED: $1: $f is older than kgen's $path"
			stale=$((stale + 1))
		done
	done < "$dir/replaced.txt"
	note "$1: $seen objects of kgen's files, $stale stale"
	fails=$((fails + stale))
}

smallcheck() {
	t0=$(date +%s)
	log=$dir/smallcheck-$1.log
	if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
	    make -C "$dir/obj-$1/tests" smallcheck > "$log" 2>&1; then
		note "$1: FFTW's smallcheck passed ($(($(date +%s) - t0)) s)"
		summary="$summary, smallcheck $1"
	else
		tail -5 "$log"
		note "FAILED: $1: FFTW's smallcheck, see $log"
		fails=$((fails + 1))
	fi
}

t00=$(date +%s)
builds=${FK_BUILDS:-scalar simd}
has() { case " $builds " in *" $1 "*) return 0 ;; esac; return 1; }
if has scalar; then
	fresh scalar
	smallcheck scalar
	verify scalar scalar
fi
if has simd; then
	fresh simd
	smallcheck simd
	verify simd simd
	verify simd simd-nosimd -o nosimd
fi
if ! has simd; then
	summary="$summary, no SIMD build (FK_BUILDS=$builds)"
elif [ "$(cat "$dir/mpi" 2>/dev/null)" = yes ] && \
    [ -x "$dir/obj-simd/mpi/mpi-bench" ]; then
	if sh "$here/mpi.sh" "$dir/obj-simd"; then
		summary="$summary, MPI 2-D/3-D passed"
	else
		fails=$((fails + 1))
		summary="$summary, MPI FAILED"
	fi
else
	note "MPI part skipped: $(cat "$dir/mpi" 2>/dev/null \
	    || echo 'no MPI build')"
	summary="$summary, MPI skipped"
fi
summary=${summary#, }
files=$(wc -l < "$dir/replaced.txt")
if [ "$fails" -ne 0 ]; then
	echo "check-fftw: FAILED ($fails failures; $files files of kgen's):" \
	    "$summary ($(($(date +%s) - t00)) s)"
	exit 1
fi
echo "check-fftw: passed with $files files of kgen's: $summary" \
    "($(($(date +%s) - t00)) s)"
