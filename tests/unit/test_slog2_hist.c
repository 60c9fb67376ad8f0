// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hist/slog2_hist.h"
#include "kmod/snapshot.h"
#include "test_util.h"

static void test_rows(void)
{
	char label[LOG2_HIST_LABEL_MAX];
	unsigned int r;

	CHECK_EQ_INT(slog2_hist_row(0), 64);
	CHECK_EQ_INT(slog2_hist_row(1), 65);
	CHECK_EQ_INT(slog2_hist_row(-1), 63);
	CHECK_EQ_INT(slog2_hist_row(-2), 62);
	CHECK_EQ_INT(slog2_hist_row(-3), 62);
	CHECK_EQ_INT(slog2_hist_row(-4), 61);
	CHECK_EQ_INT(slog2_hist_row(INT64_MIN), 0);
	CHECK_EQ_INT(slog2_hist_row(INT64_MAX), 127);
	CHECK_EQ_INT(slog2_hist_row(-1024), slog2_hist_row(-2047));
	CHECK(slog2_hist_row(-1023) != slog2_hist_row(-1024));

	/* The rows tile INT64_MIN..INT64_MAX without gaps, in order. */
	CHECK_EQ_INT(slog2_hist_row_min(0), INT64_MIN);
	CHECK_EQ_INT(slog2_hist_row_max(SLOG2_HIST_ROWS - 1), INT64_MAX);
	for (r = 0; r < SLOG2_HIST_ROWS; r++) {
		int64_t lo = slog2_hist_row_min(r), hi = slog2_hist_row_max(r);

		CHECK_MSG(lo <= hi && slog2_hist_row(lo) == r &&
			  slog2_hist_row(hi) == r &&
			  (r == SLOG2_HIST_ROWS - 1 ||
			   (uint64_t)hi + 1 == (uint64_t)slog2_hist_row_min(r + 1)),
			  "row %u: %lld..%lld", r, (long long)lo, (long long)hi);
	}

	slog2_hist_row_label(63, label);
	CHECK_STR_EQ(label, "[-1]");
	slog2_hist_row_label(62, label);
	CHECK_STR_EQ(label, "(-4, -2]");
	slog2_hist_row_label(slog2_hist_row(-1024), label);
	CHECK_STR_EQ(label, "(-2K, -1K]");
	slog2_hist_row_label(slog2_hist_row(-600), label);
	CHECK_STR_EQ(label, "(-1K, -512]");
	slog2_hist_row_label(0, label);
	CHECK_STR_EQ(label, "(-16777216T, -8388608T]");
	slog2_hist_row_label(64, label);
	CHECK_STR_EQ(label, "[0]");
	slog2_hist_row_label(66, label);
	CHECK_STR_EQ(label, "[2, 4)");
	CHECK(slog2_hist_name_is_signed("lag_pick_vns"));
	CHECK(!slog2_hist_name_is_signed("wakeup_lat_ns"));
	CHECK(!slog2_hist_name_is_signed("vns"));
}

/* The fixture's lag_pick, built value by value. */
static void fixture_hist(struct slog2_hist *h)
{
	int i;

	slog2_hist_init(h, "lag_pick_vns");
	for (i = 0; i < 5; i++)
		test_slog2_add(h, -2048 - i, 1);
	for (i = 0; i < 26; i++)
		test_slog2_add(h, -1024 - i, 1);
	test_slog2_add(h, -600, 4);
	test_slog2_add(h, -5, 1);
	test_slog2_add(h, 0, 1);
	test_slog2_add(h, 300, 5);
	test_slog2_add(h, 1500, 2);
}

/* Drawn in bpftrace's layout; the module's fixture file holds its numbers. */
static void test_print(void)
{
	struct snapshot_hist back;
	struct slog2_hist h;
	char *text, *fixture, err[256];
	size_t len, flen;

	fixture_hist(&h);
	CAPTURE(text, len, CHECK_EQ_INT(slog2_hist_print(&h, out), 0));
	CHECK_GOLDEN(text, len, "signed_lag.txt");
	free(text);
	fixture = test_file("../fixtures/debugfs/basic/hist/lag_pick", &flen);
	CHECK_EQ_INT(snapshot_hist_parse("lag_pick", fixture, flen, &back, err,
					 sizeof(err)), 0);
	CHECK(back.is_signed && test_slog2_equal(&h, &back.s));
	free(fixture);

	/* Empty and negative-only histograms. */
	slog2_hist_init(&h, "e_vns");
	CAPTURE(text, len, slog2_hist_print(&h, out));
	CHECK_STR_EQ(text, "@e_vns: \n\n");
	free(text);
	test_slog2_add(&h, -1, 1);
	test_slog2_add(&h, -3, 1);
	CAPTURE(text, len, slog2_hist_print(&h, out));
	CHECK_STR_EQ(text, "@e_vns: \n"
		"(-4, -2]               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
		"[-1]                   1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n\n");
	free(text);
}

void test_slog2_hist(void)
{
	test_rows();
	test_print();
}
