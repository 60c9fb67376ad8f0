// SPDX-License-Identifier: GPL-2.0
/*
 * lib/taskstats.c's decoding of a struct taskstats and results/task_delays.c and
 * sweep/task_delays.c:
 * which exits are the workload's, their sums per task name, the order, and
 * the run file's object written and read back (bad ones refused).
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include <linux/taskstats.h>

#include "check.h"
#include "lib/taskstats.h"
#include "sweep/task_delays.h"

static void test_decode(void)
{
	unsigned char buf[sizeof(struct taskstats) + 64];
	struct taskstats *ts = (struct taskstats *)buf;
	uint64_t max = 987654;
	long max_off = sizeof(struct taskstats) + 8;
	struct task_exit e;
	bool have_max;

	memset(buf, 0, sizeof(buf));
	ts->version = 13;
	ts->ac_pid = 101;
	ts->ac_tgid = 100;
	ts->ac_ppid = 7;
	memcpy(ts->ac_comm, "hackbench", 10);
	ts->cpu_count = 40;
	ts->cpu_delay_total = 123456;
	ts->cpu_run_real_total = 4000000;	/* ticks: not the run time */
	ts->cpu_run_virtual_total = 3999123;
	ts->nvcsw = 30;
	ts->nivcsw = 9;
	memcpy(buf + max_off, &max, sizeof(max));
	CHECK(taskstats_decode(buf, sizeof(buf), max_off, &e, &have_max));
	CHECK(have_max);
	CHECK_EQ_INT(e.pid, 101);
	CHECK_EQ_INT(e.tgid, 100);
	CHECK_EQ_INT(e.ppid, 7);
	CHECK_STR_EQ(e.comm, "hackbench");
	CHECK_EQ_U64(e.runtime_ns, 3999123);
	CHECK_EQ_U64(e.runs, 40);
	CHECK_EQ_U64(e.delay_ns, 123456);
	CHECK_EQ_U64(e.delay_max_ns, 987654);
	CHECK_EQ_U64(e.voluntary, 30);
	CHECK_EQ_U64(e.involuntary, 9);
	/* a kernel whose struct ends before cpu_delay_max, or has none */
	CHECK(taskstats_decode(buf, sizeof(struct taskstats), max_off, &e,
			       &have_max));
	CHECK(!have_max);
	CHECK(taskstats_decode(buf, sizeof(buf), -1, &e, &have_max));
	CHECK(!have_max);
	/* a comm that fills ac_comm without its NUL */
	memset(ts->ac_comm, 'x', sizeof(ts->ac_comm));
	CHECK(taskstats_decode(buf, sizeof(buf), -1, &e, &have_max));
	CHECK_EQ_U64(strlen(e.comm), sizeof(e.comm) - 1);
	/* too short to hold ac_tgid, or older than ac_tgid */
	CHECK(!taskstats_decode(buf, offsetof(struct taskstats, ac_tgid), -1,
				&e, &have_max));
	ts->version = 9;
	CHECK(!taskstats_decode(buf, sizeof(buf), -1, &e, &have_max));
}

static struct task_exit exit_of(pid_t pid, pid_t tgid, pid_t ppid,
				const char *comm, uint64_t delay, uint64_t max)
{
	struct task_exit e = {
		.pid = pid, .tgid = tgid, .ppid = ppid, .runtime_ns = 1000 * pid,
		.runs = 10, .delay_ns = delay, .delay_max_ns = max,
		.voluntary = 6, .involuntary = 4,
	};

	strcpy(e.comm, comm);
	return e;
}

