// SPDX-License-Identifier: GPL-2.0
/*
 * The command line: each case runs schedscope_run() (the CLI's dispatch)
 * in a child process with its stdout and stderr in files, and checks the
 * exit status (2 for every bad command line) and what it printed.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>
#include <sys/stat.h>

#include "check.h"
#include "cmd/commands.h"
#include "hist/log2_hist.h"
#include "kmod/decision_classes.h"
#include "lib/read_file.h"
#include "output/overview.h"
#include "plot/data.h"
#include "test_util.h"

#define FIXTURE "../fixtures/debugfs/basic"
#define MAX_ARGS 16

static char got_out[1 << 16], got_err[1 << 14];

static void slurp(const char *path, char *buf, size_t size)
{
	char err[256], *data;
	size_t len;

	buf[0] = '\0';
	if (read_file(path, &data, &len, err, sizeof(err)))
		return;
	snprintf(buf, size, "%s", data);
	free(data);
}

/* Run "schedscope ARGS..." (NULL-terminated); its exit status. */
static int run(const char *env_debugfs, ...)
{
	char *argv[MAX_ARGS + 2] = { "schedscope" };
	char out_path[PATH_MAX], err_path[PATH_MAX];
	const char *dir = test_tmpdir("cli_out");
	va_list ap;
	int argc = 1, status;

	va_start(ap, env_debugfs);
	while (argc < MAX_ARGS && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	argv[argc] = NULL;
	snprintf(out_path, sizeof(out_path), "%s/stdout", dir);
	snprintf(err_path, sizeof(err_path), "%s/stderr", dir);
	status = test_run_cli(argc, argv, env_debugfs, out_path, err_path);
	slurp(out_path, got_out, sizeof(got_out));
	slurp(err_path, got_err, sizeof(got_err));
	return status;
}

#define CHECK_USAGE(...) do {						\
	int st_ = run(NULL, __VA_ARGS__, NULL);				\
	CHECK_MSG(st_ == 2 && strstr(got_err, "Try 'schedscope"),	\
		  "%s: exit %d, stderr \"%s\"", #__VA_ARGS__, st_, got_err); \
} while (0)

static void test_usage_errors(void)
{
	CHECK_EQ_INT(run(NULL, NULL), 2);
	CHECK_STR_HAS(got_err, "Usage: schedscope COMMAND");
	CHECK_USAGE("frobnicate");
	CHECK_USAGE("show", "--bogus");
	CHECK_USAGE("show", "--json", "--csv");
	CHECK_USAGE("show", "--format", "bcc", "--openmetrics");
	CHECK_USAGE("show", "--format", "xml");
	CHECK_USAGE("show", "--unit", "s");
	CHECK_USAGE("show", "--unit");
	CHECK_USAGE("show", "--hist", "../stats");
	CHECK_USAGE("show", "extra");
	CHECK_USAGE("show", "--pid", "1");
	CHECK_USAGE("status", "--json");
	CHECK_USAGE("watch");
	CHECK_USAGE("watch", "0");
	CHECK_USAGE("watch", "-1");
	CHECK_USAGE("watch", "abc");
	CHECK_USAGE("watch", "1s");
	CHECK_USAGE("watch", "nan");
	CHECK_USAGE("watch", "inf");
	CHECK_USAGE("watch", "100000");
	CHECK_USAGE("watch", "1", "0");
	CHECK_USAGE("watch", "1", "x");
	CHECK_USAGE("watch", "1", "2", "3");
	CHECK_USAGE("watch", "--openmetrics", "1");
	CHECK_USAGE("watch", "--format", "prometheus", "1");
	CHECK_USAGE("export");
	CHECK_USAGE("export", "--textfile");
	CHECK_USAGE("export", "--textfile", "/tmp/x.txt");
	CHECK_STR_HAS(got_err, "must end in .prom");
	CHECK_USAGE("export", "--textfile", "/tmp/.prom");
	CHECK_USAGE("export", "--textfile", "/tmp/x.prom", "--interval", "0");
	CHECK_USAGE("export", "--textfile", "/tmp/x.prom", "--interval", "-1");
	CHECK_USAGE("export", "--textfile", "/tmp/x.prom", "--interval", "1s");
	CHECK_USAGE("export", "--textfile", "/tmp/x.prom", "--interval", "100000");
	CHECK_USAGE("export", "--textfile", "/tmp/x.prom", "extra");
	CHECK_USAGE("export", "--textfile", "/tmp/x.prom", "--pid", "1");
	CHECK_USAGE("watch", "--pid", "1", "--tgid", "2", "1");
	CHECK_STR_HAS(got_err, "conflicts");
	CHECK_USAGE("watch", "--comm", "a", "--comm", "b", "1");
	CHECK_USAGE("watch", "--pid", "0", "1");
	CHECK_USAGE("watch", "--pid", "12x", "1");
	CHECK_USAGE("watch", "--comm", "sixteen_chars_xx", "1");
	CHECK_USAGE("watch", "--comm", "", "1");
	CHECK_USAGE("watch", "--cgroup", "", "1");
	CHECK_USAGE("load", "--task-slots", "5");
	CHECK_USAGE("load", "--task-slots", "99999999");
	CHECK_USAGE("load", "--btf", "x", "--no-layout");
	CHECK_USAGE("load", "--bogus");
	CHECK_USAGE("load", "--pid", "1", "--cgroup", "/x");
	CHECK_USAGE("unload", "now");
	CHECK_USAGE("record", "--pid", "1", "--comm", "x");
	CHECK_USAGE("record", "ls");
	CHECK_USAGE("record", "-o");
	CHECK_USAGE("slow", "abc");
	CHECK_STR_HAS(got_err, "MIN_US 'abc': microseconds, 1 to");
	CHECK_USAGE("slow", "0");
	CHECK_USAGE("slow", "-5");
	CHECK_USAGE("slow", "4294967296");
	CHECK_USAGE("slow", "5", "6");
	CHECK_STR_HAS(got_err, "unexpected argument '6'");
	CHECK_USAGE("slow", "--duration", "0");
	CHECK_USAGE("slow", "--duration", "x");
	CHECK_USAGE("slow", "--duration");
	CHECK_USAGE("slow", "--json=1");
	CHECK_USAGE("slow", "--pid", "1", "--comm", "x");
	/* Group sweeps: refused before the features file is read. */
	CHECK_USAGE("sweep", "--set", "default", "--group", "a=x", "--group",
		    "a=y");
	CHECK_STR_HAS(got_err, "--group a given twice");
	CHECK_USAGE("sweep", "--set", "default", "--group", "1a=x");
	CHECK_USAGE("sweep", "--set", "default", "--group", "a=");
	CHECK_USAGE("sweep", "--set", "default", "--group", "a=x $(id)");
	CHECK_USAGE("sweep", "--set", "default", "--group", "a=x", "--", "y");
	CHECK_STR_HAS(got_err, "exclude each other");
	CHECK_USAGE("sweep", "--set", "default", "--service", "a=srv");
	CHECK_USAGE("sweep", "--set", "default", "--group", "a=x",
		    "--service", "b=srv");
	CHECK_USAGE("sweep", "--set", "default", "--group", "a=x",
		    "--filter-group", "b");
	CHECK_USAGE("sweep", "--set", "default", "--group", "a=x",
		    "--filter-group", "a", "--pid", "1");
	CHECK_USAGE("sweep", "--set", "default", "--filter-group", "a", "--",
		    "x");
	CHECK_USAGE("sweep", "--preset", "group-share-tbench", "--", "x");
	/* The same filter twice is not a conflict. */
	CHECK(run(NULL, "watch", "--pid", "7", "--pid", "7", "--debugfs",
		  "/nonexistent", "1", NULL) == 1);
}

static void test_help(void)
{
	static const char *const cmds[] = { "load", "unload", "status", "show",
					    "watch", "record", "slow", "export",
					    "enable", "disable", "reset", "restore" };
	char want[64];
	size_t i;

	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		snprintf(want, sizeof(want), "Usage: schedscope %s", cmds[i]);
		CHECK_EQ_INT(run(NULL, cmds[i], "--help", NULL), 0);
		CHECK_STR_HAS(got_out, want);
		CHECK_EQ_INT(run(NULL, cmds[i], "-h", NULL), 0);
	}
	CHECK_EQ_INT(run(NULL, "--help", NULL), 0);
	CHECK_STR_HAS(got_out, "record");
	CHECK_EQ_INT(run(NULL, "--version", NULL), 0);
	CHECK_STR_HAS(got_out, "schedscope 0.1.0");
	CHECK_EQ_INT(run(NULL, "show", "--help", NULL), 0);
	CHECK_STR_HAS(got_out, "p99.9");
	/* usage errors that say what is wrong and what would do */
	CHECK_EQ_INT(run(NULL, "load", "--groups", "latency,foo", NULL), 2);
	CHECK_STR_HAS(got_err, "--groups: 'foo' is not a metric group; the "
		      "groups: latency,switches,eevdf,");
	CHECK_EQ_INT(run(NULL, "watch", "-1", NULL), 2);
	CHECK_STR_HAS(got_err, "'-1' is a negative number, not an option");
	CHECK_EQ_INT(run(NULL, "watch", "-x", NULL), 2);
	CHECK_STR_HAS(got_err, "unknown option '-x'");
	CHECK_EQ_INT(run(NULL, "load", "--help", NULL), 0);
	CHECK(!strstr(got_out, "restored afterwards"));
	/* every chart, from the charts' table */
	CHECK_EQ_INT(run(NULL, "plot", "--help", NULL), 0);
	for (i = 0; i < PLOT_NCHARTS; i++) {
		snprintf(want, sizeof(want), "\n  %-20s  ", plot_charts[i].name);
		CHECK_STR_HAS(got_out, want);
	}
}

