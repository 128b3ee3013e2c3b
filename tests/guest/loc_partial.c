// SPDX-License-Identifier: GPL-2.0
/*
 * loc_partial [secs=20]: CPU0 runs a busy loop, the others idle.  The busy
 * CPU must keep its tick (>= 80% of HZ), the idle ones must not
 * (<= 5% of HZ each).  The measuring process sleeps on CPU1.
 */
#include "dt.h"

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 20);
	int hz = dt_hz(), i, ret = KSFT_PASS;
	double lo = hz * 0.05, hi = hz * 0.8;
	struct dt_rates r;

	if (dt_need_cpus(2))
		return KSFT_SKIP;
	dt_diag("HZ=%d, window %d s, cpu0 busy: cpu0 LOC/s >= %.1f, others <= %.1f",
		hz, secs, hi, lo);
	if (dt_measure_busy(0, 1, secs, &r))
		return DT_ERROR;
	for (i = 0; i < r.n; i++) {
		int bad = r.cpu[i] == 0 ? r.loc[i] < hi : r.loc[i] > lo;

		dt_diag("cpu%d%s LOC/s=%.1f%s", r.cpu[i],
			r.cpu[i] == 0 ? " (busy)" : "", r.loc[i],
			bad ? (r.cpu[i] == 0 ? " < limit" : " > limit") : "");
		if (bad)
			ret = KSFT_FAIL;
	}
	if (r.irq0 >= 0)
		dt_diag("IRQ0/s=%.1f", r.irq0);
	return ret;
}
