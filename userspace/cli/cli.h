/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every subcommand of schedscope shares: exit codes and usage errors
 * (cli/errors.c), the options every command parses alike (cli/options.c),
 * the --pid/--tgid/--comm/--cgroup filter (cli/filter.c), number parsing
 * (cli/numbers.c) and the stop signals (cli/signals.c). The output options
 * of show and watch are apart, in cli/output_options.h, and the module as
 * a command reaches it in cli/module_access.h.
 */
#ifndef SCHEDSCOPE_CLI_H
#define SCHEDSCOPE_CLI_H

#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define EXIT_USAGE	2
#define SS_DEBUGFS_DEFAULT	"/sys/kernel/debug/schedscope"
#define SS_DEBUGFS_ENV		"SCHEDSCOPE_DEBUGFS"

/* Long option values of the shared options (above any short option). */
enum {
	OPT_DEBUGFS = 0x100,
	OPT_PID,
	OPT_TGID,
	OPT_COMM,
	OPT_CGROUP,
	OPT_FIRST_COMMAND_OPT,	/* commands number theirs from here */
};

/* cli/errors.c */

/* Print "schedscope CMD: MESSAGE" and a pointer to --help; returns 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * The usage error for what getopt_long() (optstring starting with ':')
 * returned for a bad option: ':' for a missing value, anything else for an
 * unknown option. Returns EXIT_USAGE.
 */
int cli_bad_option(const char *cmd, int opt, char **argv);

/* The usage error for an argument the command takes none of; EXIT_USAGE. */
int cli_unexpected_argument(const char *cmd, const char *arg);

/* "schedscope CMD: MESSAGE" on stderr. */
void cli_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * cli_error() for each line of msgs: the messages a library function
 * returned one a line (error_msg_add()), a first error and what failed
 * after it.
 */
void cli_error_lines(const char *cmd, const char *msgs);

/* cli/signals.c */

/*
 * The signal (SIGINT, SIGTERM or SIGHUP) that asked to stop, once
 * cli_stop_on_signals() has run; 0 while none has come.
 */
extern volatile sig_atomic_t cli_stop_requested;
struct timespec;
/* @next += @seconds, then sleep until @next unless a stop is requested */
void cli_sleep_until_next(struct timespec *next, double seconds);
/* Catch SIGINT, SIGTERM and SIGHUP: they set cli_stop_requested, no more. */
void cli_stop_on_signals(void);
/* Their default actions again. */
void cli_stop_signals_default(void);
/* "SIGINT", "SIGTERM" or "SIGHUP"; "a signal" for any other. */
const char *cli_stop_signal_name(int sig);

/* cli/numbers.c */

/* A positive number of seconds: "1", "0.5", "2.25"; at most a day. */
int cli_parse_interval(const char *s, double *seconds);
/* A decimal integer in [min, max]. Returns 0 or -EINVAL / -ERANGE. */
int cli_parse_uint(const char *s, uint64_t min, uint64_t max, uint64_t *value);

/* cli/filter.c */

#define CLI_FILTER_OPTIONS \
	{ "pid", required_argument, NULL, OPT_PID }, \
	{ "tgid", required_argument, NULL, OPT_TGID }, \
	{ "comm", required_argument, NULL, OPT_COMM }, \
	{ "cgroup", required_argument, NULL, OPT_CGROUP }

/* The four filter options; CLI_FILTER_HELP says when the filter is written. */
#define CLI_FILTER_OPTIONS_HELP \
"  --pid TID             measure only the thread TID\n" \
"  --tgid PID            measure only the threads of process PID\n" \
"  --comm NAME           measure only tasks named NAME (1-15 bytes)\n" \
"  --cgroup PATH         measure only tasks in cgroup v2 PATH or below\n"
#define CLI_FILTER_HELP CLI_FILTER_OPTIONS_HELP \
"                        (one of the four; the module's filter is written\n" \
"                        before measuring and restored afterwards)\n"

struct cli_filter {
	int opt;			/* 0: none given */
	const char *arg;
};

/*
 * Take one filter option. Returns 0, or EXIT_USAGE after printing why (a
 * second, different filter; a bad value).
 */
int cli_filter_option(const char *cmd, struct cli_filter *f, int opt,
		      const char *arg);
/* The module's filter line for f ("pid=42"); "" when none was given. */
void cli_filter_string(const struct cli_filter *f, char *buf, size_t len);

/* cli/options.c */

#define CLI_DEBUGFS_OPTION	{ "debugfs", required_argument, NULL, OPT_DEBUGFS }
#define CLI_HELP_OPTION		{ "help", no_argument, NULL, 'h' }

/* The --debugfs help line of the commands that read the module. */
#define CLI_DEBUGFS_HELP \
"  --debugfs DIR         the module's debugfs directory (default\n" \
"                        $" SS_DEBUGFS_ENV ", else " SS_DEBUGFS_DEFAULT ")\n"
#define CLI_HELP_HELP \
"  -h, --help            this text\n"

/* What the shared options set; each command's params embed it. */
struct cli_common_params {
	const char *debugfs;		/* --debugfs DIR; NULL: not given */
	struct cli_filter filter;	/* --pid, --tgid, --comm or --cgroup */
};

/*
 * How one command's command line is read: its option table holds its own
 * options and those of the shared ones it takes (CLI_DEBUGFS_OPTION,
 * CLI_FILTER_OPTIONS, CLI_HELP_OPTION).
 */
struct cli_command_options {
	const char *cmd;		/* "show": the messages' prefix */
	void (*usage)(FILE *out);	/* -h, --help */
	const char *optstring;		/* ":h" ('+:h' to stop at an argument) */
	const struct option *options;
	/*
	 * Take one of the command's own options into params: 0, -1 to stop
	 * with exit status 0 (it printed what was asked), or EXIT_USAGE after
	 * the message. NULL for a command with none.
	 */
	int (*take)(void *params, int opt, const char *arg);
};

/*
 * getopt_long() over argv: the shared options into common, the command's
 * own through co->take(params, ...), --help to co->usage(stdout), a bad
 * option to its usage error. Returns 0 with optind at the first argument
 * left, -1 after --help (the command exits 0), or EXIT_USAGE after the
 * message.
 */
int cli_parse_options(const struct cli_command_options *co, int argc,
		      char **argv, struct cli_common_params *common,
		      void *params);

/* The usage error for the first argument left, if any; else 0. */
int cli_no_arguments(const char *cmd, int argc, char **argv);

/* The debugfs directory: the option, else $SCHEDSCOPE_DEBUGFS, else default. */
const char *cli_debugfs_dir(const char *option);

#endif
