# The benchmark's statistics and rendering (scripts/bench-report.sh).
# Input: "VARIANT TOPOLOGY RUN KEY VALUE" lines.  Variables: variants
# (labels in report order), out (directory), and the header facts date,
# host, qemu, kver, commit, builds, boots.
#
# Statistics, one rule for every figure: a figure is computed run by run
# (e.g. the sum of the 4 CPUs' idle LOC/s of run 2), then reported as the
# median over the runs with min..max when there are two or more.  Ratios
# to a reference give the median ratio and the widest range the runs
# allow (min/max .. max/min).
#
# Targets are "met" only when the margin exceeds the run-to-run spread:
# met if every run of the measured figure is within the limit computed
# from every run of the reference, "missed" if no run is, otherwise
# "within noise".  A figure from a single run has no spread of its own: it
# is given +-50% (the idle LOC/s sums of the same kernels varied that much
# between runs in TCG: issue 9's Debian runs, nohz 6.8-8.0, dyntick
# 7.0-9.7), so one run decides only clear margins.  Fewer than 3 runs of
# either figure never make a target "met": "insufficient runs" instead (a
# miss stays a miss).

# sort_() and median_(): scripts/stats.awk, loaded first
# the value of KEY in run R, "" if none
function get(v, t, r, key,    k) {
	k = v SUBSEP t SUBSEP r SUBSEP key
	return (k in val) ? val[k] : ""
}
# sum of the per-CPU loc_per_s of SCEN, CPUs FROM..TO, in run R
function cpusum(v, t, r, scen, from, to,    c, x, s, n) {
	s = n = 0
	for (c = from; c <= to; c++) {
		x = get(v, t, r, scen ".cpu" c ".loc_per_s")
		if (x != "") { s += x; n++ }
	}
	return n ? s : ""
}
# figure ID of variant V in run R
function fig(id, v, r,    p, c, q) {
	if (id == "idle_sum") return cpusum(v, "lapic", r, "idle", 0, ncpus - 1)
	if (id == "idle_max") return cpumax(v, r, "idle", 0)
	if (id == "part_sum") return cpusum(v, "lapic", r, "partial", 1, ncpus - 1)
	if (id == "part_max") return cpumax(v, r, "partial", 1)
	if (id == "part_busy") return get(v, "lapic", r, "partial.cpu0.loc_per_s")
	if (id ~ /^mixed_loc/) return get(v, "lapic", r, "mixed.cpu" substr(id, 10) ".loc_per_s")
	if (id == "boot") return get(v, "lapic", r, "boot.init_uptime_s")
	if (id ~ /^(ns|pt)_/) {
		split(id, q, "_")
		if (q[1] == "ns")
			return get(v, "latency", r, "nanosleep.req" q[3] ".oversleep_" q[2] "_us")
		return get(v, "latency", r, "posix_timer.req" q[3] ".late_" q[2] "_us")
	}
	if (id ~ /^rtt_/) return get(v, "lapic", r, "pipe_rtt.rtt_" substr(id, 5) "_us")
	if (id == "drift") return get(v, "lapic", r, "drift.drift_ticks")
	if (id == "pit_total") {
		p = get(v, "pit", r, "idle.irq0_per_s")
		c = cpusum(v, "pit", r, "idle", 0, ncpus - 1)
		return (p == "" || c == "") ? "" : p + c
	}
	if (id == "pit_irq0") return get(v, "pit", r, "idle.irq0_per_s")
	if (id == "pit_part_irq0") return get(v, "pit", r, "partial.irq0_per_s")
	if (id == "pit_part_sum") return cpusum(v, "pit", r, "partial", 1, ncpus - 1)
	if (id == "busy_ns") return get(v, "cost", r, "cost_busy_all.guest_ns")
	if (id == "pp_ns") return get(v, "cost", r, "cost_pingpong.ns_per_trip")
	if (id == "wake_ns") return get(v, "cost", r, "cost_wake.late_ns_median")
	if (id ~ /^wake_t/) return get(v, "cost", r, "cost_wake_t" substr(id, 7) ".late_ns_median")
	if (id == "mwake_ns") return get(v, "menu", r, "cost_wake.late_ns_median")
	if (id ~ /^mwake_t/) return get(v, "menu", r, "cost_wake_t" substr(id, 8) ".late_ns_median")
	return ""
}
function cpumax(v, r, scen, from,    c, x, m) {
	m = ""
	for (c = from; c < ncpus; c++) {
		x = get(v, "lapic", r, scen ".cpu" c ".loc_per_s")
		if (x != "" && (m == "" || x + 0 > m + 0)) m = x
	}
	return m
}
# row ID LABEL TOPOLOGY: med[], lo[], hi[], n[] of ID for every variant
function row(id, label, t,    i, v, r, x, a, k) {
	nr++
	rid[nr] = id
	rlab[nr] = label
	for (i = 1; i <= nv; i++) {
		v = vs[i]
		k = 0
		for (r = 1; r <= runs[t]; r++) {
			x = fig(id, v, r)
			if (x != "") a[++k] = x + 0
		}
		n[id, v] = k
		if (k == 0) { med[id, v] = lo[id, v] = hi[id, v] = ""; continue }
		med[id, v] = median_(a, k)	# sorts a[]
		lo[id, v] = a[1]
		hi[id, v] = a[k]
	}
}
# ratio row NEW of row ID to variant REF
function ratio_row(nid, label, id, ref,    i, v) {
	nr++
	rid[nr] = nid
	rlab[nr] = label
	for (i = 1; i <= nv; i++) {
		v = vs[i]
		n[nid, v] = n[id, v]
		if (med[id, v] == "" || med[id, ref] + 0 <= 0 || lo[id, ref] + 0 <= 0) {
			med[nid, v] = lo[nid, v] = hi[nid, v] = ""
			continue
		}
		med[nid, v] = med[id, v] / med[id, ref]
		lo[nid, v] = lo[id, v] / hi[id, ref]
		hi[nid, v] = hi[id, v] / lo[id, ref]
	}
}
# the range a figure is judged on: its runs, or +-50% of a single run
function rlo(id, v) { return n[id, v] > 1 ? lo[id, v] : 0.5 * med[id, v] }
function rhi(id, v) { return n[id, v] > 1 ? hi[id, v] : 1.5 * med[id, v] }
# target NAME: ID of "dyntick" <= K * ID of REF + C (REF "" for K alone)
function target(name, id, ref, k, c,    d, best, worst, lim_lo, lim_hi, verdict) {
	d = "dyntick"
	nt++
	tname[nt] = name
	if (med[id, d] == "" || (ref != "" && med[id, ref] == "")) {
		tverd[nt] = "missed"
		tmeas[nt] = "no data"
		return
	}
	lim_lo = (ref == "") ? k : k * rlo(id, ref) + c
	lim_hi = (ref == "") ? k : k * rhi(id, ref) + c
	best = rlo(id, d)
	worst = rhi(id, d)
	if (worst <= lim_lo && (n[id, d] < 3 || (ref != "" && n[id, ref] < 3)))
		verdict = "insufficient runs"
	else if (worst <= lim_lo)
		verdict = "met"
	else if (best > lim_hi)
		verdict = "missed"
	else
		verdict = "within noise"
	tverd[nt] = verdict
	tmeas[nt] = sprintf("dyntick %s%s", show(id, d), ref == "" ? "" : ", " ref " " show(id, ref))
}
# paired NAME: ID of "dyntick" <= K * ID of REF in the same run, run by
# run: for figures taken side by side (the latency boots), where the runs
# differ by the host's load and each run's pair shares it.  "met" when
# every run meets it (3 runs or more, else "insufficient runs"), "missed"
# when none does, otherwise "within noise".
function paired(name, id, ref, k,    d, r, x, y, ok, m, rs) {
	d = "dyntick"
	nt++
	tname[nt] = name
	ok = m = 0
	rs = ""
	for (r = 1; r <= runs["latency"]; r++) {
		x = fig(id, d, r)
		y = fig(id, ref, r)
		if (x == "" || y == "" || y + 0 <= 0) continue
		m++
		if (x + 0 <= k * y) ok++
		rs = rs (m > 1 ? " " : "") sprintf("%.2f", x / y)
	}
	if (!m) {
		tverd[nt] = "missed"
		tmeas[nt] = "no data"
		return
	}
	tverd[nt] = (ok == m) ? (m < 3 ? "insufficient runs" : "met") : (ok ? "within noise" : "missed")
	tmeas[nt] = sprintf("dyntick %s, %s %s; dyntick / %s by run: %s", show(id, d), ref, show(id, ref), ref, rs)
}
function f(x) {
	if (x == "") return "-"
	if (x != 0 && (x < 0.01 && x > -0.01)) return sprintf("%.2g", x)
	return (x >= 1e5 || x <= -1e5) ? sprintf("%.0f", x) : sprintf("%.3f", x) + 0 ""
}
function show(id, v) {
	if (med[id, v] == "") return "-"
	if (id ~ /_ratio$/)
		return sprintf("%.5f (%.5f..%.5f)", med[id, v], lo[id, v], hi[id, v])
	return f(med[id, v]) ((n[id, v] > 1) ? " (" f(lo[id, v]) ".." f(hi[id, v]) ")" : "")
}
function jnum(x) { return x == "" ? "null" : sprintf("%.9g", x) }
# a JSON string: backslash and quote escaped, tab as \t, other control
# characters dropped (char by char: awks differ on "\\" in gsub)
function jstr(s,    i, ch, r) {
	r = ""
	for (i = 1; i <= length(s); i++) {
		ch = substr(s, i, 1)
		if (ch == "\\" || ch == "\"")
			r = r "\\" ch
		else if (ch == "\t")
			r = r "\\t"
		else if (ch >= " ")
			r = r ch
	}
	return "\"" r "\""
}

