/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tables of `schedscope report`: cells as strings, filled row by row,
 * printed as aligned text or as a markdown pipe table.
 *
 * Running out of memory while filling a table is remembered (nomem) rather
 * than returned by every call: report_table_print() then fails.
 */
#ifndef SCHEDSCOPE_REPORT_TABLE_H
#define SCHEDSCOPE_REPORT_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct report_table {
	size_t ncols, nrows;		/* rows after the header */
	char **cell;			/* (nrows + 1) x ncols, row 0 the header */
	bool nomem;
};

/* An empty table of ncols columns: only the header row, its cells empty. */
void report_table_init(struct report_table *t, size_t ncols);
/* A table whose header is names (NULL-terminated), a column each. */
void report_table_init_named(struct report_table *t, const char *const *names);
/* Append an empty row; its index (1 for the first after the header). */
size_t report_table_row(struct report_table *t);
/* Cell (row, col) from a printf() format; row 0 is the header. */
void report_table_set(struct report_table *t, size_t row, size_t col,
		      const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Cell (row, col): v with that many decimals, or "-" when v is NAN. */
void report_table_set_number(struct report_table *t, size_t row, size_t col,
			     double v, int decimals);
void report_table_free(struct report_table *t);

/*
 * Columns of words left-aligned, of numbers (and "-") right-aligned, two
 * blanks apart, no blanks at the end of a line, then a blank line;
 * markdown (md): a pipe table with the same padding, '*', '|' and '\'
 * escaped. 0, or -ENOMEM.
 */
int report_table_print(const struct report_table *t, bool md, FILE *out);

#endif