static void test_reading(void)
{
	const char *fixture = test_path(FIXTURE);
	char fixture_copy[PATH_MAX];

	snprintf(fixture_copy, sizeof(fixture_copy), "%s", fixture);
	CHECK_EQ_INT(run(NULL, "show", "--all", "--debugfs", fixture_copy, NULL), 0);
	CHECK_STR_HAS(got_out, "@wakeup_lat_ns: \n[512, 1K) ");
	CHECK_STR_HAS(got_out, "# @wakeup_lat_ns: count 164, min [512, 1023]");
	/* The environment variable, and the option before it. */
	CHECK_EQ_INT(run(fixture_copy, "show", "--hist", "new_lat", "--json", NULL), 0);
	CHECK_STR_HAS(got_out, "\"name\":\"new_lat_ns\"");
	CHECK(!strstr(got_out, "wakeup_lat"));
	CHECK_EQ_INT(run("/nonexistent", "show", "--debugfs", fixture_copy,
			 "--openmetrics", NULL), 0);
	CHECK_STR_HAS(got_out, "schedscope_switches_total 252\n");
	CHECK_EQ_INT(run(fixture_copy, "show", "--hist", "nosuch", NULL), 1);
	CHECK_STR_HAS(got_err, "nosuch");
	CHECK_EQ_INT(run(NULL, "show", "--debugfs", "/nonexistent", NULL), 1);
	CHECK_STR_HAS(got_err, "/nonexistent: no such directory");
	CHECK_EQ_INT(run(fixture_copy, "status", NULL), 0);
	CHECK_STR_HAS(got_out, "interface 3\n");

	/* Broken files: exit 1 with file and line, never a crash. */
	char dir[PATH_MAX];

	snprintf(dir, sizeof(dir), "%s", test_tmpdir("cli_broken"));

	test_copy_dir(FIXTURE, dir);
	test_write(dir, "hist/wakeup_lat", "# wakeup_lat_ns: lo hi count\n1024 ");
	CHECK_EQ_INT(run(dir, "show", NULL), 1);
	CHECK_STR_HAS(got_err, "hist/wakeup_lat: line 2");
	test_write(dir, "status", "version 0.1.0\ninterface");
	CHECK_EQ_INT(run(dir, "status", NULL), 1);
	CHECK_STR_HAS(got_err, "not a schedscope status file");
}

