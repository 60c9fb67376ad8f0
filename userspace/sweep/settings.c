// SPDX-License-Identifier: GPL-2.0
/* Applying a sweep's setting to the features file, and restoring it. */
#include <string.h>

#include "cli/cli.h"
#include "sweep/settings.h"

static const char cmd[] = "sweep";

bool sweep_features_restore(const char *path,
			    const struct sched_features *original,
			    struct sched_features *now)
{
	char err[1024];

	if (sched_features_restore(path, original, now, err, sizeof(err))) {
		cli_error(cmd, "restoring the features: %s", err);
		return false;
	}
	return true;
}

/* Every change of s as the file now shows it. */
static int check_setting(const struct sweep_setting_spec *s,
			 const struct sched_features *now)
{
	size_t i;

	for (i = 0; i < s->nchanges; i++) {
		const char *tok = s->changes[i];
		bool want = strncmp(tok, "NO_", 3) != 0;
		int idx = sched_features_find(now, want ? tok : tok + 3);

		if (idx < 0 || now->f[idx].enabled != want) {
			cli_error(cmd, "setting %s: the kernel did not take %s",
				  s->name, tok);
			return -1;
		}
	}
	return 0;
}

int sweep_setting_apply(const char *path, const struct sched_features *original,
			const struct sweep_setting_spec *s,
			struct sched_features *now)
{
	char err[1024];
	size_t i;

	if (!sweep_features_restore(path, original, now))
		return -1;
	for (i = 0; i < s->nchanges; i++)
		if (sched_features_write(path, s->changes[i], err, sizeof(err))) {
			cli_error(cmd, "setting %s: %s", s->name, err);
			return -1;
		}
	if (sched_features_read(path, now, err, sizeof(err))) {
		cli_error(cmd, "setting %s: %s", s->name, err);
		return -1;
	}
	return check_setting(s, now);
}
