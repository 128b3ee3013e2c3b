// SPDX-License-Identifier: GPL-2.0
/*
 * long_sleep [secs=12]: the whole guest idles for @secs in one sleep,
 * longer than the clocksource's max deferment (boot with
 * clocksource=acpi_pm: 2.08 s), and dyn-tick's per-CPU sleep counters
 * (/sys/kernel/debug/dyn_tick/sleeps, series patch 0024) show how the
 * sleep was split.  Passes when:
 *  - no CPU ever slept longer than the max deferment + 1 tick + 60 ms
 *    (the lateness judge's stall cap) while it kept jiffies: the bound
 *    that keeps the clocksource from wrapping unseen holds;
 *  - at least one sleep during the test was capped, if @secs is over
 *    twice the max deferment: the long sleep was split.  (Which CPUs are
 *    bound is tick-sched's rule: the one keeping jiffies, or, while none
 *    does, each that kept them last; so in an idle guest several are.)
 *  - jiffies follow CLOCK_MONOTONIC within one tick over the test
 *    (dt_jiffies_offset(), as jiffies_load).
 */
#include "dt.h"

#define SLEEPS	DT_DEBUGFS "/sleeps"

struct row {
	unsigned long sleeps, capped;
	unsigned long long ticks, longest_us, keeper_us;
};

/* Read the counters into @r[DT_MAXCPU]; the max deferment in us, or -1 */
static long long read_sleeps(struct row *r, int *ncpu)
{
	char buf[4096], *line, *save = NULL;
	long long defer = -1;
	int cpu;

	*ncpu = 0;
	if (dt_read_file(SLEEPS, buf, sizeof(buf)) < 0) {
		dt_diag("FAIL: cannot read %s: %s", SLEEPS, strerror(errno));
		return -1;
	}
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct row x;

		if (sscanf(line, "max_deferment_us %lld", &defer) == 1)
			continue;
		if (sscanf(line, "%d %lu %lu %llu %llu %llu", &cpu, &x.sleeps,
			   &x.capped, &x.ticks, &x.longest_us,
			   &x.keeper_us) != 6 || cpu < 0 || cpu >= DT_MAXCPU)
			continue;
		r[cpu] = x;
		if (cpu + 1 > *ncpu)
			*ncpu = cpu + 1;
	}
	if (defer <= 0 || !*ncpu) {
		dt_diag("FAIL: %s: no max_deferment_us or no CPU line", SLEEPS);
		return -1;
	}
	return defer;
}

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 12), hz = dt_hz();
	struct row a[DT_MAXCPU] = { 0 }, b[DT_MAXCPU] = { 0 };
	unsigned long capped = 0;
	double off0, off1, cap_us;
	long long defer;
	int n, i, ret = KSFT_PASS;

	if (secs <= 0 || read_sleeps(a, &n) < 0)
		return KSFT_FAIL;
	off0 = dt_jiffies_offset(hz, 0.1);
	dt_sleep(secs);
	off1 = dt_jiffies_offset(hz, 0.1);
	defer = read_sleeps(b, &n);
	if (defer < 0)
		return KSFT_FAIL;
	cap_us = defer + 1e6 / hz + 60e3;

	dt_diag("%d s idle, max deferment %.3f s: keeper's bound %.3f s",
		secs, defer / 1e6, cap_us / 1e6);
	for (i = 0; i < n; i++) {
		int bad = b[i].keeper_us > cap_us;

		dt_diag("cpu%d: %lu sleeps, %lu capped, %llu ticks skipped, longest since boot %.3f s, as jiffies keeper %.3f s%s",
			i, b[i].sleeps - a[i].sleeps, b[i].capped - a[i].capped,
			b[i].ticks - a[i].ticks, b[i].longest_us / 1e6,
			b[i].keeper_us / 1e6, bad ? " OVER THE BOUND" : "");
		capped += b[i].capped - a[i].capped;
		if (bad)
			ret = KSFT_FAIL;
	}
	if (secs * 1e6 > 2 * defer && !capped) {
		dt_diag("FAIL: no sleep was capped: the %d s sleep was not split",
			secs);
		ret = KSFT_FAIL;
	}
	dt_diag("jiffies offset from CLOCK_MONOTONIC: %.3f -> %.3f ticks",
		off0, off1);
	if (isnan(off0) || isnan(off1) || fabs(off1 - off0) > 1) {
		dt_diag("FAIL: jiffies moved against CLOCK_MONOTONIC by more than 1 tick");
		ret = KSFT_FAIL;
	}
	return ret;
}
