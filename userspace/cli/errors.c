// SPDX-License-Identifier: GPL-2.0
/* The CLI's error messages: "schedscope CMD: ...", and the usage errors. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static void print_error(const char *cmd, const char *fmt, va_list ap)
{
	fprintf(stderr, "schedscope%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	vfprintf(stderr, fmt, ap);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	print_error(cmd, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'schedscope %s%s--help' for more information.\n",
		cmd ? cmd : "", cmd ? " " : "");
	return EXIT_USAGE;
}

/* "-1", "-0.5": what getopt takes for an option. */
static bool is_negative_number(const char *arg)
{
	char *end;

	if (arg[0] != '-' || !arg[1])
		return false;
	errno = 0;
	strtod(arg, &end);
	return !*end && !errno;
}

int cli_bad_option(const char *cmd, int opt, char **argv)
{
	if (opt == ':')
		return cli_usage_error(cmd, "option '%s' needs a value",
				       argv[optind - 1]);
	if (is_negative_number(argv[optind - 1]))
		return cli_usage_error(cmd, "'%s' is a negative number, not an "
				       "option; no value of %s may be negative",
				       argv[optind - 1], cmd ? cmd : "schedscope");
	return cli_usage_error(cmd, "unknown option '%s'", argv[optind - 1]);
}

int cli_unexpected_argument(const char *cmd, const char *arg)
{
	return cli_usage_error(cmd, "unexpected argument '%s'", arg);
}

void cli_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	print_error(cmd, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void cli_error_lines(const char *cmd, const char *msgs)
{
	size_t len;

	for (; *msgs; msgs += len + (msgs[len] == '\n')) {
		len = strcspn(msgs, "\n");
		cli_error(cmd, "%.*s", (int)len, msgs);
	}
}
