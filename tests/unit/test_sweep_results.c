// SPDX-License-Identifier: GPL-2.0
/*
 * sweep_results: the fixture sweeps (fixtures/sweep/, written by
 * gen_fixtures.py) read back, and broken copies of them refused with a
 * message naming the file.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "lib/read_file.h"
#include "results/sweep_results.h"
#include "test_util.h"

static bool load(struct sweep_results *res, const char *fixture)
{
	char rel[256], err[1024] = "";

	snprintf(rel, sizeof(rel), "../fixtures/sweep/%s", fixture);
	return CHECK_MSG(!sweep_results_load(res, test_path(rel), err,
					     sizeof(err)), "%s: %s", rel, err);
}

static void test_basic(void)
{
	struct sweep_results res;
	const struct sweep_run *run;
	const struct run_hist *h;

	if (!load(&res, "basic"))
		return;
	CHECK_STR_EQ(res.kernel, "6.12.117+deb12-amd64");
	CHECK_STR_EQ(res.preset, "run-to-parity");
	CHECK_STR_EQ(res.workload, "messaging -g 4 -l 200");
	CHECK_EQ_INT(res.repetitions, 3);
	CHECK(res.module);
	CHECK(res.complete);
	CHECK_STR_EQ(res.stopped_by, "");
	CHECK_STR_HAS(res.dir, "../fixtures/sweep/basic");
	CHECK_EQ_INT(res.nsettings, 2);
	CHECK_STR_EQ(res.settings[0].name, "default");
	CHECK_STR_EQ(res.settings[1].name, "NO_RUN_TO_PARITY");
	CHECK_EQ_INT(res.nruns, 6);
	/* In the order they ran: repetition-major. */
	CHECK_EQ_INT(res.runs[1].setting, 1);
	CHECK_EQ_INT(res.runs[1].repetition, 0);
	CHECK_EQ_INT(res.runs[2].setting, 0);
	CHECK_EQ_INT(res.runs[2].repetition, 1);
	CHECK_STR_HAS(res.runs[5].path, "basic/runs/1-2.json");
	CHECK_EQ_INT(res.settings[0].nruns, 3);
	CHECK_EQ_INT(res.settings[1].nruns, 3);

	run = res.settings[0].runs[2];
	CHECK_EQ_INT(run->repetition, 2);
	CHECK_EQ_INT(run->setting, 0);
	CHECK_EQ_INT(run->exit_status, 0);
	CHECK(fabs(run->elapsed_s - 0.8801) < 1e-12);
	CHECK(run->have_perf);
	CHECK(run->context_switches == 41903);
	CHECK(run->cpu_migrations == 341);
	CHECK(fabs(run->task_clock_ms - 1647.1) < 1e-9);
	CHECK(sweep_run_value(run, "seconds", 0) == 0.8391);
	CHECK(sweep_run_value(run, "messages", 0) == 320000);
	CHECK(isnan(sweep_run_value(run, "seconds", 1)));
	CHECK(isnan(sweep_run_value(run, "cpu_share", 0)));
	CHECK_EQ_INT(sweep_run_rows(run, "seconds"), 1);
	CHECK_EQ_INT(sweep_run_rows(run, "task"), 0);
	CHECK(sweep_run_table(run, "groups") == sweep_run_table(run, "seconds"));
	CHECK(!sweep_run_table(run, "lat_count"));

	run = res.settings[1].runs[1];
	CHECK(sweep_run_value(run, "seconds", 0) == 0.8987);
	CHECK(run->module);
	CHECK(run->module->switches == 51097);
	CHECK(sweep_run_counter(run, CAT_PICKS_INELIGIBLE) == 7818);
	CHECK(sweep_run_counter(run, CAT_DEQUEUES_DELAYED) == 12769);
	/* a counter of a group the run did not have */
	CHECK(isnan(sweep_run_counter(run, CAT_PICKS_REWEIGHTED)));
	h = &run->module->hist[CAT_HIST_WAKEUP_LAT];
	CHECK(h->present && h->u.buckets[log2_hist_bucket(511)] == 0);
	CHECK(h->u.buckets[log2_hist_bucket(512)] > 0);
	CHECK(h->count > 0 && h->sum > 0 && isnan(h->sum_neg));
	h = &run->module->hist[CAT_HIST_LAG_PICK];
	CHECK(h->present && !isnan(h->sum_neg));
	CHECK(!run->module->hist[CAT_HIST_SLICE_PICK].present);
	sweep_results_free(&res);
	CHECK(!res.nruns && !res.runs && !res.sweep);
	sweep_results_free(&res);	/* twice is harmless */
}

