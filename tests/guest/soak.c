// SPDX-License-Identifier: GPL-2.0
/*
 * soak [secs=180]: timers of every kind on every clock while the machine
 * is stirred; dt.soak=SECS on the kernel command line overrides @secs
 * (make soak DURATION=...).
 *
 * Eight unpinned workers arm one timer after the other until the end:
 * on CLOCK_REALTIME, MONOTONIC, BOOTTIME, TAI, REALTIME_ALARM or
 * BOOTTIME_ALARM; a clock_nanosleep() or a POSIX timer, relative or
 * absolute, one-shot or (timers) periodic with 2-5 periods; of a length
 * log-uniform between one tick and 30 s, cut to the time left.  Each
 * expiry's lateness is the clock read at wake-up minus the time it was
 * due (for a periodic timer, the last period due, overruns counted).
 *
 * Meanwhile one of CPUs 1..n-1 goes offline and online again every
 * 0.5-2 s, dyn-tick's sysfs "enable" flips every 1-4 s (kernels that have
 * it), and a load process spins 0.1-1 s and sleeps 0.2-2 s at a time.
 *
 * Fails on a wake-up before its time, a timer that does not fire within
 * its length + 10 s (lost), one late by more than 1 s + 1 tick (stranded
 * on a sleeping CPU; cpu_hotplug's cap: TCG's whole-VM stalls stay
 * within a few hundred ms), and on any failed call or sysfs write.  The
 * "# soak-figures:" line gives every expiry, the "# soak-figures-on:"
 * line those whose whole wait fell in a time dyn-tick was enabled; a
 * kernel without dyn-tick flips a shadow flag on the same schedule, so
 * that both lines select the same kind of waits there.  compare-logs.sh
 * judges the second against the same soak on mainline NO_HZ_IDLE in the
 * same run (under TCG, absolute lateness figures mean little): the first
 * one's figures are half periodic ticks, which would hide a dyn-tick
 * back-end as late as the periodic tick.
 */
#include "dt.h"

#define NWORK	8
#define MAXS	8192		/* lateness samples kept per worker */
#define NCLK	6
#define NKIND	5
#define LOST_S	10		/* a timer this late past its length is lost */

static const struct {
	clockid_t id;
	const char *name;
} clk[NCLK] = {
	{ CLOCK_REALTIME, "REALTIME" },
	{ CLOCK_MONOTONIC, "MONOTONIC" },
	{ CLOCK_BOOTTIME, "BOOTTIME" },
	{ CLOCK_TAI, "TAI" },
	{ CLOCK_REALTIME_ALARM, "REALTIME_ALARM" },
	{ CLOCK_BOOTTIME_ALARM, "BOOTTIME_ALARM" },
};

static const char * const kind_name[NKIND] = {
	"nanosleep", "nanosleep-abs", "timer", "timer-abs", "timer-periodic",
};

struct worker {
	int n;			/* samples kept */
	long total;		/* expiries seen */
	int early, lost, errors, stranded;
	double worst;		/* ms */
	long count[NCLK][NKIND];
	double late[MAXS];	/* ms */
	int n_on;		/* of them, waits with dyn-tick on throughout */
	double late_on[MAXS];
};

/*
 * What the stirrers did, and whether one of their writes failed.  @gen
 * is odd while the flipper switches dyn-tick, and @on (dyn-tick enabled,
 * or its shadow) changes only then.
 */
struct stir {
	int plugs, flips, bursts, bad;
	unsigned int gen, on;
};

static struct worker *sh;
static struct stir *st;
static double tick_ms;

typedef long long ns_t;
#define NSEC	1000000000LL

static struct timespec ns2ts(ns_t ns)
{
	struct timespec ts = { ns / NSEC, ns % NSEC };

	return ts;
}

static ns_t clk_now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec * NSEC + ts.tv_nsec;
}

/* A wait begins: the flipper's generation, odd if dyn-tick was off. */
static unsigned int wait_begin(void)
{
	unsigned int g = __atomic_load_n(&st->gen, __ATOMIC_ACQUIRE);

	return __atomic_load_n(&st->on, __ATOMIC_ACQUIRE) ? g : g | 1;
}

