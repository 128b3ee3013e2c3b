// SPDX-License-Identifier: GPL-2.0
/*
 * tick_skew: with skew_tick=1 on the kernel command line, each CPU's tick
 * is offset from CPU0's by cpu * (TICK_NSEC / 2) / num_possible_cpus(),
 * so that the CPUs do not all take the jiffies lock at the same instant
 * (tick_setup_sched_timer()); without it every CPU ticks on one grid.
 * An idle tick mode that restarts a CPU's tick must keep that phase.
 *
 * Every CPU but CPU0 spins, so that its tick runs; CPU0 reads
 * /proc/timer_list ten times, 0.2 s apart.  The tick hrtimer is the one
 * handler that every CPU has a timer of, due within a tick, in at least
 * 3 reads (by name or, without kallsyms, by address).  Each CPU's tick
 * expiry must sit, modulo the tick period, where the command line puts
 * it against CPU0's: the expiries are computed, not measured, so within
 * 1 us.  A read where a CPU's tick is missing (its handler running just
 * then) is not judged for that CPU.  The high resolution tick only (its
 * hrtimer shows in /proc/timer_list); the soak-nohz boot runs the same
 * test as the control.
 */
#include "dt.h"

#define READS	10
#define TOL_NS	1000
#define MAXT	48
/* /proc/timer_list prints its CPUs after its "now at", in several reads */
#define SLACK_NS	100000000LL

/* One hrtimer of /proc/timer_list */
struct tmr {
	char		fn[64];		/* handler, symbol or address */
	long long	exp;		/* soft expiry, ns */
};

/* One read of /proc/timer_list: every CPU's hrtimers */
struct snap {
	long long	now;
	int		n[DT_MAXCPU];
	struct tmr	t[DT_MAXCPU][MAXT];
};

static struct snap snaps[READS];

/* skew_tick=N on the command line: 1 if N is non-zero, else 0 */
static int skew_requested(void)
{
	char buf[4096], *p;

	if (dt_read_line("/proc/cmdline", buf, sizeof(buf)) < 0)
		return -1;
	for (p = buf; (p = strstr(p, "skew_tick=")); p++)
		if (p == buf || p[-1] == ' ')
			return atoi(p + 10) != 0;
	return 0;
}

/* Possible CPUs, from /sys/devices/system/cpu/possible ("0-3") */
static int possible_cpus(void)
{
	char buf[64];
	int lo, hi;

	if (dt_read_line("/sys/devices/system/cpu/possible", buf,
			 sizeof(buf)) < 0)
		return -1;
	if (sscanf(buf, "%d-%d", &lo, &hi) == 2)
		return hi - lo + 1;
	return sscanf(buf, "%d", &lo) == 1 ? 1 : -1;
}

