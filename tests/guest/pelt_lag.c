// SPDX-License-Identifier: GPL-2.0
/*
 * pelt_lag [rounds=9]: a task that sleeps on an idle CPU and wakes up on
 * another leaves its sleep behind in its PELT averages.  When a task
 * migrates at wake-up, migrate_task_rq_fair() decays its load and
 * utilization to the source runqueue's last update, and, with the tick
 * stopped there, that update may be long past: migrate_se_pelt_lag()
 * (NO_HZ_COMMON in mainline) estimates the time since from the idle
 * runqueue's clocks.  Without it the task arrives with the utilization
 * it had when it went to sleep, and the scheduler and schedutil take a
 * task that slept a second for a CPU hog.
 *
 * Each round a child spins 300 ms on CPU1 (its util_avg grows to near
 * 1024), sleeps 1 s; meanwhile the parent moves it to CPU2 (allowed CPUs
 * {2}), so the wake-up migrates it; the child then reads its
 * se.avg.util_avg from /proc/self/sched.  32 ms is PELT's half-life: a
 * second asleep leaves nothing of it, and a task that kept more than
 * half (KEPT) had less than one half-life of its sleep accounted.  Single
 * rounds keep some utilization on every kernel (up to 218 with the
 * estimate, 83 on NO_HZ_IDLE; without the estimate, rounds of 0 and 44
 * beside 690-838): the test fails when 2 or more of @rounds keep more
 * than half.  The nohz boot runs the same test as the control.
 */
#include "dt.h"
#include <sys/wait.h>

#define KEPT	512	/* half of SCHED_CAPACITY_SCALE */

static long util_avg(void)
{
	return dt_file_number("/proc/self/sched", "se.avg.util_avg");
}

static void child(int out)
{
	long before, after;

	dt_spin(0.3);
	before = util_avg();
	dt_sleep(1.0);		/* the parent moves us to CPU2 meanwhile */
	after = util_avg();
	dprintf(out, "%ld %ld %d\n", before, after, sched_getcpu());
	_exit(0);
}

int main(int argc, char **argv)
{
	int rounds = dt_arg_int(argc, argv, 1, 9), r, kept = 0, fd[2];
	long before, after;
	cpu_set_t set;
	char line[128];
	int cpu;

	if (dt_ncpus() < 3) {
		dt_diag("FAIL: needs 3 CPUs, %d online", dt_ncpus());
		return DT_ERROR;
	}
	dt_pin(0);
	for (r = 0; r < rounds; r++) {
		pid_t pid;
		FILE *in;

		if (pipe(fd))
			return DT_ERROR;
		pid = dt_fork_pinned(1);
		if (pid == 0) {
			close(fd[0]);
			child(fd[1]);
		}
		close(fd[1]);
		dt_sleep(0.6);	/* the child is asleep on CPU1 by now */
		CPU_ZERO(&set);
		CPU_SET(2, &set);
		if (sched_setaffinity(pid, sizeof(set), &set)) {
			dt_diag("FAIL: sched_setaffinity: %s", strerror(errno));
			return DT_ERROR;
		}
		in = fdopen(fd[0], "r");
		if (!in || !fgets(line, sizeof(line), in) ||
		    sscanf(line, "%ld %ld %d", &before, &after, &cpu) != 3 ||
		    before < 0 || after < 0) {
			dt_diag("FAIL: round %d: no util_avg from the child (SCHED_DEBUG?)",
				r);
			return DT_ERROR;
		}
		fclose(in);
		waitpid(pid, NULL, 0);
		dt_diag("round %d: util_avg %ld after 300 ms of spinning on CPU1, %ld after 1 s asleep, woken on CPU%d",
			r, before, after, cpu);
		if (cpu != 2) {
			dt_diag("FAIL: the child woke on CPU%d, not CPU2", cpu);
			return DT_ERROR;
		}
		kept += after > KEPT;
	}
	dt_diag("%d of %d rounds kept more than half the utilization (%d) over the sleep; 2 or more fail",
		kept, rounds, KEPT);
	return kept >= 2 ? KSFT_FAIL : KSFT_PASS;
}
