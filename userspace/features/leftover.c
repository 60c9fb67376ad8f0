// SPDX-License-Identifier: GPL-2.0
/* A features record left over, described and undone (features/leftover.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "features/leftover.h"
#include "lib/error_msg.h"

/* The writes that turn the features file's list back into o's; -errno. */
static int tokens_back(const struct feature_owner *o, char *buf, size_t len,
		       size_t *n, char *err, size_t errlen)
{
	sched_feature_token tokens[SCHED_FEATURES_MAX];
	struct sched_features now;
	size_t i, used = 0;
	int ret;

	ret = sched_features_read(o->path, &now, err, errlen);
	if (ret)
		return ret;
	if (sched_features_diff(&now, &o->original, tokens, SCHED_FEATURES_MAX,
				n)) {
		error_msg(err, errlen, "%s lists other features than the record",
			  o->path);
		return -EINVAL;
	}
	buf[0] = '\0';
	for (i = 0; i < *n && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s", i ? " " : "",
				 tokens[i]);
	return 0;
}

enum feature_owner_state feature_leftover_describe(const char *dir, char *line,
						   size_t len, char *err,
						   size_t errlen)
{
	enum feature_owner_state state;
	char who[256], back[2048];
	struct feature_owner o;
	size_t n;

	line[0] = '\0';
	if (feature_owner_read(dir, &o, &state, err, errlen))
		return FEATURE_OWNER_NONE;
	if (state == FEATURE_OWNER_NONE)
		return state;
	feature_owner_name(&o, who, sizeof(who));
	if (state == FEATURE_OWNER_LIVE) {
		snprintf(line, len, "%s is changing the sched features; it puts "
			 "them back when it ends", who);
		return state;
	}
	if (tokens_back(&o, back, sizeof(back), &n, err, errlen))
		snprintf(line, len, "%s died with the sched features changed, "
			 "and they cannot be compared with what it found: %s",
			 who, err);
	else if (n)
		snprintf(line, len, "%s died with the sched features changed; "
			 "'schedscope restore' writes back what it found: %s",
			 who, back);
	else
		snprintf(line, len, "%s died; the sched features are as it "
			 "found them ('schedscope restore' removes its record)",
			 who);
	return state;
}

int feature_leftover_restore(const char *dir, char *done, size_t donelen,
			     char *err, size_t errlen)
{
	enum feature_owner_state state;
	struct sched_features now;
	char who[256], back[2048];
	struct feature_owner o;
	size_t n;
	int ret;

	done[0] = '\0';
	ret = feature_owner_read(dir, &o, &state, err, errlen);
	if (ret)
		return ret;
	if (state == FEATURE_OWNER_NONE)
		return feature_owner_release(dir, err, errlen);
	feature_owner_name(&o, who, sizeof(who));
	if (state == FEATURE_OWNER_LIVE) {
		snprintf(done, donelen, "%s is changing the sched features", who);
		return -EBUSY;
	}
	ret = tokens_back(&o, back, sizeof(back), &n, err, errlen);
	if (!ret)
		ret = sched_features_restore(o.path, &o.original, &now, err,
					     errlen);
	if (!ret)
		ret = feature_owner_release(dir, err, errlen);
	if (ret)
		return ret;
	if (n)
		snprintf(done, donelen, "%s died with the sched features "
			 "changed; wrote back what it found: %s", who, back);
	else
		snprintf(done, donelen, "%s died; the sched features were as it "
			 "found them; its record removed", who);
	return 0;
}
