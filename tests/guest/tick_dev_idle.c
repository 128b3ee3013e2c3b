// SPDX-License-Identifier: GPL-2.0
/*
 * tick_dev_idle [secs=20] [device]: with every CPU idle (this test only
 * sleeps) for @secs, each online CPU's own tick device takes at most 5%
 * of HZ interrupts a second.  A CPU's tick device is the one
 * /sys/devices/system/clockevents/clockeventN/current_device names; its
 * interrupts are the "LOC" line's column of that CPU for the local APIC
 * timer, else the /proc/interrupts line ending in the device's name (a
 * per-channel HPET, "hpet2", sends its MSI to its own CPU only).  With
 * @device, every CPU's tick device name must begin with it: the boot has
 * the topology it is meant to test, a setup error otherwise.  The figures
 * are printed as "cpuN tick/s=" for the side-by-side comparison with
 * mainline NO_HZ_IDLE (compare-idle in tests/boots).
 */
#include "dt.h"

static char dev[DT_MAXCPU][32];

/*
 * One read of /proc/interrupts: each of CPUs 0..@n-1's tick device's
 * interrupt count in @cnt, from the first line that is the device's; -1
 * for a device with no line (all -1 if the file cannot be read).
 */
static void tick_counts(long long *cnt, int n)
{
	static char buf[1 << 16];
	char *line, *save = NULL, *c, *e, *name;
	int colcpu[DT_MAXCPU], ncol = 0, cpu, i;

	for (cpu = 0; cpu < n; cpu++)
		cnt[cpu] = -1;
	if (dt_read_file("/proc/interrupts", buf, sizeof(buf)) <= 0)
		return;
	line = strtok_r(buf, "\n", &save);
	for (c = strstr(line, "CPU"); c && ncol < DT_MAXCPU;
	     c = strstr(c + 3, "CPU"))
		colcpu[ncol++] = atoi(c + 3);
	for (line = strtok_r(NULL, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		c = strchr(line, ':');
		if (!c)
			continue;
		name = strrchr(line, ' ');
		name = name ? name + 1 : line;
		while (*line == ' ')
			line++;
		for (cpu = 0; cpu < n; cpu++) {
			int lapic = !strncmp(dev[cpu], "lapic", 5);

			if (cnt[cpu] >= 0 ||
			    (lapic ? strncmp(line, "LOC:", 4) :
				     strcmp(name, dev[cpu])))
				continue;
			/* LOC: this CPU's column; hpetN: all (one CPU's MSI) */
			cnt[cpu] = 0;
			for (e = c + 1, i = 0; i < ncol; i++) {
				char *s = e;
				long long v = strtoll(s, &e, 10);

				if (e == s)
					break;
				if (!lapic || colcpu[i] == cpu)
					cnt[cpu] += v;
			}
		}
	}
}

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 20);
	const char *want = argc > 2 ? argv[2] : "";
	long long a[DT_MAXCPU], b[DT_MAXCPU];
	int n = dt_ncpus(), hz = dt_hz(), cpu, over = 0;
	double lim = hz * 0.05, t0, t1;
	char path[96];

	for (cpu = 0; cpu < n; cpu++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/clockevents/clockevent%d/current_device",
			 cpu);
		if (dt_read_line(path, dev[cpu], sizeof(dev[cpu])) <= 0) {
			dt_diag("cannot read %s", path);
			return DT_ERROR;
		}
		if (strncmp(dev[cpu], want, strlen(want))) {
			dt_diag("cpu%d's tick device is %s, not %s*: not the topology this boot is for",
				cpu, dev[cpu], want);
			return DT_ERROR;
		}
	}
	dt_diag("HZ=%d, idle window %d s, limit tick/s <= %.1f per CPU",
		hz, secs, lim);
	t0 = dt_now();
	tick_counts(a, n);
	dt_sleep(secs);
	tick_counts(b, n);
	t1 = dt_now();
	for (cpu = 0; cpu < n; cpu++) {
		double rate = (b[cpu] - a[cpu]) / (t1 - t0);

		if (a[cpu] < 0 || b[cpu] < 0) {
			dt_diag("cpu%d's tick device %s has no line in /proc/interrupts",
				cpu, dev[cpu]);
			return DT_ERROR;
		}
		dt_diag("cpu%d tick/s=%.1f (device %s)%s", cpu, rate, dev[cpu],
			rate > lim ? " > 5% of HZ" : "");
		over |= rate > lim;
	}
	return over ? KSFT_FAIL : KSFT_PASS;
}
