// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope restore: the sched features a sweep found, written back after
 * the sweep died without doing it (SIGKILL, the OOM killer, a lost
 * session); features/leftover.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cmd/commands.h"
#include "features/leftover.h"

static const char cmd[] = "restore";

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope restore\n"
"\n"
"A sweep records the sched features as it found them, with its pid, in\n"
"%s/%s (SCHEDSCOPE_RUN_DIR instead of /run/schedscope)\n"
"before it changes any, and removes the record once they are back. When\n"
"it died without putting them back, restore writes them back, checks\n"
"them and removes the record. Nothing to do is not an error. Exit status 1\n"
"when the sweep still runs (it puts them back itself) or the features\n"
"cannot be written.\n"
"\n"
CLI_HELP_HELP, "/run/schedscope", FEATURE_OWNER_FILE);
}

static const struct option options[] = {
	CLI_HELP_OPTION,
	{ NULL, 0, NULL, 0 },
};

static const struct cli_command_options restore_options = {
	.cmd = cmd,
	.usage = usage,
	.optstring = ":h",
	.options = options,
};

int cmd_restore(int argc, char **argv)
{
	struct cli_common_params common = { 0 };
	char done[2048], err[1024];
	int ret;

	ret = cli_parse_options(&restore_options, argc, argv, &common, NULL);
	if (!ret)
		ret = cli_no_arguments(cmd, argc, argv);
	if (ret)
		return ret < 0 ? 0 : ret;
	ret = feature_leftover_restore(feature_owner_dir(), done, sizeof(done),
				       err, sizeof(err));
	if (ret == -EBUSY) {
		cli_error(cmd, "%s: it puts them back when it ends", done);
		return 1;
	}
	if (ret) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	printf("%s\n", done[0] ? done : "nothing to restore: no sweep left the "
	       "sched features changed");
	return 0;
}
