// SPDX-License-Identifier: GPL-2.0
/* Applying a sweep's setting to the features file, and restoring it. */
#include <string.h>

#include "lib/error_msg.h"
#include "sweep/settings.h"

bool sweep_features_restore(const char *path,
			    const struct sched_features *original,
			    struct sched_features *now, char *err,
			    size_t errlen)
{
	if (sched_features_restore(path, original, now, err, errlen)) {
		error_msg_prefix(err, errlen, "restoring the features");
		return false;
	}
	return true;
}

/* Every change of s as the file now shows it. */
static int check_setting(const struct sweep_setting_spec *s,
			 const struct sched_features *now, char *err,
			 size_t errlen)
{
	size_t i;

	for (i = 0; i < s->nchanges; i++) {
		const char *tok = s->changes[i];
		bool want = strncmp(tok, "NO_", 3) != 0;
		int idx = sched_features_find(now, want ? tok : tok + 3);

		if (idx < 0 || now->f[idx].enabled != want)
			return error_ret(err, errlen, -1,
					 "setting %s: the kernel did not take %s",
					 s->name, tok);
	}
	return 0;
}

int sweep_setting_apply(const char *path, const struct sched_features *original,
			const struct sweep_setting_spec *s,
			struct sched_features *now, char *err, size_t errlen)
{
	char msg[1024];
	size_t i;

	if (!sweep_features_restore(path, original, now, err, errlen))
		return -1;
	for (i = 0; i < s->nchanges; i++)
		if (sched_features_write(path, s->changes[i], msg, sizeof(msg)))
			return error_ret(err, errlen, -1, "setting %s: %s",
					 s->name, msg);
	if (sched_features_read(path, now, msg, sizeof(msg)))
		return error_ret(err, errlen, -1, "setting %s: %s", s->name, msg);
	return check_setting(s, now, err, errlen);
}
