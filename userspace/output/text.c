// SPDX-License-Identifier: GPL-2.0
/*
 * Text output: counters as "key value" lines, histograms in bpftrace's
 * hist() layout (or bcc's, or libbpf-tools'), and a "#" summary line per
 * histogram, so that the output stays plottable.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "hist/bcc.h"
#include "output/hist_summary.h"

#define KEY_WIDTH	28

static void print_summary(const struct out_hist *o, FILE *out)
{
	char a[48], b[48], c[48];
	int i;

	fprintf(out, "# @%s: count %" PRIu64, o->name, o->sum.count);
	if (!o->sum.count) {
		fputc('\n', out);
		return;
	}
	out_num(a, sizeof(a), o->sum.min_lo);
	out_num(b, sizeof(b), o->sum.min_hi);
	fprintf(out, ", min [%s, %s]", a, b);
	out_num(a, sizeof(a), o->sum.max_lo);
	out_num(b, sizeof(b), o->sum.max_hi);
	fprintf(out, ", max [%s, %s]", a, b);
	if (o->mean_exact) {
		out_num(a, sizeof(a), o->exact_mean);
		fprintf(out, ", mean %s (exact)", a);
	} else {
		out_num(a, sizeof(a), o->sum.mean);
		out_num(b, sizeof(b), o->sum.mean_lo);
		out_num(c, sizeof(c), o->sum.mean_hi);
		fprintf(out, ", mean ~%s [%s, %s]", a, b, c);
	}
	out_num(a, sizeof(a), o->sum.stddev);
	fprintf(out, ", stddev ~%s", a);
	for (i = 0; i < OUT_NPCT; i++) {
		out_num(a, sizeof(a), o->pct[i]);
		out_num(b, sizeof(b), o->pct_lo[i]);
		out_num(c, sizeof(c), o->pct_hi[i]);
		fprintf(out, ", %s ~%s [%s, %s]", out_pct_name[i], a, b, c);
	}
	fputc('\n', out);
}

static const char *bcc_val_type(const struct out_hist *o, char *buf, size_t len)
{
	/* runqlat's "usecs", "msecs"; "nsecs", "vnsecs" in the same spirit. */
	if (o->unit[0])
		snprintf(buf, len, "%secs", o->unit);
	else
		snprintf(buf, len, "value");
	return buf;
}

static void print_bcc(const struct out_hist *o, const struct out_opts *opts,
		      FILE *out)
{
	int (*print)(const struct log2_hist *, const char *, FILE *) =
		opts->format == OUT_LIBBPF ? hist_bcc_print_libbpf : hist_bcc_print;
	char type[32];

	bcc_val_type(o, type, sizeof(type));
	if (!o->is_signed) {
		print(&o->u, type, out);
		return;
	}
	/* bcc has no signed layout: the two sides as two histograms. */
	struct log2_hist side;
	char ntype[40];

	log2_hist_init(&side, o->name);
	memcpy(side.buckets, o->s.neg, sizeof(side.buckets));
	snprintf(ntype, sizeof(ntype), "-%s", type);
	fprintf(out, "# negative values, by magnitude\n");
	print(&side, ntype, out);
	memcpy(side.buckets, o->s.pos, sizeof(side.buckets));
	fprintf(out, "# values >= 0\n");
	print(&side, type, out);
}

static void print_hist(const struct snapshot_hist *h, const struct kv_stats *stats,
		       bool percpu, const struct out_opts *opts, FILE *out)
{
	struct out_hist *o = malloc(sizeof(*o));

	if (!o) {
		fprintf(out, "# out of memory\n");
		return;
	}
	out_hist_prepare(o, h, stats, percpu, opts);
	if (opts->format == OUT_BPFTRACE) {
		if (percpu) {
			char name[LOG2_HIST_NAME_MAX + 16];

			snprintf(name, sizeof(name), "%s[%u]", o->name, h->cpu);
			snprintf(o->s.name, sizeof(o->s.name), "%.*s",
				 LOG2_HIST_NAME_MAX - 1, name);
			snprintf(o->u.name, sizeof(o->u.name), "%.*s",
				 LOG2_HIST_NAME_MAX - 1, name);
		}
		if (o->is_signed)
			slog2_hist_print(&o->s, out);
		else
			log2_hist_print(&o->u, out);
	} else {
		if (percpu)
			fprintf(out, "\ncpu = %u\n", h->cpu);
		else
			fprintf(out, "# @%s\n", o->name);
		print_bcc(o, opts, out);
	}
	if (opts->summary)
		print_summary(o, out);
	if (opts->format != OUT_BPFTRACE || opts->summary)
		fputc('\n', out);
	free(o);
}

static int cmp_uint(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

static void print_stats_percpu(const struct kv_stats *st, FILE *out)
{
	unsigned int *cpus = calloc(st->count + 1, sizeof(*cpus));
	size_t ncpu = 0, i, j;

	if (!cpus)
		return;
	for (i = 0; i < st->count; i++) {
		for (j = 0; j < ncpu && cpus[j] != st->items[i].cpu; j++)
			;
		if (j == ncpu)
			cpus[ncpu++] = st->items[i].cpu;
	}
	qsort(cpus, ncpu, sizeof(*cpus), cmp_uint);
	fprintf(out, "# counters per CPU\n%-*s", KEY_WIDTH, "key");
	for (j = 0; j < ncpu; j++) {
		char name[16];

		snprintf(name, sizeof(name), "cpu%u", cpus[j] % 1000000u);
		fprintf(out, " %15s", name);
	}
	fputc('\n', out);
	/* Keys in the order of the first CPU's block. */
	for (i = 0; i < st->count && st->items[i].cpu == st->items[0].cpu; i++) {
		const char *key = st->items[i].key;

		fprintf(out, "%-*s", KEY_WIDTH, key);
		for (j = 0; j < ncpu; j++) {
			uint64_t v;

			if (kv_stats_get_percpu(st, cpus[j], key, &v))
				fprintf(out, " %15s", "-");
			else
				fprintf(out, " %15" PRIu64, v);
		}
		fputc('\n', out);
	}
	fputc('\n', out);
	free(cpus);
}

int out_text(const struct ss_snapshot *snap, const struct out_opts *opts,
	     FILE *out)
{
	size_t i, c;

	if (opts->stats) {
		if (opts->per_cpu && snap->have_percpu) {
			print_stats_percpu(&snap->percpu, out);
		} else {
			for (i = 0; i < snap->stats.count; i++)
				fprintf(out, "%-*s %15" PRIu64 "\n", KEY_WIDTH,
					snap->stats.items[i].key,
					snap->stats.items[i].value);
			fputc('\n', out);
		}
	}
	if (opts->summary && snap->nhist)
		fprintf(out, "# summaries from the log2 buckets: ~ an estimate, "
			"[lo, hi] where the true value lies; unit %s\n",
			hist_unit_name(opts->unit));
	for (i = 0; i < snap->nhist; i++) {
		const struct snapshot_hist_set *set = &snap->hist[i];

		if (opts->per_cpu && set->percpu_missing)
			fprintf(out, "# hist_percpu/%s: not provided by this "
				"module; the total follows\n", set->total.file);
		if (!opts->per_cpu || set->percpu_missing) {
			print_hist(&set->total, &snap->stats, false, opts, out);
			continue;
		}
		for (c = 0; c < set->ncpu; c++)
			print_hist(&set->cpu[c], snap->have_percpu ? &snap->percpu :
				   NULL, true, opts, out);
	}
	return ferror(out) ? -EIO : 0;
}
