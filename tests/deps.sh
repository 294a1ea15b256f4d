#!/bin/sh
# deps.sh PACKAGE...: installs the Debian packages that are missing, so a
# fresh machine can run make check.  It only acts as root on a system
# with apt-get; elsewhere it names what is missing and carries on, and
# the tests that need a missing tool skip or fail with their own message.
missing=
for p in "$@"; do
	s=$(dpkg-query -W -f '${Status}' "$p" 2>/dev/null)
	case $s in
	*" installed") ;;
	*) missing="$missing $p" ;;
	esac
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "deps: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	# Update only when the package lists are absent or a first try fails:
	# a fresh image ships without them.
	apt-get install -y -q --no-install-recommends $missing \
	    || { apt-get update -q && \
	    apt-get install -y -q --no-install-recommends $missing; }
	exit $?
fi
echo "deps: missing$missing (run make check as root to install them)" >&2
exit 0
