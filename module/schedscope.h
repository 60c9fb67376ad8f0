/* SPDX-License-Identifier: GPL-2.0 */
/*
 * schedscope: what the fair scheduler decides, measured from its tracepoints.
 *
 * Shared declarations of the module's parts: per-CPU statistics, the per-task
 * wait table, the task filter, the tracepoint probes and the debugfs files.
 */
#ifndef _SCHEDSCOPE_H
#define _SCHEDSCOPE_H

#include <linux/bitops.h>
#include <linux/jump_label.h>
#include <linux/ktime.h>
#include <linux/sched/clock.h>
#include <linux/timekeeping.h>
#include <linux/types.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

#include "slow_wait.h"

struct cfs_rq;

#define SCHEDSCOPE_VERSION	"0.1.0"
#define SCHEDSCOPE_INTERFACE	3

/* The metric groups of `status`; a counter or histogram belongs to one. */
enum ss_group {
#define SS_GROUP(id, ...)	SS_GROUP_##id,
#include "metrics.h"
	SS_NR_GROUPS
};

/* A group's bit in a mask of groups (`groups`, attach.c), and all of them */
#define SS_ON(group)		BIT(SS_GROUP_##group)
#define SS_GROUPS_ALL		(BIT(SS_NR_GROUPS) - 1)

/* Counters, one per event kind; docs/interface.md defines each one. */
enum ss_counter {
#define SS_COUNTER(id, ...)	SS_##id,
#include "metrics.h"
	SS_NR_COUNTERS
};

enum ss_hist_id {
#define SS_HIST(id, ...)	SS_HIST_##id,
#include "metrics.h"
	SS_NR_HISTS
};

/*
 * Bucket 0 holds 0, bucket 1 holds 1, bucket k >= 2 holds [2^(k-1), 2^k).
 * Signed histograms mirror that for negative values in @neg.
 */
#define SS_HIST_BUCKETS		65

struct ss_hist {
	u64 count;		/* readers only: from the buckets (stats.c) */
	u64 sum;		/* of the values >= 0 */
	u64 neg_sum;		/* of the magnitudes of the values < 0 */
	u64 buckets[SS_HIST_BUCKETS];
	u64 neg[SS_HIST_BUCKETS];
};

/* How a histogram takes its values, and how its files show them. */
enum ss_hist_kind {
	SS_LOG2,	/* values >= 0: bpftrace's hist() */
	SS_SLOG2,	/* signed: mirrored below zero, a sum for each side */
};

struct ss_hist_info {
	const char *name;
	const char *unit;	/* ns, vns (virtual-time ns), pct */
	enum ss_hist_kind kind;
	enum ss_group group;
};

struct ss_counter_info {
	const char *name;
	enum ss_group group;
};

/* the busy probes, which time one call in SS_COST_EVERY (cost.h) */
enum ss_cost_probe {
	SS_COST_SWITCH,
	SS_COST_WAKEUP,
	SS_NR_COST_PROBES
};

struct ss_stats {
	u64 counters[SS_NR_COUNTERS];
	struct ss_hist hists[SS_NR_HISTS];
	/* the probes' timing of themselves (cost.h): time and calls timed */
	u64 cost_ns[SS_NR_COST_PROBES];
	u64 cost_calls[SS_NR_COST_PROBES];
};

/*
 * Per-CPU state.  @stats is what `reset` zeroes: each CPU zeroes its own copy
 * when it first sees a new @epoch, so a reset needs no cross-CPU writes.
 * Readers sum only the copies whose epoch is current.
 */
