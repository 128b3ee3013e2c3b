// SPDX-License-Identifier: GPL-2.0
/*
 * cpuidle_governor NAME: the cpuidle governor in use is NAME (as asked
 * with cpuidle.governor= on the command line), so that the tests after it
 * in the suite run under that governor and not, silently, under the
 * default one.
 */
#include "dt.h"

#define CURRENT_GOVERNOR "/sys/devices/system/cpu/cpuidle/current_governor_ro"

int main(int argc, char **argv)
{
	char gov[64] = "";

	if (argc < 2) {
		dt_diag("usage: cpuidle_governor NAME");
		return KSFT_FAIL;
	}
	if (dt_read_line(CURRENT_GOVERNOR, gov, sizeof(gov)) <= 0) {
		dt_diag("FAIL: no %s (CPU_IDLE?)", CURRENT_GOVERNOR);
		return KSFT_FAIL;
	}
	dt_diag("cpuidle governor '%s', want '%s'%s", gov, argv[1],
		strcmp(gov, argv[1]) ? " FAIL" : "");
	return strcmp(gov, argv[1]) ? KSFT_FAIL : KSFT_PASS;
}