static void test_share(void)
{
	struct sweep_results res;
	const struct sweep_run *run;

	if (!load(&res, "share"))
		return;
	CHECK_STR_EQ(res.preset, "");
	CHECK_STR_EQ(res.workload, "dutycycle -c 0 -t always=1/0 -t half=1/1");
	CHECK_EQ_INT(res.nsettings, 2);
	CHECK_STR_EQ(res.settings[1].name, "NO_PLACE_LAG");
	run = res.settings[1].runs[0];
	CHECK_EQ_INT(sweep_run_rows(run, "cpu_share"), 2);
	CHECK_EQ_INT(sweep_run_rows(run, "task"), 2);
	CHECK(sweep_run_value(run, "cpu_share", 0) == 0.5712);
	CHECK(sweep_run_value(run, "cpu_share", 1) == 0.4279);
	CHECK(isnan(sweep_run_value(run, "cpu_share", 2)));
	/* Words are no numbers. */
	CHECK(isnan(sweep_run_value(run, "task", 0)));
	CHECK_STR_EQ(json_string_value(json_array_get(json_array_get(
		json_object_get(sweep_run_table(run, "task"), "rows"), 1), 1)),
		"half");
	CHECK(sweep_run_value(run, "seconds", 0) == 5.0012);
	sweep_results_free(&res);
}

static void test_latency(void)
{
	struct sweep_results res;
	const struct sweep_run *run;

	if (!load(&res, "latency"))
		return;
	CHECK(!res.module);
	run = res.settings[1].runs[1];
	CHECK(!run->module);
	CHECK(isnan(sweep_run_counter(run, CAT_SWITCHES_VOLUNTARY)));
	CHECK(sweep_run_value(run, "lat_p99.9_us", 0) == 3977.5);
	CHECK(sweep_run_value(run, "lat_count", 0) == 20000);
	CHECK_EQ_INT(sweep_run_rows(run, "lo_us"), 13);
	CHECK(sweep_run_value(run, "lo_us", 0) == 1);
	CHECK(sweep_run_value(run, "count", 12) == 7);
	sweep_results_free(&res);
}


struct broken {
	const char *file;		/* NULL: remove runs/1-1.json */
	const char *from, *to;
	int ret;			/* of a broken sweep.json */
	const char *message;		/* part of the error */
};

