// SPDX-License-Identifier: GPL-2.0
/*
 * controls: the dyn-tick sysfs controls.  state reads "enabled: 1";
 * writing anything but 0/1 to enable fails with EINVAL and changes
 * nothing; enable=0 brings the periodic tick back on every CPU: no CPU
 * skips a tick (the ticks_skipped counts of debugfs dyn_tick/sleeps stay
 * put; LOC/s is printed, but it is no measure of a periodic tick under
 * TCG: a late tick interrupt is followed by the next tick period, not by
 * the ticks it missed, and 4 vCPUs on 2 host CPUs took 172-246 LOC/s at
 * HZ=250 with dyn-tick disabled); enable=1 stops it again (<= 5% HZ).
 * enable=1 is restored on every exit path, including the runner's
 * timeout (SIGTERM).
 */
#include "dt.h"

static void restore(void)
{
	dt_write_file(DT_ENABLE, "1\n");
}

/* Write @val, expect success and "enabled: @want" afterwards. */
static int set_enable(const char *val, int want)
{
	int err = dt_write_file(DT_ENABLE, val), got;

	got = dt_state_field("enabled");
	dt_diag("write '%c' -> %s, state enabled: %d", val[0],
		err ? strerror(-err) : "ok", got);
	return err || got != want;
}

static int check_loc(double secs, int hz, int periodic)
{
	unsigned long long a[DT_MAXCPU] = { 0 }, b[DT_MAXCPU] = { 0 };
	double lim = hz * 0.05;
	struct dt_rates r;
	int i, ret = 0;

	dt_sleep(1.0);		/* let the switch settle */
	if (dt_ticks_skipped(a) || dt_measure(secs, &r) || dt_ticks_skipped(b))
		return 1;
	for (i = 0; i < r.n; i++) {
		int c = r.cpu[i], bad;

		if (periodic) {
			bad = b[c] != a[c];
			dt_diag("  cpu%d LOC/s=%.1f, %llu ticks skipped (want 0)%s",
				c, r.loc[i], b[c] - a[c], bad ? " FAIL" : "");
		} else {
			bad = r.loc[i] > lim;
			dt_diag("  cpu%d LOC/s=%.1f (<= %.1f), %llu ticks skipped%s",
				c, r.loc[i], lim, b[c] - a[c],
				bad ? " FAIL" : "");
		}
		ret |= bad;
	}
	return ret;
}

int main(void)
{
	/*
	 * "\n" is what `echo "" >enable` writes: write(fd, "", 0) never
	 * reaches the store method (sysfs_kf_write() returns 0 first).
	 */
	static const char *const bad[] = { "2", "abc", "\n", "-1", "2\n" };
	int hz = dt_hz(), ret = KSFT_PASS, en;
	unsigned int i;

	if (access(DT_SYSFS, F_OK)) {
		dt_diag("SKIP no %s", DT_SYSFS);
		return KSFT_SKIP;
	}
	dt_restore_enable_on_signals();
	dt_print_state();
	en = dt_state_field("enabled");
	if (en != 1) {
		dt_diag("FAIL: state says enabled: %d, want 1", en);
		ret = KSFT_FAIL;
	}

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		int err = dt_write_file(DT_ENABLE, bad[i]);
		int now = dt_state_field("enabled");
		int ok = err == -EINVAL && now == en;

		dt_diag("write '%.*s%s' -> %s, enabled: %d%s",
			(int)strcspn(bad[i], "\n"), bad[i],
			strchr(bad[i], '\n') ? "\\n" : "",
			err ? strerror(-err) : "accepted", now,
			ok ? "" : " FAIL (want EINVAL, unchanged)");
		if (!ok)
			ret = KSFT_FAIL;
	}

	if (set_enable("0\n", 0)) {
		ret = KSFT_FAIL;
	} else {
		dt_diag("enable=0: periodic tick expected for 5 s");
		if (check_loc(5, hz, 1))
			ret = KSFT_FAIL;
	}
	if (set_enable("1\n", 1)) {
		ret = KSFT_FAIL;
	} else {
		dt_diag("enable=1: idle CPUs expected tickless for 10 s");
		if (check_loc(10, hz, 0))
			ret = KSFT_FAIL;
	}
	restore();
	return ret;
}
