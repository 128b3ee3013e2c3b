// SPDX-License-Identifier: GPL-2.0
/*
 * tick_stop_trace [secs=2]: an idle CPU whose tick stops says so in the
 * timer:tick_stop trace event (success=1), as tick-sched does, so that
 * the tools that watch ticks stop (trace-cmd, perf, rtla) see an idle
 * tick mode at work.
 *
 * Enables timer:tick_stop, lets every CPU idle for @secs while this
 * process sleeps on CPU0, and counts the success=1 events of each CPU in
 * the trace buffer: each of CPUs 1..n-1 must have at least one.  A CPU
 * that stopped its tick before the window and sleeps through all of it
 * has nothing to trace, so a child pinned to each of them wakes it once,
 * half-way: the CPU runs it and stops its tick again when it goes back
 * to idle.  A kernel built without event tracing cannot run it (exit 5);
 * one whose tracing has no timer:tick_stop event fails.
 */
#include "dt.h"
#include <sys/wait.h>

/* A child on each CPU but 0 that sleeps @secs, then exits */
static void wake_each_cpu_once(int ncpus, double secs, pid_t *pids)
{
	int cpu;

	for (cpu = 1; cpu < ncpus; cpu++) {
		pids[cpu] = dt_fork_pinned(cpu);
		if (pids[cpu] == 0) {
			dt_sleep(secs);
			_exit(0);
		}
	}
}
#define EV	"events/timer/tick_stop"

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 2);
	int ncpus = dt_ncpus(), cpu, bad = 0;
	static char buf[1 << 20];
	long stops[DT_MAXCPU] = { 0 };
	pid_t pids[DT_MAXCPU];
	char *p;

	if (secs < 1 || ncpus < 2) {
		dt_diag("need secs >= 1 and 2+ CPUs");
		return DT_ERROR;
	}
	if (dt_tracefs_mount()) {
		dt_diag("a kernel without tracing");
		return DT_ERROR;
	}
	if (access(DT_TRACEFS "/events/timer", F_OK)) {
		dt_diag("no %s/events/timer: a kernel without event tracing",
			DT_TRACEFS);
		return DT_ERROR;
	}
	if (access(DT_TRACEFS "/" EV "/enable", F_OK)) {
		dt_diag("FAIL: no timer:tick_stop event (%s/%s)", DT_TRACEFS, EV);
		return KSFT_FAIL;
	}
	dt_pin(0);
	if (dt_tr_write("buffer_size_kb", "256") || dt_tr_write("trace", "") ||
	    dt_tr_write(EV "/enable", "1") || dt_tr_write("tracing_on", "1"))
		return DT_ERROR;
	wake_each_cpu_once(ncpus, secs / 2.0, pids);
	dt_sleep(secs);
	for (cpu = 1; cpu < ncpus; cpu++)
		waitpid(pids[cpu], NULL, 0);
	if (dt_tr_write(EV "/enable", "0"))
		return DT_ERROR;
	if (dt_read_file(DT_TRACEFS "/trace", buf, sizeof(buf)) < 0) {
		dt_diag("cannot read %s/trace", DT_TRACEFS);
		return DT_ERROR;
	}
	dt_tr_write("trace", "");

	/* "<idle>-0 [002] d..1. 12.345678: tick_stop: success=1 dependency=NONE" */
	for (p = buf; (p = strstr(p, "tick_stop: success=1")); p++) {
		char *l = p, *b;

		while (l > buf && l[-1] != '\n')
			l--;
		b = memchr(l, '[', p - l);
		if (b && sscanf(b, "[%d]", &cpu) == 1 && cpu >= 0 &&
		    cpu < ncpus)
			stops[cpu]++;
	}
	for (cpu = 0; cpu < ncpus; cpu++) {
		dt_diag("cpu%d: %ld tick stops traced in %d s%s", cpu,
			stops[cpu], secs, cpu && !stops[cpu] ? " !" : "");
		if (cpu && !stops[cpu])
			bad++;
	}
	if (bad) {
		dt_diag("FAIL: %d idle CPUs (marked !) traced no tick stop", bad);
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
