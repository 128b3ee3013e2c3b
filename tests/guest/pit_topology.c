// SPDX-License-Identifier: GPL-2.0
/*
 * pit_topology: booted with "nolapic_timer hpet=disable", the PIT on IRQ0
 * must be the tick under test: IRQ0 sits on the dyn-tick IO-APIC chip
 * variant ("IO-APIC-irq0", so disable_irq() masks the pin at once) and
 * dyn-tick drives every CPU through the broadcast back-end ("mode:
 * broadcast", "timer: pit", all CPUs active).  The irq0_* tests measure
 * this topology; without it they would measure something else.
 */
#include "dt.h"

int main(void)
{
	char buf[16384], line[256], val[64], want[64];
	int ret = KSFT_PASS, n = dt_ncpus();
	char *p, *e;

	if (dt_read_file("/proc/interrupts", buf, sizeof(buf)) < 0) {
		dt_diag("FAIL: cannot read /proc/interrupts");
		return KSFT_FAIL;
	}
	p = strstr(buf, "\n  0:");
	if (!p) {
		dt_diag("FAIL: no IRQ0 line in /proc/interrupts");
		return KSFT_FAIL;
	}
	e = strchr(p + 1, '\n');
	snprintf(line, sizeof(line), "%.*s", e ? (int)(e - p - 1) : 200, p + 1);
	dt_diag("%s", line);
	if (!strstr(line, "IO-APIC-irq0")) {
		dt_diag("FAIL: IRQ0 is not on the IO-APIC-irq0 chip");
		ret = KSFT_FAIL;
	}

	if (access(DT_SYSFS, F_OK)) {
		dt_diag("FAIL: no %s", DT_SYSFS);
		return KSFT_FAIL;
	}
	dt_print_state();
	if (dt_state_str("timer", val, sizeof(val)) || strcmp(val, "pit")) {
		dt_diag("FAIL: timer is not \"pit\"");
		ret = KSFT_FAIL;
	}
	if (dt_state_str("mode", val, sizeof(val)) || strcmp(val, "broadcast")) {
		dt_diag("FAIL: mode is not \"broadcast\"");
		ret = KSFT_FAIL;
	}
	snprintf(want, sizeof(want), n > 1 ? "0-%d" : "0", n - 1);
	if (dt_state_str("active_cpus", val, sizeof(val)) || strcmp(val, want)) {
		dt_diag("FAIL: active_cpus is not %s", want);
		ret = KSFT_FAIL;
	}
	return ret;
}
