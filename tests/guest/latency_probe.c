// SPDX-License-Identifier: GPL-2.0
/*
 * latency_probe [CPU, default 2]: how late timers fire on an otherwise
 * idle machine, for the benchmark (make bench), whose boots run it on a
 * dyn-tick kernel and on its NO_HZ_IDLE control side by side, so that both
 * see the same host load.
 *
 * On CPU @cpu, for requests of 1, 10, 100 and 1000 ms: relative
 * clock_nanosleep(CLOCK_MONOTONIC)s with the default timer slack, then
 * one-shot timer_create(CLOCK_MONOTONIC) timers whose signal is taken with
 * sigwaitinfo().  The time past the request, by CLOCK_MONOTONIC, is the
 * lateness.  Samples: 200, 100, 100 and 20 (about 62 s in all), so the 99th
 * percentile is printed for all but 1000 ms, whose maximum stands for it.
 * Lines, in microseconds:
 *	BENCH scenario=nanosleep req_ms=N oversleep_median_us=X samples=S
 *	BENCH scenario=nanosleep req_ms=N oversleep_max_us=X
 *	BENCH scenario=nanosleep req_ms=N oversleep_p99_us=X
 * and the same with scenario=posix_timer.
 */
#include "dt.h"

static const int req_ms[] = { 1, 10, 100, 1000 };
static const int iters[] = { 200, 100, 100, 20 };

/* BENCH lines for the @n lateness samples @ms (in ms) of request @d */
static void report(const char *sc, const char *what, unsigned int d,
		   double *ms, int n)
{
	int i;

	for (i = 0; i < n; i++)
		ms[i] *= 1e3;
	dt_bench_samples(sc, req_ms[d], what, ms, n);
}

int main(int argc, char **argv)
{
	int cpu = dt_arg_int(argc, argv, 1, 2);
	double over[200];
	unsigned int d;
	timer_t timer;
	sigset_t set;

	if (cpu >= dt_ncpus()) {
		dt_diag("no CPU %d (%d online)", cpu, dt_ncpus());
		return DT_ERROR;
	}
	if (dt_timer_signal(&timer, &set))
		return KSFT_FAIL;
	dt_pin(cpu);
	for (d = 0; d < ARRAY_SIZE(req_ms); d++) {
		dt_oversleep(req_ms[d], iters[d], over);
		report("nanosleep", "oversleep", d, over, iters[d]);
	}
	for (d = 0; d < ARRAY_SIZE(req_ms); d++) {
		if (dt_timer_late(timer, &set, req_ms[d], iters[d], over)) {
			dt_diag("timer_settime: %s", strerror(errno));
			return KSFT_FAIL;
		}
		report("posix_timer", "late", d, over, iters[d]);
	}
	timer_delete(timer);
	return KSFT_PASS;
}
