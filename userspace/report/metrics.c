// SPDX-License-Identifier: GPL-2.0
/*
 * How many of a setting's runs `schedscope report` counts, and the summary
 * over them of a number taken from each (report/report.h).
 */
#include <errno.h>
#include <stdlib.h>

#include "report/report.h"

size_t setting_runs_used(const struct sweep_setting *set)
{
	size_t i, n = 0;

	for (i = 0; i < set->nruns; i++)
		n += sweep_run_used(set->runs[i]);
	return n;
}

void setting_summary(struct report *r, size_t s,
		     double (*value)(const struct sweep_run *run, const void *arg),
		     const void *arg, struct summary_stats *st)
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
		if (sweep_run_used(set->runs[i]))
			v[n++] = value(set->runs[i], arg);
	summary_stats_compute(v, n, st);
	free(v);
}

/* setting_summary()'s value of a run_metric, which arg points to. */
static double metric_value(const struct sweep_run *run, const void *arg)
{
	const run_metric *get = arg;

	return (*get)(run);
}

void setting_stats(struct report *r, size_t s, run_metric get,
		   struct summary_stats *st)
{
	setting_summary(r, s, metric_value, &get, st);
}

bool have_summary(struct report *r,
		  double (*value)(const struct sweep_run *run, const void *arg),
		  const void *arg)
{
	struct summary_stats st;
	size_t s;

	for (s = 0; s < r->res->nsettings; s++) {
		setting_summary(r, s, value, arg, &st);
		if (st.n)
			return true;
	}
	return false;
}

bool have_metric(struct report *r, run_metric get)
{
	return have_summary(r, metric_value, &get);
}
