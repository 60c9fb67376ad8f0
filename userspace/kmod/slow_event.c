// SPDX-License-Identifier: GPL-2.0
/* One schedscope:slow_wait record read (kmod/slow_event.h). */
#include <errno.h>
#include <string.h>

#include <event-parse.h>

#include "lib/error_msg.h"
#include "kmod/slow_event.h"
#include "kmod/trace_fields.h"

const char *slow_kind_name(enum slow_kind kind)
{
	switch (kind) {
	case SLOW_WOKEN:
		return "woken";
	case SLOW_PREEMPTED:
		return "preempted";
	case SLOW_NEW:
		return "new";
	case SLOW_THROTTLED:
		return "throttled";
	}
	return "?";
}

const char *slow_policy_name(int policy)
{
	static const char *const names[] = {
		"normal", "fifo", "rr", "batch", NULL, "idle", "deadline", "ext",
	};

	return policy >= 0 && policy < (int)(sizeof(names) / sizeof(names[0])) ?
	       names[policy] : NULL;
}

const char *slow_ended_name(enum slow_ended ended)
{
	switch (ended) {
	case SLOW_ENDED_IDLE:
		return "idle";
	case SLOW_ENDED_SLEPT:
		return "slept";
	case SLOW_ENDED_PREEMPTED:
		return "preempted";
	default:
		return NULL;
	}
}

/* Task i of the record's ran_* arrays into *r. */
static int ran_parse(struct tep_event *ev, struct tep_record *rec,
		     unsigned int i, struct slow_ran *r, char *err,
		     size_t errlen)
{
	uint64_t tid, pid, nice;
	int ret;

	ret = trace_field_element(ev, rec, "ran_pid", i, &tid, err, errlen);
	if (!ret)
		ret = trace_field_element(ev, rec, "ran_tgid", i, &pid, err,
					  errlen);
	if (!ret)
		ret = trace_field_element(ev, rec, "ran_nice", i, &nice, err,
					  errlen);
	if (!ret)
		ret = trace_field_element(ev, rec, "ran_ns", i, &r->run_ns, err,
					  errlen);
	if (!ret)
		ret = trace_field_element(ev, rec, "ran_slice", i, &r->slice_ns,
					  err, errlen);
	if (!ret) {
		ret = trace_field_element(ev, rec, "ran_cgroup", i, &r->cgroup,
					  err, errlen);
		/* it came later: 0, not known, from a module without it */
		if (ret == -ENOENT) {
			r->cgroup = 0;
			ret = 0;
		}
	}
	if (!ret)
		ret = trace_field_text_at(ev, rec, "ran_comm", i, 16, r->comm,
					  sizeof(r->comm), err, errlen);
	r->tid = (int)tid;
	r->pid = (int)pid;
	r->nice = (int)nice;
	return ret;
}

/*
 * The fields of how the wait began and ended (decision, lag, eligible,
 * from_cpu, migrated, policy, deadline, ended; added to the event later):
 * "not known" from a module without them.
 */
static int how_it_went(struct tep_event *ev, struct tep_record *rec,
		       struct slow_wait *w, char *err, size_t errlen)
{
	static const char *const names[] = {
		"lag", "eligible", "from_cpu", "migrated", "policy", "deadline",
		"ended",
	};
	uint64_t n[sizeof(names) / sizeof(names[0])];
	unsigned int i;
	int ret;

	w->eligible = -1;
	w->from_cpu = -1;
	w->policy = -1;
	w->ended = SLOW_ENDED_UNKNOWN;
	ret = trace_field_text(ev, rec, "decision", w->decision,
			       sizeof(w->decision), err, errlen);
	if (ret == -ENOENT)
		return 0;
	for (i = 0; !ret && i < sizeof(names) / sizeof(names[0]); i++)
		ret = trace_field_number(ev, rec, names[i], &n[i], err, errlen);
	if (ret)
		return ret;
	w->lag_ns = (int64_t)n[0];
	w->eligible = (int)n[1];
	w->from_cpu = (int)n[2];
	w->migrated = (int)n[3];
	w->policy = (int)n[4];
	w->deadline_ns = (int64_t)n[5];
	w->ended = n[6] <= SLOW_ENDED_PREEMPTED ? (enum slow_ended)n[6] :
		   SLOW_ENDED_UNKNOWN;
	return 0;
}

int slow_wait_parse(struct tep_event *ev, struct tep_record *rec,
		    struct slow_wait *w, char *err, size_t errlen)
{
	static const char *const names[] = {
		"cpu", "pid", "tgid", "kind", "nice", "wait_ns", "slice",
		"cgroup", "rest_tasks", "rest_ns", "idle_ns", "unseen_ns",
	};
	uint64_t n[sizeof(names) / sizeof(names[0])];
	unsigned int i;
	int ret;

	memset(w, 0, sizeof(*w));
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		ret = trace_field_number(ev, rec, names[i], &n[i], err, errlen);
		if (ret)
			return ret;
	}
	ret = trace_field_text(ev, rec, "comm", w->comm, sizeof(w->comm), err,
			       errlen);
	if (!ret)
		ret = how_it_went(ev, rec, w, err, errlen);
	for (i = 0; !ret && i < SLOW_RAN_MAX; i++) {
		ret = ran_parse(ev, rec, i, &w->ran[w->nran], err, errlen);
		if (!ret && w->ran[w->nran].tid)
			w->nran++;
	}
	if (ret)
		return ret;
	if (n[3] < SLOW_WOKEN || n[3] > SLOW_THROTTLED)
		return error_ret(err, errlen, -EINVAL, "%s:%s record of kind "
				 "%llu, not 1 to 4", ev->system, ev->name,
				 (unsigned long long)n[3]);
	w->time_ns = rec->ts;
	w->cpu = (int)n[0];
	w->tid = (int)n[1];
	w->pid = (int)n[2];
	w->kind = n[3];
	w->nice = (int)n[4];
	w->wait_ns = n[5];
	w->slice_ns = n[6];
	w->cgroup = n[7];
	w->rest_tasks = n[8];
	w->rest_ns = n[9];
	w->idle_ns = n[10];
	w->unseen_ns = n[11];
	return 0;
}
