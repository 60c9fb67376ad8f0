/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EEVDF's view of an entity, computed read-only from its cfs_rq the way the
 * kernel's avg_vruntime() and vruntime_eligible() compute it:
 *
 *   V = v0 + (sum_w_vruntime + (curr.v - v0) * w_curr) / (sum_weight + w_curr)
 *
 * with w = scale_load_down(load.weight), the running entity included while it
 * is queued, the division floored; an entity is eligible when V >= v, tested
 * as the kernel does, without the division.  Never call the kernel's own
 * avg_vruntime(): recent kernels update the cfs_rq in it.
 */
#ifndef _SCHEDSCOPE_EEVDF_H
#define _SCHEDSCOPE_EEVDF_H

#include <linux/math64.h>
#include <linux/sched.h>

#include "compat.h"
#include "schedscope.h"

struct seq_file;

struct ss_cfs_layout {
	bool live;			/* checked and in use */
	unsigned int size;		/* sizeof(struct cfs_rq) */
	unsigned int v0;		/* min_vruntime / zero_vruntime */
	unsigned int sum_w_vruntime;	/* avg_vruntime: sum of w * (v - v0) */
	unsigned int sum_weight;	/* avg_load: sum of w */
	unsigned int curr;		/* the running entity */
	char names[64];
	char source[96];
	char why[192];			/* when not live: off/unsupported: ... */
};

extern struct ss_cfs_layout ss_cfs;

void ss_cfs_layout_init(const char *param);
void ss_cfs_layout_show(struct seq_file *m);
void ss_cfs_layout_show_why(struct seq_file *m);

struct ss_entity_view {
	u64 V;		/* avg_vruntime of the entity's cfs_rq */
	s64 lag;	/* V - v */
	bool eligible;
};

#if SS_CAN_EEVDF
static inline u64 ss_cfs_u64(const struct cfs_rq *cfs_rq, unsigned int off)
{
	return READ_ONCE(*(const u64 *)((const char *)cfs_rq + off));
}

static inline struct sched_entity *ss_cfs_curr(const struct cfs_rq *cfs_rq)
{
	return (struct sched_entity *)(uintptr_t)ss_cfs_u64(cfs_rq, ss_cfs.curr);
}

/* Only with the layout live, and @se queued or running on se->cfs_rq. */
static inline void ss_entity_view(const struct sched_entity *se,
				  struct ss_entity_view *view)
{
	const struct cfs_rq *cfs_rq = se->cfs_rq;
	const struct sched_entity *curr = ss_cfs_curr(cfs_rq);
	u64 v0 = ss_cfs_u64(cfs_rq, ss_cfs.v0);
	s64 avg = (s64)ss_cfs_u64(cfs_rq, ss_cfs.sum_w_vruntime);
	s64 load = (s64)ss_cfs_u64(cfs_rq, ss_cfs.sum_weight);

	if (curr && READ_ONCE(curr->on_rq)) {
		unsigned long w = ss_scale_load_down(curr->load.weight);

		avg += (s64)(curr->vruntime - v0) * (s64)w;
		load += w;
	}
	view->eligible = avg >= (s64)(se->vruntime - v0) * load;
	if (load) {
		if (avg < 0)	/* floor, as the kernel does */
			avg -= load - 1;
		avg = div64_s64(avg, load);
	}
	view->V = v0 + avg;
	view->lag = (s64)(view->V - se->vruntime);
}
#endif

/* Constant false where the kernel has no EEVDF: the calls compile away. */
static inline bool ss_eevdf_live(void)
{
	return SS_CAN_EEVDF && READ_ONCE(ss_cfs.live);
}

/* eevdf.c: the EEVDF decisions, recorded from the probes */
void ss_eevdf_pick(struct task_struct *p);
void ss_eevdf_switch_out(struct task_struct *p, bool sleeping);
void ss_eevdf_wakeup(struct task_struct *p, enum ss_wait_kind before);
void ss_eevdf_tasks_show(struct seq_file *m);

#endif /* _SCHEDSCOPE_EEVDF_H */
