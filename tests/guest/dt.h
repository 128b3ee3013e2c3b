/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the dyn-tick guest tests.
 *
 * Everything is static inline so that each test is one self-contained .c
 * file and unused helpers cost nothing (and draw no warnings).
 *
 * Include it first: it defines _GNU_SOURCE for the whole file.
 *
 * Conventions (kselftest): exit 0 pass, 1 fail, 4 skip; measured numbers
 * go to stdout as "# " lines.
 */
#ifndef DT_H
#define DT_H

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define KSFT_PASS	0
#define KSFT_FAIL	1
#define KSFT_SKIP	4

#define DT_MAXCPU	64
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define DT_SYSFS	"/sys/devices/system/dyn_tick/dyn_tick0"
#define DT_DEBUGFS	"/sys/kernel/debug/dyn_tick"

/* Print one diagnostic line, "# " prefixed, and flush it at once. */
static inline void __attribute__((format(printf, 1, 2)))
dt_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

/* One figure for the benchmark: "BENCH key=value ...", flushed at once. */
#define DT_BENCH(...)					\
	do {						\
		printf("BENCH " __VA_ARGS__);		\
		putchar('\n');				\
		fflush(stdout);				\
	} while (0)

static inline double dt_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Sleep @secs of CLOCK_MONOTONIC, whatever signals come in between. */
static inline void dt_sleep(double secs)
{
	struct timespec ts;
	double end = dt_now() + secs;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_sec += (time_t)secs;
	ts.tv_nsec += (long)((secs - (time_t)secs) * 1e9);
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) &&
	       dt_now() < end)
		;
}

/* Integer argument @idx, or @def when absent; exits on garbage. */
static inline int dt_arg_int(int argc, char **argv, int idx, int def)
{
	char *end;
	long v;

	if (idx >= argc)
		return def;
	v = strtol(argv[idx], &end, 10);
	if (*argv[idx] == '\0' || *end != '\0' || v < 0 || v > 100000) {
		dt_diag("bad argument '%s' (want a number)", argv[idx]);
		exit(KSFT_FAIL);
	}
	return (int)v;
}

/* Read a small file into @buf (NUL terminated); returns length or -errno. */
static inline int dt_read_file(const char *path, char *buf, size_t len)
{
	ssize_t n;
	size_t got = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -errno;
	while (got + 1 < len) {
		n = read(fd, buf + got, len - 1 - got);
		if (n < 0) {
			n = -errno;
			close(fd);
			return (int)n;
		}
		if (n == 0)
			break;
		got += n;
	}
	buf[got] = '\0';
	close(fd);
	return (int)got;
}

/* One write() of @s to @path; returns 0 or -errno. */
static inline int dt_write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	int ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

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

/* Pin the calling process to @cpu; exits on failure. */
static inline void dt_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		dt_diag("sched_setaffinity(cpu%d): %s", cpu, strerror(errno));
		exit(KSFT_FAIL);
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
		exit(KSFT_FAIL);
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

/*
 * Interrupt counters from /proc/interrupts.  cpu[] maps columns to CPU
 * numbers (from the "CPUn" header); loc[] is the "LOC:" line; irq0 is the
 * sum over CPUs of the " 0:" line (-1 if there is none).
 */
struct dt_irqs {
	int n;
	int cpu[DT_MAXCPU];
	long long loc[DT_MAXCPU];
	long long irq0;
	double mono;
};

