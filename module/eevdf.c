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
 *
 * Built within hot_path.c: what the probes call is inlined into them.
 */
#include <linux/pid.h>
#include <linux/pid_namespace.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>

#include "compat.h"
#include "decisions.h"
#include "eevdf.h"
#include "schedscope.h"
#include "task_slots.h"

#if SS_CAN_EEVDF
#include "schedscope_trace.h"

/*
 * Was the entity just picked on @cfs_rq, whose deadline was @deadline at
 * the pick, the queued entity with the earliest deadline?  If another
 * one's is earlier, pick_eevdf() passed it over: it was not eligible (a
 * delayed sleeper never is), or it was and a buddy or the running group
 * entity's protection won.  The picked entity left the
 * tree at the pick, and V has not moved since: the runqueue's lock is held
 * from the pick to sched_switch.
 */
static void ss_pick_order(struct ss_rq_view *rv, const struct cfs_rq *cfs_rq,
			  u64 deadline, int depth)
{
	const struct sched_entity *first = ss_cfs_first(cfs_rq);
	bool eligible;

	if (!first || (s64)(first->deadline - deadline) >= 0)
		return;
	eligible = ss_eligible_at(&rv->e, first->vruntime);
	if (depth) {
		ss_stats_count_sampled(eligible ? SS_PICKS_GROUP_EARLIER_ELIGIBLE :
					       SS_PICKS_GROUP_EARLIER_INELIGIBLE,
				       rv->weight);
	} else if (eligible) {
		ss_stats_count_sampled(SS_PICKS_EARLIER_ELIGIBLE, rv->weight);
	} else if (ss_se_delayed(first)) {
		ss_stats_count_sampled(SS_PICKS_EARLIER_DELAYED, rv->weight);
	} else {
		/* rare: declared here, not zeroed at every pick */
		struct ss_entity_view fv;

		ss_stats_count_sampled(SS_PICKS_EARLIER_INELIGIBLE, rv->weight);
		ss_rq_view_entity(rv, cfs_rq, first, &fv);
		ss_stats_record_signed_sampled(SS_HIST_LAG_EARLIER_INELIGIBLE,
					       fv.lag, rv->weight);
	}
}

/*
 * The picked entity's slice protection, in virtual ns: how far it may run
 * before a wakee's earlier deadline can preempt it, 0 where none is in
 * force.  7.x: vprot, which set_next_task_fair() set before sched_switch.
 * Up to 6.12 set_next_entity() stashes the deadline in vlag at every pick
 * and pick_eevdf() honours it under RUN_TO_PARITY only: known where the
 * feature word is (the decisions group's sched_features); false, nothing
 * recorded, where it is not.
 */
static bool ss_protection(const struct sched_entity *se, u64 *left)
{
	s64 vleft;

#if SS_HAVE_VPROT
	vleft = (s64)(se->vprot - se->vruntime);
#else
	if (!READ_ONCE(ss_feats.live))
		return false;
	vleft = ss_feat(SS_FEAT_RUN_TO_PARITY) && se->vlag == se->deadline ?
		(s64)(se->deadline - se->vruntime) : 0;
#endif
	*left = vleft > 0 ? vleft : 0;
	return true;
}

/*
 * The eevdf group's view of a pick, at the task's level or a group's;
 * @deadline: @se's at the pick; each record counts @w (struct ss_rq_view).
 */
static void ss_pick_count(const struct sched_entity *se,
			  const struct ss_entity_view *v, u64 deadline,
			  int depth, u32 w)
{
	u64 left;

	if (depth) {
		if (!v->eligible)
			ss_stats_count_sampled(SS_PICKS_INELIGIBLE_GROUP, w);
		ss_stats_record_signed_sampled(SS_HIST_LAG_PICK_GROUP, v->lag,
					       w);
		return;
	}
	/* picks is the count of lag_pick (stats.c) */
	if (!v->eligible)
		ss_stats_count_sampled(SS_PICKS_INELIGIBLE, w);
	ss_stats_record_signed_sampled(SS_HIST_LAG_PICK, v->lag, w);
	ss_stats_record_signed_sampled(SS_HIST_DEADLINE_PICK,
				       (s64)(deadline - v->V), w);
	ss_stats_record_sampled(SS_HIST_SLICE_PICK, se->slice, w);
	if (ss_protection(se, &left))
		ss_stats_record_sampled(SS_HIST_PROTECT_PICK, left, w);
}

