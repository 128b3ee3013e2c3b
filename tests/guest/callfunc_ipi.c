// SPDX-License-Identifier: GPL-2.0
/*
 * callfunc_ipi: from CPU0, run smp_call_function_single() on each other
 * CPU through the dyn-tick selftest file, 20 times per CPU with 50 ms idle
 * gaps.  Every call must succeed and find jiffies current on the target
 * (stale_ticks <= 1) though it was woken from a stopped tick.
 */
#include "dt.h"

#define ROUNDS 20

int main(void)
{
	int ncpus = dt_ncpus(), ret = KSFT_PASS, cpu, i;

	if (!dt_have_selftest())
		return KSFT_SKIP;
	if (dt_need_cpus(2))
		return KSFT_SKIP;
	dt_pin(0);
	for (cpu = 1; cpu < ncpus; cpu++) {
		long maxstale = -1, late, stale;
		double maxms = 0;
		int errors = 0;

		for (i = 0; i < ROUNDS; i++) {
			char cmd[32];
			double ms;
			int err;

			dt_sleep(0.05);
			snprintf(cmd, sizeof(cmd), "ipi %d\n", cpu);
			err = dt_selftest(cmd, &late, &stale, &ms);
			if (ms > maxms)
				maxms = ms;
			if (err) {
				errors++;
				continue;
			}
			if (stale > maxstale)
				maxstale = stale;
		}
		dt_diag("cpu%d: %d calls, %d errors, max stale_ticks=%ld, slowest call %.2f ms%s",
			cpu, ROUNDS, errors, maxstale, maxms,
			errors || maxstale > 1 ? " FAIL" : "");
		if (errors || maxstale > 1)
			ret = KSFT_FAIL;
	}
	return ret;
}
