// SPDX-License-Identifier: GPL-2.0
/*
 * wake_jiffies [wakeups=50]: does a task woken on a sleeping CPU by
 * another CPU (a reschedule IPI) see current jiffies?  A child pinned to
 * CPU2 blocks in read() on a pipe; the parent, pinned to CPU1, sleeps
 * 30-150 ms (so CPU2's tick stops), notes the time and writes one byte.
 * Right after the read returns, the child takes its staleness,
 * mono * HZ - jiffies - c, where c is the offset dt_jiffies_offset()
 * measured before: in [0, 1) while jiffies are current, one more per
 * tick they lag.  It also takes the wake-up's delivery time, from the
 * parent's note to its own read of the clock, in ticks.
 *
 * Fails if the median staleness is a tick or more, or if any wake-up's
 * staleness less its own delivery time is 2 ticks or more: jiffies were
 * that far behind when the byte was written.  A vCPU the host does not
 * run between the wake-up and the child's reading (TCG, 4 vCPUs on 2
 * host CPUs) adds to both, so one delayed wake-up on a kernel that keeps
 * jiffies current does not fail the test; a kernel that leaves them
 * stale across the sleep fails it on the median.
 */
#include "dt.h"

#define MAXW	500

struct wake {
	double written;		/* the parent's CLOCK_MONOTONIC at the write */
	double stale;		/* ticks, as above */
	double delivery;	/* ticks from the write to the child's reading */
};

int main(int argc, char **argv)
{
	int n = dt_arg_int(argc, argv, 1, 50), hz = dt_hz(), p[2], q[2], i;
	double st[MAXW], off, now, med, worst, wex = -INFINITY;
	unsigned int seed = 7;
	struct wake *w;
	pid_t child;
	char c = 0;
	int late = 0;

	if (dt_need_cpus(3))
		return KSFT_SKIP;
	if (n < 1 || n > MAXW || pipe(p) || pipe(q))
		return KSFT_FAIL;
	w = mmap(NULL, MAXW * sizeof(*w), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (w == MAP_FAILED)
		return KSFT_FAIL;
	off = dt_jiffies_offset(hz, 0.2);
	if (isnan(off))
		return KSFT_FAIL;

	child = dt_fork_pinned(2);
	if (child == 0) {
		for (i = 0; i < n; i++) {
			if (read(p[0], &c, 1) != 1)
				_exit(1);
			now = dt_now();
			w[i].stale = now * hz - (double)dt_jiffies() - off;
			w[i].delivery = (now - w[i].written) * hz;
			if (write(q[1], &c, 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	dt_pin(1);
	for (i = 0; i < n; i++) {
		dt_sleep(0.03 + rand_r(&seed) % 120 / 1e3);
		w[i].written = dt_now();
		if (write(p[1], &c, 1) != 1 || read(q[0], &c, 1) != 1)
			break;
	}
	dt_stop(child);
	if (i < n) {
		dt_diag("FAIL: the pipe ping-pong stopped after %d of %d", i, n);
		return KSFT_FAIL;
	}
	for (i = 0; i < n; i++) {
		st[i] = w[i].stale;
		wex = fmax(wex, w[i].stale - w[i].delivery);
		if (w[i].stale >= 2 && ++late <= 5)
			dt_diag("wake-up %d: jiffies %.3f ticks behind, %.3f ticks after the write",
				i, w[i].stale, w[i].delivery);
	}
	qsort(st, n, sizeof(*st), dt_cmp_double);
	med = dt_median_sorted(st, n);
	worst = st[n - 1];
	dt_diag("%d wake-ups of CPU2 by CPU1: jiffies staleness (ticks) min %.3f median %.3f max %.3f; %d 2 ticks or more behind; staleness less delivery time max %.3f",
		n, st[0], med, worst, late, wex);
	return med >= 1 || wex >= 2 ? KSFT_FAIL : KSFT_PASS;
}
