// SPDX-License-Identifier: GPL-2.0
/*
 * The --pid, --tgid, --comm and --cgroup options: one task set, checked
 * here, written to the module's filter file by the commands.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

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
