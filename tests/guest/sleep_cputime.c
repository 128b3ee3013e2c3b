// SPDX-License-Identifier: GPL-2.0
/*
 * sleep_cputime [rounds=3] [sleep_ms=1500]: a task is not charged its
 * sleep as CPU time.  On each idle CPU (CPU0 on a one-CPU guest) a pinned
 * task sleeps @sleep_ms, long enough for the tick to stop, then spins for
 * 20 ms of CLOCK_MONOTONIC.  Its CLOCK_THREAD_CPUTIME_ID may not grow by
 * more than the wall time of the spin plus one tick and 1 ms: a thread
 * alone on its CPU cannot run longer than the clock it runs against.
 * The same spin right after another spin (no sleep) is printed beside it.
 *
 * With an unstable sched_clock (tsc=unstable, every boot of the suite)
 * the per-CPU sched_clock is kept within a tick of ktime by the tick;
 * tick-sched resyncs it around a tickless idle period
 * (sched_clock_idle_sleep_event(), sched_clock_idle_wakeup_event()).  An
 * idle tick mode that does not lets the first tick after the sleep move
 * sched_clock forward by the whole sleep, charged to the task running.
 */
#include "dt.h"

#define SPIN_S	0.020

static double thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Spin SPIN_S of CLOCK_MONOTONIC; returns CPU time minus wall time, s */
static double spin_excess(void)
{
	double c0 = thread_cpu(), m0 = dt_now(), m1;

	while ((m1 = dt_now()) < m0 + SPIN_S)
		;
	return (thread_cpu() - c0) - (m1 - m0);
}

int main(int argc, char **argv)
{
	int rounds = dt_arg_int(argc, argv, 1, 3);
	int sleep_ms = dt_arg_int(argc, argv, 2, 1500);
	int ncpus = dt_ncpus(), hz = dt_hz(), cpu, i, bad = 0;
	double limit = 1.0 / hz + 0.001, worst = -1, ex, ref;

	if (rounds < 1 || sleep_ms < 100) {
		dt_diag("FAIL: want 1+ rounds of 100+ ms");
		return KSFT_FAIL;
	}
	dt_diag("HZ=%d, %d CPUs, %d rounds per CPU: sleep %d ms, spin %.0f ms; CPU time - wall time <= %.1f ms",
		hz, ncpus, rounds, sleep_ms, SPIN_S * 1e3, limit * 1e3);
	for (cpu = ncpus > 1 ? 1 : 0; cpu < ncpus; cpu++) {
		dt_pin(cpu);
		for (i = 0; i < rounds; i++) {
			spin_excess();
			ref = spin_excess();
			dt_sleep(sleep_ms / 1e3);
			ex = spin_excess();
			dt_diag("cpu%d round %d: excess after sleep %.2f ms, without %.2f ms%s",
				cpu, i, ex * 1e3, ref * 1e3,
				ex > limit ? " (charged the sleep)" : "");
			if (ex > worst)
				worst = ex;
			if (ex > limit)
				bad++;
		}
	}
	dt_diag("worst excess %.2f ms, %d rounds over %.1f ms", worst * 1e3,
		bad, limit * 1e3);
	if (bad) {
		dt_diag("FAIL: a task was charged CPU time while it slept");
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
