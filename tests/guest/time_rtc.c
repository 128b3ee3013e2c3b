// SPDX-License-Identifier: GPL-2.0
/*
 * time_rtc [secs=30] [sleep=0]: CLOCK_MONOTONIC against an outside
 * reference, the CMOS RTC (/dev/rtc0).  sleep=0 sleeps 1-5 s at a time;
 * sleep=N sleeps N s at a time, to test sleeps longer than the
 * clocksource's max deferment (boot with clocksource=acpi_pm: 2.08 s).
 * Each sleep must then wake within 1 tick + 25 ms, and jiffies must keep
 * their offset from CLOCK_MONOTONIC (dt_jiffies_offset()) within 0.5 tick
 * over the window.  jiffies, CLOCK_MONOTONIC and /proc/uptime all
 * come from the timekeeper, so they agree with each other even when the
 * timekeeper lost time; the RTC is a separate device.
 *
 * The offset is measured as jiffies_load measures it at a window edge: a
 * lost or doubled tick moves it for good, a jiffies update that is late
 * all through one 100 ms read raises that read alone (under TCG the vCPU
 * keeping jiffies can be held off that long by the host).  So each end
 * of the window reads it twice, 0.5 s apart, and keeps the lower; what
 * the higher read had above it is printed as the jiffies update's
 * lateness at that end (information).
 *
 * Busy-poll RTC_RD_TIME until its seconds change, at the start and after
 * a mostly idle window (1-5 s sleeps): an RTC seconds edge is an exact
 * instant, bracketed in CLOCK_MONOTONIC by the start of the last read
 * that saw the old second and the end of the first that saw the new one
 * (an edge whose bracket is over 2 ms is dropped for the next one, up to
 * 5 times).  The RTC seconds elapsed between the two edges and the
 * CLOCK_MONOTONIC elapsed between the bracket midpoints must agree within
 *
 *	10 ms + 500 ppm of the window + both bracket widths
 *
 * QEMU's RTC (-rtc clock=host) follows the host's CLOCK_REALTIME, which
 * NTP may slew by up to 500 ppm (adjtimex's limit); the guest's
 * clocksource counts the host's raw TSC (or QEMU's virtual clock) at the
 * rate the guest calibrated at boot, which is off by some ppm too.
 * 500 ppm of the window (15 ms over 30 s) covers both.  The brackets hold
 * the read-out itself (the driver polls out an update in progress, 244 us
 * in QEMU, in 100 us steps; each register read is a port I/O for which
 * QEMU computes the RTC from the host clock); 10 ms is margin for what
 * they cannot see.  What this test catches costs more: a lost clocksource
 * wrap is seconds (acpi_pm wraps every 4.7 s, a 32-bit 100 MHz HPET every
 * 43 s), and time lost per idle period adds up to many ticks (4 ms each
 * at HZ=250) over a window of 1-5 s sleeps.  A step of the host's clock
 * fails it too.
 *
 * Each of the three checks prints a kselftest result line of its own
 * (jiffies_offset, wake_lateness, rtc_offset), so that a known mark
 * (dt.known=time_rtc:WHY:SUBTEST) can name one and leave the others
 * judged.
 */
#include "dt.h"
#include <sys/ioctl.h>
#include <linux/rtc.h>

#define RTC_DEV	"/dev/rtc0"

struct edge {
	time_t rtc;		/* RTC seconds after the edge */
	double mono, width;	/* bracket midpoint and width, s */
	double real;		/* CLOCK_REALTIME at the edge, s */
};

static int rtc_read(int fd, time_t *t)
{
	struct rtc_time rt;
	struct tm tm = { 0 };

	if (ioctl(fd, RTC_RD_TIME, &rt)) {
		dt_diag("FAIL: RTC_RD_TIME on %s: %s", RTC_DEV,
			strerror(errno));
		return -1;
	}
	tm.tm_sec = rt.tm_sec;
	tm.tm_min = rt.tm_min;
	tm.tm_hour = rt.tm_hour;
	tm.tm_mday = rt.tm_mday;
	tm.tm_mon = rt.tm_mon;
	tm.tm_year = rt.tm_year;
	*t = timegm(&tm);
	return 0;
}

/* The next RTC seconds edge with a bracket <= 2 ms (else the narrowest). */
static int rtc_edge(int fd, struct edge *e)
{
	double t0, t1, next0, last;
	int tries = 0;
	struct timespec rt;
	time_t old, t;

	e->width = 1e9;
	t0 = last = dt_now();
	if (rtc_read(fd, &old))
		return -1;
	while (e->width > 0.002 && tries < 5) {
		next0 = dt_now();
		if (rtc_read(fd, &t))
			return -1;
		t1 = dt_now();
		if (t != old) {
			/* t0: start of the last read that saw @old */
			if (t1 - t0 < e->width) {
				clock_gettime(CLOCK_REALTIME, &rt);
				e->rtc = t;
				e->width = t1 - t0;
				e->mono = (t0 + t1) / 2;
				e->real = rt.tv_sec + rt.tv_nsec / 1e9 -
					  (dt_now() - e->mono);
			}
			tries++;
			old = t;
			last = t1;
		} else if (t1 - last > 3) {
			dt_diag("FAIL: %s: seconds did not change for 3 s",
				RTC_DEV);
			return -1;
		}
		t0 = next0;
	}
	return 0;
}

