// SPDX-License-Identifier: GPL-2.0
/*
 * The line that load, unload and status print about the sched features
 * when a sweep is changing them or died with them changed
 * (features/leftover.h), and this boot's defaults recorded by load.
 */
#include <errno.h>
#include <stdio.h>

#include "cli/cli.h"
#include "cmd/commands.h"
#include "features/boot_default.h"
#include "features/features.h"
#include "features/leftover.h"

void cmd_note_features(const char *cmd)
{
	char line[2048], err[1024];

	err[0] = '\0';
	if (feature_leftover_describe(feature_owner_dir(), line, sizeof(line),
				      err, sizeof(err)) != FEATURE_OWNER_NONE)
		fprintf(stderr, "schedscope %s: %s\n", cmd, line);
	else if (err[0])
		cli_error(cmd, "the record of who changed the sched features: %s",
			  err);
}

void cmd_record_boot_features(const char *cmd)
{
	char err[1024];
	int ret;

	ret = feature_boot_record(feature_owner_dir(), SCHED_FEATURES_PATH, err,
				  sizeof(err));
	/* no features file (debugfs not mounted): nothing to record */
	if (ret && ret != -ENOENT)
		cli_error(cmd, "this boot's sched features not recorded: %s", err);
}