/* enable, disable, reset write their files; show and status warn when disabled */
static void test_control(void)
{
	char dir[PATH_MAX], path[PATH_MAX + 16];
	char *text;
	size_t len;
	char err[256];

	snprintf(dir, sizeof(dir), "%s", test_tmpdir("cli_control"));
	test_copy_dir(FIXTURE, dir);
	CHECK_EQ_INT(run(dir, "disable", NULL), 0);
	CHECK_STR_HAS(got_out, "disabled");
	snprintf(path, sizeof(path), "%s/enable", dir);
	CHECK(!read_file(path, &text, &len, err, sizeof(err)) &&
	      !strcmp(text, "0\n"));
	free(text);
	CHECK_EQ_INT(run(dir, "show", NULL), 0);
	CHECK_STR_HAS(got_err, "the module is disabled: nothing is being "
		      "measured ('schedscope enable' starts it)");
	CHECK_EQ_INT(run(dir, "status", NULL), 0);
	CHECK_STR_HAS(got_err, "the module is disabled");
	CHECK_EQ_INT(run(NULL, "enable", "--debugfs", dir, NULL), 0);
	CHECK(!read_file(path, &text, &len, err, sizeof(err)) &&
	      !strcmp(text, "1\n"));
	free(text);
	CHECK_EQ_INT(run(dir, "show", NULL), 0);
	CHECK_STR_EQ(got_err, "");
	test_write(dir, "reset", "");
	CHECK_EQ_INT(run(dir, "reset", NULL), 0);
	snprintf(path, sizeof(path), "%s/reset", dir);
	CHECK(!read_file(path, &text, &len, err, sizeof(err)) &&
	      !strcmp(text, "1\n"));
	free(text);
	CHECK_EQ_INT(run(NULL, "enable", "--debugfs", "/nonexistent", NULL), 1);
	CHECK_STR_HAS(got_err, "/nonexistent");
	CHECK_EQ_INT(run(dir, "reset", "now", NULL), 2);
}

