// SPDX-License-Identifier: GPL-2.0
/* record --over: the rows of the slow waits only (output/record_over.h). */
#include <errno.h>
#include <string.h>

#include "output/record_over.h"

/*
 * A decision is taken at the wakeup that begins the wait, on the waker's
 * CPU, whose clock may run a little apart from the CPU where it ends.
 */
#define RECORD_OVER_SKEW_NS	100000ull

static struct record_over_task *slot(struct record_over *o, int tid)
{
	struct record_over_task *t =
		&o->task[(unsigned int)tid * 2654435761u % RECORD_OVER_SLOTS];

	if (t->tid != tid)
		memset(t, 0, sizeof(*t));
	t->tid = tid;
	return t;
}

static int write_row(struct record_over *o, const struct ss_event *e,
		     FILE *out)
{
	if (record_csv_row(out, e))
		return -EIO;
	o->rows++;
	return 0;
}

int record_over_event(struct record_over *o, const struct ss_event *e,
		      FILE *out)
{
	struct record_over_task *t;

	if (!strcmp(e->event, "decision")) {
		t = slot(o, e->pid);
		t->decision = *e;
		t->has_decision = true;
		return 0;
	}
	if (strcmp(e->event, "pick"))
		return 0;
	t = slot(o, e->pid);
	if (!t->want_pick)
		return 0;
	t->want_pick = false;
	return write_row(o, e, out);
}

int record_over_slow(struct record_over *o, int tid, uint64_t end_ns,
		     uint64_t wait_ns, FILE *out)
{
	struct record_over_task *t = slot(o, tid);
	uint64_t since = end_ns > wait_ns ? end_ns - wait_ns : 0;

	o->waits++;
	t->want_pick = true;
	/* the decision of this wait, not of an earlier one */
	if (!t->has_decision || t->decision.time_ns + RECORD_OVER_SKEW_NS < since)
		return 0;
	t->has_decision = false;
	return write_row(o, &t->decision, out);
}
