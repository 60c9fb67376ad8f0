/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Slow waits (`slow_us`, docs/interface.md): while armed, each CPU keeps a
 * short log of the tasks switched in there, so that a measured task's wait
 * for a CPU that ends above the threshold can say who ran on that CPU
 * meanwhile, and for how long.  One slow_wait trace event per such wait.
 *
 * The log is written at every switch while armed (a few stores into this
 * CPU's own log); it is read only at the end of a slow wait, which is rare
 * by the threshold's choice.  Disarmed, the probes test one static key.
 */
#ifndef _SCHEDSCOPE_SLOW_WAIT_H
#define _SCHEDSCOPE_SLOW_WAIT_H

#include <linux/jump_label.h>
#include <linux/sched.h>

#include "compat.h"

/* Switches a log holds: a wait that saw more names the time before as unseen. */
#define SS_RUN_LOG_LEN	32
/* Tasks named per slow wait, the longest runs first; the rest are summed. */
#define SS_SLOW_RAN	3
/* A wakeup decision's name in the trace events, with its NUL. */
#define SS_DECISION_NAME_LEN	24

/*
 * A task switched in on this CPU at @start (tid 0: the CPU went idle): what
 * a slow wait's record needs after the task may have gone, and no more
 * (its process, slice and cgroup are read when a record names it).
 */
struct ss_run_entry {
	u64 start;
	pid_t tid;
	int nice;
	char comm[TASK_COMM_LEN];
};

struct ss_run_log {
	unsigned int next;		/* the slot written next */
	struct ss_run_entry e[SS_RUN_LOG_LEN];
};

/* How the task that ran before the waiting one gave up the CPU. */
enum ss_slow_ended {
	SS_ENDED_IDLE,		/* the CPU was idle */
	SS_ENDED_SLEPT,		/* it slept, yielded or exited */
	SS_ENDED_PREEMPTED,	/* it was preempted, still runnable */
};

/* What ran on a CPU during one slow wait (slow_wait.c). */
struct ss_slow_summary {
	unsigned int nran;		/* named in ran[], up to SS_SLOW_RAN */
	struct ss_run_entry ran[SS_SLOW_RAN];
	u64 ran_ns[SS_SLOW_RAN];
	/* read from each task at the record: 0 if it has exited */
	pid_t ran_tgid[SS_SLOW_RAN];
	u64 ran_slice[SS_SLOW_RAN];
	u64 ran_cgroup[SS_SLOW_RAN];
	u32 rest_tasks;			/* the other tasks that ran */
	u64 rest_ns;
	u64 idle_ns;			/* the CPU idle */
	u64 unseen_ns;			/* before the log's oldest switch */
	/* how the wait began (wait_notes.h), where its note says */
	const char *decision;		/* a woken wait's decision, or "" */
	s64 lag;			/* with has_lag: at the deciding level */
	s64 deadline;			/* with has_lag: its deadline - V there */
	bool has_lag, eligible;
	enum ss_slow_ended ended;
	int from_cpu;			/* -1: not known */
	bool migrated;			/* moved to another CPU meanwhile */
};

DECLARE_STATIC_KEY_FALSE(ss_slow_armed);
extern u64 ss_slow_ns;

/* This CPU's log, written by its sched_switch only (runqueue lock held). */
static __always_inline void ss_run_log_note(struct ss_run_log *log,
					    const struct task_struct *next,
					    u64 now)
{
	struct ss_run_entry *e = &log->e[log->next % SS_RUN_LOG_LEN];

	e->start = now;
	e->tid = next->pid;
	e->nice = task_nice(next);
	memcpy(e->comm, next->comm, TASK_COMM_LEN);
	log->next++;
}

/*
 * @p's wait of @kind (enum ss_wait_kind) from @since ends at @now on this
 * CPU, at least ss_slow_ns long, as @ended says: its slow_wait event, from
 * @log as it is before @p's own entry.  Out of line: a rare path.
 */
void ss_slow_wait_record(const struct ss_run_log *log,
			 struct task_struct *p, int kind, u64 since, u64 now,
			 enum ss_slow_ended ended);

/* `slow_us`: 0 disarms; else the threshold in microseconds. */
int ss_slow_set(u64 us);
u64 ss_slow_us(void);
/* At unload, with no probe attached any more. */
void ss_slow_free(void);

#endif /* _SCHEDSCOPE_SLOW_WAIT_H */
