/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who hurts most, at the end of `schedscope slow`: the slow waits by kind,
 * and the tasks that ran while they waited (by process: comm and pid), the
 * most run time during them first.
 */
#ifndef SCHEDSCOPE_OUTPUT_SLOW_SUMMARY_H
#define SCHEDSCOPE_OUTPUT_SLOW_SUMMARY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kmod/slow_event.h"

struct slow_culprit {
	char comm[17];
	int pid;
	unsigned long longest;		/* waits it ran longest in */
	unsigned long waits;		/* waits it ran in */
	uint64_t run_ns;		/* its run time during them */
};

struct slow_summary {
	unsigned long waits;
	uint64_t wait_ns;
	unsigned long kind_waits[SLOW_THROTTLED + 1];
	uint64_t kind_ns[SLOW_THROTTLED + 1];
	size_t n, cap;
	struct slow_culprit *c;
};

/* Count w. 0, or -ENOMEM (the summary is then short of w's tasks). */
int slow_summary_add(struct slow_summary *s, const struct slow_wait *w);
/* Sort the culprits, the most run time first. */
void slow_summary_sort(struct slow_summary *s);
/* "#"-prefixed lines: the waits by kind, then up to max culprits. */
void slow_summary_print(FILE *out, const struct slow_summary *s, size_t max);
void slow_summary_free(struct slow_summary *s);

#endif
