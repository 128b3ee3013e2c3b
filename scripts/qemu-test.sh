#!/bin/sh
# The guest test suite: boot the test kernels in QEMU (-smp 4), run the
# guest suites and record every KTAP result in RESULTS.
#
#   full              dyntick-debug: every dyn-tick test + kernel timer selftests
#   off               dyntick-debug with dyntick=off: ticks are periodic again
#   periodic-control  dyntick-debug with dyntick=off: the idle test must FAIL
#                     there (it can fail: negative control)
#   base              series pushed to the end of Con's base: all-idle skipping
#                     works, per-CPU independence must FAIL (negative control)
#   periodic          pristine 6.1 HZ_PERIODIC: the kernel's timer selftests,
#                     whose results must equal those of the "full" boot
#   pit               dyntick-debug with "nolapic_timer hpet=disable": the PIT
#                     on IRQ0 is every CPU's tick (broadcast back-end, IRQ0
#                     chip variant, PIT stopped while all CPUs sleep)
#
# usage: qemu-test.sh WORKDIR RESULTS
set -eu

work=$1 results=$2
here=$(dirname "$0")
initrd=$work/initramfs.cpio.gz
bz() { echo "$work/build/$1/arch/x86/boot/bzImage"; }
export RESULTS="$results"
status=0

# boot NAME VARIANT SUITE [APPEND]
boot() {
	log=$work/logs/guest-$1.log
	mkdir -p "$work/logs"
	echo "qemu-test: $1: $2 kernel, suite $3${4:+, append \"$4\"}"
	if "$here/qemu-run.sh" -t 1200 -a "${4:-}" "$(bz "$2")" "$initrd" "$3" "$log"; then
		"$here/tap-summary.sh" add "$results" pass "$1: console clean (no panic/WARN/BUG/lockdep/stall)"
	else
		"$here/tap-summary.sh" add "$results" fail "$1: console clean (no panic/WARN/BUG/lockdep/stall)"
		status=1
	fi
	cp "$log" "$work/logs/$1" 2>/dev/null || true
	"$here/tap-summary.sh" parse "$results" "$work/logs/$1" || status=1
}

boot full dyntick-debug full
boot off dyntick-debug off "dyntick=off"
boot periodic-control dyntick-debug periodic-control \
	"dyntick=off dt.expect=loc_idle:fail:periodic_ticks_with_dyntick=off"
boot pit dyntick-debug pit "nolapic_timer hpet=disable"
boot base dyntick-base base \
	"dt.expect=loc_partial:fail:Con_base_skips_only_when_all_CPUs_idle"
boot periodic periodic ktimers
"$here/compare-results.sh" "$results" "$here/../initramfs/suites/ktimers" \
	full periodic || status=1
exit $status
