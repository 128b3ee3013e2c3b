/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the dyn-tick guest tests.
 *
 * Everything is static inline so that each test is one self-contained .c
 * file and unused helpers cost nothing (and draw no warnings).
 *
 * Include it first: it defines _GNU_SOURCE for the whole file.  It holds
 * the basics (diagnostics, time, arguments, small files) and pulls in the
 * rest by topic: dt_clock.h (jiffies, HZ, CPUs), dt_cpu.h (pinning,
 * children, ping-pong, hotplug), dt_irq.h (interrupt rates), dt_judge.h
 * (quantiles and the lateness judge), dt_dyntick.h (state file, self-test).
 *
 * Conventions (kselftest's, from its kselftest.h): exit KSFT_PASS,
 * KSFT_FAIL or KSFT_SKIP; measured numbers go to stdout as "# " lines.
 */
#ifndef DT_H
#define DT_H

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/*
 * kselftest's exit codes (KSFT_PASS 0, KSFT_FAIL 1, KSFT_SKIP 4) and
 * ARRAY_SIZE(), from the base tree's tools/testing/selftests/kselftest.h
 * (the build passes -I to that directory), as a kernel selftest has them.
 */
#include "kselftest.h"

/*
 * The test could not measure (a file it reads is missing, a bad
 * argument, a fork that failed): never the test's own verdict, so a
 * negative control (dt.expect=) that exits with it fails.
 */
#define DT_ERROR	5

#define DT_MAXCPU	64
#define DT_SYSFS	"/sys/devices/system/dyn_tick/dyn_tick0"
#define DT_DEBUGFS	"/sys/kernel/debug/dyn_tick"

/* Print one diagnostic line, "# " prefixed, and flush it at once. */
static inline void __attribute__((format(printf, 1, 2)))
dt_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

/* One figure for the benchmark: "BENCH key=value ...", flushed at once. */
#define DT_BENCH(...)					\
	do {						\
		printf("BENCH " __VA_ARGS__);		\
		putchar('\n');				\
		fflush(stdout);				\
	} while (0)

static inline double dt_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Sleep @secs of CLOCK_MONOTONIC, whatever signals come in between. */
static inline void dt_sleep(double secs)
{
	struct timespec ts;
	double end = dt_now() + secs;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_sec += (time_t)secs;
	ts.tv_nsec += (long)((secs - (time_t)secs) * 1e9);
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) &&
	       dt_now() < end)
		;
}

/* Spin @secs of CLOCK_MONOTONIC without leaving the CPU to idle. */
static inline void dt_spin(double secs)
{
	double end = dt_now() + secs;

	while (dt_now() < end)
		;
}

/* Integer argument @idx, or @def when absent; exits on garbage. */
static inline int dt_arg_int(int argc, char **argv, int idx, int def)
{
	char *end;
	long v;

	if (idx >= argc)
		return def;
	v = strtol(argv[idx], &end, 10);
	if (*argv[idx] == '\0' || *end != '\0' || v < 0 || v > 100000) {
		dt_diag("bad argument '%s' (want a number)", argv[idx]);
		exit(DT_ERROR);
	}
	return (int)v;
}

/* Read a small file into @buf (NUL terminated); returns length or -errno. */
static inline int dt_read_file(const char *path, char *buf, size_t len)
{
	ssize_t n;
	size_t got = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -errno;
	while (got + 1 < len) {
		n = read(fd, buf + got, len - 1 - got);
		if (n < 0) {
			n = -errno;
			close(fd);
			return (int)n;
		}
		if (n == 0)
			break;
		got += n;
	}
	buf[got] = '\0';
	close(fd);
	return (int)got;
}

/*
 * The number after the first @key in the small file @path (blanks and a
 * colon between them skipped: "se.avg.util_avg   :  42"), or -1.
 */
static inline long dt_file_number(const char *path, const char *key)
{
	static char buf[16384];
	char *p;

	if (dt_read_file(path, buf, sizeof(buf)) < 0)
		return -1;
	p = strstr(buf, key);
	if (!p)
		return -1;
	for (p += strlen(key); *p == ' ' || *p == '\t' || *p == ':'; p++)
		;
	return *p >= '0' && *p <= '9' ? strtol(p, NULL, 10) : -1;
}

/*
 * Field @n (from 3 on, as proc(5) numbers them) of a /proc/.../stat file,
 * read into @buf: a pointer into @buf, or NULL.  COMM (field 2) may hold
 * blanks and parentheses, so the fields are counted from its last ')'.
 */
static inline const char *dt_stat_field(const char *path, int n, char *buf,
					size_t len)
{
	char *p;
	int i;

	if (n < 3 || dt_read_file(path, buf, len) <= 0)
		return NULL;
	p = strrchr(buf, ')');
	for (i = 2; p && i < n; i++)
		p = strchr(p + 1, ' ');
	return p ? p + 1 : NULL;
}

/* The first line of a small file, without its newline ("" if unreadable). */
static inline int dt_read_line(const char *path, char *buf, size_t len)
{
	int n = dt_read_file(path, buf, len);

	if (n < 0)
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return n;
}

/*
 * 1 if the running kernel is @major.@minor or newer, 0 if older, -1 if
 * its release cannot be read.
 */
static inline int dt_kernel_at_least(int major, int minor)
{
	struct utsname u;
	int ma, mi;

	if (uname(&u) || sscanf(u.release, "%d.%d", &ma, &mi) != 2)
		return -1;
	return ma > major || (ma == major && mi >= minor);
}

/* One write() of @s to @path; returns 0 or -errno. */
static inline int dt_write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	int ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

/* tracefs, mounted by dt_tracefs_mount() if it is not there yet */
#define DT_TRACEFS	"/sys/kernel/tracing"

/* 0 once tracefs is at DT_TRACEFS; -errno if it cannot be mounted. */
static inline int dt_tracefs_mount(void)
{
	mkdir(DT_TRACEFS, 0755);
	if (!access(DT_TRACEFS "/trace", F_OK) ||
	    !mount("tracefs", DT_TRACEFS, "tracefs", 0, NULL))
		return 0;
	dt_diag("cannot mount tracefs on %s: %s", DT_TRACEFS, strerror(errno));
	return -errno;
}

/* Write @s to @file of tracefs (a path under DT_TRACEFS); says why not. */
static inline int dt_tr_write(const char *file, const char *s)
{
	char path[160];
	int err;

	snprintf(path, sizeof(path), DT_TRACEFS "/%s", file);
	err = dt_write_file(path, s);
	if (err)
		dt_diag("echo %s > %s: %s", s, path, strerror(-err));
	return err;
}

/* The rest, by topic, each using only what comes before it. */
#include "dt_clock.h"
#include "dt_cpu.h"
#include "dt_irq.h"
#include "dt_judge.h"
#include "dt_dyntick.h"

#endif /* DT_H */
