// SPDX-License-Identifier: GPL-2.0
/*
 * The tables of `schedscope plot` (plot/data.c) on the sweep fixtures,
 * against numbers this file works out from the run files itself with
 * jansson; the .dat text; runs left out; bad histograms.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "plot/data.h"
#include "test_util.h"

#define FIXTURES "../fixtures/sweep/"

/* The fixture's run files that count (exit status 0), loaded here. */
struct runs {
	size_t n;
	json_t *run[64];
};

static void load_runs(const char *fixture, struct runs *r)
{
	char rel[256];
	json_t *sweep, *name;
	size_t i;

	r->n = 0;
	snprintf(rel, sizeof(rel), FIXTURES "%s/sweep.json", fixture);
	sweep = json_load_file(test_path(rel), 0, NULL);
	if (!sweep)
		abort();
	json_array_foreach(json_object_get(sweep, "runs"), i, name) {
		json_t *run;

		snprintf(rel, sizeof(rel), FIXTURES "%s/%s", fixture,
			 json_string_value(name));
		run = json_load_file(test_path(rel), 0, NULL);
		if (!run || r->n == 64)
			abort();
		if (json_integer_value(json_object_get(run, "exit_status")))
			json_decref(run);
		else
			r->run[r->n++] = run;
	}
	json_decref(sweep);
}

static void free_runs(struct runs *r)
{
	while (r->n)
		json_decref(r->run[--r->n]);
}

static long long setting_of(json_t *run)
{
	return json_integer_value(json_object_get(run, "setting_index"));
}

static json_t *hist_of(json_t *run, const char *file)
{
	json_t *h;
	size_t i;

	json_array_foreach(json_object_get(json_object_get(run, "module"),
					   "hists"), i, h)
		if (!strcmp(json_string_value(json_object_get(h, "file")), file))
			return h;
	return NULL;
}

/* Count of the bucket starting at lo, summed over setting s's runs. */
static uint64_t bucket_sum(const struct runs *r, long long s, const char *file,
			   double lo, uint64_t *total)
{
	uint64_t n = 0;
	json_t *b;
	size_t i, k;

	*total = 0;
	for (i = 0; i < r->n; i++) {
		if (setting_of(r->run[i]) != s || !hist_of(r->run[i], file))
			continue;
		json_array_foreach(json_object_get(hist_of(r->run[i], file),
						   "buckets"), k, b) {
			uint64_t c = json_integer_value(json_object_get(b, "count"));

			*total += c;
			if (json_number_value(json_object_get(b, "lo")) == lo)
				n += c;
		}
	}
	return n;
}

/* Distinct bucket starts of histogram file over setting s's runs. */
static size_t bucket_starts(const struct runs *r, long long s, const char *file)
{
	double seen[256];
	size_t i, k, j, n = 0;
	json_t *b;

	for (i = 0; i < r->n; i++) {
		if (setting_of(r->run[i]) != s || !hist_of(r->run[i], file))
			continue;
		json_array_foreach(json_object_get(hist_of(r->run[i], file),
						   "buckets"), k, b) {
			double lo = json_number_value(json_object_get(b, "lo"));

			for (j = 0; j < n && seen[j] != lo; j++)
				;
			if (j == n && n < 256)
				seen[n++] = lo;
		}
	}
	return n;
}

/* Mean, min, max of a module counter over setting s's runs. */
static size_t stat_of(const struct runs *r, long long s, const char *key,
		      double *mean, double *min, double *max)
{
	size_t i, n = 0;
	double sum = 0;

	for (i = 0; i < r->n; i++) {
		json_t *v = json_object_get(json_object_get(json_object_get(
				r->run[i], "module"), "stats"), key);
		double x;

		if (setting_of(r->run[i]) != s || !json_is_number(v))
			continue;
		x = json_number_value(v);
		if (!n || x < *min)
			*min = x;
		if (!n || x > *max)
			*max = x;
		sum += x;
		n++;
	}
	*mean = n ? sum / n : NAN;
	return n;
}

