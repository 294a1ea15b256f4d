#!/bin/sh
# mk/ifchanged.sh OUT "INPUTS" COMMAND...: runs COMMAND, which makes OUT
# from INPUTS, unless OUT was made by this same command from inputs of
# the same bytes (a checksum of both is kept in OUT.sum); then OUT is
# only touched.  The codelets are remade whenever bin/kgen changes, and
# most changes to the generator leave most of them byte-identical: this
# keeps make from recompiling those (mk/lib.mk).
out=$1
inputs=$2
shift 2
sum=$( { printf '%s\n' "$*"; cat $inputs; } | md5sum | cut -d' ' -f1)
if [ -f "$out" ] && [ "$sum" = "$(cat "$out.sum" 2>/dev/null)" ]; then
	touch "$out"
	exit 0
fi
rm -f "$out.sum"
echo "$*"
"$@" || exit $?
echo "$sum" > "$out.sum"
