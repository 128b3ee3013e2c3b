// SPDX-License-Identifier: GPL-2.0
/*
 * serial_irq [tty=/dev/ttyS0]: write 8 KiB to the serial port in 1 KiB
 * bursts 100 ms apart, from CPU1 while the other CPUs sleep.  The UART's
 * transmit interrupts must be counted in /proc/interrupts (line naming
 * ttyS0 or serial) and jiffies must still agree with CLOCK_MONOTONIC
 * (<= 2 ticks): device interrupts into an idle CPU must bring its time up
 * to date.  The reference is jiffies' offset from CLOCK_MONOTONIC before
 * the bursts, with the phase and the staleness of the reads taken out
 * (dt_jiffies_offset(): under TCG the CPU keeping jiffies may be a few
 * ticks late with them at any one read); after them one read, right
 * after CPU1 woke up, must be within 2 ticks of it.  The filler lines are
 * KTAP diagnostics, so the console log stays parseable.
 */
#include "dt.h"

#define BURSTS 8
#define LINES 8
#define LINELEN 128

static long long serial_irqs(void)
{
	long long a = dt_irq_named("ttyS0");
	long long b = dt_irq_named("serial");

	return (a > 0 ? a : 0) + (b > 0 ? b : 0);
}

int main(int argc, char **argv)
{
	const char *tty = argc > 1 ? argv[1] : "/dev/ttyS0";
	int hz = dt_hz(), ret = KSFT_PASS, fd, b, l;
	long long irq0, irq1;
	struct dt_clk z;
	char line[LINELEN + 1];
	double off0, drift;

	dt_pin(dt_ncpus() > 1 ? 1 : 0);
	fd = open(tty, O_WRONLY | O_NOCTTY);
	if (fd < 0) {
		dt_diag("open %s: %s", tty, strerror(errno));
		return KSFT_FAIL;
	}
	irq0 = serial_irqs();
	dt_diag("%s: serial interrupts before: %lld; writing %d x %d bytes",
		tty, irq0, BURSTS, LINES * LINELEN);
	off0 = dt_jiffies_offset(hz, 0.1);
	for (b = 0; b < BURSTS; b++) {
		dt_sleep(0.1);
		for (l = 0; l < LINES; l++) {
			int n = snprintf(line, sizeof(line),
					 "# serial_irq filler %d/%d ", b, l);

			memset(line + n, '.', LINELEN - 1 - n);
			line[LINELEN - 1] = '\n';
			if (write(fd, line, LINELEN) != LINELEN) {
				dt_diag("write %s: %s", tty, strerror(errno));
				close(fd);
				return KSFT_FAIL;
			}
		}
		tcdrain(fd);
	}
	dt_sleep(0.1);
	dt_clk_read(&z);
	irq1 = serial_irqs();
	close(fd);

	drift = z.mono * hz - (double)z.jiffies - off0;
	dt_diag("serial interrupts: %lld -> %lld (+%lld)", irq0, irq1,
		irq1 - irq0);
	dt_diag("jiffies behind CLOCK_MONOTONIC right after the last wake-up: %+.2f ticks more than before the bursts (best of 100 ms; limit 2)",
		drift);
	if (irq1 <= irq0) {
		dt_diag("FAIL: no serial interrupt was counted");
		ret = KSFT_FAIL;
	}
	if (isnan(off0) || z.jiffies < 0 || fabs(drift) > 2)
		ret = KSFT_FAIL;
	return ret;
}
