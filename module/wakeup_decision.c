// SPDX-License-Identifier: GPL-2.0
/*
 * Why a wakeup did or did not preempt the running task.
 *
 * sched_wakeup fires under the woken task's runqueue lock, right after
 * wakeup_preempt() decided (check_preempt_wakeup_fair() up to 6.12,
 * wakeup_preempt_fair() on 7.x), so the state read here is the state it
 * decided on, plus what the decision itself wrote.  The decision's own
 * outcome is the running task's need-resched flag.  Its reason is found by
 * walking the kernel's path again over that state, read-only:
 *
 *   the running task is the idle task:	preempt_idle_cpu
 *   the running task is not fair:		decline_not_fair
 *   WAKEUP_PREEMPTION off:			decline_feature_off
 *   running entity SCHED_IDLE, wakee's not:	preempt_sched_idle
 *   wakee SCHED_IDLE against a non-idle one,
 *   or SCHED_BATCH/SCHED_IDLE policy:		decline_policy
 *   wakee not eligible:			decline_ineligible (its lag
 *						in lag_wakeup_ineligible)
 *   PREEMPT_SHORT took the running task's
 *   protection for a shorter slice:		preempt_short (on 7.x, a
 *						wakee that then loses the
 *						pick: by the outcome)
 *   running task protected (RUN_TO_PARITY,
 *   vprot), the wakee's deadline earlier:	decline_protected
 *   an eligible entity with an earlier
 *   deadline (the running one or queued):	decline_deadline
 *   else the wakee won the pick:		preempt_pick
 *
 * A path that declines while the flag is set found a reschedule already
 * pending (decline_pending); a path that preempts while the flag is clear
 * is counted as unexplained (the path read wrong).  Woken while it was the
 * running task itself, or before this CPU's running task was seen:
 * undecided.  Levels are matched as find_matching_se() does, except on a
 * flat kernel, where every fair task is on the root cfs_rq.  A group's
 * cpu.idle is in the private cfs_rq and not read: group entities count as
 * not idle.
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

#if SS_CAN_EEVDF
#include "schedscope_trace.h"

/* how many queued entities before the wakee are looked at */
#define SS_EARLIER_MAX	16

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