/* The same for the cpu_share of task `task` (a string label). */
static size_t share_of(const struct runs *r, long long s, const char *task,
		       double *mean, double *min, double *max)
{
	size_t i, k, c, n = 0;
	double sum = 0;
	json_t *t, *row;

	for (i = 0; i < r->n; i++) {
		if (setting_of(r->run[i]) != s)
			continue;
		json_array_foreach(json_object_get(json_object_get(r->run[i],
				   "workload"), "tables"), k, t) {
			long tc = -1, sc = -1;
			json_t *col;

			json_array_foreach(json_object_get(t, "columns"), c, col) {
				if (!strcmp(json_string_value(col), "task"))
					tc = c;
				if (!strcmp(json_string_value(col), "cpu_share"))
					sc = c;
			}
			if (tc < 0 || sc < 0)
				continue;
			json_array_foreach(json_object_get(t, "rows"), c, row) {
				double x;

				if (strcmp(json_string_value(json_array_get(row, tc)),
					   task))
					continue;
				x = json_number_value(json_array_get(row, sc));
				if (!n || x < *min)
					*min = x;
				if (!n || x > *max)
					*max = x;
				sum += x;
				n++;
			}
		}
	}
	*mean = n ? sum / n : NAN;
	return n;
}

static bool near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(1, fabs(b));
}

static bool load(const char *fixture, struct sweep_results *res,
		 struct plot_data *pd)
{
	char rel[256], err[1024];

	snprintf(rel, sizeof(rel), FIXTURES "%s", fixture);
	if (!CHECK_MSG(!sweep_results_load(res, test_path(rel), err,
					   sizeof(err)), "%s", err))
		return false;
	if (!CHECK_MSG(!plot_data_build(pd, res, err, sizeof(err)), "%s", err)) {
		sweep_results_free(res);
		return false;
	}
	return true;
}

static void check_cdf(const struct plot_data *pd, const struct runs *r)
{
	size_t s, b;

	for (s = 0; s < pd->nsettings; s++) {
		const struct plot_hist *h = &pd->lat[s];
		double mean, min, max;
		uint64_t total, sum = 0;
		size_t nruns;

		nruns = stat_of(r, s, "wakeup_lat_count", &mean, &min, &max);
		CHECK_EQ_U64(h->n, bucket_starts(r, s, "wakeup_lat"));
		for (b = 0; b < h->n; b++) {
			CHECK_EQ_U64(h->count[b], bucket_sum(r, s, "wakeup_lat",
							     h->lo[b], &total));
			sum += h->count[b];
			CHECK(b == 0 || h->lo[b] > h->hi[b - 1]);
		}
		/* The buckets add up to the runs' wakeup_lat_count counters. */
		CHECK_EQ_U64(h->total, total);
		CHECK_EQ_U64(sum, total);
		CHECK_EQ_U64(h->total, (uint64_t)(mean * nruns + 0.5));
		CHECK(h->n && plot_hist_upper(h, h->n - 1) == h->hi[h->n - 1] + 1);
	}
	CHECK_STR_EQ(pd->lat_unit, "ns");
	CHECK(pd->lat_us == 1e-3);
}

static void check_lag(const struct plot_data *pd, const struct runs *r)
{
	const struct plot_hist *all = &pd->lag_all;
	size_t s, b;
	bool four_k = false, zero = false, neg = false;

	for (s = 0; s < pd->nsettings; s++) {
		uint64_t total, sum = 0;

		for (b = 0; b < all->n; b++) {
			uint64_t want = bucket_sum(r, s, "lag_pick", all->lo[b],
						   &total);
			size_t j;
			uint64_t got = 0;

			for (j = 0; j < pd->lag[s].n; j++)
				if (pd->lag[s].lo[j] == all->lo[b])
					got = pd->lag[s].count[j];
			CHECK_EQ_U64(got, want);
			sum += got;
		}
		CHECK_EQ_U64(sum, total);
		CHECK_EQ_U64(pd->lag[s].total, total);
	}
	for (b = 0; b < all->n; b++) {
		if (all->lo[b] == 4096) {
			CHECK_STR_EQ(pd->lag_label[b], "[4K,8K)");
			four_k = true;
		}
		if (all->lo[b] == 0) {
			CHECK_STR_EQ(pd->lag_label[b], "[0]");
			zero = true;
		}
		if (all->lo[b] == -8191) {
			CHECK_STR_EQ(pd->lag_label[b], "(-8K,-4K]");
			neg = true;
		}
	}
	CHECK(four_k && zero && neg);
	CHECK_STR_EQ(pd->lag_unit, "vns");
}

