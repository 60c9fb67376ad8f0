// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope slow's pieces: a schedscope:slow_wait record read by its
 * format as tracefs prints it (kmod/slow_event.c), the line, the JSON and
 * the why of a wait (output/slow_wait.c), who hurt most
 * (output/slow_summary.c), a cgroup found by its id (lib/cgroup_path.c,
 * lib/cgroup_names.c), the cpu.max limit over a cgroup
 * (lib/cgroup_cpu_max.c) and a growing array (lib/grow_array.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <event-parse.h>

#include "check.h"
#include "kmod/slow_event.h"
#include "lib/cgroup_cpu_max.h"
#include "lib/cgroup_names.h"
#include "lib/cgroup_path.h"
#include "lib/grow_array.h"
#include "output/slow_summary.h"
#include "output/slow_wait.h"
#include "test_util.h"

/* As 7.3 prints events/schedscope/slow_wait/format. */
static const char format[] =
"name: slow_wait\n"
"ID: 1642\n"
"format:\n"
"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
"\n"
"\tfield:int cpu;\toffset:8;\tsize:4;\tsigned:1;\n"
"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
"\tfield:pid_t tgid;\toffset:16;\tsize:4;\tsigned:1;\n"
"\tfield:char comm[16];\toffset:20;\tsize:16;\tsigned:0;\n"
"\tfield:int kind;\toffset:36;\tsize:4;\tsigned:1;\n"
"\tfield:int nice;\toffset:40;\tsize:4;\tsigned:1;\n"
"\tfield:u64 wait_ns;\toffset:48;\tsize:8;\tsigned:0;\n"
"\tfield:u64 slice;\toffset:56;\tsize:8;\tsigned:0;\n"
"\tfield:u64 cgroup;\toffset:64;\tsize:8;\tsigned:0;\n"
"\tfield:pid_t ran_pid[3];\toffset:72;\tsize:12;\tsigned:1;\n"
"\tfield:pid_t ran_tgid[3];\toffset:84;\tsize:12;\tsigned:1;\n"
"\tfield:int ran_nice[3];\toffset:96;\tsize:12;\tsigned:1;\n"
"\tfield:u64 ran_ns[3];\toffset:112;\tsize:24;\tsigned:0;\n"
"\tfield:u64 ran_slice[3];\toffset:136;\tsize:24;\tsigned:0;\n"
"\tfield:char ran_comm[48];\toffset:160;\tsize:48;\tsigned:0;\n"
"\tfield:u32 rest_tasks;\toffset:208;\tsize:4;\tsigned:0;\n"
"\tfield:u64 rest_ns;\toffset:216;\tsize:8;\tsigned:0;\n"
"\tfield:u64 idle_ns;\toffset:224;\tsize:8;\tsigned:0;\n"
"\tfield:u64 unseen_ns;\toffset:232;\tsize:8;\tsigned:0;\n"
"\tfield:u64 ran_cgroup[3];\toffset:240;\tsize:24;\tsigned:0;\n"
"\tfield:char decision[24];\toffset:264;\tsize:24;\tsigned:0;\n"
"\tfield:s64 lag;\toffset:288;\tsize:8;\tsigned:1;\n"
"\tfield:int eligible;\toffset:296;\tsize:4;\tsigned:1;\n"
"\tfield:int from_cpu;\toffset:300;\tsize:4;\tsigned:1;\n"
"\tfield:int migrated;\toffset:304;\tsize:4;\tsigned:1;\n"
"\tfield:int policy;\toffset:308;\tsize:4;\tsigned:1;\n"
"\tfield:s64 deadline;\toffset:312;\tsize:8;\tsigned:1;\n"
"\tfield:int ended;\toffset:320;\tsize:4;\tsigned:1;\n"
"\n"
"print fmt: \"cpu=%d pid=%d\", REC->cpu, REC->pid\n";

static void put32(unsigned char *d, int off, int32_t v)
{
	memcpy(d + off, &v, 4);
}

static void put64(unsigned char *d, int off, uint64_t v)
{
	memcpy(d + off, &v, 8);
}

/* A victim at nice 0 woken, kept 17.2 ms by hog at nice -10, then more. */
static void fill(unsigned char *d)
{
	put32(d, 8, 1);
	put32(d, 12, 1234);
	put32(d, 16, 1230);
	memcpy(d + 20, "cyclictest", 10);
	put32(d, 36, SLOW_WOKEN);
	put32(d, 40, 0);
	put64(d, 48, 18000000);
	put64(d, 56, 3000000);
	put64(d, 64, 1);
	put32(d, 72, 180);
	put32(d, 76, 181);
	put32(d, 80, 0);
	put32(d, 84, 180);
	put32(d, 88, 181);
	put32(d, 96, -10);
	put32(d, 100, 5);
	put64(d, 112, 17200000);
	put64(d, 120, 500000);
	put64(d, 136, 20000000);
	put64(d, 144, 3000000);
	memcpy(d + 160, "hog", 3);
	memcpy(d + 176, "kworker/1:0", 11);
	put32(d, 208, 2);
	put64(d, 216, 200000);
	put64(d, 224, 100000);
	put64(d, 232, 0);
	put64(d, 240, 7);
	put64(d, 248, 8);
	memcpy(d + 264, "decline_protected", 17);
	put64(d, 288, (uint64_t)-2100000);
	put32(d, 296, 1);
	put32(d, 300, 0);
	put32(d, 304, 1);
	put32(d, 308, 0);
	put64(d, 312, 1500000);
	put32(d, 320, 2);
}

static void test_parse(struct tep_event *ev, struct slow_wait *w)
{
	unsigned char data[328] = { 0 };
	struct tep_record rec = { .ts = 5000000000ull, .data = data,
				  .size = sizeof(data) };
	char err[256] = "";

	fill(data);
	if (!CHECK_MSG(!slow_wait_parse(ev, &rec, w, err, sizeof(err)), "%s",
		       err))
		return;
	CHECK_EQ_U64(w->time_ns, 5000000000ull);
	CHECK_EQ_INT(w->cpu, 1);
	CHECK_EQ_INT(w->tid, 1234);
	CHECK_EQ_INT(w->pid, 1230);
	CHECK_STR_EQ(w->comm, "cyclictest");
	CHECK_EQ_INT(w->kind, SLOW_WOKEN);
	CHECK_EQ_U64(w->wait_ns, 18000000);
	CHECK_EQ_INT(w->nran, 2);
	CHECK_STR_EQ(w->ran[0].comm, "hog");
	CHECK_STR_EQ(w->ran[1].comm, "kworker/1:0");
	CHECK_EQ_INT(w->ran[0].nice, -10);
	CHECK_EQ_INT(w->ran[1].tid, 181);
	CHECK_EQ_U64(w->ran[0].slice_ns, 20000000);
	CHECK_EQ_U64(w->rest_tasks, 2);
	CHECK_EQ_U64(w->idle_ns, 100000);
	CHECK_EQ_U64(w->ran[0].cgroup, 7);
	CHECK_EQ_U64(w->ran[1].cgroup, 8);
	CHECK_STR_EQ(w->decision, "decline_protected");
	CHECK(w->lag_ns == -2100000);
	CHECK_EQ_INT(w->eligible, 1);
	CHECK_EQ_INT(w->from_cpu, 0);
	CHECK_EQ_INT(w->migrated, 1);
	CHECK_EQ_INT(w->policy, 0);
	CHECK(w->deadline_ns == 1500000);
	CHECK_EQ_INT(w->ended, SLOW_ENDED_PREEMPTED);

	/* a module without the fields of how the wait began: not known */
	{
		static const char *const added[] = {
			"ran_cgroup", "decision", "lag", "eligible",
			"from_cpu", "migrated", "policy", "deadline", "ended",
		};
		struct tep_format_field *f[9];
		struct slow_wait old;
		unsigned int i;

		for (i = 0; i < 9; i++) {
			f[i] = tep_find_field(ev, added[i]);
			if (!CHECK(f[i]))
				return;
			f[i]->name[0] = '_';	/* not found by its name */
		}
		CHECK(!slow_wait_parse(ev, &rec, &old, err, sizeof(err)));
		CHECK_STR_EQ(old.decision, "");
		CHECK_EQ_INT(old.eligible, -1);
		CHECK_EQ_INT(old.from_cpu, -1);
		CHECK_EQ_U64(old.ran[0].cgroup, 0);
		CHECK_EQ_U64(old.wait_ns, 18000000);
		CHECK_EQ_INT(old.policy, -1);
		CHECK_EQ_INT(old.ended, SLOW_ENDED_UNKNOWN);
		for (i = 0; i < 9; i++)
			f[i]->name[0] = added[i][0];
	}

	/* a kind out of range, a record cut short */
	put32(data, 36, 9);
	CHECK_EQ_INT(slow_wait_parse(ev, &rec, w, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "kind 9, not 1 to 4");
	put32(data, 36, SLOW_WOKEN);
	rec.size = 200;
	CHECK_EQ_INT(slow_wait_parse(ev, &rec, w, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "shorter than field");
	rec.size = sizeof(data);
	CHECK(!slow_wait_parse(ev, &rec, w, err, sizeof(err)));
}

/* The why of a wait: by decision, cause, cgroup and move. */
static void test_why(const struct slow_wait *w0)
{
	struct slow_wait_names nm = { 0 };
	struct slow_wait w = *w0;
	char buf[SLOW_WHY_MAX];

	w.decision[0] = '\0';
	w.migrated = 0;
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "woken, not run: hog/180 kept the CPU 17.2 ms of "
		     "it, at nice -10 against this task's 0 (more weight)");
	slow_wait_why(w0, &nm, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "not preempted: the running task was protected by "
		     "RUN_TO_PARITY until its slice ended; hog/180 ran 17.2 ms "
		     "of it, at nice -10 against this task's 0 (more weight); "
		     "moved from CPU 0 while waiting");
	snprintf(w.decision, sizeof(w.decision), "decline_ineligible");
	w.lag_ns = -2100000;
	w.ran[0].nice = 0;
	nm.cgroup = "/web";
	nm.ran_cgroup[0] = "/batch";
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "not eligible at the wakeup, lag -2.1 ms; hog/180 ran "
		     "17.2 ms of it, in /batch against this task's /web (their "
		     "cpu.weight shares)");
	/* no lag where no level decided; an unknown class: no words */
	w.eligible = -1;
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_HAS(buf, "not eligible at the wakeup; hog/180");
	snprintf(w.decision, sizeof(w.decision), "undecided");
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_HAS(buf, "woken, not run: hog/180");
	CHECK(slow_decision_words("decline_policy") != NULL);
	snprintf(w.decision, sizeof(w.decision), "decline_policy");
	w.policy = 3;
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_HAS(buf, "not preempted: SCHED_BATCH does not preempt at "
		      "wakeup; hog/180");
	w.policy = 0;
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_HAS(buf, "SCHED_BATCH, SCHED_IDLE or a cpu.idle cgroup");
	CHECK_STR_EQ(slow_policy_name(5), "idle");
	CHECK(!slow_policy_name(4) && !slow_policy_name(-1));
	CHECK(!slow_ended_name(SLOW_ENDED_UNKNOWN));
	CHECK(slow_decision_words("undecided") == NULL);

	w.kind = SLOW_THROTTLED;
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_HAS(buf, "throttled: cgroup /web used its cpu.max quota");
	nm.limiter = "/thr";
	nm.quota_us = 5000;
	nm.period_us = 100000;
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "throttled: /thr used its cpu.max quota 5.0 ms/100.0 "
		     "ms");
	nm.limiter = NULL;
	w.kind = SLOW_PREEMPTED;
	w.idle_ns = 10000000;
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_HAS(buf, "CPU 1 was idle 10.0 ms of it");
	w.idle_ns = 0;
	w.ran[0].run_ns = 6000000;
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "4 tasks took turns on CPU 1, hog/180 the longest");
	/* the tasks named all of one other cgroup, none else */
	w.rest_tasks = 0;
	nm.ran_cgroup[1] = "/batch";
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "2 tasks took turns on CPU 1, hog/180 the longest, "
		     "all in /batch against this task's /web (their "
		     "cpu.weight shares)");
	nm.ran_cgroup[1] = "/web";
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "2 tasks took turns on CPU 1, hog/180 the longest");
	/* most of the wait another cgroup's, with others beside it */
	w.ran[0].run_ns = 8000000;
	w.ran[1].run_ns = 2000000;
	w.rest_tasks = 1;
	nm.ran_cgroup[1] = "/batch";
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "3 tasks took turns on CPU 1, hog/180 the longest, "
		     "56% of the wait in /batch against this task's /web "
		     "(their cpu.weight shares)");
	nm.ran_cgroup[1] = "/sys";
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "3 tasks took turns on CPU 1, hog/180 the longest");
	/* the waiting task's own cgroup is never the other one */
	nm.ran_cgroup[0] = "/web";
	nm.ran_cgroup[1] = "/web";
	w.rest_tasks = 0;
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "2 tasks took turns on CPU 1, hog/180 the longest");
	nm.ran_cgroup[0] = "/batch";
	w.ran[0].run_ns = 6000000;
	w.ran[1].run_ns = 200000;
	w.rest_tasks = 2;
	nm.ran_cgroup[1] = NULL;
	/* a moved wait whose CPUs are the same says nothing of it */
	w.migrated = 1;
	w.from_cpu = 1;
	slow_wait_why(&w, &nm, buf, sizeof(buf));
	CHECK(!strstr(buf, "moved"));
	/* cut short, never overrun */
	slow_wait_why(w0, &nm, buf, 20);
	CHECK_EQ_U64(strlen(buf), 19);
}

