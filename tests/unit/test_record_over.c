// SPDX-License-Identifier: GPL-2.0
/*
 * record --over (output/record_over.c): of the decision and pick rows, only
 * a slow wait's decision (the one that began it, not an earlier one) and
 * the pick that ended it; every other row dropped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "output/record_over.h"
#include "test_util.h"

static struct ss_event row(const char *event, int pid, uint64_t t)
{
	struct ss_event e = { .time_ns = t, .pid = pid, .cpu = 0 };

	snprintf(e.event, sizeof(e.event), "%s", event);
	snprintf(e.comm, sizeof(e.comm), "t%d", pid);
	if (!strcmp(event, "decision"))
		snprintf(e.decision, sizeof(e.decision), "decline_protected");
	return e;
}

/* The rows written: "event pid time" a line. */
static char *written(char *csv)
{
	char *line, *save = NULL, *out = calloc(1, strlen(csv) + 1);
	size_t at = 0;

	if (!out)
		return NULL;
	for (line = strtok_r(csv, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned long long t;
		char ev[16];
		int cpu, pid;

		if (sscanf(line, "%llu,%15[^,],%d,%d", &t, ev, &cpu, &pid) == 4)
			at += sprintf(out + at, "%s %d %llu;", ev, pid, t);
	}
	return out;
}

void test_record_over(void)
{
	struct record_over *o = calloc(1, sizeof(*o));
	struct ss_event e;
	char *csv = NULL, *got;
	size_t len;
	FILE *mem;

	if (!CHECK(o))
		return;
	mem = open_memstream(&csv, &len);
	if (!CHECK(mem)) {
		free(o);
		return;
	}
	/* task 7: woken at 1 ms, waits 20 ms, picked at 21 ms */
	e = row("decision", 7, 1000000);
	CHECK(!record_over_event(o, &e, mem));
	e = row("place", 7, 1000100);
	CHECK(!record_over_event(o, &e, mem));
	/* task 8: a short wait, never slow: nothing of it */
	e = row("decision", 8, 2000000);
	CHECK(!record_over_event(o, &e, mem));
	e = row("pick", 8, 2100000);
	CHECK(!record_over_event(o, &e, mem));
	CHECK(!record_over_slow(o, 7, 21000000, 20000000, mem));
	e = row("pick", 7, 21000000);
	CHECK(!record_over_event(o, &e, mem));
	/* a later pick of 7 is another wait's */
	e = row("pick", 7, 30000000);
	CHECK(!record_over_event(o, &e, mem));
	/* task 9: its decision of an earlier wait is not this one's */
	e = row("decision", 9, 1000000);
	CHECK(!record_over_event(o, &e, mem));
	CHECK(!record_over_slow(o, 9, 50000000, 15000000, mem));
	e = row("pick", 9, 50000000);
	CHECK(!record_over_event(o, &e, mem));
	fclose(mem);
	got = written(csv);
	CHECK_STR_EQ(got, "decision 7 1000000;pick 7 21000000;pick 9 50000000;");
	CHECK_EQ_U64(o->waits, 2);
	CHECK_EQ_U64(o->rows, 3);
	free(got);
	free(csv);
	free(o);
}
