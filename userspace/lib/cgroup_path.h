/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cgroup v2 directory from its id (the inode number of its directory,
 * what the kernel's cgroup_id() gives), found under the cgroup2 mount.
 */
#ifndef SCHEDSCOPE_LIB_CGROUP_PATH_H
#define SCHEDSCOPE_LIB_CGROUP_PATH_H

#include <stddef.h>
#include <stdint.h>

#define CGROUP2_MOUNT	"/sys/fs/cgroup"

/*
 * The path of cgroup id below root (CGROUP2_MOUNT, or a copy for tests),
 * without root: "/" for root itself, "/system.slice/x.service". Returns 0,
 * or -ENOENT when no directory has that id (the cgroup is gone).
 */
int cgroup_path_of_id(const char *root, uint64_t id, char *buf, size_t len);

#endif
