// SPDX-License-Identifier: GPL-2.0
/*
 * irq0_busy [secs=10]: PIT topology.  While CPU1 spins, the PIT must tick
 * at (nearly) HZ again - IRQ0/s >= 80% of HZ - while CPUs 2..n-1 stay
 * tickless (LOC/s <= 5% of HZ).  The measuring process sleeps on CPU0.
 */
#include "dt.h"

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 10);
	int hz = dt_hz(), i, ret = KSFT_PASS;
	double lim = hz * 0.05, lim0 = hz * 0.8;
	struct dt_rates r;

	if (dt_need_cpus(2))
		return KSFT_SKIP;
	dt_diag("HZ=%d, window %d s, cpu1 busy: IRQ0/s >= %.1f, cpu2.. LOC/s <= %.1f",
		hz, secs, lim0, lim);
	if (dt_measure_busy(1, 0, secs, &r))
		return KSFT_FAIL;
	if (r.irq0 < 0) {
		dt_diag("FAIL: no ' 0:' line in /proc/interrupts");
		return KSFT_FAIL;
	}
	dt_diag("IRQ0/s=%.1f%s", r.irq0, r.irq0 < lim0 ? " < limit" : "");
	if (r.irq0 < lim0)
		ret = KSFT_FAIL;
	for (i = 0; i < r.n; i++) {
		int checked = r.cpu[i] >= 2, bad = checked && r.loc[i] > lim;

		dt_diag("cpu%d LOC/s=%.1f%s%s", r.cpu[i], r.loc[i],
			r.cpu[i] == 1 ? " (busy)" : "",
			bad ? " > limit" : "");
		if (bad)
			ret = KSFT_FAIL;
	}
	return ret;
}
