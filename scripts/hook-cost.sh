#!/bin/sh
# The idle-tick hooks' cost per call, in instructions: build dyn-tick and
# mainline NO_HZ_IDLE (the patched tree, as nohz-patched: the same
# haltpoll cpuidle driver under TCG) with the function graph tracer
# (variants dyntick-trace and nohz-trace), boot each HOOK_RUNS times
# (default 3) under -icount (qemu-run.sh -i: one ns of guest time per
# instruction, one CPU) with the menu governor and suite bench-hooks
# (tests/guest/hook_cost), and write the table to WORKDIR/bench/hooks.md.
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

# Per kernel and hook: the median over runs of each run's median (and
# min..max) and the calls per run.  Each hook's net cost is that minus the
# tracer's own entry and exit, the median of the kernel's tick-stopped
# query (a one-line function).  The table: one row per path, dyn-tick's
# hooks against NO_HZ_IDLE's, then all hooks per wake-up.
out=$work/bench/hooks.md
for v in dyntick-trace nohz-trace; do
	for f in "$work/logs/hooks-$v".r*.log; do
		tr -d '\r' <"$f" | sed -n \
			-e "s/^BENCH hook=\([^ ]*\) calls=\([0-9]*\) median_ns=\([0-9]*\) .*/$v \1 \2 \3/p" \
			-e "s/^# \([0-9]*\) sleeps of \([0-9]*\) ms.*/$v wakeups \1 \2/p"
	done
done | awk -v runs="$runs" -v commit="$(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown)" '
$2 == "wakeups" { wakeups = $3; sleep_ms = $4; next }
{ k = $1 SUBSEP $2; vals[k] = vals[k] " " $4; calls[k] += $3; nrun[k]++ }
function med(k,   n, i, j, t, a) {
	n = split(vals[k], a, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	lo[k] = a[1]; hi[k] = a[n]
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
# the hooks of one path on kernel v, "+"-joined; sets net (sum, overhead
# taken out) and per (net instructions per wake-up)
function cell(v, list,   n, i, h, k, m, txt) {
	n = split(list, h, "+"); net = 0; per = 0; txt = ""
	for (i = 1; i <= n; i++) {
		k = v SUBSEP h[i]
		if (!(k in vals)) { missing = missing " " v ":" h[i]; continue }
		m = med(k)
		net += m - ov[v]
		per += (m - ov[v]) * calls[k] / nrun[k] / wakeups
		txt = txt (txt == "" ? "" : " + ") sprintf("`%s` %d [%d..%d] x%d", h[i], m, lo[k], hi[k], calls[k] / nrun[k])
	}
	return txt
}
function row(what, d, n,   a, b, da, db, pa, pb) {
	a = d == "" ? "-" : cell("dyntick-trace", d); da = d == "" ? 0 : net; pa = d == "" ? 0 : per
	b = n == "" ? "-" : cell("nohz-trace", n); db = n == "" ? 0 : net; pb = n == "" ? 0 : per
	printf "| %s | %s | %d | %s | %d | %+d |\n", what, a, da, b, db, da - db
	tot["d"] += pa; tot["n"] += pb
}
END {
	ov["dyntick-trace"] = med("dyntick-trace" SUBSEP "dyn_tick_tick_stopped")
	ov["nohz-trace"] = med("nohz-trace" SUBSEP "tick_nohz_tick_stopped")
	printf "Idle-tick hooks, instructions per call (guest ns under `-icount shift=0`, one CPU, %d sleeps of %d ms per run): each run'"'"'s median, then the median over %d runs [min..max] and the calls per run (x). Net: minus the function graph tracer'"'"'s own entry and exit, measured as the median of each kernel'"'"'s one-line tick-stopped query (%d and %d). Repo commit %s.\n\n", wakeups, sleep_ms, runs, ov["dyntick-trace"], ov["nohz-trace"], commit
	print "| path | dyn-tick hooks | net | NO_HZ_IDLE hooks | net | dyn-tick - NO_HZ_IDLE |"
	print "|---|---|---:|---|---:|---:|"
	row("idle entry: the skip decision, stop the tick", "dyn_tick_reprogram_timer", "tick_nohz_idle_enter+tick_nohz_idle_stop_tick")
	row("sleep length for the idle governor", "dyn_tick_get_sleep_length", "tick_nohz_get_sleep_length")
	row("interrupt entry: jiffies catch-up", "tick_irq_enter", "tick_irq_enter")
	row("interrupt exit", "", "tick_nohz_irq_exit")
	row("idle exit: restart the tick", "dyn_tick_idle_exit", "tick_nohz_idle_exit")
	row("the governor: did the tick wake us", "dyn_tick_idle_got_tick", "tick_nohz_idle_got_tick")
	printf "| all of the above, per wake-up (net x calls / sleeps) | | %d | | %d | %+d |\n", tot["d"], tot["n"], tot["d"] - tot["n"]
	if (missing != "") {
		print "not measured:" missing > "/dev/stderr"
		exit 1
	}
}' >"$out.tmp" || die "some hooks were not measured (logs $work/logs/hooks-*.log)"
mv "$out.tmp" "$out"
cat "$out"