static void test_collect(void)
{
	/* the sweep is 50: its workload 60 forks 70 (which exits first), 70
	 * has a thread 71; 80 is not the sweep's; 50's own thread 51 */
	struct task_exit exits[] = {
		exit_of(71, 70, 60, "worker", 500, 300),
		exit_of(70, 70, 60, "worker", 700, 400),
		exit_of(90, 90, 70, "sh", 50, 50),
		exit_of(80, 80, 1, "cron", 9000, 9000),
		exit_of(51, 50, 2, "schedscope", 100, 100),
		exit_of(60, 60, 50, "bench", 900, 200),
	};
	struct taskstats_listener l = {
		.exits = exits, .n = 6, .have_delay_max = true, .overflows = 2,
	};
	struct task_delays td, back;
	char err[256];
	json_t *j;

	CHECK_EQ_INT(task_delays_collect(&l, 50, &td), 0);
	CHECK_EQ_U64(td.n, 3);
	CHECK_EQ_U64(td.overflows, 2);
	CHECK(td.have_delay_max);
	/* the most waiting first: worker's 1200 ns, bench's 900, sh's 50 */
	CHECK_STR_EQ(td.rows[0].comm, "worker");
	CHECK_EQ_U64(td.rows[0].tasks, 2);
	CHECK_EQ_U64(td.rows[0].delay_ns, 1200);
	CHECK_EQ_U64(td.rows[0].delay_max_ns, 400);
	CHECK_EQ_U64(td.rows[0].runtime_ns, 141000);
	CHECK_EQ_U64(td.rows[0].runs, 20);
	CHECK_EQ_U64(td.rows[0].voluntary, 12);
	CHECK_EQ_U64(td.rows[0].involuntary, 8);
	CHECK_STR_EQ(td.rows[1].comm, "bench");
	CHECK_STR_EQ(td.rows[2].comm, "sh");

	/* written and read back */
	j = task_delays_json(&td);
	CHECK(j != NULL);
	CHECK_EQ_INT(task_delays_from_json(j, &back, err, sizeof(err)), 0);
	CHECK_EQ_U64(back.n, 3);
	CHECK(back.have_delay_max);
	CHECK_EQ_U64(back.overflows, 2);
	CHECK(!memcmp(back.rows, td.rows, 3 * sizeof(*td.rows)));
	task_delays_free(&back);
	json_decref(j);

	/* without the longest wait: null, and read back so */
	td.have_delay_max = false;
	j = task_delays_json(&td);
	CHECK(json_is_null(json_object_get(json_array_get(
		json_object_get(j, "tasks"), 0), "delay_max_ns")));
	CHECK_EQ_INT(task_delays_from_json(j, &back, err, sizeof(err)), 0);
	CHECK(!back.have_delay_max);
	task_delays_free(&back);

	/* bad objects refused, saying where */
	json_object_set_new(json_array_get(json_object_get(j, "tasks"), 1),
			    "delay_max_ns", json_integer(5));
	CHECK_EQ_INT(task_delays_from_json(j, &back, err, sizeof(err)), -EINVAL);
	CHECK_STR_EQ(err, "tasks[1].delay_max_ns is not null, as tasks[0]'s");
	json_object_set_new(json_array_get(json_object_get(j, "tasks"), 2),
			    "runs", json_integer(-1));
	json_object_set_new(json_array_get(json_object_get(j, "tasks"), 1),
			    "delay_max_ns", json_null());
	CHECK_EQ_INT(task_delays_from_json(j, &back, err, sizeof(err)), -EINVAL);
	CHECK_STR_EQ(err, "tasks[2].runs is not a count");
	json_object_set_new(json_array_get(json_object_get(j, "tasks"), 0),
			    "comm", json_integer(3));
	CHECK_EQ_INT(task_delays_from_json(j, &back, err, sizeof(err)), -EINVAL);
	CHECK_STR_EQ(err, "tasks[0].comm is not a task name");
	json_object_del(j, "overflows");
	CHECK_EQ_INT(task_delays_from_json(j, &back, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "\"overflows\" count");
	json_decref(j);
	task_delays_free(&td);

	/* no exit of the sweep's: no rows */
	l.n = 0;
	CHECK_EQ_INT(task_delays_collect(&l, 50, &td), 0);
	CHECK_EQ_U64(td.n, 0);
	task_delays_free(&td);
}

void test_task_delays(void)
{
	test_decode();
	test_collect();
}
