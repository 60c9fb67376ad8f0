/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What `schedscope show` prints by default: the answer first, in at most
 * OVERVIEW_MAX_LINES lines. Per wait kind the count and p50/p90/p99/p99.9
 * and max in microseconds; the switches by cause; the wakeup decisions as
 * shares with their labels; the EEVDF picks and the delayed dequeues; one
 * line per metric group that is off, and why. Everything else is
 * `show --all`.
 */
#ifndef SCHEDSCOPE_OUTPUT_OVERVIEW_H
#define SCHEDSCOPE_OUTPUT_OVERVIEW_H

#include <stdio.h>

#include "kmod/snapshot.h"

#define OVERVIEW_MAX_LINES	40

/*
 * status: the module's status file (its text, NUL-terminated), for the
 * kernel, the filter and the groups that are off; NULL when not read.
 * Returns 0, or -EIO when writing failed.
 */
int out_overview(const struct ss_snapshot *snap, const char *status,
		 FILE *out);

#endif
