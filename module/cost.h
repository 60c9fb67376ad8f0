/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What measuring costs, measured by the module itself: one call in
 * SS_COST_EVERY of each busy probe (sched_switch, sched_wakeup) is timed
 * with local_clock() around its body, the clock's own part taken off
 * (calibrated at load), into its CPU's stats (zeroed by a reset and when
 * measuring is enabled); `status` prints the mean time a call (cost.c).
 * Sampling costs a decrement and a test a call, and two clock reads one
 * call in SS_COST_EVERY.
 */
#ifndef _SCHEDSCOPE_COST_H
#define _SCHEDSCOPE_COST_H

#include <linux/sched/clock.h>

#include "schedscope.h"

#define SS_COST_EVERY	512

/* local_clock()'s own part of a timed call, in ns (cost.c) */
extern u64 ss_cost_clock_ns;

/* The start of a timed call of probe @k here, or 0 when not timed. */
static __always_inline u64 ss_cost_begin(struct ss_cpu *c,
					 enum ss_cost_probe k)
{
	if (likely(c->cost_countdown[k]--))
		return 0;
	c->cost_countdown[k] = SS_COST_EVERY - 1;
	return local_clock();
}

static __always_inline void ss_cost_end(struct ss_cpu *c,
					enum ss_cost_probe k, u64 start)
{
	u64 took;

	if (likely(!start))
		return;
	took = local_clock() - start;
	c->stats.cost_ns[k] += took > ss_cost_clock_ns ?
			       took - ss_cost_clock_ns : 0;
	c->stats.cost_calls[k]++;
}

void ss_cost_calibrate(void);
void ss_cost_reset(void);
void ss_cost_show(struct seq_file *m);

#endif /* _SCHEDSCOPE_COST_H */