struct ss_cpu {
	unsigned long epoch;
	u64 stint_start;	/* when the running task was switched in */
	/*
	 * The task switched in here, and its nvcsw then: at its switch-out
	 * nvcsw has grown by one exactly when the kernel counted that switch
	 * voluntary (prev_state alone cannot tell where the kernel traces a
	 * sleep cut short by a signal as TASK_RUNNING: Debian's 6.12 already
	 * does, see probes.c).
	 */
	const struct task_struct *curr;
	unsigned long curr_nvcsw;
	/*
	 * The running task that a measured wakee's decision (wakeup_decision.c)
	 * asked to preempt, and that wakee: written by sched_wakeup on any
	 * CPU, read and cleared by the next sched_switch here, both under
	 * this CPU's runqueue lock.
	 */
	const struct task_struct *preempt_victim;
	const struct task_struct *preempt_wakee;
	u64 preempt_decided;		/* when, on the decider's clock */
	/*
	 * The wakee whose fair wakeup check began here last, and the running
	 * task's reschedule flags then (wakeup_check.c): taken by that
	 * wakee's sched_wakeup.  Where no check was seen (none made, or no
	 * callback attached): the running task a wakeup here last found with
	 * its flag set (resched_seen).  Under this CPU's runqueue lock;
	 * cleared at its switches.
	 */
	const struct task_struct *check_wakee;
	unsigned long check_tif;
	/* 7.3: the root cfs_rq's next buddy then (ss_check_notes_next()) */
	const struct sched_entity *check_next;
	const struct task_struct *resched_seen;
	/*
	 * This CPU's root cfs_rq (rq->cfs; on a flat kernel its one EEVDF
	 * queue, eevdf.h): found once, it never moves.
	 */
	struct cfs_rq *root_cfs_rq;
	/*
	 * With clock=rq: this CPU's rq->clock as a probe last read it, under
	 * this CPU's runqueue lock (ss_clock()).
	 */
	u64 rq_clock_seen;
	/* calls of each busy probe until the next one timed (cost.h) */
	u32 cost_countdown[SS_NR_COST_PROBES];
	/* ... until the next one sampled, and the draw's state (sampling.h) */
	u32 sample_countdown[SS_NR_COST_PROBES];
	u32 sample_rand;
	struct ss_stats stats;
	/* the switches here while `slow_us` is armed (slow_wait.h) */
	struct ss_run_log run_log;
};

/* stats.c */
extern struct ss_cpu __percpu *ss_cpus;
int ss_stats_alloc(void);
void ss_stats_free(void);
void ss_stats_reset(void);
void ss_stats_forget_curr(void);
extern unsigned long ss_epoch;
struct ss_cpu *ss_cpu_renew(struct ss_cpu *c, unsigned long epoch);

/* This CPU's copy, zeroed first if a reset happened since it was last used. */
static inline struct ss_cpu *ss_cpu_this(void)
{
	struct ss_cpu *c = this_cpu_ptr(ss_cpus);
	unsigned long epoch = READ_ONCE(ss_epoch);

	if (likely(c->epoch == epoch))
		return c;
	return ss_cpu_renew(c, epoch);
}

/*
 * @cpu's copy, from the probes: the offset added, not indexed, as the
 * bounds sanitizer would check the index (a task's CPU is in range) and its
 * report's call would make a probe save registers at every entry.
 */
static __always_inline struct ss_cpu *ss_cpu_of(unsigned int cpu)
{
	return SHIFT_PERCPU_PTR(ss_cpus, *(__per_cpu_offset + cpu));
}

void ss_stats_sum(struct ss_stats *out);
bool ss_stats_cpu(int cpu, struct ss_stats *out);

/*
 * What each counter and histogram is, from metrics.h: in each unit that
 * reads them, so that an id known when compiling is its group then
 * (ss_counter_sampled()).
 */
