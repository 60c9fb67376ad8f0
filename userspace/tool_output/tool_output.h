/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The result of a benchmark tool read from its own output (hackbench, perf
 * bench sched, tbench, cyclictest) or by a user's regular expression
 * (--metric NAME=REGEX), into the tables of docs/sweep.md, so that the
 * report and the plots read them like a workload's own tables. Each table
 * made here carries "tool": the name of the parser that made it.
 */
#ifndef SCHEDSCOPE_TOOL_OUTPUT_H
#define SCHEDSCOPE_TOOL_OUTPUT_H

#include <jansson.h>
#include <stddef.h>

#include "tool_output/tool_metric.h"

/*
 * The parser for a workload, from its command line: the command's base name
 * (hackbench, cyclictest, tbench; perf with "bench" among its arguments).
 * Returns its name ("hackbench", "perf-bench", "tbench", "cyclictest"), or
 * NULL for a command no parser knows.
 */
const char *tool_output_recognise(char *const *argv, size_t argc);

/*
 * Append the tables parser `tool` reads from text to tables. Returns the
 * number of tables appended: 0 when the output holds no result the parser
 * knows (note then says what was looked for), -ENOMEM.
 */
int tool_output_tables(const char *tool, const char *text, json_t *tables,
		       char *note, size_t notelen);

/* ---- The parsers, one per file: each as tool_output_tables() ---- */
int tool_hackbench_parse(const char *text, json_t *tables, char *note,
			 size_t notelen);
int tool_perf_bench_parse(const char *text, json_t *tables, char *note,
			  size_t notelen);
int tool_tbench_parse(const char *text, json_t *tables, char *note,
		      size_t notelen);
int tool_cyclictest_parse(const char *text, json_t *tables, char *note,
			  size_t notelen);

#endif
