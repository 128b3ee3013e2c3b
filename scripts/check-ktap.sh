#!/bin/sh
# A guest console log must be KTAP version 1 that the kernel's own parser
# reads as we do: run KSRC/tools/testing/kunit/kunit.py parse on LOG and
# compare its counts with the log's own top-level results ("ok N" a pass,
# "not ok N" a failure, "# SKIP" a skip; an XFAIL, a negative control or a
# known defect, is an "ok" line and kunit.py counts it as passed).  Any
# parse error, crashed test or count that differs is a failure.
#
# usage: check-ktap.sh KSRC LOG...
# One result per LOG, "NAME: KTAP version 1 as kunit.py parse reads it",
# to tap-summary.sh add "$RESULTS" (default: printed).  Exit 1 on any
# failure, 2 if kunit.py is missing.
set -eu

prog=check-ktap
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { echo "usage: $0 KSRC LOG..." >&2; exit 2; }
kunit=$1/tools/testing/kunit/kunit.py
shift
[ -r "$kunit" ] || { echo "$prog: no $kunit (not a kernel tree?)" >&2; exit 2; }
command -v python3 >/dev/null ||
	{ echo "$prog: python3 is missing (make deps installs it)" >&2; exit 2; }
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

for log do
	name=$(basename "$log" .log)
	what="$name: KTAP version 1 as kunit.py parse reads it"
	tr -d '\r' <"$log" >"$tmp/log"
	ours=$(awk '
		/^KTAP version 1$/ { v = 1 }
		/^(not )?ok [0-9]+( |$)/ {
			if ($0 ~ /# SKIP/) s++
			else if ($1 == "not") f++
			else p++
		}
		END { printf "%s passed:%d failed:%d crashed:0 skipped:%d errors:0",
			v ? "v1" : "no-version-line", p, f, s }' "$tmp/log")
	python3 "$kunit" parse "$tmp/log" >"$tmp/out" 2>&1 || true
	theirs=$(sed -n 's/.*Testing complete\. Ran [0-9]* tests*:* *//p' "$tmp/out" |
		awk -F', ' '{
			for (i = 1; i <= NF; i++) { split($i, kv, ": "); c[kv[1]] = kv[2] + 0 }
			printf "v1 passed:%d failed:%d crashed:%d skipped:%d errors:%d",
				c["passed"], c["failed"], c["crashed"], c["skipped"], c["errors"]
		}')
	if [ -n "$theirs" ] && [ "$ours" = "$theirs" ]; then
		result pass "$what (${ours#v1 })"
	else
		echo "$prog: $log: ours: $ours; kunit.py: ${theirs:-no summary}"
		grep -i 'error\|traceback' "$tmp/out" | head -n 5 | sed 's/^/    /'
		result fail "$what"
		failed=1
	fi
done
exit $failed
