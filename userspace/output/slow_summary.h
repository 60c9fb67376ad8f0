/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who hurts most, at the end of `schedscope slow`: the slow waits by kind
 * and by cause (a woken wait's wakeup decision), the tasks that ran while
 * they waited (by process: comm and pid) and their cgroups, the most run
 * time during them first.
 */
#ifndef SCHEDSCOPE_OUTPUT_SLOW_SUMMARY_H
#define SCHEDSCOPE_OUTPUT_SLOW_SUMMARY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kmod/slow_event.h"
#include "output/slow_wait.h"

struct slow_culprit {
	char comm[17];
	int pid;
	unsigned long longest;		/* waits it ran longest in */
	unsigned long waits;		/* waits it ran in */
	uint64_t run_ns;		/* its run time during them */
};

/* The tasks of one cgroup that ran during slow waits. */
struct slow_group {
	char path[256];			/* "?" where the cgroup is gone */
	unsigned long waits;		/* waits its tasks ran in */
	uint64_t run_ns;
};

/* The slow waits of one cause: a kind, or a woken wait's decision. */
struct slow_cause {
	char name[40];			/* "woken: decline_protected" */
	unsigned long waits;
	uint64_t wait_ns;
};

struct slow_summary {
	unsigned long waits;
	uint64_t wait_ns;
	unsigned long kind_waits[SLOW_THROTTLED + 1];
	uint64_t kind_ns[SLOW_THROTTLED + 1];
	size_t n, cap;
	struct slow_culprit *c;
	size_t ngroups, groups_cap;
	struct slow_group *groups;
	size_t ncauses, causes_cap;
	struct slow_cause *causes;
};

/*
 * Count w, whose culprits' cgroups nm names. 0, or -ENOMEM (the summary
 * is then short of w's tasks).
 */
int slow_summary_add(struct slow_summary *s, const struct slow_wait *w,
		     const struct slow_wait_names *nm);
/* Sort the culprits, their cgroups and the causes, the most time first. */
void slow_summary_sort(struct slow_summary *s);
/*
 * "#"-prefixed lines: the waits by kind, by cause, then up to max
 * culprits and max cgroups.
 */
void slow_summary_print(FILE *out, const struct slow_summary *s, size_t max);
void slow_summary_free(struct slow_summary *s);

#endif
