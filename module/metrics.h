/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's metrics: the one list the enums, the name tables and the
 * debugfs files (status, stats, stats_percpu, hist/, hist_percpu/) are made
 * from, as kernel/sched/features.h is for the scheduler's features.  Define
 * the macros a use needs, then include this file; the others expand to
 * nothing (SS_DECISION to SS_COUNTER), and all are undefined at the end.
 * The CLI includes it too: the catalogue of what each metric is.
 *
 *   SS_GROUP(ID, name)
 *	a metric group: SS_GROUP_ID, one `group name ...` line in `status`
 *   SS_COUNTER(ID, name, GROUP, help)
 *	a counter: SS_ID, the `name` key of `stats` (docs/interface.md); help
 *	says what it counts (the HELP line of `schedscope export`)
 *   SS_DECISION(ID, name, help, preempted, label)
 *	a wakeup decision class: a counter of the decisions group (SS_COUNTER
 *	unless defined apart), with the short label the CLI's tables show
 *	and whether the wakee preempted
 *   SS_HIST(ID, name, unit, KIND, GROUP, help)
 *	a histogram: SS_HIST_ID, the files hist/name and hist_percpu/name of
 *	the map @name_unit, and its `stats` keys; KIND is LOG2 (values >= 0)
 *	or SLOG2 (signed: mirrored below zero), see enum ss_hist_kind; help
 *	says what a value is
 *
 *
 * What the CLI's report and plots make of a counter (the module leaves
 * these undefined; each names a counter above by its ID):
 *
 *   SS_REPORT_COUNT(ID, head, row)
 *	the counter per run: a column `head` of the report's table of the
 *	module's means, and, unless row is NULL, the comparison's row
 *	"Amean row"
 *   SS_REPORT_PCT(ID, WHOLE, plus_part, head, row)
 *	the same for the counter in percent of counter WHOLE (of WHOLE plus
 *	itself when plus_part: delayed dequeues among all sleeps)
 *   SS_PLOT_CAUSE(ID)
 *	a bar of the plot's chart of switches by cause
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
#ifndef SS_DECISION
#define SS_DECISION(id, name, help, ...) \
	SS_COUNTER(id, name, DECISIONS, help)
#endif
#ifndef SS_REPORT_COUNT
#define SS_REPORT_COUNT(...)
#endif
#ifndef SS_REPORT_PCT
#define SS_REPORT_PCT(...)
#endif
#ifndef SS_PLOT_CAUSE
#define SS_PLOT_CAUSE(...)
#endif

SS_GROUP(LATENCY,		latency)
SS_GROUP(SWITCHES,		switches)
SS_GROUP(EEVDF,			eevdf)
SS_GROUP(DELAYED_DEQUEUE,	delayed_dequeue)
SS_GROUP(DECISIONS,		decisions)
SS_GROUP(PICK_ORDER,		pick_order)

SS_COUNTER(SWITCHES_VOLUNTARY,		switches_voluntary, SWITCHES,
	   "Switch-outs while blocking (the kernel's nvcsw)")
SS_COUNTER(SWITCHES_INVOLUNTARY,	switches_involuntary, SWITCHES,
	   "Switch-outs while runnable (the kernel's nivcsw)")
SS_COUNTER(SWITCHES_VOLUNTARY_RUNNING,	switches_voluntary_running, SWITCHES,
	   "Voluntary switch-outs that left the task runnable (a sleep cut short by a signal)")
SS_COUNTER(SWITCHES_EXITING,		switches_exiting, SWITCHES,
	   "Switch-outs of an exiting task")
SS_COUNTER(SWITCH_INS,			switch_ins, SWITCHES,
	   "Switch-ins of the measured task")
SS_COUNTER(SWITCHES_TO_IDLE,		switches_to_idle, SWITCHES,
	   "Switch-outs of the measured task to the idle task")
SS_COUNTER(WAKEUP_DISPLACEMENTS,	wakeup_displacements, SWITCHES,
	   "Switch-ins of a just-woken task that displaced a runnable one")
SS_COUNTER(PREEMPTED_BY_WAKEUP,		preempted_by_wakeup, SWITCHES,
	   "Switch-outs of a task displaced by a just-woken one")
SS_COUNTER(WAKEUPS,			wakeups, SWITCHES,
	   "sched_wakeup events of the measured task")
