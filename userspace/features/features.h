/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scheduler's feature flags as /sys/kernel/debug/sched/features lists
 * them ("PLACE_LAG NO_RUN_TO_PARITY ..."): parsing the list, checking a
 * setting such as "NO_DELAY_DEQUEUE,NO_PLACE_LAG" against it, and what to
 * write to get from one list back to another. The kernel takes one name per
 * write: "NAME" sets a flag, "NO_NAME" clears it.
 */
#ifndef SCHEDSCOPE_SCHED_FEATURES_H
#define SCHEDSCOPE_SCHED_FEATURES_H

#include <stdbool.h>
#include <stddef.h>

#define SCHED_FEATURES_PATH	"/sys/kernel/debug/sched/features"
#define SCHED_FEATURE_NAME_MAX	64
#define SCHED_FEATURES_MAX	128

struct sched_feature {
	char name[SCHED_FEATURE_NAME_MAX];	/* without NO_ */
	bool enabled;
};

struct sched_features {
	size_t n;
	struct sched_feature f[SCHED_FEATURES_MAX];
};

/* What one write to the features file says: "NAME" or "NO_NAME". */
typedef char sched_feature_token[SCHED_FEATURE_NAME_MAX + 3];

/*
 * Parse the features file's text. Returns 0, or -EINVAL (err says why: an
 * empty list, a bad name, a name twice, too many).
 */
int sched_features_parse(const char *text, struct sched_features *feat,
			 char *err, size_t errlen);

/* The list as the kernel prints it: names separated by blanks. */
void sched_features_format(const struct sched_features *feat, char *buf,
			   size_t len);

/* Index of feature name (without NO_), or -1. */
int sched_features_find(const struct sched_features *feat, const char *name);

/*
 * Check a setting: "default" (no change) or names and NO_names separated by
 * commas, each a feature of feat, no feature twice. On success fill
 * changes[0..*nchanges) with the tokens to write, in order, and return 0.
 * Else -EINVAL, and err says which name is wrong and lists the valid ones.
 */
int sched_features_setting(const struct sched_features *feat,
			   const char *setting,
			   sched_feature_token *changes,
			   size_t max_changes, size_t *nchanges,
			   char *err, size_t errlen);

/*
 * The tokens that turn `now` into `want` (same feature names), into
 * tokens[0..*ntokens). Returns 0, or -EINVAL when the two lists do not
 * name the same features.
 */
int sched_features_diff(const struct sched_features *now,
			const struct sched_features *want,
			sched_feature_token *tokens,
			size_t max_tokens, size_t *ntokens);

/* Read the features file at path. Returns 0 or -errno (err says why). */
int sched_features_read(const char *path, struct sched_features *feat,
			char *err, size_t errlen);

/* Write one token to the features file. Returns 0 or -errno. */
int sched_features_write(const char *path, const char *token,
			 char *err, size_t errlen);

/*
 * The features file at path back to original (the same feature names), read
 * again and checked; now is what it shows at the end. Returns 0, or -errno
 * with a message in err.
 */
int sched_features_restore(const char *path,
			   const struct sched_features *original,
			   struct sched_features *now, char *err,
			   size_t errlen);

#endif