static void check_switches(const struct plot_data *pd, const struct runs *r)
{
	size_t c, s, row;
	double mean, min, max;

	/* The causes present, in plot_causes' order. */
	for (row = 0, c = 0; c < plot_ncauses; c++) {
		const char *name = cat_counters[plot_causes[c]].name;

		if (!stat_of(r, 0, name, &mean, &min, &max) &&
		    !stat_of(r, 1, name, &mean, &min, &max))
			continue;
		if (!CHECK_MSG(row < pd->switches.nrows, "row for %s",
			       name))
			return;
		CHECK_STR_EQ(pd->switches.row[row], name);
		for (s = 0; s < pd->nsettings; s++) {
			const struct summary_stats *st =
				&pd->switches.stat[row * pd->nsettings + s];

			CHECK_EQ_U64(st->n, stat_of(r, s, name, &mean,
						    &min, &max));
			CHECK_MSG(near(st->mean, mean) && st->min == min &&
				  st->max == max, "%s setting %zu: %g %g %g, "
				  "want %g %g %g", name, s, st->mean,
				  st->min, st->max, mean, min, max);
		}
		row++;
	}
	CHECK_EQ_U64(pd->switches.nrows, row);
}

static void check_share(const struct plot_data *pd, const struct runs *r)
{
	size_t s, row;
	double mean, min, max;

	CHECK_EQ_U64(pd->share.nrows, 2);
	for (row = 0; row < pd->share.nrows; row++) {
		for (s = 0; s < pd->nsettings; s++) {
			const struct summary_stats *st =
				&pd->share.stat[row * pd->nsettings + s];

			CHECK_EQ_U64(st->n, share_of(r, s, pd->share.row[row],
						     &mean, &min, &max));
			CHECK_MSG(st->n && near(st->mean, mean) &&
				  st->min == min && st->max == max,
				  "%s setting %zu: %g %g %g, want %g %g %g",
				  pd->share.row[row], s, st->mean, st->min,
				  st->max, mean, min, max);
		}
	}
	if (pd->share.nrows == 2) {
		CHECK_STR_EQ(pd->share.row[0], "always.0");
		CHECK_STR_EQ(pd->share.row[1], "half.0");
	}
}

static void check_seconds(const struct plot_data *pd, const struct runs *r)
{
	size_t s, i, n;
	double sum, min = 0, max = 0;

	for (s = 0; s < pd->nsettings; s++) {
		for (n = 0, sum = 0, i = 0; i < r->n; i++) {
			json_t *t = json_array_get(json_object_get(json_object_get(
				r->run[i], "workload"), "tables"), 0);
			double x;

			if (setting_of(r->run[i]) != (long long)s)
				continue;
			/* Every fixture's first table starts with seconds. */
			x = json_number_value(json_array_get(json_array_get(
				json_object_get(t, "rows"), 0), 0));
			if (!n || x < min)
				min = x;
			if (!n || x > max)
				max = x;
			sum += x;
			n++;
		}
		CHECK_EQ_U64(pd->seconds[s].n, n);
		CHECK(n && near(pd->seconds[s].mean, sum / n) &&
		      pd->seconds[s].min == min && pd->seconds[s].max == max);
	}
}

/* Lines of text that are neither comments nor blank. */
static size_t data_lines(const char *text)
{
	size_t n = 0;
	const char *p = text;

	while (*p) {
		if (*p != '#' && *p != '\n')
			n++;
		p = strchrnul(p, '\n');
		if (*p)
			p++;
	}
	return n;
}

