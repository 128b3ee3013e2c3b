// SPDX-License-Identifier: GPL-2.0
/*
 * tick_idle [secs=20]: the tick stops on an idle uniprocessor, whatever
 * its tick device.  With the CPU idle (this test only sleeps) for @secs,
 * its tick interrupts a second, local APIC timer (LOC) plus IRQ0 (the
 * PIT, or the HPET in legacy mode, when it is the CPU's own tick device),
 * must stay under HZ/5.  A CPU whose tick never stops takes HZ; the PIT,
 * which cannot be programmed more than about 27 ms ahead, allows about
 * 37.  The figure is printed as "cpu0 tick/s=" for the side-by-side
 * comparison with mainline NO_HZ_IDLE on the same topology
 * (compare-idle in tests/boots).
 */
#include "dt.h"

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 20);
	int hz = dt_hz();
	double lim = hz / 5.0, tick;
	struct dt_rates r;

	if (dt_ncpus() != 1) {
		dt_diag("FAIL: for a uniprocessor guest, %d CPUs online",
			dt_ncpus());
		return KSFT_FAIL;
	}
	dt_diag("HZ=%d, idle window %d s, limit tick/s (LOC + IRQ0) < %.1f",
		hz, secs, lim);
	if (dt_measure(secs, &r) || r.n != 1) {
		dt_diag("FAIL: cannot read /proc/interrupts");
		return KSFT_FAIL;
	}
	tick = r.loc[0] + (r.irq0 > 0 ? r.irq0 : 0);
	dt_diag("cpu%d tick/s=%.1f (LOC/s %.1f, IRQ0/s %.1f)%s", r.cpu[0],
		tick, r.loc[0], r.irq0, tick >= lim ? " >= limit" : "");
	if (tick >= lim) {
		dt_diag("FAIL: the tick of the idle CPU did not stop");
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
