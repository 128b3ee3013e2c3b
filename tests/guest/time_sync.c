// SPDX-License-Identifier: GPL-2.0
/*
 * time_sync [secs=60]: over a mostly idle window, jiffies must keep up
 * with CLOCK_MONOTONIC (within 2 ticks), /proc/uptime must advance with
 * it (within 1% + 0.05 s), and the idle time in /proc/stat must cover at
 * least 80% and at most 102% of ncpus * the window.
 */
#include "dt.h"

/* /proc/uptime, first field (seconds). */
static double uptime(void)
{
	char buf[128];

	if (dt_read_file("/proc/uptime", buf, sizeof(buf)) <= 0)
		return -1;
	return strtod(buf, NULL);
}

/* /proc/stat "cpu" line, idle field, in USER_HZ ticks. */
static long long stat_idle(void)
{
	char buf[256];
	long long v[4];

	if (dt_read_file("/proc/stat", buf, sizeof(buf)) <= 0 ||
	    sscanf(buf, "cpu %lld %lld %lld %lld", &v[0], &v[1], &v[2],
		   &v[3]) != 4)
		return -1;
	return v[3];
}

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 60);
	int hz = dt_hz(), ncpus = dt_ncpus(), ret = KSFT_PASS, chunk = 0;
	long user_hz = sysconf(_SC_CLK_TCK);
	struct dt_clk a, b;
	double up0, up1, dmono, dup, drift, lo, hi, idle_s;
	long long idle0, idle1;

	up0 = uptime();
	idle0 = stat_idle();
	dt_clk_read(&a);
	if (a.jiffies < 0 || up0 < 0 || idle0 < 0) {
		dt_diag("cannot read jiffies, /proc/uptime or /proc/stat");
		return KSFT_FAIL;
	}
	dt_diag("HZ=%d USER_HZ=%ld ncpus=%d window %d s (sleeping 1-5 s at a time)",
		hz, user_hz, ncpus, secs);
	while (dt_now() - a.mono < secs) {
		double left = secs - (dt_now() - a.mono);
		double s = 1 + chunk++ % 5;

		dt_sleep(s < left ? s : left);
	}
	dt_clk_read(&b);
	up1 = uptime();
	idle1 = stat_idle();

	dmono = b.mono - a.mono;
	drift = dt_clk_drift(&a, &b, hz);
	dt_diag("mono: %.6f s = %.1f ticks; jiffies: %lld -> %lld (+%lld); drift %.2f ticks (limit 2)",
		dmono, dmono * hz, a.jiffies, b.jiffies,
		b.jiffies - a.jiffies, drift);
	if (fabs(drift) > 2) {
		dt_diag("FAIL: jiffies and CLOCK_MONOTONIC disagree");
		ret = KSFT_FAIL;
	}

	dup = up1 - up0;
	dt_diag("uptime: %.2f -> %.2f (+%.2f s), allowed %.2f +- %.2f s",
		up0, up1, dup, dmono, dmono * 0.01 + 0.05);
	if (fabs(dup - dmono) > dmono * 0.01 + 0.05) {
		dt_diag("FAIL: /proc/uptime does not follow CLOCK_MONOTONIC");
		ret = KSFT_FAIL;
	}

	idle_s = (double)(idle1 - idle0) / user_hz;
	lo = 0.8 * ncpus * dmono;
	hi = 1.02 * ncpus * dmono;
	dt_diag("idle: %lld -> %lld (+%.2f s over %d CPUs), allowed %.2f..%.2f s",
		idle0, idle1, idle_s, ncpus, lo, hi);
	if (idle_s < lo || idle_s > hi) {
		dt_diag("FAIL: /proc/stat idle time out of range");
		ret = KSFT_FAIL;
	}
	return ret;
}