static void check_dat(const struct plot_data *pd)
{
	char *text;
	size_t len, s, rows = 0;

	CAPTURE(text, len, CHECK_EQ_INT(plot_data_write(pd, PLOT_WAKEUP_CDF,
							 out), 0));
	for (s = 0; s < pd->nsettings; s++)
		rows += pd->lat[s].n;
	CHECK_EQ_U64(data_lines(text), rows);
	CHECK_STR_HAS(text, "# setting 1: NO_RUN_TO_PARITY (3 runs,");
	CHECK_STR_HAS(text, "# lo_us hi_us upper_us count cumulative fraction\n");
	/* Blocks two blank lines apart, for gnuplot's `index`. */
	CHECK_STR_HAS(text, " 1\n\n\n# setting 1:");
	free(text);

	CAPTURE(text, len, CHECK_EQ_INT(plot_data_write(pd, PLOT_SWITCHES,
							 out), 0));
	CHECK_STR_HAS(text, "# cause default.mean default.min default.max "
		      "default.n NO_RUN_TO_PARITY.mean");
	CHECK_EQ_U64(data_lines(text), pd->switches.nrows);
	free(text);

	CAPTURE(text, len, CHECK_EQ_INT(plot_data_write(pd, PLOT_LAG_PICK,
							 out), 0));
	CHECK_EQ_U64(data_lines(text), pd->lag_all.n);
	CHECK_STR_HAS(text, "\n(-8K,-4K] -8191 -4096 ");
	free(text);

	CAPTURE(text, len, CHECK_EQ_INT(plot_data_write(pd, PLOT_SECONDS,
							 out), 0));
	CHECK_STR_HAS(text, "\n1 \"NO_RUN_TO_PARITY\" ");
	CHECK_EQ_U64(data_lines(text), pd->nsettings + pd->res->nruns);
	free(text);
}

static void test_fixture_basic(void)
{
	struct sweep_results res;
	struct plot_data pd;
	struct runs r;

	if (!load("basic", &res, &pd))
		return;
	load_runs("basic", &r);
	CHECK(pd.have[PLOT_WAKEUP_CDF] && pd.have[PLOT_LAG_PICK] &&
	      pd.have[PLOT_SWITCHES] && pd.have[PLOT_SECONDS]);
	CHECK(!pd.have[PLOT_CPU_SHARE]);
	CHECK_STR_HAS(pd.why[PLOT_CPU_SHARE], "task and cpu_share");
	CHECK(pd.have[PLOT_DECISIONS]);
	/* the classes that occurred, in the module's order */
	CHECK_EQ_U64(pd.decisions.nrows, 7);
	CHECK_STR_EQ(pd.decisions.row[0], "preempted: won the pick");
	CHECK_STR_EQ(pd.decisions.row[4], "declined: protected");
	/* NO_RUN_TO_PARITY's runs: no protected decline at all */
	CHECK(pd.decisions.stat[4 * pd.nsettings + 1].n == 3 &&
	      pd.decisions.stat[4 * pd.nsettings + 1].mean == 0);
	CHECK(pd.decisions.stat[4 * pd.nsettings].mean > 17.9 &&
	      pd.decisions.stat[4 * pd.nsettings].mean < 18.1);
	CHECK_EQ_U64(pd.runs_used, 6);
	check_cdf(&pd, &r);
	check_lag(&pd, &r);
	check_switches(&pd, &r);
	check_seconds(&pd, &r);
	check_dat(&pd);
	free_runs(&r);
	plot_data_free(&pd);
	sweep_results_free(&res);
}

static void test_fixture_share(void)
{
	struct sweep_results res;
	struct plot_data pd;
	struct runs r;
	int c;

	if (!load("share", &res, &pd))
		return;
	load_runs("share", &r);
	/*
	 * every chart but the decisions, which its runs do not have, the
	 * tools' (a workload of its own, no tool) and the groups'
	 */
	for (c = 0; c < PLOT_NCHARTS; c++) {
		bool want = c != PLOT_DECISIONS && c != PLOT_TOOLS &&
			    c != PLOT_GROUP_SHARE;

		CHECK_MSG(pd.have[c] == want, "share: %s %s",
			  plot_charts[c].name, want ? "there" : "absent");
	}
	CHECK_STR_HAS(pd.why[PLOT_GROUP_SHARE], "not a group sweep");
	CHECK_STR_HAS(pd.why[PLOT_DECISIONS], "no wakeup decisions");
	CHECK_STR_HAS(pd.why[PLOT_TOOLS], "no numbers from a tool's own output");
	check_cdf(&pd, &r);
	check_switches(&pd, &r);
	check_share(&pd, &r);
	check_seconds(&pd, &r);
	free_runs(&r);
	plot_data_free(&pd);
	sweep_results_free(&res);
}

