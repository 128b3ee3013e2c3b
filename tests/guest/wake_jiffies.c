// SPDX-License-Identifier: GPL-2.0
/*
 * wake_jiffies [wakeups=50]: does a task woken on a sleeping CPU by
 * another CPU (a reschedule IPI) see current jiffies?  A child pinned to
 * CPU2 blocks in read() on a pipe; the parent, pinned to CPU1, sleeps
 * 30-150 ms (so CPU2's tick stops) and writes one byte.  Right after the
 * read returns, the child takes mono * HZ - jiffies - c, where c is the
 * offset dt_jiffies_offset() measured before: in [0, 1) while jiffies are
 * current, one more per tick they lag.  Fails if the median staleness is
 * a tick or more, or any wake-up finds jiffies 2 ticks or more behind.
 */
#include "dt.h"

#define MAXW	500

int main(int argc, char **argv)
{
	int n = dt_arg_int(argc, argv, 1, 50), hz = dt_hz(), p[2], q[2], i;
	double *st, off, med, worst;
	unsigned int seed = 7;
	pid_t child;
	char c = 0;

	if (dt_need_cpus(3))
		return KSFT_SKIP;
	if (n < 1 || n > MAXW || pipe(p) || pipe(q))
		return KSFT_FAIL;
	st = mmap(NULL, MAXW * sizeof(*st), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (st == MAP_FAILED)
		return KSFT_FAIL;
	off = dt_jiffies_offset(hz, 0.2);
	if (isnan(off))
		return KSFT_FAIL;

	child = dt_fork_pinned(2);
	if (child == 0) {
		for (i = 0; i < n; i++) {
			if (read(p[0], &c, 1) != 1)
				_exit(1);
			st[i] = dt_now() * hz - (double)dt_jiffies() - off;
			if (write(q[1], &c, 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	dt_pin(1);
	for (i = 0; i < n; i++) {
		dt_sleep(0.03 + rand_r(&seed) % 120 / 1e3);
		if (write(p[1], &c, 1) != 1 || read(q[0], &c, 1) != 1)
			break;
	}
	dt_stop(child);
	if (i < n) {
		dt_diag("FAIL: the pipe ping-pong stopped after %d of %d", i, n);
		return KSFT_FAIL;
	}
	qsort(st, n, sizeof(*st), dt_cmp_double);
	med = dt_median_sorted(st, n);
	worst = st[n - 1];
	dt_diag("%d wake-ups of CPU2 by CPU1: jiffies staleness (ticks) min %.3f median %.3f max %.3f",
		n, st[0], med, worst);
	return med >= 1 || worst >= 2 ? KSFT_FAIL : KSFT_PASS;
}
