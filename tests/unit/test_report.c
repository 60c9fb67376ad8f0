// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope report on the fixture sweeps: text and markdown against
 * golden/report_*, -o writing both files, notes for incomplete sweeps and
 * failed runs, and the errors (exit 1 for a bad directory, 2 for a bad
 * command line or an unknown baseline). Each case runs the CLI's dispatch
 * in a child process, as test_cli.c does.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "cmd/commands.h"
#include "lib/read_file.h"
#include "test_util.h"

#define MAX_ARGS 16

static char *got_out, *got_err;

static char *slurp(const char *path)
{
	char err[256], *data;
	size_t len;

	if (read_file(path, &data, &len, err, sizeof(err)))
		return strdup("");
	return data;
}

/* A fresh directory build/tmp/<name> (test_tmpdir's buffer is reused). */
static const char *tmpdir(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s", test_tmpdir(name));
	return buf;
}

/* Run "schedscope report ARGS..." (NULL-terminated); its exit status. */
static int report(const char *arg, ...)
{
	char *argv[MAX_ARGS + 3] = { "schedscope", "report" };
	char out_path[PATH_MAX], err_path[PATH_MAX];
	const char *dir = test_tmpdir("report_out");
	int argc = 2, status;
	va_list ap;

	va_start(ap, arg);
	for (; arg && argc < MAX_ARGS; arg = va_arg(ap, const char *))
		argv[argc++] = (char *)arg;
	va_end(ap);
	argv[argc] = NULL;
	snprintf(out_path, sizeof(out_path), "%s/stdout", dir);
	snprintf(err_path, sizeof(err_path), "%s/stderr", dir);
	status = test_run_cli(argc, argv, NULL, out_path, err_path);
	free(got_out);
	free(got_err);
	got_out = slurp(out_path);
	got_err = slurp(err_path);
	return status;
}

static void test_goldens(void)
{
	static const char *const fixtures[] = { "basic", "share", "latency" };
	char dir[256], golden[64];
	size_t i;

	for (i = 0; i < sizeof(fixtures) / sizeof(fixtures[0]); i++) {
		snprintf(dir, sizeof(dir), "%s",
			 test_path("../fixtures/sweep/"));
		strncat(dir, fixtures[i], sizeof(dir) - strlen(dir) - 1);
		CHECK_EQ_INT(report(dir, NULL), 0);
		CHECK_STR_EQ(got_err, "");
		snprintf(golden, sizeof(golden), "report_%s.txt", fixtures[i]);
		CHECK_GOLDEN(got_out, strlen(got_out), golden);
		CHECK_EQ_INT(report("--format", "markdown", dir, NULL), 0);
		snprintf(golden, sizeof(golden), "report_%s.md", fixtures[i]);
		CHECK_GOLDEN(got_out, strlen(got_out), golden);
	}
	/*
	 * mmtests' sign: NO_RUN_TO_PARITY is slower than default, a worse
	 * result where lower is better: negative; a larger count where no
	 * side is better: positive
	 */
	CHECK_EQ_INT(report(test_path("../fixtures/sweep/basic"), NULL), 0);
	CHECK_STR_HAS(got_out, "Amean seconds                 0.8326 (  0.00%)"
		      "    0.9084 * -9.10%*\n");
	CHECK_STR_HAS(got_out, "Amean context-switches         41330 (  0.00%)"
		      "     52409 *+26.81%*\n");
	/* Another baseline: the percentages and ratios turn around. */
	CHECK_EQ_INT(report("-b", "NO_RUN_TO_PARITY",
			    test_path("../fixtures/sweep/basic"), NULL), 0);
	CHECK_STR_HAS(got_out, "baseline:    NO_RUN_TO_PARITY\n");
	CHECK_STR_HAS(got_out, "Amean seconds                 0.8326 * +8.34%*"
		      "   0.9084 (  0.00%)\n");
	CHECK_STR_HAS(got_out, "default           0.8312  0.8275  0.8391  "
		      "0.8326               0.917\n");
}

static void test_output_files(void)
{
	char path[PATH_MAX + 16], buf[PATH_MAX], *text;
	const char *dir = tmpdir("report/basic", buf, sizeof(buf));
	size_t len;

	test_copy_dir("../fixtures/sweep/basic", dir);
	CHECK_EQ_INT(report("-o", dir, NULL), 0);
	CHECK_STR_EQ(got_out, "");
	CHECK_STR_EQ(got_err, "");
	snprintf(path, sizeof(path), "%s/report.txt", dir);
	text = slurp(path);
	len = strlen(text);
	CHECK_GOLDEN(text, len, "report_basic.txt");
	free(text);
	snprintf(path, sizeof(path), "%s/report.md", dir);
	text = slurp(path);
	len = strlen(text);
	CHECK_GOLDEN(text, len, "report_basic.md");
	free(text);
}


