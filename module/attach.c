// SPDX-License-Identifier: GPL-2.0
/*
 * Attaching the probes to the scheduler tracepoints, and `enable`: measuring
 * is on exactly while they are attached; `groups`: what they measure.
 *
 * The sched tracepoints are not exported to modules, so they are looked up by
 * name among the kernel's tracepoints and attached with
 * tracepoint_probe_register().  The compiler cannot check a probe against the
 * tracepoint's prototype: each probe in probes.c is declared with the
 * TP_PROTO of the kernels we build for.
 */
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/tracepoint.h>

#include "compat.h"
#include "decisions.h"
#include "eevdf.h"
#include "cost.h"
#include "sampling.h"
#include "schedscope.h"

struct ss_tracepoint {
	const char *name;
	void *probe;
	/* where it has one: the probe for SS_LEAN_GROUPS alone */
	void *lean_probe;
	/* ... and the probe with sampling on (sampling.h) */
	void *sampling_probe;
	struct tracepoint *tp;
	void *attached;		/* the probe attached, or NULL */
};

static struct ss_tracepoint ss_tracepoints[] = {
	{ .name = "sched_switch",	.probe = ss_probe_sched_switch,
	  .lean_probe = ss_probe_sched_switch_lean,
	  .sampling_probe = ss_probe_sched_switch_sampling },
	{ .name = "sched_wakeup",	.probe = ss_probe_sched_wakeup,
	  .lean_probe = ss_probe_sched_wakeup_lean,
	  .sampling_probe = ss_probe_sched_wakeup_sampling },
	{ .name = "sched_wakeup_new",	.probe = ss_probe_sched_wakeup_new },
	{ .name = "sched_migrate_task",	.probe = ss_probe_sched_migrate_task },
	{ .name = "sched_process_free",	.probe = ss_probe_sched_process_free },
};

#define SS_TP_WAKEUP	1

static bool ss_tracepoints_found;

/* Set while the probes are attached; changed under ss_enable_lock. */
static DEFINE_MUTEX(ss_enable_lock);
static bool ss_is_enabled;

static void ss_tracepoint_match(struct tracepoint *tp, void *priv)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(ss_tracepoints); i++)
		if (!strcmp(tp->name, ss_tracepoints[i].name))
			ss_tracepoints[i].tp = tp;
}

static int ss_tracepoints_find(void)
{
	int i;

	for_each_kernel_tracepoint(ss_tracepoint_match, NULL);
	for (i = 0; i < ARRAY_SIZE(ss_tracepoints); i++) {
		if (!ss_tracepoints[i].tp) {
			pr_err("schedscope: tracepoint %s not found\n",
			       ss_tracepoints[i].name);
			return -ENOENT;
		}
	}
	ss_tracepoints_found = true;
	return 0;
}

/* Unregisters what is attached and waits until no probe runs any more. */
static void ss_probes_detach(void)
{
	bool any = false;
	int i;

	for (i = ARRAY_SIZE(ss_tracepoints) - 1; i >= 0; i--) {
		struct ss_tracepoint *t = &ss_tracepoints[i];

		if (!t->attached)
			continue;
		WARN_ON_ONCE(tracepoint_probe_unregister(t->tp, t->attached,
							 NULL));
		t->attached = NULL;
		any = true;
	}
	if (any)
		tracepoint_synchronize_unregister();
	/* after the decisions: none is made without the check's note */
	ss_wakeup_check_detach();
}

/* sched_wakeup only where a probe there has work (ss_wakeup_probe_wanted()) */
static bool ss_tracepoint_wanted(const struct ss_tracepoint *t)
{
	if (t == &ss_tracepoints[SS_TP_WAKEUP])
		return ss_wakeup_probe_wanted();
	return true;
}

/*
 * The lean build where it has one and the groups measured allow it; the
 * sampling one where sampling is on (set before the probes attach).
 */
static void *ss_probe_chosen(const struct ss_tracepoint *t)
{
	bool lean = !(READ_ONCE(ss_groups_measured) & ~SS_LEAN_GROUPS);

	if (lean && t->lean_probe)
		return t->lean_probe;
	if (READ_ONCE(ss_sampling_on) && t->sampling_probe)
		return t->sampling_probe;
	return t->probe;
}

static int ss_probes_attach(void)
{
	int i, err;

	if (!ss_tracepoints_found) {
		err = ss_tracepoints_find();
		if (err)
			return err;
	}
	/*
	 * The decisions read the flag at the check's entry, where it is seen:
	 * noted before the first decision is made
	 */
	if (READ_ONCE(ss_groups_measured) & SS_ON(DECISIONS))
		ss_wakeup_check_attach();
	for (i = 0; i < ARRAY_SIZE(ss_tracepoints); i++) {
		struct ss_tracepoint *t = &ss_tracepoints[i];
		void *probe = ss_probe_chosen(t);

		if (!ss_tracepoint_wanted(t))
			continue;
		err = tracepoint_probe_register(t->tp, probe, NULL);
		if (err) {
			pr_err("schedscope: cannot attach to %s: %d\n",
			       t->name, err);
			ss_probes_detach();
			return err;
		}
		t->attached = probe;
	}
	return 0;
}

