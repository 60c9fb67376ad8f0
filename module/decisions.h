/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EEVDF's wakeup preemption decisions, classified from the state the kernel
 * decided on (wakeup_decision.c), and the live scheduler feature bits they
 * depend on (sched_features.c).
 */
#ifndef _SCHEDSCOPE_DECISIONS_H
#define _SCHEDSCOPE_DECISIONS_H

#include <linux/compiler.h>
#include <linux/types.h>

#include "eevdf.h"

struct seq_file;
struct task_struct;

/* The features a wakeup decision reads; a kernel may lack all but the first two. */
enum ss_feat {
	SS_FEAT_WAKEUP_PREEMPTION,
	SS_FEAT_RUN_TO_PARITY,
	SS_FEAT_PREEMPT_SHORT,
	SS_FEAT_PICK_BUDDY,
	SS_FEAT_NEXT_BUDDY,
	SS_NR_FEATS
};

/*
 * The kernel's own sysctl_sched_features word, which every write to
 * /sys/kernel/debug/sched/features updates: its address (from /proc/kallsyms)
 * and the bit of each feature (its place in the features file) come from
 * `schedscope load` in the sched_features parameter, checked at load by
 * reading the word and comparing it with the value the features file said.
 */
struct ss_sched_features {
	bool live;
	const unsigned int *word;
	unsigned int mask[SS_NR_FEATS];	/* 0: no such feature here */
	char why[160];			/* when not live */
};

extern struct ss_sched_features ss_feats;

void ss_sched_features_init(const char *param);
void ss_sched_features_show_why(struct seq_file *m);

static inline bool ss_feat(enum ss_feat f)
{
	return READ_ONCE(*ss_feats.word) & ss_feats.mask[f];
}

/* The decisions search the queue's tree as pick_eevdf() does. */
static inline bool ss_decisions_live(void)
{
	return ss_pick_order_live() && READ_ONCE(ss_feats.live);
}

/*
 * 7.3 (one flat tree): the check's note holds the root cfs_rq's next buddy
 * at its entry too, which a PREEMPT_SHORT preemption replaces with the
 * wakee (set_short_buddy()) before sched_wakeup.
 */
static inline bool ss_check_notes_next(void)
{
	return SS_HAVE_VPROT && ss_cfs.model == SS_MODEL_FLAT &&
	       ss_cfs.next != SS_CFS_NO_FIELD;
}

/*
 * Whether a decision takes the next buddy as the check's entry found it:
 * not under NEXT_BUDDY, whose check makes the wakee the buddy itself at
 * its start (set_next_buddy()), before it decides.
 */
static inline bool ss_next_buddy_at_entry(void)
{
	return ss_check_notes_next() && !ss_feat(SS_FEAT_NEXT_BUDDY);
}

struct ss_rq_view;
struct ss_cpu;
void ss_wakeup_decision(struct task_struct *p, struct ss_rq_view *rv,
			u64 woken_at);
void ss_wakeup_resched_note(struct ss_cpu *rq_cpu,
			    const struct task_struct *undecided);

#endif /* _SCHEDSCOPE_DECISIONS_H */
