// SPDX-License-Identifier: GPL-2.0
/*
 * Group sweeps: --group NAME=COMMAND parsed and refused, cpu.stat read,
 * the groups' shares of a run, and a group sweep's result directory read
 * back (fixtures/sweep/groups/: two spinners groups on a 2-CPU 6.12 VM,
 * the module's snapshots left out).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "report/report.h"
#include "sweep/groups.h"
#include "results/sweep_results.h"
#include "test_util.h"

static void test_names(void)
{
	CHECK(sweep_group_name_ok("a"));
	CHECK(sweep_group_name_ok("massive_intr"));
	CHECK(sweep_group_name_ok("tb2"));
	CHECK(sweep_group_name_ok("abcdefghijklmnopqrstuvwxyz01234"));	/* 31 */
	CHECK(!sweep_group_name_ok("abcdefghijklmnopqrstuvwxyz012345"));
	CHECK(!sweep_group_name_ok(""));
	CHECK(!sweep_group_name_ok("1a"));
	CHECK(!sweep_group_name_ok("_a"));
	CHECK(!sweep_group_name_ok("Tb"));
	CHECK(!sweep_group_name_ok("cpu.max"));		/* a cgroup file */
	CHECK(!sweep_group_name_ok("a-b"));
	CHECK(!sweep_group_name_ok("a/b"));
	CHECK(!sweep_group_name_ok(".."));
}

/* arg refused with -EINVAL and a message holding want. */
static void refused(const char *arg, const char *want)
{
	struct sweep_group_spec g;
	char err[512] = "";

	CHECK_MSG(sweep_group_parse(arg, &g, err, sizeof(err)) == -EINVAL,
		  "'%s' accepted", arg);
	CHECK_STR_HAS(err, want);
	CHECK(!g.argv);
}

static void test_parse(void)
{
	struct sweep_group_spec g;
	char err[512] = "";

	CHECK_EQ_INT(sweep_group_parse("tb=tbench -t 5 4 127.0.0.1", &g, err,
				       sizeof(err)), 0);
	CHECK_STR_EQ(g.name, "tb");
	CHECK_STR_EQ(g.command, "tbench -t 5 4 127.0.0.1");
	CHECK_EQ_U64(g.argc, 5);
	CHECK_STR_EQ(g.argv[0], "tbench");
	CHECK_STR_EQ(g.argv[4], "127.0.0.1");
	CHECK(!g.argv[5]);
	sweep_group_free(&g);
	CHECK(!g.argv);

	/* Quotes and backslashes as in the shell; '--' is just a word. */
	CHECK_EQ_INT(sweep_group_parse("x=sh -c 'echo \"a b\"' -- \\$HOME \"\"",
				       &g, err, sizeof(err)), 0);
	CHECK_EQ_U64(g.argc, 6);
	CHECK_STR_EQ(g.argv[2], "echo \"a b\"");
	CHECK_STR_EQ(g.argv[3], "--");
	CHECK_STR_EQ(g.argv[4], "$HOME");
	CHECK_STR_EQ(g.argv[5], "");
	sweep_group_free(&g);
	/* '=' after the first belongs to the command. */
	CHECK_EQ_INT(sweep_group_parse("m=perf bench --x=1", &g, err,
				       sizeof(err)), 0);
	CHECK_STR_EQ(g.name, "m");
	CHECK_STR_EQ(g.argv[2], "--x=1");
	sweep_group_free(&g);

	refused("tb", "not NAME=COMMAND");
	refused("=tbench", "a group name is");
	refused("Tb=tbench", "a group name is");
	refused("cgroup.procs=x", "a group name is");
	refused("tb=", "no command");
	refused("tb=   ", "no command");
	refused("tb=''", "the first not empty");
	refused("tb=a $(reboot)", "command substitution");
	refused("tb=a `reboot`", "command substitution");
	refused("tb=a; reboot", "not run by a shell");
	refused("tb=a | b", "not run by a shell");
	refused("tb=a > f", "not run by a shell");
	refused("tb=a $SCHEDSCOPE_TEST_UNSET_VARIABLE", "unset variable");
	refused("tb=a 'b", "syntax error");
}

static void test_cpu_stat(void)
{
	struct cgroup_cpu_usage u;

	CHECK_EQ_INT(cgroup_cpu_stat_parse("usage_usec 2170548\n"
					   "user_usec 1922285\n"
					   "system_usec 248262\n"
					   "nr_periods 0\nnr_throttled 0\n"
					   "throttled_usec 0\nnr_bursts 0\n"
					   "burst_usec 0\n", &u), 0);
	CHECK_EQ_U64(u.usage_usec, 2170548);
	CHECK_EQ_U64(u.user_usec, 1922285);
	CHECK_EQ_U64(u.system_usec, 248262);
	/* Without the cpu controller, cpu.stat still has the three. */
	CHECK_EQ_INT(cgroup_cpu_stat_parse("usage_usec 1\nuser_usec 1\n"
					   "system_usec 0\n", &u), 0);
	CHECK_EQ_INT(cgroup_cpu_stat_parse("usage_usec 1\nuser_usec 1\n", &u),
		     -EINVAL);
	CHECK_EQ_INT(cgroup_cpu_stat_parse("usage_usec x\nuser_usec 1\n"
					   "system_usec 0\n", &u), -EINVAL);
	CHECK_EQ_INT(cgroup_cpu_stat_parse("", &u), -EINVAL);
}

