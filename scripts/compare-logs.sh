#!/bin/sh
# Two boots of one make target side by side (same host load): boot A's
# figures against boot B's, its control.
#
#   idle  the loc_idle, irq0_idle or tick_idle figures ("# cpuN LOC/s=X",
#         "# cpuN tick/s=X", and "# IRQ0/s=X" as one more): A's sum
#         at most 1 LOC/s above B's, and A's busiest CPU at most 1 LOC/s
#         above B's busiest.  1 LOC/s is 20 interrupts in a 20 s loc_idle
#         window, 60 in the Debian suites' 60 s one.
#   soak  the "# soak-figures-on:" line (waits with dyn-tick enabled
#         throughout, or its shadow flag on a kernel without it), else
#         the "# soak-figures:" line, the same kind in both boots: A's
#         median lateness within one tick of B's, A's p99 within one tick
#         + 25 ms of B's, A's worst within one tick + 100 ms of B's.  One
#         tick is what a timer may wait for the next tick by design; 25 ms
#         is the single wake-up cap of the accuracy tests
#         (dt_lateness_limits()), TCG's host scheduling; 100 ms the cap of
#         cpu_hotplug's, whose whole-machine stalls the soak's hotplug
#         brings too.
#
#   lateness  every median of the accuracy tests' lateness judge
#         ("# N ms xM WHAT ms: min .. median X", per test, CPU, request
#         and kind) of 10 samples or more that both boots printed: A's
#         within half a tick of B's.  The tests' own limit for a median
#         is one tick + a margin for TCG; the control in the same run has
#         medians well under a tick, so a back-end that fell back to tick
#         granularity fails here.  A median of fewer samples (1000 ms x3)
#         is printed, not judged: where timers wait for a tick (pit,
#         hpet-bc) each sample is anywhere in the tick, and NO_HZ_IDLE's
#         own x3 medians spread 1.8-3.7 ms at HZ=250 in one run.  And
#         cpu_hotplug's wake-ups ("# N wake-ups: lateness min .. median
#         X p99 Y max Z"): the median within half a tick, the p99 within
#         1 tick + 25 ms (the soak's rule), the worst within 1 tick +
#         100 ms of the control's (the test's own single wake-up cap,
#         which it lifts to 1 s when every sleeper was late together: a
#         stall of the whole machine, which the control must see too).
#         jiffies_load's "jiffies late at a window edge: worst X ms":
#         within half a tick of the control's.  idle_balance's "time to
#         spread: median X ms" within 50 ms of the control's: NO_HZ_IDLE's
#         own medians spread 21-66 ms over five make test runs.
#         No judged figure in common fails.
#   icount  two boots under -icount (qemu:icount in tests/boots): guest
#         time is the count of instructions executed, so a boot's figures
#         come out the same whatever the host does (five boots of each
#         kernel gave the same idle figure to 0.1 tick/s), and no margin
#         for TCG is needed: the idle figures as "idle" reads them, A's sum
#         and busiest CPU at most 0.1 tick/s (the figure's precision)
#         above B's; and every lateness median "lateness" reads (10
#         samples or more), A's at most 10% + 1 us above B's, the
#         benchmark's "no costlier than NO_HZ_IDLE" target (a wake-up's
#         oversleep there is the instructions between the timer and the
#         task, 1 ns each).  Both kinds of figure must be there.
#
# usage: compare-logs.sh idle|soak|lateness|icount RESULTS LOGDIR BOOT_A BOOT_B
#   LOGDIR/BOOT is the console log qemu-test.sh kept of each boot.
#   Adds one result to RESULTS; exit 0 only if it is a pass.
set -eu

