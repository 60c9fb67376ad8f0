// SPDX-License-Identifier: GPL-2.0
/* Parsing, checking and writing the scheduler's feature flags. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/error_msg.h"
#include "lib/read_file.h"
#include "features/features.h"

#define NO_PREFIX	"NO_"

/* Feature names are C identifiers in upper case: [A-Z0-9_], not empty. */
static bool valid_name(const char *s, size_t len)
{
	size_t i;

	if (!len || len >= SCHED_FEATURE_NAME_MAX)
		return false;
	for (i = 0; i < len; i++)
		if (!isupper((unsigned char)s[i]) && !isdigit((unsigned char)s[i]) &&
		    s[i] != '_')
			return false;
	return true;
}

int sched_features_find(const struct sched_features *feat, const char *name)
{
	size_t i;

	for (i = 0; i < feat->n; i++)
		if (!strcmp(feat->f[i].name, name))
			return (int)i;
	return -1;
}

int sched_features_parse(const char *text, struct sched_features *feat,
			 char *err, size_t errlen)
{
	const char *p = text;

	feat->n = 0;
	for (;;) {
		struct sched_feature f = { .enabled = true };
		const char *word;
		size_t len;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		word = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n')
			p++;
		len = p - word;
		if (len >= strlen(NO_PREFIX) && !strncmp(word, NO_PREFIX, strlen(NO_PREFIX))) {
			f.enabled = false;
			word += strlen(NO_PREFIX);
			len -= strlen(NO_PREFIX);
		}
		if (!valid_name(word, len)) {
			error_msg(err, errlen, "not a feature name: '%.*s'",
				  (int)(p - word), word);
			return -EINVAL;
		}
		memcpy(f.name, word, len);
		f.name[len] = '\0';
		if (sched_features_find(feat, f.name) >= 0) {
			error_msg(err, errlen, "feature %s listed twice", f.name);
			return -EINVAL;
		}
		if (feat->n == SCHED_FEATURES_MAX) {
			error_msg(err, errlen, "more than %d features",
				  SCHED_FEATURES_MAX);
			return -EINVAL;
		}
		feat->f[feat->n++] = f;
	}
	if (!feat->n) {
		error_msg(err, errlen, "no features listed");
		return -EINVAL;
	}
	return 0;
}

void sched_features_format(const struct sched_features *feat, char *buf,
			   size_t len)
{
	size_t i, used = 0;

	if (!len)
		return;
	buf[0] = '\0';
	for (i = 0; i < feat->n && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s%s", i ? " " : "",
				 feat->f[i].enabled ? "" : NO_PREFIX,
				 feat->f[i].name);
}

static void valid_names(const struct sched_features *feat, char *buf,
			size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < feat->n && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s", i ? " " : "",
				 feat->f[i].name);
}

int sched_features_setting(const struct sched_features *feat,
			   const char *setting, sched_feature_token *changes,
			   size_t max_changes, size_t *nchanges,
			   char *err, size_t errlen)
{
	bool seen[SCHED_FEATURES_MAX] = { false };
	const char *p = setting;
	char names[SCHED_FEATURES_MAX * SCHED_FEATURE_NAME_MAX];

	*nchanges = 0;
	if (!strcmp(setting, "default"))
		return 0;
	valid_names(feat, names, sizeof(names));
	for (;;) {
		const char *word = p, *name;
		size_t len, name_len;
		int idx;

		while (*p && *p != ',')
			p++;
		len = p - word;
		name = word;
		name_len = len;
		if (len >= strlen(NO_PREFIX) && !strncmp(word, NO_PREFIX, strlen(NO_PREFIX))) {
			name += strlen(NO_PREFIX);
			name_len -= strlen(NO_PREFIX);
		}
		if (!len) {
			error_msg(err, errlen, "setting '%s': empty name (names are separated by single commas, or the setting is 'default')",
				  setting);
			return -EINVAL;
		}
		idx = -1;
		if (valid_name(name, name_len)) {
			char buf[SCHED_FEATURE_NAME_MAX];

			memcpy(buf, name, name_len);
			buf[name_len] = '\0';
			idx = sched_features_find(feat, buf);
		}
		if (idx < 0) {
			error_msg(err, errlen, "setting '%s': '%.*s' is not a feature of this kernel; valid (each also as NO_NAME): %s",
				  setting, (int)len, word, names);
			return -EINVAL;
		}
		if (seen[idx]) {
			error_msg(err, errlen, "setting '%s': %s named twice",
				  setting, feat->f[idx].name);
			return -EINVAL;
		}
		seen[idx] = true;
		if (*nchanges == max_changes) {
			error_msg(err, errlen, "setting '%s': too many names", setting);
			return -EINVAL;
		}
		snprintf(changes[(*nchanges)++], sizeof(changes[0]), "%.*s",
			 (int)len, word);
		if (!*p)
			return 0;
		p++;
	}
}

