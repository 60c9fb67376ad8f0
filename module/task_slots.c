// SPDX-License-Identifier: GPL-2.0
/*
 * The per-task wait table: when, and why, each task started waiting for a CPU.
 *
 * A fixed table allocated at load, indexed by pid modulo its size, so memory
 * is bounded whatever the number of tasks.  A slot remembers the task it
 * belongs to; a task whose slot holds another task's pending wait takes it
 * over (counted as a collision: that other wait is then not measured).
 *
 * No locks: every write for a task happens with that task's runqueue lock
 * held (wakeup, switch-in, switch-out) or when the task is gone (free), so
 * the scheduler's own locking serializes the accesses to one task's slot.
 */
#include <linux/log2.h>
#include <linux/vmalloc.h>

#include "schedscope.h"

struct ss_task_slot {
	struct task_struct *task;
	u64 since;
	enum ss_wait_kind kind;
};

static struct ss_task_slot *ss_slots;
unsigned int ss_task_slots_nr;

int ss_task_slots_alloc(unsigned int nr)
{
	nr = roundup_pow_of_two(clamp(nr, 1024U, 4194304U));
	ss_slots = vzalloc(array_size(nr, sizeof(*ss_slots)));
	if (!ss_slots)
		return -ENOMEM;
	ss_task_slots_nr = nr;
	return 0;
}

void ss_task_slots_free(void)
{
	vfree(ss_slots);
	ss_slots = NULL;
}

/* Only while no probe is attached: waits seen before now are unknown. */
void ss_task_slots_clear(void)
{
	memset(ss_slots, 0, array_size(ss_task_slots_nr, sizeof(*ss_slots)));
}

static struct ss_task_slot *ss_slot_of(struct task_struct *p)
{
	return &ss_slots[(unsigned int)p->pid & (ss_task_slots_nr - 1)];
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

/*
 * Returns what @p was doing before: SS_SLEEP after a real dequeue, for
 * instance, tells a placement from the wakeup of a still queued task.
 */
enum ss_wait_kind ss_task_wait_begin(struct task_struct *p,
				     enum ss_wait_kind kind, u64 now)
{
	struct ss_task_slot *s = ss_slot_of(p);
	enum ss_wait_kind before = SS_WAIT_NONE;

	if (likely(s->task == p)) {
		before = s->kind;
		if (kind == SS_WAIT_WAKEUP && before == SS_WAIT_PREEMPT)
			return before;
	} else {
		if (s->task && ss_waiting(s->kind))
			ss_stats_count(SS_SLOT_COLLISIONS);
		WRITE_ONCE(s->task, p);
	}
	s->since = now;
	s->kind = kind;
	return before;
}

/* @p went to sleep (@kind: SS_SLEEP or SS_SLEEP_DELAYED); no wait runs. */
void ss_task_sleep(struct task_struct *p, enum ss_wait_kind kind)
{
	struct ss_task_slot *s = ss_slot_of(p);

	if (unlikely(s->task != p)) {
		if (s->task && ss_waiting(s->kind))
			ss_stats_count(SS_SLOT_COLLISIONS);
		WRITE_ONCE(s->task, p);
	}
	s->kind = kind;
}

/* @p runs: ends its wait and returns it (SS_WAIT_NONE if none is known). */
struct ss_wait ss_task_wait_end(struct task_struct *p)
{
	struct ss_task_slot *s = ss_slot_of(p);
	struct ss_wait w = { .kind = SS_WAIT_NONE };

	if (s->task != p)
		return w;
	if (ss_waiting(s->kind)) {
		w.kind = s->kind;
		w.since = s->since;
	}
	s->kind = SS_WAIT_NONE;
	return w;
}

/* @p is being freed: its address may come back as another task. */
void ss_task_forget(struct task_struct *p)
{
	/* Not the hot path; cmpxchg keeps a colliding task's claim intact. */
	cmpxchg(&ss_slot_of(p)->task, p, NULL);
}
