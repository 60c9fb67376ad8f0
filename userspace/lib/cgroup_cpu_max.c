// SPDX-License-Identifier: GPL-2.0
/* The cpu.max limit over a cgroup (lib/cgroup_cpu_max.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "lib/cgroup_cpu_max.h"

/* dir's cpu.max: 0 with a quota, 1 without one ("max"), -errno. */
static int read_cpu_max(const char *root, const char *dir, uint64_t *quota,
			uint64_t *period)
{
	char file[8400], text[64], extra;
	FILE *f;
	int n;

	snprintf(file, sizeof(file), "%s%s/cpu.max", root,
		 strcmp(dir, "/") ? dir : "");
	f = fopen(file, "re");
	if (!f)
		return -errno;
	if (!fgets(text, sizeof(text), f))
		text[0] = '\0';
	fclose(f);
	if (sscanf(text, "max %" SCNu64 " %c", period, &extra) == 1)
		return 1;
	n = sscanf(text, "%" SCNu64 " %" SCNu64 " %c", quota, period, &extra);
	return n == 2 && *quota && *period ? 0 : -EINVAL;
}

int cgroup_cpu_max_find(const char *root, const char *path,
			struct cgroup_cpu_max *limit)
{
	char *cut;
	int ret;

	if (path[0] != '/' ||
	    (size_t)snprintf(limit->path, sizeof(limit->path), "%s", path) >=
	    sizeof(limit->path))
		return -EINVAL;
	/* the root cgroup has no cpu.max */
	while (strcmp(limit->path, "/")) {
		ret = read_cpu_max(root, limit->path, &limit->quota_us,
				   &limit->period_us);
		if (ret == 0 || ret == -EINVAL)
			return ret;
		cut = strrchr(limit->path, '/');
		if (cut == limit->path)
			cut[1] = '\0';
		else
			*cut = '\0';
	}
	return -ENOENT;
}
