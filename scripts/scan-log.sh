#!/bin/sh
# Scan a guest console log for kernel splats, for signs of lost or broken
# time (clocksource watchdog, APIC errors, stray vectors, a tick stopped
# with softirq work pending, a throttled tick device), for CPUs that
# did not come up, and for a guest that never finished its tests.  The
# guest's own kernel_not_tainted test catches taints this list misses.
#
# usage: scan-log.sh [-n] LOG
#   -n  the log is not from a KTAP suite: do not require the runner's final
#       "# dyntick-guest: done" line.
# Exit 0 if the log is clean, 1 with the offending lines (LOG:LINE: text)
# and a one-line cause per kind of problem, 2 on a usage error.
set -eu

prog=scan-log
need_done=1
if [ "${1:-}" = -n ]; then
	need_done=0
	shift
fi
[ $# -eq 1 ] || { echo "usage: $0 [-n] LOG" >&2; exit 2; }
log=$1
if [ ! -f "$log" ] || [ ! -r "$log" ]; then
	echo "$prog: cannot read console log $log" >&2
	exit 2
fi

# At most this many lines are shown per kind of problem.
max=${SCAN_MAX_LINES:-10}

# Each entry: extended regexp <TAB> cause.  Word boundaries are spelled
# out so that e.g. "DEBUG:" does not count as "BUG:".  The HPET's
# min_delta_ns is raised by design when an event programmed too close is
# missed (in every tick mode under TCG, at boot): only the other tick
# devices' count.  "Could not switch to high resolution mode" and
# "Clockevents: could not switch to one-shot mode" are not listed: every
# CPU with a dummy tick device prints them (nolapic_timer), mainline too.
# Nor is "hrtimer: interrupt took": under TCG a vCPU descheduled inside
# hrtimer_interrupt() takes milliseconds of host time (8.0 and 15.9 ms
# seen in the debug kernel's highres boots, with no other guest running).
patterns='Kernel panic	kernel panic: the guest kernel died
(^|[^A-Za-z_])WARNING:	kernel WARNING (WARN_ON or similar splat)
(^|[^A-Za-z_])BUG:	kernel BUG report
kernel BUG at	kernel BUG() hit
(^|[^A-Za-z_])Oops:	kernel oops
general protection fault	general protection fault in the guest
UBSAN:	undefined behaviour reported by UBSAN
ODEBUG:	debugobjects found a misused object (e.g. a timer)
possible recursive locking	lockdep: possible recursive locking
possible circular locking	lockdep: possible circular locking dependency
inconsistent lock state	lockdep: inconsistent lock state
INFO: lockdep	lockdep report
DEADLOCK	lockdep: possible deadlock scenario
self-detected stall	RCU CPU stall (any RCU flavour)
detected (expedited )?stalls on CPUs	RCU CPU stall (any RCU flavour)
RCU Stall	RCU CPU stall
rcu_.* kthread starved	RCU grace-period kthread starved
Marking clocksource .* as unstable	clocksource watchdog: a clocksource lost or gained time
Marking TSC unstable due to clocksource watchdog	the clocksource watchdog declared the TSC unstable
APIC error on CPU	local APIC error interrupt
No irq handler for vector	an interrupt arrived on a vector with no handler
Spurious LAPIC timer interrupt	spurious local APIC timer interrupt
failed to report alive state	a secondary CPU failed to come up
do_boot_cpu failed	a secondary CPU failed to boot
CPU[0-9]+: Not responding	a secondary CPU failed to boot
failed to come online	a secondary CPU failed to come online
soft lockup	soft lockup (CPU stuck in kernel)
hard LOCKUP	hard lockup (CPU stuck with interrupts off)
hung_task	hung task detector fired
blocked for more than	hung task: a task blocked for too long
NOHZ tick-stop error	the tick stopped with softirq work pending
CE: (lapic|lapic-deadline|pit) increased min_delta_ns	a clock event device was programmed too close and throttled
Call Trace:	a stack trace was printed (some splat above it)'

tab=$(printf '\t')
failed=0
# A line may match several patterns; each pattern reports the lines it
# matched, so every kind of splat is named.
while IFS="$tab" read -r re cause; do
	hits=$(tr -d '\r' <"$log" | grep -nE -- "$re" || true)
	[ -n "$hits" ] || continue
	n=$(printf '%s\n' "$hits" | wc -l)
	failed=$((failed + 1))
	echo "$prog: $log: $cause ($n line(s) matching '$re'):"
	printf '%s\n' "$hits" | head -n "$max" | sed "s|^|  $log:|"
	[ "$n" -le "$max" ] || echo "  ... $((n - max)) more"
done <<EOF
$patterns
EOF

if [ "$need_done" = 1 ] && ! grep -q '# dyntick-guest: done' "$log"; then
	failed=$((failed + 1))
	lines=$(wc -l <"$log")
	echo "$prog: $log: no '# dyntick-guest: done' line: the guest died or hung before the test runner finished; last lines ($lines in all):"
	tail -n 5 "$log" | tr -d '\r' | sed "s|^|  $log: |"
fi

if [ "$failed" -ne 0 ]; then
	echo "$prog: $log: FAILED ($failed kind(s) of problem)"
	exit 1
fi
echo "$prog: $log: clean"
