#!/bin/sh
# Idle timer interrupts side by side: the loc_idle figures ("# cpuN
# LOC/s=X") of boot A must be no worse than those of boot B, run in the
# same make target (same host load): the sum over the CPUs at most 1 LOC/s
# above B's, and the busiest CPU at most 1 LOC/s above B's busiest.  The
# 1 LOC/s is 20 interrupts in loc_idle's 20 s window.
#
# usage: compare-idle.sh RESULTS LOGDIR BOOT_A BOOT_B
#   LOGDIR/BOOT is the console log qemu-test.sh kept of each boot.
#   Adds one result to RESULTS; exit 0 only if it is a pass.
set -eu

[ $# -eq 4 ] || { echo "usage: $0 RESULTS LOGDIR BOOT_A BOOT_B" >&2; exit 2; }
results=$1 logs=$2 a=$3 b=$4
here=$(dirname "$0")
what="$a: idle LOC/s no worse than $b (sum and busiest CPU, +1 LOC/s)"

# The per-CPU LOC/s of the loc_idle test of a log, one "cpu rate" per line.
rates() {
	[ -r "$logs/$1" ] || return 0
	tr -d '\r' <"$logs/$1" | awk '
		/^# .*idle window/ { inside = 1; next }
		inside && /^# cpu[0-9]+ LOC\/s=/ {
			sub(/^# cpu/, ""); split($0, f, " LOC/s="); print f[1], f[2] + 0
			next
		}
		inside && /^(ok|not ok) / { exit }'
}

ra=$(rates "$a") rb=$(rates "$b")
if [ -z "$ra" ] || [ -z "$rb" ]; then
	echo "compare-idle: no loc_idle figures in $logs/$a or $logs/$b" >&2
	"$here/tap-summary.sh" add "$results" fail "$what"
	exit 1
fi
verdict=$(printf '%s\n--\n%s\n' "$ra" "$rb" | awk '
	BEGIN { side = 0 }
	$1 == "--" { side = 1; next }
	{ s[side] += $2; if ($2 > m[side]) m[side] = $2; r[side] = r[side] " " $2 }
	END {
		printf "%s:%s (sum %.1f, max %.1f)\n", "A", r[0], s[0], m[0] > "/dev/stderr"
		printf "%s:%s (sum %.1f, max %.1f)\n", "B", r[1], s[1], m[1] > "/dev/stderr"
		print (s[0] <= s[1] + 1 && m[0] <= m[1] + 1) ? "pass" : "fail"
	}' 2>&1)
echo "$verdict" | sed -e '$d' -e "s/^A:/compare-idle: $a LOC\/s:/" -e "s/^B:/compare-idle: $b LOC\/s:/"
status=$(echo "$verdict" | tail -n 1)
"$here/tap-summary.sh" add "$results" "$status" "$what"
[ "$status" = pass ]
