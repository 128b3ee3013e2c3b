// SPDX-License-Identifier: GPL-2.0
/*
 * bench_probe: figures for the benchmark harness, one per line:
 *	BENCH scenario=<name> [cpu=<n>] <metric>=<value>
 * Scenarios: idle (the first 20 s of a 60 s idle window, over which the
 * jiffies drift is measured), partial (CPU0 busy), mixed (wakers on
 * CPU1/2/3 at 10/50/200 wakeups/s) and pipe round trips with idle gaps.
 * About 130 s in all.  "bench_probe pit", for the
 * boot with the PIT as the only tick source, runs only idle (20 s) and
 * partial.  The cost of busy work is cost_probe's, in a boot that counts
 * instructions: wall time under TCG cannot resolve it.  Timer latency is
 * latency_probe's, in boots side by side with the control's.
 */
#include "dt.h"

static void print_rates(const char *sc, const struct dt_rates *r)
{
	int i;

	for (i = 0; i < r->n; i++)
		DT_BENCH("scenario=%s cpu=%d loc_per_s=%.2f", sc, r->cpu[i],
		      r->loc[i]);
	if (r->irq0 >= 0)
		DT_BENCH("scenario=%s irq0_per_s=%.2f", sc, r->irq0);
	DT_BENCH("scenario=%s secs=%.3f", sc, r->secs);
}

/*
 * All CPUs idle for @drift_secs: LOC/s over the first @secs of it (the
 * "idle" scenario), jiffies against CLOCK_MONOTONIC over all of it.
 */
static void idle_and_drift(int secs, int drift_secs, int hz)
{
	struct dt_irqs x, y;
	struct dt_clk a, b;
	struct dt_rates r;

	dt_clk_read(&a);
	if (dt_irqs_read(&x))
		return;
	dt_sleep(secs);
	if (dt_irqs_read(&y))
		return;
	dt_rates(&x, &y, &r);
	print_rates("idle", &r);
	dt_sleep(drift_secs - (dt_now() - a.mono));
	dt_clk_read(&b);
	if (a.jiffies >= 0)
		DT_BENCH("scenario=drift secs=%d drift_ticks=%.2f", drift_secs,
		      dt_clk_drift(&a, &b, hz));
}

static void partial(int secs)
{
	struct dt_rates r;

	if (!dt_measure_busy(0, 1, secs, &r))
		print_rates("partial", &r);
}

/* A child on @cpu waking @rate times a second on absolute deadlines. */
static pid_t waker(int cpu, int rate, long *count)
{
	struct timespec ts;
	long step = 1000000000L / rate;
	pid_t pid = dt_fork_pinned(cpu);

	if (pid)
		return pid;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	for (;;) {
		ts.tv_nsec += step;
		while (ts.tv_nsec >= 1000000000L) {
			ts.tv_nsec -= 1000000000L;
			ts.tv_sec++;
		}
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts,
				       NULL))
			;
		__atomic_fetch_add(count, 1, __ATOMIC_RELAXED);
	}
}

static void mixed(int secs, int ncpus)
{
	static const int rate[] = { 0, 10, 50, 200 };
	long *count;
	long before[4];
	struct dt_rates r;
	pid_t pid[4] = { 0 };
	int i, ok;

	count = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (count == MAP_FAILED)
		return;
	for (i = 1; i < 4 && i < ncpus; i++)
		pid[i] = waker(i, rate[i], &count[i]);
	dt_sleep(0.5);
	for (i = 0; i < 4; i++)
		before[i] = __atomic_load_n(&count[i], __ATOMIC_RELAXED);
	ok = !dt_measure(secs, &r);
	for (i = 1; i < 4; i++) {
		dt_stop(pid[i]);
		if (pid[i] && ok) {
			DT_BENCH("scenario=mixed cpu=%d req_wakeups_per_s=%d", i,
			      rate[i]);
			DT_BENCH("scenario=mixed cpu=%d wakeups_per_s=%.2f", i,
			      (__atomic_load_n(&count[i], __ATOMIC_RELAXED) -
			       before[i]) / r.secs);
		}
	}
	if (ok)
		print_rates("mixed", &r);
	munmap(count, 4096);
}

int main(int argc, char **argv)
{
	int hz = dt_hz(), ncpus = dt_ncpus();
	int pit = argc > 1 && !strcmp(argv[1], "pit");
	struct utsname u;
	double rtt[200];

	uname(&u);
	DT_BENCH("kernel=%s hz=%d ncpus=%d", u.release, hz, ncpus);
	if (dt_need_cpus(4))
		return KSFT_SKIP;
	dt_pin(1);
	if (pit) {
		/* the PIT topology boot: only the tick-rate scenarios */
		idle_and_drift(20, 20, hz);
		partial(20);
		return KSFT_PASS;
	}
	idle_and_drift(20, 60, hz);
	partial(20);
	mixed(20, ncpus);
	if (dt_pingpong(1, 2, 200, 0.02, rtt) > 0)
		dt_bench_samples("pipe_rtt", 0, "rtt", rtt, 200);
	return KSFT_PASS;
}
