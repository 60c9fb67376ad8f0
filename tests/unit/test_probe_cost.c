// SPDX-License-Identifier: GPL-2.0
/*
 * The module's timing of its own probes: the cost line of status, into a
 * snapshot's JSON and the run file's module object a report reads.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "kmod/probe_cost.h"
#include "results/run_module.h"
#include "test_util.h"

static int parse(const char *text, struct probe_cost *c, char *err,
		 size_t errlen)
{
	return probe_cost_parse(text, c, err, errlen);
}

static void test_parse(void)
{
	struct probe_cost c;
	char err[256];
	static const char *const bad[] = {
		"cost switch_ns 512\n",
		"cost switch_ns x wakeup_ns 1 timed_switches 1 timed_wakeups 1 every 512 clock_ns 71\n",
		"cost switch_ns 1 switch_ns 2 wakeup_ns 1 timed_switches 1 timed_wakeups 1 every 512 clock_ns 71\n",
		"cost switch_ns 1 wakeup_ns 1 timed_switches - timed_wakeups 1 every 512 clock_ns 71\n",
		"cost switch_ns 1 wakeup_ns 1 timed_switches 1 timed_wakeups 1 every 0 clock_ns 71\n",
		"cost switch_ns 1 wakeup_ns 1 timed_switches 1 timed_wakeups 1 every 512 clock_ns\n",
		"cost switch_ns -5 wakeup_ns 1 timed_switches 1 timed_wakeups 1 every 512 clock_ns 71\n",
	};
	size_t i;

	CHECK_EQ_INT(parse("version 1\nclock rq\n"
			   "cost switch_ns 512 wakeup_ns 430 timed_switches 80 timed_wakeups 79 every 512 clock_ns 71\n"
			   "groups all\n", &c, err, sizeof(err)), 0);
	CHECK(c.have);
	CHECK(c.switch_ns == 512 && c.wakeup_ns == 430);
	CHECK_EQ_U64(c.timed_switches, 80);
	CHECK_EQ_U64(c.timed_wakeups, 79);
	CHECK_EQ_INT(c.every, 512);
	CHECK(c.clock_ns == 71);
	/* none timed yet; a newer module's key passed over */
	CHECK_EQ_INT(parse("cost switch_ns - wakeup_ns - timed_switches 0 timed_wakeups 0 every 512 clock_ns 40 spread_ns 3\n",
			   &c, err, sizeof(err)), 0);
	CHECK(c.have && isnan(c.switch_ns) && isnan(c.wakeup_ns));
	/* a module older than the line */
	CHECK_EQ_INT(parse("version 1\nclock mono\n", &c, err, sizeof(err)), 0);
	CHECK(!c.have);
	CHECK_EQ_INT(parse("costly 1\n", &c, err, sizeof(err)), 0);
	CHECK(!c.have);
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		err[0] = '\0';
		CHECK_MSG(parse(bad[i], &c, err, sizeof(err)) == -EINVAL &&
			  strstr(err, "cost line") && !c.have, "%s: %s", bad[i], err);
	}
}

/* status's sample line: the EEVDF groups' 1 in N, 1 without it */
static void test_sample(void)
{
	static const char *const bad[] = {
		"sample 0 of the eevdf groups\n",
		"sample 65537 of them\n",
		"sample x\n",
		"sample -3\n",
		"sample\n",
	};
	struct probe_cost c;
	char err[256];
	size_t i;

	CHECK_EQ_INT(parse("clock rq\nsample 1 every event\n", &c, err,
			   sizeof(err)), 0);
	CHECK_EQ_INT(c.sample, 1);
	CHECK(!c.have);
	CHECK_EQ_INT(parse("cost switch_ns 300 wakeup_ns 100 timed_switches 8 timed_wakeups 8 every 512 clock_ns 70\n"
			   "sample 16 of the eevdf, delayed_dequeue, decisions and pick_order groups: 1 switch and 1 wakeup in 16 recorded, each counting 16\n",
			   &c, err, sizeof(err)), 0);
	CHECK(c.have && c.sample == 16 && c.switch_ns == 300);
	CHECK_EQ_INT(parse("sample 65536 x\n", &c, err, sizeof(err)), 0);
	CHECK_EQ_INT(c.sample, 65536);
	/* a module older than sampling; a line that only starts so */
	CHECK_EQ_INT(parse("version 1\nsamples 3\n", &c, err, sizeof(err)), 0);
	CHECK_EQ_INT(c.sample, 1);
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		err[0] = '\0';
		CHECK_MSG(parse(bad[i], &c, err, sizeof(err)) == -EINVAL &&
			  strstr(err, "sample line"), "%s: %s", bad[i], err);
	}
}

