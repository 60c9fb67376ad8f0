// SPDX-License-Identifier: GPL-2.0
/*
 * Why a wakeup did or did not preempt the running task.
 *
 * sched_wakeup fires under the woken task's runqueue lock, right after
 * wakeup_preempt() decided (check_preempt_wakeup_fair() up to 6.12,
 * wakeup_preempt_fair() on 7.x), so the state read here is the state it
 * decided on, plus what the decision itself wrote.  The decision's own
 * outcome is the running task's need-resched flag, set by this wakeup only
 * if it was clear before: where the kernel traces it being set
 * (sched_set_need_resched, 7.x) that is observed, elsewhere inferred from
 * the last wakeup on that CPU (ss_resched_pending()).  Its reason is found
 * by walking the kernel's path again over that state, read-only:
 *
 *   a task of a class above fair woken here
 *   since the last pick (7.x: rq->next_class
 *   above fair, no fair check made):		decline_not_fair
 *   the running task is the idle task:	preempt_idle_cpu
 *   the running task is not fair:		decline_not_fair
 *   the wakee's group is out of quota
 *   (a level of it not queued):		decline_throttled
 *   a reschedule was already pending:		decline_pending
 *   WAKEUP_PREEMPTION off:			decline_feature_off
 *   running entity SCHED_IDLE, wakee's not:	preempt_sched_idle
 *   wakee SCHED_IDLE against a non-idle one,
 *   or SCHED_BATCH/SCHED_IDLE policy:		decline_policy
 *   wakee not eligible:			decline_ineligible (the lag of
 *						the level that decided in
 *						lag_wakeup_ineligible)
 *   PREEMPT_SHORT took the running task's
 *   protection for a shorter slice:		preempt_short (up to 6.12
 *						only if one was in force; on
 *						7.x, a wakee that then loses
 *						the pick: by the outcome)
 *   (7.x) PICK_BUDDY took the next buddy,
 *   eligible, not the wakee:			decline_buddy
 *   running task protected (RUN_TO_PARITY,
 *   vprot), the wakee's deadline earlier:	decline_protected
 *   an eligible entity with an earlier
 *   deadline (the running one, or queued:
 *   pick_eevdf()'s heap search):		decline_deadline
 *   else the wakee won the pick:		preempt_pick
 *
 * A path that declines while the flag is set (by this wakeup) is counted
 * decline_pending too; one that preempts while it is clear, unexplained (the
 * path read wrong).  Woken while it was the running task itself, or before
 * this CPU's running task was seen: undecided.  Levels are matched as
 * find_matching_se() does, except on a flat kernel, where every fair task
 * is on the root cfs_rq; no level is read that is not queued.  A group's
 * cpu.idle is its cfs_rq's idle, at the layout's offset (without one, group
 * entities count as not idle).
 *
 * Built within hot_path.c, inlined into the probes.
 */
#include <linux/rbtree.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/thread_info.h>

#include "compat.h"
#include "decisions.h"
#include "eevdf.h"
#include "schedscope.h"
#include "wait_notes.h"

#if SS_CAN_EEVDF
#include "schedscope_trace.h"

static bool ss_resched_set(struct task_struct *curr)
{
	if (test_tsk_thread_flag(curr, TIF_NEED_RESCHED))
		return true;
#ifdef TIF_NEED_RESCHED_LAZY
	/* resched_curr_lazy() of 6.13+; the same bit without PREEMPT_LAZY */
	return test_tsk_thread_flag(curr, TIF_NEED_RESCHED_LAZY);
#else
	return false;
#endif
}

/*
 * Where no check was seen: whether @curr's flag, set now, was set before
 * the wakeup at hand, as far as the wakeups here tell: one of them already
 * found it set for the same running task (a flag set by the tick in
 * between is not seen).  The record is renewed for the next wakeup.
 */
static bool ss_resched_pending(struct ss_cpu *rq_cpu,
			       const struct task_struct *curr, bool resched)
{
	bool before = READ_ONCE(rq_cpu->resched_seen) == curr;

	WRITE_ONCE(rq_cpu->resched_seen, resched ? curr : NULL);
	return resched && before;
}