{
	k = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4
	val[k] = $5
	if ($3 + 0 > runs[$2]) runs[$2] = $3 + 0
	if ($2 == "lapic" && $4 == "bench.ncpus" && $5 + 0 > ncpus) ncpus = $5 + 0
}
END {
	if (!ncpus) ncpus = 4
	nv = split(variants, vs, " ")
	row("idle_sum", "idle LOC/s, sum over CPUs", "lapic")
	row("idle_max", "idle LOC/s, busiest CPU", "lapic")
	row("part_sum", "CPU0 busy: LOC/s, idle CPUs 1-3 sum", "lapic")
	row("part_max", "CPU0 busy: LOC/s, busiest idle CPU", "lapic")
	row("part_busy", "CPU0 busy: LOC/s, CPU0", "lapic")
	for (c = 1; c < ncpus; c++)
		row("mixed_loc" c, "mixed: LOC/s cpu" c " (waking " (c == 1 ? 10 : c == 2 ? 50 : 200) "/s)", "lapic")
	row("boot", "boot: uptime at /init (s)", "lapic")
	split("1 10 100 1000", nsd, " ")
	split("2 10 100", wt, " ")
	row("rtt_median", "pipe RTT with idle gaps: median (us)", "lapic")
	row("rtt_p99", "pipe RTT with idle gaps: p99 of 200 (us)", "lapic")
	row("drift", "jiffies drift over 60 s idle (ticks)", "lapic")
	# latency_probe: 200, 100, 100 and 20 samples a run
	for (i = 1; i <= 4; i++) {
		st = (i < 4) ? "p99" : "max"
		row("ns_median_" nsd[i], "nanosleep " nsd[i] " ms: oversleep median (us)", "latency")
		row("ns_" st "_" nsd[i], "nanosleep " nsd[i] " ms: oversleep " st " (us)", "latency")
		row("pt_median_" nsd[i], "POSIX timer " nsd[i] " ms: lateness median (us)", "latency")
		row("pt_" st "_" nsd[i], "POSIX timer " nsd[i] " ms: lateness " st " (us)", "latency")
	}
	row("pit_irq0", "PIT topology: idle IRQ0/s", "pit")
	row("pit_total", "PIT topology: idle IRQ0+LOC/s, all CPUs", "pit")
	row("pit_part_irq0", "PIT topology, CPU0 busy: IRQ0/s", "pit")
	row("pit_part_sum", "PIT topology, CPU0 busy: LOC/s idle CPUs sum", "pit")
	row("busy_ns", "icount: compute loop, instructions", "cost")
	ratio_row("busy_ratio", "icount: compute loop / periodic", "busy_ns", "periodic")
	row("pp_ns", "icount: pipe round trip, instructions", "cost")
	ratio_row("pp_ratio", "icount: pipe round trip / periodic", "pp_ns", "periodic")
	row("wake_ns", "icount: wake from idle for a 1 ms timer, instructions", "cost")
	for (i = 1; i <= 3; i++)
		row("wake_t" wt[i], "icount: wake from idle after " wt[i] " ticks asleep, instructions", "cost")
	row("mwake_ns", "icount, menu governor: wake for a 1 ms timer, instructions", "menu")
	for (i = 1; i <= 3; i++)
		row("mwake_t" wt[i], "icount, menu governor: wake after " wt[i] " ticks asleep, instructions", "menu")

	target("idle LOC/s (sum) dyntick <= nohz", "idle_sum", "nohz", 1, 0)
	target("idle LOC/s (sum) dyntick <= 2% of periodic", "idle_sum", "periodic", 0.02, 0)
	target("CPU0 busy: idle CPUs' LOC/s dyntick <= nohz", "part_sum", "nohz", 1, 0)
	target("CPU0 busy: idle CPUs' LOC/s dyntick <= 10% of dyntick-base", "part_sum", "dyntick-base", 0.1, 0)
	target("boot to /init dyntick <= 1.03 x periodic", "boot", "periodic", 1.03, 0)
	for (i = 1; i <= 4; i++) {
		paired("nanosleep " nsd[i] " ms median oversleep dyntick <= 1.1 x nohz, side by side", "ns_median_" nsd[i], "nohz", 1.1)
		paired("POSIX timer " nsd[i] " ms median lateness dyntick <= 1.1 x nohz, side by side", "pt_median_" nsd[i], "nohz", 1.1)
	}
	target("PIT topology idle IRQ0+LOC/s dyntick <= nohz / 5", "pit_total", "nohz", 0.2, 0)
	target("busy compute cost dyntick <= 1.01 x periodic (icount)", "busy_ratio", "", 1.01, 0)
	target("pipe round trip cost dyntick <= 1.01 x periodic (icount)", "pp_ratio", "", 1.01, 0)
	target("wake from idle for a 1 ms timer dyntick <= nohz (icount)", "wake_ns", "nohz", 1, 0)
	for (i = 1; i <= 3; i++)
		target("wake from idle after " wt[i] " ticks dyntick <= nohz (icount)", "wake_t" wt[i], "nohz", 1, 0)
	target("menu governor: wake for a 1 ms timer dyntick <= nohz (icount)", "mwake_ns", "nohz", 1, 0)
	for (i = 1; i <= 3; i++)
		target("menu governor: wake after " wt[i] " ticks dyntick <= nohz (icount)", "mwake_t" wt[i], "nohz", 1, 0)

	hdr[1] = "date: " date
	hdr[2] = "host: " host ", " qemu
	hdr[3] = "kernel: " kver "; " (boots == "" ? "boots: not recorded" : boots) "; report at repo commit " commit
	hdr[4] = "runs: " runs["lapic"] + 0 " (TCG, -smp 4), " runs["pit"] + 0 " (PIT topology), " runs["latency"] + 0 " (timer latency, TCG, -smp 4, nohz and dyntick side by side, nohz as nohz-patched for the same cpuidle driver), " runs["cost"] + 0 " (-icount, -smp 1), " runs["menu"] + 0 " (-icount, menu governor and haltpoll driver, which needs patch 23 under TCG: the nohz column of those rows is nohz-patched)"
	hdr[5] = "builds (wall s, warm/cold): " builds
	hdr[6] = "figures: median over runs (min..max); ratios: median (widest range)"

	md = out "/results.md"
	for (i = 1; i <= 6; i++) print hdr[i]
	print "# dyn-tick benchmark\n" > md
	for (i = 1; i <= 6; i++) print "- " hdr[i] > md
	printf "\n| metric |" > md
	for (i = 1; i <= nv; i++) printf " %s |", vs[i] > md
	printf "\n|---|" > md
	for (i = 1; i <= nv; i++) printf "---:|" > md
	print "" > md
	for (r = 1; r <= nr; r++) {
		printf "\n%s\n", rlab[r]
		printf "| %s |", rlab[r] > md
		for (i = 1; i <= nv; i++) {
			printf "  %-15s %s\n", vs[i], show(rid[r], vs[i])
			printf " %s |", show(rid[r], vs[i]) > md
		}
		print "" > md
	}
	print "\n## Targets\n" > md
	print ""
	for (i = 1; i <= nt; i++) {
		printf "target: %s: %s (%s)\n", tname[i], tverd[i], tmeas[i]
		printf "- %s: **%s** (%s)\n", tname[i], tverd[i], tmeas[i] > md
	}

	js = out "/results.json"
	printf "{\n  \"header\": [" > js
	for (i = 1; i <= 6; i++) printf "%s%s", (i > 1 ? ", " : ""), jstr(hdr[i]) > js
	printf "],\n  \"runs\": {\"lapic\": %d, \"pit\": %d, \"latency\": %d, \"cost\": %d, \"menu\": %d},\n",
	       runs["lapic"], runs["pit"], runs["latency"], runs["cost"], runs["menu"] > js
	printf "  \"metrics\": [\n" > js
	for (r = 1; r <= nr; r++) {
		printf "    {\"id\": %s, \"label\": %s, \"variants\": {", jstr(rid[r]), jstr(rlab[r]) > js
		for (i = 1; i <= nv; i++) {
			v = vs[i]
			printf "%s%s: {\"median\": %s, \"min\": %s, \"max\": %s, \"runs\": %d}",
			       (i > 1 ? ", " : ""), jstr(v), jnum(med[rid[r], v]),
			       jnum(lo[rid[r], v]), jnum(hi[rid[r], v]), n[rid[r], v] > js
		}
		printf "}}%s\n", (r < nr ? "," : "") > js
	}
	printf "  ],\n  \"targets\": [\n" > js
	for (i = 1; i <= nt; i++)
		printf "    {\"name\": %s, \"verdict\": %s, \"measured\": %s}%s\n", jstr(tname[i]),
		       jstr(tverd[i]), jstr(tmeas[i]), (i < nt ? "," : "") > js
	print "  ]\n}" > js

	# chart data: variant, then median min max per series ("-": none)
	print "variant idle lo hi part lo hi pit lo hi" > (out "/loc.dat")
	print "variant busy lo hi pingpong lo hi" > (out "/cost.dat")
	for (i = 1; i <= nv; i++) {
		v = vs[i]
		printf "%s", v > (out "/loc.dat")
		split("idle_sum part_sum pit_total", ids, " ")
		for (j = 1; j <= 3; j++)
			printf " %s %s %s", dat(med[ids[j], v]), dat(lo[ids[j], v]), dat(hi[ids[j], v]) > (out "/loc.dat")
		print "" > (out "/loc.dat")
		printf "%s", v > (out "/cost.dat")
		split("busy_ratio pp_ratio", ids, " ")
		for (j = 1; j <= 2; j++)
			printf " %s %s %s", dat(med[ids[j], v]), dat(lo[ids[j], v]), dat(hi[ids[j], v]) > (out "/cost.dat")
		print "" > (out "/cost.dat")
	}
}
function dat(x) { return x == "" ? "-" : sprintf("%.9g", x) }
