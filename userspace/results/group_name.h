/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The name of a group of a group sweep (docs/sweep.md, "Groups"): what
 * `sweep --group NAME=...` accepts and what sweep.json's "groups" hold.
 */
#ifndef SCHEDSCOPE_RESULTS_GROUP_NAME_H
#define SCHEDSCOPE_RESULTS_GROUP_NAME_H

#include <stdbool.h>

#define SWEEP_GROUP_NAME_MAX	31

/*
 * A group name: 1 to 31 of [a-z0-9_], the first a letter. No '.', so no
 * name meets a cgroup interface file (cgroup.procs, cpu.stat).
 */
bool sweep_group_name_ok(const char *name);

#endif
