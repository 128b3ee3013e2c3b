// SPDX-License-Identifier: GPL-2.0
/*
 * report: a short plain-text summary for humans ("make run"): kernel,
 * guest boot time, the dyn-tick state, and local timer interrupts per CPU
 * over 10 s idle and 10 s with CPU0 busy.  Not KTAP; always exits 0.
 */
#include "dt.h"

static void print_rates(const char *what, const struct dt_rates *r)
{
	int i;

	printf("%-28s", what);
	for (i = 0; i < r->n; i++)
		printf(" cpu%d %6.1f", r->cpu[i], r->loc[i]);
	if (r->irq0 >= 0)
		printf("   IRQ0 %.1f", r->irq0);
	printf("\n");
	fflush(stdout);
}

/* "yes" if every CPU but @except took at most 5% of HZ. */
static const char *tickless(const struct dt_rates *r, int hz, int except)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (r->cpu[i] != except && r->loc[i] > hz * 0.05)
			return "no";
	return "yes";
}

int main(void)
{
	const char *boot = getenv("DT_INIT_UPTIME");
	struct dt_rates idle, part;
	struct utsname u;
	char state[1024], *p;
	int hz = dt_hz(), ok_idle, ok_part;
	pid_t busy;

	uname(&u);
	printf("dyntick guest report\n");
	printf("kernel:   %s %s\n", u.release, u.version);
	printf("boot:     /init started at %s s of guest uptime\n",
	       boot ? boot : "?");
	printf("CPUs:     %d online, HZ=%d\n", dt_ncpus(), hz);
	if (dt_read_file(DT_SYSFS "/state", state, sizeof(state)) < 0) {
		printf("dyn-tick: not present\n");
	} else {
		printf("dyn-tick: %s/state\n", DT_SYSFS);
		for (p = strtok(state, "\n"); p; p = strtok(NULL, "\n"))
			printf("          %s\n", p);
	}
	printf("local timer interrupts per second (LOC/s), 10 s each:\n");
	fflush(stdout);

	ok_idle = !dt_measure(10, &idle);
	if (ok_idle)
		print_rates("  all CPUs idle:", &idle);
	if (dt_ncpus() > 1) {
		dt_pin(1);
		busy = dt_spawn_busy(0);
		ok_part = !dt_measure(10, &part);
		dt_stop(busy);
		if (ok_part)
			print_rates("  CPU0 busy, others idle:", &part);
	} else {
		ok_part = 0;
	}
	if (ok_idle)
		printf("idle CPUs tickless (<= %.1f/s): %s\n", hz * 0.05,
		       tickless(&idle, hz, -1));
	if (ok_part)
		printf("idle CPUs tickless with CPU0 busy: %s\n",
		       tickless(&part, hz, 0));
	return 0;
}