static void test_notes(void)
{
	char buf[PATH_MAX];
	const char *dir = tmpdir("report/incomplete", buf, sizeof(buf));

	test_copy_dir("../fixtures/sweep/basic", dir);
	test_patch(dir, "sweep.json", ", \"runs/1-2.json\"]", "]");
	test_patch(dir, "sweep.json", "\"complete\": true", "\"complete\": false");
	test_patch(dir, "sweep.json", "\"stopped_by\": null",
	      "\"stopped_by\": \"SIGINT\"");
	CHECK_EQ_INT(report(dir, NULL), 0);
	CHECK_STR_HAS(got_out, "\nincomplete:  stopped by SIGINT, 5 of 6 runs "
		      "taken\n");
	CHECK_STR_HAS(got_out, "\nNO_RUN_TO_PARITY     2   0.9046");
	/* The missing repetition is a blank cell. */
	CHECK_STR_HAS(got_out, "NO_RUN_TO_PARITY  0.9105  0.8987          "
		      "0.9046      1.086\n");
	CHECK_EQ_INT(report("-f", "markdown", dir, NULL), 0);
	CHECK_STR_HAS(got_out, "- **incomplete**: stopped by SIGINT, 5 of 6 "
		      "runs taken\n");

	/* A failed run is left out, and said so. */
	test_patch(dir, "runs/0-1.json", "\"exit_status\": 0", "\"exit_status\": 1");
	CHECK_EQ_INT(report(dir, NULL), 0);
	CHECK_STR_HAS(got_out, "\nfailed:      1 run with a non-zero exit "
		      "status, left out\n");
	CHECK_STR_HAS(got_out, "\ndefault              2   0.8352");
	CHECK_STR_HAS(got_out, "\ndefault           0.8312       -  0.8391  "
		      "0.8352");
	CHECK_STR_HAS(got_out, "default (2 runs):");

	/* One setting only: nothing to compare. */
	dir = tmpdir("report/one", buf, sizeof(buf));
	test_copy_dir("../fixtures/sweep/latency", dir);
	test_patch(dir, "sweep.json", ", {\"name\": \"NO_WAKEUP_PREEMPTION\", "
	      "\"changes\": [\"NO_WAKEUP_PREEMPTION\"]}", "");
	test_patch(dir, "sweep.json", "[\"runs/0-0.json\", \"runs/1-0.json\", "
	      "\"runs/0-1.json\", \"runs/1-1.json\"]",
	      "[\"runs/0-0.json\", \"runs/0-1.json\"]");
	CHECK_EQ_INT(report(dir, NULL), 0);
	CHECK(!strstr(got_out, "Comparison"));
	CHECK_STR_HAS(got_out, "Latency summary");
}

