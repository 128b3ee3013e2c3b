// SPDX-License-Identifier: GPL-2.0
/*
 * loc_periodic [secs=5]: with the tick not stopped (dyntick=off, enable=0)
 * no CPU skips a tick: the ticks_skipped counts of debugfs
 * dyn_tick/sleeps stay put over the window.  Each CPU's local timer
 * interrupts a second are printed, not judged: a periodic tick under
 * TCG takes a late interrupt and then the next period, not the ticks it
 * missed, and with dyntick=off (mainline's tick-sched alone) the CPUs
 * took 171-177 LOC/s at HZ=250 in one run and 227-236 in others.  Not
 * for the PIT topology (CPU0 has no LOC there).
 */
#include "dt.h"

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 5), i, ret = KSFT_PASS;
	unsigned long long a[DT_MAXCPU] = { 0 }, b[DT_MAXCPU] = { 0 };
	struct dt_rates r;

	dt_diag("HZ=%d, window %d s: no CPU may skip a tick", dt_hz(), secs);
	if (dt_ticks_skipped(a) || dt_measure(secs, &r) || dt_ticks_skipped(b))
		return KSFT_FAIL;
	for (i = 0; i < r.n; i++) {
		int c = r.cpu[i], bad = b[c] != a[c];

		dt_diag("cpu%d LOC/s=%.1f, %llu ticks skipped%s", c, r.loc[i],
			b[c] - a[c], bad ? " FAIL" : "");
		if (bad)
			ret = KSFT_FAIL;
	}
	if (r.irq0 >= 0)
		dt_diag("IRQ0/s=%.1f", r.irq0);
	return ret;
}