static void test_read(void)
{
	const char *dir = test_tmpdir("probe_cost");
	struct probe_cost c;
	char path[512], err[256];

	test_write(dir, "status", "clock local\ncost switch_ns 7 wakeup_ns 5 timed_switches 2 timed_wakeups 3 every 512 clock_ns 70\n");
	snprintf(path, sizeof(path), "%s/status", dir);
	CHECK_EQ_INT(probe_cost_read(path, &c, err, sizeof(err)), 0);
	CHECK(c.have && c.switch_ns == 7 && c.wakeup_ns == 5);
	snprintf(path, sizeof(path), "%s/nosuch", dir);
	CHECK(probe_cost_read(path, &c, err, sizeof(err)) == -ENOENT);
}

/* The run file's "cost" as the report reads it. */
static void test_run_module_cost(void)
{
	static const char *const bad[] = {
		"{\"stats\":{},\"hists\":[],\"cost\":3}",
		"{\"stats\":{},\"hists\":[],\"cost\":{\"switch_ns\":\"x\"}}",
		"{\"stats\":{},\"hists\":[],\"cost\":{\"wakeup_ns\":-1}}",
		"{\"stats\":{},\"hists\":[],\"cost\":{\"sample\":0}}",
		"{\"stats\":{},\"hists\":[],\"cost\":{\"sample\":65537}}",
		"{\"stats\":{},\"hists\":[],\"cost\":{\"sample\":\"16\"}}",
	};
	struct run_module m;
	json_t *j;
	char err[256];
	size_t i;

	j = json_loads("{\"stats\":{},\"hists\":[],\"cost\":{\"switch_ns\":512,\"wakeup_ns\":null,\"every\":512}}",
		       0, NULL);
	CHECK_EQ_INT(run_module_from_json(j, &m, err, sizeof(err)), 0);
	CHECK(m.cost_switch_ns == 512 && isnan(m.cost_wakeup_ns));
	/* a run file before sampling: every event */
	CHECK_EQ_INT(m.sample, 1);
	json_decref(j);
	j = json_loads("{\"stats\":{},\"hists\":[],\"cost\":{\"switch_ns\":300,\"sample\":16}}",
		       0, NULL);
	CHECK_EQ_INT(run_module_from_json(j, &m, err, sizeof(err)), 0);
	CHECK_EQ_INT(m.sample, 16);
	json_decref(j);
	j = json_loads("{\"stats\":{},\"hists\":[]}", 0, NULL);
	CHECK_EQ_INT(run_module_from_json(j, &m, err, sizeof(err)), 0);
	CHECK(isnan(m.cost_switch_ns) && isnan(m.cost_wakeup_ns));
	json_decref(j);
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		j = json_loads(bad[i], 0, NULL);
		CHECK_MSG(run_module_from_json(j, &m, err, sizeof(err)) == -EINVAL &&
			  strstr(err, "cost"), "%s: %s", bad[i], err);
		json_decref(j);
	}
}

void test_probe_cost(void)
{
	test_parse();
	test_sample();
	test_read();
	test_run_module_cost();
}
