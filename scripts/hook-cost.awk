# make hook-cost's report (scripts/hook-cost.sh): per kernel and hook the
# median over runs of each run's median (and min..max) and the calls per
# run.  Each hook's net cost is that minus the tracer's own entry and
# exit, the median of the kernel's tick-stopped query (a one-line
# function).  The table: one row per path, dyn-tick's hooks against
# NO_HZ_IDLE's, then all hooks per wake-up.  Input lines "KERNEL HOOK
# CALLS MEDIAN" and "KERNEL wakeups N MS"; -v runs=, commit=.  Needs
# stats.awk loaded first.
$2 == "wakeups" { wakeups = $3; sleep_ms = $4; next }
{ k = $1 SUBSEP $2; vals[k] = vals[k] " " $4; calls[k] += $3; nrun[k]++ }
# the median of key k's per-run medians; sets lo[k], hi[k]
function med(k,   n, i, a, m) {
	n = split(vals[k], a, " ")
	for (i = 1; i <= n; i++)
		a[i] += 0
	m = median_(a, n)	# sorts a[]
	lo[k] = a[1]; hi[k] = a[n]
	return m
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
	printf "Idle-tick hooks, instructions per call (guest ns under `-icount shift=0`, one CPU, %d sleeps of %d ms per run): each run's median, then the median over %d runs [min..max] and the calls per run (x). Net: minus the function graph tracer's own entry and exit, measured as the median of each kernel's one-line tick-stopped query (%d and %d). Repo commit %s.\n\n", wakeups, sleep_ms, runs, ov["dyntick-trace"], ov["nohz-trace"], commit
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
}