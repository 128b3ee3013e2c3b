// SPDX-License-Identifier: GPL-2.0
/*
 * callfunc_ipi: from CPU0, run smp_call_function_single() on each other
 * CPU through the dyn-tick selftest file, 20 times per CPU with 50 ms idle
 * gaps, with dyn-tick enabled, and 20 times with it disabled (sysfs
 * enable=0, every CPU ticking), one after the other, so that both sets
 * share the host's load.  Every call must succeed and find jiffies
 * current on the target (stale_ticks <= 1) though it was woken from a
 * stopped tick.  A call may be caught in a stall of the whole VM under
 * TCG: a vCPU thread that the host deschedules holds up both the call
 * and the tick that would have updated jiffies.  Such a call may find
 * them stale by more ticks only if it took that long itself (at least
 * stale_ticks - 1 ticks), never beyond the stall cap of 1 tick + 60 ms;
 * and with dyn-tick there may be no more such calls per CPU than with
 * it disabled, plus one.  Jiffies left stale on a woken CPU by dyn-tick
 * are stale on a prompt call, or more often than in the control.
 */
#include "dt.h"

#define ROUNDS 20

struct calls {
	long maxstale, stallstale;
	double maxms, stallms;
	int errors, stalls, unexplained;
};

/* One call to @cpu, counted in @c (a self-test that could not run: an error) */
static void call(int cpu, struct calls *c)
{
	double ms, tick_ms = 1e3 / dt_hz();
	long late, stale;
	char cmd[32];

	dt_sleep(0.05);
	snprintf(cmd, sizeof(cmd), "ipi %d\n", cpu);
	if (dt_selftest(cmd, &late, &stale, &ms)) {
		c->errors++;
		return;
	}
	if (ms > c->maxms)
		c->maxms = ms;
	if (stale <= 1) {
		if (stale > c->maxstale)
			c->maxstale = stale;
		return;
	}
	/* a stall of the VM makes the call slow as well */
	c->stalls++;
	c->stallstale = stale;
	c->stallms = ms;
	if (ms < (stale - 1) * tick_ms || (stale - 1) * tick_ms > 60)
		c->unexplained++;
}

static void report(int cpu, const char *set, const struct calls *c)
{
	dt_diag("cpu%d, dyn-tick %s: %d calls, %d errors, max stale_ticks=%ld, slowest call %.2f ms; %d stale by more than a tick%s",
		cpu, set, ROUNDS, c->errors, c->maxstale, c->maxms, c->stalls,
		c->unexplained ? " (faster than its staleness or over the stall cap)" : "");
	if (c->stalls)
		dt_diag("cpu%d, dyn-tick %s: the last stale call found %ld ticks in %.2f ms",
			cpu, set, c->stallstale, c->stallms);
}

int main(void)
{
	int ncpus = dt_ncpus(), ret = KSFT_PASS, cpu, i, on;

	if (!dt_have_selftest() || dt_need_cpus(2) || access(DT_ENABLE, W_OK))
		return DT_ERROR;
	dt_restore_enable_on_signals();
	dt_pin(0);
	for (cpu = 1; cpu < ncpus; cpu++) {
		struct calls c[2] = { { .maxstale = -1 }, { .maxstale = -1 } };
		int bad;

		for (on = 1; on >= 0; on--) {
			if (dt_set_enable(on))
				return DT_ERROR;
			for (i = 0; i < ROUNDS; i++)
				call(cpu, &c[!on]);
		}
		report(cpu, "on", &c[0]);
		report(cpu, "off", &c[1]);
		bad = c[0].errors || c[1].errors || c[0].unexplained ||
		      c[0].stalls > c[1].stalls + 1;
		if (bad) {
			dt_diag("cpu%d FAIL: %s", cpu,
				c[0].errors || c[1].errors ? "a call failed" :
				c[0].unexplained ? "jiffies stale on a prompt call" :
				"more stale calls than with dyn-tick disabled, plus one");
			ret = KSFT_FAIL;
		}
	}
	if (dt_set_enable(1))
		return KSFT_FAIL;
	return ret;
}
