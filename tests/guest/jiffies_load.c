// SPDX-License-Identifier: GPL-2.0
/*
 * jiffies_load [windows=10] [secs=3] [hotplug=0]: jiffies must follow
 * CLOCK_MONOTONIC while the other CPUs keep entering and leaving idle: on
 * each of CPUs 1..n-1 a loader spins 0-20 ms and sleeps 0-30 ms (random
 * lengths, some sleeps below a tick), and an unpinned pair of processes
 * plays pipe ping-pong with short sleeps.  With hotplug=1 the last CPU
 * also goes offline and online again every 100-300 ms.  The monitor, on CPU0, sleeps through each
 * window and measures the offset of jiffies from CLOCK_MONOTONIC at each
 * boundary (dt_jiffies_offset(): the minimum of mono * HZ - jiffies over
 * 100 ms of bracketed reads, which takes out the phase since the last
 * tick and a jiffies update that is late, as it is for tens of ms while
 * stop_machine() takes a CPU down under TCG).
 *
 * A tick counted twice moves the offset by -1, a tick lost by +1, for
 * good; a correct kernel keeps it constant to within the read spacing
 * (about 0.1 tick).  A jiffies update that is late all through one
 * boundary's 100 ms of reads raises that boundary's offset alone: the
 * next boundary's reads find jiffies caught up.  So the offset that
 * stays is each boundary's or the next one's, whichever is lower, and
 * each window's change of it, and the whole run's, must hold |change|
 * <= 0.5 tick.  What a boundary's offset has above it (jiffies late at
 * that edge) is printed as "# jiffies late at a window edge: worst X ms"
 * (the last edge settles against one more read, 0.5 s later)
 * and judged against the NO_HZ_IDLE control's in the same run
 * (compare-lateness in tests/boots): under TCG the stop_machine() of a
 * CPU going down holds jiffies back on either kernel (NO_HZ_IDLE once
 * +0.850 then -0.864 tick at one edge, where it is within 0.05 tick
 * otherwise), a stalled jiffies keeper does so on dyn-tick alone.
 */
#include "dt.h"

#define MAXWIN	1000

static void nap_ns(long ns)
{
	struct timespec ts = { ns / 1000000000L, ns % 1000000000L };

	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts) == EINTR)
		;
}

static void loader(unsigned int seed)
{
	for (;;) {
		dt_spin((rand_r(&seed) % 20001) / 1e6);
		nap_ns((rand_r(&seed) % 30001) * 1000L);
	}
}

/* Take @cpu offline and online again, every 100-300 ms. */
static void plugger(int cpu)
{
	unsigned int seed = 7;

	for (;;) {
		dt_sleep((100 + rand_r(&seed) % 201) / 1e3);
		dt_set_cpu_online(cpu, 0);
		dt_sleep((100 + rand_r(&seed) % 201) / 1e3);
		dt_set_cpu_online(cpu, 1);
	}
}

/* An unpinned child (the monitor is pinned to CPU0): pipe ping-pong. */
static pid_t ping(int in, int out, unsigned int seed, int first)
{
	pid_t pid = dt_fork();
	cpu_set_t all;
	char c = 0;
	int i;

	if (pid)
		return pid;
	CPU_ZERO(&all);
	for (i = 0; i < DT_MAXCPU; i++)
		CPU_SET(i, &all);
	sched_setaffinity(0, sizeof(all), &all);
	if (first && write(out, &c, 1) != 1)
		_exit(1);
	for (;;) {
		if (read(in, &c, 1) != 1)
			_exit(1);
		nap_ns((rand_r(&seed) % 2001) * 1000L);
		if (write(out, &c, 1) != 1)
			_exit(1);
	}
}

