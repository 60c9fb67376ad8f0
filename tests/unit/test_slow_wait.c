// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope slow's pieces: a schedscope:slow_wait record read by its
 * format as tracefs prints it (kmod/slow_event.c), the line, the JSON and
 * the why of a wait (output/slow_wait.c), who hurt most
 * (output/slow_summary.c), and a cgroup found by its id (lib/cgroup_path.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <event-parse.h>

#include "check.h"
#include "kmod/slow_event.h"
#include "lib/cgroup_path.h"
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
}

static void test_parse(struct tep_event *ev, struct slow_wait *w)
{
	unsigned char data[240] = { 0 };
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

static void test_text(const struct slow_wait *w0)
{
	struct slow_wait w = *w0;
	char buf[512], *text = NULL;
	size_t len;
	FILE *mem;
	json_t *j;

	slow_ran_text(&w.ran[0], buf, sizeof(buf));
	CHECK_STR_EQ(buf, "hog/180 17.2 ms nice -10 slice 20.0 ms");
	slow_wait_why(&w, NULL, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "woken, not run: hog/180 kept the CPU 17.2 ms of "
		     "it, at nice -10 against this task's 0 (more weight)");
	w.kind = SLOW_THROTTLED;
	slow_wait_why(&w, "/thr", buf, sizeof(buf));
	CHECK_STR_HAS(buf, "throttled: cgroup /thr used its cpu.max quota");
	w.kind = SLOW_PREEMPTED;
	w.idle_ns = 10000000;
	slow_wait_why(&w, NULL, buf, sizeof(buf));
	CHECK_STR_HAS(buf, "CPU 1 was idle 10.0 ms of it");
	w.idle_ns = 0;
	w.ran[0].run_ns = 6000000;
	slow_wait_why(&w, NULL, buf, sizeof(buf));
	CHECK_STR_EQ(buf, "4 tasks took turns on CPU 1, hog/180 the longest");

	mem = open_memstream(&text, &len);
	if (!CHECK(mem))
		return;
	slow_wait_print(mem, w0, 0, NULL);
	fclose(mem);
	CHECK_STR_HAS(text, " cyclictest          1234 woken         18000  "
		      "hog/180 17.2 ms nice -10 slice 20.0 ms, kworker/1:0/181 "
		      "500 us nice 5 slice 3.0 ms, +2 tasks 200 us, idle 100 us; "
		      "woken, not run:");
	CHECK(text[strlen(text) - 1] == '\n' && !strchr(text, '\n')[1]);
	free(text);

	j = slow_wait_json(w0, 1765000000.5, "/web");
	if (!CHECK(j))
		return;
	CHECK(json_real_value(json_object_get(j, "time")) == 1765000000.5);
	CHECK_STR_EQ(json_string_value(json_object_get(j, "kind")), "woken");
	CHECK(json_number_value(json_object_get(j, "wait_us")) == 18000);
	CHECK(json_is_null(json_object_get(j, "decision")));
	CHECK_STR_EQ(json_string_value(json_object_get(j, "cgroup")), "/web");
	CHECK_EQ_U64(json_array_size(json_object_get(j, "ran")), 2);
	CHECK(json_number_value(json_object_get(json_array_get(
		json_object_get(j, "ran"), 0), "run_us")) == 17200);
	CHECK_EQ_INT(json_integer_value(json_object_get(json_array_get(
		json_object_get(j, "ran"), 1), "pid")), 181);
	CHECK_STR_HAS(json_string_value(json_object_get(j, "why")), "hog/180");
	json_decref(j);
}

static void test_summary(const struct slow_wait *w0)
{
	struct slow_summary s = { 0 };
	struct slow_wait w = *w0;
	char *text = NULL;
	size_t len;
	FILE *mem;

	CHECK(!slow_summary_add(&s, &w));
	w.kind = SLOW_PREEMPTED;
	w.ran[0].run_ns = 1000000;
	w.ran[1].run_ns = 9000000;
	CHECK(!slow_summary_add(&s, &w));
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
		test_text(&w);
		test_summary(&w);
	}
	tep_free(tep);
	test_cgroup_path();
}