[ $# -eq 5 ] || { echo "usage: $0 idle|soak|lateness|icount RESULTS LOGDIR BOOT_A BOOT_B" >&2; exit 2; }
kind=$1 results=$2 logs=$3 a=$4 b=$5
here=$(dirname "$0")

# The figures of a log, one line per CPU ("cpu rate") or one soak line
# ("hz n median p99 max"); nothing if there are none.
figures() {
	[ -r "$logs/$2" ] || return 0
	case $1 in
	idle) tr -d '\r' <"$logs/$2" | awk '
		/^# .*idle window/ { inside = 1; next }
		inside && /^# cpu[0-9]+ (LOC|tick)\/s=/ {
			sub(/^# cpu/, ""); split($0, f, / (LOC|tick)\/s=/); print f[1], f[2] + 0
			next
		}
		inside && /^# IRQ0\/s=/ { sub(/^# IRQ0\/s=/, ""); print "irq0", $0 + 0; next }
		inside && /^(ok|not ok) / { exit }' ;;
	lateness) tr -d '\r' <"$logs/$2" | awk -v boot="$2" '
		/^# dt: kernel .* hz=[0-9]+/ { h = $0; sub(/.* hz=/, "", h); hz = h + 0 }
		/^# cpu[0-9]+ HZ=[0-9]+: median limit/ { cpu = $2; sub(/^cpu/, "", cpu) }
		/^# +[0-9]+ ms x *[0-9]+ +[a-z]+ ms: min .* median / {
			line = $0; sub(/^# +/, "", line); split(line, w, " ")
			med = line; sub(/.* median /, "", med)
			if (substr(w[3], 2) + 0 < 10) {
				printf "compare-logs: %s: cpu%s %sms %s median %.3f ms of %s samples (not judged)\n", boot, cpu, w[1], w[4], med, substr(w[3], 2) > "/dev/stderr"
				next
			}
			buf[++nb] = "cpu" cpu " " w[1] "ms " w[4] " median " (med + 0)
			next
		}
		/^# [0-9]+ wake-ups: lateness min .* median .* p99 .* max / {
			nw = split($0, w, " ")
			for (i = 1; i < nw; i++)
				if (w[i] == "median" || w[i] == "p99" || w[i] == "max")
					buf[++nb] = "all 1-50ms wake-up " w[i] " " (w[i + 1] + 0)
			next
		}
		/^# time to spread: median [0-9.]+ ms/ {
			v = $0; sub(/^# time to spread: median /, "", v)
			buf[++nb] = "all 2-hogs spread median " (v + 0)
			next
		}
		/^# jiffies late at a window edge: worst [0-9.]+ ms/ {
			v = $0; sub(/.*worst /, "", v)
			buf[++nb] = "all edge jiffies-late worst " (v + 0)
			next
		}
		/^(not )?ok [0-9]+ / {
			name = $0; sub(/^(not )?ok [0-9]+ /, "", name); sub(/ .*/, "", name)
			for (i = 1; i <= nb; i++) print hz, name ":" buf[i]
			nb = 0
		}' ;;
	icount)
		figures idle "$2" | sed 's/^/idle /'
		figures lateness "$2" 2>/dev/null | sed 's/^/late /' ;;
	soak) tr -d '\r' <"$logs/$2" |
		sed -n 's/^# \(soak-figures\(-on\)*\): hz=\([0-9]*\) n=\([0-9]*\) median=\([-0-9.]*\) p99=\([-0-9.]*\) max=\([-0-9.]*\)$/\1 \3 \4 \5 \6 \7/p' |
		awk '{ l[$1] = $0 } END {
			if ("soak-figures-on" in l) print l["soak-figures-on"]
			else if ("soak-figures" in l) print l["soak-figures"] }' ;;
	esac
}

