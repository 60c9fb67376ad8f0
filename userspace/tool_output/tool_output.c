// SPDX-License-Identifier: GPL-2.0
/* Which parser reads a workload's output, by its command line. */
#include <string.h>

#include "lib/error_msg.h"
#include "tool_output/tool_output.h"

static const struct {
	const char *command;		/* base name of argv[0] */
	const char *needs_arg;		/* an argument it must have, or NULL */
	const char *tool;
	int (*parse)(const char *text, json_t *tables, char *note,
		     size_t notelen);
} parsers[] = {
	{ "hackbench", NULL, "hackbench", tool_hackbench_parse },
	{ "perf", "bench", "perf-bench", tool_perf_bench_parse },
	{ "tbench", NULL, "tbench", tool_tbench_parse },
	{ "cyclictest", NULL, "cyclictest", tool_cyclictest_parse },
};

#define NPARSERS	(sizeof(parsers) / sizeof(parsers[0]))

const char *tool_output_recognise(char *const *argv, size_t argc)
{
	const char *base;
	size_t i, a;

	if (!argc)
		return NULL;
	base = strrchr(argv[0], '/');
	base = base ? base + 1 : argv[0];
	for (i = 0; i < NPARSERS; i++) {
		if (strcmp(base, parsers[i].command))
			continue;
		if (!parsers[i].needs_arg)
			return parsers[i].tool;
		for (a = 1; a < argc; a++)
			if (!strcmp(argv[a], parsers[i].needs_arg))
				return parsers[i].tool;
	}
	return NULL;
}

int tool_output_tables(const char *tool, const char *text, json_t *tables,
		       char *note, size_t notelen)
{
	size_t i;

	for (i = 0; i < NPARSERS; i++)
		if (!strcmp(tool, parsers[i].tool))
			return parsers[i].parse(text, tables, note, notelen);
	error_msg(note, notelen, "no parser for the output of %s", tool);
	return 0;
}
