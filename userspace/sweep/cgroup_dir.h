/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cgroups of a group sweep (docs/sweep.md, "Groups"): a parent
 * /sys/fs/cgroup/schedscope-PID with the cpu controller enabled and one
 * child cgroup per group, their cpu.stat read, and all of it removed again
 * (the cpu controller of the root's subtree_control put back as found).
 */
#ifndef SCHEDSCOPE_SWEEP_CGROUP_DIR_H
#define SCHEDSCOPE_SWEEP_CGROUP_DIR_H

#include <stdbool.h>
#include <stddef.h>

#include "sweep/groups.h"
#include "sweep/knobs.h"

/* The cgroup files a knob writes, in the order they are written. */
enum sweep_cgroup_file { CGROUP_FILE_IDLE, CGROUP_FILE_WEIGHT, CGROUP_FILE_MAX,
			 CGROUP_FILES };

#define SWEEP_CGROUP_ROOT	"/sys/fs/cgroup"

struct sweep_cgroups {
	char root[200];
	char parent[256];		/* ROOT/schedscope-PID */
	size_t n, nmade;		/* groups; their cgroups made so far */
	char dir[SWEEP_MAX_GROUPS][300];	/* parent/NAME */
	/* each group's knob files as found at its making ("": not there) */
	char found[SWEEP_MAX_GROUPS][CGROUP_FILES][32];
	bool parent_made;
	bool root_cpu_enabled;		/* +cpu written to the root by us */
};

/*
 * Can a sweep make cgroups with the cpu controller under root: cgroup v2
 * mounted there, the cpu controller available, the directory writable?
 * Returns 0, or -errno with err saying what is missing.
 */
int sweep_cgroups_check(const char *root, char *err, size_t errlen);

/*
 * Make the parent under root and the n groups' cgroups in it, named
 * names[i], with the cpu controller in them unless flat (their tasks then
 * share the parent's runqueue entity, and cpu.stat still counts each).
 * Returns 0, or -errno with err saying which step failed; whatever was
 * made is removed again before that.
 */
int sweep_cgroups_make(struct sweep_cgroups *c, const char *root,
		       const char *const *names, size_t n, bool flat,
		       char *err, size_t errlen);

/*
 * Group i's cgroup files as the knobs of its setting make them (its name
 * is name): each knob's value, and every file no knob sets back to what it
 * was found, each read back. Returns 0, or -errno with err naming the file.
 */
int sweep_cgroups_apply_knobs(const struct sweep_cgroups *c, size_t i,
			      const char *name, const struct sweep_knob *knobs,
			      size_t nknobs, char *err, size_t errlen);

/* Group i's cpu.stat. Returns 0 or -errno (err says why). */
int sweep_cgroups_usage(const struct sweep_cgroups *c, size_t i,
			struct cgroup_cpu_usage *u, char *err, size_t errlen);

/*
 * SIGKILL whatever is still in group i's cgroup (cgroup.kill, 5.14+) and
 * wait until it is empty, at most about a second. True when empty.
 */
bool sweep_cgroups_empty(const struct sweep_cgroups *c, size_t i);

/*
 * Remove every cgroup made (emptied first) and put the root's cpu
 * controller back as found. Returns 0, or -1 with err naming what stayed.
 */
int sweep_cgroups_remove(struct sweep_cgroups *c, char *err, size_t errlen);

#endif
