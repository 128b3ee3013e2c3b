// SPDX-License-Identifier: GPL-2.0
/*
 * clock_step [rounds=2]: a CLOCK_REALTIME step reaches sleeping CPUs.
 * On each idle CPU a pinned child sleeps until an absolute
 * CLOCK_REALTIME time 4 s ahead; 1 s later (its CPU asleep, the tick
 * stopped) this process steps CLOCK_REALTIME 2.9 s forward, so the sleep
 * is due 0.1 s after the step.  The child must wake by then plus 1 tick
 * and 25 ms (the suite's cap for any single timer).  The clock is stepped
 * back afterwards.
 *
 * The CPU asleep has programmed its tick device for the old expiry.
 * clock_was_set() must interrupt it so that it looks at its hrtimers
 * again: in low resolution mode it does so only when tick_nohz_active is
 * set; without that the child wakes at the next interrupt that happens
 * to reach its CPU, up to 2.9 s late.
 */
#include "dt.h"

#define AHEAD_S	4
#define WAIT_S	1.0
#define STEP_NS	2900000000LL

static void ts_add(struct timespec *ts, long long ns)
{
	long long t = ts->tv_sec * 1000000000LL + ts->tv_nsec + ns;

	ts->tv_sec = t / 1000000000LL;
	ts->tv_nsec = t % 1000000000LL;
}

static double ts_s(const struct timespec *ts)
{
	return ts->tv_sec + ts->tv_nsec / 1e9;
}

/* Step CLOCK_REALTIME by @ns; returns the new realtime and CLOCK_MONOTONIC */
static int step(long long ns, double *rt, double *mono)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts_add(&ts, ns);
	if (clock_settime(CLOCK_REALTIME, &ts)) {
		dt_diag("clock_settime: %s", strerror(errno));
		return -1;
	}
	*mono = dt_now();
	clock_gettime(CLOCK_REALTIME, &ts);
	*rt = ts_s(&ts);
	return 0;
}

/* One round on @cpu: lateness of the wake-up in s, or NAN */
static double round_on(int cpu)
{
	struct timespec due;
	double rt, mono, woke, rt2, mono2;
	int fd[2], status;
	pid_t pid;

	if (pipe(fd)) {
		dt_diag("pipe: %s", strerror(errno));
		return NAN;
	}
	clock_gettime(CLOCK_REALTIME, &due);
	due.tv_sec += AHEAD_S;
	pid = dt_fork_pinned(cpu);
	if (pid == 0) {
		close(fd[0]);
		while (clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &due,
				       NULL) == EINTR)
			;
		woke = dt_now();
		_exit(write(fd[1], &woke, sizeof(woke)) == sizeof(woke) ? 0 : 1);
	}
	close(fd[1]);
	dt_sleep(WAIT_S);
	if (step(STEP_NS, &rt, &mono)) {
		dt_stop(pid);
		close(fd[0]);
		return NAN;
	}
	if (read(fd[0], &woke, sizeof(woke)) != sizeof(woke)) {
		dt_diag("cpu%d: the sleeper did not report", cpu);
		woke = NAN;
	}
	close(fd[0]);
	waitpid(pid, &status, 0);
	if (step(-STEP_NS, &rt2, &mono2))
		return NAN;
	/* due in CLOCK_MONOTONIC: the step's instant plus what was left */
	return woke - (mono + ts_s(&due) - rt);
}

int main(int argc, char **argv)
{
	int rounds = dt_arg_int(argc, argv, 1, 2);
	int ncpus = dt_ncpus(), hz = dt_hz(), cpu, i, bad = 0;
	double cap = 1.0 / hz + 0.025, late, worst = -1;

	if (rounds < 1 || ncpus < 2) {
		dt_diag("FAIL: want 1+ rounds and 2+ CPUs (%d online)", ncpus);
		return KSFT_FAIL;
	}
	dt_pin(0);
	dt_diag("HZ=%d: sleep to CLOCK_REALTIME +%d s, step +%.1f s after %.1f s; woken within %.1f ms of the new due time",
		hz, AHEAD_S, STEP_NS / 1e9, WAIT_S, cap * 1e3);
	for (cpu = 1; cpu < ncpus; cpu++) {
		for (i = 0; i < rounds; i++) {
			late = round_on(cpu);
			if (isnan(late)) {
				dt_diag("FAIL: cpu%d round %d could not be run", cpu, i);
				return KSFT_FAIL;
			}
			dt_diag("cpu%d round %d: woke %.2f ms after the due time%s",
				cpu, i, late * 1e3,
				late < 0 ? " (early)" : late > cap ? " (late)" : "");
			if (late > worst)
				worst = late;
			if (late < -0.0005 || late > cap)
				bad++;
		}
	}
	dt_diag("worst %.2f ms, %d of %d wake-ups early or late", worst * 1e3,
		bad, rounds * (ncpus - 1));
	if (bad) {
		dt_diag("FAIL: a CLOCK_REALTIME step did not reach a sleeping CPU");
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
