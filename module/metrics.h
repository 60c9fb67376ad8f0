/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's metrics: the one list the enums, the name tables and the
 * debugfs files (status, stats, stats_percpu, hist/, hist_percpu/) are made
 * from, as kernel/sched/features.h is for the scheduler's features.  Define
 * the macros a use needs, then include this file; the others expand to
 * nothing, and all three are undefined at the end.
 *
 *   SS_GROUP(ID, name)
 *	a metric group: SS_GROUP_ID, one `group name ...` line in `status`
 *   SS_COUNTER(ID, name, GROUP)
 *	a counter: SS_ID, the `name` key of `stats` (docs/interface.md)
 *   SS_HIST(ID, name, unit, KIND, GROUP)
 *	a histogram: SS_HIST_ID, the files hist/name and hist_percpu/name of
 *	the map @name_unit, and its `stats` keys; KIND is LOG2 (values >= 0)
 *	or SLOG2 (signed: mirrored below zero), see enum ss_hist_kind
 *
 * Within each of the three lists, the order is the order of the files.  A
 * counter or a histogram is shown where its group is supported
 * (ss_group_supported()).  The `switches` key of `stats` is no counter of
 * its own: debugfs.c prints it first, as voluntary + involuntary.
 */
#ifndef SS_GROUP
#define SS_GROUP(...)
#endif
#ifndef SS_COUNTER
#define SS_COUNTER(...)
#endif
#ifndef SS_HIST
#define SS_HIST(...)
#endif

SS_GROUP(LATENCY,		latency)
SS_GROUP(SWITCHES,		switches)
SS_GROUP(EEVDF,			eevdf)
SS_GROUP(DELAYED_DEQUEUE,	delayed_dequeue)
SS_GROUP(DECISIONS,		decisions)
SS_GROUP(PICK_ORDER,		pick_order)

SS_COUNTER(SWITCHES_VOLUNTARY,		switches_voluntary, SWITCHES)
SS_COUNTER(SWITCHES_INVOLUNTARY,	switches_involuntary, SWITCHES)
SS_COUNTER(SWITCHES_VOLUNTARY_RUNNING,	switches_voluntary_running, SWITCHES)
SS_COUNTER(SWITCHES_EXITING,		switches_exiting, SWITCHES)
SS_COUNTER(SWITCH_INS,			switch_ins, SWITCHES)
SS_COUNTER(SWITCHES_TO_IDLE,		switches_to_idle, SWITCHES)
SS_COUNTER(WAKEUP_DISPLACEMENTS,	wakeup_displacements, SWITCHES)
SS_COUNTER(PREEMPTED_BY_WAKEUP,		preempted_by_wakeup, SWITCHES)
SS_COUNTER(WAKEUPS,			wakeups, LATENCY)
SS_COUNTER(WAKEUPS_NEW,			wakeups_new, LATENCY)
SS_COUNTER(MIGRATIONS,			migrations, SWITCHES)
SS_COUNTER(UNTRACKED_SWITCH_INS,	untracked_switch_ins, LATENCY)
SS_COUNTER(SLOT_COLLISIONS,		slot_collisions, LATENCY)
SS_COUNTER(PICKS,			picks, EEVDF)
SS_COUNTER(PICKS_INELIGIBLE,		picks_ineligible, EEVDF)
SS_COUNTER(PICKS_INELIGIBLE_GROUP,	picks_ineligible_group, EEVDF)
SS_COUNTER(PLACEMENTS,			placements, EEVDF)
SS_COUNTER(DEQUEUES,			dequeues, EEVDF)
SS_COUNTER(DEQUEUES_DELAYED,		dequeues_delayed, DELAYED_DEQUEUE)
SS_COUNTER(WAKEUPS_DELAYED,		wakeups_delayed, DELAYED_DEQUEUE)
/* the classes, from PREEMPT_PICK to UNEXPLAINED, add up to this one (stats.c) */
SS_COUNTER(WAKEUP_DECISIONS,		wakeup_decisions, DECISIONS)
SS_COUNTER(WAKEUP_PREEMPT_PICK,		wakeup_preempt_pick, DECISIONS)
SS_COUNTER(WAKEUP_PREEMPT_SHORT,	wakeup_preempt_short, DECISIONS)
SS_COUNTER(WAKEUP_PREEMPT_SCHED_IDLE,	wakeup_preempt_sched_idle, DECISIONS)
SS_COUNTER(WAKEUP_PREEMPT_IDLE_CPU,	wakeup_preempt_idle_cpu, DECISIONS)
SS_COUNTER(WAKEUP_DECLINE_PENDING,	wakeup_decline_pending, DECISIONS)
SS_COUNTER(WAKEUP_DECLINE_FEATURE_OFF,	wakeup_decline_feature_off, DECISIONS)
SS_COUNTER(WAKEUP_DECLINE_NOT_FAIR,	wakeup_decline_not_fair, DECISIONS)
SS_COUNTER(WAKEUP_DECLINE_THROTTLED,	wakeup_decline_throttled, DECISIONS)
SS_COUNTER(WAKEUP_DECLINE_POLICY,	wakeup_decline_policy, DECISIONS)
SS_COUNTER(WAKEUP_DECLINE_INELIGIBLE,	wakeup_decline_ineligible, DECISIONS)
SS_COUNTER(WAKEUP_DECLINE_PROTECTED,	wakeup_decline_protected, DECISIONS)
SS_COUNTER(WAKEUP_DECLINE_DEADLINE,	wakeup_decline_deadline, DECISIONS)
SS_COUNTER(WAKEUP_DECLINE_BUDDY,	wakeup_decline_buddy, DECISIONS)
SS_COUNTER(WAKEUP_UNDECIDED,		wakeup_undecided, DECISIONS)
SS_COUNTER(WAKEUP_UNEXPLAINED,		wakeup_unexplained, DECISIONS)
SS_COUNTER(WAKEUP_PREEMPTIONS,		wakeup_preemptions, DECISIONS)
SS_COUNTER(WAKEUP_PREEMPTIONS_BY_WAKEE,	wakeup_preemptions_by_wakee, DECISIONS)
SS_COUNTER(WAKEUP_RESCHED_TRACED,	wakeup_resched_traced, DECISIONS)
SS_COUNTER(WAKEUP_PROTECT_CANCELLED,	wakeup_protect_cancelled, DECISIONS)
SS_COUNTER(PICKS_EARLIER_INELIGIBLE,	picks_earlier_ineligible, PICK_ORDER)
SS_COUNTER(PICKS_EARLIER_DELAYED,	picks_earlier_delayed, PICK_ORDER)
SS_COUNTER(PICKS_EARLIER_ELIGIBLE,	picks_earlier_eligible, PICK_ORDER)
SS_COUNTER(PICKS_GROUP_EARLIER_INELIGIBLE, picks_group_earlier_ineligible, PICK_ORDER)
SS_COUNTER(PICKS_GROUP_EARLIER_ELIGIBLE,	picks_group_earlier_eligible, PICK_ORDER)

