// SPDX-License-Identifier: GPL-2.0
/*
 * Section d of `schedscope report`: CPU share per task and per group, from
 * the workloads' cpu_share tables (a task column, a group column where the
 * workload has groups).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

struct share_name {
	char *task, *group;
};

struct shares {
	size_t ntasks, ngroups;
	struct share_name *tasks;	/* in order of first appearance */
	char **groups;
};

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
	*task = sweep_table_column(t, "task");
	*group = sweep_table_column(t, "group");
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

		for (row = 0; t && sweep_run_used(run) &&
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

	if (!t || !sweep_run_used(run))
		return NAN;
	scol = sweep_table_column(t, "cpu_share");
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

/* Whose share: a task's, or (task NULL) the sum of a group's. */
struct share_of {
	const char *task, *group;
};

static double share_value(const struct sweep_run *run, const void *arg)
{
	const struct share_of *of = arg;

	return run_share(run, of->task, of->group);
}

static void share_stats(struct report *r, size_t s, const char *task,
			const char *group, struct summary_stats *st)
{
	struct share_of of = { .task = task, .group = group };

	setting_summary(r, s, share_value, &of, st);
}

void section_share(struct report *r)
{
	const struct sweep_results *res = r->res;
	struct summary_stats st, base;
	struct shares sh;
	struct report_table t;
	size_t i, s;

	if (shares_collect(res, &sh)) {
		r->error = -ENOMEM;
		goto out;
	}
	if (!sh.ntasks)
		goto out;
	report_title(r, "CPU share per task");
	fprintf(r->out, "CPU time / elapsed time (1.0: one CPU), mean over "
		"repetitions.\n\n");
	report_table_init(&t, res->nsettings + 2);
	report_table_set(&t, 0, 0, "task");
	report_table_set(&t, 0, 1, "group");
	for (s = 0; s < res->nsettings; s++)
		report_table_set(&t, 0, s + 2, "%s", res->settings[s].name);
	for (i = 0; i < sh.ntasks; i++) {
		size_t row = report_table_row(&t);

		report_table_set(&t, row, 0, "%s", sh.tasks[i].task);
		report_table_set(&t, row, 1, "%s", sh.tasks[i].group);
		for (s = 0; s < res->nsettings; s++) {
			share_stats(r, s, sh.tasks[i].task, NULL, &st);
			report_table_set_number(&t, row, s + 2, st.mean, 4);
		}
	}
	report_print_table(r, &t);

	fprintf(r->out, "Per group: the tasks' shares summed, and the ratio "
		"to %s's.\n\n", res->settings[r->base].name);
	report_table_init(&t, 2 * res->nsettings + 1);
	report_table_set(&t, 0, 0, "group");
	for (s = 0; s < res->nsettings; s++) {
		report_table_set(&t, 0, 2 * s + 1, "%s", res->settings[s].name);
		report_table_set(&t, 0, 2 * s + 2, "v %s",
				 res->settings[r->base].name);
	}
	for (i = 0; i < sh.ngroups; i++) {
		size_t row = report_table_row(&t);

		report_table_set(&t, row, 0, "%s", sh.groups[i]);
		share_stats(r, r->base, NULL, sh.groups[i], &base);
		for (s = 0; s < res->nsettings; s++) {
			share_stats(r, s, NULL, sh.groups[i], &st);
			report_table_set_number(&t, row, 2 * s + 1, st.mean, 4);
			report_set_ratio(&t, row, 2 * s + 2, &st, &base);
		}
	}
	report_print_table(r, &t);
out:
	shares_free(&sh);
}
