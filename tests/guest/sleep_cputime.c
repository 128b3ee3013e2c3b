// SPDX-License-Identifier: GPL-2.0
/*
 * sleep_cputime [rounds=3] [sleep_ms=1500]: a task is not charged its
 * sleep as CPU time.  On each idle CPU (CPU0 on a one-CPU guest) a pinned
 * task sleeps @sleep_ms, long enough for the tick to stop, then spins for
 * 20 ms of CLOCK_MONOTONIC; each round also spins right after another
 * spin, without a sleep (the control).  A spin's excess is its
 * CLOCK_THREAD_CPUTIME_ID minus the wall time it spun: a thread alone on
 * its CPU cannot run longer than the clock it runs against, but per-CPU
 * sched_clock drifts from ktime under TCG, sleep or not: one spin in
 * twenty or so, slept or not, came out 6-15 ms over (the NO_HZ_IDLE
 * control's no-sleep spin 11.7 ms in the same run as a dyn-tick spin's
 * 10.1 ms after a sleep).  A round is over when its excess passes the
 * control spins' median + one tick + 1 ms; the test fails when more
 * rounds are over after a sleep than without one, plus one.  A kernel
 * that charges the sleep does so on every round (55-547 ms each, 9 of 9
 * and 3 of 3 rounds without the fix).
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
	int ncpus = dt_ncpus(), hz = dt_hz(), cpu, i, n = 0, bad = 0, bad_ref = 0;
	double limit, worst = -1, worst_ref = -1;
	double ex[DT_MAXCPU * 16], ref[DT_MAXCPU * 16], sorted[DT_MAXCPU * 16];

	if (rounds < 1 || rounds > 16 || sleep_ms < 100) {
		dt_diag("FAIL: want 1-16 rounds of 100+ ms");
		return KSFT_FAIL;
	}
	dt_diag("HZ=%d, %d CPUs, %d rounds per CPU: sleep %d ms, spin %.0f ms; a spin is over at the no-sleep spins' median + %.1f ms",
		hz, ncpus, rounds, sleep_ms, SPIN_S * 1e3, 1e3 / hz + 1);
	for (cpu = ncpus > 1 ? 1 : 0; cpu < ncpus; cpu++) {
		dt_pin(cpu);
		for (i = 0; i < rounds; i++, n++) {
			spin_excess();
			ref[n] = spin_excess();
			dt_sleep(sleep_ms / 1e3);
			ex[n] = spin_excess();
			dt_diag("cpu%d round %d: excess after sleep %.2f ms, without %.2f ms",
				cpu, i, ex[n] * 1e3, ref[n] * 1e3);
		}
	}
	memcpy(sorted, ref, n * sizeof(*ref));
	qsort(sorted, n, sizeof(*sorted), dt_cmp_double);
	limit = sorted[n / 2] + 1.0 / hz + 0.001;
	for (i = 0; i < n; i++) {
		if (ex[i] > worst)
			worst = ex[i];
		if (ref[i] > worst_ref)
			worst_ref = ref[i];
		bad += ex[i] > limit;
		bad_ref += ref[i] > limit;
	}
	dt_diag("worst excess %.2f ms after a sleep, %.2f ms without; rounds over %.2f ms: %d of %d after a sleep, %d without",
		worst * 1e3, worst_ref * 1e3, limit * 1e3, bad, n, bad_ref);
	if (bad > bad_ref + 1) {
		dt_diag("FAIL: a task was charged CPU time while it slept");
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
