/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Guest test helpers: quantiles, oversleep samples and the lateness judge.
 * Included by dt.h, after the helpers it uses; include dt.h, not this.
 */
#ifndef DT_JUDGE_H
#define DT_JUDGE_H

static inline int dt_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Sorts @v in place; returns the @p-quantile (0..1), nearest rank. */
static inline double dt_quantile(double *v, int n, double p)
{
	int k;

	if (n <= 0)
		return 0;
	qsort(v, n, sizeof(*v), dt_cmp_double);
	k = (int)ceil(p * n) - 1;
	if (k < 0)
		k = 0;
	if (k >= n)
		k = n - 1;
	return v[k];
}

/* The median of @n sorted values: the mean of the middle two when @n is even. */
static inline double dt_median_sorted(const double *v, int n)
{
	if (n <= 0)
		return 0;
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * BENCH lines for @n samples in microseconds: the median, the maximum and,
 * only with 100 samples or more, the 99th percentile (nearest rank): a
 * "p99" of fewer samples would be their maximum under another name.
 * @req_ms, if not 0, is printed as the scenario's req_ms=.  Sorts @v.
 */
static inline void dt_bench_samples(const char *sc, int req_ms,
				    const char *what, double *v, int n)
{
	char req[32] = "";

	if (req_ms)
		snprintf(req, sizeof(req), " req_ms=%d", req_ms);
	dt_quantile(v, n, 1.0);		/* sorts v[] */
	DT_BENCH("scenario=%s%s %s_median_us=%.1f samples=%d", sc, req, what,
		 dt_median_sorted(v, n), n);
	DT_BENCH("scenario=%s%s %s_max_us=%.1f", sc, req, what, v[n - 1]);
	if (n >= 100)
		DT_BENCH("scenario=%s%s %s_p99_us=%.1f", sc, req, what,
			 dt_quantile(v, n, 0.99));
}

/*
 * @n relative clock_nanosleep(CLOCK_MONOTONIC)s of @req_ms each (resumed
 * if a signal interrupts one); @over[i] gets how many ms the i-th slept
 * past its length.
 */
static inline void dt_oversleep(int req_ms, int n, double *over)
{
	int i;

	for (i = 0; i < n; i++) {
		struct timespec ts = {
			.tv_sec = req_ms / 1000,
			.tv_nsec = (req_ms % 1000) * 1000000L,
		};
		double t0 = dt_now();

		while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts) == EINTR)
			;
		over[i] = (dt_now() - t0) * 1e3 - req_ms;
	}
}

/*
 * A CLOCK_MONOTONIC POSIX timer in *@timer that signals SIGRTMIN, blocked
 * and the only member of *@set, for dt_timer_late().  0, or -1 said.
 */
