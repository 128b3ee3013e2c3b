#!/bin/sh
# The benchmark's boots: build the periodic, nohz, dyntick-base, dyntick
# (lowres only) and dyntick-hres kernels and boot each row of tests/bench-rows
# in QEMU, three ways:
#   lapic  the "bench" suite (tests/guest/bench_probe), -smp 4, TCG
#   pit    the "bench-pit" suite on the PIT ("nolapic_timer hpet=disable")
#   cost   the "bench-cost" suite (tests/guest/cost_probe) under -icount
#          (qemu-run.sh -i): busy-path costs in instructions.  One CPU:
#          QEMU 7.2 does not bring up secondary CPUs under -icount with a
#          fixed shift.  No cpuidle driver, so idle is a plain halt.
#   menu   the same under the menu governor with the haltpoll driver (a
#          poll and a halt state), rows nohz and dyntick: the governed idle
#          path, where both tick modes stop the tick for long sleeps.
#          Under TCG that driver loads only with patch 23
#          (cpuidle_haltpoll.force=1 on any hypervisor), so the nohz row
#          boots the patched tree (nohz-patched: mainline's NO_HZ_IDLE, the
#          same driver).  A periodic kernel has no menu governor.
#   latency  the "bench-latency" suite (tests/guest/latency_probe), TCG,
#          -smp 4: timer lateness; the rows nohz and dyntick boot side by
#          side, at the same time, so that both see the same host load;
#          nohz as nohz-patched, for the same cpuidle driver (see menu)
# Rows "periodic", "nohz" and "dyntick" have high resolution timers, the
# "-lowres" rows and dyntick-base do not (highres=off on the same hres
# kernels, or a lowres-only kernel): see tests/bench-rows.  Logs:
# WORKDIR/logs/bench-LABEL[-KIND].rRUN.log (no -KIND for lapic); the build
# times go to WORKDIR/bench/builds.txt.
# scripts/bench-report.sh turns them into the report.
#
# usage: bench-run.sh REPO WORKDIR
# Environment:
#   BENCH_RUNS=3       lapic, pit and latency boots per row (~2.5, ~1
#                      and ~1.5 min in TCG; fewer than 3 never meet a
#                      target, bench-report.awk)
#   BENCH_COST_RUNS=5  cost and menu boots per row (~17 s each)
#   BENCH_ONLY="cost menu latency lapic pit"  the kinds of boot to run (the others'
#                      logs of an earlier run are kept)
#   QEMU_ACCEL=tcg     passed on to qemu-run.sh for the lapic and pit boots
# Exit 0 if every build and boot succeeded.
set -eu

prog=bench-run
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 1; }
[ $# -eq 2 ] || { echo "usage: $0 REPO WORKDIR" >&2; exit 2; }
repo=$(cd "$1" && pwd) || die "REPO $1 is not a directory"
work=$2
runs=${BENCH_RUNS:-3}
cost_runs=${BENCH_COST_RUNS:-5}
only=${BENCH_ONLY:-cost menu latency lapic pit}
for t in $only; do
	case $t in
	cost | menu | latency | lapic | pit) ;;
	*) die "BENCH_ONLY=$only: want some of cost, menu, latency, lapic, pit" ;;
	esac
done
wants() { case " $only " in *" $1 "*) return 0 ;; esac; return 1; }
for n in "$runs" "$cost_runs"; do
	case $n in
	'' | *[!0-9]* | 0) die "BENCH_RUNS=$runs BENCH_COST_RUNS=$cost_runs: want positive integers" ;;
	esac
done
# tests/bench-rows: LABEL KERNEL_VARIANT [EXTRA COMMAND LINE]
matrix=$repo/tests/bench-rows
[ -r "$matrix" ] || die "$matrix missing"
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
rows() { data_lines "$matrix"; }
variants=$(rows | awk '{ print $1 }' | tr '\n' ' ')
[ -n "$variants" ] || die "$matrix lists no rows"
kernel_of() { rows | awk -v l="$1" '$1 == l { print $2 }'; }
append_of() { rows | awk -v l="$1" '$1 == l { $1 = $2 = ""; sub(/^ +/, ""); print }'; }
# the rows of the menu and latency boots: the targets' subject and controls
menu_rows="nohz dyntick"
latency_rows="nohz dyntick"
for v in $menu_rows $latency_rows; do
	case " $variants " in
	*" $v "*) ;;
	*) die "$matrix has no row $v (the menu and latency boots need it)" ;;
	esac
done
# kernel_for LABEL KIND: the kernel variant a boot of that kind runs
kernel_for() {
	case $2:$1 in
	menu:nohz | latency:nohz) echo "$(kernel_of "$1")-patched" ;;
	*) kernel_of "$1" ;;
	esac
}
kernels=$({
	rows | awk '{ print $2 }'
	! wants menu || for v in $menu_rows; do kernel_for "$v" menu; done
	! wants latency || for v in $latency_rows; do kernel_for "$v" latency; done
} | sort -u | tr '\n' ' ')
logs=$work/logs
out=$work/bench
initrd=$work/initramfs.cpio.gz
mkdir -p "$logs" "$out"

