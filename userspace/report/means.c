// SPDX-License-Identifier: GPL-2.0
/*
 * The sections of `schedscope report` that set the settings side by side:
 * a. the means per setting, b. the comparison with the baseline in the
 * layout of mmtests' compare-kernels, c. each repetition's seconds.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "report/report.h"

/* The numbers of a run these sections show; NAN where the run has none. */
static double metric_seconds(const struct sweep_run *run)
{
	bool own;

	return sweep_run_seconds(run, &own);
}

/* Is every run's seconds the workload's own (not its wall-clock time)? */
static bool seconds_all_own(const struct report *r)
{
	size_t i;
	bool own = true, o;

	for (i = 0; i < r->res->nruns; i++)
		if (sweep_run_used(&r->res->runs[i]) &&
		    !isnan(sweep_run_seconds(&r->res->runs[i], &o)))
			own &= o;
	return own;
}

static double metric_cpu_seconds(const struct sweep_run *run)
{
	return sweep_run_cpu_seconds(run);
}

/* perf's counts, of the workload and all its threads. */
static double metric_context_switches(const struct sweep_run *run)
{
	return run->have_perf ? run->context_switches : NAN;
}

static double metric_migrations(const struct sweep_run *run)
{
	return run->have_perf ? run->cpu_migrations : NAN;
}

/* The module's counters. */
static double metric_switches_voluntary(const struct sweep_run *run)
{
	return sweep_run_stat(run, "switches_voluntary");
}

static double metric_switches_involuntary(const struct sweep_run *run)
{
	return sweep_run_stat(run, "switches_involuntary");
}

static double metric_wakeup_preemptions(const struct sweep_run *run)
{
	return sweep_run_stat(run, "wakeup_preemptions");
}

static double metric_module_migrations(const struct sweep_run *run)
{
	return sweep_run_stat(run, "migrations");
}

static double ratio_pct(double part, double whole)
{
	return whole > 0 ? 100 * part / whole : NAN;
}

/*
 * Picks where eligibility changed the choice: the earliest deadline queued
 * was not eligible (pick_order group; picks_ineligible itself is always 0,
 * as pick_eevdf() picks only eligible entities).
 */
static double metric_earlier_ineligible_pct(const struct sweep_run *run)
{
	return ratio_pct(sweep_run_stat(run, "picks_earlier_ineligible"),
			 sweep_run_stat(run, "picks"));
}

/* Picks that passed over a delayed sleeper's earlier deadline. */
static double metric_earlier_delayed_pct(const struct sweep_run *run)
{
	return ratio_pct(sweep_run_stat(run, "picks_earlier_delayed"),
			 sweep_run_stat(run, "picks"));
}

/* Of all sleeps: the delayed ones and those with a real dequeue. */
static double metric_delayed_pct(const struct sweep_run *run)
{
	double delayed = sweep_run_stat(run, "dequeues_delayed");

	return ratio_pct(delayed, sweep_run_stat(run, "dequeues") + delayed);
}


static double metric_lat_p99_us(const struct sweep_run *run)
{
	return sweep_run_value(run, "lat_p99_us", 0);
}

struct column {
	const char *head;
	run_metric get;
	int decimals;
};

/* One row per setting, one column per metric that has data anywhere. */
static void means_table(struct report *r, const struct column *cols,
			size_t ncols, bool runs_column)
{
	bool *shown = calloc(ncols, sizeof(*shown));
	struct report_table t;
	size_t c, s, k, n = 1 + runs_column;

	if (!shown) {
		r->error = -ENOMEM;
		return;
	}
	for (c = 0; c < ncols; c++) {
		shown[c] = have_metric(r, cols[c].get);
		n += shown[c];
	}
	report_table_init(&t, n);
	report_table_set(&t, 0, 0, "setting");
	if (runs_column)
		report_table_set(&t, 0, 1, "runs");
	for (c = 0, k = 1 + runs_column; c < ncols; c++)
		if (shown[c])
			report_table_set(&t, 0, k++, "%s", cols[c].head);
	for (s = 0; s < r->res->nsettings; s++) {
		size_t row = report_table_row(&t);

		report_table_set(&t, row, 0, "%s", r->res->settings[s].name);
		if (runs_column)
			report_table_set(&t, row, 1, "%zu",
					 setting_runs_used(&r->res->settings[s]));
		for (c = 0, k = 1 + runs_column; c < ncols; c++) {
			struct summary_stats st;

			if (!shown[c])
				continue;
			setting_stats(r, s, cols[c].get, &st);
			report_table_set_number(&t, row, k++, st.mean,
						cols[c].decimals);
		}
	}
	report_print_table(r, &t);
	free(shown);
}

