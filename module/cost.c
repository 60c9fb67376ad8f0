// SPDX-License-Identifier: GPL-2.0
/*
 * The probes' own timing of themselves (cost.h): calibrated at load, reset
 * when measuring is enabled, summed over the CPUs for `status`.
 */
#include <linux/irqflags.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "cost.h"
#include "schedscope.h"

u64 ss_cost_clock_ns;

/* pairs of back-to-back clock reads: the least is the clock's own part */
#define SS_COST_CALIBRATION_PAIRS	64

/*
 * What two back-to-back local_clock() reads measure: the end of one read
 * and the start of the next, which a timed call includes.  The least of a
 * few pairs with interrupts off.
 */
void ss_cost_calibrate(void)
{
	u64 least = U64_MAX, a, b;
	unsigned long flags;
	int i;

	local_irq_save(flags);
	for (i = 0; i < SS_COST_CALIBRATION_PAIRS; i++) {
		a = local_clock();
		b = local_clock();
		least = min(least, b - a);
	}
	local_irq_restore(flags);
	ss_cost_clock_ns = least;
}

/* Only while no probe is attached: the groups measured may change. */
void ss_cost_reset(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct ss_cpu *c = per_cpu_ptr(ss_cpus, cpu);

		memset(c->cost_countdown, 0, sizeof(c->cost_countdown));
		memset(c->stats.cost_ns, 0, sizeof(c->stats.cost_ns));
		memset(c->stats.cost_calls, 0, sizeof(c->stats.cost_calls));
	}
}

/*
 * "cost switch_ns N wakeup_ns N timed_switches N timed_wakeups N every N
 * clock_ns N": the mean time a call of each busy probe took since
 * measuring was enabled or reset, from its timed calls (- while none was).
 * Read while the probes run: a sum and its count may be one call apart.
 */
void ss_cost_show(struct seq_file *m)
{
	static const char * const names[SS_NR_COST_PROBES] = {
		[SS_COST_SWITCH] = "switch_ns",
		[SS_COST_WAKEUP] = "wakeup_ns",
	};
	struct ss_stats *sum = kmalloc(sizeof(*sum), GFP_KERNEL);
	int k;

	if (!sum) {
		seq_puts(m, "cost - (out of memory)\n");
		return;
	}
	ss_stats_sum(sum);
	seq_puts(m, "cost");
	for (k = 0; k < SS_NR_COST_PROBES; k++) {
		if (sum->cost_calls[k])
			seq_printf(m, " %s %llu", names[k],
				   div64_u64(sum->cost_ns[k] + sum->cost_calls[k] / 2,
					     sum->cost_calls[k]));
		else
			seq_printf(m, " %s -", names[k]);
	}
	seq_printf(m, " timed_switches %llu timed_wakeups %llu every %u clock_ns %llu\n",
		   sum->cost_calls[SS_COST_SWITCH],
		   sum->cost_calls[SS_COST_WAKEUP], SS_COST_EVERY,
		   ss_cost_clock_ns);
	kfree(sum);
}