static void test_watch(void)
{
	char dir[PATH_MAX], path[PATH_MAX + 16], *text;
	size_t len;
	int lines = 0;

	snprintf(dir, sizeof(dir), "%s", test_tmpdir("cli_watch"));
	test_copy_dir(FIXTURE, dir);
	test_write(dir, "enable", "0\n");
	CHECK_EQ_INT(run(dir, "watch", "--json", "--pid", "42", "0.05", "2", NULL), 0);
	for (const char *p = got_out; (p = strchr(p, '\n')); p++)
		lines++;
	CHECK_EQ_INT(lines, 2);
	/* Nothing changed in the files: every counter moved by 0. */
	CHECK_STR_HAS(got_out, "\"switches\":0,");
	CHECK_STR_HAS(got_out, "\"interval_s\":0.0");
	CHECK_STR_HAS(got_err, "enabled it for this run");
	/* The filter was written, then put back; enable too. */
	snprintf(path, sizeof(path), "%s/filter", dir);
	text = test_file(path, &len);
	CHECK_STR_EQ(text, "none\n");
	free(text);
	snprintf(path, sizeof(path), "%s/enable", dir);
	text = test_file(path, &len);
	CHECK_STR_EQ(text, "0\n");
	free(text);

	CHECK_EQ_INT(run(dir, "watch", "--csv", "0.02", "2", NULL), 0);
	CHECK(!strncmp(got_out, "time,cpu,kind,name,lo,hi,value\n", 31));
	CHECK(strstr(got_out + 1, "time,cpu,kind") == NULL);
	CHECK_EQ_INT(run(dir, "watch", "--all", "0.02", "1", NULL), 0);
	CHECK(!strncmp(got_out, "# ", 2) && strstr(got_out, " interval 0.0"));
	/* the default: a header, then one line per interval */
	CHECK_EQ_INT(run(dir, "watch", "0.02", "3", NULL), 0);
	lines = 0;
	for (const char *p = got_out; (p = strchr(p, '\n')); p++)
		lines++;
	CHECK_EQ_INT(lines, 2 + 3);
	CHECK(!strncmp(got_out, "# time ", 7));
	/* nothing happened in the intervals: 0 a second, no waits */
	CHECK_STR_HAS(got_out, "         0         -         0         -");
}