static void test_broken(void)
{
	static const struct broken cases[] = {
		{ NULL, NULL, NULL, -ENOENT, "basic/runs/1-1.json: No such file" },
		{ "sweep.json", "\"schema\": \"schedscope-sweep/1\"",
		  "\"schema\": \"schedscope-sweep/2\"", -EINVAL,
		  "sweep.json: \"schema\" is not \"schedscope-sweep/1\"" },
		{ "sweep.json", "\"runs\": [", "\"runs\": [[", -EINVAL,
		  "sweep.json: line " },
		{ "sweep.json", "\"repetitions\": 3", "\"repetitions\": \"3\"",
		  -EINVAL, "\"repetitions\" is out of range or of another type" },
		{ "sweep.json", "\"kernel\"", "\"kernal\"", -EINVAL,
		  "sweep.json: \"kernel\" is missing, not a string" },
		{ "sweep.json", "\"NO_RUN_TO_PARITY\", \"changes\"",
		  "\"default\", \"changes\"", -EINVAL,
		  "setting \"default\" is there twice" },
		{ "sweep.json", "\"runs/1-0.json\"", "\"../1-0.json\"", -EINVAL,
		  "run file \"../1-0.json\" is not a path inside" },
		{ "sweep.json", "\"runs/1-0.json\"", "\"runs/0-0.json\"", -EINVAL,
		  "setting \"default\" repetition 0 again" },
		{ "sweep.json", "\"complete\": true", "\"complete\": 1", -EINVAL,
		  "\"complete\" is of another type, not true or false" },
		{ "sweep.json", "\"workload\": [\"messaging\"", "\"workload\": [1",
		  -EINVAL, "\"workload\"[0] is not a string" },
		{ "runs/1-1.json", "{", "[", -EINVAL,
		  "basic/runs/1-1.json: line " },
		{ "runs/1-1.json", "\"schedscope-run/1\"", "\"schedscope-run\"",
		  -EINVAL, "runs/1-1.json: \"schema\" is not \"schedscope-run/1\"" },
		{ "runs/1-1.json", "\"setting\": \"NO_RUN_TO_PARITY\"",
		  "\"setting\": \"default\"", -EINVAL,
		  "runs/1-1.json: setting \"default\" is not setting 1" },
		{ "runs/1-1.json", "\"setting_index\": 1", "\"setting_index\": 2",
		  -EINVAL, "runs/1-1.json: \"setting_index\" is out of range" },
		{ "runs/1-1.json", "\"repetition\": 1", "\"repetition\": 3",
		  -EINVAL, "runs/1-1.json: \"repetition\" is out of range" },
		{ "runs/1-1.json", "\"rows\": [[0.8987, 4,", "\"rows\": [[0.8987,",
		  -EINVAL, "runs/1-1.json: table 0 (seconds): row 0 is not an "
		  "array of 5 fields" },
		{ "runs/1-1.json", "\"rows\": [[0.8987,", "\"rows\": [[null,",
		  -EINVAL, "field 0 is neither a number nor a word" },
		{ "runs/1-1.json", "\"workload\": {\"tables\"",
		  "\"workload\": {\"tablez\"", -EINVAL,
		  "runs/1-1.json: \"workload\".\"tables\" is not an array" },
		{ "runs/1-1.json", "\"module\": {\"time\"", "\"module\": [{\"time\"",
		  -EINVAL, "runs/1-1.json: line " },
		{ "runs/1-1.json", "\"module\": {", "\"module\": 7, \"x\": {",
		  -EINVAL, "\"module\" is neither an object nor null" },
		{ "runs/1-1.json", "\"stats\":", "\"statz\":", -EINVAL,
		  "runs/1-1.json: \"module\": no \"stats\" object" },
		{ "runs/1-1.json", "\"switches_voluntary\": 44033",
		  "\"switches_voluntary\": -1", -EINVAL, "runs/1-1.json: "
		  "\"module\": \"stats\": \"switches_voluntary\" is not a count" },
		{ "runs/1-1.json", "\"switches_voluntary\": 44033",
		  "\"switches_voluntary\": \"44033\"", -EINVAL,
		  "\"switches_voluntary\" is not a count" },
		{ "runs/1-1.json", "\"unit\": \"ns\", \"signed\": false",
		  "\"unit\": \"us\", \"signed\": false", -EINVAL,
		  "histogram wakeup_lat is in \"us\", not its own unit \"ns\"" },
		{ "runs/1-1.json", "false, \"buckets\": [{\"lo\": 512, \"hi\": 1023",
		  "false, \"buckets\": [{\"lo\": 512, \"hi\": 1024", -EINVAL,
		  "histogram wakeup_lat: bucket 0 is not {\"lo\", \"hi\", "
		  "\"count\"} of a log2 bucket" },
		{ "runs/1-1.json", "\"lo\": -2097151, \"hi\": -1048576",
		  "\"lo\": -2097152, \"hi\": -1048576", -EINVAL,
		  "histogram lag_pick: bucket 0 is not {\"lo\", \"hi\", "
		  "\"count\"} of a signed log2 bucket" },
		{ "runs/1-1.json", "\"file\": \"lag_pick\"",
		  "\"file\": \"wakeup_lat\"", -EINVAL,
		  "histogram wakeup_lat is in \"vns\"" },
		{ "runs/1-1.json", "\"context_switches\": 51876,", "", -EINVAL,
		  "runs/1-1.json: \"context_switches\" is missing, not a number" },
		{ "runs/1-1.json", "\"elapsed_s\": 0.9397", "\"elapsed_s\": true",
		  -EINVAL, "\"elapsed_s\" is of another type, not a number" },
		{ "runs/1-1.json", "\"setting\":", "\"setting\": 1, \"setting\":",
		  -EINVAL, "duplicate object key" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct broken *c = &cases[i];
		const char *dir = test_tmpdir("sweep/basic");
		struct sweep_results res;
		char err[1024] = "", path[PATH_MAX];
		int ret;

		test_copy_dir("../fixtures/sweep/basic", dir);
		if (c->file) {
			test_patch(dir, c->file, c->from, c->to);
		} else {
			snprintf(path, sizeof(path), "%s/runs/1-1.json", dir);
			unlink(path);
		}
		ret = sweep_results_load(&res, dir, err, sizeof(err));
		/*
		 * A run file that cannot be read is left out, saying why: the
		 * other five runs count.
		 */
		if (!c->file || !strncmp(c->file, "runs/", 5) ||
		    strstr(c->to, "..")) {
			CHECK_MSG(ret == 0, "case %zu: got %d (%s)", i, ret, err);
			CHECK_MSG(res.nbad == 1 && strstr(res.bad[0], c->message),
				  "case %zu: left out saying \"%s\" (%zu: %s)", i,
				  c->message, res.nbad, res.nbad ? res.bad[0] : "");
			CHECK_MSG(res.nruns == 5 && res.settings[1].nruns +
				  res.settings[0].nruns == 5,
				  "case %zu: the other runs count", i);
			sweep_results_free(&res);
			continue;
		}
		CHECK_MSG(ret == c->ret, "case %zu: got %d, want %d (%s)", i, ret,
			  c->ret, err);
		CHECK_MSG(strstr(err, c->message), "case %zu: message \"%s\" "
			  "lacks \"%s\"", i, err, c->message);
		CHECK_MSG(!res.sweep && !res.runs && !res.settings && !res.nruns,
			  "case %zu: a failed load leaves data", i);
	}
}

static void test_missing(void)
{
	struct sweep_results res;
	char err[1024] = "";
	const char *dir;

	CHECK_EQ_INT(sweep_results_load(&res, "/nonexistent/sweep", err,
					sizeof(err)), -ENOENT);
	CHECK_STR_EQ(err, "/nonexistent/sweep: No such file or directory");
	dir = test_tmpdir("sweep/empty");
	CHECK_EQ_INT(sweep_results_load(&res, dir, err, sizeof(err)), -ENOENT);
	CHECK_STR_HAS(err, "sweep/empty/sweep.json: No such file or directory");
	CHECK_EQ_INT(sweep_results_load(&res, test_path("../fixtures/stats"), err,
					sizeof(err)), -ENOTDIR);
	CHECK_STR_HAS(err, "../fixtures/stats: not a directory");
	test_write(dir, "sweep.json", "");
	CHECK_EQ_INT(sweep_results_load(&res, dir, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "sweep.json: line ");
	test_write(dir, "sweep.json", "[1]\n");
	CHECK_EQ_INT(sweep_results_load(&res, dir, err, sizeof(err)), -EINVAL);
	CHECK_STR_HAS(err, "sweep.json: not a JSON object");
	/* A trailing slash is dropped, and err may be NULL. */
	CHECK_EQ_INT(sweep_results_load(&res, "/nonexistent/", NULL, 0), -ENOENT);
	CHECK_EQ_INT(sweep_results_load(&res, test_path("../fixtures/sweep/share/"),
					err, sizeof(err)), 0);
	CHECK(res.dir[strlen(res.dir) - 1] != '/');
	sweep_results_free(&res);
}

/* An interrupted sweep: fewer runs than settings x repetitions. */
static void test_incomplete(void)
{
	const char *dir = test_tmpdir("sweep/incomplete");
	struct sweep_results res;
	char err[1024] = "";

	test_copy_dir("../fixtures/sweep/basic", dir);
	test_patch(dir, "sweep.json", ", \"runs/1-2.json\"]", "]");
	test_patch(dir, "sweep.json", "\"complete\": true", "\"complete\": false");
	test_patch(dir, "sweep.json", "\"stopped_by\": null", "\"stopped_by\": \"SIGINT\"");
	if (!CHECK_MSG(!sweep_results_load(&res, dir, err, sizeof(err)), "%s",
		       err))
		return;
	CHECK(!res.complete);
	CHECK_STR_EQ(res.stopped_by, "SIGINT");
	CHECK_EQ_INT(res.nruns, 5);
	CHECK_EQ_INT(res.settings[0].nruns, 3);
	CHECK_EQ_INT(res.settings[1].nruns, 2);
	sweep_results_free(&res);
}

void test_sweep_results(void)
{
	test_basic();
	test_share();
	test_latency();
	test_broken();
	test_missing();
	test_incomplete();
}
