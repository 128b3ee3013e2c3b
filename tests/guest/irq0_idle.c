// SPDX-License-Identifier: GPL-2.0
/*
 * irq0_idle [secs=20]: PIT topology (nolapic_timer hpet=disable).  With
 * every CPU idle, the PIT's IRQ0 must fire at most HZ/5 times per second
 * and every CPU must take at most 5% of HZ local timer interrupts (the
 * broadcast IPIs that stand in for the lapic timer).
 */
#include "dt.h"

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 20);
	int hz = dt_hz(), i, ret = KSFT_PASS;
	double lim = hz * 0.05, lim0 = hz / 5.0;
	struct dt_rates r;

	dt_diag("HZ=%d, idle window %d s: IRQ0/s <= %.1f, LOC/s <= %.1f per CPU",
		hz, secs, lim0, lim);
	if (dt_measure(secs, &r))
		return DT_ERROR;
	if (r.irq0 < 0) {
		dt_diag("no ' 0:' line in /proc/interrupts");
		return DT_ERROR;
	}
	dt_diag("IRQ0/s=%.1f%s", r.irq0, r.irq0 > lim0 ? " > limit" : "");
	if (r.irq0 > lim0)
		ret = KSFT_FAIL;
	for (i = 0; i < r.n; i++) {
		int bad = r.loc[i] > lim;

		dt_diag("cpu%d LOC/s=%.1f%s", r.cpu[i], r.loc[i],
			bad ? " > limit" : "");
		if (bad)
			ret = KSFT_FAIL;
	}
	return ret;
}
