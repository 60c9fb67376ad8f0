// SPDX-License-Identifier: GPL-2.0
/*
 * schedscope report: the tables people post about a sweep (docs/sweep.md),
 * from its result directory alone: means per setting, the mmtests-style
 * comparison with Welch's t-test, seconds against the baseline, CPU share
 * per task and group, wakeup latency histograms and summaries. Text or
 * markdown; every section only where the sweep has its data.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "hist_unit.h"
#include "log2_hist.h"
#include "summary_stats.h"
#include "sweep_results.h"

static const char *const cmd = "report";

struct report_params {
	bool markdown;
	bool output;			/* -o: DIR/report.txt and DIR/report.md */
	const char *format;		/* as given, for the conflict message */
	const char *baseline;
	const char *dir;
};

static void usage(FILE *out)
{
	fprintf(out,
"Usage: schedscope report [OPTIONS] DIR\n"
"\n"
"Print the tables of a sweep's result directory DIR (see `schedscope sweep`):\n"
"per setting the means over the repetitions (seconds, context switches,\n"
"migrations, the module's decisions), a comparison against the baseline\n"
"setting with Welch's t-test at 5%%, each repetition's seconds and their ratio\n"
"to the baseline, CPU share per task and group, and wakeup latency\n"
"histograms and summaries; each section only where the sweep has its data.\n"
"Runs whose workload failed are left out.\n"
"\n"
"  -f, --format FORMAT   text (default) or markdown\n"
"  -b, --baseline NAME   the setting the others are compared with (default:\n"
"                        the first)\n"
"  -o, --output          write DIR/report.txt and DIR/report.md instead of\n"
"                        printing\n"
"  -h, --help            this text\n"
"\n"
"Exit status: 0 success, 1 DIR unreadable or not a sweep, 2 bad command line\n"
"(also an unknown baseline).\n");
}

/* ---- Tables: cells as strings, printed as aligned text or markdown ---- */

struct table {
	size_t ncols, nrows;		/* rows after the header */
	char **cell;			/* (nrows + 1) x ncols, row 0 the header */
	bool nomem;
};

static void table_init(struct table *t, size_t ncols)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	t->cell = calloc(ncols, sizeof(*t->cell));
	t->nomem = !t->cell;
}

/* Append an empty row; its index (1 for the first after the header). */
static size_t table_row(struct table *t)
{
	char **cell;

	if (t->nomem)
		return 0;
	cell = realloc(t->cell, (t->nrows + 2) * t->ncols * sizeof(*cell));
	if (!cell) {
		t->nomem = true;
		return 0;
	}
	t->cell = cell;
	t->nrows++;
	memset(&cell[t->nrows * t->ncols], 0, t->ncols * sizeof(*cell));
	return t->nrows;
}

