#!/bin/sh
# The harness's own judges must be able to fail: feed them inputs they
# must reject (and one each they must accept) and check their verdicts.
#   - the lateness judge of the guest's timer tests (tests/unit/judge_test.c,
#     compiled for the host);
#   - scan-log.sh on console logs holding one problem line each;
#   - initramfs/known-failures.awk on runs failing other subtests than
#     a known mark names;
#   - tap-summary.sh on an empty "1..0" plan, a short plan, and a results
#     file missing a boot of the matrix; on KTAP v1 XFAIL lines;
#   - check-ktap.sh on a good KTAP v1 log and on broken ones;
#   - compare-logs.sh on a boot that wakes more than its control (idle),
#     on a soak later than its control (soak), on timer medians later
#     than the control's (lateness) and on -icount figures worse than the
#     control's by the smallest step (icount);
#   - compare-results.sh on a known failure, a known pass and a missing
#     result against plain passes;
#   - bench-report.sh on made-up bench logs: valid JSON, each of the
#     verdicts met, missed, within noise and insufficient runs where the
#     figures call for it, and exit status 3 on a miss;
#   - patch-header.awk on a good header and on headers with one flaw each;
#   - qemu-run.sh and qemu-test.sh on a fake QEMU that crashes once, twice
#     or hangs, and on a subject that fails its comparison once or twice;
#   - check-bisect.sh's record of built prefixes on a three-patch series
#     and a fake make: built again only where a patch changed, the last
#     prefix always.
#
# usage: check-harness.sh REPO [KSRC]
#   KSRC: a kernel tree, for check-ktap.sh's kunit.py and the kselftest.h
#   the guest tests' dt.h includes (without it those two judges fail)
# One result per judge to tap-summary.sh add "$RESULTS" (default: printed).
# Exit 1 on any wrong verdict.
set -eu

prog=check-harness
here=$(cd "$(dirname "$0")" && pwd)
case $# in
1 | 2) ;;
*) echo "usage: $0 REPO [KSRC]" >&2; exit 2 ;;
esac
repo=$(cd "$1" && pwd)
ksrc=${2:-}
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# judged NAME: one result for a judge, a pass unless a case set bad=1
judged() {
	if [ "$bad" = 0 ]; then result pass "$1"; else result fail "$1"; fi
}

# verdicts KIND "LOG VERDICT"...: the side-by-side judge compare-logs.sh
# KIND must give each log of $tmp that verdict against $tmp/ctl; bad=1 if
# it does not
verdicts() {
	kind=$1
	shift
	bad=0
	for c do
		: >"$tmp/res"
		"$here/compare-logs.sh" "$kind" "$tmp/res" "$tmp" "${c% *}" ctl >/dev/null 2>&1 || true
		grep -q "^${c#* }" "$tmp/res" ||
			{ echo "$prog: compare-logs.sh $kind does not ${c#* } '${c% *}' against its control"; bad=1; }
	done
}

# 1. The lateness judge (dt.h includes the kernel's kselftest.h).
echo "$prog: no KSRC: tests/unit/judge_test.c needs its tools/testing/selftests/kselftest.h" >"$tmp/judge.out"
if [ -n "$ksrc" ] &&
   gcc -O2 -Wall -Wextra -Werror -I "$ksrc/tools/testing/selftests" \
	-o "$tmp/judge" "$repo/tests/unit/judge_test.c" -lm >"$tmp/judge.out" 2>&1 &&
   "$tmp/judge" >>"$tmp/judge.out" 2>&1; then
	result pass "harness: lateness judge rejects what it must (tests/unit/judge_test.c)"
else
	sed 's/^/    /' "$tmp/judge.out"
	result fail "harness: lateness judge rejects what it must (tests/unit/judge_test.c)"
fi

# 2. scan-log.sh: a clean log passes, each problem line fails it.
clean() {
	printf '%s\r\n' "[    0.000000] Linux version 6.1" "ok 1 loc_idle" \
		"# dyntick-guest: done"
}
clean >"$tmp/clean.log"
bad=0
"$here/scan-log.sh" "$tmp/clean.log" >"$tmp/scan.out" 2>&1 ||
	{ echo "$prog: scan-log.sh rejects a clean log:"; cat "$tmp/scan.out"; bad=1; }
while IFS= read -r line; do
	{ clean; printf '%s\r\n' "$line"; } >"$tmp/bad.log"
	if "$here/scan-log.sh" "$tmp/bad.log" >"$tmp/scan.out" 2>&1; then
		echo "$prog: scan-log.sh accepts a log with: $line"
		bad=1
	fi
