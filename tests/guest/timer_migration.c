// SPDX-License-Identifier: GPL-2.0
/*
 * timer_migration [rounds=3]: an unpinned timer armed on an idle CPU runs
 * on a busy one (kernel.timer_migration=1, as with NO_HZ), and on the CPU
 * that armed it with kernel.timer_migration=0: both settings are checked
 * in the same boot, so the test fails if the sysctl does nothing.  From
 * CPU0, busy writing the self-test file, each other CPU arms a 20 ms
 * timer from an IPI ("migrate CPU 20").  A CPU that was running something
 * else when the IPI came is not idle and rightly keeps the timer: such a
 * sample is retried (up to 5 times) with migration on.  The timer must
 * also run on time wherever it went (1 tick + 6 ms, one sample up to
 * 1 tick + 25 ms, as remote_timer): a timer moved to a CPU that then
 * sleeps must not be stranded there.
 */
#include "dt.h"

#define SYSCTL_MIGRATION "/proc/sys/kernel/timer_migration"
#define TRIES 5

/* One sample: 0 if the timer went where @migrate says, on time. */
static int sample(int migrate, int cpu, long *over)
{
	long tick_us = 1000000L / dt_hz();
	long lim_us = tick_us + 6000, max_us = tick_us + 25000;
	long late = -1, stale = -1;
	int try, ran_on = -1, idle = -1, moved;
	char cmd[64];
	double took;

	snprintf(cmd, sizeof(cmd), "migrate %d 20\n", cpu);
	for (try = 1; try <= TRIES; try++) {
		/* Let the target settle into idle first. */
		dt_sleep(0.2);
		if (dt_selftest_on(cmd, &late, &stale, &ran_on, &idle, &took))
			return -1;
		if (!migrate || idle == 1)
			break;
		dt_diag("timer_migration=1: cpu%d was busy when it armed the timer (ran on cpu%d): retried",
			cpu, ran_on);
	}
	if (try > TRIES) {
		dt_diag("FAIL: cpu%d busy at each of %d tries", cpu, TRIES);
		return -1;
	}
	moved = ran_on != cpu;
	dt_diag("timer_migration=%d: armed on cpu%d (%s), ran on cpu%d, late_us=%ld (limit %ld) stale_ticks=%ld%s",
		migrate, cpu, idle == 1 ? "idle" : "busy", ran_on, late,
		lim_us, stale,
		moved != migrate ? (migrate ? " FAIL: not moved" : " FAIL: moved") :
		late > max_us || stale > 1 ? " FAIL: late" :
		late > lim_us ? " (outlier)" : "");
	*over += late > lim_us;
	return moved != migrate || late > max_us || stale > 1 ? -1 : 0;
}

/* Every sample of one setting; 0 if all went right. */
static int check_setting(int migrate, int rounds, int ncpus, long *over)
{
	int ret = 0, cpu, r;

	if (dt_write_file(SYSCTL_MIGRATION, migrate ? "1\n" : "0\n")) {
		dt_diag("cannot write %s", SYSCTL_MIGRATION);
		return -1;
	}
	for (r = 0; r < rounds; r++)
		for (cpu = 1; cpu < ncpus; cpu++)
			if (sample(migrate, cpu, over))
				ret = -1;
	return ret;
}

int main(int argc, char **argv)
{
	int rounds = dt_arg_int(argc, argv, 1, 3);
	int ncpus = dt_ncpus(), ret = KSFT_PASS;
	char old[16] = "1\n";
	long over = 0;

	if (!dt_have_selftest())
		return KSFT_SKIP;
	if (dt_need_cpus(2))
		return KSFT_SKIP;
	if (dt_read_file(SYSCTL_MIGRATION, old, sizeof(old)) <= 0) {
		dt_diag("no %s: the kernel has no timer migration",
			SYSCTL_MIGRATION);
		return KSFT_FAIL;
	}
	dt_pin(0);
	if (check_setting(1, rounds, ncpus, &over))
		ret = KSFT_FAIL;
	if (check_setting(0, rounds, ncpus, &over))
		ret = KSFT_FAIL;
	dt_write_file(SYSCTL_MIGRATION, old);
	if (over > 1) {
		dt_diag("%ld samples over the tight limit (at most 1)", over);
		ret = KSFT_FAIL;
	}
	return ret;
}
