// SPDX-License-Identifier: GPL-2.0
/*
 * The tool output parsers on output captured from the real tools (Debian
 * 12's rt-tests, linux-perf, dbench, rt-app's logs;
 * tests/fixtures/tool_output/), the
 * recognition of a tool by its command line, and --metric NAME=REGEX.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tool_output/tool_output.h"

static json_t *col(json_t *t, size_t i)
{
	return json_array_get(json_object_get(t, "columns"), i);
}

static double num(json_t *t, size_t row, size_t c)
{
	json_t *v = json_array_get(json_array_get(json_object_get(t, "rows"),
						  row), c);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

static const char *word(json_t *t, size_t row, size_t c)
{
	json_t *v = json_array_get(json_array_get(json_object_get(t, "rows"),
						  row), c);

	return json_is_string(v) ? json_string_value(v) : "(not a word)";
}

static size_t nrows(json_t *t)
{
	return json_array_size(json_object_get(t, "rows"));
}

/* The tables parser `tool` makes of fixture `name`; *n its return. */
static json_t *parse_fixture(const char *tool, const char *name, int *n,
			     char *note, size_t notelen)
{
	char path[256];
	json_t *tables = json_array();
	size_t len;
	char *text;

	snprintf(path, sizeof(path), "../fixtures/tool_output/%s", name);
	text = test_file(path, &len);
	note[0] = '\0';
	*n = tool_output_tables(tool, text, NULL, tables, note, notelen);
	free(text);
	return tables;
}

static void test_recognise(void)
{
	char *hb[] = { "/usr/bin/hackbench", "-g", "2" };
	char *pb[] = { "perf", "bench", "sched", "pipe" };
	char *ps[] = { "perf", "stat", "true" };
	char *tb[] = { "tbench", "1", "127.0.0.1" };
	char *cy[] = { "cyclictest", "-q" };
	char *other[] = { "schbench" };
	char *rt[] = { "/usr/bin/rt-app", "seed.json" };
	char *side[] = { "spinners", "-n", "5", "--policy", "idle", "--",
			 "rt-app", "seed.json" };
	char *side_alone[] = { "/x/spinners", "-n", "5" };

	CHECK_STR_EQ(tool_output_recognise(hb, 3), "hackbench");
	CHECK_STR_EQ(tool_output_recognise(pb, 4), "perf-bench");
	CHECK(!tool_output_recognise(ps, 3));
	CHECK_STR_EQ(tool_output_recognise(tb, 3), "tbench");
	CHECK_STR_EQ(tool_output_recognise(cy, 2), "cyclictest");
	CHECK(!tool_output_recognise(other, 1));
	CHECK(!tool_output_recognise(other, 0));
	CHECK_STR_EQ(tool_output_recognise(rt, 2), "rt-app");
	CHECK_STR_EQ(tool_output_recognise(side, 8), "rt-app");
	CHECK(!tool_output_recognise(side, 5));
	CHECK(!tool_output_recognise(side_alone, 3));
	CHECK(tool_output_reads_files("rt-app"));
	CHECK(!tool_output_reads_files("cyclictest"));
	CHECK(!tool_output_reads_files(NULL));
}

static void test_hackbench(void)
{
	char note[256];
	json_t *tables, *t;
	int n;

	tables = parse_fixture("hackbench", "hackbench.out", &n, note,
			       sizeof(note));
	CHECK_EQ_INT(n, 1);
	t = json_array_get(tables, 0);
	CHECK_STR_EQ(json_string_value(col(t, 0)), "seconds");
	CHECK(num(t, 0, 0) == 0.134);
	CHECK_STR_EQ(json_string_value(json_object_get(t, "tool")), "hackbench");
	json_decref(tables);

	tables = parse_fixture("hackbench", "hackbench_pt.out", &n, note,
			       sizeof(note));
	CHECK(n == 1 && num(json_array_get(tables, 0), 0, 0) == 0.028);
	json_decref(tables);

	/* perf bench's output is not hackbench's: a note, no table. */
	tables = parse_fixture("hackbench", "perf_msg.out", &n, note,
			       sizeof(note));
	CHECK_EQ_INT(n, 0);
	CHECK_EQ_U64(json_array_size(tables), 0);
	CHECK_STR_HAS(note, "Time:");
	json_decref(tables);
}

