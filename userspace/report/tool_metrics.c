// SPDX-License-Identifier: GPL-2.0
/*
 * The section of `schedscope report` with the tools' own results: every
 * number of the tables a tool output parser or --metric made (a table with
 * "tool"), in the tool's units, each setting's mean against the baseline's
 * (docs/sweep.md). A table of several rows labelled by a word (cyclictest's
 * threads) gives one line per row: "max_us[T0]".
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

/* One number of a tool table: its table, column and row (label or index). */
struct tool_metric_key {
	char tool[32];
	char first[64];			/* the table's first column */
	char column[64];
	char label[64];			/* the row's word, or "" for row 0 */
};

struct tool_metric_keys {
	size_t n;
	struct tool_metric_key *k;
};

static const char *tool_of(json_t *table)
{
	json_t *t = json_object_get(table, "tool");

	return json_is_string(t) ? json_string_value(t) : NULL;
}

/* The run's tool table whose first column is `first`, or NULL. */
static json_t *tool_table(const struct sweep_run *run, const char *first)
{
	json_t *t;
	size_t i;

	json_array_foreach(run->tables, i, t) {
		json_t *c0 = json_array_get(json_object_get(t, "columns"), 0);

		if (tool_of(t) && !strcmp(json_string_value(c0), first))
			return t;
	}
	return NULL;
}

static double key_value(const struct sweep_run *run, const void *arg)
{
	const struct tool_metric_key *k = arg;
	json_t *t = tool_table(run, k->first), *rows, *row, *v;
	long col;
	size_t i;

	if (!t)
		return NAN;
	col = sweep_table_column(t, k->column);
	rows = json_object_get(t, "rows");
	if (col < 0)
		return NAN;
	json_array_foreach(rows, i, row) {
		json_t *label = json_array_get(row, 0);

		if (k->label[0] ? !json_is_string(label) ||
		    strcmp(json_string_value(label), k->label) : i > 0)
			continue;
		v = json_array_get(row, col);
		return json_is_number(v) ? json_number_value(v) : NAN;
	}
	return NAN;
}

static int add_key(struct tool_metric_keys *keys,
		   const struct tool_metric_key *k)
{
	struct tool_metric_key *grown;
	size_t i;

	for (i = 0; i < keys->n; i++)
		if (!strcmp(keys->k[i].first, k->first) &&
		    !strcmp(keys->k[i].column, k->column) &&
		    !strcmp(keys->k[i].label, k->label))
			return 0;
	grown = realloc(keys->k, (keys->n + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	keys->k = grown;
	keys->k[keys->n++] = *k;
	return 0;
}

/*
 * The numbers of one tool table: every numeric column of row 0, or of
 * every row labelled by a word. The seconds and a histogram's columns
 * have sections of their own.
 */
static int table_keys(json_t *t, struct tool_metric_keys *keys)
{
	json_t *cols = json_object_get(t, "columns"), *rows, *row, *c;
	struct tool_metric_key k = { 0 };
	size_t i, r;

	if (sweep_table_column(t, "lo_us") >= 0)
		return 0;
	snprintf(k.tool, sizeof(k.tool), "%s", tool_of(t));
	snprintf(k.first, sizeof(k.first), "%s",
		 json_string_value(json_array_get(cols, 0)));
	rows = json_object_get(t, "rows");
	json_array_foreach(rows, r, row) {
		json_t *label = json_array_get(row, 0);

		if (!json_is_string(label) && r > 0)
			break;
		snprintf(k.label, sizeof(k.label), "%s", json_is_string(label) ?
			 json_string_value(label) : "");
		json_array_foreach(cols, i, c) {
			if (!json_is_number(json_array_get(row, i)) ||
			    !strcmp(json_string_value(c), "seconds"))
				continue;
			snprintf(k.column, sizeof(k.column), "%s",
				 json_string_value(c));
			if (add_key(keys, &k))
				return -ENOMEM;
		}
	}
	return 0;
}

static int collect_keys(const struct sweep_results *res,
			struct tool_metric_keys *keys)
{
	size_t i, j;
	json_t *t;

	for (i = 0; i < res->nruns; i++) {
		if (!sweep_run_used(&res->runs[i]))
			continue;
		json_array_foreach(res->runs[i].tables, j, t)
			if (tool_of(t) && table_keys(t, keys))
				return -ENOMEM;
	}
	return 0;
}

static void key_row(struct report *r, struct report_table *t,
		    const struct tool_metric_key *k, struct summary_stats *st)
{
	size_t s, row = report_table_row(t);

	report_table_set(t, row, 0, "%s", k->tool);
	report_table_set(t, row, 1, k->label[0] ? "%s[%s]" : "%s", k->column,
			 k->label);
	for (s = 0; s < r->res->nsettings; s++)
		setting_summary(r, s, key_value, k, &st[s]);
	for (s = 0; s < r->res->nsettings; s++) {
		char buf[128];

		report_comparison_cell(buf, sizeof(buf), &st[s], &st[r->base],
				       s == r->base, 3);
		report_table_set(t, row, s + 2, "%s", buf);
	}
}

void section_tool_metrics(struct report *r)
{
	const struct sweep_results *res = r->res;
	struct tool_metric_keys keys = { 0 };
	struct summary_stats *st = NULL;
	struct report_table t;
	size_t i, s;

	if (collect_keys(res, &keys)) {
		r->error = -ENOMEM;
		goto out;
	}
	if (!keys.n)
		goto out;
	st = calloc(res->nsettings, sizeof(*st));
	if (!st) {
		r->error = -ENOMEM;
		goto out;
	}
	report_table_init(&t, res->nsettings + 2);
	report_table_set(&t, 0, 0, "tool");
	report_table_set(&t, 0, 1, "metric");
	for (s = 0; s < res->nsettings; s++)
		report_table_set(&t, 0, s + 2, "%s", res->settings[s].name);
	for (i = 0; i < keys.n; i++)
		key_row(r, &t, &keys.k[i], st);
	report_title(r, "The tool's own results");
	fprintf(r->out, "Read from the workload's output, in the tool's units; "
		"means and the change\nfrom %s's as in the comparison above "
		"(its seconds are in the\nsections above).\n\n",
		res->settings[r->base].name);
	report_print_table(r, &t);
out:
	free(st);
	free(keys.k);
}
