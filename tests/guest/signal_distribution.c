// SPDX-License-Identifier: GPL-2.0
/*
 * signal_distribution [rounds=5]: a process-wide CPU-time timer signals
 * the thread that runs, not a sleeping one.
 *
 * posix_timers' "check signal distribution" without its races: a busy
 * thread arms a CLOCK_PROCESS_CPUTIME_ID timer of 1 ms (interval 1 ms)
 * and spins until it has taken 100 SIGALRMs while the main thread sleeps
 * in pthread_join(); a SIGALRM taken by the main thread is a failure.
 * Any other thread of the process that runs while the timer is armed
 * can take the signal: a main thread not yet asleep (the selftest gives
 * it 10 ms, which under TCG, with vCPUs held by the host, may not be
 * enough), or an earlier busy thread still exiting (wait_ready()).  So
 * the busy thread arms the timer only once the main thread sleeps (its
 * /proc state "S") and no third thread is left, and the handler is
 * SA_NODEFER so that the busy thread never blocks the signal.  Then the
 * kernel must give every expiry to the thread that consumed the CPU
 * time: the expiry is found on that thread's tick, in its context, and
 * since 6.3 a process-directed timer signal prefers current.  A tick
 * mode that ran the process's CPU timers from another context, or
 * charged its time from an idle CPU, would signal the sleeper.  Kernels
 * before 6.3 signal the leader by design: the test skips there, as the
 * selftest does.
 */
#include "dt.h"
#include <pthread.h>

#define SIGNALS	100

static pthread_t busy_thread;
static pid_t main_tid;
static int count, stray;	/* __atomic: the handler and the loop */

/*
 * Wait up to 5 s until the main thread sleeps (state S) and the process
 * has two threads: the last round's busy thread, whose exit woke
 * pthread_join(), may still be on its way out, and a tick that finds the
 * process timer expired in its context (it counts CPU time while it
 * exits) cannot signal it, PF_EXITING, so the signal goes to another
 * thread of the process: the sleeping one, as often as not.
 */
static int wait_ready(pid_t tid)
{
	char path[64], buf[512];
	const char *f;
	int i;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	for (i = 0; i < 5000; i++) {
		f = dt_stat_field(path, 3, buf, sizeof(buf));	/* state */
		if (!f)
			return -1;
		if (*f == 'S') {
			f = dt_stat_field("/proc/self/stat", 20, buf,
					  sizeof(buf));		/* num_threads */
			if (!f)
				return -1;
			if (atoi(f) == 2)
				return 0;
		}
		usleep(1000);
	}
	return -1;
}

static void handler(int sig)
{
	(void)sig;
	if (!pthread_equal(pthread_self(), busy_thread))
		__atomic_add_fetch(&stray, 1, __ATOMIC_RELAXED);
	__atomic_sub_fetch(&count, 1, __ATOMIC_RELAXED);
}

static void *busy(void *arg)
{
	const struct itimerspec val = {
		.it_value.tv_nsec = 1000000L,
		.it_interval.tv_nsec = 1000000L,
	};
	timer_t id;

	(void)arg;
	if (wait_ready(main_tid)) {
		dt_diag("the main thread did not sleep in pthread_join(), or the last round's thread did not exit, within 5 s");
		return (void *)1;
	}
	__atomic_store_n(&count, SIGNALS, __ATOMIC_RELAXED);
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, NULL, &id)) {
		dt_diag("timer_create: %s", strerror(errno));
		return (void *)1;
	}
	if (timer_settime(id, 0, &val, NULL)) {
		dt_diag("timer_settime: %s", strerror(errno));
		return (void *)1;
	}
	while (__atomic_load_n(&count, __ATOMIC_RELAXED) > 0 &&
	       !__atomic_load_n(&stray, __ATOMIC_RELAXED))
		;
	if (timer_delete(id)) {
		dt_diag("timer_delete: %s", strerror(errno));
		return (void *)1;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int rounds = dt_arg_int(argc, argv, 1, 5), r, bad = 0;
	struct sigaction sa = { .sa_handler = handler, .sa_flags = SA_NODEFER };
	void *ret;

	if (!dt_kernel_at_least(6, 3)) {
		dt_diag("SKIP: before 6.3 a process's timer signal goes to its leader by design");
		return KSFT_SKIP;
	}
	main_tid = gettid();
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, NULL)) {
		dt_diag("sigaction: %s", strerror(errno));
		return DT_ERROR;
	}
	for (r = 1; r <= rounds; r++) {
		stray = 0;
		if (pthread_create(&busy_thread, NULL, busy, NULL)) {
			dt_diag("pthread_create failed");
			return DT_ERROR;
		}
		if (pthread_join(busy_thread, &ret) || ret) {
			dt_diag("round %d: the busy thread failed", r);
			return DT_ERROR;
		}
		dt_diag("round %d: %d signal(s) taken, %d by the sleeping thread",
			r, SIGNALS - count, stray);
		if (stray)
			bad++;
	}
	if (bad) {
		dt_diag("FAIL: %d of %d rounds signalled the sleeping thread", bad, rounds);
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
