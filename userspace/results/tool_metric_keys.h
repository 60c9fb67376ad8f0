/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The numbers of a sweep's tool tables (a table with "tool": a tool output
 * parser's or a --metric's, docs/sweep.md), each named once for the whole
 * sweep, so that the report and the plot show the same ones: every numeric
 * column of row 0, or of every row labelled by a word (cyclictest's
 * threads: "max_us[T0]"). The seconds and a histogram's columns are left
 * out: they have tables and charts of their own.
 */
#ifndef SCHEDSCOPE_RESULTS_TOOL_METRIC_KEYS_H
#define SCHEDSCOPE_RESULTS_TOOL_METRIC_KEYS_H

#include <stddef.h>

#include "results/sweep_results.h"

/* One number of a tool table: its table, column and row (label or index). */
struct tool_metric_key {
	char tool[32];
	char first[64];			/* the table's first column */
	char column[64];
	char label[64];			/* the row's word, or "" for row 0 */
	size_t table_rows;		/* rows of its table (most seen) */
};

struct tool_metric_keys {
	size_t n;
	struct tool_metric_key *k;
};

/*
 * Every key of the used runs' tool tables (sweep_run_used()), in the order
 * they first occur, into keys (zeroed by the caller; free with
 * tool_metric_keys_free()). 0 or -ENOMEM.
 */
int tool_metric_keys_collect(const struct sweep_results *res,
			     struct tool_metric_keys *keys);
void tool_metric_keys_free(struct tool_metric_keys *keys);

/* The key's value in a run, or NAN where the run does not have it. */
double tool_metric_value(const struct sweep_run *run,
			 const struct tool_metric_key *k);

/* "max_us[T0]" or "mb_per_sec": the key's name in a table or a chart. */
void tool_metric_name(const struct tool_metric_key *k, char *buf, size_t len);

#endif