done <<'LINES'
[   12.345678] clocksource: timekeeping watchdog on CPU1: Marking clocksource 'tsc' as unstable because the skew is too large:
[    3.000000] tsc: Marking TSC unstable due to clocksource watchdog
[    5.100000] APIC error on CPU2: 00(40)
[    7.200000] __common_interrupt: 1.55 No irq handler for vector
[   30.000000] rcu: INFO: rcu_preempt self-detected stall on CPU
[   30.000000] rcu: INFO: rcu_sched detected stalls on CPUs/tasks:
[   31.000000] rcu: rcu_preempt kthread starved for 10502 jiffies!
[    0.500000] smpboot: do_boot_cpu failed(-1) to wakeup CPU#1
[    0.500000] CPU2 failed to report alive state
[    0.500000] smpboot: CPU3: Not responding
[    9.000000] WARNING: CPU: 1 PID: 0 at kernel/time/tick-sched.c:100 foo
[    9.000000] BUG: scheduling while atomic: sh/1/0x00000002
[    9.000000] watchdog: BUG: soft lockup - CPU#0 stuck for 22s!
[   20.000000] NOHZ tick-stop error: local softirq work is pending, handler #08!!!
[   20.000000] CE: lapic increased min_delta_ns to 18750 nsec
LINES
clean | grep -v 'dyntick-guest: done' >"$tmp/short.log"
if "$here/scan-log.sh" "$tmp/short.log" >"$tmp/scan.out" 2>&1; then
	echo "$prog: scan-log.sh accepts a log without the runner's done line"
	bad=1
fi
judged "harness: scan-log.sh finds every kind of problem line"

# 3. tap-summary.sh: an empty plan, a short plan, a skipped "not ok", an
# empty boot matrix, a boot that never ran.
bad=0
printf 'TAP version 13\r\n1..0\r\n' >"$tmp/empty"
printf 'TAP version 13\n1..3\nok 1 a\nok 2 b\n' >"$tmp/short"
printf 'TAP version 13\n1..1\nnot ok 1 a # SKIP not declared\n' >"$tmp/notokskip"
for log in empty short notokskip; do
	: >"$tmp/res"
	"$here/tap-summary.sh" parse "$tmp/res" "$tmp/$log" >/dev/null
	grep -q '^fail' "$tmp/res" ||
		{ echo "$prog: tap-summary.sh parse records no failure for the $log plan"; bad=1; }
done
printf 'boot one k s\nboot two k s\n' >"$tmp/boots"
printf 'pass\tone: console clean (x)\npass\tone: kernel_not_tainted\npass\tone: t\n' >"$tmp/res"
if "$here/tap-summary.sh" report "$tmp/res" "$tmp/boots" >"$tmp/rep" 2>&1 ||
   ! grep -q 'FAILED: two: recorded no' "$tmp/rep"; then
	echo "$prog: tap-summary.sh report passes a run in which boot 'two' recorded nothing:"
	sed 's/^/    /' "$tmp/rep"
	bad=1
fi
printf 'pass\t%s: console clean (x)\npass\t%s: kernel_not_tainted\n' \
	one one two two >"$tmp/res"
"$here/tap-summary.sh" report "$tmp/res" "$tmp/boots" >"$tmp/rep" 2>&1 ||
	{ echo "$prog: tap-summary.sh report fails a complete run:"; sed 's/^/    /' "$tmp/rep"; bad=1; }
printf '# no boot\n' >"$tmp/noboots"
if "$here/tap-summary.sh" report "$tmp/res" "$tmp/noboots" >"$tmp/rep" 2>&1; then
	echo "$prog: tap-summary.sh report passes a run whose boot matrix lists no boot"
	bad=1
fi
judged "harness: tap-summary.sh fails empty or short plans, a skipped 'not ok', an empty boot matrix and boots that recorded nothing"

# 3b. A failed test's last diagnostics reach the report (a CI keeps only
# its tail), and only that test's: not a passing test's, nor older lines.
bad=0
: >"$tmp/res"
: >"$tmp/res.detail"
printf '%s\n' 'KTAP version 1' '1..3' '# a is fine FAIL' 'ok 1 a' '# d0 FAIL: x' '# d1 write failed' \
	'# d2' '# d3' '# d4' '# d5' '# d6' '# d7 FAIL: y' '# d8' '# d9 why b failed' 'not ok 2 b' \
	'# c is fine' 'ok 3 c' >"$tmp/diag.log"
