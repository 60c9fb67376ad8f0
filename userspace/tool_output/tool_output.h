/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The result of a benchmark tool read from its own output (hackbench, perf
 * bench sched, tbench, cyclictest), from the log files it wrote (rt-app)
 * or by a user's regular expression
 * (--metric NAME=REGEX), into the tables of docs/sweep.md, so that the
 * report and the plots read them like a workload's own tables. Each table
 * made here carries "tool": the name of the parser that made it.
 */
#ifndef SCHEDSCOPE_TOOL_OUTPUT_H
#define SCHEDSCOPE_TOOL_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "tool_output/tool_metric.h"

/*
 * The parser for a workload, from its command line: the command's base name
 * (hackbench, cyclictest, tbench, rt-app; perf with "bench" among its
 * arguments), or the command spinners runs beside its side job ("spinners
 * ... -- COMMAND ..."). Returns its name ("hackbench", "perf-bench",
 * "tbench", "cyclictest", "rt-app"), or NULL for a command no parser knows.
 */
const char *tool_output_recognise(char *const *argv, size_t argc);

/*
 * Whether parser `tool` reads files the tool wrote in its working directory
 * (rt-app's logs) rather than its output: the sweep then runs the workload
 * in a directory of its own, the run's, and hands that to the parser.
 */
bool tool_output_reads_files(const char *tool);

/*
 * Append the tables parser `tool` reads from text (or, for a tool that
 * writes files, from the files in dir) to tables. Returns the number of
 * tables appended: 0 when the output holds no result the parser knows (note
 * then says what was looked for), -ENOMEM. A parser that found tables may
 * still leave a note (what it could not read), else note is left as given.
 */
int tool_output_tables(const char *tool, const char *text, const char *dir,
		       json_t *tables, char *note, size_t notelen);

/* ---- The parsers, one per file: each as tool_output_tables() ---- */
int tool_hackbench_parse(const char *text, json_t *tables, char *note,
			 size_t notelen);
int tool_perf_bench_parse(const char *text, json_t *tables, char *note,
			  size_t notelen);
int tool_tbench_parse(const char *text, json_t *tables, char *note,
		      size_t notelen);
int tool_cyclictest_parse(const char *text, json_t *tables, char *note,
			  size_t notelen);
/* rt-app reads the logs in dir, not its output. */
int tool_rt_app_parse(const char *dir, json_t *tables, char *note,
		      size_t notelen);

#endif
