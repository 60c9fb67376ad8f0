// SPDX-License-Identifier: GPL-2.0
/*
 * A sweep's results turned into the tables of `schedscope plot`
 * (plot/data.h); plot/dat.c writes them.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error_msg.h"
#include "kmod/decision_classes.h"
#include "plot/data.h"

/* The counters of the switches chart: the catalogue's causes. */
const enum cat_counter plot_causes[] = {
#define SS_PLOT_CAUSE(id) CAT_##id,
#include "../../module/metrics.h"
};
const size_t plot_ncauses = sizeof(plot_causes) / sizeof(plot_causes[0]);

/* The first bucket of h that does not start below lo (h->n if none). */
static size_t find_bucket(const struct plot_hist *h, double lo)
{
	size_t j;

	for (j = 0; j < h->n && h->lo[j] < lo; j++)
		;
	return j;
}

/* A bucket [lo, hi] of count 0 put at j of h; -1 when h is full. */
static int insert_bucket(struct plot_hist *h, size_t j, double lo, double hi)
{
	if (h->n == PLOT_MAX_BUCKETS)
		return -1;
	memmove(h->lo + j + 1, h->lo + j, (h->n - j) * sizeof(*h->lo));
	memmove(h->hi + j + 1, h->hi + j, (h->n - j) * sizeof(*h->hi));
	memmove(h->count + j + 1, h->count + j, (h->n - j) * sizeof(*h->count));
	h->lo[j] = lo;
	h->hi[j] = hi;
	h->count[j] = 0;
	h->n++;
	return 0;
}

/* A bucket of a run's histogram added to h, its bounds among h's. */
static void add_bucket(struct plot_hist *h, const struct hist_bin *b)
{
	double lo = b->lo, hi = b->hi;
	size_t j = find_bucket(h, lo);

	/* The catalogue's buckets: never more than fit, none overlapping */
	if ((j == h->n || h->lo[j] != lo) && insert_bucket(h, j, lo, hi))
		return;
	h->count[j] += b->count;
	h->total += b->count;
}

/* The buckets of run's histogram `hist` added to ph. */
static void hist_add(struct plot_hist *ph, const struct sweep_run *run,
		     enum cat_hist hist)
{
	struct hist_bins b;
	unsigned int i;

	if (!run->module || !run->module->hist[hist].present)
		return;
	run_hist_bins(run->module, hist, &b);
	for (i = 0; i < b.n; i++)
		add_bucket(ph, &b.bin[i]);
	ph->runs++;
}

double plot_hist_upper(const struct plot_hist *h, size_t b)
{
	/* In double: past 2^53, hi = 2^k - 1 already reads as 2^k. */
	return h->hi[b] + 1.0;
}

/* Why the module's charts are empty when no run has the histogram. */
static void no_module_why(const struct plot_data *pd, char *why, size_t len,
			  const char *what)
{
	const struct sweep_results *res = pd->res;
	size_t i, with = 0;

	for (i = 0; i < res->nruns; i++)
		if (sweep_run_used(&res->runs[i]) && res->runs[i].module)
			with++;
	if (!pd->runs_used)
		snprintf(why, len, "no run ended with exit status 0");
	else if (!with)
		snprintf(why, len, "no module data in the runs (%s)", res->module ?
			 "the module's snapshots are missing" :
			 "the sweep ran without the module");
	else
		snprintf(why, len, "%s", what);
}

/* Why a chart of the workload's tables is empty. */
static void no_workload_why(struct plot_data *pd, enum plot_chart c,
			    const char *what)
{
	snprintf(pd->why[c], sizeof(pd->why[c]), "%s", pd->runs_used ? what :
		 "no run ended with exit status 0");
}

