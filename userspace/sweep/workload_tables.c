// SPDX-License-Identifier: GPL-2.0
/* Reading a workload's result tables. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"
#include "sweep/workload_tables.h"

#define MAX_FIELDS	64

struct fields {
	size_t n;
	char *f[MAX_FIELDS];
};

/* Split line (modified in place) at blanks; false when it has too many. */
static bool split(char *line, struct fields *out)
{
	char *save, *tok;

	out->n = 0;
	for (tok = strtok_r(line, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		if (out->n == MAX_FIELDS)
			return false;
		out->f[out->n++] = tok;
	}
	return true;
}

static bool column_name(const char *s)
{
	if (!islower((unsigned char)*s))
		return false;
	for (; *s; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) &&
		    *s != '_' && *s != '.')
			return false;
	return true;
}

/* A header: "#" then column names only. */
static bool header_fields(char *line, struct fields *cols)
{
	size_t i;

	if (line[0] != '#' || !split(line + 1, cols) || !cols->n)
		return false;
	for (i = 0; i < cols->n; i++)
		if (!column_name(cols->f[i]))
			return false;
	return true;
}

/* A field as JSON: a finite number when it reads as one, else a string. */
static json_t *field_value(const char *s)
{
	char *end;
	double v;
	long long ll;

	errno = 0;
	ll = strtoll(s, &end, 10);
	if (!*end && end != s && !errno)
		return json_integer(ll);
	/* Decimal only: strtod() would also take hex floats, inf and nan. */
	v = strtod(s, &end);
	if (!*end && end != s && isfinite(v) && !strpbrk(s, "xXpPnN"))
		return json_real(v);
	return json_string(s);
}

static json_t *new_table(const struct fields *cols, json_t *tables,
			 size_t lineno, char *err, size_t errlen)
{
	const char *first = cols->f[0];
	json_t *table, *columns;
	size_t i, j, idx;
	json_t *t;

	for (i = 0; i < cols->n; i++)
		for (j = 0; j < i; j++)
			if (!strcmp(cols->f[i], cols->f[j])) {
				error_msg(err, errlen, "line %zu: column %s twice",
					  lineno, cols->f[i]);
				return NULL;
			}
	json_array_foreach(tables, idx, t) {
		json_t *c0 = json_array_get(json_object_get(t, "columns"), 0);

		if (!strcmp(json_string_value(c0), first)) {
			error_msg(err, errlen, "line %zu: a second table with first column %s",
				  lineno, first);
			return NULL;
		}
	}
	columns = json_array();
	for (i = 0; i < cols->n; i++)
		json_array_append_new(columns, json_string(cols->f[i]));
	table = json_pack("{s:o, s:[]}", "columns", columns, "rows");
	json_array_append_new(tables, table);
	return table;
}

static void append_row(json_t *table, const struct fields *row)
{
	json_t *r = json_array();
	size_t i;

	for (i = 0; i < row->n; i++)
		json_array_append_new(r, field_value(row->f[i]));
	json_array_append_new(json_object_get(table, "rows"), r);
}

json_t *workload_tables_parse(const char *text, char *err, size_t errlen)
{
	json_t *tables = json_array(), *table = NULL;
	char *copy = strdup(text), *line, *save = NULL;
	struct fields cols = { 0 }, row;
	bool have_header = false;	/* cols holds a header without rows yet */
	size_t lineno = 0;

	if (!tables || !copy) {
		error_msg(err, errlen, "out of memory");
		goto fail;
	}
	/*
	 * strtok_r would skip blank lines: they end a table, so split by hand.
	 * Fields point into copy, so a header's names stay valid until its rows.
	 */
	for (line = copy; line; line = save) {
		save = strchr(line, '\n');
		if (save)
			*save++ = '\0';
		lineno++;
		if (line[0] == '#') {
			table = NULL;
			have_header = header_fields(line, &cols);
			continue;
		}
		if (!split(line, &row) || !row.n || (!table && !have_header) ||
		    row.n != cols.n) {
			table = NULL;
			have_header = false;
			continue;
		}
		if (!table) {
			table = new_table(&cols, tables, lineno - 1, err, errlen);
			if (!table)
				goto fail;
			have_header = false;
		}
		append_row(table, &row);
	}
	free(copy);
	return tables;
fail:
	free(copy);
	json_decref(tables);
	return NULL;
}
