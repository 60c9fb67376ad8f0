// SPDX-License-Identifier: GPL-2.0
/* Lines, numbers and tables for the tool output parsers. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tool_output/tool_table.h"

void tool_lines_init(struct tool_lines *t, const char *text)
{
	t->pos = text;
	t->line[0] = '\0';
}

bool tool_lines_next(struct tool_lines *t)
{
	size_t n, keep;

	if (!t->pos || !*t->pos)
		return false;
	n = strcspn(t->pos, "\r\n");
	keep = n < sizeof(t->line) - 1 ? n : sizeof(t->line) - 1;
	memcpy(t->line, t->pos, keep);
	t->line[keep] = '\0';
	t->pos += n;
	if (*t->pos)
		t->pos++;
	return true;
}

bool tool_number_after(const char *s, const char *label, double *value,
		       const char **end)
{
	const char *p = strstr(s, label);
	char *e;
	double v;

	if (!p)
		return false;
	p += strlen(label);
	p += strspn(p, " \t");
	/* Decimal numbers only: no inf, nan or hex floats. */
	if (!*p || !strchr("0123456789+-.", *p) ||
	    (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')))
		return false;
	v = strtod(p, &e);
	if (e == p || !isfinite(v))
		return false;
	*value = v;
	if (end)
		*end = e;
	return true;
}

json_t *tool_table_add(json_t *tables, const char *tool,
		       const char *const *columns)
{
	json_t *cols = json_array(), *table;
	size_t i;

	if (!cols)
		return NULL;
	for (i = 0; columns[i]; i++)
		if (json_array_append_new(cols, json_string(columns[i]))) {
			json_decref(cols);
			return NULL;
		}
	table = json_pack("{s:o, s:[], s:s}", "columns", cols, "rows", "tool",
			  tool);
	if (!table || json_array_append_new(tables, table))
		return NULL;
	return table;
}

/* JSON for a number: an integer when it is one, as the tables do. */
static json_t *number_json(double v)
{
	if (v == floor(v) && fabs(v) < 9e15)
		return json_integer((json_int_t)v);
	return json_real(v);
}

static int append_row(json_t *table, const char *label, const double *values)
{
	size_t ncols = json_array_size(json_object_get(table, "columns"));
	json_t *row = json_array();
	size_t i = 0;

	if (!row)
		return -ENOMEM;
	if (label) {
		json_array_append_new(row, json_string(label));
		i = 1;
	}
	for (; i < ncols; i++)
		json_array_append_new(row, number_json(values[label ? i - 1 : i]));
	if (json_array_size(row) != ncols ||
	    json_array_append_new(json_object_get(table, "rows"), row))
		return -ENOMEM;
	return 0;
}

int tool_table_row(json_t *table, const double *values)
{
	return append_row(table, NULL, values);
}

int tool_table_labelled_row(json_t *table, const char *label,
			    const double *values)
{
	return append_row(table, label, values);
}
