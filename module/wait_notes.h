/* SPDX-License-Identifier: GPL-2.0 */
/*
 * While `slow_us` is armed: beside each task slot, a note of how the task's
 * current wait began (on which CPU, after how many migrations) and, for a
 * wakeup, what the wakeup decision at that moment was and the lag of the
 * level that decided.  A slow wait's record reads it (slow_wait.c).
 *
 * A note belongs to the wait whose start it holds, to the nanosecond:
 * another task's note in the same slot (a collision) has another start.
 * Written under the runqueue lock of the task's CPU (wakeup, switch-out);
 * read at its switch-in, after any migration took both locks.  Two tasks
 * sharing a slot and writing at once on two CPUs could mix their fields;
 * the start is written last, so only the decision's lag could be the other
 * task's.
 */
#ifndef _SCHEDSCOPE_WAIT_NOTES_H
#define _SCHEDSCOPE_WAIT_NOTES_H

#include <linux/sched.h>

#include "compat.h"
#include "eevdf.h"
#include "task_slots.h"

struct ss_wait_note {
	u64 since;		/* the wait's start */
	s64 lag;		/* with SS_NOTE_LAG: V - v where it was decided */
	s64 deadline;		/* with SS_NOTE_LAG: its deadline - V there */
	u32 migrations;		/* the task's se.nr_migrations then */
	u16 cpu;		/* its CPU then */
	u8 decision;		/* enum ss_counter + 1; 0: none */
	u8 flags;
};

#define SS_NOTE_LAG		BIT(0)	/* lag holds the deciding level's */
#define SS_NOTE_ELIGIBLE	BIT(1)	/* that level found the task eligible */

/* One per task slot, allocated when `slow_us` is first armed. */
extern struct ss_wait_note *ss_wait_notes;

static __always_inline struct ss_wait_note *
ss_wait_note_of(const struct task_struct *p)
{
	return &ss_wait_notes[ss_slot_index(ss_task_hash(p))];
}

/* The start of @n: @p's wait began at @since on its CPU. */
static __always_inline void ss_wait_note_start(struct ss_wait_note *n,
					       const struct task_struct *p,
					       u64 since)
{
	n->cpu = task_cpu(p);
	n->migrations = (u32)p->se.nr_migrations;
	WRITE_ONCE(n->since, since);
}

/* @p's wait began at @since on its CPU, without a decision. */
static __always_inline void ss_wait_note_begin(const struct task_struct *p,
					       u64 since)
{
	struct ss_wait_note *n = ss_wait_note_of(p);

	n->decision = 0;
	n->flags = 0;
	ss_wait_note_start(n, p, since);
}

#if SS_CAN_EEVDF
/*
 * @p's wait began at @since with a wakeup decided @c; @se and @v: the
 * entity of the level that decided and its view, or NULL.  One write of
 * the whole note, the start last.
 */
static __always_inline void ss_wait_note_decision(const struct task_struct *p,
						  u64 since, unsigned int c,
						  const struct sched_entity *se,
						  const struct ss_entity_view *v)
{
	struct ss_wait_note *n = ss_wait_note_of(p);

	n->flags = 0;
	if (se) {
		n->lag = v->lag;
		n->deadline = (s64)(se->deadline - v->V);
		n->flags = SS_NOTE_LAG | (v->eligible ? SS_NOTE_ELIGIBLE : 0);
	}
	n->decision = c + 1;
	ss_wait_note_start(n, p, since);
}
#endif

/* A copy of the note of @p's wait begun at @since: false if there is none. */
static inline bool ss_wait_note_read(const struct task_struct *p, u64 since,
				     struct ss_wait_note *copy)
{
	*copy = *ss_wait_note_of(p);
	return copy->since == since;
}

#endif /* _SCHEDSCOPE_WAIT_NOTES_H */
