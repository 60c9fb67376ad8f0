// SPDX-License-Identifier: GPL-2.0
/* Histograms in the chosen unit and their summaries, for every printer. */
#include <math.h>
#include <string.h>

#include "output/hist_summary.h"

const double out_pct[OUT_NPCT] = { 50, 90, 99, 99.9 };
const char *const out_pct_name[OUT_NPCT] = { "p50", "p90", "p99", "p99.9" };

void out_num(char *buf, size_t len, long double v)
{
	size_t n;

	/*
	 * Three decimals, without them for a whole number. Rounding first and
	 * then dropping ".000" keeps the text the same where long double is
	 * computed with less precision (valgrind emulates it as double).
	 */
	if (fabsl(v) >= 1e19L) {
		snprintf(buf, len, "%.0Lf", v);
		return;
	}
	snprintf(buf, len, "%.3Lf", v);
	n = strlen(buf);
	if (n > 4 && !strcmp(buf + n - 4, ".000"))
		buf[n - 4] = '\0';
	if (!strcmp(buf, "-0"))
		snprintf(buf, len, "0");
}

/* "ns" of "wakeup_lat_ns", "vus" of "lag_vus"; "" without a time suffix. */
static void unit_of(const char *name, char *unit, size_t len)
{
	const char *us = strrchr(name, '_');

	unit[0] = '\0';
	if (us && (!strcmp(us, "_ns") || !strcmp(us, "_us") ||
		   !strcmp(us, "_ms") || !strcmp(us, "_vns") ||
		   !strcmp(us, "_vus") || !strcmp(us, "_vms")))
		snprintf(unit, len, "%s", us + 1);
}

static int get(const struct kv_stats *stats, bool percpu, unsigned int cpu,
	       const char *key, uint64_t *v)
{
	return percpu ? kv_stats_get_percpu(stats, cpu, key, v) :
			kv_stats_get(stats, key, v);
}

/*
 * The module keeps <file>_count and the exact sum next to a histogram whose
 * map name is <file>_<unit>: <file>_sum_<unit> ("wakeup_lat_sum_ns"), or
 * for a signed one <file>_sum_pos_<unit> and <file>_sum_neg_<unit> (sums of
 * the values above and of the magnitudes below zero).
 */
static void exact_mean(struct out_hist *o, const struct snapshot_hist *h,
		       const char *name, const struct kv_stats *stats,
		       bool percpu, uint64_t divisor)
{
	char key[SS_HIST_FILE_MAX + LOG2_HIST_NAME_MAX + 16];
	size_t flen = strlen(h->file);
	const char *unit = name + flen + 1;
	uint64_t count, sum, pos, neg;
	double total;

	if (strncmp(name, h->file, flen) || name[flen] != '_' || !*unit)
		return;
	snprintf(key, sizeof(key), "%s_count", h->file);
	if (get(stats, percpu, h->cpu, key, &count) || count != o->sum.count)
		return;	/* read one after the other: the same count, or not */
	if (h->is_signed) {
		snprintf(key, sizeof(key), "%s_sum_pos_%s", h->file, unit);
		if (get(stats, percpu, h->cpu, key, &pos))
			return;
		snprintf(key, sizeof(key), "%s_sum_neg_%s", h->file, unit);
		if (get(stats, percpu, h->cpu, key, &neg))
			return;
		total = (double)pos - (double)neg;
	} else {
		snprintf(key, sizeof(key), "%s_sum_%s", h->file, unit);
		if (get(stats, percpu, h->cpu, key, &sum))
			return;
		total = sum;
	}
	o->mean_exact = true;
	o->exact_sum = (double)total / divisor;
	o->exact_mean = (double)total / count / divisor;
}

/* A bucket bound in the chosen unit: exact for ns, a double otherwise. */
static long double scale(long double v, uint64_t divisor)
{
	return divisor == 1 ? v : (long double)((double)v / (double)divisor);
}

void out_hist_prepare(struct out_hist *o, const struct snapshot_hist *h,
		      const struct kv_stats *stats, bool percpu,
		      const struct out_opts *opts)
{
	const char *name = snapshot_hist_name(h);
	struct hist_bins orig;
	uint64_t divisor = hist_unit_divisor(opts->unit);
	bool timed;
	int i;

	memset(o, 0, sizeof(*o));
	o->src = h;
	o->is_signed = h->is_signed;
	timed = hist_unit_rename(name, opts->unit, o->name, sizeof(o->name));
	if (!timed)
		divisor = 1;
	o->scale = divisor;
	unit_of(o->name, o->unit, sizeof(o->unit));
	if (h->is_signed) {
		slog2_hist_rescale(&h->s, divisor, &o->s);
		snprintf(o->s.name, sizeof(o->s.name), "%s", o->name);
		hist_bins_from_slog2(&o->bins, &o->s);
		hist_bins_from_slog2(&orig, &h->s);
	} else {
		log2_hist_rescale(&h->u, divisor, &o->u);
		snprintf(o->u.name, sizeof(o->u.name), "%s", o->name);
		hist_bins_from_log2(&o->bins, &o->u);
		hist_bins_from_log2(&orig, &h->u);
	}
	/* Summaries from the module's buckets, then scaled: no rescale error. */
	hist_bins_summarize(&orig, &o->sum);
	o->have_pct = o->sum.count > 0;
	for (i = 0; o->have_pct && i < OUT_NPCT; i++) {
		hist_bins_percentile(&orig, out_pct[i], &o->pct[i], &o->pct_lo[i],
				     &o->pct_hi[i]);
		o->pct[i] /= divisor;
		o->pct_lo[i] = scale(o->pct_lo[i], divisor);
		o->pct_hi[i] = scale(o->pct_hi[i], divisor);
	}
	o->sum.min_lo = scale(o->sum.min_lo, divisor);
	o->sum.min_hi = scale(o->sum.min_hi, divisor);
	o->sum.max_lo = scale(o->sum.max_lo, divisor);
	o->sum.max_hi = scale(o->sum.max_hi, divisor);
	o->sum.mean /= divisor;
	o->sum.mean_lo /= divisor;
	o->sum.mean_hi /= divisor;
	o->sum.stddev /= divisor;
	if (!stats || !o->sum.count)
		return;
	exact_mean(o, h, name, stats, percpu, divisor);
}
