/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One view of an unsigned (log2_hist) or signed (slog2_hist) histogram: its
 * rows from the first to the last non-empty one, each with the inclusive
 * value range it stands for, and what can be said about the values from the
 * buckets alone (the summary line of `schedscope show`).
 *
 * Bounds are long double: on x86-64 its 64-bit mantissa holds every int64_t
 * and uint64_t exactly.
 */
#ifndef SCHEDSCOPE_HIST_BINS_H
#define SCHEDSCOPE_HIST_BINS_H

#include <stdbool.h>
#include <stdint.h>

#include "hist/log2_hist.h"
#include "hist/slog2_hist.h"

struct hist_bin {
	long double lo, hi;		/* smallest and largest value, inclusive */
	uint64_t count;
	char label[LOG2_HIST_LABEL_MAX];	/* bpftrace's label */
};

struct hist_bins {
	bool is_signed;
	unsigned int n;			/* 0 for an empty histogram */
	struct hist_bin bin[SLOG2_HIST_ROWS];
};

void hist_bins_from_log2(struct hist_bins *b, const struct log2_hist *h);
void hist_bins_from_slog2(struct hist_bins *b, const struct slog2_hist *h);

/*
 * What the buckets say. min and max: the true minimum lies in
 * [min_lo, min_hi], the true maximum in [max_lo, max_hi]. mean: every value
 * at the middle of its bucket; the true mean lies in [mean_lo, mean_hi]
 * (every value at its bucket's lowest, or highest, value). stddev: the
 * population standard deviation of the bucket middles, an estimate with no
 * bound. All zero for an empty histogram.
 */
struct hist_summary {
	uint64_t count;
	long double min_lo, min_hi, max_lo, max_hi;
	double mean, mean_lo, mean_hi;
	double stddev;
};

void hist_bins_summarize(const struct hist_bins *b, struct hist_summary *s);

/*
 * The p-th percentile (0 <= p <= 100) by linear interpolation inside its
 * bucket: with rank r = p / 100 * count, the bucket b where the cumulative
 * count first reaches r, f = (r - count below b) / count in b, the estimate
 * is lo(b) + f * (hi(b) - lo(b)). The true value (the ceil(r)-th smallest
 * of r, the smallest for r = 0) lies in [*lo, *hi], the bucket's range. Pointers may be NULL. Returns 0, -EINVAL
 * for p out of range, -ENODATA for an empty histogram.
 */
int hist_bins_percentile(const struct hist_bins *b, double p, double *estimate,
			 long double *lo, long double *hi);

#endif