static void test_errors(void)
{
	char buf[PATH_MAX];
	const char *dir;

	CHECK_EQ_INT(report("/nonexistent/sweep", NULL), 1);
	CHECK_STR_EQ(got_err, "schedscope report: /nonexistent/sweep: No such "
		     "file or directory\n");
	CHECK_STR_EQ(got_out, "");

	CHECK_EQ_INT(report("-b", "RUN_TO_PARITY",
			    test_path("../fixtures/sweep/basic"), NULL), 2);
	CHECK_STR_HAS(got_err, "no setting 'RUN_TO_PARITY' in ");
	CHECK_STR_HAS(got_err, "(settings: default, NO_RUN_TO_PARITY)");
	CHECK_STR_EQ(got_out, "");

	dir = tmpdir("report/broken", buf, sizeof(buf));
	test_copy_dir("../fixtures/sweep/share", dir);
	test_patch(dir, "runs/1-0.json", "\"cpu_share\", ", "\"cpu_share\" ");
	/* one corrupt run file: the rest reported, the bad one named */
	CHECK_EQ_INT(report(dir, NULL), 0);
	CHECK_STR_EQ(got_err, "");
	CHECK_STR_HAS(got_out, "unreadable:  ");
	CHECK_STR_HAS(got_out, "report/broken/runs/1-0.json: line ");
	CHECK_STR_HAS(got_out, "; left out\n");
	CHECK_STR_HAS(got_out, "Per setting: means over repetitions");
	CHECK_EQ_INT(report("-o", dir, NULL), 0);
	CHECK_STR_HAS(got_err, "schedscope report: ");
	CHECK_STR_HAS(got_err, "runs/1-0.json: line ");

	/* A module histogram that is not log2 buckets: its run left out. */
	test_copy_dir("../fixtures/sweep/share", dir);
	test_patch(dir, "runs/1-0.json", "\"buckets\": [{\"lo\": 512, \"hi\": 1023,",
	      "\"buckets\": [{\"lo\": 512, \"hi\": 1000,");
	CHECK_EQ_INT(report(dir, NULL), 0);
	CHECK_STR_HAS(got_out, "runs/1-0.json: \"module\": histogram "
		      "wakeup_lat: bucket 0 is not {\"lo\", \"hi\", \"count\"} "
		      "of a log2 bucket; left out\n");

	CHECK_EQ_INT(report(NULL), 2);
	CHECK_STR_HAS(got_err, "no result directory given");
	CHECK_EQ_INT(report("-f", "html", "x", NULL), 2);
	CHECK_STR_HAS(got_err, "unknown format 'html'");
	CHECK_EQ_INT(report("-o", "-f", "text", "x", NULL), 2);
	CHECK_EQ_INT(report("--bogus", "x", NULL), 2);
	CHECK_EQ_INT(report("-b", NULL), 2);
	CHECK_EQ_INT(report("-o", "a", "b", NULL), 2);
	CHECK_STR_HAS(got_err, "with several sweeps, redirect the printed report");
	CHECK_EQ_INT(report("a", "b", NULL), 1);
	CHECK_STR_HAS(got_err, "a: No such file or directory");
	CHECK_EQ_INT(report("--help", NULL), 0);
	CHECK_STR_HAS(got_out, "Usage: schedscope report [OPTIONS] DIR [DIR...]");
}

/* Two kernels' sweeps of one workload in one report; others refused. */
static void test_joined(void)
{
	const char *basic = test_path("../fixtures/sweep/basic");
	char a[PATH_MAX], b[PATH_MAX];

	snprintf(a, sizeof(a), "%s", test_tmpdir("report/join-a"));
	snprintf(b, sizeof(b), "%s", test_tmpdir("report/join-b"));
	test_copy_dir("../fixtures/sweep/basic", a);
	test_copy_dir("../fixtures/sweep/basic", b);
	test_patch(b, "sweep.json", "\"kernel\": \"6.12.117+deb12-amd64\"",
		   "\"kernel\": \"7.3.4+deb13-amd64\"");
	CHECK_EQ_INT(report(a, b, NULL), 0);
	CHECK_STR_EQ(got_err, "");
	CHECK_STR_HAS(got_out, "kernel:      6.12.117+deb12-amd64, "
		      "7.3.4+deb13-amd64, 2 CPUs\n");
	CHECK_STR_HAS(got_out, "settings:    6.12.117:default, "
		      "6.12.117:NO_RUN_TO_PARITY, 7.3.4:default, "
		      "7.3.4:NO_RUN_TO_PARITY (preset run-to-parity)\n");
	CHECK_STR_HAS(got_out, "baseline:    6.12.117:default\n");
	/* the same numbers on both: no change, and -9.10% on each kernel */
	CHECK_STR_HAS(got_out, "Amean seconds                 0.8326 (  0.00%)"
		      "           0.9084 * -9.10%*   0.8326 ( +0.00%)        "
		      "0.9084 * -9.10%*\n");
	CHECK_EQ_INT(report("-b", "7.3.4:default", a, b, NULL), 0);
	CHECK_STR_HAS(got_out, "baseline:    7.3.4:default\n");
	/* one release twice: the directories name them */
	CHECK_EQ_INT(report(a, basic, NULL), 0);
	CHECK_STR_HAS(got_out, "settings:    join-a:default, "
		      "join-a:NO_RUN_TO_PARITY, basic:default, "
		      "basic:NO_RUN_TO_PARITY");
	/* another workload, a group sweep */
	test_patch(b, "sweep.json", "\"workload\": [\"messaging\", \"-g\", \"4\"",
		   "\"workload\": [\"messaging\", \"-g\", \"8\"");
	CHECK_EQ_INT(report(a, b, NULL), 1);
	CHECK_STR_HAS(got_err, "ran 'messaging -g 8 -l 200', ");
	CHECK_STR_HAS(got_err, " ran 'messaging -g 4 -l 200': a report compares "
		      "one workload");
	CHECK_STR_EQ(got_out, "");
	CHECK_EQ_INT(report(a, test_path("../fixtures/sweep/groups"), NULL), 1);
	CHECK_STR_HAS(got_err, "a group sweep: only sweeps of one workload are "
		      "joined");
}

