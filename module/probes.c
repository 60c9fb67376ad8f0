// SPDX-License-Identifier: GPL-2.0
/*
 * The scheduler tracepoint probes: the hot path.
 *
 * They run with the runqueue lock held and interrupts off (sched_wakeup of
 * the current task: preemption off), millions of times a second.  They touch
 * only this CPU's statistics and the slot of the task at hand; no locks, no
 * allocation, no printk.
 *
 * A task waits for a CPU from the tracepoint that queued it until the
 * sched_switch that switches it in: after sched_wakeup (wakeup latency), after
 * sched_wakeup_new (a new task's first run), or after a sched_switch that
 * switched it out while still runnable (it was preempted or yielded).
 *
 * Built within hot_path.c, with the EEVDF reads it calls.
 */
#include <linux/sched/signal.h>

#include "compat.h"
#include "cost.h"
#include "decisions.h"
#include "eevdf.h"
#include "ranking.h"
#include "sampling.h"
#include "schedscope.h"
#include "task_slots.h"
#include "wait_notes.h"

/* What the probes measure: set by attach.c while they are detached. */
unsigned int ss_groups_measured;

/* The histogram of a wait, by what it started with (ss_waiting()). */
static enum ss_hist_id ss_wait_hist(enum ss_wait_kind kind)
{
	/* metrics.h lists the three in the order of the kinds */
	BUILD_BUG_ON(SS_HIST_PREEMPT_LAT - SS_HIST_WAKEUP_LAT !=
		     SS_WAIT_PREEMPT - SS_WAIT_WAKEUP);
	BUILD_BUG_ON(SS_HIST_NEW_LAT - SS_HIST_WAKEUP_LAT !=
		     SS_WAIT_NEW - SS_WAIT_WAKEUP);
	BUILD_BUG_ON(SS_HIST_THROTTLED_LAT - SS_HIST_WAKEUP_LAT !=
		     SS_WAIT_THROTTLED - SS_WAIT_WAKEUP);
	return SS_HIST_WAKEUP_LAT + (kind - SS_WAIT_WAKEUP);
}

/* the clock of different CPUs may disagree by a little: never negative */
static u64 ss_elapsed(u64 since, u64 now)
{
	return now > since ? now - since : 0;
}

/*
 * A wakeup decided to preempt the task running here: this switch is what it
 * caused if that task is switched out still wanting to run.
 */
static void ss_wakeup_preemption_end(struct ss_cpu *c,
				     const struct task_struct *prev,
				     const struct task_struct *next,
				     bool voluntary, u64 now, u32 weight)
{
	if (c->preempt_victim == prev && !voluntary) {
		/* what a recorded decision caused counts as it did */
		ss_stats_count_sampled(SS_WAKEUP_PREEMPTIONS, weight);
		/* the decision to the switch: lazy preemption waits a tick */
		ss_stats_record_sampled(SS_HIST_PREEMPT_DECISION_DELAY,
					ss_elapsed(READ_ONCE(c->preempt_decided),
						   now), weight);
		if (c->preempt_wakee == next)
			ss_stats_count_sampled(SS_WAKEUP_PREEMPTIONS_BY_WAKEE,
					       weight);
	}
	WRITE_ONCE(c->preempt_victim, NULL);
}

/* The groups that need each task's wait and sleep kept in its slot. */
#define SS_SLOT_GROUPS	(SS_ON(LATENCY) | SS_ON(SWITCHES) | SS_ON(EEVDF) | \
			 SS_ON(DELAYED_DEQUEUE))

/* The groups that read or write the woken task's slot at its wakeup. */
#define SS_WAKEUP_SLOT_GROUPS	(SS_ON(EEVDF) | SS_ON(DELAYED_DEQUEUE) | \
				 SS_ON(DECISIONS))

/*
 * Measured by the latency and switches groups alone, a wakeup is left
 * unwritten: with the runqueue's clock, the kernel's sched_info holds when
 * it queued the task (ss_task_wait_end()).
 */
static bool ss_wakeup_unwritten(unsigned int on)
{
	return IS_ENABLED(CONFIG_SCHED_INFO) &&
	       static_branch_likely(&ss_clock_rq) &&
	       !(on & SS_WAKEUP_SLOT_GROUPS) &&
	       !static_branch_unlikely(&ss_slow_armed);
}

