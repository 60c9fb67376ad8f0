/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sweep setting's knobs (docs/sweep.md, "Knobs"): besides sched features,
 * a setting may change how the workload is scheduled, "[GROUP/]KEY=VALUE":
 *
 *   nice=N            the nice value, -20..19
 *   policy=P          other, batch or idle (SCHED_OTHER, SCHED_BATCH, SCHED_IDLE)
 *   slice=US          a custom slice in µs, 100..100000 (Linux 6.12 on)
 *   cpu.weight=N      the group's cgroup weight, 1..10000
 *   cpu.idle=0|1      the group's cgroup idle
 *   cpu.max=Q/P|max   the group's cgroup quota and period in µs, or none
 *
 * The first three are given to the workload's process before its exec (its
 * threads and children inherit them); the cpu.* ones are written to the
 * group's cgroup before each run (group sweeps only). GROUP/ limits a knob
 * to one group; without it a knob is every group's (or the workload's).
 */
#ifndef SCHEDSCOPE_SWEEP_KNOBS_H
#define SCHEDSCOPE_SWEEP_KNOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/sched_attr.h"
#include "results/group_name.h"

#define SWEEP_MAX_KNOBS		8
#define SWEEP_KNOB_TEXT_MAX	64

enum sweep_knob_key {
	KNOB_NICE,
	KNOB_POLICY,
	KNOB_SLICE,
	KNOB_CPU_WEIGHT,
	KNOB_CPU_IDLE,
	KNOB_CPU_MAX,
	KNOB_KEYS
};

struct sweep_knob {
	char text[SWEEP_KNOB_TEXT_MAX];	/* as given */
	char group[SWEEP_GROUP_NAME_MAX + 1];	/* "": every group */
	enum sweep_knob_key key;
	int64_t value;		/* nice, policy, µs, weight, 0|1, quota µs or -1 */
	uint64_t period_us;	/* cpu.max */
};

/* The knob's key as written: "nice", ..., "cpu.max". */
const char *sweep_knob_key_name(enum sweep_knob_key key);

/* Whether the key is a cgroup file (cpu.*) rather than a task attribute. */
bool sweep_knob_is_cgroup(enum sweep_knob_key key);

/* Is this item of a setting a knob (it has a '=') rather than a feature? */
bool sweep_knob_item(const char *item, size_t len);

/*
 * Parse one item, len bytes at item. Returns 0, or -EINVAL with err saying
 * what is wrong (unknown key, bad group name, a value out of range).
 */
int sweep_knob_parse(const char *item, size_t len, struct sweep_knob *k,
		     char *err, size_t errlen);

/*
 * The n knobs of one setting checked together: no key twice for one group
 * (an unscoped knob counts for every group), no cpu.weight beside
 * cpu.idle=1 (an idle group has no weight), no slice beside policy=idle.
 * 0 or -EINVAL with err.
 */
int sweep_knobs_check(const struct sweep_knob *k, size_t n, char *err,
		      size_t errlen);

/* The knob of key that applies to group ("" or NULL: the workload), or NULL. */
const struct sweep_knob *sweep_knob_find(const struct sweep_knob *k, size_t n,
					 enum sweep_knob_key key,
					 const char *group);

/*
 * The task attributes the knobs give group's processes (NULL: the single
 * workload's). False when they change nothing.
 */
bool sweep_knobs_sched(const struct sweep_knob *k, size_t n, const char *group,
		       struct sched_attr_change *c);

/* A cpu.* knob's value as its cgroup file takes and shows it. */
void sweep_knob_cgroup_value(const struct sweep_knob *k, char *buf, size_t len);

#endif