/*
 * One expiry of worker @w, due at @due, woken at @now (ns, its clock),
 * of a wait that began at generation @g0 (wait_begin()).
 */
static void record(struct worker *w, ns_t due, ns_t now, unsigned int g0)
{
	double ms = (now - due) / 1e6;

	w->total++;
	if (now < due && w->early++ < 5)
		dt_diag("EARLY: a wake-up %.6f ms before its time", -ms);
	if (ms > 1000 + tick_ms && w->stranded++ < 5)
		dt_diag("STRANDED: a wake-up %.1f ms late", ms);
	if (ms > w->worst)
		w->worst = ms;
	if (w->n < MAXS)
		w->late[w->n++] = ms;
	if (!(g0 & 1) && __atomic_load_n(&st->gen, __ATOMIC_ACQUIRE) == g0 &&
	    w->n_on < MAXS)
		w->late_on[w->n_on++] = ms;
}

static void fail_call(struct worker *w, const char *what, int c)
{
	w->errors++;
	dt_diag("%s on %s: %s", what, clk[c].name, strerror(errno));
}

static void do_nanosleep(struct worker *w, int c, ns_t len, int abs)
{
	unsigned int g0 = wait_begin();
	ns_t due = clk_now(clk[c].id) + len;
	struct timespec ts = ns2ts(abs ? due : len);
	int ret;

	/* no signal reaches a worker: an interruption is an error too */
	ret = clock_nanosleep(clk[c].id, abs ? TIMER_ABSTIME : 0, &ts, NULL);
	if (ret) {
		errno = ret;
		fail_call(w, "clock_nanosleep", c);
		return;
	}
	record(w, due, clk_now(clk[c].id), g0);
}

static void do_timer(struct worker *w, int c, ns_t len, int kind,
		     int periods, const sigset_t *set)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN };
	struct timespec wait = ns2ts(len + LOST_S * NSEC), zero = { 0 };
	struct itimerspec its = { 0 };
	ns_t first, idx = 0;
	unsigned int g0;
	siginfo_t si;
	timer_t t;

	if (timer_create(clk[c].id, &sev, &t)) {
		fail_call(w, "timer_create", c);
		return;
	}
	/* read before arming: a relative timer is due a little after this */
	g0 = wait_begin();
	first = clk_now(clk[c].id) + len;
	its.it_value = ns2ts(kind == 3 ? first : len);
	if (kind == 4)
		its.it_interval = ns2ts(len);
	if (timer_settime(t, kind == 3 ? TIMER_ABSTIME : 0, &its, NULL)) {
		fail_call(w, "timer_settime", c);
		timer_delete(t);
		return;
	}
	for (;;) {
		if (sigtimedwait(set, &si, &wait) < 0) {
			if (errno == EINTR)
				continue;
			w->lost++;
			dt_diag("LOST: a %s timer on %s of %.3f s did not fire within %d s more",
				kind_name[kind], clk[c].name, len / 1e9, LOST_S);
			break;
		}
		/* the expiry this signal reports is the last one due */
		idx += si.si_overrun;
		record(w, first + idx * len, clk_now(clk[c].id), g0);
		if (kind != 4 || ++idx >= periods)
			break;
		g0 = wait_begin();
	}
	timer_delete(t);
	/* a periodic timer's last signal may still be queued */
	while (sigtimedwait(set, &si, &zero) > 0)
		;
}