/*
 * Sweeps taken with a fake features file and --no-module: perf bench sched
 * pipe with --metric ops, and a command that prints nothing known.
 */
static void test_tool_results(void)
{
	CHECK_EQ_INT(report(test_path("../fixtures/sweep/tool_perf_bench"), NULL), 0);
	/* What perf printed: 0.024 [sec], 62.222500 usecs/op, 16071 ops/sec. */
	CHECK_STR_HAS(got_out, "Workload seconds (its own measure)");
	CHECK_STR_HAS(got_out, "default     1   0.0240 ");
	CHECK_STR_HAS(got_out, "perf-bench  usecs_per_op     62.222 (  0.00%)");
	CHECK_STR_HAS(got_out, "perf-bench  ops_per_sec   16071.000 (  0.00%)");
	CHECK_STR_HAS(got_out, "metric      ops           16071.000 (  0.00%)");
	CHECK(!strstr(got_out, "note:"));

	/*
	 * tbench beside spinners, NO_PLACE_LAG against default: less
	 * throughput and a longer latency are both worse, so both negative;
	 * a count has no better side
	 */
	CHECK_EQ_INT(report(test_path("../fixtures/sweep/tools"), NULL), 0);
	CHECK_STR_HAS(got_out, "tbench      mb_per_sec       179.139 (  0.00%)"
		      "   150.594 (-15.93%)\n");
	CHECK_STR_HAS(got_out, "tbench      max_latency_ms     4.876 (  0.00%)"
		      "     9.150 (-87.66%)\n");
	CHECK_STR_HAS(got_out, "metric      p99_us           801.000 (  0.00%)"
		      "  1463.000 *-82.65%*\n");
	CHECK_STR_HAS(got_out, "tbench      clients            2.000 (  0.00%)"
		      "     2.000 [ +0.00%]\n");

	/*
	 * The groups' own results signed the same way: b's seconds fell,
	 * better; a's rose, worse; CPU seconds have no better side.
	 */
	CHECK_EQ_INT(report(test_path("../fixtures/sweep/groups"), NULL), 0);
	CHECK_STR_HAS(got_out, "b      seconds            2.567 (  0.00%)  "
		      "2.117 [+17.54%]\n");
	CHECK_STR_HAS(got_out, "a      seconds            2.007 (  0.00%)  "
		      "2.011 [ -0.22%]\n");
	CHECK_STR_HAS(got_out, "b      cpu_seconds (sum)  2.972 (  0.00%)  "
		      "2.566 [-13.65%]\n");

	CHECK_EQ_INT(report(test_path("../fixtures/sweep/no_result"), NULL), 0);
	CHECK_STR_HAS(got_out, "note:        no result table in the workload's "
		      "output and no parser for it");
	CHECK_STR_HAS(got_out, "(1 of 1 runs)");
	/* Its seconds: elapsed_s 0.211274712, said to be wall-clock time. */
	CHECK_STR_HAS(got_out, "Seconds: the wall-clock time from the workload's exec");
	CHECK_STR_HAS(got_out, "default     1   0.2113 ");
	CHECK(!strstr(got_out, "The tool's own results"));
}

/*
 * The feature words against the kernel's defaults at boot (sweep.json's
 * features_boot): each setting's changes named, a "default" that was not
 * the boot's flagged.
 */