static int build_hist_chart(struct plot_data *pd, enum plot_chart c,
			    enum cat_hist hist, struct plot_hist **hp,
			    char *unit, size_t unitlen, const char *none,
			    char *err, size_t errlen)
{
	const struct sweep_results *res = pd->res;
	size_t s, r, runs = 0;

	*hp = calloc(res->nsettings, sizeof(**hp));
	if (!*hp)
		return error_ret(err, errlen, -ENOMEM, "out of memory");
	for (s = 0; s < res->nsettings; s++) {
		for (r = 0; r < res->settings[s].nruns; r++) {
			const struct sweep_run *run = res->settings[s].runs[r];

			if (sweep_run_used(run))
				hist_add(&(*hp)[s], run, hist);
		}
		runs += (*hp)[s].runs;
		if ((*hp)[s].total)
			pd->have[c] = true;
	}
	snprintf(unit, unitlen, "%s", cat_hists[hist].unit);
	if (!runs)
		no_module_why(pd, pd->why[c], sizeof(pd->why[c]), none);
	else if (!pd->have[c])
		snprintf(pd->why[c], sizeof(pd->why[c]),
			 "the %s histograms are empty", cat_hists[hist].name);
	return 0;
}

/* 1024 -> "1K", -8192 -> "-8K", 3 -> "3": bpftrace's bucket bounds. */
static void bound_str(double v, char *buf, size_t len)
{
	static const char suffix[] = " KMGT";
	int k;

	for (k = 4; k > 0; k--)
		if (v != 0 && fmod(v, ldexp(1, 10 * k)) == 0)
			break;
	if (k)
		snprintf(buf, len, "%.0f%c", v / ldexp(1, 10 * k), suffix[k]);
	else
		snprintf(buf, len, "%.0f", v);
}

/*
 * A bucket's label as docs/interface.md writes it, without the blank (a
 * gnuplot data field): "[0]", "[4K,8K)", "(-8K,-4K]".
 */
static void bucket_label(double lo, double hi, char *buf, size_t len)
{
	char a[30], b[30];

	if (lo == hi) {
		bound_str(lo, a, sizeof(a));
		snprintf(buf, len, "[%s]", a);
	} else if (hi < 0) {
		bound_str(lo - 1.0, a, sizeof(a));
		bound_str(hi, b, sizeof(b));
		snprintf(buf, len, "(%s,%s]", a, b);
	} else {
		bound_str(lo, a, sizeof(a));
		bound_str(hi + 1.0, b, sizeof(b));
		snprintf(buf, len, "[%s,%s)", a, b);
	}
}

/* Every bucket of any setting in lag_all, so that the settings share an axis. */
static int merge_lag(struct plot_data *pd, char *err, size_t errlen)
{
	struct plot_hist *all = &pd->lag_all;
	size_t s, b, j;

	for (s = 0; s < pd->nsettings; s++) {
		const struct plot_hist *h = &pd->lag[s];

		for (b = 0; b < h->n; b++) {
			j = find_bucket(all, h->lo[b]);
			if ((j == all->n || all->lo[j] != h->lo[b]) &&
			    insert_bucket(all, j, h->lo[b], h->hi[b]))
				return error_ret(err, errlen, -EINVAL, "%s: lag_pick: "
						 "more than %d buckets in all",
						 pd->res->dir, PLOT_MAX_BUCKETS);
			all->count[j] += h->count[b];
			all->total += h->count[b];
		}
	}
	return 0;
}

static int build_lag(struct plot_data *pd, char *err, size_t errlen)
{
	struct plot_hist *all = &pd->lag_all;
	size_t b;
	int ret;

	ret = build_hist_chart(pd, PLOT_LAG_PICK, CAT_HIST_LAG_PICK, &pd->lag,
			       pd->lag_unit, sizeof(pd->lag_unit),
			       "no run has a lag_pick histogram (the module's "
			       "eevdf group was not live)", err, errlen);
	if (!ret)
		ret = merge_lag(pd, err, errlen);
	if (ret)
		return ret;
	pd->lag_label = calloc(all->n ? all->n : 1, sizeof(*pd->lag_label));
	if (!pd->lag_label)
		return error_ret(err, errlen, -ENOMEM, "out of memory");
	for (b = 0; b < all->n; b++)
		bucket_label(all->lo[b], all->hi[b], pd->lag_label[b],
			     sizeof(pd->lag_label[b]));
	return 0;
}