/*
 * Whether a probe at sched_wakeup has anything to do: with its wakeups
 * unwritten, the latency group alone counts nothing there (`wakeups` is
 * the switches group's), and attach.c leaves the tracepoint alone.
 */
bool ss_wakeup_probe_wanted(void)
{
	unsigned int on = READ_ONCE(ss_groups_measured);

	return (on & ~SS_ON(LATENCY)) || !ss_wakeup_unwritten(on);
}

/*
 * The EEVDF reads of a fair task switched in, or out: only if asked for
 * (@on, from ss_probe_groups(), has them only with the layout live).
 */
static bool ss_eevdf_wanted(unsigned int on, unsigned int groups,
			    const struct task_struct *p)
{
	return SS_CAN_EEVDF && (on & groups) && ss_fair(p);
}

/*
 * 7.3+: a pick's EEVDF reads need the hierarchical weight the picked task
 * was queued with (ss_eevdf_queued()).
 */
static bool ss_weight_wanted(unsigned int on, const struct task_struct *p)
{
	return SS_HAVE_H_LOAD && ss_cfs.model == SS_MODEL_FLAT &&
	       ss_eevdf_wanted(on, SS_ON(EEVDF) | SS_ON(PICK_ORDER), p);
}

/* A measured task's wait ended: into its histogram; returns how long. */
static __always_inline u64 ss_wait_record(const struct ss_wait *w, u64 now)
{
	u64 waited = ss_elapsed(w->since, now);

	ss_stats_record(ss_wait_hist(w->kind), waited);
	return waited;
}

/* A measured task's wait ended: its histogram; its record if slow. */
static void ss_wait_end(struct task_struct *p, const struct ss_wait *w,
			u64 now, struct ss_cpu *c,
			const struct task_struct *prev, bool voluntary)
{
	u64 waited = ss_wait_record(w, now);

	/* a throttled wait is its group's quota, not a wait for a CPU */
	if (static_branch_unlikely(&ss_rank_on) &&
	    w->kind != SS_WAIT_THROTTLED)
		ss_rank_record(p, waited);
	if (static_branch_unlikely(&ss_slow_armed) &&
	    waited >= READ_ONCE(ss_slow_ns))
		ss_slow_wait_record(&c->run_log, p, w->kind, w->since, now,
				    !prev->pid ? SS_ENDED_IDLE : voluntary ?
				    SS_ENDED_SLEPT : SS_ENDED_PREEMPTED);
}

/*
 * Returns whether the woken @next displaced @prev (a wakeup preemption).
 * @rec: the groups of @on this switch records (sampling.h).  @rv: what the
 * EEVDF reads read of next's cfs_rq, for prev's switch-out.
 */
static __always_inline bool ss_switch_in(unsigned int on, unsigned int rec,
					 struct task_struct *prev,
					 struct task_struct *next,
					 bool voluntary, u64 stint_start,
					 u64 now, struct ss_rq_view *rv)
{
	struct ss_wait w = { .kind = SS_WAIT_NONE };
	bool wakeup_preemption;

	if (on & SS_SLOT_GROUPS)
		w = ss_task_wait_end(next, now);
	/*
	 * The woken task displaced one that could have gone on running, and
	 * was woken while that one ran here.
	 */
	wakeup_preemption = w.kind == SS_WAIT_WAKEUP && !voluntary &&
			    prev->pid && w.since >= stint_start;
	if (ss_measured(next)) {
		if (on & SS_ON(SWITCHES)) {
			ss_stats_count(SS_SWITCH_INS);
			if (wakeup_preemption)
				ss_stats_count(SS_WAKEUP_DISPLACEMENTS);
		}
		if (on & SS_ON(LATENCY)) {
			if (w.kind == SS_WAIT_NONE)
				ss_stats_count(SS_UNTRACKED_SWITCH_INS);
			else
				ss_wait_end(next, &w, now, rv->rq_cpu, prev,
					    voluntary);
		}
		if (ss_eevdf_wanted(rec, SS_ON(EEVDF) | SS_ON(PICK_ORDER),
				    next))
			ss_eevdf_pick(next, rec, rv);
	}
	return wakeup_preemption;
}

/*
 * @prev left its CPU at @now: asleep (@runnable false; @delayed: its
 * dequeue delayed), or waiting again.  Returns whether it waits for its
 * group's quota (throttled).
 */
