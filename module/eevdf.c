// SPDX-License-Identifier: GPL-2.0
/*
 * The EEVDF decisions, recorded from the probes (kernels 6.6+, with the
 * cfs_rq layout live):
 *
 *   pick      a fair task switched in: its lag V - v and eligibility on its
 *             cfs_rq, and on each parent group level; deadline - V; slice;
 *             with the tree's place in the layout, whether an entity with
 *             an earlier deadline was passed over, and why (pick_order).
 *   switch-out  the stint's run time against the slice; for a task going to
 *             sleep, whether the dequeue was delayed (sched_delayed) and its
 *             lag: se->vlag after a real dequeue (update_entity_lag() has run),
 *             V - v for a delayed one (it is still queued).
 *   wakeup    a task woken after a real dequeue was just placed: its lag
 *             right after placement.
 *
 * se->vlag is read only after a real dequeue: while an entity runs, with
 * RUN_TO_PARITY, it holds a copy of its deadline instead.
 */
#include <linux/sched/signal.h>
#include <linux/seq_file.h>

#include "compat.h"
#include "eevdf.h"
#include "schedscope.h"

#if SS_CAN_EEVDF
#define CREATE_TRACE_POINTS
#include "schedscope_trace.h"

/*
 * Was @se, just picked on @cfs_rq, the queued entity with the earliest
 * deadline?  If another one's is earlier, pick_eevdf() passed it over: it
 * was not eligible (a delayed sleeper never is), or it was and a buddy or
 * the running group entity's protection won.  The picked entity left the
 * tree at the pick, and V has not moved since: the runqueue's lock is held
 * from the pick to sched_switch.
 */
static void ss_pick_order(const struct ss_eligibility *e,
			  const struct cfs_rq *cfs_rq,
			  const struct sched_entity *se,
			  const struct ss_entity_view *v, int depth)
{
	const struct sched_entity *first = ss_cfs_first(cfs_rq);
	bool eligible;

	if (!first || (s64)(first->deadline - se->deadline) >= 0)
		return;
	eligible = ss_eligible_at(e, first->vruntime);
	if (depth) {
		ss_stats_count(eligible ? SS_PICKS_GROUP_EARLIER_ELIGIBLE :
					  SS_PICKS_GROUP_EARLIER_INELIGIBLE);
	} else if (eligible) {
		ss_stats_count(SS_PICKS_EARLIER_ELIGIBLE);
	} else if (ss_se_delayed(first)) {
		ss_stats_count(SS_PICKS_EARLIER_DELAYED);
	} else {
		ss_stats_count(SS_PICKS_EARLIER_INELIGIBLE);
		ss_stats_record_signed(SS_HIST_LAG_EARLIER_INELIGIBLE,
				       (s64)(v->V - first->vruntime));
	}
}

/* The eevdf group's view of a pick, at the task's level or a group's. */
static void ss_pick_count(const struct sched_entity *se,
			  const struct ss_entity_view *v, int depth)
{
	if (depth) {
		if (!v->eligible)
			ss_stats_count(SS_PICKS_INELIGIBLE_GROUP);
		ss_stats_record_signed(SS_HIST_LAG_PICK_GROUP, v->lag);
		return;
	}
	ss_stats_count(SS_PICKS);
	if (!v->eligible)
		ss_stats_count(SS_PICKS_INELIGIBLE);
	ss_stats_record_signed(SS_HIST_LAG_PICK, v->lag);
	ss_stats_record_signed(SS_HIST_DEADLINE_PICK, (s64)(se->deadline - v->V));
	ss_stats_record(SS_HIST_SLICE_PICK, se->slice);
}

/* @on: the groups measured (SS_ON()); eevdf, pick_order or both */
void ss_eevdf_pick(struct task_struct *p, unsigned int on)
{
	struct sched_entity *se = &p->se;
	struct cfs_rq *cfs_rq = ss_eevdf_cfs_rq(se);
	bool pick_order = (on & SS_ON(PICK_ORDER)) && ss_pick_order_live();
	bool eevdf = on & SS_ON(EEVDF);
	bool trace = trace_pick_enabled();
	struct ss_eligibility e;
	struct ss_entity_view v;
	int depth;

	/*
	 * A fair task just picked is its cfs_rq's curr.  A task of another
	 * class with a fair priority (sched_ext) is on no cfs_rq: its se is
	 * stale, not read.
	 */
	if (ss_cfs_curr(cfs_rq) != se || (!eevdf && !pick_order && !trace))
		return;
	for (depth = 0; se; se = se->parent, depth++) {
		if (depth) {
			/* on a flat kernel the task's level is the only queue */
			if (ss_cfs.model == SS_MODEL_FLAT)
				break;
			cfs_rq = se->cfs_rq;
		}
		ss_eligibility_of(cfs_rq, &e);
		ss_entity_view_from(&e, se, &v);
		if (eevdf)
			ss_pick_count(se, &v, depth);
		if (pick_order)
			ss_pick_order(&e, cfs_rq, se, &v, depth);
		if (trace)
			trace_pick(p, se, depth, v.V, v.lag, v.eligible, false);
	}
}

