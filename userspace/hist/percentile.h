/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a percentile falls among a histogram's buckets, for linear
 * interpolation inside the bucket (hist_bins_percentile()).
 */
#ifndef SCHEDSCOPE_PERCENTILE_H
#define SCHEDSCOPE_PERCENTILE_H

#include <stdint.h>

/*
 * With rank r = p / 100 * total count, *bucket gets the bucket where the
 * cumulative count first reaches r (the last non-empty one if rounding
 * leaves r past it) and *fraction (r - count below it) / its count, clamped
 * to [0, 1]. count(hist, i) is the count of bucket i < n. Returns 0,
 * -EINVAL for p outside [0, 100] or NaN, -ENODATA when every count is 0.
 */
int percentile_bucket(double p, const void *hist, unsigned int n,
		      uint64_t (*count)(const void *hist, unsigned int i),
		      unsigned int *bucket, double *fraction);

#endif