SS_HIST(WAKEUP_LAT,	wakeup_lat,	ns,	LOG2,	LATENCY)
SS_HIST(PREEMPT_LAT,	preempt_lat,	ns,	LOG2,	LATENCY)
SS_HIST(NEW_LAT,	new_lat,	ns,	LOG2,	LATENCY)
SS_HIST(THROTTLED_LAT,	throttled_lat,	ns,	LOG2,	LATENCY)
SS_HIST(LAG_PICK,	lag_pick,	vns,	SLOG2,	EEVDF)
SS_HIST(LAG_PICK_GROUP,	lag_pick_group,	vns,	SLOG2,	EEVDF)
SS_HIST(DEADLINE_PICK,	deadline_pick,	vns,	SLOG2,	EEVDF)
SS_HIST(SLICE_PICK,	slice_pick,	ns,	LOG2,	EEVDF)
SS_HIST(STINT_SLICE,	stint_slice,	pct,	LOG2,	EEVDF)
SS_HIST(LAG_PLACE,	lag_place,	vns,	SLOG2,	EEVDF)
SS_HIST(LAG_DEQUEUE,	lag_dequeue,	vns,	SLOG2,	EEVDF)
SS_HIST(LAG_DELAYED,	lag_delayed,	vns,	SLOG2,	DELAYED_DEQUEUE)
SS_HIST(LAG_WAKEUP_INELIGIBLE,	lag_wakeup_ineligible,	vns,	SLOG2,	DECISIONS)
SS_HIST(PREEMPT_DECISION_DELAY,	preempt_decision_delay,	ns,	LOG2,	DECISIONS)
SS_HIST(LAG_EARLIER_INELIGIBLE,	lag_earlier_ineligible,	vns,	SLOG2,	PICK_ORDER)

#undef SS_GROUP
#undef SS_COUNTER
#undef SS_HIST