static bool ss_se_idle(const struct sched_entity *se)
{
	return !se->my_q &&
	       container_of(se, struct task_struct, se)->policy == SCHED_IDLE;
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

/* find_matching_se(): both on one cfs_rq; false if the walk runs out */
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
 * Whether a queued entity before @pse in deadline order is eligible; past
 * SS_EARLIER_MAX ineligible ones, taken as yes.
 */
static bool ss_earlier_eligible(const struct ss_eligibility *e,
				const struct sched_entity *pse)
{
	const struct rb_node *n = &pse->run_node;
	int i;

	for (i = 0; i < SS_EARLIER_MAX; i++) {
		const struct sched_entity *before;

		n = rb_prev(n);
		if (!n)
			return false;
		before = rb_entry(n, struct sched_entity, run_node);
		if (ss_eligible_at(e, before->vruntime))
			return true;
	}
	return true;
}

/*
 * The fair path from the idle-policy checks on: what it decides.  *either:
 * the path forks where kernels differ, and the outcome tells which way it
 * went (preempt_short with the flag set, decline_deadline without).
 */
static enum ss_counter ss_fair_path(struct task_struct *p,
				    struct sched_entity *se,
				    struct sched_entity *pse,
				    struct ss_rq_view *rv, s64 *lag,
				    bool *either)
{
	bool cse_idle, pse_idle, curr_eligible, shorter;
	const struct ss_eligibility *e;
	const struct cfs_rq *cfs_rq;

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
	if (!ss_eligible_at(e, pse->vruntime)) {
		struct ss_entity_view pv;

		ss_rq_view_entity(rv, cfs_rq, pse, &pv);
		*lag = pv.lag;
		return SS_WAKEUP_DECLINE_INELIGIBLE;
	}
	curr_eligible = e->curr == se && ss_eligible_at(e, se->vruntime);
	shorter = ss_feat(SS_FEAT_PREEMPT_SHORT) && pse->slice < se->slice;
#if SS_HAVE_VPROT
	/*
	 * 7.x: a shorter slice picks without protection.  A wakee that loses
	 * that pick still preempts where the kernel takes any eligible one
	 * (7.3), not where it does not (7.2).
	 */
	if (shorter) {
		*either = (curr_eligible && ss_before(se, pse)) ||
			  ss_earlier_eligible(e, pse);
		return SS_WAKEUP_PREEMPT_SHORT;
	}
#else
	/* do_preempt_short(): it cancels the protection before the pick */
	shorter = shorter && (ss_before(pse, se) || !curr_eligible);
#endif
	if (!shorter && curr_eligible && ss_protected(se))
		return ss_before(pse, se) ? SS_WAKEUP_DECLINE_PROTECTED :
					    SS_WAKEUP_DECLINE_DEADLINE;
	if (curr_eligible && ss_before(se, pse))
		return SS_WAKEUP_DECLINE_DEADLINE;
	if (ss_earlier_eligible(e, pse))
		return SS_WAKEUP_DECLINE_DEADLINE;
	return shorter ? SS_WAKEUP_PREEMPT_SHORT : SS_WAKEUP_PREEMPT_PICK;
}

static bool ss_preempts(enum ss_counter c)
{
	switch (c) {
	case SS_WAKEUP_PREEMPT_PICK:
	case SS_WAKEUP_PREEMPT_SHORT:
	case SS_WAKEUP_PREEMPT_SCHED_IDLE:
	case SS_WAKEUP_PREEMPT_IDLE_CPU:
		return true;
	default:
		return false;
	}
}

/* The decision as a trace event: the wakee seen on its own cfs_rq. */
static void ss_trace_decision(struct task_struct *p,
			      const struct task_struct *curr,
			      enum ss_counter c)
{
	const char *name = ss_counters[c].name;
	struct ss_entity_view v;

	ss_entity_view(&p->se, &v);
	if (!strncmp(name, "wakeup_", 7))
		name += 7;
	trace_decision(p, v.V, v.lag, v.eligible, name, curr,
		       curr && curr->pid && ss_fair(curr) ? curr->se.deadline : 0);
}

/*
 * @p, fair and measured, was just woken: count its decision.  @rv: a cfs_rq
 * read at this wakeup, or none.
 */
void ss_wakeup_decision(struct task_struct *p, struct ss_rq_view *rv)
{
	struct ss_cpu *rq_cpu = rv->rq_cpu;
	/* written at that CPU's switches, under the lock held here */
	struct task_struct *curr = (struct task_struct *)READ_ONCE(rq_cpu->curr);
	bool resched, either = false;
	enum ss_counter c;
	s64 lag = 0;

	/* wakeup_decisions: the sum of the classes (stats.c) */
	if (!curr || curr == p) {
		/* counted and traced like the others: one event a decision */
		c = SS_WAKEUP_UNDECIDED;
		goto count;
	}
	resched = ss_resched_set(curr);
	if (!curr->pid)
		c = SS_WAKEUP_PREEMPT_IDLE_CPU;
	else if (!ss_fair(curr))
		c = SS_WAKEUP_DECLINE_NOT_FAIR;
	else if (!ss_feat(SS_FEAT_WAKEUP_PREEMPTION))
		c = SS_WAKEUP_DECLINE_FEATURE_OFF;
	else
		c = ss_fair_path(p, &curr->se, &p->se, rv, &lag, &either);

	/* the path against the outcome */
	if (either)
		c = resched ? SS_WAKEUP_PREEMPT_SHORT : SS_WAKEUP_DECLINE_DEADLINE;
	else if (c != SS_WAKEUP_UNEXPLAINED && ss_preempts(c) != resched)
		c = resched ? SS_WAKEUP_DECLINE_PENDING : SS_WAKEUP_UNEXPLAINED;
count:
	ss_stats_count(c);
	/* counted as wakeup_preemptions if its next switch-out is curr's */
	if (ss_preempts(c) && c != SS_WAKEUP_PREEMPT_IDLE_CPU) {
		WRITE_ONCE(rq_cpu->preempt_victim, curr);
		WRITE_ONCE(rq_cpu->preempt_wakee, p);
	}
	if (c == SS_WAKEUP_DECLINE_INELIGIBLE)
		ss_stats_record_signed(SS_HIST_LAG_WAKEUP_INELIGIBLE, lag);
	if (trace_decision_enabled())
		ss_trace_decision(p, curr, c);
}
#endif /* SS_CAN_EEVDF */
