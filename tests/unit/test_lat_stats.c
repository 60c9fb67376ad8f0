// SPDX-License-Identifier: GPL-2.0
/* The latency statistics of the wakelat workload, against hand-computed values. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "workloads/lat_stats.h"

#define CHECK_NEAR(got, want, tolerance) do {					\
	double got_ = (got), want_ = (want);					\
	check_report(fabs(got_ - want_) <= (tolerance), __FILE__, __LINE__,	\
		     "%s == %s: got %.9f, want %.9f", #got, #want, got_, want_);\
} while (0)

/* Five samples out of order: sorting, mean, sample stddev, percentiles. */
static void test_five(void)
{
	uint64_t samples[] = { 5000, 1000, 3000, 2000, 4000 };
	struct lat_stats st;

	CHECK_EQ_INT(lat_stats_compute(samples, 5, &st), 0);
	CHECK_EQ_U64(st.count, 5);
	CHECK_EQ_U64(st.min_ns, 1000);
	CHECK_EQ_U64(st.max_ns, 5000);
	CHECK_NEAR(st.mean_ns, 3000, 1e-9);
	/* (4 + 1 + 0 + 1 + 4) * 10^6 / (5 - 1) = 2.5 * 10^6 */
	CHECK_NEAR(st.stddev_ns, sqrt(2.5e6), 1e-6);
	CHECK_NEAR(st.stddev_ns, 1581.138830084, 1e-6);
	/* Ranks ceil(0.5 * 5) = 3, ceil(4.5) = 5, ceil(4.95) = 5, ceil(4.995) = 5. */
	CHECK_EQ_U64(st.p50_ns, 3000);
	CHECK_EQ_U64(st.p90_ns, 5000);
	CHECK_EQ_U64(st.p99_ns, 5000);
	CHECK_EQ_U64(st.p999_ns, 5000);
	/* Sorted in place. */
	CHECK_EQ_U64(samples[0], 1000);
	CHECK_EQ_U64(samples[2], 3000);
	CHECK_EQ_U64(samples[4], 5000);
}

/*
 * 1..1000 in reverse: p99.9 is rank 999 exactly (99.9 / 100 * 1000 in
 * double is 999.0000000000001, whose ceil would be rank 1000).
 */
static void test_thousand(void)
{
	uint64_t *samples = malloc(1000 * sizeof(*samples));
	struct lat_stats st;
	size_t i;

	if (!samples)
		abort();
	for (i = 0; i < 1000; i++)
		samples[i] = 1000 - i;
	CHECK_EQ_INT(lat_stats_compute(samples, 1000, &st), 0);
	CHECK_EQ_U64(st.count, 1000);
	CHECK_EQ_U64(st.min_ns, 1);
	CHECK_EQ_U64(st.max_ns, 1000);
	CHECK_NEAR(st.mean_ns, 500.5, 1e-9);
	/* Sample variance of 1..n is n (n + 1) / 12 = 83416.666... */
	CHECK_NEAR(st.stddev_ns, 288.819436096, 1e-6);
	CHECK_EQ_U64(st.p50_ns, 500);
	CHECK_EQ_U64(st.p90_ns, 900);
	CHECK_EQ_U64(st.p99_ns, 990);
	CHECK_EQ_U64(st.p999_ns, 999);
	for (i = 1; i < 1000; i++)
		if (samples[i - 1] > samples[i])
			break;
	CHECK_MSG(i == 1000, "not sorted at index %zu", i);
	free(samples);
}

static void test_percentile_ranks(void)
{
	uint64_t v[2001];
	size_t i;

	for (i = 0; i < 2001; i++)
		v[i] = 10 * (i + 1);		/* rank r holds 10 * r */
	/* n = 10: ranks 5, 9, ceil(9.9) = 10, ceil(9.99) = 10. */
	CHECK_EQ_U64(lat_percentile(v, 10, 500), 50);
	CHECK_EQ_U64(lat_percentile(v, 10, 900), 90);
	CHECK_EQ_U64(lat_percentile(v, 10, 990), 100);
	CHECK_EQ_U64(lat_percentile(v, 10, 999), 100);
	/* n = 1001: ceil(500.5) = 501, ceil(900.9) = 901, ceil(990.99) = 991. */
	CHECK_EQ_U64(lat_percentile(v, 1001, 500), 5010);
	CHECK_EQ_U64(lat_percentile(v, 1001, 900), 9010);
	CHECK_EQ_U64(lat_percentile(v, 1001, 990), 9910);
	CHECK_EQ_U64(lat_percentile(v, 1001, 999), 10000);	/* ceil(999.999) */
	/* n = 2000: exact ranks 1000, 1800, 1980, 1998. */
	CHECK_EQ_U64(lat_percentile(v, 2000, 500), 10000);
	CHECK_EQ_U64(lat_percentile(v, 2000, 999), 19980);
	/* n = 2001: ceil(1998.999) = 1999. */
	CHECK_EQ_U64(lat_percentile(v, 2001, 999), 19990);
	/* p0 is the min (rank at least 1), p100 the max. */
	CHECK_EQ_U64(lat_percentile(v, 10, 0), 10);
	CHECK_EQ_U64(lat_percentile(v, 10, 1000), 100);
	/* One sample is every percentile. */
	CHECK_EQ_U64(lat_percentile(v, 1, 500), 10);
	CHECK_EQ_U64(lat_percentile(v, 1, 999), 10);
}

