// SPDX-License-Identifier: GPL-2.0
/*
 * The section of `schedscope report` with the tools' own results: every
 * number of the tables a tool output parser or --metric made (a table with
 * "tool"), in the tool's units, each setting's mean against the baseline's
 * (docs/sweep.md). A table of several rows labelled by a word (cyclictest's
 * threads) gives one line per row: "max_us[T0]".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "results/tool_metric_keys.h"

static double key_value(const struct sweep_run *run, const void *arg)
{
	return tool_metric_value(run, arg);
}

static bool ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && !strcmp(s + n - m, end);
}

/*
 * Which way a tool's number is better, from its column's name as the
 * parsers name them: times (seconds, *_us, *_ms, *_ns, usecs_per_op) are
 * better lower, rates (*_per_sec) higher, a --metric name with the same
 * ending too; counts (cycles, clients, overflows) have no better side.
 */
enum report_better report_column_better(const char *column)
{
	if (!strcmp(column, "seconds") || !strcmp(column, "usecs_per_op") ||
	    ends_with(column, "_us") || ends_with(column, "_ms") ||
	    ends_with(column, "_ns"))
		return REPORT_LOWER_BETTER;
	if (ends_with(column, "_per_sec"))
		return REPORT_HIGHER_BETTER;
	return REPORT_NO_BETTER;
}

static void key_row(struct report *r, struct report_table *t,
		    const struct tool_metric_key *k, struct summary_stats *st)
{
	size_t s, row = report_table_row(t);
	char name[160];

	tool_metric_name(k, name, sizeof(name));
	report_table_set(t, row, 0, "%s", k->tool);
	report_table_set(t, row, 1, "%s", name);
	for (s = 0; s < r->res->nsettings; s++)
		setting_summary(r, s, key_value, k, &st[s]);
	for (s = 0; s < r->res->nsettings; s++) {
		char buf[128];

		report_comparison_cell(buf, sizeof(buf), &st[s], &st[r->base],
				       s == r->base, 3, report_column_better(k->column));
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

	if (tool_metric_keys_collect(res, &keys)) {
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
		"(its seconds are in the\nsections above). + is better: a lower "
		"time (seconds, *_us, *_ms,\nusecs_per_op), a higher rate "
		"(*_per_sec); for the other numbers + is larger.\n\n",
		res->settings[r->base].name);
	report_print_table(r, &t);
out:
	free(st);
	tool_metric_keys_free(&keys);
}