static void table_set(struct table *t, size_t row, size_t col,
		      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void table_set(struct table *t, size_t row, size_t col,
		      const char *fmt, ...)
{
	char **c;
	va_list ap;

	if (t->nomem || row > t->nrows || col >= t->ncols)
		return;
	c = &t->cell[row * t->ncols + col];
	free(*c);
	va_start(ap, fmt);
	if (vasprintf(c, fmt, ap) < 0) {
		*c = NULL;
		t->nomem = true;
	}
	va_end(ap);
}

static void table_free(struct table *t)
{
	size_t i;

	for (i = 0; t->cell && i < (t->nrows + 1) * t->ncols; i++)
		free(t->cell[i]);
	free(t->cell);
	memset(t, 0, sizeof(*t));
}

/* Markdown cell text: '*' (significance marks), '|' and '\' escaped. */
static size_t put_cell(char *at, const char *s, bool md)
{
	size_t n = 0;

	for (; *s; s++) {
		if (md && (*s == '*' || *s == '|' || *s == '\\'))
			at[n++] = '\\';
		at[n++] = *s;
	}
	return n;
}

static size_t cell_len(const char *s, bool md)
{
	size_t n = 0;

	for (; s && *s; s++)
		n += 1 + (md && (*s == '*' || *s == '|' || *s == '\\'));
	return n;
}

/* A number, or "-" for none: what a column of numbers holds. */
static bool is_number(const char *s)
{
	if (*s == '-' || *s == '+')
		s++;
	return !*s || (*s >= '0' && *s <= '9');
}

/*
 * Columns of words left-aligned, of numbers right-aligned, two blanks apart,
 * no blanks at the end of a line; markdown: a pipe table with the same
 * padding.
 */
static int table_print(const struct table *t, bool md, FILE *out)
{
	size_t *w, r, c, total = 16, n;
	bool *left;
	char *line;

	if (t->nomem)
		return -ENOMEM;
	w = calloc(t->ncols, sizeof(*w));
	left = calloc(t->ncols, sizeof(*left));
	if (!w || !left)
		goto nomem;
	for (c = 0; c < t->ncols; c++) {
		/* Words to the left, numbers to the right. */
		left[c] = true;
		for (r = 0; r <= t->nrows; r++) {
			const char *s = t->cell[r * t->ncols + c];

			if (cell_len(s, md) > w[c])
				w[c] = cell_len(s, md);
			if (r && c && s && is_number(s))
				left[c] = false;
		}
		total += (w[c] > 3 ? w[c] : 3) + 4;
	}
	line = malloc(total);
	if (!line)
		goto nomem;
	for (r = 0; r <= t->nrows; r++) {
		n = 0;
		for (c = 0; c < t->ncols; c++) {
			const char *s = t->cell[r * t->ncols + c];
			size_t pad = w[c] - cell_len(s, md);

			if (md)
				n += sprintf(line + n, "| ");
			else if (c)
				n += sprintf(line + n, "  ");
			if (!left[c])
				n += sprintf(line + n, "%*s", (int)pad, "");
			if (s)
				n += put_cell(line + n, s, md);
			if (left[c])
				n += sprintf(line + n, "%*s", (int)pad, "");
			if (md)
				line[n++] = ' ';
		}
		if (md)
			line[n++] = '|';
		while (n && line[n - 1] == ' ')
			n--;
		fprintf(out, "%.*s\n", (int)n, line);
		for (c = 0; md && !r && c < t->ncols; c++) {
			/* ":---" left, "---:" right, as wide as the column */
			size_t i, width = w[c] > 3 ? w[c] : 3;

			fputs(left[c] ? "| :" : "| ", out);
			for (i = 1; i < width; i++)
				fputc('-', out);
			fputs(left[c] ? " " : ": ", out);
			if (c == t->ncols - 1)
				fputs("|\n", out);
		}
	}
	fputc('\n', out);
	free(line);
	free(left);
	free(w);
	return 0;
nomem:
	free(left);
	free(w);
	return -ENOMEM;
}

/* ---- The report ---- */

struct report {
	const struct sweep_results *res;
	size_t base;			/* baseline setting */
	bool md;
	FILE *out;
	int error;			/* -ENOMEM, or -EINVAL with msg */
	char msg[1024];
};

static void title(struct report *r, const char *text)
{
	size_t n = strlen(text);

	if (r->md) {
		fprintf(r->out, "## %s\n\n", text);
		return;
	}
	fprintf(r->out, "%s\n", text);
	while (n--)
		fputc('-', r->out);
	fputs("\n\n", r->out);
}

static void print_table(struct report *r, struct table *t)
{
	if (table_print(t, r->md, r->out) && !r->error)
		r->error = -ENOMEM;
	table_free(t);
}

static bool run_used(const struct sweep_run *run)
{
	return run->exit_status == 0;
}

/* A number per run; NAN where the run has none. */
typedef double (*run_metric)(const struct sweep_run *run);

static double m_seconds(const struct sweep_run *run)
{
	return sweep_run_value(run, "seconds", 0);
}

static double m_cs(const struct sweep_run *run)
{
	return run->have_perf ? run->context_switches : NAN;
}

static double m_migrations(const struct sweep_run *run)
{
	return run->have_perf ? run->cpu_migrations : NAN;
}

static double m_vol(const struct sweep_run *run)
{
	return sweep_run_stat(run, "switches_voluntary");
}

static double m_invol(const struct sweep_run *run)
{
	return sweep_run_stat(run, "switches_involuntary");
}

static double m_wakeup_preemptions(const struct sweep_run *run)
{
	return sweep_run_stat(run, "wakeup_preemptions");
}

static double m_module_migrations(const struct sweep_run *run)
{
	return sweep_run_stat(run, "migrations");
}

static double ratio_pct(double part, double whole)
{
	return whole > 0 ? 100 * part / whole : NAN;
}

static double m_ineligible_pct(const struct sweep_run *run)
{
	return ratio_pct(sweep_run_stat(run, "picks_ineligible"),
			 sweep_run_stat(run, "picks"));
}

/* Of all sleeps: the delayed ones and those with a real dequeue. */
static double m_delayed_pct(const struct sweep_run *run)
{
	double delayed = sweep_run_stat(run, "dequeues_delayed");

	return ratio_pct(delayed, sweep_run_stat(run, "dequeues") + delayed);
}

/* Factor from a module unit to us; NAN for one that is not a time. */
static double to_us(const char *unit)
{
	if (!unit)
		return NAN;
	if (!strcmp(unit, "ns"))
		return 1e-3;
	if (!strcmp(unit, "us"))
		return 1;
	if (!strcmp(unit, "ms"))
		return 1e3;
	return NAN;
}

static const char *module_unit(const struct sweep_run *run)
{
	return run->module ? json_string_value(json_object_get(run->module,
							       "unit")) : NULL;
}

/* Exact mean from the counters (the stats are in ns whatever the unit). */
static double m_wakeup_lat_us(const struct sweep_run *run)
{
	double n = sweep_run_stat(run, "wakeup_lat_count");

	return n > 0 ? sweep_run_stat(run, "wakeup_lat_sum_ns") / n / 1e3 : NAN;
}

static double m_lat_mean(const struct sweep_run *run)
{
	return sweep_run_value(run, "lat_mean_us", 0);
}

static double m_lat_p99(const struct sweep_run *run)
{
	return sweep_run_value(run, "lat_p99_us", 0);
}

static double m_lat_stddev(const struct sweep_run *run)
{
	return sweep_run_value(run, "lat_stddev_us", 0);
}

static void setting_stats(struct report *r, size_t s, run_metric get,
			  struct summary_stats *st)
{
	const struct sweep_setting *set = &r->res->settings[s];
	double *v = calloc(set->nruns + 1, sizeof(*v));
	size_t i, n = 0;

	if (!v) {
		r->error = -ENOMEM;
		summary_stats_compute(NULL, 0, st);
		return;
	}
	for (i = 0; i < set->nruns; i++)
		if (run_used(set->runs[i]))
			v[n++] = get(set->runs[i]);
	summary_stats_compute(v, n, st);
	free(v);
}

/* Any setting with a value of the metric. */
static bool have_metric(struct report *r, run_metric get)
{
	struct summary_stats st;
	size_t s;

	for (s = 0; s < r->res->nsettings; s++) {
		setting_stats(r, s, get, &st);
		if (st.n)
			return true;
	}
	return false;
}

static size_t used_runs(const struct sweep_setting *set)
{
	size_t i, n = 0;

	for (i = 0; i < set->nruns; i++)
		n += run_used(set->runs[i]);
	return n;
}

/* "name:        value" (text) or "- name: value" (markdown). */
static void field(struct report *r, bool note, const char *name,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void field(struct report *r, bool note, const char *name,
		  const char *fmt, ...)
{
	va_list ap;

	if (r->md)
		fprintf(r->out, note ? "- **%s**: " : "- %s: ", name);
	else
		fprintf(r->out, "%s:%*s", name, (int)(12 - strlen(name)), "");
	va_start(ap, fmt);
	vfprintf(r->out, fmt, ap);
	va_end(ap);
	fputc('\n', r->out);
}

static void header(struct report *r)
{
	const struct sweep_results *res = r->res;
	json_t *cpus = json_object_get(res->sweep, "cpus");
	const char *q = r->md ? "`" : "";
	char list[2048] = "", ncpus[32] = "";
	size_t s, used = 0, failed = 0;

	for (s = 0; s < res->nruns; s++)
		failed += !run_used(&res->runs[s]);
	for (s = 0; s < res->nsettings && used < sizeof(list); s++)
		used += snprintf(list + used, sizeof(list) - used, "%s%s",
				 s ? ", " : "", res->settings[s].name);
	if (json_is_integer(cpus))
		snprintf(ncpus, sizeof(ncpus), ", %" JSON_INTEGER_FORMAT " CPUs",
			 json_integer_value(cpus));
	fputs(r->md ? "# schedscope report\n\n" : "schedscope report\n\n", r->out);
	field(r, false, "kernel", "%s%s%s%s", q, res->kernel, q, ncpus);
	field(r, false, "workload", "%s%s%s", q, res->workload, q);
	field(r, false, "repetitions", "%u", res->repetitions);
	field(r, false, "settings", "%s%s%s%s", list,
	      res->preset[0] ? " (preset " : "", res->preset,
	      res->preset[0] ? ")" : "");
	field(r, false, "baseline", "%s", res->settings[r->base].name);
	if (!res->complete || res->stopped_by[0])
		field(r, true, "incomplete", "stopped by %s, %zu of %zu runs taken",
		      res->stopped_by[0] ? res->stopped_by : "(not recorded)",
		      res->nruns, res->nsettings * res->repetitions);
	if (failed)
		field(r, true, "failed", "%zu run%s with a non-zero exit status, "
		      "left out", failed, failed > 1 ? "s" : "");
	fputc('\n', r->out);
}

static void fmt_value(char *buf, size_t len, double v, int decimals)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.*f", decimals, v);
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
	struct table t;
	size_t c, s, k, n = 1 + runs_column;

	if (!shown) {
		r->error = -ENOMEM;
		return;
	}
	for (c = 0; c < ncols; c++) {
		shown[c] = have_metric(r, cols[c].get);
		n += shown[c];
	}
	table_init(&t, n);
	table_set(&t, 0, 0, "setting");
	if (runs_column)
		table_set(&t, 0, 1, "runs");
	for (c = 0, k = 1 + runs_column; c < ncols; c++)
		if (shown[c])
			table_set(&t, 0, k++, "%s", cols[c].head);
	for (s = 0; s < r->res->nsettings; s++) {
		size_t row = table_row(&t);

		table_set(&t, row, 0, "%s", r->res->settings[s].name);
		if (runs_column)
			table_set(&t, row, 1, "%zu",
				  used_runs(&r->res->settings[s]));
		for (c = 0, k = 1 + runs_column; c < ncols; c++) {
			struct summary_stats st;
			char buf[64];

			if (!shown[c])
				continue;
			setting_stats(r, s, cols[c].get, &st);
			fmt_value(buf, sizeof(buf), st.mean, cols[c].decimals);
			table_set(&t, row, k++, "%s", buf);
		}
	}
	print_table(r, &t);
	free(shown);
}

/* a. Means per setting (the form of the thread comparing feature sets). */
static void section_means(struct report *r)
{
	static const struct column workload[] = {
		{ "seconds", m_seconds, 4 },
		{ "context switches", m_cs, 0 },
		{ "migrations", m_migrations, 0 },
	};
	static const struct column module[] = {
		{ "vol.", m_vol, 0 },
		{ "invol.", m_invol, 0 },
		{ "wakeup preempt.", m_wakeup_preemptions, 0 },
		{ "inelig. picks %", m_ineligible_pct, 2 },
		{ "delayed deq. %", m_delayed_pct, 2 },
		{ "migrations", m_module_migrations, 0 },
	};
	size_t i;
	bool any = false;

	for (i = 0; i < sizeof(workload) / sizeof(workload[0]); i++)
		any |= have_metric(r, workload[i].get);
	if (any) {
		title(r, "Per setting: means over repetitions");
		fprintf(r->out, "%sontext switches and migrations as perf counts "
			"them\n(the workload and all its threads).\n\n",
			have_metric(r, m_seconds) ? "Workload seconds; c" : "C");
		means_table(r, workload, sizeof(workload) / sizeof(workload[0]),
			    true);
	}
	any = false;
	for (i = 0; i < sizeof(module) / sizeof(module[0]); i++)
		any |= have_metric(r, module[i].get);
	if (!any)
		return;
	title(r, "Scheduler decisions (module): means over repetitions");
	fprintf(r->out, "Switches out of the measured tasks, voluntary and "
		"involuntary; wakeup\npreemptions; ineligible picks in %% of "
		"picks; delayed dequeues in %% of\nsleeps (delayed and real "
		"dequeues); migrations.\n\n");
	means_table(r, module, sizeof(module) / sizeof(module[0]), false);
}

/*
 * "mean ( +x.xx%)": change of the mean against the baseline's; '*' marks
 * instead of the parentheses when Welch's test says p < 0.05, '[' ']'
 * where there is no test.
 */
static void comparison_cell(char *buf, size_t len, const struct summary_stats *st,
			    const struct summary_stats *base, bool is_base,
			    int decimals)
{
	struct summary_welch w;
	char value[64], pct[32];
	char open, close;

	fmt_value(value, sizeof(value), st->mean, decimals);
	if (!st->n) {
		snprintf(buf, len, "-");
		return;
	}
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

/* b. The comparison, in the layout of mmtests' compare-kernels. */
static void section_comparison(struct report *r)
{
	static const struct column rows[] = {
		{ "Amean seconds", m_seconds, 4 },
		{ "Amean context-switches", m_cs, 0 },
		{ "Amean migrations", m_migrations, 0 },
		{ "Amean switches-invol", m_invol, 0 },
		{ "Amean wakeup-preemptions", m_wakeup_preemptions, 0 },
		{ "Amean ineligible-picks-%", m_ineligible_pct, 2 },
		{ "Amean delayed-dequeues-%", m_delayed_pct, 2 },
		{ "Amean wakeup-lat-us", m_wakeup_lat_us, 2 },
		{ "Amean lat-mean-us", m_lat_mean, 2 },
		{ "Amean lat-p99-us", m_lat_p99, 2 },
	};
	const struct sweep_results *res = r->res;
	const char *q = r->md ? "`" : "";
	struct summary_stats *st;
	struct table t;
	size_t i, s;

	if (res->nsettings < 2)
		return;
	st = calloc(res->nsettings, sizeof(*st));
	if (!st) {
		r->error = -ENOMEM;
		return;
	}
	table_init(&t, res->nsettings + 1);
	table_set(&t, 0, 0, "%s", "");
	for (s = 0; s < res->nsettings; s++)
		table_set(&t, 0, s + 1, "%s", res->settings[s].name);
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		size_t row;

		if (!have_metric(r, rows[i].get))
			continue;
		for (s = 0; s < res->nsettings; s++)
			setting_stats(r, s, rows[i].get, &st[s]);
		row = table_row(&t);
		table_set(&t, row, 0, "%s", rows[i].head);
		for (s = 0; s < res->nsettings; s++) {
			char buf[128];

			comparison_cell(buf, sizeof(buf), &st[s], &st[r->base],
					s == r->base, rows[i].decimals);
			table_set(&t, row, s + 1, "%s", buf);
		}
	}
	free(st);
	if (!t.nrows) {
		table_free(&t);
		return;
	}
	title(r, "Comparison with the baseline");
	fprintf(r->out, "Arithmetic means; %% is the change of the mean from "
		"the baseline's\n(%s; +: larger). %s( x%%)%s: Welch's t-test "
		"p >= %.2f; %s* x%%*%s: p < %.2f\n(significant); %s[ x%%]%s: not "
		"tested (fewer than 2 runs, or no spread in either).\n\n",
		res->settings[r->base].name, q, q, SUMMARY_ALPHA, q, q,
		SUMMARY_ALPHA, q, q);
	print_table(r, &t);
}

/* c. Each repetition's seconds, their average and its ratio (hackbench form). */
static void section_ratios(struct report *r)
{
	const struct sweep_results *res = r->res;
	struct summary_stats base, st;
	struct table t;
	unsigned int rep;
	size_t s, i;

	if (!have_metric(r, m_seconds))
		return;
	setting_stats(r, r->base, m_seconds, &base);
	table_init(&t, res->repetitions + 3);
	table_set(&t, 0, 0, "setting");
	for (rep = 0; rep < res->repetitions; rep++)
		table_set(&t, 0, rep + 1, "%u", rep + 1);
	table_set(&t, 0, res->repetitions + 1, "avg");
	table_set(&t, 0, res->repetitions + 2, "v %s",
		  res->settings[r->base].name);
	for (s = 0; s < res->nsettings; s++) {
		const struct sweep_setting *set = &res->settings[s];
		size_t row = table_row(&t);
		char buf[64];

		table_set(&t, row, 0, "%s", set->name);
		for (rep = 0; rep < res->repetitions; rep++)
			table_set(&t, row, rep + 1, "%s", "");
		for (i = 0; i < set->nruns; i++) {
			const struct sweep_run *run = set->runs[i];

			fmt_value(buf, sizeof(buf),
				  run_used(run) ? m_seconds(run) : NAN, 4);
			table_set(&t, row, run->repetition + 1, "%s", buf);
		}
		setting_stats(r, s, m_seconds, &st);
		fmt_value(buf, sizeof(buf), st.mean, 4);
		table_set(&t, row, res->repetitions + 1, "%s", buf);
		if (s == r->base)
			table_set(&t, row, res->repetitions + 2, "%s", "");
		else if (st.n && base.n && base.mean > 0)
			table_set(&t, row, res->repetitions + 2, "%.3f",
				  st.mean / base.mean);
		else
			table_set(&t, row, res->repetitions + 2, "-");
	}
	title(r, "Seconds per repetition");
	fprintf(r->out, "Each repetition's seconds, their average, and the "
		"average's ratio to\n%s's.\n\n", res->settings[r->base].name);
	print_table(r, &t);
}

/* ---- d. CPU share per task and per group ---- */

struct share_name {
	char *task, *group;
};

struct shares {
	size_t ntasks, ngroups;
	struct share_name *tasks;	/* in order of first appearance */
	char **groups;
};

static long column_of(json_t *table, const char *column)
{
	json_t *c;
	size_t i;

	json_array_foreach(json_object_get(table, "columns"), i, c)
		if (!strcmp(json_string_value(c), column))
			return i;
	return -1;
}

/* Row i's word in column (NULL when none), or its number printed. */
static const char *word_at(json_t *table, size_t row, long col, char *buf,
			   size_t len)
{
	json_t *v = json_array_get(json_array_get(json_object_get(table, "rows"),
						  row), col);

	if (json_is_string(v))
		return json_string_value(v);
	if (json_is_integer(v)) {
		snprintf(buf, len, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		return buf;
	}
	if (json_is_real(v)) {
		snprintf(buf, len, "%g", json_real_value(v));
		return buf;
	}
	return NULL;
}

/* The run's share table with its task column, and the group column or -1. */
static json_t *share_table(const struct sweep_run *run, long *task, long *group)
{
	json_t *t = sweep_run_table(run, "cpu_share");

	if (!t)
		return NULL;
	*task = column_of(t, "task");
	*group = column_of(t, "group");
	return *task >= 0 ? t : NULL;
}

static int add_name(char ***names, size_t *n, const char *name)
{
	char **grown;
	size_t i;

	for (i = 0; i < *n; i++)
		if (!strcmp((*names)[i], name))
			return 0;
	grown = realloc(*names, (*n + 1) * sizeof(**names));
	if (!grown)
		return -ENOMEM;
	*names = grown;
	grown[*n] = strdup(name);
	if (!grown[*n])
		return -ENOMEM;
	(*n)++;
	return 0;
}

static void shares_free(struct shares *sh)
{
	size_t i;

	for (i = 0; i < sh->ntasks; i++) {
		free(sh->tasks[i].task);
		free(sh->tasks[i].group);
	}
	for (i = 0; i < sh->ngroups; i++)
		free(sh->groups[i]);
	free(sh->tasks);
	free(sh->groups);
}

static int shares_collect(const struct sweep_results *res, struct shares *sh)
{
	size_t i, row;

	memset(sh, 0, sizeof(*sh));
	for (i = 0; i < res->nruns; i++) {
		const struct sweep_run *run = &res->runs[i];
		long tcol, gcol;
		json_t *t = share_table(run, &tcol, &gcol);

		for (row = 0; t && run_used(run) &&
		     row < json_array_size(json_object_get(t, "rows")); row++) {
			char b1[64], b2[64];
			const char *task = word_at(t, row, tcol, b1, sizeof(b1));
			const char *group = gcol >= 0 ?
				word_at(t, row, gcol, b2, sizeof(b2)) : task;
			struct share_name *grown;
			size_t k;

			if (!task || !group)
				continue;
			for (k = 0; k < sh->ntasks; k++)
				if (!strcmp(sh->tasks[k].task, task))
					break;
			if (k == sh->ntasks) {
				grown = realloc(sh->tasks, (k + 1) * sizeof(*grown));
				if (!grown)
					return -ENOMEM;
				sh->tasks = grown;
				grown[k].task = strdup(task);
				grown[k].group = strdup(group);
				sh->ntasks++;
				if (!grown[k].task || !grown[k].group)
					return -ENOMEM;
			}
			if (add_name(&sh->groups, &sh->ngroups, group))
				return -ENOMEM;
		}
	}
	return 0;
}

/* Share of a task (group == NULL) or the sum over a group's tasks in a run. */
static double run_share(const struct sweep_run *run, const char *task,
			const char *group)
{
	long tcol, gcol, scol;
	json_t *t = share_table(run, &tcol, &gcol);
	double sum = 0;
	size_t row;
	bool found = false;

	if (!t || !run_used(run))
		return NAN;
	scol = column_of(t, "cpu_share");
	for (row = 0; row < json_array_size(json_object_get(t, "rows")); row++) {
		char b1[64], b2[64];
		const char *name = word_at(t, row, tcol, b1, sizeof(b1));
		const char *g = gcol >= 0 ? word_at(t, row, gcol, b2, sizeof(b2)) :
					    name;
		double v = sweep_run_value(run, "cpu_share", row);

		if (!name || !g || isnan(v) || scol < 0)
			continue;
		if (group ? strcmp(g, group) : strcmp(name, task))
			continue;
		sum += v;
		found = true;
	}
	return found ? sum : NAN;
}

static void share_stats(struct report *r, size_t s, const char *task,
			const char *group, struct summary_stats *st)
{
	const struct sweep_setting *set = &r->res->settings[s];
	double *v = calloc(set->nruns + 1, sizeof(*v));
	size_t i;

	if (!v) {
		r->error = -ENOMEM;
		summary_stats_compute(NULL, 0, st);
		return;
	}
	for (i = 0; i < set->nruns; i++)
		v[i] = run_share(set->runs[i], task, group);
	summary_stats_compute(v, set->nruns, st);
	free(v);
}

static void section_share(struct report *r)
{
	const struct sweep_results *res = r->res;
	struct summary_stats st, base;
	struct shares sh;
	struct table t;
	size_t i, s;
	char buf[64];

	if (shares_collect(res, &sh)) {
		r->error = -ENOMEM;
		goto out;
	}
	if (!sh.ntasks)
		goto out;
	title(r, "CPU share per task");
	fprintf(r->out, "CPU time / elapsed time (1.0: one CPU), mean over "
		"repetitions.\n\n");
	table_init(&t, res->nsettings + 2);
	table_set(&t, 0, 0, "task");
	table_set(&t, 0, 1, "group");
	for (s = 0; s < res->nsettings; s++)
		table_set(&t, 0, s + 2, "%s", res->settings[s].name);
	for (i = 0; i < sh.ntasks; i++) {
		size_t row = table_row(&t);

		table_set(&t, row, 0, "%s", sh.tasks[i].task);
		table_set(&t, row, 1, "%s", sh.tasks[i].group);
		for (s = 0; s < res->nsettings; s++) {
			share_stats(r, s, sh.tasks[i].task, NULL, &st);
			fmt_value(buf, sizeof(buf), st.mean, 4);
			table_set(&t, row, s + 2, "%s", buf);
		}
	}
	print_table(r, &t);

	fprintf(r->out, "Per group: the tasks' shares summed, and the ratio "
		"to %s's.\n\n", res->settings[r->base].name);
	table_init(&t, 2 * res->nsettings + 1);
	table_set(&t, 0, 0, "group");
	for (s = 0; s < res->nsettings; s++) {
		table_set(&t, 0, 2 * s + 1, "%s", res->settings[s].name);
		table_set(&t, 0, 2 * s + 2, "v %s", res->settings[r->base].name);
	}
	for (i = 0; i < sh.ngroups; i++) {
		size_t row = table_row(&t);

		table_set(&t, row, 0, "%s", sh.groups[i]);
		share_stats(r, r->base, NULL, sh.groups[i], &base);
		for (s = 0; s < res->nsettings; s++) {
			share_stats(r, s, NULL, sh.groups[i], &st);
			fmt_value(buf, sizeof(buf), st.mean, 4);
			table_set(&t, row, 2 * s + 1, "%s", buf);
			if (st.n && base.n && base.mean > 0)
				table_set(&t, row, 2 * s + 2, "%.3f",
					  st.mean / base.mean);
			else
				table_set(&t, row, 2 * s + 2, "-");
		}
	}
	print_table(r, &t);
out:
	shares_free(&sh);
}

/* ---- e. Wakeup latency ---- */

static void fail(struct report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fail(struct report *r, const char *fmt, ...)
{
	va_list ap;

	if (r->error)
		return;
	r->error = -EINVAL;
	va_start(ap, fmt);
	vsnprintf(r->msg, sizeof(r->msg), fmt, ap);
	va_end(ap);
}

/* An integer >= 0 of a JSON value, else false. */
static bool json_u64(json_t *v, uint64_t *out)
{
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return false;
	*out = json_integer_value(v);
	return true;
}

/*
 * Add a run's module histogram (unsigned, show --json buckets: inclusive
 * bounds of log2 buckets) to h. Its unit must be *unit, or set it.
 */
static int hist_add(struct report *r, const struct sweep_run *run,
		    json_t *hist, struct log2_hist *h, const char **unit)
{
	json_t *b, *u = json_object_get(hist, "unit");
	const char *file = json_string_value(json_object_get(hist, "file"));
	const char *hunit = json_is_string(u) ? json_string_value(u) :
			    module_unit(run);
	size_t i;

	if (json_is_true(json_object_get(hist, "signed")) || !hunit) {
		fail(r, "%s: module histogram %s: not an unsigned histogram "
		     "with a unit", run->path, file);
		return -EINVAL;
	}
	if (*unit && strcmp(*unit, hunit)) {
		fail(r, "%s: module histogram %s is in %s, other runs in %s",
		     run->path, file, hunit, *unit);
		return -EINVAL;
	}
	*unit = hunit;
	json_array_foreach(json_object_get(hist, "buckets"), i, b) {
		uint64_t lo = 1, hi = 0, count = 0;
		unsigned int k;
		bool ok;

		ok = json_u64(json_object_get(b, "lo"), &lo) &&
		     json_u64(json_object_get(b, "hi"), &hi) &&
		     json_u64(json_object_get(b, "count"), &count);
		k = log2_hist_bucket(lo);
		if (!ok || log2_hist_bucket_min(k) != lo ||
		    log2_hist_bucket_max(k) != hi) {
			fail(r, "%s: module histogram %s: bucket %zu is not a "
			     "log2 bucket {lo, hi, count}", run->path, file, i);
			return -EINVAL;
		}
		h->buckets[k] += count;
	}
	return 0;
}

/*
 * bpftrace's layout; in markdown a code block, with the blank line that
 * ends the histogram after the fence.
 */
static void print_hist(struct report *r, const struct log2_hist *h)
{
	char *text = NULL;
	size_t len;
	FILE *mem;

	if (!r->md) {
		log2_hist_print(h, r->out);
		return;
	}
	mem = open_memstream(&text, &len);
	if (!mem || log2_hist_print(h, mem) || fclose(mem)) {
		r->error = -ENOMEM;
		free(text);
		return;
	}
	fprintf(r->out, "```\n%.*s```\n\n", (int)(len ? len - 1 : 0), text);
	free(text);
}

/* Print a histogram of unit in us (ns buckets spread as `show --unit us`). */
static void print_hist_us(struct report *r, const struct log2_hist *h,
			  const char *unit)
{
	struct log2_hist *us = malloc(sizeof(*us));

	if (!us) {
		r->error = -ENOMEM;
		return;
	}
	if (!strcmp(unit, "ns")) {
		log2_hist_rescale(h, 1000, us);
		hist_unit_rename(h->name, HIST_UNIT_US, us->name, sizeof(us->name));
	} else {
		*us = *h;
	}
	print_hist(r, us);
	free(us);
}

static void module_hists(struct report *r)
{
	const struct sweep_results *res = r->res;
	struct log2_hist *h = malloc(sizeof(*h));
	bool titled = false;
	size_t s, i;

	if (!h) {
		r->error = -ENOMEM;
		return;
	}
	for (s = 0; s < res->nsettings && !r->error; s++) {
		const struct sweep_setting *set = &res->settings[s];
		const char *unit = NULL, *name = NULL;
		size_t runs = 0;

		log2_hist_init(h, "");
		for (i = 0; i < set->nruns; i++) {
			json_t *hist = sweep_run_hist(set->runs[i], "wakeup_lat");

			if (!hist || !run_used(set->runs[i]))
				continue;
			if (hist_add(r, set->runs[i], hist, h, &unit))
				goto out;
			name = json_string_value(json_object_get(hist, "name"));
			runs++;
		}
		if (!runs)
			continue;
		if (!titled) {
			title(r, "Wakeup latency (module)");
			fprintf(r->out, "Wakeup to running, every measured task, "
				"summed over repetitions; in us.\n\n");
			titled = true;
		}
		snprintf(h->name, sizeof(h->name), "%s",
			 name ? name : "wakeup_lat_ns");
		fprintf(r->out, "%s (%zu run%s):\n\n", set->name, runs,
			runs > 1 ? "s" : "");
		print_hist_us(r, h, unit);
	}
out:
	free(h);
}

/* The workload's lo_us hi_us count rows as a log2 histogram; false if not. */
static bool workload_hist_add(const struct sweep_run *run, struct log2_hist *h)
{
	json_t *t = sweep_run_table(run, "lo_us");
	size_t row, n = sweep_run_rows(run, "lo_us");

	if (!t || column_of(t, "hi_us") < 0 || column_of(t, "count") < 0)
		return false;
	for (row = 0; row < n; row++) {
		double lo = sweep_run_value(run, "lo_us", row);
		double hi = sweep_run_value(run, "hi_us", row);
		double count = sweep_run_value(run, "count", row);
		unsigned int k;

		/* [lo, hi) of whole us: [0, 1) is bucket 0, [1, 2) bucket 1. */
		if (!(lo >= 0 && lo < 1e18) || lo != floor(lo) ||
		    !(count >= 0 && count < 1e18) || count != floor(count))
			return false;
		k = log2_hist_bucket(lo);
		if (log2_hist_bucket_min(k) != lo ||
		    (double)log2_hist_bucket_max(k) + 1 != hi)
			return false;
		h->buckets[k] += count;
	}
	return true;
}

static void workload_hists(struct report *r)
{
	const struct sweep_results *res = r->res;
	struct log2_hist *h = malloc(sizeof(*h));
	bool titled = false;
	size_t s, i;

	if (!h) {
		r->error = -ENOMEM;
		return;
	}
	for (s = 0; s < res->nsettings; s++) {
		const struct sweep_setting *set = &res->settings[s];
		size_t runs = 0;
		bool ok = true;

		log2_hist_init(h, "lat_us");
		for (i = 0; i < set->nruns; i++) {
			if (!run_used(set->runs[i]) ||
			    !sweep_run_table(set->runs[i], "lo_us"))
				continue;
			ok &= workload_hist_add(set->runs[i], h);
			runs++;
		}
		if (!runs)
			continue;
		if (!titled) {
			title(r, "Latency histogram (workload)");
			fprintf(r->out, "The workload's own histogram, summed "
				"over repetitions; in us.\n\n");
			titled = true;
		}
		fprintf(r->out, "%s (%zu run%s):\n\n", set->name, runs,
			runs > 1 ? "s" : "");
		if (!ok) {
			fprintf(r->out, "(not log2 buckets: see the run files)\n\n");
			continue;
		}
		print_hist(r, h);
	}
	free(h);
}

/* N, min, max, mean, stddev of a setting, in us. */
struct lat_summary {
	double n, min, max, mean, stddev;
};

/*
 * From the workload's lat_* table: N summed, the smallest min, the largest
 * max, mean and stddev averaged over the repetitions. False when none.
 */
static bool workload_lat(struct report *r, size_t s, struct lat_summary *l)
{
	const struct sweep_setting *set = &r->res->settings[s];
	struct summary_stats st;
	size_t i;
	bool any = false;

	l->n = 0;
	l->min = INFINITY;
	l->max = -INFINITY;
	for (i = 0; i < set->nruns; i++) {
		const struct sweep_run *run = set->runs[i];
		double n = sweep_run_value(run, "lat_count", 0);

		if (!run_used(run) || isnan(n))
			continue;
		any = true;
		l->n += n;
		l->min = fmin(l->min, sweep_run_value(run, "lat_min_us", 0));
		l->max = fmax(l->max, sweep_run_value(run, "lat_max_us", 0));
	}
	setting_stats(r, s, m_lat_mean, &st);
	l->mean = st.mean;
	setting_stats(r, s, m_lat_stddev, &st);
	l->stddev = st.mean;
	return any;
}

/* A number of a summary member, or of an element of an array member. */
static double summary_num(json_t *summary, const char *key, int index)
{
	json_t *v = json_object_get(summary, key);

	if (index >= 0)
		v = json_array_get(v, index);
	return json_is_number(v) ? json_number_value(v) : NAN;
}

/*
 * From the module's wakeup_lat summaries (show --json): N summed, the
 * lowest bound of the minimum's bucket, the highest of the maximum's, mean
 * (exact from the counters) and stddev (of the bucket middles) averaged.
 */
static bool module_lat(struct report *r, size_t s, struct lat_summary *l)
{
	const struct sweep_setting *set = &r->res->settings[s];
	double *mean = calloc(set->nruns + 1, sizeof(*mean));
	double *sd = calloc(set->nruns + 1, sizeof(*sd));
	struct summary_stats st;
	size_t i, n = 0;

	l->n = 0;
	l->min = INFINITY;
	l->max = -INFINITY;
	if (!mean || !sd) {
		r->error = -ENOMEM;
		goto out;
	}
	for (i = 0; i < set->nruns; i++) {
		const struct sweep_run *run = set->runs[i];
		json_t *h = sweep_run_hist(run, "wakeup_lat");
		json_t *sum = json_object_get(h, "summary");
		json_t *u = json_object_get(h, "unit");
		double f = to_us(json_is_string(u) ? json_string_value(u) :
				 module_unit(run));
		double count = summary_num(sum, "count", -1);

		if (!h || !run_used(run) || isnan(f) || !(count > 0))
			continue;
		l->n += count;
		l->min = fmin(l->min, f * summary_num(sum, "min", 0));
		l->max = fmax(l->max, f * summary_num(sum, "max", 1));
		mean[n] = f * summary_num(sum, "mean", -1);
		sd[n++] = f * summary_num(sum, "stddev", -1);
	}
	summary_stats_compute(mean, n, &st);
	l->mean = st.mean;
	summary_stats_compute(sd, n, &st);
	l->stddev = st.mean;
out:
	free(mean);
	free(sd);
	return l->n > 0;
}

static void latency_table(struct report *r)
{
	const struct sweep_results *res = r->res;
	bool from_workload = false, any = false;
	struct lat_summary l;
	struct table t;
	size_t s;

	for (s = 0; s < res->nsettings; s++)
		from_workload |= workload_lat(r, s, &l);
	for (s = 0; !from_workload && s < res->nsettings; s++)
		any |= module_lat(r, s, &l);
	if (!from_workload && !any)
		return;
	title(r, "Latency summary");
	if (from_workload)
		fprintf(r->out, "From the workload's own summary, in us: N summed, "
			"min of the minima, max of\nthe maxima, mean and stddev "
			"averaged over repetitions.\n\n");
	else
		fprintf(r->out, "Wakeup latency from the module, in us: N summed; "
			"min and max are bucket\nbounds (the lowest minimum's, "
			"the highest maximum's); mean (exact) and stddev\n(of "
			"the bucket middles) averaged over repetitions.\n\n");
	table_init(&t, 6);
	table_set(&t, 0, 0, "setting");
	table_set(&t, 0, 1, "N");
	table_set(&t, 0, 2, "min");
	table_set(&t, 0, 3, "max");
	table_set(&t, 0, 4, "mean");
	table_set(&t, 0, 5, "stddev");
	for (s = 0; s < res->nsettings; s++) {
		size_t row = table_row(&t);
		char buf[64];
		bool have = from_workload ? workload_lat(r, s, &l) :
					    module_lat(r, s, &l);

		table_set(&t, row, 0, "%s", res->settings[s].name);
		if (!have) {
			table_set(&t, row, 1, "-");
			continue;
		}
		table_set(&t, row, 1, "%.0f", l.n);
		fmt_value(buf, sizeof(buf), l.min, 2);
		table_set(&t, row, 2, "%s", buf);
		fmt_value(buf, sizeof(buf), l.max, 2);
		table_set(&t, row, 3, "%s", buf);
		fmt_value(buf, sizeof(buf), l.mean, 2);
		table_set(&t, row, 4, "%s", buf);
		fmt_value(buf, sizeof(buf), l.stddev, 2);
		table_set(&t, row, 5, "%s", buf);
	}
	print_table(r, &t);
}

/* The whole report to out; 0, or -errno with r->msg for -EINVAL. */
static int write_report(struct report *r, FILE *out, bool md)
{
	r->out = out;
	r->md = md;
	r->error = 0;
	header(r);
	section_means(r);
	section_comparison(r);
	section_ratios(r);
	section_share(r);
	module_hists(r);
	latency_table(r);
	workload_hists(r);
	if (!r->error && ferror(out))
		r->error = -EIO;
	return r->error;
}

static int report_error(const struct report *r, int ret, const char *what)
{
	if (ret == -EINVAL)
		cli_error(cmd, "%s", r->msg);
	else
		cli_error(cmd, "%s: %s", what, strerror(-ret));
	return 1;
}

/* Both formats into DIR/report.txt and DIR/report.md. */
static int write_files(struct report *r)
{
	static const char *const names[] = { "report.txt", "report.md" };
	char path[sizeof(r->res->dir) + 16];
	size_t i, len;
	char *text;
	FILE *mem, *f;
	int ret;

	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/%s", r->res->dir, names[i]);
		text = NULL;
		mem = open_memstream(&text, &len);
		if (!mem)
			return report_error(r, -errno, path);
		ret = write_report(r, mem, i == 1);
		if (fclose(mem) && !ret)
			ret = -EIO;
		if (ret) {
			free(text);
			return report_error(r, ret, path);
		}
		f = fopen(path, "w");
		if (!f) {
			cli_error(cmd, "%s: %s", path, strerror(errno));
			free(text);
			return 1;
		}
		if (fwrite(text, 1, len, f) != len || fclose(f)) {
			cli_error(cmd, "%s: write failed", path);
			free(text);
			return 1;
		}
		free(text);
	}
	return 0;
}

static int parse_args(int argc, char **argv, struct report_params *p)
{
	static const struct option options[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "baseline", required_argument, NULL, 'b' },
		{ "output", no_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	memset(p, 0, sizeof(*p));
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":f:b:oh", options, NULL)) != -1) {
		switch (opt) {
		case 'f':
			if (!strcmp(optarg, "text"))
				p->markdown = false;
			else if (!strcmp(optarg, "markdown") || !strcmp(optarg, "md"))
				p->markdown = true;
			else
				return cli_usage_error(cmd, "unknown format '%s' "
						       "(text or markdown)", optarg);
			p->format = optarg;
			break;
		case 'b':
			p->baseline = optarg;
			break;
		case 'o':
			p->output = true;
			break;
		case 'h':
			usage(stdout);
			return -1;
		default:
			return cli_bad_option(cmd, opt, argv);
		}
	}
	if (p->output && p->format)
		return cli_usage_error(cmd, "--output writes both formats: no "
				       "--format with it");
	if (optind >= argc)
		return cli_usage_error(cmd, "no result directory given");
	p->dir = argv[optind++];
	if (optind < argc)
		return cli_unexpected_argument(cmd, argv[optind]);
	return 0;
}