static int build_switches(struct plot_data *pd, char *err, size_t errlen)
{
	const struct sweep_results *res = pd->res;
	struct plot_bars_values bv;
	size_t c, s, r;
	long row;
	double v;

	plot_bars_init(&bv, &pd->switches, res);
	for (c = 0; c < plot_ncauses; c++) {
		row = -1;
		for (s = 0; s < res->nsettings; s++) {
			for (r = 0; r < res->settings[s].nruns; r++) {
				const struct sweep_run *run = res->settings[s].runs[r];

				v = sweep_run_counter(run, plot_causes[c]);
				if (!sweep_run_used(run) || isnan(v))
					continue;
				if (row < 0)
					row = plot_bars_row(&bv, cat_counters[plot_causes[c]].name);
				if (row < 0) {
					free(bv.v);
					return error_ret(err, errlen, -ENOMEM,
							 "out of memory");
				}
				*plot_bars_value(&bv, row, s, r) = v;
			}
		}
	}
	if (plot_bars_finish(&bv))
		return error_ret(err, errlen, -ENOMEM, "out of memory");
	pd->have[PLOT_SWITCHES] = pd->switches.nrows > 0;
	if (!pd->have[PLOT_SWITCHES])
		no_module_why(pd, pd->why[PLOT_SWITCHES],
			      sizeof(pd->why[PLOT_SWITCHES]), "the module's "
			      "stats have none of the switch counters");
	return 0;
}

/* Each wakeup decision class in % of the run's decisions, where it occurred. */
static int build_decisions(struct plot_data *pd, char *err, size_t errlen)
{
	const struct sweep_results *res = pd->res;
	struct plot_bars_values bv;
	size_t c, s, r;
	double v, total;
	long row;

	plot_bars_init(&bv, &pd->decisions, res);
	for (c = 0; c < decision_nclasses; c++) {
		row = -1;
		for (s = 0; s < res->nsettings; s++) {
			for (r = 0; r < res->settings[s].nruns; r++) {
				const struct sweep_run *run = res->settings[s].runs[r];

				total = sweep_run_counter(run, DECISIONS_TOTAL);
				v = sweep_run_counter(run, decision_classes[c].id);
				if (!sweep_run_used(run) || isnan(v) || !(total > 0))
					continue;
				if (row < 0 && v > 0)
					row = plot_bars_row(&bv, decision_classes[c].label);
				if (row < 0 && v > 0) {
					free(bv.v);
					return error_ret(err, errlen, -ENOMEM,
							 "out of memory");
				}
				if (row >= 0)
					*plot_bars_value(&bv, row, s, r) = 100 * v / total;
			}
		}
	}
	if (plot_bars_finish(&bv))
		return error_ret(err, errlen, -ENOMEM, "out of memory");
	pd->have[PLOT_DECISIONS] = pd->decisions.nrows > 0;
	if (!pd->have[PLOT_DECISIONS])
		no_module_why(pd, pd->why[PLOT_DECISIONS],
			      sizeof(pd->why[PLOT_DECISIONS]), "the module's "
			      "stats have no wakeup decisions (group decisions)");
	return 0;
}

