#!/bin/sh
# Regenerate the measured results kept in the repository for one kernel
# base, tests/results/BASE/, from the last runs in WORKDIR (the base's):
#   make-test.md  the summary of the last make test (WORKDIR/results.txt)
#                 and, boot by boot (tests/boots), the figures the guest
#                 tests printed: each "# " line of the tests listed below,
#                 with its verdict
#   bench.md, loc.png, cost.png   the last make bench report
#   hooks.md      the last make hook-cost table
# Nothing is typed in by hand: README quotes these files.
#
# usage: results.sh REPO WORKDIR
set -eu

prog=results
die() { echo "$prog: $*" >&2; exit 1; }
[ $# -eq 2 ] || { echo "usage: $0 REPO WORKDIR" >&2; exit 2; }
repo=$(cd "$1" && pwd) || die "REPO $1 is not a directory"
work=$2
here=$(dirname "$0")
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
use_base "$repo" || exit 1
out=$repo/tests/results/$BASE
mkdir -p "$out"
commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
# the commit make test ran at (the Makefile writes it beside results.txt)
run=$(cat "$work/results.txt.commit" 2>/dev/null) || run=unknown

# the tests whose output are figures
figures='backend loc_idle tick_idle tick_periodic tick_dev_idle sleep_cputime clock_step loc_partial irq0_idle irq0_busy pit_topology time_sync time_rtc nanosleep_accuracy posix_timer_accuracy jiffies_load wake_jiffies sleep_length cpuidle_states idle_stat idle_balance cpu_hotplug soak long_sleep suspend_core timer_migration pinned_busy'

[ -s "$work/results.txt" ] || die "no $work/results.txt: run make test first"

# The command line of boot NAME of tests/boots, as the tables show it: the
# kernel's options and qemu:smp=N, qemu:hpet=msi, not the test harness's
# own (dt.*) nor qemu:icount (the -icount table says so), blank-prefixed
boot_args() {
	awk -v n="$1" '$1 == "boot" && $2 == n {
		for (i = 5; i <= NF; i++) if ($i !~ /^(dt\.|qemu:icount)/) s = s " " $i
		print s }' "$repo/tests/boots"
}

