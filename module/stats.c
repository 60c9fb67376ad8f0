// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU counters and log2 histograms.
 *
 * The probes only ever touch the copy of the CPU they run on, with this_cpu
 * operations (a probe may be interrupted by another one on the same CPU).
 * Readers sum the copies when a file is read.  A reset bumps an epoch; each CPU
 * zeroes its own copy when it next sees the new epoch, and readers skip copies
 * from an older epoch, so a reset never writes to another CPU's data.
 */
#include <linux/bitops.h>
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "schedscope.h"

struct ss_cpu __percpu *ss_cpus;
static unsigned long ss_epoch = 1;

const char * const ss_counter_names[SS_NR_COUNTERS] = {
	[SS_SWITCHES_VOLUNTARY]		= "switches_voluntary",
	[SS_SWITCHES_INVOLUNTARY]	= "switches_involuntary",
	[SS_SWITCH_INS]			= "switch_ins",
	[SS_SWITCHES_TO_IDLE]		= "switches_to_idle",
	[SS_WAKEUP_PREEMPTIONS]		= "wakeup_preemptions",
	[SS_PREEMPTED_BY_WAKEUP]	= "preempted_by_wakeup",
	[SS_WAKEUPS]			= "wakeups",
	[SS_WAKEUPS_NEW]		= "wakeups_new",
	[SS_MIGRATIONS]			= "migrations",
	[SS_UNTRACKED_SWITCH_INS]	= "untracked_switch_ins",
	[SS_SLOT_COLLISIONS]		= "slot_collisions",
};

const char * const ss_hist_names[SS_NR_HISTS] = {
	[SS_HIST_WAKEUP_LAT]	= "wakeup_lat",
	[SS_HIST_PREEMPT_LAT]	= "preempt_lat",
	[SS_HIST_NEW_LAT]	= "new_lat",
};

int ss_stats_alloc(void)
{
	ss_cpus = alloc_percpu(struct ss_cpu);
	return ss_cpus ? 0 : -ENOMEM;
}

void ss_stats_free(void)
{
	free_percpu(ss_cpus);
	ss_cpus = NULL;
}

/* Callers serialize resets (debugfs write path); probes never reset. */
void ss_stats_reset(void)
{
	WRITE_ONCE(ss_epoch, ss_epoch + 1);
}

/*
 * This CPU's copy, zeroed first if a reset happened since it was last used.
 * Interrupts are off around the zeroing so that a nested probe cannot count
 * into a half-zeroed copy.
 */
struct ss_cpu *ss_cpu_this(void)
{
	struct ss_cpu *c = this_cpu_ptr(ss_cpus);
	unsigned long epoch = READ_ONCE(ss_epoch);
	unsigned long flags;

	if (likely(c->epoch == epoch))
		return c;

	local_irq_save(flags);
	if (c->epoch != epoch) {
		memset(&c->stats, 0, sizeof(c->stats));
		/* Readers that see the new epoch must see the zeroes. */
		smp_store_release(&c->epoch, epoch);
	}
	local_irq_restore(flags);
	return c;
}

void ss_stats_count(enum ss_counter i)
{
	ss_cpu_this();
	this_cpu_inc(ss_cpus->stats.counters[i]);
}

unsigned int ss_hist_bucket(u64 value)
{
	/* fls64(0) = 0, fls64(1) = 1, fls64(2..3) = 2, fls64(2^63..) = 64 */
	return fls64(value);
}

void ss_stats_record(enum ss_hist_id h, u64 value)
{
	ss_cpu_this();
	this_cpu_inc(ss_cpus->stats.hists[h].count);
	this_cpu_add(ss_cpus->stats.hists[h].sum, value);
	this_cpu_inc(ss_cpus->stats.hists[h].buckets[ss_hist_bucket(value)]);
}

static void ss_stats_add(struct ss_stats *out, const struct ss_stats *in)
{
	int i, h, b;

	for (i = 0; i < SS_NR_COUNTERS; i++)
		out->counters[i] += READ_ONCE(in->counters[i]);
	for (h = 0; h < SS_NR_HISTS; h++) {
		out->hists[h].count += READ_ONCE(in->hists[h].count);
		out->hists[h].sum += READ_ONCE(in->hists[h].sum);
		for (b = 0; b < SS_HIST_BUCKETS; b++)
			out->hists[h].buckets[b] +=
				READ_ONCE(in->hists[h].buckets[b]);
	}
}

/* Adds CPU @cpu's current-epoch copy to @out; false if it has none. */
static bool ss_stats_add_cpu(int cpu, struct ss_stats *out)
{
	struct ss_cpu *c = per_cpu_ptr(ss_cpus, cpu);

	/* Pairs with the release in ss_cpu_this(): no stale pre-reset data. */
	if (smp_load_acquire(&c->epoch) != READ_ONCE(ss_epoch))
		return false;
	ss_stats_add(out, &c->stats);
	return true;
}

void ss_stats_sum(struct ss_stats *out)
{
	int cpu;

	memset(out, 0, sizeof(*out));
	for_each_possible_cpu(cpu)
		ss_stats_add_cpu(cpu, out);
}

bool ss_stats_cpu(int cpu, struct ss_stats *out)
{
	memset(out, 0, sizeof(*out));
	return ss_stats_add_cpu(cpu, out);
}