/* A task label: a word as it is, a number as the workload printed it. */
static void task_label(json_t *v, char *buf, size_t len)
{
	if (json_is_string(v))
		snprintf(buf, len, "%s", json_string_value(v));
	else if (json_is_integer(v))
		snprintf(buf, len, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
	else
		snprintf(buf, len, "%.12g", json_number_value(v));
}

/* Run r of its setting: each task's cpu_share in the task's row. */
static int share_run(struct plot_bars_values *bv, const struct sweep_run *run,
		     size_t r, char *err, size_t errlen)
{
	json_t *t = sweep_run_table(run, "cpu_share"), *rows, *row;
	/* Room for "#N" after a label. */
	char label[PLOT_LABEL_MAX - 24], seen[PLOT_LABEL_MAX];
	long tc, sc, bar;
	size_t i, q, again;

	tc = t ? sweep_table_column(t, "task") : -1;
	if (tc < 0)
		return 0;
	sc = sweep_table_column(t, "cpu_share");
	rows = json_object_get(t, "rows");
	json_array_foreach(rows, i, row) {
		json_t *v = json_array_get(row, sc);

		task_label(json_array_get(row, tc), label, sizeof(label));
		if (!json_is_number(v))
			return error_ret(err, errlen, -EINVAL, "%s: cpu_share of task "
					 "%s is not a number", run->path, label);
		/* A label twice in one run: two tasks, "spin" and "spin#2". */
		for (again = 1, q = 0; q < i; q++) {
			char other[sizeof(label)];

			task_label(json_array_get(json_array_get(rows, q), tc),
				   other, sizeof(other));
			again += !strcmp(other, label);
		}
		if (again > 1)
			snprintf(seen, sizeof(seen), "%s#%zu", label, again);
		else
			snprintf(seen, sizeof(seen), "%s", label);
		bar = plot_bars_row(bv, seen);
		if (bar < 0)
			return error_ret(err, errlen, -ENOMEM, "out of memory");
		*plot_bars_value(bv, bar, run->setting, r) = json_number_value(v);
	}
	return 0;
}

static int build_share(struct plot_data *pd, char *err, size_t errlen)
{
	const struct sweep_results *res = pd->res;
	struct plot_bars_values bv;
	size_t s, r;
	int ret;

	plot_bars_init(&bv, &pd->share, res);
	for (s = 0; s < res->nsettings; s++) {
		for (r = 0; r < res->settings[s].nruns; r++) {
			if (!sweep_run_used(res->settings[s].runs[r]))
				continue;
			ret = share_run(&bv, res->settings[s].runs[r], r, err,
					errlen);
			if (ret) {
				free(bv.v);
				return ret;
			}
		}
	}
	if (plot_bars_finish(&bv))
		return error_ret(err, errlen, -ENOMEM, "out of memory");
	pd->have[PLOT_CPU_SHARE] = pd->share.nrows > 0;
	if (!pd->have[PLOT_CPU_SHARE])
		no_workload_why(pd, PLOT_CPU_SHARE, "no workload table with task "
				"and cpu_share columns");
	return 0;
}

/* Each group's share of the machine (cgroup usage / window x CPUs) per run. */
static int build_group_share(struct plot_data *pd, char *err, size_t errlen)
{
	const struct sweep_results *res = pd->res;
	struct plot_bars_values bv;
	size_t g, s, r;
	long row;
	double v;

	plot_bars_init(&bv, &pd->group_share, res);
	for (g = 0; g < res->ngroups; g++) {
		row = plot_bars_row(&bv, sweep_group_name(res, g));
		if (row < 0) {
			free(bv.v);
			return error_ret(err, errlen, -ENOMEM, "out of memory");
		}
		for (s = 0; s < res->nsettings; s++) {
			for (r = 0; r < res->settings[s].nruns; r++) {
				const struct sweep_run *run = res->settings[s].runs[r];

				v = sweep_run_group_number(run, sweep_group_name(res, g),
							   "share_of_cpus");
				if (sweep_run_used(run) && !isnan(v))
					*plot_bars_value(&bv, row, s, r) = v;
			}
		}
	}
	if (plot_bars_finish(&bv))
		return error_ret(err, errlen, -ENOMEM, "out of memory");
	pd->have[PLOT_GROUP_SHARE] = pd->group_share.nrows > 0 && pd->runs_used;
	if (!pd->have[PLOT_GROUP_SHARE])
		no_workload_why(pd, PLOT_GROUP_SHARE, "not a group sweep "
				"(sweep --group)");
	return 0;
}

static int build_seconds(struct plot_data *pd, char *err, size_t errlen)
{
	const struct sweep_results *res = pd->res;
	double *v = calloc(plot_most_runs(res) + 1, sizeof(*v));
	size_t s, r;

	pd->seconds = calloc(res->nsettings, sizeof(*pd->seconds));
	if (!v || !pd->seconds) {
		free(v);
		return error_ret(err, errlen, -ENOMEM, "out of memory");
	}
	pd->seconds_own = true;
	for (s = 0; s < res->nsettings; s++) {
		const struct sweep_setting *set = &res->settings[s];

		for (r = 0; r < set->nruns; r++) {
			bool own = true;

			v[r] = sweep_run_used(set->runs[r]) ?
			       sweep_run_seconds(set->runs[r], &own) : NAN;
			pd->seconds_own &= own;
		}
		summary_stats_compute(v, set->nruns, &pd->seconds[s]);
		if (pd->seconds[s].n)
			pd->have[PLOT_SECONDS] = true;
	}
	free(v);
	if (!pd->have[PLOT_SECONDS])
		no_workload_why(pd, PLOT_SECONDS, "no run with seconds (of the "
				"workload's own or its wall-clock time)");
	return 0;
}

static int lat_unit(struct plot_data *pd, char *err, size_t errlen)
{
	static const struct {
		const char *name;
		double us;
	} units[] = { { "ns", 1e-3 }, { "us", 1 }, { "ms", 1e3 } };
	size_t i;

	if (!pd->have[PLOT_WAKEUP_CDF])
		return 0;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (!strcmp(pd->lat_unit, units[i].name)) {
			pd->lat_us = units[i].us;
			return 0;
		}
	}
	return error_ret(err, errlen, -EINVAL, "%s: wakeup_lat histograms in \"%s\", "
			 "not ns, us or ms", pd->res->dir, pd->lat_unit);
}

