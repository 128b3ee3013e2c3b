// SPDX-License-Identifier: GPL-2.0
/*
 * ipi_pingpong: two processes on CPU1 and CPU2 bounce a byte through a
 * pair of pipes 200 times, pausing 20 ms every 10 round trips so that both
 * CPUs go idle.  Every wakeup is a cross-CPU IPI into an idle CPU; none
 * may be lost (a round trip > 200 ms), and jiffies must still agree with
 * CLOCK_MONOTONIC afterwards (<= 2 ticks).
 */
#include "dt.h"

#define TRIPS 200

int main(void)
{
	int hz = dt_hz(), ret = KSFT_PASS, i, slow = 0;
	double rtt[TRIPS], drift, med, p99;
	struct dt_clk a, b;

	if (dt_need_cpus(3))
		return KSFT_SKIP;
	dt_clk_read(&a);
	if (dt_pingpong(1, 2, TRIPS, 0.02, rtt) < 0)
		return KSFT_FAIL;
	dt_clk_read(&b);
	for (i = 0; i < TRIPS; i++)
		slow += rtt[i] > 200000;

	drift = dt_clk_drift(&a, &b, hz);
	med = dt_quantile(rtt, TRIPS, 0.5);	/* sorts rtt[] */
	p99 = dt_quantile(rtt, TRIPS, 0.99);
	dt_diag("%d round trips cpu1<->cpu2: RTT us median %.1f p99 %.1f max %.1f; %d over 200 ms",
		TRIPS, med, p99, rtt[TRIPS - 1], slow);
	dt_diag("jiffies +%lld over %.3f s = %.1f ticks: drift %.2f ticks (limit 2)",
		b.jiffies - a.jiffies, b.mono - a.mono,
		(b.mono - a.mono) * hz, drift);
	if (slow || fabs(drift) > 2 || a.jiffies < 0)
		ret = KSFT_FAIL;
	return ret;
}
