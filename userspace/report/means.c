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
#include <string.h>

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

/*
 * A module counter the report shows (module/metrics.h): per run, or in
 * percent of another (of the other plus itself when plus_part).
 */
struct module_metric {
	enum cat_counter counter;
	bool pct;
	enum cat_counter whole;		/* when pct */
	bool plus_part;
	const char *head, *row;
};

static const struct module_metric module_metrics[] = {
#define SS_REPORT_COUNT(id, head, row) \
	{ CAT_##id, false, CAT_##id, false, head, row },
#define SS_REPORT_PCT(id, whole, plus, head, row) \
	{ CAT_##id, true, CAT_##whole, plus, head, row },
#include "../../module/metrics.h"
};

static double module_value(const struct sweep_run *run,
			   const struct module_metric *m)
{
	double part = sweep_run_counter(run, m->counter), whole;

	if (!m->pct)
		return part;
	whole = sweep_run_counter(run, m->whole) + (m->plus_part ? part : 0);
	return whole > 0 ? 100 * part / whole : NAN;
}

static double metric_lat_p99_us(const struct sweep_run *run)
{
	return sweep_run_value(run, "lat_p99_us", 0);
}

/*
 * A column of the means (a row of the comparison): get(run), or, for a
 * module counter of the catalogue, module_value(run, metric).
 */
struct column {
	const char *head;
	run_metric get;
	const struct module_metric *metric;
	int decimals;
	enum report_better better;
};

#define RUN_METRIC_COLUMN(head, get, decimals, better) \
	{ head, get, NULL, decimals, REPORT_##better }

/* setting_summary()'s value of a column, which arg points to */
static double column_value(const struct sweep_run *run, const void *arg)
{
	const struct column *col = arg;

	return col->get ? col->get(run) : module_value(run, col->metric);
}

/* The module's columns: each head, or each comparison row ("Amean row"). */
static size_t module_columns(struct column *cols, bool rows, char (*names)[64])
{
	size_t i, n = 0;

	for (i = 0; i < sizeof(module_metrics) / sizeof(*module_metrics); i++) {
		const struct module_metric *m = &module_metrics[i];

		if (rows && !m->row)
			continue;
		if (rows)
			snprintf(names[n], sizeof(names[n]), "%s", m->row);
		cols[n] = (struct column){ rows ? names[n] : m->head, NULL, m,
					   m->pct ? 2 : 0, REPORT_NO_BETTER };
		n++;
	}
	return n;
}

#define MODULE_METRICS	(sizeof(module_metrics) / sizeof(*module_metrics))

static void column_stats(struct report *r, size_t s, const struct column *col,
			 struct summary_stats *st)
{
	setting_summary(r, s, column_value, col, st);
}

/* Any setting with a value in the column. */
static bool column_shown(struct report *r, const struct column *col)
{
	return have_summary(r, column_value, col);
}

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
		shown[c] = column_shown(r, &cols[c]);
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
			column_stats(r, s, &cols[c], &st);
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
		RUN_METRIC_COLUMN("seconds", metric_seconds, 4, LOWER_BETTER),
		RUN_METRIC_COLUMN("cpu seconds", metric_cpu_seconds, 4,
				  LOWER_BETTER),
		RUN_METRIC_COLUMN("context switches", metric_context_switches,
				  0, NO_BETTER),
		RUN_METRIC_COLUMN("migrations", metric_migrations, 0, NO_BETTER),
	};
	struct column module[MODULE_METRICS];
	size_t i, nmodule = module_columns(module, false, NULL);
	bool any = false;

	for (i = 0; i < sizeof(workload) / sizeof(workload[0]); i++)
		any |= column_shown(r, &workload[i]);
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
	for (i = 0; i < nmodule; i++)
		any |= column_shown(r, &module[i]);
	if (!any)
		return;
	report_title(r, "Scheduler decisions (module): means over repetitions");
	fprintf(r->out, "Switches out of the measured tasks, voluntary and "
		"involuntary; wakeup\npreemptions; picks that passed over an "
		"earlier deadline not eligible\n(passed inelig.) and a delayed "
		"sleeper's (passed delayed), in %% of picks;\ndelayed dequeues in "
		"%% of sleeps (delayed and real dequeues); migrations.\n\n");
	means_table(r, module, nmodule, false);
}

void report_comparison_cell(char *buf, size_t len,
			    const struct summary_stats *st,
			    const struct summary_stats *base, bool is_base,
			    int decimals, enum report_better better)
{
	double change;

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
	if (base->mean != 0) {
		change = 100 * (st->mean - base->mean) / fabs(base->mean);
		if (better == REPORT_LOWER_BETTER)
			change = -change;
		/* no change is 0, neither better nor worse: no "-0.00%" */
		snprintf(pct, sizeof(pct), "%+6.2f%%", change == 0 ? 0 : change);
	}
	else
		snprintf(pct, sizeof(pct), st->mean == 0 ? " +0.00%%" : "    n/a");
	snprintf(buf, len, "%s %c%s%c", value, open, pct, close);
}

/*
 * The rows of a metric: each setting's mean against the baseline's
 * ("Amean"), then its coefficient of variation over the repetitions
 * ("CoeffVar", the stddev in % of the mean), as mmtests prints them.
 */
static void comparison_row(struct report *r, struct report_table *t,
			   const struct column *col, struct summary_stats *st)
{
	size_t s, row;

	for (s = 0; s < r->res->nsettings; s++)
		column_stats(r, s, col, &st[s]);
	row = report_table_row(t);
	report_table_set(t, row, 0, "Amean %s", col->head);
	for (s = 0; s < r->res->nsettings; s++) {
		char buf[128];

		report_comparison_cell(buf, sizeof(buf), &st[s], &st[r->base],
				       s == r->base, col->decimals,
				       col->better);
		report_table_set(t, row, s + 1, "%s", buf);
	}
	row = report_table_row(t);
	report_table_set(t, row, 0, "CoeffVar %s", col->head);
	for (s = 0; s < r->res->nsettings; s++)
		report_table_set_number(t, row, s + 1, st[s].n >= 2 &&
					st[s].mean != 0 ? 100 * st[s].stddev /
					fabs(st[s].mean) : NAN, 2);
}

/*
 * The heads of the rows shown that are better one way, comma-separated,
 * a new line before a head that would end past column 72 of a line that
 * starts with indent characters.
 */
static void heads_better(struct report *r, const struct column *rows,
			 size_t nrows, enum report_better better, size_t indent,
			 char *buf, size_t len)
{
	size_t i, used = 0, col = indent;

	buf[0] = '\0';
	for (i = 0; i < nrows && used < len; i++) {
		size_t w = strlen(rows[i].head);

		if (rows[i].better != better || !column_shown(r, &rows[i]))
			continue;
		if (used && col + 2 + w > 72) {
			used += snprintf(buf + used, len - used, ",\n");
			col = 0;
		} else if (used) {
			used += snprintf(buf + used, len - used, ", ");
			col += 2;
		}
		if (used < len)
			used += snprintf(buf + used, len - used, "%s",
					 rows[i].head);
		col += w;
	}
}

/* b. The comparison, in the layout of mmtests' compare-kernels. */
void section_comparison(struct report *r)
{
	static const struct column workload[] = {
		RUN_METRIC_COLUMN("seconds", metric_seconds, 4, LOWER_BETTER),
		RUN_METRIC_COLUMN("cpu-seconds", metric_cpu_seconds, 4,
				  LOWER_BETTER),
		RUN_METRIC_COLUMN("context-switches", metric_context_switches,
				  0, NO_BETTER),
		RUN_METRIC_COLUMN("migrations", metric_migrations, 0, NO_BETTER),
	};
	static const struct column latency[] = {
		RUN_METRIC_COLUMN("wakeup-lat-us", metric_wakeup_lat_us, 2,
				  LOWER_BETTER),
		RUN_METRIC_COLUMN("wakeup-p50-us", metric_wakeup_p50_us, 2,
				  LOWER_BETTER),
		RUN_METRIC_COLUMN("wakeup-p90-us", metric_wakeup_p90_us, 2,
				  LOWER_BETTER),
		RUN_METRIC_COLUMN("wakeup-p99-us", metric_wakeup_p99_us, 2,
				  LOWER_BETTER),
		RUN_METRIC_COLUMN("wakeup-p99.9-us", metric_wakeup_p999_us, 2,
				  LOWER_BETTER),
		RUN_METRIC_COLUMN("lat-mean-us", metric_lat_mean_us, 2,
				  LOWER_BETTER),
		RUN_METRIC_COLUMN("lat-p99-us", metric_lat_p99_us, 2,
				  LOWER_BETTER),
	};
	char names[MODULE_METRICS][64];
	struct column rows[sizeof(workload) / sizeof(*workload) + MODULE_METRICS +
			   sizeof(latency) / sizeof(*latency)];
	size_t nrows = sizeof(workload) / sizeof(*workload);
	const struct sweep_results *res = r->res;
	const char *q = r->md ? "`" : "";
	struct summary_stats *st;
	struct report_table t;
	char lower[512];
	size_t i, s;

	if (res->nsettings < 2)
		return;
	memcpy(rows, workload, sizeof(workload));
	nrows += module_columns(rows + nrows, true, names);
	memcpy(rows + nrows, latency, sizeof(latency));
	nrows += sizeof(latency) / sizeof(*latency);
	st = calloc(res->nsettings, sizeof(*st));
	if (!st) {
		r->error = -ENOMEM;
		return;
	}
	report_table_init(&t, res->nsettings + 1);
	report_table_set(&t, 0, 0, "%s", "");
	for (s = 0; s < res->nsettings; s++)
		report_table_set(&t, 0, s + 1, "%s", res->settings[s].name);
	for (i = 0; i < nrows; i++)
		if (column_shown(r, &rows[i]))
			comparison_row(r, &t, &rows[i], st);
	free(st);
	if (!t.nrows) {
		report_table_free(&t);
		return;
	}
	heads_better(r, rows, nrows, REPORT_LOWER_BETTER,
		     strlen("Lower is better: "), lower, sizeof(lower));
	report_title(r, "Comparison with the baseline");
	fprintf(r->out, "Arithmetic means (Amean) and the coefficient of "
		"variation over the\nrepetitions (CoeffVar, in %%); %% is the "
		"change of the mean from the\nbaseline's (%s), signed as "
		"mmtests signs it: + is better, - is worse.\nLower is better: "
		"%s.\nThe other rows have no better side: there + is larger.\n"
		"%s( x%%)%s: Welch's t-test p >= %.2f; %s* x%%*%s: p < %.2f "
		"(significant);\n%s[ x%%]%s: not tested (fewer than 2 runs, or "
		"no spread in either).\n\n",
		res->settings[r->base].name, lower[0] ? lower : "none", q, q,
		SUMMARY_ALPHA, q, q, SUMMARY_ALPHA, q, q);
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
