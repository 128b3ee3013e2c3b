// SPDX-License-Identifier: GPL-2.0
/*
 * loc_idle [secs=20]: with every CPU idle (this test only sleeps), each
 * online CPU must take at most 5% of HZ local timer interrupts per second.
 */
#include "dt.h"

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 20);
	int hz = dt_hz(), i, ret = KSFT_PASS;
	double lim = hz * 0.05;
	struct dt_rates r;

	dt_diag("HZ=%d, idle window %d s, limit LOC/s <= %.1f per CPU",
		hz, secs, lim);
	if (dt_measure(secs, &r))
		return KSFT_FAIL;
	for (i = 0; i < r.n; i++) {
		int bad = r.loc[i] > lim;

		dt_diag("cpu%d LOC/s=%.1f%s", r.cpu[i], r.loc[i],
			bad ? " > limit" : "");
		if (bad)
			ret = KSFT_FAIL;
	}
	if (r.irq0 >= 0)
		dt_diag("IRQ0/s=%.1f", r.irq0);
	return ret;
}
