/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Guest test helpers: /proc/interrupts sampling and interrupt rates (LOC, IRQ0).
 * Included by dt.h, after the helpers it uses; include dt.h, not this.
 */
#ifndef DT_IRQ_H
#define DT_IRQ_H

/*
 * Interrupt counters from /proc/interrupts.  cpu[] maps columns to CPU
 * numbers (from the "CPUn" header); loc[] is the "LOC:" line; irq0 is the
 * sum over CPUs of the " 0:" line (-1 if there is none).
 */
struct dt_irqs {
	int n;
	int cpu[DT_MAXCPU];
	long long loc[DT_MAXCPU];
	long long irq0;
	double mono;
};

/* Sum over CPUs of the counters of line @label ("0", "LOC", ...). */
static inline int dt_irq_line(const char *text, const char *label, int ncol,
			      long long *cnt)
{
	const char *p = text;
	size_t ll = strlen(label);
	int i;

	while (p && *p) {
		const char *s = p;

		while (*s == ' ')
			s++;
		if (!strncmp(s, label, ll) && s[ll] == ':') {
			char *e;

			s += ll + 1;
			for (i = 0; i < ncol; i++) {
				cnt[i] = strtoll(s, &e, 10);
				if (e == s)
					break;
				s = e;
			}
			for (; i < ncol; i++)
				cnt[i] = 0;
			return 0;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -1;
}

/* Sum over CPUs and lines of every line of /proc/interrupts naming @what. */
static inline long long dt_irq_named(const char *what)
{
	static char buf[1 << 16];
	char *line, *save = NULL, *c, *e;
	long long sum = 0;
	int ncol = 0, i;

	if (dt_read_file("/proc/interrupts", buf, sizeof(buf)) <= 0)
		return -1;
	line = strtok_r(buf, "\n", &save);
	for (c = strstr(line, "CPU"); c; c = strstr(c + 3, "CPU"))
		ncol++;
	for (line = strtok_r(NULL, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		c = strchr(line, ':');
		if (!c || !strstr(line, what))
			continue;
		for (c++, i = 0; i < ncol; i++, c = e) {
			long long v = strtoll(c, &e, 10);

			if (e == c)
				break;
			sum += v;
		}
	}
	return sum;
}

static inline int dt_irqs_read(struct dt_irqs *s)
{
	static char buf[1 << 16];
	long long irq0[DT_MAXCPU];
	char *p, *nl;
	int i;

	s->mono = dt_now();
	if (dt_read_file("/proc/interrupts", buf, sizeof(buf)) <= 0) {
		dt_diag("cannot read /proc/interrupts");
		return -1;
	}
	nl = strchr(buf, '\n');
	s->n = 0;
	for (p = strstr(buf, "CPU"); p && p < nl && s->n < DT_MAXCPU;
	     p = strstr(p + 3, "CPU"))
		s->cpu[s->n++] = atoi(p + 3);
	if (dt_irq_line(buf, "LOC", s->n, s->loc)) {
		dt_diag("no LOC: line in /proc/interrupts");
		return -1;
	}
	s->irq0 = -1;
	if (!dt_irq_line(buf, "0", s->n, irq0))
		for (s->irq0 = 0, i = 0; i < s->n; i++)
			s->irq0 += irq0[i];
	return 0;
}

/* Per-second rates between two samples. */
struct dt_rates {
	int n;
	int cpu[DT_MAXCPU];
	double loc[DT_MAXCPU];
	double irq0;		/* -1: no IRQ0 line */
	double secs;
};

static inline void dt_rates(const struct dt_irqs *a, const struct dt_irqs *b,
			    struct dt_rates *r)
{
	int i;

	r->secs = b->mono - a->mono;
	r->n = a->n < b->n ? a->n : b->n;
	for (i = 0; i < r->n; i++) {
		r->cpu[i] = a->cpu[i];
		r->loc[i] = (b->loc[i] - a->loc[i]) / r->secs;
	}
	r->irq0 = a->irq0 < 0 || b->irq0 < 0 ? -1 :
		  (b->irq0 - a->irq0) / r->secs;
}

/* Sleep @secs and return the interrupt rates seen meanwhile. */
static inline int dt_measure(double secs, struct dt_rates *r)
{
	struct dt_irqs a, b;

	if (dt_irqs_read(&a))
		return -1;
	dt_sleep(secs);
	if (dt_irqs_read(&b))
		return -1;
	dt_rates(&a, &b, r);
	return 0;
}

/*
 * The tickless floor: over @secs of idling, every online CPU from
 * @first_cpu on takes at most 5% of HZ local timer interrupts a second.
 * Prints each CPU's rate; returns 1 when one is over, -1 on a read error.
 */
static inline int dt_check_idle_loc(double secs, int first_cpu)
{
	double lim = dt_hz() * 0.05;
	struct dt_rates r;
	int i, ret = 0;

	if (dt_measure(secs, &r))
		return -1;
	for (i = 0; i < r.n; i++) {
		int bad = r.cpu[i] >= first_cpu && r.loc[i] > lim;

		dt_diag("cpu%d LOC/s=%.1f%s", r.cpu[i], r.loc[i],
			bad ? " > 5% of HZ" : "");
		ret |= bad;
	}
	if (r.irq0 >= 0)
		dt_diag("IRQ0/s=%.1f", r.irq0);
	return ret;
}

/*
 * @secs of interrupt rates, measured from @pin_cpu, while a child spins on
 * @busy_cpu (started 0.5 s before the window).  0 on success.
 */
static inline int dt_measure_busy(int busy_cpu, int pin_cpu, double secs,
				  struct dt_rates *r)
{
	pid_t busy;
	int err;

	dt_pin(pin_cpu);
	busy = dt_spawn_busy(busy_cpu);
	dt_sleep(0.5);
	err = dt_measure(secs, r);
	dt_stop(busy);
	return err;
}

#endif /* DT_IRQ_H */
