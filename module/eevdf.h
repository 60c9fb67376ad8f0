/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EEVDF's view of an entity, computed read-only from its cfs_rq the way the
 * kernel's avg_vruntime() and vruntime_eligible() compute it:
 *
 *   V = v0 + (sum_w_vruntime + (curr.v - v0) * w_curr) / (sum_weight + w_curr)
 *
 * with the weights of the running kernel's model (below), the running entity
 * included while it is queued, the division floored; an entity is eligible
 * when V >= v, tested as the kernel does, without the division.  Never call the kernel's own
 * avg_vruntime(): recent kernels update the cfs_rq in it.
 */
#ifndef _SCHEDSCOPE_EEVDF_H
#define _SCHEDSCOPE_EEVDF_H

#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/overflow.h>
#include <linux/rbtree.h>
#include <linux/sched.h>

#include "compat.h"
#include "schedscope.h"

struct seq_file;

/*
 * How the kernel weighs entities in V, read from BTF by `schedscope load`
 * (the model= key of cfs_rq_layout), never guessed from the version:
 *
 *   scaled  6.6 - 7.0: w = scale_load_down(se->load.weight), s64 products,
 *           each cfs_rq of the group hierarchy its own EEVDF queue
 *   full    7.1+ (cfs_rq has sum_shift): w = se->load.weight, shifted right
 *           by cfs_rq->sum_shift when that is non-zero (min 2); eligibility
 *           compared in 128 bits
 *   flat    7.3+ (sched_entity has h_load): as full, with the hierarchical
 *           weight se->h_load.weight, and every fair task queued on the
 *           root cfs_rq (no group levels)
 */
enum ss_eevdf_model {
	SS_MODEL_SCALED,
	SS_MODEL_FULL,
	SS_MODEL_FLAT,
};

#define SS_CFS_NO_FIELD	UINT_MAX

struct ss_cfs_layout {
	bool live;			/* checked and in use */
	bool witnessed;			/* the sums checked exactly, with a witness */
	enum ss_eevdf_model model;
	unsigned int size;		/* sizeof(struct cfs_rq) */
	unsigned int v0;		/* min_vruntime / zero_vruntime */
	unsigned int sum_w_vruntime;	/* avg_vruntime: sum of w * (v - v0) */
	unsigned int sum_weight;	/* avg_load: sum of w */
	unsigned int curr;		/* the running entity */
	unsigned int load;		/* load.weight, or SS_CFS_NO_FIELD */
	unsigned int sum_shift;		/* u32, or SS_CFS_NO_FIELD */
	unsigned int timeline;		/* tasks_timeline, or SS_CFS_NO_FIELD */
	unsigned int idle;		/* int idle (cpu.idle), or SS_CFS_NO_FIELD */
	unsigned int next;		/* the next buddy, or SS_CFS_NO_FIELD */
	/*
	 * struct rq's next_class (7.x), in bytes from the rq's cfs member
	 * (the root cfs_rq), valid where has_next_class
	 */
	bool has_next_class;
	int rq_next_class;
	char names[64];
	char source[96];
	char why[192];			/* when not live: off/unsupported: ... */
};

extern struct ss_cfs_layout ss_cfs;

void ss_cfs_layout_init(const char *param, int witness_pid);
void ss_cfs_layout_show(struct seq_file *m);
void ss_cfs_layout_show_why(struct seq_file *m);
const char *ss_eevdf_model_name(enum ss_eevdf_model model);

struct ss_entity_view {
	u64 V;		/* avg_vruntime of the entity's cfs_rq */
	s64 lag;	/* V - v */
	bool eligible;
};

/*
 * The sums eligibility is tested against, the running entity included while
 * it is queued, as avg_vruntime() adds it.  Only with the layout live.
 */
struct ss_eligibility {
	u64 v0;
	s64 avg;
	s64 load;
	const struct sched_entity *curr;	/* queued and running, or NULL */
	bool alone;				/* curr is the only entity */
};

/*
 * One cfs_rq's sums and V, read once per probe call: a pick and the
 * switch-out after it, or a wakeup's placement and its decision, look at the
 * same cfs_rq under the same lock, and nothing moves it in between.
 * Zero-initialised: nothing read yet.
 */
struct ss_rq_view {
	struct ss_cpu *rq_cpu;		/* the CPU whose runqueue is looked at */
	u64 now;			/* the probe's time (ss_clock()) */
	const struct cfs_rq *cfs_rq;	/* whose sums e holds, or NULL */
	struct ss_eligibility e;
	bool have_V;
	u64 V;
	/*
	 * What a record of the sampled groups counts: 1, a constant, in the
	 * exact probes; `sample`'s N in an event sampling recorded
	 * (sampling.h)
	 */
	u32 weight;
};

