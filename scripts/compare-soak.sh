#!/bin/sh
# Timer lateness of the soak side by side: the "# soak-figures:" line of
# boot A against boot B's, both run in the same make target (same host
# load).  A passes when its median lateness is within one tick of B's and
# its p99 within one tick + 25 ms of B's.  One tick is what a timer may
# wait for the next tick by design; 25 ms is the single wake-up cap of
# the accuracy tests (dt_lateness_limits()), TCG's host scheduling.
#
# usage: compare-soak.sh RESULTS LOGDIR BOOT_A BOOT_B
#   LOGDIR/BOOT is the console log qemu-test.sh kept of each boot.
#   Adds one result to RESULTS; exit 0 only if it is a pass.
set -eu

[ $# -eq 4 ] || { echo "usage: $0 RESULTS LOGDIR BOOT_A BOOT_B" >&2; exit 2; }
results=$1 logs=$2 a=$3 b=$4
here=$(dirname "$0")
what="$a: soak lateness no worse than $b (median +1 tick, p99 +1 tick +25 ms)"

# "hz n median p99 max" of the last soak of a log, or nothing.
figures() {
	[ -r "$logs/$1" ] || return 0
	tr -d '\r' <"$logs/$1" | sed -n 's/^# soak-figures: hz=\([0-9]*\) n=\([0-9]*\) median=\([-0-9.]*\) p99=\([-0-9.]*\) max=\([-0-9.]*\)$/\1 \2 \3 \4 \5/p' |
		tail -n 1
}

fa=$(figures "$a") fb=$(figures "$b")
if [ -z "$fa" ] || [ -z "$fb" ]; then
	echo "compare-soak: no soak figures in $logs/$a or $logs/$b" >&2
	"$here/tap-summary.sh" add "$results" fail "$what"
	exit 1
fi
status=$(echo "$fa $fb" | awk -v a="$a" -v b="$b" '{
	tick = 1000 / $1
	printf "compare-soak: %s: %d expiries, median %.3f p99 %.3f max %.3f ms\n", a, $2, $3, $4, $5 > "/dev/stderr"
	printf "compare-soak: %s: %d expiries, median %.3f p99 %.3f max %.3f ms\n", b, $7, $8, $9, $10 > "/dev/stderr"
	print ($3 <= $8 + tick && $4 <= $9 + tick + 25) ? "pass" : "fail"
}')
"$here/tap-summary.sh" add "$results" "$status" "$what"
[ "$status" = pass ]