/*
 * A wakeup here not decided by ss_wakeup_decision(): its record only.
 * @undecided: a wakee whose decision sampling left out (sampling.h), or
 * NULL: the record is left as that decision leaves it, untouched without
 * a running task seen or where the wakee is the running task.  A check's
 * note (wakeup_check.c) is its wakee's alone and needs nothing here.
 */
void ss_wakeup_resched_note(struct ss_cpu *rq_cpu,
			    const struct task_struct *undecided)
{
	struct task_struct *curr;

	curr = (struct task_struct *)READ_ONCE(rq_cpu->curr);
	if (!curr || (undecided && curr == undecided))
		return;
	ss_resched_pending(rq_cpu, curr, ss_resched_set(curr));
}

/*
 * se_is_idle(): a task's policy; a group entity's own cfs_rq's idle, which
 * its cpu.idle sets (not idle where the layout does not say where it is).
 */
static bool ss_se_idle(const struct sched_entity *se)
{
	if (!se->my_q)
		return container_of(se, struct task_struct, se)->policy ==
		       SCHED_IDLE;
	return ss_cfs.idle != SS_CFS_NO_FIELD &&
	       (s32)ss_cfs_u32(se->my_q, ss_cfs.idle) > 0;
}

/* normal_policy(): BATCH and IDLE tasks do not preempt */
static bool ss_normal_policy(const struct task_struct *p)
{
	return p->policy == SCHED_NORMAL || p->policy == 7 /* SCHED_EXT */;
}

/* entity_before(): the earlier virtual deadline */
static bool ss_before(const struct sched_entity *a, const struct sched_entity *b)
{
	return (s64)(a->deadline - b->deadline) < 0;
}

/*
 * Every level of @se queued, so that each cfs_rq the decision reads holds
 * the entity it is read for: a group out of its quota has left its
 * parent's queue (up to 7.0), and its entity's tree node is stale.  On a
 * flat kernel the task's own entity is the only level.
 */
static bool ss_levels_queued(const struct sched_entity *se)
{
	if (ss_cfs.model == SS_MODEL_FLAT)
		return READ_ONCE(se->on_rq);
	return ss_chain_queued(se);
}

/*
 * find_matching_se(): both on one cfs_rq, *depth the level of *pse below
 * the root; false if the walk runs out.  Only with both chains queued.
 */
static bool ss_match_levels(struct sched_entity **se, struct sched_entity **pse)
{
	int sd = (*se)->depth, pd = (*pse)->depth;

	while (sd > pd && *se) {
		sd--;
		*se = (*se)->parent;
	}
	while (pd > sd && *pse) {
		pd--;
		*pse = (*pse)->parent;
	}
	while (*se && *pse && (*se)->cfs_rq != (*pse)->cfs_rq) {
		*se = (*se)->parent;
		*pse = (*pse)->parent;
	}
	return *se && *pse;
}

/*
 * 7.x: wakeup_preempt() calls the fair check only while rq->next_class is
 * the fair class (or below it); a realtime or deadline task woken here
 * since the last pick raised it, and no fair wakeup after it is checked
 * until the next pick.  Read where the layout says rq keeps it, from the
 * CPU's root cfs_rq; sched_class_above() compares the addresses.
 */
static bool ss_higher_class_next(const struct ss_rq_view *rv,
				 const struct sched_entity *se)
{
	const struct sched_class *fair = READ_ONCE(ss_fair_class);
	const struct sched_class *next;

	if (!ss_cfs.has_next_class || !fair)
		return false;
	next = READ_ONCE(*(const struct sched_class * const *)
			 ((const char *)ss_rq_view_root(rv, se) +
			  ss_cfs.rq_next_class));
	return next && next < fair;
}

/* The running entity's slice protection, as pick_eevdf() tests it. */
static bool ss_protected(const struct sched_entity *se)
{
#if SS_HAVE_VPROT
	/* 7.x: protect_slice(), whatever RUN_TO_PARITY says (a quantum) */
	return (s64)(se->vruntime - se->vprot) < 0;
#else
	/* up to 6.12: se->vlag holds the deadline while protected */
	return ss_feat(SS_FEAT_RUN_TO_PARITY) && se->vlag == se->deadline;
#endif
}