int sched_features_diff(const struct sched_features *now,
			const struct sched_features *want,
			sched_feature_token *tokens, size_t max_tokens,
			size_t *ntokens)
{
	size_t i;

	*ntokens = 0;
	if (now->n != want->n)
		return -EINVAL;
	for (i = 0; i < want->n; i++) {
		int idx = sched_features_find(now, want->f[i].name);

		if (idx < 0)
			return -EINVAL;
		if (now->f[idx].enabled == want->f[i].enabled)
			continue;
		if (*ntokens == max_tokens)
			return -EINVAL;
		snprintf(tokens[(*ntokens)++], sizeof(tokens[0]), "%s%s",
			 want->f[i].enabled ? "" : NO_PREFIX, want->f[i].name);
	}
	return 0;
}

int sched_features_read(const char *path, struct sched_features *feat,
			char *err, size_t errlen)
{
	char *text;
	size_t len;
	int ret;

	ret = read_file(path, &text, &len, err, errlen);
	if (ret)
		return ret;
	ret = sched_features_parse(text, feat, err, errlen);
	if (ret)
		error_msg_prefix(err, errlen, path);
	free(text);
	return ret;
}

int sched_features_write(const char *path, const char *token,
			 char *err, size_t errlen)
{
	size_t len = strlen(token);
	ssize_t n;
	int fd, ret = 0;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		error_msg(err, errlen, "%s: %s", path, strerror(errno));
		return ret;
	}
	n = write(fd, token, len);
	if (n < 0) {
		ret = -errno;
		error_msg(err, errlen, "%s: writing %s: %s", path, token,
			  strerror(errno));
	} else if ((size_t)n != len) {
		ret = -EIO;
		error_msg(err, errlen, "%s: writing %s: short write", path, token);
	}
	if (close(fd) && !ret) {
		ret = -errno;
		error_msg(err, errlen, "%s: writing %s: %s", path, token,
			  strerror(errno));
	}
	return ret;
}

int sched_features_restore(const char *path,
			   const struct sched_features *original,
			   struct sched_features *now, char *err,
			   size_t errlen)
{
	sched_feature_token tokens[SCHED_FEATURES_MAX];
	size_t n, i;
	int ret;

	ret = sched_features_read(path, now, err, errlen);
	if (ret)
		return ret;
	if (sched_features_diff(now, original, tokens, SCHED_FEATURES_MAX, &n)) {
		error_msg(err, errlen, "the kernel now lists other features than "
			  "were recorded");
		return -EINVAL;
	}
	for (i = 0; i < n; i++) {
		ret = sched_features_write(path, tokens[i], err, errlen);
		if (ret)
			return ret;
	}
	ret = sched_features_read(path, now, err, errlen);
	if (ret)
		return ret;
	if (sched_features_diff(now, original, tokens, SCHED_FEATURES_MAX, &n) || n) {
		error_msg(err, errlen, "%s: %s still differs after writing it",
			  path, n ? tokens[0] : "the list");
		return -EIO;
	}
	return 0;
}
