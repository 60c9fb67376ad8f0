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
#include "task_slots.h"

struct ss_task_slot *ss_slots;
unsigned int ss_slots_shift;
unsigned int ss_task_slots_nr;
#if SS_HAVE_H_LOAD
u32 *ss_slot_weights;
#endif

int ss_task_slots_alloc(unsigned int nr)
{
	nr = roundup_pow_of_two(clamp(nr, 1024U, 4194304U));
	ss_slots = vzalloc(array_size(nr, sizeof(*ss_slots)));
	if (!ss_slots)
		return -ENOMEM;
#if SS_HAVE_H_LOAD
	ss_slot_weights = vzalloc(array_size(nr, sizeof(*ss_slot_weights)));
	if (!ss_slot_weights) {
		vfree(ss_slots);
		ss_slots = NULL;
		return -ENOMEM;
	}
#endif
	ss_task_slots_nr = nr;
	ss_slots_shift = 64 - ilog2(nr);
	return 0;
}

void ss_task_slots_free(void)
{
	vfree(ss_slots);
	ss_slots = NULL;
#if SS_HAVE_H_LOAD
	vfree(ss_slot_weights);
	ss_slot_weights = NULL;
#endif
}

static size_t ss_slots_bytes(void)
{
	return array_size(ss_task_slots_nr, sizeof(*ss_slots));
}

#if SS_HAVE_H_LOAD
static size_t ss_slot_weights_bytes(void)
{
	return array_size(ss_task_slots_nr, sizeof(*ss_slot_weights));
}
#endif

/* The table's memory, with the weights beside it where they are kept. */
size_t ss_task_slots_bytes(void)
{
#if SS_HAVE_H_LOAD
	return ss_slots_bytes() + ss_slot_weights_bytes();
#else
	return ss_slots_bytes();
#endif
}

/* Only while no probe is attached: waits seen before now are unknown. */
void ss_task_slots_clear(void)
{
	memset(ss_slots, 0, ss_slots_bytes());
#if SS_HAVE_H_LOAD
	memset(ss_slot_weights, 0, ss_slot_weights_bytes());
#endif
}

/* @p is being freed: its address may come back as another task. */
void ss_task_forget(struct task_struct *p)
{
	/* Not the hot path; cmpxchg keeps a colliding task's claim intact. */
	cmpxchg(&ss_slot_of(ss_task_hash(p))->task, p, NULL);
}
