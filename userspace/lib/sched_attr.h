/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A fair task's scheduling attributes through sched_setattr(): its policy
 * (SCHED_OTHER, SCHED_BATCH, SCHED_IDLE), nice value and custom slice
 * (sched_attr.sched_runtime), each changed only where asked and read back
 * with sched_getattr(), so a value the kernel did not keep is an error.
 */
#ifndef SCHEDSCOPE_LIB_SCHED_ATTR_H
#define SCHEDSCOPE_LIB_SCHED_ATTR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * The kernel clamps a custom slice to 0.1..100 ms (Linux 6.12 on); older
 * kernels take the call and ignore the value.
 */
#define SCHED_SLICE_MIN_NS	100000ULL
#define SCHED_SLICE_MAX_NS	100000000ULL

/* What to change; the rest is kept as the thread has it. */
struct sched_attr_change {
	bool set_policy;
	int policy;			/* SCHED_OTHER, SCHED_BATCH, SCHED_IDLE */
	bool set_nice;
	int nice;			/* -20..19 */
	bool set_slice;
	uint64_t slice_ns;		/* 0: the default slice again */
};

/* "SCHED_OTHER", ..., or a phrase for a policy no fair task has. */
const char *sched_policy_name(int policy);

/*
 * Apply c to thread tid (0: the calling thread). Any change drops a custom
 * slice unless c sets one too (what sched_getattr() shows cannot tell a
 * custom slice from the default one). Returns 0, or -errno with err saying
 * what the kernel refused or did not keep (-EOPNOTSUPP: a custom slice on
 * a kernel without them; -EINVAL: a slice for a policy that has none).
 */
int sched_attr_change(pid_t tid, const struct sched_attr_change *c,
		      char *err, size_t errlen);

#endif
