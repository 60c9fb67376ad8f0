// SPDX-License-Identifier: GPL-2.0
/* The numbers of a sweep's tool tables (results/tool_metric_keys.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/tool_metric_keys.h"

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

double tool_metric_value(const struct sweep_run *run,
			 const struct tool_metric_key *k)
{
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

	for (i = 0; i < keys->n; i++) {
		if (!strcmp(keys->k[i].first, k->first) &&
		    !strcmp(keys->k[i].column, k->column) &&
		    !strcmp(keys->k[i].label, k->label)) {
			if (k->table_rows > keys->k[i].table_rows)
				keys->k[i].table_rows = k->table_rows;
			return 0;
		}
	}
	grown = realloc(keys->k, (keys->n + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	keys->k = grown;
	keys->k[keys->n++] = *k;
	return 0;
}

/* The keys of one tool table (tool_metric_keys.h says which). */
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
	k.table_rows = json_array_size(rows);
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

int tool_metric_keys_collect(const struct sweep_results *res,
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

void tool_metric_keys_free(struct tool_metric_keys *keys)
{
	free(keys->k);
	keys->k = NULL;
	keys->n = 0;
}

void tool_metric_name(const struct tool_metric_key *k, char *buf, size_t len)
{
	snprintf(buf, len, k->label[0] ? "%s[%s]" : "%s", k->column, k->label);
}
