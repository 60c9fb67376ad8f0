// SPDX-License-Identifier: GPL-2.0
/* The wakeup decision classes (kmod/decision_classes.h). */
#include "kmod/decision_classes.h"

const struct decision_class decision_classes[] = {
	{ "wakeup_preempt_pick", "preempted: won the pick", true },
	{ "wakeup_preempt_short", "preempted: shorter slice", true },
	{ "wakeup_preempt_sched_idle", "preempted: SCHED_IDLE running", true },
	{ "wakeup_preempt_idle_cpu", "preempted: idle CPU", true },
	{ "wakeup_decline_pending", "declined: resched pending", false },
	{ "wakeup_decline_feature_off", "declined: feature off", false },
	{ "wakeup_decline_not_fair", "declined: running not fair", false },
	{ "wakeup_decline_throttled", "declined: group throttled", false },
	{ "wakeup_decline_policy", "declined: BATCH/IDLE wakee", false },
	{ "wakeup_decline_ineligible", "declined: not eligible", false },
	{ "wakeup_decline_protected", "declined: protected", false },
	{ "wakeup_decline_deadline", "declined: later deadline", false },
	{ "wakeup_decline_buddy", "declined: next buddy", false },
	{ "wakeup_undecided", "undecided", false },
	{ "wakeup_unexplained", "unexplained", false },
};

const size_t decision_nclasses = sizeof(decision_classes) / sizeof(decision_classes[0]);