static void test_text(const struct slow_wait *w0)
{
	struct slow_wait_names nm = { .cgroup = "/web",
				      .ran_cgroup = { "/batch", NULL } };
	char buf[512], *text = NULL;
	struct slow_wait w = *w0;
	size_t len;
	FILE *mem;
	json_t *j, *ran;

	slow_ran_text(&w.ran[0], buf, sizeof(buf));
	CHECK_STR_EQ(buf, "hog/180 17.2 ms nice -10 slice 20.0 ms");
	mem = open_memstream(&text, &len);
	if (!CHECK(mem))
		return;
	slow_wait_print(mem, w0, 0, &nm);
	fclose(mem);
	CHECK_STR_HAS(text, " cyclictest          1234 woken         18000  "
		      "hog/180 17.2 ms nice -10 slice 20.0 ms, kworker/1:0/181 "
		      "500 us nice 5 slice 3.0 ms, +2 tasks 200 us, idle 100 us; "
		      "not preempted: the running task was protected");
	CHECK(text[strlen(text) - 1] == '\n' && !strchr(text, '\n')[1]);
	free(text);

	j = slow_wait_json(w0, 1765000000.5, &nm);
	if (!CHECK(j))
		return;
	ran = json_object_get(j, "ran");
	CHECK(json_real_value(json_object_get(j, "time")) == 1765000000.5);
	CHECK_STR_EQ(json_string_value(json_object_get(j, "kind")), "woken");
	CHECK(json_number_value(json_object_get(j, "wait_us")) == 18000);
	CHECK_STR_EQ(json_string_value(json_object_get(j, "decision")),
		     "decline_protected");
	CHECK(json_number_value(json_object_get(j, "lag_us")) == -2100);
	CHECK(json_is_true(json_object_get(j, "eligible")));
	CHECK(json_is_true(json_object_get(j, "migrated")));
	CHECK(json_number_value(json_object_get(j, "deadline_us")) == 1500);
	CHECK_STR_EQ(json_string_value(json_object_get(j, "policy")), "normal");
	CHECK_STR_EQ(json_string_value(json_object_get(j, "ended")),
		     "preempted");
	CHECK_EQ_INT(json_integer_value(json_object_get(j, "from_cpu")), 0);
	CHECK_STR_EQ(json_string_value(json_object_get(j, "cgroup")), "/web");
	CHECK_EQ_U64(json_array_size(ran), 2);
	CHECK(json_number_value(json_object_get(json_array_get(ran, 0),
						"run_us")) == 17200);
	CHECK_STR_EQ(json_string_value(json_object_get(json_array_get(ran, 0),
						       "cgroup")), "/batch");
	CHECK(json_is_null(json_object_get(json_array_get(ran, 1), "cgroup")));
	CHECK_EQ_INT(json_integer_value(json_object_get(json_array_get(ran, 1),
							"pid")), 181);
	CHECK_STR_HAS(json_string_value(json_object_get(j, "why")), "hog/180");
	json_decref(j);

	/* not woken: no decision, whatever the record holds */
	w.kind = SLOW_PREEMPTED;
	w.from_cpu = -1;
	j = slow_wait_json(&w, 0, &nm);
	if (!CHECK(j))
		return;
	CHECK(json_is_null(json_object_get(j, "decision")));
	CHECK(json_is_null(json_object_get(j, "lag_us")));
	CHECK(json_is_null(json_object_get(j, "from_cpu")));
	json_decref(j);
}

