// SPDX-License-Identifier: GPL-2.0
/* A sweep's setting parsed, applied to the features file, and restored. */
#include <errno.h>
#include <stdio.h>
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

/* err prefixed with the setting's name; -EINVAL. */
static int setting_error(const struct sweep_setting_spec *s, char *err,
			 size_t errlen)
{
	char prefix[160];

	snprintf(prefix, sizeof(prefix), "setting '%.140s'", s->name);
	error_msg_prefix(err, errlen, prefix);
	return -EINVAL;
}

/* The item at p (up to a comma) into s's knobs. */
static int add_knob(struct sweep_setting_spec *s, const char *p, size_t len,
		    char *err, size_t errlen)
{
	if (s->nknobs == SWEEP_MAX_KNOBS)
		return error_ret(err, errlen, -EINVAL,
				 "setting '%s': at most %d knobs", s->name,
				 SWEEP_MAX_KNOBS);
	if (sweep_knob_parse(p, len, &s->knobs[s->nknobs], err, errlen))
		return setting_error(s, err, errlen);
	s->nknobs++;
	return 0;
}

int sweep_setting_parse(const struct sched_features *feat,
			struct sweep_setting_spec *s, char *err, size_t errlen)
{
	char features[1024];
	size_t used = 0;
	const char *p = s->name;

	s->nknobs = 0;
	s->nchanges = 0;
	features[0] = '\0';
	while (strcmp(s->name, "default") && *p) {
		size_t len = strcspn(p, ",");

		if (!len)
			return error_ret(err, errlen, -EINVAL,
					 "setting '%s': empty name (names are separated by single commas, or the setting is 'default')",
					 s->name);
		if (sweep_knob_item(p, len)) {
			if (add_knob(s, p, len, err, errlen))
				return -EINVAL;
		} else if (used + len + 2 > sizeof(features)) {
			return error_ret(err, errlen, -EINVAL,
					 "setting '%s': too long", s->name);
		} else {
			used += snprintf(features + used, sizeof(features) - used,
					 "%s%.*s", used ? "," : "", (int)len, p);
		}
		p += len;
		if (*p && !*++p)
			return error_ret(err, errlen, -EINVAL,
					 "setting '%s': empty name (names are separated by single commas, or the setting is 'default')",
					 s->name);
	}
	if (sweep_knobs_check(s->knobs, s->nknobs, err, errlen))
		return setting_error(s, err, errlen);
	if (!used && s->nknobs)
		return 0;
	if (used && s->nknobs && !strcmp(features, "default"))
		return error_ret(err, errlen, -EINVAL,
				 "setting '%s': 'default' stands alone; knobs without features run on the features as found",
				 s->name);
	return sched_features_setting(feat, used ? features : s->name,
				      s->changes, SWEEP_MAX_CHANGES,
				      &s->nchanges, err, errlen);
}