/* a. Means per setting (the form of the thread comparing feature sets). */
void section_means(struct report *r)
{
	static const struct column workload[] = {
		{ "seconds", metric_seconds, 4 },
		{ "cpu seconds", metric_cpu_seconds, 4 },
		{ "context switches", metric_context_switches, 0 },
		{ "migrations", metric_migrations, 0 },
	};
	static const struct column module[] = {
		{ "vol.", metric_switches_voluntary, 0 },
		{ "invol.", metric_switches_involuntary, 0 },
		{ "wakeup preempt.", metric_wakeup_preemptions, 0 },
		{ "passed inelig. %", metric_earlier_ineligible_pct, 2 },
		{ "passed delayed %", metric_earlier_delayed_pct, 2 },
		{ "delayed deq. %", metric_delayed_pct, 2 },
		{ "migrations", metric_module_migrations, 0 },
	};
	size_t i;
	bool any = false;

	for (i = 0; i < sizeof(workload) / sizeof(workload[0]); i++)
		any |= have_metric(r, workload[i].get);
	if (any) {
		report_title(r, "Per setting: means over repetitions");
		fprintf(r->out, "%s;\ncpu seconds (perf's task clock), context "
			"switches and migrations as perf\ncounts them (the "
			"workload and all its threads).\n\n",
			seconds_all_own(r) ? "Workload seconds (its own measure)" :
			"Seconds: the wall-clock time from the workload's exec "
			"to its exit,\nwhere it printed no seconds of its own");
		means_table(r, workload, sizeof(workload) / sizeof(workload[0]),
			    true);
	}
	any = false;
	for (i = 0; i < sizeof(module) / sizeof(module[0]); i++)
		any |= have_metric(r, module[i].get);
	if (!any)
		return;
	report_title(r, "Scheduler decisions (module): means over repetitions");
	fprintf(r->out, "Switches out of the measured tasks, voluntary and "
		"involuntary; wakeup\npreemptions; picks that passed over an "
		"earlier deadline not eligible\n(passed inelig.) and a delayed "
		"sleeper's (passed delayed), in %% of picks;\ndelayed dequeues in "
		"%% of sleeps (delayed and real dequeues); migrations.\n\n");
	means_table(r, module, sizeof(module) / sizeof(module[0]), false);
}

void report_comparison_cell(char *buf, size_t len,
			    const struct summary_stats *st,
			    const struct summary_stats *base, bool is_base,
			    int decimals)
{
	struct summary_welch w;
	char value[64], pct[32];
	char open, close;

	if (!st->n) {
		snprintf(buf, len, "-");
		return;
	}
	/* A mean of one value or more: never NAN. */
	snprintf(value, sizeof(value), "%.*f", decimals, st->mean);
	if (is_base) {
		snprintf(buf, len, "%s (  0.00%%)", value);
		return;
	}
	if (!base->n) {
		snprintf(buf, len, "%s", value);
		return;
	}
	summary_welch(st, base, SUMMARY_ALPHA, &w);
	open = !w.tested ? '[' : w.significant ? '*' : '(';
	close = !w.tested ? ']' : w.significant ? '*' : ')';
	if (base->mean != 0)
		snprintf(pct, sizeof(pct), "%+6.2f%%",
			 100 * (st->mean - base->mean) / fabs(base->mean));
	else
		snprintf(pct, sizeof(pct), st->mean == 0 ? " +0.00%%" : "    n/a");
	snprintf(buf, len, "%s %c%s%c", value, open, pct, close);
}

/* The row of a metric: each setting's mean against the baseline's. */
static void comparison_row(struct report *r, struct report_table *t,
			   const struct column *col, struct summary_stats *st)
{
	size_t s, row;

	for (s = 0; s < r->res->nsettings; s++)
		setting_stats(r, s, col->get, &st[s]);
	row = report_table_row(t);
	report_table_set(t, row, 0, "%s", col->head);
	for (s = 0; s < r->res->nsettings; s++) {
		char buf[128];

		report_comparison_cell(buf, sizeof(buf), &st[s], &st[r->base],
				       s == r->base, col->decimals);
		report_table_set(t, row, s + 1, "%s", buf);
	}
}

