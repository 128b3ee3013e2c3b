// SPDX-License-Identifier: GPL-2.0
/*
 * suspend_core [cycles=2]: suspend to RAM @cycles times with
 * /sys/power/pm_test set to "core": tasks are frozen, devices suspended,
 * CPUs 1-3 taken down, then timekeeping and the tick (syscore) suspended
 * for pm_test_delay (5 s) on CPU0 with interrupts off, and everything
 * resumed, without entering the firmware.  After each cycle:
 *  - the write of "mem" to /sys/power/state succeeded;
 *  - every CPU online before is online again;
 *  - the suspend was real: CLOCK_BOOTTIME gained over CLOCK_MONOTONIC
 *    (timekeeping_resume() injects the time the clocksource was suspended,
 *    read from the RTC) at least 2 s of the 5 s delay;
 *  - jiffies follow CLOCK_MONOTONIC within one tick, as before the
 *    suspend (dt_jiffies_offset(), as jiffies_load);
 *  - on every CPU, 10 clock_nanosleep()s of 20 ms are on time
 *    (dt_judge_lateness(), the accuracy tests' limits): each CPU's tick
 *    came back.
 * Then, if the kernel has dyn-tick, it drives every CPU again (sysfs
 * active_cpus), and CPUs 1-3 are back at the tickless floor of loc_idle
 * (LOC/s <= 5% of HZ over 5 s): they skip ticks again.
 */
#include "dt.h"

#define PM	"/sys/power"

static double boot_minus_mono(void)
{
	struct timespec b, m;

	clock_gettime(CLOCK_MONOTONIC, &m);
	clock_gettime(CLOCK_BOOTTIME, &b);
	return (b.tv_sec - m.tv_sec) + (b.tv_nsec - m.tv_nsec) / 1e9;
}

/* 10 sleeps of 20 ms pinned to @cpu; 1 if late or early */
static int timers_on_time(int cpu)
{
	struct dt_lateness_lim lim;
	double over[10];
	char what[32];

	dt_pin(cpu);
	dt_oversleep(20, 10, over);
	dt_lateness_limits(cpu, 6, &lim);
	snprintf(what, sizeof(what), "cpu%d late", cpu);
	return dt_judge_lateness(what, 20, over, 10, &lim);
}

static int cycle(int n, int ncpus, int hz)
{
	double off0, off1, bm0, gained, t0;
	char online[64];
	int err, cpu, ret = 0;

	dt_pin(0);	/* CPU0 stays online through the suspend */
	off0 = dt_jiffies_offset(hz, 0.1);
	bm0 = boot_minus_mono();
	t0 = dt_now();
	err = dt_write_file(PM "/state", "mem");
	if (err) {
		dt_diag("FAIL: cycle %d: echo mem > %s/state: %s", n, PM,
			strerror(-err));
		return 1;
	}
	gained = boot_minus_mono() - bm0;
	off1 = dt_jiffies_offset(hz, 0.1);
	dt_diag("cycle %d: suspend took %.3f s of CLOCK_MONOTONIC, CLOCK_BOOTTIME gained %.3f s; jiffies offset %.3f -> %.3f ticks",
		n, dt_now() - t0, gained, off0, off1);
	if (gained < 2) {
		dt_diag("FAIL: the suspend did not reach the core (BOOTTIME gained %.3f s)",
			gained);
		ret = 1;
	}
	if (isnan(off0) || isnan(off1) || fabs(off1 - off0) > 1) {
		dt_diag("FAIL: jiffies moved against CLOCK_MONOTONIC by more than 1 tick");
		ret = 1;
	}
	if (dt_ncpus() != ncpus) {
		dt_read_file("/sys/devices/system/cpu/online", online,
			     sizeof(online));
		dt_diag("FAIL: %d CPUs online after resume, %d before (online: %s)",
			dt_ncpus(), ncpus, online);
		return 1;
	}
	for (cpu = 0; cpu < ncpus; cpu++)
		ret |= timers_on_time(cpu);
	return ret;
}

int main(int argc, char **argv)
{
	int cycles = dt_arg_int(argc, argv, 1, 2), hz = dt_hz();
	int ncpus = dt_ncpus(), n, ret = 0;
	char states[128], active[64] = "", want[64];

	if (dt_read_file(PM "/state", states, sizeof(states)) < 0 ||
	    !strstr(states, "mem")) {
		dt_diag("FAIL: no suspend to RAM (%s/state: %s)", PM,
			access(PM "/state", F_OK) ? "missing" : states);
		return KSFT_FAIL;
	}
	if (dt_write_file(PM "/pm_test", "core")) {
		dt_diag("FAIL: cannot select pm_test core (PM_DEBUG?)");
		return KSFT_FAIL;
	}
	for (n = 1; n <= cycles; n++)
		ret |= cycle(n, ncpus, hz);
	dt_write_file(PM "/pm_test", "none");

	if (!access(DT_SYSFS, F_OK)) {
		/* a cpulist: "0" for one CPU, "0-3" for four */
		if (ncpus > 1)
			snprintf(want, sizeof(want), "0-%d", ncpus - 1);
		else
			snprintf(want, sizeof(want), "0");
		if (dt_state_str("active_cpus", active, sizeof(active)) ||
		    strcmp(active, want)) {
			dt_diag("FAIL: dyn-tick drives CPUs '%s', not %s",
				active, want);
			ret = 1;
		}
	}
	dt_pin(0);
	ret |= dt_check_idle_loc(5, 1) != 0;
	return ret ? KSFT_FAIL : KSFT_PASS;
}
