/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What `schedscope watch` prints by default: one line per interval, as
 * vmstat does, under one "#" header line (plottable as it is): switches
 * and wakeups a second, the share of switches that slept, the wakeup wait's
 * p50, p99 and max and the preempted wait's p99 in microseconds, and the
 * share of wakeup decisions that preempted ("-" where a group is off).
 */
#ifndef SCHEDSCOPE_OUTPUT_WATCH_LINE_H
#define SCHEDSCOPE_OUTPUT_WATCH_LINE_H

#include <stdio.h>

#include "kmod/snapshot.h"

/* The header line, once before the first interval. */
void out_watch_header(FILE *out);

/*
 * One interval: delta is what was counted in it, seconds its length, when
 * its end ("HH:MM:SS"). Returns 0, or -EIO when writing failed.
 */
int out_watch_line(const struct ss_snapshot *delta, double seconds,
		   const char *when, FILE *out);

#endif