"$here/tap-summary.sh" parse "$tmp/res" "$tmp/diag.log" >/dev/null
"$here/tap-summary.sh" report "$tmp/res" >"$tmp/rep" 2>&1 || true
got=$(grep '^    #' "$tmp/rep" | tr '\n' '|')
want="    # d0 FAIL: x|    # d1 write failed|    # d2|    # d3|    # d4|    # d5|    # d6|    # d7 FAIL: y|    # d8|    # d9 why b failed|"
if [ "$got" != "$want" ] || ! grep -q '^FAILED: diag: b$' "$tmp/rep"; then
	echo "$prog: tap-summary.sh report does not show the failed test's earlier FAIL line and last 8 diagnostics:"
	sed 's/^/    /' "$tmp/rep"
	bad=1
fi
judged "harness: tap-summary.sh report shows a failed test's FAIL lines and last diagnostics under it"

# 3c. KTAP version 1: tap-summary.sh records a negative control's XFAIL as
# a pass and a known defect, shown or not, as neither pass nor failure;
# check-ktap.sh (the kernel's kunit.py parse) accepts such a log and
# rejects a short plan, a log without its version line and a result past
# the plan.
bad=0
printf '%s\n' 'KTAP version 1' '1..5' 'ok 1 a' 'ok 2 b # XFAIL control' \
	'ok 3 c # XFAIL known defect: d' 'ok 4 d # known defect did not show this run: d' \
	'ok 5 e # SKIP why' >"$tmp/v1.log"
: >"$tmp/res"
"$here/tap-summary.sh" parse "$tmp/res" "$tmp/v1.log" >/dev/null
got=$(cut -f1 "$tmp/res" | tr '\n' ' ')
[ "$got" = "pass pass todo todo skip " ] ||
	{ echo "$prog: tap-summary.sh parse reads the KTAP v1 log as '$got'"; bad=1; }
if [ -n "$ksrc" ]; then
	RESULTS=- "$here/check-ktap.sh" "$ksrc" "$tmp/v1.log" >"$tmp/ck" 2>&1 ||
		{ echo "$prog: check-ktap.sh rejects a good KTAP v1 log:"; sed 's/^/    /' "$tmp/ck"; bad=1; }
	printf 'KTAP version 1\n1..3\nok 1 a\nok 2 b\n' >"$tmp/short.log"
	printf 'TAP version 13\n1..1\nok 1 a\n' >"$tmp/v13.log"
	printf 'KTAP version 1\n1..1\nok 1 a\nnot ok 2 b\n' >"$tmp/past.log"
	for log in short v13 past; do
		if RESULTS=- "$here/check-ktap.sh" "$ksrc" "$tmp/$log.log" >/dev/null 2>&1; then
			echo "$prog: check-ktap.sh accepts the $log log"
			bad=1
		fi
	done
	judged "harness: KTAP v1 XFAIL lines read as meant; check-ktap.sh (kunit.py parse) rejects short plans, TAP 13 and results past the plan"
else
	echo "$prog: no kernel tree given: check-ktap.sh not checked"
	result fail "harness: check-ktap.sh checked (no kernel tree for kunit.py)"
fi

# 3b. A known defect's subtests (initramfs/known-failures.awk): only the
# named subtests failing is the known defect; another failing subtest, or
# an exit 1 without any failing subtest (a crash, a setup error), is not.
bad=0
subs='check_sig_ign+SIGEV_SIGNAL/check_rearm/check_delete'
printf '%s\n' 'ok 1 check_itimer ITIMER_VIRTUAL' 'not ok 5 check_sig_ign SIGEV_SIGNAL' \
	'ok 6 check_sig_ign SIGEV_THREAD_ID' 'not ok 7 check_rearm' >"$tmp/known"
printf '%s\n' 'not ok 1 check_itimer ITIMER_VIRTUAL' 'not ok 7 check_rearm' >"$tmp/other"
printf '%s\n' 'not ok 6 check_sig_ign SIGEV_THREAD_ID' >"$tmp/similar"
printf '%s\n' '# Bail out! cannot create timer' >"$tmp/nosub"
awk -v subs="$subs" -f "$repo/initramfs/known-failures.awk" "$tmp/known" >/dev/null ||
	{ echo "$prog: known-failures.awk rejects a run failing only known subtests"; bad=1; }
for out in other similar nosub; do
	if awk -v subs="$subs" -f "$repo/initramfs/known-failures.awk" "$tmp/$out" >/dev/null; then
		echo "$prog: known-failures.awk takes the $out run for the known defect"
		bad=1
	fi
done
judged "harness: a known mark covers the subtests it names, nothing else"

