// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs_input [rounds=300]: bad and racing input to the dyn-tick sysfs
 * control.  A huge write (8 KiB of digits), binary bytes and a lone NUL
 * fail with EINVAL and change nothing.  Then four writers flip enable
 * between 0 and 1 while a reader reads state and CPU2 goes offline and
 * online; afterwards enable=1 must read back, every CPU must be driven by
 * dyn-tick again (active_cpus 0-3) and the idle CPUs must be back at the
 * tickless floor (LOC/s <= 5% of HZ, as loc_idle).
 */
#include "dt.h"

#define ENABLE	DT_SYSFS "/enable"

/* write(2) of @len bytes at once; 0 or -errno. */
static int write_raw(const char *buf, size_t len)
{
	int fd = open(ENABLE, O_WRONLY), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, buf, len) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

static pid_t spawn(int kind, int rounds)
{
	pid_t pid = dt_fork_pinned(kind % dt_ncpus());
	char buf[256];
	int i;

	if (pid)
		return pid;
	for (i = 0; i < rounds; i++) {
		if (kind < 4)
			dt_write_file(ENABLE, (i + kind) % 2 ? "1\n" : "0\n");
		else if (kind == 4)
			dt_read_file(DT_SYSFS "/state", buf, sizeof(buf));
		else if (i < 20)
			dt_set_cpu_online(2, i % 2);
	}
	_exit(0);
}

static char huge[8192];
static const char bin[] = { 0x01, (char)0xff, 0x7f, '\n' };
static const struct {
	const char *what;
	const char *buf;
	size_t len;
} bad[] = {
	{ "8 KiB of '1'", huge, sizeof(huge) },
	{ "binary 01 ff 7f", bin, sizeof(bin) },
	{ "a lone NUL", "", 1 },
};

int main(int argc, char **argv)
{
	int rounds = dt_arg_int(argc, argv, 1, 300);
	int ret = KSFT_PASS, en, err, i, st;
	char active[64];
	pid_t kids[6];

	en = dt_state_field("enabled");
	if (en != 1) {
		dt_diag("FAIL: state says enabled: %d, want 1 (no %s?)", en,
			DT_SYSFS);
		return KSFT_FAIL;
	}
	memset(huge, '1', sizeof(huge));
	for (i = 0; i < (int)ARRAY_SIZE(bad); i++) {
		err = write_raw(bad[i].buf, bad[i].len);
		en = dt_state_field("enabled");
		dt_diag("write %s -> %s, enabled: %d%s", bad[i].what,
			err ? strerror(-err) : "accepted", en,
			err == -EINVAL && en == 1 ? "" : " FAIL (want EINVAL, unchanged)");
		if (err != -EINVAL || en != 1)
			ret = KSFT_FAIL;
	}

	for (i = 0; i < 6; i++)
		kids[i] = spawn(i, rounds);
	for (i = 0; i < 6; i++) {
		waitpid(kids[i], &st, 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st)) {
			dt_diag("FAIL: child %d died (status %#x)", i, st);
			ret = KSFT_FAIL;
		}
	}
	dt_set_cpu_online(2, 1);
	err = dt_write_file(ENABLE, "1\n");
	en = dt_state_field("enabled");
	dt_sleep(0.5);
	if (dt_state_str("active_cpus", active, sizeof(active)))
		snprintf(active, sizeof(active), "?");
	dt_diag("after %d rounds of 4 writers, a reader and cpu2 off/on: enable=1 -> %s, enabled: %d, active_cpus: %s",
		rounds, err ? strerror(-err) : "ok", en, active);
	if (err || en != 1 || strcmp(active, "0-3"))
		ret = KSFT_FAIL;

	dt_sleep(1);
	if (dt_check_idle_loc(5, 1))
		ret = KSFT_FAIL;
	return ret;
}
