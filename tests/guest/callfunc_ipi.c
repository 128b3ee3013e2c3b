// SPDX-License-Identifier: GPL-2.0
/*
 * callfunc_ipi: from CPU0, run smp_call_function_single() on each other
 * CPU through the dyn-tick selftest file, 20 times per CPU with 50 ms idle
 * gaps.  Every call must succeed and find jiffies current on the target
 * (stale_ticks <= 1) though it was woken from a stopped tick.  As in the
 * lateness judge (dt_judge_lateness()), one call of the 20 may be caught
 * in a stall of the whole VM under TCG: a vCPU thread that the host
 * deschedules holds up both the call and the tick that would have updated
 * jiffies.  That call may find them stale by more ticks only if it took
 * that long itself (at least stale_ticks - 1 ticks), and never beyond the
 * stall cap of 1 tick + 60 ms.  Jiffies left stale on a woken CPU by
 * dyn-tick are stale on a prompt call, or more than once.
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
		long maxstale = -1, stallstale = 0, late, stale;
		double maxms = 0, stallms = 0, tick_ms = 1e3 / dt_hz();
		int errors = 0, stalls = 0, unexplained = 0, bad;

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
			if (stale <= 1) {
				if (stale > maxstale)
					maxstale = stale;
				continue;
			}
			/* a stall of the VM makes the call slow as well */
			stalls++;
			stallstale = stale;
			stallms = ms;
			if (ms < (stale - 1) * tick_ms || (stale - 1) * tick_ms > 60)
				unexplained++;
		}
		bad = errors || maxstale > 1 || stalls > 1 || unexplained;
		dt_diag("cpu%d: %d calls, %d errors, max stale_ticks=%ld, slowest call %.2f ms%s",
			cpu, ROUNDS, errors, maxstale, maxms, bad ? " FAIL" : "");
		if (stalls)
			dt_diag("cpu%d: %d call(s) found jiffies stale by more than a tick, the last %ld ticks in a %.2f ms call (%s)",
				cpu, stalls, stallstale, stallms,
				stalls > 1 ? "more than one: FAIL" :
				unexplained ? "faster than its staleness or over the stall cap: FAIL" :
				"one stall of the VM");
		if (bad)
			ret = KSFT_FAIL;
	}
	return ret;
}
