/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cpu.max limit a cgroup v2 directory is under: its own, or the
 * nearest ancestor's that is not "max" (a task is throttled by whichever
 * level of its hierarchy runs out of quota first; the nearest is named).
 */
#ifndef SCHEDSCOPE_LIB_CGROUP_CPU_MAX_H
#define SCHEDSCOPE_LIB_CGROUP_CPU_MAX_H

#include <stddef.h>
#include <stdint.h>

struct cgroup_cpu_max {
	char path[4096];		/* the limiting cgroup, below root */
	uint64_t quota_us, period_us;
};

/*
 * From path ("/a/b", below root, e.g. CGROUP2_MOUNT) upwards. Returns 0
 * with *limit filled, -ENOENT when no level has a quota (or none is
 * readable), -EINVAL for a path not starting with '/' or a cpu.max that
 * is neither "max PERIOD" nor "QUOTA PERIOD".
 */
int cgroup_cpu_max_find(const char *root, const char *path,
			struct cgroup_cpu_max *limit);

#endif