static void test_summary(const struct slow_wait *w0)
{
	struct slow_wait_names nm = { .ran_cgroup = { "/batch", "/batch" } };
	struct slow_summary s = { 0 };
	struct slow_wait w = *w0;
	char *text = NULL;
	size_t len;
	FILE *mem;

	CHECK(!slow_summary_add(&s, &w, &nm));
	w.kind = SLOW_PREEMPTED;
	w.ran[0].run_ns = 1000000;
	w.ran[1].run_ns = 9000000;
	nm.ran_cgroup[1] = NULL;
	CHECK(!slow_summary_add(&s, &w, &nm));
	slow_summary_sort(&s);
	CHECK_EQ_U64(s.waits, 2);
	CHECK_EQ_U64(s.n, 2);
	CHECK_STR_EQ(s.c[0].comm, "hog");
	CHECK_EQ_U64(s.c[0].run_ns, 18200000);
	CHECK_EQ_U64(s.c[0].longest, 2);
	CHECK_EQ_U64(s.c[1].waits, 2);
	mem = open_memstream(&text, &len);
	if (CHECK(mem)) {
		slow_summary_print(mem, &s, 1);
		fclose(mem);
		CHECK_STR_HAS(text, "# 2 slow waits, 36.0 ms in all; woken 1 "
			      "(18.0 ms); preempted 1 (18.0 ms)\n");
		CHECK_STR_HAS(text, "# hog                  180       2        2         18.2\n");
		CHECK_STR_HAS(text, "# ... and 1 more\n");
		CHECK_STR_HAS(text, "# woken: decline_protected               "
			      "1         18.0\n");
		CHECK_STR_HAS(text, "# preempted                              "
			      "1         18.0\n");
		/* one wait per cgroup however many of its tasks ran */
		CHECK_STR_HAS(text, "# /batch                                 "
			      "2         18.7\n");
		CHECK_STR_HAS(text, "# ... and 1 more\n");
		free(text);
	}
	slow_summary_free(&s);
	CHECK(!s.c && !s.n);
}