static __always_inline bool ss_task_switched_out(struct task_struct *prev,
						 bool delayed, bool runnable,
						 u64 now)
{
	bool throttled;

	if (!runnable) {
		ss_task_sleep(prev, delayed ? SS_SLEEP_DELAYED : SS_SLEEP);
		return false;
	}
	throttled = unlikely(ss_fair(prev) && ss_throttled(prev));
	ss_task_wait_begin(prev, throttled ? SS_WAIT_THROTTLED :
			   SS_WAIT_PREEMPT, now);
	return throttled;
}

/* @rec: as ss_switch_in()'s */
static __always_inline void ss_switch_out(unsigned int on, unsigned int rec,
					  struct task_struct *prev,
					  struct task_struct *next,
					  bool voluntary,
					  bool wakeup_preemption,
					  unsigned int prev_state, u64 now,
					  struct ss_rq_view *rv)
{
	bool delayed, runnable, throttled = false;

	/*
	 * Still queued: preempted, or a sleep called off by a signal.  A
	 * delayed dequeue leaves a sleeping task queued too.  A task of a
	 * group out of its cpu.max quota waits for the quota, not for a CPU:
	 * apart (throttled_lat).
	 */
	delayed = ss_se_delayed(&prev->se);
	runnable = READ_ONCE(prev->on_rq) == SS_TASK_ON_RQ_QUEUED && !delayed;
	if (on & SS_SLOT_GROUPS) {
		throttled = ss_task_switched_out(prev, delayed, runnable, now);
		if (runnable && static_branch_unlikely(&ss_slow_armed))
			ss_wait_note_begin(prev, now);
		/* unthrottled, it is queued again unseen */
		if (runnable && ss_weight_wanted(on, prev))
			ss_eevdf_queued(prev, !throttled);
	}
	if (!ss_measured(prev))
		return;
	if (on & SS_ON(SWITCHES)) {
		ss_stats_count(voluntary ? SS_SWITCHES_VOLUNTARY :
					   SS_SWITCHES_INVOLUNTARY);
		if (voluntary && prev_state == TASK_RUNNING)
			ss_stats_count(SS_SWITCHES_VOLUNTARY_RUNNING);
		if (prev->flags & PF_EXITING)
			ss_stats_count(SS_SWITCHES_EXITING);
		if (!next->pid)
			ss_stats_count(SS_SWITCHES_TO_IDLE);
		if (wakeup_preemption)
			ss_stats_count(SS_PREEMPTED_BY_WAKEUP);
	}
	if (ss_eevdf_wanted(rec, SS_ON(EEVDF) | SS_ON(DELAYED_DEQUEUE), prev))
		ss_eevdf_switch_out(prev, !runnable, rec, rv);
}

/*
 * @can: the groups this build of the probe may measure, a constant: the
 * lean probes' (SS_LEAN_GROUPS) leave the rest out at compile time; so
 * does @r, SS_RECORD_NONE, the sampled groups' records where sampling
 * left this call out (sampling.h).
 */
static __always_inline void ss_switch_body(struct ss_cpu *c, unsigned int can,
					   enum ss_record r, bool preempt,
					   struct task_struct *prev,
					   struct task_struct *next,
					   unsigned int prev_state)
{
	unsigned int on = ss_probe_groups_of(can);
	unsigned int rec = ss_record_groups(r, on);
	u64 now = ss_clock(next, c, true);
	u64 stint_start = c->stint_start;
	bool voluntary, wakeup_preemption = false;
	/* not zeroed at every call: the rest is set when read */
	struct ss_rq_view rv __uninitialized;

	rv.rq_cpu = c;
	rv.now = now;
	rv.cfs_rq = NULL;	/* nothing read yet */
	rv.weight = ss_record_weight(r);

	/*
	 * What the kernel counted: __schedule() has just added one to
	 * prev->nvcsw or prev->nivcsw.  !preempt && prev_state said which on
	 * older kernels; newer ones (try_to_block_task(): Debian's 6.12
	 * already) trace a sleep called off by a pending signal as
	 * TASK_RUNNING yet count it in nvcsw, so the counter itself decides
	 * whenever prev's switch-in here was seen.  Else a TASK_RUNNING
	 * switch that was no preemption is taken as such a sleep when a
	 * signal is pending (a yield with one pending is taken wrong).
	 */
	if (c->curr == prev)
		voluntary = READ_ONCE(prev->nvcsw) != c->curr_nvcsw;
	else
		voluntary = !preempt && (prev_state != TASK_RUNNING ||
					 signal_pending(prev));
	c->curr = next;
	c->curr_nvcsw = READ_ONCE(next->nvcsw);
	c->stint_start = now;
	if (c->preempt_victim)
		ss_wakeup_preemption_end(c, prev, next, voluntary, now,
					 ss_decision_weight(r));
	/* __schedule() cleared prev's need-resched flag */
	if (on & SS_ON(DECISIONS)) {
		c->check_wakee = NULL;
		c->resched_seen = NULL;
	}

	if (next->pid)
		wakeup_preemption = ss_switch_in(on, rec, prev, next, voluntary,
						 stint_start, now, &rv);
	if (prev->pid)
		ss_switch_out(on, rec, prev, next, voluntary,
			      wakeup_preemption, prev_state, now, &rv);
	if (static_branch_unlikely(&ss_slow_armed))
		ss_run_log_note(&c->run_log, next, now);
}

