// SPDX-License-Identifier: GPL-2.0
/*
 * vmstat_quiet [rounds=4]: a CPU whose tick stops folds its vmstat
 * differentials first, so that the global counters do not wait for its
 * next wake-up.  tick-sched calls quiet_vmstat() when it stops a tick;
 * it folds only while the CPU's vmstat_update work is pending, and
 * vmstat_shepherd leaves such a CPU alone (the work is deferrable: it
 * runs when the CPU next wakes), so without the fold a sleeping CPU's
 * share of the counters stays out of /proc/vmstat while it sleeps.
 *
 * Each round, on CPU 1, 2, ... in turn: the parent on CPU0 folds every
 * CPU's differentials (/proc/sys/vm/stat_refresh); a child pinned there
 * maps one more anonymous page every 5 ms for 2.5 s, spinning in
 * between, while every other CPU spins, so that vmstat_shepherd runs
 * wherever it is queued and arms vmstat_update on the child's CPU,
 * which re-arms itself while it finds something to fold; then the
 * spinners stop, and the child writes half a stat threshold of pages to
 * a tmpfs file (nr_shmem, which nothing else moves) and sleeps 3 s at
 * once.  The child must not sleep between pages: a tick that stops
 * there folds the differentials (quiet_vmstat()), vmstat_update then
 * finds nothing, does not re-arm, and the last sleep's fold is skipped
 * on any kernel (NO_HZ_IDLE too), while vmstat_shepherd, deferrable,
 * waits for a CPU to wake.  1.5 s into that sleep
 * the parent reads nr_shmem, folds again and reads it again: a rise of
 * half those pages or more is the sleeping CPU's unfolded share.  The
 * test fails when more than one round in @rounds finds it; the nohz boot
 * runs the same test as the control.
 */
#include "dt.h"
#include <sys/mman.h>
#include <sys/wait.h>

#define REFRESH	"/proc/sys/vm/stat_refresh"

static long shmem_pages(void)
{
	return dt_file_number("/proc/vmstat", "\nnr_shmem ");
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

static void child(int in, int out, long npages, const char *file)
{
	long pg = sysconf(_SC_PAGESIZE), i;
	char *m = mmap(NULL, 600 * pg, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char page[4096] = { 1 };
	double end;
	int fd;
	char c;

	if (m == MAP_FAILED || read(in, &c, 1) != 1)
		_exit(2);
	end = dt_now() + 2.5;
	for (i = 0; i < 600 && dt_now() < end; i++) {
		m[i * pg] = 1;
		dt_spin(0.005);
	}
	fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		_exit(2);
	for (i = 0; i < npages; i++)
		if (write(fd, page, sizeof(page)) != sizeof(page))
			_exit(2);
	close(fd);
	if (write(out, "b", 1) != 1)
		_exit(2);
	dt_sleep(3);
	_exit(0);
}

int main(int argc, char **argv)
{
	int rounds = dt_arg_int(argc, argv, 1, 4);
	int ncpus = dt_ncpus(), thr = stat_threshold(), i, j, stale = 0, st;
	pid_t pid, spin[DT_MAXCPU] = { 0 };
	const char *file = "/tmp/vmstat_quiet";
	int p2c[2], c2p[2];
	long npages, a1, a2;
	char c;

	if (ncpus < 2) {
		dt_diag("needs a CPU to sleep beside CPU0");
		return DT_ERROR;
	}
	if (thr < 4 || sysconf(_SC_PAGESIZE) != 4096) {
		dt_diag("vm stats threshold %d, page size %ld: want 4+ and 4096",
			thr, sysconf(_SC_PAGESIZE));
		return DT_ERROR;
	}
	npages = thr / 2;
	dt_diag("%d rounds; vm stats threshold %d, %ld tmpfs pages left unfolded on the sleeping CPU",
		rounds, thr, npages);
	dt_pin(0);
	for (i = 0; i < rounds; i++) {
		int cpu = 1 + i % (ncpus - 1);

		if (pipe(p2c) || pipe(c2p)) {
			dt_diag("pipe: %s", strerror(errno));
			return DT_ERROR;
		}
		pid = dt_fork_pinned(cpu);
		if (pid == 0)
			child(p2c[0], c2p[1], npages, file);
		for (j = 1; j < ncpus; j++)
			if (j != cpu)
				spin[j] = dt_spawn_busy(j);
		if (fcntl(c2p[0], F_SETFL, O_NONBLOCK) ||
		    dt_write_file(REFRESH, "1") || write(p2c[1], "g", 1) != 1) {
			dt_diag("round %d: the child or %s failed", i, REFRESH);
			return DT_ERROR;
		}
		/* CPU0 spins too until the child is done */
		while (read(c2p[0], &c, 1) != 1)
			if (errno != EAGAIN || waitpid(pid, &st, WNOHANG)) {
				dt_diag("round %d: the child on cpu%d failed", i, cpu);
				return DT_ERROR;
			}
		for (j = 1; j < ncpus; j++)
			dt_stop(spin[j]);
		dt_sleep(1.5);
		a1 = shmem_pages();
		if (dt_write_file(REFRESH, "1"))
			return DT_ERROR;
		a2 = shmem_pages();
		if (a1 < 0 || a2 < 0) {
			dt_diag("no nr_shmem in /proc/vmstat");
			return DT_ERROR;
		}
		waitpid(pid, &st, 0);
		unlink(file);
		close(p2c[0]);
		close(p2c[1]);
		close(c2p[0]);
		close(c2p[1]);
		if (!WIFEXITED(st) || WEXITSTATUS(st)) {
			dt_diag("round %d: the child on cpu%d failed", i, cpu);
			return DT_ERROR;
		}
		stale += a2 - a1 >= (npages + 1) / 2;
		dt_diag("round %d, cpu%d asleep: nr_shmem %ld, after a fold %ld (%+ld)",
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