# The idle tick interrupts of each compare-idle pair of tests/boots, as
# compare-logs.sh judges them (its report, with a scratch results file),
# and the dyn-tick boot's periodic figure (tick_periodic: dyn-tick
# switched off through sysfs in the same boot).
topology_table() {
	tmp=$(mktemp) || die "mktemp failed"
	echo
	echo "## Idle tick interrupts per CPU, by topology"
	echo
	echo "Each compare-idle pair of \`tests/boots\`: tick interrupts a second over"
	echo "the idle window, as the test printed them (each CPU's local APIC timer"
	echo "or HPET channel, and IRQ0 where the boot has one), dyn-tick boot against"
	echo "its NO_HZ_IDLE control (compare-logs.sh idle), and the dyn-tick boot's"
	echo "periodic figure: tick interrupts per CPU with dyn-tick switched off"
	echo "through sysfs (tick_periodic). The report-idle pairs are judged under"
	echo "-icount instead (the next table)."
	echo
	echo "| dyn-tick boot (command line) | dyn-tick | NO_HZ_IDLE boot | NO_HZ_IDLE | periodic | verdict |"
	echo "|---|---|---|---|---|---|"
	awk '$1 == "compare-idle" || $1 == "report-idle" { print $1, $2, $3 }' "$repo/tests/boots" |
	while read -r how a b; do
		: >"$tmp"
		rep=$("$here/compare-logs.sh" idle "$tmp" "$work/logs" "$a" "$b" 2>&1 >/dev/null) || :
		verdict=$(cut -f1 "$tmp")
		[ "$how" = compare-idle ] || verdict="not judged ($verdict under its +1 rule): see -icount"
		args=$(boot_args "$a")
		per=$([ ! -r "$work/logs/$a" ] || tr -d '\r' <"$work/logs/$a" |
			sed -n 's/^# periodic tick\/s per CPU=\([0-9.]*\).*/\1/p' | tail -n 1)
		printf '%s\n' "$rep" | awk -v a="$a" -v b="$b" -v args="$args" \
			-v per="${per:--}" -v v="${verdict:-no figures}" '
			/^compare-logs: / && / LOC\/s:/ {
				who = $2; s = $0; sub(/ \(sum.*/, "", s); sub(/.* LOC\/s: */, "", s)
				tot = $0
				sub(/.*\(sum /, "", tot); sub(/,.*/, "", tot)
				fig[who] = sprintf("%s (sum %s)", s, tot)
			}
			END {
				printf "| %s (%s) | %s | %s | %s | %s | %s |\n", a, args ? substr(args, 2) : "-smp 4",
					fig[a] ? fig[a] : "-", b, fig[b] ? fig[b] : "-", per, v
			}'
	done
	rm -f "$tmp"
}

# Each compare-icount pair of tests/boots (one CPU under -icount): idle
# tick/s and the wake-up latency medians, as compare-logs.sh icount
# reports them.
icount_table() {
	tmp=$(mktemp) || die "mktemp failed"
	echo
	echo "## Under -icount: idle ticks and wake-up latency, one CPU"
	echo
	echo "Each compare-icount pair of \`tests/boots\`: guest time counts instructions"
	echo "(1 ns each), so these figures do not depend on the host. Idle tick/s over"
	echo "a 60 s window; nanosleep oversleep and POSIX timer lateness medians in"
	echo "us (the instructions from the timer to the task), at 1 / 10 / 100 ms."
	echo
	echo "| dyn-tick boot (command line) | idle tick/s | nanosleep us | POSIX timer us | NO_HZ_IDLE boot | idle tick/s | nanosleep us | POSIX timer us | verdict |"
	echo "|---|---|---|---|---|---|---|---|---|"
	awk '$1 == "compare-icount" { print $2, $3 }' "$repo/tests/boots" |
	while read -r a b; do
		: >"$tmp"
		rep=$("$here/compare-logs.sh" icount "$tmp" "$work/logs" "$a" "$b" 2>&1 >/dev/null) || :
		verdict=$(cut -f1 "$tmp")
		args=$(boot_args "$a")
		printf '%s\n' "$rep" | awk -v a="$a" -v b="$b" -v args="$args" \
			-v v="${verdict:-no figures}" '
			function us(x) { return sprintf("%d", x * 1000 + 0.5) }
			/^compare-logs: / && / tick\/s:/ { t = $0; sub(/.*\(sum /, "", t); sub(/,.*/, "", t); idle[$2] = t }
			/^compare-logs: nanosleep_accuracy:/ { ns[a] = ns[a] "/" us($6); ns[b] = ns[b] "/" us($9) }
			/^compare-logs: posix_timer_accuracy:/ { pt[a] = pt[a] "/" us($6); pt[b] = pt[b] "/" us($9) }
			END {
				printf "| %s (%s) | %s | %s | %s | %s | %s | %s | %s | %s |\n", a, substr(args, 2),
					idle[a] ? idle[a] : "-", ns[a] ? substr(ns[a], 2) : "-", pt[a] ? substr(pt[a], 2) : "-",
					b, idle[b] ? idle[b] : "-", ns[b] ? substr(ns[b], 2) : "-", pt[b] ? substr(pt[b], 2) : "-", v
			}'
	done
	rm -f "$tmp"
}

{
	echo "# make test: results and figures"
	echo
	echo "Written by \`make results\` (scripts/results.sh) at repo commit $commit"
	echo "from \`$work/results.txt\` (\`make test\` at commit $run) and the"
	echo "console logs of the boots of \`tests/boots\`. QEMU $(qemu-system-x86_64 --version | sed -n '1s/.*version //p'),"
	echo "TCG, \`-smp 4\`, on $(nproc) host CPUs."
	echo
	echo '```'
	awk -F '\t' '{ n[$1]++ } $1 != "pass" { print }
		END { printf "%d passed, %d failed, %d known defects, %d declared skips%s\n",
		      n["pass"], n["fail"], n["todo"], n["skip"],
		      n["rerun"] ? sprintf(", %d boot(s) run again", n["rerun"]) : "" }' "$work/results.txt"
	echo '```'
	topology_table
	icount_table
	awk '$1 == "boot" { print $2, $3, $4 }' "$repo/tests/boots" |
	while read -r boot kernel suite; do
		log=$work/logs/$boot
		echo
		echo "## $boot ($kernel kernel, suite $suite)"
		echo
		if [ ! -r "$log" ]; then
			echo "(no console log)"
			continue
		fi
		echo '```'
		tr -d '\r' <"$log" | awk -v want=" $figures " '
			/^# dt: init-uptime / { print; next }
			/^#/ { buf = buf $0 "\n"; next }
			/^(not )?ok [0-9]+ / {
				name = ($1 == "not") ? $4 : $3
				if (index(want, " " name " "))
					printf "%s%s\n", buf, $0
				buf = ""
			}'
		echo '```'
	done
} >"$out/make-test.md"
echo "$prog: wrote $out/make-test.md"

if [ -s "$work/bench/results.md" ]; then
	cp "$work/bench/results.md" "$out/bench.md"
	for png in loc cost; do
		[ ! -s "$work/bench/$png.png" ] || cp "$work/bench/$png.png" "$out/$png.png"
	done
	echo "$prog: wrote $out/bench.md (and its charts)"
else
	echo "$prog: no $work/bench/results.md (make bench): bench.md left as it is"
fi
if [ -s "$work/bench/hooks.md" ]; then
	cp "$work/bench/hooks.md" "$out/hooks.md"
	echo "$prog: wrote $out/hooks.md"
else
	echo "$prog: no $work/bench/hooks.md (make hook-cost): hooks.md left as it is"
fi