/* @on: the groups measured (SS_ON()); eevdf, delayed_dequeue or both */
void ss_eevdf_switch_out(struct task_struct *p, bool sleeping,
			 unsigned int on)
{
	struct sched_entity *se = &p->se;
	bool eevdf = on & SS_ON(EEVDF);
	struct ss_entity_view v;
	bool delayed;

	if (eevdf && se->slice) {
		u64 ran = se->sum_exec_runtime - se->prev_sum_exec_runtime;

		ss_stats_record(SS_HIST_STINT_SLICE,
				div64_u64(ran * 100, se->slice));
	}
	if (!sleeping)
		return;

	delayed = ss_se_delayed(se);
	if (delayed) {
		if (!(on & SS_ON(DELAYED_DEQUEUE)))
			return;
		/* still queued: its lag is V - v */
		ss_entity_view(se, &v);
		ss_stats_count(SS_DEQUEUES_DELAYED);
		ss_stats_record_signed(SS_HIST_LAG_DELAYED, v.lag);
	} else {
		if (!eevdf)
			return;
		/* dequeued: update_entity_lag() left it in vlag */
		ss_stats_count(SS_DEQUEUES);
		ss_stats_record_signed(SS_HIST_LAG_DEQUEUE, se->vlag);
		if (!trace_dequeue_enabled())
			return;
		ss_entity_view(se, &v);
		v.lag = se->vlag;
	}
	if (trace_dequeue_enabled())
		trace_dequeue(p, se, 0, v.V, v.lag, v.eligible, delayed);
}

/* @on: the groups measured (SS_ON()); eevdf, delayed_dequeue or both */
void ss_eevdf_wakeup(struct task_struct *p, enum ss_wait_kind before,
		     unsigned int on)
{
	struct ss_entity_view v;

	if (before == SS_SLEEP_DELAYED) {
		/* requeued, not placed: it never left the cfs_rq */
		if (on & SS_ON(DELAYED_DEQUEUE))
			ss_stats_count(SS_WAKEUPS_DELAYED);
		return;
	}
	if (before != SS_SLEEP || !(on & SS_ON(EEVDF)))
		return;
	ss_entity_view(&p->se, &v);
	ss_stats_count(SS_PLACEMENTS);
	ss_stats_record_signed(SS_HIST_LAG_PLACE, v.lag);
	if (trace_place_enabled())
		trace_place(p, &p->se, 0, v.V, v.lag, v.eligible, false);
}

/*
 * eevdf_tasks: every queued fair task as EEVDF sees it now, read without the
 * runqueue locks, so a busy CPU's lines are a moment apart from each other;
 * for a quiet CPU they match /sys/kernel/debug/sched/debug.
 */
void ss_eevdf_tasks_show(struct seq_file *m)
{
	struct task_struct *g, *t;
	struct ss_entity_view v;

	seq_puts(m, "# cpu pid comm vruntime avg_vruntime lag eligible deadline slice weight delayed running\n");
	rcu_read_lock();
	for_each_process_thread(g, t) {
		const struct sched_entity *se = &t->se;
		const struct cfs_rq *cfs_rq;

		if (READ_ONCE(t->on_rq) != SS_TASK_ON_RQ_QUEUED ||
		    !t->pid || !ss_fair(t))
			continue;
		cfs_rq = ss_eevdf_cfs_rq(se);
		ss_entity_view_on(cfs_rq, se, &v);
		/* signed, as sched/debug prints them: a new group starts near 0 */
		seq_printf(m, "%d %d %s %lld %lld %lld %d %lld %llu %lu %d %d\n",
			   task_cpu(t), t->pid, t->comm, (s64)se->vruntime,
			   (s64)v.V, v.lag, v.eligible, (s64)se->deadline,
			   se->slice, ss_avg_weight(cfs_rq, se),
			   ss_se_delayed(se), ss_cfs_curr(cfs_rq) == se);
	}
	rcu_read_unlock();
}
#endif /* SS_CAN_EEVDF */