#if SS_CAN_EEVDF
static inline u64 ss_cfs_u64(const struct cfs_rq *cfs_rq, unsigned int off)
{
	return READ_ONCE(*(const u64 *)((const char *)cfs_rq + off));
}

static inline u32 ss_cfs_u32(const struct cfs_rq *cfs_rq, unsigned int off)
{
	return READ_ONCE(*(const u32 *)((const char *)cfs_rq + off));
}

static inline struct sched_entity *ss_cfs_curr(const struct cfs_rq *cfs_rq)
{
	return (struct sched_entity *)(uintptr_t)ss_cfs_u64(cfs_rq, ss_cfs.curr);
}

/*
 * The queued entity with the earliest deadline (the tree is ordered by
 * deadline), the running one not among them; NULL when none is queued or
 * the layout has no tasks_timeline.  Under the runqueue's lock only.
 */
static inline struct sched_entity *ss_cfs_first(const struct cfs_rq *cfs_rq)
{
	const struct rb_root_cached *timeline;
	struct rb_node *left;

	if (ss_cfs.timeline == SS_CFS_NO_FIELD)
		return NULL;
	timeline = (const void *)((const char *)cfs_rq + ss_cfs.timeline);
	left = READ_ONCE(timeline->rb_leftmost);
	return left ? rb_entry(left, struct sched_entity, run_node) : NULL;
}

/* The root cfs_rq (rq->cfs) of the CPU @se is queued on: a walk up. */
static inline struct cfs_rq *ss_root_cfs_rq(const struct sched_entity *se)
{
	while (se->parent)
		se = se->parent;
	return se->cfs_rq;
}

/* The cfs_rq whose EEVDF queue holds @se: on a flat kernel, the root's. */
static inline struct cfs_rq *ss_eevdf_cfs_rq(const struct sched_entity *se)
{
	return ss_cfs.model == SS_MODEL_FLAT ? ss_root_cfs_rq(se) : se->cfs_rq;
}

/*
 * ss_root_cfs_rq() of @rv's CPU, from @se queued there: found once, it
 * never moves.
 */
static inline struct cfs_rq *ss_rq_view_root(const struct ss_rq_view *rv,
					     const struct sched_entity *se)
{
	struct cfs_rq *root = READ_ONCE(rv->rq_cpu->root_cfs_rq);

	if (unlikely(!root)) {
		root = ss_root_cfs_rq(se);
		WRITE_ONCE(rv->rq_cpu->root_cfs_rq, root);
	}
	return root;
}

/*
 * ss_eevdf_cfs_rq() of an entity on @rv's runqueue.  On a flat kernel that
 * is the CPU's root cfs_rq, looked up once instead of a walk up the groups
 * at every call.
 */
static inline struct cfs_rq *ss_rq_view_queue(const struct ss_rq_view *rv,
					      const struct sched_entity *se)
{
	if (ss_cfs.model != SS_MODEL_FLAT)
		return se->cfs_rq;
	return ss_rq_view_root(rv, se);
}

/* The weight @se has in the sums of @cfs_rq (avg_vruntime_weight()). */
static __always_inline unsigned long
ss_avg_weight(const struct cfs_rq *cfs_rq, const struct sched_entity *se)
{
	unsigned long w;
	u32 shift;

	if (ss_cfs.model == SS_MODEL_SCALED)
		return ss_scale_load_down(se->load.weight);
	w = ss_cfs.model == SS_MODEL_FLAT ? ss_se_h_weight(se) : se->load.weight;
	shift = ss_cfs_u32(cfs_rq, ss_cfs.sum_shift);
	if (shift)	/* the kernel keeps it below 10 */
		w = max(2UL, w >> min(shift, 63U));
	return w;
}

/*
 * vruntime_eligible(): avg >= key * load, exact (the kernel compares in 128
 * bits) from 7.1 on.  A product past s64 is beyond any avg: it is below
 * avg exactly when it is negative, and load, a sum of weights, is positive.
 */
static inline bool ss_eligible(s64 avg, s64 key, s64 load)
{
	s64 rhs;

	if (ss_cfs.model == SS_MODEL_SCALED)
		return avg >= (s64)((u64)key * (u64)load);
	if (unlikely(check_mul_overflow(key, load, &rhs)))
		return key < 0;
	return avg >= rhs;
}

static inline void ss_eligibility_of(const struct cfs_rq *cfs_rq,
				     struct ss_eligibility *e)
{
	const struct sched_entity *curr = ss_cfs_curr(cfs_rq);

