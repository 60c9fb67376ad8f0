// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <string.h>

#include "hist/bins.h"
#include "hist/text.h"

void hist_bins_from_log2(struct hist_bins *b, const struct log2_hist *h)
{
	int first, last, k;
	uint64_t max;

	memset(b, 0, sizeof(*b));
	hist_text_rows(h->buckets, LOG2_HIST_BUCKETS, &first, &last, &max);
	for (k = first; first >= 0 && k <= last; k++) {
		struct hist_bin *bin = &b->bin[b->n++];

		bin->lo = log2_hist_bucket_min(k);
		bin->hi = log2_hist_bucket_max(k);
		bin->count = h->buckets[k];
		log2_hist_bucket_label(k, bin->label);
	}
}

void hist_bins_from_slog2(struct hist_bins *b, const struct slog2_hist *h)
{
	uint64_t counts[SLOG2_HIST_ROWS], max;
	int first, last, row;

	memset(b, 0, sizeof(*b));
	b->is_signed = true;
	for (row = 0; row < SLOG2_HIST_ROWS; row++)
		counts[row] = slog2_hist_row_count(h, row);
	hist_text_rows(counts, SLOG2_HIST_ROWS, &first, &last, &max);
	for (row = first; first >= 0 && row <= last; row++) {
		struct hist_bin *bin = &b->bin[b->n++];

		bin->lo = slog2_hist_row_min(row);
		bin->hi = slog2_hist_row_max(row);
		bin->count = slog2_hist_row_count(h, row);
		slog2_hist_row_label(row, bin->label);
	}
}

void hist_bins_summarize(const struct hist_bins *b, struct hist_summary *s)
{
	/* double, not long double: the same digits on every x86-64 (valgrind
	 * computes long double as double). */
	double low = 0, high = 0, mid = 0, sq = 0, mean;
	unsigned int i;
	int first = -1, last = -1;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < b->n; i++) {
		const struct hist_bin *bin = &b->bin[i];

		if (!bin->count)
			continue;
		if (first < 0)
			first = i;
		last = i;
		s->count += bin->count;
		low += (double)bin->count * (double)bin->lo;
		high += (double)bin->count * (double)bin->hi;
		mid += (double)bin->count * (((double)bin->lo + (double)bin->hi) / 2);
	}
	if (!s->count)
		return;
	s->min_lo = b->bin[first].lo;
	s->min_hi = b->bin[first].hi;
	s->max_lo = b->bin[last].lo;
	s->max_hi = b->bin[last].hi;
	s->mean_lo = low / s->count;
	s->mean_hi = high / s->count;
	mean = mid / s->count;
	s->mean = mean;
	for (i = 0; i < b->n; i++) {
		double d = ((double)b->bin[i].lo + (double)b->bin[i].hi) / 2 - mean;

		sq += (double)b->bin[i].count * d * d;
	}
	s->stddev = sqrt(sq / s->count);
}

/*
 * With rank r = p / 100 * count, *found gets the bin where the cumulative
 * count first reaches r (the last non-empty one if rounding leaves r past
 * it) and *fraction (r - count below it) / its count, clamped to [0, 1].
 * 0, -EINVAL for p outside [0, 100] or NaN, -ENODATA for no values.
 */
static int percentile_bin(const struct hist_bins *b, double p,
			  unsigned int *found, double *fraction)
{
	uint64_t total = 0, below = 0;
	double rank;
	unsigned int i;

	if (!(p >= 0 && p <= 100))	/* also catches NaN */
		return -EINVAL;
	for (i = 0; i < b->n; i++)
		total += b->bin[i].count;
	if (!total)
		return -ENODATA;
	rank = p / 100 * (double)total;
	*fraction = 1;
	for (i = 0; i < b->n; i++) {
		uint64_t c = b->bin[i].count;

		if (!c)
			continue;
		*found = i;
		if ((double)(below + c) >= rank) {
			*fraction = (rank - (double)below) / (double)c;
			break;
		}
		below += c;
	}
	/* Rounding of huge totals can leave rank past the last bin. */
	if (*fraction < 0)
		*fraction = 0;
	if (*fraction > 1)
		*fraction = 1;
	return 0;
}

int hist_bins_percentile(const struct hist_bins *b, double p, double *estimate,
			 long double *lo, long double *hi)
{
	unsigned int found = 0;	/* set by percentile_bin() when it returns 0 */
	double fraction;
	int ret;

	ret = percentile_bin(b, p, &found, &fraction);
	if (ret)
		return ret;
	if (estimate)
		*estimate = (double)b->bin[found].lo + fraction *
			    (double)(b->bin[found].hi - b->bin[found].lo);
	if (lo)
		*lo = b->bin[found].lo;
	if (hi)
		*hi = b->bin[found].hi;
	return 0;
}
