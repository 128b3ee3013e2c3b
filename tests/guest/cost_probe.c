// SPDX-License-Identifier: GPL-2.0
/*
 * cost_probe: what the tick mode costs, counted in instructions.
 *
 * Meant for a boot under QEMU's "-icount shift=0,sleep=off" (qemu-run.sh
 * -i): guest time then advances one nanosecond per instruction executed
 * and jumps ahead to the next timer while the vCPUs sleep.  A guest
 * CLOCK_MONOTONIC span of busy work is the number of instructions the
 * machine executed meanwhile: the work itself plus every tick, interrupt
 * and hook.  The same work on two kernels differs only by what their tick
 * modes add, and the figure does not depend on host load.  Without -icount
 * the figures are host time and mean little.
 *
 * QEMU 7.2 does not bring up secondary CPUs under -icount with a fixed
 * shift (the AP spins in cpu_init() for ever), so the benchmark boots it
 * with one CPU; the program works with any number.
 *
 * Lines, one per figure (guest ns = instructions):
 *	BENCH scenario=cost_busy_all cpus=N iterations=L guest_ns=T ...
 *		a fixed compute loop on every CPU at once: no CPU idles, no
 *		tick can be skipped; the busy tick path and the hooks every
 *		interrupt runs.  The least of three loops: the first loop
 *		of a boot took 1.2-1.4 million instructions more on every
 *		kernel, periodic too (work that boot leaves for later), and
 *		whether that landed in the loop depended on the boot's
 *		timing, not on the tick mode.  guest_ns_all= lists all three.
 *	BENCH scenario=cost_busy_one ...	(N > 1 only) the loop on the
 *		last CPU alone, the others idle.
 *	BENCH scenario=cost_wake cpus=N sleeps=S late_ns_median=X ...
 *		1 ms nanosleeps on an otherwise idle CPU, with a timer slack
 *		of 1 ns: the time past the deadline is the wake path from the
 *		halted CPU to the task (interrupt entry, idle exit, tick
 *		catch-up, timer, switch); with low resolution timers, also
 *		the wait for the next tick.  Without a cpuidle driver
 *		NO_HZ_IDLE keeps the tick for most of them (the next event
 *		is within a tick) and dyn-tick does too.
 *	BENCH scenario=cost_wake_tK cpus=N sleeps=S late_ns_median=X ...
 *		the same for sleeps of K ticks (K = 2, 10, 100; HZ from
 *		dt.hz): both modes stop the tick, so these compare the
 *		stop and restart paths like for like.
 *	BENCH scenario=cost_pingpong cpus=N round_trips=R guest_ns=T ...
 *		pipe round trips between CPU0 and the last CPU (the same CPU
 *		when N = 1: context switches, no IPI).
 * and a "# cpuidle driver ..., governor ..." line: the benchmark boots it
 * without a cpuidle driver (cpuidle.off=1) and under the menu governor.
 */
#include "dt.h"

#define LOOPS	100000000L	/* about 8 instructions each */
#define SLEEPS	1000
#define TRIPS	20000

static void loop(long n)
{
	unsigned long x = 88172645463325252UL;
	long i;

	for (i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		__asm__ __volatile__("" : "+r"(x));
	}
}

/* @n loops on each CPU of @cpus[ncpus] at once; guest ns until all end. */
static double busy_once(const int *cpus, int ncpus, long n)
{
	pid_t pid[DT_MAXCPU];
	double t0;
	int i, status, ok = 1;

	t0 = dt_now();
	for (i = 0; i < ncpus; i++) {
		pid[i] = dt_fork_pinned(cpus[i]);
		if (pid[i] == 0) {
			loop(n);
			_exit(0);
		}
	}
	for (i = 0; i < ncpus; i++)
		if (waitpid(pid[i], &status, 0) != pid[i] ||
		    !WIFEXITED(status) || WEXITSTATUS(status))
			ok = 0;
	return ok ? (dt_now() - t0) * 1e9 : -1;
}