/*
 * Enables @key, a switch that makes the probes write every wakeup
 * (ss_wakeup_unwritten(): a slow wait notes its own): sched_wakeup attached
 * first where it was left out, and every CPU past its old probes, so that
 * no wakeup goes unwritten once @key is on.  It stays attached until
 * `enable` is written 0.
 */
int ss_probes_key_enable_wakeups(struct static_key_false *key)
{
	struct ss_tracepoint *t = &ss_tracepoints[SS_TP_WAKEUP];
	int err = 0;

	mutex_lock(&ss_enable_lock);
	if (ss_is_enabled && !t->attached) {
		void *probe = ss_probe_chosen(t);

		err = tracepoint_probe_register(t->tp, probe, NULL);
		if (err) {
			pr_err("schedscope: cannot attach to %s: %d\n",
			       t->name, err);
			goto out;
		}
		t->attached = probe;
		synchronize_rcu();
	}
	static_branch_enable(key);
out:
	mutex_unlock(&ss_enable_lock);
	return err;
}

/*
 * For status: a line per probe attached, the tracepoint and the function
 * (the lean builds where chosen), so that a profiler steps the right one.
 */
void ss_probes_show(struct seq_file *m)
{
	unsigned int i;

	mutex_lock(&ss_enable_lock);
	for (i = 0; i < ARRAY_SIZE(ss_tracepoints); i++)
		if (ss_tracepoints[i].attached)
			seq_printf(m, "probe %s %ps\n", ss_tracepoints[i].name,
				   ss_tracepoints[i].attached);
	mutex_unlock(&ss_enable_lock);
}

unsigned int ss_groups_selected = SS_GROUPS_ALL;

/* Whether the kernel and the given layout let the group be measured. */
bool ss_group_supported(enum ss_group g)
{
	switch (g) {
	case SS_GROUP_EEVDF:
		return ss_eevdf_live();
	case SS_GROUP_DELAYED_DEQUEUE:
		return ss_eevdf_live() && SS_HAVE_DELAYED_DEQUEUE;
	case SS_GROUP_DECISIONS:
		return ss_decisions_live();
	case SS_GROUP_PICK_ORDER:
		return ss_pick_order_live();
	default:
		return true;
	}
}

/* The groups of @mask that this kernel supports. */
static unsigned int ss_groups_supported(unsigned int mask)
{
	unsigned int supported = 0;
	int g;

	for (g = 0; g < SS_NR_GROUPS; g++)
		if ((mask & BIT(g)) && ss_group_supported(g))
			supported |= BIT(g);
	return supported;
}

bool ss_enabled(void)
{
	return READ_ONCE(ss_is_enabled);
}

int ss_set_enabled(bool on)
{
	int err = 0;

	mutex_lock(&ss_enable_lock);
	if (on == ss_is_enabled)
		goto out;
	if (on) {
		/* Waits that began while detached were not seen. */
		ss_task_slots_clear();
		ss_stats_forget_curr();
		ss_cost_reset();
		WRITE_ONCE(ss_groups_measured, ss_groups_supported(ss_groups_selected));
		ss_sampling_start(ss_groups_measured);
		err = ss_probes_attach();
		if (err)
			ss_sampling_stop();
	} else {
		ss_probes_detach();
		ss_sampling_stop();
	}
	if (!err)
		WRITE_ONCE(ss_is_enabled, on);
out:
	mutex_unlock(&ss_enable_lock);
	return err;
}

/*
 * Choosing what to measure while measuring would leave half-counted events
 * and waits begun unseen behind: *@knob is set to @value only while the
 * probes are detached.
 */
static int ss_set_detached(unsigned int *knob, unsigned int value)
{
	int err = 0;

	mutex_lock(&ss_enable_lock);
	if (ss_is_enabled)
		err = -EBUSY;
	else
		WRITE_ONCE(*knob, value);
	mutex_unlock(&ss_enable_lock);
	return err;
}

int ss_set_groups(unsigned int mask)
{
	if (!mask || (mask & ~SS_GROUPS_ALL))
		return -EINVAL;
	return ss_set_detached(&ss_groups_selected, mask);
}

/* `sample` (sampling.h) */
int ss_set_sample(unsigned int n)
{
	return ss_sample_check(n) ?: ss_set_detached(&ss_sample_every, n);
}
