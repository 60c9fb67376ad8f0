// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <string.h>

#include "output.h"

const double out_pct[OUT_NPCT] = { 50, 90, 99, 99.9 };
const char *const out_pct_name[OUT_NPCT] = { "p50", "p90", "p99", "p99.9" };

void out_num(char *buf, size_t len, long double v)
{
	if (v == floorl(v) && fabsl(v) < 1e19L)
		snprintf(buf, len, "%.0Lf", v);
	else
		snprintf(buf, len, "%.3Lf", v);
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

void out_hist_prepare(struct out_hist *o, const struct ss_hist *h,
		      const struct kv_stats *stats, bool percpu,
		      const struct out_opts *opts)
{
	const char *name = ss_hist_name(h);
	struct hist_bins orig;
	uint64_t divisor = hist_unit_divisor(opts->unit), sum, count;
	char key[KV_STATS_KEY_MAX + 1];
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
	for (unsigned int b = 0; b < orig.n; b++) {
		orig.bin[b].lo /= divisor;
		orig.bin[b].hi /= divisor;
	}
	hist_bins_summarize(&orig, &o->sum);
	o->have_pct = o->sum.count > 0;
	for (i = 0; o->have_pct && i < OUT_NPCT; i++)
		hist_bins_percentile(&orig, out_pct[i], &o->pct[i], &o->pct_lo[i],
				     &o->pct_hi[i]);
	if (!stats || h->is_signed || !o->sum.count)
		return;
	ss_hist_sum_key(h->file, key, sizeof(key));
	if (percpu ? kv_stats_get_percpu(stats, h->cpu, key, &sum) :
		     kv_stats_get(stats, key, &sum))
		return;
	ss_hist_count_key(h->file, key, sizeof(key));
	if (percpu ? kv_stats_get_percpu(stats, h->cpu, key, &count) :
		     kv_stats_get(stats, key, &count))
		return;
	/* Counters and histogram are read one after the other: same count? */
	if (count != o->sum.count)
		return;
	o->mean_exact = true;
	o->exact_mean = (double)sum / count / divisor;
	o->exact_sum = (long double)sum / divisor;
}

int out_snapshot(const struct ss_snapshot *snap, const struct out_opts *opts,
		 FILE *out)
{
	switch (opts->format) {
	case OUT_JSON:
		return out_json(snap, opts, out);
	case OUT_CSV:
		return out_csv(snap, opts, out);
	case OUT_OPENMETRICS:
		return out_openmetrics(snap, opts, out);
	default:
		return out_text(snap, opts, out);
	}
}
