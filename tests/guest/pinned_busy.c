// SPDX-License-Identifier: GPL-2.0
/*
 * pinned_busy [rounds=3]: a timer pinned to a sleeping CPU runs on time
 * while CPU0 is busy, against dyn-tick disabled in the same boot.  A
 * task spins on CPU0 throughout; from CPU0 each other CPU gets a 20 ms
 * timer of its own, armed there from an IPI (self-test "pinned CPU 20",
 * from 6.9) and armed from CPU0 with add_timer_on() ("timer CPU 20",
 * which must kick the sleeping CPU), with dyn-tick enabled and then disabled
 * (sysfs enable=0, every CPU ticking), round after round, so that both
 * sets share the host's load.  Under TCG a busy vCPU takes a host CPU
 * from the one that must run the timer (4 vCPUs on 2 host CPUs), and
 * such timers came out up to 3 ticks late: whether that is TCG or
 * dyn-tick, the control decides.  With dyn-tick no more samples may be
 * late (over 1 tick + 6 ms) than with it disabled, plus one; none later
 * than the control's latest + 1 tick + 25 ms; no more may find jiffies
 * stale by 2 ticks or more (timer_migration's rule).  Every timer must
 * run on the CPU it was pinned to.
 */
#include "dt.h"

static struct dt_vs_ctl vs;

/* One sample on @cpu, dyn-tick @on; 0 if the timer ran where it should */
static int sample(const char *what, int cpu, int on)
{
	long late, stale;
	int ran_on = -1;
	char cmd[64];
	double took;

	snprintf(cmd, sizeof(cmd), "%s %d 20\n", what, cpu);
	dt_sleep(0.2);		/* let the target settle into idle */
	if (dt_selftest_on(cmd, &late, &stale, &ran_on, NULL, NULL, &took))
		return -1;
	dt_diag("%s: cpu%d, dyn-tick %s: ran on cpu%d, late_us=%ld stale_ticks=%ld%s",
		what, cpu, on ? "on" : "off", ran_on, late, stale,
		ran_on != cpu ? " FAIL: not on its CPU" : "");
	dt_vs_ctl_add(&vs, !on, late, stale);
	return ran_on != cpu ? -1 : 0;
}

int main(int argc, char **argv)
{
	int rounds = dt_arg_int(argc, argv, 1, 3);
	int ncpus = dt_ncpus(), ret = KSFT_PASS, r, cpu, on;
	const char *what[2] = { "timer", "pinned" };
	int kinds = dt_kernel_at_least(6, 9) ? 2 : 1, k;
	pid_t hog;

	if (!dt_have_selftest() || dt_need_cpus(2) || access(DT_ENABLE, W_OK))
		return DT_ERROR;
	dt_restore_enable_on_signals();
	dt_pin(0);
	hog = dt_spawn_busy(0);
	for (r = 0; r < rounds && ret == KSFT_PASS; r++)
		for (on = 1; on >= 0; on--) {
			if (dt_set_enable(on)) {
				ret = DT_ERROR;
				break;
			}
			for (k = 0; k < kinds; k++)
				for (cpu = 1; cpu < ncpus; cpu++)
					if (sample(what[k], cpu, on))
						ret = KSFT_FAIL;
		}
	dt_stop(hog);
	if (dt_set_enable(1))
		return KSFT_FAIL;
	if (ret != KSFT_PASS)
		return ret;
	if (dt_vs_ctl_judge(&vs, "CPU0 busy; ", "with it off")) {
		dt_diag("FAIL: pinned timers later than with dyn-tick disabled");
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
