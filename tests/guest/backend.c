// SPDX-License-Identifier: GPL-2.0
/*
 * backend [NAME]: dyn-tick drives every online CPU's tick with the back-end
 * NAME (highres, lowres or broadcast), as the sysfs state file says in
 * "mode:" and "active_cpus:".  Without NAME it follows from the kernel
 * command line: dt.backend=NAME if given (a kernel built without high
 * resolution timers), else broadcast with nolapic_timer (the PIT feeds
 * every CPU), lowres with highres=off, highres otherwise.
 */
#include "dt.h"

static const char *expected(void)
{
	static char cmdline[4096], name[32];
	char *p;

	if (dt_read_file("/proc/cmdline", cmdline, sizeof(cmdline)) <= 0)
		return NULL;
	p = strstr(cmdline, "dt.backend=");
	if (p) {
		sscanf(p + strlen("dt.backend="), "%31[a-z]", name);
		return name;
	}
	if (strstr(cmdline, "nolapic_timer"))
		return "broadcast";
	if (strstr(cmdline, "highres=off"))
		return "lowres";
	return "highres";
}

int main(int argc, char **argv)
{
	const char *want = argc > 1 ? argv[1] : expected();
	char mode[64], active[64], cpus[64];
	int ncpus = dt_ncpus();

	if (!want) {
		dt_diag("FAIL: cannot read /proc/cmdline");
		return KSFT_FAIL;
	}
	snprintf(cpus, sizeof(cpus), ncpus > 1 ? "0-%d" : "%d", ncpus - 1);
	if (dt_state_str("mode", mode, sizeof(mode)) ||
	    dt_state_str("active_cpus", active, sizeof(active))) {
		dt_diag("FAIL: cannot read mode and active_cpus from %s/state",
			DT_SYSFS);
		return KSFT_FAIL;
	}
	dt_diag("mode: %s, active_cpus: %s (want %s, %s)", mode, active, want,
		cpus);
	if (strcmp(mode, want) || strcmp(active, cpus)) {
		dt_diag("FAIL: not every CPU is driven by the %s back-end", want);
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
