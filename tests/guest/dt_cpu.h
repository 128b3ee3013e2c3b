/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Guest test helpers: pinning, child processes, busy loops, ping-pong, CPU hotplug.
 * Included by dt.h, after the helpers it uses; include dt.h, not this.
 */
#ifndef DT_CPU_H
#define DT_CPU_H

/* Pin the calling process to @cpu; exits on failure. */
static inline void dt_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		dt_diag("sched_setaffinity(cpu%d): %s", cpu, strerror(errno));
		exit(DT_ERROR);
	}
}

/*
 * fork() a child that dies with its parent (the runner's timeout kills
 * only the test itself).  Returns 0 in the child; exits on failure.
 */
static inline pid_t dt_fork(void)
{
	pid_t parent = getpid();
	pid_t pid = fork();

	if (pid < 0) {
		dt_diag("fork: %s", strerror(errno));
		exit(DT_ERROR);
	}
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(0);
	}
	return pid;
}

/* dt_fork(), the child pinned to @cpu. */
static inline pid_t dt_fork_pinned(int cpu)
{
	pid_t pid = dt_fork();

	if (pid == 0)
		dt_pin(cpu);
	return pid;
}

/* A child spinning on @cpu until dt_stop() kills it. */
static inline pid_t dt_spawn_busy(int cpu)
{
	pid_t pid = dt_fork_pinned(cpu);

	if (pid == 0)
		for (;;)
			__asm__ __volatile__("" ::: "memory");
	return pid;
}

static inline void dt_stop(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/*
 * @trips pipe round trips between this process, pinned to @cpu_a, and a
 * child pinned to @cpu_b, pausing @gap_s before every tenth when @gap_s > 0
 * (both CPUs then go idle, and each wakeup is an IPI into an idle CPU).
 * Fills @rtt[trips] with the round trips in microseconds if @rtt is not
 * NULL.  Returns the elapsed seconds, or -1 if the pipes failed.
 */
static inline double dt_pingpong(int cpu_a, int cpu_b, int trips,
				 double gap_s, double *rtt)
{
	int ping[2], pong[2], i;
	double t0, t;
	pid_t child;
	char c = 'x';

	if (pipe(ping)) {
		dt_diag("pipe: %s", strerror(errno));
		return -1;
	}
	if (pipe(pong)) {
		dt_diag("pipe: %s", strerror(errno));
		close(ping[0]);
		close(ping[1]);
		return -1;
	}
	child = dt_fork_pinned(cpu_b);
	if (child == 0) {
		while (read(ping[0], &c, 1) == 1)
			if (write(pong[1], &c, 1) != 1)
				break;
		_exit(0);
	}
	dt_pin(cpu_a);
	t0 = dt_now();
	for (i = 0; i < trips; i++) {
		if (gap_s > 0 && i % 10 == 0)
			dt_sleep(gap_s);
		t = dt_now();
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			break;
		if (rtt)
			rtt[i] = (dt_now() - t) * 1e6;
	}
	t = dt_now() - t0;
	dt_stop(child);
	close(ping[0]);
	close(ping[1]);
	close(pong[0]);
	close(pong[1]);
	if (i < trips)
		dt_diag("pipe i/o failed at round trip %d of %d", i, trips);
	return i == trips ? t : -1;
}

/* Take @cpu offline (@on 0) or online (1) through sysfs; 0 or -errno. */
static inline int dt_set_cpu_online(int cpu, int on)
{
	char path[64];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online",
		 cpu);
	return dt_write_file(path, on ? "1" : "0");
}

#endif /* DT_CPU_H */