int plot_data_build(struct plot_data *pd, const struct sweep_results *res,
		    char *err, size_t errlen)
{
	size_t i;
	int ret;

	memset(pd, 0, sizeof(*pd));
	pd->res = res;
	pd->nsettings = res->nsettings;
	for (i = 0; i < res->nruns; i++)
		pd->runs_used += sweep_run_used(&res->runs[i]);
	ret = build_hist_chart(pd, PLOT_WAKEUP_CDF, CAT_HIST_WAKEUP_LAT, &pd->lat,
			       pd->lat_unit, sizeof(pd->lat_unit),
			       "no run has a wakeup_lat histogram", err, errlen);
	if (!ret)
		ret = lat_unit(pd, err, errlen);
	if (!ret)
		ret = build_lag(pd, err, errlen);
	if (!ret)
		ret = build_switches(pd, err, errlen);
	if (!ret)
		ret = build_share(pd, err, errlen);
	if (!ret)
		ret = build_seconds(pd, err, errlen);
	if (!ret)
		ret = build_decisions(pd, err, errlen);
	if (!ret && plot_build_tools(pd))
		ret = error_ret(err, errlen, -ENOMEM, "out of memory");
	if (!ret)
		ret = build_group_share(pd, err, errlen);
	if (ret)
		plot_data_free(pd);
	return ret;
}

void plot_data_free(struct plot_data *pd)
{
	free(pd->lat);
	free(pd->lag);
	free(pd->lag_label);
	free(pd->switches.row);
	free(pd->switches.stat);
	free(pd->share.row);
	free(pd->share.stat);
	free(pd->decisions.row);
	free(pd->decisions.stat);
	free(pd->tools.row);
	free(pd->tools.stat);
	free(pd->group_share.row);
	free(pd->group_share.stat);
	free(pd->seconds);
	memset(pd, 0, sizeof(*pd));
}

const struct plot_bars *plot_bars_of(const struct plot_data *pd,
				     enum plot_chart c)
{
	if (!plot_charts[c].bars)
		return NULL;
	return (const struct plot_bars *)((const char *)pd + plot_charts[c].bars);
}

bool plot_has_lat(const struct plot_data *pd, enum plot_chart c, size_t s)
{
	(void)c;
	return pd->lat[s].total > 0;
}

bool plot_has_lag(const struct plot_data *pd, enum plot_chart c, size_t s)
{
	(void)c;
	return pd->lag[s].total > 0;
}

bool plot_has_bars(const struct plot_data *pd, enum plot_chart c, size_t s)
{
	const struct plot_bars *bars = plot_bars_of(pd, c);
	size_t r;

	for (r = 0; r < bars->nrows; r++)
		if (bars->stat[r * pd->nsettings + s].n)
			return true;
	return false;
}

bool plot_has_seconds(const struct plot_data *pd, enum plot_chart c, size_t s)
{
	(void)c;
	return pd->seconds[s].n > 0;
}

bool plot_setting_has(const struct plot_data *pd, enum plot_chart c, size_t s)
{
	if (!pd->have[c] || s >= pd->nsettings)
		return false;
	return plot_charts[c].setting_has(pd, c, s);
}