#if SS_HAVE_H_LOAD
/*
 * *@x * @num / @den, as rescale_entity() scales; false where the product
 * is past s64 (a lag between weights far apart).
 */
static bool ss_rescale(s64 *x, u32 num, u32 den)
{
	s64 prod;

	if (check_mul_overflow(*x, (s64)num, &prod))
		return false;
	*x = div64_s64(prod, den);
	return true;
}

/*
 * 7.3+: pick_eevdf() chose @p with the hierarchical weight it was queued
 * with; set_next_task_fair() then reweighted it to the weight of now
 * (reweight_eevdf(): V stays, the lag and deadline - V scale by
 * w_old / w_new).  Undone here, so @v's lag and *@deadline are what the
 * pick saw.  Where the queued weight was not seen (a move by load
 * balancing, a throttle, a slot taken over) they stay as they are now.
 */
static void ss_pick_unweigh(struct task_struct *p, bool eevdf,
			    struct ss_entity_view *v, u64 *deadline, u32 w)
{
	u32 queued = ss_task_weight_queued(p);
	u32 now = ss_se_h_weight(&p->se);
	s64 lag = v->lag, rel = (s64)(*deadline - v->V);

	if (queued == now)
		return;
	if (!queued || !ss_rescale(&lag, now, queued) ||
	    !ss_rescale(&rel, now, queued)) {
		if (eevdf)
			ss_stats_count_sampled(SS_PICKS_WEIGHT_UNSEEN, w);
		return;
	}
	v->lag = lag;
	*deadline = v->V + rel;
	if (eevdf)
		ss_stats_count_sampled(SS_PICKS_REWEIGHTED, w);
}

/* @p is queued with the weight the kernel set last, or one unseen (0). */
void ss_eevdf_queued(struct task_struct *p, bool seen)
{
	ss_task_weight_note(p, seen ? ss_se_h_weight(&p->se) : 0);
}
#endif

/*
 * One level of a pick: the task on its cfs_rq, or a group entity on its.
 * Inline: the task's level is on the hot path of every switch.
 */
static __always_inline void ss_pick_level(struct task_struct *p,
					  const struct sched_entity *se,
					  const struct cfs_rq *cfs_rq,
					  int depth, bool eevdf,
					  bool pick_order, bool trace,
					  struct ss_rq_view *rv)
{
	/* a flat kernel's task level was reweighted after its pick */
	bool unweigh = SS_HAVE_H_LOAD && !depth &&
		       ss_cfs.model == SS_MODEL_FLAT;
	u64 deadline = se->deadline;
	struct ss_entity_view v;

	/* V (a division) only where a lag is recorded or undone */
	ss_rq_view_sums(rv, cfs_rq);
	if (eevdf || trace || unweigh)
		ss_rq_view_entity(rv, cfs_rq, se, &v);
#if SS_HAVE_H_LOAD
	if (unweigh)
		ss_pick_unweigh(p, eevdf, &v, &deadline, rv->weight);
#endif
	if (eevdf)
		ss_pick_count(se, &v, deadline, depth, rv->weight);
	if (pick_order)
		ss_pick_order(rv, cfs_rq, deadline, depth);
	if (trace)
		trace_pick(p, se, depth, v.V, v.lag, v.V - v.lag, deadline,
			   v.eligible, false);
}

/*
 * The group entities above a task just picked, each on its parent's cfs_rq:
 * out of line, so a pick without groups does not set up their view.
 * @weight: the task level's (struct ss_rq_view).
 */
static noinline void ss_pick_groups(struct task_struct *p, bool eevdf,
				    bool pick_order, bool trace, u32 weight)
{
	struct sched_entity *se;
	/* rq_cpu is not read: no groups on a flat kernel */
	struct ss_rq_view rv = { .weight = weight };
	int depth = 1;

	for (se = p->se.parent; se; se = se->parent, depth++) {
		rv.cfs_rq = NULL;
		ss_pick_level(p, se, se->cfs_rq, depth, eevdf, pick_order,
			      trace, &rv);
	}
}

