// SPDX-License-Identifier: GPL-2.0
/*
 * loc_idle [secs=20]: with every CPU idle (this test only sleeps), each
 * online CPU must take at most 5% of HZ local timer interrupts per second.
 */
#include "dt.h"

int main(int argc, char **argv)
{
	int secs = dt_arg_int(argc, argv, 1, 20);
	int hz = dt_hz();

	dt_diag("HZ=%d, idle window %d s, limit LOC/s <= %.1f per CPU",
		hz, secs, hz * 0.05);
	int ret = dt_check_idle_loc(secs, 0);

	return ret < 0 ? DT_ERROR : ret ? KSFT_FAIL : KSFT_PASS;
}
