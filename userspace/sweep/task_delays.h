/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run's per-task delays collected while it ran (results/task_delays.h
 * says what they are): from the taskstats listener's exits.
 */
#ifndef SCHEDSCOPE_SWEEP_TASK_DELAYS_H
#define SCHEDSCOPE_SWEEP_TASK_DELAYS_H

#include <sys/types.h>

#include "lib/taskstats.h"
#include "results/task_delays.h"

/*
 * The exits of root's descendants (by each thread group's parent, so a
 * task whose parent exited first is not among them; root's own threads are
 * not either), summed per comm. 0 or -ENOMEM.
 */
int task_delays_collect(const struct taskstats_listener *l, pid_t root,
			struct task_delays *td);

#endif
