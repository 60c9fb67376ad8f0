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

/* A why's room: the longest one fits. */
#define SLOW_WHY_MAX	640

/* What the record's ids name, looked up by the reader (any may be NULL). */
struct slow_wait_names {
	const char *cgroup;			/* the waiting task's cgroup */
	const char *ran_cgroup[SLOW_RAN_MAX];	/* each named task's */
	/* throttled: the cgroup whose cpu.max ran out, and that limit */
	const char *limiter;
	uint64_t quota_us, period_us;
};

/* The header line of the text output. */
void slow_wait_print_header(FILE *out);

/*
 * Why the wait was long, from what the record holds: a woken wait's
 * wakeup decision (not preempted: protected by RUN_TO_PARITY, not
 * eligible, an earlier deadline, its policy, ...); throttled by a cgroup's
 * cpu.max; the CPU idle meanwhile (the task waited elsewhere first); more
 * switches than the module's log; or who kept the CPU, with what nice,
 * slice and cgroup; and a move to another CPU while waiting.
 */
void slow_wait_why(const struct slow_wait *w, const struct slow_wait_names *nm,
		   char *buf, size_t len);

/* A decision's name in words ("not eligible"), or NULL for "" or unknown. */
const char *slow_decision_words(const char *decision);

/* "hog/180 17.2 ms nice -10 slice 3 ms" */
void slow_ran_text(const struct slow_ran *r, char *buf, size_t len);

/* One line: HH:MM:SS of wall (seconds since the epoch), the wait, who ran, why. */
int slow_wait_print(FILE *out, const struct slow_wait *w, double wall,
		    const struct slow_wait_names *nm);

/*
 * The JSON object: time (seconds since the epoch), tid, pid, comm, cpu,
 * kind, wait_us, decision (a woken wait's class, else null), lag_us,
 * eligible and deadline_us (of the level that decided, else null), from_cpu
 * (null: not known), migrated, policy, ended (idle, slept, preempted; null:
 * not known), nice, slice_us, cgroup, ran [{tid, pid, comm, run_us,
 * nice, slice_us, cgroup}], rest {tasks, run_us}, idle_us, unseen_us, why.
 * NULL: no memory.
 */
json_t *slow_wait_json(const struct slow_wait *w, double wall,
		       const struct slow_wait_names *nm);

#endif