/* Write hist/FILE of dir as the module does, with the given buckets. */
/* hist/FILE as the module writes it: buckets bucket[i] with count[i]. */
static void write_hist(const char *dir, const char *file, const char *name,
		       const unsigned int *bucket, const uint64_t *count,
		       size_t n)
{
	char rel[64], text[4096];
	size_t i, used;

	used = snprintf(text, sizeof(text), "# %s: lo hi count\n", name);
	for (i = 0; i < n; i++)
		used += snprintf(text + used, sizeof(text) - used,
				 "%llu %llu %llu\n",
				 (unsigned long long)log2_hist_bucket_min(bucket[i]),
				 (unsigned long long)log2_hist_bucket_max(bucket[i]),
				 (unsigned long long)count[i]);
	snprintf(rel, sizeof(rel), "hist/%s", file);
	test_write(dir, rel, text);
}

/*
 * show's overview: percentiles in us of a histogram whose percentiles are
 * known, and at most OVERVIEW_MAX_LINES lines with every decision class
 * seen and every group off.
 */
static void test_overview(void)
{
	/* [1K, 2K) 500, [8K, 16K) 400, [64K, 128K) 90, [1M, 2M) 10 */
	static const unsigned int bucket[] = { 11, 14, 17, 21 };
	static const uint64_t count[] = { 500, 400, 90, 10 };
	char dir[PATH_MAX], stats[8192], status[2048], *line;
	size_t i, used = 0;
	int lines = 0;

	snprintf(dir, sizeof(dir), "%s", test_tmpdir("cli_overview"));
	test_copy_dir(FIXTURE, dir);
	write_hist(dir, "wakeup_lat", "wakeup_lat_ns", bucket, count, 4);
	test_write(dir, "stats", "switches 1000\nswitches_voluntary 900\n"
		   "switches_involuntary 100\nswitches_to_idle 7\n"
		   "migrations 3\npreempted_by_wakeup 40\n"
		   "wakeup_lat_count 1000\n"
		   "wakeup_lat_sum_ns 40000000\n"
		   "preempt_lat_count 22\npreempt_lat_sum_ns 1277952\n"
		   "new_lat_count 4\nnew_lat_sum_ns 33792\n");
	CHECK_EQ_INT(run(dir, "show", NULL), 0);
	/*
	 * p50: rank 500 ends [1024, 2047]: 2047 ns; p90: rank 900 ends
	 * [8192, 16383]; p99: rank 990 ends [65536, 131071]; p99.9: rank 999,
	 * 9 of the 10 in [1048576, 2097151]: 1048576 + 0.9 * 1048575 ns; the
	 * max at most the top of that bucket
	 */
	CHECK_STR_HAS(got_out, "  after a wakeup            1000     2.05     16.4"
		      "    131.1     1992     <=2097\n");
	CHECK_STR_HAS(got_out, "percentiles interpolated within log2 buckets");
	CHECK_STR_HAS(got_out, "Switches out: 1000; slept 900 (90.0%), "
		      "preempted 100 (10.0%: by a wakeup 40, other 60)\n");

	/* the longest overview: every class seen, every group off */
	used += snprintf(stats + used, sizeof(stats) - used,
			 "switches 1000\nswitches_voluntary 900\n"
			 "switches_involuntary 100\nswitches_to_idle 7\n"
			 "switches_exiting 1\nmigrations 3\n"
			 "wakeup_decisions %zu\npicks 10\npicks_ineligible 1\n"
			 "picks_earlier_ineligible 1\npicks_earlier_delayed 1\n"
			 "picks_earlier_eligible 1\ndequeues 5\n"
			 "dequeues_delayed 5\nwakeups_delayed 4\n"
			 "wakeup_preemptions 60\nslot_collisions 2\n",
			 decision_nclasses);
	for (i = 0; i < decision_nclasses; i++)
		used += snprintf(stats + used, sizeof(stats) - used, "%s 1\n",
				 decision_classes[i].key);
	test_write(dir, "stats", stats);
	used = snprintf(status, sizeof(status), "kernel 7.3.4+deb13-amd64\n"
			"enabled 1\nfilter comm=pingpong\n");
	for (i = 0; i < 6; i++)
		used += snprintf(status + used, sizeof(status) - used,
				 "group g%zu off: not in the groups parameter\n",
				 i);
	test_write(dir, "status", status);
	CHECK_EQ_INT(run(dir, "show", NULL), 0);
	for (line = got_out; (line = strchr(line, '\n')); line++)
		lines++;
	CHECK_MSG(lines <= OVERVIEW_MAX_LINES, "%d lines: %s", lines, got_out);
	CHECK_STR_HAS(got_out, "schedscope on 7.3.4+deb13-amd64: measuring, "
		      "comm=pingpong\n");
	CHECK_STR_HAS(got_out, "Not measured: g5 off: not in the groups parameter\n");
	CHECK_STR_HAS(got_out, "Wakeup decisions: ");
	for (i = 0; i < decision_nclasses; i++)
		CHECK_STR_HAS(got_out, decision_classes[i].label);
	CHECK_STR_HAS(got_out, "Note: 2 waits lost");
}

