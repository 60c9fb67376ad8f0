/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the tool output parsers share: a tool's output taken line by line
 * (a '\r' ends a line too: progress lines redrawn in place), numbers read
 * after a label, and the tables they make.
 */
#ifndef SCHEDSCOPE_TOOL_TABLE_H
#define SCHEDSCOPE_TOOL_TABLE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* The lines of a tool's output, each copied into line[] in turn. */
struct tool_lines {
	const char *pos;
	char line[1024];	/* longer lines are cut there */
};

void tool_lines_init(struct tool_lines *t, const char *text);
/* The next line in t->line; false at the end of the text. */
bool tool_lines_next(struct tool_lines *t);

/*
 * The number right after the first `label` in s (blanks skipped), and in
 * *end where it ended. false when label is not there or no number follows.
 */
bool tool_number_after(const char *s, const char *label, double *value,
		       const char **end);

/*
 * A new table of the given columns (NULL-ended) appended to tables, made by
 * parser `tool`. Returns it (borrowed), or NULL when out of memory.
 */
json_t *tool_table_add(json_t *tables, const char *tool,
		       const char *const *columns);
/* A row of numbers (as many as the table's columns) appended. 0 or -ENOMEM. */
int tool_table_row(json_t *table, const double *values);
/* A row that starts with a word (a task or thread label). 0 or -ENOMEM. */
int tool_table_labelled_row(json_t *table, const char *label,
			    const double *values);

#endif