static inline int dt_timer_signal(timer_t *timer, sigset_t *set)
{
	struct sigevent sev = {
		.sigev_notify = SIGEV_SIGNAL,
		.sigev_signo = SIGRTMIN,
	};

	sigemptyset(set);
	sigaddset(set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, set, NULL);
	if (timer_create(CLOCK_MONOTONIC, &sev, timer)) {
		dt_diag("timer_create: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * @n one-shot arms of @timer (timer_create()d with a signal in @set, which
 * the caller blocks) for @req_ms each, the signal taken with sigwaitinfo();
 * @over[i] gets how many ms the i-th fired past its length.  0, or -1
 * with errno from timer_settime().
 */
static inline int dt_timer_late(timer_t timer, const sigset_t *set,
				int req_ms, int n, double *over)
{
	struct itimerspec its = {
		.it_value.tv_sec = req_ms / 1000,
		.it_value.tv_nsec = (req_ms % 1000) * 1000000L,
	};
	int i;

	for (i = 0; i < n; i++) {
		double t0 = dt_now();
		siginfo_t si;

		if (timer_settime(timer, 0, &its, NULL))
			return -1;
		while (sigwaitinfo(set, &si) < 0)
			;
		over[i] = (dt_now() - t0) * 1e3 - req_ms;
	}
	return 0;
}

/*
 * The lateness limits of the timer accuracy tests, in ms.  TCG runs 4 vCPU
 * threads on 2 host cores: a host preemption adds up to a host time slice
 * to one wake-up.  So:
 *  - the median must be within one tick + @margin_ms;
 *  - every sample within one tick + 25 ms (@lim_max);
 *  - but in a set of 10 or more one sample may be a host stall of the
 *    whole VM, up to one tick + 60 ms (@lim_stall): 49.7 ms was measured
 *    with dyntick=off and 52.4 ms with dyn-tick in the PIT topology.
 * make test runs the same tests with the same limits on the patched tree
 * built with mainline NO_HZ_IDLE (boot "nohz"): that control shows the
 * margins are TCG's noise, not dyn-tick's.  A timer that is late by design
 * (the 2005 bugs cost seconds) is late more than once, moves the median,
 * or exceeds the stall cap.
 */
struct dt_lateness_lim {
	double median;
	double max;
	double stall;
};

static inline void dt_lateness_limits(int cpu, int margin_ms,
				      struct dt_lateness_lim *lim)
{
	int hz = dt_hz();

	lim->median = 1e3 / hz + margin_ms;
	lim->max = 1e3 / hz + 25;
	lim->stall = 1e3 / hz + 60;
	dt_diag("cpu%d HZ=%d: median limit %.1f ms (1 tick + %d ms), any %.1f ms, one stall in 10+ %.1f ms",
		cpu, hz, lim->median, margin_ms, lim->max, lim->stall);
}

/*
 * Judge the lateness (ms) of @n wake-ups asked for @req_ms against @lim
 * (see dt_lateness_limits()): none early, the median within lim->median,
 * every sample within lim->max but, in sets of 10 or more, one sample
 * within lim->stall.  Sorts @over.  Returns 1 when it fails.
 */
static inline int dt_judge_lateness(const char *what, int req_ms,
				    double *over, int n,
				    const struct dt_lateness_lim *lim)
{
	double med, p99, worst;
	char p99s[32] = "";
	int early, late, stall;

	if (n <= 0) {
		dt_diag("%4d ms %s: no samples", req_ms, what);
		return 1;
	}
	qsort(over, n, sizeof(*over), dt_cmp_double);
	med = dt_median_sorted(over, n);
	p99 = dt_quantile(over, n, 0.99);
	worst = over[n - 1];
	early = over[0] < 0;
	/* the second worst is judged against lim->max in sets of 10+ */
	late = med > lim->median ||
	       (n >= 10 ? over[n - 2] > lim->max || worst > lim->stall :
			  worst > lim->max);
	stall = !late && worst > lim->max;

	/* a p99 of fewer than 100 samples would be the max by another name */
	if (n >= 100)
		snprintf(p99s, sizeof(p99s), " p99 %.3f", p99);
	dt_diag("%4d ms x%-2d %s ms: min %.3f median %.3f%s max %.3f%s%s%s",
		req_ms, n, what, over[0], med, p99s, worst,
		early ? " EARLY" : "", late ? " LATE" : "",
		stall ? " (one outlier within the stall cap)" : "");
	return early || late;
}

/*
 * Timer samples against a control taken in the same boot with dyn-tick
 * disabled (timer_migration, pinned_busy): set 0 with dyn-tick, set 1
 * the control.
 */
struct dt_vs_ctl {
	int n[2], over[2], stale[2];
	long worst[2];		/* us */
};

/* One sample of @set: the timer ran @late_us late, jiffies @stale ticks stale */
static inline void dt_vs_ctl_add(struct dt_vs_ctl *v, int set, long late_us,
				 long stale)
{
	v->n[set]++;
	v->over[set] += late_us > 1000000L / dt_hz() + 6000;
	v->stale[set] += stale > 1;
	if (late_us > v->worst[set])
		v->worst[set] = late_us;
}

/*
 * With dyn-tick no more samples late over 1 tick + 6 ms than in the
 * control (@ctl names it in the report), plus one; none later than the
 * control's latest + 1 tick + 25 ms; no more finding jiffies stale by 2
 * ticks or more.  Prints the figures, each line after @prefix; 0 if no
 * worse.
 */
static inline int dt_vs_ctl_judge(const struct dt_vs_ctl *v,
				  const char *prefix, const char *ctl)
{
	long tick_us = 1000000L / dt_hz(), cap = v->worst[1] + tick_us + 25000;

	dt_diag("%slate over %ld us: %d of %d samples with dyn-tick (latest %ld us), %d of %d %s (latest %ld us); cap %ld us",
		prefix, tick_us + 6000, v->over[0], v->n[0], v->worst[0],
		v->over[1], v->n[1], ctl, v->worst[1], cap);
	dt_diag("jiffies 2+ ticks stale: %d samples with dyn-tick, %d %s",
		v->stale[0], v->stale[1], ctl);
	return v->over[0] > v->over[1] + 1 || v->worst[0] > cap ||
	       v->stale[0] > v->stale[1];
}

#endif /* DT_JUDGE_H */
