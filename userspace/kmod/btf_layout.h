/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the kernel's private struct cfs_rq keeps what the module needs for
 * EEVDF metrics, from BTF (libbpf), handed to the module as its
 * cfs_rq_layout parameter (docs/interface.md, "Module parameters"):
 *
 *   v0              zero_vruntime, else min_vruntime
 *   sum_w_vruntime  sum_w_vruntime, else avg_vruntime when it is an s64
 *   sum_weight      sum_weight, else avg_load
 *   curr            curr
 *   size            sizeof(struct cfs_rq)
 *   load            load.weight (all queued entities' weight), to check the sums
 *   sum_shift       sum_shift (7.1+), a u32
 *   idle            idle, a group's cpu.idle (an int), which the wakeup
 *                   decisions read of a group entity's own cfs_rq
 *   next            next, the next buddy (a pointer), which the wakeup
 *                   decisions read: PICK_BUDDY picks it first
 *   rq_next_class   struct rq's next_class (7.x), in bytes from its cfs
 *                   member (the root cfs_rq), which can be negative: a
 *                   higher class's wakeup keeps fair's check from the
 *                   wakeups after it until the next pick
 *   timeline        tasks_timeline, the struct rb_root_cached of the queued
 *                   entities (ordered by deadline), for the pick_order group
 *   model           how V weighs entities: scaled (no sum_shift: 6.6-7.0),
 *                   full (sum_shift: 7.1+), flat (sched_entity has h_load:
 *                   7.3+, every task on the root cfs_rq); see module/eevdf.h
 *
 * Members of anonymous structs and unions are found at their offset in
 * struct cfs_rq. A CFS kernel (6.1) has no such sums: no layout, and the
 * reason says so.
 */
#ifndef SCHEDSCOPE_BTF_LAYOUT_H
#define SCHEDSCOPE_BTF_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

#define BTF_LAYOUT_NAME_MAX	32
#define BTF_LAYOUT_VMLINUX	"/sys/kernel/btf/vmlinux"

struct btf;

enum btf_model { BTF_MODEL_SCALED, BTF_MODEL_FULL, BTF_MODEL_FLAT };

struct btf_layout {
	bool eevdf;			/* all fields found: the rest is valid */
	unsigned int size, v0, sum_w_vruntime, sum_weight, curr;
	/* optional fields found */
	bool load_ok, sum_shift_ok, timeline_ok, idle_ok, next_ok;
	unsigned int load, sum_shift, timeline, idle, next;
	bool rq_next_class_ok;
	int rq_next_class;		/* from struct rq's cfs */
	enum btf_model model;
	char v0_name[BTF_LAYOUT_NAME_MAX];
	char sum_name[BTF_LAYOUT_NAME_MAX];
	char weight_name[BTF_LAYOUT_NAME_MAX];
	char reason[256];		/* !eevdf: why not */
};

/*
 * Fill *l from btf. Returns 0 (l->eevdf says whether the kernel has the
 * EEVDF fields; l->reason why not), -ENOENT when there is no struct cfs_rq,
 * -EINVAL when a field is there but not of the expected kind (err says).
 */
int btf_layout_from_btf(const struct btf *btf, struct btf_layout *l,
			char *err, size_t errlen);

/*
 * The same from a file: raw BTF (/sys/kernel/btf/vmlinux) or an ELF file
 * with a .BTF section (a vmlinux). path NULL: the running kernel's BTF.
 */
int btf_layout_read(const char *path, struct btf_layout *l, char *err,
		    size_t errlen);

/* "scaled", "full" or "flat" */
const char *btf_layout_model_name(enum btf_model model);

/*
 * The module parameter value: "size=..,v0=..,sum_w_vruntime=..,
 * sum_weight=..,curr=..,[load=..,][sum_shift=..,][timeline=..,][idle=..,]
 * [next=..,][rq_next_class=..,]model=..,
 * names=A/B/C,
 * source=btf:PATH", with characters of
 * PATH outside [A-Za-z0-9:/._-] replaced by '_'. Returns 0 or -ENOSPC.
 */
int btf_layout_param(const struct btf_layout *l, const char *path, char *buf,
		     size_t len);

/*
 * The module's rq_layout parameter, for clock=rq (module/clock.c): where
 * struct cfs_rq keeps its struct rq pointer (group scheduling) and struct
 * rq its u64 clock and int cpu, as "rq=OFF,clock=OFF,cpu=OFF".  Returns 0,
 * -ENOENT when one is missing (why says which), -ENOSPC.
 */
int btf_rq_clock_param(const struct btf *btf, char *buf, size_t len,
		       char *why, size_t whylen);

/* The same from a file, as btf_layout_read() reads it (NULL: running kernel). */
int btf_rq_clock_read(const char *path, char *buf, size_t len, char *why,
		      size_t whylen);

#endif
