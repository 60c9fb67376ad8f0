// SPDX-License-Identifier: GPL-2.0
/*
 * hackbench (rt-tests): "Time: 0.134", the seconds of the messaging phase,
 * as the table "# seconds".
 */
#include <errno.h>
#include <string.h>

#include "lib/error_msg.h"
#include "tool_output/tool_output.h"
#include "tool_output/tool_table.h"

int tool_hackbench_parse(const char *text, json_t *tables, char *note,
			 size_t notelen)
{
	static const char *const cols[] = { "seconds", NULL };
	struct tool_lines lines;
	bool found = false;
	double v, seconds = 0;
	json_t *t;

	tool_lines_init(&lines, text);
	while (tool_lines_next(&lines))
		if (!strncmp(lines.line, "Time:", 5) &&
		    tool_number_after(lines.line, "Time:", &v, NULL) && v >= 0) {
			seconds = v;
			found = true;
		}
	if (!found) {
		error_msg(note, notelen, "hackbench: no \"Time:\" line in its output");
		return 0;
	}
	t = tool_table_add(tables, "hackbench", cols);
	if (!t || tool_table_row(t, &seconds))
		return -ENOMEM;
	return 1;
}
