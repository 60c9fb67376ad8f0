/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Exact statistics of an array of latency samples in nanoseconds: count,
 * min, max, mean, sample standard deviation, nearest-rank percentiles, and
 * a log2 histogram in whole microseconds: bucket 0 is [0, 1) us, bucket
 * k >= 1 is [2^(k-1), 2^k) us.
 */
#ifndef SCHEDSCOPE_LAT_STATS_H
#define SCHEDSCOPE_LAT_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Enough for any uint64_t of nanoseconds: 2^64 ns < 2^55 us, bucket 55. */
#define LAT_LOG2_BUCKETS	56

struct lat_stats {
	uint64_t count;
	uint64_t min_ns, max_ns;
	double mean_ns;
	double stddev_ns;	/* sample (n - 1) standard deviation; 0 if count < 2 */
	uint64_t p50_ns, p90_ns, p99_ns, p999_ns;
};

/* Sort samples in place (ascending). */
void lat_sort(uint64_t *samples, size_t n);

/*
 * Nearest-rank percentile of sorted samples, the percentile given in tenths
 * of a percent (500 is p50, 999 is p99.9, 1000 is the max): the sample of
 * rank ceil(permille / 1000 * n), counted from 1, and at least rank 1.
 * Integer arithmetic, so p99.9 of 1000 samples is rank 999, not 1000.
 * n must be > 0 and permille <= 1000.
 */
uint64_t lat_percentile(const uint64_t *sorted, size_t n, unsigned int permille);

/*
 * All of struct lat_stats; sorts samples. Returns 0, or -ENODATA when n
 * is 0 (then *st is all zeros).
 */
int lat_stats_compute(uint64_t *samples, size_t n, struct lat_stats *st);

/* Bucket of a latency in ns, and the bucket's bounds [lo, hi) in us. */
unsigned int lat_log2_bucket(uint64_t ns);
uint64_t lat_log2_bucket_lo_us(unsigned int bucket);
uint64_t lat_log2_bucket_hi_us(unsigned int bucket);

/*
 * Count samples into counts[LAT_LOG2_BUCKETS] (zeroed first). Returns the
 * number of buckets to print, from bucket 0 up to and including the highest
 * non-empty one; 0 when n is 0.
 */
unsigned int lat_log2_hist(const uint64_t *samples, size_t n,
			   uint64_t counts[LAT_LOG2_BUCKETS]);

#endif
