// SPDX-License-Identifier: GPL-2.0
/*
 * idle_balance [rounds=5] [limit_ms=500]: two CPU hogs pinned to CPU0
 * are released to every CPU while CPUs 1..n-1 sleep; the time until they
 * run on two different CPUs.  The monitor stays on CPU0 with them (10 ms
 * polls): on another CPU, its own wake-ups would let that CPU pull a hog
 * when it goes idle again.  Nothing else wakes a sleeping CPU for them:
 * with NO_HZ_IDLE the idle load balancer is kicked from CPU0's tick
 * (nohz_balancer_kick()), with periodic ticks every idle CPU balances
 * on its tick.  The median over the rounds must be within limit_ms.
 */
#include "dt.h"

/* The CPU @pid last ran on: field 39 of /proc/PID/stat. */
static int last_cpu(pid_t pid)
{
	char path[64], buf[1024];
	const char *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = dt_stat_field(path, 39, buf, sizeof(buf));
	return f ? atoi(f) : -1;
}

int main(int argc, char **argv)
{
	int rounds = dt_arg_int(argc, argv, 1, 5);
	int limit = dt_arg_int(argc, argv, 2, 500);
	int ncpus = dt_ncpus(), r, i, ret = KSFT_PASS;
	double took[64], med;
	cpu_set_t all;

	if (ncpus < 2 || rounds < 1 || rounds > 64) {
		dt_diag("FAIL: needs 2 CPUs and 1..64 rounds");
		return KSFT_FAIL;
	}
	dt_pin(0);
	CPU_ZERO(&all);
	for (i = 0; i < ncpus; i++)
		CPU_SET(i, &all);
	for (r = 0; r < rounds; r++) {
		pid_t hog[2] = { dt_spawn_busy(0), dt_spawn_busy(0) };
		double t0;
		int a = 0, b = 0;

		dt_sleep(2);	/* CPUs 1..n-1 fall asleep */
		t0 = dt_now();
		sched_setaffinity(hog[0], sizeof(all), &all);
		sched_setaffinity(hog[1], sizeof(all), &all);
		do {
			dt_sleep(0.01);
			a = last_cpu(hog[0]);
			b = last_cpu(hog[1]);
		} while (a == b && dt_now() - t0 < 10);
		took[r] = (dt_now() - t0) * 1e3;
		dt_diag("round %d: hogs on cpu%d and cpu%d after %.0f ms", r + 1,
			a, b, took[r]);
		dt_stop(hog[0]);
		dt_stop(hog[1]);
	}
	qsort(took, rounds, sizeof(*took), dt_cmp_double);
	med = dt_median_sorted(took, rounds);
	dt_diag("time to spread: median %.0f ms, max %.0f ms (limit: median %d ms)",
		med, took[rounds - 1], limit);
	if (med > limit)
		ret = KSFT_FAIL;
	return ret;
}
