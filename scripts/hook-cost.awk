# make hook-cost's report (scripts/hook-cost.sh): per sleep length, kernel
# and hook the median over runs of each run's median (and min..max) and
# the calls per run.  Each hook's net cost is that minus the tracer's own
# entry and exit, the median of the kernel's tick-stopped query (a
# one-line function), taken over every sleep length.  One table per sleep
# length: a row per path, dyn-tick's hooks against NO_HZ_IDLE's, then all
# hooks per wake-up.  Input lines "KERNEL HOOK CALLS MEDIAN SLEEP_MS" and
# "KERNEL wakeups N MS"; -v runs=, commit=.  Needs stats.awk loaded first.
$2 == "wakeups" { wakeups[$4] = $3; next }
{
	k = $5 SUBSEP $1 SUBSEP $2
	vals[k] = vals[k] " " $4; calls[k] += $3; nrun[k]++
	ovals[$1, $2] = ovals[$1, $2] " " $4
	if (!($5 in seen)) { seen[$5] = 1; sleeps[++ns] = $5 + 0 }
}
# the median of the values in string s; sets lo_, hi_
function med_of(s,   n, i, a, m) {
	n = split(s, a, " ")
	for (i = 1; i <= n; i++)
		a[i] += 0
	m = median_(a, n)	# sorts a[]
	lo_ = a[1]; hi_ = a[n]
	return m
}
# the hooks of one path on kernel v at sleep length ms, "+"-joined, a
# leading "?" for a hook the path may not call; sets net (sum, overhead
# taken out) and per (net instructions per wake-up)
function cell(ms, v, list,   n, i, h, k, m, opt, txt) {
	n = split(list, h, "+"); net = 0; per = 0; txt = ""
	for (i = 1; i <= n; i++) {
		opt = sub(/^\?/, "", h[i])
		k = ms SUBSEP v SUBSEP h[i]
		if (!(k in vals)) {
			if (!opt) missing = missing " " v ":" h[i] "@" ms "ms"
			continue
		}
		m = med_of(vals[k])
		net += m - ov[v]
		per += (m - ov[v]) * calls[k] / nrun[k] / wakeups[ms]
		txt = txt (txt == "" ? "" : " + ") sprintf("`%s` %d [%d..%d] x%d", h[i], m, lo_, hi_, calls[k] / nrun[k])
	}
	return txt == "" ? "-" : txt
}
function row(ms, what, d, n,   a, b, da, db, pa, pb) {
	a = cell(ms, "dyntick-trace", d); da = net; pa = per
	b = cell(ms, "nohz-trace", n); db = net; pb = per
	printf "| %s | %s | %d | %s | %d | %+d |\n", what, a, da, b, db, da - db
	tot["d"] += pa; tot["n"] += pb
}
END {
	ov["dyntick-trace"] = med_of(ovals["dyntick-trace", "dyn_tick_tick_stopped"])
	ov["nohz-trace"] = med_of(ovals["nohz-trace", "tick_nohz_tick_stopped"])
	if (ovals["dyntick-trace", "dyn_tick_tick_stopped"] == "" ||
	    ovals["nohz-trace", "tick_nohz_tick_stopped"] == "")
		missing = missing " the tick-stopped query (the tracer's overhead)"
	sort_(sleeps, ns)
	printf "Idle-tick hooks, instructions per call (guest ns under `-icount shift=0`, one CPU, the menu governor): each run's median, then the median over %d runs [min..max] and the calls per run (x). Net: minus the function graph tracer's own entry and exit, measured as the median of each kernel's one-line tick-stopped query (%d and %d). Repo commit %s.\n", runs, ov["dyntick-trace"], ov["nohz-trace"], commit
	for (j = 1; j <= ns; j++) {
		ms = sleeps[j]
		tot["d"] = tot["n"] = 0
		printf "\n### %d sleeps of %d ms a run (%s)\n\n", wakeups[ms], ms, ms < 4 ? "within a tick at HZ=250: the governor keeps the tick" : "two ticks or more at HZ=250: the governor lets it stop"
		print "| path | dyn-tick hooks | net | NO_HZ_IDLE hooks | net | dyn-tick - NO_HZ_IDLE |"
		print "|---|---|---:|---|---:|---:|"
		row(ms, "idle entry, the skip decision, stop or keep the tick", "dyn_tick_idle_enter+dyn_tick_reprogram_timer", "tick_nohz_idle_enter+?tick_nohz_idle_stop_tick+?tick_nohz_idle_retain_tick")
		row(ms, "sleep length for the idle governor", "dyn_tick_get_sleep_length", "tick_nohz_get_sleep_length")
		row(ms, "interrupt entry: jiffies catch-up", "tick_irq_enter", "tick_irq_enter")
		row(ms, "interrupt exit, the CPU still idle", "?dyn_tick_irq_exit", "?tick_nohz_irq_exit")
		row(ms, "idle exit: restart the tick", "dyn_tick_idle_exit", "tick_nohz_idle_exit")
		row(ms, "the governor: did the tick wake us", "dyn_tick_idle_got_tick", "tick_nohz_idle_got_tick")
		printf "| all of the above, per wake-up (net x calls / sleeps) | | %d | | %d | %+d |\n", tot["d"], tot["n"], tot["d"] - tot["n"]
	}
	if (missing != "") {
		print "not measured:" missing > "/dev/stderr"
		exit 1
	}
}