/* export: the file as show --format prometheus prints it; the refusals. */
static void test_export(void)
{
	char fixture[PATH_MAX], dir[PATH_MAX], prom[PATH_MAX + 16],
	     missing[PATH_MAX + 32], shown[sizeof(got_out)];
	struct stat st;

	snprintf(fixture, sizeof(fixture), "%s", test_path(FIXTURE));
	snprintf(dir, sizeof(dir), "%s", test_tmpdir("cli_export"));
	snprintf(prom, sizeof(prom), "%s/s.prom", dir);
	CHECK_EQ_INT(run(fixture, "show", "--format", "prometheus", NULL), 0);
	snprintf(shown, sizeof(shown), "%s", got_out);
	CHECK_STR_HAS(shown, "schedscope_wakeup_lat_seconds_bucket{le=\"0.000001023\"} 3\n");
	CHECK_STR_HAS(shown, "# TYPE schedscope_switches_total counter\n"
		      "schedscope_switches_total 252\n");
	CHECK_EQ_INT(run(fixture, "export", "--textfile", prom, NULL), 0);
	CHECK_STR_EQ(got_out, "");
	slurp(prom, got_out, sizeof(got_out));
	CHECK_STR_EQ(got_out, shown);

	/* Nothing readable from the module: exit 1, the old file kept. */
	CHECK_EQ_INT(run("/nonexistent", "export", "--textfile", prom, NULL), 1);
	CHECK_STR_HAS(got_err, "/nonexistent");
	slurp(prom, got_out, sizeof(got_out));
	CHECK_STR_EQ(got_out, shown);

	/* A missing directory: said before the module is read. */
	snprintf(missing, sizeof(missing), "%s/none/s.prom", dir);
	CHECK_EQ_INT(run(fixture, "export", "--textfile", missing, NULL), 1);
	CHECK_STR_HAS(got_err, "schedscope export: --textfile: directory ");
	CHECK_STR_HAS(got_err, "/none: No such file or directory");
	snprintf(missing, sizeof(missing), "%s/none", dir);
	CHECK(stat(missing, &st) && errno == ENOENT);
}

void test_cli(void)
{
	test_usage_errors();
	test_help();
	test_reading();
	test_control();
	test_watch();
	test_overview();
	test_export();
}