/* The body, timed one call in SS_COST_EVERY (cost.h). */
static __always_inline void ss_switch(unsigned int can, enum ss_record r,
				      bool preempt,
				      struct task_struct *prev,
				      struct task_struct *next,
				      unsigned int prev_state)
{
	struct ss_cpu *c = ss_cpu_this();
	u64 timed = ss_cost_begin(c, SS_COST_SWITCH);

	ss_switch_body(c, can, r, preempt, prev, next, prev_state);
	ss_cost_end(c, SS_COST_SWITCH, timed);
}

/* A build of the switch apart, flattened, for ss_switch()'s @can and @r. */
#define SS_SWITCH_BUILD(name, can, r)					\
static noinline void __flatten name(bool preempt,			\
				    struct task_struct *prev,		\
				    struct task_struct *next,		\
				    unsigned int prev_state)		\
{									\
	ss_switch(can, r, preempt, prev, next, prev_state);		\
}

/* __flatten: every call inlined, the EEVDF reads too (hot_path.c) */
void __flatten ss_probe_sched_switch(void *data, bool preempt,
				     struct task_struct *prev,
				     struct task_struct *next,
				     unsigned int prev_state)
{
	ss_switch(SS_GROUPS_ALL, SS_RECORD_EVERY, preempt, prev, next,
		  prev_state);
}

/*
 * With sampling on (attach.c chooses it then): the switch with every
 * group, or, where sampling leaves the call out, without the EEVDF reads,
 * each built apart and reached by a jump, so that the choice saves no
 * register.
 */
SS_SWITCH_BUILD(ss_switch_sampled, SS_GROUPS_ALL, SS_RECORD_SAMPLED)
SS_SWITCH_BUILD(ss_switch_unsampled, SS_GROUPS_ALL, SS_RECORD_NONE)

void __flatten ss_probe_sched_switch_sampling(void *data, bool preempt,
					      struct task_struct *prev,
					      struct task_struct *next,
					      unsigned int prev_state)
{
	if (ss_sample_skip(this_cpu_ptr(ss_cpus), SS_COST_SWITCH))
		ss_switch_unsampled(preempt, prev, next, prev_state);
	else
		ss_switch_sampled(preempt, prev, next, prev_state);
}

/*
 * The lean probes' common case, with nothing but the latency group (the
 * wakeup: and the switches group) measured, every task (no filter), with
 * the runqueue's clock and the kernel's sched_info, no slow wait armed, no
 * ranking, no reset pending, this call not timed (cost.h) and, at a switch,
 * the clock fresh: ss_wakeup_unwritten() and the rest.  It calls nothing,
 * so that the probe saves two registers at most (a call on any path makes
 * it save six at every entry); anything else goes the whole way, in a
 * function of its own (ss_switch_lean_whole(), ss_wakeup_lean_whole()).
 * The calls timed go the whole way: the cost in status is the whole way's,
 * more than this one's.
 */
static __always_inline bool ss_lean_leaf_ok(const struct ss_cpu *c,
					    unsigned int on,
					    enum ss_cost_probe k)
{
	return ss_wakeup_unwritten(on) &&
	       !static_branch_unlikely(&ss_rank_on) &&
	       c->epoch == READ_ONCE(ss_epoch) &&
	       !rcu_access_pointer(ss_active_filter) &&
	       c->cost_countdown[k];
}

