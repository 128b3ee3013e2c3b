// SPDX-License-Identifier: GPL-2.0
/*
 * vmstat_quiet [rounds=4]: a CPU whose tick stops folds its vmstat
 * differentials first, so that the global counters do not wait for its
 * next wake-up.  tick-sched calls quiet_vmstat() when it stops a tick;
 * vmstat_shepherd leaves a CPU whose vmstat_update work is pending alone
 * (that work is deferrable: it runs when the CPU next wakes), so without
 * the fold a sleeping CPU's share of the counters stays out of
 * /proc/vmstat for as long as it sleeps.
 *
 * Each round, on CPU 1, 2, ... in turn: a pinned child maps and unmaps
 * anonymous memory for 2.5 s (the shepherd queues vmstat_update there,
 * which re-arms itself), the parent on CPU0 folds every CPU's
 * differentials (/proc/sys/vm/stat_refresh), the child maps and touches
 * half a stat threshold of pages and sleeps 3 s.  1.5 s into that sleep
 * the parent reads nr_anon_pages, folds again and reads it again: a
 * rise of half those pages or more is the sleeping CPU's unfolded share
 * (one page moves in every round on NO_HZ_IDLE too; without the fold,
 * the whole share: +1 against +10 of 9 pages, 4 rounds of 4 each, the
 * two kernels side by side).  The test fails when more than one round
 * in @rounds finds it (a round may race with vmstat_update itself); the
 * nohz boot runs the same test as the control.
 */
#include "dt.h"
#include <sys/mman.h>
#include <sys/wait.h>

#define REFRESH	"/proc/sys/vm/stat_refresh"

static long anon_pages(void)
{
	static char buf[16384];
	char *p;

	if (dt_read_file("/proc/vmstat", buf, sizeof(buf)) < 0)
		return -1;
	p = strstr(buf, "\nnr_anon_pages ");
	return p ? strtol(p + 15, NULL, 10) : -1;
}

/* The largest per-CPU stat threshold of any zone ("vm stats threshold") */
static int stat_threshold(void)
{
	static char buf[65536];
	char *p = buf;
	int t, best = 0;

	if (dt_read_file("/proc/zoneinfo", buf, sizeof(buf)) < 0)
		return -1;
	while ((p = strstr(p, "vm stats threshold: "))) {
		p += 20;
		t = atoi(p);
		if (t > best)
			best = t;
	}
	return best;
}

static void touch_pages(long npages, int keep)
{
	long pg = sysconf(_SC_PAGESIZE), i;
	char *m = mmap(NULL, npages * pg, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED) {
		dt_diag("mmap: %s", strerror(errno));
		_exit(2);
	}
	for (i = 0; i < npages; i++)
		m[i * pg] = 1;
	if (!keep)
		munmap(m, npages * pg);
}

static void child(int in, int out, long npages)
{
	double end = dt_now() + 2.5;
	char c;

	while (dt_now() < end)
		touch_pages(16, 0);
	if (write(out, "a", 1) != 1 || read(in, &c, 1) != 1)
		_exit(2);
	touch_pages(npages, 1);
	if (write(out, "b", 1) != 1)
		_exit(2);
	dt_sleep(3);
	_exit(0);
}

int main(int argc, char **argv)
{
	int rounds = dt_arg_int(argc, argv, 1, 4);
	int ncpus = dt_ncpus(), thr = stat_threshold(), i, stale = 0, st;
	int p2c[2], c2p[2];
	long npages, a1, a2;
	pid_t pid;
	char c;

	if (ncpus < 2) {
		dt_diag("FAIL: needs a CPU to sleep beside CPU0");
		return KSFT_FAIL;
	}
	if (thr < 4) {
		dt_diag("FAIL: vm stats threshold %d: too small to leave pages unfolded", thr);
		return KSFT_FAIL;
	}
	npages = thr / 2;
	dt_diag("%d rounds; vm stats threshold %d, %ld pages left unfolded on the sleeping CPU",
		rounds, thr, npages);
	dt_pin(0);
	for (i = 0; i < rounds; i++) {
		int cpu = 1 + i % (ncpus - 1);

		if (pipe(p2c) || pipe(c2p)) {
			dt_diag("FAIL: pipe: %s", strerror(errno));
			return KSFT_FAIL;
		}
		pid = dt_fork_pinned(cpu);
		if (pid == 0)
			child(p2c[0], c2p[1], npages);
		if (read(c2p[0], &c, 1) != 1 || dt_write_file(REFRESH, "1") ||
		    write(p2c[1], "r", 1) != 1 || read(c2p[0], &c, 1) != 1) {
			dt_diag("FAIL: round %d: the child or %s failed", i, REFRESH);
			return KSFT_FAIL;
		}
		dt_sleep(1.5);
		a1 = anon_pages();
		if (dt_write_file(REFRESH, "1"))
			return KSFT_FAIL;
		a2 = anon_pages();
		if (a1 < 0 || a2 < 0) {
			dt_diag("FAIL: no nr_anon_pages in /proc/vmstat");
			return KSFT_FAIL;
		}
		waitpid(pid, &st, 0);
		close(p2c[0]);
		close(p2c[1]);
		close(c2p[0]);
		close(c2p[1]);
		if (!WIFEXITED(st) || WEXITSTATUS(st)) {
			dt_diag("FAIL: round %d: the child on cpu%d failed", i, cpu);
			return KSFT_FAIL;
		}
		stale += a2 - a1 >= (npages + 1) / 2;
		dt_diag("round %d, cpu%d asleep: nr_anon_pages %ld, after a fold %ld (%+ld)",
			i, cpu, a1, a2, a2 - a1);
	}
	dt_diag("%d of %d rounds found the sleeping CPU's differentials unfolded (+%ld pages or more)",
		stale, rounds, (npages + 1) / 2);
	if (stale > 1) {
		dt_diag("FAIL: a CPU went to sleep without folding its vmstat differentials");
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
