/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A user's metric for any tool's output: `--metric NAME=REGEX`, an extended
 * regular expression whose first parenthesised group matches a number; the
 * last line of the output that matches gives the run's value, as the table
 * "# NAME" (e.g. --metric 'p99_us=\* 99\.0th: *([0-9]+)' for schbench).
 */
#ifndef SCHEDSCOPE_TOOL_METRIC_H
#define SCHEDSCOPE_TOOL_METRIC_H

#include <jansson.h>
#include <regex.h>
#include <stddef.h>

#define TOOL_METRIC_NAME_MAX	64

struct tool_metric {
	char name[TOOL_METRIC_NAME_MAX];
	const char *regex;		/* as given */
	regex_t re;
};

/*
 * Parse "NAME=REGEX": NAME a table column name ([a-z][a-z0-9_.]*), REGEX
 * with at least one group. Returns 0, or -EINVAL with err saying why (m
 * then needs no free).
 */
int tool_metric_parse(struct tool_metric *m, const char *arg, char *err,
		      size_t errlen);
void tool_metric_free(struct tool_metric *m);

/*
 * The metric's value in text appended to tables as "# NAME" (made by
 * "metric"). Returns 1, 0 when no line matched a number (note says so),
 * -ENOMEM.
 */
int tool_metric_table(const struct tool_metric *m, const char *text,
		      json_t *tables, char *note, size_t notelen);

#endif
