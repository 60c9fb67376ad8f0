/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The per-task wait table's hot path (task_slots.c has the rest): inline,
 * because every probe call looks up one or two slots.
 */
#ifndef _SCHEDSCOPE_TASK_SLOTS_H
#define _SCHEDSCOPE_TASK_SLOTS_H

#include <linux/bits.h>
#include <linux/hash.h>
#include <linux/sched.h>

#include "schedscope.h"

struct ss_task_slot {
	struct task_struct *task;
	u64 word;		/* since << SS_SINCE_SHIFT | tag << 3 | kind */
} __aligned(16);		/* four a cache line, none across two */

#define SS_KIND_BITS	3
#define SS_TAG_BITS	13
#define SS_SINCE_SHIFT	(SS_KIND_BITS + SS_TAG_BITS)
/* 48 bits of nanoseconds: waits up to 78 hours are told apart */
#define SS_SINCE_MASK	(~0ULL >> SS_SINCE_SHIFT)

extern struct ss_task_slot *ss_slots;
extern unsigned int ss_slots_shift;	/* 64 - log2(slots): 42 or more */
#if SS_HAVE_H_LOAD
/* beside each slot: its task's hierarchical weight when queued (0: unknown) */
extern u32 *ss_slot_weights;
#endif

/*
 * The slot is the hash's top bits (at most 22), the tag 13 bits below the
 * 42nd: apart from each other for every table size.
 */
static inline u64 ss_task_hash(const struct task_struct *p)
{
	return (u64)(unsigned long)p * GOLDEN_RATIO_64;
}

static inline unsigned long ss_slot_index(u64 hash)
{
	/* & 63: no shift check needed, the shift is below 64 */
	return hash >> (ss_slots_shift & 63);
}

static inline struct ss_task_slot *ss_slot_of(u64 hash)
{
	return &ss_slots[ss_slot_index(hash)];
}

static inline u64 ss_tag_of(u64 hash)
{
	return (hash >> 20) & (BIT_ULL(SS_TAG_BITS) - 1);
}

static inline u64 ss_word(u64 since, u64 tag, enum ss_wait_kind kind)
{
	return (since & SS_SINCE_MASK) << SS_SINCE_SHIFT |
	       tag << SS_KIND_BITS | kind;
}

static inline enum ss_wait_kind ss_word_kind(u64 word)
{
	return word & (BIT_ULL(SS_KIND_BITS) - 1);
}

static inline u64 ss_word_tag(u64 word)
{
	return (word >> SS_KIND_BITS) & (BIT_ULL(SS_TAG_BITS) - 1);
}

/*
 * The full clock value of a word's start, from @now; a start that another
 * CPU's clock put a little after @now is taken as @now.
 */
static inline u64 ss_word_since(u64 word, u64 now)
{
	u64 ago = (now - (word >> SS_SINCE_SHIFT)) & SS_SINCE_MASK;

	return ago > SS_SINCE_MASK / 2 ? now : now - ago;
}

/* The word of the slot, if the slot is @p's: else 0 (SS_WAIT_NONE). */
static inline u64 ss_own_word(const struct ss_task_slot *s,
			      const struct task_struct *p, u64 tag)
{
	u64 word = READ_ONCE(s->word);

	if (READ_ONCE(s->task) != p || ss_word_tag(word) != tag)
		return 0;
	return word;
}

/*
 * A wakeup does not restart a wait that is already running: a task that was
 * preempted while setting itself to sleep, then woken, has been queued since
 * it was preempted (the kernel's run_delay counts it that way too).
 */
static inline bool ss_waiting(enum ss_wait_kind kind)
{
	return kind == SS_WAIT_WAKEUP || kind == SS_WAIT_PREEMPT ||
	       kind == SS_WAIT_NEW || kind == SS_WAIT_THROTTLED;
}

/* @s becomes @p's; another task's pending wait there is lost */
static inline void ss_slot_take(struct ss_task_slot *s, struct task_struct *p)
{
	struct task_struct *other = READ_ONCE(s->task);

	if (other == p)
		return;
	/* with the runqueue's clock, a sleeper's word can hold a wakeup too */
	if (other && (ss_waiting(ss_word_kind(READ_ONCE(s->word))) ||
		      (static_branch_likely(&ss_clock_rq) &&
		       ss_word_kind(READ_ONCE(s->word)) != SS_WAIT_NONE)))
		ss_stats_count(SS_SLOT_COLLISIONS);
	WRITE_ONCE(s->task, p);
}

/*
 * A wait of @kind begun after @before: the one already running goes on.
 * A wakeup (into a throttled group too) of a task still queued.  A switch
 * out of a throttled task finds it running: a new wait.
 */
static inline bool ss_wait_goes_on(enum ss_wait_kind kind,
				   enum ss_wait_kind before)
{
	return (kind == SS_WAIT_WAKEUP || kind == SS_WAIT_THROTTLED) &&
	       (before == SS_WAIT_PREEMPT || before == SS_WAIT_THROTTLED);
}

