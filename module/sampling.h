/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sampling (`sample`, docs/interface.md): 1 in N switches and 1 in N
 * wakeups on each CPU have their EEVDF reads and wakeup decisions recorded,
 * the groups of SS_SAMPLED_GROUPS, and each one recorded counts N in their
 * counters and histograms (ss_stats_count_sampled()), so that they read as
 * estimates of every event.  Everything else stays exact: the latency and
 * switches groups, and what the sampled groups must see at every event to
 * record the next sampled one right (a task's sleep, the running task, a
 * pending reschedule, a weight as queued).
 *
 * Which events: a countdown per CPU and probe, drawn again after each
 * sampled event, uniform on 1..2N-1 (a mean of N) from a per-CPU xorshift,
 * so that a periodic workload (a ping-pong pair: switches alternate
 * between two tasks) is not sampled in step with its period.  On, attach.c
 * attaches probes built for it (ss_probe_sched_switch_sampling()); off
 * (N = 1, the default, or no sampled group measured), the probes attached
 * test nothing of it.
 */
#ifndef _SCHEDSCOPE_SAMPLING_H
#define _SCHEDSCOPE_SAMPLING_H

#include "schedscope.h"

/* `sample` takes at most this: a recorded event's weight, and 2N - 1 in a u32 */
#define SS_SAMPLE_MAX	65536

/* set while the probes are detached (attach.c) */
extern bool ss_sampling_on;

/* A gap of 1..2N-1 calls from a random u32 @x: a multiply, no division. */
static __always_inline u32 ss_sample_scaled(u32 x, unsigned int n)
{
	return 1 + (u32)(((u64)x * (2 * n - 1)) >> 32);
}

/*
 * The next gap, in events of one probe, to the next one sampled: from
 * this CPU's xorshift32.
 */
static __always_inline u32 ss_sample_gap(struct ss_cpu *c)
{
	u32 x = c->sample_rand;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	c->sample_rand = x;
	return ss_sample_scaled(x, ss_sample_weight());
}

/*
 * Whether sampling leaves out this call of probe @k on this CPU (@c, not
 * yet renewed by ss_cpu_this(): a reset leaves the countdowns alone), for
 * the probes attached while sampling is on.  A countdown of 0 (never
 * drawn) samples the call and draws one.
 */
static __always_inline bool ss_sample_skip(struct ss_cpu *c,
					   enum ss_cost_probe k)
{
	if (likely(c->sample_countdown[k] > 1)) {
		c->sample_countdown[k]--;
		return true;
	}
	c->sample_countdown[k] = ss_sample_gap(c);
	return false;
}

/*
 * What a build of the busy probes records of the sampled groups: every
 * event, each counting 1 (the exact probes: sampling off); this event,
 * which sampling chose, counting N; nothing, sampling left it out.  A
 * constant where a probe is built, so the exact probes add 1 as before.
 */
enum ss_record {
	SS_RECORD_EVERY,
	SS_RECORD_SAMPLED,
	SS_RECORD_NONE,
};

/* The groups of @on a call built for @r records. */
static __always_inline unsigned int ss_record_groups(enum ss_record r,
						     unsigned int on)
{
	return r == SS_RECORD_NONE ? on & ~SS_SAMPLED_GROUPS : on;
}

/* What one record counts in a call built for @r. */
static __always_inline u32 ss_record_weight(enum ss_record r)
{
	return r == SS_RECORD_SAMPLED ? ss_sample_weight() : 1;
}

/*
 * What a decision recorded earlier counts, seen at a switch built for @r:
 * with sampling on, only a call it chose records one, at N.
 */
static __always_inline u32 ss_decision_weight(enum ss_record r)
{
	return r == SS_RECORD_EVERY ? 1 : ss_sample_weight();
}

/* attach.c, under its lock with the probes detached: around attaching */
void ss_sampling_start(unsigned int groups_measured);
void ss_sampling_stop(void);
/* `sample`: -EINVAL out of 1..SS_SAMPLE_MAX (attach.c: -EBUSY while enabled) */
int ss_sample_check(unsigned int n);
void ss_sampling_show(struct seq_file *m);

#endif /* _SCHEDSCOPE_SAMPLING_H */
