// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <event-parse.h>

#include "lib/error_msg.h"
#include "kmod/trace_event.h"
#include "kmod/trace_fields.h"

const char *const record_event_names[] = {
	"pick", "dequeue", "place", "decision", NULL
};

int record_csv_header(FILE *out)
{
	fputs("time_ns,event,cpu,pid,comm,depth,lag,vruntime,deadline,"
	      "avg_vruntime,slice,weight,eligible,delayed,decision,curr_pid,"
	      "curr_comm,curr_deadline\n", out);
	return ferror(out) ? -EIO : 0;
}

static void csv_field(FILE *out, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

int record_csv_row(FILE *out, const struct ss_event *e)
{
	fprintf(out, "%" PRIu64 ",", e->time_ns);
	csv_field(out, e->event);
	fprintf(out, ",%d,%d,", e->cpu, e->pid);
	csv_field(out, e->comm);
	fprintf(out, ",%d,%" PRId64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%"
		PRIu64 ",%" PRIu64 ",%d,%d,", e->depth, e->lag, e->vruntime,
		e->deadline, e->avg_vruntime, e->slice, e->weight, e->eligible,
		e->delayed);
	if (e->decision[0]) {
		csv_field(out, e->decision);
		fprintf(out, ",%d,", e->curr_pid);
		csv_field(out, e->curr_comm);
		fprintf(out, ",%" PRIu64 "\n", e->curr_deadline);
	} else {
		fputs(",,,\n", out);
	}
	return ferror(out) ? -EIO : 0;
}

/* A decision's own fields: its class and the running task. */
static int decision_parse(struct tep_event *ev, struct tep_record *rec,
			  struct ss_event *e, char *err, size_t errlen)
{
	uint64_t pid, deadline;
	int ret;

	ret = trace_field_text(ev, rec, "decision", e->decision,
			       sizeof(e->decision), err, errlen);
	if (!ret)
		ret = trace_field_text(ev, rec, "curr_comm", e->curr_comm,
				       sizeof(e->curr_comm), err, errlen);
	if (!ret)
		ret = trace_field_number(ev, rec, "curr_pid", &pid, err,
					 errlen);
	if (!ret)
		ret = trace_field_number(ev, rec, "curr_deadline", &deadline,
					 err, errlen);
	if (ret)
		return ret;
	if (!e->decision[0]) {
		error_msg(err, errlen, "%s:%s record with an empty decision",
			  ev->system, ev->name);
		return -EINVAL;
	}
	e->curr_pid = (int)pid;
	e->curr_deadline = deadline;
	return 0;
}

int record_event_parse(struct tep_event *ev, struct tep_record *rec,
		       struct ss_event *e, char *err, size_t errlen)
{
	static const char *const names[] = {
		"cpu", "pid", "lag", "vruntime", "deadline", "avg_vruntime",
		"slice", "weight", "eligible", "depth", "delayed",
	};
	/*
	 * a decision has no delayed, and its depth (the level that decided)
	 * only from interface 2 on: read below where there
	 */
	bool decision = !strcmp(ev->name, "decision");
	size_t i, nnames = sizeof(names) / sizeof(names[0]) - 2 * decision;
	uint64_t n[sizeof(names) / sizeof(names[0])] = { 0 };
	int ret;

	memset(e, 0, sizeof(*e));
	for (i = 0; i < nnames; i++) {
		ret = trace_field_number(ev, rec, names[i], &n[i], err,
					 errlen);
		if (ret)
			return ret;
	}
	ret = trace_field_text(ev, rec, "comm", e->comm, sizeof(e->comm), err,
			       errlen);
	if (!ret && decision && tep_find_field(ev, "depth"))
		ret = trace_field_number(ev, rec, "depth", &n[9], err, errlen);
	if (!ret && decision)
		ret = decision_parse(ev, rec, e, err, errlen);
	if (ret)
		return ret;
	snprintf(e->event, sizeof(e->event), "%s", ev->name);
	e->time_ns = rec->ts;
	e->cpu = (int)n[0];
	e->pid = (int)n[1];
	e->lag = (int64_t)n[2];
	e->vruntime = n[3];
	e->deadline = n[4];
	e->avg_vruntime = n[5];
	e->slice = n[6];
	e->weight = n[7];
	e->eligible = n[8] != 0;
	e->depth = (int)n[9];
	e->delayed = n[10] != 0;
	return 0;
}
