// SPDX-License-Identifier: GPL-2.0
/*
 * perf bench sched messaging and pipe: "Total time: 0.291 [sec]" and, from
 * pipe, "19.148500 usecs/op" and "52223 ops/sec", as the table
 * "# seconds [usecs_per_op ops_per_sec]".
 */
#include <errno.h>
#include <string.h>

#include "lib/error_msg.h"
#include "tool_output/tool_output.h"
#include "tool_output/tool_table.h"

/* A line "NUMBER UNIT" (blanks around): its number. */
static bool number_with_unit(const char *line, const char *unit, double *v)
{
	const char *end;

	line += strspn(line, " \t");
	if (!tool_number_after(line, "", v, &end))
		return false;
	end += strspn(end, " \t");
	return !strcmp(end, unit);
}

int tool_perf_bench_parse(const char *text, json_t *tables, char *note,
			  size_t notelen)
{
	const char *cols[4] = { "seconds" };
	double values[3] = { 0 }, usecs = 0, ops = 0, v;
	bool have_time = false, have_usecs = false, have_ops = false;
	struct tool_lines lines;
	size_t n = 1;
	json_t *t;

	tool_lines_init(&lines, text);
	while (tool_lines_next(&lines)) {
		if (tool_number_after(lines.line, "Total time:", &v, NULL) &&
		    v >= 0) {
			values[0] = v;
			have_time = true;
		} else if (number_with_unit(lines.line, "usecs/op", &v)) {
			usecs = v;
			have_usecs = true;
		} else if (number_with_unit(lines.line, "ops/sec", &v)) {
			ops = v;
			have_ops = true;
		}
	}
	if (!have_time) {
		error_msg(note, notelen, "perf bench: no \"Total time:\" line "
			  "in its output");
		return 0;
	}
	if (have_usecs) {
		cols[n] = "usecs_per_op";
		values[n++] = usecs;
	}
	if (have_ops) {
		cols[n] = "ops_per_sec";
		values[n++] = ops;
	}
	cols[n] = NULL;
	t = tool_table_add(tables, "perf-bench", cols);
	if (!t || tool_table_row(t, values))
		return -ENOMEM;
	return 1;
}
