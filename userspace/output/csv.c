// SPDX-License-Identifier: GPL-2.0
/*
 * CSV output (RFC 4180), one table for everything, so one file holds a
 * whole run of `watch`:
 *
 *   time,cpu,kind,name,lo,hi,value
 *
 * time: the reading's wall-clock time, Unix seconds with ms; cpu: empty for
 * totals; kind: "stat" (a counter: value), "bucket" (a histogram bucket:
 * its inclusive range lo..hi in the chosen unit and its count), "summary"
 * (name "<map>.count", ".min", ".max", ".mean", ".stddev", ".p50", ".p90",
 * ".p99", ".p99.9": the estimate in value and, where known, the range the
 * true value lies in as lo..hi).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "output/hist_summary.h"

struct row_ctx {
	FILE *out;
	char time[32];
	char cpu[16];
};

static void num(FILE *out, long double v)
{
	char buf[64];

	out_num(buf, sizeof(buf), v);
	fputs(buf, out);
}

static void row_start(const struct row_ctx *r, const char *kind,
		      const char *name, const char *suffix)
{
	/* Keys and map names are [A-Za-z0-9_.[]]: nothing to quote. */
	fprintf(r->out, "%s,%s,%s,%s%s,", r->time, r->cpu, kind, name, suffix);
}

static void summary_row(const struct row_ctx *r, const char *name,
			const char *what, bool range, long double lo,
			long double hi, long double value)
{
	row_start(r, "summary", name, what);
	if (range) {
		num(r->out, lo);
		fputc(',', r->out);
		num(r->out, hi);
	} else {
		fputc(',', r->out);
	}
	fputc(',', r->out);
	num(r->out, value);
	fputc('\n', r->out);
}

static void csv_hist(const struct row_ctx *r, const struct snapshot_hist *h,
		     const struct kv_stats *stats, bool percpu,
		     const struct out_opts *opts)
{
	struct out_hist *o = malloc(sizeof(*o));
	unsigned int b;
	int i;

	if (!o)
		return;
	out_hist_prepare(o, h, stats, percpu, opts);
	for (b = 0; b < o->bins.n; b++) {
		row_start(r, "bucket", o->name, "");
		num(r->out, o->bins.bin[b].lo);
		fputc(',', r->out);
		num(r->out, o->bins.bin[b].hi);
		fprintf(r->out, ",%" PRIu64 "\n", o->bins.bin[b].count);
	}
	summary_row(r, o->name, ".count", false, 0, 0, o->sum.count);
	if (o->sum.count) {
		summary_row(r, o->name, ".min", true, o->sum.min_lo,
			    o->sum.min_hi, o->sum.min_lo);
		summary_row(r, o->name, ".max", true, o->sum.max_lo,
			    o->sum.max_hi, o->sum.max_hi);
		if (o->mean_exact)
			summary_row(r, o->name, ".mean", true, o->exact_mean,
				    o->exact_mean, o->exact_mean);
		else
			summary_row(r, o->name, ".mean", true, o->sum.mean_lo,
				    o->sum.mean_hi, o->sum.mean);
		summary_row(r, o->name, ".stddev", false, 0, 0, o->sum.stddev);
		for (i = 0; i < OUT_NPCT; i++) {
			char what[16];

			snprintf(what, sizeof(what), ".%s", out_pct_name[i]);
			summary_row(r, o->name, what, true, o->pct_lo[i],
				    o->pct_hi[i], o->pct[i]);
		}
	}
	free(o);
}

int out_csv(const struct ss_snapshot *snap, const struct out_opts *opts,
	    FILE *out)
{
	struct row_ctx r = { .out = out };
	size_t i, c;

	snprintf(r.time, sizeof(r.time), "%lld.%03ld",
		 (long long)snap->when.tv_sec, snap->when.tv_nsec / 1000000);
	if (opts->csv_header)
		fputs("time,cpu,kind,name,lo,hi,value\n", out);
	if (opts->stats) {
		const struct kv_stats *st = opts->per_cpu && snap->have_percpu ?
					    &snap->percpu : &snap->stats;

		for (i = 0; i < st->count; i++) {
			if (st->percpu)
				snprintf(r.cpu, sizeof(r.cpu), "%u",
					 st->items[i].cpu);
			row_start(&r, "stat", st->items[i].key, "");
			fprintf(out, ",,%" PRIu64 "\n", st->items[i].value);
		}
		r.cpu[0] = '\0';
	}
	for (i = 0; i < snap->nhist; i++) {
		const struct snapshot_hist_set *set = &snap->hist[i];

		if (!opts->per_cpu || set->percpu_missing) {
			csv_hist(&r, &set->total, &snap->stats, false, opts);
			continue;
		}
		for (c = 0; c < set->ncpu; c++) {
			snprintf(r.cpu, sizeof(r.cpu), "%u", set->cpu[c].cpu);
			csv_hist(&r, &set->cpu[c], snap->have_percpu ?
				 &snap->percpu : NULL, true, opts);
		}
		r.cpu[0] = '\0';
	}
	return ferror(out) ? -EIO : 0;
}
