// SPDX-License-Identifier: GPL-2.0
/*
 * state_off: booted with dyntick=off, the dyn-tick state must read
 * "enabled: 0".
 */
#include "dt.h"

int main(void)
{
	int en;

	if (access(DT_SYSFS, F_OK)) {
		dt_diag("SKIP no %s", DT_SYSFS);
		return KSFT_SKIP;
	}
	dt_print_state();
	en = dt_state_field("enabled");
	if (en != 0) {
		dt_diag("FAIL: enabled: %d after dyntick=off, want 0", en);
		return KSFT_FAIL;
	}
	return KSFT_PASS;
}