# the commit the boots run (guest programs and suites), for the report
commit=$(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown)

# --- builds -----------------------------------------------------------
builds=""
t0=$(date +%s)
"$here/tree.sh" "$repo" "$work" series all ||
	die "tree.sh series all failed (patch series does not apply?)"
"$here/tree.sh" "$repo" "$work" bisect all ||
	die "tree.sh bisect all failed (patch series does not apply?)"
"$here/tree.sh" "$repo" "$work" base base ||
	die "tree.sh base base failed (patch series does not apply?)"
builds="trees=$(($(date +%s) - t0)):-"
for v in $kernels; do
	bz=$work/build/$v/arch/x86/boot/bzImage
	kind=cold
	[ -f "$bz" ] && kind=warm
	t0=$(date +%s)
	"$here/build-kernel.sh" "$repo" "$work" "$v" ||
		die "build of variant $v failed (see $logs/build-$v.log)"
	builds="$builds $v=$(($(date +%s) - t0)):$kind"
done
echo "$prog: builds (warm/cold, wall s): $builds"
echo "$builds" >"$out/builds.txt"
"$here/mkinitramfs.sh" "$initrd" "$work/src/pristine" || die "mkinitramfs.sh failed"

# --- boots ------------------------------------------------------------
# boot LABEL KIND RUN: one boot, log WORKDIR/logs/bench-LABEL[-KIND].rRUN.log
boot() {
	bz=$work/build/$(kernel_for "$1" "$2")/arch/x86/boot/bzImage
	[ -r "$bz" ] || die "no kernel image $bz"
	extra=$(append_of "$1")
	accel=${QEMU_ACCEL:-tcg}
	idle=''	# cost_probe's line naming the idle path the boot must take
	case $2 in
	lapic) log=$logs/bench-$1.r$3.log
		set -- -t 600 -a "$extra" "$bz" "$initrd" bench "$log" ;;
	pit) log=$logs/bench-$1-pit.r$3.log
		set -- -t 600 -a "nolapic_timer hpet=disable $extra" "$bz" "$initrd" bench-pit "$log" ;;
	cost) log=$logs/bench-$1-cost.r$3.log
		accel=tcg	# instruction counting is TCG's
		idle="# cpuidle driver '', governor ''"
		set -- -i -t 300 -a "cpuidle.off=1 $extra" "$bz" "$initrd" bench-cost "$log" ;;
	menu) log=$logs/bench-$1-menu.r$3.log
		accel=tcg
		idle="# cpuidle driver 'haltpoll', governor 'menu'"
		set -- -i -t 300 -a "cpuidle.governor=menu $extra" "$bz" "$initrd" bench-cost "$log" ;;
	latency) log=$logs/bench-$1-latency.r$3.log
		set -- -t 600 -a "$extra" "$bz" "$initrd" bench-latency "$log" ;;
	esac
	QEMU_ACCEL=$accel "$here/qemu-run.sh" "$@" || die "boot failed; log $log"
	tr -d '\r' <"$log" | grep -q '^BENCH scenario=' || die "no BENCH lines in $log"
	[ -z "$idle" ] || tr -d '\r' <"$log" | grep -qxF "$idle" ||
		die "$log: no line \"$idle\": the boot did not take the idle path it is to measure"
}

# runs of an earlier invocation must not mix into this one
for v in $variants; do
	! wants lapic || rm -f "$logs/bench-$v".r*.log
	! wants pit || rm -f "$logs/bench-$v"-pit.r*.log
	for t in cost menu latency; do
		! wants $t || rm -f "$logs/bench-$v-$t".r*.log
	done
done
# latency_run RUN: the latency rows at once, each its own QEMU
latency_run() {
	pids=''
	for v in $latency_rows; do
		boot "$v" latency "$1" &
		pids="$pids $!"
	done
	for p in $pids; do
		wait "$p" || die "a latency boot of run $1 failed (logs $logs/bench-*-latency.r$1.log)"
	done
}
# runs_of KIND ROWS: $cost_runs runs of boots of that kind, each row in turn
runs_of() {
	r=1
	while wants "$1" && [ "$r" -le "$cost_runs" ]; do
		for v in $2; do
			boot "$v" "$1" "$r"
		done
		r=$((r + 1))
	done
}
started=$(date -u '+%Y-%m-%dT%H:%M:%SZ')
runs_of cost "$variants"
runs_of menu "$menu_rows"
r=1
while [ "$r" -le "$runs" ]; do
	! wants latency || latency_run "$r"
	for v in $variants; do
		! wants lapic || boot "$v" lapic "$r"
		! wants pit || boot "$v" pit "$r"
	done
	r=$((r + 1))
done
# what the report's header says of these boots
for t in $only; do
	echo "$t boots at repo commit $commit, $started to $(date -u '+%Y-%m-%dT%H:%M:%SZ')" >"$out/boots-$t.txt"
done
echo "$prog: boots ($only): $runs lapic/pit/latency and $cost_runs cost/menu runs of: $variants"