static void test_fixture_latency(void)
{
	struct sweep_results res;
	struct plot_data pd;
	struct runs r;
	int c;

	if (!load("latency", &res, &pd))
		return;
	load_runs("latency", &r);
	for (c = 0; c < PLOT_NCHARTS; c++)
		CHECK_MSG(pd.have[c] == (c == PLOT_SECONDS), "latency: %s",
			  plot_charts[c].name);
	CHECK_STR_HAS(pd.why[PLOT_WAKEUP_CDF], "without the module");
	CHECK_STR_HAS(pd.why[PLOT_SWITCHES], "without the module");
	CHECK(!plot_setting_has(&pd, PLOT_WAKEUP_CDF, 0));
	CHECK(plot_setting_has(&pd, PLOT_SECONDS, 1));
	check_seconds(&pd, &r);
	free_runs(&r);
	plot_data_free(&pd);
	sweep_results_free(&res);
}

/* tbench's numbers and a --metric's over the first setting's mean. */
static void test_fixture_tools(void)
{
	const double mbs[2][2] = { { 176.376, 181.902 }, { 151.210, 149.977 } };
	struct sweep_results res;
	struct plot_data pd;
	double base;
	int c;

	if (!load("tools", &res, &pd))
		return;
	for (c = 0; c < PLOT_NCHARTS; c++)
		CHECK_MSG(pd.have[c] == (c == PLOT_SECONDS || c == PLOT_TOOLS),
			  "tools: %s", plot_charts[c].name);
	CHECK_EQ_U64(pd.tools.nrows, 4);
	if (pd.tools.nrows == 4) {
		CHECK_STR_EQ(pd.tools.row[0], "tbench: mb_per_sec");
		CHECK_STR_EQ(pd.tools.row[1], "tbench: clients");
		CHECK_STR_EQ(pd.tools.row[3], "metric: p99_us");
		base = (mbs[0][0] + mbs[0][1]) / 2;
		CHECK(pd.tools.stat[0].n == 2 && pd.tools.stat[0].mean == 1);
		CHECK(fabs(pd.tools.stat[1].mean -
			   (mbs[1][0] + mbs[1][1]) / 2 / base) < 1e-12);
		CHECK(fabs(pd.tools.stat[1].min - mbs[1][1] / base) < 1e-12);
		/* the same 2 clients everywhere */
		CHECK(pd.tools.stat[2].max == 1 && pd.tools.stat[3].min == 1);
	}
	CHECK(plot_setting_has(&pd, PLOT_TOOLS, 1));
	plot_data_free(&pd);
	sweep_results_free(&res);
}

#define SWEEP_JSON \
	"{\"schema\": \"schedscope-sweep/1\", \"kernel\": \"6.12.0\", " \
	"\"cpus\": 2, \"preset\": null, \"workload\": [\"w\"], " \
	"\"repetitions\": 2, \"module\": true, \"filter\": \"none\", " \
	"\"settings\": [{\"name\": \"default\", \"changes\": []}], " \
	"\"runs\": [\"runs/0-0.json\", \"runs/0-1.json\"], " \
	"\"complete\": true, \"stopped_by\": null}\n"

/* A run of setting 0 with a task table and a wakeup_lat histogram. */
static void write_run(const char *dir, unsigned int rep, int exit_status,
		      const char *rows, const char *buckets)
{
	char rel[64], text[4096];

	snprintf(rel, sizeof(rel), "runs/0-%u.json", rep);
	snprintf(text, sizeof(text),
		 "{\"schema\": \"schedscope-run/1\", \"setting\": \"default\", "
		 "\"setting_index\": 0, \"repetition\": %u, \"features\": \"\", "
		 "\"exit_status\": %d, \"elapsed_s\": 1.0, \"perf\": null, "
		 "\"workload\": {\"tables\": [{\"columns\": [\"task\", "
		 "\"cpu_share\"], \"rows\": [%s]}]}, \"module\": {\"unit\": "
		 "\"ns\", \"stats\": {\"migrations\": %d}, \"hists\": "
		 "[{\"file\": \"wakeup_lat\", \"unit\": \"ns\", \"buckets\": "
		 "[%s]}]}}\n", rep, exit_status, rows, 10 + exit_status * 1000,
		 buckets);
	test_write(dir, rel, text);
}