/* Sum over CPUs of the counters of line @label ("0", "LOC", ...). */
static inline int dt_irq_line(const char *text, const char *label, int ncol,
			      long long *cnt)
{
	const char *p = text;
	size_t ll = strlen(label);
	int i;

	while (p && *p) {
		const char *s = p;

		while (*s == ' ')
			s++;
		if (!strncmp(s, label, ll) && s[ll] == ':') {
			char *e;

			s += ll + 1;
			for (i = 0; i < ncol; i++) {
				cnt[i] = strtoll(s, &e, 10);
				if (e == s)
					break;
				s = e;
			}
			for (; i < ncol; i++)
				cnt[i] = 0;
			return 0;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -1;
}

/* Sum over CPUs and lines of every line of /proc/interrupts naming @what. */
static inline long long dt_irq_named(const char *what)
{
	static char buf[1 << 16];
	char *line, *save = NULL, *c, *e;
	long long sum = 0;
	int ncol = 0, i;

	if (dt_read_file("/proc/interrupts", buf, sizeof(buf)) <= 0)
		return -1;
	line = strtok_r(buf, "\n", &save);
	for (c = strstr(line, "CPU"); c; c = strstr(c + 3, "CPU"))
		ncol++;
	for (line = strtok_r(NULL, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		c = strchr(line, ':');
		if (!c || !strstr(line, what))
			continue;
		for (c++, i = 0; i < ncol; i++, c = e) {
			long long v = strtoll(c, &e, 10);

			if (e == c)
				break;
			sum += v;
		}
	}
	return sum;
}

static inline int dt_irqs_read(struct dt_irqs *s)
{
	static char buf[1 << 16];
	long long irq0[DT_MAXCPU];
	char *p, *nl;
	int i;

	s->mono = dt_now();
	if (dt_read_file("/proc/interrupts", buf, sizeof(buf)) <= 0) {
		dt_diag("cannot read /proc/interrupts");
		return -1;
	}
	nl = strchr(buf, '\n');
	s->n = 0;
	for (p = strstr(buf, "CPU"); p && p < nl && s->n < DT_MAXCPU;
	     p = strstr(p + 3, "CPU"))
		s->cpu[s->n++] = atoi(p + 3);
	if (dt_irq_line(buf, "LOC", s->n, s->loc)) {
		dt_diag("no LOC: line in /proc/interrupts");
		return -1;
	}
	s->irq0 = -1;
	if (!dt_irq_line(buf, "0", s->n, irq0))
		for (s->irq0 = 0, i = 0; i < s->n; i++)
			s->irq0 += irq0[i];
	return 0;
}

/* Per-second rates between two samples. */
struct dt_rates {
	int n;
	int cpu[DT_MAXCPU];
	double loc[DT_MAXCPU];
	double irq0;		/* -1: no IRQ0 line */
	double secs;
};

static inline void dt_rates(const struct dt_irqs *a, const struct dt_irqs *b,
			    struct dt_rates *r)
{
	int i;

	r->secs = b->mono - a->mono;
	r->n = a->n < b->n ? a->n : b->n;
	for (i = 0; i < r->n; i++) {
		r->cpu[i] = a->cpu[i];
		r->loc[i] = (b->loc[i] - a->loc[i]) / r->secs;
	}
	r->irq0 = a->irq0 < 0 || b->irq0 < 0 ? -1 :
		  (b->irq0 - a->irq0) / r->secs;
}

/* Sleep @secs and return the interrupt rates seen meanwhile. */
static inline int dt_measure(double secs, struct dt_rates *r)
{
	struct dt_irqs a, b;

	if (dt_irqs_read(&a))
		return -1;
	dt_sleep(secs);
	if (dt_irqs_read(&b))
		return -1;
	dt_rates(&a, &b, r);
	return 0;
}

/*
 * The tickless floor: over @secs of idling, every online CPU from
 * @first_cpu on takes at most 5% of HZ local timer interrupts a second.
 * Prints each CPU's rate; returns 1 when one is over, or on a read error.
 */
static inline int dt_check_idle_loc(double secs, int first_cpu)
{
	double lim = dt_hz() * 0.05;
	struct dt_rates r;
	int i, ret = 0;

	if (dt_measure(secs, &r))
		return 1;
	for (i = 0; i < r.n; i++) {
		int bad = r.cpu[i] >= first_cpu && r.loc[i] > lim;

		dt_diag("cpu%d LOC/s=%.1f%s", r.cpu[i], r.loc[i],
			bad ? " > 5% of HZ" : "");
		ret |= bad;
	}
	if (r.irq0 >= 0)
		dt_diag("IRQ0/s=%.1f", r.irq0);
	return ret;
}

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

/* Copy the text after "KEY: " in the dyn-tick state file into @val; 0 or -1. */
static inline int dt_state_str(const char *key, char *val, size_t len)
{
	char buf[1024], *p, *e;
	size_t kl = strlen(key);

	if (dt_read_file(DT_SYSFS "/state", buf, sizeof(buf)) < 0)
		return -1;
	for (p = buf; p; p = strchr(p, '\n')) {
		if (*p == '\n')
			p++;
		if (strncmp(p, key, kl) || p[kl] != ':')
			continue;
		p += kl + 1;
		while (*p == ' ')
			p++;
		e = strchr(p, '\n');
		if (e)
			*e = '\0';
		snprintf(val, len, "%s", p);
		return 0;
	}
	return -1;
}

/* The integer value of "KEY: N" in the dyn-tick state file, or -1. */
static inline int dt_state_field(const char *key)
{
	char val[64];

	if (dt_state_str(key, val, sizeof(val)))
		return -1;
	return atoi(val);
}

/* Print the dyn-tick state file as "# state: ..." lines. */
static inline int dt_print_state(void)
{
	char buf[1024], *line, *save = NULL;

	if (dt_read_file(DT_SYSFS "/state", buf, sizeof(buf)) < 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		dt_diag("state: %s", line);
	return 0;
}

/* Take @cpu offline (@on 0) or online (1) through sysfs; 0 or -errno. */
static inline int dt_set_cpu_online(int cpu, int on)
{
	char path[64];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online",
		 cpu);
	return dt_write_file(path, on ? "1" : "0");
}

/*
 * The offset of jiffies from CLOCK_MONOTONIC, in ticks, with the phase and
 * the staleness of the reads taken out: mono * HZ - jiffies is c + f + s,
 * where c is what a lost or doubled tick changes, f in [0, 1) the phase
 * since the last jiffies update and s >= 0 the time the CPU keeping
 * jiffies is late with it (under TCG its vCPU thread may be descheduled
 * for a few ms).  The minimum over tightly bracketed reads spread over
 * @span seconds (several ticks) is c to within the read spacing.  NAN if
 * jiffies cannot be read, or not within a 0.5 ms bracket for 1 s.
 */
static inline double dt_jiffies_offset(int hz, double span)
{
	double best = NAN, end = dt_now() + span;

	while (dt_now() < end || (isnan(best) && dt_now() < end + 1)) {
		double t0 = dt_now(), t1, off;
		long long j = dt_jiffies();

		t1 = dt_now();
		if (j < 0)
			return NAN;
		if (t1 - t0 > 0.0005)
			continue;
		off = (t0 + t1) / 2 * hz - (double)j;
		if (isnan(best) || off < best)
			best = off;
	}
	return best;
}

/*
 * @secs of interrupt rates, measured from @pin_cpu, while a child spins on
 * @busy_cpu (started 0.5 s before the window).  0 on success.
 */
static inline int dt_measure_busy(int busy_cpu, int pin_cpu, double secs,
				  struct dt_rates *r)
{
	pid_t busy;
	int err;

	dt_pin(pin_cpu);
	busy = dt_spawn_busy(busy_cpu);
	dt_sleep(0.5);
	err = dt_measure(secs, r);
	dt_stop(busy);
	return err;
}

#define DT_SELFTEST	DT_DEBUGFS "/selftest"

/* 1 if the dyn-tick self-test file is there; otherwise says why not. */
static inline int dt_have_selftest(void)
{
	if (!access(DT_SELFTEST, F_OK))
		return 1;
	dt_diag("no %s (needs CONFIG_DYN_TICK_SELFTEST)", DT_SELFTEST);
	return 0;
}

/*
 * Run one self-test command ("ipi CPU", "timer CPU MS", "migrate CPU MS")
 * and parse its "late_us=L stale_ticks=S cpu=C" result (C: the CPU the
 * timer or IPI ran on; @cpu may be NULL).  @took_ms gets how long the
 * write took.  0 on success; otherwise it says what failed and returns -1.
 */
static inline int dt_selftest_on(const char *cmd, long *late, long *stale,
				 int *cpu, double *took_ms)
{
	char res[128] = "";
	double t0 = dt_now();
	int err = dt_write_file(DT_SELFTEST, cmd), ran_on;

	*took_ms = (dt_now() - t0) * 1e3;
	if (err) {
		dt_diag("write '%.*s' failed after %.1f ms: %s",
			(int)strcspn(cmd, "\n"), cmd, *took_ms, strerror(-err));
		return -1;
	}
	if (dt_read_file(DT_SELFTEST, res, sizeof(res)) <= 0 ||
	    sscanf(res, "late_us=%ld stale_ticks=%ld cpu=%d", late, stale,
		   &ran_on) != 3) {
		dt_diag("'%.*s': unreadable result '%s'",
			(int)strcspn(cmd, "\n"), cmd, res);
		return -1;
	}
	if (cpu)
		*cpu = ran_on;
	return 0;
}

static inline int dt_selftest(const char *cmd, long *late, long *stale,
			      double *took_ms)
{
	return dt_selftest_on(cmd, late, stale, NULL, took_ms);
}

#endif /* DT_H */
