// SPDX-License-Identifier: GPL-2.0
/*
 * Host-side unit check of dt_judge_lateness() (tests/guest/dt_judge.h), the
 * judge of the guest's timer accuracy tests: each case is a set of
 * lateness samples (ms) and the verdict the judge must give at HZ=250
 * (median <= 10 ms, any <= 29 ms, one stall in 10+ <= 64 ms).  Prints
 * KTAP; exit 0 only if every case gets its verdict.
 */
#include "../guest/dt.h"

struct judge_case {
	const char *name;
	int fails;		/* the verdict the judge must give */
	int n;
	double good;		/* n - nbad samples of this lateness */
	int nbad;
	double bad;		/* ... and nbad samples of this one */
};

static const struct judge_case cases[] = {
	{ "20 on time", 0, 20, 2.0, 0, 0 },
	{ "19 on time + one 5 s late", 1, 20, 2.0, 1, 5000.0 },
	{ "19 on time + one host stall of 50 ms", 0, 20, 2.0, 1, 50.0 },
	{ "18 on time + two 30 ms late", 1, 20, 2.0, 2, 30.0 },
	{ "9 on time + one 30 ms late (set < 10)", 1, 10 - 1, 2.0, 1, 30.0 },
	{ "upper half 20 ms late (true median 11 ms)", 1, 10, 2.0, 5, 20.0 },
	{ "one early wake-up", 1, 10, 2.0, 1, -0.5 },
	{ "3 on time", 0, 3, 3.0, 0, 0 },
	{ "every one a tick late", 0, 20, 4.1, 0, 0 },
	{ "every one 12 ms late", 1, 20, 12.0, 0, 0 },
};

int main(void)
{
	struct dt_lateness_lim lim;
	double v[64];
	unsigned int c;
	int i, bad = 0;

	setenv("DT_HZ", "250", 1);
	printf("TAP version 13\n1..%zu\n", ARRAY_SIZE(cases));
	dt_lateness_limits(0, 6, &lim);
	for (c = 0; c < ARRAY_SIZE(cases); c++) {
		const struct judge_case *k = &cases[c];
		int got;

		for (i = 0; i < k->n; i++)
			v[i] = i < k->n - k->nbad ? k->good : k->bad;
		got = dt_judge_lateness("late", 10, v, k->n, &lim);
		printf("%sok %u judge: %s: %s\n", got == k->fails ? "" : "not ",
		       c + 1, k->name, k->fails ? "fails" : "passes");
		bad += got != k->fails;
	}
	return bad ? KSFT_FAIL : KSFT_PASS;
}