# 4. The side-by-side idle comparison: one CPU 2 LOC/s busier must fail,
# the same figures must pass, and a log without figures must fail.
idle_log() {
	printf '# HZ=250, idle window 20 s, limit LOC/s <= 12.5 per CPU
'
	for r do printf '# cpu%d LOC/s=%s
' "$n" "$r"; n=$((n + 1)); done
	printf 'ok 2 loc_idle
'
}
n=0; idle_log 1.0 0.5 0.5 0.5 >"$tmp/ctl"
n=0; idle_log 1.0 2.5 0.5 0.5 >"$tmp/worse"
n=0; idle_log 1.0 0.5 0.5 0.5 >"$tmp/same"
: >"$tmp/empty"
verdicts idle "worse fail" "same pass" "empty fail"
judged "harness: compare-logs.sh idle fails a boot that wakes more than its control"

# 4b. The soak's side-by-side lateness, on the waits with dyn-tick on
# throughout ("soak-figures-on", where both boots give them): a median
# 5 ms (more than a tick) above the control's must fail, a p99 30 ms
# above it too, a worst 200 ms above it too, while the same figures pass;
# a boot without those figures is not compared with one that has them;
# late waits among all of them (dyn-tick off half the time) neither hide
# nor fail the judged ones; a log without figures fails.
soak_log() {
	printf '# soak-figures: hz=250 n=600 median=%s p99=20.000 max=90.000\n' "$1"
	[ $# -lt 2 ] ||
		printf '# soak-figures-on: hz=250 n=300 median=%s p99=%s max=%s\n' "$2" "$3" "$4"
	printf 'ok 2 soak\n'
}
soak_log 1.000 1.000 20.000 90.000 >"$tmp/ctl"
soak_log 1.000 6.000 20.000 90.000 >"$tmp/median"
soak_log 1.000 1.000 50.000 90.000 >"$tmp/p99"
soak_log 1.000 1.000 20.000 300.000 >"$tmp/worst"
soak_log 1.000 1.000 20.000 90.000 >"$tmp/same"
soak_log 6.000 1.000 20.000 90.000 >"$tmp/offlate"
soak_log 1.000 >"$tmp/plain"
verdicts soak "median fail" "p99 fail" "worst fail" "same pass" "offlate pass" "plain fail" "empty fail"
judged "harness: compare-logs.sh soak fails a soak later than its control, judged on the waits with dyn-tick on"

# 4c. Timer lateness side by side: a median that fell back to tick
# granularity (4 ms against the control's 0.3) must fail, a median within
# half a tick of its control passes, the same figures pass, a median of
# 3 samples is not judged (4 ms against 0.4 passes), and a log without
# figures must fail.  cpu_hotplug's wake-ups: a p99 40 ms later than the
# control's (more than 1 tick + 25 ms) fails, and so does a worst one
# 300 ms late where the control's was 24 ms (a stall of the whole
# machine, which the test itself forgives up to 1 s), while a worst one
# 100 ms late passes (within 1 tick + 100 ms of the control's).
# jiffies_load's jiffies late at a window edge: 5 ms against the
# control's 0.2 fails, 1.5 ms passes (half a tick: 2 ms at HZ=250).
# idle_balance's median time to spread: 300 ms against the control's
# 28 fails, 60 ms passes (within 50 ms).
late_log() {
	printf '# dt: kernel 6.12.0, suite=full hz=250 expect=none\r\n'
	printf '# cpu2 HZ=250: median limit 10.0 ms (1 tick + 6 ms), any 29.0 ms, one stall in 10+ 64.0 ms\r\n'
	printf '#    1 ms x20 oversleep ms: min 0.100 median %s max 2.000\r\n' "$1"
	printf '# 1000 ms x3  oversleep ms: min 0.100 median %s max 2.000\r\n' "$2"
	printf 'ok 7 nanosleep_accuracy\r\n'
	printf '# 1839 wake-ups: lateness min 0.206 median 0.582 p99 %s max %s ms; 0 over 1 tick + 25 ms\r\n' "${3:-11.000}" "${4:-24.000}"
	printf 'ok 8 cpu_hotplug\r\n'
	printf '# jiffies late at a window edge: worst %s ms (0.050 ticks)\r\n' "${5:-0.200}"
	printf 'ok 9 jiffies_load\r\n'
	printf '# time to spread: median %s ms, max 300 ms (limit: median 500 ms)\r\n' "${6:-28}"
	printf 'ok 10 idle_balance\r\n'
}
late_log 0.300 0.400 >"$tmp/ctl"
late_log 4.000 0.400 >"$tmp/tick"
late_log 2.300 0.400 >"$tmp/within"
late_log 0.300 0.400 >"$tmp/same"
late_log 0.300 4.000 >"$tmp/few"
late_log 0.300 0.400 51.000 60.000 >"$tmp/p99"
late_log 0.300 0.400 11.000 300.000 >"$tmp/stall"
late_log 0.300 0.400 11.000 100.000 >"$tmp/late"
late_log 0.300 0.400 11.000 24.000 5.000 >"$tmp/edge"
late_log 0.300 0.400 11.000 24.000 1.500 >"$tmp/edgeok"
late_log 0.300 0.400 11.000 24.000 0.200 300 >"$tmp/spread"
late_log 0.300 0.400 11.000 24.000 0.200 60 >"$tmp/spreadok"
verdicts lateness "tick fail" "few pass" "within pass" "same pass" "empty fail" \
	"p99 fail" "stall fail" "late pass" "edge fail" "edgeok pass" \
	"spread fail" "spreadok pass"
judged "harness: compare-logs.sh lateness fails medians later than the control's by half a tick, cpu_hotplug's p99 and worst wake-up, jiffies_load's late jiffies and idle_balance's spread later than the control's"

# 4e. Two boots under -icount (deterministic figures, no margin for TCG):
# an idle figure 0.2 tick/s above the control's fails, one 0.1 above
# passes; a lateness median 20% above the control's fails (0.066 against
# 0.055 ms), one within 10% + 1 us passes (0.061); the same figures pass;
# a boot with the idle figure alone, or with lateness alone, or without
# the guest's HZ (the "# dt:" line the lateness figures need), fails.
icount_log() {
	printf '# dt: kernel 6.12.0, suite=icount hz=250 expect=none\r\n'
	printf '# HZ=250, idle window 60 s, limit tick/s (LOC + IRQ0) < 50.0\r\n'
	[ "$1" = - ] || printf '# cpu0 tick/s=%s (LOC/s %s, IRQ0/s 0.0)\r\n' "$1" "$1"
	printf 'ok 2 tick_idle\r\n'
	[ "$2" = - ] && return 0
	printf '# cpu0 HZ=250: median limit 10.0 ms (1 tick + 6 ms), any 29.0 ms, one stall in 10+ 64.0 ms\r\n'
	printf '#    1 ms x20 oversleep ms: min 0.050 median %s max 0.070\r\n' "$2"
	printf 'ok 3 nanosleep_accuracy\r\n'
}
icount_log 5.4 0.055 >"$tmp/ctl"
icount_log 5.6 0.055 >"$tmp/idle2"
icount_log 5.5 0.055 >"$tmp/idle1"
icount_log 5.4 0.066 >"$tmp/late20"
icount_log 5.4 0.061 >"$tmp/late10"
icount_log 5.4 0.055 >"$tmp/same"
icount_log 5.4 0.055 | grep -v "^# dt:" >"$tmp/nohz"
icount_log 5.4 - >"$tmp/noidle"
icount_log - 0.055 >"$tmp/nolate"
verdicts icount "idle2 fail" "idle1 pass" "late20 fail" "late10 pass" "same pass" \
	"noidle fail" "nolate fail" "nohz fail" "empty fail"
judged "harness: compare-logs.sh icount fails -icount figures over the control's by 0.2 tick/s or 20%, and a boot without both kinds of figure"

# 4d. Same results on two boots (compare-results.sh): a known mark that
# passed on one boot and a plain pass on the other agree, a known mark
# that failed and a pass do not, nor does a test missing on one boot.
t=$(printf '\t')
printf 'a\nb\n' >"$tmp/suite"
same() {
	printf '%s\n' "$@" >"$tmp/cres"
	"$here/compare-results.sh" "$tmp/cres" "$tmp/suite" x y >/dev/null 2>&1
}
bad=0
same "pass${t}x: a" "todo${t}x: b (known defect: why, passed this run)" \
     "pass${t}y: a" "pass${t}y: b" ||
	{ echo "$prog: compare-results.sh: a known mark that passed differs from a pass"; bad=1; }
! same "pass${t}x: a" "todo${t}x: b (known defect: why, failed this run)" \
       "pass${t}y: a" "pass${t}y: b" ||
	{ echo "$prog: compare-results.sh: a known mark that failed equals a pass"; bad=1; }
! same "pass${t}x: a" "pass${t}x: b" "pass${t}y: a" ||
	{ echo "$prog: compare-results.sh: a test missing on one boot passes"; bad=1; }
judged "harness: compare-results.sh tells a known failure from a pass, not a known pass"

# 5. The benchmark report: made-up logs of three runs under -icount
# (compute loop 3% dearer than periodic: missed, and exit status 3; round
# trip equal: met; a wake-up from idle 4204 instructions against
# NO_HZ_IDLE's 3501: missed) and one TCG run (idle sums 3 and 4: within
# noise), a build line needing JSON escapes, and three latency runs side
# by side judged run by run (nanosleep 1 ms 1.05, 0.90 and 1.20 times
# NO_HZ_IDLE's: within noise; POSIX timer 1 ms twice as late in every run:
# missed; nanosleep 10 ms equal: met); then two runs of equal
# figures, which are "insufficient runs", never met, and no TCG run: the
# idle chart is left out, not a gnuplot failure.
w=$tmp/bench && mkdir -p "$w/logs" "$w/bench"
printf '%s\n' 'trees=1:- "quoted\path"	tab' >"$w/bench/builds.txt"
cost() {
	printf 'BENCH scenario=cost_busy_all cpus=1 iterations=1 guest_ns=%s\r\n' "$3"
	printf 'BENCH scenario=cost_pingpong cpus=1 round_trips=1 guest_ns=1 ns_per_trip=9000\r\n'
	printf 'BENCH scenario=cost_wake cpus=1 sleeps=1000 late_ns_median=%s\r\n' "${4:-3500}"
	printf 'BENCH scenario=cost_wake_t2 cpus=1 sleeps=1000 late_ns_median=%s\r\n' "${5:-5000}"
}
for r in 1 2 3; do
	cost periodic "$r" $((1000000000 + r)) >"$w/logs/bench-periodic-cost.r$r.log"
	cost nohz "$r" $((1000000000 + r)) 3501 >"$w/logs/bench-nohz-cost.r$r.log"
	cost dyntick "$r" $((1030000000 + r)) 4204 4900 >"$w/logs/bench-dyntick-cost.r$r.log"
done
# lat NS1 PT1: a latency boot's medians at 1 ms (10 ms: 100 us)
lat() {
	printf 'BENCH scenario=nanosleep req_ms=1 oversleep_median_us=%s samples=200\r\n' "$1"
	printf 'BENCH scenario=nanosleep req_ms=10 oversleep_median_us=100 samples=100\r\n'
	printf 'BENCH scenario=posix_timer req_ms=1 late_median_us=%s samples=200\r\n' "$2"
}
set -- 105 90 120
for r in 1 2 3; do
	lat 100 100 >"$w/logs/bench-nohz-latency.r$r.log"
	lat "$1" 200 >"$w/logs/bench-dyntick-latency.r$r.log"
	shift
done
idle() {
	printf 'BENCH kernel=x hz=250 ncpus=4\r\n'
	for c in 0 1 2 3; do printf 'BENCH scenario=idle cpu=%d loc_per_s=%s\r\n' "$c" "$1"; done
}
idle 1 >"$w/logs/bench-nohz.r1.log"
idle 0.75 >"$w/logs/bench-dyntick.r1.log"
bad=0
rc=0
"$here/bench-report.sh" "$repo" "$w" >"$tmp/rep" 2>&1 || rc=$?
if [ "$rc" = 3 ]; then
	for v in "busy compute cost.*: missed" "pipe round trip cost.*: met" \
		 "wake from idle for a 1 ms .*: missed" \
		 "wake from idle after 2 ticks .*: met" \
		 "idle LOC/s (sum) dyntick <= nohz: within noise" \
		 "nanosleep 1 ms median .*: within noise (.*by run: 1.05 0.90 1.20)" \
		 "nanosleep 10 ms median .*: met" \
		 "POSIX timer 1 ms median .*: missed"; do
		grep -q "^target: $v" "$tmp/rep" ||
			{ echo "$prog: bench-report.sh: no '$v' verdict"; bad=1; }
	done
	python3 -m json.tool "$w/bench/results.json" >/dev/null ||
		{ echo "$prog: bench-report.sh writes invalid JSON"; bad=1; }
else
	echo "$prog: bench-report.sh exited $rc (want 3, a missed target) on made-up logs:"
	sed 's/^/    /' "$tmp/rep"
	bad=1
fi
w=$tmp/bench2 && mkdir -p "$w/logs" "$w/bench"
for r in 1 2; do
	cost periodic "$r" 1000000000 >"$w/logs/bench-periodic-cost.r$r.log"
	cost dyntick "$r" 1000000000 >"$w/logs/bench-dyntick-cost.r$r.log"
done
rc=0
"$here/bench-report.sh" "$repo" "$w" >"$tmp/rep" 2>&1 || rc=$?
if [ "$rc" = 1 ] || ! grep -q "^target: busy compute cost.*: insufficient runs" "$tmp/rep" ||
	! grep -q "no TCG idle figures" "$tmp/rep"; then
	echo "$prog: bench-report.sh on two equal -icount runs and no TCG run: exit $rc, want 'insufficient runs' and no idle chart:"
	sed 's/^/    /' "$tmp/rep"
	bad=1
fi
judged "harness: bench-report.sh gives valid JSON, the verdicts its figures call for and exit 3 on a miss"

# 6. The patch header judge (patch-header.awk): a good header passes, each
# flaw fails it.  hdr FROM SUBJECT SOB SEP...: a made-up patch.
hdr() {
	printf 'From: %s\nSubject: %s\n\nWhy one.\nWhy two.\nWhy three.\n\n' "$1" "$2"
	[ -z "$3" ] || printf 'Signed-off-by: %s\n' "$3"
	shift 3
	printf '%s\n' "$@" ' f | 1 +' '' '--- a/f' '+++ b/f'
}
me='A Developer <a@example.org>'
# header CASE VERDICT: patch-header.awk on $tmp/p must give VERDICT (0 ok)
header() {
	rc=0
	awk -v patch=p -f "$here/patch-header.awk" "$tmp/p" >"$tmp/hdr" 2>&1 || rc=$?
	[ "$rc" = "$2" ] ||
		{ echo "$prog: patch-header.awk gives $rc, not $2, on $1: $(cat "$tmp/hdr")"; bad=1; }
}
bad=0
hdr "$me" "tick: Do it" "$me" --- >"$tmp/p" && header "a good header" 0
hdr "$me" "Do it" "$me" --- >"$tmp/p" && header "a subject without subsys" 1
hdr "$me" "tick: Do it" "" --- >"$tmp/p" && header "no Signed-off-by" 1
hdr "Con Kolivas <kernel@kolivas.org>" "tick: Do it" "$me" --- >"$tmp/p" &&
	header "a 2005 author as From" 1
hdr "$me" "tick: Do it" "$me" --- --- >"$tmp/p" && header "two --- lines" 1
judged "harness: patch-header.awk rejects what it must"

# 7. qemu-test.sh's second tries.  A QEMU that crashes: qemu-run.sh exits
# 3 on its SIGSEGV (1 on a guest that never ends), qemu-test.sh boots
# again once, reports the crash and fails on a second one.  A failed
# comparison: both boots again, the control first, and the second
# comparison is the verdict.  The fake qemu crashes on its first
# $FAKE_CRASHES runs, then prints a clean suite with one idle figure:
# 1 tick/s, for the suite "subj" $FAKE_IDLE1 on its first boot and
# $FAKE_IDLE2 on later ones.
if [ -n "$ksrc" ]; then
	bad=0
	w=$tmp/qt && mkdir -p "$w/build/v/arch/x86/boot" "$w/src"
	: >"$w/build/v/arch/x86/boot/bzImage"
	: >"$w/initramfs.cpio.gz"
	echo 'CONFIG_HZ=250' >"$w/build/v/.config"
	ln -s "$ksrc" "$w/src/pristine"
	printf 'boot crashy v nodebug\n' >"$tmp/boots"
	printf 'boot subj v subj\nboot ctl v ctl\ncompare-idle subj ctl\n' >"$tmp/boots2"
	cat >"$tmp/qemu" <<-EOF
	#!/bin/sh
	[ "\$1" != --version ] || { echo 'QEMU emulator version 0 (fake)'; exit 0; }
	suite=\$(printf '%s\\n' "\$@" | sed -n 's/.*dt[.]suite=\\([a-z]*\\).*/\\1/p')
	echo "\$suite" >>"$tmp/qemu.order"
	n=\$(grep -c "^\$suite\$" "$tmp/qemu.order")
	[ "\$FAKE_CRASHES" != hang ] || exec sleep 30
	[ "\$n" -gt "\${FAKE_CRASHES:-0}" ] || kill -SEGV \$\$
	idle=1
	[ "\$suite" != subj ] || idle=\${FAKE_IDLE2:-1}
	[ "\$suite" != subj ] || [ "\$n" != 1 ] || idle=\${FAKE_IDLE1:-1}
	printf 'KTAP version 1\\n1..2\\n# HZ=250, idle window 20 s\\n# cpu0 tick/s=%s\\n' "\$idle"
	printf 'ok 1 tick_idle\\nok 2 kernel_not_tainted\\n# dyntick-guest: done\\n'
	EOF
	chmod +x "$tmp/qemu"
	# crash CRASHES WANT_RC: qemu-run.sh's exit status must be WANT_RC
	crash() {
		rc=0
		rm -f "$tmp/qemu.order"
		FAKE_CRASHES=$1 QEMU=$tmp/qemu QEMU_KCONFIG=$w/build/v/.config \
			"$here/qemu-run.sh" -t 2 "$w/build/v/arch/x86/boot/bzImage" \
			"$tmp/boots" nodebug "$tmp/qr.log" >"$tmp/qr" 2>&1 || rc=$?
		[ "$rc" = "$2" ] || { echo "$prog: qemu-run.sh exits $rc, not $2, on a qemu with FAKE_CRASHES=$1:"; sed 's/^/    /' "$tmp/qr"; bad=1; }
	}
	crash 1 3
	crash hang 1
	crash 0 0
	# qtest WHAT MATRIX WANT_RC WANT_REPORT [WANT_ORDER]: qemu-test.sh on
	# MATRIX exits WANT_RC, its report has a line WANT_REPORT, and the fake
	# qemu booted the suites in WANT_ORDER
	qtest() {
		rc=0
		rm -f "$tmp/qemu.order" "$w/res"
		QEMU=$tmp/qemu BASE=$(default_base "$repo") \
			"$here/qemu-test.sh" "$w" "$w/res" "$2" >"$tmp/qt.out" 2>&1 || rc=$?
		"$here/tap-summary.sh" report "$w/res" "$w/boots.run" >>"$tmp/qt.out" 2>&1 || true
		order=$(tr '\n' ' ' <"$tmp/qemu.order")
		if [ "$rc" != "$3" ] || ! grep -q "$4" "$tmp/qt.out" ||
		   { [ -n "${5:-}" ] && [ "$order" != "$5" ]; }; then
			echo "$prog: qemu-test.sh with $1: exit $rc (want $3), a line '$4'?, boots '$order' (want '${5:-any}'):"
			sed 's/^/    /' "$tmp/qt.out"
			bad=1
		fi
	}
	FAKE_CRASHES=1 qtest "a qemu that crashes once" "$tmp/boots" 0 '^1 boot(s) run again'
	FAKE_CRASHES=2 qtest "a qemu that crashes twice" "$tmp/boots" 1 '^FAILED: crashy: console clean'
	FAKE_IDLE1=9 qtest "a subject over its control once" "$tmp/boots2" 0 \
		'^PASS  subj: idle' 'subj ctl ctl subj '
	FAKE_IDLE1=9 FAKE_IDLE2=9 qtest "a subject over its control twice" "$tmp/boots2" 1 \
		'^FAILED: subj: idle' 'subj ctl ctl subj '
	qtest "a subject as good as its control" "$tmp/boots2" 0 '^0 skipped' 'subj ctl '
	judged "harness: a QEMU crash is told from a guest failure (qemu-run.sh exit 3) and its boot runs again once; a failed comparison is repeated once, control first; both reported, a second failure fails"
else
	result fail "harness: qemu-test.sh's second tries checked (no kernel tree for check-ktap.sh)"
fi

# check-bisect.sh's record of built prefixes: a three-patch series of a
# fake repository on a fake tree, "make" counted.  First run: three
# builds; again: only the last prefix; patch 2 changed: prefixes 2 and 3.
b=$tmp/bisect
mkdir -p "$b/repo/patches/9.9" "$b/tree" "$b/obj"
printf 'all:\n' >"$b/tree/Makefile"
for n in 1 2 3; do
	printf -- '--- a/f%s\n+++ b/f%s\n@@ -0,0 +1 @@\n+%s\n' "$n" "$n" "$n" \
		>"$b/repo/patches/9.9/000$n.patch"
	echo "9.9/000$n.patch" >>"$b/repo/patches/9.9/series"
done
# shellcheck disable=SC2016 # $1 is the fake make's own argument
printf '#!/bin/sh\n[ "$1" = --version ] || echo x >>%s\n' "$b/made" >"$b/make"
chmod +x "$b/make"
: >"$b/frag"
# bisect_builds: run check-bisect.sh, print how many builds it made
bisect_builds() {
	: >"$b/made"
	BASE=9.9 BISECT_MAKE=$b/make KCONFIG_SH=true BISECT_CACHE=$b/cache RESULTS=- \
		"$here/check-bisect.sh" "$b/tree" "$b/obj" "$b/repo" "$b/frag" \
		>"$b/out" 2>&1 || echo failed
	wc -l <"$b/made" | tr -d ' '
}
bad=0
got="$(bisect_builds) $(bisect_builds)"
(cd "$b/tree" && QUILT_PATCHES=$b/repo/patches QUILT_SERIES=$b/repo/patches/9.9/series \
	quilt --quiltrc - pop -a -q >/dev/null 2>&1) || true
sed -i 's/^+2$/+two/' "$b/repo/patches/9.9/0002.patch"
got="$got $(bisect_builds)"
if [ "$got" != "3 1 2" ]; then
	echo "$prog: check-bisect.sh built $got prefixes in three runs (want 3 1 2); last output:"
	sed 's/^/    /' "$b/out"
	bad=1
fi
judged "harness: check-bisect.sh builds again only the prefixes whose inputs changed, and the whole series"
exit "$failed"
