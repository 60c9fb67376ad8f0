// SPDX-License-Identifier: GPL-2.0
/* This boot's sched features as first seen (features/boot_default.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "features/boot_default.h"
#include "features/owner.h"
#include "lib/atomic_file.h"
#include "lib/error_msg.h"
#include "lib/read_file.h"

static void boot_path(const char *dir, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", dir, FEATURE_BOOT_FILE);
}

int feature_boot_read(const char *dir, struct sched_features *feat,
		      bool *have, char *err, size_t errlen)
{
	char path[4200], now[FEATURE_BOOT_ID_MAX], *buf, *list, *nl;
	size_t len, idlen;
	int ret;

	*have = false;
	boot_path(dir, path, sizeof(path));
	ret = read_file(path, &buf, &len, err, errlen);
	if (ret == -ENOENT)
		return 0;
	if (ret)
		return ret;
	feature_boot_id(now, sizeof(now));
	idlen = strlen(now);
	list = strstr(buf, "\nfeatures ");
	if (strncmp(buf, "boot ", 5) || !list) {
		error_msg(err, errlen, "%s: not \"boot ID\" and \"features LIST\"",
			  path);
		free(buf);
		return -EINVAL;
	}
	if (strncmp(buf + 5, now, idlen) || buf[5 + idlen] != '\n') {
		free(buf);	/* an earlier boot's */
		return 0;
	}
	list += strlen("\nfeatures ");
	nl = strchr(list, '\n');
	if (nl)
		*nl = '\0';
	ret = sched_features_parse(list, feat, err, errlen);
	if (ret)
		error_msg_prefix(err, errlen, path);
	*have = !ret;
	free(buf);
	return ret;
}

static int write_boot(FILE *out, void *arg)
{
	const struct sched_features *feat = arg;
	char list[SCHED_FEATURES_MAX * (SCHED_FEATURE_NAME_MAX + 4)];
	char id[FEATURE_BOOT_ID_MAX];

	feature_boot_id(id, sizeof(id));
	sched_features_format(feat, list, sizeof(list));
	return fprintf(out, "boot %s\nfeatures %s\n", id, list) < 0 ? -EIO : 0;
}

int feature_boot_record(const char *dir, const char *path, char *err,
			size_t errlen)
{
	enum feature_owner_state state;
	struct sched_features feat;
	struct feature_owner o;
	char file[4200];
	bool have;
	int ret;

	ret = feature_boot_read(dir, &feat, &have, err, errlen);
	if (ret || have)
		return ret;
	ret = feature_owner_read(dir, &o, &state, err, errlen);
	if (ret)
		return ret;
	if (state != FEATURE_OWNER_NONE)
		feat = o.original;
	else if ((ret = sched_features_read(path, &feat, err, errlen)))
		return ret;
	ret = feature_dir_make(dir, err, errlen);
	if (ret)
		return ret;
	boot_path(dir, file, sizeof(file));
	return atomic_file_write(file, write_boot, &feat, err, errlen);
}