SS_COUNTER(WAKEUPS_NEW,			wakeups_new, SWITCHES,
	   "sched_wakeup_new events of the measured task")
SS_COUNTER(MIGRATIONS,			migrations, SWITCHES,
	   "sched_migrate_task events of the measured task")
SS_COUNTER(UNTRACKED_SWITCH_INS,	untracked_switch_ins, LATENCY,
	   "Switch-ins with no known start of the wait")
SS_COUNTER(SLOT_COLLISIONS,		slot_collisions, LATENCY,
	   "Per-task slots taken over by another task")
SS_COUNTER(PICKS,			picks, EEVDF,
	   "Switch-ins of fair tasks (EEVDF picks)")
SS_COUNTER(PICKS_INELIGIBLE,		picks_ineligible, EEVDF,
	   "EEVDF picks of an ineligible task")
SS_COUNTER(PICKS_INELIGIBLE_GROUP,	picks_ineligible_group, EEVDF,
	   "EEVDF picks through an ineligible parent group entity")
SS_COUNTER(PICKS_REWEIGHTED,		picks_reweighted, EEVDF,
	   "EEVDF picks whose task was reweighted when set running, recorded as the pick saw it")
SS_COUNTER(PICKS_WEIGHT_UNSEEN,		picks_weight_unseen, EEVDF,
	   "EEVDF picks whose weight as queued was not seen, recorded as reweighted")
SS_COUNTER(PLACEMENTS,			placements, EEVDF,
	   "Wakeups placed after a real dequeue (place_entity())")
SS_COUNTER(DEQUEUES,			dequeues, EEVDF,
	   "Real dequeues of a fair task at sleep")
SS_COUNTER(DEQUEUES_DELAYED,		dequeues_delayed, DELAYED_DEQUEUE,
	   "Dequeues delayed by DELAY_DEQUEUE")
SS_COUNTER(WAKEUPS_DELAYED,		wakeups_delayed, DELAYED_DEQUEUE,
	   "Wakeups of a sleeper whose dequeue was delayed (requeued, not placed)")
/* the classes, from PREEMPT_PICK to UNEXPLAINED, add up to this one (stats.c) */
SS_COUNTER(WAKEUP_DECISIONS,		wakeup_decisions, DECISIONS,
	   "Wakeups of fair tasks whose preemption decision was classified")
SS_DECISION(WAKEUP_PREEMPT_PICK,		wakeup_preempt_pick,
	    "Wakeups that preempted: the wakee won the EEVDF pick",
	    true, "preempted: won the pick")
SS_DECISION(WAKEUP_PREEMPT_SHORT,	wakeup_preempt_short,
	    "Wakeups that preempted through PREEMPT_SHORT",
	    true, "preempted: shorter slice")
SS_DECISION(WAKEUP_PREEMPT_SLICE,	wakeup_preempt_slice,
	    "Wakeups whose check asked for a reschedule where the pick would not have: its update of the running task did (slice or quota ran out)",
	    true, "preempted: slice ran out")
SS_DECISION(WAKEUP_PREEMPT_SCHED_IDLE,	wakeup_preempt_sched_idle,
	    "Wakeups that preempted a SCHED_IDLE running task",
	    true, "preempted: SCHED_IDLE running")
SS_DECISION(WAKEUP_PREEMPT_IDLE_CPU,	wakeup_preempt_idle_cpu,
	    "Wakeups on an idle CPU",
	    true, "preempted: idle CPU")
SS_DECISION(WAKEUP_DECLINE_PENDING,	wakeup_decline_pending,
	    "Wakeups that did not preempt, a reschedule already pending",
	    false, "declined: resched pending")
SS_DECISION(WAKEUP_DECLINE_FEATURE_OFF,	wakeup_decline_feature_off,
	    "Wakeups that did not preempt: WAKEUP_PREEMPTION off",
	    false, "declined: feature off")
SS_DECISION(WAKEUP_DECLINE_NOT_FAIR,	wakeup_decline_not_fair,
	    "Wakeups that did not preempt: the running task, or the class to run next, not fair",
	    false, "declined: running not fair")
