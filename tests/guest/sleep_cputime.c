// SPDX-License-Identifier: GPL-2.0
/*
 * sleep_cputime [rounds=3] [sleep_ms=1500]: a task is not charged its
 * sleep as CPU time.  On each idle CPU (CPU0 on a one-CPU guest) a pinned
 * task sleeps @sleep_ms, long enough for the tick to stop, then spins for
 * 20 ms of CLOCK_MONOTONIC.  Its CLOCK_THREAD_CPUTIME_ID may not exceed
 * the wall time of the spin by more than the same spin does right after
 * another spin (no sleep, the control, worst of all rounds) plus one tick
 * and 1 ms: a thread alone on its CPU cannot run longer than the clock it
 * runs against, but per-CPU sched_clock drifts from ktime by up to a
 * tick under TCG (the control's excess reached 22 ms with the HPET
 * broadcast), whatever the sleep.
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
	double limit, worst = -1, worst_ref = 0, ex[DT_MAXCPU][16], ref;

	if (rounds < 1 || rounds > 16 || sleep_ms < 100) {
		dt_diag("FAIL: want 1-16 rounds of 100+ ms");
		return KSFT_FAIL;
	}
	dt_diag("HZ=%d, %d CPUs, %d rounds per CPU: sleep %d ms, spin %.0f ms; CPU time - wall time <= the no-sleep spin's worst + %.1f ms",
		hz, ncpus, rounds, sleep_ms, SPIN_S * 1e3, 1e3 / hz + 1);
	for (cpu = ncpus > 1 ? 1 : 0; cpu < ncpus; cpu++) {
		dt_pin(cpu);
		for (i = 0; i < rounds; i++) {
			spin_excess();
			ref = spin_excess();
			dt_sleep(sleep_ms / 1e3);
			ex[cpu][i] = spin_excess();
			dt_diag("cpu%d round %d: excess after sleep %.2f ms, without %.2f ms",
				cpu, i, ex[cpu][i] * 1e3, ref * 1e3);
			if (ref > worst_ref)
				worst_ref = ref;
		}
	}
	limit = worst_ref + 1.0 / hz + 0.001;
	for (cpu = ncpus > 1 ? 1 : 0; cpu < ncpus; cpu++)
		for (i = 0; i < rounds; i++) {
			if (ex[cpu][i] > worst)
				worst = ex[cpu][i];
			if (ex[cpu][i] > limit) {
				dt_diag("cpu%d round %d: charged the sleep", cpu, i);
				bad++;
			}
		}
	dt_diag("worst excess %.2f ms after a sleep, %.2f ms without; %d rounds over %.1f ms",
		worst * 1e3, worst_ref * 1e3, bad, limit * 1e3);
	if (bad) {
		dt_diag("FAIL: a task was charged CPU time while it slept");
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
