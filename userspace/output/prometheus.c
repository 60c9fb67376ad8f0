// SPDX-License-Identifier: GPL-2.0
/*
 * Prometheus text format 0.0.4, what node_exporter's textfile collector
 * and promtool parse (OpenMetrics, output/openmetrics.c, is not quite it:
 * there a counter's TYPE names the family without _total, which the 0.0.4
 * parser takes for an untyped metric without HELP):
 *
 *   every stats key  -> counter   schedscope_<key>_total
 *   every histogram  -> histogram schedscope_<map name>, buckets
 *                       _bucket{le="..."} (cumulative), le="+Inf", _count,
 *                       and _sum where the module keeps the exact sum (for a
 *                       signed histogram the positive sum minus the negative)
 *   --per-cpu        -> the same per CPU, labelled cpu="N", instead of totals
 *
 * Times in ns are written in seconds, Prometheus' base unit (promtool
 * refuses abbreviated units in names): wakeup_lat_ns becomes
 * schedscope_wakeup_lat_seconds with le="0.000001023" for the module's
 * bucket [512, 1024) ns, wakeup_lat_sum_ns becomes
 * schedscope_wakeup_lat_sum_seconds_total; the decimals are exact. Virtual
 * times (_vns) and percentages (_pct) keep their names and values.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "output/hist_summary.h"
#include "output/metric_help.h"

#define NAME_MAX_LEN	128

/* "wakeup_lat_ns" -> "wakeup_lat_seconds" (true); other names as they are. */
static bool name_in_seconds(const char *name, char *buf, size_t len)
{
	size_t n = strlen(name);

	if (n > 3 && !strcmp(name + n - 3, "_ns")) {
		snprintf(buf, len, "%.*s_seconds", (int)(n - 3), name);
		return true;
	}
	snprintf(buf, len, "%s", name);
	return false;
}

/* An exact decimal of v ns in seconds: 1023 -> "0.000001023", 2e9 -> "2". */
static void ns_as_seconds(char *buf, size_t len, uint64_t ns)
{
	size_t n;

	snprintf(buf, len, "%" PRIu64 ".%09" PRIu64, ns / 1000000000,
		 ns % 1000000000);
	n = strlen(buf);
	while (buf[n - 1] == '0')
		buf[--n] = '\0';
	if (buf[n - 1] == '.')
		buf[n - 1] = '\0';
}

/* The signed exact decimal of v ns in seconds. */
static void signed_ns_as_seconds(char *buf, size_t len, long double ns)
{
	if (ns < 0) {
		buf[0] = '-';
		ns_as_seconds(buf + 1, len - 1, (uint64_t)llroundl(-ns));
	} else {
		ns_as_seconds(buf, len, (uint64_t)llroundl(ns));
	}
}

/* A bucket bound or a sum: in seconds for ns, else as the module has it. */
static void value_text(char *buf, size_t len, long double v, bool seconds)
{
	if (seconds)
		signed_ns_as_seconds(buf, len, v);
	else
		out_num(buf, len, v);
}

static void labels(char *buf, size_t len, bool percpu, unsigned int cpu,
		   const char *le)
{
	if (percpu && le)
		snprintf(buf, len, "{cpu=\"%u\",le=\"%s\"}", cpu, le);
	else if (percpu)
		snprintf(buf, len, "{cpu=\"%u\"}", cpu);
	else if (le)
		snprintf(buf, len, "{le=\"%s\"}", le);
	else
		buf[0] = '\0';
}

static void hist_samples(const struct out_hist *o, const char *name,
			 bool seconds, bool percpu, FILE *out)
{
	char lbl[96], le[64], sum[64];
	uint64_t cumulative = 0;
	unsigned int b, cpu = o->src->cpu;

	for (b = 0; b < o->bins.n; b++) {
		cumulative += o->bins.bin[b].count;
		value_text(le, sizeof(le), o->bins.bin[b].hi, seconds);
		labels(lbl, sizeof(lbl), percpu, cpu, le);
		fprintf(out, "schedscope_%s_bucket%s %" PRIu64 "\n", name, lbl,
			cumulative);
	}
	labels(lbl, sizeof(lbl), percpu, cpu, "+Inf");
	fprintf(out, "schedscope_%s_bucket%s %" PRIu64 "\n", name, lbl,
		cumulative);
	labels(lbl, sizeof(lbl), percpu, cpu, NULL);
	fprintf(out, "schedscope_%s_count%s %" PRIu64 "\n", name, lbl,
		cumulative);
	if (o->mean_exact) {
		value_text(sum, sizeof(sum), o->exact_sum, seconds);
		fprintf(out, "schedscope_%s_sum%s %s\n", name, lbl, sum);
	}
}

static void prom_hist(const struct ss_snapshot *snap,
		      const struct snapshot_hist_set *set,
		      const struct out_opts *opts, FILE *out)
{
	struct out_hist *o = malloc(sizeof(*o));
	char name[NAME_MAX_LEN];
	bool seconds;
	size_t c;

	if (!o)
		return;
	out_hist_prepare(o, &set->total, &snap->stats, false, opts);
	seconds = name_in_seconds(o->name, name, sizeof(name));
	fprintf(out, "# HELP schedscope_%s Histogram hist/%s of the schedscope "
		"module%s%s\n", name, set->total.file, o->unit[0] ? ", " : "",
		seconds ? "seconds" : o->unit);
	fprintf(out, "# TYPE schedscope_%s histogram\n", name);
	if (!opts->per_cpu || set->percpu_missing) {
		hist_samples(o, name, seconds, false, out);
	} else {
		for (c = 0; c < set->ncpu; c++) {
			out_hist_prepare(o, &set->cpu[c], snap->have_percpu ?
					 &snap->percpu : NULL, true, opts);
			hist_samples(o, name, seconds, true, out);
		}
	}
	free(o);
}

static void counter_value(char *buf, size_t len, uint64_t v, bool seconds)
{
	if (seconds)
		ns_as_seconds(buf, len, v);
	else
		snprintf(buf, len, "%" PRIu64, v);
}

static void prom_counter(const struct ss_snapshot *snap, const char *key,
			 uint64_t total, const struct out_opts *opts, FILE *out)
{
	char name[NAME_MAX_LEN], value[32];
	bool seconds = name_in_seconds(key, name, sizeof(name));
	size_t j;

	fprintf(out, "# HELP schedscope_%s_total %s%s\n", name,
		metric_help(key), seconds ? " (in seconds here)" : "");
	fprintf(out, "# TYPE schedscope_%s_total counter\n", name);
	if (!opts->per_cpu || !snap->have_percpu) {
		counter_value(value, sizeof(value), total, seconds);
		fprintf(out, "schedscope_%s_total %s\n", name, value);
		return;
	}
	for (j = 0; j < snap->percpu.count; j++) {
		if (strcmp(snap->percpu.items[j].key, key))
			continue;
		counter_value(value, sizeof(value), snap->percpu.items[j].value,
			      seconds);
		fprintf(out, "schedscope_%s_total{cpu=\"%u\"} %s\n", name,
			snap->percpu.items[j].cpu, value);
	}
}

int out_prometheus(const struct ss_snapshot *snap, const struct out_opts *opts,
		   FILE *out)
{
	const struct kv_stats *st = &snap->stats;
	size_t i;

	for (i = 0; opts->stats && i < st->count; i++)
		prom_counter(snap, st->items[i].key, st->items[i].value, opts,
			     out);
	for (i = 0; i < snap->nhist; i++)
		prom_hist(snap, &snap->hist[i], opts, out);
	return ferror(out) ? -EIO : 0;
}