/*
 * pick_eevdf()'s heap search over the queued entities of @cfs_rq (the
 * running one is not in the tree): the eligible one with the earliest
 * deadline, NULL if none is.  Each node keeps the smallest vruntime of its
 * subtree (min_vruntime): a left subtree with an eligible entity has an
 * earlier deadline than anything to its right.  As deep as the tree, under
 * the runqueue's lock.  Only with the layout's timeline.
 */
static const struct sched_entity *
ss_first_eligible(const struct ss_eligibility *e, const struct cfs_rq *cfs_rq)
{
	const struct rb_root_cached *timeline =
		(const void *)((const char *)cfs_rq + ss_cfs.timeline);
	const struct rb_node *node = READ_ONCE(timeline->rb_root.rb_node);

	while (node) {
		const struct rb_node *left = READ_ONCE(node->rb_left);
		const struct sched_entity *se;

		if (left && ss_eligible_at(e, rb_entry(left, struct sched_entity,
						       run_node)->min_vruntime)) {
			node = left;
			continue;
		}
		se = rb_entry(node, struct sched_entity, run_node);
		if (ss_eligible_at(e, se->vruntime))
			return se;
		node = READ_ONCE(node->rb_right);
	}
	return NULL;
}

#if SS_HAVE_VPROT
/*
 * 7.x: pick_next_entity() with protection (no shorter slice) takes the next
 * buddy first, under PICK_BUDDY, if it is eligible: set by a PREEMPT_SHORT
 * preemption (7.3), a task of a group that slept while the group kept
 * others (7.2: the group's entity), yield_to(), NEXT_BUDDY.  None where
 * the layout does not say where cfs_rq keeps it.
 */
static const struct sched_entity *
ss_pick_buddy(const struct ss_eligibility *e, const struct cfs_rq *cfs_rq,
	      const struct sched_entity *const *next_noted)
{
	const struct sched_entity *next;

	if (ss_cfs.next == SS_CFS_NO_FIELD || !ss_feat(SS_FEAT_PICK_BUDDY))
		return NULL;
	/* as the check found it, where its note says (7.3) */
	next = next_noted ? *next_noted :
	       READ_ONCE(*(const struct sched_entity * const *)
			 ((const char *)cfs_rq + ss_cfs.next));
	return next && ss_eligible_at(e, next->vruntime) ? next : NULL;
}
#endif

/* Whether a queued entity other than @pse, eligible, comes first. */
static bool ss_earlier_eligible(const struct ss_eligibility *e,
				const struct cfs_rq *cfs_rq,
				const struct sched_entity *pse)
{
	const struct sched_entity *first = ss_first_eligible(e, cfs_rq);

	return first && first != pse;
}

/* The level that decided: its entity and its view on its cfs_rq. */
struct ss_deciding_level {
	const struct sched_entity *se;
	int depth;
	struct ss_entity_view v;
};

/*
 * The fair path from the idle-policy checks on: what it decides, and at
 * which level (@lvl, filled where a level decided).  *declined, where set:
 * the path forks on what no tracepoint shows (how a kernel treats a
 * shorter wakee that loses the pick, a WF_SYNC wakeup), and the outcome
 * tells which way it went: the class returned with the flag set, this one
 * without.
 */
