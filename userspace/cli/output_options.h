/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The output options of show and watch (--format, --json, --csv,
 * --openmetrics, --per-cpu, --unit, --hist, --no-summary, --all) into the
 * printers' struct out_opts; sweep takes their defaults.
 */
#ifndef SCHEDSCOPE_CLI_OUTPUT_OPTIONS_H
#define SCHEDSCOPE_CLI_OUTPUT_OPTIONS_H

#include <getopt.h>

#include "output/output.h"

/* Long option values, apart from the shared ones and each command's. */
enum {
	OPT_FORMAT = 0x200,
	OPT_JSON,
	OPT_CSV,
	OPT_OPENMETRICS,
	OPT_PER_CPU,
	OPT_UNIT,
	OPT_HIST,
	OPT_NO_SUMMARY,
	OPT_ALL,
};

#define OUTPUT_OPTIONS \
	{ "format", required_argument, NULL, OPT_FORMAT }, \
	{ "json", no_argument, NULL, OPT_JSON }, \
	{ "csv", no_argument, NULL, OPT_CSV }, \
	{ "openmetrics", no_argument, NULL, OPT_OPENMETRICS }, \
	{ "per-cpu", no_argument, NULL, OPT_PER_CPU }, \
	{ "unit", required_argument, NULL, OPT_UNIT }, \
	{ "hist", required_argument, NULL, OPT_HIST }, \
	{ "no-summary", no_argument, NULL, OPT_NO_SUMMARY }, \
	{ "all", no_argument, NULL, OPT_ALL }

struct output_params {
	struct out_opts out;
	const char *format_opt;		/* the option that chose the format */
	const char *hist;		/* --hist NAME */
	/*
	 * --all, or an option that shapes the full output (a format, --hist,
	 * --per-cpu, --unit, --no-summary): not the short default of show
	 * and watch
	 */
	bool detailed;
};

/* The defaults: bpftrace layout, ns, summaries, counters, a CSV header. */
void output_params_init(struct output_params *p);
/*
 * Take one output option (one of OUTPUT_OPTIONS): returns 0, or EXIT_USAGE
 * (after a message) for a bad value or two different formats.
 */
int output_option(const char *cmd, struct output_params *p, int opt,
		  const char *arg);

#endif
