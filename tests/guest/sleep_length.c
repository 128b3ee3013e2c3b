// SPDX-License-Identifier: GPL-2.0
/*
 * sleep_length [secs=3] [period_ms=100]: the idle governor must be told
 * how long an idle CPU will sleep, and that must be when it wakes.
 *
 * A child pinned to the last CPU sleeps period_ms at a time; that CPU has
 * nothing else to do.  Through the dyn-tick selftest file ("sleep CPU")
 * the kernel counts, on that CPU, the sleep lengths the cpuidle governor
 * got from tick_nohz_get_sleep_length(), how many of those sleeps then
 * stopped the tick, and how far the event programmed for the stopped tick
 * was from the wake up the governor was told.  It must:
 *   - have run the governor (a cpuidle driver with 2+ states is loaded:
 *     acpi_idle gives poll + C1 in QEMU) on 5+ sleeps per second;
 *   - have been told a mean sleep length of at least period_ms / 2 (the
 *     !NO_HZ_COMMON stub says one tick, whatever is pending);
 *   - have stopped the tick on at least half of those sleeps, each time
 *     programming the event it predicted (|error| <= 10 us).
 * Except with teo since 6.6 on a driver whose state 0 polls and whose
 * other states all have a target residency under 15 us (haltpoll: 1 us):
 * teo_select() then asks for no sleep length and keeps the tick
 * (RESIDENCY_THRESHOLD_NS), with NO_HZ too.  The CPU must then never have
 * asked (else this model of teo is out of date) and must have kept its
 * tick (LOC/s >= HZ / 2): dyn-tick honours the governor's choice.
 */
#include "dt.h"

#define CPUIDLE "/sys/devices/system/cpu/cpu0/cpuidle"

/* 1 if teo, as said above, takes no sleep length and keeps the tick. */
static int teo_keeps_tick(const char *gov)
{
	char path[96], val[32] = "";
	int i;

	if (strcmp(gov, "teo") || dt_kernel_at_least(6, 6) != 1)
		return 0;
	if (dt_read_line(CPUIDLE "/state0/name", val, sizeof(val)) <= 0 ||
	    strcmp(val, "POLL"))
		return 0;
	for (i = 1; ; i++) {
		snprintf(path, sizeof(path), CPUIDLE "/state%d/residency", i);
		if (dt_read_line(path, val, sizeof(val)) <= 0)
			break;
		if (atol(val) >= 15)
			return 0;
	}
	return i > 1;
}

static int sleep_stats(int cpu, long *v)
{
	char cmd[32], res[256];

	snprintf(cmd, sizeof(cmd), "sleep %d\n", cpu);
	if (dt_write_file(DT_SELFTEST, cmd) ||
	    dt_read_file(DT_SELFTEST, res, sizeof(res)) <= 0)
		return -1;
	if (sscanf(res, "sleeps=%ld stopped=%ld tracked=%ld mean_us=%ld max_err_us=%ld",
		   &v[0], &v[1], &v[2], &v[3], &v[4]) != 5) {
		dt_diag("cannot parse '%s'", res);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 3);
	int period = dt_arg_int(argc, argv, 2, 100);
	int ncpus = dt_ncpus(), cpu = ncpus - 1, ret = KSFT_PASS;
	char drv[64] = "", gov[64] = "";
	struct dt_irqs a, b;
	struct dt_rates r;
	long v[5];
	pid_t child;
	int keeps;

	if (ncpus < 2 || secs < 1 || period < 10) {
		dt_diag("want 2+ CPUs (%d), secs >= 1, period_ms >= 10",
			ncpus);
		return DT_ERROR;
	}
	dt_read_line("/sys/devices/system/cpu/cpuidle/current_driver", drv,
		     sizeof(drv));
	dt_read_line("/sys/devices/system/cpu/cpuidle/current_governor_ro",
		     gov, sizeof(gov));
	dt_diag("cpuidle driver '%s', governor '%s'; CPU%d sleeps %d ms at a time for %d s",
		drv, gov, cpu, period, secs);
	keeps = teo_keeps_tick(gov);

	dt_pin(0);
	child = dt_fork_pinned(cpu);
	if (child == 0)
		for (;;)
			dt_sleep(period / 1e3);
	dt_sleep(0.3);
	if (sleep_stats(cpu, v)) {	/* reads and clears the counters */
		dt_stop(child);
		return DT_ERROR;
	}
	if (dt_irqs_read(&a)) {
		dt_stop(child);
		return DT_ERROR;
	}
	dt_sleep(secs);
	if (dt_irqs_read(&b) || sleep_stats(cpu, v)) {
		dt_stop(child);
		return DT_ERROR;
	}
	dt_stop(child);
	dt_rates(&a, &b, &r);
	if (cpu >= r.n || r.cpu[cpu] != cpu) {
		dt_diag("no LOC count of CPU%d", cpu);
		return DT_ERROR;
	}

	dt_diag("CPU%d: %ld governor sleeps, %ld stopped the tick, %ld programmed as predicted (max error %ld us), mean predicted sleep %ld us",
		cpu, v[0], v[1], v[2], v[4], v[3]);
	if (keeps) {
		dt_diag("teo with a polling state 0 and states under 15 us: no sleep length, tick kept; CPU%d LOC/s=%.1f (want >= %d)",
			cpu, r.loc[cpu], dt_hz() / 2);
		if (v[0]) {
			dt_diag("FAIL: teo asked for %ld sleep lengths", v[0]);
			ret = KSFT_FAIL;
		}
		if (r.loc[cpu] < dt_hz() / 2) {
			dt_diag("FAIL: the tick stopped although teo kept it");
			ret = KSFT_FAIL;
		}
		return ret;
	}
	if (v[0] < 5L * secs) {
		dt_diag("FAIL: fewer than 5 governor sleeps per second (no cpuidle driver with 2+ states?)");
		ret = KSFT_FAIL;
	}
	if (v[3] < period * 1000L / 2) {
		dt_diag("FAIL: mean predicted sleep %ld us < %d us", v[3],
			period * 1000 / 2);
		ret = KSFT_FAIL;
	}
	if (v[1] * 2 < v[0]) {
		dt_diag("FAIL: the tick stopped on fewer than half the sleeps");
		ret = KSFT_FAIL;
	}
	if (v[2] != v[1]) {
		dt_diag("FAIL: %ld stopped sleeps programmed another event than predicted",
			v[1] - v[2]);
		ret = KSFT_FAIL;
	}
	return ret;
}
