/* SPDX-License-Identifier: GPL-2.0 */
/* The subcommands of schedscope, one file each (cmd/<name>.c). */
#ifndef SCHEDSCOPE_COMMANDS_H
#define SCHEDSCOPE_COMMANDS_H

#include <getopt.h>
#include <stdbool.h>

#include "output/output.h"

/* Run the subcommand argv[1] (cmd/commands.c); the exit status. */
int schedscope_run(int argc, char **argv);

int cmd_load(int argc, char **argv);
int cmd_unload(int argc, char **argv);
int cmd_status(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_watch(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_report(int argc, char **argv);

/* Output options shared by show and watch (cmd/show.c). */
enum {
	OPT_FORMAT = 0x200,
	OPT_JSON,
	OPT_CSV,
	OPT_OPENMETRICS,
	OPT_PER_CPU,
	OPT_UNIT,
	OPT_HIST,
	OPT_NO_SUMMARY,
};

#define OUTPUT_OPTIONS \
	{ "format", required_argument, NULL, OPT_FORMAT }, \
	{ "json", no_argument, NULL, OPT_JSON }, \
	{ "csv", no_argument, NULL, OPT_CSV }, \
	{ "openmetrics", no_argument, NULL, OPT_OPENMETRICS }, \
	{ "per-cpu", no_argument, NULL, OPT_PER_CPU }, \
	{ "unit", required_argument, NULL, OPT_UNIT }, \
	{ "hist", required_argument, NULL, OPT_HIST }, \
	{ "no-summary", no_argument, NULL, OPT_NO_SUMMARY }

struct output_params {
	struct out_opts out;
	const char *format_opt;		/* the option that chose the format */
	const char *hist;		/* --hist NAME */
};

void output_params_init(struct output_params *p);
/*
 * Take one output option: returns 1 if opt is one, 0 if not, EXIT_USAGE
 * (after a message) for a bad value or two different formats.
 */
int output_option(const char *cmd, struct output_params *p, int opt,
		  const char *arg);

#endif