static void worker(int id, double end)
{
	unsigned int seed = 0x50a4 + id;
	struct worker *w = &sh[id];
	double left, max, lo = tick_ms / 1e3;
	int c, kind, periods;
	sigset_t set;
	ns_t len;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (;;) {
		left = end - dt_now();
		c = rand_r(&seed) % NCLK;
		kind = rand_r(&seed) % NKIND;
		periods = kind == 4 ? 2 + rand_r(&seed) % 4 : 1;
		/* log-uniform in [1 tick, 30 s], every period within the time left */
		max = fmin(30.0, left / periods);
		if (max < lo)
			break;
		len = (ns_t)(1e9 * exp(log(lo) + rand_r(&seed) / (double)RAND_MAX *
				       (log(max) - log(lo))));
		w->count[c][kind]++;
		if (kind < 2)
			do_nanosleep(w, c, len, kind == 1);
		else
			do_timer(w, c, len, kind, periods, &set);
	}
	_exit(0);
}

static void nap(unsigned int *seed, double lo, double hi)
{
	dt_sleep(lo + (rand_r(seed) / (double)RAND_MAX) * (hi - lo));
}

/* One of CPUs 1..ncpus-1 offline and online again, every 0.5-2 s. */
static void plugger(int ncpus)
{
	unsigned int seed = 11;
	int cpu;

	for (;;) {
		nap(&seed, 0.5, 2);
		cpu = 1 + rand_r(&seed) % (ncpus - 1);
		if (dt_set_cpu_online(cpu, 0)) {
			dt_diag("FAIL: cpu%d offline", cpu);
			st->bad = 1;
		}
		nap(&seed, 0.1, 0.5);
		if (dt_set_cpu_online(cpu, 1)) {
			dt_diag("FAIL: cpu%d online", cpu);
			st->bad = 1;
		}
		st->plugs++;
	}
}

/*
 * dyn-tick off and on again at run time, every 1-4 s; with @shadow (a
 * kernel without dyn-tick) only the flag the workers read.
 */
static void flipper(int shadow)
{
	unsigned int seed = 13;
	int on = 0;

	for (;;) {
		nap(&seed, 1, 4);
		__atomic_add_fetch(&st->gen, 1, __ATOMIC_ACQ_REL);
		if (!shadow && dt_write_file(DT_SYSFS "/enable", on ? "1" : "0")) {
			dt_diag("FAIL: write %d to %s/enable", on, DT_SYSFS);
			st->bad = 1;
		}
		__atomic_store_n(&st->on, on, __ATOMIC_RELEASE);
		__atomic_add_fetch(&st->gen, 1, __ATOMIC_ACQ_REL);
		st->flips++;
		on = !on;
	}
}

/* A load that comes and goes. */
static void loader(void)
{
	unsigned int seed = 17;

	for (;;) {
		dt_spin(0.1 + (rand_r(&seed) / (double)RAND_MAX) * 0.9);
		st->bursts++;
		nap(&seed, 0.2, 2);
	}
}

/* dt.soak=SECS from the kernel command line, or @def. */
static int soak_secs(int def)
{
	char buf[4096], *p;
	long v;

	if (dt_read_file("/proc/cmdline", buf, sizeof(buf)) < 0)
		return def;
	p = strstr(buf, "dt.soak=");
	if (!p)
		return def;
	v = strtol(p + 8, NULL, 10);
	return v > 0 ? (int)v : def;
}