/*
 * @on: the groups measured (SS_ON()); eevdf, pick_order or both.  @rv
 * keeps the task's own cfs_rq, for the switch-out after it.
 */
void ss_eevdf_pick(struct task_struct *p, unsigned int on,
		   struct ss_rq_view *rv)
{
	struct sched_entity *se = &p->se;
	struct cfs_rq *cfs_rq = ss_rq_view_queue(rv, se);
	bool pick_order = on & SS_ON(PICK_ORDER);
	bool eevdf = on & SS_ON(EEVDF);
	bool trace = trace_pick_enabled();

	/*
	 * A fair task just picked is its cfs_rq's curr.  A task of another
	 * class with a fair priority (sched_ext) is on no cfs_rq: its se is
	 * stale, not read.
	 */
	if (ss_cfs_curr(cfs_rq) != se || (!eevdf && !pick_order && !trace))
		return;
	ss_pick_level(p, se, cfs_rq, 0, eevdf, pick_order, trace, rv);
	/* on a flat kernel the task's level is the only queue */
	if (se->parent && ss_cfs.model != SS_MODEL_FLAT)
		ss_pick_groups(p, eevdf, pick_order, trace, rv->weight);
}

/*
 * @on: the groups measured (SS_ON()); eevdf, delayed_dequeue or both.  @rv:
 * a cfs_rq read at this switch's pick, or none.
 */
void ss_eevdf_switch_out(struct task_struct *p, bool sleeping,
			 unsigned int on, struct ss_rq_view *rv)
{
	struct sched_entity *se = &p->se;
	bool eevdf = on & SS_ON(EEVDF);
	struct ss_entity_view v;
	bool delayed;

	if (eevdf && se->slice) {
		u64 ran = se->sum_exec_runtime - se->prev_sum_exec_runtime;

		ss_stats_record_sampled(SS_HIST_STINT_SLICE,
					div64_u64(ran * 100, se->slice),
					rv->weight);
	}
	if (!sleeping)
		return;

	delayed = ss_se_delayed(se);
	if (delayed) {
		if (!(on & SS_ON(DELAYED_DEQUEUE)))
			return;
		/* still queued: its lag is V - v */
		ss_rq_view_entity(rv, ss_rq_view_queue(rv, se), se, &v);
		/* dequeues_delayed is its count (stats.c) */
		ss_stats_record_signed_sampled(SS_HIST_LAG_DELAYED, v.lag,
					       rv->weight);
	} else {
		if (!eevdf)
			return;
		/* dequeued: update_entity_lag() left it in vlag; V for the event */
		/* dequeues is its count (stats.c) */
		ss_stats_record_signed_sampled(SS_HIST_LAG_DEQUEUE, se->vlag,
					       rv->weight);
	}
	if (!trace_dequeue_enabled())
		return;
	if (!delayed) {
		ss_rq_view_entity(rv, ss_rq_view_queue(rv, se), se, &v);
		v.lag = se->vlag;
	}
	trace_dequeue(p, se, 0, v.V, v.lag, se->vruntime, se->deadline,
		      v.eligible, delayed);
}

/*
 * @on: the groups measured (SS_ON()); eevdf, delayed_dequeue or both.  @rv
 * keeps the wakee's cfs_rq, for its wakeup decision.
 */
void ss_eevdf_wakeup(struct task_struct *p, enum ss_wait_kind before,
		     unsigned int on, struct ss_rq_view *rv)
{
	struct ss_entity_view v;

	if (before == SS_SLEEP_DELAYED) {
		/* requeued, not placed: it never left the cfs_rq */
		if (!(on & SS_ON(DELAYED_DEQUEUE)))
			return;
		ss_stats_count_sampled(SS_WAKEUPS_DELAYED, rv->weight);
		/* 7.x: woken into a throttled group, it may be in limbo */
		if (!READ_ONCE(p->se.on_rq))
			return;
		/* DELAY_ZERO placed it at V if its lag had grown above 0 */
		ss_rq_view_entity(rv, ss_rq_view_queue(rv, &p->se), &p->se, &v);
		ss_stats_record_signed_sampled(SS_HIST_LAG_REQUEUE, v.lag,
					       rv->weight);
		return;
	}
	/* 7.x: woken into a throttled group, it may be in limbo, not queued */
	if (before != SS_SLEEP || !(on & SS_ON(EEVDF)) ||
	    !READ_ONCE(p->se.on_rq))
		return;
	ss_rq_view_entity(rv, ss_rq_view_queue(rv, &p->se), &p->se, &v);
	/* placements is its count (stats.c) */
	ss_stats_record_signed_sampled(SS_HIST_LAG_PLACE, v.lag, rv->weight);
	if (trace_place_enabled())
		trace_place(p, &p->se, 0, v.V, v.lag, p->se.vruntime,
			    p->se.deadline, v.eligible, false);
}

