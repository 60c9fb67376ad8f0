/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every subcommand of schedscope shares: exit codes, usage errors,
 * number parsing, the debugfs directory, and the --pid/--tgid/--comm/--cgroup
 * filter options.
 */
#ifndef SCHEDSCOPE_CLI_H
#define SCHEDSCOPE_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

#define CLI_FILTER_OPTIONS \
	{ "pid", required_argument, NULL, OPT_PID }, \
	{ "tgid", required_argument, NULL, OPT_TGID }, \
	{ "comm", required_argument, NULL, OPT_COMM }, \
	{ "cgroup", required_argument, NULL, OPT_CGROUP }

#define CLI_FILTER_HELP \
"  --pid TID             measure only the thread TID\n" \
"  --tgid PID            measure only the threads of process PID\n" \
"  --comm NAME           measure only tasks named NAME (1-15 bytes)\n" \
"  --cgroup PATH         measure only tasks in cgroup v2 PATH or below\n" \
"                        (one of the four; the module's filter is written\n" \
"                        before measuring and restored afterwards)\n"

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
 * The signal (SIGINT, SIGTERM or SIGHUP) that asked to stop, once
 * cli_stop_on_signals() has run; 0 while none has come.
 */
extern volatile sig_atomic_t cli_stop_requested;
/* Catch SIGINT, SIGTERM and SIGHUP: they set cli_stop_requested, no more. */
void cli_stop_on_signals(void);
/* Their default actions again. */
void cli_stop_signals_default(void);

/* The debugfs directory: the option, else $SCHEDSCOPE_DEBUGFS, else default. */
const char *cli_debugfs_dir(const char *option);

/* A positive number of seconds: "1", "0.5", "2.25"; at most a day. */
int cli_parse_interval(const char *s, double *seconds);
/* A decimal integer in [min, max]. Returns 0 or -EINVAL / -ERANGE. */
int cli_parse_uint(const char *s, uint64_t min, uint64_t max, uint64_t *value);

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

#endif
