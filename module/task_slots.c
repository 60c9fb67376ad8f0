// SPDX-License-Identifier: GPL-2.0
/*
 * The per-task wait table: when, and why, each task started waiting for a CPU.
 *
 * A fixed table allocated at load, indexed by a hash of the task's address,
 * so memory is bounded whatever the number of tasks.  A slot holds the task
 * it belongs to and one word: when its wait began, why, and a tag (other
 * bits of the same hash).  A task whose slot holds another task's pending
 * wait takes it over (counted as a collision: that other wait is then not
 * measured).
 *
 * No locks: every write for a task happens with that task's runqueue lock
 * held (wakeup, switch-in, switch-out) or when the task is gone (free).  Two
 * tasks that share a slot can still write it at once from two CPUs, each
 * under its own lock: the task and the word are two stores, so the slot can
 * end up with one task and the other's word.  The word is written in one
 * store and carries its writer's tag, and a reader takes a wait only if the
 * task and the tag are both its own, so a mixed slot reads as unknown, never
 * as a wait with another task's start.
 */
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/vmalloc.h>

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

static struct ss_task_slot *ss_slots;
static unsigned int ss_slots_order;
unsigned int ss_task_slots_nr;

int ss_task_slots_alloc(unsigned int nr)
{
	nr = roundup_pow_of_two(clamp(nr, 1024U, 4194304U));
	ss_slots = vzalloc(array_size(nr, sizeof(*ss_slots)));
	if (!ss_slots)
		return -ENOMEM;
	ss_task_slots_nr = nr;
	ss_slots_order = ilog2(nr);
	return 0;
}

void ss_task_slots_free(void)
{
	vfree(ss_slots);
	ss_slots = NULL;
}

size_t ss_task_slots_bytes(void)
{
	return array_size(ss_task_slots_nr, sizeof(*ss_slots));
}

/* Only while no probe is attached: waits seen before now are unknown. */
void ss_task_slots_clear(void)
{
	memset(ss_slots, 0, ss_task_slots_bytes());
}

/*
 * The slot is the hash's top bits (at most 22), the tag 13 bits below the
 * 42nd: apart from each other for every table size.
 */
static u64 ss_task_hash(const struct task_struct *p)
{
	return (u64)(unsigned long)p * GOLDEN_RATIO_64;
}

static struct ss_task_slot *ss_slot_of(u64 hash)
{
	return &ss_slots[hash >> (64 - ss_slots_order)];
}

static u64 ss_tag_of(u64 hash)
{
	return (hash >> 20) & (BIT_ULL(SS_TAG_BITS) - 1);
}

static u64 ss_word(u64 since, u64 tag, enum ss_wait_kind kind)
{
	return (since & SS_SINCE_MASK) << SS_SINCE_SHIFT |
	       tag << SS_KIND_BITS | kind;
}

static enum ss_wait_kind ss_word_kind(u64 word)
{
	return word & (BIT_ULL(SS_KIND_BITS) - 1);
}

static u64 ss_word_tag(u64 word)
{
	return (word >> SS_KIND_BITS) & (BIT_ULL(SS_TAG_BITS) - 1);
}

/*
 * The full clock value of a word's start, from @now; a start that another
 * CPU's clock put a little after @now is taken as @now.
 */
static u64 ss_word_since(u64 word, u64 now)
{
	u64 ago = (now - (word >> SS_SINCE_SHIFT)) & SS_SINCE_MASK;

	return ago > SS_SINCE_MASK / 2 ? now : now - ago;
}

/* The word of the slot, if the slot is @p's: else 0 (SS_WAIT_NONE). */
static u64 ss_own_word(const struct ss_task_slot *s,
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
static bool ss_waiting(enum ss_wait_kind kind)
{
	return kind == SS_WAIT_WAKEUP || kind == SS_WAIT_PREEMPT ||
	       kind == SS_WAIT_NEW;
}

/* @s becomes @p's; another task's pending wait there is lost */
static void ss_slot_take(struct ss_task_slot *s, struct task_struct *p)
{
	struct task_struct *other = READ_ONCE(s->task);

	if (other == p)
		return;
	if (other && ss_waiting(ss_word_kind(READ_ONCE(s->word))))
		ss_stats_count(SS_SLOT_COLLISIONS);
	WRITE_ONCE(s->task, p);
}

/*
 * Returns what @p was doing before: SS_SLEEP after a real dequeue, for
 * instance, tells a placement from the wakeup of a still queued task.
 */
enum ss_wait_kind ss_task_wait_begin(struct task_struct *p,
				     enum ss_wait_kind kind, u64 now)
{
	u64 hash = ss_task_hash(p), tag = ss_tag_of(hash);
	struct ss_task_slot *s = ss_slot_of(hash);
	enum ss_wait_kind before = ss_word_kind(ss_own_word(s, p, tag));

	if (kind == SS_WAIT_WAKEUP && before == SS_WAIT_PREEMPT)
		return before;
	ss_slot_take(s, p);
	WRITE_ONCE(s->word, ss_word(now, tag, kind));
	return before;
}

/* @p went to sleep (@kind: SS_SLEEP or SS_SLEEP_DELAYED); no wait runs. */
void ss_task_sleep(struct task_struct *p, enum ss_wait_kind kind)
{
	u64 hash = ss_task_hash(p);
	struct ss_task_slot *s = ss_slot_of(hash);

	ss_slot_take(s, p);
	WRITE_ONCE(s->word, ss_word(0, ss_tag_of(hash), kind));
}

/* @p runs at @now: ends its wait and returns it (SS_WAIT_NONE if unknown). */
struct ss_wait ss_task_wait_end(struct task_struct *p, u64 now)
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
	}
	WRITE_ONCE(s->word, ss_word(0, tag, SS_WAIT_NONE));
	return w;
}

/* @p is being freed: its address may come back as another task. */
void ss_task_forget(struct task_struct *p)
{
	/* Not the hot path; cmpxchg keeps a colliding task's claim intact. */
	cmpxchg(&ss_slot_of(ss_task_hash(p))->task, p, NULL);
}
