#!/bin/sh
# Benchmark the tick modes: build the periodic, nohz, dyntick-base,
# dyntick (lowres only) and dyntick-hres kernels, boot each row of $rows
# below in QEMU with the "bench" suite (tests/guest/bench_probe) once with
# the LAPIC timer and once on the PIT ("nolapic_timer hpet=disable").
# Rows "periodic", "nohz" and "dyntick" have high resolution timers, the
# "-lowres" rows and dyntick-base do not (highres=off on the same hres
# kernels, or a lowres-only kernel).  Then collect the BENCH lines into WORKDIR/bench/results.json
# and results.md, print a table (metrics x variants, with each dyn-tick
# figure's ratio to nohz), draw WORKDIR/bench/loc.png if gnuplot is there,
# and report the targets as "target: NAME: met|missed (MEASURED)".
#
# usage: bench.sh REPO WORKDIR
# Environment:
#   BENCH_RUNS=1     boots per variant and topology; figures are medians
#                    over the runs, with min..max when there are several.
#                    One run is 4 boots of ~2.5 min and 4 PIT boots of
#                    ~1 min in TCG.
#   BENCH_REUSE=1    build and boot nothing: parse the existing
#                    WORKDIR/logs/bench-*.log
#   QEMU_ACCEL=tcg   passed on to qemu-run.sh
# Exit 0 whether targets are met or not; 1 if a build or a boot failed.
set -eu