static __always_inline enum ss_counter
ss_fair_path(struct task_struct *p, struct sched_entity *se,
	     struct sched_entity *pse, struct ss_rq_view *rv,
	     const struct sched_entity *const *next_noted,
	     struct ss_deciding_level *lvl, enum ss_counter *declined,
	     bool *cancelled)
{
	bool cse_idle, pse_idle, curr_eligible, shorter;
	const struct ss_eligibility *e;
	const struct cfs_rq *cfs_rq;
#if SS_HAVE_VPROT
	const struct sched_entity *buddy;
#endif

	if (ss_cfs.model != SS_MODEL_FLAT && !ss_match_levels(&se, &pse))
		return SS_WAKEUP_UNEXPLAINED;
	cse_idle = ss_se_idle(se);
	pse_idle = ss_se_idle(pse);
	if (cse_idle && !pse_idle)
		return SS_WAKEUP_PREEMPT_SCHED_IDLE;
	if (cse_idle != pse_idle || !ss_normal_policy(p))
		return SS_WAKEUP_DECLINE_POLICY;

	cfs_rq = ss_rq_view_queue(rv, pse);
	e = ss_rq_view_sums(rv, cfs_rq);
	lvl->se = pse;
	lvl->depth = ss_cfs.model == SS_MODEL_FLAT ? 0 :
		     p->se.depth - pse->depth;
	ss_rq_view_entity(rv, cfs_rq, pse, &lvl->v);
	if (!lvl->v.eligible)
		return SS_WAKEUP_DECLINE_INELIGIBLE;
	curr_eligible = e->curr == se && ss_eligible_at(e, se->vruntime);
	shorter = ss_feat(SS_FEAT_PREEMPT_SHORT) && pse->slice < se->slice;
#if SS_HAVE_VPROT
	/*
	 * 7.x: a shorter slice picks without protection.  A wakee that loses
	 * that pick still preempts where the kernel takes any eligible one
	 * (7.3), not where it does not (7.2).  One that wins it won by the
	 * shorter slice only if the pick with protection would have kept the
	 * running entity or taken a buddy: else by the pick itself.  The
	 * preemption cancelled a protection in force (cancel_protect_slice():
	 * vprot = vruntime, read here after it).
	 */
	buddy = ss_pick_buddy(e, cfs_rq, next_noted);
	if (shorter) {
		if ((curr_eligible && ss_before(se, pse)) ||
		    ss_earlier_eligible(e, cfs_rq, pse))
			*declined = SS_WAKEUP_DECLINE_DEADLINE;
		else if (!(curr_eligible && (ss_protected(se) ||
					     se->vprot == se->vruntime)) &&
			 (!buddy || buddy == pse))
			return SS_WAKEUP_PREEMPT_PICK;
		return SS_WAKEUP_PREEMPT_SHORT;
	}
	/*
	 * The wakee itself the buddy: NEXT_BUDDY made it so, and then, for
	 * a WF_SYNC wakeup, preempt_sync() decided without a pick: only an
	 * earlier deadline against a task that ran the migration cost
	 * preempts.  Else the pick takes it.
	 */
	if (buddy == pse)
		*declined = ss_before(pse, se) ? SS_WAKEUP_DECLINE_PROTECTED :
						 SS_WAKEUP_DECLINE_DEADLINE;
	if (buddy)
		return buddy == pse ? SS_WAKEUP_PREEMPT_PICK :
				      SS_WAKEUP_DECLINE_BUDDY;
#else
	/*
	 * do_preempt_short() cancels a protection in force before the pick
	 * (cancel_protect_slice(): vlag = deadline + 1, seen here after it,
	 * or after an earlier wakeup's in this stint).  Only then did the
	 * shorter slice change the pick; else the wakee wins, if at all, by
	 * the pick itself.
	 */
	shorter = shorter && (ss_before(pse, se) || !curr_eligible);
	*cancelled = shorter && ss_feat(SS_FEAT_RUN_TO_PARITY) &&
		     se->vlag == se->deadline + 1;
	shorter = *cancelled;
#endif
	if (!shorter && curr_eligible && ss_protected(se))
		return ss_before(pse, se) ? SS_WAKEUP_DECLINE_PROTECTED :
					    SS_WAKEUP_DECLINE_DEADLINE;
	if (curr_eligible && ss_before(se, pse))
		return SS_WAKEUP_DECLINE_DEADLINE;
	if (ss_earlier_eligible(e, cfs_rq, pse))
		return SS_WAKEUP_DECLINE_DEADLINE;
	return shorter ? SS_WAKEUP_PREEMPT_SHORT : SS_WAKEUP_PREEMPT_PICK;
}

