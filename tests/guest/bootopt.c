// SPDX-License-Identifier: GPL-2.0
/*
 * bootopt: the dyntick= boot option on this boot's command line.  Each
 * value is on/off (kstrtobool: 1/0, y/n, on/off) or "disable"; the last
 * valid one wins, the default is on.  A value that is none of these must
 * be reported in the kernel log ("dyntick=V: not on, off or disable;
 * ignored") and leave the setting alone.  The state file must show the
 * setting that results.
 */
#include "dt.h"
#include <sys/klog.h>

static int parse(const char *v, int *on)
{
	if (!strcmp(v, "disable")) {
		*on = 0;
		return 0;
	}
	switch (v[0]) {
	case 'y': case 'Y': case '1':
		*on = 1;
		return 0;
	case 'n': case 'N': case '0':
		*on = 0;
		return 0;
	case 'o': case 'O':
		if (v[1] == 'n' || v[1] == 'N') {
			*on = 1;
			return 0;
		}
		if (v[1] == 'f' || v[1] == 'F') {
			*on = 0;
			return 0;
		}
	}
	return -1;
}

int main(void)
{
	static char cmdline[4096], log[1 << 20];
	int want = 1, nbad = 0, ret = KSFT_PASS, got, n;
	char *tok, *save = NULL, msg[256];

	if (dt_read_file("/proc/cmdline", cmdline, sizeof(cmdline)) <= 0)
		return KSFT_FAIL;
	n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, log, sizeof(log) - 1);
	if (n < 0) {
		dt_diag("FAIL: klogctl: %s", strerror(errno));
		return KSFT_FAIL;
	}
	log[n] = '\0';
	for (tok = strtok_r(cmdline, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save)) {
		const char *v;

		if (strncmp(tok, "dyntick=", 8))
			continue;
		v = tok + 8;
		if (!parse(v, &want)) {
			dt_diag("%s: valid, enabled=%d from here on", tok, want);
			continue;
		}
		nbad++;
		snprintf(msg, sizeof(msg), "%s: not on, off or disable; ignored",
			 tok);
		dt_diag("%s: invalid; kernel log says so: %s", tok,
			strstr(log, msg) ? "yes" : "NO (FAIL)");
		if (!strstr(log, msg))
			ret = KSFT_FAIL;
	}
	got = dt_state_field("enabled");
	dt_diag("%d invalid value(s); state enabled: %d, want %d", nbad, got,
		want);
	if (got != want)
		ret = KSFT_FAIL;
	return ret;
}
