// SPDX-License-Identifier: GPL-2.0
/*
 * idle_stat [secs=10]: the idle time of an idle CPU in /proc/stat must
 * advance with the clock, second by second.  This process sleeps on CPU0,
 * CPUs 1..n-1 have nothing to run.  Every 1 s it reads the "cpuN" lines
 * of /proc/stat; for each idle CPU and each interval the idle field (the
 * 4th number, in USER_HZ units) must grow by 0.5 to 1.5 s per second of
 * CLOCK_MONOTONIC.
 *
 * Without NO_HZ_COMMON the idle time is only accounted by the tick
 * (kcpustat), and a CPU whose tick is stopped looks frozen to top and
 * mpstat, then jumps when its tick restarts.  With NO_HZ_COMMON
 * get_idle_time() reads the nohz idle clock, which includes the idle
 * period in progress.
 */
#include "dt.h"

#define MAXS	1000

/* Idle field of each "cpuN" line of /proc/stat, in USER_HZ units. */
static int stat_idle(long long *idle, int ncpus, double *mono)
{
	static char buf[1 << 14];
	double t0 = dt_now();
	char *p = buf;
	int cpu, got = 0;
	long long v[4];

	if (dt_read_file("/proc/stat", buf, sizeof(buf)) <= 0)
		return -1;
	*mono = (t0 + dt_now()) / 2;
	while ((p = strstr(p, "\ncpu"))) {
		p++;
		if (sscanf(p, "cpu%d %lld %lld %lld %lld", &cpu, &v[0], &v[1],
			   &v[2], &v[3]) == 5 && cpu >= 0 && cpu < ncpus) {
			idle[cpu] = v[3];
			got++;
		}
	}
	return got == ncpus ? 0 : -1;
}

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 10), ncpus = dt_ncpus();
	long user_hz = sysconf(_SC_CLK_TCK);
	static long long idle[MAXS + 1][DT_MAXCPU];
	double mono[MAXS + 1], rate;
	int i, cpu, ret = KSFT_PASS, n;
	char line[512];

	if (secs < 1 || secs > MAXS || ncpus < 2) {
		dt_diag("FAIL: want 1..%d s and 2+ CPUs (%d online)", MAXS,
			ncpus);
		return KSFT_FAIL;
	}
	dt_pin(0);
	dt_diag("USER_HZ=%ld, %d x 1 s, CPUs 1-%d idle: idle s per s in [0.5, 1.5]",
		user_hz, secs, ncpus - 1);
	dt_sleep(0.5);
	if (stat_idle(idle[0], ncpus, &mono[0])) {
		dt_diag("FAIL: cannot read the cpuN lines of /proc/stat");
		return KSFT_FAIL;
	}
	for (i = 1; i <= secs; i++) {
		if (mono[0] + i > dt_now())
			dt_sleep(mono[0] + i - dt_now());
		if (stat_idle(idle[i], ncpus, &mono[i])) {
			dt_diag("FAIL: cannot read the cpuN lines of /proc/stat");
			return KSFT_FAIL;
		}
		n = snprintf(line, sizeof(line), "t=%5.2f dt=%.3f idle s/s:",
			     mono[i] - mono[0], mono[i] - mono[i - 1]);
		for (cpu = 1; cpu < ncpus; cpu++) {
			rate = (double)(idle[i][cpu] - idle[i - 1][cpu]) /
			       user_hz / (mono[i] - mono[i - 1]);
			n += snprintf(line + n, sizeof(line) - n,
				      " cpu%d %.2f%s", cpu, rate,
				      rate < 0.5 || rate > 1.5 ? "!" : "");
			if (rate < 0.5 || rate > 1.5)
				ret = KSFT_FAIL;
			if (n >= (int)sizeof(line))
				n = sizeof(line) - 1;
		}
		dt_diag("%s", line);
	}
	for (cpu = 1; cpu < ncpus; cpu++)
		dt_diag("cpu%d: idle %.2f s in %.3f s", cpu,
			(double)(idle[secs][cpu] - idle[0][cpu]) / user_hz,
			mono[secs] - mono[0]);
	if (ret)
		dt_diag("FAIL: an idle CPU's idle time (marked !) did not advance with the clock");
	return ret;
}
