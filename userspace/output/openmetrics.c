// SPDX-License-Identifier: GPL-2.0
/*
 * OpenMetrics text (for node_exporter's textfile collector, or any
 * Prometheus-format scraper):
 *
 *   every stats key  -> counter   schedscope_<key>_total
 *   every histogram  -> histogram schedscope_<map name>, e.g.
 *                       schedscope_wakeup_lat_ns_bucket{le="1023.0"} (cumulative),
 *                       le="+Inf", _count, and _sum where the module keeps the
 *                       exact sum (*_sum_ns) and it matches the buckets' count
 *   --per-cpu        -> the same per CPU, labelled cpu="N", instead of totals
 *
 * and "# EOF" at the end. Buckets are those from the lowest to the highest
 * non-empty one (so a bucket series appears once a value lands in it).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "output/hist_summary.h"
#include "output/metric_help.h"

static void le_value(char *buf, size_t len, long double v)
{
	snprintf(buf, len, "%.1Lf", v);
}

static void cpu_label(char *buf, size_t len, bool percpu, unsigned int cpu,
		      bool more)
{
	if (percpu)
		snprintf(buf, len, "cpu=\"%u\"%s", cpu, more ? "," : "");
	else
		buf[0] = '\0';
}

static void hist_samples(const struct out_hist *o, bool percpu, FILE *out)
{
	char cpu[32], le[64], sum[64];
	uint64_t cumulative = 0;
	unsigned int b;

	cpu_label(cpu, sizeof(cpu), percpu, o->src->cpu, true);
	for (b = 0; b < o->bins.n; b++) {
		cumulative += o->bins.bin[b].count;
		le_value(le, sizeof(le), o->bins.bin[b].hi);
		fprintf(out, "schedscope_%s_bucket{%sle=\"%s\"} %" PRIu64 "\n",
			o->name, cpu, le, cumulative);
	}
	fprintf(out, "schedscope_%s_bucket{%sle=\"+Inf\"} %" PRIu64 "\n",
		o->name, cpu, cumulative);
	cpu_label(cpu, sizeof(cpu), percpu, o->src->cpu, false);
	fprintf(out, "schedscope_%s_count%s%s%s %" PRIu64 "\n", o->name,
		percpu ? "{" : "", cpu, percpu ? "}" : "", cumulative);
	/* OpenMetrics: no _sum for a histogram with negative buckets. */
	if (o->mean_exact && !o->is_signed) {
		out_num(sum, sizeof(sum), o->exact_sum);
		fprintf(out, "schedscope_%s_sum%s%s%s %s\n", o->name,
			percpu ? "{" : "", cpu, percpu ? "}" : "", sum);
	}
}

static void om_hist(const struct ss_snapshot *snap, const struct snapshot_hist_set *set,
		    const struct out_opts *opts, FILE *out)
{
	struct out_hist *o = malloc(sizeof(*o));
	size_t c;

	if (!o)
		return;
	out_hist_prepare(o, &set->total, &snap->stats, false, opts);
	fprintf(out, "# HELP schedscope_%s Histogram hist/%s of the schedscope "
		"module%s%s\n", o->name, set->total.file, o->unit[0] ? ", " : "",
		o->unit);
	fprintf(out, "# TYPE schedscope_%s histogram\n", o->name);
	if (o->unit[0])
		fprintf(out, "# UNIT schedscope_%s %s\n", o->name, o->unit);
	if (!opts->per_cpu || set->percpu_missing) {
		hist_samples(o, false, out);
	} else {
		for (c = 0; c < set->ncpu; c++) {
			out_hist_prepare(o, &set->cpu[c], snap->have_percpu ?
					 &snap->percpu : NULL, true, opts);
			hist_samples(o, true, out);
		}
	}
	free(o);
}

int out_openmetrics(const struct ss_snapshot *snap, const struct out_opts *opts,
		    FILE *out)
{
	const struct kv_stats *st = &snap->stats;
	size_t i, j;

	for (i = 0; opts->stats && i < st->count; i++) {
		const char *key = st->items[i].key, *help = metric_help(key);

		fprintf(out, "# HELP schedscope_%s %s\n", key, help);
		fprintf(out, "# TYPE schedscope_%s counter\n", key);
		if (!opts->per_cpu || !snap->have_percpu) {
			fprintf(out, "schedscope_%s_total %" PRIu64 "\n", key,
				st->items[i].value);
			continue;
		}
		for (j = 0; j < snap->percpu.count; j++)
			if (!strcmp(snap->percpu.items[j].key, key))
				fprintf(out, "schedscope_%s_total{cpu=\"%u\"} %"
					PRIu64 "\n", key, snap->percpu.items[j].cpu,
					snap->percpu.items[j].value);
	}
	for (i = 0; i < snap->nhist; i++)
		om_hist(snap, &snap->hist[i], opts, out);
	fputs("# EOF\n", out);
	return ferror(out) ? -EIO : 0;
}
