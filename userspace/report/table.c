// SPDX-License-Identifier: GPL-2.0
/*
 * The report's tables: cells as strings, printed as aligned text or
 * markdown (report/table.h).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/table.h"

void report_table_init(struct report_table *t, size_t ncols)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	t->cell = calloc(ncols, sizeof(*t->cell));
	t->nomem = !t->cell;
}

void report_table_init_named(struct report_table *t, const char *const *names)
{
	size_t n = 0;

	while (names[n])
		n++;
	report_table_init(t, n);
	for (n = 0; names[n]; n++)
		report_table_set(t, 0, n, "%s", names[n]);
}

size_t report_table_row(struct report_table *t)
{
	char **cell;

	if (t->nomem)
		return 0;
	cell = realloc(t->cell, (t->nrows + 2) * t->ncols * sizeof(*cell));
	if (!cell) {
		t->nomem = true;
		return 0;
	}
	t->cell = cell;
	t->nrows++;
	memset(&cell[t->nrows * t->ncols], 0, t->ncols * sizeof(*cell));
	return t->nrows;
}

void report_table_set(struct report_table *t, size_t row, size_t col,
		      const char *fmt, ...)
{
	char **c;
	va_list ap;

	if (t->nomem || row > t->nrows || col >= t->ncols)
		return;
	c = &t->cell[row * t->ncols + col];
	free(*c);
	va_start(ap, fmt);
	if (vasprintf(c, fmt, ap) < 0) {
		*c = NULL;
		t->nomem = true;
	}
	va_end(ap);
}

void report_table_set_number(struct report_table *t, size_t row, size_t col,
			     double v, int decimals)
{
	if (isnan(v))
		report_table_set(t, row, col, "-");
	else
		report_table_set(t, row, col, "%.*f", decimals, v);
}

void report_table_free(struct report_table *t)
{
	size_t i;

	for (i = 0; t->cell && i < (t->nrows + 1) * t->ncols; i++)
		free(t->cell[i]);
	free(t->cell);
	memset(t, 0, sizeof(*t));
}

/* Markdown cell text: '*' (significance marks), '|' and '\' escaped. */
static size_t put_cell(char *at, const char *s, bool md)
{
	size_t n = 0;

	for (; *s; s++) {
		if (md && (*s == '*' || *s == '|' || *s == '\\'))
			at[n++] = '\\';
		at[n++] = *s;
	}
	return n;
}

static size_t cell_len(const char *s, bool md)
{
	size_t n = 0;

	for (; s && *s; s++)
		n += 1 + (md && (*s == '*' || *s == '|' || *s == '\\'));
	return n;
}

/* A number, or "-" for none: what a column of numbers holds. */
static bool is_number(const char *s)
{
	if (*s == '-' || *s == '+')
		s++;
	return !*s || (*s >= '0' && *s <= '9');
}

/*
 * Each column's width w[] and whether it is words, left-aligned (left[]);
 * the length of the longest line (with room to spare).
 */
static size_t measure_columns(const struct report_table *t, bool md, size_t *w,
			      bool *left)
{
	size_t r, c, total = 16;

	for (c = 0; c < t->ncols; c++) {
		/* Words to the left, numbers to the right. */
		left[c] = true;
		for (r = 0; r <= t->nrows; r++) {
			const char *s = t->cell[r * t->ncols + c];

			if (cell_len(s, md) > w[c])
				w[c] = cell_len(s, md);
			if (r && c && s && is_number(s))
				left[c] = false;
		}
		total += (w[c] > 3 ? w[c] : 3) + 4;
	}
	return total;
}

/* Row r, padded, into line without blanks at its end; its length. */
static size_t format_row(const struct report_table *t, size_t r, bool md,
			 const size_t *w, const bool *left, char *line)
{
	size_t c, n = 0;

	for (c = 0; c < t->ncols; c++) {
		const char *s = t->cell[r * t->ncols + c];
		size_t pad = w[c] - cell_len(s, md);

		if (md)
			n += sprintf(line + n, "| ");
		else if (c)
			n += sprintf(line + n, "  ");
		if (!left[c])
			n += sprintf(line + n, "%*s", (int)pad, "");
		if (s)
			n += put_cell(line + n, s, md);
		if (left[c])
			n += sprintf(line + n, "%*s", (int)pad, "");
		if (md)
			line[n++] = ' ';
	}
	if (md)
		line[n++] = '|';
	while (n && line[n - 1] == ' ')
		n--;
	return n;
}

/* Markdown's line under the header: ":---" left, "---:" right, column wide. */
static void print_rule(const struct report_table *t, const size_t *w,
		       const bool *left, FILE *out)
{
	size_t c, i;

	for (c = 0; c < t->ncols; c++) {
		size_t width = w[c] > 3 ? w[c] : 3;

		fputs(left[c] ? "| :" : "| ", out);
		for (i = 1; i < width; i++)
			fputc('-', out);
		fputs(left[c] ? " " : ": ", out);
		if (c == t->ncols - 1)
			fputs("|\n", out);
	}
}

int report_table_print(const struct report_table *t, bool md, FILE *out)
{
	size_t *w, r, n;
	char *line = NULL;
	bool *left;

	if (t->nomem)
		return -ENOMEM;
	w = calloc(t->ncols, sizeof(*w));
	left = calloc(t->ncols, sizeof(*left));
	if (w && left)
		line = malloc(measure_columns(t, md, w, left));
	if (!line) {
		free(left);
		free(w);
		return -ENOMEM;
	}
	for (r = 0; r <= t->nrows; r++) {
		n = format_row(t, r, md, w, left, line);
		fprintf(out, "%.*s\n", (int)n, line);
		if (md && !r)
			print_rule(t, w, left, out);
	}
	fputc('\n', out);
	free(line);
	free(left);
	free(w);
	return 0;
}
