// SPDX-License-Identifier: GPL-2.0
/*
 * posix_timer_accuracy [margin_ms=6]: one-shot timer_create(CLOCK_MONOTONIC,
 * SIGEV_SIGNAL) timers of 1, 10, 100 and 1000 ms, waited for with
 * sigwaitinfo(), must never fire early and median no later than one tick +
 * margin.
 */
#include "dt.h"

static const int req_ms[] = { 1, 10, 100, 1000 };
static const int iters[] = { 20, 20, 10, 3 };

int main(int argc, char **argv)
{
	int margin = dt_arg_int(argc, argv, 1, 6);
	int ret = KSFT_PASS, cpu = dt_ncpus() > 2 ? 2 : 0;
	struct dt_lateness_lim lim;
	double over[64];
	unsigned int d;
	timer_t timer;
	sigset_t set;

	if (dt_timer_signal(&timer, &set))
		return KSFT_FAIL;
	dt_pin(cpu);
	dt_lateness_limits(cpu, margin, &lim);
	for (d = 0; d < ARRAY_SIZE(req_ms); d++) {
		if (dt_timer_late(timer, &set, req_ms[d], iters[d], over)) {
			dt_diag("timer_settime: %s", strerror(errno));
			return KSFT_FAIL;
		}
		if (dt_judge_lateness("late", req_ms[d], over, iters[d],
				      &lim))
			ret = KSFT_FAIL;
	}
	timer_delete(timer);
	return ret;
}