int main(int argc, char **argv)
{
	int nwin = dt_arg_int(argc, argv, 1, 10);
	int secs = dt_arg_int(argc, argv, 2, 3);
	int hotplug = dt_arg_int(argc, argv, 3, 0);
	int hz = dt_hz(), ncpus = dt_ncpus(), ret = KSFT_PASS, i, k, nkids = 0;
	double off[MAXWIN + 2], t[MAXWIN + 1], lo = 1e9, hi = -1e9, d;
	double settled, prev, late, worst = 0;
	const double lim = 0.5, span = 0.1;
	pid_t kids[DT_MAXCPU + 2];
	int p1[2], p2[2];

	if (nwin < 1 || nwin > MAXWIN || secs < 1) {
		dt_diag("want 1..%d windows of >= 1 s", MAXWIN);
		return KSFT_FAIL;
	}
	if (ncpus < 2) {
		dt_diag("FAIL: needs at least 2 CPUs, %d online", ncpus);
		return KSFT_FAIL;
	}
	if (pipe(p1) || pipe(p2)) {
		dt_diag("pipe: %s", strerror(errno));
		return KSFT_FAIL;
	}
	dt_pin(0);
	for (i = 1; i < ncpus; i++) {
		kids[nkids] = dt_fork_pinned(i);
		if (!kids[nkids++])
			loader(0x5eed + i);
	}
	kids[nkids++] = ping(p1[0], p2[1], 1, 1);
	kids[nkids++] = ping(p2[0], p1[1], 2, 0);
	if (hotplug) {
		kids[nkids] = dt_fork_pinned(0);
		if (!kids[nkids++])
			plugger(ncpus - 1);
	}
	dt_diag("HZ=%d, %d windows of %d s; loaders on CPUs 1-%d, a ping-pong pair unpinned%s; limit +-%.2f tick",
		hz, nwin, secs, ncpus - 1,
		hotplug ? ", the last CPU plugged out and in" : "", lim);
	dt_sleep(0.5);

	t[0] = dt_now();
	off[0] = dt_jiffies_offset(hz, span);
	for (i = 1; i <= nwin && !isnan(off[0]); i++) {
		dt_sleep(secs);
		t[i] = dt_now();
		off[i] = dt_jiffies_offset(hz, span);
		if (isnan(off[i]))
			break;
		d = off[i] - off[i - 1];
		lo = d < lo ? d : lo;
		hi = d > hi ? d : hi;
		dt_diag("window %2d: %.4f s, offset %+.3f ticks (%s)", i,
			t[i] - t[i - 1], d,
			d < 0 ? "jiffies gained" : "jiffies lost");
	}
	/* one more boundary, that the last one's offset settles against */
	if (i > nwin) {
		dt_sleep(0.5);
		off[nwin + 1] = dt_jiffies_offset(hz, span);
		if (isnan(off[nwin + 1]))
			i = nwin;
	}
	for (k = 0; k < nkids; k++)
		dt_stop(kids[k]);
	if (hotplug)
		dt_set_cpu_online(ncpus - 1, 1);	/* leave it online */
	if (i <= nwin) {
		dt_diag("FAIL: cannot read jiffies in a 0.5 ms bracket");
		return KSFT_FAIL;
	}
	/* the offset that stayed at each boundary, and what was above it */
	prev = fmin(off[0], off[1]);
	worst = off[0] - prev;
	for (i = 1; i <= nwin; i++) {
		settled = fmin(off[i], off[i + 1]);
		late = off[i] - settled;
		worst = late > worst ? late : worst;
		d = settled - prev;
		if (fabs(d) > lim) {
			dt_diag("FAIL: window %d: the offset that stayed moved by %+.3f ticks (%s)",
				i, d, d < 0 ? "ticks counted twice" : "ticks lost");
			ret = KSFT_FAIL;
		}
		prev = settled;
	}
	d = prev - fmin(off[0], off[1]);
	dt_diag("window offset change min %+.3f max %+.3f; whole run %.1f s: %+.3f ticks (as stayed)%s",
		lo, hi, t[nwin] - t[0], d, fabs(d) > lim ? " FAIL" : "");
	dt_diag("jiffies late at a window edge: worst %.3f ms (%.3f ticks)",
		worst * 1e3 / hz, worst);
	if (fabs(d) > lim)
		ret = KSFT_FAIL;
	return ret;
}
