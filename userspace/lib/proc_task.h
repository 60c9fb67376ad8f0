/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A thread's scheduling counters as the kernel keeps them: the oracle the
 * module's numbers are checked against.
 *   /proc/<pid>/task/<tid>/status     voluntary_ctxt_switches (nvcsw),
 *                                     nonvoluntary_ctxt_switches (nivcsw)
 *   /proc/<pid>/task/<tid>/schedstat  "run_ns wait_ns timeslices\n"
 */
#ifndef SCHEDSCOPE_PROC_TASK_H
#define SCHEDSCOPE_PROC_TASK_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct proc_task {
	uint64_t switches_voluntary;	/* voluntary_ctxt_switches */
	uint64_t switches_involuntary;	/* nonvoluntary_ctxt_switches */
	uint64_t run_ns;		/* schedstat 1: time on a CPU */
	uint64_t wait_ns;		/* schedstat 2: time runnable on a run queue */
	uint64_t timeslices;		/* schedstat 3: times switched in */
};

/*
 * proc_root is where proc is mounted, NULL for "/proc"; tests point it at a
 * directory of fixture files laid out as <proc_root>/<pid>/task/<tid>/.
 * Each returns 0, -errno when a file cannot be read, or -EINVAL when it is
 * not as the kernel writes it (a counter missing, twice, or not a number);
 * err (may be NULL) names the file and, for status, the line.
 */
int proc_task_read(const char *proc_root, pid_t pid, pid_t tid,
		   struct proc_task *task, char *err, size_t errlen);
/* Only the status part (switches_*) or only the schedstat part. */
int proc_task_read_status(const char *proc_root, pid_t pid, pid_t tid,
			  struct proc_task *task, char *err, size_t errlen);
int proc_task_read_schedstat(const char *proc_root, pid_t pid, pid_t tid,
			     struct proc_task *task, char *err, size_t errlen);

/* after - before, field by field. */
void proc_task_delta(const struct proc_task *after, const struct proc_task *before,
		     struct proc_task *delta);

#endif