/*
 * Returns what @p was doing before: SS_SLEEP after a real dequeue, for
 * instance, tells a placement from the wakeup of a still queued task.
 */
static inline enum ss_wait_kind ss_task_wait_begin(struct task_struct *p,
						   enum ss_wait_kind kind, u64 now)
{
	u64 hash = ss_task_hash(p), tag = ss_tag_of(hash);
	struct ss_task_slot *s = ss_slot_of(hash);
	enum ss_wait_kind before = ss_word_kind(ss_own_word(s, p, tag));

	if (ss_wait_goes_on(kind, before))
		return before;
	ss_slot_take(s, p);
	WRITE_ONCE(s->word, ss_word(now, tag, kind));
	return before;
}

/*
 * The kernel's own queueing account of @p (CONFIG_SCHED_INFO; else 0s):
 * returns its run_delay, the time it has waited queued in all, and stores
 * in *@queued (unless NULL) its last_queued, when it was last queued on its
 * runqueue (0: not queued, or not since it last ran), on the runqueue's
 * clock.
 */
static inline u64 ss_sched_info(const struct task_struct *p, u64 *queued)
{
#ifdef CONFIG_SCHED_INFO
	if (queued)
		*queued = ss_task_queued(p);
	return READ_ONCE(p->sched_info.run_delay);
#else
	if (queued)
		*queued = 0;
	return 0;
#endif
}

/*
 * @p went to sleep (@kind: SS_SLEEP or SS_SLEEP_DELAYED); no wait runs.  The
 * word keeps the kernel's run_delay of @p then, for a wakeup the probe left
 * unwritten (ss_task_wait_end()).
 */
static inline void ss_task_sleep(struct task_struct *p, enum ss_wait_kind kind)
{
	u64 hash = ss_task_hash(p);
	struct ss_task_slot *s = ss_slot_of(hash);

	ss_slot_take(s, p);
	WRITE_ONCE(s->word, ss_word(ss_sched_info(p, NULL), ss_tag_of(hash),
				    kind));
}

/*
 * The start of @p's wait after a wakeup the probe left unwritten (its slot
 * still says it sleeps, @word): when the kernel queued it, on the runqueue
 * clock (clock=rq), less what migrations split off into run_delay since it
 * went to sleep.  0 where the kernel keeps no such account.
 */
static inline u64 ss_task_woken_since(const struct task_struct *p, u64 word)
{
	u64 queued;
	u64 before = (ss_sched_info(p, &queued) - (word >> SS_SINCE_SHIFT)) &
		     SS_SINCE_MASK;

	return queued && before < queued ? queued - before : queued;
}

/* @p runs at @now: ends its wait and returns it (SS_WAIT_NONE if unknown). */
static inline struct ss_wait ss_task_wait_end(struct task_struct *p, u64 now)
{
	u64 hash = ss_task_hash(p), tag = ss_tag_of(hash);
	struct ss_task_slot *s = ss_slot_of(hash);
	u64 word = ss_own_word(s, p, tag);
	struct ss_wait w = { .kind = SS_WAIT_NONE };

	if (!word)
		return w;
	if (ss_waiting(ss_word_kind(word))) {
		w.kind = ss_word_kind(word);
		w.since = ss_word_since(word, now);
	} else if (static_branch_likely(&ss_clock_rq) &&
		   ss_word_kind(word) != SS_WAIT_NONE) {
		/* woken, the wakeup unwritten (ss_wakeup_unwritten()) */
		w.since = ss_task_woken_since(p, word);
		if (w.since)
			w.kind = SS_WAIT_WAKEUP;
	}
	WRITE_ONCE(s->word, ss_word(0, tag, SS_WAIT_NONE));
	return w;
}

#if SS_HAVE_H_LOAD
/*
 * 7.3+ keeps each task's hierarchical weight (se->h_load) and rescales its
 * vruntime and deadline to it at enqueue, at every tick and when it is set
 * running, after pick_eevdf() chose it.  @w (0: not known) is @p's weight
 * as queued, seen where the kernel last set it: after an enqueue
 * (sched_wakeup, sched_wakeup_new) or at a switch-out that leaves @p queued.
 * Kept only while the slot is @p's.
 */
static inline void ss_task_weight_note(const struct task_struct *p, u32 w)
{
	u64 hash = ss_task_hash(p);

	if (READ_ONCE(ss_slot_of(hash)->task) == p)
		WRITE_ONCE(ss_slot_weights[ss_slot_index(hash)], w);
}

/* What ss_task_weight_note() kept for @p, or 0. */
static inline u32 ss_task_weight_queued(const struct task_struct *p)
{
	u64 hash = ss_task_hash(p);
	const struct ss_task_slot *s = ss_slot_of(hash);
	u32 w = READ_ONCE(ss_slot_weights[ss_slot_index(hash)]);

	if (READ_ONCE(s->task) != p ||
	    ss_word_tag(READ_ONCE(s->word)) != ss_tag_of(hash))
		return 0;
	return w;
}
#endif

#endif /* _SCHEDSCOPE_TASK_SLOTS_H */