/*
 * The offset of jiffies that stays: the lower of two reads 0.5 s apart,
 * NaN if either could not be read (fmin() would hide it).
 * @late: how far the higher one was above it, in ticks.
 */
static double settled_offset(int hz, double *late)
{
	double a = dt_jiffies_offset(hz, 0.1), b;

	dt_sleep(0.5);
	b = dt_jiffies_offset(hz, 0.1);
	*late = fabs(a - b);
	return isnan(a) || isnan(b) ? NAN : fmin(a, b);
}

/* One check's result line; a failure makes the test's result a failure */
static void subtest(int n, const char *name, int bad, int *ret)
{
	dt_diag("%s %d %s", bad ? "not ok" : "ok", n, name);
	if (bad)
		*ret = KSFT_FAIL;
}

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 30), chunk = 0, fd, bad;
	int each = dt_arg_int(argc, argv, 2, 0), hz = dt_hz(), ret = KSFT_PASS;
	double dmono, drtc, diff, lim, off0, off1, late, worst = 0, late0, late1;
	char cs[64] = "?";
	struct edge a, b;

	fd = open(RTC_DEV, O_RDONLY);
	if (fd < 0) {
		dt_diag("FAIL: cannot open %s: %s (needs CONFIG_RTC_CLASS, CONFIG_RTC_INTF_DEV, CONFIG_RTC_DRV_CMOS)",
			RTC_DEV, strerror(errno));
		return KSFT_FAIL;
	}
	if (secs < 3)
		secs = 3;
	dt_read_file("/sys/devices/system/clocksource/clocksource0/current_clocksource",
		     cs, sizeof(cs));
	cs[strcspn(cs, "\n")] = '\0';
	dt_diag("clocksource %s; window ~%d s (sleeping %s at a time) between two RTC seconds edges",
		cs, secs, each ? "N s" : "1-5 s");
	off0 = settled_offset(hz, &late0);
	if (rtc_edge(fd, &a))
		return KSFT_FAIL;
	while (dt_now() - a.mono < secs - 1.5) {
		double left = secs - 1.5 - (dt_now() - a.mono);
		double s = each ? each : 1 + chunk++ % 5, t0;

		s = s < left ? s : left;
		t0 = dt_now();
		dt_sleep(s);
		late = (dt_now() - t0 - s) * 1e3;
		worst = late > worst ? late : worst;
		if (each)
			dt_diag("slept %.3f s for %.3f s: %.3f ms late", s + late / 1e3,
				s, late);
	}
	if (rtc_edge(fd, &b))
		return KSFT_FAIL;
	off1 = settled_offset(hz, &late1);
	close(fd);
	dt_diag("jiffies offset from CLOCK_MONOTONIC: %+.3f ticks over the window (limit +-0.5); a read above it by %.3f ticks at the start, %.3f at the end",
		off1 - off0, late0, late1);
	bad = isnan(off1 - off0) || fabs(off1 - off0) > 0.5;
	if (bad)
		dt_diag("FAIL: jiffies %s", isnan(off1 - off0) ?
			"unreadable" : "gained or lost ticks");
	subtest(1, "jiffies_offset", bad, &ret);
	bad = each && worst > 1e3 / hz + 25;
	if (bad)
		dt_diag("FAIL: a %d s sleep woke %.1f ms late (limit 1 tick + 25 ms)",
			each, worst);
	subtest(2, "wake_lateness", bad, &ret);

	dmono = b.mono - a.mono;
	drtc = (double)(b.rtc - a.rtc);
	diff = dmono - drtc;
	lim = 0.010 + 500e-6 * drtc + a.width + b.width;
	dt_diag("edges: bracket %.3f ms and %.3f ms", a.width * 1e3,
		b.width * 1e3);
	dt_diag("RTC %.0f s, CLOCK_MONOTONIC %.6f s, CLOCK_REALTIME %.6f s (information)",
		drtc, dmono, b.real - a.real);
	dt_diag("monotonic - RTC = %+.3f ms (limit +-%.3f ms: 10 ms + 500 ppm + brackets)",
		diff * 1e3, lim * 1e3);
	bad = fabs(diff) > lim;
	if (bad)
		dt_diag("FAIL: CLOCK_MONOTONIC %s the RTC by %.1f ms = %.1f ticks",
			diff < 0 ? "lost time against" : "ran ahead of",
			fabs(diff) * 1e3, fabs(diff) * hz);
	subtest(3, "rtc_offset", bad, &ret);
	return ret;
}
