/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A slow wait (kmod/slow_event.h) for a person: one text line, as
 * runqslower prints one per wait, with who ran meanwhile and why in plain
 * words; or one JSON object (`schedscope slow --json`, JSON Lines).
 */
#ifndef SCHEDSCOPE_OUTPUT_SLOW_WAIT_H
#define SCHEDSCOPE_OUTPUT_SLOW_WAIT_H

#include <jansson.h>
#include <stdio.h>

#include "kmod/slow_event.h"

/* The header line of the text output. */
void slow_wait_print_header(FILE *out);

/*
 * Why the wait was long, from what the record holds: throttled by its
 * cgroup's cpu.max (cgroup: its path, or NULL), the CPU idle meanwhile
 * (the task waited elsewhere first), more switches than the module's log,
 * or who kept the CPU and with what nice and slice.
 */
void slow_wait_why(const struct slow_wait *w, const char *cgroup, char *buf,
		   size_t len);

/* "hog/180 17.2 ms nice -10 slice 3 ms" */
void slow_ran_text(const struct slow_ran *r, char *buf, size_t len);

/* One line: HH:MM:SS of wall (seconds since the epoch), the wait, who ran, why. */
int slow_wait_print(FILE *out, const struct slow_wait *w, double wall,
		    const char *cgroup);

/*
 * The JSON object: time (seconds since the epoch), tid, pid, comm, cpu,
 * kind, wait_us, decision (null: the module does not say yet), nice,
 * slice_us, cgroup, ran [{tid, pid, comm, run_us, nice, slice_us}],
 * rest {tasks, run_us}, idle_us, unseen_us, why. NULL: no memory.
 */
json_t *slow_wait_json(const struct slow_wait *w, double wall,
		       const char *cgroup);

#endif
