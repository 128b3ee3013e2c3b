#!/bin/sh
# The idle-tick hooks' cost per call, in instructions: build dyn-tick and
# mainline NO_HZ_IDLE (the patched tree, as nohz-patched: the same
# haltpoll cpuidle driver under TCG) with the function graph tracer
# (variants dyntick-trace and nohz-trace), boot each HOOK_RUNS times
# (default 3) under -icount (qemu-run.sh -i: one ns of guest time per
# instruction, one CPU) with the menu governor and suite bench-hooks
# (tests/guest/hook_cost: sleeps of 1 ms, where the governor keeps the
# tick, and of 8 ms, where it stops it), and write a table per sleep
# length to WORKDIR/bench/hooks.md.
#
# usage: hook-cost.sh REPO WORKDIR
# Exit 0 if every build and boot succeeded and every hook of the table
# was measured.
set -eu

prog=hook-cost
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 1; }
[ $# -eq 2 ] || { echo "usage: $0 REPO WORKDIR" >&2; exit 2; }
repo=$(cd "$1" && pwd) || die "REPO $1 is not a directory"
work=$2
runs=${HOOK_RUNS:-3}
case $runs in
'' | *[!0-9]* | 0) die "HOOK_RUNS=$runs: want a positive integer" ;;
esac
initrd=$work/initramfs.cpio.gz
mkdir -p "$work/logs" "$work/bench"

"$here/tree.sh" "$repo" "$work" series all ||
	die "tree.sh series all failed (patch series does not apply?)"
for v in dyntick-trace nohz-trace; do
	"$here/build-kernel.sh" "$repo" "$work" "$v" ||
		die "build of variant $v failed (see $work/logs/build-$v.log)"
done
"$here/mkinitramfs.sh" "$initrd" "$work/src/pristine" || die "mkinitramfs.sh failed"

r=1
while [ "$r" -le "$runs" ]; do
	for v in dyntick-trace nohz-trace; do
		log=$work/logs/hooks-$v.r$r.log
		"$here/qemu-run.sh" -i -t 300 -a "cpuidle.governor=menu" \
			"$work/build/$v/arch/x86/boot/bzImage" \
			"$initrd" bench-hooks "$log" || die "boot failed; log $log"
	done
	r=$((r + 1))
done

# The report: scripts/hook-cost.awk, over the BENCH lines of every log.
out=$work/bench/hooks.md
for v in dyntick-trace nohz-trace; do
	for f in "$work/logs/hooks-$v".r*.log; do
		tr -d '\r' <"$f" | sed -n \
			-e "s/^BENCH hook=\([^ ]*\) calls=\([0-9]*\) median_ns=\([0-9]*\) .* sleep_ms=\([0-9]*\).*/$v \1 \2 \3 \4/p" \
			-e "s/^# \([0-9]*\) sleeps of \([0-9]*\) ms.*/$v wakeups \1 \2/p"
	done
done | awk -v runs="$runs" -v commit="$(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown)" \
	-f "$here/stats.awk" -f "$here/hook-cost.awk" >"$out.tmp" ||
	die "some hooks were not measured (logs $work/logs/hooks-*.log)"
mv "$out.tmp" "$out"
cat "$out"