static void test_runs_left_out(void)
{
	const char *dir = test_tmpdir("plot_data_failed");
	struct sweep_results res;
	struct plot_data pd;
	char err[1024];

	test_write(dir, "sweep.json", SWEEP_JSON);
	write_run(dir, 0, 0, "[\"spin\", 0.25], [\"spin\", 0.75], [7, 0.5]",
		  "{\"lo\": 2, \"hi\": 3, \"count\": 4}");
	write_run(dir, 1, 1, "[\"spin\", 1.0]",
		  "{\"lo\": 1024, \"hi\": 2047, \"count\": 100}");
	if (!CHECK_MSG(!sweep_results_load(&res, dir, err, sizeof(err)), "%s",
		       err))
		return;
	if (CHECK_MSG(!plot_data_build(&pd, &res, err, sizeof(err)), "%s", err)) {
		/* The failed run's histogram, counter and shares are not there. */
		CHECK_EQ_U64(pd.runs_used, 1);
		CHECK_EQ_U64(pd.lat[0].n, 1);
		CHECK_EQ_U64(pd.lat[0].total, 4);
		CHECK(pd.switches.nrows == 1 && pd.switches.stat[0].max == 10);
		/* The same label twice in a run: two tasks; a number label. */
		CHECK_EQ_U64(pd.share.nrows, 3);
		if (pd.share.nrows == 3) {
			CHECK_STR_EQ(pd.share.row[0], "spin");
			CHECK_STR_EQ(pd.share.row[1], "spin#2");
			CHECK_STR_EQ(pd.share.row[2], "7");
			CHECK(pd.share.stat[0].max == 0.25 &&
			      pd.share.stat[1].max == 0.75);
		}
		/* No seconds table: the used run's wall-clock time, marked so. */
		CHECK(pd.have[PLOT_SECONDS]);
		CHECK(!pd.seconds_own);
		CHECK(pd.seconds[0].n == 1 && pd.seconds[0].mean == 1.0);
		plot_data_free(&pd);
	}
	sweep_results_free(&res);
}

/* A run whose buckets are not the catalogue's is left out, saying why. */
static void test_bad_histogram(void)
{
	static const char *const bad[] = {
		/* Same start, another end: not the same log2 bucket. */
		"{\"lo\": 2, \"hi\": 5, \"count\": 1}",
		"{\"lo\": 8, \"hi\": 15, \"count\": -1}",
	};
	const char *dir = test_tmpdir("plot_data_bad");
	struct sweep_results res;
	struct plot_data pd;
	char err[1024];
	size_t i;

	test_write(dir, "sweep.json", SWEEP_JSON);
	write_run(dir, 0, 0, "", "{\"lo\": 2, \"hi\": 3, \"count\": 4}");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		write_run(dir, 1, 0, "", bad[i]);
		if (!CHECK_MSG(!sweep_results_load(&res, dir, err, sizeof(err)),
			       "%s", err))
			return;
		CHECK_EQ_U64(res.nbad, 1);
		CHECK_STR_HAS(res.bad[0], "runs/0-1.json: \"module\": "
			      "histogram wakeup_lat: bucket 0 is not");
		CHECK_EQ_INT(plot_data_build(&pd, &res, err, sizeof(err)), 0);
		CHECK_EQ_U64(pd.lat[0].total, 4);
		plot_data_free(&pd);
		sweep_results_free(&res);
	}
}

void test_plot_data(void)
{
	test_fixture_basic();
	test_fixture_share();
	test_fixture_latency();
	test_fixture_tools();
	test_runs_left_out();
	test_bad_histogram();
}