static void test_cgroup_path(void)
{
	const char *root = test_tmpdir("cgroup_path");
	char dir[4096], got[4096];
	struct stat st;

	test_write(root, "a/b/cgroup.procs", "");
	snprintf(dir, sizeof(dir), "%s/a/b", root);
	if (!CHECK(!stat(dir, &st)))
		return;
	CHECK_EQ_INT(cgroup_path_of_id(root, st.st_ino, got, sizeof(got)), 0);
	CHECK_STR_EQ(got, "/a/b");
	CHECK(!stat(root, &st));
	CHECK_EQ_INT(cgroup_path_of_id(root, st.st_ino, got, sizeof(got)), 0);
	CHECK_STR_EQ(got, "/");
	CHECK_EQ_INT(cgroup_path_of_id(root, 1, got, sizeof(got)), -ENOENT);
	CHECK_EQ_INT(cgroup_path_of_id("/nonexistent/x", 1, got, sizeof(got)),
		     -ENOENT);
}

static void test_cgroup_cpu_max(void)
{
	const char *root = test_tmpdir("cgroup_cpu_max");
	struct cgroup_cpu_max limit;

	test_write(root, "a/cpu.max", "5000 100000\n");
	test_write(root, "a/b/cpu.max", "max 100000\n");
	test_write(root, "c/cpu.max", "max 100000\n");
	test_write(root, "d/cpu.max", "lots 100000\n");
	CHECK_EQ_INT(cgroup_cpu_max_find(root, "/a/b", &limit), 0);
	CHECK_STR_EQ(limit.path, "/a");
	CHECK_EQ_U64(limit.quota_us, 5000);
	CHECK_EQ_U64(limit.period_us, 100000);
	CHECK_EQ_INT(cgroup_cpu_max_find(root, "/a", &limit), 0);
	CHECK_EQ_INT(cgroup_cpu_max_find(root, "/c", &limit), -ENOENT);
	CHECK_EQ_INT(cgroup_cpu_max_find(root, "/", &limit), -ENOENT);
	CHECK_EQ_INT(cgroup_cpu_max_find(root, "/gone/x", &limit), -ENOENT);
	CHECK_EQ_INT(cgroup_cpu_max_find(root, "/d", &limit), -EINVAL);
	CHECK_EQ_INT(cgroup_cpu_max_find(root, "a", &limit), -EINVAL);
}