static bool ss_preempts(enum ss_counter c)
{
	switch (c) {
	case SS_WAKEUP_PREEMPT_SLICE:
	case SS_WAKEUP_PREEMPT_PICK:
	case SS_WAKEUP_PREEMPT_SHORT:
	case SS_WAKEUP_PREEMPT_SCHED_IDLE:
	case SS_WAKEUP_PREEMPT_IDLE_CPU:
		return true;
	default:
		return false;
	}
}

/*
 * A decline that the pick made after the check updated the running task
 * (update_curr(), which may ask for a reschedule itself).
 */
static bool ss_after_update(enum ss_counter c)
{
	switch (c) {
	case SS_WAKEUP_DECLINE_INELIGIBLE:
	case SS_WAKEUP_DECLINE_PROTECTED:
	case SS_WAKEUP_DECLINE_DEADLINE:
	case SS_WAKEUP_DECLINE_BUDDY:
		return true;
	default:
		return false;
	}
}

/*
 * The decision as a trace event: the level that decided, or where none did
 * the wakee on its own cfs_rq (if it is queued on one).
 */
static const char *ss_decision_name(enum ss_counter c)
{
	const char *name = ss_counters[c].name;

	return strncmp(name, "wakeup_", 7) ? name : name + 7;
}

static void ss_trace_decision(struct task_struct *p,
			      const struct task_struct *curr,
			      enum ss_counter c,
			      const struct ss_deciding_level *lvl,
			      enum ss_counter verdict, bool checked)
{
	struct ss_deciding_level own = { .se = &p->se };

	if (!lvl->se) {
		if (READ_ONCE(p->se.on_rq))
			ss_entity_view(&p->se, &own.v);
		lvl = &own;
	}
	trace_decision(p, lvl->se, lvl->depth, lvl->v.V, lvl->v.lag,
		       lvl->v.eligible, ss_decision_name(c),
		       verdict == SS_NR_COUNTERS ? "" : ss_decision_name(verdict),
		       checked, curr,
		       curr && ss_fair(curr) ? curr->se.deadline : 0);
}

/*
 * @p, fair and measured, was just woken: count its decision.  @rv: a cfs_rq
 * read at this wakeup, or none.  @woken_at: the start of the wait whose
 * note (wait_notes.h) is written with the decision, or 0.
 */