#define BUSY_REPEAT	3

/* busy_once() BUSY_REPEAT times: the least in *@least, all in @all[] */
static int busy(const int *cpus, int ncpus, long n, double *least,
		double *all)
{
	int i;

	for (i = 0; i < BUSY_REPEAT; i++) {
		all[i] = busy_once(cpus, ncpus, n);
		if (all[i] < 0)
			return -1;
		if (!i || all[i] < *least)
			*least = all[i];
	}
	return 0;
}

/* @sleeps nanosleeps of @ns each; one BENCH line named @scen */
static void wake(const char *scen, int ncpus, long ns, int sleeps)
{
	static double late[SLEEPS];
	const struct timespec req = { .tv_sec = ns / 1000000000L,
				      .tv_nsec = ns % 1000000000L };
	double sum = 0;
	int i;

	/* not the default 50 us of slack: only what the kernel adds */
	prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
	for (i = 0; i < sleeps; i++) {
		double t0 = dt_now();

		clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL);
		late[i] = (dt_now() - t0) * 1e9 - ns;
		sum += late[i];
	}
	dt_quantile(late, sleeps, 1.0);		/* sorts late[] */
	DT_BENCH("scenario=%s cpus=%d sleeps=%d late_ns_median=%.0f late_ns_mean=%.0f late_ns_min=%.0f late_ns_max=%.0f",
		 scen, ncpus, sleeps, dt_median_sorted(late, sleeps),
		 sum / sleeps, late[0], late[sleeps - 1]);
}

int main(void)
{
	int ncpus = dt_ncpus(), cpus[DT_MAXCPU], i, hz = dt_hz();
	long tick;
	double t, all[BUSY_REPEAT];
	char drv[64], gov[64];

	if (hz <= 0) {
		dt_diag("no HZ (dt.hz= on the command line)");
		return KSFT_FAIL;
	}
	tick = 1000000000L / hz;

	/* which idle path the wake-up rows take: none, or a governed one */
	dt_read_line("/sys/devices/system/cpu/cpuidle/current_driver", drv,
		     sizeof(drv));
	dt_read_line("/sys/devices/system/cpu/cpuidle/current_governor", gov,
		     sizeof(gov));
	dt_diag("cpuidle driver '%s', governor '%s'", drv, gov);
	for (i = 0; i < ncpus; i++)
		cpus[i] = i;
	dt_pin(0);
	if (busy(cpus, ncpus, LOOPS, &t, all))
		return KSFT_FAIL;
	DT_BENCH("scenario=cost_busy_all cpus=%d iterations=%ld guest_ns=%.0f guest_ns_all=%.0f/%.0f/%.0f",
		 ncpus, LOOPS, t, all[0], all[1], all[2]);
	if (ncpus > 1) {
		if (busy(&cpus[ncpus - 1], 1, LOOPS, &t, all))
			return KSFT_FAIL;
		DT_BENCH("scenario=cost_busy_one cpus=%d iterations=%ld guest_ns=%.0f guest_ns_all=%.0f/%.0f/%.0f",
			 ncpus, LOOPS, t, all[0], all[1], all[2]);
	}
	wake("cost_wake", ncpus, 1000000L, SLEEPS);
	/* 8 s of guest time each at HZ=250: free under -icount sleep=off */
	wake("cost_wake_t2", ncpus, 2 * tick, SLEEPS);
	wake("cost_wake_t10", ncpus, 10 * tick, SLEEPS / 5);
	wake("cost_wake_t100", ncpus, 100 * tick, SLEEPS / 50);
	t = dt_pingpong(0, ncpus - 1, TRIPS, 0, NULL);
	if (t < 0)
		return KSFT_FAIL;
	DT_BENCH("scenario=cost_pingpong cpus=%d round_trips=%d guest_ns=%.0f ns_per_trip=%.1f",
		 ncpus, TRIPS, t * 1e9, t * 1e9 / TRIPS);
	return KSFT_PASS;
}