/* The leaf's work at @now: ss_switch_body() with the latency group alone. */
static __always_inline void ss_switch_leaf_at(struct ss_cpu *c,
					      struct task_struct *prev,
					      struct task_struct *next,
					      u64 now)
{
	c->cost_countdown[SS_COST_SWITCH]--;
	/* the whole way keeps the running task only for other groups */
	c->curr = NULL;
	if (next->pid) {
		struct ss_wait w = ss_task_wait_end(next, now);

		if (w.kind == SS_WAIT_NONE)
			ss_stats_count(SS_UNTRACKED_SWITCH_INS);
		else
			ss_wait_record(&w, now);
	}
	if (prev->pid) {
		bool delayed = ss_se_delayed(&prev->se);

		ss_task_switched_out(prev, delayed,
				     READ_ONCE(prev->on_rq) ==
				     SS_TASK_ON_RQ_QUEUED && !delayed, now);
	}
}

enum ss_leaf_taken {
	SS_LEAF_NOT,		/* the whole way */
	SS_LEAF_DONE,
	SS_LEAF_STALE,		/* the leaf, with the time read */
};

/*
 * The leaf at a switch, where the runqueue's clock is fresh; where it is
 * stale (ss_rq_clock_stale()), the time is read, which
 * ss_switch_leaf_stale() does: a call here would cost every switch the
 * registers it saves.
 */
static __always_inline enum ss_leaf_taken
ss_switch_leaf(struct task_struct *prev, struct task_struct *next)
{
#ifdef CONFIG_FAIR_GROUP_SCHED
	struct ss_cpu *c = this_cpu_ptr(ss_cpus);
	unsigned int on = ss_probe_groups();
	u64 now;

	if (on != SS_ON(LATENCY) || !ss_lean_leaf_ok(c, on, SS_COST_SWITCH))
		return SS_LEAF_NOT;
	now = ss_rq_clock_of(next);
	if (unlikely(ss_rq_clock_stale(c, next, now, true)))
		return SS_LEAF_STALE;
	c->rq_clock_seen = now;
	ss_switch_leaf_at(c, prev, next, now);
	return SS_LEAF_DONE;
#else
	return SS_LEAF_NOT;
#endif
}

/* The leaf where the runqueue's clock is stale: the same clock, read. */
static noinline void __flatten ss_switch_leaf_stale(struct task_struct *prev,
						    struct task_struct *next)
{
	ss_switch_leaf_at(this_cpu_ptr(ss_cpus), prev, next, local_clock());
}

/* The lean switch the whole way: flattened apart from the leaf. */
SS_SWITCH_BUILD(ss_switch_lean_whole, SS_LEAN_GROUPS, SS_RECORD_EVERY)

/*
 * The same with the latency and switches groups alone (attach.c chooses
 * it then): none of the EEVDF reads and decisions compiled in.
 */
void __flatten ss_probe_sched_switch_lean(void *data, bool preempt,
					  struct task_struct *prev,
					  struct task_struct *next,
					  unsigned int prev_state)
{
	switch (ss_switch_leaf(prev, next)) {
	case SS_LEAF_DONE:
		break;
	case SS_LEAF_STALE:
		ss_switch_leaf_stale(prev, next);
		break;
	default:
		ss_switch_lean_whole(preempt, prev, next, prev_state);
	}
}

/*
 * A task woken into a group out of its cpu.max quota waits for the quota,
 * as a throttled task switched out does: the group's entity is off its
 * parent's queue (up to 7.0), or the task is marked throttled (7.x).
 */
static __always_inline enum ss_wait_kind
ss_wakeup_wait_kind(const struct task_struct *p)
{
	return unlikely(ss_fair(p) && ss_throttled(p)) ? SS_WAIT_THROTTLED :
							 SS_WAIT_WAKEUP;
}