static void test_perf_bench(void)
{
	char note[256];
	json_t *tables, *t;
	int n;

	tables = parse_fixture("perf-bench", "perf_msg.out", &n, note,
			       sizeof(note));
	CHECK_EQ_INT(n, 1);
	t = json_array_get(tables, 0);
	CHECK_EQ_U64(json_array_size(json_object_get(t, "columns")), 1);
	CHECK(num(t, 0, 0) == 0.291);
	json_decref(tables);

	tables = parse_fixture("perf-bench", "perf_pipe.out", &n, note,
			       sizeof(note));
	CHECK_EQ_INT(n, 1);
	t = json_array_get(tables, 0);
	CHECK_STR_EQ(json_string_value(col(t, 1)), "usecs_per_op");
	CHECK_STR_EQ(json_string_value(col(t, 2)), "ops_per_sec");
	CHECK(num(t, 0, 0) == 0.038);
	CHECK(num(t, 0, 1) == 19.1485);
	CHECK(num(t, 0, 2) == 52223);
	json_decref(tables);

	tables = parse_fixture("perf-bench", "tbench.out", &n, note,
			       sizeof(note));
	CHECK(n == 0 && strstr(note, "Total time:"));
	json_decref(tables);
}

static void test_tbench(void)
{
	char note[256];
	json_t *tables, *t;
	int n;

	tables = parse_fixture("tbench", "tbench.out", &n, note, sizeof(note));
	CHECK_EQ_INT(n, 1);
	t = json_array_get(tables, 0);
	CHECK_STR_EQ(json_string_value(col(t, 0)), "mb_per_sec");
	CHECK(num(t, 0, 0) == 176.376);
	CHECK(num(t, 0, 1) == 1);
	CHECK_STR_EQ(json_string_value(col(t, 2)), "max_latency_ms");
	CHECK(num(t, 0, 2) == 4.642);
	json_decref(tables);

	/* The per-second lines alone ("MB/sec execute ... latency") are not it. */
	tables = json_array();
	CHECK_EQ_INT(tool_output_tables("tbench", "   1     31696   188.29 MB/sec"
					"  execute   1 sec  latency 3.422 ms\n",
					NULL, tables, note, sizeof(note)), 0);
	CHECK_STR_HAS(note, "Throughput");
	json_decref(tables);
}

static void test_cyclictest(void)
{
	char note[256];
	json_t *tables, *t;
	int n;

	tables = parse_fixture("cyclictest", "cyclic.out", &n, note, sizeof(note));
	CHECK_EQ_INT(n, 1);
	t = json_array_get(tables, 0);
	CHECK_STR_EQ(json_string_value(col(t, 0)), "thread");
	CHECK_EQ_U64(nrows(t), 2);
	CHECK_STR_EQ(word(t, 1, 0), "T1");
	CHECK(num(t, 0, 1) == 100 && num(t, 0, 2) == 35 && num(t, 0, 3) == 121 &&
	      num(t, 0, 4) == 3455);
	CHECK(num(t, 1, 1) == 63 && num(t, 1, 2) == 41 && num(t, 1, 3) == 151 &&
	      num(t, 1, 4) == 929);
	json_decref(tables);

	/* Without -q: lines redrawn in place; the last of each thread counts. */
	tables = parse_fixture("cyclictest", "cyclic_noq.out", &n, note,
			       sizeof(note));
	t = json_array_get(tables, 0);
	CHECK(n == 1 && nrows(t) == 2);
	CHECK(num(t, 0, 1) == 40 && num(t, 0, 2) == 76 && num(t, 0, 3) == 178 &&
	      num(t, 0, 4) == 2907);
	CHECK(num(t, 1, 1) == 32 && num(t, 1, 4) == 2637);
	json_decref(tables);

	/* -h 400: the summary lines, overflows, the log2 histogram. */
	tables = parse_fixture("cyclictest", "cyclic_h.out", &n, note,
			       sizeof(note));
	CHECK_EQ_INT(n, 2);
	t = json_array_get(tables, 0);
	CHECK_STR_EQ(json_string_value(col(t, 5)), "overflows");
	CHECK(num(t, 0, 1) == 60 && num(t, 0, 2) == 77 && num(t, 0, 3) == 187 &&
	      num(t, 0, 4) == 2696 && num(t, 0, 5) == 4);
	CHECK(num(t, 1, 1) == 60 && num(t, 1, 2) == 78 && num(t, 1, 3) == 259 &&
	      num(t, 1, 4) == 2539 && num(t, 1, 5) == 4);
	t = json_array_get(tables, 1);
	CHECK_STR_EQ(json_string_value(col(t, 0)), "lo_us");
	CHECK_EQ_U64(nrows(t), 3);
	CHECK(num(t, 0, 0) == 64 && num(t, 0, 1) == 128 && num(t, 0, 2) == 81);
	CHECK(num(t, 1, 0) == 128 && num(t, 1, 2) == 23);
	CHECK(num(t, 2, 0) == 256 && num(t, 2, 1) == 512 && num(t, 2, 2) == 8);
	json_decref(tables);

	tables = parse_fixture("cyclictest", "hackbench.out", &n, note,
			       sizeof(note));
	CHECK(n == 0 && json_array_size(tables) == 0 && strstr(note, "cyclictest"));
	json_decref(tables);
}