void ss_wakeup_decision(struct task_struct *p, struct ss_rq_view *rv,
			u64 woken_at)
{
	struct ss_cpu *rq_cpu = rv->rq_cpu;
	/* written at that CPU's switches, under the lock held here */
	struct task_struct *curr = (struct task_struct *)READ_ONCE(rq_cpu->curr);
	struct ss_deciding_level lvl = { };
	enum ss_counter declined = SS_NR_COUNTERS;	/* no fork */
	enum ss_counter verdict = SS_NR_COUNTERS;	/* none walked */
	bool resched, pending, checked = false, cancelled = false;
	enum ss_counter c;

	/* wakeup_decisions: the sum of the classes (stats.c) */
	if (!curr || curr == p) {
		/* counted and traced like the others: one event a decision */
		c = SS_WAKEUP_UNDECIDED;
		goto count;
	}
	resched = ss_resched_set(curr);
	/* the record for the wakeups no check is seen for, renewed */
	pending = ss_resched_pending(rq_cpu, curr, resched);
	/* the fair check's note, taken: this wakee's alone (wakeup_check.c) */
	if (static_branch_likely(&ss_check_seen) &&
	    READ_ONCE(rq_cpu->check_wakee) == p) {
		checked = true;
		pending = rq_cpu->check_tif;
		WRITE_ONCE(rq_cpu->check_wakee, NULL);
		ss_stats_count_sampled(SS_WAKEUP_CHECKS, rv->weight);
	}
	/* 7.x: no fair check behind a higher class to run next */
	if (!checked && ss_higher_class_next(rv, &p->se))
		c = SS_WAKEUP_DECLINE_NOT_FAIR;
	else if (!curr->pid)
		c = pending ? SS_WAKEUP_DECLINE_PENDING :
			      SS_WAKEUP_PREEMPT_IDLE_CPU;
	else if (!ss_fair(curr))
		c = SS_WAKEUP_DECLINE_NOT_FAIR;
	/* the check found the flag set: no need to walk, unless traced */
	else if (checked && pending && !trace_decision_enabled())
		c = SS_WAKEUP_DECLINE_PENDING;
	/* up to 7.0 ss_throttled() is the walk ss_levels_queued() makes */
	else if ((SS_HAVE_TASK_THROTTLED && ss_throttled(p)) ||
		 !ss_levels_queued(&p->se))
		c = SS_WAKEUP_DECLINE_THROTTLED;
	else if (pending && !checked)
		c = SS_WAKEUP_DECLINE_PENDING;
	else if (!ss_feat(SS_FEAT_WAKEUP_PREEMPTION))
		c = SS_WAKEUP_DECLINE_FEATURE_OFF;
	else if (!ss_levels_queued(&curr->se))
		/* a running task in a throttled group: not walked */
		c = SS_WAKEUP_UNEXPLAINED;
	else
		c = ss_fair_path(p, &curr->se, &p->se, rv,
				 checked && ss_next_buddy_at_entry() ?
				 &rq_cpu->check_next : NULL,
				 &lvl, &declined, &cancelled);

	if (checked && pending) {
		/*
		 * Pending when the check began, whatever it did next: what
		 * its path gives over this state is kept for the event
		 */
		if (c != SS_WAKEUP_DECLINE_PENDING)
			verdict = c;
		c = SS_WAKEUP_DECLINE_PENDING;
		cancelled = false;
	} else if (declined != SS_NR_COUNTERS) {
		/* a fork the outcome settles */
		c = resched ? c : declined;
	} else if (c != SS_WAKEUP_UNEXPLAINED &&
		   c != SS_WAKEUP_DECLINE_PENDING &&
		   c != SS_WAKEUP_DECLINE_THROTTLED &&
		   c != SS_WAKEUP_DECLINE_NOT_FAIR && ss_preempts(c) != resched) {
		/*
		 * The path against the outcome, where the fair check was made
		 * (not behind another class, not into a throttled group).  A
		 * check that asked where its pick would not have: its own
		 * update of the running task did (update_curr(): the slice
		 * ran out, or the group's quota).  Without the check's note,
		 * a flag set is taken for one set before.
		 */
		if (!resched)
			c = SS_WAKEUP_UNEXPLAINED;
		else if (!checked)
			c = SS_WAKEUP_DECLINE_PENDING;
		else
			c = ss_after_update(c) ? SS_WAKEUP_PREEMPT_SLICE :
						 SS_WAKEUP_UNEXPLAINED;
	}
count:
	ss_stats_count_sampled(c, rv->weight);
	/* counted as wakeup_preemptions if its next switch-out is curr's */
	if (ss_preempts(c) && c != SS_WAKEUP_PREEMPT_IDLE_CPU) {
		WRITE_ONCE(rq_cpu->preempt_victim, curr);
		WRITE_ONCE(rq_cpu->preempt_wakee, p);
		WRITE_ONCE(rq_cpu->preempt_decided, rv->now);
	}
	/* 6.12: the protection went, and the running task stays */
	if (cancelled && !ss_preempts(c))
		ss_stats_count_sampled(SS_WAKEUP_PROTECT_CANCELLED, rv->weight);
	if (c == SS_WAKEUP_DECLINE_INELIGIBLE)
		ss_stats_record_signed_sampled(SS_HIST_LAG_WAKEUP_INELIGIBLE,
					       lvl.v.lag, rv->weight);
	if (trace_decision_enabled())
		ss_trace_decision(p, curr, c, &lvl, verdict, checked);
	if (woken_at)
		ss_wait_note_decision(p, woken_at, c,
				      c == SS_WAKEUP_DECLINE_PENDING ? NULL :
				      lvl.se, &lvl.v);
}
#endif /* SS_CAN_EEVDF */