/*
 * eevdf_tasks: every queued fair task as EEVDF sees it now, read without the
 * runqueue locks, so a busy CPU's lines are a moment apart from each other;
 * for a quiet CPU they match /sys/kernel/debug/sched/debug.
 *
 * A seq_file walk by thread id: each step finds the next task under RCU and
 * holds a reference to it until it is printed, so the walk may sleep between
 * tasks and a buffer that fills up is not a walk started over.  *pos names
 * the record: 0 the header, the thread id + 1 a task.
 */
#define SS_TASKS_END	((loff_t)PID_MAX_LIMIT + 2)

/* The first task whose thread id is @nr or more, referenced; *pos its own. */
static struct task_struct *ss_task_from(int nr, loff_t *pos)
{
	struct task_struct *t = NULL;
	struct pid *pid;

	rcu_read_lock();
	while ((pid = find_ge_pid(nr, &init_pid_ns))) {
		nr = pid_nr(pid);
		t = pid_task(pid, PIDTYPE_PID);
		if (t) {
			get_task_struct(t);
			break;
		}
		nr++;
	}
	rcu_read_unlock();
	*pos = t ? (loff_t)nr + 1 : SS_TASKS_END;
	return t;
}

static void *ss_eevdf_tasks_start(struct seq_file *m, loff_t *pos)
{
	if (!*pos)
		return SEQ_START_TOKEN;
	return *pos >= SS_TASKS_END ? NULL : ss_task_from(*pos - 1, pos);
}

static void *ss_eevdf_tasks_next(struct seq_file *m, void *v, loff_t *pos)
{
	if (v != SEQ_START_TOKEN)
		put_task_struct(v);
	/* the thread after the one shown, or the first after the header */
	return ss_task_from(max_t(loff_t, *pos, 1), pos);
}

static void ss_eevdf_tasks_stop(struct seq_file *m, void *v)
{
	if (v && v != SEQ_START_TOKEN)
		put_task_struct(v);
}

static int ss_eevdf_tasks_show(struct seq_file *m, void *v)
{
	struct task_struct *t = v;
	const struct sched_entity *se;
	const struct cfs_rq *cfs_rq;
	struct ss_entity_view view;

	if (v == SEQ_START_TOKEN) {
		seq_puts(m, "# cpu pid comm vruntime avg_vruntime lag eligible deadline slice weight delayed running\n");
		return 0;
	}
	if (READ_ONCE(t->on_rq) != SS_TASK_ON_RQ_QUEUED || !ss_fair(t))
		return 0;
	se = &t->se;
	/* a group's cfs_rq is freed after an RCU grace period */
	rcu_read_lock();
	cfs_rq = ss_eevdf_cfs_rq(se);
	ss_entity_view_on(cfs_rq, se, &view);
	seq_printf(m, "%d %d ", task_cpu(t), t->pid);
	/* one column whatever the name: blanks as octal, as /proc/mounts */
	seq_escape(m, t->comm, " \t\n\\");
	/* signed, as sched/debug prints them: a new group starts near 0 */
	seq_printf(m, " %lld %lld %lld %d %lld %llu %lu %d %d\n",
		   (s64)se->vruntime, (s64)view.V, view.lag, view.eligible,
		   (s64)se->deadline, se->slice, ss_avg_weight(cfs_rq, se),
		   ss_se_delayed(se), ss_cfs_curr(cfs_rq) == se);
	rcu_read_unlock();
	return 0;
}

const struct seq_operations ss_eevdf_tasks_sops = {
	.start	= ss_eevdf_tasks_start,
	.next	= ss_eevdf_tasks_next,
	.stop	= ss_eevdf_tasks_stop,
	.show	= ss_eevdf_tasks_show,
};
#endif /* SS_CAN_EEVDF */
