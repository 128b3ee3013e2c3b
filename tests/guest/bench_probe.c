// SPDX-License-Identifier: GPL-2.0
/*
 * bench_probe: figures for the benchmark harness, one per line:
 *	BENCH scenario=<name> [cpu=<n>|req_ms=<n>] <metric>=<value>
 * Scenarios: idle (the first 20 s of a 60 s idle window, over which the
 * jiffies drift is measured), partial (CPU0 busy), mixed (wakers on
 * CPU1/2/3 at 10/50/200 wakeups/s), nanosleep oversleep and pipe round
 * trips with idle gaps.  About 140 s in all.  "bench_probe pit", for the
 * boot with the PIT as the only tick source, runs only idle (20 s) and
 * partial.  The cost of busy work is cost_probe's, in a boot that counts
 * instructions: wall time under TCG cannot resolve it.
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

/*
 * The median, the maximum and, only with 100 samples or more, the 99th
 * percentile (nearest rank) of @n samples in microseconds: a "p99" of
 * fewer samples would be their maximum under another name.
 */
static void sample_stats(const char *sc, int req_ms, const char *what,
			 double *v, int n)
{
	char req[32] = "";

	if (req_ms)
		snprintf(req, sizeof(req), " req_ms=%d", req_ms);
	dt_quantile(v, n, 1.0);		/* sorts v[] */
	DT_BENCH("scenario=%s%s %s_median_us=%.1f samples=%d", sc, req, what,
	      dt_median_sorted(v, n), n);
	DT_BENCH("scenario=%s%s %s_max_us=%.1f", sc, req, what, v[n - 1]);
	if (n >= 100)
		DT_BENCH("scenario=%s%s %s_p99_us=%.1f", sc, req, what,
		      dt_quantile(v, n, 0.99));
}

static void nanosleep_lat(int cpu)
{
	static const int req_ms[] = { 1, 10, 100, 1000 };
	static const int iters[] = { 100, 50, 20, 5 };
	double over[100];
	unsigned int d;
	int i;

	dt_pin(cpu);
	for (d = 0; d < ARRAY_SIZE(req_ms); d++) {
		for (i = 0; i < iters[d]; i++) {
			struct timespec ts = {
				.tv_sec = req_ms[d] / 1000,
				.tv_nsec = (req_ms[d] % 1000) * 1000000L,
			};
			double t0 = dt_now();

			while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts))
				;
			over[i] = (dt_now() - t0) * 1e6 - req_ms[d] * 1e3;
		}
		sample_stats("nanosleep", req_ms[d], "oversleep", over,
			     iters[d]);
	}
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
	nanosleep_lat(2);
	if (dt_pingpong(1, 2, 200, 0.02, rtt) > 0)
		sample_stats("pipe_rtt", 0, "rtt", rtt, 200);
	return KSFT_PASS;
}