/* @can, @r: as ss_switch_body()'s */
static __always_inline void ss_wakeup_body(struct task_struct *p,
					   unsigned int can, enum ss_record r)
{
	unsigned int on = ss_probe_groups_of(can);
	unsigned int rec = ss_record_groups(r, on);
	enum ss_wait_kind before = SS_WAIT_NONE;
	struct ss_rq_view rv __uninitialized;
	u64 woken_at = 0;	/* slow waits armed: the start of this one */
	/* measured, its decision left out by sampling */
	const struct task_struct *undecided = NULL;

	/* under the lock of the wakee's runqueue */
	rv.rq_cpu = ss_cpu_of(task_cpu(p));
	rv.cfs_rq = NULL;
	rv.weight = ss_record_weight(r);
	if (on & (SS_SLOT_GROUPS | SS_ON(DECISIONS)))
		rv.now = ss_clock(p, rv.rq_cpu, false);
	/* left out by sampling, it reads nothing a written wakeup keeps */
	if ((on & SS_SLOT_GROUPS) && !ss_wakeup_unwritten(rec)) {
		enum ss_wait_kind kind = ss_wakeup_wait_kind(p);

		before = ss_task_wait_begin(p, kind, rv.now);
		if (static_branch_unlikely(&ss_slow_armed) &&
		    !ss_wait_goes_on(kind, before))
			woken_at = rv.now;
	}
	if (ss_weight_wanted(on, p))
		ss_eevdf_queued(p, true);
	if (!ss_measured(p))
		goto resched;
	if (on & SS_ON(SWITCHES))
		ss_stats_count(SS_WAKEUPS);
	if (ss_eevdf_wanted(rec, SS_ON(EEVDF) | SS_ON(DECISIONS) |
			    SS_ON(DELAYED_DEQUEUE), p)) {
		ss_eevdf_wakeup(p, before, rec, &rv);
		if (rec & SS_ON(DECISIONS)) {
			/* its note written with the decision */
			ss_wakeup_decision(p, &rv, woken_at);
			return;
		}
	}
	if (r == SS_RECORD_NONE && ss_eevdf_wanted(on, SS_ON(DECISIONS), p))
		undecided = p;
	if (woken_at)
		ss_wait_note_begin(p, woken_at);
resched:
	/*
	 * what any other wakeup here left of the flag, for the next one (not
	 * the running task's own: without the runqueue's lock)
	 */
	if (SS_CAN_EEVDF && (on & SS_ON(DECISIONS)) && p != current)
		ss_wakeup_resched_note(rv.rq_cpu, undecided);
}

/* The body, timed one call in SS_COST_EVERY (cost.h). */
static __always_inline void ss_wakeup(struct task_struct *p, unsigned int can,
				      enum ss_record r)
{
	struct ss_cpu *c = ss_cpu_this();
	u64 timed = ss_cost_begin(c, SS_COST_WAKEUP);

	ss_wakeup_body(p, can, r);
	ss_cost_end(c, SS_COST_WAKEUP, timed);
}

/*
 * A task woken while it runs (try_to_wake_up() of current): the tracepoint
 * fires with interrupts on and without the runqueue lock.  The probe runs
 * again with them off, so that an interrupt's probe on this CPU cannot
 * interleave with its per-CPU writes (the sampling draw, the clock seen);
 * such a wakeup writes no record that another CPU's decision reads.
 */
static noinline void ss_wakeup_self(void (*probe)(void *data,
						  struct task_struct *p),
				    struct task_struct *p)
{
	unsigned long flags;

	local_irq_save(flags);
	probe(NULL, p);
	local_irq_restore(flags);
}

static __always_inline bool ss_wakeup_self_irqs_on(const struct task_struct *p)
{
	return unlikely(p == current) && !irqs_disabled();
}

void __flatten ss_probe_sched_wakeup(void *data, struct task_struct *p)
{
	if (ss_wakeup_self_irqs_on(p))
		ss_wakeup_self(ss_probe_sched_wakeup, p);
	else
		ss_wakeup(p, SS_GROUPS_ALL, SS_RECORD_EVERY);
}

/* With sampling on: as the switch's. */
static noinline void __flatten ss_wakeup_sampled(struct task_struct *p)
{
	ss_wakeup(p, SS_GROUPS_ALL, SS_RECORD_SAMPLED);
}

static noinline void __flatten ss_wakeup_unsampled(struct task_struct *p)
{
	ss_wakeup(p, SS_GROUPS_ALL, SS_RECORD_NONE);
}

