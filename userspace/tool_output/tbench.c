// SPDX-License-Identifier: GPL-2.0
/*
 * tbench (dbench): its last line, "Throughput 176.376 MB/sec  1 clients
 * 1 procs  max_latency=4.642 ms", as the table
 * "# mb_per_sec clients max_latency_ms".
 */
#include <errno.h>
#include <string.h>

#include "lib/error_msg.h"
#include "tool_output/tool_output.h"
#include "tool_output/tool_table.h"

/* values: MB/sec, clients, max latency in ms. */
static bool throughput_line(const char *line, double *values)
{
	const char *end;

	if (strncmp(line, "Throughput", 10) ||
	    !tool_number_after(line, "Throughput", &values[0], &end) ||
	    strncmp(end, " MB/sec", 7) ||
	    !tool_number_after(end, "MB/sec", &values[1], &end) ||
	    strncmp(end, " clients", 8) ||
	    !tool_number_after(end, "max_latency=", &values[2], &end))
		return false;
	return !strcmp(end, " ms") || !strncmp(end, " ms ", 4);
}

int tool_tbench_parse(const char *text, json_t *tables, char *note,
		      size_t notelen)
{
	static const char *const cols[] = { "mb_per_sec", "clients",
					    "max_latency_ms", NULL };
	double values[3], found[3];
	struct tool_lines lines;
	bool have = false;
	json_t *t;

	tool_lines_init(&lines, text);
	while (tool_lines_next(&lines))
		if (throughput_line(lines.line, values)) {
			memcpy(found, values, sizeof(found));
			have = true;
		}
	if (!have) {
		error_msg(note, notelen, "tbench: no \"Throughput ... MB/sec ... "
			  "max_latency=... ms\" line in its output");
		return 0;
	}
	t = tool_table_add(tables, "tbench", cols);
	if (!t || tool_table_row(t, found))
		return -ENOMEM;
	return 1;
}
