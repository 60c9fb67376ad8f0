/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A witness for the module's cfs_rq layout check (module parameter
 * cfs_rq_witness): a child that spins on the caller's CPU, in the caller's
 * cgroup, so that at finit_module() the caller's cfs_rq holds one known
 * entity besides the caller, and the module can check the sums exactly.
 */
#ifndef SCHEDSCOPE_LAYOUT_WITNESS_H
#define SCHEDSCOPE_LAYOUT_WITNESS_H

#include <sched.h>
#include <stdbool.h>
#include <sys/types.h>

struct layout_witness {
	pid_t pid;		/* 0: none running */
	bool pinned;		/* the caller's affinity was changed */
	cpu_set_t old_mask;
};

/*
 * Pins the caller to the CPU it runs on and starts the spinning child there.
 * Returns 0, or -errno (nothing left changed).
 */
int layout_witness_start(struct layout_witness *w);

/* Stops the child and gives the caller its affinity back. */
void layout_witness_stop(struct layout_witness *w);

#endif
