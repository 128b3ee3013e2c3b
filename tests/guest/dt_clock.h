/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Guest test helpers: jiffies, HZ, CPUs online, jiffies against the clocksource.
 * Included by dt.h, after the helpers it uses; include dt.h, not this.
 */
#ifndef DT_CLOCK_H
#define DT_CLOCK_H

/*
 * jiffies: the "timestamp" line of /proc/schedstat (SCHEDSTATS=y, as in
 * the guest kernels), else "jiffies:" of /proc/timer_list.  -1 if neither.
 */
static inline long long dt_jiffies(void)
{
	static char buf[1 << 16];
	char *p;

	if (dt_read_file("/proc/schedstat", buf, sizeof(buf)) > 0) {
		p = strstr(buf, "\ntimestamp ");
		if (p)
			return strtoll(p + 11, NULL, 10);
	}
	if (dt_read_file("/proc/timer_list", buf, sizeof(buf)) > 0) {
		p = strstr(buf, "\njiffies: ");
		if (p)
			return strtoll(p + 10, NULL, 10);
	}
	return -1;
}

/* A jiffies sample and the CLOCK_MONOTONIC time it was taken at. */
struct dt_clk {
	long long jiffies;
	double mono;
};

static inline void dt_clk_read(struct dt_clk *c)
{
	int try;

	/*
	 * Bracket the jiffies read with two clock reads and retry while the
	 * bracket is wide: under TCG a vCPU can be preempted between them
	 * for several ticks, which would look like drift.
	 */
	for (try = 0; try < 50; try++) {
		double t0 = dt_now(), t1;

		c->jiffies = dt_jiffies();
		t1 = dt_now();
		c->mono = (t0 + t1) / 2;
		if (t1 - t0 < 0.0005)
			break;
	}
}

/* How many ticks jiffies fell behind (<0: ran ahead of) the clocksource. */
static inline double dt_clk_drift(const struct dt_clk *a,
				  const struct dt_clk *b, int hz)
{
	return (b->mono - a->mono) * hz - (double)(b->jiffies - a->jiffies);
}

/*
 * HZ: $DT_HZ (the runner exports dt.hz=), else dt.hz= on the kernel command
 * line, else measured from jiffies over one second.  sysconf(_SC_CLK_TCK)
 * is USER_HZ, not HZ.
 */
static inline int dt_hz(void)
{
	static const int known[] = { 100, 250, 300, 1000 };
	static int hz;
	char buf[4096], *p;
	struct dt_clk a, b;
	double r, best = 1e9;
	unsigned int i;

	if (hz)
		return hz;
	p = getenv("DT_HZ");
	if (p && atoi(p) > 0)
		return hz = atoi(p);
	if (dt_read_file("/proc/cmdline", buf, sizeof(buf)) > 0) {
		p = strstr(buf, "dt.hz=");
		if (p && (p == buf || p[-1] == ' ') && atoi(p + 6) > 0)
			return hz = atoi(p + 6);
	}
	dt_clk_read(&a);
	if (a.jiffies < 0) {
		dt_diag("cannot read jiffies (no /proc/schedstat timestamp) and no DT_HZ: assuming HZ=250");
		return hz = 250;
	}
	dt_sleep(1.0);
	dt_clk_read(&b);
	r = (b.jiffies - a.jiffies) / (b.mono - a.mono);
	for (i = 0; i < ARRAY_SIZE(known); i++) {
		if (fabs(r - known[i]) < best) {
			best = fabs(r - known[i]);
			hz = known[i];
		}
	}
	dt_diag("HZ measured: %.1f jiffies/s -> HZ=%d", r, hz);
	return hz;
}

static inline int dt_ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		return 1;
	return n > DT_MAXCPU ? DT_MAXCPU : (int)n;
}

/* 0 if @n CPUs are online; else says so (the caller skips) and 1. */
static inline int dt_need_cpus(int n)
{
	if (dt_ncpus() >= n)
		return 0;
	dt_diag("SKIP needs %d CPUs, %d online", n, dt_ncpus());
	return 1;
}

/*
 * The offset of jiffies from CLOCK_MONOTONIC, in ticks, with the phase and
 * the staleness of the reads taken out: mono * HZ - jiffies is c + f + s,
 * where c is what a lost or doubled tick changes, f in [0, 1) the phase
 * since the last jiffies update and s >= 0 the time the CPU keeping
 * jiffies is late with it (under TCG its vCPU thread may be descheduled
 * for a few ms).  The minimum over tightly bracketed reads spread over
 * @span seconds (several ticks) is c to within the read spacing.  Reads
 * within 0.5 ms count; when there is none for 3 s more (a read of
 * /proc/schedstat took 0.62 ms at best once on the debug kernel), reads
 * within a quarter of a tick do, which bounds the error at a quarter of
 * a tick, and it says so.  NAN if jiffies cannot be read, or not within
 * a quarter of a tick either (it says which, and the tightest bracket).
 */
static inline double dt_jiffies_offset(int hz, double span)
{
	double best = NAN, loose = NAN, end = dt_now() + span;
	double tightest = INFINITY;

	while (dt_now() < end || (isnan(best) && dt_now() < end + 3)) {
		double t0 = dt_now(), t1, off;
		long long j = dt_jiffies();

		t1 = dt_now();
		if (j < 0) {
			dt_diag("cannot read jiffies");
			return NAN;
		}
		if (t1 - t0 < tightest)
			tightest = t1 - t0;
		if (t1 - t0 > 0.25 / hz)
			continue;
		off = (t0 + t1) / 2 * hz - (double)j;
		if (t1 - t0 > 0.0005) {
			if (isnan(loose) || off < loose)
				loose = off;
		} else if (isnan(best) || off < best) {
			best = off;
		}
	}
	if (!isnan(best))
		return best;
	dt_diag("no jiffies read within 0.5 ms in %.0f s (tightest %.3f ms)%s",
		span + 3, tightest * 1e3, isnan(loose) ? "" :
		": reads within a quarter of a tick taken");
	return loose;
}

#endif /* DT_CLOCK_H */