static void test_features_boot(void)
{
	static const char before[] = "\"features_before\": \"PLACE_LAG ";
	static const char list[] = "PLACE_DEADLINE_INITIAL PLACE_REL_DEADLINE "
		"RUN_TO_PARITY PREEMPT_SHORT NO_NEXT_BUDDY CACHE_HOT_BUDDY "
		"DELAY_DEQUEUE DELAY_ZERO WAKEUP_PREEMPTION\", ";
	char buf[PATH_MAX], to[1024];
	const char *dir = tmpdir("report/boot", buf, sizeof(buf));

	test_copy_dir("../fixtures/sweep/basic", dir);
	snprintf(to, sizeof(to), "\"features_boot\": \"PLACE_LAG %s%s", list,
		 before);
	test_patch(dir, "sweep.json", before, to);
	CHECK_EQ_INT(report(dir, NULL), 0);
	CHECK_STR_HAS(got_out, "features:    default 0x3df (as booted), "
		      "NO_RUN_TO_PARITY 0x3d7 (boot + NO_RUN_TO_PARITY)\n");
	CHECK(!strstr(got_out, "NOT the kernel's defaults"));
	/* booted with NO_PLACE_LAG: this "default" had PLACE_LAG on */
	test_copy_dir("../fixtures/sweep/basic", dir);
	snprintf(to, sizeof(to), "\"features_boot\": \"NO_PLACE_LAG %s%s",
		 list, before);
	test_patch(dir, "sweep.json", before, to);
	CHECK_EQ_INT(report("--format", "markdown", dir, NULL), 0);
	CHECK_STR_HAS(got_out, "- features: default `0x3df` (boot + PLACE_LAG), "
		      "NO_RUN_TO_PARITY `0x3d7` (boot + PLACE_LAG "
		      "NO_RUN_TO_PARITY)\n");
	CHECK_STR_HAS(got_out, "- **default**: NOT the kernel's defaults as "
		      "found after boot (`0x3de`): it ran with PLACE_LAG\n");
}

/*
 * The header's cost of measuring: the probes' own timing from each run, a
 * wakeup's where one was timed (the latency group alone may attach nothing
 * at sched_wakeup).
 */
/* test_patch() of the run file runs/RUN.json */
static void patch_run(const char *dir, const char *run, const char *from,
		      const char *to)
{
	char rel[64];

	snprintf(rel, sizeof(rel), "runs/%s.json", run);
	test_patch(dir, rel, from, to);
}

static void test_cost(void)
{
	static const char *const runs[] = { "0-0", "0-1", "0-2",
					    "1-0", "1-1", "1-2" };
	char buf[PATH_MAX], cost[128];
	const char *dir = tmpdir("report/cost", buf, sizeof(buf));
	size_t i;

	test_copy_dir("../fixtures/sweep/basic", dir);
	CHECK_EQ_INT(report(dir, NULL), 0);
	CHECK(!strstr(got_out, "measuring:"));
	for (i = 0; i < sizeof(runs) / sizeof(*runs); i++) {
		snprintf(cost, sizeof(cost), "\"module\": {\"cost\": "
			 "{\"switch_ns\": %zu, \"wakeup_ns\": null}, ",
			 140 + 2 * i);
		patch_run(dir, runs[i], "\"module\": {", cost);
	}
	CHECK_EQ_INT(report(dir, NULL), 0);
	CHECK_STR_HAS(got_out, "\nmeasuring:   the module's probes took 145 ns a "
		      "switch, no wakeup timed (their own timing of some calls, "
		      "mean of 6 runs)\n");
	test_patch(dir, "runs/0-0.json", "\"wakeup_ns\": null", "\"wakeup_ns\": 40");
	CHECK_EQ_INT(report(dir, NULL), 0);
	CHECK_STR_HAS(got_out, "\nmeasuring:   the module's probes took 145 ns a "
		      "switch and 40 ns a wakeup (their own timing of some calls, "
		      "mean of 6 runs)\n");
	CHECK(!strstr(got_out, "sampled:"));
	/* sampled runs: their counts are estimates, the header says */
	for (i = 0; i < sizeof(runs) / sizeof(*runs); i++)
		patch_run(dir, runs[i], "\"cost\": {",
			  "\"cost\": {\"sample\": 16, ");
	CHECK_EQ_INT(report(dir, NULL), 0);
	CHECK_STR_HAS(got_out, "\nsampled:     the eevdf, delayed_dequeue, "
		      "decisions and pick_order groups recorded 1 switch and 1 "
		      "wakeup in 16: their counts are estimates\n");
	test_patch(dir, "runs/1-2.json", "\"sample\": 16", "\"sample\": 64");
	CHECK_EQ_INT(report(dir, NULL), 0);
	CHECK_STR_HAS(got_out, "(1 in 16 to 1 in 64)");
}

void test_report(void)
{
	test_cost();
	test_joined();
	test_goldens();
	test_features_boot();
	test_tool_results();
	test_output_files();
	test_notes();
	test_errors();
	free(got_out);
	free(got_err);
	got_out = got_err = NULL;
}
