// SPDX-License-Identifier: GPL-2.0
/*
 * tick_stop_trace [secs=2]: an idle CPU whose tick stops says so in the
 * timer:tick_stop trace event (success=1), as tick-sched does, so that
 * the tools that watch ticks stop (trace-cmd, perf, rtla) see an idle
 * tick mode at work.
 *
 * Enables timer:tick_stop, lets every CPU idle for @secs while this
 * process sleeps on CPU0, and counts the success=1 events of each CPU in
 * the trace buffer: each of CPUs 1..n-1 must have at least one.  A kernel
 * built without event tracing cannot run it (exit 5); one whose tracing
 * has no timer:tick_stop event fails.
 */
#include "dt.h"
#include "dt_cpu.h"
#include <sys/mount.h>
#include <sys/stat.h>

#define TR	"/sys/kernel/tracing"
#define EV	TR "/events/timer/tick_stop"

static int tr_write(const char *file, const char *s)
{
	int err = dt_write_file(file, s);

	if (err)
		dt_diag("echo %s > %s: %s", s, file, strerror(-err));
	return err;
}

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 2);
	int ncpus = sysconf(_SC_NPROCESSORS_ONLN), cpu, bad = 0;
	static char buf[1 << 20];
	long stops[DT_MAXCPU] = { 0 };
	char *p;

	if (secs < 1 || ncpus < 2 || ncpus > DT_MAXCPU) {
		dt_diag("need secs >= 1 and 2..%d CPUs", DT_MAXCPU);
		return DT_ERROR;
	}
	mkdir(TR, 0755);
	if (access(TR "/trace", F_OK) &&
	    mount("tracefs", TR, "tracefs", 0, NULL)) {
		dt_diag("cannot mount tracefs on %s: %s (a kernel without tracing)",
			TR, strerror(errno));
		return DT_ERROR;
	}
	if (access(TR "/events/timer", F_OK)) {
		dt_diag("no %s/events/timer: a kernel without event tracing", TR);
		return DT_ERROR;
	}
	if (access(EV "/enable", F_OK)) {
		dt_diag("FAIL: no timer:tick_stop event (%s)", EV);
		return KSFT_FAIL;
	}
	dt_pin(0);
	if (tr_write(TR "/buffer_size_kb", "256") ||
	    tr_write(TR "/trace", "") || tr_write(EV "/enable", "1") ||
	    tr_write(TR "/tracing_on", "1"))
		return DT_ERROR;
	dt_sleep(secs);
	if (tr_write(EV "/enable", "0"))
		return DT_ERROR;
	if (dt_read_file(TR "/trace", buf, sizeof(buf)) < 0) {
		dt_diag("cannot read %s/trace", TR);
		return DT_ERROR;
	}
	tr_write(TR "/trace", "");

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