/*
 * ss_wakeup_body() with the latency and switches groups alone, the wakeup
 * left unwritten (ss_wakeup_unwritten()): the clock seen noted, the wakeup
 * counted.  False if not taken.  With @r SS_RECORD_NONE, a wakeup sampling
 * left out with every group: what the sampled groups keep at every event
 * too (a weight as queued, the need-resched flag's record).
 */
static __always_inline bool ss_wakeup_leaf(struct task_struct *p,
					   enum ss_record r)
{
#ifdef CONFIG_FAIR_GROUP_SCHED
	struct ss_cpu *c = this_cpu_ptr(ss_cpus), *rq_cpu;
	unsigned int on = ss_probe_groups();
	unsigned int rec = ss_record_groups(r, on);

	if ((rec & ~SS_LEAN_GROUPS) || !ss_lean_leaf_ok(c, rec, SS_COST_WAKEUP))
		return false;
	c->cost_countdown[SS_COST_WAKEUP]--;
	/* under the lock of the wakee's runqueue */
	rq_cpu = ss_cpu_of(task_cpu(p));
	rq_cpu->rq_clock_seen = ss_rq_clock_of(p);
	if (r == SS_RECORD_NONE && ss_weight_wanted(on, p))
		ss_eevdf_queued(p, true);
	if ((on & SS_ON(SWITCHES)) && p->pid)
		ss_stats_count(SS_WAKEUPS);
	if (r == SS_RECORD_NONE && SS_CAN_EEVDF && (on & SS_ON(DECISIONS)) &&
	    p != current)
		ss_wakeup_resched_note(rq_cpu,
				       p->pid && ss_fair(p) ? p : NULL);
	return true;
#else
	return false;
#endif
}

static noinline void __flatten ss_wakeup_lean_whole(struct task_struct *p)
{
	ss_wakeup(p, SS_LEAN_GROUPS, SS_RECORD_EVERY);
}

void __flatten ss_probe_sched_wakeup_lean(void *data, struct task_struct *p)
{
	if (ss_wakeup_self_irqs_on(p))
		ss_wakeup_self(ss_probe_sched_wakeup_lean, p);
	else if (!ss_wakeup_leaf(p, SS_RECORD_EVERY))
		ss_wakeup_lean_whole(p);
}

/* With sampling on: a wakeup left out takes the leaf where it can. */
void __flatten ss_probe_sched_wakeup_sampling(void *data,
					      struct task_struct *p)
{
	if (ss_wakeup_self_irqs_on(p))
		ss_wakeup_self(ss_probe_sched_wakeup_sampling, p);
	else if (!ss_sample_skip(this_cpu_ptr(ss_cpus), SS_COST_WAKEUP))
		ss_wakeup_sampled(p);
	else if (!ss_wakeup_leaf(p, SS_RECORD_NONE))
		ss_wakeup_unsampled(p);
}

void ss_probe_sched_wakeup_new(void *data, struct task_struct *p)
{
	unsigned int on = ss_probe_groups();

	ss_cpu_this();
	if (on & SS_SLOT_GROUPS) {
		u64 now = ss_clock(p, per_cpu_ptr(ss_cpus, task_cpu(p)), false);

		ss_task_wait_begin(p, SS_WAIT_NEW, now);
		if (static_branch_unlikely(&ss_slow_armed))
			ss_wait_note_begin(p, now);
	}
	if (ss_weight_wanted(on, p))
		ss_eevdf_queued(p, true);
	if ((on & SS_ON(SWITCHES)) && ss_measured(p))
		ss_stats_count(SS_WAKEUPS_NEW);
	if (SS_CAN_EEVDF && (on & SS_ON(DECISIONS)))
		ss_wakeup_resched_note(per_cpu_ptr(ss_cpus, task_cpu(p)),
				       NULL);
}

void ss_probe_sched_migrate_task(void *data, struct task_struct *p,
				 int dest_cpu)
{
	unsigned int on = ss_probe_groups();

	ss_cpu_this();
	if ((on & SS_ON(SWITCHES)) && ss_measured(p))
		ss_stats_count(SS_MIGRATIONS);
	/* queued again on dest_cpu unseen, unless a wakeup follows */
	if (ss_weight_wanted(on, p))
		ss_eevdf_queued(p, false);
}

void ss_probe_sched_process_free(void *data, struct task_struct *p)
{
	ss_task_forget(p);
}