# A's figures, "--", B's figures on stdin: the report on stderr, the
# verdict (pass or fail) on stdout.
judge() {
	case $kind in
	idle) awk -v a="$a" -v b="$b" '
		BEGIN { side = 0 }
		$1 == "--" { side = 1; next }
		{ s[side] += $2; if ($2 > m[side]) m[side] = $2; r[side] = r[side] " " $2 }
		END {
			printf "compare-logs: %s LOC/s:%s (sum %.1f, max %.1f)\n", a, r[0], s[0], m[0] > "/dev/stderr"
			printf "compare-logs: %s LOC/s:%s (sum %.1f, max %.1f)\n", b, r[1], s[1], m[1] > "/dev/stderr"
			print (s[0] <= s[1] + 1 && m[0] <= m[1] + 1) ? "pass" : "fail"
		}' ;;
	lateness) awk -v a="$a" -v b="$b" '
		BEGIN { side = 0 }
		$1 == "--" { side = 1; next }
		{ key = $2 " " $3 " " $4 " " $5; hz[side] = $1; med[side, key] = $6; if (!side) keys[++n] = key }
		END {
			tick = 1000 / hz[0]
			for (i = 1; i <= n; i++) {
				k = keys[i]
				if (!((1, k) in med)) continue
				common++
				split(k, kw, " ")
				if (kw[4] == "p99" && kw[3] == "wake-up") {
					margin = tick + 25; why = "1 tick + 25 ms"
				} else if (kw[4] == "max" && kw[3] == "wake-up") {
					margin = tick + 100; why = "1 tick + 100 ms"
				} else if (kw[3] == "spread") {
					margin = 50; why = "50 ms"
				} else {
					margin = tick / 2; why = "half a tick"
				}
				bad = med[0, k] > med[1, k] + margin
				fails += bad
				printf "compare-logs: %s %.3f ms, %s %.3f ms%s\n", k, med[0, k], b, med[1, k], bad ? " (over by more than " why ")" : "" > "/dev/stderr"
			}
			if (!common) print "compare-logs: no figure in common" > "/dev/stderr"
			print (common && !fails) ? "pass" : "fail"
		}' ;;
	icount) awk -v a="$a" -v b="$b" '
		BEGIN { side = 0 }
		$1 == "--" { side = 1; next }
		$1 == "idle" {
			s[side] += $3; if ($3 > m[side]) m[side] = $3; r[side] = r[side] " " $3
			ni[side]++
			next
		}
		$1 == "late" && NF != 7 { malformed = 1; next }	# no "# dt: ... hz=" line
		$1 == "late" {
			key = $3 " " $4 " " $5 " " $6; med[side, key] = $7
			nl[side]++
			if (!side) keys[++n] = key
		}
		END {
			for (i = 0; i < 2; i++)
				printf "compare-logs: %s tick/s:%s (sum %.1f, max %.1f)\n", i ? b : a, r[i], s[i], m[i] > "/dev/stderr"
			if (malformed || !ni[0] || !ni[1] || !nl[0] || !nl[1]) {
				print "compare-logs: idle and lateness figures (and the guest'"'"'s HZ) are all needed, in both boots" > "/dev/stderr"
				print "fail"
				exit
			}
			fails = !(s[0] <= s[1] + 0.1 + 1e-9 && m[0] <= m[1] + 0.1 + 1e-9)
			for (i = 1; i <= n; i++) {
				k = keys[i]
				if (!((1, k) in med)) continue
				common++
				bad = med[0, k] > med[1, k] * 1.1 + 0.001 + 1e-9
				fails += bad
				printf "compare-logs: %s %.3f ms, %s %.3f ms%s\n", k, med[0, k], b, med[1, k], bad ? " (over by more than 10% + 1 us)" : "" > "/dev/stderr"
			}
			if (!common) print "compare-logs: no lateness figure in common" > "/dev/stderr"
			print (common && !fails) ? "pass" : "fail"
		}' ;;
	soak) awk -v a="$a" -v b="$b" '
		BEGIN { side = 0 }
		$1 == "--" { side = 1; next }
		{ what[side] = $1; hz[side] = $2; n[side] = $3; med[side] = $4; p99[side] = $5; max[side] = $6 }
		END {
			for (i = 0; i < 2; i++)
				printf "compare-logs: %s: %s %d expiries, lateness median %.3f p99 %.3f max %.3f ms\n", i ? b : a, what[i], n[i], med[i], p99[i], max[i] > "/dev/stderr"
			if (what[0] != what[1]) {
				print "compare-logs: the two boots give different soak figures" > "/dev/stderr"
				print "fail"
				exit
			}
			tick = 1000 / hz[0]
			print (med[0] <= med[1] + tick && p99[0] <= p99[1] + tick + 25 &&
			       max[0] <= max[1] + tick + 100) ? "pass" : "fail"
		}' ;;
	esac
}

case $kind in
idle) what="$a: idle LOC/s no worse than $b (sum and busiest CPU, +1 LOC/s)" ;;
soak) what="$a: soak lateness no worse than $b (median +1 tick, p99 +1 tick +25 ms, worst +1 tick +100 ms)" ;;
icount) what="$a: under -icount, idle tick/s and lateness medians no worse than $b's (+0.1 tick/s; +10% +1 us)" ;;
lateness) what="$a: timer lateness medians no worse than $b's (+ half a tick; cpu_hotplug p99 +1 tick +25 ms, worst +1 tick +100 ms; idle_balance +50 ms)" ;;
*) echo "compare-logs: unknown kind '$kind' (idle|soak|lateness|icount)" >&2; exit 2 ;;
esac
fa=$(figures "$kind" "$a") fb=$(figures "$kind" "$b")
if [ -z "$fa" ] || [ -z "$fb" ]; then
	echo "compare-logs: no $kind figures in $logs/$a or $logs/$b" >&2
	"$here/tap-summary.sh" add "$results" fail "$what"
	exit 1
fi
status=$(printf '%s\n--\n%s\n' "$fa" "$fb" | judge)
"$here/tap-summary.sh" add "$results" "$status" "$what"
[ "$status" = pass ]
