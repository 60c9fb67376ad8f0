/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One run of a group sweep: every group's workload started together, each
 * in its own cgroup, after the groups' services (a server a workload talks
 * to, e.g. tbench_srv) are up in theirs. The run's window is from the start
 * to the first group's exit: only then do all groups compete, so the
 * cgroups' CPU time is read at both ends of it and the other groups are
 * stopped (SIGTERM, SIGKILL 5 s later) once it closes.
 */
#ifndef SCHEDSCOPE_SWEEP_GROUP_RUN_H
#define SCHEDSCOPE_SWEEP_GROUP_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "sweep/cgroup_dir.h"
#include "sweep/groups.h"
#include "sweep/workload_run.h"

struct group_run {
	/* In: argv, out_path, err_path and cgroup of each workload set. */
	size_t n;
	struct workload_run w[SWEEP_MAX_GROUPS];
	size_t nservices;
	struct workload_run svc[SWEEP_MAX_GROUPS];
	const struct sweep_cgroups *cg;	/* group i's cgroup is cg->dir[i] */
	volatile sig_atomic_t *stop_signal;	/* cli_stop_requested */
	/* Out: */
	double window_s;		/* start to the first exit (or a stop) */
	unsigned int cpus;		/* online CPUs */
	struct cgroup_cpu_usage before[SWEEP_MAX_GROUPS], after[SWEEP_MAX_GROUPS];
	struct sweep_group_share share[SWEEP_MAX_GROUPS];
	bool stopped[SWEEP_MAX_GROUPS];	/* still running when the window closed */
	int service_status[SWEEP_MAX_GROUPS];	/* -1 while it ran to the end */
};

/*
 * Run the groups once. Returns 0 when they ran (whatever their exit
 * status), or -errno when they could not be started or measured (err says
 * why); nothing of the run is left running either way.
 */
int group_run(struct group_run *g, char *err, size_t errlen);

#endif
