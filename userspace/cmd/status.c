// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope status: the module's status file (version, kernel, enabled,
 * filter, metric groups), or why there is none.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/module_access.h"
#include "cmd/commands.h"
#include "lib/read_file.h"

static const char cmd[] = "status";

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope status [OPTIONS]\n"
"\n"
"Print the module's status: version, interface version, kernel, enabled\n"
"state, filter, task table size and, per metric group, whether it is live\n"
"and why not. Exit status 1 when the module is not there, with the reason.\n"
"\n"
CLI_DEBUGFS_HELP
CLI_HELP_HELP);
}

/* Every line "key value...": a status file, not something else. */
static int check_status(const char *buf, size_t len, char *err, size_t errlen)
{
	size_t pos = 0;
	unsigned int line = 0;

	if (!len || buf[len - 1] != '\n' || memchr(buf, '\0', len)) {
		snprintf(err, errlen, "%s", !len ? "empty" :
			 buf[len - 1] != '\n' ? "last line cut short (truncated?)" :
			 "NUL byte in it");
		return -EINVAL;
	}
	while (pos < len) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		size_t n = nl - (buf + pos);
		const char *sp = memchr(buf + pos, ' ', n);

		line++;
		if (!sp || sp == buf + pos || sp == buf + pos + n - 1) {
			snprintf(err, errlen, "line %u is not \"key value\"", line);
			return -EINVAL;
		}
		pos += n + 1;
	}
	if (!memmem(buf, len, "interface ", 10)) {
		snprintf(err, errlen, "no \"interface\" line");
		return -EINVAL;
	}
	return 0;
}

struct status_params {
	struct cli_common_params common;
};

static const struct option options[] = {
	CLI_DEBUGFS_OPTION,
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static const struct cli_command_options status_options = {
	.cmd = cmd,
	.usage = usage,
	.optstring = ":h",
	.options = options,
};

static int parse_args(int argc, char **argv, struct status_params *p)
{
	int ret;

	memset(p, 0, sizeof(*p));
	ret = cli_parse_options(&status_options, argc, argv, &p->common, p);
	return ret ? ret : cli_no_arguments(cmd, argc, argv);
}

/* dir/status, checked, to standard output. */
static int print_status(const char *dir)
{
	char path[4096], err[1024], why[256];
	size_t len;
	char *buf;
	int ret;

	snprintf(path, sizeof(path), "%s/status", dir);
	ret = read_file(path, &buf, &len, err, sizeof(err));
	if (ret) {
		if (access(dir, F_OK) || ret == -EACCES)
			ss_explain_missing(cmd, dir, ret);
		else
			cli_error(cmd, "%s", err);
		return 1;
	}
	ret = check_status(buf, len, why, sizeof(why));
	if (ret) {
		cli_error(cmd, "%s: not a schedscope status file: %s", path, why);
		free(buf);
		return 1;
	}
	fwrite(buf, 1, len, stdout);
	free(buf);
	return fflush(stdout) ? 1 : 0;
}

int cmd_status(int argc, char **argv)
{
	struct status_params p;
	int ret;

	ret = parse_args(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	cmd_note_features(cmd);
	ret = print_status(cli_debugfs_dir(p.common.debugfs));
	if (!ret)
		cmd_warn_disabled(cmd, cli_debugfs_dir(p.common.debugfs));
	return ret;
}
