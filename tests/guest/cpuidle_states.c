// SPDX-License-Identifier: GPL-2.0
/*
 * cpuidle_states [secs=10]: with nothing to run, CPUs 1..n-1 must spend
 * their idle time in the deepest cpuidle state, not polling.  This process
 * sleeps on CPU0.  For each idle CPU and each state it prints usage per
 * second, the share of the window spent in the state, and the governor's
 * misses ("above": the state was too deep for the sleep, "below": a deeper
 * one would have fitted), the figures compared between tick modes.  It
 * fails without a cpuidle driver of 2+ states, or if an idle CPU spent
 * less than 90% of the window in the deepest state or more than 5% in
 * the polling state.
 *
 * A state's time is added when the CPU leaves it, and with the tick
 * stopped a sleep can last seconds: the counters of a CPU are read from
 * that CPU (this process moves there), so that its sleep in progress
 * ends and is counted on the right side of the window.
 */
#include "dt.h"

#define MAXST	10

struct st {
	long long usage, time_us, above, below;
};

static int read_ll(int cpu, int state, const char *f, long long *v)
{
	char path[128], buf[64];

	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/%s", cpu,
		 state, f);
	if (dt_read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	*v = atoll(buf);
	return 0;
}

static int read_states(int cpu, struct st *s)
{
	int n;

	dt_pin(cpu);
	for (n = 0; n < MAXST; n++)
		if (read_ll(cpu, n, "usage", &s[n].usage) ||
		    read_ll(cpu, n, "time", &s[n].time_us) ||
		    read_ll(cpu, n, "above", &s[n].above) ||
		    read_ll(cpu, n, "below", &s[n].below))
			break;
	dt_pin(0);
	return n;
}

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 10), ncpus = dt_ncpus();
	static struct st a[DT_MAXCPU][MAXST], b[DT_MAXCPU][MAXST];
	int n[DT_MAXCPU], cpu, i, ret = KSFT_PASS;
	char name[MAXST][32], path[128];
	double t0, win;

	if (ncpus < 2 || secs < 1) {
		dt_diag("FAIL: want 2+ CPUs (%d) and secs >= 1", ncpus);
		return KSFT_FAIL;
	}
	dt_pin(0);
	dt_sleep(0.5);
	for (cpu = 1; cpu < ncpus; cpu++)
		n[cpu] = read_states(cpu, a[cpu]);
	t0 = dt_now();
	dt_sleep(secs);
	for (cpu = 1; cpu < ncpus; cpu++)
		if (read_states(cpu, b[cpu]) != n[cpu])
			n[cpu] = 0;
	win = (dt_now() - t0) * 1e6;

	for (i = 0; i < n[1] && i < MAXST; i++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu1/cpuidle/state%d/name", i);
		if (dt_read_file(path, name[i], sizeof(name[i])) <= 0)
			snprintf(name[i], sizeof(name[i]), "state%d", i);
		name[i][strcspn(name[i], "\n")] = '\0';
	}
	for (cpu = 1; cpu < ncpus; cpu++) {
		double deep, poll = 0;
		int d = n[cpu] - 1;

		if (n[cpu] < 2) {
			dt_diag("FAIL: cpu%d has %d cpuidle states (no driver with 2+ states?)",
				cpu, n[cpu]);
			ret = KSFT_FAIL;
			continue;
		}
		for (i = 0; i < n[cpu]; i++) {
			struct st *x = &a[cpu][i], *y = &b[cpu][i];
			double share = (y->time_us - x->time_us) / win;

			dt_diag("cpu%d %-14s usage/s=%.1f time=%.1f%% above=%lld below=%lld",
				cpu, name[i], (y->usage - x->usage) / (win / 1e6),
				100 * share, y->above - x->above,
				y->below - x->below);
			if (!strcmp(name[i], "POLL"))
				poll = share;
		}
		deep = (b[cpu][d].time_us - a[cpu][d].time_us) / win;
		if (deep < 0.9 || poll > 0.05) {
			dt_diag("FAIL: cpu%d: %.1f%% in %s (want >= 90%%), %.1f%% polling (want <= 5%%)",
				cpu, 100 * deep, name[d], 100 * poll);
			ret = KSFT_FAIL;
		}
	}
	return ret;
}
