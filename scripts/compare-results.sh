#!/bin/sh
# Require that every test of one suite got the same result in two boots.
#
# usage: compare-results.sh RESULTS SUITE_FILE BOOT_A BOOT_B
#   For each test listed in SUITE_FILE, look up "BOOT_A: TEST" and
#   "BOOT_B: TEST" in RESULTS (as written by tap-summary.sh) and print both
#   statuses; then add one result to RESULTS, a failure if any pair differs
#   or is missing.  Exit 0 only if that result is a pass.
set -eu

[ $# -eq 4 ] || { echo "usage: $0 RESULTS SUITE_FILE BOOT_A BOOT_B" >&2; exit 2; }
results=$1 suite=$2 a=$3 b=$4
here=$(dirname "$0")
tab=$(printf '\t')
[ -r "$suite" ] || { echo "compare-results: no suite file $suite" >&2; exit 2; }

# status_of BOOT TEST: its last recorded status, or "missing".  A known
# defect (tap-summary.sh records "NAME (known defect: WHY, failed|passed
# this run)") is "todo-failed" if it failed, so that a change of its
# outcome on one boot still shows, and "pass" if it passed: a known mark
# on one boot alone (a control's) does not make a passing test differ.
status_of() {
	s=$(awk -F "$tab" -v n="$1: $2" '
		$2 == n { s = $1 }
		index($2, n " (known defect: ") == 1 {
			s = $2 ~ /, failed this run\)$/ ? $1 "-failed" : "pass"
		}
		END { print s }' "$results")
	echo "${s:-missing}"
}

# the test names: first word of each non-comment line
names=$(awk '!/^[[:space:]]*(#|$)/ { print $1 }' "$suite")
same=1 n=0
for t in $names; do
	sa=$(status_of "$a" "$t")
	sb=$(status_of "$b" "$t")
	n=$((n + 1))
	echo "compare-results: $t: $sa on $a, $sb on $b"
	if [ "$sa" != "$sb" ] || [ "$sa" = missing ]; then
		same=0
	fi
done

st=fail
[ "$same" = 1 ] && [ "$n" -gt 0 ] && st=pass
"$here/tap-summary.sh" add "$results" "$st" \
	"$(basename "$suite"): the $n tests give the same results on $a as on $b"
[ "$st" = pass ]