	e->v0 = ss_cfs_u64(cfs_rq, ss_cfs.v0);
	e->avg = (s64)ss_cfs_u64(cfs_rq, ss_cfs.sum_w_vruntime);
	e->load = (s64)ss_cfs_u64(cfs_rq, ss_cfs.sum_weight);
	e->alone = !e->load;
	if (curr && READ_ONCE(curr->on_rq)) {
		unsigned long w = ss_avg_weight(cfs_rq, curr);

		e->avg = (s64)((u64)e->avg + (u64)(s64)(curr->vruntime - e->v0) * w);
		e->load += w;
	} else {
		curr = NULL;
	}
	e->curr = curr;
}

/* entity_eligible() of an entity at @vruntime; no division */
static inline bool ss_eligible_at(const struct ss_eligibility *e, u64 vruntime)
{
	return ss_eligible(e->avg, (s64)(vruntime - e->v0), e->load);
}

/* avg_vruntime() from sums read with ss_eligibility_of(): one division */
static inline u64 ss_avg_vruntime(const struct ss_eligibility *e)
{
	s64 avg = e->avg;

	if (ss_cfs.model != SS_MODEL_SCALED && e->alone && e->curr) {
		/* one entity is its own average */
		avg = (s64)(e->curr->vruntime - e->v0);
	} else if (e->load > 0) {
		if (avg < 0)	/* floor, as the kernel does */
			avg -= e->load - 1;
		avg = div64_s64(avg, e->load);
	}
	return e->v0 + avg;
}

/* V and @se's lag and eligibility from sums read with ss_eligibility_of(). */
static inline void ss_entity_view_from(const struct ss_eligibility *e,
				       const struct sched_entity *se,
				       struct ss_entity_view *view)
{
	view->eligible = ss_eligible_at(e, se->vruntime);
	view->V = ss_avg_vruntime(e);
	view->lag = (s64)(view->V - se->vruntime);
}

static inline const struct ss_eligibility *
ss_rq_view_sums(struct ss_rq_view *rv, const struct cfs_rq *cfs_rq)
{
	if (rv->cfs_rq != cfs_rq) {
		ss_eligibility_of(cfs_rq, &rv->e);
		rv->cfs_rq = cfs_rq;
		rv->have_V = false;
	}
	return &rv->e;
}

/* ss_entity_view_from() with the sums and V of @rv, read if not yet */
static inline void ss_rq_view_entity(struct ss_rq_view *rv,
				     const struct cfs_rq *cfs_rq,
				     const struct sched_entity *se,
				     struct ss_entity_view *view)
{
	const struct ss_eligibility *e = ss_rq_view_sums(rv, cfs_rq);

	if (!rv->have_V) {
		rv->V = ss_avg_vruntime(e);
		rv->have_V = true;
	}
	view->eligible = ss_eligible_at(e, se->vruntime);
	view->V = rv->V;
	view->lag = (s64)(view->V - se->vruntime);
}

/*
 * Only with the layout live, and @se queued or running on @cfs_rq (from
 * ss_eevdf_cfs_rq()).  The products wrap as the kernel's do.
 */
static inline void ss_entity_view_on(const struct cfs_rq *cfs_rq,
				     const struct sched_entity *se,
				     struct ss_entity_view *view)
{
	struct ss_eligibility e;

	ss_eligibility_of(cfs_rq, &e);
	ss_entity_view_from(&e, se, view);
}

static inline void ss_entity_view(const struct sched_entity *se,
				  struct ss_entity_view *view)
{
	ss_entity_view_on(ss_eevdf_cfs_rq(se), se, view);
}
#endif

/* Constant false where the kernel has no EEVDF: the calls compile away. */
static inline bool ss_eevdf_live(void)
{
	return SS_CAN_EEVDF && READ_ONCE(ss_cfs.live);
}

/* The pick_order group: the layout also says where the queue's tree is. */
static inline bool ss_pick_order_live(void)
{
	return ss_eevdf_live() && ss_cfs.timeline != SS_CFS_NO_FIELD;
}

/* eevdf.c: the EEVDF decisions, recorded from the probes */
void ss_eevdf_pick(struct task_struct *p, unsigned int on,
		   struct ss_rq_view *rv);
void ss_eevdf_switch_out(struct task_struct *p, bool sleeping,
			 unsigned int on, struct ss_rq_view *rv);
void ss_eevdf_wakeup(struct task_struct *p, enum ss_wait_kind before,
		     unsigned int on, struct ss_rq_view *rv);
void ss_eevdf_queued(struct task_struct *p, bool seen);
extern const struct seq_operations ss_eevdf_tasks_sops;

#endif /* _SCHEDSCOPE_EEVDF_H */