SS_DECISION(WAKEUP_DECLINE_THROTTLED,	wakeup_decline_throttled,
	    "Wakeups that did not preempt: the wakee's group out of its cpu.max quota",
	    false, "declined: group throttled")
SS_DECISION(WAKEUP_DECLINE_POLICY,	wakeup_decline_policy,
	    "Wakeups that did not preempt: a SCHED_BATCH or SCHED_IDLE wakee",
	    false, "declined: BATCH/IDLE wakee")
SS_DECISION(WAKEUP_DECLINE_INELIGIBLE,	wakeup_decline_ineligible,
	    "Wakeups that did not preempt: the wakee not eligible",
	    false, "declined: not eligible")
SS_DECISION(WAKEUP_DECLINE_PROTECTED,	wakeup_decline_protected,
	    "Wakeups that did not preempt: the running task's slice protected",
	    false, "declined: protected")
SS_DECISION(WAKEUP_DECLINE_DEADLINE,	wakeup_decline_deadline,
	    "Wakeups that did not preempt: an earlier eligible deadline",
	    false, "declined: later deadline")
SS_DECISION(WAKEUP_DECLINE_BUDDY,	wakeup_decline_buddy,
	    "Wakeups that did not preempt: the pick took the next buddy (PICK_BUDDY, 7.x)",
	    false, "declined: next buddy")
SS_DECISION(WAKEUP_UNDECIDED,		wakeup_undecided,
	    "Wakeups without a decision (the wakee was running)",
	    false, "undecided")
SS_DECISION(WAKEUP_UNEXPLAINED,		wakeup_unexplained,
	    "Wakeups whose decision the module could not explain",
	    false, "unexplained")
SS_COUNTER(WAKEUP_PREEMPTIONS,		wakeup_preemptions, DECISIONS,
	   "Switch-outs of a running task that a wakeup's preemption decision caused")
SS_COUNTER(WAKEUP_PREEMPTIONS_BY_WAKEE,	wakeup_preemptions_by_wakee, DECISIONS,
	   "Wakeup preemptions whose switch-in was the deciding wakee")
SS_COUNTER(WAKEUP_CHECKS,		wakeup_checks, DECISIONS,
	   "Wakeup decisions whose fair class check was seen at its entry")
SS_COUNTER(WAKEUP_PROTECT_CANCELLED,	wakeup_protect_cancelled, DECISIONS,
	   "Wakeups whose shorter slice cancelled a protection, yet did not preempt")
SS_COUNTER(PICKS_EARLIER_INELIGIBLE,	picks_earlier_ineligible, PICK_ORDER,
	   "EEVDF picks that passed over an earlier deadline not eligible")
SS_COUNTER(PICKS_EARLIER_DELAYED,	picks_earlier_delayed, PICK_ORDER,
	   "EEVDF picks that passed over a delayed sleeper's earlier deadline")
SS_COUNTER(PICKS_EARLIER_ELIGIBLE,	picks_earlier_eligible, PICK_ORDER,
	   "EEVDF picks that passed over an eligible earlier deadline (a next buddy)")
SS_COUNTER(PICKS_GROUP_EARLIER_INELIGIBLE, picks_group_earlier_ineligible, PICK_ORDER,
	   "Group-level picks that passed over an earlier deadline not eligible")
SS_COUNTER(PICKS_GROUP_EARLIER_ELIGIBLE,	picks_group_earlier_eligible, PICK_ORDER,
	   "Group-level picks that passed over an eligible earlier deadline (kept or buddy)")

#ifdef SS_CATALOGUE_EXTRA
/* tests/unit/catalogue_extra/: a counter added by catalogue lines alone */
SS_COUNTER(CATALOGUE_EXTRA,		catalogue_extra, LATENCY,
	   "A counter only the catalogue test adds")
#endif

SS_HIST(WAKEUP_LAT,	wakeup_lat,	ns,	LOG2,	LATENCY,
	"Wakeup-to-run latency")
SS_HIST(PREEMPT_LAT,	preempt_lat,	ns,	LOG2,	LATENCY,
	"Wait of a preempted task until it ran again")
SS_HIST(NEW_LAT,	new_lat,	ns,	LOG2,	LATENCY,
	"A new task's wait for its first run")
SS_HIST(THROTTLED_LAT,	throttled_lat,	ns,	LOG2,	LATENCY,
	"Wait of a task switched out in a group out of its cpu.max quota")
