// SPDX-License-Identifier: GPL-2.0
/* One line per interval of `schedscope watch` (output/watch_line.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "kmod/decision_classes.h"
#include "output/hist_summary.h"
#include "output/watch_line.h"

#define COL	9	/* width of a number column */

void out_watch_header(FILE *out)
{
	fprintf(out, "# %-8s %*s %*s %*s %*s %*s %*s %*s %*s\n", "time",
		COL, "switch/s", COL, "slept%", COL, "wakeup/s", COL,
		"wake_p50", COL, "wake_p99", COL, "wake_max", COL, "prmt_p99",
		COL, "preempt%");
	fprintf(out, "# waits in microseconds (p: interpolated within log2 "
		"buckets; max: top of the highest bucket); preempt%%: wakeup "
		"decisions that preempted\n");
}

static void column_rate(const struct ss_snapshot *d, const char *key,
			double seconds, FILE *out)
{
	uint64_t n;

	if (kv_stats_get(&d->stats, key, &n) || seconds <= 0)
		fprintf(out, " %*s", COL, "-");
	else
		fprintf(out, " %*.0f", COL, (double)n / seconds);
}

static void column_share(uint64_t part, uint64_t whole, bool known, FILE *out)
{
	if (!known || !whole)
		fprintf(out, " %*s", COL, "-");
	else
		fprintf(out, " %*.1f", COL, 100.0 * (double)part / (double)whole);
}

/*
 * The columns of hist file in us: each of pcts[] a percentile index of
 * out_pct (p50, p90, p99, p99.9), -1 the max; "-" where it has none. The
 * histogram is summarized once for all of them.
 */
static void columns_wait(const struct ss_snapshot *d, const char *file,
			 const int *pcts, size_t n, FILE *out)
{
	const struct out_opts us = { .unit = HIST_UNIT_US, .summary = true };
	const struct snapshot_hist *h = ss_snapshot_hist(d, file);
	struct out_hist o;
	size_t i;

	if (h)
		out_hist_prepare(&o, h, &d->stats, false, &us);
	for (i = 0; i < n; i++) {
		if (!h || !o.have_pct)
			fprintf(out, " %*s", COL, "-");
		else
			fprintf(out, " %*.1Lf", COL, pcts[i] < 0 ?
				o.sum.max_hi : (long double)o.pct[pcts[i]]);
	}
}

/* The share of the decision classes that preempted. */
static void column_preempted(const struct ss_snapshot *d, FILE *out)
{
	uint64_t total, n, preempted = 0;
	bool known = !kv_stats_get(&d->stats, DECISIONS_TOTAL_KEY, &total);
	size_t i;

	for (i = 0; known && i < decision_nclasses; i++)
		if (decision_classes[i].preempted &&
		    !kv_stats_get(&d->stats, decision_classes[i].key, &n))
			preempted += n;
	column_share(preempted, known ? total : 0, known, out);
}

int out_watch_line(const struct ss_snapshot *d, double seconds,
		   const char *when, FILE *out)
{
	/* out_pct's indexes: p50, p99 and the max; p99 */
	static const int wake_cols[] = { 0, 2, -1 }, preempt_cols[] = { 2 };
	uint64_t all = 0, slept = 0;
	bool known;

	known = !kv_stats_get(&d->stats, "switches", &all) &&
		!kv_stats_get(&d->stats, "switches_voluntary", &slept);
	fprintf(out, "  %-8s", when);
	column_rate(d, "switches", seconds, out);
	column_share(slept, all, known, out);
	column_rate(d, "wakeups", seconds, out);
	columns_wait(d, "wakeup_lat", wake_cols, 3, out);
	columns_wait(d, "preempt_lat", preempt_cols, 1, out);
	column_preempted(d, out);
	fputc('\n', out);
	return ferror(out) ? -EIO : 0;
}
