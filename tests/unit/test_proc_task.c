// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "lib/proc_task.h"

#define FIXTURE_PROC	"../fixtures/proc"

static void test_good(void)
{
	struct proc_task t;
	char err[512] = "";

	memset(&t, 0xff, sizeof(t));
	CHECK_EQ_INT(proc_task_read(test_path(FIXTURE_PROC), 100, 100, &t, err,
				    sizeof(err)), 0);
	CHECK_STR_EQ(err, "");
	CHECK_EQ_U64(t.switches_voluntary, 4021);
	CHECK_EQ_U64(t.switches_involuntary, 37);
	CHECK_EQ_U64(t.run_ns, 123456789);
	CHECK_EQ_U64(t.wait_ns, 2345678);
	CHECK_EQ_U64(t.timeslices, 4058);
}

struct bad_case {
	pid_t tid;
	bool schedstat;			/* else status */
	int ret;
	const char *message;
};

static void test_bad(void)
{
	static const struct bad_case cases[] = {
		{ 101, false, -EINVAL, "101/status: no nonvoluntary_ctxt_switches line" },
		{ 101, true, -EINVAL, "101/schedstat: not \"run_ns wait_ns timeslices\": "
		  "field 2 is not a number followed by one space" },
		{ 102, false, -EINVAL, "102/status: line 60: voluntary_ctxt_switches "
		  "again (first on line 58)" },
		{ 102, true, -EINVAL, "102/schedstat: not \"run_ns wait_ns timeslices\": "
		  "field 3 is not a number followed by a newline" },
		{ 103, false, -EINVAL, "103/status: line 59: nonvoluntary_ctxt_switches: "
		  "\"18446744073709551616\" is not a number" },
		{ 103, true, -EINVAL, "field 3 is not a number followed by a newline" },
		{ 104, false, -EINVAL, "104/status: NUL byte" },
		{ 104, true, -EINVAL, "104/schedstat: more than one line" },
		{ 105, false, -EINVAL, "105/status: line 59: no newline at the end" },
		{ 105, true, -EINVAL, "105/schedstat: not \"run_ns wait_ns timeslices\": "
		  "field 1" },
		{ 999, false, -ENOENT, "../fixtures/proc/100/task/999/status: No such file" },
		{ 999, true, -ENOENT, "../fixtures/proc/100/task/999/schedstat: No such file" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct bad_case *c = &cases[i];
		struct proc_task t = { 1, 2, 3, 4, 5 }, before = t;
		char err[512] = "";
		int ret;

		if (c->schedstat)
			ret = proc_task_read_schedstat(test_path(FIXTURE_PROC), 100,
						       c->tid, &t, err, sizeof(err));
		else
			ret = proc_task_read_status(test_path(FIXTURE_PROC), 100,
						    c->tid, &t, err, sizeof(err));
		CHECK_MSG(ret == c->ret, "case %zu: got %d, want %d", i, ret, c->ret);
		CHECK_MSG(strstr(err, c->message), "case %zu: message \"%s\" "
			  "lacks \"%s\"", i, err, c->message);
		CHECK_MSG(!memcmp(&t, &before, sizeof(t)),
			  "case %zu: a failed read changed the result", i);
	}
	/* The whole read fails on the first broken file. */
	{
		struct proc_task t;
		char err[512] = "";

		CHECK_EQ_INT(proc_task_read(test_path(FIXTURE_PROC), 100, 101, &t,
					    err, sizeof(err)), -EINVAL);
		CHECK_STR_HAS(err, "101/status");
		CHECK_EQ_INT(proc_task_read("/nonexistent", 1, 1, &t, NULL, 0),
			     -ENOENT);
	}
}

/* The real /proc of this very thread. */
static void test_live(void)
{
	struct proc_task before, after, delta;
	char err[512] = "";

	CHECK_MSG(!proc_task_read(NULL, getpid(), gettid(), &before, err,
				  sizeof(err)), "%s", err);
	usleep(2000);			/* at least one voluntary switch */
	CHECK_MSG(!proc_task_read(NULL, getpid(), gettid(), &after, err,
				  sizeof(err)), "%s", err);
	proc_task_delta(&after, &before, &delta);
	CHECK(delta.switches_voluntary >= 1);
	CHECK(after.run_ns > 0);
	CHECK(after.timeslices >= before.timeslices + 1);
}

static void test_delta(void)
{
	struct proc_task a = { 10, 20, 30, 40, 50 }, b = { 1, 2, 3, 4, 5 }, d;

	proc_task_delta(&a, &b, &d);
	CHECK(d.switches_voluntary == 9 && d.switches_involuntary == 18 &&
	      d.run_ns == 27 && d.wait_ns == 36 && d.timeslices == 45);
}

void test_proc_task(void)
{
	test_good();
	test_bad();
	test_live();
	test_delta();
}
