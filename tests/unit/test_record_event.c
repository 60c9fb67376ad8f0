// SPDX-License-Identifier: GPL-2.0
/*
 * Trace event records to CSV rows: a format description as tracefs prints
 * it for the module's TRACE_EVENT (docs/interface.md, "Trace events"),
 * parsed by libtraceevent, and records laid out by that format.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>

#include "check.h"
#include "kmod/trace_event.h"
#include "test_util.h"

static const char format[] =
"name: pick\n"
"ID: 1500\n"
"format:\n"
"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
"\n"
"\tfield:int cpu;\toffset:8;\tsize:4;\tsigned:1;\n"
"\tfield:int pid;\toffset:12;\tsize:4;\tsigned:1;\n"
"\tfield:char comm[16];\toffset:16;\tsize:16;\tsigned:0;\n"
"\tfield:int depth;\toffset:32;\tsize:4;\tsigned:1;\n"
"\tfield:s64 lag;\toffset:40;\tsize:8;\tsigned:1;\n"
"\tfield:u64 vruntime;\toffset:48;\tsize:8;\tsigned:0;\n"
"\tfield:u64 deadline;\toffset:56;\tsize:8;\tsigned:0;\n"
"\tfield:u64 avg_vruntime;\toffset:64;\tsize:8;\tsigned:0;\n"
"\tfield:u64 slice;\toffset:72;\tsize:8;\tsigned:0;\n"
"\tfield:unsigned long weight;\toffset:80;\tsize:8;\tsigned:0;\n"
"\tfield:bool eligible;\toffset:88;\tsize:1;\tsigned:0;\n"
"\tfield:bool delayed;\toffset:89;\tsize:1;\tsigned:0;\n"
"\n"
"print fmt: \"cpu=%d pid=%d lag=%lld\", REC->cpu, REC->pid, REC->lag\n";

/* The same without "delayed": an older module. */
static const char format_old[] =
"name: place\n"
"ID: 1501\n"
"format:\n"
"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
"\n"
"\tfield:int cpu;\toffset:8;\tsize:4;\tsigned:1;\n"
"\n"
"print fmt: \"cpu=%d\", REC->cpu\n";

static void put(unsigned char *buf, int off, const void *v, size_t n)
{
	memcpy(buf + off, v, n);
}