/* b. The comparison, in the layout of mmtests' compare-kernels. */
void section_comparison(struct report *r)
{
	static const struct column rows[] = {
		{ "Amean seconds", metric_seconds, 4 },
		{ "Amean cpu-seconds", metric_cpu_seconds, 4 },
		{ "Amean context-switches", metric_context_switches, 0 },
		{ "Amean migrations", metric_migrations, 0 },
		{ "Amean switches-invol", metric_switches_involuntary, 0 },
		{ "Amean wakeup-preemptions", metric_wakeup_preemptions, 0 },
		{ "Amean passed-inelig-%", metric_earlier_ineligible_pct, 2 },
		{ "Amean passed-delayed-%", metric_earlier_delayed_pct, 2 },
		{ "Amean delayed-dequeues-%", metric_delayed_pct, 2 },
		{ "Amean wakeup-lat-us", metric_wakeup_lat_us, 2 },
		{ "Amean lat-mean-us", metric_lat_mean_us, 2 },
		{ "Amean lat-p99-us", metric_lat_p99_us, 2 },
	};
	const struct sweep_results *res = r->res;
	const char *q = r->md ? "`" : "";
	struct summary_stats *st;
	struct report_table t;
	size_t i, s;

	if (res->nsettings < 2)
		return;
	st = calloc(res->nsettings, sizeof(*st));
	if (!st) {
		r->error = -ENOMEM;
		return;
	}
	report_table_init(&t, res->nsettings + 1);
	report_table_set(&t, 0, 0, "%s", "");
	for (s = 0; s < res->nsettings; s++)
		report_table_set(&t, 0, s + 1, "%s", res->settings[s].name);
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (have_metric(r, rows[i].get))
			comparison_row(r, &t, &rows[i], st);
	free(st);
	if (!t.nrows) {
		report_table_free(&t);
		return;
	}
	report_title(r, "Comparison with the baseline");
	fprintf(r->out, "Arithmetic means; %% is the change of the mean from "
		"the baseline's\n(%s; +: larger). %s( x%%)%s: Welch's t-test "
		"p >= %.2f; %s* x%%*%s: p < %.2f\n(significant); %s[ x%%]%s: not "
		"tested (fewer than 2 runs, or no spread in either).\n\n",
		res->settings[r->base].name, q, q, SUMMARY_ALPHA, q, q,
		SUMMARY_ALPHA, q, q);
	report_print_table(r, &t);
}

/* c. Each repetition's seconds, their average and its ratio (hackbench form). */
void section_ratios(struct report *r)
{
	const struct sweep_results *res = r->res;
	struct summary_stats base, st;
	struct report_table t;
	unsigned int rep;
	size_t s, i;

	if (!have_metric(r, metric_seconds))
		return;
	setting_stats(r, r->base, metric_seconds, &base);
	report_table_init(&t, res->repetitions + 3);
	report_table_set(&t, 0, 0, "setting");
	for (rep = 0; rep < res->repetitions; rep++)
		report_table_set(&t, 0, rep + 1, "%u", rep + 1);
	report_table_set(&t, 0, res->repetitions + 1, "avg");
	report_table_set(&t, 0, res->repetitions + 2, "v %s",
			 res->settings[r->base].name);
	for (s = 0; s < res->nsettings; s++) {
		const struct sweep_setting *set = &res->settings[s];
		size_t row = report_table_row(&t);

		report_table_set(&t, row, 0, "%s", set->name);
		for (rep = 0; rep < res->repetitions; rep++)
			report_table_set(&t, row, rep + 1, "%s", "");
		for (i = 0; i < set->nruns; i++) {
			const struct sweep_run *run = set->runs[i];

			report_table_set_number(&t, row, run->repetition + 1,
						sweep_run_used(run) ?
						metric_seconds(run) : NAN, 4);
		}
		setting_stats(r, s, metric_seconds, &st);
		report_table_set_number(&t, row, res->repetitions + 1, st.mean, 4);
		if (s == r->base)
			report_table_set(&t, row, res->repetitions + 2, "%s", "");
		else
			report_set_ratio(&t, row, res->repetitions + 2, &st, &base);
	}
	report_title(r, "Seconds per repetition");
	fprintf(r->out, "Each repetition's seconds, their average, and the "
		"average's ratio to\n%s's.\n\n", res->settings[r->base].name);
	report_print_table(r, &t);
}