static void test_cgroup_names(void)
{
	const char *root = test_tmpdir("cgroup_names");
	struct cgroup_names names = { .root = root };
	char dir[4096];
	struct stat st;
	const char *first;
	uint64_t id;

	test_write(root, "x/cgroup.procs", "");
	snprintf(dir, sizeof(dir), "%s/x", root);
	if (!CHECK(!stat(dir, &st)))
		return;
	id = st.st_ino;
	first = cgroup_name(&names, id);
	CHECK_STR_EQ(first, "/x");
	/* kept: the same entry, without a walk */
	CHECK(cgroup_name(&names, id) == first);
	CHECK(!cgroup_name(&names, 0));
	CHECK(!cgroup_name(&names, 1));
	CHECK(!cgroup_name(&names, 1));
	CHECK_EQ_INT(names.next, 2);
}

static void test_grow_array(void)
{
	size_t cap = 0, n;
	int *a = NULL;

	for (n = 0; n < 40; n++) {
		if (!CHECK(!grow_array(&a, &cap, n, sizeof(*a))))
			break;
		a[n] = (int)n;
	}
	CHECK_EQ_U64(cap, 64);
	CHECK_EQ_INT(a[39], 39);
	CHECK_EQ_INT(grow_array(&a, &cap, 64, SIZE_MAX / 2), -ENOMEM);
	CHECK_EQ_U64(cap, 64);
	free(a);

	/* grow_array_add(): zeroed items at the end, the count kept */
	a = NULL;
	cap = n = 0;
	while (n < 20) {
		int *item = grow_array_add(&a, &cap, &n, sizeof(*a));

		if (!CHECK(item && *item == 0))
			break;
		*item = (int)n;
	}
	CHECK_EQ_U64(n, 20);
	CHECK_EQ_U64(cap, 32);
	CHECK_EQ_INT(a[0] + a[19], 1 + 20);
	n = cap;	/* full: the next one would need a realloc */
	CHECK(!grow_array_add(&a, &cap, &n, SIZE_MAX / 2));
	CHECK_EQ_U64(n, 32);
	CHECK_EQ_U64(cap, 32);
	free(a);
}

void test_slow_wait(void)
{
	struct tep_handle *tep = tep_alloc();
	struct tep_event *ev;
	struct slow_wait w;

	if (!CHECK(tep != NULL))
		return;
	CHECK_EQ_INT(tep_parse_event(tep, format, strlen(format), "schedscope"),
		     0);
	ev = tep_find_event_by_name(tep, "schedscope", "slow_wait");
	if (CHECK(ev)) {
		test_parse(ev, &w);
		test_why(&w);
		test_text(&w);
		test_summary(&w);
	}
	tep_free(tep);
	test_cgroup_path();
	test_cgroup_cpu_max();
	test_cgroup_names();
	test_grow_array();
}
