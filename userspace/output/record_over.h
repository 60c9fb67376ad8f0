/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `schedscope record --over US`: of the decision and pick rows, only those
 * of waits that lasted US or more. The module's schedscope:slow_wait event
 * (slow_us armed at US) says which waits those were, at their end: each
 * task's last decision row is held back until then, and the pick that ends
 * the wait (the slow_wait record comes first, from the same switch) is
 * written after it. Every other row is dropped.
 */
#ifndef SCHEDSCOPE_OUTPUT_RECORD_OVER_H
#define SCHEDSCOPE_OUTPUT_RECORD_OVER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "kmod/trace_event.h"

/* Tasks followed at once; a task whose slot another takes loses its row. */
#define RECORD_OVER_SLOTS	4096

struct record_over_task {
	int tid;			/* 0: a free slot */
	bool has_decision;
	bool want_pick;			/* its slow wait ended: its pick next */
	struct ss_event decision;	/* its last decision row */
};

struct record_over {
	unsigned long long waits;	/* slow waits seen */
	unsigned long long rows;	/* rows written */
	struct record_over_task task[RECORD_OVER_SLOTS];
};

/*
 * A decision or pick row (others are dropped): held back, or written to
 * out if it is the pick ending a slow wait. 0, or -EIO.
 */
int record_over_event(struct record_over *o, const struct ss_event *e,
		      FILE *out);

/*
 * Task tid's wait of wait_ns ended at end_ns (a slow_wait record): its
 * decision row of that wait written, if it was held. 0, or -EIO.
 */
int record_over_slow(struct record_over *o, int tid, uint64_t end_ns,
		     uint64_t wait_ns, FILE *out);

#endif
