// SPDX-License-Identifier: GPL-2.0
/*
 * The groups of a group sweep in `schedscope report` (docs/sweep.md,
 * "Groups"): each group's CPU time and share of the machine from its
 * cgroup, per setting, and the groups' own results.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"

/* A number of a group in a run: the run file's key, or a result column. */
struct group_value {
	const char *group;
	const char *key;		/* of the group's object, or NULL */
	const char *column;		/* of its tables, when key is NULL */
	bool sum;			/* the column summed over its rows */
};

/* The group's table with column (borrowed), or NULL. */
static json_t *group_table(const struct sweep_run *run, const char *group,
			   const char *column)
{
	json_t *w = json_object_get(sweep_run_group(run, group), "workload");
	json_t *t;
	size_t i;

	json_array_foreach(json_object_get(w, "tables"), i, t)
		if (sweep_table_column(t, column) >= 0)
			return t;
	return NULL;
}

double report_group_result(const struct sweep_run *run, const char *group,
			   const char *column, bool sum)
{
	json_t *t = group_table(run, group, column), *row, *v;
	long c = t ? sweep_table_column(t, column) : -1;
	double total = 0;
	size_t i, n = 0;

	if (c < 0)
		return NAN;
	json_array_foreach(json_object_get(t, "rows"), i, row) {
		v = json_array_get(row, c);
		if (!json_is_number(v))
			return NAN;
		total += json_number_value(v);
		n++;
		if (!sum)
			break;
	}
	return n ? total : NAN;
}

static double value_of(const struct sweep_run *run, const void *arg)
{
	const struct group_value *gv = arg;

	if (gv->key)
		return sweep_run_group_number(run, gv->group, gv->key);
	return report_group_result(run, gv->group, gv->column, gv->sum);
}

static double window_of(const struct sweep_run *run, const void *arg)
{
	(void)arg;
	return run->elapsed_s;
}

static void group_stats(struct report *r, size_t s, const char *group,
			const char *key, struct summary_stats *st)
{
	struct group_value gv = { .group = group, .key = key };

	setting_summary(r, s, value_of, &gv, st);
}

/* One setting's table: a row per group, like "team massive_intr 1120.50s .466 1.000". */
static void setting_table(struct report *r, size_t s)
{
	const struct sweep_results *res = r->res;
	struct summary_stats usage, share, of_groups, base, win;
	struct report_table t;
	size_t g, row;

	setting_summary(r, s, window_of, NULL, &win);
	fprintf(r->out, "%s%s%s: %zu run%s, window %.3f s\n\n",
		r->md ? "**" : "", res->settings[s].name, r->md ? "**" : "",
		win.n, win.n == 1 ? "" : "s", win.n ? win.mean : 0.0);
	report_table_init(&t, 5);
	report_table_set(&t, 0, 0, "group");
	report_table_set(&t, 0, 1, "cpu_s");
	report_table_set(&t, 0, 2, "share");
	report_table_set(&t, 0, 3, "of_groups");
	report_table_set(&t, 0, 4, "v %s", res->settings[r->base].name);
	for (g = 0; g < res->ngroups; g++) {
		const char *name = sweep_group_name(res, g);

		group_stats(r, s, name, "usage_usec", &usage);
		group_stats(r, s, name, "share_of_cpus", &share);
		group_stats(r, s, name, "share_of_groups", &of_groups);
		group_stats(r, r->base, name, "share_of_cpus", &base);
		row = report_table_row(&t);
		report_table_set(&t, row, 0, "%s", name);
		report_table_set_number(&t, row, 1, usage.mean / 1e6, 3);
		report_table_set_number(&t, row, 2, share.mean, 3);
		report_table_set_number(&t, row, 3, of_groups.mean, 3);
		report_set_ratio(&t, row, 4, &share, &base);
	}
	report_print_table(r, &t);
}

#define MAX_RESULTS	64

/*
 * The results table t of group name has: its cpu_seconds summed (a row per
 * thread), else the numbers of its one row; each added to out once.
 */
static size_t table_results(json_t *t, const char *name,
			    struct group_value *out, size_t n)
{
	json_t *rows = json_object_get(t, "rows"), *col;
	bool sum = sweep_table_column(t, "cpu_seconds") >= 0;
	const char *c;
	size_t i, j;

	if (!sum && json_array_size(rows) != 1)
		return n;
	json_array_foreach(json_object_get(t, "columns"), i, col) {
		c = json_string_value(col);
		if (sum ? strcmp(c, "cpu_seconds") :
		    !json_is_number(json_array_get(json_array_get(rows, 0), i)))
			continue;
		for (j = 0; j < n; j++)
			if (!strcmp(out[j].group, name) && !strcmp(out[j].column, c))
				break;
		if (j == n && n < MAX_RESULTS)
			out[n++] = (struct group_value){ .group = name, .column = c,
							 .sum = sum };
	}
	return n;
}

