/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Waits by task, process or cgroup (`rank_by`, `ranking`: docs/interface.md):
 * while `rank_by` names a key, each measured task's wait for a CPU that
 * ends (woken, preempted or new; a throttled one is its cgroup's quota, not
 * a wait for a CPU) is added to its key's entry in a table of this CPU:
 * count, sum, maximum and log2 buckets, as runqlat -L, -P and --pidnss
 * keep them.  `schedscope show --by` sums the CPUs' tables and ranks them.
 *
 * Each CPU's table is written by that CPU's probes only (runqueue lock
 * held, interrupts off) and read racily, as the statistics are; it is
 * emptied (at `reset`, or a new key) with the probes kept off it until an
 * RCU grace period has passed.  A table full near a key's place drops the
 * wait, counted.  Off, the probes test one static key.
 */
#ifndef _SCHEDSCOPE_RANKING_H
#define _SCHEDSCOPE_RANKING_H

#include <linux/seq_file.h>
#include <linux/jump_label.h>
#include <linux/sched.h>

/* What the entries are kept by. */
enum ss_rank_by {
	SS_RANK_OFF,
	SS_RANK_TASK,		/* tid */
	SS_RANK_PROCESS,	/* tgid */
	SS_RANK_CGROUP,		/* cgroup v2 id */
};

/* Entries of a CPU's table: more keys than this on one CPU are dropped. */
#define SS_RANK_ENTRIES		256
/* Places looked at from a key's own before the wait is dropped. */
#define SS_RANK_PROBES		8
/* Bucket k holds [2^(k-1), 2^k) ns as the histograms do; the last, more. */
#define SS_RANK_BUCKETS		40

struct ss_rank_entry {
	u64 key;			/* 0: free (no task, process or cgroup 0) */
	u64 count, sum_ns, max_ns;
	char comm[TASK_COMM_LEN];	/* the task's, the process leader's */
	u64 buckets[SS_RANK_BUCKETS];
};

struct ss_rank_table {
	u64 dropped;			/* waits of keys with no entry free */
	struct ss_rank_entry e[SS_RANK_ENTRIES];
};

DECLARE_STATIC_KEY_FALSE(ss_rank_on);

/* @p's wait of @ns for a CPU ended here (out of line: opt-in). */
void ss_rank_record(struct task_struct *p, u64 ns);

/* `rank_by`: "off", "task", "process" or "cgroup". */
int ss_rank_set(const char *by);
const char *ss_rank_by_name(void);
/* `ranking`: the tables, one line an entry. */
extern const struct seq_operations ss_rank_seq_ops;
/* `reset`: every table emptied. */
void ss_rank_reset(void);
/* At unload, with no probe attached any more. */
void ss_rank_free(void);

#endif /* _SCHEDSCOPE_RANKING_H */
