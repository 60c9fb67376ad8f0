// SPDX-License-Identifier: GPL-2.0
/* The HELP line of each module counter, for the OpenMetrics and Prometheus printers. */
#include <string.h>

#include "output/metric_help.h"

static const struct {
	const char *key;
	const char *help;
} helps[] = {
	{ "switches", "Switch-outs of the measured task" },
	{ "switches_voluntary", "Switch-outs while blocking (the kernel's nvcsw)" },
	{ "switches_involuntary", "Switch-outs while runnable (the kernel's nivcsw)" },
	{ "switch_ins", "Switch-ins of the measured task" },
	{ "switches_to_idle", "Switch-outs of the measured task to the idle task" },
	{ "wakeup_displacements", "Switch-ins of a just-woken task that displaced a runnable one" },
	{ "preempted_by_wakeup", "Switch-outs of a task displaced by a just-woken one" },
	{ "wakeups", "sched_wakeup events of the measured task" },
	{ "wakeups_new", "sched_wakeup_new events of the measured task" },
	{ "migrations", "sched_migrate_task events of the measured task" },
	{ "wakeup_lat_count", "Wakeup-to-run latencies measured" },
	{ "wakeup_lat_sum_ns", "Sum of wakeup-to-run latencies, ns" },
	{ "preempt_lat_count", "Waits of preempted tasks measured" },
	{ "preempt_lat_sum_ns", "Sum of waits of preempted tasks, ns" },
	{ "new_lat_count", "First runs of new tasks measured" },
	{ "new_lat_sum_ns", "Sum of new tasks' waits for their first run, ns" },
	{ "throttled_lat_count", "Waits of tasks switched out in a group out of its cpu.max quota" },
	{ "throttled_lat_sum_ns", "Sum of waits of throttled tasks until they ran again, ns" },
	{ "untracked_switch_ins", "Switch-ins with no known start of the wait" },
	{ "slot_collisions", "Per-task slots taken over by another task" },
	{ "picks", "Switch-ins of fair tasks (EEVDF picks)" },
	{ "picks_ineligible", "EEVDF picks of an ineligible task" },
	{ "dequeues_delayed", "Dequeues delayed by DELAY_DEQUEUE" },
	{ "wakeup_decisions", "Wakeups of fair tasks whose preemption decision was classified" },
	{ "wakeup_preempt_pick", "Wakeups that preempted: the wakee won the EEVDF pick" },
	{ "wakeup_preempt_short", "Wakeups that preempted through PREEMPT_SHORT" },
	{ "wakeup_preempt_sched_idle", "Wakeups that preempted a SCHED_IDLE running task" },
	{ "wakeup_preempt_idle_cpu", "Wakeups on an idle CPU" },
	{ "wakeup_decline_pending", "Wakeups that did not preempt, a reschedule already pending" },
	{ "wakeup_decline_feature_off", "Wakeups that did not preempt: WAKEUP_PREEMPTION off" },
	{ "wakeup_decline_not_fair", "Wakeups that did not preempt: the running task not fair" },
	{ "wakeup_decline_throttled", "Wakeups that did not preempt: the wakee's group out of its cpu.max quota" },
	{ "wakeup_decline_policy", "Wakeups that did not preempt: a SCHED_BATCH or SCHED_IDLE wakee" },
	{ "wakeup_decline_ineligible", "Wakeups that did not preempt: the wakee not eligible" },
	{ "wakeup_decline_protected", "Wakeups that did not preempt: the running task's slice protected" },
	{ "wakeup_decline_deadline", "Wakeups that did not preempt: an earlier eligible deadline" },
	{ "wakeup_decline_buddy", "Wakeups that did not preempt: the pick took the next buddy (PICK_BUDDY, 7.x)" },
	{ "wakeup_undecided", "Wakeups without a decision (the wakee was running)" },
	{ "wakeup_unexplained", "Wakeups whose decision the module could not explain" },
	{ "wakeup_preemptions", "Switch-outs of a running task that a wakeup's preemption decision caused" },
	{ "wakeup_preemptions_by_wakee", "Wakeup preemptions whose switch-in was the deciding wakee" },
	{ "wakeup_protect_cancelled", "Wakeups whose shorter slice cancelled the running task's protection without preempting it" },
	{ "wakeup_resched_traced", "Wakeup decisions the kernel's sched_set_need_resched tracepoint saw set a reschedule" },
	{ "picks_earlier_ineligible", "EEVDF picks that passed over an earlier deadline not eligible" },
	{ "picks_earlier_delayed", "EEVDF picks that passed over a delayed sleeper's earlier deadline" },
	{ "picks_earlier_eligible", "EEVDF picks that passed over an eligible earlier deadline (a next buddy)" },
	{ "picks_group_earlier_ineligible", "Group-level picks that passed over an earlier deadline not eligible" },
	{ "picks_group_earlier_eligible", "Group-level picks that passed over an eligible earlier deadline (kept or buddy)" },
};

const char *metric_help(const char *key)
{
	size_t i;

	for (i = 0; i < sizeof(helps) / sizeof(helps[0]); i++)
		if (!strcmp(helps[i].key, key))
			return helps[i].help;
	return "Counter of the schedscope module";
}
