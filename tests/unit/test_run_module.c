// SPDX-License-Identifier: GPL-2.0
/*
 * results/run_module.c: a run file's "module" object read by the
 * catalogue's enums; the edges `show --json` can write (counts and bucket
 * bounds from 2^63 on as reals, the lowest signed bucket) and what it
 * passes over (a newer module's keys and histograms).
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "results/run_module.h"

static int from_text(const char *text, struct run_module *m, char *err,
		     size_t errlen)
{
	json_t *j = json_loads(text, 0, NULL);
	int ret;

	if (!CHECK_MSG(j, "JSON of the case: %s", text))
		return -1;
	ret = run_module_from_json(j, m, err, errlen);
	json_decref(j);
	return ret;
}

static void test_edges(void)
{
	static const char text[] =
		"{\"stats\": {\"switches\": 3, \"migrations\": 9223372036854775807,"
		" \"wakeups\": 1.8446744073709552e19, \"a_newer_counter\": 5,"
		" \"wakeup_lat_count\": 2, \"wakeup_lat_sum_ns\": 10},"
		" \"hists\": ["
		"  {\"file\": \"a_newer_hist\", \"unit\": \"ms\", \"buckets\": 7},"
		"  {\"file\": \"stint_slice\", \"unit\": \"\", \"buckets\": ["
		"   {\"lo\": 64, \"hi\": 127, \"count\": 5}]},"
		"  {\"file\": \"wakeup_lat\", \"unit\": \"ns\", \"buckets\": ["
		"   {\"lo\": 0, \"hi\": 0, \"count\": 1},"
		"   {\"lo\": 9.223372036854776e18, \"hi\": 1.8446744073709552e19,"
		"    \"count\": 1}]},"
		"  {\"file\": \"lag_pick\", \"unit\": \"vns\", \"buckets\": ["
		"   {\"lo\": -9223372036854775808, \"hi\": -9223372036854775808,"
		"    \"count\": 4}, {\"lo\": -1, \"hi\": -1, \"count\": 2}]}]}";
	struct run_module m;
	char err[256] = "";

	if (!CHECK_MSG(!from_text(text, &m, err, sizeof(err)), "%s", err))
		return;
	CHECK(m.switches == 3);
	CHECK(m.counter[CAT_MIGRATIONS] == 0x1p63);
	CHECK(m.counter[CAT_WAKEUPS] == 0x1p64);
	CHECK(isnan(m.counter[CAT_PICKS]));
	CHECK(m.hist[CAT_HIST_WAKEUP_LAT].present);
	CHECK(m.hist[CAT_HIST_WAKEUP_LAT].count == 2);
	CHECK(m.hist[CAT_HIST_WAKEUP_LAT].sum == 10);
	CHECK_EQ_U64(m.hist[CAT_HIST_WAKEUP_LAT].u.buckets[0], 1);
	CHECK_EQ_U64(m.hist[CAT_HIST_WAKEUP_LAT].u.buckets[64], 1);
	CHECK_EQ_U64(m.hist[CAT_HIST_LAG_PICK].s.neg[64], 4);
	CHECK_EQ_U64(m.hist[CAT_HIST_LAG_PICK].s.neg[1], 2);
	CHECK(isnan(m.hist[CAT_HIST_LAG_PICK].count));
	CHECK(!m.hist[CAT_HIST_NEW_LAT].present);
	/* a percentage: show --json names no unit */
	CHECK_EQ_U64(m.hist[CAT_HIST_STINT_SLICE].u.buckets[7], 5);
}

static void test_refused(void)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "{\"stats\": {}}", "no \"stats\" object and \"hists\" array" },
		{ "{\"stats\": {\"picks\": 1.5}, \"hists\": []}",
		  "\"picks\" is not a count" },
		{ "{\"stats\": {\"picks\": 1e300}, \"hists\": []}",
		  "\"picks\" is not a count" },
		{ "{\"stats\": {}, \"hists\": [{\"unit\": \"ns\"}]}",
		  "\"hists\"[0] has no \"file\"" },
		{ "{\"stats\": {}, \"hists\": [{\"file\": \"new_lat\", "
		  "\"unit\": \"ns\", \"buckets\": []}, {\"file\": \"new_lat\", "
		  "\"unit\": \"ns\", \"buckets\": []}]}",
		  "histogram new_lat twice" },
		{ "{\"stats\": {}, \"hists\": [{\"file\": \"new_lat\", "
		  "\"buckets\": []}]}",
		  "histogram new_lat is in \"\", not its own unit \"ns\"" },
		{ "{\"stats\": {}, \"hists\": [{\"file\": \"new_lat\", "
		  "\"unit\": \"\", \"buckets\": []}]}",
		  "histogram new_lat is in \"\", not its own unit \"ns\"" },
		{ "{\"stats\": {}, \"hists\": [{\"file\": \"stint_slice\", "
		  "\"unit\": \"ns\", \"buckets\": []}]}",
		  "histogram stint_slice is in \"ns\", not its own unit \"pct\"" },
		{ "{\"stats\": {}, \"hists\": [{\"file\": \"new_lat\", "
		  "\"unit\": \"ns\"}]}", "histogram new_lat has no \"buckets\"" },
		{ "{\"stats\": {}, \"hists\": [{\"file\": \"new_lat\", "
		  "\"unit\": \"ns\", \"buckets\": [{\"lo\": 4, \"hi\": 7}]}]}",
		  "histogram new_lat: bucket 0 is not" },
		{ "{\"stats\": {}, \"hists\": [{\"file\": \"new_lat\", "
		  "\"unit\": \"ns\", \"buckets\": [{\"lo\": -4, \"hi\": -3, "
		  "\"count\": 1}]}]}", "bucket 0 is not" },
		{ "{\"stats\": {}, \"hists\": [{\"file\": \"lag_pick\", "
		  "\"unit\": \"vns\", \"buckets\": [{\"lo\": 4, \"hi\": 8, "
		  "\"count\": 1}]}]}", "of a signed log2 bucket" },
	};
	struct run_module m;
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		err[0] = '\0';
		CHECK_MSG(from_text(cases[i].text, &m, err, sizeof(err)) ==
			  -EINVAL && strstr(err, cases[i].message),
			  "case %zu: \"%s\", want \"%s\"", i, err,
			  cases[i].message);
	}
}

void test_run_module(void)
{
	test_edges();
	test_refused();
}