void test_record_event(void)
{
	struct tep_handle *tep = tep_alloc();
	struct tep_event *ev, *old;
	unsigned char data[96] = { 0 };
	struct tep_record rec = { .ts = 123456789012ull, .data = data,
				  .size = sizeof(data) };
	struct ss_event e;
	char err[256], *text;
	size_t len;
	int i32;
	int64_t s64;
	uint64_t u64;
	uint16_t type = 1500;

	if (!CHECK(tep != NULL))
		return;
	CHECK_EQ_INT(tep_parse_event(tep, format, strlen(format), "schedscope"), 0);
	CHECK_EQ_INT(tep_parse_event(tep, format_old, strlen(format_old),
				     "schedscope"), 0);
	ev = tep_find_event_by_name(tep, "schedscope", "pick");
	old = tep_find_event_by_name(tep, "schedscope", "place");
	if (!CHECK(ev && old)) {
		tep_free(tep);
		return;
	}
	put(data, 0, &type, 2);
	i32 = 1;
	put(data, 8, &i32, 4);
	i32 = 4242;
	put(data, 12, &i32, 4);
	put(data, 16, "kworker/1:2,x\"y", 15);
	i32 = -1;			/* a signed int: sign-extended */
	put(data, 32, &i32, 4);
	s64 = -2500000;
	put(data, 40, &s64, 8);
	u64 = 18446744073709000000ull;
	put(data, 48, &u64, 8);
	u64 = 1000;
	put(data, 56, &u64, 8);
	u64 = 18446744073706500000ull;
	put(data, 64, &u64, 8);
	u64 = 3000000;
	put(data, 72, &u64, 8);
	u64 = 1024;
	put(data, 80, &u64, 8);
	data[88] = 1;
	data[89] = 0;

	CHECK_EQ_INT(record_event_parse(ev, &rec, &e, err, sizeof(err)), 0);
	CHECK_STR_EQ(e.event, "pick");
	CHECK_EQ_INT(e.pid, 4242);
	CHECK_EQ_INT(e.depth, -1);
	CHECK_EQ_INT(e.lag, -2500000);
	CHECK(e.eligible && !e.delayed);
	CAPTURE(text, len, {
		CHECK_EQ_INT(record_csv_header(out), 0);
		CHECK_EQ_INT(record_csv_row(out, &e), 0);
	});
	CHECK_STR_EQ(text,
		"time_ns,event,cpu,pid,comm,depth,lag,vruntime,deadline,"
		"avg_vruntime,slice,weight,eligible,delayed,decision,curr_pid,"
		"curr_comm,curr_deadline\n"
		"123456789012,pick,1,4242,\"kworker/1:2,x\"\"y\",-1,-2500000,"
		"18446744073709000000,1000,18446744073706500000,3000000,1024,1,0,"
		",,,\n");
	free(text);

	/* comm fills all 16 bytes without a NUL: cut at 16, no overread. */
	memset(data + 16, 'a', 16);
	CHECK_EQ_INT(record_event_parse(ev, &rec, &e, err, sizeof(err)), 0);
	CHECK_EQ_INT(strlen(e.comm), 16);

	/* A record shorter than its fields. */
	rec.size = 60;
	CHECK_EQ_INT(record_event_parse(ev, &rec, &e, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "shorter");
	rec.size = sizeof(data);
	/* An event without the fields. */
	CHECK_EQ_INT(record_event_parse(old, &rec, &e, err, sizeof(err)), -ENOENT);
	CHECK_STR_HAS(err, "schedscope:place has no field 'pid'");
	tep_free(tep);
}

static const char format_decision[] =
"name: decision\n"
"ID: 1502\n"
"format:\n"
"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
"\n"
"\tfield:int cpu;\toffset:8;\tsize:4;\tsigned:1;\n"
"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
"\tfield:char comm[16];\toffset:16;\tsize:16;\tsigned:0;\n"
"\tfield:char decision[24];\toffset:32;\tsize:24;\tsigned:0;\n"
"\tfield:s64 lag;\toffset:56;\tsize:8;\tsigned:1;\n"
"\tfield:u64 vruntime;\toffset:64;\tsize:8;\tsigned:0;\n"
"\tfield:u64 deadline;\toffset:72;\tsize:8;\tsigned:0;\n"
"\tfield:u64 avg_vruntime;\toffset:80;\tsize:8;\tsigned:0;\n"
"\tfield:u64 slice;\toffset:88;\tsize:8;\tsigned:0;\n"
"\tfield:unsigned long weight;\toffset:96;\tsize:8;\tsigned:0;\n"
"\tfield:bool eligible;\toffset:104;\tsize:1;\tsigned:0;\n"
"\tfield:pid_t curr_pid;\toffset:108;\tsize:4;\tsigned:1;\n"
"\tfield:char curr_comm[16];\toffset:112;\tsize:16;\tsigned:0;\n"
"\tfield:u64 curr_deadline;\toffset:128;\tsize:8;\tsigned:0;\n"
"\n"
"print fmt: \"cpu=%d pid=%d\", REC->cpu, REC->pid\n";

/* A wakeup decision: its class and the running task in the last columns. */
void test_record_decision(void)
{
	struct tep_handle *tep = tep_alloc();
	unsigned char data[136] = { 0 };
	struct tep_record rec = { .ts = 5000, .data = data,
				  .size = sizeof(data) };
	struct tep_event *ev;
	struct ss_event e;
	char err[256], *text;
	uint16_t type = 1502;
	size_t len;
	int64_t s64;
	uint64_t u64;
	int i32;

	if (!CHECK(tep != NULL))
		return;
	CHECK_EQ_INT(tep_parse_event(tep, format_decision,
				     strlen(format_decision), "schedscope"), 0);
	ev = tep_find_event_by_name(tep, "schedscope", "decision");
	if (!CHECK(ev)) {
		tep_free(tep);
		return;
	}
	put(data, 0, &type, 2);
	i32 = 0;
	put(data, 8, &i32, 4);
	i32 = 301;
	put(data, 12, &i32, 4);
	put(data, 16, "pingpong", 8);
	put(data, 32, "decline_protected", 17);
	s64 = 700000;
	put(data, 56, &s64, 8);
	u64 = 9000;
	put(data, 64, &u64, 8);
	u64 = 12000;
	put(data, 72, &u64, 8);
	u64 = 9700;
	put(data, 80, &u64, 8);
	u64 = 3000000;
	put(data, 88, &u64, 8);
	u64 = 1024;
	put(data, 96, &u64, 8);
	data[104] = 1;
	i32 = 302;
	put(data, 108, &i32, 4);
	put(data, 112, "spin,ner", 8);
	u64 = 15000;
	put(data, 128, &u64, 8);

	CHECK_EQ_INT(record_event_parse(ev, &rec, &e, err, sizeof(err)), 0);
	CHECK_STR_EQ(e.event, "decision");
	CHECK_STR_EQ(e.decision, "decline_protected");
	CHECK_EQ_INT(e.curr_pid, 302);
	CHECK_EQ_INT(e.depth, 0);
	CHECK(e.eligible && !e.delayed);
	CAPTURE(text, len, {
		CHECK_EQ_INT(record_csv_row(out, &e), 0);
	});
	CHECK_STR_EQ(text,
		"5000,decision,0,301,pingpong,0,700000,9000,12000,9700,"
		"3000000,1024,1,0,decline_protected,302,\"spin,ner\",15000\n");
	free(text);

	/* the running task not seen yet */
	i32 = -1;
	put(data, 108, &i32, 4);
	memset(data + 112, 0, 16);
	CHECK_EQ_INT(record_event_parse(ev, &rec, &e, err, sizeof(err)), 0);
	CHECK_EQ_INT(e.curr_pid, -1);
	CHECK_STR_EQ(e.curr_comm, "");

	/* the class fills all 24 bytes without a NUL: cut, no overread */
	memset(data + 32, 'c', 24);
	CHECK_EQ_INT(record_event_parse(ev, &rec, &e, err, sizeof(err)), 0);
	CHECK_EQ_INT(strlen(e.decision), 23);

	/* an empty class is no decision */
	memset(data + 32, 0, 24);
	CHECK_EQ_INT(record_event_parse(ev, &rec, &e, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "empty decision");

	/* a record cut before curr_deadline */
	put(data, 32, "preempt_pick", 12);
	rec.size = 130;
	CHECK_EQ_INT(record_event_parse(ev, &rec, &e, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "curr_deadline");
	tep_free(tep);
}
