// SPDX-License-Identifier: GPL-2.0
/*
 * blocked_decay [rounds=5]: the utilization a task leaves behind on the
 * CPU it went to sleep on decays while that CPU sleeps, as long as
 * another CPU is busy.  A CPU updates its own blocked averages from its
 * tick; a CPU whose tick is stopped cannot, and the busy CPUs' ticks kick
 * the idle load balancer (nohz_balancer_kick(), NOHZ_STATS_KICK) to
 * update them for it.  Without that a sleeping CPU keeps the utilization
 * of the last task that ran there for as long as it sleeps, and
 * schedutil and task placement take it for a busy CPU.
 *
 * Each round: a child spins 300 ms on CPU1 (CPU1's util_avg grows to
 * near 1024), tells the parent and sleeps in pause(); the parent, on
 * CPU0, spins for one second and reads CPU1's util_avg from the
 * scheduler's debugfs file.  A second is 31 PELT half-lives: a CPU that
 * kept more than half the scale (KEPT) had less than one half-life of
 * its sleep accounted.  Fails when 2 or more of @rounds keep more than
 * half.  The smp-nohz boot runs the same test as the control.
 */
#include "dt.h"

#define KEPT	512	/* half of SCHED_CAPACITY_SCALE */
#define DEBUG	"/sys/kernel/debug/sched/debug"

/* The root cfs_rq's util_avg of @cpu, or -1 */
static long cpu_util(int cpu)
{
	static char buf[1 << 20];
	char head[32], *p;

	if (dt_read_file(DEBUG, buf, sizeof(buf)) < 0)
		return -1;
	snprintf(head, sizeof(head), "\ncfs_rq[%d]:", cpu);
	p = strstr(buf, head);
	if (!p)
		return -1;
	p = strstr(p, ".util_avg ");
	if (!p || !(p = strchr(p, ':')))
		return -1;
	return strtol(p + 1, NULL, 10);
}

int main(int argc, char **argv)
{
	int rounds = dt_arg_int(argc, argv, 1, 5), r, kept = 0, fd[2];
	long busy, after;
	pid_t pid;
	char c;

	if (dt_ncpus() < 2) {
		dt_diag("FAIL: needs 2 CPUs, %d online", dt_ncpus());
		return DT_ERROR;
	}
	if (cpu_util(1) < 0) {
		dt_diag("FAIL: no cfs_rq[1] util_avg in %s (SCHED_DEBUG, debugfs?)", DEBUG);
		return DT_ERROR;
	}
	dt_pin(0);
	for (r = 0; r < rounds; r++) {
		if (pipe(fd))
			return DT_ERROR;
		pid = dt_fork_pinned(1);
		if (pid == 0) {
			dt_spin(0.3);
			if (write(fd[1], "s", 1) != 1)
				_exit(1);
			for (;;)	/* asleep until the parent kills it */
				pause();
		}
		close(fd[1]);
		if (read(fd[0], &c, 1) != 1) {
			dt_diag("FAIL: round %d: no word from the child", r);
			return DT_ERROR;
		}
		busy = cpu_util(1);
		dt_spin(1.0);
		after = cpu_util(1);
		dt_stop(pid);
		close(fd[0]);
		kept += after > KEPT;
		dt_diag("round %d: cpu1 util_avg %ld at the end of 300 ms of spinning, %ld after 1 s asleep with cpu0 busy",
			r, busy, after);
	}
	dt_diag("%d of %d rounds kept more than %d of cpu1's utilization", kept, rounds, KEPT);
	return kept >= 2 ? KSFT_FAIL : KSFT_PASS;
}