/*
 * The groups' own results: the sum of a cpu_seconds column (a row per
 * thread: spinners), the numbers of the other one-row tables (tbench's
 * mb_per_sec, a workload's seconds), as they occur in the runs.
 */
static size_t collect_results(const struct sweep_results *res,
			      struct group_value *out)
{
	size_t n = 0, i, g, k;
	const char *name;
	json_t *t, *w;

	for (i = 0; i < res->nruns; i++) {
		if (!sweep_run_used(&res->runs[i]))
			continue;
		for (g = 0; g < res->ngroups; g++) {
			name = sweep_group_name(res, g);
			w = json_object_get(sweep_run_group(&res->runs[i], name),
					    "workload");
			json_array_foreach(json_object_get(w, "tables"), k, t)
				n = table_results(t, name, out, n);
		}
	}
	return n;
}

static void results_table(struct report *r)
{
	const struct sweep_results *res = r->res;
	struct group_value gv[MAX_RESULTS];
	struct summary_stats st[64];
	struct report_table t;
	size_t n, i, s, row;
	char buf[128];

	n = collect_results(res, gv);
	if (!n || res->nsettings > 64)
		return;
	fprintf(r->out, "The groups' own results, mean over repetitions "
		"(%% change against %s;\n* p < 0.05). + is better and - is "
		"worse where a time (seconds, *_us, *_ms)\nis better lower or "
		"a rate (*_per_sec) higher; in the other rows + is larger.\n\n",
		res->settings[r->base].name);
	report_table_init(&t, res->nsettings + 2);
	report_table_set(&t, 0, 0, "group");
	report_table_set(&t, 0, 1, "result");
	for (s = 0; s < res->nsettings; s++)
		report_table_set(&t, 0, s + 2, "%s", res->settings[s].name);
	for (i = 0; i < n; i++) {
		row = report_table_row(&t);
		report_table_set(&t, row, 0, "%s", gv[i].group);
		report_table_set(&t, row, 1, "%s%s", gv[i].column,
				 gv[i].sum ? " (sum)" : "");
		for (s = 0; s < res->nsettings; s++)
			setting_summary(r, s, value_of, &gv[i], &st[s]);
		for (s = 0; s < res->nsettings; s++) {
			report_comparison_cell(buf, sizeof(buf), &st[s],
					       &st[r->base], s == r->base, 3,
					       report_column_better(gv[i].column));
			report_table_set(&t, row, s + 2, "%s", buf);
		}
	}
	report_print_table(r, &t);
}

/* Has group g a note in the run? */
static bool run_has_note(const struct sweep_run *run, const char *group,
			 const char *note)
{
	json_t *w = json_object_get(sweep_run_group(run, group), "workload");
	json_t *n;
	size_t i;

	json_array_foreach(json_object_get(w, "notes"), i, n)
		if (json_is_string(n) && !strcmp(json_string_value(n), note))
			return true;
	return false;
}

/*
 * Each group's distinct notes (what its output lacked), with their runs.
 * Returns how many it printed.
 */
static size_t group_notes(struct report *r)
{
	const struct sweep_results *res = r->res;
	size_t g, i, j, k, runs, printed = 0;
	const char *name, *note;
	json_t *n;

	for (g = 0; g < res->ngroups; g++) {
		name = sweep_group_name(res, g);
		for (i = 0; i < res->nruns; i++) {
			json_t *w = json_object_get(sweep_run_group(&res->runs[i],
								    name),
						    "workload");

			json_array_foreach(json_object_get(w, "notes"), j, n) {
				note = json_string_value(n);
				for (k = 0; note && k < i; k++)
					if (run_has_note(&res->runs[k], name, note))
						break;
				if (!note || k < i)
					continue;
				for (runs = 0, k = i; k < res->nruns; k++)
					runs += run_has_note(&res->runs[k], name,
							     note);
				fprintf(r->out, "%snote: group %s: %s (%zu of %zu "
					"runs)\n", r->md ? "- " : "", name, note,
					runs, res->nruns);
				printed++;
			}
		}
	}
	return printed;
}

void section_group_share(struct report *r)
{
	const struct sweep_results *res = r->res;
	size_t s;

	if (!res->ngroups)
		return;
	report_title(r, "CPU share per group (cgroup cpu.stat)");
	fprintf(r->out, "Each group's CPU time in the run's window (its start "
		"to the first group's\nexit) from its cgroup's cpu.stat "
		"usage_usec; share: of the machine\n(usage / (window x CPUs)); "
		"of_groups: of the groups' total; the ratio\nof share to "
		"%s's. Means over repetitions.\n\n",
		res->settings[r->base].name);
	for (s = 0; s < res->nsettings; s++)
		setting_table(r, s);
	results_table(r);
	if (group_notes(r))
		fputc('\n', r->out);
}
