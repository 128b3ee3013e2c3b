/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Guest test helpers: the dyn-tick state file and the debugfs self-test.
 * Included by dt.h, after the helpers it uses; include dt.h, not this.
 */
#ifndef DT_DYNTICK_H
#define DT_DYNTICK_H

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
 * and parse its "late_us=L stale_ticks=S cpu=C armed_idle=I woke=W" result
 * (C: the CPU the timer or IPI ran on; I: for "migrate" and "pinned",
 * whether the CPU was idle (1) or not (0) when it armed the timer; W: for
 * the same, whether that CPU restarted its tick before the timer ran; -1
 * for the other commands, and W is -1 on kernels that do not report it;
 * @cpu, @idle and @woke may be NULL).
 * @took_ms gets how long the write took.  0 on success; otherwise it says
 * what failed and returns -1.
 */
static inline int dt_selftest_on(const char *cmd, long *late, long *stale,
				 int *cpu, int *idle, int *woke,
				 double *took_ms)
{
	char res[128] = "";
	double t0 = dt_now();
	int err = dt_write_file(DT_SELFTEST, cmd), ran_on, armed_idle;
	int restarted = -1;

	*took_ms = (dt_now() - t0) * 1e3;
	if (err) {
		dt_diag("write '%.*s' failed after %.1f ms: %s",
			(int)strcspn(cmd, "\n"), cmd, *took_ms, strerror(-err));
		return -1;
	}
	if (dt_read_file(DT_SELFTEST, res, sizeof(res)) <= 0 ||
	    sscanf(res, "late_us=%ld stale_ticks=%ld cpu=%d armed_idle=%d woke=%d",
		   late, stale, &ran_on, &armed_idle, &restarted) < 4) {
		dt_diag("'%.*s': unreadable result '%s'",
			(int)strcspn(cmd, "\n"), cmd, res);
		return -1;
	}
	if (cpu)
		*cpu = ran_on;
	if (idle)
		*idle = armed_idle;
	if (woke)
		*woke = restarted;
	return 0;
}

static inline int dt_selftest(const char *cmd, long *late, long *stale,
			      double *took_ms)
{
	return dt_selftest_on(cmd, late, stale, NULL, NULL, NULL, took_ms);
}

#define DT_ENABLE	DT_SYSFS "/enable"

/* Write dyn-tick's sysfs enable; 0 if the state file then agrees */
static inline int dt_set_enable(int on)
{
	if (dt_write_file(DT_ENABLE, on ? "1\n" : "0\n") ||
	    dt_state_field("enabled") != on) {
		dt_diag("cannot write %d to %s", on, DT_ENABLE);
		return -1;
	}
	return 0;
}

static inline void dt_enable_on_signal(int sig)
{
	int fd = open(DT_ENABLE, O_WRONLY);

	if (fd >= 0 && write(fd, "1\n", 2) != 2)
		_exit(KSFT_FAIL);
	_exit(128 + sig);
}

/*
 * For a test that writes enable=0: write enable=1 again if the runner
 * kills it at its timeout (SIGTERM), or on SIGINT.
 */
static inline void dt_restore_enable_on_signals(void)
{
	signal(SIGTERM, dt_enable_on_signal);
	signal(SIGINT, dt_enable_on_signal);
}

#define DT_SLEEPS	DT_DEBUGFS "/sleeps"

/*
 * Each CPU's tickless sleeps and ticks skipped so far (the sleeps and
 * ticks_skipped columns of debugfs dyn_tick/sleeps, series patch 24) into
 * @sleeps[DT_MAXCPU] and @ticks[DT_MAXCPU], either of them NULL if not
 * wanted: 0, or -1 (said why) if the file cannot be read or has no CPU
 * line.
 */
static inline int dt_sleep_counts(unsigned long *sleeps,
				  unsigned long long *ticks)
{
	char buf[4096], *line, *save = NULL;
	unsigned long long t;
	unsigned long sl, cap;
	int cpu, n = 0;

	if (dt_read_file(DT_SLEEPS, buf, sizeof(buf)) < 0) {
		dt_diag("FAIL: cannot read %s", DT_SLEEPS);
		return -1;
	}
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		if (sscanf(line, "%d %lu %lu %llu", &cpu, &sl, &cap, &t) == 4 &&
		    cpu >= 0 && cpu < DT_MAXCPU) {
			if (sleeps)
				sleeps[cpu] = sl;
			if (ticks)
				ticks[cpu] = t;
			n++;
		}
	if (!n)
		dt_diag("FAIL: %s has no CPU line", DT_SLEEPS);
	return n ? 0 : -1;
}

/* Each CPU's count of ticks skipped so far: dt_sleep_counts()'s @ticks */
static inline int dt_ticks_skipped(unsigned long long *ticks)
{
	return dt_sleep_counts(NULL, ticks);
}

#endif /* DT_DYNTICK_H */
