// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope enable | disable | reset: the module's control files written
 * by name, for a person who would otherwise echo into debugfs; and the
 * line show and status print while the module measures nothing.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/module_access.h"
#include "cmd/commands.h"
#include "kmod/control.h"

struct control_command {
	const char *name, *file, *value, *summary, *done;
};

static const struct control_command control_commands[] = {
	{ "enable", "enable", "1", "start measuring (the probes count from now)",
	  "enabled: measuring" },
	{ "disable", "enable", "0", "stop measuring (the counts stay readable)",
	  "disabled: counts kept, nothing more measured" },
	{ "reset", "reset", "1", "zero every counter and histogram",
	  "reset: every counter and histogram at zero" },
};

static const struct control_command *this_command;

static void usage(FILE *out)
{
	fprintf(out, "Usage: schedscope %s [OPTIONS]\n\nWrites %s to the module's "
		"%s file: %s.\n\n" CLI_DEBUGFS_HELP CLI_HELP_HELP,
		this_command->name, this_command->value, this_command->file,
		this_command->summary);
}

static const struct option options[] = {
	CLI_DEBUGFS_OPTION,
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static int run_control(const struct control_command *c, int argc, char **argv)
{
	const struct cli_command_options copts = {
		.cmd = c->name, .usage = usage, .optstring = ":h",
		.options = options,
	};
	struct cli_common_params common = { 0 };
	char err[1024];
	const char *dir;
	int ret;

	this_command = c;
	ret = cli_parse_options(&copts, argc, argv, &common, NULL);
	if (!ret)
		ret = cli_no_arguments(c->name, argc, argv);
	if (ret)
		return ret < 0 ? 0 : ret;
	if (ss_require_debugfs_dir(c->name, common.debugfs, &dir))
		return 1;
	if (ss_ctl_write(dir, c->file, c->value, err, sizeof(err))) {
		cli_error(c->name, "%s", err);
		return 1;
	}
	printf("%s\n", c->done);
	return 0;
}

int cmd_enable(int argc, char **argv)
{
	return run_control(&control_commands[0], argc, argv);
}

int cmd_disable(int argc, char **argv)
{
	return run_control(&control_commands[1], argc, argv);
}

int cmd_reset(int argc, char **argv)
{
	return run_control(&control_commands[2], argc, argv);
}

void cmd_warn_disabled(const char *cmd, const char *dir)
{
	char value[16], err[256];

	if (!ss_ctl_read(dir, "enable", value, sizeof(value), err, sizeof(err)) &&
	    !strcmp(value, "0"))
		fprintf(stderr, "schedscope %s: the module is disabled: nothing "
			"is being measured ('schedscope enable' starts it)\n",
			cmd);
}