SS_HIST(LAG_PICK,	lag_pick,	vns,	SLOG2,	EEVDF,
	"Lag V - v of the picked entity")
SS_HIST(LAG_PICK_GROUP,	lag_pick_group,	vns,	SLOG2,	EEVDF,
	"Lag of each parent group entity of a picked task")
SS_HIST(DEADLINE_PICK,	deadline_pick,	vns,	SLOG2,	EEVDF,
	"deadline - V of the picked entity")
SS_HIST(SLICE_PICK,	slice_pick,	ns,	LOG2,	EEVDF,
	"Slice of the picked task")
SS_HIST(PROTECT_PICK,	protect_pick,	vns,	LOG2,	EEVDF,
	"Slice protection of the picked entity")
SS_HIST(STINT_SLICE,	stint_slice,	pct,	LOG2,	EEVDF,
	"A stint's run time in percent of the slice")
SS_HIST(LAG_PLACE,	lag_place,	vns,	SLOG2,	EEVDF,
	"Lag right after placement at wakeup")
SS_HIST(LAG_DEQUEUE,	lag_dequeue,	vns,	SLOG2,	EEVDF,
	"se->vlag after a real dequeue at sleep")
SS_HIST(LAG_REQUEUE,	lag_requeue,	vns,	SLOG2,	DELAYED_DEQUEUE,
	"Lag V - v of a delayed sleeper requeued at its wakeup")
SS_HIST(LAG_DELAYED,	lag_delayed,	vns,	SLOG2,	DELAYED_DEQUEUE,
	"V - v of a sleeper whose dequeue was delayed")
SS_HIST(LAG_WAKEUP_INELIGIBLE,	lag_wakeup_ineligible,	vns,	SLOG2,	DECISIONS,
	"Lag, at the level that decided, of a wakee declined as not eligible")
SS_HIST(PREEMPT_DECISION_DELAY,	preempt_decision_delay,	ns,	LOG2,	DECISIONS,
	"Time from a wakeup's preempt decision to the switch it caused")
SS_HIST(LAG_EARLIER_INELIGIBLE,	lag_earlier_ineligible,	vns,	SLOG2,	PICK_ORDER,
	"Lag of an earlier-deadline entity passed over as not eligible")

/*
 * The report's module means, in the order of its columns (picks_ineligible
 * is no column: pick_eevdf() picks eligible entities only; the picks that
 * passed over an earlier deadline not eligible say what eligibility did)
 */
SS_REPORT_COUNT(SWITCHES_VOLUNTARY, "vol.", NULL)
SS_REPORT_COUNT(SWITCHES_INVOLUNTARY, "invol.", "switches-invol")
SS_REPORT_COUNT(WAKEUP_PREEMPTIONS, "wakeup preempt.", "wakeup-preemptions")
SS_REPORT_PCT(PICKS_EARLIER_INELIGIBLE, PICKS, false,
	      "passed inelig. %", "passed-inelig-%")
SS_REPORT_PCT(PICKS_EARLIER_DELAYED, PICKS, false,
	      "passed delayed %", "passed-delayed-%")
SS_REPORT_PCT(DEQUEUES_DELAYED, DEQUEUES, true,
	      "delayed deq. %", "delayed-dequeues-%")
SS_REPORT_COUNT(MIGRATIONS, "migrations", NULL)
#ifdef SS_CATALOGUE_EXTRA
SS_REPORT_COUNT(CATALOGUE_EXTRA, "extra", "catalogue-extra")
#endif

/* the plot's switches by cause, in the order of its bars */
SS_PLOT_CAUSE(SWITCHES_VOLUNTARY)
SS_PLOT_CAUSE(SWITCHES_INVOLUNTARY)
SS_PLOT_CAUSE(WAKEUP_PREEMPTIONS)
SS_PLOT_CAUSE(PREEMPTED_BY_WAKEUP)
SS_PLOT_CAUSE(DEQUEUES_DELAYED)
SS_PLOT_CAUSE(MIGRATIONS)

#undef SS_GROUP
#undef SS_COUNTER
#undef SS_DECISION
#undef SS_HIST
#undef SS_REPORT_COUNT
#undef SS_REPORT_PCT
#undef SS_PLOT_CAUSE
