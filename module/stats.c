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
unsigned long ss_epoch = 1;

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
 * Before the probes are attached: a task switched in while they were not is
 * not known at its switch-out, nor a preemption decided before.
 */
void ss_stats_forget_curr(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		WRITE_ONCE(per_cpu_ptr(ss_cpus, cpu)->curr, NULL);
		WRITE_ONCE(per_cpu_ptr(ss_cpus, cpu)->preempt_victim, NULL);
		WRITE_ONCE(per_cpu_ptr(ss_cpus, cpu)->check_wakee, NULL);
		WRITE_ONCE(per_cpu_ptr(ss_cpus, cpu)->resched_seen, NULL);
		/* switches missed while detached: the log starts empty */
		WRITE_ONCE(per_cpu_ptr(ss_cpus, cpu)->run_log.next, 0);
	}
}

/*
 * The slow part of ss_cpu_this(): this CPU's copy is zeroed for the new
 * epoch.  Interrupts are off around the zeroing so that a nested probe
 * cannot count into a half-zeroed copy.
 */
struct ss_cpu *ss_cpu_renew(struct ss_cpu *c, unsigned long epoch)
{
	unsigned long flags;

	local_irq_save(flags);
	if (c->epoch != epoch) {
		memset(&c->stats, 0, sizeof(c->stats));
		/* Readers that see the new epoch must see the zeroes. */
		smp_store_release(&c->epoch, epoch);
	}
	local_irq_restore(flags);
	return c;
}

/*
 * Counters that count exactly the values of a histogram: the probes record
 * the histogram alone, and the readers take the counter from its count.
 */
static const struct {
	enum ss_counter counter;
	enum ss_hist_id hist;
} ss_counted_by_hist[] = {
	{ SS_PICKS,		SS_HIST_LAG_PICK },
	{ SS_PLACEMENTS,	SS_HIST_LAG_PLACE },
	{ SS_DEQUEUES,		SS_HIST_LAG_DEQUEUE },
	{ SS_DEQUEUES_DELAYED,	SS_HIST_LAG_DELAYED },
};

static void ss_stats_add(struct ss_stats *out, const struct ss_stats *in)
{
	int i, h, b;

	for (i = 0; i < SS_NR_COUNTERS; i++)
		out->counters[i] += READ_ONCE(in->counters[i]);
	for (i = 0; i < SS_NR_COST_PROBES; i++) {
		out->cost_ns[i] += READ_ONCE(in->cost_ns[i]);
		out->cost_calls[i] += READ_ONCE(in->cost_calls[i]);
	}
	for (h = 0; h < SS_NR_HISTS; h++) {
		const struct ss_hist *src = &in->hists[h];
		struct ss_hist *dst = &out->hists[h];

		dst->sum += READ_ONCE(src->sum);
		dst->neg_sum += READ_ONCE(src->neg_sum);
		for (b = 0; b < SS_HIST_BUCKETS; b++) {
			dst->buckets[b] += READ_ONCE(src->buckets[b]);
			dst->neg[b] += READ_ONCE(src->neg[b]);
		}
	}
}

/*
 * What the probes do not write, from what they did: each histogram's count
 * from its buckets (so the two always agree), the counters that count a
 * histogram's values, and wakeup_decisions, each counted in one class.
 */
static void ss_stats_derive(struct ss_stats *out)
{
	int i, h, b;

	for (i = SS_WAKEUP_PREEMPT_PICK; i <= SS_WAKEUP_UNEXPLAINED; i++)
		out->counters[SS_WAKEUP_DECISIONS] += out->counters[i];

	for (h = 0; h < SS_NR_HISTS; h++) {
		struct ss_hist *hist = &out->hists[h];

		hist->count = 0;
		for (b = 0; b < SS_HIST_BUCKETS; b++)
			hist->count += hist->buckets[b] + hist->neg[b];
	}
	for (i = 0; i < ARRAY_SIZE(ss_counted_by_hist); i++)
		out->counters[ss_counted_by_hist[i].counter] +=
			out->hists[ss_counted_by_hist[i].hist].count;
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
	ss_stats_derive(out);
}

bool ss_stats_cpu(int cpu, struct ss_stats *out)
{
	memset(out, 0, sizeof(*out));
	if (!ss_stats_add_cpu(cpu, out))
		return false;
	ss_stats_derive(out);
	return true;
}
