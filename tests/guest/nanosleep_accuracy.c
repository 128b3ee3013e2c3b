// SPDX-License-Identifier: GPL-2.0
/*
 * nanosleep_accuracy [margin_ms=6]: on CPU2, relative
 * clock_nanosleep(CLOCK_MONOTONIC) of 1, 10, 100 and 1000 ms must never
 * wake early, median no later than one tick + margin.  The default margin
 * (1.5 ticks at HZ=250) allows for TCG vCPU threads being descheduled.
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

	dt_pin(cpu);
	dt_lateness_limits(cpu, margin, &lim);
	for (d = 0; d < ARRAY_SIZE(req_ms); d++) {
		dt_oversleep(req_ms[d], iters[d], over);
		if (dt_judge_lateness("oversleep", req_ms[d], over, iters[d],
				      &lim))
			ret = KSFT_FAIL;
	}
	return ret;
}
