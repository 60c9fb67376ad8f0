// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lat_stats.h"

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

void lat_sort(uint64_t *samples, size_t n)
{
	if (n > 1)
		qsort(samples, n, sizeof(*samples), compare_u64);
}

uint64_t lat_percentile(const uint64_t *sorted, size_t n, unsigned int permille)
{
	/* ceil(permille * n / 1000) without overflow for any size_t n. */
	uint64_t rank = n / 1000 * permille + (n % 1000 * permille + 999) / 1000;

	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return sorted[rank - 1];
}

int lat_stats_compute(uint64_t *samples, size_t n, struct lat_stats *st)
{
	long double sum = 0, mean, squares = 0;
	size_t i;

	memset(st, 0, sizeof(*st));
	if (!n)
		return -ENODATA;
	lat_sort(samples, n);
	/* A long double holds any sum below 2^64 exactly. */
	for (i = 0; i < n; i++)
		sum += samples[i];
	mean = sum / n;
	for (i = 0; i < n; i++) {
		long double d = samples[i] - mean;

		squares += d * d;
	}
	st->count = n;
	st->min_ns = samples[0];
	st->max_ns = samples[n - 1];
	st->mean_ns = mean;
	st->stddev_ns = n > 1 ? sqrtl(squares / (n - 1)) : 0;
	st->p50_ns = lat_percentile(samples, n, 500);
	st->p90_ns = lat_percentile(samples, n, 900);
	st->p99_ns = lat_percentile(samples, n, 990);
	st->p999_ns = lat_percentile(samples, n, 999);
	return 0;
}

unsigned int lat_log2_bucket(uint64_t ns)
{
	uint64_t us = ns / 1000;

	return us ? 64 - __builtin_clzll(us) : 0;
}

uint64_t lat_log2_bucket_lo_us(unsigned int bucket)
{
	return bucket ? 1ULL << (bucket - 1) : 0;
}

uint64_t lat_log2_bucket_hi_us(unsigned int bucket)
{
	return 1ULL << bucket;
}

unsigned int lat_log2_hist(const uint64_t *samples, size_t n,
			   uint64_t counts[LAT_LOG2_BUCKETS])
{
	unsigned int used = 0;
	size_t i;

	memset(counts, 0, LAT_LOG2_BUCKETS * sizeof(counts[0]));
	for (i = 0; i < n; i++) {
		unsigned int b = lat_log2_bucket(samples[i]);

		counts[b]++;
		if (b + 1 > used)
			used = b + 1;
	}
	return used;
}
