/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgroup ids to paths (lib/cgroup_path.h), the recent ones kept: the same
 * few cgroups come back record after record, and each look-up walks the
 * cgroup tree.
 */
#ifndef SCHEDSCOPE_LIB_CGROUP_NAMES_H
#define SCHEDSCOPE_LIB_CGROUP_NAMES_H

#include <stdbool.h>
#include <stdint.h>

#define CGROUP_NAMES_KEPT	16

struct cgroup_name {
	uint64_t id;			/* 0: an empty entry */
	bool found;			/* false: no such cgroup any more */
	char path[4096];
};

struct cgroup_names {
	const char *root;		/* CGROUP2_MOUNT, or a copy for tests */
	unsigned int next;		/* the entry replaced next */
	struct cgroup_name kept[CGROUP_NAMES_KEPT];
};

/*
 * The path of id ("/" for the root), or NULL for id 0 or a cgroup that is
 * gone. Valid until CGROUP_NAMES_KEPT other ids have been looked up.
 */
const char *cgroup_name(struct cgroup_names *names, uint64_t id);

#endif