static int read_snap(struct snap *sn, int ncpus)
{
	static char buf[1 << 18];
	char *line, *save = NULL;
	int cpu = -1;
	struct tmr *last = NULL;

	memset(sn, 0, sizeof(*sn));
	if (dt_read_file("/proc/timer_list", buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char fn[64];
		int i;

		if (sscanf(line, "now at %lld", &sn->now) == 1)
			continue;
		if (sscanf(line, "cpu: %d", &i) == 1) {
			cpu = i;
			continue;
		}
		if (strstr(line, "Tick Device:"))
			cpu = -1;	/* the clock event devices follow */
		if (cpu < 0 || cpu >= ncpus)
			continue;
		if (sscanf(line, " #%d: <%*[^>]>, %63[^,],", &i, fn) == 2) {
			last = NULL;
			if (sn->n[cpu] < MAXT) {
				last = &sn->t[cpu][sn->n[cpu]++];
				strcpy(last->fn, fn);
			}
			continue;
		}
		if (last && sscanf(line, " # expires at %lld-", &last->exp) == 1)
			last = NULL;
	}
	return sn->now ? 0 : -1;
}

/* @cpu's timer with handler @fn due within a tick of the read (+ slack) */
static const struct tmr *tick_of(const struct snap *sn, int cpu,
				 const char *fn, long long tick_ns)
{
	int i;

	for (i = 0; i < sn->n[cpu]; i++) {
		const struct tmr *t = &sn->t[cpu][i];

		if (!strcmp(t->fn, fn) && t->exp > sn->now - tick_ns &&
		    t->exp <= sn->now + tick_ns + SLACK_NS)
			return t;
	}
	return NULL;
}

/* In how many reads every CPU has a timer with handler @fn due now */
static int reads_with(const char *fn, int ncpus, long long tick_ns)
{
	int r, cpu, got = 0;

	for (r = 0; r < READS; r++) {
		for (cpu = 0; cpu < ncpus; cpu++)
			if (!tick_of(&snaps[r], cpu, fn, tick_ns))
				break;
		got += cpu == ncpus;
	}
	return got;
}

/*
 * The tick's handler: the one handler that every CPU has a timer of, due
 * within a tick (+ slack), in at least 3 reads of 10 (the tick runs on
 * every CPU: they all spin; a periodic timer of seconds, such as the
 * lockup watchdog's, is due so soon in one read of 10 at most).  A
 * handler name, or its address in a kernel without kallsyms.  NULL if
 * none or more than one.
 */
static const char *tick_handler(int ncpus, long long tick_ns)
{
	const char *found = NULL;
	int r, i;

	for (r = 0; r < READS; r++)
		for (i = 0; i < snaps[r].n[0]; i++) {
			const char *fn = snaps[r].t[0][i].fn;

			if (found && !strcmp(found, fn))
				continue;
			if (reads_with(fn, ncpus, tick_ns) < 3)
				continue;
			if (found) {
				dt_diag("two handlers look like the tick: %s and %s",
					found, fn);
				return NULL;
			}
			found = fn;
		}
	return found;
}

int main(void)
{
	int ncpus = dt_ncpus(), hz = dt_hz();
	int skew = skew_requested(), npos = possible_cpus();
	pid_t busy[DT_MAXCPU] = { 0 };
	int r, cpu, bad = 0, judged = 0;
	long long tick_ns, step;
	const char *fn;

	if (ncpus < 2 || hz <= 0 || skew < 0 || npos < ncpus) {
		dt_diag("need 2+ CPUs, dt.hz=, /proc/cmdline and the possible CPUs (%d CPUs, HZ %d, possible %d)",
			ncpus, hz, npos);
		return DT_ERROR;
	}
	tick_ns = 1000000000LL / hz;
	step = skew ? (tick_ns / 2) / npos : 0;
	dt_diag("skew_tick=%d: CPU n's tick at n * %lld ns after CPU0's, modulo %lld ns, within %d ns",
		skew, step, tick_ns, TOL_NS);

	dt_pin(0);
	for (cpu = 1; cpu < ncpus; cpu++)
		busy[cpu] = dt_spawn_busy(cpu);
	dt_sleep(0.5);
	for (r = 0; r < READS; r++) {
		if (read_snap(&snaps[r], ncpus) < 0)
			break;
		dt_sleep(0.2);
	}
	for (cpu = 1; cpu < ncpus; cpu++)
		dt_stop(busy[cpu]);
	if (r < READS) {
		dt_diag("cannot read /proc/timer_list");
		return DT_ERROR;
	}
	fn = tick_handler(ncpus, tick_ns);
	if (!fn) {
		dt_diag("no handler has a timer due within a tick on every CPU in 3 reads of %d: no tick hrtimer found; read 1:",
			READS);
		for (cpu = 0; cpu < ncpus; cpu++)
			for (r = 0; r < snaps[0].n[cpu]; r++)
				dt_diag("  cpu%d %s due in %lld ns", cpu,
					snaps[0].t[cpu][r].fn,
					snaps[0].t[cpu][r].exp - snaps[0].now);
		return DT_ERROR;
	}
	dt_diag("the tick hrtimer: %s", fn);

	for (r = 0; r < READS; r++) {
		const struct tmr *t0 = tick_of(&snaps[r], 0, fn, tick_ns);

		for (cpu = 1; cpu < ncpus && t0; cpu++) {
			const struct tmr *t = tick_of(&snaps[r], cpu, fn, tick_ns);
			long long ph, want, d;

			if (!t)
				continue;
			ph = ((t->exp - t0->exp) % tick_ns + tick_ns) % tick_ns;
			want = (cpu * step) % tick_ns;
			d = ph - want;
			if (d > tick_ns / 2)
				d -= tick_ns;
			if (d < -tick_ns / 2)
				d += tick_ns;
			judged++;
			if (r == 0 || llabs(d) > TOL_NS)
				dt_diag("read %d: cpu%d tick %lld ns after cpu0's (want %lld)%s",
					r + 1, cpu, ph, want,
					llabs(d) > TOL_NS ? " !" : "");
			if (llabs(d) > TOL_NS)
				bad++;
		}
	}
	dt_diag("%d phases judged, %d off", judged, bad);
	if (judged < ncpus - 1) {
		dt_diag("too few reads with both CPU0's and another CPU's tick");
		return DT_ERROR;
	}
	if (bad) {
		dt_diag("FAIL: %d CPU tick phases (marked !) not where skew_tick=%d puts them",
			bad, skew);
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
