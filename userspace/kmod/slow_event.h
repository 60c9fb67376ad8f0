/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One schedscope:slow_wait record (docs/interface.md, "Trace events"): a
 * measured task's wait for a CPU that ended at or above the module's
 * slow_us, with the tasks that ran on that CPU meanwhile.
 */
#ifndef SCHEDSCOPE_KMOD_SLOW_EVENT_H
#define SCHEDSCOPE_KMOD_SLOW_EVENT_H

#include <stddef.h>
#include <stdint.h>

#define SLOW_EVENT_NAME		"slow_wait"
#define SLOW_RAN_MAX		3	/* the tasks a record names */

/* What a wait began with (the event's kind). */
enum slow_kind {
	SLOW_WOKEN = 1,
	SLOW_PREEMPTED,
	SLOW_NEW,
	SLOW_THROTTLED,
};

/* How the task before the waiting one gave up the CPU (the event's ended). */
enum slow_ended {
	SLOW_ENDED_UNKNOWN = -1,
	SLOW_ENDED_IDLE,		/* the CPU was idle */
	SLOW_ENDED_SLEPT,		/* it slept, yielded or exited */
	SLOW_ENDED_PREEMPTED,		/* it was preempted */
};

struct slow_ran {
	int tid, pid;
	char comm[17];
	int nice;
	uint64_t run_ns, slice_ns;	/* slice 0: before EEVDF */
	uint64_t cgroup;		/* its cgroup's id */
};

struct slow_wait {
	uint64_t time_ns;		/* the record's trace clock */
	int cpu, tid, pid;
	char comm[17];
	enum slow_kind kind;
	int nice;
	uint64_t wait_ns, slice_ns, cgroup;
	unsigned int nran;		/* ran[0..nran-1], longest first */
	struct slow_ran ran[SLOW_RAN_MAX];
	uint32_t rest_tasks;
	uint64_t rest_ns, idle_ns, unseen_ns;
	/* a woken wait's wakeup decision ("" where none was seen) */
	char decision[24];
	int64_t lag_ns;			/* with eligible >= 0: the deciding level's */
	int eligible;			/* 1, 0, or -1: no level decided */
	int64_t deadline_ns;		/* with eligible >= 0: its deadline - V there */
	int from_cpu;			/* where the wait began; -1: not known */
	int migrated;			/* moved to another CPU while waiting */
	int policy;			/* SCHED_*; -1: not known */
	enum slow_ended ended;		/* how the CPU came free */
};

/* "normal", "batch", "idle", "fifo", "rr", "deadline", "ext"; NULL: other */
const char *slow_policy_name(int policy);
/* "idle", "slept", "preempted"; NULL: not known */
const char *slow_ended_name(enum slow_ended ended);

/* "woken", "preempted", "new", "throttled" (the JSON's kind). */
const char *slow_kind_name(enum slow_kind kind);

struct tep_event;
struct tep_record;

/*
 * Fill *w from rec, an instance of schedscope:slow_wait. Returns 0, -ENOENT
 * for a field missing from the format, -EINVAL for a record too short or a
 * kind out of range (err says which).
 */
int slow_wait_parse(struct tep_event *ev, struct tep_record *rec,
		    struct slow_wait *w, char *err, size_t errlen);

#endif
