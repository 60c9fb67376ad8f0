// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "lib/parse_u64.h"

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "schedscope%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'schedscope %s%s--help' for more information.\n",
		cmd ? cmd : "", cmd ? " " : "");
	return EXIT_USAGE;
}

int cli_bad_option(const char *cmd, int opt, char **argv)
{
	if (opt == ':')
		return cli_usage_error(cmd, "option '%s' needs a value",
				       argv[optind - 1]);
	return cli_usage_error(cmd, "unknown option '%s'", argv[optind - 1]);
}

int cli_unexpected_argument(const char *cmd, const char *arg)
{
	return cli_usage_error(cmd, "unexpected argument '%s'", arg);
}

void cli_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "schedscope%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

volatile sig_atomic_t cli_stop_requested;

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };

static void request_stop(int sig)
{
	cli_stop_requested = sig;
}

static void set_stop_handler(void (*handler)(int))
{
	struct sigaction sa = { .sa_handler = handler };
	size_t i;

	for (i = 0; i < sizeof(stop_signals) / sizeof(stop_signals[0]); i++)
		sigaction(stop_signals[i], &sa, NULL);
}

void cli_stop_on_signals(void)
{
	set_stop_handler(request_stop);
}

void cli_stop_signals_default(void)
{
	set_stop_handler(SIG_DFL);
}

const char *cli_debugfs_dir(const char *option)
{
	const char *env = getenv(SS_DEBUGFS_ENV);

	if (option)
		return option;
	if (env && *env)
		return env;
	return SS_DEBUGFS_DEFAULT;
}

int cli_parse_interval(const char *s, double *seconds)
{
	char *end;
	double v;

	if (!*s || !((*s >= '0' && *s <= '9') || *s == '.'))
		return -EINVAL;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || !isfinite(v) || v <= 0)
		return -EINVAL;
	if (v < 0.001 || v > 86400)
		return -ERANGE;
	*seconds = v;
	return 0;
}

int cli_parse_uint(const char *s, uint64_t min, uint64_t max, uint64_t *value)
{
	uint64_t v;
	int ret = parse_u64(s, strlen(s), &v);

	if (ret)
		return ret;
	if (v < min || v > max)
		return -ERANGE;
	*value = v;
	return 0;
}

static const char *filter_name(int opt)
{
	switch (opt) {
	case OPT_PID:
		return "pid";
	case OPT_TGID:
		return "tgid";
	case OPT_COMM:
		return "comm";
	default:
		return "cgroup";
	}
}

int cli_filter_option(const char *cmd, struct cli_filter *f, int opt,
		      const char *arg)
{
	uint64_t id;

	if (f->opt && (f->opt != opt || strcmp(f->arg, arg)))
		return cli_usage_error(cmd, "--%s %s conflicts with --%s %s: the "
				       "module measures one task set at a time",
				       filter_name(opt), arg, filter_name(f->opt),
				       f->arg);
	switch (opt) {
	case OPT_PID:
	case OPT_TGID:
		if (cli_parse_uint(arg, 1, INT_MAX, &id))
			return cli_usage_error(cmd, "--%s: '%s' is not a process "
					       "or thread id (1..%d)",
					       filter_name(opt), arg, INT_MAX);
		break;
	case OPT_COMM:
		if (!*arg || strlen(arg) > 15 || strchr(arg, '\n'))
			return cli_usage_error(cmd, "--comm: '%s' is not a task "
					       "name of 1 to 15 bytes", arg);
		break;
	default:
		if (!*arg || strchr(arg, '\n') || strlen(arg) > 4000)
			return cli_usage_error(cmd, "--cgroup: '%s' is not a "
					       "cgroup path", arg);
		break;
	}
	f->opt = opt;
	f->arg = arg;
	return 0;
}

void cli_filter_string(const struct cli_filter *f, char *buf, size_t len)
{
	if (!f->opt)
		snprintf(buf, len, "%s", "");
	else
		snprintf(buf, len, "%s=%s", filter_name(f->opt), f->arg);
}
