// SPDX-License-Identifier: GPL-2.0
/*
 * hook_cost [wakeups=300] [sleep_ms=20]: what each idle-tick hook costs per
 * call, on the kernel booted (dyn-tick or mainline NO_HZ_IDLE), in
 * instructions.
 *
 * Meant for a boot under QEMU "-icount shift=0,sleep=off" (qemu-run.sh -i,
 * scripts/hook-cost.sh) of a kernel with the function graph tracer
 * (kconfig-fragments/ftrace.config): guest time is one nanosecond per
 * instruction, so the duration the tracer gives each call is the number
 * of instructions it ran.  Only the hooks below are traced (ftrace
 * filter): a hook's duration includes the calls it makes, plus the
 * tracer's own entry and exit, the same for every function; the tiny
 * "tick stopped" query of each kernel is traced to show that overhead.
 *
 * The workload: @wakeups clock_nanosleep()s of @sleep_ms on CPU0, so the
 * CPU goes idle and is woken by its timer each time: with a sleep of two
 * ticks or more the idle governor lets the tick stop, with a sleep within
 * a tick it keeps it.
 *
 * Prints, per hook called at least once:
 *	BENCH hook=NAME calls=N median_ns=M mean_ns=A sleep_ms=S
 * Fails if the tracer cannot be set up or no hook of the list was called.
 */
#include "dt.h"

#define MAXC	65536

static const char *const hooks[] = {
	/* both kernels: interrupt entry, where dyn-tick catches jiffies up */
	"tick_irq_enter",
	/* dyn-tick */
	"dyn_tick_idle_enter", "dyn_tick_get_sleep_length",
	"dyn_tick_reprogram_timer", "dyn_tick_irq_exit",
	"dyn_tick_idle_exit", "dyn_tick_idle_got_tick",
	"dyn_tick_tick_stopped",
	/* mainline NO_HZ_IDLE */
	"tick_nohz_idle_enter", "tick_nohz_get_sleep_length",
	"tick_nohz_idle_stop_tick", "tick_nohz_idle_retain_tick",
	"tick_nohz_irq_exit", "tick_nohz_idle_exit",
	"tick_nohz_idle_got_tick", "tick_nohz_tick_stopped",
};
#define NHOOK	ARRAY_SIZE(hooks)

static double *dur[NHOOK];
static int ndur[NHOOK];

/* Add every hook this kernel has to set_ftrace_filter; how many */
static int set_filter(void)
{
	static char avail[1 << 22];
	int fd, n = 0;
	size_t i;

	if (dt_read_file(DT_TRACEFS "/available_filter_functions", avail,
			 sizeof(avail)) < 0) {
		dt_diag("FAIL: no %s/available_filter_functions", DT_TRACEFS);
		return -1;
	}
	fd = open(DT_TRACEFS "/set_ftrace_filter", O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -1;
	for (i = 0; i < NHOOK; i++) {
		char want[80];
		size_t len = strlen(hooks[i]);
		const char *p = avail;

		/* a line "name" or "name [module]" */
		while ((p = strstr(p, hooks[i]))) {
			if ((p == avail || p[-1] == '\n') &&
			    (p[len] == '\n' || p[len] == ' '))
				break;
			p += len;
		}
		if (!p)
			continue;
		snprintf(want, sizeof(want), "%s\n", hooks[i]);
		if (write(fd, want, strlen(want)) > 0)
			n++;
	}
	close(fd);
	return n;
}

/* Lines "  0)   1.234 us    |  name();": leaf calls with their duration */
static void parse_trace(void)
{
	FILE *f = fopen(DT_TRACEFS "/trace", "r");
	char line[512];
	size_t i;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *bar = strchr(line, '|'), *us = strstr(line, " us ");
		char *p, *name;
		double d;

		if (!bar || !us || us > bar)
			continue;
		for (p = us; p > line && p[-1] != ' ' && p[-1] != '+' &&
		     p[-1] != '!' && p[-1] != '#' && p[-1] != '*' &&
		     p[-1] != '@' && p[-1] != '$'; p--)
			;
		d = strtod(p, NULL) * 1e3;
		for (name = bar + 1; *name == ' '; name++)
			;
		for (i = 0; i < NHOOK; i++) {
			size_t len = strlen(hooks[i]);

			if (strncmp(name, hooks[i], len) || name[len] != '(')
				continue;
			if (ndur[i] < MAXC)
				dur[i][ndur[i]++] = d;
			break;
		}
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	int wakeups = dt_arg_int(argc, argv, 1, 300), i, seen = 0;
	int sleep_ms = dt_arg_int(argc, argv, 2, 20);
	struct timespec ts = { sleep_ms / 1000, sleep_ms % 1000 * 1000000L };

	if (dt_tracefs_mount())
		return KSFT_FAIL;
	for (i = 0; i < (int)NHOOK; i++)
		dur[i] = calloc(MAXC, sizeof(double));
	dt_diag("%d sleeps of %d ms on CPU0, hooks traced", wakeups, sleep_ms);
	dt_pin(0);
	if (set_filter() <= 0 || dt_tr_write("buffer_size_kb", "8192") ||
	    dt_tr_write("current_tracer", "function_graph") ||
	    dt_tr_write("trace", "") || dt_tr_write("tracing_on", "1"))
		return KSFT_FAIL;
	for (i = 0; i < wakeups; i++)
		clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
	dt_tr_write("tracing_on", "0");
	parse_trace();
	dt_tr_write("current_tracer", "nop");

	for (i = 0; i < (int)NHOOK; i++) {
		double sum = 0;
		int k;

		if (!ndur[i])
			continue;
		seen++;
		for (k = 0; k < ndur[i]; k++)
			sum += dur[i][k];
		qsort(dur[i], ndur[i], sizeof(double), dt_cmp_double);
		DT_BENCH("hook=%s calls=%d median_ns=%.0f mean_ns=%.0f sleep_ms=%d",
			 hooks[i], ndur[i], dt_median_sorted(dur[i], ndur[i]),
			 sum / ndur[i], sleep_ms);
	}
	if (!seen) {
		dt_diag("FAIL: none of the hooks was traced");
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