static void test_metric(void)
{
	struct tool_metric m;
	char err[512], note[256];
	json_t *tables;

	CHECK_EQ_INT(tool_metric_parse(&m, "p99_us=99\\.0th: *([0-9]+)", err,
				       sizeof(err)), 0);
	CHECK_STR_EQ(m.name, "p99_us");
	tables = json_array();
	CHECK_EQ_INT(tool_metric_table(&m, "\t* 99.0th: 120\nx\n\t* 99.0th: 88\n"
				       "\t* 99.0th: many\n", tables, note,
				       sizeof(note)), 1);
	/* The last line with a number wins; "many" is not one. */
	CHECK(num(json_array_get(tables, 0), 0, 0) == 88);
	CHECK_STR_EQ(json_string_value(col(json_array_get(tables, 0), 0)),
		     "p99_us");
	CHECK_EQ_INT(tool_metric_table(&m, "nothing\n", tables, note,
				       sizeof(note)), 0);
	CHECK_STR_HAS(note, "p99_us");
	json_decref(tables);
	tool_metric_free(&m);

	CHECK_EQ_INT(tool_metric_parse(&m, "P99=(1)", err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "NAME=REGEX");
	CHECK_EQ_INT(tool_metric_parse(&m, "p99", err, sizeof(err)), -EINVAL);
	CHECK_EQ_INT(tool_metric_parse(&m, "=([0-9]+)", err, sizeof(err)), -EINVAL);
	CHECK_EQ_INT(tool_metric_parse(&m, "p99=[0-9]+", err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "no group");
	CHECK_EQ_INT(tool_metric_parse(&m, "p99=([0-9]+", err, sizeof(err)),
		     -EINVAL);
	CHECK_STR_HAS(err, "--metric p99");
}

/* Column c of table t by name, -1 when absent. */
static int col_of(json_t *t, const char *name)
{
	json_t *c;
	size_t i;

	json_array_foreach(json_object_get(t, "columns"), i, c)
		if (!strcmp(json_string_value(c), name))
			return i;
	return -1;
}

#define NEAR(a, b)	(fabs((a) - (b)) < 1e-3)

/* The tables of rt-app's logs in fixture directory name. */
static json_t *rt_app_fixture(const char *name, int *n, char *note,
			      size_t notelen)
{
	json_t *tables = json_array();
	char dir[4096];

	snprintf(dir, sizeof(dir), TEST_DIR "/../fixtures/tool_output/%s", name);
	note[0] = '\0';
	*n = tool_output_tables("rt-app", "", dir, tables, note, notelen);
	return tables;
}

/*
 * Two tasks woken by their own timers (3 ms every 25 ms) and one that runs
 * without a timer, for 1 s; the figures as awk computes them from the logs.
 */
static void test_rt_app(void)
{
	json_t *tables, *t;
	char note[512];
	int n;

	tables = rt_app_fixture("rt-app", &n, note, sizeof(note));
	CHECK_EQ_INT(n, 3);
	CHECK_STR_EQ(note, "");
	t = json_array_get(tables, 0);
	CHECK_STR_EQ(json_string_value(json_object_get(t, "tool")), "rt-app");
	CHECK_EQ_INT(nrows(t), 3);
	CHECK_STR_EQ(word(t, 0, 0), "busy-2");
	CHECK_STR_EQ(word(t, 1, 0), "lat-0");
	CHECK_STR_EQ(word(t, 2, 0), "lat-1");
	/* No timer: no wakeup. */
	CHECK(num(t, 0, col_of(t, "wu_count")) == 0);
	CHECK(num(t, 0, col_of(t, "wu_max_us")) == 0);
	CHECK(NEAR(num(t, 0, col_of(t, "run_mean_us")), 202375.5));
	CHECK(num(t, 1, col_of(t, "wu_count")) == 39);
	CHECK(num(t, 1, col_of(t, "wu_min_us")) == 73);
	CHECK(num(t, 1, col_of(t, "wu_max_us")) == 15853);
	CHECK(NEAR(num(t, 1, col_of(t, "wu_mean_us")), 1488.3333));
	CHECK(NEAR(num(t, 1, col_of(t, "wu_stddev_us")), 3048.2426));
	CHECK(num(t, 1, col_of(t, "wu_late")) == 0);
	CHECK(NEAR(num(t, 1, col_of(t, "slack_mean_us")), 19091.2821));
	CHECK(NEAR(num(t, 1, col_of(t, "run_mean_us")), 4384.8205));
	/* Slack is printed signed ("-7874"): its mean takes it so. */
	CHECK(NEAR(num(t, 2, col_of(t, "slack_mean_us")), 17358.7179));
	CHECK(num(t, 2, col_of(t, "wu_max_us")) == 29526);
	CHECK_EQ_INT(col_of(t, "loops"), -1);
	/* Every wakeup together: the workload latency tables. */
	t = json_array_get(tables, 1);
	CHECK_STR_EQ(json_string_value(col(t, 0)), "lat_count");
	CHECK(num(t, 0, 0) == 78);
	CHECK(num(t, 0, col_of(t, "lat_min_us")) == 0);
	CHECK(num(t, 0, col_of(t, "lat_max_us")) == 29526);
	CHECK(NEAR(num(t, 0, col_of(t, "lat_mean_us")), 2161.1154));
	CHECK(num(t, 0, col_of(t, "lat_p50_us")) <= num(t, 0, col_of(t, "lat_p99_us")));
	CHECK(num(t, 0, col_of(t, "lat_p99.9_us")) == 29526);
	t = json_array_get(tables, 2);
	CHECK_STR_EQ(json_string_value(col(t, 0)), "lo_us");
	{
		double sum = 0;
		size_t r;

		for (r = 0; r < nrows(t); r++)
			sum += num(t, r, 2);
		CHECK(sum == 78);
		CHECK(num(t, 0, 0) == 0 && num(t, 0, 1) == 1);
	}
	json_decref(tables);

	/*
	 * One timer shared by both tasks ("ref": "tick"): mostly expired
	 * before a task came to wait, printed as huge unsigned numbers.
	 */
	tables = rt_app_fixture("rt-app-shared-timer", &n, note, sizeof(note));
	CHECK_EQ_INT(n, 3);
	t = json_array_get(tables, 0);
	CHECK(num(t, 0, col_of(t, "wu_count")) + num(t, 1, col_of(t, "wu_count")) == 3);
	CHECK(num(t, 0, col_of(t, "wu_late")) + num(t, 1, col_of(t, "wu_late")) == 36);
	CHECK(num(json_array_get(tables, 1), 0, 0) == 3);
	CHECK(num(json_array_get(tables, 1), 0, 2) < 1e6);
	json_decref(tables);

	/* A log cut after its header and a file that is no rt-app log. */
	tables = rt_app_fixture("rt-app-bad", &n, note, sizeof(note));
	CHECK_EQ_INT(n, 1);
	CHECK_STR_HAS(note, "build.log: no \"#idx ... wu_lat\" header");
	CHECK_STR_HAS(note, "rt-app-lat-0.log: no rows");
	CHECK_STR_HAS(note, "no wakeup");
	CHECK(num(json_array_get(tables, 0), 0, 1) == 0);
	CHECK_STR_EQ(word(json_array_get(tables, 0), 0, 0), "lat-0");
	json_decref(tables);

	/* No log at all, or no directory: a note, no table. */
	tables = rt_app_fixture("rt-app-none", &n, note, sizeof(note));
	CHECK_EQ_INT(n, 0);
	CHECK_STR_HAS(note, "rt-app-none");
	CHECK_EQ_INT(json_array_size(tables), 0);
	CHECK_EQ_INT(tool_output_tables("rt-app", "", NULL, tables, note,
					sizeof(note)), 0);
	CHECK_STR_HAS(note, "no run directory");
	CHECK_EQ_INT(tool_output_tables("rt-app", "", TEST_DIR "/../fixtures/tool_output",
					tables, note, sizeof(note)), 0);
	CHECK_STR_HAS(note, "no *.log file");
	CHECK_EQ_INT(json_array_size(tables), 0);
	json_decref(tables);
}

void test_tool_output(void)
{
	test_recognise();
	test_hackbench();
	test_perf_bench();
	test_tbench();
	test_cyclictest();
	test_rt_app();
	test_metric();
}
