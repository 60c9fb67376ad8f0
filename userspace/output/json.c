// SPDX-License-Identifier: GPL-2.0
/*
 * JSON output: one object per snapshot, on one line (so `watch --json`
 * prints JSON Lines). Numbers of the summaries are in the chosen unit;
 * bucket bounds are inclusive integers.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "output/hist_summary.h"

static void json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char ch = *s;

		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(out, "\\u%04x", ch);
		else
			fputc(ch, out);
	}
	fputc('"', out);
}

static void json_num(FILE *out, long double v)
{
	char buf[64];

	out_num(buf, sizeof(buf), v);
	fputs(buf, out);
}

static void json_summary(const struct out_hist *o, FILE *out)
{
	int i;

	fprintf(out, "\"summary\":{\"count\":%" PRIu64, o->sum.count);
	if (o->sum.count) {
		fputs(",\"min\":[", out);
		json_num(out, o->sum.min_lo);
		fputc(',', out);
		json_num(out, o->sum.min_hi);
		fputs("],\"max\":[", out);
		json_num(out, o->sum.max_lo);
		fputc(',', out);
		json_num(out, o->sum.max_hi);
		fputs("],\"mean\":", out);
		json_num(out, o->mean_exact ? o->exact_mean : o->sum.mean);
		fprintf(out, ",\"mean_exact\":%s,\"mean_range\":[",
			o->mean_exact ? "true" : "false");
		json_num(out, o->sum.mean_lo);
		fputc(',', out);
		json_num(out, o->sum.mean_hi);
		fputs("],\"stddev\":", out);
		json_num(out, o->sum.stddev);
		for (i = 0; i < OUT_NPCT; i++) {
			fprintf(out, ",\"%s\":{\"estimate\":", out_pct_name[i]);
			json_num(out, o->pct[i]);
			fputs(",\"range\":[", out);
			json_num(out, o->pct_lo[i]);
			fputc(',', out);
			json_num(out, o->pct_hi[i]);
			fputs("]}", out);
		}
	}
	fputc('}', out);
}

static void json_hist_body(const struct out_hist *o, FILE *out)
{
	unsigned int b;

	fputs("\"buckets\":[", out);
	for (b = 0; b < o->bins.n; b++) {
		fputs(b ? ",{\"lo\":" : "{\"lo\":", out);
		json_num(out, o->bins.bin[b].lo);
		fputs(",\"hi\":", out);
		json_num(out, o->bins.bin[b].hi);
		fprintf(out, ",\"count\":%" PRIu64 "}", o->bins.bin[b].count);
	}
	fputs("],", out);
	json_summary(o, out);
}

static void json_hist_set(const struct ss_snapshot *snap,
			  const struct snapshot_hist_set *set,
			  const struct out_opts *opts, FILE *out)
{
	struct out_hist *o = malloc(sizeof(*o));
	size_t c;

	if (!o)
		return;
	out_hist_prepare(o, &set->total, &snap->stats, false, opts);
	fputs("{\"file\":", out);
	json_str(out, set->total.file);
	fputs(",\"name\":", out);
	json_str(out, o->name);
	fputs(",\"unit\":", out);
	json_str(out, o->unit);
	fprintf(out, ",\"signed\":%s,", o->is_signed ? "true" : "false");
	json_hist_body(o, out);
	if (opts->per_cpu && set->percpu_missing) {
		fputs(",\"per_cpu\":null", out);
	} else if (opts->per_cpu) {
		fputs(",\"per_cpu\":[", out);
		for (c = 0; c < set->ncpu; c++) {
			out_hist_prepare(o, &set->cpu[c], snap->have_percpu ?
					 &snap->percpu : NULL, true, opts);
			fprintf(out, "%s{\"cpu\":%u,", c ? "," : "", set->cpu[c].cpu);
			json_hist_body(o, out);
			fputc('}', out);
		}
		fputc(']', out);
	}
	fputc('}', out);
	free(o);
}

static void json_stats_percpu(const struct kv_stats *st, FILE *out)
{
	size_t i;
	bool open = false;

	fputs("\"stats_percpu\":[", out);
	for (i = 0; i < st->count; i++) {
		const struct kv_stat *s = &st->items[i];

		if (!open || s->cpu != st->items[i - 1].cpu) {
			fprintf(out, "%s{\"cpu\":%u", open ? "}," : "", s->cpu);
			open = true;
		}
		fputc(',', out);
		json_str(out, s->key);
		fprintf(out, ":%" PRIu64, s->value);
	}
	fputs(open ? "}]" : "]", out);
}

int out_json(const struct ss_snapshot *snap, const struct out_opts *opts,
	     FILE *out)
{
	size_t i;

	fprintf(out, "{\"time\":%lld.%03ld,\"unit\":\"%s\"",
		(long long)snap->when.tv_sec, snap->when.tv_nsec / 1000000,
		hist_unit_name(opts->unit));
	if (opts->interval > 0)
		fprintf(out, ",\"interval_s\":%.3f,\"reset_seen\":%s",
			opts->interval, opts->reset_seen ? "true" : "false");
	if (opts->stats) {
		fputs(",\"stats\":{", out);
		for (i = 0; i < snap->stats.count; i++) {
			if (i)
				fputc(',', out);
			json_str(out, snap->stats.items[i].key);
			fprintf(out, ":%" PRIu64, snap->stats.items[i].value);
		}
		fputc('}', out);
		if (opts->per_cpu && snap->have_percpu) {
			fputc(',', out);
			json_stats_percpu(&snap->percpu, out);
		}
	}
	fputs(",\"hists\":[", out);
	for (i = 0; i < snap->nhist; i++) {
		if (i)
			fputc(',', out);
		json_hist_set(snap, &snap->hist[i], opts, out);
	}
	fputs("]}\n", out);
	return ferror(out) ? -EIO : 0;
}