static void test_one_and_none(void)
{
	uint64_t one[] = { 7777 }, none[1] = { 0 };
	struct lat_stats st;

	CHECK_EQ_INT(lat_stats_compute(one, 1, &st), 0);
	CHECK_EQ_U64(st.count, 1);
	CHECK_EQ_U64(st.min_ns, 7777);
	CHECK_EQ_U64(st.max_ns, 7777);
	CHECK_NEAR(st.mean_ns, 7777, 1e-9);
	CHECK_NEAR(st.stddev_ns, 0, 0);		/* no NaN from n - 1 = 0 */
	CHECK_EQ_U64(st.p50_ns, 7777);
	CHECK_EQ_U64(st.p999_ns, 7777);

	memset(&st, 0xff, sizeof(st));
	CHECK_EQ_INT(lat_stats_compute(none, 0, &st), -ENODATA);
	CHECK_EQ_U64(st.count, 0);
	CHECK_EQ_U64(st.max_ns, 0);
	CHECK_NEAR(st.mean_ns, 0, 0);
}

/* Large values: the mean and the spread are not lost to rounding. */
static void test_large(void)
{
	uint64_t samples[] = { 1000000000000002ULL, 1000000000000000ULL };
	struct lat_stats st;

	CHECK_EQ_INT(lat_stats_compute(samples, 2, &st), 0);
	CHECK_NEAR(st.mean_ns, 1000000000000001.0, 0);
	CHECK_NEAR(st.stddev_ns, sqrt(2), 1e-9);
	CHECK_EQ_U64(st.p50_ns, 1000000000000000ULL);
	CHECK_EQ_U64(st.p90_ns, 1000000000000002ULL);
}

static void test_buckets(void)
{
	/* Whole microseconds: [0, 1) [1, 2) [2, 4) [4, 8) ... */
	CHECK_EQ_INT(lat_log2_bucket(0), 0);
	CHECK_EQ_INT(lat_log2_bucket(999), 0);
	CHECK_EQ_INT(lat_log2_bucket(1000), 1);
	CHECK_EQ_INT(lat_log2_bucket(1999), 1);
	CHECK_EQ_INT(lat_log2_bucket(2000), 2);
	CHECK_EQ_INT(lat_log2_bucket(3999), 2);
	CHECK_EQ_INT(lat_log2_bucket(4000), 3);
	CHECK_EQ_INT(lat_log2_bucket(1000000), 10);	/* 1000 us in [512, 1024) */
	CHECK_EQ_INT(lat_log2_bucket(1024000), 11);	/* 1024 us in [1024, 2048) */
	/* 2^64 - 1 ns is 18446744073709551 us, in [2^54, 2^55). */
	CHECK_EQ_INT(lat_log2_bucket(UINT64_MAX), 55);
	CHECK(lat_log2_bucket(UINT64_MAX) < LAT_LOG2_BUCKETS);

	CHECK_EQ_U64(lat_log2_bucket_lo_us(0), 0);
	CHECK_EQ_U64(lat_log2_bucket_hi_us(0), 1);
	CHECK_EQ_U64(lat_log2_bucket_lo_us(1), 1);
	CHECK_EQ_U64(lat_log2_bucket_hi_us(1), 2);
	CHECK_EQ_U64(lat_log2_bucket_lo_us(3), 4);
	CHECK_EQ_U64(lat_log2_bucket_hi_us(3), 8);
	CHECK_EQ_U64(lat_log2_bucket_lo_us(55), 1ULL << 54);
	CHECK_EQ_U64(lat_log2_bucket_hi_us(55), 1ULL << 55);
}

static void test_hist(void)
{
	/* us: 0, 1, 1, 2, 9, 0 */
	uint64_t samples[] = { 500, 1500, 1600, 2500, 9000, 0 };
	uint64_t counts[LAT_LOG2_BUCKETS], sum = 0;
	unsigned int used, i;

	memset(counts, 0xff, sizeof(counts));
	used = lat_log2_hist(samples, 6, counts);
	CHECK_EQ_INT(used, 5);			/* up to [8, 16) */
	CHECK_EQ_U64(counts[0], 2);
	CHECK_EQ_U64(counts[1], 2);
	CHECK_EQ_U64(counts[2], 1);
	CHECK_EQ_U64(counts[3], 0);		/* [4, 8): empty, still printed */
	CHECK_EQ_U64(counts[4], 1);
	for (i = 0; i < LAT_LOG2_BUCKETS; i++)
		sum += counts[i];
	CHECK_EQ_U64(sum, 6);

	memset(counts, 0xff, sizeof(counts));
	CHECK_EQ_INT(lat_log2_hist(samples, 0, counts), 0);
	CHECK_EQ_U64(counts[0], 0);
	CHECK_EQ_U64(counts[LAT_LOG2_BUCKETS - 1], 0);

	/* Only sub-microsecond samples: one bucket. */
	CHECK_EQ_INT(lat_log2_hist(samples, 1, counts), 1);
	CHECK_EQ_U64(counts[0], 1);
}

void test_lat_stats(void)
{
	test_five();
	test_thousand();
	test_percentile_ranks();
	test_one_and_none();
	test_large();
	test_buckets();
	test_hist();
}
