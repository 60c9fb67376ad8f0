// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_util.h"
#include "hist/log2_hist.h"

/* log2_hist_print() into a malloc()ed string. */
static char *print_to_string(const struct log2_hist *h, size_t *len)
{
	char *text = NULL;
	FILE *out = open_memstream(&text, len);

	if (!out)
		abort();
	CHECK_EQ_INT(log2_hist_print(h, out), 0);
	fclose(out);
	return text;
}

static void test_buckets(void)
{
	char label[LOG2_HIST_LABEL_MAX];
	unsigned int k;

	CHECK_EQ_INT(log2_hist_bucket(0), 0);
	CHECK_EQ_INT(log2_hist_bucket(1), 1);
	CHECK_EQ_INT(log2_hist_bucket(2), 2);
	CHECK_EQ_INT(log2_hist_bucket(3), 2);
	CHECK_EQ_INT(log2_hist_bucket(4), 3);
	CHECK_EQ_INT(log2_hist_bucket(7), 3);
	CHECK_EQ_INT(log2_hist_bucket(8), 4);
	for (k = 1; k < 64; k++) {
		uint64_t power = 1ull << k;

		CHECK_MSG(log2_hist_bucket(power - 1) == k &&
			  log2_hist_bucket(power) == k + 1,
			  "buckets of 2^%u - 1 and 2^%u: %u and %u", k, k,
			  log2_hist_bucket(power - 1), log2_hist_bucket(power));
	}
	CHECK_EQ_INT(log2_hist_bucket(UINT64_MAX), 64);
	CHECK_EQ_INT(log2_hist_bucket(1ull << 63), 64);

	/* The bounds tile 0..UINT64_MAX without gaps. */
	CHECK_EQ_U64(log2_hist_bucket_min(0), 0);
	CHECK_EQ_U64(log2_hist_bucket_max(0), 0);
	CHECK_EQ_U64(log2_hist_bucket_min(1), 1);
	CHECK_EQ_U64(log2_hist_bucket_max(1), 1);
	CHECK_EQ_U64(log2_hist_bucket_min(2), 2);
	CHECK_EQ_U64(log2_hist_bucket_max(2), 3);
	CHECK_EQ_U64(log2_hist_bucket_max(64), UINT64_MAX);
	for (k = 0; k < LOG2_HIST_BUCKETS; k++) {
		uint64_t min = log2_hist_bucket_min(k), max = log2_hist_bucket_max(k);

		CHECK_MSG(log2_hist_bucket(min) == k && log2_hist_bucket(max) == k &&
			  (k == 64 || max + 1 == log2_hist_bucket_min(k + 1)),
			  "bucket %u bounds %llu..%llu", k,
			  (unsigned long long)min, (unsigned long long)max);
	}

	log2_hist_bucket_label(0, label);
	CHECK_STR_EQ(label, "[0]");
	log2_hist_bucket_label(1, label);
	CHECK_STR_EQ(label, "[1]");
	log2_hist_bucket_label(2, label);
	CHECK_STR_EQ(label, "[2, 4)");
	log2_hist_bucket_label(10, label);
	CHECK_STR_EQ(label, "[512, 1K)");
	log2_hist_bucket_label(11, label);
	CHECK_STR_EQ(label, "[1K, 2K)");
	log2_hist_bucket_label(20, label);
	CHECK_STR_EQ(label, "[512K, 1M)");
	log2_hist_bucket_label(32, label);
	CHECK_STR_EQ(label, "[2G, 4G)");
	log2_hist_bucket_label(41, label);
	CHECK_STR_EQ(label, "[1T, 2T)");
	log2_hist_bucket_label(51, label);
	CHECK_STR_EQ(label, "[1024T, 2048T)");
	log2_hist_bucket_label(64, label);
	CHECK_STR_EQ(label, "[8388608T, 16777216T)");
}

/* Names are cut to fit. */
static void test_init(void)
{
	struct log2_hist h;

	log2_hist_init(&h, "a_very_long_name_that_goes_on_and_on_and_on_and_on_"
			   "and_on_past_63");
	CHECK_EQ_U64(strlen(h.name), LOG2_HIST_NAME_MAX - 1);
}

struct golden {
	const char *file;
	const char *name;
	uint64_t buckets[LOG2_HIST_BUCKETS];
};

static const struct golden goldens[] = {
	{ "golden/empty.txt", "wakeup_lat_ns", { 0 } },
	{ "golden/zero.txt", "preempt_lat_ns", { [0] = 1 } },
	{ "golden/small.txt", "wakeup_lat_ns", { [2] = 5, [7] = 1, [13] = 20 } },
	{ "golden/float_scaling.txt", "wakeup_lat_ns",
	  { [3] = 250367, [10] = 289313 } },
	{ "golden/spread.txt", "new_lat_ns",
	  { [0] = 3, [1] = 2, [2] = 1, [11] = 7, [17] = 13, [22] = 100,
	    [30] = 40, [32] = 42 } },
	{ "golden/beyond_bpftrace.txt", "big",
	  { [33] = 1, [41] = 123456789, [50] = 5000000000ull, [51] = 7,
	    [64] = 2 } },
};

static void test_goldens(void)
{
	size_t i;

	for (i = 0; i < sizeof(goldens) / sizeof(goldens[0]); i++) {
		const struct golden *g = &goldens[i];
		struct log2_hist h;
		size_t want_len, got_len;
		char *want = test_file(g->file, &want_len);
		char *got;

		log2_hist_init(&h, g->name);
		memcpy(h.buckets, g->buckets, sizeof(h.buckets));
		got = print_to_string(&h, &got_len);
		CHECK_MSG(got_len == want_len && !memcmp(got, want, want_len),
			  "%s: printed differently:\n%s", g->file, got);
		free(got);
		free(want);
	}
}

void test_log2_hist(void)
{
	test_buckets();
	test_init();
	test_goldens();
}