prog=bench
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "$prog: $*" >&2; exit 1; }
[ $# -eq 2 ] || { echo "usage: $0 REPO WORKDIR" >&2; exit 2; }
repo=$(cd "$1" && pwd) || die "REPO $1 is not a directory"
work=$2
runs=${BENCH_RUNS:-1}
reuse=${BENCH_REUSE:-0}
accel=${QEMU_ACCEL:-tcg}
export QEMU_ACCEL="$accel"
case $runs in
'' | *[!0-9]* | 0) die "BENCH_RUNS=$runs: must be a positive integer" ;;
esac
# LABEL=KERNEL_VARIANT[:EXTRA_COMMAND_LINE]; the report shows LABELs
rows="periodic=periodic periodic-lowres=periodic:highres=off nohz=nohz
nohz-lowres=nohz:highres=off dyntick-base=dyntick-base dyntick=dyntick-hres
dyntick-lowres=dyntick"
variants=$(for r in $rows; do echo "${r%%=*}"; done | tr '\n' ' ')
kernels=$(for r in $rows; do k=${r#*=}; echo "${k%%:*}"; done | sort -u | tr '\n' ' ')
# kernel_of LABEL, append_of LABEL
kernel_of() {
	for r in $rows; do
		[ "${r%%=*}" != "$1" ] || { k=${r#*=}; echo "${k%%:*}"; }
	done
}
append_of() {
	for r in $rows; do
		[ "${r%%=*}" != "$1" ] || { k=${r#*=}; case $k in *:*) echo "${k#*:}" ;; esac; }
	done
}
logs=$work/logs
out=$work/bench
initrd=$work/initramfs.cpio.gz
mkdir -p "$logs" "$out"

# --- builds -----------------------------------------------------------
builds=""
if [ "$reuse" != 1 ]; then
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
	if [ ! -f "$initrd" ]; then
		"$here/mkinitramfs.sh" "$initrd" "$work/src/pristine" ||
			die "mkinitramfs.sh failed"
	fi
fi

# --- boots ------------------------------------------------------------
# log name of run R of variant V, topology T (lapic|pit)
logname() {
	sfx=
	[ "$3" = pit ] && sfx=-pit
	if [ "$1" -eq 1 ]; then
		echo "$logs/bench-$2$sfx.log"
	else
		echo "$logs/bench-$2$sfx.r$1.log"
	fi
}

if [ "$reuse" != 1 ]; then
	[ -r "$initrd" ] || die "initramfs $initrd missing"
	# extra runs of an earlier invocation must not mix into this one
	for v in $variants; do
		rm -f "$logs/bench-$v".r*.log "$logs/bench-$v-pit".r*.log
	done
	r=1
	while [ "$r" -le "$runs" ]; do
		for v in $variants; do
			bz=$work/build/$(kernel_of "$v")/arch/x86/boot/bzImage
			[ -r "$bz" ] || die "no kernel image $bz"
			extra=$(append_of "$v")
			for t in lapic pit; do
				log=$(logname "$r" "$v" "$t")
				if [ "$t" = pit ]; then
					"$here/qemu-run.sh" -t 600 \
						-a "nolapic_timer hpet=disable${extra:+ $extra}" \
						"$bz" "$initrd" bench-pit "$log" ||
						die "boot of $v ($t, run $r) failed; log $log"
				else
					"$here/qemu-run.sh" -t 600 ${extra:+-a "$extra"} \
						"$bz" "$initrd" bench "$log" ||
						die "boot of $v ($t, run $r) failed; log $log"
				fi
				tr -d '\r' <"$log" | grep -q '^BENCH scenario=' ||
					die "boot of $v ($t, run $r): no BENCH lines in $log"
			done
		done
		r=$((r + 1))
	done
fi

# --- parse: one "VARIANT TOPO KEY VALUE" line per figure per run -------
data=$out/data.txt
: >"$data"
found=0
for v in $variants; do
	for t in lapic pit; do
		sfx=
		[ "$t" = pit ] && sfx=-pit
		for log in "$logs/bench-$v$sfx.log" "$logs/bench-$v$sfx".r*.log; do
			[ -f "$log" ] || continue
			found=$((found + 1))
			tr -d '\r' <"$log" | awk -v v="$v" -v t="$t" '
			/^# dt: init-uptime / { print v, t, "boot.init_uptime_s", $4 }
			/^BENCH / {
				scen = ""; sub_ = ""; m = 0
				for (i = 2; i <= NF; i++) {
					eq = index($i, "=")
					if (!eq)
						continue
					k = substr($i, 1, eq - 1)
					val = substr($i, eq + 1)
					if (k == "scenario") scen = val
					else if (k == "cpu") sub_ = ".cpu" val
					else if (k == "req_ms") sub_ = ".req" val
					else { mk[++m] = k; mv[m] = val }
				}
				if (scen == "") scen = "bench"
				for (i = 1; i <= m; i++)
					if (mv[i] ~ /^-?[0-9.]+$/)
						print v, t, scen sub_ "." mk[i], mv[i]
			}' >>"$data"
		done
	done
done
[ "$found" -gt 0 ] || die "no bench logs in $logs (bench-VARIANT.log)"

# --- header -----------------------------------------------------------
date=$(date -u '+%Y-%m-%dT%H:%M:%SZ')
arch=$(uname -m)
ncpu=$(nproc)
model=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -n 1)
memgib=$(awk '/^MemTotal:/ { printf "%.0f", $2 / 1048576 }' /proc/meminfo)
qemuver=$(qemu-system-x86_64 --version 2>/dev/null | head -n 1)
kver=$(cat "$work/src/pristine/.dyntick-version" 2>/dev/null || echo unknown)
commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ "$commit" != unknown ] &&
	[ -n "$(git -C "$repo" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
	commit=$commit-dirty
fi

# --- report -----------------------------------------------------------
awk -v variants="$variants" -v date="$date" -v arch="$arch" \
	-v ncpu="$ncpu" -v model="$model" -v memgib="$memgib" \
	-v qemuver="$qemuver" -v accel="$accel" -v kver="$kver" -v commit="$commit" \
	-v runs="$runs" -v reuse="$reuse" -v builds="$builds" \
	-v json="$out/results.json" -v md="$out/results.md" \
	-v plot="$out/loc.dat" '
function median(k,    n, i, j, a, x) {
	n = cnt[k]
	for (i = 1; i <= n; i++)
		a[i] = vals[k, i] + 0
	for (i = 2; i <= n; i++) {
		x = a[i]
		for (j = i - 1; j >= 1 && a[j] > x; j--)
			a[j + 1] = a[j]
		a[j + 1] = x
	}
	if (n % 2)
		return a[(n + 1) / 2]
	return (a[n / 2] + a[n / 2 + 1]) / 2
}
# the median over runs, or the value of run RUN when RUN > 0
function get(v, t, key,    k) {
	k = v SUBSEP t SUBSEP key
	if (!(k in cnt))
		return ""
	if (RUN > 0)
		return (RUN <= cnt[k]) ? vals[k, RUN] : ""
	return median(k)
}
# med|max|sum of SCEN.cpuN.loc_per_s for N in FROM..TO
function cpus(v, t, scen, from, to, op,    i, x, n, a, r, j, y) {
	n = 0
	for (i = from; i <= to; i++) {
		x = get(v, t, scen ".cpu" i ".loc_per_s")
		if (x != "")
			a[++n] = x + 0
	}
	if (n == 0)
		return ""
	if (op == "sum" || op == "max") {
		r = (op == "sum") ? 0 : a[1]
		for (i = 1; i <= n; i++)
			r = (op == "sum") ? r + a[i] : (a[i] > r ? a[i] : r)
		return r
	}
	for (i = 2; i <= n; i++) {
		y = a[i]
		for (j = i - 1; j >= 1 && a[j] > y; j--)
			a[j + 1] = a[j]
		a[j + 1] = y
	}
	return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function ratio(a, b) {
	return (a == "" || b == "" || b + 0 == 0) ? "" : a / b
}
function f(x) { return x == "" ? "-" : sprintf("%.2f", x) }
function fr(x) { return x == "" ? "-" : sprintf("%.3fx", x) }
function j(x) { return x == "" ? "null" : sprintf("%.6g", x) }
function jstr(s) { gsub(/["\\]/, "", s); return "\"" s "\"" }
# one metric row: ID, LABEL; values from the calc() dispatcher
# the value of each variant is the median over the runs of the figure
# computed run by run; rmin/rmax keep the spread
function row(id, label,    i, v, n, a, x, lo, hi) {
	nr++
	rid[nr] = id
	rlab[nr] = label
	for (i = 1; i <= nv; i++) {
		v = vs[i]
		rv[nr, v] = calc(id, v)
		n = 0
		for (RUN = 1; RUN <= nruns; RUN++) {
			x = calc(id, v)
			if (x != "")
				a[++n] = x + 0
		}
		RUN = 0
		rmin[nr, v] = rmax[nr, v] = ""
		if (n > 1) {
			lo = hi = a[1]
			for (x = 2; x <= n; x++) {
				lo = a[x] < lo ? a[x] : lo
				hi = a[x] > hi ? a[x] : hi
			}
			rmin[nr, v] = lo
			rmax[nr, v] = hi
		}
	}
}
function spread(r, v) {
	return rmin[r, v] == "" ? "-" : sprintf("%.2f..%.2f", rmin[r, v], rmax[r, v])
}
function calc(id, v,    p, c) {
	if (id == "idle_med") return cpus(v, "lapic", "idle", 0, ncpus - 1, "med")
	if (id == "idle_max") return cpus(v, "lapic", "idle", 0, ncpus - 1, "max")
	if (id == "idle_sum") return cpus(v, "lapic", "idle", 0, ncpus - 1, "sum")
	if (id == "part_busy") return get(v, "lapic", "partial.cpu0.loc_per_s")
	if (id == "part_idle_med") return cpus(v, "lapic", "partial", 1, ncpus - 1, "med")
	if (id == "part_idle_max") return cpus(v, "lapic", "partial", 1, ncpus - 1, "max")
	if (id == "part_idle_sum") return cpus(v, "lapic", "partial", 1, ncpus - 1, "sum")
	if (id ~ /^mixed_loc/) {
		c = substr(id, 10)
		return get(v, "lapic", "mixed.cpu" c ".loc_per_s")
	}
	if (id ~ /^mixed_wk/) {
		c = substr(id, 9)
		return get(v, "lapic", "mixed.cpu" c ".wakeups_per_s")
	}
	if (id == "boot") return get(v, "lapic", "boot.init_uptime_s")
	if (id ~ /^ns_med/)
		return get(v, "lapic", "nanosleep.req" substr(id, 7) ".oversleep_median_us")
	if (id ~ /^ns_p99/)
		return get(v, "lapic", "nanosleep.req" substr(id, 7) ".oversleep_p99_us")
	if (id == "rtt_med") return get(v, "lapic", "pipe_rtt.rtt_median_us")
	if (id == "rtt_p99") return get(v, "lapic", "pipe_rtt.rtt_p99_us")
	if (id == "drift") return get(v, "lapic", "drift.drift_ticks")
	if (id == "pp_s") return get(v, "lapic", "busy_pingpong.elapsed_s")
	if (id == "cmp_s") return get(v, "lapic", "busy_compute.elapsed_s")
	if (id == "pp_ratio")
		return ratio(get(v, "lapic", "busy_pingpong.elapsed_s"),
			     get("periodic", "lapic", "busy_pingpong.elapsed_s"))
	if (id == "cmp_ratio") {
		# the loop length is compiled into the probe: compare like with like
		if (get(v, "lapic", "busy_compute.iterations") != get("periodic", "lapic", "busy_compute.iterations"))
			return ""
		return ratio(get(v, "lapic", "busy_compute.elapsed_s"),
			     get("periodic", "lapic", "busy_compute.elapsed_s"))
	}
	if (id == "pit_irq0") return get(v, "pit", "idle.irq0_per_s")
	if (id == "pit_loc") return cpus(v, "pit", "idle", 0, ncpus - 1, "sum")
	if (id == "pit_total") {
		p = get(v, "pit", "idle.irq0_per_s")
		c = cpus(v, "pit", "idle", 0, ncpus - 1, "sum")
		if (p == "" && c == "") return ""
		return p + c
	}
	if (id == "pit_boot") return get(v, "pit", "boot.init_uptime_s")
	if (id == "pit_part_irq0") return get(v, "pit", "partial.irq0_per_s")
	if (id == "pit_part_idle") return cpus(v, "pit", "partial", 1, ncpus - 1, "sum")
	if (id == "pit_part_busy") return get(v, "pit", "partial.cpu0.loc_per_s")
	return ""
}
function val(id, v,    i) {
	for (i = 1; i <= nr; i++)
		if (rid[i] == id)
			return rv[i, v]
	return ""
}
# TARGET NAME, OK (1/0/"" for no data), MEASURED text
function target(name, ok, meas) {
	nt++
	tname[nt] = name
	tok[nt] = (ok == "") ? "missed" : (ok ? "met" : "missed")
	tmeas[nt] = (ok == "") ? "no data: " meas : meas
}
function le(a, b) { return (a == "" || b == "") ? "" : (a + 0 <= b + 0) }
function both(a, b) { return (a == "" || b == "") ? "" : (a && b) }
{
	k = $1 SUBSEP $2 SUBSEP $3
	cnt[k]++
	if (cnt[k] > nruns)
		nruns = cnt[k]
	vals[k, cnt[k]] = $4
	if ($3 == "bench.ncpus" && $4 + 0 > ncpus)
		ncpus = $4 + 0
	if ($3 ~ /^mixed\.cpu[0-9]+\.req_wakeups_per_s$/) {
		split($3, kp, ".")
		req[substr(kp[2], 4)] = $4
	}
}
END {
	if (!ncpus)
		ncpus = 4
	nv = split(variants, vs, " ")
	row("idle_med", "idle LOC/s, median over CPUs")
	row("idle_max", "idle LOC/s, max over CPUs")
	row("idle_sum", "idle LOC/s, sum over CPUs")
	row("part_idle_med", "partial LOC/s, idle CPUs 1-" ncpus - 1 " median")
	row("part_idle_max", "partial LOC/s, idle CPUs max")
	row("part_idle_sum", "partial LOC/s, idle CPUs sum")
	row("part_busy", "partial LOC/s, busy CPU0")
	for (c = 0; c < ncpus; c++)
		row("mixed_loc" c, "mixed LOC/s cpu" c " (req " ((c in req) ? req[c] : 0) " wakeups/s)")
	for (c = 1; c < ncpus; c++)
		if (c in req)
			row("mixed_wk" c, "mixed wakeups/s cpu" c " (req " req[c] ")")
	row("boot", "boot: uptime at /init (s)")
	split("1 10 100 1000", nsd, " ")
	for (i = 1; i <= 4; i++) {
		row("ns_med" nsd[i], "nanosleep " nsd[i] " ms oversleep median (us)")
		row("ns_p99" nsd[i], "nanosleep " nsd[i] " ms oversleep p99 (us)")
	}
	row("rtt_med", "ping-pong RTT median (us)")
	row("rtt_p99", "ping-pong RTT p99 (us)")
	row("drift", "jiffies drift over 60 s (ticks)")
	row("pp_s", "busy ping-pong 100000 trips (s)")
	row("pp_ratio", "busy ping-pong cost / periodic")
	row("cmp_s", "busy compute loop (s)")
	row("cmp_ratio", "busy compute cost / periodic")
	row("pit_irq0", "PIT topology: idle IRQ0/s")
	row("pit_loc", "PIT topology: idle LOC/s, sum over CPUs")
	row("pit_total", "PIT topology: idle IRQ0+LOC/s, all CPUs")
	row("pit_part_irq0", "PIT topology: partial (CPU0 busy) IRQ0/s")
	row("pit_part_busy", "PIT topology: partial LOC/s, busy CPU0")
	row("pit_part_idle", "PIT topology: partial LOC/s, idle CPUs sum")
	row("pit_boot", "PIT topology: boot uptime at /init (s)")

	# targets (dyntick against nohz and periodic)
	d = "dyntick"; b = "dyntick-base"; n = "nohz"; p = "periodic"
	x = val("idle_sum", d); y = val("idle_sum", n); z = val("idle_sum", p)
	target("idle LOC/s dyntick <= 1.0x nohz", le(x, y),
	       sprintf("dyntick %s, nohz %s, %s", f(x), f(y), fr(ratio(x, y))))
	target("idle LOC/s dyntick <= 2% of periodic", le(x, z == "" ? "" : 0.02 * z),
	       sprintf("dyntick %s, periodic %s, %s", f(x), f(z), fr(ratio(x, z))))
	x = val("part_idle_sum", d); y = val("part_idle_sum", n); z = val("part_idle_sum", p)
	target("partial idle-CPU LOC/s dyntick <= 1.0x nohz", le(x, y),
	       sprintf("dyntick %s, nohz %s, %s", f(x), f(y), fr(ratio(x, y))))
	target("partial idle-CPU LOC/s dyntick <= 2% of periodic", le(x, z == "" ? "" : 0.02 * z),
	       sprintf("dyntick %s, periodic %s, %s", f(x), f(z), fr(ratio(x, z))))
	w = val("part_idle_sum", b)
	rb = ratio(w, z); rd = ratio(x, z)
	target("partial: dyntick-base no reduction on idle CPUs (>= 0.9x periodic), dyntick reduces (<= 0.1x dyntick-base)",
	       both(rb == "" ? "" : rb >= 0.9, le(x, w == "" ? "" : 0.1 * w)),
	       sprintf("dyntick-base %s = %s periodic, dyntick %s = %s periodic", f(w), fr(rb), f(x), fr(rd)))
	x = val("boot", d); z = val("boot", p)
	target("boot to /init dyntick within 3% of periodic", le(x, z == "" ? "" : 1.03 * z),
	       sprintf("dyntick %s s, periodic %s s, %s", f(x), f(z), fr(ratio(x, z))))
	for (i = 1; i <= 4; i++) {
		x = val("ns_p99" nsd[i], d); y = val("ns_p99" nsd[i], n)
		target("nanosleep " nsd[i] " ms p99 dyntick <= nohz + 4 ms", le(x, y == "" ? "" : y + 4000),
		       sprintf("dyntick %s us, nohz %s us", f(x), f(y)))
	}
	x = val("pit_total", d); y = val("pit_total", n)
	target("PIT topology idle IRQ0+LOC/s dyntick <= nohz/5", le(x, y == "" ? "" : y / 5),
	       sprintf("dyntick %s, nohz %s, %s", f(x), f(y), fr(ratio(x, y))))
	x = val("pp_ratio", d)
	target("busy ping-pong cost dyntick within 1% of periodic", le(x, x == "" ? "" : 1.01),
	       sprintf("%s", fr(x)))
	x = val("cmp_ratio", d)
	target("busy compute cost dyntick within 1% of periodic", le(x, x == "" ? "" : 1.01),
	       sprintf("%s", fr(x)))

	# header
	hdr[1] = "date: " date
	hdr[2] = "host: " arch " " model ", nproc " ncpu ", " memgib " GiB, " qemuver ", accel " accel
	hdr[3] = "kernel: " kver ", repo commit " commit
	hdr[4] = "runs per variant and topology: " runs (reuse == 1 ? " (reused logs)" : "")
	nb = split(builds, bl, " ")
	hdr[5] = "warm/cold builds (wall s): " (nb ? builds : "not run")

	# plain table on stdout
	for (i = 1; i <= 5; i++)
		print hdr[i]
	print ""
	printf "%-50s", "metric"
	for (i = 1; i <= nv; i++)
		printf " %12s", vs[i]
	printf " %14s %14s\n", "base/nohz", "dyntick/nohz"
	for (r = 1; r <= nr; r++) {
		printf "%-50s", rlab[r]
		for (i = 1; i <= nv; i++)
			printf " %12s", f(rv[r, vs[i]])
		printf " %14s %14s\n", fr(ratio(rv[r, b], rv[r, n])),
		       fr(ratio(rv[r, d], rv[r, n]))
		if (nruns < 2)
			continue
		printf "%-50s", "  min..max over " nruns " runs"
		for (i = 1; i <= nv; i++)
			printf " %12s", spread(r, vs[i])
		print ""
	}
	print ""
	for (i = 1; i <= nt; i++)
		printf "target: %s: %s (%s)\n", tname[i], tok[i], tmeas[i]

	# markdown
	print "# dyn-tick benchmark\n" > md
	for (i = 1; i <= 5; i++)
		print "- " hdr[i] > md
	print "" > md
	printf "| metric |" > md
	for (i = 1; i <= nv; i++)
		printf " %s |", vs[i] > md
	print " dyntick-base/nohz | dyntick/nohz |" > md
	printf "|---|" > md
	for (i = 1; i <= nv + 2; i++)
		printf "---:|" > md
	print "" > md
	for (r = 1; r <= nr; r++) {
		printf "| %s |", rlab[r] > md
		for (i = 1; i <= nv; i++)
			printf " %s%s |", f(rv[r, vs[i]]),
			       (nruns > 1 ? " (" spread(r, vs[i]) ")" : "") > md
		printf " %s | %s |\n", fr(ratio(rv[r, b], rv[r, n])),
		       fr(ratio(rv[r, d], rv[r, n])) > md
	}
	print "\n## Targets\n" > md
	for (i = 1; i <= nt; i++)
		printf "- %s: **%s** (%s)\n", tname[i], tok[i], tmeas[i] > md

	# JSON
	print "{" > json
	printf "  \"date\": %s,\n  \"arch\": %s,\n  \"nproc\": %d,\n", jstr(date), jstr(arch), ncpu > json
	printf "  \"cpu_model\": %s,\n  \"mem_gib\": %d,\n  \"qemu\": %s,\n", jstr(model), memgib, jstr(qemuver) > json
	printf "  \"accel\": %s,\n  \"kernel\": %s,\n  \"commit\": %s,\n", jstr(accel), jstr(kver), jstr(commit) > json
	printf "  \"runs\": %d,\n  \"reused_logs\": %s,\n", runs, (reuse == 1 ? "true" : "false") > json
	printf "  \"builds\": {" > json
	for (i = 1; i <= nb; i++) {
		split(bl[i], kv, "=")
		split(kv[2], tk, ":")
		printf "%s\n    %s: {\"wall_s\": %d, \"kind\": %s}", (i > 1 ? "," : ""),
		       jstr(kv[1]), tk[1], (tk[2] == "-" ? "null" : jstr(tk[2])) > json
	}
	printf "%s},\n", (nb ? "\n  " : "") > json
	print "  \"variants\": [" > json
	for (i = 1; i <= nv; i++)
		printf "    %s%s\n", jstr(vs[i]), (i < nv ? "," : "") > json
	print "  ],\n  \"metrics\": [" > json
	for (r = 1; r <= nr; r++) {
		printf "    {\"id\": %s, \"label\": %s, \"values\": {", jstr(rid[r]), jstr(rlab[r]) > json
		for (i = 1; i <= nv; i++)
			printf "%s%s: %s", (i > 1 ? ", " : ""), jstr(vs[i]), j(rv[r, vs[i]]) > json
		printf "}, \"min\": {" > json
		for (i = 1; i <= nv; i++)
			printf "%s%s: %s", (i > 1 ? ", " : ""), jstr(vs[i]), j(rmin[r, vs[i]]) > json
		printf "}, \"max\": {" > json
		for (i = 1; i <= nv; i++)
			printf "%s%s: %s", (i > 1 ? ", " : ""), jstr(vs[i]), j(rmax[r, vs[i]]) > json
		printf "}, \"ratio_to_nohz\": {%s: %s, %s: %s}}%s\n",
		       jstr(b), j(ratio(rv[r, b], rv[r, n])),
		       jstr(d), j(ratio(rv[r, d], rv[r, n])), (r < nr ? "," : "") > json
	}
	print "  ],\n  \"targets\": [" > json
	for (i = 1; i <= nt; i++)
		printf "    {\"name\": %s, \"met\": %s, \"measured\": %s}%s\n", jstr(tname[i]),
		       (tok[i] == "met" ? "true" : "false"), jstr(tmeas[i]), (i < nt ? "," : "") > json
	print "  ]\n}" > json

	# gnuplot data: one row per scenario and CPU, one column per variant
	printf "label" > plot
	for (i = 1; i <= nv; i++)
		printf " %s", vs[i] > plot
	print "" > plot
	split("idle partial", sc, " ")
	for (s = 1; s <= 2; s++)
		for (c = 0; c < ncpus; c++) {
			printf "%s-cpu%d", sc[s], c > plot
			for (i = 1; i <= nv; i++) {
				x = get(vs[i], "lapic", sc[s] ".cpu" c ".loc_per_s")
				printf " %s", (x == "" ? "-" : x) > plot
			}
			print "" > plot
		}
}' "$data"

echo ""
echo "$prog: results: $out/results.json $out/results.md"
if command -v gnuplot >/dev/null 2>&1; then
	if gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1; then
		term="pngcairo size 1000,500"
	else
		term="png size 1000,500"
	fi
	gnuplot <<EOF || die "gnuplot failed to draw $out/loc.png"
set terminal $term
set output '$out/loc.png'
set title 'LOC (local APIC timer) interrupts/s per CPU, idle and partial (CPU0 busy)'
set ylabel 'LOC/s'
set yrange [0:*]
set datafile missing '-'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set key outside right top
set xtics rotate by -30
plot for [i=2:5] '$out/loc.dat' using i:xtic(1) title columnheader(i)
EOF
	echo "$prog: chart: $out/loc.png (data $out/loc.dat)"
else
	echo "$prog: gnuplot not installed: no chart (data in $out/loc.dat)"
fi