/* Index of the baseline, or EXIT_USAGE after naming the settings there are. */
static int find_baseline(const struct sweep_results *res, const char *name,
			 size_t *base)
{
	char list[2048] = "";
	size_t s, used = 0;

	*base = 0;
	if (!name)
		return 0;
	for (s = 0; s < res->nsettings; s++) {
		if (!strcmp(res->settings[s].name, name)) {
			*base = s;
			return 0;
		}
		if (used < sizeof(list))
			used += snprintf(list + used, sizeof(list) - used, "%s%s",
					 s ? ", " : "", res->settings[s].name);
	}
	return cli_usage_error(cmd, "no setting '%s' in %s (settings: %s)", name,
			       res->dir, list);
}

int cmd_report(int argc, char **argv)
{
	struct report_params p;
	struct sweep_results res;
	struct report r;
	char err[4096 + 1024];
	int ret;

	ret = parse_args(argc, argv, &p);
	if (ret)
		return ret < 0 ? 0 : ret;
	ret = sweep_results_load(&res, p.dir, err, sizeof(err));
	if (ret) {
		cli_error(cmd, "%s", err);
		return 1;
	}
	memset(&r, 0, sizeof(r));
	r.res = &res;
	ret = find_baseline(&res, p.baseline, &r.base);
	if (ret)
		goto out;
	if (p.output) {
		ret = write_files(&r);
		goto out;
	}
	ret = write_report(&r, stdout, p.markdown);
	if (!ret && fflush(stdout))
		ret = -EIO;
	if (ret)
		ret = report_error(&r, ret, "standard output");
out:
	sweep_results_free(&res);
	return ret;
}