int main(int argc, char **argv)
{
	int secs = soak_secs(dt_arg_int(argc, argv, 1, 180));
	int ncpus = dt_ncpus(), ret = KSFT_PASS, i, c, k, n = 0;
	int flip = access(DT_SYSFS "/enable", W_OK) == 0;
	pid_t work[NWORK], stir[3];
	int early = 0, lost = 0, errors = 0, stranded = 0;
	double *all, *on, worst = 0, end;
	long total = 0;
	int n_on = 0;

	tick_ms = 1e3 / dt_hz();
	if (dt_need_cpus(2))
		return KSFT_SKIP;
	sh = mmap(NULL, sizeof(*sh) * NWORK + sizeof(*st), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		dt_diag("mmap: %s", strerror(errno));
		return KSFT_FAIL;
	}
	st = (struct stir *)&sh[NWORK];
	st->on = 1;
	dt_diag("soak %d s: %d workers, 6 clocks x 5 kinds, 1 tick..30 s; hotplug of CPUs 1-%d, %s, a load that comes and goes",
		secs, NWORK, ncpus - 1,
		flip ? "dyn-tick enable flipping" : "no dyn-tick sysfs: a shadow flag flipping");

	end = dt_now() + secs;
	for (i = 0; i < NWORK; i++) {
		work[i] = dt_fork();
		if (!work[i])
			worker(i, end);
	}
	stir[0] = dt_fork();
	if (!stir[0])
		plugger(ncpus);
	stir[1] = dt_fork();
	if (!stir[1])
		flipper(!flip);
	stir[2] = dt_fork();
	if (!stir[2])
		loader();

	for (i = 0; i < NWORK; i++)
		waitpid(work[i], NULL, 0);
	for (i = 0; i < 3; i++)
		dt_stop(stir[i]);
	for (i = 1; i < ncpus; i++)
		if (dt_set_cpu_online(i, 1)) {
			dt_diag("FAIL: cpu%d back online", i);
			ret = KSFT_FAIL;
		}
	if (flip && dt_write_file(DT_SYSFS "/enable", "1")) {
		dt_diag("FAIL: enable back to 1");
		ret = KSFT_FAIL;
	}

	all = malloc(sizeof(*all) * NWORK * MAXS);
	on = malloc(sizeof(*on) * NWORK * MAXS);
	if (!all || !on)
		return KSFT_FAIL;
	for (i = 0; i < NWORK; i++) {
		memcpy(all + n, sh[i].late, sizeof(*all) * sh[i].n);
		n += sh[i].n;
		memcpy(on + n_on, sh[i].late_on, sizeof(*on) * sh[i].n_on);
		n_on += sh[i].n_on;
		total += sh[i].total;
		early += sh[i].early;
		lost += sh[i].lost;
		errors += sh[i].errors;
		stranded += sh[i].stranded;
		worst = fmax(worst, sh[i].worst);
	}
	for (c = 0; c < NCLK; c++) {
		long per[NKIND] = { 0 }, sum = 0;

		for (k = 0; k < NKIND; k++) {
			for (i = 0; i < NWORK; i++)
				per[k] += sh[i].count[c][k];
			sum += per[k];
		}
		dt_diag("%-14s %4ld timers: nanosleep %ld, abs %ld; timer %ld, abs %ld, periodic %ld",
			clk[c].name, sum, per[0], per[1], per[2], per[3], per[4]);
		for (k = 0; k < NKIND; k++)
			if (!per[k]) {
				dt_diag("FAIL: no %s on %s: the soak is too short",
					kind_name[k], clk[c].name);
				ret = KSFT_FAIL;
			}
	}
	if (n < 100 || n_on < 50) {
		dt_diag("FAIL: %d expiries, %d with dyn-tick on throughout, want 100 and 50 or more",
			n, n_on);
		return KSFT_FAIL;
	}
	qsort(all, n, sizeof(*all), dt_cmp_double);
	dt_diag("%ld expiries: lateness min %.3f median %.3f p99 %.3f max %.3f ms; early %d, lost %d, over 1 s + 1 tick %d, failed calls %d",
		total, all[0], dt_median_sorted(all, n), dt_quantile(all, n, 0.99),
		worst, early, lost, stranded, errors);
	printf("# soak-figures: hz=%d n=%d median=%.3f p99=%.3f max=%.3f\n",
	       dt_hz(), n, dt_median_sorted(all, n), dt_quantile(all, n, 0.99), worst);
	qsort(on, n_on, sizeof(*on), dt_cmp_double);
	printf("# soak-figures-on: hz=%d n=%d median=%.3f p99=%.3f max=%.3f\n",
	       dt_hz(), n_on, dt_median_sorted(on, n_on),
	       dt_quantile(on, n_on, 0.99), on[n_on - 1]);
	dt_diag("meanwhile: %d offline/online cycles, %d %senable flips, %d load bursts",
		st->plugs, st->flips, flip ? "" : "shadow ", st->bursts);
	if (early || lost || stranded || errors || st->bad)
		ret = KSFT_FAIL;
	return ret;
}
