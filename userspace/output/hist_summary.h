/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the printers of output/ share: a histogram moved to the chosen unit
 * with its summary (from the module's own buckets) and its exact mean (from
 * the module's sums), and how the numbers of a summary are written.
 */
#ifndef SCHEDSCOPE_OUTPUT_HIST_SUMMARY_H
#define SCHEDSCOPE_OUTPUT_HIST_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>

#include "hist/bins.h"
#include "output/output.h"

/* The percentiles of every summary. */
#define OUT_NPCT	4
extern const double out_pct[OUT_NPCT];
extern const char *const out_pct_name[OUT_NPCT];	/* "p50" ... "p99.9" */

/* A histogram ready to print: in the chosen unit, with its summary. */
struct out_hist {
	const struct snapshot_hist *src;
	char name[LOG2_HIST_NAME_MAX];	/* map name in the chosen unit */
	char unit[8];			/* "ns", "us", "vns", ... or "" */
	double scale;			/* divisor from the module's unit */
	bool is_signed;
	struct log2_hist u;		/* rescaled, !is_signed */
	struct slog2_hist s;		/* rescaled, is_signed */
	struct hist_bins bins;		/* of the rescaled histogram */
	/* From the module's own buckets, divided by scale: */
	struct hist_summary sum;
	bool mean_exact;		/* from the *_sum_ns / *_count counters */
	double exact_mean;
	long double exact_sum;		/* in the chosen unit */
	bool have_pct;
	double pct[OUT_NPCT];
	long double pct_lo[OUT_NPCT], pct_hi[OUT_NPCT];
};

/*
 * Prepare h for printing. stats: the counters of the same scope (totals,
 * or stats_percpu for h's cpu when percpu), used for the exact mean; may be
 * NULL.
 */
void out_hist_prepare(struct out_hist *o, const struct snapshot_hist *h,
		      const struct kv_stats *stats, bool percpu,
		      const struct out_opts *opts);

/* A number of a summary: integral values without decimals, else %.3f. */
void out_num(char *buf, size_t len, long double v);

#endif
