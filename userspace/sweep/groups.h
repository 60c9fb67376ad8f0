/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Workloads side by side, each in its own cgroup (docs/sweep.md, "Groups"):
 * `--group NAME=COMMAND` parsed into a name and an argument vector, and the
 * numbers a run of them gives: each group's CPU time from its cgroup's
 * cpu.stat and its share of the run.
 */
#ifndef SCHEDSCOPE_SWEEP_GROUPS_H
#define SCHEDSCOPE_SWEEP_GROUPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/group_name.h"

#define SWEEP_MAX_GROUPS	8
#define SWEEP_GROUP_MAX_ARGS	255

/* One --group NAME=COMMAND (or --service NAME=COMMAND). */
struct sweep_group_spec {
	char name[SWEEP_GROUP_NAME_MAX + 1];
	const char *command;		/* COMMAND as given */
	char **argv;			/* COMMAND split, NULL-ended (owned) */
	size_t argc;
};

/*
 * Parse "NAME=COMMAND": the name checked, COMMAND split into words as the
 * shell would (quotes, backslashes) by wordexp(3) without command
 * substitution and with unset variables an error. Returns 0, or -EINVAL
 * (-ENOMEM) with err saying what is wrong (bad name, no '=', empty command,
 * a word the shell would have to run or expand); g needs sweep_group_free()
 * only after 0.
 */
int sweep_group_parse(const char *arg, struct sweep_group_spec *g, char *err,
		      size_t errlen);
void sweep_group_free(struct sweep_group_spec *g);

/* A group's CPU time as its cgroup's cpu.stat counts it, in microseconds. */
struct cgroup_cpu_usage {
	uint64_t usage_usec, user_usec, system_usec;
};

/*
 * Read cpu.stat's text (lines "usage_usec N", "user_usec N", ...). Returns
 * 0, -EINVAL when one of the three is missing or not a number, or
 * -ENOMEM.
 */
int cgroup_cpu_stat_parse(const char *text, struct cgroup_cpu_usage *u);

/* What a group did in a run's window, and its shares. */
struct sweep_group_share {
	uint64_t usage_usec;		/* CPU time in the window */
	double share_of_cpus;		/* usage / (window * cpus) */
	double share_of_groups;		/* usage / the groups' usage */
};

/*
 * The shares of n groups whose cpu.stat read before[] at the window's
 * start and after[] at its end, the window window_s seconds long on cpus
 * CPUs. A counter that went back (a new cgroup) counts 0; shares of a
 * window or a total of 0 are 0.
 */
void sweep_group_shares(const struct cgroup_cpu_usage *before,
			const struct cgroup_cpu_usage *after, size_t n,
			double window_s, unsigned int cpus,
			struct sweep_group_share *out);

#endif
