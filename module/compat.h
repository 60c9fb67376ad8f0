/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What differs between the kernels schedscope builds for, in the public
 * headers only.  The private struct cfs_rq is never described here: its
 * layout comes from the running kernel's BTF at load (cfs_layout.c).
 */
#ifndef _SCHEDSCOPE_COMPAT_H
#define _SCHEDSCOPE_COMPAT_H

#include <linux/sched.h>
#include <linux/sched/prio.h>

/*
 * SS_HAVE_EEVDF (6.6: sched_entity has deadline, vlag and slice) and
 * SS_HAVE_DELAYED_DEQUEUE (6.12: sched_entity has sched_delayed) and
 * SS_HAVE_H_LOAD (7.3: sched_entity has h_load) and SS_HAVE_VPROT (7.1:
 * sched_entity has vprot, the end of the running entity's protection) and
 * SS_HAVE_TASK_THROTTLED (6.18: task_struct has throttled, tasks throttled one
 * by one) come from
 * Kbuild, which looks for the fields in the headers we build against: a
 * feature test, not a version guess, so backports are seen too.
 */
#if !defined(SS_HAVE_EEVDF) || !defined(SS_HAVE_DELAYED_DEQUEUE) || \
	!defined(SS_HAVE_H_LOAD) || !defined(SS_HAVE_VPROT) || \
	!defined(SS_HAVE_TASK_THROTTLED)
#error "build with the Kbuild file: it defines the SS_HAVE_* feature tests"
#endif

/* A task's cfs_rq is only reachable from its entity with group scheduling. */
#if SS_HAVE_EEVDF && defined(CONFIG_FAIR_GROUP_SCHED) && defined(CONFIG_64BIT)
#define SS_CAN_EEVDF 1
#else
#define SS_CAN_EEVDF 0
#endif

/*
 * The running task's reschedule flags: TIF_NEED_RESCHED, and where the
 * kernel has lazy preemption (6.13+) TIF_NEED_RESCHED_LAZY, which a
 * wakeup's check sets as well (resched_curr_lazy()).
 */
#ifdef TIF_NEED_RESCHED_LAZY
#define SS_TIF_RESCHED	(BIT(TIF_NEED_RESCHED) | BIT(TIF_NEED_RESCHED_LAZY))
#else
#define SS_TIF_RESCHED	BIT(TIF_NEED_RESCHED)
#endif

/* task_struct::on_rq of a queued task (kernel/sched/sched.h) */
#define SS_TASK_ON_RQ_QUEUED	1

/* The slice of an EEVDF entity; 0 before EEVDF (CFS had no slice of its own). */
static inline u64 ss_se_slice(const struct sched_entity *se)
{
#if SS_HAVE_EEVDF
	return se->slice;
#else
	return 0;
#endif
}

static inline bool ss_se_delayed(const struct sched_entity *se)
{
#if SS_HAVE_DELAYED_DEQUEUE
	return READ_ONCE(se->sched_delayed);
#else
	return false;
#endif
}

/* 7.3: the hierarchical weight a task is queued with on the root cfs_rq */
static inline unsigned long ss_se_h_weight(const struct sched_entity *se)
{
#if SS_HAVE_H_LOAD
	return se->h_load.weight;
#else
	return se->load.weight;
#endif
}

/* fair_class.c: fair_sched_class, found at load by its symbol, or NULL */
struct seq_file;
extern const struct sched_class *ss_fair_class;
void ss_fair_class_init(void);
void ss_fair_class_show(struct seq_file *m);

/*
 * In the fair class.  A sched_ext task has a fair priority and a stale
 * sched_entity: only where the class could not be found is a fair priority
 * taken for it (the idle task has pid 0, and is not fair by class).
 */
static inline bool ss_fair(const struct task_struct *p)
{
	const struct sched_class *fair = READ_ONCE(ss_fair_class);

	if (likely(fair))
		return p->sched_class == fair;
	return p->prio >= MAX_RT_PRIO;
}

/*
 * A task queued in a group out of its cpu.max quota.  7.x throttles tasks
 * one by one (a "limbo" task keeps on_rq but leaves its queue, and is marked
 * throttled); before, the group's entity leaves its parent's queue and the
 * tasks stay on the group's.  Only for a fair task that is queued.
 */
/* @se and every group entity above it queued on its parent's cfs_rq */
static inline bool ss_chain_queued(const struct sched_entity *se)
{
#ifdef CONFIG_FAIR_GROUP_SCHED
	for (; se; se = se->parent)
		if (!READ_ONCE(se->on_rq))
			return false;
	return true;
#else
	return READ_ONCE(se->on_rq);
#endif
}

static inline bool ss_throttled(const struct task_struct *p)
{
#if SS_HAVE_TASK_THROTTLED && defined(CONFIG_CFS_BANDWIDTH)
	return READ_ONCE(p->throttled);
#else
	return !ss_chain_queued(&p->se);
#endif
}

/*
 * scale_load_down() of kernel/sched/sched.h on 64-bit kernels: the weights
 * EEVDF averages vruntime with.
 */
static inline unsigned long ss_scale_load_down(unsigned long w)
{
	return w ? max(2UL, w >> SCHED_FIXEDPOINT_SHIFT) : 0;
}

#endif /* _SCHEDSCOPE_COMPAT_H */
