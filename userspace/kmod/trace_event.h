/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One record of the module's trace events (system "schedscope": pick,
 * dequeue, place, decision; docs/interface.md, "Trace events"), taken out
 * of a libtraceevent record by field name, and written as one CSV row:
 *
 *   time_ns,event,cpu,pid,comm,depth,lag,vruntime,deadline,avg_vruntime,
 *   slice,weight,eligible,delayed,decision,curr_pid,curr_comm,curr_deadline
 *
 * The last four are a decision's (empty in the other events' rows); a
 * decision has no depth or delayed field (its wakee is seen on its own
 * cfs_rq, and was just woken): 0 there. time_ns is the record's trace
 * clock; comm and curr_comm are quoted as RFC 4180 says when they hold a
 * comma, a quote, CR or LF.
 */
#ifndef SCHEDSCOPE_RECORD_EVENT_H
#define SCHEDSCOPE_RECORD_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RECORD_EVENT_SYSTEM	"schedscope"

struct ss_event {
	uint64_t time_ns;
	char event[16];			/* "pick", "dequeue", "place", "decision" */
	int cpu;
	int pid;
	char comm[17];
	int depth;
	int64_t lag;
	uint64_t vruntime, deadline, avg_vruntime, slice, weight;
	bool eligible, delayed;
	/* a decision's: its class ("decline_protected"), the running task */
	char decision[24];
	int curr_pid;
	char curr_comm[17];
	uint64_t curr_deadline;
};

extern const char *const record_event_names[];	/* NULL-terminated */

/* The header line and one row. Return 0 or -EIO. */
int record_csv_header(FILE *out);
int record_csv_row(FILE *out, const struct ss_event *e);

struct tep_event;
struct tep_record;

/*
 * Fill *e from rec, an instance of event ev. Returns 0, or -ENOENT when a
 * field is missing from the event's format, -EINVAL when the record is
 * shorter than the fields (err says which).
 */
int record_event_parse(struct tep_event *ev, struct tep_record *rec,
		       struct ss_event *e, char *err, size_t errlen);

#endif