static const struct ss_counter_info ss_counters[SS_NR_COUNTERS] __maybe_unused = {
#define SS_COUNTER(id, name, group, ...) \
	[SS_##id] = { #name, SS_GROUP_##group },
#include "metrics.h"
};

static const struct ss_hist_info ss_hists[SS_NR_HISTS] __maybe_unused = {
#define SS_HIST(id, name, unit, kind, group, ...) \
	[SS_HIST_##id] = { #name, #unit, SS_##kind, SS_GROUP_##group },
#include "metrics.h"
};

/*
 * The groups whose events `sample` may sample (sampling.h): the EEVDF reads
 * and the wakeup decisions.  Their counters and histograms are counted
 * with the _sampled functions below, the others' with the plain ones; a
 * constant id counted with the wrong one does not build.
 */
#define SS_SAMPLED_GROUPS	(SS_ON(EEVDF) | SS_ON(DELAYED_DEQUEUE) | \
				 SS_ON(DECISIONS) | SS_ON(PICK_ORDER))

static __always_inline bool ss_counter_sampled(enum ss_counter i)
{
	return BIT(ss_counters[i].group) & SS_SAMPLED_GROUPS;
}

static __always_inline bool ss_hist_sampled(enum ss_hist_id h)
{
	return BIT(ss_hists[h].group) & SS_SAMPLED_GROUPS;
}

/* true where @id is a constant of a sampled group's, or of another's */
#define ss_id_sampled(sampled, id)	(__builtin_constant_p(id) && (sampled)(id))
#define ss_id_exact(sampled, id)	(__builtin_constant_p(id) && !(sampled)(id))

/*
 * sampling.c: `sample`, N: each event the sampled groups record counts N;
 * 1, every event recorded.  Set while the probes are detached.
 */
extern unsigned int ss_sample_every;

static __always_inline u32 ss_sample_weight(void)
{
	return READ_ONCE(ss_sample_every);
}

/*
 * Counting into this CPU's copy: every probe calls ss_cpu_this() once on
 * entry, which zeroes the copy after a reset, so these need not.  Added,
 * not indexed: an enum ss_counter is in range (no bounds check).
 */
static __always_inline void ss_stats_count_n(enum ss_counter i, u32 n)
{
	this_cpu_add(*(ss_cpus->stats.counters + i), n);
}

static __always_inline void ss_stats_count(enum ss_counter i)
{
	BUILD_BUG_ON(ss_id_sampled(ss_counter_sampled, i));
	ss_stats_count_n(i, 1);
}

/*
 * A counter of a sampled group: the event counts @weight, the sampling's N
 * where it was sampled (a constant 1 in the exact probes: struct
 * ss_rq_view's weight).
 */
static __always_inline void ss_stats_count_sampled(enum ss_counter i,
						   u32 weight)
{
	BUILD_BUG_ON(ss_id_exact(ss_counter_sampled, i));
	ss_stats_count_n(i, weight);
}

static inline unsigned int ss_hist_bucket(u64 value)
{
	/* fls64(0) = 0, fls64(1) = 1, fls64(2..3) = 2, fls64(2^63..) = 64 */
	return fls64(value);
}

/*
 * A value, @n times, into this CPU's histogram @h: its sum and its bucket
 * (negative: by magnitude on the mirrored side).  The count is not kept
 * here: readers add up the buckets (stats.c), one per-CPU write less on
 * the hot path.  Added, not indexed, as the bounds sanitizer would check
 * each index: an enum ss_hist_id is in range, and the bucket is at most
 * 64, the last (fls64()).
 */
static __always_inline void ss_stats_add_value(enum ss_hist_id h, u64 value,
					       u32 n)
{
	this_cpu_add((ss_cpus->stats.hists + h)->sum, value * n);
	this_cpu_add(*((ss_cpus->stats.hists + h)->buckets +
		       ss_hist_bucket(value)), n);
}

static __always_inline void ss_stats_add_signed(enum ss_hist_id h, s64 value,
						u32 n)
{
	u64 mag;

	if (value >= 0) {
		ss_stats_add_value(h, value, n);
		return;
	}
	mag = -(u64)value;
	this_cpu_add((ss_cpus->stats.hists + h)->neg_sum, mag * n);
	this_cpu_add(*((ss_cpus->stats.hists + h)->neg + ss_hist_bucket(mag)),
		     n);
}

static __always_inline void ss_stats_record(enum ss_hist_id h, u64 value)
{
	BUILD_BUG_ON(ss_id_sampled(ss_hist_sampled, h));
	ss_stats_add_value(h, value, 1);
}

/* Signed values: negative ones count by magnitude on the mirrored side. */
static __always_inline void ss_stats_record_signed(enum ss_hist_id h,
						   s64 value)
{
	BUILD_BUG_ON(ss_id_sampled(ss_hist_sampled, h));
	ss_stats_add_signed(h, value, 1);
}

/* The same for a sampled group's histogram: the value counts @weight. */
static __always_inline void ss_stats_record_sampled(enum ss_hist_id h,
						    u64 value, u32 weight)
{
	BUILD_BUG_ON(ss_id_exact(ss_hist_sampled, h));
	ss_stats_add_value(h, value, weight);
}

static __always_inline void ss_stats_record_signed_sampled(enum ss_hist_id h,
							   s64 value,
							   u32 weight)
{
	BUILD_BUG_ON(ss_id_exact(ss_hist_sampled, h));
	ss_stats_add_signed(h, value, weight);
}

/*
 * task_slots.c: when and why each task started waiting for a CPU, and how
 * it went to sleep; the probes' lookups are inline in task_slots.h.
 */
enum ss_wait_kind {
	SS_WAIT_NONE,		/* running, or not known */
	SS_WAIT_WAKEUP,		/* woken, not run since */
	SS_WAIT_PREEMPT,	/* switched out while runnable */
	SS_WAIT_NEW,		/* forked, never run */
	SS_WAIT_THROTTLED,	/* switched out runnable, its group throttled */
	SS_SLEEP,		/* asleep, dequeued */
	SS_SLEEP_DELAYED,	/* asleep, dequeue delayed: still queued */
};

struct ss_wait {
	enum ss_wait_kind kind;
	u64 since;
};

extern unsigned int ss_task_slots_nr;
int ss_task_slots_alloc(unsigned int nr);
void ss_task_slots_free(void);
void ss_task_slots_clear(void);
size_t ss_task_slots_bytes(void);
void ss_task_forget(struct task_struct *p);

/* filter.c */
struct ss_filter;
extern struct ss_filter __rcu *ss_active_filter;
bool ss_filter_match_slow(const struct ss_filter *f, struct task_struct *p);
int ss_filter_set(const char *text);
void ss_filter_show(struct seq_file *m);
void ss_filter_release(void);

/* The measured task: the wakee, the task switched in or out; never idle. */
static inline bool ss_measured(struct task_struct *p)
{
	const struct ss_filter *f;

	if (unlikely(!p->pid))
		return false;
	f = rcu_dereference_sched(ss_active_filter);
	return likely(!f) || ss_filter_match_slow(f, p);
}

/* attach.c: `enable` attaches the probes, `0` detaches them */
bool ss_enabled(void);
int ss_set_enabled(bool on);

/*
 * attach.c: the metric groups measured while enabled (`groups`), a mask of
 * SS_ON() bits; changed only while the probes are detached.
 */
extern unsigned int ss_groups_selected;
int ss_set_groups(unsigned int mask);
/* attach.c: `sample` (sampling.h), likewise */
int ss_set_sample(unsigned int n);

static inline unsigned int ss_groups_on(void)
{
	return READ_ONCE(ss_groups_selected);
}

/*
 * What the probes measure: the groups selected that this kernel supports
 * (ss_group_supported(), fixed at load), set before they attach.  So the
 * probes need not test the EEVDF layout or the feature bits again.
 */
extern unsigned int ss_groups_measured;

static inline unsigned int ss_probe_groups(void)
{
	return READ_ONCE(ss_groups_measured);
}

/*
 * The groups measured that a probe built for @can (a constant) measures:
 * the full probes' AND left out, as ss_groups_measured holds no other bit.
 */
static __always_inline unsigned int ss_probe_groups_of(unsigned int can)
{
	return can == SS_GROUPS_ALL ? ss_probe_groups() :
				      ss_probe_groups() & can;
}

/*
 * probes.c: the probe functions, with the TP_PROTO of each tracepoint; the
 * busy two also built for the latency and switches groups alone (lean).
 */
#define SS_LEAN_GROUPS		(SS_ON(LATENCY) | SS_ON(SWITCHES))
void ss_probe_sched_switch(void *data, bool preempt, struct task_struct *prev,
			   struct task_struct *next, unsigned int prev_state);
void ss_probe_sched_switch_lean(void *data, bool preempt,
				struct task_struct *prev,
				struct task_struct *next, unsigned int prev_state);
void ss_probe_sched_wakeup(void *data, struct task_struct *p);
void ss_probe_sched_wakeup_lean(void *data, struct task_struct *p);
/* ... and with sampling on (sampling.h) */
void ss_probe_sched_switch_sampling(void *data, bool preempt,
				    struct task_struct *prev,
				    struct task_struct *next,
				    unsigned int prev_state);
void ss_probe_sched_wakeup_sampling(void *data, struct task_struct *p);
void ss_probe_sched_wakeup_new(void *data, struct task_struct *p);
void ss_probe_sched_migrate_task(void *data, struct task_struct *p, int dest_cpu);
void ss_probe_sched_process_free(void *data, struct task_struct *p);
/* probes.c, for attach.c: whether a probe at sched_wakeup has work */
bool ss_wakeup_probe_wanted(void);
/* attach.c: enables @key once the probes write every wakeup it needs */
int ss_probes_key_enable_wakeups(struct static_key_false *key);
/*
 * wakeup_check.c: the fair class's wakeup check seen at its entry, on
 * while its callback is attached (with the decisions group)
 */
DECLARE_STATIC_KEY_FALSE(ss_check_seen);
void ss_wakeup_check_attach(void);
void ss_wakeup_check_detach(void);
void ss_wakeup_check_exit(void);
void ss_wakeup_check_show(struct seq_file *m);
/* attach.c, for status: "probe TRACEPOINT FUNCTION" per probe attached */
void ss_probes_show(struct seq_file *m);

/* attach.c: whether the kernel and the layout let group @g be measured */
bool ss_group_supported(enum ss_group g);

/*
 * clock.c: the clock waits are timed with (clock=): local_clock(), the
 * clock of the kernel's run_delay, runqlat's ktime_get_mono_fast_ns(),
 * which costs fewer instructions where timekeeping reads the TSC (about 30
 * a call on 7.x) and far more where it reads an HPET, or rq, the clock the
 * kernel last read into the runqueue (rq->clock: run_delay's own
 * timestamps), a few loads; `schedscope load` chooses rq where the
 * kernel's BTF says where it is.  A wait is a difference on one clock.
 */
DECLARE_STATIC_KEY_FALSE(ss_clock_mono);
DECLARE_STATIC_KEY_FALSE(ss_clock_rq);
int ss_clock_init(void);
const char *ss_clock_name(void);

/* where rq->clock is (the rq_layout parameter), with clock=rq */
struct ss_rq_clock_layout {
	unsigned int cfs_rq_rq;		/* struct rq * in struct cfs_rq */
	unsigned int clock;		/* u64 in struct rq */
};

extern struct ss_rq_clock_layout ss_rq_clock;

/*
 * When the kernel last queued @p on its runqueue, on the runqueue's clock
 * (sched_info.last_queued; 0: not queued, not since it last ran, or no
 * CONFIG_SCHED_INFO).
 */
static __always_inline u64 ss_task_queued(const struct task_struct *p)
{
#ifdef CONFIG_SCHED_INFO
	return READ_ONCE(p->sched_info.last_queued);
#else
	return 0;
#endif
}

/*
 * Whether @clock, the runqueue's clock read under its lock by a probe for
 * @p, is stale: the kernel skips the update of a switch that a wakeup's
 * preemption asked for (rq_clock_skip_update()), and a batch of queued
 * wakeups shares one, so a value a probe here (@rq_cpu) read before is
 * stale; and at @p's switch-in (@switch_in), so is its own queueing time:
 * the clock has not moved since, and the latency group alone sees no
 * wakeup (attach.c).  Where another task than the wakee runs after such a
 * skip (a sibling in its group, one after a later wakeup there), the
 * latency group alone times that switch with the clock the kernel left,
 * as run_delay does.
 */
static __always_inline bool ss_rq_clock_stale(const struct ss_cpu *rq_cpu,
					      const struct task_struct *p,
					      u64 clock, bool switch_in)
{
	return clock == rq_cpu->rq_clock_seen ||
	       (switch_in && clock == ss_task_queued(p));
}

/*
 * The time now for a probe that holds the lock of @p's runqueue, whose
 * CPU's copy is @rq_cpu (@switch_in: @p is being switched in).  With
 * clock=rq, that runqueue's clock as the kernel last updated it, unless
 * stale (ss_rq_clock_stale()): then the time is read instead (the same
 * clock: rq->clock is sched_clock_cpu(), as local_clock() is).
 */
#ifdef CONFIG_FAIR_GROUP_SCHED
/* With clock=rq: the clock of @p's runqueue, as the kernel last updated it. */
static __always_inline u64 ss_rq_clock_of(const struct task_struct *p)
{
	const char *rq = *(const char * const *)
		((const char *)READ_ONCE(p->se.cfs_rq) + ss_rq_clock.cfs_rq_rq);

	return READ_ONCE(*(const u64 *)(rq + ss_rq_clock.clock));
}
#endif

static __always_inline u64 ss_clock(const struct task_struct *p,
				    struct ss_cpu *rq_cpu, bool switch_in)
{
#ifdef CONFIG_FAIR_GROUP_SCHED
	if (static_branch_likely(&ss_clock_rq)) {
		u64 clock = ss_rq_clock_of(p);

		if (unlikely(ss_rq_clock_stale(rq_cpu, p, clock, switch_in)))
			return local_clock();
		rq_cpu->rq_clock_seen = clock;
		return clock;
	}
#endif
	if (static_branch_unlikely(&ss_clock_mono))
		return ktime_get_mono_fast_ns();
	return local_clock();
}

/* hist_print.c */
void ss_hist_print_header(struct seq_file *m, const struct ss_hist_info *info,
			  bool per_cpu);
void ss_hist_print(struct seq_file *m, const struct ss_hist_info *info,
		   const struct ss_hist *h);

/* debugfs.c */
int ss_debugfs_create(void);
void ss_debugfs_remove(void);

#endif /* _SCHEDSCOPE_H */