static void test_shares(void)
{
	struct cgroup_cpu_usage before[3] = {
		{ .usage_usec = 1000 }, { .usage_usec = 5000 },
		{ .usage_usec = 9000 } };
	struct cgroup_cpu_usage after[3] = {
		{ .usage_usec = 2001000 }, { .usage_usec = 3005000 },
		{ .usage_usec = 100 } };	/* went back: counts 0 */
	struct sweep_group_share sh[3];

	sweep_group_shares(before, after, 3, 2.5, 2, sh);
	CHECK_EQ_U64(sh[0].usage_usec, 2000000);
	CHECK_EQ_U64(sh[1].usage_usec, 3000000);
	CHECK_EQ_U64(sh[2].usage_usec, 0);
	CHECK(fabs(sh[0].share_of_cpus - 0.4) < 1e-12);
	CHECK(fabs(sh[1].share_of_cpus - 0.6) < 1e-12);
	CHECK(fabs(sh[0].share_of_groups - 0.4) < 1e-12);
	CHECK(fabs(sh[1].share_of_groups - 0.6) < 1e-12);
	CHECK(sh[2].share_of_cpus == 0 && sh[2].share_of_groups == 0);

	/* No window, no CPU time: shares 0, not NaN. */
	sweep_group_shares(before, before, 2, 0, 2, sh);
	CHECK(sh[0].share_of_cpus == 0 && sh[0].share_of_groups == 0);
}

/* The report's group section of the fixture. */
static void report_of_fixture(const struct sweep_results *res)
{
	struct report r = { .res = res, .base = 0 };
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	if (!CHECK(f))
		return;
	CHECK_EQ_INT(report_write(&r, f, false), 0);
	fclose(f);
	CHECK_STR_HAS(text, "CPU share per group (cgroup cpu.stat)\n");
	CHECK_STR_HAS(text, "default: 1 run, window 2.660 s\n\n"
		      "group  cpu_s  share  of_groups  v default\n"
		      "a      2.171  0.408      0.414      1.000\n"
		      "b      3.074  0.578      0.586      1.000\n");
	/* 0.4023041234 / 0.4080254183 */
	CHECK_STR_HAS(text, "a      1.980  0.402      0.415      0.986\n");
	CHECK_STR_HAS(text, "b      cpu_seconds (sum)  2.972 (  0.00%)");
	free(text);
}

static void test_results(void)
{
	struct sweep_results res;
	const struct sweep_run *run;
	char err[1024] = "";

	if (!CHECK_MSG(!sweep_results_load(&res, test_path("../fixtures/sweep/groups"),
					   err, sizeof(err)), "%s", err))
		return;
	CHECK_EQ_U64(res.ngroups, 2);
	CHECK_STR_EQ(sweep_group_name(&res, 0), "a");
	CHECK_STR_EQ(sweep_group_name(&res, 1), "b");
	CHECK_STR_EQ(res.workload, "a=spinners -n 1 -s 2 b=spinners -n 3 -s 30");
	run = res.settings[0].runs[0];
	CHECK(sweep_run_group(run, "a"));
	CHECK(!sweep_run_group(run, "c"));
	CHECK(sweep_run_group_number(run, "a", "usage_usec") == 2170548);
	CHECK(isnan(sweep_run_group_number(run, "a", "no_such_key")));
	CHECK(fabs(sweep_run_group_number(run, "b", "share_of_cpus") -
		   0.577821333) < 1e-9);
	/* b's three threads' cpu_seconds, as spinners printed them. */
	CHECK(fabs(report_group_result(run, "b", "cpu_seconds", true) -
		   (0.952303 + 1.054194 + 0.96554)) < 1e-9);
	CHECK(fabs(report_group_result(run, "b", "cpu_seconds", false) -
		   0.952303) < 1e-9);
	CHECK(report_group_result(run, "a", "seconds", false) == 2.006516);
	CHECK(isnan(report_group_result(run, "a", "mb_per_sec", false)));
	report_of_fixture(&res);
	sweep_results_free(&res);
}

void test_sweep_groups(void)
{
	test_names();
	test_parse();
	test_cpu_stat();
	test_shares();
	test_results();
}
