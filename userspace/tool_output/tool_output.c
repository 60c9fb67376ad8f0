// SPDX-License-Identifier: GPL-2.0
/* Which parser reads a workload's output, by its command line. */
#include <string.h>

#include "lib/error_msg.h"
#include "tool_output/tool_output.h"

typedef int (*text_parser)(const char *text, json_t *tables, char *note,
			   size_t notelen);
typedef int (*dir_parser)(const char *dir, json_t *tables, char *note,
			  size_t notelen);

static const struct {
	const char *command;		/* base name of argv[0] */
	const char *needs_arg;		/* an argument it must have, or NULL */
	const char *tool;
	text_parser parse;		/* reads the output, or */
	dir_parser parse_dir;		/* the files written in its directory */
} parsers[] = {
	{ "hackbench", NULL, "hackbench", tool_hackbench_parse, NULL },
	{ "perf", "bench", "perf-bench", tool_perf_bench_parse, NULL },
	{ "tbench", NULL, "tbench", tool_tbench_parse, NULL },
	{ "cyclictest", NULL, "cyclictest", tool_cyclictest_parse, NULL },
	{ "rt-app", NULL, "rt-app", NULL, tool_rt_app_parse },
};

#define NPARSERS	(sizeof(parsers) / sizeof(parsers[0]))

static const char *base_name(const char *path)
{
	const char *base = strrchr(path, '/');

	return base ? base + 1 : path;
}

const char *tool_output_recognise(char *const *argv, size_t argc)
{
	const char *base;
	size_t i, a;

	if (!argc)
		return NULL;
	base = base_name(argv[0]);
	/* spinners' side job beside a command: the command's parser. */
	if (!strcmp(base, "spinners")) {
		for (a = 1; a < argc; a++)
			if (!strcmp(argv[a], "--"))
				return tool_output_recognise(argv + a + 1,
							     argc - a - 1);
		return NULL;
	}
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

bool tool_output_reads_files(const char *tool)
{
	size_t i;

	for (i = 0; tool && i < NPARSERS; i++)
		if (!strcmp(tool, parsers[i].tool))
			return parsers[i].parse_dir != NULL;
	return false;
}

int tool_output_tables(const char *tool, const char *text, const char *dir,
		       json_t *tables, char *note, size_t notelen)
{
	size_t i;

	for (i = 0; i < NPARSERS; i++) {
		if (strcmp(tool, parsers[i].tool))
			continue;
		if (parsers[i].parse)
			return parsers[i].parse(text, tables, note, notelen);
		if (!dir) {
			error_msg(note, notelen, "%s: no run directory to read "
				  "its files from", tool);
			return 0;
		}
		return parsers[i].parse_dir(dir, tables, note, notelen);
	}
	error_msg(note, notelen, "no parser for the output of %s", tool);
	return 0;
}
