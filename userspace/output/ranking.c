// SPDX-License-Identifier: GPL-2.0
/* Which tasks suffer: the ranking printed (output/ranking.h). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "hist/bins.h"
#include "output/ranking.h"

static void fill_row(struct ranking_row *row, const struct ranking_entry *e)
{
	struct log2_hist h;
	struct hist_bins b;
	double p;
	unsigned int i;

	log2_hist_init(&h, "");
	for (i = 0; i < RANKING_BUCKETS; i++)
		h.buckets[i] = e->buckets[i];
	hist_bins_from_log2(&b, &h);
	row->e = e;
	row->total_ms = e->sum_ns / 1e6;
	row->mean_us = e->count ? e->sum_ns / 1e3 / e->count : 0;
	row->max_us = e->max_ns / 1e3;
	row->p50_us = !hist_bins_percentile(&b, 50, &p, NULL, NULL) ? p / 1e3 : 0;
	row->p99_us = !hist_bins_percentile(&b, 99, &p, NULL, NULL) ? p / 1e3 : 0;
	/* an estimate inside the top bucket can pass the largest wait */
	if (row->p99_us > row->max_us)
		row->p99_us = row->max_us;
	if (row->p50_us > row->max_us)
		row->p50_us = row->max_us;
}

static int by_p99(const void *a, const void *b)
{
	const struct ranking_row *x = a, *y = b;

	if (x->p99_us != y->p99_us)
		return x->p99_us < y->p99_us ? 1 : -1;
	if (x->total_ms != y->total_ms)
		return x->total_ms < y->total_ms ? 1 : -1;
	return x->e->key < y->e->key ? -1 : x->e->key > y->e->key;
}

static int by_total(const void *a, const void *b)
{
	const struct ranking_row *x = a, *y = b;

	if (x->total_ms != y->total_ms)
		return x->total_ms < y->total_ms ? 1 : -1;
	return by_p99(a, b);
}

struct ranking_row *ranking_rows(const struct ranking *r,
				 const char *(*name_of)(void *ctx, uint64_t id),
				 void *ctx)
{
	struct ranking_row *rows = calloc(r->n ? r->n : 1, sizeof(*rows));
	const char *name;
	size_t i;

	if (!rows)
		return NULL;
	for (i = 0; i < r->n; i++) {
		fill_row(&rows[i], &r->e[i]);
		name = name_of ? name_of(ctx, r->e[i].key) : NULL;
		rows[i].name = name ? name : name_of ? "(gone)" : r->e[i].comm;
	}
	qsort(rows, r->n, sizeof(*rows), by_p99);
	return rows;
}

/* "TID", "PID", or "" for a cgroup (named by its path alone) */
static const char *key_title(const struct ranking *r)
{
	if (!strcmp(r->by, "task"))
		return "TID";
	if (!strcmp(r->by, "process"))
		return "PID";
	return "";
}

static void print_table(FILE *out, const struct ranking *r,
			const struct ranking_row *rows, size_t n)
{
	bool cgroup = !*key_title(r);
	size_t i;

	if (cgroup)
		fprintf(out, "%-32s", "CGROUP");
	else
		fprintf(out, "%8s %-16s", key_title(r), "COMM");
	fprintf(out, " %8s %11s %10s %10s %10s %10s\n", "WAITS", "TOTAL(ms)",
		"MEAN(us)", "P50(us)", "P99(us)", "MAX(us)");
	for (i = 0; i < n; i++) {
		if (cgroup)
			fprintf(out, "%-32s", rows[i].name);
		else
			fprintf(out, "%8llu %-16s",
				(unsigned long long)rows[i].e->key,
				rows[i].name);
		fprintf(out, " %8llu %11.1f %10.1f %10.1f %10.1f %10.1f\n",
			(unsigned long long)rows[i].e->count, rows[i].total_ms,
			rows[i].mean_us, rows[i].p50_us, rows[i].p99_us,
			rows[i].max_us);
	}
}

int ranking_print(FILE *out, const struct ranking *r,
		  const struct ranking_row *rows, size_t top, double seconds)
{
	struct ranking_row *by_sum;
	unsigned long long waits = 0;
	size_t i, n = r->n < top ? r->n : top;

	for (i = 0; i < r->n; i++)
		waits += r->e[i].count;
	fprintf(out, "# waits for a CPU by %s: %zu, %llu waits", r->by, r->n,
		waits);
	if (seconds > 0)
		fprintf(out, " in %.1f s", seconds);
	fputc('\n', out);
	if (!r->n)
		return ferror(out) ? -1 : 0;
	fprintf(out, "# the %zu with the highest p99\n", n);
	print_table(out, r, rows, n);
	by_sum = malloc(r->n * sizeof(*by_sum));
	if (!by_sum)
		return -1;
	memcpy(by_sum, rows, r->n * sizeof(*by_sum));
	qsort(by_sum, r->n, sizeof(*by_sum), by_total);
	fprintf(out, "# the %zu with the most wait in all\n", n);
	print_table(out, r, by_sum, n);
	free(by_sum);
	if (r->dropped)
		fprintf(out, "# %llu waits not ranked: more %ss on a CPU than "
			"its table holds (256)\n",
			(unsigned long long)r->dropped, r->by);
	return ferror(out) ? -1 : 0;
}

static json_t *row_json(const struct ranking *r, const struct ranking_row *row)
{
	json_t *o = json_pack("{s:I, s:f, s:f, s:f, s:f, s:f}", "waits",
			      (json_int_t)row->e->count, "total_us",
			      row->total_ms * 1e3, "mean_us", row->mean_us,
			      "p50_us", row->p50_us, "p99_us", row->p99_us,
			      "max_us", row->max_us);

	if (!o)
		return NULL;
	if (!*key_title(r)) {
		if (json_object_set_new(o, "cgroup", json_string(row->name)) ||
		    json_object_set_new(o, "cgroup_id",
					json_integer((json_int_t)row->e->key)))
			goto fail;
		return o;
	}
	if (json_object_set_new(o, strcmp(r->by, "task") ? "pid" : "tid",
				json_integer((json_int_t)row->e->key)) ||
	    json_object_set_new(o, "comm", json_string(row->name)))
		goto fail;
	return o;
fail:
	json_decref(o);
	return NULL;
}

int ranking_print_json(FILE *out, const struct ranking *r,
		       const struct ranking_row *rows, double seconds)
{
	json_t *entries = json_array(), *o;
	size_t i;
	int ret;

	for (i = 0; entries && i < r->n; i++)
		if (json_array_append_new(entries, row_json(r, &rows[i]))) {
			json_decref(entries);
			return -1;
		}
	o = json_pack("{s:s, s:f, s:I, s:o}", "by", r->by, "seconds", seconds,
		      "dropped", (json_int_t)r->dropped, "entries", entries);
	if (!o)
		return -1;
	ret = json_dumpf(o, out, JSON_INDENT(2)) || fputc('\n', out) == EOF;
	json_decref(o);
	return ret || ferror(out) ? -1 : 0;
}
